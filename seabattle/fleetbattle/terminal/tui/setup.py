"""The fleet's set-up: the player places each ship (its kind marked by its letter) and
names the flagship, by keyboard, mouse, or at random."""

from __future__ import annotations

import random

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from seabattle.coords import bit
from seabattle.errors import PlacementError
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.placement import PlacedShip, Placement, check_pieces, lines
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import SHIP_TYPES, Kind
from seabattle.fleetbattle.terminal.tui.field import FleetField, arrows
from seabattle.fleetbattle.terminal.tui.marks import letter, setup_cells
from seabattle.fleetbattle.terminal.tui.phrases import FleetPhrases
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice


class FleetSetupScreen(Screen[Placement]):
    """Place the pieces in the rule set's order (heaviest ship first, batteries last);
    dismissed with the placement. The next piece follows the cursor as a ghost, drawn
    as blocked where the engine refuses it; placing it there is refused with the
    engine's reason (:func:`~seabattle.fleetbattle.placement.check_pieces`)."""

    BINDINGS = [
        *arrows("move", "tui.key.move"),
        Binding("enter", "place", "fleet.tui.key.place", key_display="⏎"),
        Binding("r,к,space", "turn", "tui.key.turn"),
        Binding("u,г,backspace", "undo", "tui.key.undo"),
        Binding("f,а", "flagship", "fleet.tui.key.flagship"),
        Binding("a,ф", "fill", "tui.key.fill"),
        Binding("x,ч", "shuffle", "tui.key.shuffle"),
        Binding("s,ы", "start", "tui.key.start"),
        Binding("o,щ", "app.choose_settings", "tui.key.new_game"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    def __init__(self, rules: FleetRules, seat: int, rng: random.Random,
                 phrases: FleetPhrases) -> None:
        super().__init__()
        self.rules = rules
        self.seat = seat
        self.rng = rng
        """Where ``a`` and ``x`` draw the ships' places from."""
        self.phrases = phrases
        self.pieces = rules.pieces(seat)
        self.grid = rules.field(seat)
        self.placed: list[PlacedShip] = []
        """The pieces placed so far, in the rule set's order."""
        self.flagship = 0
        """The index of the ship named the flagship (the heaviest until another is)."""
        self.down = False
        """Whether the ghost lies down the field rather than across."""

    @property
    def _field(self) -> FleetField:
        return self.query_one("#own", FleetField)

    def compose(self) -> ComposeResult:
        p = self.phrases
        yield Static(p("fleet.tui.setup.title"), id="title", markup=False)
        with VerticalScroll(id="main"):
            yield Static(p("fleet.tui.rules", rules=p.text(DEFINITION.rules_title(self.rules))),
                         id="rules", markup=False)
            with Horizontal(id="fields"):
                field = FleetField(p.coordinates, setup_cells(self.grid.size, (), 0, p.language),
                                   id="own")
                field.border_title = p("tui.field.yours")
                field.fit(self.app.size.width // 2)
                yield field
                with Vertical(id="setup-panel"):
                    yield Static(id="next", markup=False)
                    yield Static(id="pieces", markup=False)
                    yield Static(p("fleet.tui.setup.help"), id="setup-help", markup=False)
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(p)

    def on_mount(self) -> None:
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._field.fit(event.size.width // 2)

    # --- the ghost -----------------------------------------------------------------

    @property
    def next_kind(self) -> Kind | None:
        """The piece to place next (``None``: all are placed)."""
        return self.pieces[len(self.placed)] if len(self.placed) < len(self.pieces) else None

    def _ghost(self, kind: Kind, at: int) -> int:
        """The cells of ``kind`` from ``at`` across or down, cut at the field's edge."""
        row, column = self.grid.row_col(at)
        cells = 0
        for step in range(SHIP_TYPES[kind].decks):
            r, c = (row + step, column) if self.down else (row, column + step)
            if self.grid.contains(r, c):
                cells |= bit(self.grid.cell(r, c))
        return cells

    def _refusal(self, kind: Kind, cells: int) -> PlacementError | None:
        try:
            check_pieces(self.rules, self.seat, (*self.placed, PlacedShip(kind, cells)))
        except PlacementError as error:
            return error
        return None

    # --- keys and mouse --------------------------------------------------------------

    def action_move(self, rows: int, columns: int) -> None:
        """Move the cursor (and the ghost)."""
        self._field.move_cursor(rows, columns)

    @on(FleetField.CursorMoved, "#own")
    def _moved(self) -> None:
        self._redraw()

    def action_turn(self) -> None:
        """Lay the next ship across or down."""
        self.down = not self.down
        self._redraw()

    def action_place(self) -> None:
        """Place the next piece at the cursor, unless the engine refuses it there."""
        self.place_at(self._field.cursor)

    @on(FleetField.CellChosen, "#own")
    def _clicked(self, event: FleetField.CellChosen) -> None:
        self.place_at(event.cell)

    def place_at(self, cell: int) -> None:
        """Place the next piece from ``cell`` (said why not when refused)."""
        kind = self.next_kind
        notice = self.query_one(Notice)
        if kind is None:
            notice.say(self.phrases("fleet.tui.setup.complete"))
            return
        cells = self._ghost(kind, cell)
        refusal = self._refusal(kind, cells)
        if refusal is not None:
            notice.error(self.phrases.error(refusal))
            return
        self.placed.append(PlacedShip(kind, cells))
        notice.say(self.phrases("tui.setup.placed", ship=self.phrases.kind(kind),
                                where=self.phrases.cells(cells)))
        self._redraw()

    def action_undo(self) -> None:
        """Take the last piece back."""
        if not self.placed:
            return
        ship = self.placed.pop()
        if self.flagship >= len(self.placed):
            self.flagship = 0
        self.query_one(Notice).say(self.phrases("tui.setup.taken_back",
                                                ship=self.phrases.kind(ship.kind),
                                                where=self.phrases.cells(ship.cells)))
        self._redraw()

    def action_flagship(self) -> None:
        """Name the ship under the cursor the flagship, or else the next ship placed."""
        ships = [i for i, ship in enumerate(self.placed) if ship.kind is not Kind.BATTERY]
        notice = self.query_one(Notice)
        if not ships:
            notice.error(self.phrases("fleet.tui.setup.no_ship_yet"))
            return
        under = next((i for i in ships if self.placed[i].cells & bit(self._field.cursor)), None)
        if under is None:
            later = [i for i in ships if i > self.flagship]
            under = later[0] if later else ships[0]
        self.flagship = under
        ship = self.placed[under]
        notice.say(self.phrases("fleet.tui.setup.flagship", ship=self.phrases.kind(ship.kind),
                                where=self.phrases.cells(ship.cells)))
        self._redraw()

    def action_fill(self) -> None:
        """Place the pieces left at random, keeping those placed."""
        rng = self.rng
        taken = 0
        for ship in self.placed:
            taken |= ship.cells
        for kind in self.pieces[len(self.placed):]:
            free = [line for line in lines(self.grid, SHIP_TYPES[kind].decks) if not line & taken]
            if not free:
                self.query_one(Notice).error(self.phrases("fleet.tui.setup.no_room",
                                                          ship=self.phrases.kind(kind)))
                self._redraw()
                return
            cells = rng.choice(free)
            self.placed.append(PlacedShip(kind, cells))
            taken |= cells
        self.query_one(Notice).say(self.phrases("fleet.tui.setup.ready"))
        self._redraw()

    def action_shuffle(self) -> None:
        """Place the whole fleet again at random."""
        self.placed = []
        self.flagship = 0
        self.action_fill()

    def action_start(self) -> None:
        """Go into battle with the fleet placed (said how many are left otherwise)."""
        left = len(self.pieces) - len(self.placed)
        if left:
            self.query_one(Notice).error(self.phrases("fleet.tui.setup.not_ready", count=left))
            return
        self.dismiss(Placement(tuple(self.placed), self.flagship))

    # --- drawing ---------------------------------------------------------------------

    def _redraw(self) -> None:
        p = self.phrases
        field = self._field
        kind = self.next_kind
        ghost = 0 if kind is None else self._ghost(kind, field.cursor)
        blocked = kind is not None and self._refusal(kind, ghost) is not None
        field.cells = tuple(setup_cells(self.grid.size, self.placed, self.flagship, p.language,
                                        ghost, blocked))
        field.show_cursor = kind is None
        self.query_one("#next", Static).update(
            p("fleet.tui.setup.done") if kind is None else
            p("fleet.tui.setup.next", ship=p.kind(kind), decks=SHIP_TYPES[kind].decks,
              direction=p("fleet.tui.setup.down" if self.down else "fleet.tui.setup.across")))
        rows = []
        for index, piece in enumerate(self.pieces):
            mark = "▶" if index == len(self.placed) else " "
            where = (p.cells(self.placed[index].cells) if index < len(self.placed) else "")
            flag = " ⚑" if index == self.flagship and piece is not Kind.BATTERY else ""
            rows.append(f"{mark}{index + 1:>2} {letter(piece, p.language)} {p.kind(piece)}"
                        f"{flag} {where}".rstrip())
        self.query_one("#pieces", Static).update("\n".join(rows))
