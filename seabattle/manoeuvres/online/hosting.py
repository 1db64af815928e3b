"""The manoeuvre game hosted by the server's rooms: :class:`ManoeuvreHost` (see
:mod:`seabattle.games.hosting`).

Its client messages (``deploy``, ``step``, ``shoot``, ``point_blank``, ``detonate``,
``attack``, ``defend``, ``end_turn``: :mod:`~.projection`) become the engine's actions;
the engine checks them and words every refusal. The set-up is hidden and simultaneous;
the lot for who starts is chance's move, which the room draws from the system's entropy
once both have set up (the room's own ``first`` is not used: every game, a rematch too,
starts by lot, as the seed says). The computer is
:class:`~seabattle.manoeuvres.ai.players.ComputerPlayer`, given only its seat's view. The
lobby offers the presets ``seed`` (17 × 12) and ``skirmish`` (9 × 8). A player's guesses
on enemy pieces are not the server's: they are notes the client keeps
(:mod:`seabattle.manoeuvres.marks`), never sent.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from seabattle.errors import SeaBattleError
from seabattle.games import chance
from seabattle.games.envelope import PlayerInfo
from seabattle.games.hosting import (
    SETUP,
    ClientEvent,
    ComputerSeat,
    GameHost,
    Told,
    field_error,
    wrong_phase,
)
from seabattle.games.interface import JSON, GameDefinition
from seabattle.i18n import Language
from seabattle.manoeuvres.actions import Action, Deploy, Resign
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer, best_defence
from seabattle.manoeuvres.events import Event
from seabattle.manoeuvres.online import projection
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules, rules_to_data
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage
from seabattle.records import record_of_log, write_record

BATTLE = "battle"
"""The phase of play, as clients name it (the shell's name for every game's play)."""


class _Computer(ComputerSeat[ManoeuvreState, Action]):
    """The computer of a room: a :class:`ComputerPlayer` of the level, drawing from the
    system's entropy (nothing a player could simulate offline), acting on its seat's view
    only; each action is logged as the room's move."""

    def __init__(self, level: str) -> None:
        self.player = ComputerPlayer(level, chance.entropy())

    def act(self, state: ManoeuvreState, seat: int) -> Action | None:
        if seat not in state.actors.seats:
            return None
        return self.player.choose(state.view(seat))


class ManoeuvreHost(GameHost[ManoeuvreState, ManoeuvreRules, Action, Event]):
    """The manoeuvre game in the server's rooms, for its ``definition`` (whose codecs
    write the log's events and the record)."""

    intents = ("deploy", *projection.MOVES)
    levels = ("medium", *(level for level in LEVELS if level != "medium"))

    def __init__(self, definition: GameDefinition[ManoeuvreRules, Action, Event,
                                                  ManoeuvreView]) -> None:
        self.definition = definition

    # --- starting ---------------------------------------------------------------------

    def new_state(self, rules: ManoeuvreRules, first: int,
                  created: Mapping[str, JSON]) -> ManoeuvreState:
        # No fixed first seat: the lot is chance's move, drawn by the room.
        return ManoeuvreState(rules)

    def lobby_rules(self, request: Mapping[str, JSON]) -> ManoeuvreRules:
        preset = request.get("preset", "skirmish")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise field_error("preset", ", ".join(PRESETS))
        return PRESETS[preset]

    def lobby_options(self) -> dict[str, JSON]:
        return {"presets": [{"name": name, "rules": rules_to_data(rules)}
                            for name, rules in PRESETS.items()],
                "levels": list(LEVELS)}

    # --- acting -----------------------------------------------------------------------

    def intent(self, state: ManoeuvreState, phase: str, seat: int, kind: str,
               data: Mapping[str, JSON]) -> Action:
        action = projection.action_of(state.rules, kind, data)
        expected = SETUP if kind == "deploy" else BATTLE
        if phase != expected:
            raise wrong_phase(kind, phase)
        if isinstance(action, Deploy) and state.layouts[seat] is not None:
            raise SeaBattleError("manoeuvres.web.error.set_up")
        return action

    def resign(self) -> Action:
        return Resign()

    def computer(self, rules: ManoeuvreRules, level: str,
                 game_id: str) -> ComputerSeat[ManoeuvreState, Action]:
        return _Computer(level)

    def timeout_action(self, state: ManoeuvreState, seat: int,
                       rng: random.Random) -> Action | None:
        # An attack's answer left too long is given as the computer gives it; a turn left
        # too long is only a strike.
        if state.stage is Stage.DEFENCE and state.actor == seat:
            return best_defence(state, seat)
        return None

    def suggestion(self, rules: ManoeuvreRules, action: Action) -> ClientEvent:
        assert isinstance(action, Deploy)
        return {"type": "layout_suggestion",
                "pieces": [[cell, kind.value] for cell, kind in action.layout]}

    # --- telling ----------------------------------------------------------------------

    def phase(self, state: ManoeuvreState) -> str:
        return SETUP if state.phase is Phase.SETUP else BATTLE

    def ready(self, state: ManoeuvreState, seat: int) -> bool:
        return state.layouts[seat] is not None

    def events_of(self, rules: ManoeuvreRules, events: Sequence[Event]) -> list[JSON]:
        return [cast(JSON, self.definition.event_to_data(rules, event)) for event in events]

    def stored_events(self, rules: ManoeuvreRules, stored: Sequence[JSON]) -> list[JSON]:
        return list(stored)

    def project(self, state: ManoeuvreState, seat: int, action: Action,
                events: Sequence[Event], auto: bool) -> Told:
        return projection.project(events, auto)

    def due(self, state: ManoeuvreState) -> list[ClientEvent]:
        return projection.due(state)

    def snapshot(self, state: ManoeuvreState, audience: int | None, language: Language,
                 over: bool) -> dict[str, JSON]:
        return projection.snapshot(state, audience, language, over)

    def rules_snapshot(self, rules: ManoeuvreRules, language: Language) -> dict[str, JSON]:
        return projection.rules_snapshot(rules, language)

    def game_over(self, state: ManoeuvreState) -> dict[str, JSON]:
        return projection.game_over(state)

    def record(self, state: ManoeuvreState, players: tuple[str, str], level: str | None,
               game_id: str, reason: str) -> str:
        info = (PlayerInfo(players[0]), PlayerInfo(players[1], level))
        return write_record(record_of_log(self.definition, state.rules, state.log, info,
                                          game_id=game_id, reason=reason))

    def error_message(self, rules: ManoeuvreRules, error: SeaBattleError,
                      language: Language) -> str:
        return coordinates(rules, language).message(error, language)

    # --- old logs ---------------------------------------------------------------------

    def legacy_move(self, rules: ManoeuvreRules, state: ManoeuvreState,
                    entry: Mapping[str, JSON]) -> Action | None:
        # No server logged this game before it was hosted.
        return None

