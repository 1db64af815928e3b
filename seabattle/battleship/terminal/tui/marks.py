"""The full-screen game's marks: the shared ones of :mod:`seabattle.battleship.marks`
(which mark a cell shows, re-exported here for the screens), and what only this UI draws
over them: the cells being aimed or chosen, the ship being placed, the heat map."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from seabattle.battleship.marks import (
    Mark,
    Marks,
    enemy_marks,
    fleet_marks,
    own_marks,
    variant_marks,
)
from seabattle.coords import Bitboard

__all__ = ["Mark", "Marks", "enemy_marks", "fleet_marks", "heat_shares", "own_marks",
           "variant_marks", "with_aimed", "with_ghost"]


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
