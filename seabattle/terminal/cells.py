"""A field of cells with a cursor, for any game's screens: :class:`CellGrid`.

It draws nothing itself: a game's field subclasses it and renders its cells
(:attr:`CellGrid.cell_height` rows and :attr:`CellGrid.cell_width` columns of the terminal
a cell, after the row numbers, below the column letters). The grid moves the cursor with
the arrows (when focused) and the mouse and reports choices (Enter, space or a click) as
:class:`CellGrid.CellChosen`; what a choice means is its screen's. Battleship's
:class:`~seabattle.battleship.terminal.tui.board.Board` and the other games' fields are
its subclasses.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from seabattle.coords import Coordinates


class CellMessage(Message):
    """Something happened at ``cell`` of ``field``."""

    def __init__(self, field: CellGrid, cell: int) -> None:
        super().__init__()
        self.field = field
        self.cell = cell

    @property
    def control(self) -> CellGrid:
        """The field it happened on."""
        return self.field


class CellGrid(Widget):
    """Lettered columns, numbered rows, a cursor; the cells are the subclass's to draw."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "tui.key.move", key_display="↑↓←→"),
        Binding("down", "move(1, 0)", "tui.key.move", show=False),
        Binding("left", "move(0, -1)", "tui.key.move", show=False),
        Binding("right", "move(0, 1)", "tui.key.move", show=False),
        Binding("enter,space", "choose", "tui.key.choose", show=False),
    ]

    cursor: reactive[int] = reactive(0)
    show_cursor: reactive[bool] = reactive(True)
    cell_width: reactive[int] = reactive(3, layout=True)
    """Terminal columns per cell."""
    cell_height: reactive[int] = reactive(1, layout=True)
    """Terminal rows per cell."""

    class CursorMoved(CellMessage):
        """The cursor moved to ``cell``."""

    class CellChosen(CellMessage):
        """The player chose ``cell`` (Enter, space or a click)."""

    def __init__(self, coordinates: Coordinates, *, focusable: bool = True,
                 show_cursor: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.coordinates = coordinates
        self.can_focus = focusable
        self.label_width = len(str(coordinates.grid.height))
        """Columns of the row numbers (a space follows them)."""
        self.set_reactive(CellGrid.show_cursor, show_cursor)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.label_width + 1 + self.cell_width * self.coordinates.grid.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.coordinates.grid.height * self.cell_height + 1

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell drawn at content offset ``x``, ``y`` (the column letters on the first
        line); ``None`` off the cells."""
        grid = self.coordinates.grid
        column = x - self.label_width - 1
        if y < 1 or column < 0:
            return None
        row, column = (y - 1) // self.cell_height, column // self.cell_width
        return grid.cell(row, column) if grid.contains(row, column) else None

    def move_cursor(self, rows: int, columns: int) -> None:
        """Move the cursor, stopping at the edges of the field."""
        grid = self.coordinates.grid
        row, column = grid.row_col(self.cursor)
        row = min(max(row + rows, 0), grid.height - 1)
        column = min(max(column + columns, 0), grid.width - 1)
        self.cursor = grid.cell(row, column)

    def action_move(self, rows: int, columns: int) -> None:
        """Move the cursor (key binding)."""
        self.move_cursor(rows, columns)

    def action_choose(self) -> None:
        """Choose the cell under the cursor (key binding)."""
        self.post_message(self.CellChosen(self, self.cursor))

    def watch_cursor(self, cell: int) -> None:
        self.post_message(self.CursorMoved(self, cell))

    def _cell_under(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        return None if offset is None else self.cell_at(offset.x, offset.y)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        cell = self._cell_under(event)
        if cell is not None:
            self.cursor = cell

    def on_click(self, event: events.Click) -> None:
        cell = self._cell_under(event)
        if cell is not None:
            self.cursor = cell
            self.post_message(self.CellChosen(self, cell))
