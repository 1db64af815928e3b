"""How a fleet lies on the field, as numbers: the shapes people give their fleets.

People do not place at random (docs/bench.md, «Placement families»). Four measures of
a fleet's *occupancy* (the set of cells its ships cover) describe the habits the
placement families imitate and the admiral's prior weighs:

- ``edge``: how many ship cells lie on the field's border (hugging the edges);
- ``corner``: how close the ship cells lie to one corner (minus the sum of their
  Manhattan distances to it; one value per corner);
- ``cluster``: how tightly the ship cells bunch together anywhere (minus their
  dispersion, the sum of squared distances to their centroid);
- ``spread``: how far apart they keep (minus the number of pairs of ship cells within
  two king moves of each other).

A family is the uniform distribution over legal fleets *tilted* by one measure: a
fleet's chance is proportional to ``exp(beta * measure)`` (for ``corner``, the mean of
that over the four corners). The same formula draws the family's fleets
(:mod:`~seabattle.battleship.ai.families`) and weighs the admiral's posterior fleets
(:mod:`~seabattle.battleship.ai.habits`), so both read the measures from here: on one
bitboard (:meth:`FleetShape.measure`) or on the posterior's fleets at once
(:meth:`FleetShape.fleet_sums`, compiled, then :meth:`FleetShape.log_tilts`).

>>> from seabattle.battleship.rules import find_rules
>>> shape = FleetShape.of(find_rules("classic").grid)
>>> shape.measure("edge", 0b111), shape.measure("cluster", 0b11)
(3.0, -0.5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels
from seabattle.battleship.ai.posterior import to_words
from seabattle.coords import Bitboard, Grid, bit, iter_cells

FloatArray = npt.NDArray[np.float64]
Words = npt.NDArray[np.uint64]
"""Fleets as rows of little-endian 64-bit words (fleets × words)."""

MEASURES: tuple[str, ...] = ("edge", "corner", "cluster", "spread")
"""The measures, one per tilted family."""

CROWD_RADIUS = 2
"""Ship cells within this many king moves of each other count as a crowded pair."""


@dataclass(frozen=True)
class Tilt:
    """A placement family as a tilt of the uniform distribution: weight ``exp(beta * m)``
    of the measure ``m`` per cell of the fleet (``beta`` is divided by the number of
    ship cells, so one setting suits small and large fleets)."""

    measure: str
    beta: float

    def per_fleet(self, cells: int) -> float:
        """The tilt's strength for a fleet of ``cells`` ship cells."""
        return self.beta * 20 / max(cells, 1)


TILTS: dict[str, Tilt] = {
    "edge": Tilt("edge", 2.0),
    "corner": Tilt("corner", 1.0),
    "cluster": Tilt("cluster", 0.15),
    "spread": Tilt("spread", 1.5),
}
"""The tilted families by name (``docs/bench.md`` shows what each measures on the presets).
The strengths were chosen so that each family's fleets stand far outside the uniform
ones on its own measure (several standard deviations on classic) while still leaving
the chain many fleets to choose among."""


