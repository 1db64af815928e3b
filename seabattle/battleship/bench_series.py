"""Series benchmarks: many games in a row against one opponent, to measure learning.

Two kinds, both seeded, the series spread over ``jobs`` worker processes (``docs/bench.md``,
«Series»):

- **shooting** (:func:`run_shooting_series`): each strategy keeps one object over a
  series of games against fleets from one placement family, shown each fleet when its
  game ends (:meth:`~seabattle.battleship.ai.base.TargetingStrategy.reveal`) and told of
  each new game (:meth:`~seabattle.battleship.ai.base.TargetingStrategy.new_game`), so a
  strategy that learns the opponent (the admiral) carries what it saw forward;
- **hiding** (:func:`run_hiding_series`): a shooter with a habit fires at fleets placed
  by each placer in turn; a learning placer sees the shooter's shots after every game
  (:class:`~seabattle.battleship.ai.hiding.ShooterHabits`).

Only the games from :attr:`SeriesSpec.first_measured` on are reported: the mean shots
over those games of each series, and, against the first strategy (or placer), the
paired difference over the same series.

>>> from seabattle.battleship.rules import find_rules
>>> spec = SeriesSpec(find_rules("six"), ("hard", "easy"), series=2, length=3)
>>> [len(r.per_series) for r in run_shooting_series(spec).results]
[2, 2]
"""

from __future__ import annotations

import random
import statistics
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.hiding import ShooterHabits
from seabattle.battleship.ai.levels import make_strategy, split_level
from seabattle.battleship.ai.placement import computer_fleet, find_placement
from seabattle.battleship.bench import ShotSummary, ThinkSummary, fire_until_sunk
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Rules
from seabattle.errors import SeaBattleError
from seabattle.workers import in_workers

LEARNING_PLACER = "learning"
"""The placer name of the computer's learning placement in a hiding series (the other
placers are placement strategies of :data:`~seabattle.battleship.ai.placement.PLACEMENTS`)."""


@dataclass(frozen=True)
class SeriesSpec:
    """A series benchmark: who plays, against what, how many series of how many games."""

    rules: Rules
    levels: tuple[str, ...]
    """Shooting: the strategies compared. Hiding: the one shooter (its first entry)."""
    series: int
    length: int = 20
    measured_from: int | None = None
    """The first game reported, counted from 1 (games before it only teach); ``None``:
    the second half, ``length // 2 + 1``."""
    seed: int | str = 1
    placement: str = "uniform"
    """Shooting: the family every fleet of the series comes from."""
    placers: tuple[str, ...] = ()
    """Hiding: the placers compared (placement names or :data:`LEARNING_PLACER`)."""

    @property
    def first_measured(self) -> int:
        """:attr:`measured_from`, or the first game of the second half."""
        return self.measured_from if self.measured_from is not None else self.length // 2 + 1

    def check(self) -> None:
        """Refuse bad counts and unknown names before any game."""
        if self.series < 1 or self.length < 1:
            raise SeaBattleError("bench.bad_games", games=min(self.series, self.length))
        if not 1 <= self.first_measured <= self.length:
            raise SeaBattleError("bench.bad_series", first=self.first_measured,
                                 length=self.length)
        for level in self.levels:
            name, settings = split_level(level)
            make_strategy(name, random.Random(0), None, settings)
        find_placement(self.placement, self.rules)
        for placer in self.placers:
            if placer != LEARNING_PLACER:
                find_placement(placer, self.rules)

    def seed_text(self, *parts: object) -> str:
        """The seed of the generator named by ``parts`` under this spec's seed."""
        return ":".join(["seabattle-series", str(self.seed), *map(str, parts)])

    def rng(self, *parts: object) -> random.Random:
        """The generator named by ``parts`` under this spec's seed."""
        return random.Random(self.seed_text(*parts))


@dataclass
class SeriesResult:
    """One strategy's (or placer's) series: the mean shots over the measured games of each."""

    label: str
    per_series: list[float]
    think: array[float]

    @property
    def summary(self) -> ShotSummary:
        """Statistics of the per-series means (rounded to whole shots only for min/max)."""
        return _summary(self.per_series)


def _summary(values: list[float]) -> ShotSummary:
    mean = statistics.fmean(values)
    stdev = statistics.stdev(values) if len(values) > 1 else 0.0
    half = 1.96 * stdev / len(values) ** 0.5
    ordered = sorted(values)
    return ShotSummary(len(values), mean, statistics.median(values),
                       ordered[int(0.9 * (len(ordered) - 1))], stdev, (mean - half, mean + half),
                       round(ordered[0]), round(ordered[-1]))


@dataclass
class SeriesReport:
    """The results of a series benchmark."""

    spec: SeriesSpec
    kind: str
    """``shooting`` or ``hiding``."""
    results: list[SeriesResult]
    seconds: float

    def paired(self, result: SeriesResult) -> ShotSummary | None:
        """``result`` minus the first, series by series; ``None`` for the first."""
        first = self.results[0]
        if result is first:
            return None
        return _summary([a - b for a, b in zip(result.per_series, first.per_series, strict=True)])

    def table(self) -> str:
        """The report as plain text."""
        spec = self.spec
        against = (f"fleets: {spec.placement}" if self.kind == "shooting"
                   else f"shooter: {spec.levels[0]}")
        lines = [f"rules {spec.rules.name}, {self.kind} series: {spec.series} × "
                 f"{spec.length} games, games {spec.first_measured}–{spec.length} measured, "
                 f"{against}, seed {spec.seed}, {self.seconds:.1f} s", "",
                 f"{'who':<24} {'mean':>7} {'95% CI':>15} {'think median':>13} {'p99':>9}"]
        for result in self.results:
            s = result.summary
            t = ThinkSummary.of(result.think) if result.think else None
            think = f"{t.median_ms:>10.3f} ms {t.p99_ms:>6.2f} ms" if t else ""
            lines.append(f"{result.label:<24} {s.mean:>7.2f} "
                         f"{s.ci95[0]:>7.2f}–{s.ci95[1]:<7.2f} {think}")
        if len(self.results) > 1:
            lines += ["", f"paired against {self.results[0].label} (the same series)"]
            for result in self.results[1:]:
                d = self.paired(result)
                assert d is not None
                share = d.mean / self.results[0].summary.mean * 100
                lines.append(f"{result.label:<24} {d.mean:>+7.2f} "
                             f"[{d.ci95[0]:+.2f}, {d.ci95[1]:+.2f}]  ({share:+.1f} %)")
        return "\n".join(lines)


