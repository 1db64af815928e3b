"""What the seats (and chance) do in a fleet battle.

Seats: :class:`PlaceFleet` (the hidden set-up), :class:`RetreatChoice` (before every
turn, both at once), :class:`ChooseMode` (the winner of the manoeuvre roll),
:class:`Orders` (a turn's volley or «Не стрелять», with fireships; both at once; also the
pursuer's parting volley), :class:`Grapple` (the boarding winner names the ships locked
with a ship it took in part) and :class:`Resign`. Chance: :class:`Dice` (one die for each
side: the manoeuvre roll, a boarding, a grapple), :class:`Die` (a fireship's attack, the
fire it may start) and :class:`Pick` (which ship a die chose).
"""

from __future__ import annotations

from dataclasses import dataclass

from seabattle.fleetbattle.placement import Placement
from seabattle.fleetbattle.ships import Ammo, Mode


@dataclass(frozen=True)
class PlaceFleet:
    """Set-up: the side's ships, their kinds and its flagship (hidden from the enemy)."""

    placement: Placement


@dataclass(frozen=True)
class RetreatChoice:
    """Before a turn: leave the battle (``True``) or fight on."""

    retreat: bool


@dataclass(frozen=True)
class ChooseMode:
    """The winner of the manoeuvre roll sets the turn's mode."""

    mode: Mode


@dataclass(frozen=True)
class Orders:
    """A turn's orders: the cells of the volley and its kind of shot, or ``hold``
    («Не стрелять»: no volley), and the ships sent as fireships (indices of the side's own
    pieces). In a parting volley, only the cells and the kind of shot."""

    ammo: Ammo = Ammo.CANNONBALL
    cells: tuple[int, ...] = ()
    fireships: tuple[int, ...] = ()
    hold: bool = False


@dataclass(frozen=True)
class Grapple:
    """The boarding winner's ships (indices of its own pieces) locked with the enemy ship
    it took only in part."""

    ships: tuple[int, ...]


@dataclass(frozen=True)
class Resign:
    """Surrender «на милость победителей»: the ships still in the fight are captured."""


@dataclass(frozen=True)
class Dice:
    """Chance: one die for each side (seat 0's first)."""

    values: tuple[int, int]


@dataclass(frozen=True)
class Die:
    """Chance: one die."""

    value: int


@dataclass(frozen=True)
class Pick:
    """Chance: the dice chose this piece of ``seat``'s fleet."""

    seat: int
    ship: int


SeatAction = PlaceFleet | RetreatChoice | ChooseMode | Orders | Grapple | Resign
ChanceAction = Dice | Die | Pick
Action = SeatAction | ChanceAction
"""Anything a seat or chance does in a fleet battle."""
