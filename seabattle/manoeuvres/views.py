"""What a seat or a spectator may know of a game of manoeuvres at one moment.

A seat sees every piece on the field (the tokens are on the table), its own with their
kinds, the enemy's as unknown tokens until play has made their kind known to both (seed
003, §3: «материал противника … "рассекречивается"»), and whether each has moved by
itself; a spectator sees what both players know in common. Once the game is over, every
kind is shown to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from seabattle.manoeuvres.actions import Attack
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules


class Phase(Enum):
    """Where a game is: set-up, the lot, play, over."""

    SETUP = "setup"
    LOT = "lot"
    PLAY = "play"
    OVER = "over"


class Stage(Enum):
    """Where a turn is: its first action, a bonus turn's first action, after a move (an
    attack, a shot from beside the moved torpedo boat, or the end of the turn), or the
    defender's answer to an attack on a group."""

    MAIN = "main"
    BONUS = "bonus"
    AFTER_MOVE = "after_move"
    DEFENCE = "defence"


@dataclass(frozen=True)
class SeenPiece:
    """A piece as the viewer sees it: whose, its number among its owner's (fixed at
    set-up, in cell order), where, its kind (``None``: unknown to the viewer), whether
    it has moved by itself (so it is a ship or the bomb) and whether both players know
    its kind."""

    owner: int
    number: int
    cell: int
    kind: Kind | None
    moved: bool
    shown: bool = False
    """Its kind is known to both players (an own piece the enemy has seen)."""


@dataclass(frozen=True)
class ManoeuvreView:
    """One audience's view: ``seat`` (``None``: a spectator), the phase, who has set up,
    whose turn and its stage, the pieces on the field, the kinds each side has lost, the
    attack awaiting its answer, turns without a piece removed, the winner, and where the
    turn stands (a bonus turn; the piece a move left, that an attack or shot may follow).
    Everything a player needs to go on playing (:meth:`~seabattle.manoeuvres.state.
    ManoeuvreState.from_view`)."""

    rules: ManoeuvreRules
    seat: int | None
    phase: Phase
    ready: tuple[bool, bool]
    to_move: int | None
    stage: Stage | None
    pieces: tuple[SeenPiece, ...]
    lost: tuple[tuple[Kind, ...], tuple[Kind, ...]]
    pending: Attack | None
    quiet_turns: int
    winner: int | None
    bonus_turn: bool = False
    """The turn under way is a bonus turn (it earns no further one)."""
    moved: int | None = None
    """After a move, in the same turn: the cell the moved piece stands on."""

    def piece_at(self, cell: int) -> SeenPiece | None:
        """The piece on ``cell``, if any."""
        return next((piece for piece in self.pieces if piece.cell == cell), None)
