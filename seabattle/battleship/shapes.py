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
from math import isqrt

from seabattle.coords import Bitboard, Grid, bit, iter_cells

MAX_BENT_SIZE = 6
"""Largest bent ship whose shapes are enumerated (216 shapes of six cells): larger ones
would make listing placements take seconds on big fields."""
MAX_KING_SIZE = 8
"""Largest Flying Dutchman (RULES.md §3: five to eight decks)."""


class Shape(Enum):
    """How the cells of one ship may lie."""

    STRAIGHT = "straight"
    """A row or a column of cells."""
    BENT = "bent"
    """Any cells joined side to side ("изгибами"), never only by a corner."""
    L = "l"
    """«Г»: a line with one more cell at a right angle at one end (three cells or more)."""
    SQUARE = "square"
    """A square block of cells (4, 9, … cells)."""
    ZIGZAG = "zigzag"
    """Two equal lines side by side, shifted by one cell (an even number of cells, four or
    more: the S and Z of four cells)."""
    KING = "king"
    """Cells joined by a side or a corner, as a chess king moves: the Flying Dutchman,
    which "runs vertically, horizontally and diagonally at once" (at most
    :data:`MAX_KING_SIZE` cells; never listed as placements, see :func:`is_listed`)."""

    def allows(self, size: int) -> bool:
        """Whether a ship of ``size`` cells can take this shape."""
        if self is Shape.L:
            return size >= 3
        if self is Shape.SQUARE:
            return size >= 4 and isqrt(size) ** 2 == size
        if self is Shape.ZIGZAG:
            return size >= 4 and size % 2 == 0
        if self is Shape.BENT:
            return 1 <= size <= MAX_BENT_SIZE
        if self is Shape.KING:
            return 1 <= size <= MAX_KING_SIZE
        return size >= 1

    @property
    def is_listed(self) -> bool:
        """Whether :func:`placements` can list every placement of this shape (not KING:
        eight king-connected cells have 147,941 fixed shapes)."""
        return self is not Shape.KING


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


def _orientations(cells: frozenset[tuple[int, int]]) -> tuple[frozenset[tuple[int, int]], ...]:
    """The distinct rotations and mirror images of a shape, normalised."""
    found: set[frozenset[tuple[int, int]]] = set()
    current = cells
    for _ in range(4):
        current = _normalise(frozenset((c, -r) for r, c in current))
        found.add(current)
        found.add(_normalise(frozenset((r, -c) for r, c in current)))
    return tuple(sorted(found, key=sorted))


@cache
def _offsets(size: int, shape: Shape) -> tuple[frozenset[tuple[int, int]], ...]:
    if not shape.allows(size) or not shape.is_listed:
        raise ValueError(f"no {shape.value} ship of {size} cells is listed")
    if shape is Shape.STRAIGHT:
        across = frozenset((0, c) for c in range(size))
        return _orientations(across)
    if shape is Shape.BENT:
        return polyominoes(size)
    if shape is Shape.L:
        base = frozenset((r, 0) for r in range(size - 1)) | {(size - 2, 1)}
    elif shape is Shape.SQUARE:
        side = isqrt(size)
        base = frozenset((r, c) for r in range(side) for c in range(side))
    else:  # ZIGZAG
        half = size // 2
        base = frozenset((0, c + 1) for c in range(half)) | {(1, c) for c in range(half)}
    return _orientations(base)


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
    size = cells.bit_count()
    if not shape.allows(size):
        return False
    if shape is Shape.BENT:
        return grid.is_connected(cells)
    if shape is Shape.KING:
        return grid.is_connected(cells, diagonal=True)
    offsets = _normalise(frozenset(grid.row_col(c) for c in iter_cells(cells)))
    return offsets in _offsets(size, shape)


def random_king_ship(grid: Grid, size: int, rng: random.Random, blocked: Bitboard = 0
                     ) -> Bitboard | None:
    """A random ship of ``size`` king-connected cells avoiding ``blocked``, grown cell by
    cell from a random free cell; ``None`` if a few hundred tries find no room."""
    free = grid.full & ~blocked
    if free.bit_count() < size:
        return None
    cells_free = list(iter_cells(free))
    for _ in range(300):
        ship = bit(rng.choice(cells_free))
        while ship.bit_count() < size:
            frontier = grid.dilate(ship, diagonal=True) & free & ~ship
            if not frontier:
                break
            ship |= bit(rng.choice(list(iter_cells(frontier))))
        if ship.bit_count() == size:
            return ship
    return None


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


def place_singles(grid: Grid, occupied: Bitboard, aloof_zone: Bitboard,
                  aloof: Sequence[bool], rng: random.Random | None = None) -> list[int] | None:
    """Cells for one-cell pieces (submarines, mines, minesweepers), in the order given.

    An *aloof* piece touches nothing, not even at a corner (a mine); any other one only
    keeps off ``occupied`` cells and the zone around aloof pieces (a submarine, which may
    touch ships). ``aloof_zone`` is that zone for pieces already placed. With ``rng``
    each piece takes a random allowed cell, else the first one; ``None`` when a piece
    finds no room.
    """
    cells: list[int] = []
    for keeps_clear in aloof:
        taken = grid.dilate(occupied, diagonal=True) if keeps_clear else occupied | aloof_zone
        allowed = grid.full & ~taken
        if not allowed:
            return None
        cell = (rng.choice(list(iter_cells(allowed))) if rng
                else (allowed & -allowed).bit_length() - 1)
        cells.append(cell)
        occupied |= bit(cell)
        if keeps_clear:
            aloof_zone |= grid.dilate(bit(cell), diagonal=True)
    return cells
