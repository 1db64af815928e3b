"""The manoeuvre game's computer players: legal whole games at every level, the same game
for the same seeds, set-ups in the back rows, the best answer to an attack, and a belief
that agrees with what was seen."""

from __future__ import annotations

import random

import pytest

from seabattle.errors import SeaBattleError
from seabattle.games.chance import draw, seeded
from seabattle.manoeuvres.actions import Attack, Defend, Deploy, EndTurn, PointBlank, Step
from seabattle.manoeuvres.ai.belief import Belief
from seabattle.manoeuvres.ai.evaluation import (
    EXPOSED,
    QUIET_HORIZON,
    SHIPLESS,
    THREAT,
    evaluate,
    judge,
)
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import refuse_layout
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.state import ManoeuvreState
from tests.test_manoeuvres_rules import at, kind_on, position


def play(levels: tuple[str, str], seed: int) -> ManoeuvreState:
    rules = PRESETS["skirmish"]
    state = DEFINITION.new_state(rules)
    players = [ComputerPlayer(levels[0], seeded(seed)), ComputerPlayer(levels[1],
                                                                       seeded(seed + 1))]
    rng = seeded(seed + 2)
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        seat = min(state.actors.seats)
        state.apply(seat, players[seat].choose(state.view(seat)))  # apply checks it
    return state


@pytest.mark.parametrize("levels", [("novice", "medium"), ("hard", "medium")])
def test_computer_players_finish_games_legally_and_repeat_with_their_seeds(
        levels: tuple[str, str]) -> None:
    first = play(levels, 11)
    assert first.outcome() is not None
    assert list(play(levels, 11).log) == list(first.log)


@pytest.mark.parametrize("seat", [0, 1])
def test_strong_set_ups_are_legal_and_hide_the_forts_behind_mines(seat: int) -> None:
    for preset in PRESETS.values():
        for seed in range(20):
            layout = strong_layout(preset, seat, random.Random(seed))
            refuse_layout(preset, seat, Deploy(layout))
            back = preset.rows - 1 if seat == 0 else 0
            assert all(cell // preset.columns == back for cell, kind in layout
                       if kind is Kind.FORT)


def test_an_attack_on_a_group_is_answered_with_the_fewest_ships_that_win() -> None:
    state = position("f . . . .", ". c c c .", ". . D . .", "F . . . .")
    state.apply(0, Attack(at(state, "C2"), (at(state, "C3"),)))
    answer = ComputerPlayer("novice", seeded(1)).choose(state.view(1))
    assert answer == Defend((at(state, "C2"),))  # one cruiser beats one destroyer


def test_a_belief_keeps_to_what_was_seen() -> None:
    state = position("f . . . s", ". . . . .", ". . . . .", "F . . . S", first=1)
    state.apply(1, state.legal_actions(1)[0])  # type: ignore[index]
    belief = Belief.of(state.view(0))
    moved = [number for number, has_moved, _back in belief.unknown if has_moved]
    for seed in range(20):
        sample = belief.sample(random.Random(seed))
        assert sorted(sample.values(), key=lambda k: k.value) == [Kind.FORT, Kind.SUBMARINE]
        assert all(sample[number] is Kind.SUBMARINE for number in moved)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(SeaBattleError, match="novice, medium, hard"):
        ComputerPlayer("grandmaster", seeded(1))
    assert LEVELS == ("novice", "medium", "hard")


