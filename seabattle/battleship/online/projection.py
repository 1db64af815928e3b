"""Battleship as the browser sees it: a move's client events and the game's part of a state.

What each audience (seat 0, seat 1, the spectators: ``None``) may see is built from the
engine's :class:`~seabattle.battleship.view.PlayerView` of the shooter or the owner. The
hidden-information rule lives in one place, :func:`board`: a field's ships go only to
their owner, or to everyone once the game is over. The messages are those of
``docs/web-protocol.md``; the server's rooms call this module through
:class:`~seabattle.battleship.online.hosting.BattleshipHost`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import cast
from weakref import WeakKeyDictionary

from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.analysis import unmodelled_variants
from seabattle.battleship.cell_lists import cell_lists_in_rules_order, ships_in_rules_order
from seabattle.battleship.events import Decision, Handover, MineReveal, ShipMove, Shot, ShotResult
from seabattle.battleship.fleet import Fleet, Ship, check_ship
from seabattle.battleship.game import Game, other
from seabattle.battleship.rules import PRESETS, PerShipSalvo, Role, Rules, ShipKind, varied_preset
from seabattle.battleship.shapes import Shape, placements
from seabattle.battleship.state import (
    BattleshipState,
    FirstDrawn,
    FleetPlaced,
    Resigned,
    StateEvent,
)
from seabattle.battleship.view import PlayerView
from seabattle.coords import Grid, bit, iter_cells
from seabattle.errors import OffFieldError, PlacementError, SeaBattleError
from seabattle.games.hosting import ClientEvent, Told
from seabattle.games.interface import JSON
from seabattle.i18n import Language, Text

SPECTATORS = None
"""The spectators' audience (seats are 0 and 1)."""

_views: WeakKeyDictionary[Game, tuple[tuple[object, ...], dict[int, PlayerView]]] = \
    WeakKeyDictionary()
"""The views of each game as it is now, both seats', forgotten with the game."""


def view(game: Game, seat: int) -> PlayerView:
    """What ``seat`` knows now. Kept until the game changes: every message of one move (a
    shot event, a state per audience) needs the same two views, and building one reads
    the whole game. Kept on the game object itself (weakly), never under its ``id``, which
    a later game may reuse."""
    now = (len(game.events), game.winner, game.to_move, game.pending, game.volley_left)
    kept = _views.get(game)
    if kept is None or kept[0] != now:
        kept = _views[game] = (now, {})
    found = kept[1].get(seat)
    if found is None:
        found = kept[1][seat] = game.view(seat)
    return found


# --- a move ----------------------------------------------------------------------------

def project(state: BattleshipState, seat: int, events: Sequence[StateEvent],
            auto: bool) -> Told:
    """The client events of a move just applied: ``fleet_ready`` (and ``battle_started``)
    for a fleet, the shots and their answers, a hand-over, a revealed mine, the Flying
    Dutchman's move.

    Shots and their answers are public (said aloud); the cell handed over after a mine and
    the mine revealed after a minesweeper go to both players only (they are said to the
    opponent, not to spectators); where the Flying Dutchman went only to its owner (the
    others learn that it moved).
    """
    told = Told()
    flag: dict[str, JSON] = {"auto": True} if auto else {}
    game = state.game
    # A resignation before the battle is told by the room's game_over, like any ending.
    engine = [event for event in events
              if not isinstance(event, FleetPlaced | FirstDrawn | Resigned)]
    start = len(game.events) - len(engine) if game is not None else 0
    for event in events:
        if isinstance(event, FleetPlaced):
            told.public.append({"type": "fleet_ready", "seat": event.seat, **flag})
    if game is not None and not game.events and any(
            isinstance(event, FleetPlaced | FirstDrawn) for event in events):
        told.public.append({"type": "battle_started", "first": game.first})
    for offset, event in enumerate(engine):
        assert game is not None
        if isinstance(event, Shot):
            index = sum(isinstance(e, Shot) and e.player == event.player
                        for e in game.events[:start + offset])
            told.public.append(shot_event(game, event.player, index))
        elif isinstance(event, Handover | MineReveal):
            kind = "handover" if isinstance(event, Handover) else "mine_revealed"
            said: ClientEvent = {"type": kind, "seat": event.player, **flag}
            for player in (0, 1):
                told.private[player].append({**said, "cell": event.cell})
            told.private[SPECTATORS].append(said if event.cell is not None
                                            else {**said, "cell": None})
        elif isinstance(event, ShipMove):
            said = {"type": "ship_moved", "seat": event.player,
                    "moved": event.cells is not None, **flag}
            told.private[event.player].append(
                {**said, "cells": None if event.cells is None else list(iter_cells(event.cells))})
            told.private[other(event.player)].append(said)
            told.private[SPECTATORS].append(said)
    return told


