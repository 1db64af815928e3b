"""The Metropolis chain over whole fleets, uniform or tilted towards a placement habit.

A state is a *layout*: one placement per ship, in the order of ``rules.fleet``. A
proposal moves one random ship to a random placement of its kind (a symmetric
proposal); it is refused when the fleet would be illegal, and otherwise accepted with
probability ``min(1, exp(log_weight(new) - log_weight(old)))`` for a tilt
(:class:`ChainTilt`: ``strength`` times one measure of
:mod:`~seabattle.battleship.ai.fleet_shape`), always without one. The stationary
distribution is the uniform one over legal fleets times the tilt's weight:
:mod:`~seabattle.battleship.ai.placement` uses the untilted chain where rejection
sampling is too slow, the placement families of
:data:`~seabattle.battleship.ai.placement.PLACEMENTS` the tilted one, and
:mod:`~seabattle.battleship.ai.members` anneals along it (:func:`annealed_weights`).
The chain is compiled (:mod:`~seabattle.battleship.ai._kernels`) and draws the same
numbers from the caller's generator as the interpreted one it replaced, so seeded
fleets are those drawn before (docs/admiral.md, «The compiled chain»).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels
from seabattle.battleship.ai.fleet_shape import LONE_WEIGHT, MEASURES, cell_arrays, check_measure
from seabattle.battleship.ai.posterior import to_words
from seabattle.battleship.ai.twister import restore, state_of
from seabattle.battleship.fleet import Fleet, Ship, validate_fleet
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.shapes import placement_halos, placements
from seabattle.coords import Bitboard

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]

Layout = list[Bitboard]
"""One placement per ship, in the order of ``rules.fleet``."""


@dataclass(frozen=True)
class ShipTable:
    """Every placement of one ship of the fleet and the cells each keeps other ships off."""

    kind: ShipKind
    cells: tuple[Bitboard, ...]
    halos: tuple[Bitboard, ...]
    index: dict[Bitboard, int]


@cache
def ship_tables(rules: Rules) -> tuple[ShipTable, ...]:
    """Per ship of the fleet (largest first, as ``rules.fleet``): placements and halos."""
    out = []
    for kind in rules.fleet:
        cells = placements(rules.grid, kind.size, kind.shape)
        halos = placement_halos(rules.grid, kind.size, kind.shape, rules.touching)
        out.append(ShipTable(kind, cells, halos, {c: i for i, c in enumerate(cells)}))
    return tuple(out)


def fleet_of(rules: Rules, layout: Sequence[Bitboard]) -> Fleet:
    """The checked fleet of a layout."""
    ships = [Ship(t.kind, cells) for t, cells in zip(ship_tables(rules), layout, strict=True)]
    return validate_fleet(rules, ships)


def layout_of(rules: Rules, fleet: Fleet) -> Layout:
    """A fleet's cells in the order of ``rules.fleet`` (ships of one kind are alike)."""
    by_kind: dict[ShipKind, list[Bitboard]] = {}
    for ship in fleet:
        by_kind.setdefault(ship.kind, []).append(ship.cells)
    return [by_kind[t.kind].pop() for t in ship_tables(rules)]


@dataclass(frozen=True)
class ChainTilt:
    """What tilts the chain: a fleet's weight is ``exp(strength * measure)`` of one
    measure of :mod:`~seabattle.battleship.ai.fleet_shape` towards one anchor."""

    measure: str
    """One of :data:`~seabattle.battleship.ai.fleet_shape.MEASURES`."""
    anchor: int
    """The corner or edge of an anchored measure (0 for the others)."""
    strength: float
    """Per fleet (not per 20 ship cells, as
    :class:`~seabattle.battleship.ai.fleet_shape.Tilt`'s)."""

    def __post_init__(self) -> None:
        check_measure(self.measure, self.anchor)


def run_chain(rules: Rules, rng: random.Random, layout: Sequence[Bitboard], steps: int,
              tilt: ChainTilt | None = None) -> Layout:
    """``steps`` proposals of the chain from ``layout``, tilted by ``tilt`` (``None``:
    uniform over legal fleets). Compiled (:func:`~seabattle.battleship.ai._kernels.tilted_chain`);
    it draws from ``rng`` what the interpreted chain drew, proposal by proposal
    (:mod:`~seabattle.battleship.ai.twister`): two numbers, the ship and its new
    place, and a third to accept a move to a lighter fleet."""
    arrays = ship_arrays(rules)
    pos = positions(rules, layout)
    code, anchor, strength = _tilt_codes(tilt)
    state = state_of(rng)
    _kernels.tilted_chain(pos, *arrays, steps, state, code, anchor, strength,
                          *cell_arrays(rules.grid), LONE_WEIGHT)
    restore(rng, state)
    return layout_at(rules, pos)


def annealed_weights(rules: Rules, rng: random.Random, layout: Sequence[Bitboard],
                     measure: str, anchor: int, strengths: Sequence[float],
                     moves: int) -> FloatArray:
    """One chain of annealed importance sampling from ``layout`` along ``strengths``
    (increasing, from 0): at each strength after the first, the log-weight gathers the
    step in strength times the fleet's measure (towards ``anchor``), then ``moves``
    proposals of the chain tilted at that strength follow. The log-weights, one per
    strength (the first 0)."""
    check_measure(measure, anchor)
    arrays = ship_arrays(rules)
    pos = positions(rules, layout)
    path = np.array(strengths, dtype=np.float64)
    out = np.zeros(len(path))
    state = state_of(rng)
    _kernels.annealed_weights(pos, *arrays, moves, path, state, MEASURES.index(measure),
                              anchor, *cell_arrays(rules.grid), LONE_WEIGHT, out)
    restore(rng, state)
    return out


@cache
def ship_arrays(rules: Rules) -> tuple[Words, Words, IntArray, IntArray]:
    """:func:`ship_tables` for the compiled loops: every ship's placements and halos as
    rows of words, and per ship where its rows start and how many there are."""
    tables = ship_tables(rules)
    words = (rules.grid.size + 63) // 64
    cells = [to_words(c, words) for t in tables for c in t.cells]
    halos = [to_words(h, words) for t in tables for h in t.halos]
    counts = np.array([len(t.cells) for t in tables], dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
    return np.array(cells), np.array(halos), offsets, counts


def positions(rules: Rules, layout: Sequence[Bitboard]) -> IntArray:
    """Per ship, its placement's index among its kind's (:func:`ship_arrays`)."""
    return np.array([t.index[c] for t, c in zip(ship_tables(rules), layout, strict=True)],
                    dtype=np.int64)


def layout_at(rules: Rules, pos: IntArray) -> Layout:
    """The layout of :func:`positions`."""
    return [t.cells[j] for t, j in zip(ship_tables(rules), pos.tolist(), strict=True)]


def _tilt_codes(tilt: ChainTilt | None) -> tuple[int, int, float]:
    if tilt is None:
        return -1, 0, 0.0
    return MEASURES.index(tilt.measure), tilt.anchor, tilt.strength
