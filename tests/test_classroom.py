"""The mathematical sea battle: problem files, scoring, draws, whole lessons, the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.classroom import (
    MINE_POINTS,
    MarkError,
    MathBattle,
    Outcome,
    ProblemKind,
    ProblemPendingError,
    ProblemSet,
    ProblemSetError,
    ProblemSyntaxError,
)
from seabattle.battleship.classroom_files import builtin_problems, read_fleet, read_problems
from seabattle.battleship.events import ShotResult
from seabattle.battleship.record import GameRecord, fleet_to_data
from seabattle.battleship.rules import FixedSalvo, Role, find_rules
from seabattle.coords import ALPHABETS, Coordinates, iter_cells
from seabattle.errors import IllegalShotError, NotYourTurnError, RulesError, SeaBattleError

RULES = find_rules("math")
LATIN = Coordinates(RULES.grid, ALPHABETS["latin"])


def problem_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "seabattle-problems", "version": 1, "name": "test", "language": "en",
        "problem": [{"text": f"{n} + {n}", "answer": 2 * n, "points": 1 + n % 4}
                    for n in range(8)],
        "mine": [{"text": f"{n} × 17", "answer": 17 * n} for n in range(3)]}
    data.update(changes)
    return data


def cells_of(battle: MathBattle, team: int, role: Role) -> list[list[int]]:
    """The cells of ``team``'s pieces of ``role``, largest ship first."""
    return [list(iter_cells(ship.cells)) for ship in battle.game.fleets[team]
            if ship.kind.role is role]


def water(battle: MathBattle, team: int) -> list[int]:
    return [cell for cell in RULES.grid.cells() if battle.game.fleets[team].ship_at(cell) is None]


# --- problem files -------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "ru"])
def test_builtin_sets_cover_every_point_value_and_match_each_other(language: str) -> None:
    problems = builtin_problems(language)  # type: ignore[arg-type]
    assert problems.language == language
    counts = {points: len(pool) for points, pool in problems.by_points().items()}
    # A lesson can sink at most 2 × (4, 3, 2, 1) ships of sizes 1, 2, 3, 4: never a repeat.
    assert counts[1] >= 8 and counts[2] >= 6 and counts[3] >= 4 and counts[4] >= 2
    assert len(problems.problems) == 30 and len(problems.mines) == 8
    other = builtin_problems("ru" if language == "en" else "en")
    assert [(p.id, p.points) for p in problems.problems] == [
        (p.id, p.points) for p in other.problems]
    assert all(p.kind is ProblemKind.MINE and p.points == MINE_POINTS for p in problems.mines)


def test_problem_set_round_trips_through_plain_data() -> None:
    problems = ProblemSet.from_dict(problem_data())
    assert ProblemSet.from_dict(problems.to_dict()) == problems
    assert problems.problems[0].answer == "0"  # numbers are accepted and kept as text


