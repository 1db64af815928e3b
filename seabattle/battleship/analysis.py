"""Game analysis: each shot of a recorded game judged against the admiral's posterior.

Like a chess engine going over a game, :func:`analyze_record` replays a
:class:`~seabattle.battleship.record.GameRecord` and, before every shot of a player, asks the
admiral's joint posterior (:mod:`seabattle.battleship.ai.posterior`) how likely each cell of
the enemy field was to hold a ship *given only what that player knew then*. The
shot is judged by the probability it gave up: the best open cell's chance minus
the chosen cell's (:attr:`ShotAnalysis.loss`), graded by :data:`THRESHOLDS`.
Whether the shot then hit is luck and does not enter the grade.

For scale, the admiral itself plays the same enemy fleet from the start of the
game, ``admiral_games`` times with different seeds, and its shot counts are kept
(:attr:`PlayerAnalysis.admiral_shots`).

Only rule sets the admiral plays can be analysed (see :func:`unmodelled_variants`):
for others the posterior has no model of what a shot reveals, and
:func:`analyze_record` refuses the record with a reason.

The module does no I/O; ``seabattle analyze`` (:mod:`seabattle.commands.analyze`)
prints what it finds. Every estimate and every admiral game draws from ``seed``
alone, so the same record and seed give the same analysis.

>>> import random
>>> from seabattle.battleship.ai.levels import make_strategy
>>> from seabattle.battleship.fleet import random_fleet
>>> from seabattle.battleship.game import Game
>>> from seabattle.battleship.record import GameRecord
>>> from seabattle.battleship.rules import find_rules
>>> rules = find_rules("classic")
>>> game = Game(rules, (random_fleet(rules, random.Random(1)),
...                     random_fleet(rules, random.Random(2))))
>>> shooter = make_strategy("novice", random.Random(3))
>>> while len(game.events) < 10:
...     player = game.to_move
...     _ = game.fire(player, shooter.choose(game.view(player)))
>>> report = analyze_record(GameRecord.of(game), players=(0,), admiral_games=1)
>>> all(0 <= s.chosen <= s.best <= 1 for s in report.players[0].shots)
True
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.dutchman import AnyEstimate, AnyPosterior, posterior_for
from seabattle.battleship.ai.posterior import SamplerSettings, scaled_settings
from seabattle.battleship.bench import play_game
from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import iter_cells
from seabattle.errors import SeaBattleError
from seabattle.i18n import Text, listed


class Verdict(Enum):
    """How good a shot was, by the probability of a ship it gave up (see :data:`THRESHOLDS`)."""

    BEST = "best"
    """The most probable cell, or within noise of it."""
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[float, Verdict], ...] = (
    (0.30, Verdict.BLUNDER),
    (0.15, Verdict.MISTAKE),
    (0.08, Verdict.INACCURACY),
    (0.02, Verdict.GOOD),
)
"""``(from, verdict)``, worst first: a shot whose loss is at least ``from`` gets the
first such ``verdict``; a loss below 0.02 is :attr:`Verdict.BEST`.

