"""Battleship hosted by the server's rooms: :class:`BattleshipHost` (see
:mod:`seabattle.games.hosting`).

Its client messages (``place``, ``fire``, ``fire_salvo``, ``decide``: cells as numbers,
fleets as cell lists in rules order) become the definition's actions
(:class:`~seabattle.battleship.definition.PlaceFleet`, :class:`~seabattle.battleship.moves.Fire`,
:class:`~seabattle.battleship.moves.Decide`, :class:`~seabattle.battleship.moves.MoveShip`);
what the browser is told is :mod:`seabattle.battleship.online.projection`; the lobby's rule
sets are presets with variants; the computer is
:class:`~seabattle.battleship.ai.player.ComputerPlayer`; and the entries the server logged
before it hosted any game (``fleet``, ``shot``,
``salvo``, ``decide``, ``resign``, and a ``created`` entry with the computer's fleet) still load.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import cast

from seabattle.battleship.ai.decisions import decide
from seabattle.battleship.ai.levels import LEVELS
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.analysis import analyze_record
from seabattle.battleship.cell_lists import (
    cell_lists_in_rules_order,
    fleet_from_cell_lists_in_rules_order,
)
from seabattle.battleship.events import Decision
from seabattle.battleship.moves import Decide, Fire, MoveShip, decision_move
from seabattle.battleship.online import projection
from seabattle.battleship.record import (
    GameRecord,
    PlayerInfo,
    event_from_data,
    event_to_data,
)
from seabattle.battleship.rules import (
    PRESETS,
    Rules,
    find_rules,
    rules_from_dict,
    variant_values,
    with_variants,
)
from seabattle.battleship.state import (
    Action,
    BattleshipState,
    FirstDrawn,
    FleetPlaced,
    PlaceFleet,
    Resign,
    Resigned,
    StateEvent,
)
from seabattle.coords import ALPHABETS, Coordinates, bit
from seabattle.errors import DecisionError, OffFieldError, SeaBattleError
from seabattle.games import chance
from seabattle.games.hosting import (
    SETUP,
    ClientEvent,
    ComputerSeat,
    GameHost,
    Told,
    field_error,
    unknown_type,
    wrong_phase,
)
from seabattle.games.interface import JSON
from seabattle.i18n import Language, Text

BATTLE = "battle"
TOUCHING_CHOICES = ("none", "corners", "sides")
ANNOUNCE_CHOICES = ("type", "sunk", "none")
SHAPE_CHOICES = ("l", "square", "zigzag")
"""Shapes the lobby offers for the four-decker (RULES.md §3)."""
DUTCHMAN_DECKS = (5, 8)
SALVO_CHOICES: tuple[int | str, ...] = (2, 3, 4, 5, "ships")
"""The salvoes the lobby's menu offers (a request may ask for any of 1…99 or ``"ships"``)."""
SALVO_SHOTS = (1, 99)
PIECES = (0, 9)
"""How many mines, minesweepers or submarines a lobby request may add, at least and most."""
_SETUP_EVENTS = (FleetPlaced, FirstDrawn, Resigned)
_PHASE_OF = {"place": SETUP, "fire": BATTLE, "fire_salvo": BATTLE, "decide": BATTLE}


