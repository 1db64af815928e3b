"""The targeting benchmark: how many shots a strategy needs to sink a whole fleet.

Each of ``games`` games is a :class:`~seabattle.battleship.game.Solitaire`: one strategy fires
at one fleet, under the chosen rules, until every ship sinks. Every strategy
compared plays the same fleets. A game's fleet and each strategy's generator are
derived from the seed and the game's number alone, so a run gives the same shot
counts whatever the number of worker processes (only the think times differ). Where the
rules have a Flying Dutchman its owner moves it after each hit as the computer does in a
game, with a generator of the game's own.

Fleets come from a placement strategy (:data:`seabattle.battleship.ai.placement.PLACEMENTS`,
uniform by default) or from a fleets file (:func:`read_fleets`, format in
``docs/bench.md``).

>>> from seabattle.battleship.rules import find_rules
>>> spec = BenchSpec(find_rules("milton-bradley"), ("novice", "hard"), games=4, seed=1)
>>> report = run_bench(spec)
>>> [r.label for r in report.results], len(report.results[0].shots)
(['novice', 'hard'], 4)
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.decisions import choose_move
from seabattle.battleship.ai.levels import LEVELS, make_strategy, split_level
from seabattle.battleship.ai.placement import find_placement
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.game import Solitaire
from seabattle.battleship.record import fleet_from_data, fleet_to_data
from seabattle.battleship.rules import Rules, find_rules, rules_from_dict
from seabattle.errors import SeaBattleError
from seabattle.i18n import Text
from seabattle.workers import in_workers

FLEETS_FORMAT = "seabattle-fleets"
FLEETS_VERSION = 1
REPORT_FORMAT = "seabattle-bench"
REPORT_VERSION = 1


# --- fleets files -------------------------------------------------------------------

def fleets_to_json(rules: Rules, fleets: Sequence[Fleet]) -> str:
    """A fleets file (``docs/bench.md``) holding ``fleets`` for ``rules``."""
    data = {"format": FLEETS_FORMAT, "version": FLEETS_VERSION, "rules": rules.to_dict(),
            "fleets": [fleet_to_data(rules, fleet) for fleet in fleets]}
    return json.dumps(data, ensure_ascii=False, indent=1)


def fleets_from_json(text: str, rules: Rules | None = None, *, source: str = "-"
                     ) -> tuple[Rules, tuple[Fleet, ...]]:
    """The rules and fleets of a fleets file, every fleet checked.

    ``rules`` is used when the file names none; when both do they must agree. Any
    problem raises :class:`~seabattle.errors.SeaBattleError` (``bench.fleets_file``)
    naming ``source`` and, for a bad fleet, its number.
    """
    def fail(problem: str | Text) -> SeaBattleError:
        return SeaBattleError("bench.fleets_file", path=source, problem=problem)

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise fail(f"not JSON ({error})") from None
    if not isinstance(data, Mapping) or data.get("format") != FLEETS_FORMAT:
        raise fail(f'not a fleets file (it needs "format": "{FLEETS_FORMAT}")')
    if data.get("version") != FLEETS_VERSION:
        raise fail(f"version {data.get('version')!r}; this program reads {FLEETS_VERSION}")
    try:
        named = data.get("rules")
        file_rules = (None if named is None else find_rules(named) if isinstance(named, str)
                      else rules_from_dict(named))
    except SeaBattleError as error:
        raise fail(str(error)) from None
    if file_rules is not None and rules is not None and file_rules != rules:
        raise fail(f"its fleets are for the rules {file_rules.name!r}, not {rules.name!r}")
    chosen = file_rules or rules or find_rules("classic")
    entries = data.get("fleets")
    if not isinstance(entries, list) or not entries:
        raise fail('"fleets" must be a non-empty list of fleets')
    fleets = []
    for number, entry in enumerate(entries, 1):
        try:
            fleets.append(fleet_from_data(chosen, entry))
        except SeaBattleError as error:
            problem = error.params.get("problem") or error.text
            raise fail(Text("bench.fleet_problem", {"number": number, "problem": problem})
                       ) from None
    return chosen, tuple(fleets)


# --- playing ----------------------------------------------------------------------------

@dataclass(frozen=True)
class BenchSpec:
    """What to play: the rules, the strategies compared, how many games, which fleets."""

    rules: Rules
    levels: tuple[str, ...]
    """Distinct levels or strategy names (anything :func:`~.ai.levels.make_strategy`
    knows), each maybe with settings: ``admiral:hunt_exponent=0.5``
    (:func:`~seabattle.battleship.ai.levels.split_level`)."""
    games: int
    seed: int | str = 1
    placement: str = "uniform"
    """The placement strategy drawing the fleets, unless :attr:`fleets` are given."""
    fleets: tuple[Fleet, ...] | None = None
    """Fleets to play against; game ``i`` takes fleet ``i`` modulo their number."""

    def check(self) -> None:
        """Refuse unknown levels or placements and empty runs before any game is played."""
        if self.games < 1:
            raise SeaBattleError("bench.bad_games", games=self.games)
        if not self.levels:
            raise SeaBattleError("error.unknown_level", name="", known=", ".join(LEVELS))
        for level in self.levels:
            name, settings = split_level(level)
            make_strategy(name, random.Random(0), None, settings)
        if self.fleets is None:
            find_placement(self.placement, self.rules)

    def fleet(self, game: int) -> Fleet:
        """The fleet of game number ``game`` (from zero)."""
        if self.fleets is not None:
            return self.fleets[game % len(self.fleets)]
        rng = random.Random(f"seabattle-bench:{self.seed}:fleet:{game}")
        return find_placement(self.placement).place(self.rules, rng)

    def strategy_rng(self, level: str, game: int) -> random.Random:
        """The generator of strategy ``level`` in game number ``game``: the same for
        every setting of one level, so that its variants are compared on equal luck."""
        name = split_level(level)[0]
        return random.Random(f"seabattle-bench:{self.seed}:{name.lower()}:{game}")

    def owner_rng(self, game: int) -> random.Random | None:
        """The generator of the fleet's owner in game number ``game``, where the rules let
        the owner move a hit Flying Dutchman (the computer's choice, as in a game; the
        same generator for every strategy); else ``None``."""
        if not self.rules.flying_dutchman:
            return None
        return random.Random(f"seabattle-bench:{self.seed}:owner:{game}")


@dataclass(frozen=True)
class GameOutcome:
    """One strategy's game: the shots it took and the time of each choice (seconds)."""

    game: int
    level: str
    shots: int
    think: array[float]


