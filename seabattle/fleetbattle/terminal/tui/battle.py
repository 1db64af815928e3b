"""The battle: both fields, each fleet's figures and ships, the orders panel for what the
battle waits for, the dice as they fall, and the log.

Every choice goes to the engine as it is made: a cell aimed at, a fireship, «Не
стрелять», the kind of shot are tried as the orders they would make (against the
computer :meth:`~seabattle.fleetbattle.state.FleetBattleState.check`, online the
server's ``check_orders``), and what the engine refuses is refused on the message line
in its words, changing nothing. The screen keeps only the orders being put together;
the battle is the session's state (:class:`FleetBattleScreen`) or the server's
(:mod:`.online`), both drawn by :class:`OrdersScreen`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from rich.text import Text as RichText
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from seabattle.coords import bit
from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Grapple,
    Orders,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.events import Contest, Event, FireshipRolled, FireStarted
from seabattle.fleetbattle.ships import Ammo, Mode
from seabattle.fleetbattle.terminal.lines import HUMAN, FleetSession
from seabattle.fleetbattle.terminal.text import totals_line
from seabattle.fleetbattle.terminal.tui.field import FleetField, arrows
from seabattle.fleetbattle.terminal.tui.marks import enemy_cells, legend, own_cells
from seabattle.fleetbattle.terminal.tui.phrases import FleetPhrases
from seabattle.fleetbattle.terminal.tui.rows import between, between_items
from seabattle.fleetbattle.views import FleetView, Phase
from seabattle.i18n import Text
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.game_log import GameLog
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice

DICE_PAUSE = 0.4
"""Seconds between one die falling and the next, so that the player sees each fall."""
PANEL = 30
"""Columns the list of ships beside the fields takes with the ships' names."""
COMPACT_PANEL = 16
"""Columns it takes with their letters only."""
FIELDS_FRAME = 8
"""Columns around the two fields: their margins and the row's padding."""

_FIRE = (Phase.ORDERS, Phase.PARTING)
PART = " · "
"""What separates the parts of the orders line (the shot, the cells, the fireships)."""


def _digits(action: str, description: str) -> list[Binding]:
    """Keys 1–9 for ``action(n)``, shown once as «1–9»."""
    return [Binding(str(n), f"{action}({n})", description, key_display="1–9", show=n == 1)
            for n in range(1, 10)]


