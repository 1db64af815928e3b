"""The fleet battle hosted by the server's rooms: :class:`FleetBattleHost` (see
:mod:`seabattle.games.hosting`; the messages are ``docs/web-protocol.md``, «The fleet
battle»).

Its client messages become the engine's actions (:mod:`seabattle.fleetbattle.actions`):
``place`` (:class:`~seabattle.fleetbattle.actions.PlaceFleet`: each piece's cells in the
rule set's order and the flagship), ``retreat``, ``mode``, ``orders`` (a volley or «Не
стрелять», with fireships; also the parting volley) and ``grapple``; its question
``check_orders`` says how many cells the fleet fires with the fireships chosen, and what
the engine finds wrong with the orders, without giving them. Every die is chance's move,
drawn by the room from the system's entropy and logged; the computer is the engine's
level (:mod:`seabattle.fleetbattle.ai.players`). The lobby offers the presets, a fleet
built by make-up (under a budget of coins, guns and wood, if one is given) and a random
fleet of a budget's strength for both sides. A record is the shared envelope around the
game's log (``docs/record-format.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from seabattle.coords import ALPHABETS, Coordinates, Grid, bit
from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Grapple,
    Orders,
    PlaceFleet,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.ai.players import LEVELS, Player, make_player
from seabattle.fleetbattle.events import Event
from seabattle.fleetbattle.fleets import PRESETS, random_equal_rules, within_budget
from seabattle.fleetbattle.online import projection
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.rules import (
    MAX_BATTERIES,
    FleetRules,
    make_up_from_data,
    rules_to_data,
)
from seabattle.fleetbattle.ships import SHIP_KINDS, Ammo, Mode, Price
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.views import Phase
from seabattle.games import chance
from seabattle.games.envelope import Envelope, PlayerInfo
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
from seabattle.i18n import Language

if TYPE_CHECKING:
    from seabattle.fleetbattle.definition import FleetBattleDefinition

DEFAULT_PRESET = "equal"
"""The rule set a lobby request names none of."""
MOST_OF_A_KIND = 30
"""The most ships of one kind a built fleet may have (the field's size limits it anyway)."""
MOST_BUDGET = 1000
"""The largest figure of a budget (coins, guns or wood)."""
RANDOM_BUDGET = Price(60, 6, 3)
"""The budget the lobby offers for a random fleet: about the example's squadrons."""
MOST_CELLS = 700
"""The most cells one message may name (a field of the largest fleet has 600)."""

BATTLE = "battle"
"""The room's phase once both fleets are placed (the engine's own is the state's
``fleet.phase``): the shell's timers, resignation and presence follow it."""
_PHASES_OF = {"place": (Phase.SETUP,), "retreat": (Phase.RETREAT,), "mode": (Phase.MODE,),
              "orders": (Phase.ORDERS, Phase.PARTING),
              "check_orders": (Phase.ORDERS, Phase.PARTING), "grapple": (Phase.GRAPPLE,)}
"""The phases in which each message may come."""


def _int(value: JSON | None, name: str, low: int = 0, high: int = MOST_CELLS) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise field_error(name, f"a whole number from {low} to {high}")
    return value


def _ints(value: JSON | None, name: str, high: int = MOST_CELLS) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MOST_CELLS:
        raise field_error(name, f"a list of whole numbers from 0 to {high}")
    return tuple(_int(item, name, 0, high) for item in value)


def _bool(value: JSON | None, name: str) -> bool:
    if not isinstance(value, bool):
        raise field_error(name, "true or false")
    return value


def _choice(value: JSON | None, name: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise field_error(name, ", ".join(choices))
    return value


def _placement(rules: FleetRules, seat: int, data: Mapping[str, JSON]) -> PlaceFleet:
    """``place``: ``ships``, one cell list per piece in the rule set's order (ships, then
    batteries), and ``flagship``, the index of one of the ships. Cells off the field are
    refused here; shapes and overlaps are the engine's to judge."""
    pieces = rules.pieces(seat)
    grid = rules.field(seat)
    ships = data.get("ships")
    expected = f"{len(pieces)} cell lists (cells 0 to {grid.size - 1})"
    if not isinstance(ships, list) or len(ships) != len(pieces):
        raise field_error("ships", expected)
    placed = []
    for kind, ship in zip(pieces, ships, strict=True):
        if not isinstance(ship, list) or len(ship) > grid.size:
            raise field_error("ships", expected)
        board = 0
        for cell in ship:
            board |= bit(_int(cell, "ships", 0, grid.size - 1))
        placed.append(PlacedShip(kind, board))
    flagship = _int(data.get("flagship"), "flagship", 0, len(pieces))
    return PlaceFleet(Placement(tuple(placed), flagship))


def _orders(data: Mapping[str, JSON]) -> Orders:
    """``orders`` (and ``check_orders``): ``ammo``, ``cells`` (enemy cells), ``fireships``
    (own pieces' indices) and ``hold`` (default false)."""
    ammo = Ammo(_choice(data.get("ammo", Ammo.CANNONBALL.value), "ammo",
                        [a.value for a in Ammo]))
    hold = _bool(data.get("hold", False), "hold")
    return Orders(ammo, _ints(data.get("cells", []), "cells"),
                  _ints(data.get("fireships", []), "fireships"), hold)


class _Computer(ComputerSeat[FleetBattleState, Action]):
    """The computer of a room: the engine's level, drawing from the system's entropy (its
    choices are logged as the room's moves, so a replay needs none of its draws)."""

    def __init__(self, level: str) -> None:
        self.player: Player = make_player(level, chance.entropy())

    def act(self, state: FleetBattleState, seat: int) -> Action | None:
        if seat not in state.actors.seats:
            return None
        return self.player.act(state.view(seat))


class FleetBattleHost(GameHost[FleetBattleState, FleetRules, Action, Event]):
    """The fleet battle in the server's rooms."""

    intents = ("place", "retreat", "mode", "orders", "grapple")
    queries = ("check_orders",)
    levels = ("captain", *(level for level in LEVELS if level != "captain"))

    def __init__(self, definition: FleetBattleDefinition) -> None:
        self.definition = definition

    # --- starting ---------------------------------------------------------------------

    def new_state(self, rules: FleetRules, first: int,
                  created: Mapping[str, JSON]) -> FleetBattleState:
        # Both sides act at once in every phase: nobody moves first.
        return FleetBattleState(rules)

    def lobby_rules(self, request: Mapping[str, JSON]) -> FleetRules:
        """``fleets`` (the builder: each side's make-up as counts by kind, with
        ``batteries`` and, if given, a ``budget`` both must keep within), else ``random``
        (a budget: one random fleet for both sides), else ``preset`` (a name)."""
        if request.get("fleets") is not None:
            return _built_rules(request)
        if request.get("random") is not None:
            budget = _budget(request["random"], "random")
            return random_equal_rules(budget, chance.entropy())
        name = _choice(request.get("preset", DEFAULT_PRESET), "preset", list(PRESETS))
        return PRESETS[name]

    def lobby_options(self) -> dict[str, JSON]:
        return {
            "presets": [{"name": name, **rules_to_data(rules),
                         "fields": [[rules.field(s).width, rules.field(s).height]
                                    for s in (0, 1)]} for name, rules in PRESETS.items()],
            "default_preset": DEFAULT_PRESET,
            "kinds": projection.kinds_data(),
            "most_batteries": MAX_BATTERIES,
            "random_budget": {"coins": RANDOM_BUDGET.coins, "guns": RANDOM_BUDGET.guns,
                              "wood": RANDOM_BUDGET.wood},
            "levels": list(self.levels),
        }

    # --- acting -----------------------------------------------------------------------

    def intent(self, state: FleetBattleState, phase: str, seat: int, kind: str,
               data: Mapping[str, JSON]) -> Action:
        action: Action
        if kind == "place":
            action = _placement(state.rules, seat, data)
        elif kind == "retreat":
            action = RetreatChoice(_bool(data.get("retreat"), "retreat"))
        elif kind == "mode":
            action = ChooseMode(Mode(_choice(data.get("mode"), "mode", [m.value for m in Mode])))
        elif kind == "orders":
            action = _orders(data)
        elif kind == "grapple":
            action = Grapple(_ints(data.get("ships"), "ships"))
        else:
            raise unknown_type(kind, self.intents)
        self._check_phase(state, kind, phase)
        if kind == "place" and state.placements[seat] is not None:
            raise SeaBattleError("game.error.already_placed")
        return action

    @staticmethod
    def _check_phase(state: FleetBattleState, kind: str, phase: str) -> None:
        """Refuse ``kind`` while the room is not playing (``phase``: waiting for the
        opponent, over) or the battle is at another of its phases."""
        if phase not in (SETUP, BATTLE):
            raise wrong_phase(kind, phase)
        if state.phase not in _PHASES_OF[kind]:
            raise wrong_phase(kind, state.phase.value)

    def query(self, state: FleetBattleState, phase: str, seat: int, kind: str,
              data: Mapping[str, JSON], language: Language) -> ClientEvent:
        """``check_orders``: ``orders_check`` with ``shots``, the cells the fleet fires
        with those fireships, and ``problem``, what ``orders`` would be refused for
        (``null``: nothing). Nothing is stored."""
        if kind != "check_orders":
            raise unknown_type(kind, self.queries)
        orders = _orders(data)
        self._check_phase(state, kind, phase)
        able = state.fireship_candidates(seat)
        shots = state.shots(seat, tuple(ship for ship in orders.fireships if ship in able))
        problem: JSON = None
        try:
            state.check(seat, orders)
        except SeaBattleError as error:
            problem = {"code": error.message_key,
                       "message": self.error_message(state.rules, error, language)}
        return {"type": "orders_check", "shots": shots, "problem": problem}

    def resign(self) -> Action:
        return Resign()

    def computer(self, rules: FleetRules, level: str, game_id: str) -> _Computer:
        return _Computer(level)

    def timeout_action(self, state: FleetBattleState, seat: int,
                       rng: random.Random) -> Action | None:
        # A decision left too long is made for its player, as the captain would make it.
        if seat not in state.actors.seats:
            return None
        return make_player("captain", rng).act(state.view(seat))

    def suggestion(self, rules: FleetRules, action: Action) -> ClientEvent:
        assert isinstance(action, PlaceFleet)
        return {"type": "fleet_suggestion",
                **projection.placement_data(action.placement)}

    # --- telling ----------------------------------------------------------------------

    def phase(self, state: FleetBattleState) -> str:
        return SETUP if state.phase is Phase.SETUP else BATTLE

    def ready(self, state: FleetBattleState, seat: int) -> bool:
        return state.placements[seat] is not None

    def events_of(self, rules: FleetRules, events: Sequence[Event]) -> list[JSON]:
        return [cast(JSON, projection.event_data(event)) for event in events]

    def stored_events(self, rules: FleetRules, stored: Sequence[JSON]) -> list[JSON]:
        return list(stored)

    def project(self, state: FleetBattleState, seat: int, action: Action,
                events: Sequence[Event], auto: bool) -> Told:
        return projection.project(state.rules, events, auto)

    def due(self, state: FleetBattleState) -> list[ClientEvent]:
        # What the battle waits for, and from whom, is the state's (phase, acting, the
        # reader's choice), sent after every move.
        return []

    def snapshot(self, state: FleetBattleState, audience: int | None, language: Language,
                 over: bool) -> dict[str, JSON]:
        return projection.snapshot(state, audience, language, over)

    def game_over(self, state: FleetBattleState) -> dict[str, JSON]:
        return projection.game_over(state)

    def record(self, state: FleetBattleState, players: tuple[str, str], level: str | None,
               game_id: str, reason: str) -> str:
        """The shared envelope around the game's log, every die in it."""
        rules = state.rules
        return Envelope(self.definition.name, rules_to_data(rules),
                        (PlayerInfo(players[0]), PlayerInfo(players[1], level)),
                        {"game_id": game_id, "reason": reason},
                        {"log": self.definition.log_to_data(rules, state.log)}).to_json()

    def error_message(self, rules: FleetRules, error: SeaBattleError,
                      language: Language) -> str:
        # The engine names cells in Latin letters; a Russian reader's field has Russian ones.
        fields = [rules.field(seat) for seat in (0, 1)]
        grid = Grid(max(f.width for f in fields), max(f.height for f in fields))
        return Coordinates(grid, ALPHABETS["ru" if language == "ru" else "latin"]).message(
            error, language)

    # --- old logs ---------------------------------------------------------------------

    def legacy_move(self, rules: FleetRules, state: FleetBattleState,
                    entry: Mapping[str, JSON]) -> Action | None:
        return None  # no server hosted the fleet battle before the rooms


def _budget(value: JSON | None, name: str) -> Price:
    expected = f"{{coins, guns, wood}}, each 0 to {MOST_BUDGET}"
    if not isinstance(value, dict):
        raise field_error(name, expected)
    figures = [value.get(key, 0) for key in ("coins", "guns", "wood")]
    if not all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= MOST_BUDGET
               for f in figures):
        raise field_error(name, expected)
    return Price(*cast(list[int], figures))


def _built_rules(request: Mapping[str, JSON]) -> FleetRules:
    """The builder's rule set: both make-ups checked for size here, the rest by the
    engine (an empty fleet, a field too large, no room for the batteries)."""
    fleets = request.get("fleets")
    kinds = [kind.value for kind in SHIP_KINDS]
    expected = f"two tables of counts by kind ({', '.join(kinds)}), each 0 to {MOST_OF_A_KIND}"
    if not isinstance(fleets, list) or len(fleets) != 2:
        raise field_error("fleets", expected)
    for fleet in fleets:
        if not isinstance(fleet, dict) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MOST_OF_A_KIND
                for n in fleet.values()):
            raise field_error("fleets", expected)
    make_ups = [make_up_from_data(fleet) for fleet in fleets]
    batteries = _ints(request.get("batteries", [0, 0]), "batteries", MAX_BATTERIES)
    if len(batteries) != 2:
        raise field_error("batteries", f"two counts from 0 to {MAX_BATTERIES}")
    if request.get("budget") is not None:
        budget = _budget(request["budget"], "budget")
        make_ups = [within_budget(make_up, budget) for make_up in make_ups]
    rules = FleetRules((make_ups[0], make_ups[1]), (batteries[0], batteries[1]),
                       name="built")
    # A make-up equal to a preset's is that preset (the same name, the same match key).
    for name, preset in PRESETS.items():
        if (preset.fleets, preset.batteries) == (rules.fleets, rules.batteries):
            return PRESETS[name]
    return rules

