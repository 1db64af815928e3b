"""The fleet battle through the game interface: random whole games on every preset
(the platform's conformance checks, tests/test_games.py), and Hypothesis properties —
a volley never exceeds the firepower, bad orders change nothing, the totals are the sum
over the ships in the fight, views keep each side's secrets, the log replays exactly."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import Orders
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.events import VolleyFired
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind, Mode
from seabattle.fleetbattle.state import BONUS, FleetBattleState
from seabattle.fleetbattle.views import Phase
from seabattle.games.chance import draw
from seabattle.games.interface import SEATS
from tests.test_games import play_randomly, snapshot

RULE_SETS = [*PRESETS.values(),
             FleetRules(((Kind.LINER, Kind.TRANSPORT), (Kind.BRIG,) * 4), batteries=(2, 0)),
             FleetRules(((Kind.TRANSPORT,), (Kind.TRANSPORT,)), turn_limit=8)]


def replayed(rules: FleetRules, state: FleetBattleState) -> FleetBattleState:
    """``state`` rebuilt from its rules and log, both through JSON text."""
    text = json.dumps({"rules": DEFINITION.rules_to_data(rules),
                       "log": DEFINITION.log_to_data(rules, state.log)})
    data = json.loads(text)
    again = DEFINITION.rules_from_data(data["rules"])
    return DEFINITION.replay(again, DEFINITION.log_from_data(again, data["log"]))


@given(seed=st.integers(0, 2**32), index=st.integers(0, len(RULE_SETS) - 1))
def test_random_battles_keep_the_interface_and_replay_exactly(seed: int, index: int) -> None:
    rules = RULE_SETS[index]
    state = play_randomly(DEFINITION.new_state(rules), random.Random(seed))
    assert isinstance(state, FleetBattleState)
    again = replayed(rules, state)
    assert snapshot(again) == snapshot(state)
    for seat in (None, 0, 1):
        json.dumps(DEFINITION.view_to_data(state.view(seat)))
    json.dumps([DEFINITION.event_to_data(rules, event) for event in state.journal])


def steps(state: FleetBattleState, rng: random.Random, limit: int = 3000):  # type: ignore[no-untyped-def]
    """Play ``state`` with random legal actions, yielding it before every seat's action."""
    for _ in range(limit):
        if state.actors.over:
            return
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        seat = rng.choice(sorted(state.actors.seats))
        yield seat
        state.apply(seat, state.random_action(seat, rng))
    raise AssertionError("no end")


def _expected_power(state: FleetBattleState, seat: int, orders: Orders) -> Fraction:
    firing = [hull for index, hull in enumerate(state.hulls[seat])
              if hull.status is Status.ACTIVE and index not in orders.fireships]
    power = sum((hull.firepower for hull in firing), Fraction(0)) * state.factor(seat)
    if state.phase is Phase.PARTING:
        return power / 2
    return power * BONUS if state.mode is Mode.CLOSE else power


@given(seed=st.integers(0, 2**32), index=st.integers(0, len(RULE_SETS) - 1))
def test_a_volley_never_exceeds_the_firepower(seed: int, index: int) -> None:
    rng = random.Random(seed)
    state = DEFINITION.new_state(RULE_SETS[index])
    for seat in steps(state, rng):
        if state.phase not in (Phase.ORDERS, Phase.PARTING):
            continue
        orders = state.random_orders(seat, rng)
        power = _expected_power(state, seat, orders)
        assert len(orders.cells) <= floor(power) == state.shots(seat, orders.fireships)
        too_many = Orders(orders.ammo, tuple(state.legal_cells(seat, orders.ammo))[
            :floor(power) + 1], orders.fireships)
        if len(too_many.cells) > floor(power):
            with pytest.raises(SeaBattleError):
                state.check(seat, too_many)
    for event in state.journal:
        if isinstance(event, VolleyFired):
            assert not (event.hold and event.shots)


orders_strategy = st.builds(
    Orders, ammo=st.sampled_from(Ammo), cells=st.lists(st.integers(-3, 60), max_size=12).map(
        tuple), fireships=st.lists(st.integers(-1, 8), max_size=4).map(tuple),
    hold=st.booleans())


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), index=st.integers(0, len(RULE_SETS) - 1),
       bad=st.lists(orders_strategy, min_size=8, max_size=8))
def test_bad_orders_change_nothing(seed: int, index: int, bad: list[Orders]) -> None:
    rng = random.Random(seed)
    state = DEFINITION.new_state(RULE_SETS[index])
    tried = 0
    for seat in steps(state, rng):
        if state.phase not in (Phase.ORDERS, Phase.PARTING) or tried >= len(bad):
            continue
        orders = bad[tried]
        tried += 1
        before = snapshot(state)
        hulls = [[(h.status, h.cannon, h.chain, h.grape, h.captured) for h in side]
                 for side in state.hulls]
        try:
            state.check(seat, orders)
        except SeaBattleError as refused:
            assert refused.message("ru") != refused.message("en")
            with pytest.raises(SeaBattleError):
                state.apply(seat, orders)
            assert snapshot(state) == before
            assert [[(h.status, h.cannon, h.chain, h.grape, h.captured) for h in side]
                    for side in state.hulls] == hulls


@given(seed=st.integers(0, 2**32), index=st.integers(0, len(RULE_SETS) - 1))
def test_totals_are_the_sum_over_the_ships_in_the_fight(seed: int, index: int) -> None:
    rng = random.Random(seed)
    state = DEFINITION.new_state(RULE_SETS[index])
    for _seat in steps(state, rng):
        for seat in SEATS:
            own = state.view(seat).own
            if own is None:
                continue
            active = [ship for ship in own if ship.status is Status.ACTIVE]
            ships = [ship for ship in active if ship.kind is not Kind.BATTERY]
            totals = state.view(1 - seat).sides[seat].totals
            assert totals.firepower == sum((s.firepower for s in active), Fraction(0))
            assert totals.boarding == sum(s.boarding for s in ships)
            assert totals.manoeuvre == sum(s.manoeuvre for s in ships)
            assert totals.ships == len(ships)
            assert all(s.firepower >= 0 and s.boarding >= 0 and s.manoeuvre >= 0 for s in own)


def _tables(data: object) -> list[dict[str, object]]:
    """Every table inside ``data``."""
    if isinstance(data, dict):
        return [data, *(t for value in data.values() for t in _tables(value))]
    if isinstance(data, list):
        return [t for value in data for t in _tables(value)]
    return []


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), index=st.integers(0, len(RULE_SETS) - 1))
def test_a_side_never_sees_the_enemy_fleet_before_the_end(seed: int, index: int) -> None:
    # Outside its own fleet, no table a seat is sent holds the cells of an enemy ship
    # still in the fight; a spectator sees neither fleet.
    rng = random.Random(seed)
    state = DEFINITION.new_state(RULE_SETS[index])
    for _seat in steps(state, rng):
        for seat in (0, 1, None):
            view = state.view(seat)
            assert view.placements is None
            assert (view.own is None) == (seat is None or state.placements[seat] is None)
            data = DEFINITION.view_to_data(view)
            del data["own"]
            for side in SEATS:
                if side == seat or state.placements[side] is None:
                    continue
                hidden = {hull.cells for hull in state.hulls[side] if hull.status.in_battle}
                assert not any(t.get("cells") in hidden for t in _tables(data))
    assert state.view(0).placements is not None
