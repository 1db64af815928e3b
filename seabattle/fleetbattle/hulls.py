"""The ships of a battle as it goes: which decks each kind of shot has hit, which decks
the enemy holds, where each ship stands (in the fight, grappled, sunk, captured, gone),
and the fleet's totals.

A cannonball hit takes a deck (one health); a chain hit takes one manoeuvre and half a
firepower, a grape hit one boarding and half a firepower, never below 0 (seed 002,
«Команды»). A battery loses nothing to chain or grape and is destroyed by one
cannonball («со здоровьем 1 (но размером в 2 клетки)»).

>>> hull = Hull(Kind.BRIG, 0b11)
>>> hull.hit(0, Ammo.CHAIN), hull.manoeuvre, hull.firepower
(False, 1, Fraction(1, 2))
>>> hull.hit(0, Ammo.CANNONBALL), hull.hit(1, Ammo.CANNONBALL), hull.status
(False, True, <Status.SUNK: 'sunk'>)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from seabattle.coords import bit, popcount
from seabattle.fleetbattle.ships import SHIP_TYPES, Ammo, Kind


class Status(Enum):
    """Where a ship stands."""

    ACTIVE = "active"
    """In the fight: it fires, moves and boards."""
    GRAPPLED = "grappled"
    """Locked in boarding with enemy ships: it sits the turns out, and can still be shot."""
    SUNK = "sunk"
    """Sunk by fire, or with a grappled ship sunk by fire."""
    BURNT = "burnt"
    """Destroyed by an enemy fireship, or set on fire by one of its own."""
    SPENT = "spent"
    """Used as a fireship: destroyed at the end of its turn, whatever came of it."""
    CAPTURED = "captured"
    """Taken by the enemy (boarding, a grapple, left behind in a retreat, a surrender)."""
    ESCAPED = "escaped"
    """Left the battle in a retreat."""

    @property
    def in_battle(self) -> bool:
        """Whether the ship is still on the field."""
        return self in (Status.ACTIVE, Status.GRAPPLED)

    @property
    def destroyed(self) -> bool:
        """Whether the ship was destroyed (what trophies count)."""
        return self in (Status.SUNK, Status.BURNT, Status.SPENT)


@dataclass
class Hull:
    """One ship (or battery) in the battle. Mutable: the state changes it as shots fall."""

    kind: Kind
    cells: int
    cannon: int = 0
    chain: int = 0
    grape: int = 0
    captured: int = 0
    status: Status = Status.ACTIVE

    @property
    def decks(self) -> int:
        """How many cells the ship takes."""
        return popcount(self.cells)

    @property
    def intact(self) -> int:
        """The decks neither sunk by a cannonball nor held by the enemy."""
        return self.cells & ~self.cannon & ~self.captured

    @property
    def softened(self) -> int:
        """Chain and grape hits (each takes half a firepower)."""
        if self.kind is Kind.BATTERY:
            return 0
        return popcount(self.chain) + popcount(self.grape)

    @property
    def firepower(self) -> Fraction:
        """The ship's firepower now."""
        return max(Fraction(0), SHIP_TYPES[self.kind].firepower - Fraction(self.softened, 2))

    @property
    def manoeuvre(self) -> int:
        """The ship's manoeuvre now."""
        if self.kind is Kind.BATTERY:
            return 0
        return max(0, SHIP_TYPES[self.kind].manoeuvre - popcount(self.chain))

    @property
    def boarding(self) -> int:
        """The ship's boarding now."""
        if self.kind is Kind.BATTERY:
            return 0
        return max(0, SHIP_TYPES[self.kind].boarding - popcount(self.grape))

    @property
    def can_leave(self) -> bool:
        """Whether the ship can leave in a retreat: it moves, fewer than half its decks
        took grape, and it is not held in a boarding."""
        return (self.status is Status.ACTIVE and self.manoeuvre > 0
                and 2 * popcount(self.grape & self.cells) < self.decks)

    @property
    def damaged(self) -> bool:
        """Whether the ship took any hit (it needs a repair)."""
        return bool(self.cannon | self.chain | self.grape)

    def marked(self, ammo: Ammo) -> int:
        """The decks ``ammo`` has already hit."""
        if ammo is Ammo.CANNONBALL:
            return self.cannon
        return self.chain if ammo is Ammo.CHAIN else self.grape

    def hit(self, cell: int, ammo: Ammo) -> bool:
        """A shot of ``ammo`` lands on ``cell`` (one of the ship's): True when a cannonball
        sank the ship with it."""
        if ammo is Ammo.CANNONBALL:
            self.cannon |= bit(cell)
            if self.kind is Kind.BATTERY or not self.intact:
                self.status = Status.SUNK
                return True
            return False
        if ammo is Ammo.CHAIN:
            self.chain |= bit(cell)
        else:
            self.grape |= bit(cell)
        return False

    def capture(self, decks: int) -> bool:
        """The enemy takes ``decks`` of the intact decks (lowest cells first): True when
        that was the whole ship, which is then captured."""
        for _ in range(decks):
            intact = self.intact
            if not intact:
                break
            self.captured |= intact & -intact
        if not self.intact:
            self.status = Status.CAPTURED
            return True
        return False


@dataclass(frozen=True)
class Totals:
    """A fleet's figures (О, А, М) and its number of ships, summed over the ships in the
    fight (batteries add their firepower only; grappled ships sit out and count for
    nothing, as in the seed's example), before any bonus or penalty."""

    firepower: Fraction
    boarding: int
    manoeuvre: int
    ships: int


def totals(hulls: Iterable[Hull]) -> Totals:
    """The totals of the active ships among ``hulls``."""
    active = [hull for hull in hulls if hull.status is Status.ACTIVE]
    ships = [hull for hull in active if hull.kind is not Kind.BATTERY]
    return Totals(sum((hull.firepower for hull in active), Fraction(0)),
                  sum(hull.boarding for hull in ships), sum(hull.manoeuvre for hull in ships),
                  len(ships))