def play_game(rules: Rules, level: str, fleet: Fleet, rng: random.Random,
              owner: random.Random | None = None) -> tuple[int, array[float]]:
    """Fire with ``level`` (maybe with settings) at ``fleet`` until it sinks: the shots
    and think times.

    A salvo counts each of its shots, and its think time is shared among them.
    Under variant rules a level that cannot model them plays as the next weaker
    one that can (:func:`~seabattle.battleship.ai.levels.make_strategy`). ``owner``:
    the generator of the fleet's owner, who moves a hit Flying Dutchman as the computer
    does in a game (:func:`~seabattle.battleship.ai.decisions.choose_move`; ``None``:
    it stays put).
    """
    name, settings = split_level(level)
    think = array("d")
    game = fire_until_sunk(make_strategy(name, rng, rules, settings), rules, fleet, think,
                           owner)
    return len(game.shots(0)), think


def fire_until_sunk(strategy: TargetingStrategy, rules: Rules, fleet: Fleet,
                    think: array[float] | None, owner: random.Random | None = None
                    ) -> Solitaire:
    """The finished game of ``strategy`` firing at ``fleet``; the time of each choice is
    added to ``think`` (unless ``None``), a salvo's shared among its shots. ``owner``
    moves a hit Flying Dutchman, as in :func:`play_game`."""
    game = Solitaire(rules, fleet, owner_moves=owner is not None)
    clock = time.perf_counter
    while not game.is_over:
        if game.pending is not None:
            assert owner is not None  # only the owner's move is ever due
            game.move_ship(1, choose_move(game.view(1), owner))
            continue
        view = game.view(0)
        start = clock()
        cells = strategy.next_shots(view)
        if think is not None:
            elapsed = clock() - start
            think.extend([elapsed / len(cells)] * len(cells))
        if game.volley_left == 1:
            game.fire(0, cells[0])
        else:
            game.fire_salvo(0, cells)
    return game


def _play_range(spec: BenchSpec, start: int, stop: int,
                fleets: Sequence[Fleet] | None = None) -> list[GameOutcome]:
    outcomes = []
    for number in range(start, stop):
        fleet = spec.fleet(number) if fleets is None else fleets[number - start]
        for level in spec.levels:
            shots, think = play_game(spec.rules, level, fleet, spec.strategy_rng(level, number),
                                     spec.owner_rng(number))
            outcomes.append(GameOutcome(number, level, shots, think))
    return outcomes


# --- statistics --------------------------------------------------------------------------

