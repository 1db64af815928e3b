"""Battleship as a game of the shared interface (:mod:`seabattle.games.interface`).

The state wraps the engine's :class:`~seabattle.battleship.game.Game` and adds what
comes before it: both seats place their fleets at once, each unseen by the other (a
simultaneous move), then, unless the rules of the table fixed who fires first, chance
draws it (a lot, logged like any move). The battle's actions are a turn's shots
(:class:`Fire`: one cell, or a whole salvo), the decisions the variants ask for
(:class:`Decide`) and resigning.

>>> import random
>>> state = DEFINITION.new_state(DEFINITION.default_rules())
>>> sorted(state.actors.seats), state.actors.simultaneous
([0, 1], True)
>>> rng = random.Random(1)
>>> for seat in (0, 1):
...     _ = state.apply(seat, state.random_action(seat, rng))
>>> state.actors.chance, [str(o.probability) for o in state.chance_outcomes()]
(True, ['1/2', '1/2'])
>>> state.apply_chance(DrawFirst(1))
[FirstDrawn(seat=1)]
>>> state.actors.seats
frozenset({1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from seabattle.battleship.moves import Decide, Fire, MoveShip
from seabattle.battleship.online import projection
from seabattle.battleship.online.hosting import HOST, BattleshipHost
from seabattle.battleship.record import event_to_data, fleet_from_data, fleet_to_data
from seabattle.battleship.rules import PRESETS, Rules, rules_from_dict
from seabattle.battleship.state import (
    Action,
    BattleshipState,
    DrawFirst,
    FirstDrawn,
    FleetPlaced,
    PlaceFleet,
    Resign,
    Resigned,
    SetupView,
    SpectatorView,
    StateEvent,
    View,
)
from seabattle.battleship.view import ShotInfo
from seabattle.coords import ALPHABETS, Coordinates, bit, iter_cells
from seabattle.errors import RecordError, SeaBattleError
from seabattle.games.interface import (
    JSON,
    GameDefinition,
    GameParts,
)
from seabattle.i18n import Text

__all__ = ["DEFINITION", "Action", "BattleshipDefinition", "BattleshipState", "DrawFirst",
           "FirstDrawn", "FleetPlaced", "PlaceFleet", "Resign", "Resigned", "SetupView",
           "SpectatorView", "StateEvent", "View"]
"""The state's types are :mod:`seabattle.battleship.state`'s, named here too: the
definition is where the applications look for them."""

# --- the definition ------------------------------------------------------------------------


class BattleshipDefinition(GameDefinition[Rules, Action, StateEvent, View]):
    """Battleship («Морской бой»): every rule set and variant of seeds 000, 001 and 004."""

    name = "battleship"
    title = Text("game.battleship")
    parts = GameParts(
        arena_game="seabattle.battleship.bots.arena",  # its bot protocol, docs/protocol.md
        screen_set="seabattle.battleship.terminal.tui",
        line_game="seabattle.battleship.terminal.lines",
        replay_text="seabattle.battleship.terminal.replay",
        record_body="seabattle.battleship.record",  # fleets, first, events: record-format.md
        gym_envs={"SeaBattle-v0": "seabattle.battleship.rl.env:SeaBattleEnv"},
        aec_env="seabattle.battleship.rl.multi:env",
    )
    """Battleship's parts for the applications; the server's is :meth:`host`."""

    def default_rules(self) -> Rules:
        return PRESETS["classic"]

    def rules_from_data(self, data: Mapping[str, JSON]) -> Rules:
        return rules_from_dict(data)

    def rules_to_data(self, rules: Rules) -> dict[str, JSON]:
        return cast(dict[str, JSON], rules.to_dict())

    def rules_title(self, rules: Rules) -> Text:
        return projection.rules_title(rules)

    def new_state(self, rules: Rules) -> BattleshipState:
        return BattleshipState(rules)

    def host(self) -> BattleshipHost:
        """Battleship in the server's rooms (:mod:`seabattle.battleship.online.hosting`)."""
        return HOST

    def action_to_data(self, rules: Rules, action: Action) -> dict[str, JSON]:
        names = _latin(rules)
        if isinstance(action, PlaceFleet):
            return {"action": "place", "fleet": cast(JSON, fleet_to_data(rules, action.fleet))}
        if isinstance(action, Fire):
            return {"action": "fire", "cells": [names.name(c) for c in action.cells]}
        if isinstance(action, Decide):
            return {"action": "decide", "cell": names.name(action.cell)}
        if isinstance(action, MoveShip):
            return {"action": "move", "cells": None if action.cells is None else [
                names.name(c) for c in iter_cells(action.cells)]}
        if isinstance(action, DrawFirst):
            return {"action": "first", "seat": action.seat}
        return {"action": "resign"}

    def action_from_data(self, rules: Rules, data: Mapping[str, JSON]) -> Action:
        names = _latin(rules)
        kind = data.get("action")
        try:
            if kind == "place":
                return PlaceFleet(fleet_from_data(rules, cast(list[dict[str, JSON]],
                                                               data["fleet"])))
            if kind == "fire":
                return Fire(tuple(names.parse(str(c)) for c in _listed(data["cells"])))
            if kind == "decide":
                return Decide(names.parse(str(data["cell"])))
            if kind == "move":
                cells = data["cells"]
                return MoveShip(None if cells is None else sum(
                    bit(names.parse(str(c))) for c in _listed(cells)))
            if kind == "first":
                return DrawFirst(int(cast(int, data["seat"])))
            if kind == "resign":
                return Resign()
        except KeyError as missing:
            raise RecordError(problem=f"{kind} lacks {missing}") from None
        raise SeaBattleError("error.bad_action", action=kind,
                             known="place, fire, decide, move, first, resign")

    def event_to_data(self, rules: Rules, event: StateEvent) -> dict[str, JSON]:
        if isinstance(event, FleetPlaced):
            return {"type": "placed", "seat": event.seat}
        if isinstance(event, FirstDrawn):
            return {"type": "first", "seat": event.seat}
        if isinstance(event, Resigned):
            return {"type": "resigned", "seat": event.seat}
        return cast(dict[str, JSON], event_to_data(event, rules))

    def view_to_data(self, view: View) -> dict[str, JSON]:
        if isinstance(view, SetupView):
            return {"phase": "setup", "ready": list(view.ready), "fleet": None
                    if view.own_fleet is None else cast(JSON, fleet_to_data(view.rules,
                                                                            view.own_fleet))}
        names = _latin(view.rules)

        def shots(infos: Sequence[ShotInfo]) -> list[JSON]:
            return [{"cell": names.name(i.cell), "result": i.result.value} for i in infos]

        if isinstance(view, SpectatorView):
            return {"phase": "battle", "to_move": view.to_move, "winner": view.winner,
                    "shots": [shots(view.shots[0]), shots(view.shots[1])]}
        return {"phase": "battle", "seat": view.player, "to_move": view.to_move,
                "winner": view.winner, "shots": shots(view.shots),
                "incoming": shots(view.incoming_shots),
                "fleet": cast(JSON, fleet_to_data(view.rules, view.own_fleet))}


def _latin(rules: Rules) -> Coordinates:
    return Coordinates(rules.grid, ALPHABETS["latin"])


def _listed(value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise RecordError(problem=f"expected a list of cells, not {value!r}")
    return value


DEFINITION = BattleshipDefinition()
"""Battleship, as the registry (:mod:`seabattle.games.registry`) finds it."""
