"""What each side, and a spectator, may know of a fleet battle.

A side knows its own fleet whole; of the enemy's, the announced make-up, the totals the
moderator announces before every turn (the seed's example lists both fleets' О, А, М and
ships each turn), the answers to its own volleys, the volleys fired at it, the dice, and
the kind and cells of every enemy ship that left the battle. A spectator knows what both
sides were told, and both fleets once the battle is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from seabattle.fleetbattle.events import Event
from seabattle.fleetbattle.hulls import Status, Totals
from seabattle.fleetbattle.placement import Placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind, Mode


class Phase(Enum):
    """What the battle waits for."""

    SETUP = "setup"
    RETREAT = "retreat"
    PARTING = "parting"
    MANOEUVRE = "manoeuvre"
    MODE = "mode"
    ORDERS = "orders"
    GRAPPLE = "grapple"
    RESOLVING = "resolving"
    OVER = "over"


@dataclass(frozen=True)
class ShipView:
    """One of a side's own pieces as it stands: the decks each kind of shot hit, the
    decks the enemy holds, and its figures now."""

    index: int
    kind: Kind
    cells: int
    cannon: int
    chain: int
    grape: int
    captured: int
    status: Status
    firepower: Fraction
    boarding: int
    manoeuvre: int


@dataclass(frozen=True)
class ShotRecord:
    """A shot of a side's volley: the turn, the kind of shot, the cell, and the answer."""

    turn: int
    ammo: Ammo
    cell: int
    hit: bool


@dataclass(frozen=True)
class KnownShip:
    """An enemy ship whose kind and cells were told (it left the battle)."""

    index: int
    kind: Kind
    cells: int
    status: Status


@dataclass(frozen=True)
class SideView:
    """What everybody knows of one side."""

    make_up: tuple[Kind, ...]
    totals: Totals
    flagship_lost: bool
    held_fire: bool
    """It gave «Не стрелять» last turn (its bonuses this turn)."""
    may_retreat: bool
    shots: tuple[ShotRecord, ...]
    """Its volleys' shots, with their answers."""
    lost: tuple[KnownShip, ...]
    ready: bool
    """It has given what the battle waits for from it."""


@dataclass(frozen=True)
class Result:
    """How the battle ended for one side, and the trophies of the winner («Трофеи»: 2
    coins for each enemy ship destroyed, or 1 wood or 1 gun for every two)."""

    destroyed: tuple[int, ...]
    captured: tuple[int, ...]
    escaped: tuple[int, ...]
    remaining: tuple[int, ...]
    damaged: tuple[int, ...]
    """Its ships (captured or not) that took hits: they need repair."""
    trophy_coins: int
    trophy_wood: int
    trophy_guns: int


@dataclass(frozen=True)
class FleetView:
    """A seat's (or, with ``seat`` ``None``, a spectator's) knowledge of the battle."""

    rules: FleetRules
    seat: int | None
    phase: Phase
    turn: int
    mode: Mode | None
    acting: tuple[int, ...]
    own: tuple[ShipView, ...] | None
    """The seat's own pieces (``None`` for a spectator, or before it placed them)."""
    flagship: int | None
    sides: tuple[SideView, SideView]
    shots_allowed: int
    """How many cells the seat may call now (before it sends any fireships)."""
    fireship_limit: int
    modes: tuple[Mode, ...]
    """The modes the seat may choose now (empty unless it won the manoeuvre)."""
    taken: Kind | None
    """In the grapple choice: the kind of the enemy ship boarding took in part."""
    grapples: tuple[tuple[tuple[Kind, ...], tuple[Kind, ...]], ...]
    """Each grapple: the kinds of each side's ships in it."""
    journal: tuple[Event, ...]
    placements: tuple[Placement, Placement] | None
    """Both fleets, once the battle is over."""
    results: tuple[Result, Result] | None
    winner: int | None