def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics.

    >>> quantile([1, 2, 3, 4], 0.5), quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)
    (2.5, 9.1)
    """
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class ShotSummary:
    """Shots to sink the whole fleet, over the games played."""

    games: int
    mean: float
    median: float
    p90: float
    stdev: float
    """Sample standard deviation (0 for a single game)."""
    ci95: tuple[float, float]
    """95% confidence interval of the mean (normal approximation: mean ± 1.96·stdev/√n)."""
    low: int
    high: int

    @classmethod
    def of(cls, shots: Sequence[int]) -> ShotSummary:
        """The summary of a list of shot counts."""
        mean = statistics.fmean(shots)
        stdev = statistics.stdev(shots) if len(shots) > 1 else 0.0
        half = 1.96 * stdev / math.sqrt(len(shots))
        return cls(len(shots), mean, quantile(shots, 0.5), quantile(shots, 0.9), stdev,
                   (mean - half, mean + half), min(shots), max(shots))


@dataclass(frozen=True)
class ThinkSummary:
    """Time one ``choose()`` call took, over every move of every game (milliseconds)."""

    moves: int
    median_ms: float
    p99_ms: float
    mean_ms: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> ThinkSummary:
        """The summary of a list of think times in seconds."""
        return cls(len(seconds), quantile(seconds, 0.5) * 1000, quantile(seconds, 0.99) * 1000,
                   statistics.fmean(seconds) * 1000 if seconds else math.nan)


@dataclass
class StrategyResult:
    """Everything one strategy did in a benchmark."""

    label: str
    """The level or strategy name as given."""
    strategy: str
    """The strategy's own name (``density`` for ``hard``)."""
    shots: list[int]
    """Shots of each game, in game order."""
    think: array[float] = field(repr=False)

    @property
    def summary(self) -> ShotSummary:
        """Statistics of :attr:`shots`."""
        return ShotSummary.of(self.shots)

    @property
    def think_summary(self) -> ThinkSummary:
        """Statistics of :attr:`think`."""
        return ThinkSummary.of(self.think)


