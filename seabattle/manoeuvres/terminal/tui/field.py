"""The manoeuvre field on screen: what each cell shows (:func:`draw`) and the widget that
shows it (:class:`Field`).

A piece is its abbreviation (the seed's in Russian: Ф, Б, Т, М, Пл, Тк, Тр, Эс, Кр, Лн;
F, B, T, M, Su, TB, Ms, De, Cr, Bs in English), one's own in capitals, the enemy's in
small letters once its kind is known; an unknown enemy piece is ``?`` (``?~`` once it has
moved by itself: a ship or the bomb), a guess ``кр?``. Every symbol reads without colour;
colours (the ``mf--*`` component classes of ``manoeuvres.tcss``) only help. Open water is
``·``; with the zones shown (a key), the free cells of a torpedo boat's or destroyer's
3 × 3 zone are ``+`` and of a bomb's 5 × 5 zone ``*``. While a piece is chosen, the cells
an action of the engine's list would reach are marked: a free cell it may move to ``o``, a
torpedo's course ``=``, and a piece that may be attacked or hit is underlined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from seabattle.coords import Coordinates
from seabattle.i18n import Language
from seabattle.manoeuvres.actions import Action, Attack, PointBlank, Shoot, Step
from seabattle.manoeuvres.board import BOMB_ZONE, SHIP_ZONE, TORPEDO_RANGE, ray, zone
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.terminal.text import abbreviation
from seabattle.manoeuvres.views import ManoeuvreView
from seabattle.terminal.cells import CellGrid

WATER, SHIP_ZONE_MARK, BOMB_ZONE_MARK, MOVE_MARK, COURSE_MARK = "·", "+", "*", "o", "="
"""The symbols of free cells: open water, in a ship's zone, in the bomb's, a cell the
chosen piece may move to, a torpedo's course."""

ZONE_KINDS = {Kind.TORPEDO_BOAT: SHIP_ZONE, Kind.DESTROYER: SHIP_ZONE, Kind.BOMB: BOMB_ZONE}
"""The pieces with a zone, and how far it reaches (seed: «Зоной судна называется
прямоугольник 3*3», «зона Б» 5 × 5)."""

LOOKS = ("water", "own", "enemy", "unknown", "guess")
"""A cell's look: its ``mf--LOOK`` class."""
OVERLAYS = ("zone", "bomb-zone", "last", "move", "course", "target", "tow", "chosen")
"""What may be drawn over a look, in this order (each an ``mf--OVERLAY`` class)."""


@dataclass(frozen=True)
class Drawn:
    """One cell as drawn: its symbol, its look and what is drawn over it."""

    symbol: str
    look: str = "water"
    over: frozenset[str] = frozenset()


def highlight(action: Action) -> str:
    """The overlay of a cell the chosen piece's ``action`` would reach."""
    if isinstance(action, Step):
        return "move"
    if isinstance(action, Shoot):
        return "course"
    return "target"


def draw(view: ManoeuvreView, language: Language, guesses: Mapping[int, Kind], *,
         zones: bool = False, chosen: Iterable[int] = (), tow: Iterable[int] = (),
         reach: Mapping[int, Action] | None = None, last: Iterable[int] = ()
         ) -> tuple[Drawn, ...]:
    """Every cell of ``view``'s field: the pieces as its seat sees them (``guesses``: its
    marks by cell), the zones if asked, the ``chosen`` pieces and those in ``tow``, the
    cells an action of the chosen piece would ``reach``, and the ``last`` cells the
    opponent acted on."""
    grid = view.rules.grid
    seat = view.seat
    pieces = {piece.cell: piece for piece in view.pieces}
    over: dict[int, set[str]] = {cell: set() for cell in range(grid.size)}
    if zones:
        for seen in view.pieces:
            radius = ZONE_KINDS.get(seen.kind) if seen.kind is not None else None
            if radius is not None:
                for cell in zone(grid, seen.cell, radius):
                    over[cell].add("bomb-zone" if radius == BOMB_ZONE else "zone")
    for cell in last:
        over[cell].add("last")
    for cell, action in (reach or {}).items():
        over[cell].add(highlight(action))
    for cell in tow:
        over[cell].add("tow")
    for cell in chosen:
        over[cell].add("chosen")
    drawn: list[Drawn] = []
    for cell in range(grid.size):
        piece = pieces.get(cell)
        marks = over[cell]
        if piece is None:
            symbol = (MOVE_MARK if "move" in marks else COURSE_MARK if "course" in marks
                      else BOMB_ZONE_MARK if "bomb-zone" in marks
                      else SHIP_ZONE_MARK if "zone" in marks else WATER)
            drawn.append(Drawn(symbol, "water", frozenset(marks)))
        elif piece.kind is not None:
            own = piece.owner == seat or (seat is None and piece.owner == 0)
            drawn.append(Drawn(abbreviation(piece.kind, language, own),
                               "own" if own else "enemy", frozenset(marks)))
        elif cell in guesses:
            drawn.append(Drawn(abbreviation(guesses[cell], language, False) + "?", "guess",
                               frozenset(marks)))
        else:
            drawn.append(Drawn("?~" if piece.moved else "?", "unknown", frozenset(marks)))
    return tuple(drawn)


