"""Cells as a player types them, on either keyboard layout.

In a game whose columns are lettered in Cyrillic, a player on a Latin keyboard types
``B3``. The engine's own parser (:func:`seabattle.coords.parse_cell`) reads a Latin
letter as the Cyrillic letter it looks like (``B`` → ``В``, the third column). The
terminal games read it instead **by its place in the alphabet** (``B`` → ``Б``, the
second column), as the engine itself names cells in Latin letters
(:meth:`~seabattle.coords.Coordinates.from_latin`) and as a board lettered A–J would:
a player who cannot type ``Б`` means the second column, whichever Latin letter happens
to look like some other Cyrillic one. Both games say so on screen (``play.latin_letters``).
"""

from __future__ import annotations

from seabattle.coords import ALPHABETS, Coordinates, parse_cell
from seabattle.errors import CoordinateSyntaxError, OffFieldError

LATIN = ALPHABETS["latin"]


def reads_latin(coordinates: Coordinates) -> bool:
    """Whether Latin letters are read by their place here (a Cyrillic alphabet)."""
    return coordinates.alphabet.cyrillic


def parse_typed(coordinates: Coordinates, text: str) -> int:
    """The cell ``text`` names: in the game's own letters, or (with a Cyrillic alphabet)
    in Latin letters counted by their place, ``B3`` being ``Б3``.

    >>> from seabattle.coords import Grid
    >>> ru = Coordinates(Grid(10, 10), ALPHABETS["ru"])
    >>> ru.name(parse_typed(ru, "B3")), ru.name(parse_typed(ru, "в3"))
    ('Б3', 'В3')
    >>> try:
    ...     parse_typed(ru, "x")
    ... except CoordinateSyntaxError as error:
    ...     print(error.message("ru"))
    'x' — не клетка: введите букву столбца и номер строки, например Б3

    Raises the engine's :class:`~seabattle.errors.CoordinateSyntaxError` or
    :class:`~seabattle.errors.OffFieldError` (worded by :func:`off_field`), quoting what
    was typed.
    """
    letters = text.strip().rstrip("0123456789- ")
    try:
        if reads_latin(coordinates) and len(letters) == 1 and letters.isascii() \
                and letters.isalpha():
            try:
                return parse_cell(text, coordinates.grid, LATIN)
            except CoordinateSyntaxError:  # the example is the game's (Б3), not a Latin one
                raise CoordinateSyntaxError(text=text, example=coordinates.example) from None
        return coordinates.parse(text)
    except OffFieldError:
        raise off_field(coordinates, text) from None


def off_field(coordinates: Coordinates, text: str) -> OffFieldError:
    """The engine's :class:`~seabattle.errors.OffFieldError` for the typed ``text``, worded
    for a player: the cell as typed and the field's corners, not a row and column number.

    >>> from seabattle.coords import Grid
    >>> print(off_field(Coordinates(Grid(9, 6), ALPHABETS["latin"]), "Z9").message("en"))
    Z9 is outside the 9×6 field (A1–I6)
    """
    grid = coordinates.grid
    return OffFieldError("error.off_field_typed", text=text.strip(), width=grid.width,
                         height=grid.height, first=coordinates.name(0),
                         last=coordinates.name(grid.size - 1))
