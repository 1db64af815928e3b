"""The battle screen: both fields, the answers, and the person's shots."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static

from seabattle.coords import bit
from seabattle.errors import SeaBattleError
from seabattle.session import HUMAN, VsComputer
from seabattle.tui.board import Board, FleetStrip, Legend, fit_side_by_side
from seabattle.tui.confirm import ConfirmScreen
from seabattle.tui.keys import KeyHelp
from seabattle.tui.marks import Mark, enemy_marks, fleet_marks
from seabattle.tui.notice import Notice
from seabattle.tui.phrases import Phrasebook


class BattleScreen(Screen[None]):
    """The person fires until the game is over; dismissed then.

    A shot is a typed cell (Enter), or the cell under the cursor on the enemy
    field (arrows, then Enter with nothing typed, or a click). Cells already fired
    at or known to be empty are refused here, before the engine is asked, and
    cost nothing.
    """

    AUTO_FOCUS = "#shot"
    BINDINGS = [
        # Priority: the arrows aim even while the cell entry has the focus.
        Binding("up", "aim(-1, 0)", "tui.key.aim", key_display="↑↓←→", priority=True),
        Binding("down", "aim(1, 0)", "tui.key.aim", priority=True),
        Binding("left", "aim(0, -1)", "tui.key.aim", priority=True),
        Binding("right", "aim(0, 1)", "tui.key.aim", priority=True),
        # Not a priority: the entry must take the keys typed before Enter first.
        Binding("enter", "fire_typed", "tui.key.fire", key_display="⏎"),
        Binding("ctrl+r", "resign", "tui.key.resign"),
    ]

    def __init__(self, session: VsComputer, phrases: Phrasebook, opening: int) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.phrases = phrases
        self.opening = opening
        """How many shots the computer fired before the person's first."""

    @property
    def _enemy(self) -> Board:
        return self.query_one("#enemy", Board)

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        view = self.session.view()
        grid = self.rules.grid
        yield Static(phrases("tui.battle.title"), id="title", markup=False)
        yield Static(phrases.rules(self.rules, self.session.level), id="rules", markup=False)
        with Horizontal(id="fields"):
            with Vertical(classes="side"):
                own = Board(phrases.coordinates, fleet_marks(grid, view.own_fleet, view.incoming),
                            focusable=False, show_cursor=False, id="own")
                own.border_title = phrases("tui.field.yours")
                yield own
                yield Static(id="own-afloat", markup=False)
                yield FleetStrip(self.rules.fleet, view.own_afloat, present_mark=Mark.SHIP,
                                 absent_mark=Mark.SUNK, id="own-fleet")
            with Vertical(classes="side"):
                enemy = Board(phrases.coordinates, enemy_marks(view), focusable=False, id="enemy")
                enemy.border_title = phrases("tui.field.enemy")
                fit_side_by_side((own, enemy), self.app.size.width)
                yield enemy
                yield Static(id="enemy-afloat", markup=False)
                yield FleetStrip(self.rules.fleet, view.enemy_afloat or (),
                                 present_mark=Mark.SHIP, absent_mark=Mark.SUNK, id="enemy-fleet")
        yield Legend(phrases)
        # The computer answers at once, so the turn is always the person's here.
        yield Static(phrases("tui.battle.your_turn"), id="turn", markup=False)
        log = RichLog(id="log", max_lines=200, wrap=True)
        log.can_focus = False  # the cell entry keeps the focus, always
        yield log
        with Horizontal(id="entry"):
            yield Static(phrases("tui.battle.prompt"), id="prompt", markup=False)
            yield Input(placeholder=phrases("tui.battle.placeholder"), id="shot", max_length=8,
                        compact=True)
        yield Notice(id="message")
        yield KeyHelp(phrases)

    def on_mount(self) -> None:
        first = "tui.battle.you_first" if self.session.first == HUMAN else "tui.battle.ai_first"
        self._log(self.phrases(first))
        self._log_replies(self.opening)
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        fit_side_by_side(self.query(Board), event.size.width)

    # --- shooting -----------------------------------------------------------------

    def action_aim(self, rows: int, columns: int) -> None:
        """Move the cursor on the enemy field."""
        self._enemy.move_cursor(rows, columns)

    async def action_fire_typed(self) -> None:
        """Fire at the typed cell, or at the cursor when nothing is typed."""
        await self.query_one("#shot", Input).action_submit()

    @on(Input.Submitted, "#shot")
    def _fire_typed(self, event: Input.Submitted) -> None:
        # Cleared whatever comes of it: a refusal quotes what was typed.
        event.input.clear()
        text = event.value.strip()
        if not text:
            self.fire(self._enemy.cursor)
            return
        try:
            cell = self.phrases.coordinates.parse(text)
        except SeaBattleError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            return
        self._enemy.cursor = cell
        self.fire(cell)

    @on(Board.CellChosen, "#enemy")
    def _fire_chosen(self, event: Board.CellChosen) -> None:
        self.fire(event.cell)

    def fire(self, cell: int) -> bool:
        """Fire at ``cell`` unless it is known already; whether the shot was fired."""
        phrases = self.phrases
        notice = self.query_one(Notice)
        view = self.session.view()
        name = phrases.cell(cell)
        if view.fired & bit(cell):
            notice.error(phrases("tui.battle.already_fired", cell=name))
            return False
        if view.known_empty & bit(cell):
            notice.error(phrases("tui.battle.known_empty", cell=name))
            return False
        try:
            _, replies = self.session.fire(cell)
        except SeaBattleError as error:
            notice.error(phrases.error(error))
            return False
        answer = phrases("tui.battle.you_fired", cell=name,
                         answer=self.session.view().shots[-1].answer)
        self._log(answer)
        notice.say(answer)
        self._log_replies(len(replies))
        self._redraw()
        if self.session.view().is_over:
            self.dismiss()
        return True

    # --- resigning ------------------------------------------------------------------

    def action_resign(self) -> None:
        """Give up, once the person confirms it."""
        question = self.phrases("tui.battle.resign_question")
        self.app.push_screen(ConfirmScreen(self.phrases, question), self._resign_confirmed)

    def _resign_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.session.resign()
            self.dismiss()

    # --- drawing ------------------------------------------------------------------

    def _log(self, line: str) -> None:
        self.query_one(RichLog).write(Text(line))

    def _log_replies(self, count: int) -> None:
        """Log the computer's last ``count`` shots."""
        shots = self.session.view().incoming_shots
        for shot in shots[len(shots) - count:]:
            self._log(self.phrases("tui.battle.ai_fired", cell=self.phrases.cell(shot.cell),
                                   answer=shot.answer))

    def _redraw(self) -> None:
        phrases = self.phrases
        view = self.session.view()
        grid = self.rules.grid
        self.query_one("#own", Board).marks = fleet_marks(grid, view.own_fleet, view.incoming)
        self._enemy.marks = enemy_marks(view)
        total = len(self.rules.fleet)
        self.query_one("#own-afloat", Static).update(
            phrases("tui.battle.afloat", count=len(view.own_afloat), total=total))
        self.query_one("#own-fleet", FleetStrip).present = view.own_afloat
        self.query_one("#enemy-afloat", Static).update(
            phrases("tui.battle.afloat", count=view.enemy_afloat_count, total=total))
        enemy_fleet = self.query_one("#enemy-fleet", FleetStrip)
        enemy_fleet.display = view.enemy_afloat is not None
        enemy_fleet.present = view.enemy_afloat or ()
