"""``seabattle analyze``: each shot of a saved game judged against the admiral's posterior."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seabattle.ai.levels import make_strategy
from seabattle.analysis import (
    THRESHOLDS,
    GameAnalysis,
    Verdict,
    analyze_record,
    classify,
)
from seabattle.cli import main
from seabattle.coords import iter_cells
from seabattle.events import Shot
from seabattle.fleet import random_fleet
from seabattle.game import Game
from seabattle.record import GameRecord
from seabattle.rules import find_rules, rules_from_dict
from seabattle.session import VsComputer

TINY = rules_from_dict({"width": 5, "ships": [{"size": 2, "count": 1}, {"size": 1, "count": 1}]})
"""Five by five, two ships: few enough fleets that the posterior is always exact."""
SEVERITY = list(Verdict)
"""Verdicts from best to worst."""


def person_game(seed: int = 5, level: str = "easy") -> GameRecord:
    """A finished game of a person (played by ``level``) against the hard computer."""
    session = VsComputer(find_rules("classic"), "hard", seed=seed, first="me")
    session.start(session.random_fleet())
    person = make_strategy(level, random.Random(seed))
    while not session.view().is_over:
        session.fire(person.choose(session.view()))
    return GameRecord.from_json(session.record().to_json())


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return person_game()


@pytest.fixture(scope="module")
def analysis(record: GameRecord) -> GameAnalysis:
    return analyze_record(record, seed=1, admiral_games=2)


def check_consistent(record: GameRecord, analysis: GameAnalysis) -> None:
    """What holds of any analysis of any record."""
    game = record.game()
    for player in analysis.players:
        fired = [e for e in record.events if isinstance(e, Shot) and e.player == player.player]
        assert [(s.move, s.cell, s.result) for s in player.shots] == [
            (record.events.index(e) + 1, e.cell, e.result) for e in fired]
        for shot in player.shots:
            assert 0.0 <= shot.chosen <= shot.best <= 1.0
            assert shot.loss == pytest.approx(shot.best - shot.chosen)
            assert shot.verdict is classify(shot.loss)
        assert sum(player.verdicts().values()) == len(player.shots)
        assert player.sank_fleet == (game.winner == player.player)
        assert player.mean_loss == pytest.approx(
            sum(s.loss for s in player.shots) / len(player.shots) if player.shots else 0.0)


def test_a_seeded_game_against_the_computer(record: GameRecord, analysis: GameAnalysis) -> None:
    check_consistent(record, analysis)
    assert [p.player for p in analysis.players] == [0, 1]
    assert [p.name for p in analysis.players] == ["Player", "Computer"]
    fleet_cells = sum(kind.size for kind in record.rules.fleet)
    for player in analysis.players:
        assert len(player.admiral_shots) == 2
        assert all(fleet_cells <= n <= record.rules.grid.size for n in player.admiral_shots)
        assert player.admiral_mean == pytest.approx(sum(player.admiral_shots) / 2)
    winner = next(p for p in analysis.players if p.sank_fleet)
    assert len(winner.shots) >= fleet_cells
    # Probability is lost somewhere: an easy-level hunter is not the admiral.
    assert analysis.players[0].mean_loss > 0


def test_the_same_seed_gives_the_same_analysis(record: GameRecord,
                                               analysis: GameAnalysis) -> None:
    again = analyze_record(record, seed=1, admiral_games=2)
    assert again.to_dict() == analysis.to_dict()
    one = analyze_record(record, players=[1], seed=1, admiral_games=2)
    assert one.to_dict()["players"] == analysis.to_dict()["players"][1:]


def test_the_admirals_own_shots_are_best_where_the_posterior_is_exact(
        play: Callable[..., Game]) -> None:
    game = play(TINY, ("admiral", "random"), seed=7)
    report = analyze_record(GameRecord.of(game), players=(0,), admiral_games=1)
    (admiral,) = report.players
    assert admiral.shots and all(s.exact for s in admiral.shots)
    assert all(s.loss < 1e-9 and s.verdict is Verdict.BEST for s in admiral.shots)
    assert admiral.sank_fleet == (game.winner == 0)


def test_a_shot_at_a_cell_known_to_be_empty_loses_the_best_chance() -> None:
    fleet = random_fleet(TINY, random.Random(2))
    game = Game(TINY, (fleet, fleet))
    boat = next(ship for ship in fleet if ship.size == 1)
    (cell,) = iter_cells(boat.cells)
    game.fire(0, cell)  # sunk: its ring is known empty, and the turn stays
    empty = next(iter_cells(game.view(0).known_empty))
    game.fire(0, empty)
    (player,) = analyze_record(GameRecord.of(game), players=(0,), admiral_games=0).players
    wasted = player.shots[1]
    assert wasted.cell == empty and wasted.chosen == 0.0
    assert wasted.loss == wasted.best > 0 and wasted.verdict is not Verdict.BEST
    assert player.admiral_shots == () and player.admiral_mean is None


@given(st.floats(0, 1), st.floats(0, 1))
def test_a_bigger_loss_is_never_graded_better(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert SEVERITY.index(classify(low)) <= SEVERITY.index(classify(high))


def test_the_thresholds_are_the_documented_ones() -> None:
    assert [(limit, v.value) for limit, v in THRESHOLDS] == [
        (0.30, "blunder"), (0.15, "mistake"), (0.08, "inaccuracy"), (0.02, "good")]
    assert classify(0.0199) is Verdict.BEST and classify(0.02) is Verdict.GOOD
    assert classify(0.08) is Verdict.INACCURACY and classify(0.3) is Verdict.BLUNDER


@given(st.integers(0, 10_000), st.sampled_from(["random", "hunt", "density"]),
       st.integers(0, 1), st.integers(1, 60))
def test_any_game_any_stage_analyses_consistently(play: Callable[..., Game], seed: int,
                                                  level: str, first: int, events: int) -> None:
    game = play(TINY, (level, "random"), seed, first=first, max_events=events)
    record = GameRecord.of(game)
    check_consistent(record, analyze_record(record, seed=seed, admiral_games=0))


def test_unknown_players_and_negative_games_are_refused(record: GameRecord) -> None:
    with pytest.raises(ValueError, match="no player 2"):
        analyze_record(record, players=(2,))
    with pytest.raises(ValueError, match="-1"):
        analyze_record(record, admiral_games=-1)


# --- the command ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory, record: GameRecord) -> Path:
    path = tmp_path_factory.mktemp("analyze") / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_the_command_prints_json(record_file: Path, record: GameRecord,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(record_file), "--json", "--player", "1", "--games", "1",
                 "--seed", "3", "--lang", "ru"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "seabattle-analysis" and data["seed"] == 3
    (player,) = data["players"]
    assert player["player"] == 1 and player["name"] == "Computer"
    assert len(player["admiral_shots"]) == 1
    moves = player["moves"]
    assert len(moves) == player["shots"] == len(
        [e for e in record.events if isinstance(e, Shot) and e.player == 1])
    assert all(0 <= m["chosen"] <= m["best"] <= 1 for m in moves)
    assert moves[0]["cell"][0] in "ABCDEFGHIJ", "Latin cell names, as in records"
    assert sum(player["verdicts"].values()) == len(moves)
    again = analyze_record(record, players=(1,), seed=3, admiral_games=1).to_dict()
    assert [m["loss"] for m in moves] == [m["loss"] for m in again["players"][0]["moves"]]


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["every shot against the admiral", "Verdict", "The admiral against the same fleet",
            "Probability lost per shot"]),
    ("ru", ["каждый выстрел против", "Оценка", "Адмирал против того же флота",
            "Потеря вероятности"]),
])
def test_the_command_prints_a_table(record_file: Path, capsys: pytest.CaptureFixture[str],
                                    language: str, words: list[str]) -> None:
    assert main(["analyze", str(record_file), "--player", "0", "--games", "1",
                 "--lang", language]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert "Player" in out and "Computer" not in out


def run_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seabattle", "analyze", *args],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={"LANG": "C", "PATH": "/usr/bin:/bin"})


def test_bad_files_are_refused_with_exit_status_2(tmp_path: Path, record_file: Path) -> None:
    missing = run_command(str(tmp_path / "missing.json"))
    assert missing.returncode == 2 and "cannot read the record" in missing.stderr
    not_record = tmp_path / "other.json"
    not_record.write_text('{"format": "something else"}', encoding="utf-8")
    refused = run_command(str(not_record), "--lang", "ru")
    assert refused.returncode == 2 and "неверная запись партии" in refused.stderr
    data = json.loads(record_file.read_text(encoding="utf-8"))
    shot = next(e for e in data["events"] if e["result"] == "miss")
    shot["result"] = "hit"
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps(data), encoding="utf-8")
    broken = run_command(str(corrupt))
    assert broken.returncode == 2 and "invalid game record" in broken.stderr
    assert broken.stdout == ""