def test_the_timing_benchmark_times_every_action_but_the_set_up(
        capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.manoeuvres.ai.timing import main, timed_game

    winner, times = timed_game("medium", "novice", "skirmish", 3, swap=True)
    assert winner in (0, 1, None) and times and all(t.wall >= 0 and t.cpu >= 0 for t in times)
    assert main(["--level", "medium", "--against", "novice", "--rules", "skirmish",
                 "--games", "2"]) == 0
    assert "medium against novice, rules skirmish, 2 games" in capsys.readouterr().out


def test_hard_walks_up_to_the_last_fort_and_takes_it() -> None:
    # The enemy's cruiser has moved, so the piece that never moved is its fort: every
    # sampled world agrees, and the look-ahead sees the step and the attack after it.
    state = position("f . . . c", ". . . . .", "C . . . .", "F . . . .", first=1)
    state.apply(1, state.legal_actions(1)[0])  # type: ignore[index]
    hard = ComputerPlayer("hard", seeded(5))
    for _action in range(2):
        state.apply(0, hard.choose(state.view(0)))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0


def ahead_with_quiet_turns_left(left: int) -> ManoeuvreState:
    """The enemy has shot its own cruiser (``hard``, seat 0, is a cruiser and a torpedo
    ahead); then both sides step to and fro until ``left`` quiet turns remain (of 12)."""
    state = position("f . . . s . t k c", *[". . . . . . . . ."] * 6, "F . . . S . T K C",
                     first=1, quiet=12)
    state.apply(1, PointBlank(at(state, "G1"), at(state, "I1")))
    to_and_fro = [(0, "E8", "E7"), (1, "E1", "E2"), (0, "E7", "E8"), (1, "E2", "E1")]
    turn = 0
    while state.rules.quiet_turns - state.quiet > left:
        seat, source, target = to_and_fro[turn % 4]
        state.apply(seat, Step(at(state, source), at(state, target)))
        if state.actor == seat:
            state.apply(seat, EndTurn())
        turn += 1
    assert state.actor == 0 and state.result is None
    return state


def test_judge_shrinks_a_lead_towards_the_draw_as_the_quiet_count_runs_out() -> None:
    far, near = ahead_with_quiet_turns_left(12), ahead_with_quiet_turns_left(2)
    assert judge(far, 0) == evaluate(far, 0) > 0
    assert judge(near, 0) == pytest.approx(evaluate(near, 0) * 2 / QUIET_HORIZON)
    assert judge(near, 1) == pytest.approx(-judge(near, 0))


def test_hard_ahead_resets_the_quiet_count_before_it_runs_out() -> None:
    # Two quiet turns left: a step now and the enemy's next turn would draw the game.
    # Without the count in its rating, hard stepped on and drew; now it fires a torpedo
    # in the same turn (a piece leaves the field: the count starts afresh).
    state = ahead_with_quiet_turns_left(2)
    hard = ComputerPlayer("hard", seeded(5))
    while state.actor == 0:
        state.apply(0, hard.choose(state.view(0)))
    assert state.result is None and state.quiet == 0
    assert len(state.lost[0]) == 1  # its torpedo, nothing more


def test_judge_rates_an_enemy_without_ships_far_above_material() -> None:
    # Our torpedo takes the enemy's only ship; a bonus turn follows, the game goes on.
    state = position("f t . . .", ". . . k .", ". . . K T", "F . . . .")
    assert judge(state, 0) == evaluate(state, 0)
    state.apply(0, PointBlank(at(state, "E3"), at(state, "D2")))
    assert state.result is None
    assert judge(state, 0) == pytest.approx(evaluate(state, 0) + SHIPLESS)
    assert judge(state, 1) == pytest.approx(evaluate(state, 1) - SHIPLESS)


@pytest.mark.parametrize(("ship", "exposed"), [("F4", True), ("B4", False)])
def test_judge_fears_for_a_last_ship_within_reach_of_the_enemy_bomb(ship: str,
                                                                     exposed: bool) -> None:
    # The enemy's bomb on G1 can step to G2 and go off: its zone reaches row 4 in
    # columns E to G. Each side has one ship; the enemy's is out of our bomb's reach.
    rows = ["f . . . . . b", *[". . . . . . ."] * 4, "F . . . . . ."]
    row = 3
    column = ord(ship[0]) - ord("A")
    rows[row] = " ".join("S" if c == column else "." for c in range(7))
    state = position(*rows)
    assert judge(state, 0) - evaluate(state, 0) == pytest.approx(
        -EXPOSED * 0.2 if exposed else 0.0)


def test_judge_fears_for_a_fort_whose_open_side_an_enemy_ship_can_step_onto() -> None:
    # Our fort on E6 is walled by a mine on D6; its one open side is E5. The enemy's
    # cruiser steps from E3 to E4: from there it can step onto E5 and take the fort in
    # its next turn (we act first, so a quarter of the threat counts).
    state = position("f . . . f", ". . . . .", ". . . . c", ". . . . .", ". . . S .",
                     "F . . M F", first=1)
    state.apply(1, Step(at(state, "E3"), at(state, "E4")))
    assert state.actor == 0
    assert judge(state, 0) - evaluate(state, 0) == pytest.approx(-0.25 * THREAT)
    assert judge(state, 1) - evaluate(state, 1) == pytest.approx(0.25 * THREAT)
    # Our submarine steps onto E5: no free side is left to the fort, nothing to fear.
    state.apply(0, Step(at(state, "D5"), at(state, "E5")))
    assert judge(state, 0) == pytest.approx(evaluate(state, 0))


@pytest.mark.parametrize("seed", [3, 4, 7, 8])
def test_hard_blocks_the_open_side_of_a_threatened_fort(seed: int) -> None:
    # The enemy's torpedo boat shows itself with a two-cell move to E3: its next move can
    # reach E5, beside our fort on E6 (walled by a mine on D6), and take the fort. Our
    # cruiser on D5 steps onto E5 (without the threat in judge, hard stepped elsewhere
    # with these seeds).
    state = position("f . . . f", ". . . . .", ". . k . .", ". . . . .", ". . . C .",
                     "F . . M F", first=1)
    state.apply(1, Step(at(state, "C3"), at(state, "E3")))
    hard = ComputerPlayer("hard", seeded(seed))
    while state.actor == 0:
        state.apply(0, hard.choose(state.view(0)))
    assert kind_on(state, "E5") is Kind.CRUISER
