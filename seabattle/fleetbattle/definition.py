"""The fleet battle of seed 002 as a game of the shared interface
(:mod:`seabattle.games.interface`), registered as ``fleet-battle``.

>>> import random
>>> state = DEFINITION.new_state(DEFINITION.default_rules())
>>> sorted(state.actors.seats), state.actors.simultaneous
([0, 1], True)
>>> rng = random.Random(1)
>>> for seat in (0, 1):
...     _ = state.apply(seat, state.random_action(seat, rng))
>>> state.phase.value, sorted(state.actors.seats)
('retreat', [0, 1])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from seabattle.fleetbattle.actions import Action
from seabattle.fleetbattle.codec import action_from_data, action_to_data, plain
from seabattle.fleetbattle.events import Event
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.rules import FleetRules, make_up_to_data, rules_from_data, rules_to_data
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.views import FleetView
from seabattle.games.interface import JSON, GameDefinition, GameParts
from seabattle.i18n import Text, listed

if TYPE_CHECKING:
    from seabattle.fleetbattle.online.hosting import FleetBattleHost

__all__ = ["DEFINITION", "FleetBattleDefinition", "FleetBattleState"]


class FleetBattleDefinition(GameDefinition[FleetRules, Action, Event, FleetView]):
    """The fleet battle («Тактический бой» of seed 002), the program as its moderator."""

    name = "fleet-battle"
    title = Text("game.fleet-battle")
    parts = GameParts(
        arena_game="seabattle.fleetbattle.bots.arena",  # docs/fleetbattle-protocol.md
        line_game="seabattle.fleetbattle.terminal.lines",
        replay_text="seabattle.fleetbattle.terminal.replay",
        screen_set="seabattle.fleetbattle.terminal.tui",  # docs/tui.md
    )

    def default_rules(self) -> FleetRules:
        return PRESETS["equal"]

    def presets(self) -> Mapping[str, FleetRules]:
        return PRESETS

    def rules_from_data(self, data: Mapping[str, JSON]) -> FleetRules:
        return rules_from_data(data)

    def rules_to_data(self, rules: FleetRules) -> dict[str, JSON]:
        return rules_to_data(rules)

    def rules_title(self, rules: FleetRules) -> Text:
        sides = [listed([Text("fleet.pieces", {"piece": Text(f"fleet.kind.{kind}"),
                                               "count": count})
                         for kind, count in [*make_up_to_data(make_up).items(),
                                             ("battery", batteries)] if count])
                 for make_up, batteries in zip(rules.fleets, rules.batteries, strict=True)]
        return Text("fleet.rules.title", {"first": sides[0], "second": sides[1]})

    def new_state(self, rules: FleetRules) -> FleetBattleState:
        return FleetBattleState(rules)

    def action_to_data(self, rules: FleetRules, action: Action) -> dict[str, JSON]:
        return action_to_data(action)

    def action_from_data(self, rules: FleetRules, data: Mapping[str, JSON]) -> Action:
        return action_from_data(data)

    def event_to_data(self, rules: FleetRules, event: Event) -> dict[str, JSON]:
        return cast(dict[str, JSON], plain(event))

    def view_to_data(self, view: FleetView) -> dict[str, JSON]:
        return cast(dict[str, JSON], plain(view))

    def host(self) -> FleetBattleHost:
        """The fleet battle in the server's rooms and the browser
        (:mod:`seabattle.fleetbattle.online`)."""
        from seabattle.fleetbattle.online.hosting import FleetBattleHost

        return FleetBattleHost(self)


DEFINITION = FleetBattleDefinition()
"""The fleet battle, as the registry (:mod:`seabattle.games.registry`) finds it."""
