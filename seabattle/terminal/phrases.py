"""How the terminal screens put things into words: the catalogue, cells and errors.

A game's screens use a subclass with that game's own phrases (Battleship's rules line:
:class:`seabattle.battleship.terminal.phrases.BattleshipPhrases`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seabattle.coords import Bitboard, Coordinates, cell_name, iter_cells
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, translate
from seabattle.terminal.typed import LATIN, parse_typed, reads_latin


@dataclass(frozen=True)
class Phrasebook:
    """Every text the app shows, in one language, naming cells in the game's alphabet."""

    language: Language
    coordinates: Coordinates

    def __call__(self, key: str, /, **params: Any) -> str:
        """The catalogue message ``key`` with ``params`` filled in."""
        return translate(key, self.language, **params)

    def cell(self, cell: int) -> str:
        """A cell's name, such as ``"Б3"``."""
        return self.coordinates.name(cell)

    def cells(self, cells: Bitboard) -> str:
        """A piece's cells as a range, first to last, such as ``"Б3–Б6"``."""
        names = [self.cell(c) for c in iter_cells(cells)]
        return names[0] if len(names) == 1 else f"{names[0]}–{names[-1]}"

    def typed_cells(self, text: str) -> list[int]:
        """The cells typed on one line (``B3 c4``, ``б3,в4``: a salvo, a ship's new
        place), each read as :func:`~seabattle.terminal.typed.parse_typed` reads it."""
        return [parse_typed(self.coordinates, word) for word in text.replace(",", " ").split()]

    def placeholder(self, *, deciding: bool) -> str:
        """What the cell entry shows while empty: an example cell and, where the columns
        are Cyrillic, how Latin letters are read (:mod:`seabattle.terminal.typed`)."""
        example = self.coordinates.example
        if reads_latin(self.coordinates):
            example = self("play.latin_example", example=example,
                           latin=cell_name(parse_typed(self.coordinates, example),
                                           self.coordinates.grid, LATIN))
        return self("tui.battle.placeholder_decide" if deciding else "tui.battle.placeholder",
                    example=example)

    def error(self, error: SeaBattleError) -> str:
        """An engine error as a sentence, naming cells as the field does."""
        message = self.coordinates.message(error, self.language)
        return message[:1].upper() + message[1:]
