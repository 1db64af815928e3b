"""The field and the pieces on it: geometry (sides, zones, groups, a torpedo boat's paths)
and :class:`Board`, which piece stands where.

A *zone* («зона») is the square around a piece: 3 × 3 for a torpedo boat or a destroyer
(«Зоной судна называется прямоугольник 3*3»), 5 × 5 for the bomb («зона Б»). A *group*
(«группа судов») is a set of one side's ships of one kind joined side to side («примыкают
друг к другу боковыми сторонами или торцами»).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from seabattle.coords import Grid
from seabattle.manoeuvres.pieces import Kind

SHIP_ZONE = 1
"""A torpedo boat's or destroyer's zone reaches one cell around it (3 × 3)."""
BOMB_ZONE = 2
"""The bomb's zone reaches two cells around it (5 × 5)."""
TORPEDO_RANGE = 5
"""A torpedo runs at most five cells («на максимум 5 клеток»)."""


@dataclass(frozen=True)
class Piece:
    """One piece: its ``owner`` (seat), its ``number`` among its owner's pieces (given in
    cell order at set-up, so it tells nothing of the kind) and its ``kind``."""

    owner: int
    number: int
    kind: Kind


@cache
def sides(grid: Grid, cell: int) -> tuple[int, ...]:
    """The cells across a side of ``cell`` (up, left, right, down), on the field."""
    row, col = grid.row_col(cell)
    return tuple(grid.cell(r, c) for r, c in ((row - 1, col), (row, col - 1), (row, col + 1),
                                             (row + 1, col)) if grid.contains(r, c))


@cache
def zone(grid: Grid, cell: int, radius: int) -> frozenset[int]:
    """The square of cells within ``radius`` of ``cell`` (``cell`` included), on the field."""
    row, col = grid.row_col(cell)
    return frozenset(grid.cell(r, c) for r in range(row - radius, row + radius + 1)
                     for c in range(col - radius, col + radius + 1) if grid.contains(r, c))


def ray(grid: Grid, cell: int, step: tuple[int, int], length: int) -> Iterator[int]:
    """The cells after ``cell`` along ``step``, at most ``length`` of them, on the field."""
    row, col = grid.row_col(cell)
    for distance in range(1, length + 1):
        r, c = row + step[0] * distance, col + step[1] * distance
        if not grid.contains(r, c):
            return
        yield grid.cell(r, c)


def connected(grid: Grid, cells: Iterable[int]) -> bool:
    """Whether ``cells`` (at least one) are joined side to side."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        for near in sides(grid, stack.pop()):
            if near in todo:
                todo.remove(near)
                stack.append(near)
    return not todo


def connected_subsets(grid: Grid, cells: frozenset[int], containing: int | None = None
                      ) -> list[tuple[int, ...]]:
    """Every subset of ``cells`` joined side to side (with ``containing`` in it, if
    given), each in cell order, in a fixed order."""
    ordered = sorted(cells)
    found: list[tuple[int, ...]] = []
    for mask in range(1, 1 << len(ordered)):
        chosen = tuple(cell for index, cell in enumerate(ordered) if mask >> index & 1)
        if (containing is None or containing in chosen) and connected(grid, chosen):
            found.append(chosen)
    return found


@cache
def side_table(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """:func:`sides` of every cell of ``grid``, indexed by cell (a search looks it up
    without hashing the grid)."""
    return tuple(sides(grid, cell) for cell in grid.cells())


class Board:
    """Which piece stands on which cell (mutable; :meth:`copy` for a search); ``near``:
    :func:`side_table` of its grid."""

    def __init__(self, grid: Grid, pieces: dict[int, Piece] | None = None) -> None:
        self.grid = grid
        self.near = side_table(grid)
        self.at: dict[int, Piece] = dict(pieces or {})

    def copy(self) -> Board:
        """An independent copy."""
        clone = Board.__new__(Board)
        clone.grid = self.grid
        clone.near = self.near
        clone.at = dict(self.at)
        return clone

    def free(self, cell: int) -> bool:
        """Nothing stands on ``cell``."""
        return cell not in self.at

    def of(self, owner: int) -> Iterator[tuple[int, Piece]]:
        """``owner``'s pieces with their cells, in cell order."""
        return ((cell, piece) for cell, piece in sorted(self.at.items()) if piece.owner == owner)

    def kind_at(self, cell: int, owner: int, kind: Kind) -> bool:
        """``owner``'s piece of ``kind`` stands on ``cell``."""
        piece = self.at.get(cell)
        return piece is not None and piece.owner == owner and piece.kind is kind

    def group(self, cell: int) -> frozenset[int]:
        """The whole group of the ship on ``cell``: its owner's ships of its kind joined to
        it side to side."""
        piece = self.at[cell]
        found = {cell}
        stack = [cell]
        while stack:
            for near in self.near[stack.pop()]:
                other = self.at.get(near)
                if near not in found and other is not None and other.owner == piece.owner \
                        and other.kind is piece.kind:
                    found.add(near)
                    stack.append(near)
        return frozenset(found)

    def beside(self, cell: int, owner: int, kind: Kind) -> list[int]:
        """The cells across a side of ``cell`` holding ``owner``'s pieces of ``kind``."""
        return [near for near in self.near[cell] if self.kind_at(near, owner, kind)]

    def in_zone_of(self, cell: int, owner: int, kind: Kind) -> list[int]:
        """The cells of ``owner``'s pieces of ``kind`` whose 3 × 3 zone holds ``cell``."""
        return [near for near in zone(self.grid, cell, SHIP_ZONE)
                if near != cell and self.kind_at(near, owner, kind)]

    def boat_paths(self, cell: int) -> dict[int, int]:
        """Where a torpedo boat on ``cell`` may go: each free target one or two cells away
        (straight or bent like «Г») with a free cell to pass through, mapped to its
        distance."""
        reach: dict[int, int] = {}
        at = self.at
        for first in self.near[cell]:
            if first in at:
                continue
            reach.setdefault(first, 1)
            for second in self.near[first]:
                if second != cell and second not in at and second not in reach:
                    reach[second] = 2
        return reach
