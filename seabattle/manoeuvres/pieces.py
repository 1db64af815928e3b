"""The kinds of pieces of seed 003 and the weight of a group of ships in an attack.

The seed gives only inequalities for a fight («П < Тк, но: n*П > m*Тк … где n>m», and the
circle «Лн < П, но: n*Лн > m*П»). :func:`group_weight` is a formula that satisfies every one
of them: a ship of rank ``r`` (submarine 0 … battleship 5) weighs ``6**r * 5**(6-r)``, so
each rank is 6/5 of the one below, and a group weighs its count times that; against
battleships a submarine weighs ``6**6`` (6/5 of a battleship). Since groups have at most
five ships, ``(m+1)/m >= 6/5`` decides every «more of the lower rank beat fewer of the
higher» case, and equal weights happen only for equal groups of one kind
(``docs/manoeuvres.md``, «Weight of a group»).

>>> fight(Kind.SUBMARINE, 1, Kind.BATTLESHIP, 1)
1
>>> fight(Kind.BATTLESHIP, 2, Kind.SUBMARINE, 1)
1
>>> fight(Kind.CRUISER, 2, Kind.CRUISER, 2)
0
>>> fight(Kind.MINESWEEPER, 2, Kind.SUBMARINE, 3)
-1
"""

from __future__ import annotations

from enum import Enum

from seabattle.i18n import Text


class Kind(Enum):
    """A kind of piece («игровой материал»): forts, weapons and six kinds of ships."""

    FORT = "fort"
    BOMB = "bomb"
    TORPEDO = "torpedo"
    MINE = "mine"
    SUBMARINE = "submarine"
    TORPEDO_BOAT = "torpedo_boat"
    MINESWEEPER = "minesweeper"
    DESTROYER = "destroyer"
    CRUISER = "cruiser"
    BATTLESHIP = "battleship"

    @property
    def is_ship(self) -> bool:
        """Ships move, attack and fight in groups; forts and weapons do not."""
        return self in SHIPS

    @property
    def moves_alone(self) -> bool:
        """Moves by itself on its owner's turn: every ship and the bomb («Движение бомбы
        осуществляется ею самостоятельно, как для обычного судна»)."""
        return self.is_ship or self is Kind.BOMB

    @property
    def title(self) -> Text:
        """The kind's name, translated."""
        return Text(f"manoeuvres.kind.{self.value}")

    @property
    def abbreviation(self) -> Text:
        """The seed's abbreviation in Russian (Ф, Б, Т, М, Пл, Тк, Тр, Эс, Кр, Лн), an
        English one in English."""
        return Text(f"manoeuvres.abbr.{self.value}")


SHIPS = (Kind.SUBMARINE, Kind.TORPEDO_BOAT, Kind.MINESWEEPER, Kind.DESTROYER, Kind.CRUISER,
         Kind.BATTLESHIP)
"""The ships, weakest first: their rank is their index («П < Тк < Тр < Эс < Кр < Лн»)."""

MAX_GROUP = 5
"""The most ships of one kind a side may have; the weight formula is made for groups of
at most this many (the seed's five of each)."""

_RATIO_UP, _RATIO_DOWN = 6, 5


def rank(kind: Kind) -> int:
    """A ship's rank: submarine 0 … battleship 5."""
    return SHIPS.index(kind)


def ship_weight(kind: Kind, against: Kind) -> int:
    """What one ship of ``kind`` weighs in a fight against ships of kind ``against``."""
    if kind is Kind.SUBMARINE and against is Kind.BATTLESHIP:
        return int(_RATIO_UP ** len(SHIPS))  # the circle: one submarine beats one battleship
    level = rank(kind)
    return int(_RATIO_UP ** level * _RATIO_DOWN ** (len(SHIPS) - level))


def group_weight(kind: Kind, count: int, against: Kind) -> int:
    """The «вес» of ``count`` ships of ``kind`` fighting ships of kind ``against``."""
    return count * ship_weight(kind, against)


def fight(attacker: Kind, attackers: int, defender: Kind, defenders: int) -> int:
    """Who wins a fight: 1 the attackers, -1 the defenders, 0 neither (equal weights:
    both groups are removed)."""
    mine = group_weight(attacker, attackers, defender)
    theirs = group_weight(defender, defenders, attacker)
    return (mine > theirs) - (mine < theirs)
