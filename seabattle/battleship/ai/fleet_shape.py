"""How a fleet lies on the field, as numbers: the shapes people give their fleets.

People do not place at random (docs/bench.md, «Placement families»). Six measures of
a fleet's *occupancy* (the set of cells its ships cover) describe the habits the
placement families imitate and the admiral's prior weighs:

- ``edge``: how many ship cells lie on the field's border (hugging the edges);
- ``corner``: how close the ship cells lie to one corner (minus the sum of their
  Manhattan distances to it; one value per corner);
- ``cluster``: how tightly the ship cells bunch together anywhere (minus their
  dispersion, the sum of squared distances to their centroid);
- ``spread``: how far apart they keep (minus the number of pairs of ship cells within
  two king moves of each other);
- ``packed``: Perelman's habit (RULES.md §3), the multi-deck ships packed into one corner
  and the single-deck ones far from it (minus the Manhattan distances to the corner of
  the cells with a ship cell beside them, plus :data:`LONE_WEIGHT` times those of the
  cells without; one value per corner). Where ships may not share a side the cells
  with a neighbour are exactly the multi-deck ships'.
- ``band``: the multi-deck ships along one edge, the single-deck ones anywhere (minus
  the distances to the edge of the cells with a ship cell beside them; one value per
  edge): the ``hard`` placement's habit.

A family is the uniform distribution over legal fleets *tilted* by one measure: a
fleet's chance is proportional to ``exp(beta * measure)`` (for ``corner`` and
``packed``, the mean of that over the four corners; for ``band``, over the four
edges). The same formula draws the family's fleets
(:class:`~seabattle.battleship.ai.placement.TiltedPlacement`) and, at the strength
fitted to those fleets (:mod:`~seabattle.battleship.ai.members`), weighs the admiral's
posterior fleets (:mod:`~seabattle.battleship.ai.habits`), so both read
the measures from here: on one bitboard (:meth:`FleetShape.measure`) or on the
posterior's fleets at once (:meth:`FleetShape.fleet_sums`, compiled, then
:meth:`FleetShape.log_tilts`).

>>> from seabattle.battleship.rules import find_rules
>>> shape = FleetShape.of(find_rules("classic").grid)
>>> shape.measure("edge", 0b111), shape.measure("cluster", 0b11)
(3.0, -0.5)
>>> shape.measure("band", 0b11, 1), shape.measure("band", 0b101, 1)  # towards the bottom
(-18.0, 0.0)
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
from seabattle.battleship.rules import Rules
from seabattle.battleship.shapes import Touching
from seabattle.coords import Bitboard, Grid, bit

FloatArray = npt.NDArray[np.float64]
Words = npt.NDArray[np.uint64]
"""Fleets as rows of little-endian 64-bit words (fleets × words)."""

MEASURES: tuple[str, ...] = ("edge", "corner", "cluster", "spread", "packed", "band")
"""The measures, one per tilted family."""

PER_CORNER: frozenset[str] = frozenset({"corner", "packed"})
"""The measures with one value per corner (a family of them picks its corner at random)."""

PER_EDGE: frozenset[str] = frozenset({"band"})
"""The measures with one value per edge: top, bottom, left, right (a family of them
picks its edge at random)."""

ANCHORED: frozenset[str] = PER_CORNER | PER_EDGE
"""The measures taken towards one of four anchors, a corner or an edge: a fleet's weight
under their family is the mean of its four anchors' weights."""

LONE_WEIGHT = 0.5
"""How much the ``packed`` measure rewards a cell without a ship cell beside it (a
single-deck ship) for lying far from the corner, against what it rewards a multi-deck
ship's cell for lying near it. Perelman's single-deck ships lie on average 2 cells
farther from the packed corner than a uniform fleet's on classic (one standard
deviation), his multi-deck ships' cells 3 cells nearer (four standard deviations)."""



def measurable(name: str, rules: Rules) -> bool:
    """Whether the measure ``name`` tells ``rules``' fleets apart the way it means to:
    ``packed`` needs single-deck ships that no other ship may touch by a side (it tells
    them from the multi-deck ships by that; without them it would be ``corner``'s
    measure at another strength); every other measure applies to every fleet.

    >>> from seabattle.battleship.rules import find_rules
    >>> [measurable("packed", find_rules(name)) for name in ("classic", "milton-bradley")]
    [True, False]
    """
    if name != "packed":
        return True
    return rules.touching is not Touching.SIDES and any(k.size == 1 for k in rules.fleet)


