"""Cells, fields and alphabets: the only module that parses and formats coordinates.

A cell is a plain ``int``: ``row * width + col``, rows numbered from the top and
columns from the left, both from zero. Sets of cells are *bitboards*: Python ints
whose bit ``cell`` is set when the cell belongs to the set (a 10×10 field fits in
100 bits, and unions, intersections and halos are single integer operations).

The text form of a cell is a column letter followed by a row number counted from
one: ``"B3"``, ``"К10"``. Which letters name the columns is the :class:`Alphabet`
agreed before the game.

>>> grid = Grid(10, 10)
>>> cell = parse_cell("к10", grid, ALPHABETS["ru"])
>>> cell, cell_name(cell, grid, ALPHABETS["latin"])
(99, 'J10')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from seabattle.errors import AlphabetError, CoordinateSyntaxError, OffFieldError, SeaBattleError
from seabattle.i18n import Language, Text, translate

Bitboard = int
"""A set of cells, as an int with bit ``cell`` set for each member."""

MAX_SIDE = 26
"""The widest and tallest field supported (the Latin alphabet has 26 letters)."""


def iter_cells(board: Bitboard) -> Iterator[int]:
    """Yield the cells of a bitboard in increasing order.

    >>> list(iter_cells(0b10110))
    [1, 2, 4]
    """
    while board:
        low = board & -board
        yield low.bit_length() - 1
        board ^= low


def popcount(board: Bitboard) -> int:
    """Number of cells in a bitboard."""
    return board.bit_count()


def bit(cell: int) -> Bitboard:
    """The bitboard holding one cell."""
    return 1 << cell


@dataclass(frozen=True)
class Grid:
    """The geometry of a rectangular field: sizes, neighbourhoods, bitboard masks."""

    width: int
    height: int

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_SIDE and 1 <= self.height <= MAX_SIDE):
            raise ValueError(
                f"field {self.width}×{self.height} is outside 1×1 … {MAX_SIDE}×{MAX_SIDE}"
            )

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    @cached_property
    def full(self) -> Bitboard:
        """Every cell of the field."""
        return (1 << self.size) - 1

    def cell(self, row: int, col: int) -> int:
        """The cell at ``row``/``col``; raises :class:`OffFieldError` outside the field."""
        if not self.contains(row, col):
            raise OffFieldError(row=row + 1, col=col + 1, width=self.width, height=self.height)
        return row * self.width + col

    def contains(self, row: int, col: int) -> bool:
        """Whether ``row``/``col`` lies on the field."""
        return 0 <= row < self.height and 0 <= col < self.width

    def row_col(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell."""
        return divmod(cell, self.width)

    def cells(self) -> range:
        """Every cell, in reading order."""
        return range(self.size)

    @cached_property
    def _side_neighbours(self) -> tuple[Bitboard, ...]:
        return tuple(self._neighbours(c, diagonal=False) for c in self.cells())

    @cached_property
    def _all_neighbours(self) -> tuple[Bitboard, ...]:
        return tuple(self._neighbours(c, diagonal=True) for c in self.cells())

    def _neighbours(self, cell: int, *, diagonal: bool) -> Bitboard:
        row, col = self.row_col(cell)
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if diagonal:
            steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        board = 0
        for dr, dc in steps:
            if self.contains(row + dr, col + dc):
                board |= bit((row + dr) * self.width + col + dc)
        return board

    def side_neighbours(self, cell: int) -> Bitboard:
        """The up to four cells sharing a side with ``cell``."""
        return self._side_neighbours[cell]

    def all_neighbours(self, cell: int) -> Bitboard:
        """The up to eight cells sharing a side or a corner with ``cell``."""
        return self._all_neighbours[cell]

    def dilate(self, board: Bitboard, *, diagonal: bool) -> Bitboard:
        """``board`` together with every cell next to one of its cells."""
        table = self._all_neighbours if diagonal else self._side_neighbours
        grown = board
        for cell in iter_cells(board):
            grown |= table[cell]
        return grown

    def components(self, board: Bitboard, *, diagonal: bool = False) -> list[Bitboard]:
        """Split a bitboard into its connected parts (sides, or sides and corners)."""
        parts = []
        rest = board
        while rest:
            part = rest & -rest
            while True:
                grown = self.dilate(part, diagonal=diagonal) & board
                if grown == part:
                    break
                part = grown
            parts.append(part)
            rest &= ~part
        return parts

    def is_connected(self, board: Bitboard, *, diagonal: bool = False) -> bool:
        """Whether a non-empty bitboard is one connected piece."""
        return board != 0 and len(self.components(board, diagonal=diagonal)) == 1


