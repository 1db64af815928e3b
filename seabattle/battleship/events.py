"""The events of a game: what happened, in order. A game is its rules, fleets and events.

Events hold the whole truth (which ship a shot hit); what each player may learn of
them is decided by :mod:`seabattle.battleship.view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ShotResult(Enum):
    """The answer to a shot (RULES.md §1)."""

    MISS = "miss"
    """«Мимо!»"""
    HIT = "hit"
    """«Ранил!»: a ship was hit and still floats."""
    SUNK = "sunk"
    """«Убил!»: the last whole cell of a ship was hit."""
    MINE = "mine"
    """A mine went off (RULES.md §3): the shooter owes the owner a cell of their fleet."""
    MINESWEEPER = "minesweeper"
    """A minesweeper was hit: the shooter owes the owner one of their own mines."""

    @property
    def is_hit(self) -> bool:
        """Whether the shot struck a ship (or submarine)."""
        return self in (ShotResult.HIT, ShotResult.SUNK)


@dataclass(frozen=True)
class Shot:
    """``player`` fired at ``cell`` of the other player's field."""

    player: int
    cell: int
    result: ShotResult
    ship: int | None = None
    """Index of the piece hit in the defender's fleet; ``None`` for a miss."""
    dying: bool = False
    """A sunk submarine's dying shot, fired at the same cell of the shooter's field."""


class Decision(Enum):
    """Something a player must settle before the game goes on."""

    HANDOVER = "handover"
    """After hitting a mine: hand over one unhit cell of one's own fleet."""
    REVEAL_MINE = "reveal_mine"
    """After hitting a minesweeper: reveal one of one's own mines that has not gone off."""
    MOVE_SHIP = "move_ship"
    """The Flying Dutchman was hit: its owner may move it (or keep it where it is)."""


@dataclass(frozen=True)
class Pending:
    """A decision ``player`` owes now; no shot is accepted until it is made."""

    player: int
    decision: Decision
    ship: int | None = None
    """For :attr:`Decision.MOVE_SHIP`: the index of the hit ship."""


@dataclass(frozen=True)
class Handover:
    """``player``, having hit a mine, handed over ``cell`` of their own fleet."""

    player: int
    cell: int


@dataclass(frozen=True)
class MineReveal:
    """``player``, having hit a minesweeper, revealed their mine at ``cell``; ``None``
    when they had no mine left to reveal."""

    player: int
    cell: int | None


@dataclass(frozen=True)
class ShipMove:
    """``player`` moved hit ship number ``ship`` to ``cells`` (``None``: kept it in place)."""

    player: int
    ship: int
    cells: int | None


@dataclass(frozen=True)
class Resignation:
    """``player`` gave up; the other player wins."""

    player: int


Event = Shot | Resignation | Handover | MineReveal | ShipMove
"""Anything recorded in a game's event log."""
