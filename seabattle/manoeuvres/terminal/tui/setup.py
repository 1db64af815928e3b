"""The secret set-up: the player puts their pieces in their back rows, by hand or not.

A palette beside the field lists each kind with how many are still to be put; the kind
chosen (a digit, ``[``/``]``, or a click on the palette) goes where Enter or a click
puts it, and a piece put is taken back the same way (its kind becomes the one chosen).
``a`` fills the rest at random, ``x`` makes the whole set-up as the computer makes its
own (forts behind mines: :func:`~seabattle.manoeuvres.ai.layouts.strong_layout`), ``c``
clears the field, ``u`` takes back the piece put last, ``s`` starts. Both draw from the
generator the screen is given (a seeded game's own chance, as the line game's set-up
does, so a seeded game is the same game again).
"""

from __future__ import annotations

import random

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from seabattle.errors import SeaBattleError
from seabattle.manoeuvres.actions import Deploy
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.terminal.placing import Placing
from seabattle.manoeuvres.terminal.text import abbreviation
from seabattle.manoeuvres.terminal.tui.field import WATER, Drawn, Field
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.phrases import Phrasebook

_DIGITS = "1234567890"


class Palette(Widget):
    """The kinds to put, one a line: the key, the abbreviation, the name and how many
    are left; the chosen kind stands out. A click on a line chooses its kind."""

    COMPONENT_CLASSES = {"palette--chosen", "palette--done"}
    chosen: reactive[int] = reactive(0)
    placing: reactive[Placing | None] = reactive(None)

    class Chosen(Message):
        """The player clicked the kind at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, kinds: tuple[Kind, ...], phrases: Phrasebook, id: str | None = None
                 ) -> None:
        super().__init__(id=id)
        self.kinds = kinds
        self.phrases = phrases

    def render(self) -> Text:
        chosen_style = self.get_component_rich_style("palette--chosen")
        done_style = self.get_component_rich_style("palette--done")
        left = self.placing.left() if self.placing is not None else None
        width = max(self.size.width, 1)
        text = Text(end="", no_wrap=True)
        for index, kind in enumerate(self.kinds):
            count = 0 if left is None else left[kind]
            line = (f"{_DIGITS[index]} {abbreviation(kind, self.phrases.language, True):<2} "
                    f"{count} {kind.title.render(self.phrases.language)}")
            # One line a kind, cut to the panel: a narrow panel keeps the key, the
            # abbreviation and the count.
            line = line if len(line) <= width else line[:width - 1] + "…"
            style = chosen_style if index == self.chosen else done_style if count <= 0 else None
            text.append(line, style)
            if index < len(self.kinds) - 1:
                text.append("\n")
        return text

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.kinds)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self.kinds):
            self.post_message(self.Chosen(offset.y))


class SetupScreen(Screen[Deploy]):
    """The player's set-up; dismissed with the engine's set-up action once complete."""

    BINDINGS = [
        *(Binding(digit, f"pick({index})", "manoeuvres.tui.key.kind", show=index == 0,
                  key_display="1…0") for index, digit in enumerate(_DIGITS)),
        Binding("],ъ", "cycle(1)", "manoeuvres.tui.key.next_kind", show=False),
        Binding("[,х", "cycle(-1)", "manoeuvres.tui.key.next_kind", show=False),
        Binding("u,г", "undo", "tui.key.undo"),
        Binding("a,ф", "fill", "tui.key.fill"),
        Binding("x,ч", "auto", "manoeuvres.tui.key.auto"),
        Binding("c,с", "clear", "manoeuvres.tui.key.clear"),
        Binding("s,ы", "start", "tui.key.start"),
        Binding("o,щ", "app.choose_settings", "tui.key.new_game"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    def __init__(self, rules: ManoeuvreRules, seat: int, chance: random.Random,
                 phrases: Phrasebook, rules_line: str) -> None:
        super().__init__()
        self.rules = rules
        self.seat = seat
        self.chance = chance
        """Where the automatic set-ups draw from (a seeded game's own chance)."""
        self.phrases = phrases
        self.rules_line = rules_line
        self.kinds = tuple(kind for kind, count in self.rules.pieces if count > 0)
        self.history: tuple[int, ...] = ()
        """The cells put, in the order put (``u`` takes back the last still there)."""
        self._placing = Placing(self.rules, self.seat)
        self._kind_index = 0
        self.drawn = False
        """Mounted: the field and the palette may be drawn on."""

    @property
    def placing(self) -> Placing:
        """The pieces put so far."""
        return self._placing

    @placing.setter
    def placing(self, placing: Placing) -> None:
        self._placing = placing
        self._redraw()

    @property
    def kind_index(self) -> int:
        """Which kind of the palette is chosen."""
        return self._kind_index

    @kind_index.setter
    def kind_index(self, index: int) -> None:
        self._kind_index = index
        self._redraw()

    @property
    def kind(self) -> Kind:
        """The kind the next piece put is of."""
        return self.kinds[self.kind_index]

    @property
    def _field(self) -> Field:
        return self.query_one("#field", Field)

    def compose(self) -> ComposeResult:
        p = self.phrases
        cells = self.rules.setup_cells(self.seat)
        rows = sorted({self.rules.grid.row_col(cell)[0] + 1 for cell in cells})
        yield Static(p("manoeuvres.tui.setup.title", first=rows[0], last=rows[-1]),
                     id="title", markup=False)
        main = VerticalScroll(id="main")
        main.can_focus = False
        with main:
            yield Static(self.rules_line, id="rules", markup=False)
            with Horizontal(id="fields"):
                field = Field(p.coordinates, self._drawn(), id="field")
                field.border_title = p("manoeuvres.tui.field.yours")
                field.cursor = min(self.rules.setup_cells(self.seat))
                field.fit(self.app.size.width - 30)
                yield field
                with Vertical(id="side"):
                    yield Static(id="next", markup=False)
                    yield Palette(self.kinds, p, id="palette")
                    yield Static(p("manoeuvres.tui.setup.help"), id="setup-help", markup=False)
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(p)

    def on_mount(self) -> None:
        # An app closing as the screen mounts may have taken its widgets already.
        self.drawn = bool(self.query(Field)) and bool(self.query(Palette))
        if self.drawn:
            self._field.focus()
            self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        if self.drawn:
            self._field.fit(event.size.width - 30)

    # --- choosing a kind ----------------------------------------------------------------

    def action_pick(self, index: int) -> None:
        """Choose the kind at ``index`` of the palette."""
        if index < len(self.kinds):
            self.kind_index = index

    def action_cycle(self, step: int) -> None:
        """Choose the next (or previous) kind of the palette."""
        self.kind_index = (self.kind_index + step) % len(self.kinds)

    @on(Palette.Chosen)
    def _palette_clicked(self, event: Palette.Chosen) -> None:
        self.kind_index = event.index
        self._field.focus()

    # --- putting pieces -----------------------------------------------------------------

    @on(Field.CellChosen, "#field")
    def put(self, event: Field.CellChosen) -> None:
        """Put the chosen kind on the cell, or take back the piece there."""
        notice = self.query_one(Notice)
        cell = event.cell
        taken = self.placing.at.get(cell)
        if taken is not None:
            self.placing = self.placing.take(cell)
            self.kind_index = self.kinds.index(taken)
            notice.say(self.phrases("manoeuvres.tui.setup.taken_back", kind=taken.title,
                                    cell=self.phrases.cell(cell)))
            return
        try:
            self.placing = self.placing.put(cell, self.kind)
        except SeaBattleError as error:
            notice.error(self.phrases.error(error))
            return
        self.history = (*self.history, cell)
        notice.say(self.phrases("manoeuvres.tui.setup.put", kind=self.kind.title,
                                cell=self.phrases.cell(cell)))
        if self.placing.left()[self.kind] <= 0:
            self._next_kind_left()

    def _next_kind_left(self) -> None:
        """Move the palette on to the next kind that still has pieces to put."""
        left = self.placing.left()
        for step in range(1, len(self.kinds) + 1):
            index = (self.kind_index + step) % len(self.kinds)
            if left[self.kinds[index]] > 0:
                self.kind_index = index
                return

    def action_undo(self) -> None:
        """Take back the piece put last that is still on the field."""
        at = self.placing.at
        history = [cell for cell in self.history if cell in at]
        if not history:
            self.query_one(Notice).error(self.phrases("manoeuvres.tui.setup.nothing_to_undo"))
            return
        cell = history[-1]
        self.history = tuple(history[:-1])
        self._field.cursor = cell
        self.put(Field.CellChosen(self._field, cell))

    def action_fill(self) -> None:
        """Put every piece still to be put on free back-row cells at random."""
        self.placing = self.placing.fill(self.chance)
        self.query_one(Notice).say(self.phrases("manoeuvres.tui.setup.ready"))

    def action_auto(self) -> None:
        """The whole set-up made as the computer makes its own."""
        layout = strong_layout(self.rules, self.seat, self.chance)
        self.placing = Placing(self.rules, self.seat, layout)
        self.history = ()
        self.query_one(Notice).say(self.phrases("manoeuvres.tui.setup.auto_done"))

    def action_clear(self) -> None:
        """Take every piece back."""
        self.placing = Placing(self.rules, self.seat)
        self.history = ()
        self.kind_index = 0
        self.query_one(Notice).say(self.phrases("manoeuvres.tui.setup.cleared"))

    def action_start(self) -> None:
        """Begin the battle with the set-up, when every piece is put; else say how many
        are still to be put."""
        if not self.placing.complete:
            left = self.rules.piece_total - len(self.placing.placed)
            self.query_one(Notice).error(self.phrases("manoeuvres.tui.setup.not_ready",
                                                      count=left))
            return
        try:
            action = self.placing.deploy()
        except SeaBattleError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            return
        self.dismiss(action)

    # --- drawing ------------------------------------------------------------------------

    def _drawn(self) -> tuple[Drawn, ...]:
        at = self.placing.at
        allowed = self.rules.setup_cells(self.seat)
        language = self.phrases.language
        return tuple(
            Drawn(abbreviation(at[cell], language, True), "own") if cell in at
            else Drawn(WATER) if cell in allowed else Drawn(" ")
            for cell in range(self.rules.grid.size))

    def _redraw(self) -> None:
        if not self.drawn:
            return
        self._field.cells = self._drawn()
        palette = self.query_one(Palette)
        palette.placing = self.placing
        palette.chosen = self.kind_index
        left = self.placing.left()
        p = self.phrases
        self.query_one("#next", Static).update(
            p("manoeuvres.tui.setup.done") if self.placing.complete else
            p("manoeuvres.tui.setup.next", kind=self.kind.title, count=left[self.kind],
              total=self.rules.piece_total - len(self.placing.placed)))
