"""Ship shapes, where they fit on a field, the space they keep clear, and fleet layouts.

Everything here works on bitboards (see :mod:`seabattle.coords`). A *placement* is
the bitboard of the cells one ship covers. :func:`placements` lists every placement
of a ship of a given size and shape on a field, once per field and shape (cached),
so validating, generating and counting fleets is integer arithmetic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from functools import cache

from seabattle.coords import Bitboard, Grid, bit, iter_cells

MAX_BENT_SIZE = 6
"""Largest bent ship whose shapes are enumerated (216 shapes of six cells): larger ones
would make listing placements take seconds on big fields."""


class Shape(Enum):
    """How the cells of one ship may lie."""

    STRAIGHT = "straight"
    """A row or a column of cells."""
    BENT = "bent"
    """Any cells joined side to side ("изгибами"), never only by a corner."""


class Touching(Enum):
    """How close two ships of one fleet may lie."""

    NONE = "none"
    """Not even at a corner: every ship has a clear ring of cells around it."""
    CORNERS = "corners"
    """Corners may touch, sides may not."""
    SIDES = "sides"
    """Ships may touch at corners and along sides; they only may not overlap."""


def _normalise(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


@cache
def polyominoes(size: int) -> tuple[frozenset[tuple[int, int]], ...]:
    """Every fixed polyomino of ``size`` cells (rotations and mirror images counted apart).

    Each is a set of ``(row, col)`` offsets whose smallest row and column are 0.

    >>> [len(polyominoes(n)) for n in range(1, 6)]
    [1, 2, 6, 19, 63]
    """
    if size < 1:
        raise ValueError(f"a ship has at least one cell, not {size}")
    if size == 1:
        return (frozenset({(0, 0)}),)
    grown: set[frozenset[tuple[int, int]]] = set()
    for smaller in polyominoes(size - 1):
        for r, c in smaller:
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cell = (r + dr, c + dc)
                if cell not in smaller:
                    grown.add(_normalise(smaller | {cell}))
    return tuple(sorted(grown, key=sorted))


def _offsets(size: int, shape: Shape) -> tuple[frozenset[tuple[int, int]], ...]:
    if shape is Shape.STRAIGHT:
        across = frozenset((0, c) for c in range(size))
        down = frozenset((r, 0) for r in range(size))
        return (across,) if size == 1 else (across, down)
    if size > MAX_BENT_SIZE:
        raise ValueError(f"bent ships have at most {MAX_BENT_SIZE} cells, not {size}")
    return polyominoes(size)


@cache
def placements(grid: Grid, size: int, shape: Shape) -> tuple[Bitboard, ...]:
    """Every placement of a ship of ``size`` cells and ``shape`` on ``grid``, sorted."""
    found = []
    for offsets in _offsets(size, shape):
        height = 1 + max(r for r, _ in offsets)
        width = 1 + max(c for _, c in offsets)
        for top in range(grid.height - height + 1):
            for left in range(grid.width - width + 1):
                board = 0
                for r, c in offsets:
                    board |= bit((top + r) * grid.width + left + c)
                found.append(board)
    return tuple(sorted(found))


def has_shape(grid: Grid, cells: Bitboard, shape: Shape) -> bool:
    """Whether the cells of one ship form ``shape``."""
    if shape is Shape.BENT:
        return grid.is_connected(cells)
    rows = {grid.row_col(c)[0] for c in iter_cells(cells)}
    cols = {grid.row_col(c)[1] for c in iter_cells(cells)}
    line = len(rows) == 1 or len(cols) == 1
    return line and grid.is_connected(cells)


def halo(grid: Grid, cells: Bitboard, touching: Touching) -> Bitboard:
    """The cells another ship may not occupy: the ship and, by the touching rule, its ring."""
    if touching is Touching.SIDES:
        return cells
    return grid.dilate(cells, diagonal=touching is Touching.NONE)


@cache
def placement_halos(grid: Grid, size: int, shape: Shape, touching: Touching
                    ) -> tuple[Bitboard, ...]:
    """The :func:`halo` of each of :func:`placements`, in the same order."""
    return tuple(halo(grid, p, touching) for p in placements(grid, size, shape))


def ring(grid: Grid, cells: Bitboard, touching: Touching) -> Bitboard:
    """The cells around a ship that the touching rule keeps free of ships."""
    return halo(grid, cells, touching) & ~cells


class LayoutSearch:
    """A depth-first search for a fleet layout: one placement per ship, none in conflict.

    Ships are placed largest first; equal ships take placements in increasing order,
    so that no layout is visited twice in another order. With a random generator
    the candidates of each ship are tried in a random order, which makes the first
    layout found a random one (not uniformly random over all layouts: see
    ``docs/engine.md``).
    """

    def __init__(self, grid: Grid, ships: Sequence[tuple[int, Shape]], touching: Touching,
                 *, blocked: Bitboard = 0) -> None:
        self.grid = grid
        self.touching = touching
        self.blocked = blocked
        order = sorted(range(len(ships)), key=lambda i: -ships[i][0])
        self.order = order
        self.ships = [ships[i] for i in order]
        self.candidates = [placements(grid, size, shape) for size, shape in self.ships]
        self.halos = [placement_halos(grid, size, shape, touching) for size, shape in self.ships]
        self.nodes = 0

    def run(self, rng: random.Random | None = None, node_limit: int = 200_000
            ) -> list[Bitboard] | None:
        """A layout, one placement per ship in the caller's order, or ``None``.

        Without ``rng`` the search is exhaustive up to ``node_limit``: ``None`` with
        :attr:`exhausted` true proves that no layout exists. With ``rng`` equal ships
        may take placements in any order (the pruning would bias the draw), and a
        ``None`` only means the node limit ran out.
        """
        self.nodes = 0
        self.exhausted = rng is None
        chosen: list[Bitboard] = []

        def place(index: int, blocked: Bitboard, floor: int) -> bool:
            if index == len(self.ships):
                return True
            cands = self.candidates[index]
            same_as_previous = index > 0 and self.ships[index] == self.ships[index - 1]
            indices = list(range(floor if same_as_previous and rng is None else 0, len(cands)))
            if rng is not None:
                rng.shuffle(indices)
            for i in indices:
                placement = cands[i]
                if placement & blocked:
                    continue
                self.nodes += 1
                if self.nodes > node_limit:
                    self.exhausted = False
                    return False
                chosen.append(placement)
                if place(index + 1, blocked | self.halos[index][i], i + 1):
                    return True
                chosen.pop()
                if self.nodes > node_limit:
                    return False
            return False

        if not place(0, self.blocked, 0):
            return None
        layout = [0] * len(chosen)
        for position, original in enumerate(self.order):
            layout[original] = chosen[position]
        return layout
