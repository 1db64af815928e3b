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

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.ai.posterior import SamplerSettings
from seabattle.battleship.analysis import (
    THRESHOLDS,
    GameAnalysis,
    Verdict,
    analyze_record,
    classify,
)
from seabattle.battleship.events import Handover, MineReveal, ShipMove, Shot, ShotResult
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import Rules, find_rules, rules_from_dict, with_variants
from seabattle.battleship.session import VsComputer
from seabattle.cli import main
from seabattle.coords import iter_cells
from seabattle.errors import SeaBattleError

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


def computer_game(rules: Rules, seed: int = 3, max_events: int | None = None) -> GameRecord:
    """A seeded game of two computers at ``hard`` (or the level that plays ``rules``
    instead), hand-overs, mine reveals and ship moves included; ``max_events`` stops it
    early. With seed 3 mines go off and a minesweeper reveals a mine."""
    fleets = [random_fleet(rules, random.Random(f"{seed}:fleet:{p}")) for p in (0, 1)]
    game = Game(rules, fleets)
    players = [ComputerPlayer(make_strategy("hard", random.Random(f"{seed}:shots:{p}"), rules),
                              random.Random(f"{seed}:decisions:{p}")) for p in (0, 1)]
    while not game.is_over and (max_events is None or len(game.events) < max_events):
        for seat, player in enumerate(players):
            player.act(game, seat)
    return GameRecord.of(game)


def classic_with(**variants: object) -> Rules:
    """Classic rules with variants (``mines=2``), named as ``--mines 2`` names them."""
    return with_variants(find_rules("classic"), variants)


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
        fired = [e for e in record.events
                 if isinstance(e, Shot) and e.player == player.player and not e.dying]
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


def test_games_of_the_flying_dutchman_are_analysed() -> None:
    # Its own posterior (docs/admiral.md, «Every variant»): a whole game, the computer's
    # Dutchman moving after each hit, judged shot by shot.
    rules = find_rules("flying-dutchman")
    record = computer_game(rules)
    assert any(isinstance(event, ShipMove) and event.cells for event in record.events)
    analysis = analyze_record(record, admiral_games=1)
    check_consistent(record, analysis)


@pytest.mark.parametrize("rules", [
    classic_with(mines=2), classic_with(minesweepers=1, mines=1), classic_with(submarines=2),
    classic_with(announce="none"), find_rules("math"),
], ids=lambda rules: rules.name)
def test_games_with_mines_submarines_and_silent_sinkings_are_analysed(rules: Rules) -> None:
    # The posterior models them (docs/admiral.md, «Every variant»): whole games, with
    # every decision, are judged shot by shot.
    record = computer_game(rules)
    analysis = analyze_record(record, admiral_games=1)
    check_consistent(record, analysis)
    assert all(len(player.admiral_shots) == 1 for player in analysis.players)


def test_the_variant_records_hold_what_the_posterior_must_model() -> None:
    # What the test above analyses: mines that went off and were paid for with a
    # hand-over, a minesweeper hit that revealed a mine, and silent sinkings.
    mines = computer_game(classic_with(mines=2)).events
    assert any(isinstance(e, Shot) and e.result is ShotResult.MINE for e in mines)
    assert any(isinstance(e, Handover) for e in mines)
    sweeper = computer_game(classic_with(minesweepers=1, mines=1)).events
    assert any(isinstance(e, MineReveal) and e.cell is not None for e in sweeper)
    silent = computer_game(classic_with(announce="none"))
    assert any(isinstance(e, Shot) and e.result is ShotResult.SUNK for e in silent.events)
    heard = silent.game().view(0).shots
    assert not any(shot.result is ShotResult.SUNK for shot in heard)


@pytest.mark.parametrize("rules", [
    with_variants(TINY, {"salvo": 2}), find_rules("bent"), find_rules("milton-bradley"),
], ids=lambda rules: rules.name)
def test_rules_the_admiral_plays_are_analysed(rules: Rules) -> None:
    record = computer_game(rules, seed=1, max_events=None if rules.grid.width == 5 else 6)
    check_consistent(record, analyze_record(record, admiral_games=0))


def test_every_shot_of_a_salvo_is_judged_by_what_was_known_when_it_was_chosen() -> None:
    # A salvo is named whole: its later shots may not be judged by the answers to its
    # earlier ones. From one estimate, the best chance left can only fall along a volley;
    # an estimate renewed after a hit in the volley would raise it next to the hit.
    rules = with_variants(find_rules("classic"), {"salvo": 3})
    record = computer_game(rules, seed=2)
    shots = analyze_record(record, players=(0,), admiral_games=0).players[0].shots
    volleys = [shots[i:i + 3] for i in range(0, len(shots) - 2, 3)]
    assert len(volleys) > 10
    hit_inside = 0
    for volley in volleys:
        assert [s.best for s in volley] == sorted((s.best for s in volley),
                                                         reverse=True)
        hit_inside += any(s.result.is_hit for s in volley[:-1])
    assert hit_inside > 3  # volleys whose later shots a renewed estimate would have judged


def test_a_sampler_that_finds_no_fleet_is_reported_with_the_move(record: GameRecord) -> None:
    # One search step can place no classic fleet: the sampler gives up at the first shot.
    starved = SamplerSettings(exact_nodes=0, search_nodes=1)
    first = next(i for i, e in enumerate(record.events, start=1)
                 if isinstance(e, Shot) and e.player == 1)
    with pytest.raises(SeaBattleError, match=f"cannot analyse move {first}:") as failed:
        analyze_record(record, players=(1,), admiral_games=0, settings=starved)
    assert failed.value.message_key == "error.analysis_failed"


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


def test_the_command_analyses_a_game_of_the_flying_dutchman(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Before issue 16 it was refused with exit status 2 (the Dutchman was not modelled).
    rules = find_rules("flying-dutchman")
    path = tmp_path / "game.json"
    path.write_text(computer_game(rules, max_events=12).to_json(), encoding="utf-8")
    assert main(["analyze", str(path), "--lang", "en", "--games", "0"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out


def test_a_record_that_keeps_a_log_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.battleship.definition import DEFINITION
    from seabattle.records import record_of_log, write_record

    rules = find_rules("classic")
    state = DEFINITION.new_state(rules)
    rng = random.Random(3)
    for seat in (0, 1):
        state.apply(seat, state.random_action(seat, rng))
    path = tmp_path / "log.json"
    path.write_text(write_record(record_of_log(DEFINITION, rules, state.log)), encoding="utf-8")
    assert main(["analyze", str(path)]) == 2
    assert "this record keeps a log of moves" in capsys.readouterr().err