@dataclass(frozen=True)
class FleetShape:
    """The per-cell geometry the measures need, for one field."""

    grid: Grid
    border: Bitboard
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    corner_distance: tuple[tuple[int, ...], ...]
    """Per corner (top left, top right, bottom left, bottom right), each cell's Manhattan
    distance to it."""
    near: tuple[Bitboard, ...]
    """Per cell, the other cells within :data:`CROWD_RADIUS` king moves."""

    @staticmethod
    @cache
    def of(grid: Grid) -> FleetShape:
        """The geometry of ``grid`` (built once per field)."""
        rows = tuple(c // grid.width for c in range(grid.size))
        cols = tuple(c % grid.width for c in range(grid.size))
        last_row, last_col = grid.height - 1, grid.width - 1
        border = 0
        for c in range(grid.size):
            if rows[c] in (0, last_row) or cols[c] in (0, last_col):
                border |= bit(c)
        corners = ((0, 0), (0, last_col), (last_row, 0), (last_row, last_col))
        distance = tuple(tuple(abs(rows[c] - r) + abs(cols[c] - k) for c in range(grid.size))
                         for r, k in corners)
        near = []
        for c in range(grid.size):
            board = 0
            for d in range(grid.size):
                if d != c and max(abs(rows[c] - rows[d]), abs(cols[c] - cols[d])) <= CROWD_RADIUS:
                    board |= bit(d)
            near.append(board)
        return FleetShape(grid, border, rows, cols, distance, tuple(near))

    # --- one fleet ------------------------------------------------------------------

    def measure(self, name: str, occupied: Bitboard, corner: int = 0) -> float:
        """The measure ``name`` of the ship cells ``occupied`` (``corner``: which corner,
        for the ``corner`` measure)."""
        if name == "edge":
            return float((occupied & self.border).bit_count())
        cells = list(iter_cells(occupied))
        if name == "corner":
            distance = self.corner_distance[corner]
            return -float(sum(distance[c] for c in cells))
        if name == "cluster":
            if not cells:
                return 0.0
            n = len(cells)
            sr = sum(self.rows[c] for c in cells)
            sc = sum(self.cols[c] for c in cells)
            square = sum(self.rows[c] ** 2 + self.cols[c] ** 2 for c in cells)
            return -(square - (sr * sr + sc * sc) / n)
        if name == "spread":
            return -float(sum((self.near[c] & occupied).bit_count() for c in cells) // 2)
        raise ValueError(f"unknown measure {name!r}; known: {', '.join(MEASURES)}")

    def log_tilt(self, tilt: Tilt, occupied: Bitboard) -> float:
        """``log`` of the family's weight of a fleet against the uniform one (up to a
        constant): ``beta * measure``, for ``corner`` averaged over the corners."""
        beta = tilt.per_fleet(occupied.bit_count())
        if tilt.measure != "corner":
            return beta * self.measure(tilt.measure, occupied)
        values = [beta * self.measure("corner", occupied, k) for k in range(4)]
        top = max(values)
        return top + math.log(sum(math.exp(v - top) for v in values) / 4)

    # --- many fleets at once --------------------------------------------------------

    def fleet_sums(self, samples: Words, fixed: Bitboard) -> FloatArray:
        """What :meth:`log_tilts` needs of each fleet of ``samples`` (rows of 64-bit
        words, little-endian, as the posterior keeps them; ``fixed``: cells every fleet
        holds besides)."""
        linear, near = _arrays_of(self.grid)
        out = np.zeros((len(samples), linear.shape[1] + 1))
        _kernels.fleet_sums(samples, to_words(fixed, samples.shape[1]), linear, near, out)
        return out

    def log_tilts(self, tilts: Sequence[Tilt], sums: FloatArray) -> FloatArray:
        """:meth:`log_tilt` of every fleet summed up by :meth:`fleet_sums`, for each of
        ``tilts``: an array of tilts × fleets (compiled)."""
        out = np.empty((len(tilts), len(sums)))
        _kernels.log_tilts(sums, np.array([MEASURES.index(t.measure) for t in tilts]),
                           np.array([t.beta for t in tilts]), out)
        return out


@cache
def _arrays_of(grid: Grid) -> tuple[FloatArray, Words]:
    """Per cell: border, row, column, 1 (to count cells), squared distance from the
    origin and the distances to the four corners (cells × 9); and, per cell, the words
    of the cells near it (cells × words)."""
    shape = FleetShape.of(grid)
    size = grid.size
    words = (size + 63) // 64
    linear = np.zeros((size, 9))
    near = np.zeros((size, words), dtype=np.uint64)
    for c in range(size):
        row, col = shape.rows[c], shape.cols[c]
        linear[c, :5] = ((shape.border >> c) & 1, row, col, 1, row * row + col * col)
        linear[c, 5:] = [shape.corner_distance[k][c] for k in range(4)]
        near[c] = to_words(shape.near[c], words)
    return linear, near
