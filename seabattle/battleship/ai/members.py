"""What the admiral takes each tilted placement family's fleets to be: the family's
*member* in the habits' mixture (:mod:`~seabattle.battleship.ai.habits`).

A tilted family (:class:`~seabattle.battleship.ai.placement.TiltedPlacement`) draws a
fleet by :data:`~seabattle.battleship.ai.placement.TILTED_MOVES_PER_SHIP` proposals per
ship of its tilted chain (:func:`~seabattle.battleship.ai.tilted.run_chain`) from a
uniform fleet. That chain has not settled at the tilt's strength where the tilt is
steep, so the family's fleets are less tilted than the tilt itself. The member is the
same measure's tilt at the strength that describes the family's fleets best: the
strength ``b`` that maximises the mean over :data:`FIT_FLEETS` of them of
``b * measure − log Z(b)`` (for an anchored measure, the log mean over its four anchors
of ``exp(b * measure)``), where ``Z(b)``, the mean of the tilt's weight over uniform
fleets, makes the weights a distribution. Annealed importance sampling (Neal 2001) gives
``log Z`` at every strength of its path at once (:func:`annealed_log_normalisers`), so
one pass fits the strength and gives its normaliser. docs/admiral.md («The members
fitted to the families») has the measurements.

The presets' members are kept in :mod:`~seabattle.battleship.ai.member_table` (written
by ``scripts/normalisers.py``); other fields' are fitted when a game first needs them
(the admiral's first move: about 0.15 s a family on a 10×10 field) and kept on disk
(:mod:`~seabattle.battleship.ai.field_store`), so a field pays for them once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import field_store
from seabattle.battleship.ai.fleet_shape import ANCHORED, PER_EDGE, FleetShape, Tilt
from seabattle.battleship.ai.member_table import MEMBERS
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    TiltedPlacement,
    normaliser_key,
    uniform_fleet,
)
from seabattle.battleship.ai.tilted import Layout, annealed_weights, layout_of
from seabattle.battleship.rules import Rules
from seabattle.coords import Bitboard

FloatArray = npt.NDArray[np.float64]

FIT_FLEETS = 256
"""The family's own fleets whose likelihood the member's strength maximises."""
ANNEALING_RUNS = 32
"""Chains of the annealing, each from a uniform fleet."""
ANNEALING_STEPS = 200
"""Strengths the annealing passes through, evenly from 0 to the family's."""
ANNEALING_MOVES_PER_SHIP = 10
"""Proposals per ship of the tilted chain at each strength of the annealing."""


@dataclass(frozen=True)
class Member:
    """A tilted family as the admiral's mixture takes it: the tilt and its normaliser."""

    tilt: Tilt
    """The family's measure at the fitted strength."""
    log_normaliser: float
    """``log`` of the mean over uniform fleets of the tilt's weight
    (:meth:`~seabattle.battleship.ai.fleet_shape.FleetShape.log_tilt`)."""


@cache
def member(rules: Rules, name: str) -> Member:
    """Family ``name``'s member for ``rules``: the table's where it has the field and
    fleet (:func:`~seabattle.battleship.ai.placement.normaliser_key`), else the one an
    earlier process fitted and stored (:mod:`~seabattle.battleship.ai.field_store`),
    else fitted (:func:`fitted_member`, a second on a 10×10 field) and stored."""
    key = normaliser_key(rules)
    known = MEMBERS.get((key, name)) or field_store.load(key, name)
    if known is None:
        fitted = fitted_member(rules, name)
        field_store.save(key, name, (fitted.tilt.beta, fitted.log_normaliser))
        return fitted
    beta, log_normaliser = known
    return Member(Tilt(_family(name).tilt.measure, beta), log_normaliser)


def _family(name: str) -> TiltedPlacement:
    family = PLACEMENTS[name]
    assert isinstance(family, TiltedPlacement)
    return family