def _int(value: JSON | None, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise field_error(name, "integer")
    return value


def _cells(value: JSON | None, name: str, limit: int = 400) -> list[int]:
    if not isinstance(value, list) or not value or len(value) > limit:
        raise field_error(name, "list of cells")
    return [_int(cell, name) for cell in value]


def _ships(value: JSON | None) -> list[list[int]]:
    if not isinstance(value, list) or not value or len(value) > 64:
        raise field_error("ships", "list of cell lists")
    ships = []
    for ship in value:
        if not isinstance(ship, list) or not ship or len(ship) > 32:
            raise field_error("ships", "list of cell lists")
        ships.append([_int(cell, "ships") for cell in ship])
    return ships


def _drafts(value: JSON | None, count: int) -> list[projection.ShipDraft]:
    """``check_fleet``'s ships: one entry per kind of the fleet, each ``null``, a cell list,
    or ``{row, column, orientation}`` (a listed shape put down, its first cell there)."""
    if not isinstance(value, list) or len(value) != count:
        raise field_error("ships", f"{count} entries: null, cells or {{row, column, orientation}}")
    drafts: list[projection.ShipDraft] = []
    for entry in value:
        if entry is None:
            drafts.append(None)
        elif isinstance(entry, dict):
            row, column, orient = (_int(entry.get(key), key)
                                   for key in ("row", "column", "orientation"))
            if max(abs(row), abs(column), abs(orient)) > 1000:
                raise field_error("ships", "row, column and orientation within ±1000")
            drafts.append((row, column, orient))
        elif isinstance(entry, list) and len(entry) <= 64:
            drafts.append([_int(cell, "ships") for cell in entry])
        else:
            raise field_error("ships", "null, cells or {row, column, orientation}")
    return drafts


RANDOM = "random"
"""A ``decide`` message's ``random: true``: the server chooses."""


def _choice(data: Mapping[str, JSON]) -> int | list[int] | str | None:
    """A ``decide`` message's choice: exactly one of ``cell`` (hand over, reveal),
    ``cells`` (move the Dutchman), ``stay: true`` or ``random: true`` (:data:`RANDOM`)."""
    given = [key for key in ("cell", "cells", "stay", RANDOM) if key in data]
    if len(given) != 1:
        raise field_error("decide", "one of cell, cells, stay, random")
    if given[0] == "cell":
        return _int(data["cell"], "cell")
    if given[0] == "cells":
        return _cells(data["cells"], "cells", 64)
    if data[given[0]] is not True:
        raise field_error(given[0], "true")
    return RANDOM if given[0] == RANDOM else None


class _Computer(ComputerSeat[BattleshipState, Action]):
    """The computer of a room: its fleet from the level's placement, its shots and
    decisions from :class:`ComputerPlayer`, all drawn from the system's entropy (nothing
    a player could simulate offline: the game's id is public); each is logged as the
    room's move, so a replay needs none of the draws. In a rematch it has learnt the
    person from the games before (:class:`~seabattle.battleship.ai.opponent.OpponentModel`:
    where they place, where they look)."""

    def __init__(self, rules: Rules, level: str, game_id: str) -> None:
        self.opponent = OpponentModel(level, rules)
        self.player: ComputerPlayer | None = None

    def learn(self, state: BattleshipState, seat: int) -> None:
        if state.game is not None:
            self.opponent.learn(state.game, seat)

    def act(self, state: BattleshipState, seat: int) -> Action | None:
        if state.game is None:
            if seat not in state.actors.seats:
                return None
            return PlaceFleet(self.opponent.fleet(chance.entropy()))
        if self.player is None:
            self.player = ComputerPlayer(self.opponent.strategy_for_game(chance.entropy()),
                                         chance.entropy())
        return self.player.next_move(state.game, seat)


class BattleshipHost(GameHost[BattleshipState, Rules, Action, StateEvent]):
    """Battleship in the server's rooms."""

    intents = ("place", "fire", "fire_salvo", "decide")
    queries = ("check_fleet", "suggest_fleet")
    levels = ("hard", *(level for level in LEVELS if level != "hard"))

    # --- starting ---------------------------------------------------------------------

    def new_state(self, rules: Rules, first: int,
                  created: Mapping[str, JSON]) -> BattleshipState:
        state = BattleshipState(rules, first)
        legacy = created.get("computer_fleet")
        if isinstance(legacy, list):
            # Before rooms hosted any game, the computer's fleet was drawn with the room and
            # kept in its first entry; it is placed at once (the set-up is hidden anyway).
            ships = cast(list[list[int]], legacy)
            state.apply(1, PlaceFleet(fleet_from_cell_lists_in_rules_order(rules, ships)))
        return state

    def lobby_rules(self, request: Mapping[str, JSON]) -> Rules:
        """``preset`` with the lobby's changes (touching, shooting again, letters, variants),
        each checked for type and range here; whether they go together is the rules'
        business, whose :class:`~seabattle.errors.RulesError` says why."""
        preset = request.get("preset", "classic")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise field_error("preset", ", ".join(PRESETS))
        return lobby_rules(preset, lobby_changes(request))

    def lobby_options(self) -> dict[str, JSON]:
        """The presets, letters, levels and touching rules, and ``variants``: each variant
        of RULES.md §3 the lobby offers, in the form's order, with its ``kind`` (``choice``
        among ``choices``, a ``count`` from ``min`` to ``max``, or a ``flag``) and, for one
        that goes with some presets only, those ``presets`` and the value each has of its
        own (``own``)."""
        return {
            "presets": [{"name": name, "rules": cast(JSON, rules.to_dict())}
                        for name, rules in PRESETS.items()],
            "alphabets": list(ALPHABETS),
            "levels": list(LEVELS),
            "touching": list(TOUCHING_CHOICES),
            "variants": lobby_variants(),
        }

    # --- acting -----------------------------------------------------------------------

    def intent(self, state: BattleshipState, phase: str, seat: int, kind: str,
               data: Mapping[str, JSON]) -> Action:
        rules = state.rules
        if kind == "place":
            ships = _ships(data.get("ships"))
        elif kind == "fire":
            cells = [_int(data.get("cell"), "cell")]
        elif kind == "fire_salvo":
            cells = _cells(data.get("cells"), "cells")
        elif kind == "decide":
            choice = _choice(data)
        else:
            raise unknown_type(kind, self.intents)
        if phase != _PHASE_OF[kind]:
            raise wrong_phase(kind, phase)
        if kind == "place":
            if state.fleets[seat] is not None:
                raise SeaBattleError("game.error.already_placed")
            if len(ships) != len(rules.fleet):
                raise SeaBattleError("game.error.ship_count", expected=len(rules.fleet),
                                     got=len(ships))
            return PlaceFleet(fleet_from_cell_lists_in_rules_order(rules, ships))
        if kind != "decide":
            return Fire(tuple(cells))
        return self._decision(state, seat, choice)

    def query(self, state: BattleshipState, phase: str, seat: int, kind: str,
              data: Mapping[str, JSON], language: Language) -> ClientEvent:
        """``check_fleet``: what the engine finds wrong with each ship of a fleet being set
        up (``fleet_check``), the errors ``place`` would give; ``suggest_fleet``: a whole
        fleet placed by a named method (``placement``, one of
        :data:`~seabattle.battleship.online.projection.PLACEMENT_CHOICES`),
        drawn from the system's entropy and offered as ``random_fleet``'s is
        (``fleet_suggestion``). Nothing is stored."""
        if kind == "suggest_fleet":
            return self._suggest(state, phase, seat, data)
        if kind != "check_fleet":
            raise unknown_type(kind, self.queries)
        rules = state.rules
        drafts = _drafts(data.get("ships"), len(rules.fleet))
        if phase != SETUP:
            raise wrong_phase(kind, phase)
        cells, problems = projection.fleet_check(rules, drafts)
        return {"type": "fleet_check", "ships": cast(JSON, cells), "problems": [
            None if p is None else {"code": p[0].message_key,
                                    "message": self.error_message(rules, p[0], language),
                                    "cells": cast(JSON, p[1])} for p in problems]}

    def _suggest(self, state: BattleshipState, phase: str, seat: int,
                 data: Mapping[str, JSON]) -> ClientEvent:
        """``suggest_fleet``: the fleet ``placement`` draws for ``seat`` to take or not."""
        name = data.get("placement")
        if not isinstance(name, str) or name not in projection.PLACEMENT_CHOICES:
            raise field_error("placement", ", ".join(projection.PLACEMENT_CHOICES))
        if phase != SETUP:
            raise wrong_phase("suggest_fleet", phase)
        if state.fleets[seat] is not None:
            raise SeaBattleError("game.error.already_placed")
        if name not in projection.player_placements(state.rules):
            raise SeaBattleError("error.perelman_rules")
        fleet = PLACEMENTS[name].place(state.rules, chance.entropy())
        return self.suggestion(state.rules, PlaceFleet(fleet))

    @staticmethod
    def _decision(state: BattleshipState, seat: int,
                  choice: int | list[int] | str | None) -> Action:
        """A decision in the engine's terms, refusing one of the wrong kind (a cell where the
        Flying Dutchman's cells are due, and the other way round); :data:`RANDOM`: the
        choice made for the player as the turn timer makes it, drawn from the system's
        entropy."""
        game = state.game
        assert game is not None
        pending = game.pending
        if pending is None or pending.player != seat:
            raise DecisionError()
        if choice == RANDOM:
            return decision_move(*decide(game.view(seat), chance.entropy()))
        moving = pending.decision is Decision.MOVE_SHIP
        if moving == isinstance(choice, int):
            raise SeaBattleError("game.error.decision_kind",
                                 decision=Text(f"decision.{pending.decision.value}"))
        if isinstance(choice, int):
            return Decide(choice)
        if choice is None:
            return MoveShip(None)
        assert isinstance(choice, list)
        grid = state.rules.grid
        cells = 0
        for cell in choice:
            if not 0 <= cell < grid.size:
                raise OffFieldError(row=cell // grid.width + 1, col=cell % grid.width + 1,
                                    width=grid.width, height=grid.height)
            cells |= bit(cell)
        return MoveShip(cells)

    def resign(self) -> Action:
        return Resign()

    def computer(self, rules: Rules, level: str, game_id: str) -> _Computer:
        return _Computer(rules, level, game_id)

    def timeout_action(self, state: BattleshipState, seat: int,
                       rng: random.Random) -> Action | None:
        game = state.game
        if game is None or game.pending is None or game.pending.player != seat:
            return None
        # A decision left too long is made for its player, as the computer would.
        return decision_move(*decide(game.view(seat), rng))

    def suggestion(self, rules: Rules, action: Action) -> ClientEvent:
        assert isinstance(action, PlaceFleet)
        ships = cell_lists_in_rules_order(rules, action.fleet)
        return {"type": "fleet_suggestion", "ships": cast(JSON, ships),
                "orientations": [projection.orientation_of(rules.grid, kind, cells)
                                 for kind, cells in zip(rules.fleet, ships, strict=True)]}

    # --- telling ----------------------------------------------------------------------

    def phase(self, state: BattleshipState) -> str:
        return SETUP if state.game is None else BATTLE

    def ready(self, state: BattleshipState, seat: int) -> bool:
        return state.fleets[seat] is not None

    def events_of(self, rules: Rules, events: Sequence[StateEvent]) -> list[JSON]:
        # A fleet's entry keeps no events: which seat placed it is the entry's own.
        return [cast(JSON, event_to_data(e, rules)) for e in events
                if not isinstance(e, _SETUP_EVENTS)]

    def stored_events(self, rules: Rules, stored: Sequence[JSON]) -> list[JSON]:
        # Logs of commit 38f0c43 and before kept compact lists (``["shot", 0, 21, "hit",
        # false]``); record.event_from_data reads both forms.
        return [cast(JSON, event_to_data(event_from_data(cast(dict[str, JSON], data), rules),
                                         rules)) for data in stored]

    def project(self, state: BattleshipState, seat: int, action: Action,
                events: Sequence[StateEvent], auto: bool) -> Told:
        return projection.project(state, seat, events, auto)

    def due(self, state: BattleshipState) -> list[ClientEvent]:
        return projection.due(state)

    def snapshot(self, state: BattleshipState, audience: int | None, language: Language,
                 over: bool) -> dict[str, JSON]:
        return projection.snapshot(state, audience, language, over)

    def rules_snapshot(self, rules: Rules, language: Language) -> dict[str, JSON]:
        return projection.rules_snapshot(rules, language)

    def game_over(self, state: BattleshipState) -> dict[str, JSON]:
        return projection.game_over(state)

    def record(self, state: BattleshipState, players: tuple[str, str], level: str | None,
               game_id: str, reason: str) -> str:
        if state.game is None:
            raise SeaBattleError("game.error.record_not_ready")
        info = (PlayerInfo(players[0]), PlayerInfo(players[1], level))
        return GameRecord.of(state.game, info, game_id=game_id, reason=reason).to_json()

    def analysis(self, rules: Rules, record: str, language: Language) -> dict[str, JSON]:
        """``seabattle analyze``'s judgement of every shot (:mod:`seabattle.battleship.analysis`,
        ``docs/analyze.md``), as its ``--json`` gives it with cells as numbers, plus what a
        page needs to draw it: the field's size, its column letters in ``language``, the
        rules' title and line, and which players were the computer. Kept for the last few
        records: a finished game's analysis never changes, and it costs seconds."""
        return _analysis(record, language)

    def error_message(self, rules: Rules, error: SeaBattleError, language: Language) -> str:
        return Coordinates(rules.grid, rules.alphabet_for(language)).message(error, language)

    # --- old logs ---------------------------------------------------------------------

    def legacy_move(self, rules: Rules, state: BattleshipState,
                    entry: Mapping[str, JSON]) -> Action | None:
        kind = entry.get("type")
        if kind == "fleet":
            ships = cast(list[list[int]], entry["ships"])
            return PlaceFleet(fleet_from_cell_lists_in_rules_order(rules, ships))
        if kind == "shot":
            return Fire((cast(int, entry["cell"]),))
        if kind == "salvo":
            return Fire(tuple(cast(list[int], entry["cells"])))
        if kind == "decide":
            choice = entry["choice"]
            if isinstance(choice, int):
                return Decide(choice)
            return MoveShip(None if choice is None else sum(
                bit(cell) for cell in cast(list[int], choice)))
        if kind == "resign":
            return Resign()
        return None


ANALYSIS_GAMES = 3
"""The admiral's games against each fleet in the browser's analysis: ``seabattle analyze
--games 3`` (the command's default of 10 takes seconds more, which a page waits for)."""


@lru_cache(maxsize=16)
def _analysis(record: str, language: Language) -> dict[str, JSON]:
    game_record = GameRecord.from_json(record)
    rules = game_record.rules
    data = cast(dict[str, JSON], analyze_record(game_record,
                                                admiral_games=ANALYSIS_GAMES).to_dict())
    return {**data, "game": "battleship", "games": ANALYSIS_GAMES,
            "width": rules.width, "height": rules.height,
            "columns": cast(JSON, rules.alphabet_for(language).columns(rules.width)),
            "title": projection.rules_title(rules).render(language),
            "rules_line": projection.rules_line(rules, language),
            "computer": [info.level is not None for info in game_record.players]}


# --- the lobby's rule sets ------------------------------------------------------------------

_PIECE_NAMES = ("mines", "minesweepers", "submarines")


def _has_four_decker(rules: Rules) -> bool:
    """Whether the lobby may shape the four-deckers of ``rules`` (``shape``)."""
    return any(kind.size == 4 for kind in rules.fleet)


def lobby_variants() -> list[JSON]:
    """The variants the lobby offers, as :meth:`BattleshipHost.lobby_options` describes
    them: the choices and ranges :func:`lobby_changes` takes."""
    low, high = PIECES
    dutchman: dict[str, JSON] = {name: rules.fleet[0].size for name, rules in PRESETS.items()
                                 if rules.flying_dutchman}
    decks = range(DUTCHMAN_DECKS[0], DUTCHMAN_DECKS[1] + 1)
    counts: list[JSON] = [{"name": name, "kind": "count", "min": low, "max": high}
                          for name in _PIECE_NAMES]
    return [
        {"name": "salvo", "kind": "choice", "choices": list(SALVO_CHOICES)},
        {"name": "announce", "kind": "choice", "choices": list(ANNOUNCE_CHOICES)},
        *counts,
        {"name": "mines_touch", "kind": "flag"},
        {"name": "shape", "kind": "choice", "choices": list(SHAPE_CHOICES),
         "presets": [name for name, rules in PRESETS.items() if _has_four_decker(rules)]},
        {"name": "dutchman_decks", "kind": "choice", "choices": list(decks),
         "presets": list(dutchman), "own": dutchman},
    ]


def lobby_changes(data: Mapping[str, JSON]) -> dict[str, JSON]:
    """The lobby's changes to a preset (RULES.md §3), checked for type and range only."""
    changes: dict[str, JSON] = {}
    for name, choices in (("touching", TOUCHING_CHOICES), ("alphabet", tuple(ALPHABETS)),
                          ("announce", ANNOUNCE_CHOICES)):
        value = data.get(name)
        if value is not None:
            if value not in choices:
                raise field_error(name, ", ".join(choices))
            changes[name] = value
    for name in ("shoot_again", "mines_touch"):
        if data.get(name) is not None:
            if not isinstance(data[name], bool):
                raise field_error(name, "true or false")
            changes[name] = data[name]
    salvo = data.get("salvo")
    if salvo is not None:
        low, high = SALVO_SHOTS
        if salvo != "ships" and (not isinstance(salvo, int) or isinstance(salvo, bool)
                                 or not low <= salvo <= high):
            raise field_error("salvo", f'{low}…{high} or "ships"')
        changes["salvo"] = salvo
    for name in _PIECE_NAMES:
        count = data.get(name)
        if count is not None:
            low, high = PIECES
            if not isinstance(count, int) or isinstance(count, bool) \
                    or not low <= count <= high:
                raise field_error(name, f"{low}…{high}")
            changes[name] = count
    if data.get("shape") is not None:
        if data["shape"] not in SHAPE_CHOICES:
            raise field_error("shape", ", ".join(SHAPE_CHOICES))
        changes["four_decker_shape"] = data["shape"]
    decks = data.get("dutchman_decks")
    if decks is not None:
        low, high = DUTCHMAN_DECKS
        if not isinstance(decks, int) or isinstance(decks, bool) or not low <= decks <= high:
            raise field_error("dutchman_decks", f"{low}…{high}")
        changes["dutchman_decks"] = decks
    return changes


def lobby_rules(preset: str, changes: Mapping[str, JSON]) -> Rules:
    """The rule set the lobby asked for: ``preset`` with ``changes`` (:func:`lobby_changes`).
    A combination the rules refuse raises the engine's :class:`~seabattle.errors.RulesError`,
    whose message says why.

    The rules module names it: the changes that differ from the preset's own are made by
    :func:`~seabattle.battleship.rules.with_variants` (``classic (salvo 2)``; nothing
    changed, the preset itself), on a fleet of the preset's kinds, or, when the
    four-deckers' shape or the Flying Dutchman's size changes, on a rules-file fleet
    (which :func:`~seabattle.battleship.rules.rules_from_dict` calls ``custom``).
    """
    base = find_rules(preset)
    wanted = dict(changes)
    shape = wanted.pop("four_decker_shape", None)
    decks = wanted.pop("dutchman_decks", None)
    ships = [dict(entry) for entry in base.to_dict()["ships"]]
    if shape is not None:
        if not _has_four_decker(base):
            raise field_error("shape", "a four-decker")
        for entry in ships:
            if entry["size"] == 4:
                entry["shape"] = shape
    if decks is not None:
        if not base.flying_dutchman:
            raise field_error("dutchman_decks", "the flying-dutchman rule set")
        ships = [{**ships[0], "size": decks}]
    if ships != base.to_dict()["ships"]:
        base = rules_from_dict({"base": base.name, "ships": ships})
    own: dict[str, object] = {**variant_values(base), "touching": base.touching.value,
                              "alphabet": base.alphabet}
    different = {key: value for key, value in wanted.items() if value != own[key]}
    if "salvo" in different and "shoot_again" in wanted:
        different["shoot_again"] = wanted["shoot_again"]  # said, not left to the salvo
    return with_variants(base, different)


HOST = BattleshipHost()
"""Battleship's host, as :meth:`BattleshipDefinition.host` gives it."""