# Latin letters that look exactly like Cyrillic ones: a player who types "K1" on a
# Latin keyboard layout means "К1" when the Russian alphabet is in force.
_LATIN_LOOKALIKES = str.maketrans("ABCEHKMOPTXY", "АВСЕНКМОРТХУ")


@dataclass(frozen=True)
class Alphabet:
    """The letters that name the columns, agreed before the game (RULES.md §1).

    ``letters`` names the first columns; ``extension`` continues it on fields wider
    than ``letters`` (empty when the alphabet cannot be extended, as for the words
    РЕСПУБЛИКА and СНЕГУРОЧКА).
    """

    name: str
    letters: str
    extension: str = ""
    cyrillic: bool = False

    @cached_property
    def _all_letters(self) -> str:
        return self.letters + self.extension

    @property
    def max_width(self) -> int:
        """The widest field this alphabet can name."""
        return len(self._all_letters)

    def columns(self, width: int) -> str:
        """The letters of the first ``width`` columns.

        Raises :class:`AlphabetError` when the alphabet is too short for the field.
        """
        if width > self.max_width:
            raise AlphabetError(alphabet=self.name, width=width, max_width=self.max_width)
        return self._all_letters[:width]

    def normalise(self, text: str) -> str:
        """Upper-case ``text`` and map Latin look-alikes onto a Cyrillic alphabet."""
        text = text.upper()
        if self.cyrillic:
            text = text.translate(_LATIN_LOOKALIKES)
        return text


_LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Russian letters after К, leaving out Й, Ъ, Ы, Ь: they never start a word and
# children's squared paper games never use them for columns.
_RUSSIAN_TAIL = "ЛМНОПРСТУФХЦЧШЩЭЮЯ"

ALPHABETS: dict[str, Alphabet] = {
    "latin": Alphabet("latin", _LATIN[:10], _LATIN[10:]),
    "ru": Alphabet("ru", "АБВГДЕЖЗИК", _RUSSIAN_TAIL, cyrillic=True),
    "ru-yo": Alphabet("ru-yo", "АБВГДЕЁЖЗИ", "К" + _RUSSIAN_TAIL, cyrillic=True),
    "respublika": Alphabet("respublika", "РЕСПУБЛИКА", cyrillic=True),
    "snegurochka": Alphabet("snegurochka", "СНЕГУРОЧКА", cyrillic=True),
}
"""Every alphabet by name. Only ``latin``, ``ru`` and ``ru-yo`` extend past ten columns."""


def find_alphabet(name: str) -> Alphabet:
    """Look an alphabet up by name (case-insensitive)."""
    try:
        return ALPHABETS[name.lower()]
    except KeyError:
        raise AlphabetError("error.alphabet_unknown", alphabet=name,
                            known=", ".join(ALPHABETS)) from None


_CELL_TEXT = re.compile(r"\s*(\D+?)\s*-?\s*(\d+)\s*")


def example_cell(grid: Grid, alphabet: Alphabet) -> str:
    """The cell shown to explain how cells are typed: the second column of the third row
    (``B3``, ``Б3``), or as near as a field one column wide or one row high allows."""
    return cell_name(grid.cell(min(2, grid.height - 1), min(1, grid.width - 1)), grid, alphabet)