def fitted_member(rules: Rules, name: str) -> Member:
    """Family ``name``'s member for ``rules``, computed (seeded: always the same)."""
    family = _family(name)
    measure = family.tilt.measure
    shape = FleetShape.of(rules.grid)
    cells = sum(kind.size for kind in rules.fleet)
    top = family.tilt.per_fleet(cells)
    strengths = [top * step / ANNEALING_STEPS for step in range(ANNEALING_STEPS + 1)]
    rng = random.Random(f"member:{name}:{normaliser_key(rules)}")
    anchors = range(4) if measure in ANCHORED else range(1)
    # Each drawn fleet's measure towards every anchor: the member weighs a fleet by the
    # mean over the anchors, as the family picks one at random.
    fleets = (_occupied(family.tilted_layout(rules, rng)) for _ in range(FIT_FLEETS))
    drawn = np.array([[shape.measure(measure, cells, anchor) for anchor in anchors]
                      for cells in fleets])
    log_z = log_normalisers(rules, measure, strengths, rng)
    likelihood = [float(_log_mean_exp(b * drawn, axis=1).mean()) - log_z[k]
                  for k, b in enumerate(strengths)]
    best = int(np.argmax(likelihood))
    # A tilt's beta is per 20 ship cells (:meth:`Tilt.per_fleet`).
    return Member(Tilt(measure, strengths[best] * max(cells, 1) / 20), float(log_z[best]))


def log_normalisers(rules: Rules, measure: str, strengths: Sequence[float],
                    rng: random.Random, *, runs: int = ANNEALING_RUNS,
                    moves_per_ship: int = ANNEALING_MOVES_PER_SHIP) -> FloatArray:
    """``log Z(b)`` of the tilt of ``measure`` for each (per-fleet) strength ``b`` of
    ``strengths`` (increasing, from 0): the log mean over uniform fleets of the tilt's
    weight, for an anchored measure the mean over its four anchors
    (:meth:`~seabattle.battleship.ai.fleet_shape.FleetShape.log_tilt`), by
    :func:`annealed_log_normalisers`."""
    # Corners share one normaliser by reflection; the top and bottom edges another, the
    # left and right a third.
    paths = [annealed_log_normalisers(rules, measure, anchor, strengths, rng, runs=runs,
                                      moves_per_ship=moves_per_ship)
             for anchor in ((0, 2) if measure in PER_EDGE else (0,))]
    return _log_mean_exp(np.array(paths), axis=0)


def annealed_log_normalisers(rules: Rules, measure: str, anchor: int,
                             strengths: Sequence[float], rng: random.Random, *,
                             runs: int = ANNEALING_RUNS,
                             moves_per_ship: int = ANNEALING_MOVES_PER_SHIP) -> FloatArray:
    """``log Z(b)`` for each ``b`` of ``strengths`` (increasing, from 0): the log mean
    over uniform fleets of ``exp(b * measure)`` towards ``anchor``, by annealed
    importance sampling along them (``runs`` chains from uniform fleets, each passed
    through ``moves_per_ship`` proposals per ship of the tilted chain at every strength
    in turn: :func:`~seabattle.battleship.ai.tilted.annealed_weights`; ``log Z(b)`` is
    the log mean of the chains' weights at ``b``)."""
    moves = moves_per_ship * len(rules.fleet)
    weights = np.array([annealed_weights(rules, rng, layout_of(rules, uniform_fleet(rules, rng)),
                                         measure, anchor, strengths, moves)
                        for _ in range(runs)])
    return _log_mean_exp(weights, axis=0)


def _occupied(layout: Layout) -> Bitboard:
    occupied = 0
    for cells in layout:
        occupied |= cells
    return occupied


def _log_mean_exp(values: FloatArray, axis: int) -> FloatArray:
    top = values.max(axis=axis, keepdims=True)
    out: FloatArray = (np.log(np.exp(values - top).mean(axis=axis, keepdims=True))
                       + top).squeeze(axis)
    return out