@pytest.mark.parametrize(("changes", "words"), [
    ({"format": "rules"}, "format"),
    ({"version": 2}, "format"),
    ({"language": "de"}, "language"),
    ({"colour": "red"}, "colour"),
    ({"problem": []}, "no [[problem]]"),
    ({"mine": []}, "no [[mine]]"),
    ({"problem": {"text": "1+1"}}, "list of tables"),
    ({"problem": [{"text": "1+1", "answer": 2, "points": 5}]}, "problem 1: points is 5"),
    ({"problem": [{"text": "1+1", "answer": 2, "points": True}]}, "points is True"),
    ({"problem": [{"text": "1+1", "answer": 2}]}, "points is None"),
    ({"problem": [{"text": " ", "answer": 2, "points": 1}]}, "text is ' '"),
    ({"problem": [{"text": "1+1", "points": 1}]}, "answer is None"),
    ({"problem": [{"text": "1+1", "answer": [2], "points": 1}]}, "answer is [2]"),
    ({"problem": [{"text": "1+1", "answer": 2, "points": 1, "hint": "add"}]}, "hint"),
    ({"mine": [{"text": "1+1", "answer": 2, "points": 3}]}, "mine problem 1"),
    ({"mine": ["2 + 2"]}, "mine problem 1: mine is '2 + 2'"),
    ({"problem": [{"id": "x", "text": "a", "answer": 1, "points": 1}],
      "mine": [{"id": "x", "text": "b", "answer": 2}]}, "'x' is used twice"),
])
def test_bad_problem_data_is_refused_saying_where(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(ProblemSetError) as caught:
        ProblemSet.from_dict(problem_data(**changes), "lesson.toml")
    assert words in str(caught.value)
    assert str(caught.value).startswith("lesson.toml")
    assert isinstance(caught.value, SeaBattleError) and isinstance(caught.value, ValueError)
    russian = caught.value.message("ru")
    assert russian != str(caught.value) and "lesson.toml" in russian


def test_problem_files_in_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "set.toml"
    toml.write_text('format = "seabattle-problems"\nversion = 1\nlanguage = "ru"\n'
                    '[[problem]]\npoints = 3\ntext = "2 + 2 · 2"\nanswer = 6\n'
                    '[[mine]]\nid = "trap"\ntext = "√2 · √8"\nanswer = 4\n', encoding="utf-8")
    problems = read_problems(toml)
    assert problems.language == "ru" and problems.name == str(toml)
    assert problems.find("trap").answer == "4" and problems.find("p1").points == 3
    as_json = tmp_path / "set.json"
    as_json.write_text(json.dumps(problems.to_dict()), encoding="utf-8")
    assert read_problems(as_json) == problems
    broken = tmp_path / "broken.toml"
    broken.write_text("[[problem]\n", encoding="utf-8")
    with pytest.raises(ProblemSyntaxError, match="broken.toml: not valid TOML"):
        read_problems(broken)
    with pytest.raises(ProblemSetError, match="cannot read the problem file"):
        read_problems(tmp_path / "missing.toml")


# --- scoring -------------------------------------------------------------------------

def test_sinking_draws_a_problem_by_ship_size_and_marks_score_it() -> None:
    battle = MathBattle(builtin_problems("en"), seed=5)
    battleship, *_ = cells_of(battle, 1, Role.SHIP)
    assert len(battleship) == 4
    for cell in battleship[:-1]:
        assert battle.fire(0, cell).result is ShotResult.HIT
        assert battle.open_problem is None
    assert battle.fire(0, battleship[-1]).result is ShotResult.SUNK
    drawn = battle.open_problem
    assert drawn is not None and drawn.team == 0 and drawn.problem.points == 4
    assert battle.to_move is None
    with pytest.raises(ProblemPendingError) as caught:
        battle.fire(0, water(battle, 1)[0])
    assert isinstance(caught.value, IllegalShotError)
    marked = battle.mark(True)
    assert (marked.change, marked.score, battle.scores) == (4, 4, (4, 0))
    with pytest.raises(MarkError):
        battle.mark(True)
    # A wrong answer to a ship problem costs nothing.
    boat = cells_of(battle, 1, Role.SHIP)[-1]
    battle.fire(0, boat[0])
    assert battle.open_problem is not None and battle.open_problem.problem.points == 1
    assert battle.mark(False).change == 0 and battle.scores == (4, 0)


def test_a_mine_draws_a_hard_problem_and_hands_the_turn_to_its_owner() -> None:
    battle = MathBattle(builtin_problems("ru"), seed=8)
    mine = cells_of(battle, 1, Role.MINE)[0][0]
    assert battle.fire(0, mine).result is ShotResult.MINE
    drawn = battle.open_problem
    assert drawn is not None and drawn.problem.kind is ProblemKind.MINE and drawn.team == 0
    assert battle.mark(False).change == -2 and battle.scores == (-2, 0)  # below zero is fine
    assert battle.to_move == 1
    with pytest.raises(NotYourTurnError):
        battle.fire(0, water(battle, 1)[0])
    mine = cells_of(battle, 0, Role.MINE)[0][0]
    battle.fire(1, mine)
    assert battle.mark(True).change == 2 and battle.scores == (-2, 2)


def test_problems_repeat_only_when_the_whole_set_is_used() -> None:
    small = ProblemSet.from_dict(problem_data(problem=[
        {"text": "a", "answer": 1, "points": 1}, {"text": "b", "answer": 2, "points": 1},
        {"text": "c", "answer": 3, "points": 4}]))
    battle = MathBattle(small, seed=2)
    drawn: list[tuple[str, int]] = []
    for ship in cells_of(battle, 1, Role.SHIP):  # every ship of team 1, largest first
        for cell in ship:
            battle.fire(0, cell)
        assert battle.open_problem is not None
        drawn.append((battle.open_problem.problem.id, len(ship)))
        battle.mark(True)
    ids = [problem_id for problem_id, _ in drawn]
    assert ids[0] == "p3"  # the four-decker: the only 4-point problem
    # Then the nearest pool lends its problems; each round of three has no repeat.
    for start in range(0, len(ids), 3):
        chunk = ids[start:start + 3]
        assert len(set(chunk)) == len(chunk), ids
    assert battle.is_over and battle.fleet_winner == 0


def test_same_seed_same_lesson() -> None:
    def lesson(seed: int) -> str:
        battle = MathBattle(builtin_problems("en"), seed=seed)
        rng = random.Random(seed)
        play_out(battle, rng)
        return battle.to_json()

    assert lesson(11) == lesson(11)
    assert lesson(11) != lesson(12)


def test_a_team_bringing_its_own_fleet_leaves_the_other_as_the_seed_makes_it() -> None:
    problems = builtin_problems("en")
    both_random = MathBattle(problems, seed=5).game.fleets
    own = MathBattle(problems, seed=99).game.fleets[0]
    assert MathBattle(problems, seed=5, fleets=(own, None)).game.fleets == (own, both_random[1])
    assert MathBattle(problems, seed=5, fleets=(None, own)).game.fleets == (both_random[0], own)


def test_rules_the_lesson_cannot_run_are_refused() -> None:
    with pytest.raises(RulesError, match="mines must draw problems"):
        MathBattle(builtin_problems("en"), rules=RULES.with_options(
            mine_effect=find_rules("classic").mine_effect))
    with pytest.raises(RulesError, match="salvoes"):
        MathBattle(builtin_problems("en"), rules=find_rules("classic").with_options(
            salvo=FixedSalvo(2), shoot_again=False))


# --- whole lessons -------------------------------------------------------------------

def play_out(battle: MathBattle, rng: random.Random,
             marks: list[bool] | None = None) -> list[bool]:
    """Random shots and random (or given) marks until the lesson ends; the marks given."""
    given_marks: list[bool] = []
    for _ in range(1000):
        if battle.is_over:
            return given_marks
        if battle.open_problem is not None:
            right = marks.pop(0) if marks else rng.random() < 0.5
            given_marks.append(right)
            battle.mark(right)
            continue
        team = battle.to_move
        assert team is not None
        open_cells = [c for c in RULES.grid.cells() if not battle.game.incoming(1 - team) >> c & 1]
        battle.fire(team, rng.choice(open_cells))
    raise AssertionError("the lesson did not end")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), marks=st.lists(st.booleans(), max_size=30))