def due(state: BattleshipState) -> list[ClientEvent]:
    """``decision_due``, when the game waits for a player's decision."""
    game = state.game
    if game is None or game.pending is None or game.is_over:
        return []
    return [{"type": "decision_due", "seat": game.pending.player,
             "decision": game.pending.decision.value}]


def shot_event(game: Game, shooter: int, index: int = -1) -> ClientEvent:
    """The ``shot`` event of the shooter's shot number ``index``, told right after it."""
    seen = view(game, shooter)
    info = seen.shots[index]
    event: ClientEvent = {"type": "shot", "seat": shooter, "cell": info.cell,
                          "result": info.result.value,
                          "ship": kind_name(info.kind) if info.kind else None}
    if info.dying:
        event["dying"] = True
    if info.result is ShotResult.SUNK:
        ship = next((s for s in seen.sunk if s.cell == info.cell), None)
        event["sunk_cells"] = (cast(JSON, list(iter_cells(ship.cells)))
                               if ship is not None and ship.cells is not None else None)
        event["ring"] = cast(JSON, list(iter_cells(seen.known_empty)))
    return event


def game_over(state: BattleshipState) -> dict[str, JSON]:
    """Both fleets (and where a Flying Dutchman ended), and both sides' statistics."""
    game = state.game
    if game is None:
        return {}
    rules = state.rules
    data: dict[str, JSON] = {
        "fleets": cast(JSON, [cell_lists_in_rules_order(rules, f) for f in game.fleets])}
    if rules.flying_dutchman:
        data["positions"] = cast(JSON, [cell_lists_in_rules_order(rules, game.position(s))
                                        for s in (0, 1)])
    data["stats"] = [stats(game, s) for s in (0, 1)]
    return data


def stats(game: Game, seat: int) -> dict[str, JSON]:
    """One seat's shooting statistics."""
    numbers = game.stats(seat)
    return {"shots": numbers.shots, "hits": numbers.hits, "sunk": numbers.sunk,
            "accuracy": round(numbers.accuracy, 3)}


# --- the state --------------------------------------------------------------------------

def rules_snapshot(rules: Rules, language: Language) -> dict[str, JSON]:
    """The part of Battleship's ``state`` message that only the rules and the language
    decide: the rules, their preset, the fleet with each kind's orientations, the column
    letters, the rules line and the placements a player may ask for (a room encodes it
    once per language)."""
    return {
        "rules": cast(JSON, rules.to_dict()), "preset": preset(rules),
        "fleet": [{"size": k.size, "name": k.name, "shape": k.shape.value, "role": k.role.value,
                   "orientations": cast(JSON, orientations(rules.grid, k))}
                  for k in rules.fleet],
        "columns": cast(JSON, rules.alphabet_for(language).columns(rules.width)),
        "rules_line": rules_line(rules, language),
        "placements": cast(JSON, list(player_placements(rules))),
    }


def snapshot(state: BattleshipState, audience: int | None, language: Language,
             over: bool) -> dict[str, JSON]:
    """Battleship's part of the ``state`` message for ``audience``, less
    :func:`rules_snapshot`'s."""
    rules, game = state.rules, state.game
    return {
        "to_move": game.to_move if game is not None else None,
        "shots_due": game.volley_left if game is not None and game.to_move is not None else 0,
        "turn": turn(state, audience, over),
        "pending": pending(state, audience),
        "boards": [board(state, s, audience, over) for s in (0, 1)],
        "stats": [stats(game, s) for s in (0, 1)] if over and game is not None else None,
        # Whether the game's analysis (GET /api/games/{game}/analysis) can judge it.
        "analysis": over and game is not None and not unmodelled_variants(rules),
    }


def rules_title(rules: Rules) -> Text:
    """What to call ``rules`` (the definition's ``rules_title``): a preset's catalogue
    title, ``classic, with variants`` for a varied preset, else the rules' own name."""
    base = preset(rules)
    if base is None:
        return Text("rules.own_name", {"name": rules.name})
    if rules == PRESETS[base]:
        return Text(f"preset.{base}")
    return Text("rules.preset_varied", {"preset": Text(f"preset.{base}")})