def parse_cell(text: str, grid: Grid, alphabet: Alphabet) -> int:
    """Parse a cell name such as ``"b3"``, ``"Б3"`` or ``"К10"``.

    Letters may be in any case; with a Cyrillic alphabet the Latin letters that
    look like Cyrillic ones are accepted for them. Raises
    :class:`CoordinateSyntaxError` for text that is not a cell name in this
    alphabet, :class:`OffFieldError` for a well-formed name outside the field.
    """
    example = example_cell(grid, alphabet)
    match = _CELL_TEXT.fullmatch(text)
    if match is None:
        raise CoordinateSyntaxError(text=text, example=example)
    letter, digits = alphabet.normalise(match.group(1)), match.group(2)
    if len(letter) != 1 or letter not in alphabet.columns(alphabet.max_width):
        raise CoordinateSyntaxError(text=text, example=example)
    col = alphabet.columns(alphabet.max_width).index(letter)
    digits = digits.lstrip("0") or "0"
    if len(digits) > 9:
        # No field has that many rows, and int() refuses numbers of thousands of digits.
        raise OffFieldError(row=digits[:9] + "…", col=col + 1, width=grid.width, height=grid.height)
    return grid.cell(int(digits) - 1, col)


def cell_name(cell: int, grid: Grid, alphabet: Alphabet) -> str:
    """The text form of a cell: column letter, then row number from one."""
    row, col = grid.row_col(cell)
    return f"{alphabet.columns(grid.width)[col]}{row + 1}"


@dataclass(frozen=True)
class Coordinates:
    """A field together with its alphabet: what a UI needs to talk about cells."""

    grid: Grid
    alphabet: Alphabet

    def __post_init__(self) -> None:
        self.alphabet.columns(self.grid.width)  # refuse an alphabet too short for the field

    def parse(self, text: str) -> int:
        """See :func:`parse_cell`."""
        return parse_cell(text, self.grid, self.alphabet)

    def name(self, cell: int) -> str:
        """See :func:`cell_name`."""
        return cell_name(cell, self.grid, self.alphabet)

    @property
    def column_letters(self) -> str:
        """The letters heading the columns, left to right."""
        return self.alphabet.columns(self.grid.width)

    def from_latin(self, name: str) -> str:
        """A cell the engine named in Latin letters, named in this alphabet (``name``
        itself if it names no cell of the field).

        >>> Coordinates(Grid(10, 10), ALPHABETS["ru"]).from_latin("C1")
        'В1'
        """
        try:
            cell = parse_cell(name, self.grid, ALPHABETS["latin"])
        except SeaBattleError:
            return name
        return self.name(cell)

    def message(self, error: SeaBattleError, language: Language) -> str:
        """``error`` in ``language``, naming its cells as this field does: the engine
        names them in Latin letters (``cell``, ``target``, and a ship's ``where``,
        ``B4–D4``), also inside the texts it nests.

        >>> from seabattle.errors import ShipTouchError
        >>> from seabattle.i18n import Text
        >>> touch = ShipTouchError(ship="cruiser", where="B4–D4", other="battleship",
        ...                        rule=Text("touching.none"))
        >>> Coordinates(Grid(10, 10), ALPHABETS["ru"]).message(touch, "ru")[:27]
        'корабль «cruiser» (Б4–Г4) к'
        """
        return translate(error.message_key, language, **self._named_here(error.params))

    def _named_here(self, params: Mapping[str, Any]) -> dict[str, Any]:
        named: dict[str, Any] = {}
        for key, value in params.items():
            if isinstance(value, Text):
                value = Text(value.key, self._named_here(value.params))
            elif key in ("cell", "target", "where") and isinstance(value, str):
                value = "–".join(self.from_latin(part) for part in value.split("–"))
            named[key] = value
        return named

    @property
    def example(self) -> str:
        """See :func:`example_cell`.

        >>> Coordinates(Grid(10, 10), ALPHABETS["ru"]).example
        'Б3'
        """
        return example_cell(self.grid, self.alphabet)