def test_random_lessons_end_and_the_higher_score_wins(seed: int, marks: list[bool]) -> None:
    battle = MathBattle(builtin_problems("en"), seed=seed)
    play_out(battle, random.Random(seed), list(marks))
    assert battle.is_over and battle.fleet_winner is not None
    # One problem per sinking and per mine gone off, each scored by the rules.
    shots = [s for s in battle.game.shots() if s.result in (ShotResult.SUNK, ShotResult.MINE)]
    assert len(battle.marked) == len(shots)
    totals = [0, 0]
    for marked, shot in zip(battle.marked, shots, strict=True):
        problem = marked.drawn.problem
        assert marked.drawn.team == shot.player
        if shot.result is ShotResult.MINE:
            assert problem.kind is ProblemKind.MINE and marked.change == (2 if marked.right
                                                                           else -2)
        else:
            assert problem.kind is ProblemKind.SHIP
            assert marked.change == (problem.points if marked.right else 0)
        totals[marked.drawn.team] += marked.change
        assert marked.score == totals[marked.drawn.team]
    assert list(battle.scores) == totals
    ids = [m.drawn.problem.id for m in battle.marked]
    assert len(ids) == len(set(ids))  # a single lesson never exhausts the built-in set
    if totals[0] == totals[1]:
        assert battle.outcome is Outcome.DRAW and battle.winner is None
    else:
        assert battle.outcome is Outcome.WIN
        assert battle.winner == (0 if totals[0] > totals[1] else 1)