@lru_cache(maxsize=256)
def rules_line(rules: Rules, language: Language) -> str:
    """The rules in play in short, in ``language``: what a friend who followed the link
    needs to know. The rule set's title (the definition's), the field's size unless the
    title says it, touching, shooting again or the salvo, how a sinking is announced, a
    shaped four-decker and the pieces of the variants."""
    title = rules_title(rules).render(language)
    size = f"{rules.width}×{rules.height}"
    parts: list[str | Text] = [title, *([] if size in title else [size]),
                               Text(f"touching.{rules.touching.value}")]
    if isinstance(rules.salvo, PerShipSalvo):
        parts.append(Text("web.rules.salvo_ships"))
    elif rules.salvo.is_salvo:
        parts.append(Text("web.rules.salvo", {"count": rules.salvo.shots}))
    else:
        parts.append(Text("web.rules.again" if rules.shoot_again else "web.rules.no_again"))
    parts.append(Text(f"tui.rules.announce_{rules.announce.value}"))
    shaped = next((kind for kind in rules.fleet if kind.shape in _SHAPED), None)
    if shaped is not None:
        parts.append(Text("web.rules.shape", {"shape": Text(f"web.shape.{shaped.shape.value}")}))
    for role in (Role.SUBMARINE, Role.MINE, Role.MINESWEEPER):
        if rules.count(role):
            parts.append(Text("web.rules.pieces", {"count": rules.count(role),
                                                   "piece": Text(f"role.{role.value}")}))
    return " · ".join(part if isinstance(part, str) else part.render(language)
                      for part in parts)


@lru_cache(maxsize=256)
def player_placements(rules: Rules) -> tuple[str, ...]:
    """The named placements a player of ``rules`` may ask for (``suggest_fleet``): those
    of :data:`PLACEMENT_CHOICES` that can place its fleet."""
    return tuple(name for name in PLACEMENT_CHOICES if PLACEMENTS[name].supports(rules))


PLACEMENT_CHOICES = ("perelman",)
"""The named placements a player may ask the server for, beside a random one
(``random_fleet``): Perelman's advice (seed 001)."""

_SHAPED = (Shape.L, Shape.SQUARE, Shape.ZIGZAG)
"""The shapes a four-decker may be given (the rules line names them)."""


@lru_cache(maxsize=256)
def preset(rules: Rules) -> str | None:
    """The preset the rules are, variants changed or not (kept: finding it rebuilds rule
    sets, a few milliseconds, and every ``state`` message names it)."""
    return varied_preset(rules)


def turn(state: BattleshipState, audience: int | None, over: bool) -> dict[str, JSON] | None:
    """The turn ``audience`` may play now, to that seat only (``None`` for everyone else,
    and while a decision is pending): ``action``, the message that fires it (``fire``, or
    ``fire_salvo`` under salvo rules, even with one shot due), ``shots``, the cells it
    fires, and ``cells``, the cells that may be aimed at (the engine's
    :meth:`~seabattle.battleship.view.PlayerView.legal_shots`)."""
    game = state.game
    if (game is None or over or game.is_over or game.pending is not None
            or game.to_move is None or audience != game.to_move):
        return None
    return {"action": "fire_salvo" if state.rules.salvo.is_salvo else "fire",
            "shots": game.volley_left,
            "cells": cast(JSON, list(iter_cells(view(game, audience).legal_shots())))}


def pending(state: BattleshipState, audience: int | None) -> dict[str, JSON] | None:
    """The decision the game waits for; its options only to the player who owes it."""
    game = state.game
    if game is None or game.pending is None:
        return None
    due = game.pending
    told: dict[str, JSON] = {"seat": due.player, "decision": due.decision.value}
    if audience == due.player:
        seen = view(game, due.player)
        if due.decision is Decision.HANDOVER:
            told["options"] = cast(JSON, list(iter_cells(seen.handover_options())))
        elif due.decision is Decision.REVEAL_MINE:
            told["options"] = cast(JSON, list(iter_cells(seen.reveal_options())))
        else:
            assert due.ship is not None
            ship = seen.fleet_now.ships[due.ship]
            told["size"] = (ship.cells & ~seen.incoming).bit_count()
            # The cells the Dutchman may take (Game.move_ship): any not fired at.
            told["options"] = cast(JSON, list(iter_cells(state.rules.grid.full & ~seen.incoming)))
    return told


def kind_name(kind: ShipKind) -> str:
    """A ship's catalogue name; a submarine, mine or minesweeper by its role."""
    return kind.name or kind.role.value


