"""The widget that draws one side's field: :class:`FleetField`.

A :class:`~seabattle.terminal.cells.CellGrid` (lettered columns, numbered rows, a cursor
the keys and the mouse move, choices posted as ``CellChosen``) that draws what it is
given, cell by cell: a symbol and a mark naming its style. What a cell shows, and what
choosing it means, is up to its screen (:mod:`.marks` makes the cells from the engine's
views).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from seabattle.coords import Coordinates
from seabattle.fleetbattle.terminal.tui.marks import MARKS, Cell
from seabattle.terminal.cells import CellGrid


def arrows(action: str, description: str) -> list[Binding]:
    """The arrow keys bound to ``action(rows, columns)``, shown once as «↑↓←→»."""
    return [Binding(key, f"{action}({rows}, {columns})", description, key_display="↑↓←→",
                    show=key == "up")
            for key, rows, columns in (("up", -1, 0), ("down", 1, 0), ("left", 0, -1),
                                       ("right", 0, 1))]


class FleetField(CellGrid):
    """One field: a symbol per cell styled by its mark (``field--<mark>`` in
    ``fleetbattle.tcss``), and a cursor. Not focusable: its screen moves the cursor."""

    COMPONENT_CLASSES = {"field--label", "field--cursor", *(f"field--{mark}" for mark in MARKS)}

    cells: reactive[tuple[Cell, ...]] = reactive((), layout=False)

    def __init__(self, coordinates: Coordinates, cells: Sequence[Cell], *,
                 show_cursor: bool = True, id: str | None = None) -> None:
        super().__init__(coordinates, focusable=False, show_cursor=show_cursor, id=id)
        self.set_reactive(FleetField.cells, tuple(cells))

    def width_with(self, cells: int) -> int:
        """Columns the field takes with cells ``cells`` columns wide: its row numbers,
        border and padding included."""
        return self.label_width + 1 + 4 + cells * self.coordinates.grid.width

    def fit(self, room: int) -> None:
        """The widest cells (3, 2 or 1 columns) with which the field fits in ``room``
        columns."""
        self.cell_width = next((w for w in (3, 2) if self.width_with(w) <= room), 1)

    def render(self) -> Text:
        grid = self.coordinates.grid
        width = self.cell_width
        label = self.get_component_rich_style("field--label")
        cursor = self.get_component_rich_style("field--cursor", partial=True)
        styles = {mark: self.get_component_rich_style(f"field--{mark}") for mark in MARKS}
        text = Text(no_wrap=True, end="")
        text.append(" " * (self.label_width + 1))
        for letter in self.coordinates.column_letters:
            text.append(f"{letter:^{width}}", label)
        for row in range(grid.height):
            text.append(f"\n{row + 1:>{self.label_width}} ", label)
            for column in range(grid.width):
                cell = grid.cell(row, column)
                symbol, mark = self.cells[cell]
                style = styles[mark]
                if self.show_cursor and cell == self.cursor:
                    style += cursor
                text.append(f"{symbol:^{width}}", style)
        return text