def test_the_lesson_record_holds_shots_problems_and_marks() -> None:
    battle = MathBattle(builtin_problems("ru"), seed=4, teams=("Альфа", "Бета"))
    play_out(battle, random.Random(4))
    data = json.loads(battle.to_json())
    assert data["format"] == "seabattle-classroom" and data["seed"] == 4
    assert battle.outcome is not None
    assert data["scores"] == list(battle.scores) and data["result"] == battle.outcome.value
    assert len(data["problems"]) == len(battle.marked)
    first = data["problems"][0]
    assert {"team", "kind", "id", "text", "answer", "points", "right", "change",
            "score"} <= set(first)
    game = GameRecord.from_json(json.dumps(data["game"])).game()
    assert game.events == battle.game.events
    shot = game.events[first["after_event"]]
    assert shot.result in (ShotResult.SUNK, ShotResult.MINE)


# --- files the command reads ------------------------------------------------------------

def test_fleet_files_in_text_and_json(tmp_path: Path) -> None:
    fleet = MathBattle(builtin_problems("en"), seed=9).game.fleets[0]
    lines = ["# team Alpha"]
    for ship in fleet:
        names = " ".join(LATIN.name(c) for c in iter_cells(ship.cells))
        lines.append(("mine " if ship.kind.role is Role.MINE else "") + names)
    text = tmp_path / "alpha.txt"
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert read_fleet(text, RULES, ALPHABETS["ru"]) == fleet  # Latin names are understood
    russian = RULES.coordinates("ru")
    text.write_text("\n".join(("мина " if ship.kind.role is Role.MINE else "") + ", ".join(
        russian.name(c) for c in iter_cells(ship.cells)) for ship in fleet), encoding="utf-8")
    assert read_fleet(text, RULES, ALPHABETS["latin"]) == fleet
    as_json = tmp_path / "alpha.json"
    as_json.write_text(json.dumps(fleet_to_data(RULES, fleet)), encoding="utf-8")
    assert read_fleet(as_json, RULES, ALPHABETS["latin"]) == fleet
    bad = tmp_path / "bad.txt"
    bad.write_text("A1 A2 A3 A4 A5\n", encoding="utf-8")
    with pytest.raises(SeaBattleError, match="line 1: no piece of size 5 is left"):
        read_fleet(bad, RULES, ALPHABETS["latin"])
    bad.write_text("A1 A2 A3 A4\n", encoding="utf-8")  # the rest of the fleet missing
    with pytest.raises(SeaBattleError, match=r"bad.txt: .*4×1, 3×2, 2×3, 1×4, mine ×3; got 4×1$"):
        read_fleet(bad, RULES, ALPHABETS["latin"])
    bad.write_text("A1 A2 A3 A4\nC1 C2 C3\nJ1\nJ3\nJ5\nJ7\nJ9\n", encoding="utf-8")
    with pytest.raises(SeaBattleError, match="line 7: no boat is left to place; a mine is "):
        read_fleet(bad, RULES, ALPHABETS["latin"])
    bad.write_text("A1 A2 A3 A4\nC6 C7 C8\nD6 D7 D8\n", encoding="utf-8")
    with pytest.raises(SeaBattleError, match="line 3: the cruiser at D6–D8 touches the cruiser"):
        read_fleet(bad, RULES, ALPHABETS["latin"])


@pytest.mark.parametrize(("content", "problem"), [
    ("{}", "a fleet must be a list of ships, not {}"),
    ('[{"size": 4, "cells": ["A1"]}]', r'ship 1 must be \{"size": a whole number, "name": text'),
    ('[{"size": "4", "name": "x", "cells": []}]', "ship 1 must be"),
    ('[{"size": 4, "name": "battleship", "cells": ["Z9"]}]', "outside the 10×10 field"),
    ("[1, 2", "Expecting"),
])
def test_json_fleet_files_that_are_wrong_say_what_is_wrong(tmp_path: Path, content: str,
                                                           problem: str) -> None:
    path = tmp_path / "team.json"
    path.write_text(content, encoding="utf-8")
    expected = f"cannot read the fleet file .*team.json: .*{problem}"
    with pytest.raises(SeaBattleError, match=expected) as refused:
        read_fleet(path, RULES, ALPHABETS["latin"])
    assert "team.json" in refused.value.message("ru")  # said in Russian too


# --- the command ----------------------------------------------------------------------