class OrdersScreen(Screen[None]):
    """A fleet battle seen from one seat: both fields, the totals, the seat's ships, the
    orders panel for what the battle asks of it, the dice and the log. Where the battle
    is (in this process, or on a server) is the subclass's: it gives the view, tries and
    gives the orders (:meth:`propose`, :meth:`submit`).

    Long or close range: the arrows and Enter (or a click) aim at enemy cells, ``a``
    changes the kind of shot, the digits (or a click on one's own ship) send ships as
    fireships, ``h`` holds fire, ``x`` fills the rest of the volley at random, ``f``
    gives the orders. Before a turn ``n`` fights on and ``y`` retreats (asked first);
    after a won manoeuvre the digits choose the mode; after a boarding that took a ship
    in part, the digits (or clicks) name the ships to grapple and ``f`` sends them.
    """

    BINDINGS = [
        *arrows("aim", "tui.key.aim"),
        Binding("enter,space", "target", "fleet.tui.key.target", key_display="⏎"),
        Binding("a,ф", "ammo", "fleet.tui.key.ammo"),
        *_digits("fireship", "fleet.tui.key.fireship"),
        *_digits("grapple_ship", "fleet.tui.key.grapple_ship"),
        Binding("1", "mode('long')", "fleet.mode.long"),
        Binding("2", "mode('close')", "fleet.mode.close"),
        Binding("3", "mode('boarding')", "fleet.mode.boarding"),
        Binding("h,р", "hold", "fleet.tui.key.hold"),
        Binding("x,ч", "fill", "fleet.tui.key.fill"),
        Binding("f,а", "give_orders", "fleet.tui.key.orders"),
        Binding("f,а", "grapple", "fleet.tui.key.grapple"),
        Binding("n,т", "retreat(False)", "fleet.tui.key.fight_on"),
        Binding("y,н", "retreat(True)", "fleet.tui.key.retreat"),
        Binding("ctrl+r", "resign", "fleet.tui.key.surrender"),
    ]

    phrases: FleetPhrases
    seat: int
    """The seat played here."""

    def __init__(self) -> None:
        super().__init__()
        self._asked: tuple[Phase, int] | None = None
        """The question the orders below answer (a new one starts them afresh)."""
        self.ammo = Ammo.CANNONBALL
        self.aimed: list[int] = []
        self.fireships: list[int] = []
        self.hold = False
        self.grappling: list[int] = []
        self.compact = False
        """Whether the list of ships names the kinds by their letters only (narrow
        terminals)."""

    # --- what the subclass gives ------------------------------------------------------

    @property
    def view(self) -> FleetView:
        """What the seat knows now."""
        raise NotImplementedError

    @property
    def asking(self) -> Phase | None:
        """What the battle waits for from the seat now (``None``: nothing)."""
        raise NotImplementedError

    def shots(self) -> int:
        """The cells the fleet fires this turn with the fireships named."""
        raise NotImplementedError

    def legal_cells(self, ammo: Ammo) -> list[int]:
        """The enemy cells ``ammo`` may be fired at (the engine's list)."""
        raise NotImplementedError

    def propose(self, orders: Orders, accept: Callable[[], None]) -> None:
        """Have ``orders`` tried by the engine: ``accept`` them if it would take them,
        else say its refusal on the message line."""
        raise NotImplementedError

    def submit(self, action: Action) -> None:
        """Give ``action`` to the battle (refusals said on the message line)."""
        raise NotImplementedError

    def helper_rng(self) -> random.Random:
        """Where ``x`` draws the rest of a volley from."""
        raise NotImplementedError

    # --- layout -----------------------------------------------------------------------

    @property
    def _own(self) -> FleetField:
        return self.query_one("#own", FleetField)

    @property
    def _enemy(self) -> FleetField:
        return self.query_one("#enemy", FleetField)

    def compose(self) -> ComposeResult:
        p = self.phrases
        yield Static(id="title", markup=False)
        main = VerticalScroll(id="main")
        main.can_focus = False
        with main:
            yield Static(id="rules", markup=False)
            with Horizontal(id="fields"):
                yield from self.fields()
                yield Static(id="ships", markup=False)
            yield Static(legend(p.language), id="legend", markup=False)
            yield Static(id="totals", markup=False)
            dice = Static(id="dice", markup=False)
            dice.display = False  # until the first roll
            yield dice
            yield Static(id="orders", markup=False)
            yield GameLog()
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(p)

    def fields(self) -> ComposeResult:
        """The two fields, if the rules are known (online: once the first state came)."""
        return iter(())

    def make_fields(self, view: FleetView) -> tuple[FleetField, FleetField]:
        """The seat's field and the enemy's, drawn from ``view``."""
        p = self.phrases
        own = FleetField(p.coordinates, own_cells(view, p.language), show_cursor=False,
                         id="own")
        own.border_title = p("tui.field.yours")
        enemy = FleetField(p.enemy, enemy_cells(view, self.seat, p.language), id="enemy")
        enemy.border_title = p("fleet.tui.field.enemy")
        return own, enemy

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width)
        if self.is_mounted:
            self.redraw()  # the orders line breaks where the new width needs it

    def fit(self, width: int) -> None:
        """The widest cells with which both fields and the list of ships fit side by
        side: three columns, or two, with the ships' names in the list if it keeps
        :data:`PANEL` columns, else their letters only (:data:`COMPACT_PANEL`); one
        column as the last resort."""
        fields = tuple(self.query(FleetField))
        if not fields:
            return
        choices = ((3, False), (2, False), (2, True), (1, False), (1, True))
        for cells, compact in choices:
            taken = sum(field.width_with(cells) for field in fields) + FIELDS_FRAME
            if width - taken >= (COMPACT_PANEL if compact else PANEL) or cells == 1 and compact:
                break
        for field in fields:
            field.cell_width = cells
        if compact != self.compact:
            self.compact = compact
            if self.is_mounted:
                self.redraw()

    # --- the orders being put together -------------------------------------------------

    def new_question(self) -> None:
        """Start the orders afresh when the battle asks something new."""
        view = self.view
        asked = (view.phase, view.turn)
        if asked == self._asked:
            return
        self._asked = asked
        self.ammo = Ammo.CANNONBALL
        self.aimed, self.fireships, self.grappling = [], [], []
        self.hold = False

    def _orders(self) -> Orders:
        """The orders put together so far."""
        return Orders(self.ammo, tuple(self.aimed), tuple(self.fireships), self.hold)

    def _mode(self) -> Mode:
        """The mode the orders are for (a parting volley is fired at long range)."""
        view = self.view
        return Mode.LONG if view.phase is Phase.PARTING or view.mode is None else view.mode

    def say(self, line: str, dice: str = "") -> None:
        """Log ``line``; with ``dice`` (their faces), show it on the dice line too (one
        row, cut with «…» where the terminal is narrow: the log has it whole)."""
        if dice:
            line = f"{dice}  {line}"
            shown = self.query_one("#dice", Static)
            shown.update(line)
            shown.display = True
        self.query_one(GameLog).write(RichText(line))

    def refuse(self, reason: str) -> None:
        """Say why something was refused."""
        self.query_one(Notice).error(reason)

    # --- keys -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        asking = self.asking
        if action in ("aim", "target", "ammo", "fill", "give_orders"):
            return asking in _FIRE
        if action in ("fireship", "hold"):
            return asking is Phase.ORDERS and (action == "hold" or self.view.fireship_limit > 0)
        if action in ("grapple_ship", "grapple"):
            return asking is Phase.GRAPPLE
        if action == "mode":
            if asking is not Phase.MODE:
                return False
            return True if Mode(str(parameters[0])) in self.view.modes else None
        if action == "retreat":
            return asking is Phase.RETREAT
        if action == "resign":
            return self.view.phase not in (Phase.OVER, Phase.SETUP)
        return True

    def action_aim(self, rows: int, columns: int) -> None:
        """Move the cursor on the enemy's field."""
        self._enemy.move_cursor(rows, columns)

    def action_target(self) -> None:
        """Aim at the cell under the cursor, or stop aiming at it."""
        self.target(self._enemy.cursor)

    @on(FleetField.CellChosen, "#enemy")
    def _enemy_clicked(self, event: FleetField.CellChosen) -> None:
        if self.asking in _FIRE:
            self.target(event.cell)

    @on(FleetField.CellChosen, "#own")
    def _own_clicked(self, event: FleetField.CellChosen) -> None:
        own = self.view.own or ()
        ship = next((s.index for s in own if s.cells & bit(event.cell)), None)
        if ship is None:
            return
        if self.asking is Phase.ORDERS:
            self.action_fireship(ship + 1)
        elif self.asking is Phase.GRAPPLE:
            self.action_grapple_ship(ship + 1)

    def target(self, cell: int) -> None:
        """Add ``cell`` to the volley, or take it out; the engine refuses what the rules
        forbid (a cell this kind of shot hit, more cells than the fleet fires)."""
        if cell in self.aimed:
            self.aimed.remove(cell)
            self.query_one(Notice).clear()
            self.redraw()
            return

        def accept() -> None:
            # Online the answer comes later: the volley may have grown meanwhile.
            if cell not in self.aimed and len(self.aimed) < self.shots():
                self.aimed.append(cell)
            self.redraw()

        self.propose(replace(self._orders(), cells=(*self.aimed, cell)), accept)

    def action_ammo(self) -> None:
        """The mode's next kind of shot; cells it may not hit are dropped, and named."""
        kinds = self._mode().ammunition
        self.ammo = kinds[(kinds.index(self.ammo) + 1) % len(kinds)] \
            if self.ammo in kinds else kinds[0]
        legal = set(self.legal_cells(self.ammo))
        dropped = [cell for cell in self.aimed if cell not in legal]
        self.aimed = [cell for cell in self.aimed if cell in legal]
        p = self.phrases
        self.query_one(Notice).say(p("fleet.tui.orders.ammo", ammo=p.text(self.ammo.text)) + (
            " " + p("fleet.tui.orders.dropped", cells=", ".join(
                p.enemy_cell(c) for c in dropped)) if dropped else ""))
        self.redraw()

    def action_fireship(self, number: int) -> None:
        """Send ship ``number`` as a fireship, or keep it back."""
        index = number - 1
        if index in self.fireships:
            self.fireships.remove(index)
            self.query_one(Notice).clear()
            self.redraw()
            return

        def accept() -> None:
            if index not in self.fireships:
                self.fireships.append(index)
            self.redraw()

        self.propose(replace(self._orders(), fireships=(*self.fireships, index)), accept)

    def action_hold(self) -> None:
        """«Не стрелять»: no volley this turn (the cells aimed at are let go), or fire
        after all."""
        self.hold = not self.hold
        if self.hold:
            self.aimed = []
        self.query_one(Notice).say(self.phrases(
            "fleet.tui.orders.holding" if self.hold else "fleet.tui.orders.firing"))
        self.redraw()

    def action_fill(self) -> None:
        """Aim the rest of the volley at random cells this kind of shot may hit."""
        self.hold = False
        free = [cell for cell in self.legal_cells(self.ammo) if cell not in self.aimed]
        room = self.shots() - len(self.aimed)
        if room > 0:
            self.aimed += self.helper_rng().sample(free, min(room, len(free)))
        self.redraw()

    def action_give_orders(self) -> None:
        """Give the orders put together (a volley of no cell only when the fleet has no
        shot, or with «Не стрелять»)."""
        if not self.aimed and not self.hold and self.shots() > 0:
            self.refuse(self.phrases("fleet.tui.orders.nothing" if self.asking is Phase.ORDERS
                                     else "fleet.tui.orders.nothing_parting"))
            return
        self.submit(self._orders())

    def action_grapple_ship(self, number: int) -> None:
        """Name ship ``number`` among those to grapple, or take it back."""
        index = number - 1
        if index in self.grappling:
            self.grappling.remove(index)
        else:
            refusal = self.grapple_refusal(index)
            if refusal is not None:
                self.refuse(refusal)
                return
            self.grappling.append(index)
        self.query_one(Notice).clear()
        self.redraw()

    def grapple_refusal(self, index: int) -> str | None:
        """Why ship ``index`` may not grapple, in words (``None``: it may)."""
        raise NotImplementedError

    def action_grapple(self) -> None:
        """Grapple with the ships named."""
        self.submit(Grapple(tuple(self.grappling)))

    def action_mode(self, mode: str) -> None:
        """Choose the turn's mode."""
        self.submit(ChooseMode(Mode(mode)))

    def action_retreat(self, retreat: bool) -> None:
        """Fight on, or retreat (asked first: the battle is lost)."""
        if not retreat:
            self.submit(RetreatChoice(False))
            return
        question = self.phrases("fleet.tui.retreat_question")
        self.app.push_screen(ConfirmScreen(self.phrases, question), self._retreat_confirmed)

    def _retreat_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.submit(RetreatChoice(True))

    def action_resign(self) -> None:
        """Surrender, once the player confirms it."""
        question = self.phrases("fleet.tui.surrender_question")
        self.app.push_screen(ConfirmScreen(self.phrases, question), self._resign_confirmed)

    def _resign_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.submit(Resign())

    # --- drawing ----------------------------------------------------------------------

    def title_line(self, view: FleetView) -> str:
        """The title: the turn and its mode (or what the battle is at)."""
        p = self.phrases
        mode = p.text(view.mode.text if view.mode is not None
                      else Text(f"fleet.phase.{view.phase.value}"))
        return p("fleet.tui.battle.title", turn=view.turn, mode=mode)

    def redraw(self) -> None:
        """Draw the battle as the seat knows it now."""
        if not self.query(FleetField):
            return
        p = self.phrases
        view = self.view
        asking = self.asking
        seat = self.seat
        chosen = self.grappling if asking is Phase.GRAPPLE else self.fireships
        self._own.cells = tuple(own_cells(view, p.language, chosen))
        reveal = None if view.placements is None else view.placements[1 - seat]
        self._enemy.cells = tuple(enemy_cells(view, seat, p.language, self.aimed, reveal))
        self._enemy.show_cursor = asking in _FIRE
        self.query_one("#title", Static).update(self.title_line(view))
        names = (p("fleet.plain.you"), p("fleet.plain.enemy"))
        totals = [totals_line(view.sides[side], names[side != seat], p.language)
                  for side in (seat, 1 - seat)]
        for group in view.grapples:
            totals.append(p("fleet.tui.grapple_line", ours=", ".join(
                p.kind(k) for k in group[seat]), theirs=", ".join(
                p.kind(k) for k in group[1 - seat])))
        self.query_one("#totals", Static).update("\n".join(totals))
        self.query_one("#ships", Static).update(self._ships_text(view))
        self.show_orders(self.orders_text(view, asking))
        self.refresh_bindings()

    def show_orders(self, line: str) -> None:
        """Put ``line`` on the orders line, broken only between its parts where it does
        not fit one row: the shot, the cells, the fireships of a volley; the modes to
        choose from (never «3» apart from «boarding»)."""
        orders = self.query_one("#orders", Static)
        width = orders.content_region.width or self.size.width - 2
        if PART in line:
            line = between(line.split(PART), width, joint=PART, lead="· ")
        elif self.asking is Phase.MODE:
            line = between_items(line, width)
        orders.update(line)

    def _ships_text(self, view: FleetView) -> str:
        p = self.phrases
        chosen = self.grappling if self.asking is Phase.GRAPPLE else self.fireships
        lines = [p("fleet.tui.your_ships_short" if self.compact else "fleet.tui.your_ships")]
        lines += [p.ship_line(ship, ship.index == view.flagship,
                              " ↯" if ship.index in chosen else "", named=not self.compact)
                  for ship in view.own or ()]
        enemy = view.sides[1 - self.seat]
        panel = self.query_one("#ships", Static).content_region.width
        enemy_ships = p("fleet.tui.enemy_ships", ships=p.make_up(
            view.rules.pieces(1 - self.seat), letters=self.compact))
        lines.append(between_items(enemy_ships, panel) if panel else enemy_ships)
        lines += [f"  {p.kind(ship.kind)} — {p(f'fleet.status.{ship.status.value}')}"
                  for ship in enemy.lost]
        return "\n".join(lines)

    def orders_text(self, view: FleetView, asking: Phase | None) -> str:
        """What the battle asks of the seat, and the orders put together so far."""
        p = self.phrases
        if asking is None:
            return p("fleet.tui.orders.waiting")
        if asking is Phase.RETREAT:
            return p("fleet.tui.orders.retreat", turn=view.turn)
        if asking is Phase.MODE:
            return p("fleet.tui.orders.mode", modes=", ".join(
                f"{n} {p.text(mode.text)}" for n, mode in enumerate(Mode, start=1)
                if mode in view.modes))
        if asking is Phase.GRAPPLE:
            return p("fleet.tui.orders.grapple", kind="" if view.taken is None
                     else p.kind(view.taken), ships=self._named(self.grappling))
        ammo = " ".join(f"[{p.text(a.text)}]" if a is self.ammo else p.text(a.text)
                        for a in self._mode().ammunition)
        if self.hold:
            line = p("fleet.tui.orders.hold")
        else:
            line = p("fleet.tui.orders.volley", ammo=ammo, count=len(self.aimed),
                     shots=self.shots(),
                     cells=", ".join(p.enemy_cell(c) for c in self.aimed) or "—")
        if asking is Phase.PARTING:
            return p("fleet.tui.orders.parting") + " " + line
        if view.fireship_limit:
            line += " " + p("fleet.tui.orders.fireships", count=len(self.fireships),
                            limit=view.fireship_limit, ships=self._named(self.fireships))
        return line

    def _named(self, ships: list[int]) -> str:
        own = self.view.own or ()
        return ", ".join(f"{i + 1} {self.phrases.kind(own[i].kind)}" for i in ships) or "—"


