"""What each cell of a field shows: pure functions from the engine's state to marks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from seabattle.coords import Bitboard, Grid, bit, iter_cells
from seabattle.fleet import Ship
from seabattle.view import PlayerView


class Mark(Enum):
    """The look of one cell."""

    WATER = "water"
    """Open water, or an enemy cell nothing is known about."""
    SHIP = "ship"
    MISS = "miss"
    HIT = "hit"
    SUNK = "sunk"
    RING = "ring"
    """Known to be empty: the ring around a sunk ship."""
    GHOST = "ghost"
    """The ship being placed, where it may go."""
    BLOCKED = "blocked"
    """The ship being placed, where it may not go."""


Marks = tuple[Mark, ...]
"""One mark per cell, in reading order."""


def fleet_marks(grid: Grid, ships: Iterable[Ship], shots: Bitboard = 0,
                ring: Bitboard = 0) -> Marks:
    """A field whose ships are visible: one's own, or the enemy's once revealed.

    ``shots`` are the cells fired at; ``ring`` the cells known to be empty.
    """
    marks = [Mark.WATER] * grid.size
    for cell in iter_cells(ring):
        marks[cell] = Mark.RING
    for cell in iter_cells(shots):
        marks[cell] = Mark.MISS
    for ship in ships:
        struck = Mark.SUNK if ship.is_sunk(shots) else Mark.HIT
        for cell in iter_cells(ship.cells):
            marks[cell] = struck if shots & bit(cell) else Mark.SHIP
    return tuple(marks)


def enemy_marks(view: PlayerView) -> Marks:
    """The enemy field as ``view``'s player knows it."""
    marks = [Mark.WATER] * view.rules.grid.size
    for board, mark in ((view.known_empty, Mark.RING), (view.misses, Mark.MISS),
                        (view.hits, Mark.HIT)):
        for cell in iter_cells(board):
            marks[cell] = mark
    for ship in view.sunk:
        for cell in iter_cells(ship.cells or bit(ship.cell)):
            marks[cell] = Mark.SUNK
    return tuple(marks)


def with_ghost(marks: Marks, ghost: Bitboard, *, allowed: bool) -> Marks:
    """``marks`` with the ship being placed drawn over them."""
    mark = Mark.GHOST if allowed else Mark.BLOCKED
    return tuple(mark if ghost >> cell & 1 else old for cell, old in enumerate(marks))


def heat_shares(marks: Marks, chances: Sequence[float]) -> list[float | None]:
    """How hot to draw each cell of a heat map: its chance as a share of the hottest.

    Only open water gets a share (the cells a shot could still find a ship in);
    every other cell, and every cell when no open cell has a chance above 0, gets
    ``None``. The most likely cells get 1.

    >>> heat_shares((Mark.WATER, Mark.MISS, Mark.WATER), (0.2, 0.0, 0.4))
    [0.5, None, 1.0]
    """
    top = max((c for c, m in zip(chances, marks, strict=True) if m is Mark.WATER), default=0.0)
    if top <= 0:
        return [None] * len(marks)
    return [min(1.0, c / top) if m is Mark.WATER else None
            for c, m in zip(chances, marks, strict=True)]