def scripted_input(seed: int) -> tuple[str, MathBattle]:
    """The teacher's lines for a whole lesson: every cell in order, every problem right."""
    battle = MathBattle(builtin_problems("en"), seed=seed)
    lines = []
    while not battle.is_over:
        if battle.open_problem is not None:
            lines += ["a", "y"]
            battle.mark(True)
            continue
        team = battle.to_move
        assert team is not None
        cell = next(c for c in RULES.grid.cells() if not battle.game.incoming(1 - team) >> c & 1)
        lines.append(LATIN.name(cell))
        battle.fire(team, cell)
    return "\n".join(["Z99", *lines]) + "\n", battle


def test_plain_command_runs_a_whole_lesson(tmp_path: Path) -> None:
    script, expected = scripted_input(6)
    record = tmp_path / "lesson.json"
    done = subprocess.run(
        [sys.executable, "-m", "seabattle", "classroom", "--plain", "--lang", "en",
         "--alphabet", "latin", "--seed", "6", "--save", str(record)],
        input=script, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    a, b = expected.scores
    assert "Try again:" in done.stdout  # Z99 is off the field
    assert "Answer:" in done.stdout and "Right!" in done.stdout
    last = [line for line in done.stdout.splitlines() if line.strip()][-2]
    assert f"{a} : {b}" in last
    assert json.loads(record.read_text(encoding="utf-8"))["scores"] == [a, b]


def test_command_reports_a_bad_problem_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "seabattle-problems"\nversion = 1\n[[problem]]\ntext = "1"\n'
                   'answer = 1\npoints = 9\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "seabattle", "classroom", "--plain", "--lang", "ru",
         "--problems", str(bad)], input="", capture_output=True, text=True, timeout=60,
        check=False)
    assert done.returncode == 2
    assert "задача 1: points = 9" in done.stderr


async def test_teacher_screen_shots_problems_and_marks() -> None:
    from textual.widgets import Input, Static

    from seabattle.battleship.terminal.tui.classroom import ClassroomApp, ProblemScreen

    battle = MathBattle(builtin_problems("ru"), seed=3)
    app = ClassroomApp(battle, RULES.coordinates("ru"), "ru")
    names = RULES.coordinates("ru")
    async with app.run_test(size=(100, 40)) as pilot:
        async def type_cell(cell: int) -> None:
            app.query_one("#shot", Input).value = names.name(cell)
            await pilot.press("enter")
            await pilot.pause()

        boat = cells_of(battle, 1, Role.SHIP)[-1][0]
        await type_cell(boat)
        assert isinstance(app.screen, ProblemScreen)
        await pilot.press("о")
        answer = str(app.screen.query_one("#problem-answer", Static).render())
        assert battle.open_problem is not None and battle.open_problem.problem.answer in answer
        await pilot.press("д")
        await pilot.pause()
        assert not isinstance(app.screen, ProblemScreen)
        assert battle.scores == (1, 0)
        mine = cells_of(battle, 1, Role.MINE)[0][0]
        await type_cell(mine)
        assert isinstance(app.screen, ProblemScreen)
        await pilot.press("н")
        await pilot.pause()
        assert battle.scores == (-1, 0) and battle.to_move == 1
        assert "-1" in str(app.query_one("#scores", Static).render())
        # Play the rest through the engine but the last shot, which the teacher types.
        rng = random.Random(1)
        while True:
            if battle.open_problem is not None:
                battle.mark(rng.random() < 0.5)
                continue
            team = battle.to_move
            assert team is not None
            left = [c for c in RULES.grid.cells() if not battle.game.incoming(1 - team) >> c & 1]
            afloat = [c for c in left if battle.game.fleets[1 - team].ship_at(c) is not None
                      and battle.game.fleets[1 - team].ships[
                          battle.game.fleets[1 - team].ship_at(c) or 0].kind.role is Role.SHIP]
            if len(afloat) == 1 and len(battle.game.afloat(1 - team)) == 1:
                break
            battle.fire(team, rng.choice(left))
        await type_cell(afloat[0])
        assert isinstance(app.screen, ProblemScreen)
        await pilot.press("y")
        await pilot.pause()
        assert battle.is_over
        status = str(app.query_one("#status", Static).render())
        assert ("Победила" in status or "Ничья" in status) and app.query_one(
            "#shot", Input).disabled
