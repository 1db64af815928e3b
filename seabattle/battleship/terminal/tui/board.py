"""The widgets that draw fields and fleets: :class:`Board`, :class:`FleetStrip`, :class:`Legend`.

Every cell is drawn with a symbol that reads without colour and a colour from the
``mark--*`` component classes in ``app.tcss``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rich.color import Color, blend_rgb
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from seabattle.battleship.rules import Role, Rules, ShipKind
from seabattle.battleship.terminal.paper_marks import FULL_SCREEN, with_paper_marks
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui.marks import Mark, Marks, heat_shares
from seabattle.coords import Coordinates
from seabattle.terminal.cells import CellGrid

SYMBOLS: dict[Mark, str] = {
    Mark.WATER: ".",
    Mark.SHIP: "■",
    Mark.MISS: "•",
    Mark.HIT: "✕",
    Mark.SUNK: "▓",
    Mark.RING: "∘",
    Mark.GHOST: "□",
    Mark.BLOCKED: "▒",
    Mark.SUBMARINE: "◇",
    Mark.MINE: "⊕",
    Mark.MINE_SPENT: "⊙",
    Mark.SWEEPER: "⊞",
    Mark.SWEEPER_HIT: "⊠",
    Mark.GIVEN: "!",
    Mark.MOVED: "○",
    Mark.AIMED: "◎",
}
"""The symbol of each mark, distinct without colour."""

AIM_AND_FIRE = [
    # Priority: the arrows aim even while the cell entry has the focus.
    Binding("up", "aim(-1, 0)", "tui.key.aim", key_display="↑↓←→", priority=True),
    Binding("down", "aim(1, 0)", "tui.key.aim", priority=True),
    Binding("left", "aim(0, -1)", "tui.key.aim", priority=True),
    Binding("right", "aim(0, 1)", "tui.key.aim", priority=True),
    # Not a priority: the entry must take the keys typed before Enter first.
    Binding("enter", "fire_typed", "tui.key.fire", key_display="⏎"),
]
"""The keys of a screen where one aims with the arrows and fires with Enter (its
``action_aim`` and ``action_fire_typed``), the cell entry keeping the focus."""

HOTTEST = "◆"
"""On a heat map, the most likely cell (other open cells show their chance in tenths of
its chance)."""


class MarkPainter(Widget):
    """A widget that draws marks, styled by the ``mark--*`` component classes."""

    COMPONENT_CLASSES = {f"mark--{mark.value}" for mark in Mark}
    symbols: Mapping[Mark, str] = SYMBOLS
    """The symbol of each mark here (:data:`SYMBOLS`, or a preset's: :func:`draw_for`)."""

    def mark_styles(self) -> dict[Mark, Style]:
        """The Rich style of each mark, as the stylesheet sets it now."""
        return {mark: self.get_component_rich_style(f"mark--{mark.value}") for mark in Mark}


class Board(MarkPainter, CellGrid, inherit_bindings=False):
    """One field: lettered columns, numbered rows, a mark per cell and a cursor.

    Arrow keys (when focused) and the mouse move the cursor; Enter or a click choose the
    cell under it (:class:`~seabattle.terminal.cells.CellGrid`; not space, which the cell
    entry types). The board only draws and reports: what a choice means is up to its
    screen.
    """

    COMPONENT_CLASSES = {"board--label", "board--cursor", "board--heat-cold", "board--heat-hot"}
    BINDINGS = [
        Binding("up", "move(-1, 0)", "tui.key.move", key_display="↑↓←→"),
        Binding("down", "move(1, 0)", "tui.key.move", key_display="↑↓←→"),
        Binding("left", "move(0, -1)", "tui.key.move", key_display="↑↓←→"),
        Binding("right", "move(0, 1)", "tui.key.move", key_display="↑↓←→"),
        Binding("enter", "choose", "tui.key.choose", show=False),
    ]

    marks: reactive[Marks] = reactive((), layout=False)
    heat: reactive[tuple[float, ...] | None] = reactive(None)
    """Per cell, the chance it holds a ship, drawn over open water; ``None``: no heat map."""

    def __init__(self, coordinates: Coordinates, marks: Marks, *, focusable: bool = True,
                 show_cursor: bool = True, id: str | None = None) -> None:
        super().__init__(coordinates, focusable=focusable, show_cursor=show_cursor, id=id)
        self.set_reactive(Board.marks, marks)

    # --- geometry ---------------------------------------------------------------

    def fit(self, room: int, rows: int = 0) -> None:
        """Take the biggest cells with which the whole board fits in ``room`` columns:
        big ones (:data:`BIG_CELL`: two characters wide and two rows high, about square)
        when the board gets at least ``rows`` rows twice its height and room enough,
        else three columns, two or one."""
        # Row numbers and a space, the border and the padding.
        frame = self.label_width + 1 + 4
        grid = self.coordinates.grid
        big_width, big_height = BIG_CELL
        if rows >= big_height * grid.height + 3 and frame + big_width * grid.width <= room:
            self.cell_width, self.cell_height = BIG_CELL
            return
        self.cell_height = 1
        self.cell_width = next((width for width in (3, 2) if
                                frame + width * grid.width <= room), 1)

    # --- drawing ----------------------------------------------------------------

    def render(self) -> Text:
        grid = self.coordinates.grid
        width = self.cell_width
        styles = self.mark_styles()
        label = self.get_component_rich_style("board--label")
        cursor = self.get_component_rich_style("board--cursor", partial=True)
        heat = self._heat_styles()
        text = Text(no_wrap=True, end="")
        text.append(" " * (self.label_width + 1))
        for letter in self.coordinates.column_letters:
            text.append(f"{letter:^{width}}", label)
        big = self.cell_height > 1
        for row in range(grid.height):
            for line in range(self.cell_height):
                number = f"{row + 1:>{self.label_width}}" if line == 0 else " " * self.label_width
                text.append(f"\n{number} ", label)
                for column in range(grid.width):
                    cell = row * grid.width + column
                    mark = self.marks[cell]
                    symbol, style = heat.get(cell) or (self.symbols[mark], styles[mark])
                    if big:  # a chance in tenths once, on the top line, like open water
                        symbol = _big_symbol(mark, line, self.symbols) if cell not in heat else (
                            symbol if line == 0 else " ")
                    if self.show_cursor and cell == self.cursor:
                        style += cursor
                    text.append(f"{symbol:^{width}}", style)
        return text

    def _heat_styles(self) -> dict[int, tuple[str, Style]]:
        """The symbol and style of each cell the heat map covers.

        The background shades from the cold colour to the hot one by the cell's
        chance against the hottest cell's, the symbol drawn in whichever of the two
        colours' text reads better on it; the symbol is that share in tenths
        (``0``–``9``), or :data:`HOTTEST`, so the map reads without colour too. A share,
        not the chance itself: where every chance is small (a lone Flying Dutchman,
        a few per cent a cell) the digits still rank the cells.
        """
        if self.heat is None:
            return {}
        cold = self.get_component_rich_style("board--heat-cold")
        hot = self.get_component_rich_style("board--heat-hot")
        drawn: dict[int, tuple[str, Style]] = {}
        for cell, share in enumerate(heat_shares(self.marks, self.heat)):
            if share is None:
                continue
            symbol = HOTTEST if share >= 1.0 else str(min(9, int(share * 10)))
            background = _blend(cold.bgcolor, hot.bgcolor, share)
            drawn[cell] = symbol, Style(color=_legible(background, cold.color, hot.color),
                                        bgcolor=background, bold=share >= 1.0)
        return drawn


def _legible(background: Color | None, *colours: Color | None) -> Color | None:
    """Of ``colours``, the one whose lightness differs most from ``background``'s, so that
    a digit stays readable on a shade halfway between the cold and the hot colour (a
    colour blended as the background is would all but vanish there)."""
    if background is None:
        return colours[0]
    return max(colours, key=lambda colour: -1.0 if colour is None
               else abs(_lightness(colour) - _lightness(background)))


def _lightness(colour: Color) -> float:
    """Relative luminance (WCAG) of ``colour``, from 0 (black) to 1 (white)."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = colour.get_truecolor()
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)

def _blend(start: Color | None, end: Color | None, share: float) -> Color | None:
    """The colour ``share`` of the way from ``start`` to ``end`` (either, if one is unset)."""
    if start is None or end is None:
        return end or start
    return Color.from_triplet(blend_rgb(start.get_truecolor(), end.get_truecolor(), share))


def _big_symbol(mark: Mark, line: int, symbols: Mapping[Mark, str]) -> str:
    """What line ``line`` of a big cell shows: a piece fills the cell, two characters by
    two rows (a ship solid); open water, a miss and a known-empty cell show their symbol
    once, on the top line, so the field stays quiet around the pieces."""
    if mark in _OPEN:
        return symbols[mark] if line == 0 else " "
    if symbols[mark] != SYMBOLS[mark]:  # a preset's own mark, drawn as it is
        return symbols[mark] * 2
    return _BIG_FILL.get(mark, symbols[mark] * 2)


_OPEN = frozenset({Mark.WATER, Mark.MISS, Mark.RING})
_BIG_FILL = {Mark.SHIP: "██", Mark.SUNK: "▓▓", Mark.BLOCKED: "▒▒"}

BIG_CELL = (4, 2)
"""Columns and rows of a big cell: two characters wide and two rows high, about square."""

ROOM_AROUND = 26
"""Rows a screen needs besides two fields side by side: titles, the fleets, the legend, a
log of a few lines, the cell entry and the keys."""


def draw_for(painters: Iterable[MarkPainter], rules: Rules) -> None:
    """Draw ``painters`` with the marks of ``rules``' preset where it has its own
    (:mod:`seabattle.battleship.terminal.paper_marks`)."""
    symbols = with_paper_marks(SYMBOLS, rules, FULL_SCREEN)
    for painter in painters:
        painter.symbols = symbols
        painter.refresh()


def fit_side_by_side(boards: Iterable[Board], width: int, height: int = 0) -> None:
    """Size the cells of two boards shown side by side on a screen ``width`` columns wide
    (big cells when the screen is ``height`` rows high enough for them)."""
    for board in boards:
        # Each has a margin of two and half the screen's padding.
        board.fit(width // 2 - 3, height - ROOM_AROUND)


class FleetStrip(MarkPainter):
    """A fleet drawn as rows of squares, one group per ship: ``■■■■ ■■■ ▓▓▓ …``.

    Ships among ``present`` are drawn with one mark (afloat, still to place), the
    rest of the fleet with another (sunk, placed).
    """

    present: reactive[tuple[ShipKind, ...]] = reactive(())

    def __init__(self, fleet: Sequence[ShipKind], present: Sequence[ShipKind], *,
                 present_mark: Mark, absent_mark: Mark, id: str | None = None) -> None:
        super().__init__(id=id)
        self.fleet = tuple(fleet)
        self.present_mark = present_mark
        self.absent_mark = absent_mark
        self.set_reactive(FleetStrip.present, tuple(present))

    def render(self) -> Text:
        styles = self.mark_styles()
        left = Counter(self.present)
        text = Text(end="")
        for kind in self.fleet:
            mark = self.present_mark if left[kind] > 0 else self.absent_mark
            if mark in (Mark.SHIP, Mark.GHOST):  # the variants' pieces look like themselves
                mark = _PIECE_MARKS.get(kind.role, mark)
            left[kind] -= 1
            text.append(self.symbols[mark] * kind.size, styles[mark])
            text.append(" ")
        return text


_PIECE_MARKS = {Role.SUBMARINE: Mark.SUBMARINE, Role.MINE: Mark.MINE,
                Role.MINESWEEPER: Mark.SWEEPER}


class Legend(MarkPainter):
    """What the symbols on the fields mean (those of the variants only where they play)."""

    SHOWN = (Mark.SHIP, Mark.HIT, Mark.SUNK, Mark.MISS, Mark.RING)

    def __init__(self, phrases: BattleshipPhrases, extra: Sequence[Mark] = (),
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.phrases = phrases
        self.extra = tuple(extra)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # As many lines as the legend takes once wrapped: nothing is cut on a narrow screen.
        return len(self.render().wrap(self.app.console, max(width, 1)))

    def render(self) -> Text:
        styles = self.mark_styles()
        text = Text(end="")
        for mark in self.SHOWN + self.extra:
            if self.extra and mark is self.extra[0]:
                text.append("\n")  # the variants' marks on a line of their own
            text.append(self.symbols[mark], styles[mark])
            text.append(f" {self.phrases(f'tui.mark.{mark.value}')}   ")
        return text