class FleetBattleScreen(OrdersScreen):
    """The battle against the computer, to its end; dismissed then. The battle is the
    session's state: each choice is tried by its ``check``, each action applied, and the
    screen moves chance and the computer on one step at a time (:meth:`proceed`)."""

    def __init__(self, session: FleetSession, phrases: FleetPhrases) -> None:
        super().__init__()
        self.session = session
        self.state = session.state
        self.rules = session.state.rules
        self.phrases = phrases
        self.seat = HUMAN
        self.narrator = phrases.narrator(self.rules)
        self.pause = DICE_PAUSE
        """Seconds between dice (0: all at once)."""
        self.rolling = False
        """Whether the dice are still falling (the player's keys wait)."""
        self._timer: Timer | None = None
        self._told = 0

    @property
    def view(self) -> FleetView:
        return self.state.view(HUMAN)

    @property
    def asking(self) -> Phase | None:
        if self.rolling or HUMAN not in self.state.actors.seats:
            return None
        return self.state.phase

    def shots(self) -> int:
        return self.state.shots(HUMAN, self.fireships)

    def legal_cells(self, ammo: Ammo) -> list[int]:
        return self.state.legal_cells(HUMAN, ammo)

    def propose(self, orders: Orders, accept: Callable[[], None]) -> None:
        try:
            self.state.check(HUMAN, orders)
        except SeaBattleError as error:
            self.refuse(self.phrases.enemy_error(error))
            self.redraw()
            return
        self.query_one(Notice).clear()
        accept()

    def grapple_refusal(self, index: int) -> str | None:
        try:
            self.state.check(HUMAN, Grapple((*self.grappling, index)))
        except SeaBattleError as error:
            return self.phrases.enemy_error(error)
        return None

    def submit(self, action: Action) -> None:
        if isinstance(action, Resign) and self._timer is not None:
            self._timer.stop()
            self.rolling = False
        try:
            self.state.apply(HUMAN, action)
        except SeaBattleError as error:
            self.refuse(self.phrases.enemy_error(error))
            return
        self.query_one(Notice).clear()
        self.proceed()

    def helper_rng(self) -> random.Random:
        return self.session.chance

    def fields(self) -> ComposeResult:
        yield from self.make_fields(self.view)

    def on_mount(self) -> None:
        p = self.phrases
        self.query_one("#rules", Static).update(
            p("fleet.tui.rules", rules=p.text(DEFINITION.rules_title(self.rules))) + " "
            + p("fleet.tui.level", level=p(f"fleet.level.{self.session.settings.level}")))
        self.fit(self.app.size.width)
        self.proceed()

    def proceed(self) -> None:
        """Let chance and the computer act until the player must or the battle ends,
        waiting :attr:`pause` after each roll of the dice."""
        self._timer = None
        while self.session.step():
            rolled = self._tell()
            if rolled and self.pause > 0:
                self.rolling = True
                self.redraw()
                self._timer = self.set_timer(self.pause, self.proceed)
                return
        self.rolling = False
        self._tell()
        if self.session.over:
            self.dismiss()
            return
        self.new_question()
        self.redraw()

    def _tell(self) -> bool:
        """Log the events not told yet, each die shown on the dice line too; whether
        dice fell among them."""
        rolled = False
        journal = self.state.journal
        for event in journal[self._told:]:
            said = self.narrator.say(event)
            if said is not None:
                dice = dice_faces(self.phrases, event)
                rolled = rolled or bool(dice)
                self.say(said, dice)
        self._told = len(journal)
        return rolled

    def orders_text(self, view: FleetView, asking: Phase | None) -> str:
        if self.rolling:
            return self.phrases("fleet.tui.orders.rolling")
        return super().orders_text(view, asking)


def dice_faces(phrases: FleetPhrases, event: Event) -> str:
    """The dice of ``event`` as they fell («⚄ 5 | ⚁ 2»); "" for an event without dice."""
    if isinstance(event, Contest):
        return f"{phrases.die(event.dice[0])} | {phrases.die(event.dice[1])}"
    if isinstance(event, FireshipRolled | FireStarted) and event.die is not None:
        return phrases.die(event.die)
    return ""
