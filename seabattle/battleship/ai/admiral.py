"""``admiral``: the strongest level, shooting from the joint posterior over the enemy fleet.

See :mod:`seabattle.battleship.ai.posterior` for the posterior and ``docs/admiral.md`` for the
method and its measurements.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels
from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.dutchman import DutchmanEstimate, DutchmanPosterior, lone_king
from seabattle.battleship.ai.habits import (
    MIN_EFFECTIVE_SHARE,
    MOST_PROBABLE_ALONE,
    SHARE_FLOOR,
    SHARPNESS,
    UNIFORM_PRIOR,
    PlacementPrior,
    habits_apply,
)
from seabattle.battleship.ai.posterior import Estimate, Posterior, SamplerSettings
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import iter_cells
from seabattle.errors import SeaBattleError

VOLLEY_INFORMATION = 1.0
"""The default :attr:`AdmiralSettings.volley_information` (docs/admiral.md, «Salvoes»)."""


@dataclass
class AdmiralSettings:
    """How the admiral thinks."""

    sampler: SamplerSettings | None = None
    """``None``: scaled to the rule set (see :func:`~.ai.posterior.scaled_settings`)."""
    depth: int = 1
    """Shots looked ahead: 1 fires at the most probable cell."""
    discount: float = 0.9
    """Worth of a hit one shot later, against a hit now, in the lookahead."""
    width: int = 8
    """Most probable cells weighed by the lookahead."""
    margin: float = 1.0
    """Only cells this close (in probability) to the best are weighed."""
    hunt_exponent: float = 0.0
    """While no hit is waiting to be finished off, weigh ships of size ``s`` by
    ``s ** -hunt_exponent`` (0: the plain chance of a hit)."""
    ring_bonus: float = 0.0
    """While hunting, add this times the expected count of unknown cells a hit's
    ship would reveal empty when it sinks (rules where ships may not touch)."""
    defer: float = 0.0
    """While a hit ship is unfinished and its best next cell is no surer than 60 %, fire
    instead at the likeliest cell away from the open hits if its chance is at least this
    share of the best (0: never): leaving a direction for later, as optimal play on
    small fields does."""
    information: float = 0.0
    """Add this times each cell's expected information gain (bits of the cells'
    marginal entropies its answer is expected to remove, from the posterior's fleets)
    to its chance: 0 fires at the likeliest cell."""
    prior: int = 2
    """The prior over placement habits (:mod:`~seabattle.battleship.ai.habits`), weighed by
    the evidence: 2 fires by the habits' maps averaged with their weights raised to
    ``sharpness``, 1 by the most probable habit's map; 0: every legal fleet equally
    likely (no habits)."""
    sharpness: float = SHARPNESS
    """With ``prior=2``, the power of the habits' weights in the average of their maps:
    1 the mixture's average, larger nearer the most probable habit's map alone."""
    floor: float = SHARE_FLOOR
    """With ``prior=2``, a habit whose share of that average is below this counts for
    nothing (the others share its part)."""
    uniform: float = UNIFORM_PRIOR
    """The prior weight of every legal fleet equally likely, against the habits (the
    tilted families and the engine's depth-first placement, ``dfs``)."""
    effective_share: float = MIN_EFFECTIVE_SHARE
    """How far the habits' maps are tempered: each member's tilt is weakened until at
    least this share of the posterior's fleets counts under it (smaller: sharper maps,
    noisier; docs/admiral.md, «How sharp a habit's map is»)."""
    exact_evidence: int = 1
    """1: where the posterior lists every fleet that fits the view, weigh the habits by
    them exactly (their marginal likelihoods, :func:`~.ai.habits.bayes_factors`); 0: by
    the shots' answers alone, each weighed by the habits' maps (docs/admiral.md, «Exact
    evidence»)."""
    learn: int = 1
    """1: keep the habits' evidence from one game to the next against the same opponent
    (a series: :meth:`AdmiralStrategy.new_game`); 0: start every game afresh."""
    parity: float = 0.0
    """While hunting, cells within this share of the best chance count as tied, and
    ties go to the diagonal lattice of the shortest ship afloat (``(row + column) mod
    size``) holding the most chance: 0 breaks ties at random."""

    volley_information: float = VOLLEY_INFORMATION
    """In a salvo, the worth of one bit of what the volley's answers tell together (their
    joint entropy over the posterior's fleets), against one expected hit: 0 fires at the
    most probable cells."""

    def with_text(self, settings: Mapping[str, str]) -> AdmiralSettings:
        """These settings changed by ``settings`` given as text (``{"depth": "2"}``).

        Raises :class:`~seabattle.errors.SeaBattleError` naming the setting for an
        unknown name or a value of the wrong type or out of range.

        >>> AdmiralSettings().with_text({"depth": "2", "discount": "1"}).depth
        2
        """
        changes: dict[str, Any] = {}
        known = {f.name: f for f in fields(self) if f.name in _RANGES}
        for name, text in settings.items():
            if name not in known:
                raise SeaBattleError("error.unknown_setting", name=name, level="admiral",
                                     known=", ".join(known))
            convert = int if known[name].type in (int, "int") else float
            low, high = _RANGES[name]
            try:
                value = convert(text)
            except ValueError:
                value = None
            if value is None or not low <= value <= high:
                raise SeaBattleError("error.bad_setting_value", name=name, value=text,
                                     low=low, high=high)
            changes[name] = value
        return replace(self, **changes)


_RANGES: dict[str, tuple[float, float]] = {
    "depth": (1, 3), "discount": (0.0, 1.0), "width": (1, 100), "margin": (0.0, 1.0),
    "hunt_exponent": (-4.0, 4.0), "ring_bonus": (0.0, 10.0), "parity": (0.0, 0.5),
    "information": (0.0, 10.0), "defer": (0.0, 1.0), "prior": (0, 2), "learn": (0, 1),
    "sharpness": (0.1, 100.0), "floor": (0.0, 0.5),
    "uniform": (0.01, 0.99), "effective_share": (0.001, 1.0), "exact_evidence": (0, 1),
    "volley_information": (0.0, 10.0),
}
"""The settings :meth:`AdmiralSettings.with_text` accepts, with their ranges."""

_INFORMATION_FLEETS = 1500
"""Most fleets the information gain is computed over."""


class AdmiralStrategy(TargetingStrategy):
    """Fires where a ship most probably is, given everything known about the whole fleet."""

    name = "admiral"

    def __init__(self, rng: random.Random, settings: AdmiralSettings | None = None) -> None:
        self.settings = settings or AdmiralSettings()
        self._posterior: Posterior | None = None
        self._dutchman: DutchmanPosterior | None = None
        self.habits = PlacementPrior(learn=bool(self.settings.learn),
                                     sharpness=self.settings.sharpness,
                                     floor=(self.settings.floor if self.settings.prior == 2
                                            else MOST_PROBABLE_ALONE),
                                     uniform_prior=self.settings.uniform,
                                     effective_share=self.settings.effective_share,
                                     exact_evidence=bool(self.settings.exact_evidence))
        """The opponent's placement habits as the admiral sees them so far."""
        super().__init__(rng)

    @classmethod
    def tuned(cls, rng: random.Random, settings: Mapping[str, str]) -> Self:
        """The admiral with :class:`AdmiralSettings` changed by ``settings``."""
        return cls(rng, AdmiralSettings().with_text(settings))

    def new_game(self) -> None:
        """Forget the last game's chains; keep what it showed of the opponent's habits
        (unless ``learn`` is off). Call it between the games of a series."""
        if self._posterior is not None:
            self._posterior.reset()
        if self._dutchman is not None:
            self._dutchman.reset()
        self.habits.next_game()

    def reveal(self, rules: Rules, fleet: Fleet) -> None:
        """Weigh the placement habits by the revealed fleet (kept for the next game
        when ``learn`` is on)."""
        if self.settings.prior and habits_apply(rules):
            self.habits.reveal(rules, fleet)

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        """The posterior models every piece whose placements can be listed: ships,
        submarines, mines and minesweepers, sinkings announced or not; and a lone
        ``king`` ship, the Flying Dutchman, moving or not, by its own posterior
        (:mod:`~seabattle.battleship.ai.dutchman`)."""
        return all(kind.shape.is_listed for kind in rules.fleet) or lone_king(rules)

    def choose_salvo(self, view: PlayerView, count: int) -> list[int]:
        """``count`` cells chosen together (:func:`joint_volley`): the most expected hits,
        with ``volley_information`` times what the volley's answers, read together, tell
        about the fleet."""
        estimate = self.estimate(view)
        probabilities = self._chances(view, estimate)
        cells = list(iter_cells(self.candidates(view)))
        chosen = joint_volley(probabilities, estimate.samples, cells, count,
                              self.settings.volley_information, view.rules.grid.size)
        if len(chosen) < count:
            chosen += [c for c in iter_cells(view.legal_shots()) if c not in chosen]
        return chosen[:count]

    def estimate(self, view: PlayerView) -> Estimate:
        """The posterior for ``view``, continuing this game's chains."""
        if self._posterior is None or self._posterior.rules != view.rules:
            self._posterior = Posterior(view.rules, self.settings.sampler)
        return self._posterior.estimate(view, self.rng.getrandbits(63))

    def _chances(self, view: PlayerView, estimate: Estimate) -> list[float]:
        """Per cell, the chance of a ship under the admiral's prior (the habits'
        mixture, or the uniform posterior when ``prior`` is off or the fleet has pieces
        other than ships: the habits are measured on ships' cells)."""
        if not self.settings.prior or not habits_apply(view.rules):
            return estimate.probabilities
        fixed = 0
        for ship in view.sunk:
            fixed |= ship.cells or 0
        return self.habits.mix(view, estimate.probabilities, estimate.samples, fixed,
                               every_fleet=estimate.exact)

    def dutchman_estimate(self, view: PlayerView) -> DutchmanEstimate:
        """The Flying Dutchman's posterior for ``view`` (rules whose fleet is one ``king``
        ship)."""
        if self._dutchman is None or self._dutchman.rules != view.rules:
            self._dutchman = DutchmanPosterior(view.rules, self.settings.sampler)
        return self._dutchman.estimate(view, self.rng.getrandbits(63))

    def choose(self, view: PlayerView) -> int:
        """The most probable open cell (ties at random). For the Flying Dutchman, by its
        own posterior; the settings beyond the sampler's are the fleet's and do not
        apply to it."""
        open_cells = self.candidates(view)
        if lone_king(view.rules):
            chances = self.dutchman_estimate(view).probabilities
            return self._likeliest(list(iter_cells(open_cells)), chances)
        estimate = self.estimate(view)
        probabilities = self._chances(view, estimate)
        s = self.settings
        if s.hunt_exponent and not hits_afloat(view):
            kinds = estimate.tables.kinds
            probabilities = estimate.weighted_map(
                [k.size ** -s.hunt_exponent for k in kinds]).tolist()
        if s.ring_bonus and not hits_afloat(view):
            bonus = estimate.ring_map(view.unknown)
            probabilities = (np.array(probabilities) + s.ring_bonus * bonus).tolist()
        cells = list(iter_cells(open_cells))
        if s.information and estimate.samples is not None and len(estimate.samples) > 1:
            fleets = estimate.samples
            if len(fleets) > _INFORMATION_FLEETS:  # enough for the gain, and quick
                pick = np.random.default_rng(self.rng.getrandbits(63)).choice(
                    len(fleets), _INFORMATION_FLEETS, replace=False)
                fleets = fleets[pick]
            gain = information_gain(fleets, view.rules.grid.size, open_cells)
            probabilities = (np.array(probabilities) + s.information * gain).tolist()
        best = max(probabilities[c] for c in cells)
        if s.defer and best < 0.6 and hits_afloat(view):
            near = view.rules.grid.dilate(view.open_hits, diagonal=True)
            away = [c for c in cells if not near >> c & 1]
            if away:
                other = max(away, key=lambda c: probabilities[c])
                if probabilities[other] >= s.defer * best:
                    return other
        if s.depth > 1 and estimate.samples is not None and len(estimate.samples) > 0:
            ranked = sorted(cells, key=lambda c: -probabilities[c])[:s.width]
            ranked = [c for c in ranked if probabilities[c] >= best - s.margin]
            if len(ranked) > 1:
                allowed = np.zeros(view.rules.grid.size, dtype=np.bool_)
                allowed[cells] = True
                scores = _kernels.lookahead(estimate.samples, np.array(ranked, dtype=np.int64),
                                            np.array([probabilities[c] for c in ranked]),
                                            s.depth, s.discount, allowed).tolist()
                top_score = max(scores)
                top = [c for c, v in zip(ranked, scores, strict=True) if v >= top_score - 1e-12]
                return self.rng.choice(top)
        if s.parity and not hits_afloat(view):
            tied = [c for c in cells if probabilities[c] >= best * (1 - s.parity)]
            if len(tied) > 1:
                return self._on_lattice(view, tied, cells, probabilities)
        return self._likeliest(cells, probabilities)

    def _likeliest(self, cells: list[int], probabilities: list[float]) -> int:
        """One of the most probable ``cells``, at random."""
        best = max(probabilities[c] for c in cells)
        return self.rng.choice([c for c in cells if probabilities[c] >= best - 1e-12])

    def _on_lattice(self, view: PlayerView, tied: list[int], cells: list[int],
                    probabilities: list[float]) -> int:
        """The likeliest of ``tied`` on the richest lattice of the shortest ship afloat."""
        afloat = Counter(view.rules.fleet)
        afloat.subtract(ship.kind for ship in view.sunk if ship.kind is not None)
        size = min((kind.size for kind, n in afloat.items() if n > 0), default=1)
        if size < 2:
            return max(tied, key=lambda c: probabilities[c])
        width = view.rules.width
        mass = [0.0] * size
        for c in cells:
            mass[(c // width + c % width) % size] += probabilities[c]
        phase = max(range(size), key=lambda k: mass[k])
        on = [c for c in tied if (c // width + c % width) % size == phase] or tied
        return max(on, key=lambda c: probabilities[c])


def hits_afloat(view: PlayerView) -> bool:
    """Whether some hit may belong to a ship still afloat (a ship to finish off)."""
    if any(ship.kind is None for ship in view.sunk):
        return view.open_hits != 0
    return view.hits.bit_count() > sum(ship.kind.size for ship in view.sunk if ship.kind)


def information_gain(samples: npt.NDArray[np.uint64], size: int,
                     open_cells: int) -> npt.NDArray[np.float64]:
    """Per cell, the expected fall in the summed binary entropy of the open cells'
    chances once the cell's answer (ship or not) is known, over equally likely fleets
    given as occupancy rows."""
    covered = np.unpackbits(samples.view(np.uint8), axis=1, bitorder="little")[:, :size]
    x = covered.astype(np.float64)
    n = len(x)
    together = x.T @ x                      # fleets covering both cells
    count = together.diagonal().copy()      # fleets covering each cell
    is_open = np.array([(open_cells >> c) & 1 for c in range(size)], dtype=bool)
    entropy = _entropy
    now = entropy(count / n)[is_open].sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        if_hit = np.where(count[:, None] > 0, together / count[:, None], 0.0)
        if_miss = np.where((n - count)[:, None] > 0,
                           (count[None, :] - together) / (n - count)[:, None], 0.0)
    after = ((count / n) * entropy(if_hit)[:, is_open].sum(axis=1)
             + (1 - count / n) * entropy(if_miss)[:, is_open].sum(axis=1))
    gain: npt.NDArray[np.float64] = np.where(is_open, now - after, 0.0)
    return gain


def joint_volley(chances: list[float], samples: npt.NDArray[np.uint64] | None, cells: list[int],
                 count: int, information: float, size: int) -> list[int]:
    """Up to ``count`` of ``cells`` to fire at together, chosen greedily by
    ``chances[c]`` plus ``information`` times the bits the cell's answer adds to those
    of the cells chosen before it (its entropy given their answers, over ``samples``,
    equally likely fleets as occupancy rows).

    The expected hits of a volley are the sum of its cells' chances, whatever the
    cells, so they alone would pick the most probable cells; what a volley fired
    together loses against shots one by one is that no answer guides the next cell,
    and cells whose answers go together (two cells of the ship most fleets put there)
    tell little more than one. The information term weighs that: it is the joint
    entropy of the volley's answers, added cell by cell.

    >>> import numpy as np
    >>> fleets = np.array([[0b0011], [0b0011], [0b0100], [0b1000]], dtype=np.uint64)
    >>> joint_volley([0.5, 0.5, 0.25, 0.25], fleets, [0, 1, 2, 3], 2, 0.0, 4)
    [0, 1]
    >>> joint_volley([0.5, 0.5, 0.25, 0.25], fleets, [0, 1, 2, 3], 2, 1.0, 4)
    [0, 2]
    """
    ranked = sorted(cells, key=lambda c: -chances[c])
    if not information or samples is None or len(samples) < 2 or count <= 1:
        return ranked[:count]
    covered = np.unpackbits(samples.view(np.uint8), axis=1, bitorder="little")[:, :size]
    columns = np.array(ranked, dtype=np.int64)
    x = covered[:, columns].astype(np.float64)
    gain = np.array([chances[c] for c in ranked])
    n = len(x)
    group = np.zeros(n, dtype=np.int64)
    chosen: list[int] = []
    free = np.ones(len(ranked), dtype=bool)
    for _ in range(min(count, len(ranked))):
        # The fleets grouped by their answers to the cells chosen so far, and per
        # group how many cover each cell (np.add.at would take ten times longer).
        order = np.argsort(group, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(group[order]) != 0])
        together = np.add.reduceat(x[order], starts, axis=0)
        sizes = np.diff(np.r_[starts, n]).astype(np.float64)[:, None]
        share = together / sizes
        bits = (sizes / n * _entropy(share)).sum(axis=0)
        score = np.where(free, gain + information * bits, -np.inf)
        best = int(np.argmax(score))  # ties go to the likelier cell: ``ranked`` order
        chosen.append(ranked[best])
        free[best] = False
        _, group = np.unique(group * 2 + x[:, best].astype(np.int64), return_inverse=True)
    return chosen


def _entropy(p: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The binary entropy of each chance, in bits (0 at 0 and 1)."""
    q = np.clip(p, 1e-12, 1 - 1e-12)
    result: npt.NDArray[np.float64] = np.where(
        (p <= 0) | (p >= 1), 0.0, -(q * np.log2(q) + (1 - q) * np.log2(1 - q)))
    return result