@dataclass
class BenchReport:
    """The results of :func:`run_bench`."""

    spec: BenchSpec
    results: list[StrategyResult]
    jobs: int
    seconds: float
    """Wall-clock time of the whole run."""
    source: str = ""
    """Where the fleets came from: a placement name or ``file:PATH``."""

    def paired(self, result: StrategyResult) -> ShotSummary | None:
        """``result``'s shots minus the first strategy's, game by game (both played the
        same fleets), summarised; ``None`` for the first strategy itself.

        The interval of a paired difference is far narrower than the two means'
        intervals suggest, because the luck of the fleet cancels out.
        """
        first = self.results[0]
        if result is first:
            return None
        return ShotSummary.of([mine - theirs for mine, theirs
                               in zip(result.shots, first.shots, strict=True)])

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (the ``--json`` output, see ``docs/bench.md``)."""
        spec = self.spec
        out: dict[str, Any] = {
            "format": REPORT_FORMAT, "version": REPORT_VERSION,
            "rules": spec.rules.to_dict(), "games": spec.games, "seed": spec.seed,
            "fleets": self.source or (spec.placement if spec.fleets is None else "file"),
            "jobs": self.jobs, "seconds": round(self.seconds, 3), "strategies": [],
        }
        for result in self.results:
            shots = result.summary
            think = result.think_summary
            entry: dict[str, Any] = {
                "level": result.label, "strategy": result.strategy,
                "shots": {"mean": shots.mean, "median": shots.median, "p90": shots.p90,
                          "stdev": shots.stdev, "ci95": list(shots.ci95),
                          "min": shots.low, "max": shots.high},
                "think_ms": {"median": think.median_ms, "p99": think.p99_ms,
                             "mean": think.mean_ms, "moves": think.moves},
                "shots_per_game": result.shots,
            }
            paired = self.paired(result)
            if paired is not None:
                entry["paired"] = {"against": self.results[0].label, "mean": paired.mean,
                                   "stdev": paired.stdev, "ci95": list(paired.ci95)}
            out["strategies"].append(entry)
        return out

    def table(self) -> str:
        """The report as a plain-text table."""
        spec = self.spec
        source = self.source or (spec.placement if spec.fleets is None else "file")
        width = max(12, *(len(r.label) for r in self.results))
        lines = [f"rules {spec.rules.name}, {spec.games} games, fleets: {source}, "
                 f"seed {spec.seed}, {self.jobs} jobs, {self.seconds:.1f} s",
                 "",
                 f"{'level':<{width}} {'mean':>7} {'95% CI':>15} {'median':>7} {'p90':>6} "
                 f"{'stdev':>6} {'min':>4} {'max':>4} {'think median':>13} {'p99':>9}"]
        for result in self.results:
            s = result.summary
            t = result.think_summary
            ci = f"{s.ci95[0]:.2f}–{s.ci95[1]:.2f}"
            lines.append(f"{result.label:<{width}} {s.mean:>7.2f} {ci:>15} {s.median:>7.1f} "
                         f"{s.p90:>6.1f} {s.stdev:>6.2f} {s.low:>4} {s.high:>4} "
                         f"{t.median_ms:>10.3f} ms {t.p99_ms:>6.2f} ms")
        if len(self.results) > 1:
            lines += ["", f"paired against {self.results[0].label} (the same fleets; "
                          "below zero: fewer shots)",
                      f"{'level':<{width}} {'mean':>7} {'95% CI':>16}"]
            for result in self.results[1:]:
                d = self.paired(result)
                assert d is not None
                ci = f"[{d.ci95[0]:+.2f}, {d.ci95[1]:+.2f}]"
                lines.append(f"{result.label:<{width}} {d.mean:>+7.2f} {ci:>16}")
        return "\n".join(lines)


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    # Small enough for a smooth progress bar and an even load, large enough that
    # sending the work around costs little.
    size = max(1, min(25, games // (jobs * 8) or 1))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run_bench(spec: BenchSpec, *, jobs: int = 1,
              progress: Callable[[int], None] | None = None, source: str = "") -> BenchReport:
    """Play the benchmark, on ``jobs`` worker processes (1: in this process).

    ``progress`` is called with the number of games finished each time some finish.
    """
    spec.check()
    began = time.perf_counter()
    chunks = _chunks(spec.games, jobs)
    outcomes: list[GameOutcome] = []
    if jobs <= 1 or len(chunks) <= 1:
        for start, stop in chunks:
            outcomes.extend(_play_range(spec, start, stop))
            if progress:
                progress(stop - start)
    else:
        # Given fleets travel with their games only, not all of them with each chunk.
        light = replace(spec, fleets=None)
        calls = [(light, start, stop, None if spec.fleets is None
                  else [spec.fleet(n) for n in range(start, stop)]) for start, stop in chunks]
        for index, played in in_workers(_play_range, calls, jobs):
            outcomes.extend(played)
            if progress:
                start, stop = chunks[index]
                progress(stop - start)
    outcomes.sort(key=lambda o: o.game)
    results = []
    for level in spec.levels:
        mine = [o for o in outcomes if o.level == level]
        think = array("d")
        for outcome in mine:
            think.extend(outcome.think)
        name, settings = split_level(level)
        strategy = make_strategy(name, random.Random(0), spec.rules, settings).name
        results.append(StrategyResult(level, strategy, [o.shots for o in mine], think))
    return BenchReport(spec, results, jobs, time.perf_counter() - began, source)


# --- plotting ----------------------------------------------------------------------------

def plot_report(report: BenchReport, path: str) -> None:
    """Draw the distribution of shots of each strategy into an image file (matplotlib).

    Raises :class:`~seabattle.errors.SeaBattleError` (``bench.no_matplotlib``) when
    matplotlib is not installed.
    """
    try:
        import matplotlib
    except ImportError:
        raise SeaBattleError("bench.no_matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spec = report.spec
    figure, axes = plt.subplots(figsize=(9, 5), dpi=110)
    low = min(min(r.shots) for r in report.results)
    high = max(max(r.shots) for r in report.results)
    bins = [b - 0.5 for b in range(low, high + 2)]
    colours = [f"C{i}" for i in range(10)]  # matplotlib's default colour cycle
    for index, result in enumerate(report.results):
        summary = result.summary
        colour = colours[index % len(colours)]
        label = f"{result.label} (mean {summary.mean:.1f}, median {summary.median:.0f})"
        axes.hist(result.shots, bins=bins, density=True, histtype="step", linewidth=1.6,
                  color=colour, label=label)
        axes.axvline(summary.mean, color=colour, linestyle="--", linewidth=1)
    axes.set_xlabel("shots to sink the whole fleet")
    axes.set_ylabel("share of games")
    source = report.source or (spec.placement if spec.fleets is None else "file")
    axes.set_title(f"seabattle bench: rules {spec.rules.name}, {spec.games} games, "
                   f"fleets {source}, seed {spec.seed}")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise SeaBattleError("bench.plot_file", path=path,
                             problem=error.strerror or str(error)) from None
    finally:
        plt.close(figure)