def _play(strategy: TargetingStrategy, rules: Rules, fleet: Fleet, think: array[float] | None
          ) -> list[int]:
    """Fire with ``strategy`` at ``fleet`` until it sinks; the cells fired at, in order."""
    return [shot.cell for shot in fire_until_sunk(strategy, rules, fleet, think).view(0).shots]


SeriesOutcome = list[tuple[float, "array[float]"]]
"""One series' outcome: per strategy (or placer), the mean shots of its measured games and
its think times."""


def _shooting_series(spec: SeriesSpec, number: int) -> SeriesOutcome:
    """Series ``number`` of a shooting benchmark: every strategy against the same fleets."""
    placement = find_placement(spec.placement, spec.rules)
    fleets = [placement.place(spec.rules, spec.rng(number, "fleet", g))
              for g in range(spec.length)]
    outcome: SeriesOutcome = []
    for level in spec.levels:
        name, settings = split_level(level)
        rng = spec.rng(number, name.lower(), 0)
        strategy = make_strategy(name, rng, spec.rules, settings)
        think = array("d")
        measured = []
        for g, fleet in enumerate(fleets):
            if g:
                strategy.new_game()
                # Common random numbers: a game that learning did not change is fired
                # shot for shot alike by every setting of a level, so the paired
                # difference holds only what learning changed (docs/bench.md, «Series»).
                rng.seed(spec.seed_text(number, name.lower(), g))
            timed = g + 1 >= spec.first_measured
            shots = _play(strategy, spec.rules, fleet, think if timed else None)
            strategy.reveal(spec.rules, fleet)
            if timed:
                measured.append(len(shots))
        outcome.append((statistics.fmean(measured), think))
    return outcome


def _hiding_series(spec: SeriesSpec, number: int) -> SeriesOutcome:
    """Series ``number`` of a hiding benchmark: the shooter against every placer."""
    name, settings = split_level(spec.levels[0])
    outcome: SeriesOutcome = []
    for placer in spec.placers:
        habits = ShooterHabits(spec.rules.grid)
        measured = []
        for g in range(spec.length):
            rng = spec.rng(number, "place", placer, g)
            if placer == LEARNING_PLACER:
                fleet = computer_fleet("admiral", spec.rules, rng, habits)
            else:
                fleet = find_placement(placer).place(spec.rules, rng)
            shooter = make_strategy(name, spec.rng(number, name.lower(), g), spec.rules,
                                    settings)
            shots = _play(shooter, spec.rules, fleet, None)
            habits.observe(shots)
            if g + 1 >= spec.first_measured:
                measured.append(len(shots))
        outcome.append((statistics.fmean(measured), array("d")))
    return outcome


def _run(spec: SeriesSpec, kind: str, labels: tuple[str, ...],
         one_series: Callable[[SeriesSpec, int], SeriesOutcome], jobs: int,
         progress: Callable[[int], None] | None) -> SeriesReport:
    """Every series of ``spec``, on ``jobs`` worker processes (1: in this process); the
    series are independent, so the report does not depend on ``jobs``."""
    spec.check()
    began = time.perf_counter()
    outcomes: dict[int, SeriesOutcome] = {}
    if jobs <= 1 or spec.series <= 1:
        for number in range(spec.series):
            outcomes[number] = one_series(spec, number)
            if progress:
                progress(1)
    else:
        calls = [(spec, number) for number in range(spec.series)]
        for number, outcome in in_workers(one_series, calls, jobs):
            outcomes[number] = outcome
            if progress:
                progress(1)
    results = [SeriesResult(label, [], array("d")) for label in labels]
    for number in range(spec.series):
        for result, (mean, think) in zip(results, outcomes[number], strict=True):
            result.per_series.append(mean)
            result.think.extend(think)
    return SeriesReport(spec, kind, results, time.perf_counter() - began)


def run_shooting_series(spec: SeriesSpec, progress: Callable[[int], None] | None = None,
                        *, jobs: int = 1) -> SeriesReport:
    """Each strategy plays ``spec.series`` series of ``spec.length`` games, one object per
    series; game ``g`` of series ``s`` is the same fleet for every strategy. ``jobs``
    worker processes play different series at once."""
    return _run(spec, "shooting", spec.levels, _shooting_series, jobs, progress)


def run_hiding_series(spec: SeriesSpec, progress: Callable[[int], None] | None = None,
                      *, jobs: int = 1) -> SeriesReport:
    """The shooter ``spec.levels[0]`` fires at each placer's fleets for ``spec.series``
    series of ``spec.length`` games; the learning placer sees every game's shots. The
    shooter's generator in game ``g`` of series ``s`` is the same for every placer.
    ``jobs`` worker processes play different series at once."""
    return _run(spec, "hiding", spec.placers, _hiding_series, jobs, progress)