def check_measure(name: str, anchor: int) -> None:
    """Refuse an unknown measure or an anchor other than corner or edge 0 to 3 (the
    compiled loops, which check no index, would misread them)."""
    if name not in MEASURES:
        raise ValueError(f"unknown measure {name!r}; known: {', '.join(MEASURES)}")
    if not 0 <= anchor < 4:
        raise ValueError(f"no corner or edge {anchor}: they are 0 to 3")


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
    "packed": Tilt("packed", 2.0),
    "band": Tilt("band", 1.0),
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
    edge_distance: tuple[tuple[int, ...], ...]
    """Per edge (top, bottom, left, right), each cell's distance to it (0 on it)."""
    near: tuple[Bitboard, ...]
    """Per cell, the other cells within :data:`CROWD_RADIUS` king moves."""
    sides: tuple[Bitboard, ...]
    """Per cell, the cells that share a side with it."""

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
        edges = (rows, tuple(last_row - r for r in rows), cols, tuple(last_col - k for k in cols))
        near = []
        for c in range(grid.size):
            board = 0
            for d in range(grid.size):
                if d != c and max(abs(rows[c] - rows[d]), abs(cols[c] - cols[d])) <= CROWD_RADIUS:
                    board |= bit(d)
            near.append(board)
        sides = tuple(sum(bit(d) for d in range(grid.size)
                          if abs(rows[c] - rows[d]) + abs(cols[c] - cols[d]) == 1)
                      for c in range(grid.size))
        return FleetShape(grid, border, rows, cols, distance, edges, tuple(near), sides)

    # --- one fleet ------------------------------------------------------------------

    def measure(self, name: str, occupied: Bitboard, anchor: int = 0) -> float:
        """The measure ``name`` of the ship cells ``occupied`` (``anchor``: which corner,
        for the measures of :data:`PER_CORNER`, or edge, for those of :data:`PER_EDGE`),
        by the compiled :func:`~seabattle.battleship.ai._kernels.measure` the tilted
        chain uses too."""
        check_measure(name, anchor)
        if occupied >> self.grid.size:
            raise ValueError("cells outside the field")
        linear, near, sides = cell_arrays(self.grid)
        return float(_kernels.measure(to_words(occupied, near.shape[1]), MEASURES.index(name),
                                      anchor, linear, near, sides, LONE_WEIGHT))

    def log_tilt(self, tilt: Tilt, occupied: Bitboard) -> float:
        """``log`` of the family's weight of a fleet against the uniform one (up to a
        constant): ``beta * measure``, for the measures of :data:`ANCHORED` averaged
        over the four anchors."""
        beta = tilt.per_fleet(occupied.bit_count())
        if tilt.measure not in ANCHORED:
            return beta * self.measure(tilt.measure, occupied)
        values = [beta * self.measure(tilt.measure, occupied, k) for k in range(4)]
        top = max(values)
        return top + math.log(sum(math.exp(v - top) for v in values) / 4)

    # --- many fleets at once --------------------------------------------------------

    def fleet_sums(self, samples: Words, fixed: Bitboard) -> FloatArray:
        """What :meth:`log_tilts` needs of each fleet of ``samples`` (rows of 64-bit
        words, little-endian, as the posterior keeps them; ``fixed``: cells every fleet
        holds besides)."""
        linear, near, sides = cell_arrays(self.grid)
        out = np.zeros((len(samples), SUMS))
        _kernels.fleet_sums(samples, to_words(fixed, samples.shape[1]), linear, near, sides, out)
        return out

    def log_tilts(self, tilts: Sequence[Tilt], sums: FloatArray) -> FloatArray:
        """:meth:`log_tilt` of every fleet summed up by :meth:`fleet_sums`, for each of
        ``tilts``: an array of tilts × fleets (compiled)."""
        out = np.empty((len(tilts), len(sums)))
        _kernels.log_tilts(sums, np.array([MEASURES.index(t.measure) for t in tilts]),
                           np.array([t.beta for t in tilts]), LONE_WEIGHT, out)
        return out


SUMS = 22
"""Columns of :meth:`FleetShape.fleet_sums`: the 13 of :func:`cell_arrays`'s ``linear``,
the crowded pairs (twice), and the 8 distances again over the cells without a ship
cell beside them (see :func:`~seabattle.battleship.ai._kernels.fleet_sums`)."""


@cache
def cell_arrays(grid: Grid) -> tuple[FloatArray, Words, Words]:
    """Per cell: border, row, column, 1 (to count cells), squared distance from the
    origin, the distances to the four corners and to the four edges (cells × 13); and,
    per cell, the words of the cells near it and of those beside it (cells × words
    each)."""
    shape = FleetShape.of(grid)
    size = grid.size
    words = (size + 63) // 64
    linear = np.zeros((size, 13))
    near = np.zeros((size, words), dtype=np.uint64)
    sides = np.zeros((size, words), dtype=np.uint64)
    for c in range(size):
        row, col = shape.rows[c], shape.cols[c]
        linear[c, :5] = ((shape.border >> c) & 1, row, col, 1, row * row + col * col)
        linear[c, 5:9] = [shape.corner_distance[k][c] for k in range(4)]
        linear[c, 9:] = [shape.edge_distance[k][c] for k in range(4)]
        near[c] = to_words(shape.near[c], words)
        sides[c] = to_words(shape.sides[c], words)
    return linear, near, sides
