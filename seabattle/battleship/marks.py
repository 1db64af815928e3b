"""What each cell of a field shows, for every user interface: the game's state as marks.

The one place that decides which :class:`Mark` a cell shows when several things are
known about it (a cell handed over and then fired at, a hit on a ship that moved away,
a mine a shot set off). The terminal UIs only choose how a mark looks: the line-mode
game (:mod:`seabattle.plain`) an ASCII character, the full-screen one
(:mod:`seabattle.tui.board`) a symbol and a style.

The ranking, from the strongest: what a shot found (a mine or minesweeper it struck,
a hit on a ship that has moved away since, a sunk ship, a hit, a miss) beats what the
player was told or deduced about a cell not fired at (a cell handed over, a mine a
minesweeper revealed, the ring around a sunk ship), which beats what is merely there
(a ship, a piece, open water).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet, Ship
from seabattle.battleship.rules import MineEffect, Role, Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, Grid, bit, iter_cells


class Mark(Enum):
    """What one cell shows."""

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
_SHOT_PIECE = {ShotResult.MINE: Mark.MINE_SPENT, ShotResult.MINESWEEPER: Mark.SWEEPER_HIT}


def fleet_marks(grid: Grid, ships: Iterable[Ship], shots: Bitboard = 0,
                ring: Bitboard = 0, given: Bitboard = 0) -> Marks:
    """A field whose ships are visible: one's own, or a fleet being placed.

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


def own_marks(view: PlayerView) -> Marks:
    """``view``'s player's own field: the fleet where it is now, the enemy's shots at it
    and the cells handed over to the enemy."""
    return fleet_marks(view.rules.grid, view.fleet_now, view.incoming, given=view.handed_over)


def enemy_marks(view: PlayerView, reveal: Fleet | None = None) -> Marks:
    """The enemy field as ``view``'s player knows it.

    ``reveal`` (the enemy's fleet, once the game is over or in a replay) shows its pieces
    where nothing else is known, and its ships whose every cell was hit as sunk.
    """
    marks = [Mark.WATER] * view.rules.grid.size
    revealed_sunk = 0
    for ship in reveal or ():
        for cell in iter_cells(ship.cells):
            marks[cell] = _WHOLE[ship.kind.role]
        if ship.kind.role.is_vessel and ship.is_sunk(view.hits):
            revealed_sunk |= ship.cells
    # The sinking shot belongs to the sunk ship even where its other cells are uncertain.
    sunk = revealed_sunk
    for sunk_ship in view.sunk:
        sunk |= sunk_ship.cells or bit(sunk_ship.cell)
    for board, mark in ((view.known_empty, Mark.RING), (view.revealed_mines, Mark.MINE),
                        (view.given, Mark.GIVEN), (view.misses, Mark.MISS),
                        (view.hits, Mark.HIT), (sunk, Mark.SUNK), (view.abandoned, Mark.MOVED)):
        for cell in iter_cells(board):
            marks[cell] = mark
    for info in view.shots:
        if info.result in _SHOT_PIECE:
            marks[info.cell] = _SHOT_PIECE[info.result]
    return tuple(marks)


def variant_marks(rules: Rules) -> tuple[Mark, ...]:
    """The marks the variants in ``rules`` add to those of the classic game (for a legend):
    a salvo, say, adds only the cells being aimed, and the classroom's mines, which draw
    problems instead of handing cells over, add no handed-over cells."""
    marks: list[Mark] = []
    if rules.count(Role.SUBMARINE):
        marks.append(Mark.SUBMARINE)
    if rules.count(Role.MINE):
        marks += [Mark.MINE, Mark.MINE_SPENT]
        if rules.mine_effect is MineEffect.HANDOVER:
            marks.append(Mark.GIVEN)
    if rules.count(Role.MINESWEEPER):
        marks += [Mark.SWEEPER, Mark.SWEEPER_HIT]
    if rules.flying_dutchman:
        marks.append(Mark.MOVED)
    if rules.salvo.is_salvo or rules.flying_dutchman or rules.count(Role.MINE):
        marks.append(Mark.AIMED)
    return tuple(marks)