def board(state: BattleshipState, owner: int, audience: int | None,
          over: bool) -> dict[str, JSON]:
    """Seat ``owner``'s field as ``audience`` knows it (everything once ``over``). Kept per
    game (see :data:`_boards`) while what it shows is the same: a shot changes one
    field, so each state rebuilds one board of its two. Not to be changed by the caller."""
    game = state.game
    if game is None:
        return _board(state, owner, audience, over)
    reveal = audience == owner or over
    seen = view(game, other(owner))
    shown = (game.incoming(owner), game.position(owner), seen.shots, seen.abandoned,
             seen.given, seen.revealed_mines, seen.sunk, seen.known_empty,
             seen.enemy_afloat_count, seen.enemy_afloat)
    kept = _boards.setdefault(game, {})
    key = (owner, reveal, audience in (0, 1))
    found = kept.get(key)
    if found is None or found[0] != shown:
        found = kept[key] = (shown, _board(state, owner, audience, over))
    return found[1]


_boards: WeakKeyDictionary[Game, dict[tuple[int, bool, bool],
                                      tuple[tuple[object, ...], dict[str, JSON]]]] = \
    WeakKeyDictionary()
"""Each game's boards as last built, by owner, whether its ships are shown and whether
its audience is a player, with everything :func:`_board` reads that a move may change:
the fired cells and the fleet where it is now (the ships, their sinking and the owner's
ships afloat), and the shooter's view of the field."""


def _board(state: BattleshipState, owner: int, audience: int | None,
           over: bool) -> dict[str, JSON]:
    """:func:`board`, built."""
    rules, game = state.rules, state.game
    vessels = sum(kind.role.is_vessel for kind in rules.fleet)
    field: dict[str, JSON] = {"ships": None, "shots": [], "sunk": [], "ring": [],
                              "afloat": None, "afloat_count": vessels, "given": [],
                              "revealed_mines": [], "abandoned": []}
    fleet = state.fleets[owner]
    reveal = audience == owner or over
    if fleet is not None and reveal:
        incoming = game.incoming(owner) if game is not None else 0
        ships = (ships_in_rules_order(rules, fleet) if game is None
                 else _ships_now(game, owner))
        field["ships"] = [{"cells": cast(JSON, list(iter_cells(s.cells))), "name": s.kind.name,
                           "role": s.kind.role.value,
                           "sunk": s.kind.role.is_vessel and s.is_sunk(incoming)}
                          for s in ships]
    if game is None:
        return field
    seen = view(game, other(owner))  # what the shooter knows
    field["shots"] = [{"cell": s.cell, "result": s.result.value,
                       **({"dying": True} if s.dying else {})} for s in seen.shots]
    field["abandoned"] = cast(JSON, list(iter_cells(seen.abandoned)))
    if audience in (0, 1):  # said between the players, not to spectators
        field["given"] = cast(JSON, list(iter_cells(seen.given)))
        field["revealed_mines"] = cast(JSON, list(iter_cells(seen.revealed_mines)))
    field["sunk"] = [{"cell": s.cell, "name": kind_name(s.kind) if s.kind else None,
                      "cells": cast(JSON, list(iter_cells(s.cells))) if s.cells is not None
                      else None} for s in seen.sunk]
    field["ring"] = cast(JSON, list(iter_cells(seen.known_empty)))
    field["afloat_count"] = seen.enemy_afloat_count
    if reveal:
        afloat = [kind_name(k) for k in view(game, owner).own_afloat]
        field["afloat"], field["afloat_count"] = cast(JSON, afloat), len(afloat)
    elif seen.enemy_afloat is not None:
        field["afloat"] = cast(JSON, [kind_name(k) for k in seen.enemy_afloat])
    return field


_orders: WeakKeyDictionary[Game, dict[int, tuple[Fleet, list[Ship]]]] = WeakKeyDictionary()
"""Each seat's ships in the rules' order, for the fleet where it is now."""


def _ships_now(game: Game, owner: int) -> list[Ship]:
    """``owner``'s ships where they are now (a Flying Dutchman may have moved), in the
    order of the rules' fleet: sorted once per position, since every state shows them."""
    fleet = game.position(owner)
    kept = _orders.setdefault(game, {})
    found = kept.get(owner)
    if found is None or found[0] is not fleet:
        found = kept[owner] = (fleet, ships_in_rules_order(game.rules, fleet))
    return found[1]


# --- the set-up: shapes and placement problems, as the engine has them ------------------------

