"""What happens in a fleet battle, as the moderator announces it to both sides.

Every event is public: the seed has the players tell each other the cells their volleys
hit, the dice, the modes, and the coordinates of every ship that leaves the battle
(«их координаты сообщаются противнику», «Игроки сообщают друг другу координаты
уничтоженных кораблей»). What stays hidden — a side's placement, its orders before the
turn resolves, which deck boarding took of a ship taken in part («координаты захваченной
палубы сообщаться не нужно!») — is in no event.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.ships import Ammo, Kind, Mode


@dataclass(frozen=True)
class FleetPlaced:
    """``seat`` has placed its fleet."""

    seat: int


@dataclass(frozen=True)
class TurnBegan:
    """Turn ``turn`` begins (retreats are chosen before it)."""

    turn: int


@dataclass(frozen=True)
class RetreatsChosen:
    """What each side chose before the turn: ``True`` retreat, ``False`` fight on,
    ``None`` it could not retreat."""

    choices: tuple[bool | None, bool | None]


@dataclass(frozen=True)
class Contest:
    """A roll of one die for each side: the manoeuvre (``group`` ``None``, ``boarding``
    False), a boarding (``boarding``), or a grapple (``group`` its number). ``scores``
    with every bonus; ``winner`` ``None`` on a tie (rolled again)."""

    dice: tuple[int, int]
    scores: tuple[Fraction, Fraction]
    winner: int | None
    boarding: bool = False
    group: int | None = None


@dataclass(frozen=True)
class ModeSet:
    """The turn's mode, and who chose it (``None``: the first turn is long range)."""

    mode: Mode
    chooser: int | None


@dataclass(frozen=True)
class OrdersGiven:
    """``seat`` has given its orders (what they are is told when the turn resolves)."""

    seat: int


@dataclass(frozen=True)
class Shot:
    """One cell of a volley and whether it hit a ship."""

    cell: int
    hit: bool


@dataclass(frozen=True)
class VolleyFired:
    """``seat``'s volley (empty when it held fire), and how many fireships it sent."""

    seat: int
    ammo: Ammo
    shots: tuple[Shot, ...]
    hold: bool
    fireships: int
    parting: bool = False


@dataclass(frozen=True)
class FireshipRolled:
    """A fireship of ``seat``: its die (``None``: stopped by the enemy's fire) and whether
    it struck."""

    seat: int
    ship: int
    die: int | None
    success: bool


@dataclass(frozen=True)
class FireStarted:
    """At close range a fireship's strike set one of its own side's ships on fire: the
    die (a 1 starts the fire)."""

    seat: int
    die: int


@dataclass(frozen=True)
class ShipLost:
    """A ship of ``seat`` left the battle: sunk, burnt, spent as a fireship or captured
    whole; its kind and cells are told to both sides."""

    seat: int
    ship: int
    kind: Kind
    cells: int
    status: Status


@dataclass(frozen=True)
class DecksTaken:
    """Boarding took ``decks`` decks of ``seat``'s ship (its kind told, not its cells
    unless it was taken whole)."""

    seat: int
    ship: int
    kind: Kind
    decks: int
    whole: bool


@dataclass(frozen=True)
class Grappled:
    """Grapple ``group``: the ships of each side locked together, by index."""

    group: int
    ships: tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class GrappleEnded:
    """Grapple ``group`` is over (one side's ships in it are all captured or sunk)."""

    group: int


@dataclass(frozen=True)
class Retreated:
    """``seat`` left the battle: the ships that escaped and those left behind."""

    seat: int
    escaped: tuple[int, ...]
    left_behind: tuple[int, ...]


@dataclass(frozen=True)
class BattleOver:
    """The battle is over: the winner (``None``: a draw)."""

    winner: int | None
    reason: str


@dataclass(frozen=True)
class Surrendered:
    """``seat`` surrendered."""

    seat: int


Event = (FleetPlaced | TurnBegan | RetreatsChosen | Contest | ModeSet | OrdersGiven
         | VolleyFired | FireshipRolled | FireStarted | ShipLost | DecksTaken | Grappled
         | GrappleEnded | Retreated | BattleOver | Surrendered)
"""Anything the moderator announces."""
