"""The classroom as a game of the shared interface (``classroom``): random whole lessons
through :mod:`seabattle.games.interface`, the log replayed through JSON, the seeded draws
the same as the terminal lesson's, and what the class may see."""

from __future__ import annotations

import json
import random

import pytest

from seabattle.battleship.classroom import MathBattle
from seabattle.battleship.classroom_files import builtin_problems
from seabattle.battleship.classroom_state import (
    DrawProblem,
    EndLesson,
    FireAt,
    LessonRules,
    LessonState,
    MarkAnswer,
)
from seabattle.battleship.record import fleet_to_data
from seabattle.battleship.rules import find_rules
from seabattle.errors import RulesError, SeaBattleError
from seabattle.games.interface import CHANCE
from seabattle.games.registry import find_game
from tests.test_games import play_randomly, snapshot

GAME = find_game("classroom")
OWN = MathBattle(builtin_problems("en"), seed=99).game.fleets[0]
"""A fleet to bring as a team's own."""


def lesson_rules(seed: int, first: int = 0, own: bool = False) -> LessonRules:
    return LessonRules(builtin_problems("ru" if seed % 2 else "en"), "en", seed,
                       ("Reds", ""), first, (OWN if own else None, None))


@pytest.mark.parametrize(("seed", "first", "own"), [(1, 0, False), (2, 1, False), (3, 0, True),
                                                    (40, 1, True)])
def test_random_lessons_keep_the_interface_s_promises(seed: int, first: int, own: bool) -> None:
    rules = GAME.rules_from_data(json.loads(json.dumps(GAME.rules_to_data(
        lesson_rules(seed, first, own)))))
    assert rules == lesson_rules(seed, first, own)
    state = play_randomly(GAME.new_state(rules), random.Random(seed))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason.key in ("outcome.lesson_score",
                                                          "outcome.lesson_draw")
    log = GAME.log_from_data(rules, json.loads(json.dumps(GAME.log_to_data(rules, state.log))))
    again = GAME.replay(rules, log)
    assert snapshot(again) == snapshot(state)
    draws = [m for m in state.log if m.actor == CHANCE]
    assert draws and all(isinstance(m.action, DrawProblem) for m in draws)
    assert len(draws) == len(state.view(0).marked)


def test_the_same_seed_draws_what_the_terminal_lesson_draws() -> None:
    rules = lesson_rules(7)
    state = GAME.new_state(rules)
    battle = MathBattle(rules.problems, seed=7, teams=rules.teams)
    rng = random.Random(5)
    while not state.actors.over:
        if state.actors.chance:
            (outcome,) = state.chance_outcomes()
            state.apply_chance(outcome.action)
            continue
        seat = next(iter(state.actors.seats))
        action = state.random_action(seat, rng)
        state.apply(seat, action)
        if isinstance(action, FireAt):
            battle.fire(seat, action.cell)
        else:
            assert isinstance(action, MarkAnswer)
            battle.mark(action.right)
    assert json.loads(battle.to_json()) == json.loads(state.battle.to_json())


def _to_problem(state: LessonState) -> None:
    """Fire at random until a problem is drawn."""
    rng = random.Random(3)
    while state.battle.open_problem is None:
        seat = next(iter(state.actors.seats))
        state.apply(seat, state.random_action(seat, rng))


def test_the_class_sees_neither_the_answer_nor_the_seed() -> None:
    state = GAME.new_state(lesson_rules(11))
    _to_problem(state)
    assert state.actors.chance and state.view(0).problem is None  # not announced yet
    (draw,) = state.chance_outcomes()
    state.apply_chance(draw.action)
    teacher, projector = state.view(0), state.view(None)
    assert teacher.problem is not None and projector.problem is not None
    assert teacher.problem.answer and projector.problem.answer is None
    assert teacher.seed == 11 and projector.seed is None
    assert teacher.problem.text == projector.problem.text
    assert teacher.fields == projector.fields
    seat = teacher.problem.team
    assert state.actors.seats == {seat}
    assert "answer" not in json.dumps(GAME.view_to_data(projector)).replace(
        '"answer": null', "")


def test_refused_moves_and_draws_change_nothing() -> None:
    state = GAME.new_state(lesson_rules(11))
    before = snapshot(state)
    for seat, action in ((1, FireAt(0)), (0, MarkAnswer(True)), (0, DrawProblem("p1")),
                         (2, FireAt(0)), (0, FireAt(100))):
        with pytest.raises(SeaBattleError):
            state.apply(seat, action)
        assert snapshot(state) == before
    with pytest.raises(SeaBattleError, match="chance"):
        state.apply_chance(DrawProblem("p1"))
    _to_problem(state)
    drawn = state.chance_outcomes()[0].action
    assert isinstance(drawn, DrawProblem)
    before = snapshot(state)
    with pytest.raises(SeaBattleError) as wrong:
        state.apply_chance(DrawProblem("not-" + drawn.problem_id))
    assert wrong.value.message_key == "error.classroom_draw"
    assert snapshot(state) == before
    state.apply_chance(drawn)
    with pytest.raises(SeaBattleError) as pending:
        state.apply(state.battle.open_problem.team, FireAt(0))  # type: ignore[union-attr]
    assert pending.value.message_key == "error.problem_pending"


def test_ending_a_lesson_early_gives_the_leader_the_win() -> None:
    state = GAME.new_state(lesson_rules(11))
    _to_problem(state)
    state.apply_chance(state.chance_outcomes()[0].action)
    team = next(iter(state.actors.seats))
    state.apply(team, MarkAnswer(True))
    state.apply(0, EndLesson())
    outcome = state.outcome()
    assert state.actors.over and outcome is not None
    assert outcome.winner == team and outcome.reason.key == "outcome.lesson_ended"
    assert state.view(None).ended_by == 0 and state.view(None).result is None
    with pytest.raises(SeaBattleError):
        state.apply(0, EndLesson())


@pytest.mark.parametrize(("change", "field"), [
    ({"seed": -1}, "seed"), ({"seed": None}, "seed"), ({"language": "de"}, "language"),
    ({"first": 2}, "first"), ({"teams": ["a"]}, "teams"), ({"fleets": [None]}, "fleets"),
    ({"fleets": [5, None]}, "fleets"),
])
def test_a_bad_rule_set_is_refused_naming_the_field(change: dict[str, object],
                                                   field: str) -> None:
    data = GAME.rules_to_data(lesson_rules(1)) | change
    with pytest.raises(RulesError) as refused:
        GAME.rules_from_data(data)  # type: ignore[arg-type]
    assert field in refused.value.message("en")
    assert refused.value.message("ru")


def test_an_own_fleet_must_be_a_legal_math_fleet() -> None:
    data = GAME.rules_to_data(lesson_rules(1))
    ships = fleet_to_data(find_rules("math"), OWN)
    data["fleets"] = [ships[:-1], None]  # a mine short
    with pytest.raises(SeaBattleError):
        GAME.rules_from_data(data)
    assert GAME.rules_title(lesson_rules(1)).render("ru").startswith(
        "Математический морской бой — ")
