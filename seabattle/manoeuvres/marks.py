"""A player's guesses on the enemy's unknown pieces («материал противника для памяти
возможно "метить"», seed 003, §3).

Marks are the player's own notes, not moves: they are kept beside the game (by a screen,
a client or a computer player), never in its state or log, so making one costs no turn
and tells the opponent nothing. A mark follows its piece as it moves (pieces are told
apart by their numbers) and is dropped once play reveals the piece or it leaves the field.

>>> from seabattle.manoeuvres.rules import PRESETS
>>> from seabattle.manoeuvres.views import ManoeuvreView, Phase, SeenPiece
>>> view = ManoeuvreView(PRESETS["seed"], 0, Phase.PLAY, (True, True), 0, None,
...     (SeenPiece(1, 7, 40, None, True),), ((), ()), None, 0, None)
>>> Marks().mark(view, 40, Kind.CRUISER).on(view)
{40: <Kind.CRUISER: 'cruiser'>}
"""

from __future__ import annotations

from dataclasses import dataclass

from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import ManoeuvreError, names
from seabattle.manoeuvres.views import ManoeuvreView


@dataclass(frozen=True)
class Marks:
    """One player's guesses: enemy piece number → guessed kind."""

    guesses: tuple[tuple[int, Kind], ...] = ()

    def mark(self, view: ManoeuvreView, cell: int, kind: Kind | None) -> Marks:
        """These marks with the enemy piece on ``cell`` guessed to be ``kind`` (``None``:
        the mark taken off); raises unless ``cell`` holds an enemy piece whose kind the
        viewer does not know."""
        piece = view.piece_at(cell)
        if piece is None or piece.owner == view.seat or piece.kind is not None:
            raise ManoeuvreError("manoeuvres.error.mark", cell=names(view.rules).name(cell))
        kept = {number: guess for number, guess in self.guesses if number != piece.number}
        if kind is not None:
            kept[piece.number] = kind
        return Marks(tuple(sorted(kept.items(), key=lambda item: item[0])))

    def on(self, view: ManoeuvreView) -> dict[int, Kind]:
        """The guesses that still stand, by the cell their piece is on now."""
        guesses = dict(self.guesses)
        return {piece.cell: guesses[piece.number] for piece in view.pieces
                if piece.owner != view.seat and piece.kind is None and piece.number in guesses}
