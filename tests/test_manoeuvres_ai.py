"""The manoeuvre game's computer players: legal whole games at every level, the same game
for the same seeds, set-ups in the back rows, the best answer to an attack, and a belief
that agrees with what was seen."""

from __future__ import annotations

import random

import pytest

from seabattle.errors import SeaBattleError
from seabattle.games.chance import draw, seeded
from seabattle.manoeuvres.actions import Attack, Defend, Deploy
from seabattle.manoeuvres.ai.belief import Belief
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import refuse_layout
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.state import ManoeuvreState
from tests.test_manoeuvres_rules import at, position


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
