"""The ship types of seed 002 and their figures, the kinds of shot and the modes of a turn.

=============  =========  ========  ======  =========  ==================
ship           firepower  boarding  health  manoeuvre  price
=============  =========  ========  ======  =========  ==================
brig           1          2         2       2          8 coins, 1 gun
corvette       2          3         2       1          10 coins, 1 gun
frigate        3          4         3       2          13 coins, 1 gun, 1 wood
ship of line   4          5         4       3          16 coins, 2 guns, 1 wood
transport      0          1         3       1          7 coins
=============  =========  ========  ======  =========  ==================

A coastal battery (an option of the battle) has health 1 on two cells and firepower 1,
and no manoeuvre or boarding.

>>> SHIP_TYPES[Kind.FRIGATE].firepower, SHIP_TYPES[Kind.FRIGATE].decks
(3, 3)
>>> SHIP_TYPES[Kind.BATTERY].decks, SHIP_TYPES[Kind.BATTERY].health
(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from seabattle.i18n import Text


class Kind(Enum):
    """A type of ship (or the coastal battery)."""

    LINER = "ship-of-the-line"
    FRIGATE = "frigate"
    CORVETTE = "corvette"
    BRIG = "brig"
    TRANSPORT = "transport"
    BATTERY = "battery"

    @property
    def text(self) -> Text:
        """The kind's name, translated."""
        return Text(f"fleet.kind.{self.value}")

    @classmethod
    def parse(cls, name: str) -> Kind:
        """The kind called ``name`` (its value); raises ``ValueError`` otherwise."""
        return cls(name)


SHIP_KINDS: tuple[Kind, ...] = (Kind.LINER, Kind.FRIGATE, Kind.CORVETTE, Kind.BRIG,
                                Kind.TRANSPORT)
"""The kinds a fleet is made of, in the order fleets are listed (batteries come last)."""


@dataclass(frozen=True)
class Price:
    """What a ship costs on the strategic map: coins, guns and wood."""

    coins: int
    guns: int = 0
    wood: int = 0

    def __add__(self, other: Price) -> Price:
        return Price(self.coins + other.coins, self.guns + other.guns, self.wood + other.wood)

    def within(self, budget: Price) -> bool:
        """Whether this price can be paid from ``budget``."""
        return (self.coins <= budget.coins and self.guns <= budget.guns
                and self.wood <= budget.wood)


@dataclass(frozen=True)
class ShipType:
    """A ship type's figures at the start of a battle."""

    firepower: int
    boarding: int
    health: int
    manoeuvre: int
    decks: int
    price: Price


SHIP_TYPES: dict[Kind, ShipType] = {
    Kind.BRIG: ShipType(1, 2, 2, 2, 2, Price(8, 1)),
    Kind.CORVETTE: ShipType(2, 3, 2, 1, 2, Price(10, 1)),
    Kind.FRIGATE: ShipType(3, 4, 3, 2, 3, Price(13, 1, 1)),
    Kind.LINER: ShipType(4, 5, 4, 3, 4, Price(16, 2, 1)),
    Kind.TRANSPORT: ShipType(0, 1, 3, 1, 3, Price(7)),
    Kind.BATTERY: ShipType(1, 0, 1, 0, 2, Price(0)),
}
"""Every kind's figures (seed 002, «Характеристики кораблей» and «Береговые батареи»)."""


class Ammo(Enum):
    """What a volley fires."""

    CANNONBALL = "cannonball"
    CHAIN = "chain"
    GRAPE = "grape"

    @property
    def text(self) -> Text:
        """The kind of shot's name, translated."""
        return Text(f"fleet.ammo.{self.value}")


class Mode(Enum):
    """The mode of a turn."""

    LONG = "long"
    CLOSE = "close"
    BOARDING = "boarding"

    @property
    def text(self) -> Text:
        """The mode's name, translated."""
        return Text(f"fleet.mode.{self.value}")

    @property
    def ammunition(self) -> tuple[Ammo, ...]:
        """The kinds of shot this mode allows (none in boarding)."""
        if self is Mode.LONG:
            return (Ammo.CANNONBALL, Ammo.CHAIN)
        if self is Mode.CLOSE:
            return (Ammo.CANNONBALL, Ammo.GRAPE)
        return ()
