"""The admiral's prior over how the enemy placed its fleet: a mixture of habits that the
evidence of the current game, and of earlier games against the same opponent, weighs.

The posterior of :mod:`~seabattle.battleship.ai.posterior` assumes every legal fleet
equally likely. People place otherwise (docs/bench.md, «Placement families»), so the
admiral's prior is a mixture: the uniform distribution, a member for each tilted family
of :data:`~seabattle.battleship.ai.fleet_shape.TILTS` (the family's tilt at the strength
that fits the family's own fleets, with its normaliser,
:mod:`~seabattle.battleship.ai.members`) and the depth-first search's, each with a
weight. Nothing new is sampled: the posterior's fleets, drawn under the uniform prior,
are *reweighted* for each member by its tilt (importance sampling; the tilt is tempered
where a few fleets would otherwise carry all the weight, see
:data:`MIN_EFFECTIVE_SHARE`), which gives each member's chance of a ship per cell.

The weights are the members' posterior: each shot's answer multiplies a member's
weight by the chance its map gave it (a hit by the cell's chance, a miss by one minus
it), which over a game estimates the member's marginal likelihood of what was seen;
where the posterior lists every fleet that fits the view, that likelihood is read from
them exactly instead (:func:`bayes_factors`, the same formula that weighs a revealed
fleet; :attr:`PlacementPrior.exact_evidence`).

The admiral fires by the families' maps averaged with their weights squared
(:data:`SHARPNESS`), leaving out those below a hundredth of the average
(:data:`SHARE_FLOOR`): the uniform map alone until a habit has some evidence, then a
blend that moves towards the habit as the evidence grows.

Over a series against one opponent the evidence of finished games is kept
(:meth:`PlacementPrior.next_game`): each revealed fleet's weight under every member
against the uniform prior (:meth:`PlacementPrior.reveal`), or, where the fleet was not
revealed, the shots' evidence. So the admiral starts the next game
already leaning towards that opponent's habit. ``docs/admiral.md`` has the measurements.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels
from seabattle.battleship.ai.fleet_shape import TILTS, FleetShape, Tilt, measurable
from seabattle.battleship.ai.members import member
from seabattle.battleship.ai.placement import DfsPlacement
from seabattle.battleship.ai.posterior import to_words
from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Role, Rules
from seabattle.battleship.view import PlayerView

FloatArray = npt.NDArray[np.float64]

FAMILIES: tuple[str, ...] = ("uniform", *TILTS, "dfs")
"""The mixture's members: the uniform prior, the tilted families, and the engine's
depth-first placement (``dfs``: each fleet weighed by its chance under that search,
:meth:`~seabattle.battleship.ai.placement.DfsPlacement.log_chances`, where the ships
of a fleet's cells are known; elsewhere the member is the uniform one)."""



@cache
def weighs(rules: Rules) -> dict[str, bool]:
    """Per member of :data:`FAMILIES`, whether it weighs ``rules``' fleets: the uniform
    one, the tilted families whose measure applies
    (:func:`~seabattle.battleship.ai.fleet_shape.measurable`: ``packed`` needs single-deck
    ships), ``dfs`` where :meth:`~seabattle.battleship.ai.placement.DfsPlacement.weighable`.
    Elsewhere the member's map is the uniform one and a revealed fleet says nothing of
    it, so it never leads."""
    applies = {name: measurable(tilt.measure, rules) for name, tilt in TILTS.items()}
    return {"uniform": True, **applies, "dfs": DfsPlacement.weighable(rules)}

UNIFORM_PRIOR = 0.85
"""The uniform member's prior weight. Every other member has a quarter of the rest (all
then normalised): the share each had when the mixture held four tilted families, so a
member added since (``packed``, ``band``) leaves the others as quick to lead as they were
(shared among more, each habit needed more evidence, which cost up to a shot on habit
fleets, docs/admiral.md). Higher costs less on uniform fleets and gains less on fleets
with habits (docs/admiral.md, «The uniform member's weight»)."""

HABIT_SHARE = 0.25
"""Each member's prior weight but the uniform one's, as a share of ``1 - uniform``."""

MIN_EFFECTIVE_SHARE = 0.01
"""A family's tilt is tempered (raised to a power below one) until the posterior fleets'
effective number under it is at least this share of them (of up to ``MAX_FLEETS``: 20).
The same maps weigh each shot's evidence for the habits. A tenth, as first chosen, left
them close to the uniform one, so a game's shots gave a habit little evidence and it led
late or not at all (on milton-bradley's packed fleets `easy` needed fewer shots); below
a hundredth too few fleets carry a map and it is noise (docs/admiral.md, «How sharp a
habit's map is»)."""

MAX_FLEETS = 2000
"""Most posterior fleets reweighted (a random subset of an exact enumeration beyond)."""

SHARPNESS = 2.0
"""The families' maps are averaged with their weights squared (renormalised): the
mixture's own average (power 1) leans on the habits before any shot has told them
apart and cost shots on uniform fleets; the most probable family's map alone (the
limit) lagged behind ``medium`` on milton-bradley's spread-out fleets, whose member
rarely leads within a game (docs/admiral.md, «The maps averaged with squared
weights»)."""

SHARE_FLOOR = 0.01
"""A family whose share of that average is below this counts for nothing: until some
habit has a little evidence the admiral fires the uniform member's map alone, shot for
shot as the uniform-prior admiral, which halves the games a uniform placer's fleets
play differently (docs/admiral.md, «The maps averaged with squared weights»)."""

MOST_PROBABLE_ALONE = 1.0
"""A floor no share but the largest can reach: the most probable family's map alone
(the admiral's ``prior=1``)."""

CHANCE_FLOOR = 0.02
"""A family's chance of a hit is kept within [floor, 1 − floor] when weighing evidence,
so one badly estimated cell cannot rule a family out."""

LEARNED_SPREAD = 12.0
"""Most that learned evidence may raise a family's log-weight against the uniform
member's (an opponent who changes habits is noticed again within a game); it never
lowers one below its prior. Where the best family's sum goes beyond, every family's is
lowered by the excess, so that families keep their differences: two habits that both
fit an opponent (Perelman's fleets fit ``corner`` and ``packed``) are told apart by how
well."""

LEARNED_MARGIN = 3.0
"""Learned evidence raises a family only by what it has beyond this many nats. A uniform
placer's fleets now and then favour some habit by a few nats (on classic 43 % of them,
by up to 8), which without a margin started 61 % of a uniform placer's games 11–20
with a habit raised; with it, 8 %. A placer with a habit gives 4–12 nats a fleet on
average, so its habit is fully learnt within a few games all the same
(docs/admiral.md, «Learning an opponent over a series»)."""


def member_log_weights(rules: Rules, fleets: npt.NDArray[np.uint64], fixed: int) -> FloatArray:
    """Per member of :data:`FAMILIES` (rows) and fleet (columns), the log of the member's
    weight of the fleet against the uniform prior's, up to the member's normaliser: the
    member's tilt for the tilted families (:func:`member_tilts`), the search's chance
    for ``dfs``, 0 for the uniform member and for members that do not weigh ``rules``'
    fleets (:func:`weighs`).
    ``fleets`` are occupancy rows; ``fixed``: cells every fleet holds besides."""
    shape = FleetShape.of(rules.grid)
    out = np.zeros((len(FAMILIES), len(fleets)))
    out[1:1 + len(TILTS)] = shape.log_tilts(member_tilts(rules), shape.fleet_sums(fleets, fixed))
    applies = weighs(rules)
    if applies["dfs"]:
        out[FAMILIES.index("dfs")] = DfsPlacement.log_chances(rules, fleets, fixed)
    for index, name in enumerate(FAMILIES):
        if not applies[name]:
            out[index] = 0.0
    return out


def bayes_factors(rules: Rules, log_weights: FloatArray) -> FloatArray:
    """Per member, the log of its chance of the fleets of ``log_weights``
    (:func:`member_log_weights`, one column per fleet) against the uniform prior's: the
    log mean of the weights plus the member's normaliser. For one revealed fleet, that
    fleet's evidence; for every fleet that fits a view, the view's (the member's
    marginal likelihood of what was seen, against the uniform one's)."""
    top = log_weights.max(axis=1, keepdims=True)
    factors: FloatArray = np.log(np.exp(log_weights - top).mean(axis=1)) + top[:, 0]
    return factors + _log_normalisers(rules)


@cache
def member_tilts(rules: Rules) -> tuple[Tilt, ...]:
    """Per tilted family of :data:`~seabattle.battleship.ai.fleet_shape.TILTS`, its
    member's tilt for ``rules`` (:func:`~seabattle.battleship.ai.members.member`; the
    family's own where it does not weigh the fleets, :func:`weighs`)."""
    applies = weighs(rules)
    return tuple(member(rules, name).tilt if applies[name] else tilt
                 for name, tilt in TILTS.items())


def habits_apply(rules: Rules) -> bool:
    """Whether the placement habits describe ``rules``' fleets: ships only, no
    submarines, mines or minesweepers (the families place ships alone)."""
    return all(kind.role is Role.SHIP and kind.shape.is_listed for kind in rules.fleet)


def prepare(rules: Rules) -> None:
    """Compute now (or read from the tables or the store) what the habits need for
    ``rules``' field where they apply (:func:`habits_apply`): the members and their
    normalisers, the count of legal fleets."""
    if habits_apply(rules):
        member_tilts(rules)
        _log_normalisers(rules)


@cache
def _log_normalisers(rules: Rules) -> FloatArray:
    """Per member, what makes its weights against the uniform prior's a distribution:
    minus the tilted members' log normalisers, plus the log count of legal fleets for
    ``dfs`` (whose weights are the search's chances), 0 for the others."""
    applies = weighs(rules)
    out = np.zeros(len(FAMILIES))
    for index, name in enumerate(FAMILIES):
        if not applies[name] or name == "uniform":
            continue
        out[index] = (DfsPlacement().log_fleet_count(rules) if name == "dfs"
                      else -member(rules, name).log_normaliser)
    out.setflags(write=False)
    return out


def _softmax(values: FloatArray) -> FloatArray:
    top = values.max()
    weights: FloatArray = np.exp(values - top)
    weights /= weights.sum()
    return weights


def tempered_weights(log_tilts: FloatArray, min_share: float = MIN_EFFECTIVE_SHARE
                     ) -> FloatArray:
    """Normalised importance weights ``exp(a * log_tilts)`` with the largest power ``a``
    of 1, 1/2, 1/4, … that leaves an effective sample size of ``min_share`` of the rows
    (compiled).

    >>> tempered_weights(np.array([0.0, 0.0])).tolist()
    [0.5, 0.5]
    """
    out = np.empty(len(log_tilts))
    _kernels.tempered(log_tilts, max(1.0, min_share * len(log_tilts)), out)
    return out


@dataclass
class PlacementPrior:
    """The mixture's weights for one opponent, and the per-family maps of the last move.

    Use: :meth:`mix` on every move (it first takes the evidence of the shots fired since
    the previous call), :meth:`next_game` between games of a series.
    """

    learn: bool = True
    """Keep the evidence of finished games for the next (a series against one opponent)."""
    sharpness: float = SHARPNESS
    """Each family's map counts in proportion to its weight raised to this power: 1 is
    the mixture's own average; larger leans towards the most probable family's map,
    which is the limit."""
    floor: float = SHARE_FLOOR
    """A family whose share of the average (after :attr:`sharpness`) is below this
    counts for nothing, and the others share its part: the uniform member's map alone
    until some habit is worth a look. Above one half only the most probable family's
    map is left (the uniform one until the evidence favours another); families tied for
    the lead share it."""
    uniform_prior: float = UNIFORM_PRIOR
    """The uniform member's prior weight; every other member has
    :data:`HABIT_SHARE` of the rest."""
    effective_share: float = MIN_EFFECTIVE_SHARE
    """How far each member's tilt is tempered: until this share of the posterior's
    fleets is effective under it (:func:`tempered_weights`)."""
    exact_evidence: bool = True
    """Where the posterior lists every fitting fleet, take the game's evidence for each
    member exactly from them (:func:`bayes_factors`) instead of the shots' estimate
    (docs/admiral.md, «Exact evidence»)."""
    learned: FloatArray = field(default_factory=lambda: np.zeros(len(FAMILIES)))
    """Log-weight evidence from finished games, per family, against the uniform member
    (at least 0; a game starts with what it has beyond :data:`LEARNED_MARGIN`)."""
    log_weights: FloatArray = field(init=False)
    """The current game's log-weights, per family (:data:`FAMILIES`)."""
    _maps: FloatArray | None = field(default=None, init=False, repr=False)
    """Each family's map at the last move, which predicted the shots fired since."""
    _revealed: FloatArray | None = field(default=None, init=False, repr=False)
    """The revealed fleet's evidence, per family, until :meth:`next_game` keeps it."""
    _seen: int = field(default=0, init=False, repr=False)
    """Shots of the game already weighed."""

    def __post_init__(self) -> None:
        self.log_weights = self.start()

    def log_prior(self) -> FloatArray:
        """The prior log-weights before any evidence."""
        rest = (1 - self.uniform_prior) * HABIT_SHARE
        weights = np.array([self.uniform_prior] + [rest] * (len(FAMILIES) - 1))
        prior: FloatArray = np.log(weights / weights.sum())
        return prior

    def start(self) -> FloatArray:
        """The log-weights a game starts with."""
        start: FloatArray = self.log_prior() + np.maximum(self.learned - LEARNED_MARGIN, 0.0)
        return start

    @property
    def weights(self) -> dict[str, float]:
        """The current weight of each family, by name (they sum to one)."""
        return dict(zip(FAMILIES, _softmax(self.log_weights).tolist(), strict=True))

    def reveal(self, rules: Rules, fleet: Fleet) -> None:
        """The enemy fleet of the game just played, revealed: its evidence replaces that
        of the shots for :meth:`next_game` (each family's weight of the fleet against
        the uniform prior's, exactly, rather than the shots' estimate of it)."""
        row = to_words(fleet.cells, (rules.grid.size + 63) // 64)[None, :]
        self._revealed = bayes_factors(rules, member_log_weights(rules, row, 0))

    def next_game(self) -> None:
        """Close a game: keep its evidence (when learning) and start the next one. The
        evidence is the revealed fleet's (:meth:`reveal`) when there is one, else the
        shots'."""
        if self.learn:
            evidence = (self._revealed if self._revealed is not None
                        else self.log_weights - self.start())
            learned = self.learned + evidence
            learned -= learned[0]
            learned -= max(0.0, float(learned.max()) - LEARNED_SPREAD - LEARNED_MARGIN)
            # Evidence only ever raises a habit above its prior, relative to the uniform
            # member: against a uniform placer the admiral plays as without learning
            # (a series measured that suppressing the habits there cost shots).
            self.learned = np.maximum(learned, 0.0)
        self.log_weights = self.start()
        self._maps = None
        self._revealed = None
        self._seen = 0

    def observe(self, view: PlayerView) -> None:
        """Weigh each family by its chance of the answers to the shots fired since the
        last :meth:`mix` (the maps of that move predicted them)."""
        shots = view.shots
        if self._maps is not None:
            for shot in shots[self._seen:]:
                chance = np.clip(self._maps[:, shot.cell], CHANCE_FLOOR, 1 - CHANCE_FLOOR)
                hit = shot.result is not ShotResult.MISS
                self.log_weights = self.log_weights + np.log(chance if hit else 1 - chance)
        self._seen = len(shots)

    def mix(self, view: PlayerView, uniform: list[float], samples: npt.NDArray[np.uint64] | None,
            fixed: int, every_fleet: bool = False) -> list[float]:
        """The chance of a ship per cell for ``view``: the families' maps averaged with
        their weights sharpened (:attr:`sharpness`) and floored (:attr:`floor`).

        ``uniform`` is the uniform prior's posterior map, ``samples`` the posterior's
        fleets (occupancy rows; ``None`` when not kept: then the map is ``uniform``) and
        ``fixed`` the cells of ships the view pins down, which belong to every fleet.
        ``every_fleet``: ``samples`` are every fleet that fits the view (an exact
        enumeration), so each member's evidence is read from them exactly
        (:attr:`exact_evidence`).
        """
        self.observe(view)
        rules = view.rules
        if samples is not None and len(samples) > MAX_FLEETS:
            # Any fixed subset will do: the enumeration lists the fleets in no useful order.
            pick = np.random.default_rng(0).choice(len(samples), MAX_FLEETS, replace=False)
            samples = samples[pick]
            every_fleet = False
        tilts = (member_log_weights(rules, samples, fixed)
                 if samples is not None and len(samples) else None)
        if tilts is not None and every_fleet and self.exact_evidence:
            self.log_weights = self.start() + bayes_factors(rules, tilts)
        if samples is None or tilts is None or len(samples) < 2:
            self._maps = np.tile(np.array(uniform), (len(FAMILIES), 1))
            return uniform
        weights = np.array([tempered_weights(log_tilts, self.effective_share)
                            for log_tilts in tilts[1:]])
        maps = np.zeros((len(FAMILIES), rules.grid.size))
        _kernels.weighted_maps(samples, to_words(fixed, samples.shape[1]), weights, maps[1:])
        maps[0] = uniform
        applies = weighs(rules)
        for index, name in enumerate(FAMILIES):
            if not applies[name]:
                maps[index] = uniform
        self._maps = maps
        shares = _softmax(self.sharpness * self.log_weights)
        kept = shares >= min(self.floor, float(shares.max()))
        shares = shares[kept] / shares[kept].sum()
        # Not a matrix product: numpy's BLAS threads cost more than the sum on a busy
        # machine.
        chosen: FloatArray = (shares[:, None] * maps[kept]).sum(axis=0)
        return [float(p) if not math.isnan(p) else 0.0 for p in chosen]
