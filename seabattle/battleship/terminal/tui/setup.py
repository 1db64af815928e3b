"""The set-up screen: the person places their fleet, by hand or at random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.fleet import Fleet, Ship, check_ship, remaining_kinds, validate_fleet
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.shapes import Shape, placements, polyominoes
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui.board import (
    ROOM_AROUND,
    Board,
    FleetStrip,
    MarkPainter,
    draw_for,
)
from seabattle.battleship.terminal.tui.marks import Mark, fleet_marks, with_ghost
from seabattle.coords import Grid, bit, iter_cells
from seabattle.errors import PlacementError
from seabattle.games.chance import entropy
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice


class FleetSetup(Protocol):
    """What the set-up asks of a game: a game against the computer
    (:class:`~seabattle.battleship.session.VsComputer`) or one on a server."""

    @property
    def rules(self) -> Rules:
        """The rules the fleet is placed under."""

    @property
    def level(self) -> str | None:
        """The computer's level, for the rules line (``None``: no computer plays)."""

    def random_fleet(self, placed: Sequence[Ship] = ()) -> Fleet:
        """A random fleet keeping the ships ``placed``."""


Offsets = frozenset[tuple[int, int]]
"""A ship's shape: its cells as ``(row, column)`` offsets from the top-left corner."""


def ship_shapes(kind: ShipKind, height: int, width: int) -> list[Offsets]:
    """The shapes a ship may be placed in on a ``height``×``width`` field.

    Straight lines first, across then down; bent ships continue with every other
    shape of their size; L, square and zigzag ships take each of their rotations and
    mirror images. The Flying Dutchman (king-connected cells) has none: it is painted
    cell by cell.
    """
    if kind.shape is Shape.KING:
        return []
    shapes: list[Offsets] = []
    if kind.shape in (Shape.STRAIGHT, Shape.BENT):
        shapes += [frozenset((0, c) for c in range(kind.size)),
                   frozenset((r, 0) for r in range(kind.size))]
    if kind.shape is Shape.BENT:
        shapes += polyominoes(kind.size)
    elif kind.shape is not Shape.STRAIGHT:
        shapes += _orientations(kind, height, width)
    return [shape for shape in dict.fromkeys(shapes)
            if max(r for r, _ in shape) < height and max(c for _, c in shape) < width]


def _orientations(kind: ShipKind, height: int, width: int) -> list[Offsets]:
    """Each orientation of an L, square or zigzag ship, read off its placements."""
    grid = Grid(width, height)
    found: dict[Offsets, None] = {}
    for cells in placements(grid, kind.size, kind.shape):
        rows_cols = [grid.row_col(c) for c in iter_cells(cells)]
        top = min(r for r, _ in rows_cols)
        left = min(c for _, c in rows_cols)
        found.setdefault(frozenset((r - top, c - left) for r, c in rows_cols))
    return list(found)


