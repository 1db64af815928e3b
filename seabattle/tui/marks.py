"""What each cell of a field shows: pure functions from the engine's state to marks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Ship
from seabattle.battleship.rules import Role, Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, Grid, bit, iter_cells


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
    SUBMARINE = "submarine"
    """One's own submarine, unhit (a rhombus)."""
    MINE = "mine"
    """A mine: one's own, unspent, or an enemy mine revealed by a minesweeper."""
    MINE_SPENT = "mine_spent"
    """A mine that went off (a dot in its circle)."""
    SWEEPER = "sweeper"
    """One's own minesweeper, unhit."""
    SWEEPER_HIT = "sweeper_hit"
    GIVEN = "given"
    """An enemy cell handed over after a mine: a sure hit. On one's own field: a cell
    handed over to the enemy."""
    MOVED = "moved"
    """A hit on the enemy's Flying Dutchman, which has moved away since."""
    AIMED = "aimed"
    """A cell chosen for the salvo being aimed, or for the decision being made."""


Marks = tuple[Mark, ...]
"""One mark per cell, in reading order."""


_WHOLE = {Role.SHIP: Mark.SHIP, Role.SUBMARINE: Mark.SUBMARINE, Role.MINE: Mark.MINE,
          Role.MINESWEEPER: Mark.SWEEPER}
_STRUCK = {Role.MINE: Mark.MINE_SPENT, Role.MINESWEEPER: Mark.SWEEPER_HIT}


def fleet_marks(grid: Grid, ships: Iterable[Ship], shots: Bitboard = 0,
                ring: Bitboard = 0, given: Bitboard = 0) -> Marks:
    """A field whose ships are visible: one's own, or the enemy's once revealed.

    ``shots`` are the cells fired at; ``ring`` the cells known to be empty; ``given``
    cells handed over to the other player. Mines, minesweepers and submarines have
    marks of their own.
    """
    marks = [Mark.WATER] * grid.size
    for cell in iter_cells(ring):
        marks[cell] = Mark.RING
    for cell in iter_cells(shots):
        marks[cell] = Mark.MISS
    for ship in ships:
        role = ship.kind.role
        struck = _STRUCK.get(role) or (Mark.SUNK if ship.is_sunk(shots) else Mark.HIT)
        for cell in iter_cells(ship.cells):
            whole = Mark.GIVEN if given & bit(cell) else _WHOLE[role]
            marks[cell] = struck if shots & bit(cell) else whole
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
    for board, mark in ((view.abandoned, Mark.MOVED), (view.given, Mark.GIVEN),
                        (view.revealed_mines, Mark.MINE)):
        for cell in iter_cells(board):
            marks[cell] = mark
    for info in view.shots:
        if info.result is ShotResult.MINE:
            marks[info.cell] = Mark.MINE_SPENT
        elif info.result is ShotResult.MINESWEEPER:
            marks[info.cell] = Mark.SWEEPER_HIT
    return tuple(marks)


def with_aimed(marks: Marks, cells: Iterable[int]) -> Marks:
    """``marks`` with the cells being chosen (a salvo, a decision) drawn over them."""
    drawn = list(marks)
    for cell in cells:
        drawn[cell] = Mark.AIMED
    return tuple(drawn)


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


def variant_marks(rules: Rules) -> tuple[Mark, ...]:
    """The marks the variants in ``rules`` add to the legend."""
    marks: list[Mark] = []
    if rules.count(Role.SUBMARINE):
        marks.append(Mark.SUBMARINE)
    if rules.count(Role.MINE):
        marks += [Mark.MINE, Mark.MINE_SPENT, Mark.GIVEN]
    if rules.count(Role.MINESWEEPER):
        marks += [Mark.SWEEPER, Mark.SWEEPER_HIT]
    if rules.flying_dutchman:
        marks.append(Mark.MOVED)
    if rules.salvo != 1 or rules.flying_dutchman or rules.count(Role.MINE):
        marks.append(Mark.AIMED)
    return tuple(marks)
