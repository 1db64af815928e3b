"""Each rule of seed 002's tactical battle through the public interface, on small
hand-placed fleets: fields, placement, kinds of shot, modes, fire, hold fire, retreat,
fireships, boarding and grapples, the flagship, batteries, the end and its result."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seabattle.errors import IllegalShotError, PlacementError, RulesError, SeaBattleError
from seabattle.fleetbattle.actions import (
    ChooseMode,
    Dice,
    Die,
    Grapple,
    Orders,
    Pick,
    PlaceFleet,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.events import (
    FireshipRolled,
    FireStarted,
    GrappleEnded,
    Retreated,
    ShipLost,
    VolleyFired,
)
from seabattle.fleetbattle.fleets import PRESETS, cost, random_equal_rules, random_fleet
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.rules import FleetRules, field_of, rules_from_data, rules_to_data
from seabattle.fleetbattle.ships import Ammo, Kind, Mode, Price
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.views import Phase
from seabattle.games.chance import seeded


def line(start: int, length: int, step: int = 1) -> int:
    return sum(1 << (start + i * step) for i in range(length))


def fleet(*ships: tuple[Kind, int], flagship: int = 0) -> Placement:
    return Placement(tuple(PlacedShip(kind, cells) for kind, cells in ships), flagship)


def begin(rules: FleetRules, *placements: Placement) -> FleetBattleState:
    state = DEFINITION.new_state(rules)
    for seat, placement in enumerate(placements):
        state.apply(seat, PlaceFleet(placement))
    return state


def stay(state: FleetBattleState) -> None:
    for seat in sorted(state.actors.seats):
        state.apply(seat, RetreatChoice(False))


def to_mode(state: FleetBattleState, mode: Mode, winner: int = 0) -> None:
    """Stay, win the manoeuvre for ``winner`` with dice 6 against 1, choose ``mode``."""
    stay(state)
    state.apply_chance(Dice((6, 1)) if winner == 0 else Dice((1, 6)))
    state.apply(winner, ChooseMode(mode))


# Both sides: a frigate (cells 0–2 across) and two brigs (6–7, 12–13), on a 6·6 field.
TRIO = FleetRules(((Kind.FRIGATE, Kind.BRIG, Kind.BRIG), (Kind.FRIGATE, Kind.BRIG, Kind.BRIG)))
TRIO_FLEET = fleet((Kind.FRIGATE, line(0, 3)), (Kind.BRIG, line(6, 2)), (Kind.BRIG, line(12, 2)))


def trio() -> FleetBattleState:
    return begin(TRIO, TRIO_FLEET, TRIO_FLEET)


def volley(state: FleetBattleState, first: Orders, second: Orders | None = None) -> None:
    state.apply(0, first)
    state.apply(1, second or Orders(Ammo.CANNONBALL, ()))


# --- fields and placement ---------------------------------------------------------------

@pytest.mark.parametrize(("make_up", "size"), [
    ((Kind.FRIGATE, Kind.CORVETTE, Kind.BRIG, Kind.BRIG, Kind.BRIG), (9, 6)),
    ((Kind.CORVETTE,), (3, 2)), ((Kind.LINER,), (6, 3)), ((Kind.BRIG,) * 7, (12, 7)),
    ((Kind.LINER,) * 8, (12, 12))])
def test_the_field_is_the_squarest_rectangle_of_area_six_m(
        make_up: tuple[Kind, ...], size: tuple[int, int]) -> None:
    grid = field_of(make_up)
    assert (grid.width, grid.height) == size
    assert grid.size == 6 * sum({Kind.LINER: 3, Kind.FRIGATE: 2, Kind.CORVETTE: 1,
                                 Kind.BRIG: 2, Kind.TRANSPORT: 1}[k] for k in make_up)


def test_batteries_do_not_count_for_the_field() -> None:
    rules = FleetRules(((Kind.BRIG,), (Kind.BRIG,)), batteries=(2, 0))
    assert rules.field(0) == rules.field(1) and rules.pieces(0)[-2:] == (Kind.BATTERY,) * 2


def test_rule_sets_are_refused_with_the_reason_and_round_trip() -> None:
    with pytest.raises(RulesError, match="no ship"):
        FleetRules(((), (Kind.BRIG,)))
    with pytest.raises(RulesError, match="heaviest first"):
        FleetRules(((Kind.BRIG, Kind.FRIGATE), (Kind.BRIG,)))
    with pytest.raises(RulesError, match="0 to 2"):
        FleetRules(((Kind.BRIG,), (Kind.BRIG,)), batteries=(3, 0))
    with pytest.raises(RulesError, match="galleon"):
        rules_from_data({"fleets": [{"galleon": 1}, {"brig": 1}]})
    for rules in PRESETS.values():
        assert rules_from_data(rules_to_data(rules)) == rules
    assert DEFINITION.rules_title(PRESETS["example"]).render("ru") == (
        "корвет ×2, бриг ×3, транспортник ×1 против фрегат ×1, корвет ×1, бриг ×3")


def test_ships_may_touch_but_not_overlap_bend_or_change_kind() -> None:
    state = DEFINITION.new_state(TRIO)
    touching = fleet((Kind.FRIGATE, line(0, 3)), (Kind.BRIG, line(3, 2)),
                     (Kind.BRIG, line(6, 2)))
    state.check(0, PlaceFleet(touching))
    overlapping = fleet((Kind.FRIGATE, line(0, 3)), (Kind.BRIG, line(2, 2)),
                        (Kind.BRIG, line(6, 2)))
    with pytest.raises(PlacementError, match="overlaps"):
        state.check(0, PlaceFleet(overlapping))
    bent = fleet((Kind.FRIGATE, line(0, 2) | line(6, 1)), (Kind.BRIG, line(12, 2)),
                 (Kind.BRIG, line(18, 2)))
    with pytest.raises(PlacementError, match=r"straight line of cells \(decks: 3\)"):
        state.check(0, PlaceFleet(bent))
    wrapped = fleet((Kind.FRIGATE, line(4, 3)), (Kind.BRIG, line(12, 2)),
                    (Kind.BRIG, line(18, 2)))
    with pytest.raises(PlacementError, match="straight line"):
        state.check(0, PlaceFleet(wrapped))
    vertical = fleet((Kind.FRIGATE, line(0, 3, 6)), (Kind.BRIG, line(1, 2, 6)),
                     (Kind.BRIG, line(2, 2)))
    state.check(0, PlaceFleet(vertical))
    wrong = fleet((Kind.FRIGATE, line(0, 3)), (Kind.CORVETTE, line(6, 2)),
                  (Kind.BRIG, line(12, 2)))
    with pytest.raises(PlacementError, match="frigate, brig, brig"):
        state.check(0, PlaceFleet(wrong))
    with pytest.raises(PlacementError, match="flagship"):
        state.check(0, PlaceFleet(Placement(TRIO_FLEET.ships, 3)))
    assert state.log == [] and state.phase is Phase.SETUP


def test_the_set_up_is_simultaneous_and_hidden() -> None:
    state = DEFINITION.new_state(TRIO)
    assert state.actors.seats == {0, 1}
    state.apply(0, PlaceFleet(TRIO_FLEET))
    assert state.view(0).own is not None and state.view(1).own is None
    assert state.view(None).own is None and state.actors.seats == {1}
    with pytest.raises(SeaBattleError):
        state.apply(0, PlaceFleet(TRIO_FLEET))


# --- fire ---------------------------------------------------------------------------------

def test_a_volley_calls_up_to_the_firepower_and_hits_are_answered() -> None:
    state = trio()
    stay(state)
    assert state.shots(0) == 5  # frigate 3 + two brigs
    with pytest.raises(IllegalShotError, match="cells called: 6"):
        state.check(0, Orders(Ammo.CANNONBALL, (0, 1, 2, 3, 4, 5)))
    with pytest.raises(IllegalShotError, match="twice"):
        state.check(0, Orders(Ammo.CANNONBALL, (0, 0)))
    with pytest.raises(IllegalShotError, match="off the enemy"):
        state.check(0, Orders(Ammo.CANNONBALL, (36,)))
    with pytest.raises(IllegalShotError, match="grapeshot cannot be fired in long range"):
        state.check(0, Orders(Ammo.GRAPE, (0,)))
    state.apply(0, Orders(Ammo.CANNONBALL, (0, 1, 6, 30)))
    assert state.view(1).sides[0].ready and not state.view(1).sides[1].ready
    assert not state.view(1).sides[1].shots  # nothing of seat 0's volley is told yet
    state.apply(1, Orders(Ammo.CANNONBALL, ()))
    fired = next(e for e in state.journal if isinstance(e, VolleyFired) and e.seat == 0)
    assert [(s.cell, s.hit) for s in fired.shots] == [(0, True), (1, True), (6, True),
                                                       (30, False)]
    assert state.hulls[1][0].cannon == line(0, 2) and state.hulls[1][0].status is Status.ACTIVE


def test_no_cannonball_twice_at_a_deck_but_chain_may_follow_and_grape_not_twice() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, (0,)))
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    with pytest.raises(IllegalShotError, match="A1 was already hit with cannonballs"):
        state.check(0, Orders(Ammo.CANNONBALL, (0,)))
    state.check(0, Orders(Ammo.CHAIN, (0,)))
    volley(state, Orders(Ammo.CHAIN, (0, 1)))
    assert state.hulls[1][0].manoeuvre == 0 and state.hulls[1][0].firepower == 2
    to_mode(state, Mode.CLOSE)
    with pytest.raises(IllegalShotError, match="chain shot cannot be fired in close range"):
        state.check(0, Orders(Ammo.CHAIN, (2,)))
    state.check(0, Orders(Ammo.GRAPE, (0, 1)))  # grape on decks hit by cannon and chain
    volley(state, Orders(Ammo.GRAPE, (0,)))
    assert state.hulls[1][0].boarding == 3 and state.hulls[1][0].firepower == Fraction(3, 2)
    to_mode(state, Mode.CLOSE)
    with pytest.raises(IllegalShotError, match="already hit with grapeshot"):
        state.check(0, Orders(Ammo.GRAPE, (0,)))


def test_close_range_adds_a_quarter_and_the_fractions_are_rounded_down() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CHAIN, (6,)))
    to_mode(state, Mode.CLOSE)
    # 3 + 0.5 + 1 = 4.5, ×1.25 = 5.625: five shots.
    assert state.view(0).sides[0].totals.firepower == Fraction(9, 2)
    assert state.shots(0) == 5 and state.view(0).shots_allowed == 5
    assert state.shots(1) == 6  # 5 × 1.25 = 6.25


def test_both_volleys_land_together() -> None:
    state = trio()
    stay(state)
    # Each side sinks the other's brig at 6–7; both still fired with it this turn.
    volley(state, Orders(Ammo.CANNONBALL, (6, 7)), Orders(Ammo.CANNONBALL, (6, 7)))
    lost = [e for e in state.journal if isinstance(e, ShipLost)]
    assert {(e.seat, e.ship, e.status) for e in lost} == {(0, 1, Status.SUNK),
                                                          (1, 1, Status.SUNK)}
    assert state.view(0).sides[1].lost[0].cells == line(6, 2)


# --- hold fire and retreat ----------------------------------------------------------------

def test_hold_fire_gives_a_quarter_more_and_forbids_the_enemy_to_retreat() -> None:
    state = trio()
    stay(state)
    with pytest.raises(IllegalShotError, match="no cells"):
        state.check(0, Orders(Ammo.CANNONBALL, (0,), hold=True))
    volley(state, Orders(hold=True))
    assert state.actors.seats == {0}  # seat 1 may not retreat this turn
    with pytest.raises(SeaBattleError):
        state.apply(1, RetreatChoice(True))
    state.apply(0, RetreatChoice(False))
    state.apply_chance(Dice((2, 3)))
    # (2 + 6 − 3) × 1.25 = 6.25 against 3 + 6 − 3 = 6
    assert state.actors.seats == {0}
    state.apply(0, ChooseMode(Mode.LONG))
    assert state.shots(0) == 6  # 5 × 1.25


def test_a_retreat_draws_a_parting_volley_of_half_the_firepower() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CHAIN, (6, 7)))
    state.apply(0, RetreatChoice(True))
    state.apply(1, RetreatChoice(False))
    assert state.phase is Phase.PARTING and state.actors.seats == {1}
    assert state.shots(1) == 2  # half of 5, rounded down
    with pytest.raises(SeaBattleError, match="fireships"):
        state.check(1, Orders(Ammo.CANNONBALL, (0,), fireships=(1,)))
    with pytest.raises(IllegalShotError, match="cells called: 3"):
        state.check(1, Orders(Ammo.CANNONBALL, (0, 1, 2)))
    state.apply(1, Orders(Ammo.CANNONBALL, (12, 13)))  # sinks the second brig
    retreat = state.journal[-2]
    # the brig with manoeuvre 0 (two chain hits) stays behind and is captured
    assert retreat == Retreated(0, (0,), (1,))
    assert state.hulls[0][2].status is Status.SUNK
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    # neutral: the outcome is shown to both sides (the narrator names the loser)
    assert outcome.reason.render("en") == "the losing side retreated"


def test_ships_half_hit_by_grapeshot_cannot_leave() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.CLOSE, winner=1)
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.GRAPE, (6, 0)))
    state.apply(0, RetreatChoice(True))
    state.apply(1, RetreatChoice(False))
    state.apply(1, Orders(hold=True))
    assert state.journal[-2] == Retreated(0, (0, 2), (1,))  # brig: 1 of 2 decks by grape


def test_after_holding_fire_a_retreat_is_not_fired_at_and_both_retreating_is_a_draw() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(hold=True))
    state.apply(0, RetreatChoice(True))
    assert state.journal[-2] == Retreated(0, (0, 1, 2), ())
    other = trio()
    for seat in (0, 1):
        other.apply(seat, RetreatChoice(True))
    outcome = other.outcome()
    assert outcome is not None and outcome.winner is None
    assert other.view(None).results is not None


# --- fireships ----------------------------------------------------------------------------

def test_fireships_do_not_fire_and_strike_on_the_die_by_their_manoeuvre() -> None:
    state = trio()
    stay(state)
    assert state.view(0).fireship_limit == 1  # half of 3 ships
    with pytest.raises(SeaBattleError, match="at most 1"):
        state.check(0, Orders(Ammo.CANNONBALL, (), fireships=(1, 2)))
    assert state.shots(0, (1,)) == 4
    with pytest.raises(IllegalShotError, match="cells called: 5"):
        state.check(0, Orders(Ammo.CANNONBALL, (0, 1, 2, 3, 4), fireships=(1,)))
    volley(state, Orders(Ammo.CANNONBALL, (), fireships=(1,)))
    assert [o.action for o in state.chance_outcomes()] == [Die(v) for v in range(1, 7)]
    state.apply_chance(Die(4))  # a brig (manoeuvre 2) strikes on 1–3 at long range
    assert FireshipRolled(0, 1, 4, False) in state.journal
    assert state.hulls[0][1].status is Status.SPENT
    assert all(h.status is Status.ACTIVE for h in state.hulls[1])


def test_a_fireship_immobilised_by_chain_is_stopped() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, (), fireships=(1,)), Orders(Ammo.CHAIN, (6, 7)))
    assert FireshipRolled(0, 1, None, False) in state.journal
    assert state.turn == 2 and state.hulls[0][1].status is Status.SPENT


def test_at_close_range_a_fireship_strikes_more_often_and_may_set_its_own_side_afire() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.CLOSE)
    volley(state, Orders(Ammo.CANNONBALL, (), fireships=(1,)))
    state.apply_chance(Die(4))  # 1–4 at close range for manoeuvre 2
    assert {o.action for o in state.chance_outcomes()} == {Pick(1, 0), Pick(1, 1),
                                                           Pick(1, 2)}
    state.apply_chance(Pick(1, 0))
    state.apply_chance(Die(1))  # fire aboard
    assert state.journal[-1] == FireStarted(0, 1)
    assert {o.action for o in state.chance_outcomes()} == {Pick(0, 0), Pick(0, 2)}
    state.apply_chance(Pick(0, 2))
    statuses = [[h.status for h in side] for side in state.hulls]
    assert statuses == [[Status.ACTIVE, Status.SPENT, Status.BURNT],
                        [Status.BURNT, Status.ACTIVE, Status.ACTIVE]]
    assert state.flagship_lost(1) and state.factor(1) == Fraction(3, 4)


# --- boarding -----------------------------------------------------------------------------

def test_boarding_takes_the_difference_in_decks_and_never_twice_running() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.BOARDING)
    state.apply_chance(Dice((6, 4)))  # 6 + 8 against 4 + 8: two decks
    # both brigs have manoeuvre 2 like the frigate: the dice choose among the three
    assert {o.action for o in state.chance_outcomes()} == {Pick(1, 0), Pick(1, 1),
                                                           Pick(1, 2)}
    state.apply_chance(Pick(1, 1))
    assert state.hulls[1][1].status is Status.CAPTURED
    assert state.turn == 3
    stay(state)
    state.apply_chance(Dice((6, 1)))
    assert [a.mode for a in state.legal_actions(0)] == [Mode.LONG, Mode.CLOSE]  # type: ignore[union-attr]
    with pytest.raises(SeaBattleError, match="boarding cannot follow boarding"):
        state.apply(0, ChooseMode(Mode.BOARDING))


def test_a_ship_taken_in_part_is_grappled_until_a_later_roll_decides() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.BOARDING)
    state.apply_chance(Dice((5, 4)))  # one deck
    state.apply_chance(Pick(1, 0))  # of the frigate
    assert state.phase is Phase.GRAPPLE and state.actors.seats == {0}
    assert len(state.legal_actions(0) or []) == 7
    with pytest.raises(SeaBattleError, match="at least one"):
        state.apply(0, Grapple(()))
    state.apply(0, Grapple((1, 2)))
    assert state.turn == 3  # no roll at the end of the turn it began
    assert state.totals(0).ships == 1 and state.totals(1).ships == 2
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    assert state.shots(0) == 3  # the grappled brigs sit the turn out
    volley(state, Orders(Ammo.CANNONBALL, ()))
    # The grapple rolls: 1 + 4 (two brigs) against 6 + 4 − 0 (frigate): 5 decks
    state.apply_chance(Dice((1, 6)))
    assert state.hulls[0][1].status is Status.CAPTURED
    assert state.hulls[0][2].status is Status.CAPTURED
    assert GrappleEnded(1) in state.journal
    assert state.hulls[1][0].status is Status.ACTIVE


def test_sinking_a_grappled_ship_sinks_the_ships_locked_with_it() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.BOARDING)
    state.apply_chance(Dice((5, 4)))
    state.apply_chance(Pick(1, 0))
    state.apply(0, Grapple((1,)))
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    volley(state, Orders(Ammo.CANNONBALL, (1, 2)))  # the frigate's two decks left
    assert {(e.seat, e.ship) for e in state.journal if isinstance(e, ShipLost)} == {
        (1, 0), (0, 1)}


# --- batteries, the flagship, the end -----------------------------------------------------

def test_a_battery_fires_falls_to_one_cannonball_and_shrugs_off_chain() -> None:
    rules = FleetRules(((Kind.BRIG,), (Kind.BRIG,)), batteries=(1, 0))
    state = begin(rules, fleet((Kind.BRIG, line(0, 2)), (Kind.BATTERY, line(4, 2))),
                  fleet((Kind.BRIG, line(0, 2))))
    stay(state)
    assert state.shots(0) == 2 and state.totals(0).ships == 1
    assert state.fireship_candidates(0) == [0]
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CHAIN, (4,)))
    assert state.hulls[0][1].firepower == 1
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CANNONBALL, (5,)))
    assert state.hulls[0][1].status is Status.SUNK
    assert state.outcome() is None  # a battery is not a ship


def test_surrender_gives_the_ships_to_the_enemy_and_the_result_counts_trophies() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, (6, 7, 12, 13)))
    state.apply(1, Resign())
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    view = state.view(1)
    assert view.results is not None and view.placements is not None
    assert view.results[1].captured == (0,) and view.results[1].destroyed == (1, 2)
    assert (view.results[0].trophy_coins, view.results[0].trophy_wood) == (4, 1)
    with pytest.raises(SeaBattleError, match="over"):
        state.apply(0, RetreatChoice(False))


def test_the_battle_ends_when_a_side_has_no_ship_and_at_the_turn_limit() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, (0, 1, 2, 6, 7)))
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    volley(state, Orders(Ammo.CANNONBALL, (12, 13)))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.reason.render("ru") == "у проигравшей стороны не осталось кораблей в бою"
    limited = begin(FleetRules(TRIO.fleets, turn_limit=1), TRIO_FLEET, TRIO_FLEET)
    stay(limited)
    volley(limited, Orders(hold=True), Orders(hold=True))
    outcome = limited.outcome()
    assert outcome is not None and outcome.winner is None


def test_chance_draws_only_what_it_may_and_seats_cannot_draw() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    stay(state)
    assert state.actors.chance
    with pytest.raises(SeaBattleError, match="draw"):
        state.apply_chance(Die(3))
    with pytest.raises(SeaBattleError, match="draw"):
        state.apply_chance(Dice((7, 1)))
    with pytest.raises(SeaBattleError):
        state.apply(0, ChooseMode(Mode.LONG))
    assert sum(o.probability for o in state.chance_outcomes()) == 1


# --- fleets -------------------------------------------------------------------------------

def test_fleets_by_the_seed_s_prices() -> None:
    assert cost(PRESETS["example"].fleets[0]) == Price(51, 5, 0)
    rng = seeded(4)
    budget = Price(60, 6, 3)
    for _ in range(20):
        made = random_fleet(budget, rng)
        assert cost(made).within(budget) and made
        assert not any((cost(made) + price).within(budget) for price in (
            Price(7),))  # a transport would still fit otherwise
    rules = random_equal_rules(budget, rng)
    assert rules.fleets[0] == rules.fleets[1]
    state = DEFINITION.new_state(rules)
    state.apply(0, state.random_action(0, rng))
    assert state.view(0).own is not None


def test_a_parting_volley_of_chain_keeps_a_ship_behind() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CHAIN, (6,)))  # brig: manoeuvre 1
    state.apply(0, RetreatChoice(True))
    state.apply(1, RetreatChoice(False))
    state.apply(1, Orders(Ammo.CHAIN, (7,)))  # not again at 6 (chain hit it), 7 is legal
    assert state.journal[-2] == Retreated(0, (0, 2), (1,))
    assert state.view(1).results is not None and state.view(1).results[0].captured == (1,)


def test_both_fleets_gone_in_one_turn_is_a_draw() -> None:
    rules = FleetRules(((Kind.BRIG,), (Kind.BRIG,)))
    brig = fleet((Kind.BRIG, line(0, 2)))
    state = begin(rules, brig, brig)
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, (0,)), Orders(Ammo.CANNONBALL, (0,)))
    stay(state)
    state.apply_chance(Dice((6, 1)))
    state.apply(0, ChooseMode(Mode.LONG))
    volley(state, Orders(Ammo.CANNONBALL, (1,)), Orders(Ammo.CANNONBALL, (1,)))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason.render("en") == "both fleets are gone"


def test_a_fireship_that_burns_a_grappled_ship_takes_its_grapple_down() -> None:
    state = trio()
    stay(state)
    volley(state, Orders(Ammo.CANNONBALL, ()))
    to_mode(state, Mode.BOARDING)
    state.apply_chance(Dice((5, 4)))
    state.apply_chance(Pick(1, 0))  # one deck of seat 1's frigate
    state.apply(0, Grapple((1,)))  # locked with seat 0's first brig
    to_mode(state, Mode.LONG, winner=1)
    volley(state, Orders(Ammo.CANNONBALL, ()), Orders(Ammo.CANNONBALL, (), fireships=(1,)))
    state.apply_chance(Die(1))
    state.apply_chance(Pick(0, 1))  # the fireship strikes seat 0's grappled brig
    lost = {(e.seat, e.ship, e.status) for e in state.journal if isinstance(e, ShipLost)}
    assert {(0, 1, Status.BURNT), (1, 0, Status.SUNK), (1, 1, Status.SPENT)} <= lost
    assert GrappleEnded(1) in state.journal
