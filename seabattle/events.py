"""The events of a game: what happened, in order. A game is its rules, fleets and events.

Events hold the whole truth (which ship a shot hit); what each player may learn of
them is decided by :mod:`seabattle.view`.
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


@dataclass(frozen=True)
class Shot:
    """``player`` fired at ``cell`` of the other player's field."""

    player: int
    cell: int
    result: ShotResult
    ship: int | None = None
    """Index of the ship hit in the defender's fleet; ``None`` for a miss."""


@dataclass(frozen=True)
class Resignation:
    """``player`` gave up; the other player wins."""

    player: int


Event = Shot | Resignation
"""Anything recorded in a game's event log."""
