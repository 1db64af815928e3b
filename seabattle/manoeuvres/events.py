"""What happens in the manoeuvre game, as both players (and spectators) are told it.

Every event is public: it names cells and pieces, and a piece's kind only where the rules
make it known to both (an attack's declared group, a fight's answer, a piece leaving the
field, a torpedo boat's long move, a tow). Where pieces are at set-up is told to nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from seabattle.manoeuvres.pieces import Kind


@dataclass(frozen=True)
class Deployed:
    """``seat`` has set up its pieces."""

    seat: int


@dataclass(frozen=True)
class FirstDrawn:
    """The lot: ``seat`` starts."""

    seat: int


@dataclass(frozen=True)
class Moved:
    """``seat`` moved the piece at ``source`` to ``target`` (and the ``towed`` pieces,
    each as (from, to)). ``kind``: the moved piece's kind where the move shows it (a
    torpedo boat's two cells, a tow, a torpedo or mine shifted); ``towed_kind`` likewise."""

    seat: int
    source: int
    target: int
    kind: Kind | None = None
    towed: tuple[tuple[int, int], ...] = ()
    towed_kind: Kind | None = None


@dataclass(frozen=True)
class Revealed:
    """The piece of ``owner`` at ``cell`` is known to both from now on to be a ``kind``."""

    owner: int
    cell: int
    kind: Kind


@dataclass(frozen=True)
class Removed:
    """The piece of ``owner`` at ``cell``, a ``kind``, left the field."""

    owner: int
    cell: int
    kind: Kind


@dataclass(frozen=True)
class AttackDeclared:
    """``seat``'s ``kind`` ships at ``group`` attack the piece at ``target``."""

    seat: int
    target: int
    group: tuple[int, ...]
    kind: Kind


@dataclass(frozen=True)
class Fought:
    """A fight of ships: the defenders at ``group`` were ``kind``; ``winner`` is the seat
    whose group weighed more (``None``: equal weights, both groups removed)."""

    group: tuple[int, ...]
    kind: Kind
    winner: int | None


@dataclass(frozen=True)
class TorpedoFired:
    """``seat``'s torpedo at ``source`` went off at ``hit`` (``None``: into empty sea)."""

    seat: int
    source: int
    hit: int | None


@dataclass(frozen=True)
class BombExploded:
    """The bomb of ``owner`` at ``cell`` went off, clearing its 5 × 5 zone but forts."""

    owner: int
    cell: int


@dataclass(frozen=True)
class FortTaken:
    """``seat`` took the enemy fort at ``cell``."""

    seat: int
    cell: int


@dataclass(frozen=True)
class TurnEnded:
    """``seat``'s turn is over; ``bonus``: it did damage and acts once more before the
    opponent («премиальный ход»)."""

    seat: int
    bonus: bool


@dataclass(frozen=True)
class GameEnded:
    """The game is over: ``winner`` (``None``: a draw) and why (an outcome key)."""

    winner: int | None
    reason: str


Event = (Deployed | FirstDrawn | Moved | Revealed | Removed | AttackDeclared | Fought
         | TorpedoFired | BombExploded | FortTaken | TurnEnded | GameEnded)
"""Anything the manoeuvre game tells."""