def reached(actions: Iterable[Action], view: ManoeuvreView) -> dict[int, Action]:
    """The cell each of ``actions`` (the chosen piece's, from the engine's list) is
    chosen by: a move's target, an attack's or a point-blank shot's target, the cells of
    a torpedo's course (a point-blank shot wins a cell both reach)."""
    grid = view.rules.grid
    listed = list(actions)
    found: dict[int, Action] = {}
    for action in listed:
        if isinstance(action, Shoot):
            for cell in ray(grid, action.torpedo, action.direction.value, TORPEDO_RANGE):
                found.setdefault(cell, action)
    for action in listed:
        if isinstance(action, Step | Attack | PointBlank):
            found[action.target] = action
    return found


class Field(CellGrid):
    """The field: lettered columns, numbered rows, a symbol per cell and a cursor
    (:class:`~seabattle.terminal.cells.CellGrid` moves it and reports choices)."""

    COMPONENT_CLASSES = {"mf--label", "mf--cursor", "mf--half"} | {
        f"mf--{name}" for name in LOOKS + OVERLAYS}
    BINDINGS = [
        Binding("up", "move(-1, 0)", "manoeuvres.tui.key.cursor", key_display="↑↓←→"),
        Binding("enter,space", "choose", "manoeuvres.tui.key.choose", key_display="⏎"),
    ]

    cells: reactive[tuple[Drawn, ...]] = reactive((), layout=False)

    def __init__(self, coordinates: Coordinates, cells: tuple[Drawn, ...], *,
                 focusable: bool = True, show_cursor: bool = True, id: str | None = None
                 ) -> None:
        super().__init__(coordinates, focusable=focusable, show_cursor=show_cursor, id=id)
        self.set_reactive(Field.cells, cells)

    def fit(self, room: int) -> None:
        """Take the widest cells (4 or 3 columns: a two-letter piece and a space, or a
        guess's three characters) with which the field fits in ``room`` columns (row
        numbers, border and padding counted)."""
        frame = self.label_width + 1 + 4
        self.cell_width = 4 if frame + 4 * self.coordinates.grid.width <= room else 3

    def render(self) -> Text:
        grid = self.coordinates.grid
        width = self.cell_width
        label = self.get_component_rich_style("mf--label")
        half = self.get_component_rich_style("mf--half", partial=True)
        cursor = self.get_component_rich_style("mf--cursor", partial=True)
        styles = {name: self.get_component_rich_style(f"mf--{name}", partial=name != "water")
                  for name in LOOKS}
        overlays = {name: self.get_component_rich_style(f"mf--{name}", partial=True)
                    for name in OVERLAYS}
        text = Text(no_wrap=True, end="")
        text.append(" " * (self.label_width + 1))
        for letter in self.coordinates.column_letters:
            text.append(f"{letter:^{width}}", label)
        for row in range(grid.height):
            # The upper half (the enemy's) is told apart by its row numbers' style.
            number_style = label + half if row < grid.height // 2 else label
            text.append(f"\n{row + 1:>{self.label_width}} ", number_style)
            for column in range(grid.width):
                cell = row * grid.width + column
                drawn = self.cells[cell] if cell < len(self.cells) else Drawn(WATER)
                style = styles["water"] + styles[drawn.look] if drawn.look != "water" \
                    else styles["water"]
                for name in OVERLAYS:
                    if name in drawn.over:
                        style += overlays[name]
                if self.show_cursor and cell == self.cursor:
                    style += cursor
                text.append(f"{drawn.symbol:^{width}}", style)
        return text