class SetupScreen(Screen[Fleet]):
    """Place the fleet, largest ship first; dismissed with the complete fleet.

    The next ship follows the cursor as a ghost, drawn as blocked where the rules
    refuse it; placing it there is refused with the engine's reason.
    """

    BINDINGS = [
        Binding("r,к,space", "turn(1)", "tui.key.turn"),
        Binding("R,К", "turn(-1)", "tui.key.turn_back", show=False),
        Binding("u,г,backspace", "undo", "tui.key.undo"),
        Binding("a,ф", "fill", "tui.key.fill"),
        Binding("x,ч", "shuffle", "tui.key.shuffle"),
        Binding("p,з", "perelman", "tui.key.perelman"),
        Binding("s,ы", "start", "tui.key.start"),
        Binding("o,щ", "app.choose_settings", "tui.key.new_game"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    placed: reactive[tuple[Ship, ...]] = reactive((), init=False)
    """The ships placed so far, in the order placed."""
    painted: reactive[tuple[int, ...]] = reactive((), init=False)
    """The cells painted so far of a Flying Dutchman (whose shapes are too many to turn
    through): Enter adds or removes the cell under the cursor."""
    turn: reactive[int] = reactive(0, init=False)
    """Which of the next ship's shapes the ghost takes."""

    def __init__(self, session: FleetSetup, phrases: BattleshipPhrases) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.phrases = phrases

    # --- the state of the set-up --------------------------------------------------

    @property
    def next_kind(self) -> ShipKind | None:
        """The ship to place next, or ``None`` when the fleet is complete."""
        kinds = remaining_kinds(self.rules, self.placed)
        return kinds[0] if kinds else None

    def ghost(self) -> Ship | None:
        """The next ship where the cursor puts it, or ``None`` when the fleet is complete."""
        kind = self.next_kind
        if kind is None:
            return None
        grid = self.rules.grid
        if self._painting(kind):
            cells = bit(self._board.cursor)
            for cell in self.painted:
                cells |= bit(cell)
            return Ship(kind, cells)
        shape = self._shape(kind)
        row, column = grid.row_col(self._board.cursor)
        cells = 0
        for dr, dc in shape:
            cells |= bit(grid.cell(row + dr, column + dc))
        return Ship(kind, cells)

    @staticmethod
    def _painting(kind: ShipKind) -> bool:
        return kind.shape is Shape.KING

    def _shape(self, kind: ShipKind) -> Offsets:
        shapes = ship_shapes(kind, self.rules.height, self.rules.width)
        return shapes[self.turn % len(shapes)]

    @property
    def _board(self) -> Board:
        return self.query_one("#own", Board)

    # --- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        yield Static(phrases("tui.setup.title"), id="title", markup=False)
        main = VerticalScroll(id="main")  # scrolls on a short terminal; the message stays
        main.can_focus = False  # the field keeps the focus
        with main:
            yield Static(phrases.rules(self.rules, self.session.level), id="rules",
                         markup=False)
            with Horizontal(id="fields"):
                board = Board(phrases.coordinates, fleet_marks(self.rules.grid, ()),
                              show_cursor=False, id="own")
                board.border_title = phrases("tui.field.yours")
                self._fit(board, *self.app.size)
                yield board
                with Vertical(id="setup-panel"):
                    yield Static(id="next", markup=False)
                    yield Static(phrases("tui.setup.to_place"), markup=False)
                    yield FleetStrip(self.rules.fleet, self.rules.fleet,
                                     present_mark=Mark.GHOST, absent_mark=Mark.SHIP,
                                     id="to-place")
                    painting = any(self._painting(kind) for kind in self.rules.fleet)
                    yield Static(phrases("tui.setup.help_paint" if painting else "tui.setup.help"),
                                 id="setup-help", markup=False)
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(phrases)

    def on_mount(self) -> None:
        draw_for(self.query(MarkPainter), self.rules)
        self._board.focus()
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(self._board, *event.size)

    @staticmethod
    def _fit(board: Board, width: int, height: int) -> None:
        # The panel beside it needs 40 columns or so; big cells where the battle has them.
        board.fit(width - 44, height - ROOM_AROUND)

    # --- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        complete = self.next_kind is None
        painting = self.next_kind is not None and self._painting(self.next_kind)
        enabled = {"turn": not complete and not painting,
                   "undo": bool(self.placed or self.painted), "fill": not complete,
                   }.get(action, True)
        return True if enabled else None

    def action_turn(self, step: int) -> None:
        """Turn the ghost to the next (or previous) shape."""
        self.turn += step

    def action_undo(self) -> None:
        """Take back the cell painted last, else the ship placed last."""
        notice = self.query_one(Notice)
        if self.painted:
            self.painted = self.painted[:-1]
            notice.clear()
        elif self.placed:
            ship = self.placed[-1]
            self.placed = self.placed[:-1]
            notice.say(self.phrases("tui.setup.taken_back", ship=ship.kind.title,
                                    where=self.phrases.cells(ship.cells)))

    def action_fill(self) -> None:
        """Place the ships still missing at random, keeping those placed."""
        self._take_random(self.placed)

    def action_shuffle(self) -> None:
        """Place the whole fleet at random."""
        self._take_random(())

    def action_perelman(self) -> None:
        """Place the whole fleet as Perelman advised (seed 001): the big ships packed in a
        corner, the single-deckers spread over the open sea; refused, saying why, for a
        fleet it cannot place (mines, submarines, bent ships, the Flying Dutchman)."""
        placement = PLACEMENTS["perelman"]
        if not placement.supports(self.rules):
            self.query_one(Notice).error(self.phrases("tui.setup.perelman_cannot"))
            return
        fleet = placement.place(self.rules, entropy())
        self.painted = ()
        self.placed = tuple(fleet)
        self.query_one(Notice).say(self.phrases("tui.setup.perelman_done"))

    def action_start(self) -> None:
        """Go to battle with the fleet, when it is complete; else say what is missing."""
        if self.next_kind is None:
            self.dismiss(validate_fleet(self.rules, self.placed))
            return
        left = len(remaining_kinds(self.rules, self.placed))
        self.query_one(Notice).error(self.phrases("tui.setup.not_ready", count=left))

    def _take_random(self, keep: tuple[Ship, ...]) -> None:
        try:
            fleet = self.session.random_fleet(keep)
        except PlacementError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            return
        self.painted = ()
        self.placed = (*keep, *(ship for ship in fleet if ship not in keep))
        self.query_one(Notice).say(self.phrases("tui.setup.ready"))

    @on(Board.CellChosen, "#own")
    def place(self) -> None:
        """Place the next ship where the ghost is (or start when the fleet is complete)."""
        ship = self.ghost()
        if ship is None:
            self.action_start()
            return
        notice = self.query_one(Notice)
        if self._painting(ship.kind):
            cursor = self._board.cursor
            if cursor in self.painted:
                self.painted = tuple(c for c in self.painted if c != cursor)
                return
            if len(self.painted) + 1 < ship.kind.size:
                self.painted = (*self.painted, cursor)
                notice.clear()
                return
        try:
            check_ship(self.rules, self.placed, ship)
        except PlacementError as error:
            notice.error(self.phrases.error(error))
            return
        self.painted = ()
        self.placed = (*self.placed, ship)
        if self.next_kind is None:
            notice.say(self.phrases("tui.setup.ready"))
        else:
            notice.say(self.phrases("tui.setup.placed", ship=ship.kind.title,
                                    where=self.phrases.cells(ship.cells)))

    # --- drawing ------------------------------------------------------------------

    def watch_turn(self) -> None:
        self._follow_cursor()

    @on(Board.CursorMoved, "#own")
    def _follow_cursor(self) -> None:
        """Keep the ghost on the field, then draw it."""
        kind = self.next_kind
        board = self._board
        if kind is not None and not self._painting(kind):
            shape = self._shape(kind)
            row, column = self.rules.grid.row_col(board.cursor)
            row = min(row, self.rules.height - 1 - max(r for r, _ in shape))
            column = min(column, self.rules.width - 1 - max(c for _, c in shape))
            anchor = self.rules.grid.cell(row, column)
            if anchor != board.cursor:
                board.cursor = anchor  # moves the ghost again, through CursorMoved
                return
        self._redraw()

    def watch_painted(self) -> None:
        self._redraw()
        self.refresh_bindings()

    def watch_placed(self) -> None:
        self.turn = 0
        self._follow_cursor()
        self.refresh_bindings()

    def _redraw(self) -> None:
        marks = fleet_marks(self.rules.grid, self.placed)
        ghost = self.ghost()
        if ghost is not None:
            # A ship being painted is judged once it has all its cells, not before.
            unfinished = self._painting(ghost.kind) and ghost.cells.bit_count() < ghost.size
            marks = with_ghost(marks, ghost.cells, allowed=unfinished or self._allowed(ghost))
        self._board.marks = marks
        self.query_one("#to-place", FleetStrip).present = tuple(
            remaining_kinds(self.rules, self.placed))
        self.query_one("#next", Static).update(self._next_line())

    def _next_line(self) -> str:
        kind = self.next_kind
        if kind is None:
            return self.phrases("tui.setup.done")
        line = self.phrases("tui.setup.next", ship=kind.title, size=kind.size)
        if self._painting(kind):
            return line + " " + self.phrases("tui.setup.paint", painted=len(self.painted),
                                             size=kind.size)
        shapes = ship_shapes(kind, self.rules.height, self.rules.width)
        if len(shapes) > 2:  # bent ships: say how far through their shapes the ghost is
            line += " " + self.phrases("tui.setup.shape", index=self.turn % len(shapes) + 1,
                                       count=len(shapes))
        return line

    def _allowed(self, ship: Ship) -> bool:
        try:
            check_ship(self.rules, self.placed, ship)
        except PlacementError:
            return False
        return True
