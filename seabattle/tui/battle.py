"""The battle screen: both fields, the answers, the person's shots and the hint heat map."""

from __future__ import annotations

import random
import threading

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static
from textual.worker import get_current_worker

from seabattle.ai.posterior import Posterior
from seabattle.coords import bit
from seabattle.errors import SeaBattleError
from seabattle.session import HUMAN, VsComputer
from seabattle.tui.board import HOTTEST, Board, FleetStrip, Legend, fit_side_by_side
from seabattle.tui.confirm import ConfirmScreen
from seabattle.tui.keys import KeyHelp
from seabattle.tui.marks import Mark, enemy_marks, fleet_marks, heat_shares
from seabattle.tui.notice import Notice
from seabattle.tui.phrases import Phrasebook
from seabattle.view import PlayerView


class BattleScreen(Screen[None]):
    """The person fires until the game is over; dismissed then.

    A shot is a typed cell (Enter), or the cell under the cursor on the enemy
    field (arrows, then Enter with nothing typed, or a click). Cells already fired
    at or known to be empty are refused here, before the engine is asked, and
    cost nothing.

    Ctrl+T shows or hides the admiral's heat map over the enemy field (the
    chance of a ship in each open cell, from the joint posterior of
    :mod:`seabattle.ai.posterior`), recomputed after each shot while shown. It is
    computed in a worker thread, so the screen never waits for it, and every
    position it is shown in is noted in the record as a hint.
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
        # Not a letter: letters go into the cell entry (and h, р are column letters).
        Binding("ctrl+t", "toggle_heat", "tui.key.heat"),
    ]

    def __init__(self, session: VsComputer, phrases: Phrasebook, opening: int) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.phrases = phrases
        self.opening = opening
        """How many shots the computer fired before the person's first."""
        self.heat_shown = False
        """Whether the person asked to see the heat map (it may still be on its way)."""
        self._posterior: Posterior | None = None
        # Only one worker thread at a time may run the posterior's chains.
        self._posterior_lock = threading.Lock()

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
                heat_info = Static(id="heat-info", markup=False)
                heat_info.display = False
                yield heat_info
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

    # --- the hint heat map ------------------------------------------------------------

    def action_toggle_heat(self) -> None:
        """Show the admiral's heat map over the enemy field, or hide it."""
        self.heat_shown = not self.heat_shown
        if self.heat_shown:
            self._request_heat()
        else:
            self._enemy.heat = None
            self.query_one("#heat-info", Static).display = False

    def _request_heat(self) -> None:
        """Note the hint and start computing the map for the position now."""
        view = self.session.view()
        if view.is_over:
            return
        moment = self._moment()
        if self.session.hints[-1:] != [moment]:  # once per position, however often toggled
            self.session.note_hint()
        seed = random.Random(f"{self.session.seed}:hint:{moment}").getrandbits(63)
        self._compute_heat(view, moment, seed)

    # A hint that cannot be computed must never end the game: no exit on error.
    @work(thread=True, exclusive=True, group="heat", exit_on_error=False)
    def _compute_heat(self, view: PlayerView, moment: int, seed: int) -> None:
        chances: tuple[float, ...] | None
        try:
            with self._posterior_lock:
                if self._posterior is None:
                    self._posterior = Posterior(self.rules)
                chances = tuple(self._posterior.estimate(view, seed).probabilities)
        except (RuntimeError, ValueError):  # rules the posterior cannot model
            chances = None
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_heat, moment, chances)

    def _show_heat(self, moment: int, chances: tuple[float, ...] | None) -> None:
        # A map that arrives after another shot, or once hidden, is out of date.
        if not self.heat_shown or moment != self._moment() or not self.is_attached:
            return
        info = self.query_one("#heat-info", Static)
        info.display = True
        if chances is None:
            self._enemy.heat = None
            info.update(self.phrases("tui.heat.failed"))
            return
        enemy = self._enemy
        enemy.heat = chances
        shares = heat_shares(enemy.marks, chances)
        hottest = [cell for cell, share in enumerate(shares) if share == 1.0]
        if hottest:
            info.update(self.phrases("tui.heat.info", symbol=HOTTEST,
                                     cell=self.phrases.cell(hottest[0]),
                                     chance=chances[hottest[0]]))
        else:
            info.update(self.phrases("tui.heat.nothing"))

    def _moment(self) -> int:
        """The position's number: events so far (what the record's hints count)."""
        game = self.session.game
        return 0 if game is None else len(game.events)

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
        if self.heat_shown:
            self._request_heat()
