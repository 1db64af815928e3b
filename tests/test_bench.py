"""``seabattle bench``: a short run that completes and reports, its JSON, its seed, its
fleets files and its errors, through :func:`seabattle.cli.main` as a user runs it.

Nothing here asserts speed: think times are only checked to be there.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.placement import find_placement, uniform_fleet
from seabattle.battleship.bench import (
    BenchSpec,
    ShotSummary,
    fire_until_sunk,
    fleets_from_json,
    fleets_to_json,
    play_game,
    quantile,
    run_bench,
)
from seabattle.battleship.bench_series import SeriesSpec, run_hiding_series, run_shooting_series
from seabattle.battleship.events import ShipMove, ShotResult
from seabattle.battleship.rules import find_rules
from seabattle.cli import main
from seabattle.errors import SeaBattleError


def bench_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["bench", "--json", *args]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_short_benchmark_completes_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    report = bench_json(capsys, "--rules", "six", "--level", "novice,easy", "--games", "300",
                        "--seed", "3", "--jobs", "1")
    assert report["format"] == "seabattle-bench" and report["version"] == 1
    assert report["rules"]["name"] == "six" and report["games"] == 300
    assert report["seed"] == 3 and report["fleets"] == "uniform"
    assert [s["level"] for s in report["strategies"]] == ["novice", "easy"]
    assert [s["strategy"] for s in report["strategies"]] == ["random", "hunt"]
    cells = find_rules("six").fleet_cells
    for entry in report["strategies"]:
        shots = entry["shots"]
        games = entry["shots_per_game"]
        assert len(games) == 300 and all(cells <= g <= 100 for g in games)
        assert shots["min"] <= shots["median"] <= shots["p90"] <= shots["max"]
        assert shots["ci95"][0] < shots["mean"] < shots["ci95"][1]
        assert shots["mean"] == pytest.approx(sum(games) / 300)
        assert shots["stdev"] > 0
        think = entry["think_ms"]
        assert think["moves"] == sum(games)
        assert 0 < think["median"] <= think["p99"]
    novice, easy = report["strategies"]
    assert easy["shots"]["mean"] < novice["shots"]["mean"] - 10


def test_table_names_every_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--rules", "milton-bradley", "--level", "hard,random", "--games", "20",
                 "--jobs", "1", "--seed", "x"]) == 0
    out = capsys.readouterr().out
    assert "rules milton-bradley, 20 games, fleets: uniform, seed x" in out
    for word in ("mean", "95% CI", "median", "p90", "stdev", "p99", "hard", "random"):
        assert word in out


def test_paired_differences_against_the_first_strategy(
        capsys: pytest.CaptureFixture[str]) -> None:
    report = bench_json(capsys, "--rules", "milton-bradley", "--level", "easy,novice,hard",
                        "--games", "40", "--jobs", "1")
    easy, novice, hard = report["strategies"]
    assert "paired" not in easy
    for entry in (novice, hard):
        differences = [a - b for a, b in zip(entry["shots_per_game"], easy["shots_per_game"],
                                             strict=True)]
        paired = entry["paired"]
        assert paired["against"] == "easy"
        assert paired["mean"] == pytest.approx(sum(differences) / 40)
        assert paired["ci95"][0] < paired["mean"] < paired["ci95"][1]
    assert novice["paired"]["ci95"][0] > 0  # random shooting is worse, whatever the luck
    assert main(["bench", "--rules", "milton-bradley", "--level", "easy,novice,hard",
                 "--games", "40", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "paired against easy" in out
    assert f"{novice['paired']['mean']:+.2f}" in out


def test_settings_of_one_level_are_compared_on_the_same_luck(
        capsys: pytest.CaptureFixture[str]) -> None:
    # depth=1 is the admiral's default: the same generator must give the same games.
    report = bench_json(capsys, "--rules", "milton-bradley", "--games", "6", "--jobs", "1",
                        "--level", "admiral,admiral:depth=1,admiral:hunt_exponent=2")
    plain, same, tuned = report["strategies"]
    assert same["level"] == "admiral:depth=1" and same["strategy"] == "admiral"
    assert same["shots_per_game"] == plain["shots_per_game"]
    assert same["paired"]["mean"] == 0
    assert tuned["shots_per_game"] != plain["shots_per_game"]


def test_same_seed_same_shots_whatever_the_number_of_workers() -> None:
    spec = BenchSpec(find_rules("six"), ("hard", "easy"), games=24, seed=11, placement="dfs")
    alone = run_bench(spec, jobs=1)
    shared = run_bench(spec, jobs=2)
    assert [r.shots for r in alone.results] == [r.shots for r in shared.results]
    other_seed = run_bench(BenchSpec(spec.rules, spec.levels, 24, seed=12, placement="dfs"))
    assert [r.shots for r in other_seed.results] != [r.shots for r in alone.results]


def test_strategies_play_the_same_fleets() -> None:
    spec = BenchSpec(find_rules("classic"), ("novice",), games=5, seed=2)
    assert [spec.fleet(n) for n in range(5)] == [spec.fleet(n) for n in range(5)]
    assert len({spec.fleet(n).cells for n in range(5)}) == 5


def test_fleets_file_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "fleets.json"
    first = bench_json(capsys, "--rules", "classic", "--level", "easy", "--games", "12",
                       "--seed", "5", "--jobs", "1", "--placement", "perelman",
                       "--save-fleets", str(saved))
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "seabattle-fleets" and len(data["fleets"]) == 12
    assert {"size", "name", "cells"} == set(data["fleets"][0][0])
    again = bench_json(capsys, "--level", "easy", "--seed", "5", "--jobs", "1",
                       "--fleets", str(saved))
    assert again["games"] == 12 and again["fleets"].startswith("file")
    assert again["strategies"][0]["shots_per_game"] == first["strategies"][0]["shots_per_game"]


def test_fleets_file_may_name_a_preset_and_is_cycled(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    rules = find_rules("milton-bradley")
    data = json.loads(fleets_to_json(rules, [uniform_fleet(rules, random.Random(n))
                                             for n in range(3)]))
    data["rules"] = "milton-bradley"
    path = tmp_path / "mb.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    report = bench_json(capsys, "--fleets", str(path), "--games", "7", "--level", "novice",
                        "--jobs", "1")
    assert report["rules"]["name"] == "milton-bradley" and report["games"] == 7
    parsed_rules, fleets = fleets_from_json(path.read_text(encoding="utf-8"))
    assert parsed_rules == rules and len(fleets) == 3


def test_plot_draws_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    image = tmp_path / "shots.png"
    assert main(["bench", "--rules", "six", "--level", "novice,hard", "--games", "10",
                 "--jobs", "1", "--plot", str(image)]) == 0
    assert image.read_bytes().startswith(b"\x89PNG")
    assert str(image) in capsys.readouterr().out


def bad_fleets(tmp_path: Path, content: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    return str(path)


def fleet_file_with(ships: list[dict[str, Any]]) -> str:
    return json.dumps({"format": "seabattle-fleets", "version": 1, "rules": "classic",
                       "fleets": [ships]})


CLASSIC_SHIPS = [
    {"size": 4, "name": "battleship", "cells": ["A1", "A2", "A3", "A4"]},
    {"size": 3, "name": "cruiser", "cells": ["C1", "C2", "C3"]},
    {"size": 3, "name": "cruiser", "cells": ["E1", "E2", "E3"]},
    {"size": 2, "name": "destroyer", "cells": ["G1", "G2"]},
    {"size": 2, "name": "destroyer", "cells": ["I1", "I2"]},
    {"size": 2, "name": "destroyer", "cells": ["A6", "A7"]},
    {"size": 1, "name": "boat", "cells": ["C6"]},
    {"size": 1, "name": "boat", "cells": ["E6"]},
    {"size": 1, "name": "boat", "cells": ["G6"]},
    {"size": 1, "name": "boat", "cells": ["I6"]},
]


def test_a_hand_written_fleets_file_is_accepted(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    report = bench_json(capsys, "--fleets", bad_fleets(tmp_path, fleet_file_with(CLASSIC_SHIPS)),
                        "--level", "hard", "--jobs", "1")
    assert report["games"] == 1


@pytest.mark.parametrize("args, words", [
    (["--level", "hard,grandmaster"], ["grandmaster", "novice"]),
    (["--placement", "corners"], ["corners", "perelman"]),
    (["--level", "admiral:depth"], ["'depth'", "name=value"]),
    (["--level", "admiral:lookahead=2"], ["lookahead", "hunt_exponent"]),
    (["--level", "admiral:depth=9"], ["depth", "from 1 to 3", "'9'"]),
    (["--level", "admiral:width=wide"], ["width", "'wide'"]),
    (["--level", "admiral:floor=0.9"], ["floor", "'0.9'"]),
    (["--level", "admiral:sharpness=0"], ["sharpness", "'0'"]),
    (["--level", "hard:depth=2"], ["density", "no settings"]),
    (["--games", "0"], ["at least 1"]),
    (["--jobs", "0"], ["at least 1"]),
    (["--rules", "chess"], ["chess"]),
    (["--fleets", "/nonexistent/fleets.json"], ["/nonexistent/fleets.json"]),
])
def test_bad_options_exit_2_with_a_message(args: list[str], words: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "3", "--jobs", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("seabattle: ")
    for word in words:
        assert word in err


@pytest.mark.parametrize("content, words", [
    ("not json", ["not JSON"]),
    ('{"format": "seabattle-record", "version": 1}', ["not a fleets file"]),
    ('{"format": "seabattle-fleets", "version": 9, "fleets": []}', ["version 9"]),
    ('{"format": "seabattle-fleets", "version": 1, "fleets": []}', ["non-empty"]),
    (fleet_file_with(CLASSIC_SHIPS[:-1]), ["fleet 1"]),
    (fleet_file_with([*CLASSIC_SHIPS[:-1], {"size": 1, "name": "boat", "cells": ["B1"]}]),
     ["fleet 1", "touch"]),
    (fleet_file_with([*CLASSIC_SHIPS[:-1], {"size": 1, "name": "canoe", "cells": ["I9"]}]),
     ["canoe"]),
    (fleet_file_with([*CLASSIC_SHIPS[:-1], {"size": 1, "name": "boat", "cells": ["Z99"]}]),
     ["fleet 1"]),
    (fleet_file_with([*CLASSIC_SHIPS[:-1], {"size": 1, "name": "boat"}]),
         ["fleet 1", "ship 10 must be", "cells"]),
])
def test_bad_fleets_files_exit_2_naming_the_problem(content: str, words: list[str],
                                                     tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = bad_fleets(tmp_path, content)
    assert main(["bench", "--fleets", path, "--jobs", "1", "--level", "novice"]) == 2
    err = capsys.readouterr().err
    assert path in err
    for word in words:
        assert word in err


def test_fleets_for_other_rules_are_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = bad_fleets(tmp_path, fleet_file_with(CLASSIC_SHIPS))
    assert main(["bench", "--rules", "six", "--fleets", path, "--jobs", "1"]) == 2
    assert "not 'six'" in capsys.readouterr().err


def test_errors_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--lang", "ru", "--placement", "corners", "--jobs", "1"]) == 2
    assert "неизвестная стратегия расстановки" in capsys.readouterr().err


def test_statistics() -> None:
    summary = ShotSummary.of([40, 50, 60, 70])
    assert summary.mean == 55 and summary.median == 55
    assert summary.p90 == pytest.approx(67)
    assert summary.stdev == pytest.approx(12.9099, abs=1e-4)
    half = 1.96 * summary.stdev / 2
    assert summary.ci95 == pytest.approx((55 - half, 55 + half))
    assert quantile([3], 0.99) == 3
    with pytest.raises(SeaBattleError):
        BenchSpec(find_rules("classic"), ("hard",), games=0).check()


VARIANT_RULES = {
    "salvo": {"base": "classic", "salvo": "ships"},
    "silent": {"base": "classic", "announce": "none"},
    "pieces": {"base": "classic", "mines": 2, "minesweepers": 1, "submarines": 2},
    "mines-touch": {"base": "classic", "mines": 2, "mines_touch": True},
    "shapes": {"base": "classic", "ships": [{"size": 4, "shape": "l"},
                                            {"size": 4, "shape": "square"},
                                            {"size": 4, "shape": "zigzag"}]},
    "dutchman": {"base": "flying-dutchman"},
}


@pytest.mark.parametrize("name", sorted(VARIANT_RULES))
def test_every_level_plays_every_variant_in_the_benchmark(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(VARIANT_RULES[name]), encoding="utf-8")
    report = bench_json(capsys, "--rules", str(path), "--level",
                        "novice,easy,medium,hard,admiral", "--games", "2", "--seed", "4",
                        "--jobs", "1")
    rules = find_rules("flying-dutchman") if name == "dutchman" else None
    size = 400 if rules else 100
    for entry in report["strategies"]:
        assert all(1 <= g <= size for g in entry["shots_per_game"])  # every game finished
    if name in ("pieces", "dutchman", "mines-touch"):
        assert report["fleets"] == "dfs"  # the uniform placement places plain ships only
    strategies = {s["level"]: s["strategy"] for s in report["strategies"]}
    if name == "dutchman":  # the admiral has a posterior of the Dutchman (issue 16)
        assert strategies["medium"] == "hunt" and strategies["admiral"] == "admiral"


def test_the_benchmark_moves_a_hit_flying_dutchman_as_the_computer_would() -> None:
    """Its owner moves the Dutchman after every hit that does not sink it, as in a game
    against the computer; the same seed moves it the same way for every strategy, so
    the same level fires the same shots again."""
    spec = BenchSpec(find_rules("flying-dutchman"), ("hard",), games=1, seed=3, placement="dfs")
    fleet = spec.fleet(0)
    owner = spec.owner_rng(0)
    assert owner is not None
    game = fire_until_sunk(make_strategy("hard", spec.strategy_rng("hard", 0), spec.rules),
                           spec.rules, fleet, None, owner)
    moves = [event for event in game.events if isinstance(event, ShipMove)]
    hits = [shot for shot in game.shots(0) if shot.result is ShotResult.HIT]
    assert len(moves) == len(hits) >= 1
    assert game.view(1).fleet_now.ships[0].cells != fleet.ships[0].cells
    again = play_game(spec.rules, "hard", fleet, spec.strategy_rng("hard", 0), spec.owner_rng(0))
    assert again[0] == len(game.shots(0))
    assert BenchSpec(find_rules("classic"), ("hard",), games=1).owner_rng(0) is None


# --- placement families and series ------------------------------------------------------

FAMILIES = ["uniform", "dfs", "perelman", "hard", "edge", "corner", "cluster", "spread", "packed",
            "mixture"]


@pytest.mark.parametrize("family", FAMILIES)
def test_a_short_bench_of_every_family_runs_and_reports(
        family: str, capsys: pytest.CaptureFixture[str]) -> None:
    report = bench_json(capsys, "--rules", "six", "--level", "hard,easy", "--games", "4",
                        "--placement", family, "--jobs", "1")
    assert report["fleets"] == family
    cells = find_rules("six").fleet_cells
    for entry in report["strategies"]:
        assert len(entry["shots_per_game"]) == 4
        assert all(cells <= shots <= 100 for shots in entry["shots_per_game"])


def test_a_shooting_series_reports_the_measured_games(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main(["bench", "--rules", "six", "--level", "hard,admiral:learn=0,admiral",
                 "--placement", "corner", "--series", "3", "--measure-from", "2",
                 "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "shooting series: 2 × 3 games, games 2–3 measured, fleets: corner" in out
    assert "paired against hard" in out and "admiral:learn=0" in out


def test_the_same_series_seed_gives_the_same_report_on_any_number_of_workers() -> None:
    spec = SeriesSpec(find_rules("six"), ("easy", "hard"), series=3, length=3, seed=9,
                      placement="edge")
    first = run_shooting_series(spec)
    again = run_shooting_series(spec, jobs=2)
    assert [r.per_series for r in first.results] == [r.per_series for r in again.results]
    assert [len(r.think) for r in first.results] == [len(r.think) for r in again.results]


def test_each_game_of_a_series_draws_from_its_own_generator() -> None:
    spec = SeriesSpec(find_rules("six"), ("hard",), series=2, length=3, measured_from=3,
                      seed=4)
    report = run_shooting_series(spec)
    for number in range(2):
        fleet = find_placement("uniform").place(spec.rules, spec.rng(number, "fleet", 2))
        alone = make_strategy("hard", spec.rng(number, "hard", 2), spec.rules)
        shots = fire_until_sunk(alone, spec.rules, fleet, None).view(0).shots
        assert report.results[0].per_series[number] == len(shots)


def test_learning_that_raises_no_habit_changes_no_shot() -> None:
    # Against a uniform placer the admiral's habits mostly stay below their margin; the
    # games are then fired alike with and without learning, series by series. (Now and
    # then a uniform fleet does raise a habit past it: the first series of seed 2 and of
    # seed 4 do, and their later games differ.)
    spec = SeriesSpec(find_rules("six"), ("admiral:learn=0", "admiral"), series=3, length=3,
                      measured_from=2, seed=3)
    report = run_shooting_series(spec)
    assert report.results[0].per_series == report.results[1].per_series


def test_a_hiding_series_compares_placers(capsys: pytest.CaptureFixture[str]) -> None:
    spec = SeriesSpec(find_rules("six"), ("corners",), series=2, length=3,
                      placers=("hard", "learning"))
    report = run_hiding_series(spec)
    assert [r.label for r in report.results] == ["hard", "learning"]
    assert all(len(r.per_series) == 2 for r in report.results)
    assert "hiding series" in report.table() and "shooter: corners" in report.table()
    in_workers = run_hiding_series(spec, jobs=2)
    assert [r.per_series for r in in_workers.results] == [r.per_series for r in report.results]


@pytest.mark.parametrize("args, words", [
    (["--series", "5", "--measure-from", "6"], ["1 … 5", "6"]),
    (["--series", "5", "--hide-with", "nowhere"], ["nowhere"]),
    (["--series", "5", "--json"], ["--json", "--series"]),
    (["--measure-from", "3"], ["--measure-from", "--series"]),
    (["--series", "5", "--jobs", "0"], ["0"]),
])
def test_bad_series_options_exit_2_with_a_message(args: list[str], words: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--rules", "six", "--level", "corners", "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert all(word in err for word in words)