The losses are absolute probabilities. While hunting, most open cells of a
classic field sit between 0.15 and 0.35, so a poor cell instead of the best is
typically an inaccuracy; leaving a wounded ship to shoot elsewhere gives up 0.3
or more (its neighbours carry 0.5–1) and is a blunder. The best grade allows
0.02 because where many fleets fit the posterior is a Monte Carlo estimate
(about ±0.01 with the analysis's sample count)."""


def classify(loss: float) -> Verdict:
    """The verdict for a shot that gave up ``loss`` of probability against the best cell.

    >>> classify(0.0), classify(0.1), classify(0.5)
    (<Verdict.BEST: 'best'>, <Verdict.INACCURACY: 'inaccuracy'>, <Verdict.BLUNDER: 'blunder'>)
    """
    for limit, verdict in THRESHOLDS:
        if loss >= limit:
            return verdict
    return Verdict.BEST


@dataclass(frozen=True)
class ShotAnalysis:
    """One shot, judged from what its player knew just before it."""

    move: int
    """The shot's number among all the record's events, from 1 (as ``seabattle replay``)."""
    player: int
    cell: int
    result: ShotResult
    chosen: float
    """The posterior chance that the chosen cell held a ship."""
    best: float
    """The highest chance among the cells worth a shot then."""
    best_cell: int
    """A cell with that chance (the first, in reading order)."""
    exact: bool
    """Whether the posterior was enumerated exactly rather than sampled."""

    @property
    def loss(self) -> float:
        """Probability of a ship given up: ``best - chosen`` (never below 0)."""
        return max(0.0, self.best - self.chosen)

    @property
    def verdict(self) -> Verdict:
        """The grade of :attr:`loss` (see :func:`classify`)."""
        return classify(self.loss)


@dataclass(frozen=True)
class PlayerAnalysis:
    """Every shot of one player, and how the admiral fares against the same fleet."""

    player: int
    name: str
    shots: tuple[ShotAnalysis, ...]
    sank_fleet: bool
    """Whether the player sank the whole enemy fleet (so :attr:`shots` is a full game)."""
    admiral_shots: tuple[int, ...]
    """Shots the admiral took to sink the same fleet from the start, one per seeded game."""

    @property
    def mean_loss(self) -> float:
        """Average probability given up per shot (0 with no shots)."""
        return statistics.fmean(s.loss for s in self.shots) if self.shots else 0.0

    @property
    def admiral_mean(self) -> float | None:
        """The admiral's mean shot count, if it played."""
        return statistics.fmean(self.admiral_shots) if self.admiral_shots else None

    def verdicts(self) -> dict[Verdict, int]:
        """How many shots got each verdict (every verdict listed, zeros included)."""
        counts = Counter(s.verdict for s in self.shots)
        return {verdict: counts[verdict] for verdict in Verdict}


@dataclass(frozen=True)
class GameAnalysis:
    """The analysis of a record: one :class:`PlayerAnalysis` per player analysed."""

    rules: Rules
    seed: int
    players: tuple[PlayerAnalysis, ...]

    def to_dict(self, cell_name: Callable[[int], Any] | None = None) -> dict[str, Any]:
        """The analysis as plain data (``docs/analyze.md``); ``cell_name(cell)`` names cells.

        Without ``cell_name`` cells are given as numbers (row × width + column).
        Probabilities are rounded to four decimals.
        """
        def name(cell: int) -> Any:
            return cell if cell_name is None else cell_name(cell)

        return {
            "format": "seabattle-analysis",
            "version": 1,
            "rules": self.rules.name,
            "seed": self.seed,
            "thresholds": {verdict.value: limit for limit, verdict in reversed(THRESHOLDS)},
            "players": [{
                "player": p.player,
                "name": p.name,
                "shots": len(p.shots),
                "sank_fleet": p.sank_fleet,
                "admiral_shots": list(p.admiral_shots),
                "admiral_mean": p.admiral_mean,
                "mean_loss": round(p.mean_loss, 4),
                "verdicts": {v.value: n for v, n in p.verdicts().items()},
                "moves": [{
                    "move": s.move, "cell": name(s.cell), "result": s.result.value,
                    "chosen": round(s.chosen, 4), "best": round(s.best, 4),
                    "best_cell": name(s.best_cell), "loss": round(s.loss, 4),
                    "verdict": s.verdict.value, "exact": s.exact,
                } for s in p.shots],
            } for p in self.players],
        }


def unmodelled_variants(rules: Rules) -> tuple[Text, ...]:
    """Why the admiral's posterior cannot judge shots under ``rules``: empty when it can,
    which is every rule set the rules allow today.

    The test is the admiral's own (:meth:`~.ai.admiral.AdmiralStrategy.supports`:
    in a live game a weaker level plays such rules instead). Mines, minesweepers,
    submarines, silent sinkings and the Flying Dutchman are modelled; what is left to
    blame is a ship shape whose placements cannot be listed other than the Dutchman's.

    >>> from seabattle.battleship.rules import find_rules, with_variants
    >>> unmodelled_variants(with_variants(find_rules("classic"), {"mines": 2, "announce": "none"}))
    ()
    >>> unmodelled_variants(find_rules("flying-dutchman"))
    ()
    """
    if AdmiralStrategy.supports(rules):
        return ()
    return (Text("analyze.why.shape"),)


def analysis_settings(rules: Rules) -> SamplerSettings:
    """The sampler settings of the analysis: the admiral's, with four times the samples.

    The analysis has no think-time budget, and more samples shrink the noise that
    could otherwise mark the best shot as worse than it was.
    """
    settings = scaled_settings(rules)
    return replace(settings, samples=settings.samples * 4)


def analyze_record(record: GameRecord, players: Iterable[int] = (0, 1), *, seed: int = 0,
                   admiral_games: int = 10, settings: SamplerSettings | None = None
                   ) -> GameAnalysis:
    """Judge every shot of ``players`` in ``record`` (but submarines' dying shots, which
    the rules fire); see the module's description.

    ``admiral_games`` seeded games of the admiral against each player's enemy fleet
    give the comparison (0 skips them). Raises :class:`~seabattle.errors.SeaBattleError`
    for a player number other than 0 or 1 or a negative number of games, for rules
    the posterior does not model (naming the variants, see :func:`unmodelled_variants`),
    and for a view in which the sampler finds no fitting enemy fleet (naming the move).
    """
    reasons = unmodelled_variants(record.rules)
    if reasons:
        raise SeaBattleError("error.cannot_analyze", rules=record.rules.name,
                             reasons=listed(reasons))
    chosen = tuple(dict.fromkeys(players))
    for player in chosen:
        if player not in (0, 1):
            raise SeaBattleError("error.not_a_player", player=player)
    if admiral_games < 0:
        raise SeaBattleError("error.generic",
                             problem=f"admiral games must be 0 or more, not {admiral_games}")
    sampler = settings or analysis_settings(record.rules)
    return GameAnalysis(record.rules, seed, tuple(
        _analyze_player(record, player, seed, admiral_games, sampler) for player in chosen))


def _analyze_player(record: GameRecord, player: int, seed: int, admiral_games: int,
                    settings: SamplerSettings) -> PlayerAnalysis:
    rules = record.rules
    rng = random.Random(f"seabattle-analysis:{seed}:{player}")
    posterior = posterior_for(rules, settings)
    game = record.game(0)
    shots: list[ShotAnalysis] = []
    for move, event in enumerate(record.events, start=1):
        # A submarine's dying shot is the rules', not the player's choice: not judged.
        if isinstance(event, Shot) and event.player == player and not event.dying:
            view = game.view(player)
            # A salvo is chosen whole: every shot of it is judged by what was known when
            # the turn began, not by the answers to the shots before it in the volley.
            if game.volley_left == game.shots_due(player):
                estimate = _estimate(posterior, view, rng.getrandbits(63), move)
            chances = estimate.probabilities
            open_cells = list(iter_cells(TargetingStrategy.candidates(view)))
            best_cell = max(open_cells, key=lambda cell: chances[cell])
            if view.given >> event.cell & 1:
                # A cell handed over after a mine: a sure hit that waits for whenever
                # its holder likes, so firing it now or later gives nothing up.
                best_cell = event.cell
            shots.append(ShotAnalysis(move, player, event.cell, event.result,
                                      _clamp(chances[event.cell]), _clamp(chances[best_cell]),
                                      best_cell, estimate.exact))
        game.apply(event)
    enemy_fleet = record.fleets[1 - player]
    admiral = tuple(
        play_game(rules, "admiral", enemy_fleet,
                  random.Random(f"seabattle-analysis:{seed}:{player}:admiral:{number}"),
                  random.Random(f"seabattle-analysis:{seed}:{player}:owner:{number}")
                  if rules.flying_dutchman else None)[0]
        for number in range(admiral_games))
    sank = not game.view(1 - player).own_afloat
    return PlayerAnalysis(player, record.players[player].name, tuple(shots), sank, admiral)


def _estimate(posterior: AnyPosterior, view: PlayerView, seed: int, move: int
              ) -> AnyEstimate:
    """The posterior for ``view`` before shot number ``move``, its failure as a message."""
    try:
        return posterior.estimate(view, seed)
    except RuntimeError as error:  # the sampler found no fleet within its search budget
        raise SeaBattleError("error.analysis_failed", move=move, problem=str(error)) from error


def _clamp(chance: float) -> float:
    # Sums of floating-point shares can stray a hair outside [0, 1].
    return min(1.0, max(0.0, chance))


__all__ = ["THRESHOLDS", "GameAnalysis", "PlayerAnalysis", "ShotAnalysis", "Verdict",
           "analysis_settings", "analyze_record", "classify", "unmodelled_variants"]
