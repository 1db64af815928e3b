"""The battle screen: both fields, the answers, the person's shots (and salvoes), the
decisions the variants ask for, and the hint heat map."""

from __future__ import annotations

import random
import threading

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, RichLog, Static
from textual.worker import get_current_worker

from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.dutchman import AnyPosterior, posterior_for
from seabattle.battleship.ai.weights import WeightsStrategy
from seabattle.battleship.events import Decision
from seabattle.battleship.session import HUMAN, Told, VsComputer
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.telling import told_params
from seabattle.battleship.terminal.tui.aiming import AimingScreen
from seabattle.battleship.terminal.tui.board import (
    AIM_AND_FIRE,
    HOTTEST,
    Board,
    FleetStrip,
    Legend,
    MarkPainter,
    draw_for,
    fit_side_by_side,
)
from seabattle.battleship.terminal.tui.marks import (
    Mark,
    enemy_marks,
    heat_shares,
    own_marks,
    variant_marks,
    with_aimed,
)
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, iter_cells
from seabattle.errors import SeaBattleError
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.game_log import GameLog
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice


class BattleScreen(AimingScreen):
    """The person fires until the game is over; dismissed then.

    A shot is a typed cell (Enter), or the cell under the cursor on the enemy
    field (arrows, then Enter with nothing typed, or a click). Cells already fired
    at or known to be empty are refused here, before the engine is asked, and
    cost nothing.

    Ctrl+T shows or hides the admiral's heat map over the enemy field (the
    chance of a ship in each open cell, from the joint posterior of
    :mod:`seabattle.battleship.ai.posterior`), recomputed after each shot while shown. It is
    computed in a worker thread, so the screen never waits for it, and every
    position it is shown in is noted in the record as a hint.

    Under salvo rules each chosen cell is marked until the salvo is complete, then
    all are fired together (choosing a marked cell again takes it back). When the
    game waits for the person's decision, the cursor moves to their own field: Enter,
    a click or a typed cell hands over a cell or reveals a mine; for the Flying
    Dutchman the cells chosen are its new place, once there are as many as its decks
    left. Ctrl+O lets the computer choose (the Dutchman moves at random) and Ctrl+E
    keeps the Dutchman where it is.
    """

    AUTO_FOCUS = "#shot"
    BINDINGS = [
        *AIM_AND_FIRE,
        Binding("ctrl+r", "resign", "tui.key.resign"),
        # Not a letter: letters go into the cell entry (and h, р are column letters).
        Binding("ctrl+t", "toggle_heat", "tui.key.heat"),
        # The seed's own debug view: the weight map its AI (medium) fires by.
        Binding("ctrl+w", "toggle_weights", "tui.key.weights", priority=True),
        # Decisions: not letters either (they go into the cell entry), and they must
        # beat the entry's own Ctrl+E (end of line).
        Binding("ctrl+o", "choose_for_me", "tui.key.choose_for_me", priority=True),
        Binding("ctrl+e", "stay", "tui.key.stay", priority=True),
    ]

    def __init__(self, session: VsComputer, phrases: BattleshipPhrases, opening: int) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.phrases = phrases
        self.opening = opening
        """How many shots the computer fired before the person's first."""
        self.heat_shown = False
        self.weights_shown = False
        """Whether the seed's weight map (``medium``'s) is shown over the enemy field."""
        """Whether the person asked to see the heat map (it may still be on its way)."""
        self._posterior: AnyPosterior | None = None
        # Only one worker thread at a time may run the posterior's chains.
        self._posterior_lock = threading.Lock()
        self.aimed: list[int] = []
        """Cells chosen for the salvo being aimed."""
        self.painted: list[int] = []
        """Own cells chosen as the Flying Dutchman's new place."""
        self._told = 0
        """Events of the game told in the log so far."""

    @property
    def _enemy(self) -> Board:
        return self.board(own=False)

    @property
    def _own(self) -> Board:
        return self.board(own=True)

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        view = self.session.view()
        # Mines and minesweepers are no ships: the strips count what must be sunk.
        vessels = [kind for kind in self.rules.fleet if kind.role.is_vessel]
        yield Static(phrases("tui.battle.title"), id="title", markup=False)
        # On a short terminal the fields and the log scroll; the entry, the message and
        # the keys stay at the bottom, in view.
        main = VerticalScroll(id="main")
        main.can_focus = False  # the cell entry keeps the focus, always
        with main:
            yield Static(phrases.rules(self.rules, self.session.level), id="rules", markup=False)
            with Horizontal(id="fields"):
                with Vertical(classes="side"):
                    own = Board(phrases.coordinates, own_marks(view), focusable=False,
                                show_cursor=False, id="own")
                    own.border_title = phrases("tui.field.yours")
                    yield own
                    yield Static(id="own-afloat", markup=False)
                    yield FleetStrip(vessels, view.own_afloat, present_mark=Mark.SHIP,
                                     absent_mark=Mark.SUNK, id="own-fleet")
                with Vertical(classes="side"):
                    enemy = Board(phrases.coordinates, enemy_marks(view), focusable=False,
                                  id="enemy")
                    enemy.border_title = phrases("tui.field.enemy")
                    fit_side_by_side((own, enemy), *self.app.size)
                    yield enemy
                    yield Static(id="enemy-afloat", markup=False)
                    heat_info = Static(id="heat-info", markup=False)
                    heat_info.display = False
                    yield heat_info
                    yield FleetStrip(vessels, view.enemy_afloat or (),
                                     present_mark=Mark.SHIP, absent_mark=Mark.SUNK,
                                     id="enemy-fleet")
            yield Legend(phrases, variant_marks(self.rules))
            # The computer answers at once, so the turn is always the person's here.
            yield Static(phrases("tui.battle.your_turn"), id="turn", markup=False)
            yield GameLog()
        with Vertical(id="bottom"):
            with Horizontal(id="entry"):
                yield Static(phrases("tui.battle.prompt"), id="prompt", markup=False)
                yield Input(placeholder=phrases.placeholder(deciding=False),
                            id="shot", max_length=40, compact=True)
            yield Notice(id="message")
            yield KeyHelp(phrases)

    def on_mount(self) -> None:
        draw_for(self.query(MarkPainter), self.rules)
        first = "tui.battle.you_first" if self.session.first == HUMAN else "tui.battle.ai_first"
        self._log(self.phrases(first))
        self._tell()
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        fit_side_by_side(self.query(Board), *event.size)

    # --- shooting -----------------------------------------------------------------

    def deciding(self) -> bool:
        return self.session.decision_due is not None

    def collecting(self) -> bool:
        return bool(self.aimed or self.painted)

    def choose(self, cell: int) -> bool:
        return self.fire(cell)

    def fire(self, cell: int) -> bool:
        """Fire at ``cell`` unless it is known already (under salvo rules: choose it for
        the salvo, firing once the salvo is complete); whether shots were fired. While
        a decision is due, ``cell`` is a cell of one's own field for it instead."""
        if self.session.decision_due is not None:
            return self.choose_own(cell)
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
        cells = [cell]
        if view.shots_due > 1:
            if cell in self.aimed:
                self.aimed.remove(cell)
            else:
                self.aimed.append(cell)
            if len(self.aimed) < view.shots_due:
                notice.clear()  # the turn line above counts the cells chosen
                self._redraw()
                return False
            cells, self.aimed = self.aimed, []
        try:
            self.session.fire_salvo(cells)
        except SeaBattleError as error:
            notice.error(phrases.error(error))
            return False
        self._after_move()
        return True

    def choose_own(self, cell: int) -> bool:
        """Choose ``cell`` of one's own field for the decision due; whether it was made."""
        due = self.session.decision_due
        if due is Decision.MOVE_SHIP:
            if cell in self.painted:
                self.painted.remove(cell)
            else:
                self.painted.append(cell)
            if len(self.painted) < self._decks_left():
                self._redraw()
                return False
            cells = 0
            for painted in self.painted:
                cells |= bit(painted)
            self.painted = []
            return self.decide(cells)
        return self.decide(cell)

    def decide(self, choice: int | Bitboard | None) -> bool:
        """Make the person's decision (refused, saying why, when the rules forbid it)."""
        try:
            self.session.decide(choice)
        except SeaBattleError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            self._redraw()
            return False
        self._after_move()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose_for_me":
            return self.session.game is not None and self.session.decision_due is not None
        if action == "stay":
            return (self.session.game is not None
                    and self.session.decision_due is Decision.MOVE_SHIP)
        return True

    def action_choose_for_me(self) -> None:
        """Let the computer make the person's decision (the Dutchman moves at random)."""
        if self.session.decision_due is not None:
            self.painted = []
            self.decide(self.session.suggestion())

    def action_stay(self) -> None:
        """Keep the hit Flying Dutchman where it is."""
        if self.session.decision_due is Decision.MOVE_SHIP:
            self.painted = []
            self.decide(None)

    def _decks_left(self) -> int:
        view = self.session.view()
        pending = view.pending
        assert pending is not None and pending.ship is not None
        return (view.fleet_now.ships[pending.ship].cells & ~view.incoming).bit_count()

    def _after_move(self) -> None:
        """Tell what happened, redraw, and leave when the game is over."""
        mine = self._tell()
        if mine:
            self.query_one(Notice).say(" ".join(mine))
        self._redraw()
        self.refresh_bindings()
        if self.session.view().is_over:
            self.dismiss()

    # --- the hint heat map ------------------------------------------------------------

    def action_toggle_heat(self) -> None:
        """Show the admiral's heat map over the enemy field, or hide it."""
        self.heat_shown = not self.heat_shown
        self.weights_shown = False
        if self.heat_shown:
            self._request_heat()
        elif self.weights_shown:
            self._show_weights()
        else:
            self._enemy.heat = None
            self.query_one("#heat-info", Static).display = False

    def action_toggle_weights(self) -> None:
        """Show the weight map of seed 000's program over the enemy field, or hide it."""
        self.weights_shown = not self.weights_shown
        self.heat_shown = False
        if self.weights_shown:
            self._show_weights()
        else:
            self._enemy.heat = None
            self.query_one("#heat-info", Static).display = False

    def _show_weights(self) -> None:
        """The seed's weights now (``medium``'s map, RULES.md §4), shaded like the heat map:
        each open cell's weight in tenths of the heaviest's, the heaviest marked; noted as a
        hint once per position, like the heat map."""
        view = self.session.view()
        info = self.query_one("#heat-info", Static)
        info.display = True
        if view.is_over:
            return
        if not WeightsStrategy.supports(self.rules):
            self._enemy.heat = None
            info.update(self.phrases("tui.weights.failed"))
            return
        if self.session.hints[-1:] != [self._moment()]:
            self.session.note_hint()
        weights = WeightsStrategy(random.Random(0)).weight_map(view)
        heaviest = max(weights)
        self._enemy.heat = tuple(w / heaviest if heaviest else 0.0 for w in weights)
        cell = weights.index(heaviest)
        info.update(self.phrases("tui.weights.info", symbol=HOTTEST, cell=self.phrases.cell(cell),
                                 weight=heaviest))

    def _request_heat(self) -> None:
        """Note the hint and start computing the map for the position now."""
        view = self.session.view()
        if view.is_over:
            return
        if not AdmiralStrategy.supports(self.rules):  # mines, say: no hint, and none recorded
            info = self.query_one("#heat-info", Static)
            info.update(self.phrases("tui.heat.failed"))
            info.display = True
            return
        moment = self._moment()
        if self.session.hints[-1:] != [moment]:  # once per position, however often toggled
            self.session.note_hint()
        seed = random.Random(f"{self.session.seed}:hint:{moment}").getrandbits(63)
        if self._enemy.heat is None:  # the first map of a game can take a few seconds
            info = self.query_one("#heat-info", Static)
            info.update(self.phrases("tui.heat.computing"))
            info.display = True
        self._compute_heat(view, moment, seed)

    # A hint that cannot be computed must never end the game: no exit on error.
    @work(thread=True, exclusive=True, group="heat", exit_on_error=False)
    def _compute_heat(self, view: PlayerView, moment: int, seed: int) -> None:
        chances: tuple[float, ...] | None
        try:
            with self._posterior_lock:
                if self._posterior is None:
                    self._posterior = posterior_for(self.rules)
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

    def _tell(self) -> list[str]:
        """Log the events not told yet; the lines about the person's own shots and what
        they made the enemy's Flying Dutchman do."""
        mine: list[str] = []
        for told in self.session.narrate(self._told):
            line = self.told_text(told)
            self._log(line)
            if told.kind in ("you_fired", "ai_move", "ai_stay"):
                mine.append(line)
        game = self.session.game
        self._told = 0 if game is None else len(game.events)
        return mine

    def told_text(self, told: Told) -> str:
        """One event, in words."""
        key = told.key({"you_fired": "tui.battle.you_fired", "ai_fired": "tui.battle.ai_fired"})
        told = told_params(told, self.session.view())
        return self.phrases(key, **told.named(self.phrases.cell))

    def _salvo_line(self, count: int) -> str:
        chosen = " ".join(self.phrases.cell(c) for c in self.aimed) or "—"
        return self.phrases("tui.battle.salvo", count=count, chosen=len(self.aimed),
                            cells=chosen)

    def _turn_line(self) -> str:
        """What the person is to do now."""
        phrases = self.phrases
        view = self.session.view()
        due = view.decision_due
        if due is Decision.MOVE_SHIP:
            line = (phrases("play.decide_move_ship", size=self._decks_left()) + " "
                    + phrases("tui.battle.move_help", chosen=len(self.painted)))
        elif due is not None:
            options = (view.handover_options() if due is Decision.HANDOVER
                       else view.reveal_options())
            names = ", ".join(phrases.cell(c) for c in iter_cells(options))
            line = (phrases(f"play.decide_{due.value}", options=names) + " "
                    + phrases("tui.battle.decide_help"))
        elif view.shots_due > 1:
            line = self._salvo_line(view.shots_due)
        else:
            line = phrases("tui.battle.your_turn")
        if view.given and due is None:
            line += " " + phrases("play.given", cells=", ".join(
                phrases.cell(c) for c in iter_cells(view.given)))
        if view.revealed_mines and due is None:
            line += " " + phrases("play.revealed", cells=", ".join(
                phrases.cell(c) for c in iter_cells(view.revealed_mines)))
        return line

    def _redraw(self) -> None:
        phrases = self.phrases
        view = self.session.view()
        own = self._own
        own.marks = with_aimed(own_marks(view), self.painted)
        deciding = view.decision_due is not None
        if deciding and not own.show_cursor:  # a decision just became due: start on a choice
            options = (view.handover_options() if view.decision_due is Decision.HANDOVER
                       else view.reveal_options() if view.decision_due is Decision.REVEAL_MINE
                       else 0)
            if options:
                own.cursor = next(iter_cells(options))
        own.show_cursor = deciding
        self._enemy.marks = with_aimed(enemy_marks(view), self.aimed)
        self._enemy.show_cursor = not deciding
        self.query_one("#turn", Static).update(self._turn_line())
        self.query_one("#prompt", Static).update(
            phrases("tui.battle.prompt_decide" if deciding else "tui.battle.prompt"))
        self.query_one("#shot", Input).placeholder = phrases.placeholder(deciding=deciding)
        total = sum(kind.role.is_vessel for kind in self.rules.fleet)
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
        elif self.weights_shown:
            self._show_weights()