Offsets = tuple[tuple[int, int], ...]


@lru_cache(maxsize=128)
def orientations(grid: Grid, kind: ShipKind) -> tuple[Offsets, ...] | None:
    """Every orientation (rotations and mirror images) of ``kind`` that fits on ``grid``, as
    ``(row, column)`` offsets in reading order, the orientations sorted by their offsets (a
    line lies along a row first); ``None`` for a kind painted cell by cell (bent ships, the
    Flying Dutchman), whose shapes are too many to list. Read off the engine's own
    :func:`~seabattle.battleship.shapes.placements`."""
    if kind.shape in (Shape.BENT, Shape.KING):
        return None
    found = set()
    for cells in placements(grid, kind.size, kind.shape):
        rows_cols = [grid.row_col(c) for c in iter_cells(cells)]
        top = min(r for r, _ in rows_cols)
        left = min(c for _, c in rows_cols)
        found.add(tuple(sorted((r - top, c - left) for r, c in rows_cols)))
    return tuple(sorted(found))


def orientation_of(grid: Grid, kind: ShipKind, cells: Sequence[int]) -> int | None:
    """The index in :func:`orientations` of a ship on ``cells`` (``None``: painted, or none)."""
    shapes = orientations(grid, kind)
    if shapes is None or not cells:
        return None
    rows_cols = [grid.row_col(c) for c in cells]
    top = min(r for r, _ in rows_cols)
    left = min(c for _, c in rows_cols)
    offsets = tuple(sorted((r - top, c - left) for r, c in rows_cols))
    return shapes.index(offsets) if offsets in shapes else None


ShipDraft = list[int] | tuple[int, int, int] | None
"""One ship of a fleet being set up: its cells, a shape put down (``row``, ``column`` of its
first cell in reading order, ``orientation``), or ``None`` (not placed)."""


def fleet_check(rules: Rules, drafts: Sequence[ShipDraft]
                ) -> tuple[list[list[int] | None], list[tuple[SeaBattleError, list[int]] | None]]:
    """Each ship's cells and what the engine finds wrong with it among the others (``None``:
    nothing), as ``place`` would refuse it: a shape that leaves the field, cells off it, a
    wrong shape, an overlap, a touch (:func:`~seabattle.battleship.fleet.check_ship`). A cell
    list shorter than its kind's size is a ship still being painted: each of its cells
    is checked against the others, its shape not yet. Nothing is stored."""
    grid = rules.grid
    cells: list[list[int] | None] = []
    problems: list[tuple[SeaBattleError, list[int]] | None] = [None] * len(drafts)
    for index, (kind, draft) in enumerate(zip(rules.fleet, drafts, strict=True)):
        if draft is None:
            cells.append(None)
        elif isinstance(draft, tuple):
            row, column, orient = draft
            shapes = orientations(grid, kind) or ()
            offsets = shapes[orient % len(shapes)] if shapes else ((0, 0),)
            spots = [(row + r - offsets[0][0], column + c - offsets[0][1]) for r, c in offsets]
            inside = sorted(grid.cell(r, c) for r, c in spots if grid.contains(r, c))
            cells.append(inside)
            if len(inside) < len(spots):
                problems[index] = (PlacementError("error.placement_off_field", ship=kind.title),
                                   inside)
        else:
            inside = sorted({c for c in draft if 0 <= c < grid.size})
            cells.append(inside)
            outside = next((c for c in draft if not 0 <= c < grid.size), None)
            if outside is not None:
                problems[index] = (OffFieldError(row=outside // grid.width + 1,
                                                 col=outside % grid.width + 1,
                                                 width=grid.width, height=grid.height), inside)
    ships = [None if c is None else Ship(kind, sum(bit(x) for x in c))
             for kind, c in zip(rules.fleet, cells, strict=True)]
    for index, ship in enumerate(ships):
        if ship is None or problems[index] is not None:
            continue
        others = [s for i, s in enumerate(ships) if s is not None and i != index]
        painting = ship.cells.bit_count() < ship.size
        # A ship being painted: each cell as a one-cell ship of its kind, so that the
        # engine names the overlap or the touch; its shape is judged once it is complete.
        parts = ([Ship(replace(ship.kind, size=1, shape=Shape.STRAIGHT), bit(c))
                  for c in iter_cells(ship.cells)] if painting else [ship])
        try:
            for part in parts:
                check_ship(rules, others, part)
        except PlacementError as error:
            problems[index] = (error, list(iter_cells(ship.cells)))
    return cells, problems
