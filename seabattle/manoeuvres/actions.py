"""What a seat (or chance) may do in the manoeuvre game.

Cells are the field's cell numbers (``row * columns + col``). A turn is one action from
seed 003's list («передвинуть одно судно или один элемент активного оружия на один …
шаг; сделать выстрел одной торпедой; подорвать свою бомбу; атаковать»), where a move may
be followed in the same turn by an attack («сделав очередной ход или без такового»), and
a torpedo boat's move by a torpedo's shot from beside it («в конце очередного хода Тк»).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from seabattle.manoeuvres.pieces import Kind


class Direction(Enum):
    """A torpedo's straight course, as (row, column) steps."""

    NORTH = (-1, 0)
    EAST = (0, 1)
    SOUTH = (1, 0)
    WEST = (0, -1)


@dataclass(frozen=True)
class Deploy:
    """Set-up (hidden from the other seat): each of the seat's pieces by cell, in cell
    order, every cell in the seat's back rows."""

    layout: tuple[tuple[int, Kind], ...]


@dataclass(frozen=True)
class DrawFirst:
    """Chance: the lot says which seat starts («Начинающий игру определяется жребием»)."""

    seat: int


@dataclass(frozen=True)
class Step:
    """Move one own piece from ``source`` to ``target``: a ship or the bomb one free cell
    across a side, a torpedo boat also two (straight or bent like «Г», through a free
    cell); a torpedo (a mine) one cell inside the zone of an own torpedo boat (destroyer).
    ``tow``: the torpedoes a torpedo boat, or the mines a destroyer, takes along from its
    zone on a one-cell move, each moved as the ship is."""

    source: int
    target: int
    tow: tuple[int, ...] = ()


@dataclass(frozen=True)
class Shoot:
    """Fire the torpedo at ``torpedo`` (beside an own torpedo boat) along ``direction``:
    up to five cells, destroying the first piece met unless it is a fort."""

    torpedo: int
    direction: Direction


@dataclass(frozen=True)
class PointBlank:
    """Set the torpedo at ``torpedo`` (beside an own torpedo boat) off without moving it
    («в упор»): only the named ``target``, inside that boat's zone, is destroyed."""

    torpedo: int
    target: int


@dataclass(frozen=True)
class Detonate:
    """Set one's bomb off on its own move: where it stands (``target`` ``None``) or after
    a step to ``target``."""

    bomb: int
    target: int | None = None


@dataclass(frozen=True)
class Attack:
    """Attack the enemy piece at ``target`` with the group of own ships at ``group`` (one
    kind, joined by sides, one of them beside the target), cells in order."""

    target: int
    group: tuple[int, ...]


@dataclass(frozen=True)
class Defend:
    """The attacked side's answer: the ships of the target's group that take the fight
    (the target among them, joined by sides), cells in order."""

    group: tuple[int, ...]


@dataclass(frozen=True)
class EndTurn:
    """End the turn without the attack or shot a move allows, or let a bonus turn go."""


@dataclass(frozen=True)
class Resign:
    """Give up: the other seat wins."""


Action = (Deploy | DrawFirst | Step | Shoot | PointBlank | Detonate | Attack | Defend
          | EndTurn | Resign)
"""Anything a seat (or chance) does in the manoeuvre game."""
