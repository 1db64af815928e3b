"""The battle: the field as the player sees it, their actions by keyboard and mouse, the
computer's answers, the log.

Choosing one of one's pieces (Enter, space or a click) marks the cells the engine's legal
actions for it reach (:mod:`~seabattle.manoeuvres.terminal.tui.orders`); choosing such a
cell takes the action. ``e`` ends a turn after a move (or lets a bonus turn go), ``b``
sets the chosen bomb off where the cursor is (on the bomb: where it stands), ``d``
answers an attack on one's group with the ships chosen, ``m``/``M`` mark a guess on the
unknown enemy piece under the cursor, ``z`` shows the zones, Escape drops the choice,
Ctrl+R resigns. :class:`FieldScreen` is all this, whoever the opponent is;
:class:`BattleScreen` plays the computer, which thinks in a worker thread, so the screen
never waits.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import RichLog, Static

from seabattle.errors import SeaBattleError
from seabattle.manoeuvres.actions import Action, Defend, Detonate, EndTurn, Resign
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Event,
    Moved,
    TorpedoFired,
)
from seabattle.manoeuvres.marks import Marks
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.terminal.lines import COMPUTER, HUMAN, ManoeuvreSession
from seabattle.manoeuvres.terminal.text import Narrator
from seabattle.manoeuvres.terminal.tui.field import Field, draw
from seabattle.manoeuvres.terminal.tui.orders import Orders, click, reach
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.game_log import GameLog
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.phrases import Phrasebook

SIDE_PANEL = 26
"""Columns the panel beside the field needs at least (with its margin)."""


def opponent_cells(events: list[Event], opponent: int) -> set[int]:
    """The cells ``opponent`` acted on in ``events``: where its pieces went, what it
    attacked and hit, where its bomb went off."""
    cells: set[int] = set()
    for event in events:
        if isinstance(event, Moved) and event.seat == opponent:
            cells.add(event.target)
            cells.update(target for _source, target in event.towed)
        elif isinstance(event, AttackDeclared) and event.seat == opponent:
            cells.update((event.target, *event.group))
        elif isinstance(event, TorpedoFired) and event.seat == opponent:
            cells.update(cell for cell in (event.source, event.hit) if cell is not None)
        elif isinstance(event, BombExploded) and event.owner == opponent:
            cells.add(event.cell)
    return cells


class FieldScreen(Screen[None]):
    """The field, the panel beside it and the log, and the player's choices on it: what
    every game of manoeuvres on a screen shares, against the computer
    (:class:`BattleScreen`) or a person on a server
    (:class:`~seabattle.manoeuvres.terminal.tui.online.OnlineBattle`). A subclass says
    what the player sees and may do (:meth:`view`, :meth:`legal`), takes the action
    chosen (:meth:`take`) and says what the player waits for (:meth:`waiting`)."""

    BINDINGS = [
        Binding("e,у", "end_turn", "manoeuvres.tui.key.end"),
        Binding("d,в", "defend", "manoeuvres.tui.key.defend"),
        Binding("b,и", "bomb", "manoeuvres.tui.key.bomb"),
        Binding("m,ь", "mark(1)", "manoeuvres.tui.key.mark"),
        Binding("M,Ь", "mark(-1)", "manoeuvres.tui.key.mark", show=False),
        Binding("z,я", "zones", "manoeuvres.tui.key.zones"),
        Binding("escape", "drop", "manoeuvres.tui.key.drop"),
        Binding("ctrl+r", "resign", "tui.key.resign"),
    ]

    def __init__(self, phrases: Phrasebook, rules_line: str, seat: int,
                 names: tuple[str, str]) -> None:
        super().__init__()
        self.phrases = phrases
        self.rules_line = rules_line
        self.seat = seat
        """The player's seat (0: the bottom half)."""
        self.orders = Orders()
        self.marks = Marks()
        """The player's guesses on the enemy's unknown pieces (kept here, never sent)."""
        self.zones = False
        self.last: set[int] = set()
        """The cells the opponent acted on in its last turn."""
        self.narrator = Narrator(phrases.language, phrases.coordinates, names)
        self.drawn = False
        """Mounted: the field and the log may be drawn on (``is_mounted`` is not yet
        true while ``on_mount`` runs)."""

    @property
    def _field(self) -> Field:
        return self.query_one("#field", Field)

    def view(self) -> ManoeuvreView:
        """The game as the player sees it now."""
        raise NotImplementedError

    def legal(self) -> list[Action]:
        """The player's legal actions now (none while it is not their turn)."""
        raise NotImplementedError

    def take(self, action: Action) -> None:
        """Take ``action`` (a refusal is shown in the rules' words and changes nothing)."""
        raise NotImplementedError

    def waiting(self) -> str | None:
        """What the player waits for before acting (``None``: nothing)."""
        return None

    def compose(self) -> ComposeResult:
        p = self.phrases
        rules = self.view().rules
        yield Static(p("manoeuvres.tui.battle.title"), id="title", markup=False)
        main = VerticalScroll(id="main")
        main.can_focus = False  # the field keeps the focus
        with main:
            yield Static(self.rules_line, id="rules", markup=False)
            with Horizontal(id="fields"):
                field = Field(p.coordinates, (), id="field")
                field.border_title = p("manoeuvres.tui.field.battle")
                field.cursor = min(rules.setup_cells(self.seat))
                field.fit(self.app.size.width - SIDE_PANEL)
                yield field
                with Vertical(id="side"):
                    yield Static(id="turn", markup=False)
                    yield Static(id="chosen", markup=False)
                    yield Static(id="under", markup=False)
                    yield Static(id="lost", markup=False)
            yield GameLog()
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(p)

    def on_mount(self) -> None:
        # An app closing as the screen mounts may have taken its widgets already.
        self.drawn = bool(self.query(Field)) and bool(self.query(RichLog))
        if self.drawn:
            self._field.focus()
            self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        if self.drawn:
            self._field.fit(event.size.width - SIDE_PANEL)

    # --- the player's choices -----------------------------------------------------------

    def _taken(self) -> None:
        """After the player's action: the moved piece stays chosen for the attack or shot
        that may follow, else the choice is dropped."""
        view = self.view()
        self.orders = Orders((view.moved,)) if view.stage is Stage.AFTER_MOVE \
            and view.moved is not None and view.to_move == self.seat else Orders()
        self._fresh_orders()

    def _fresh_orders(self) -> None:
        """When the player must answer an attack, the target is chosen to fight."""
        view = self.view()
        if view.stage is Stage.DEFENCE and view.to_move == self.seat \
                and view.pending is not None:
            self.orders = Orders((view.pending.target,))

    @on(Field.CellChosen, "#field")
    def _chosen(self, event: Field.CellChosen) -> None:
        notice = self.query_one(Notice)
        waiting = self.waiting()
        if waiting is not None:
            notice.error(waiting)
            return
        view = self.view()
        orders, action = click(self.legal(), view, self.orders, event.cell)
        if action is not None:
            self.take(action)
            return
        if orders == self.orders and not orders.chosen:
            piece = view.piece_at(event.cell)
            notice.error(self.phrases("manoeuvres.tui.battle.choose_own" if piece is None
                                      or piece.owner == self.seat else
                                      "manoeuvres.tui.battle.choose_own_mark"))
            return
        self.orders = orders
        notice.say(self._orders_line(view) if orders.chosen else "")
        self._redraw()

    def action_end_turn(self) -> None:
        """End the turn after a move, or let a bonus turn go."""
        self.take(EndTurn())

    def action_defend(self) -> None:
        """Answer the attack on one's group with the ships chosen."""
        self.take(Defend(tuple(sorted(self.orders.chosen))))

    def action_bomb(self) -> None:
        """Set the chosen bomb off where the cursor is (on the bomb: where it stands),
        once the player confirms it (what the rules refuse is refused at once)."""
        view = self.view()
        piece = None if self.orders.piece is None else view.piece_at(self.orders.piece)
        if piece is None or piece.kind is not Kind.BOMB:
            self.query_one(Notice).error(self.phrases("manoeuvres.tui.battle.choose_bomb"))
            return
        cursor = self._field.cursor
        action = Detonate(piece.cell, None if cursor == piece.cell else cursor)
        if action not in self.legal():
            self.take(action)  # refused, saying why
            return
        question = self.phrases("manoeuvres.tui.battle.bomb_question",
                                cell=self.phrases.cell(cursor))

        def answered(yes: bool | None) -> None:
            if yes:
                self.take(action)

        self.app.push_screen(ConfirmScreen(self.phrases, question), answered)

    def action_mark(self, step: int) -> None:
        """Mark the unknown enemy piece under the cursor with the next (previous) kind, or
        take the mark off after the last."""
        view = self.view()
        cell = self._field.cursor
        kinds: list[Kind | None] = [kind for kind, count in view.rules.pieces if count > 0]
        kinds.append(None)
        current = self.marks.on(view).get(cell)
        guess = kinds[(kinds.index(current) + step) % len(kinds)]
        try:
            self.marks = self.marks.mark(view, cell, guess)
        except SeaBattleError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            return
        self.query_one(Notice).say(
            self.phrases("manoeuvres.tui.battle.marked_off", cell=self.phrases.cell(cell))
            if guess is None else self.phrases("manoeuvres.tui.battle.marked",
                                               cell=self.phrases.cell(cell), kind=guess.title))
        self._redraw()

    def action_zones(self) -> None:
        """Show or hide the zones of torpedo boats, destroyers and bombs."""
        self.zones = not self.zones
        self.query_one(Notice).say(self.phrases(
            "manoeuvres.tui.battle.zones_on" if self.zones else "manoeuvres.tui.battle.zones_off"))
        self._redraw()

    def action_drop(self) -> None:
        """Drop the pieces chosen (not the target of an attack being answered)."""
        self.orders = Orders()
        self._fresh_orders()
        self.query_one(Notice).clear()
        self._redraw()

    def action_resign(self) -> None:
        """Resign, once the player confirms it."""
        def answered(yes: bool | None) -> None:
            if yes:
                self.resign()

        self.app.push_screen(ConfirmScreen(self.phrases,
                                           self.phrases("manoeuvres.tui.battle.resign")),
                             answered)

    def resign(self) -> None:
        """Give the game up (confirmed)."""
        self.take(Resign())

    @on(Field.CursorMoved, "#field")
    def _cursor_moved(self) -> None:
        self._describe_cursor()

    # --- telling and drawing ------------------------------------------------------------

    def tell(self, events: list[Event]) -> None:
        """Write ``events`` in the log, in words."""
        log = self.query_one("#log", RichLog)
        for event in events:
            said = self.narrator.say(event)
            if said is not None:
                log.write(Text(said))

    def _orders_line(self, view: ManoeuvreView) -> str:
        """What is chosen, in words: the piece or group, and the tow."""
        p = self.phrases
        first = view.piece_at(self.orders.chosen[0])
        if first is None or first.kind is None:
            return ""
        cells = ", ".join(p.cell(cell) for cell in self.orders.chosen)
        line = p("manoeuvres.tui.battle.chosen", kind=first.kind.title, cells=cells)
        if self.orders.tow:
            line += " " + p("manoeuvres.tui.battle.towing",
                            cells=", ".join(p.cell(cell) for cell in self.orders.tow))
        return line

    def turn_line(self, view: ManoeuvreView) -> str:
        """Whose turn it is and what it allows, in words."""
        p = self.phrases
        if view.phase is Phase.OVER:
            return p("manoeuvres.tui.battle.over")
        if self.waiting() is not None or view.to_move != self.seat:
            return p("manoeuvres.tui.battle.their_turn")
        if view.stage is Stage.DEFENCE:
            return p("manoeuvres.tui.battle.defend")
        if view.stage is Stage.AFTER_MOVE:
            return p("manoeuvres.tui.battle.after_move")
        if view.stage is Stage.BONUS:
            return p("manoeuvres.tui.battle.bonus")
        return p("manoeuvres.tui.battle.your_turn")

    def _describe_cursor(self) -> None:
        fields = self.query(Field)
        if not fields:  # not mounted yet, or going away
            return
        p = self.phrases
        view = self.view()
        cell = fields.first().cursor
        piece = view.piece_at(cell)
        name = p.cell(cell)
        if piece is None:
            line = p("manoeuvres.tui.cell.empty", cell=name)
        elif piece.kind is not None:
            line = p("manoeuvres.tui.cell.own" if piece.owner == self.seat
                     else "manoeuvres.tui.cell.enemy", cell=name, kind=piece.kind.title)
        else:
            guess = self.marks.on(view).get(cell)
            line = p("manoeuvres.tui.cell.unknown_moved" if piece.moved
                     else "manoeuvres.tui.cell.unknown", cell=name)
            if guess is not None:
                line += " " + p("manoeuvres.tui.cell.guess", kind=guess.title)
        self.query_one("#under", Static).update(line)

    def _redraw(self) -> None:
        if not self.drawn:
            return
        view = self.view()
        legal = self.legal()
        field = self._field
        field.cells = draw(view, self.phrases.language, self.marks.on(view),
                           zones=self.zones, chosen=self.orders.chosen, tow=self.orders.tow,
                           reach=reach(legal, self.orders, view) if legal else {},
                           last=self.last)
        self.query_one("#turn", Static).update(self.turn_line(view))
        self.query_one("#chosen", Static).update(
            self._orders_line(view) if self.orders.chosen else "")
        lost = self.phrases("manoeuvres.tui.battle.lost", own=len(view.lost[self.seat]),
                            enemy=len(view.lost[1 - self.seat]))
        self.query_one("#lost", Static).update(lost)
        self._describe_cursor()


class BattleScreen(FieldScreen):
    """The player (seat 0) against the computer until the game is over; dismissed then.
    The computer thinks in a worker thread, so the screen never waits for it."""

    BINDINGS = [Binding("q,й", "app.quit", "tui.key.quit")]

    def __init__(self, session: ManoeuvreSession, phrases: Phrasebook, rules_line: str) -> None:
        self.session = session
        self.state = session.state
        self.thinking = False
        """The computer is choosing (in a worker): the player's keys wait."""
        self._seen = session.state.view(HUMAN)
        super().__init__(phrases, rules_line, HUMAN,
                         (phrases("manoeuvres.plain.you"), phrases("manoeuvres.plain.computer")))

    def view(self) -> ManoeuvreView:
        """The game as the player sees it now; while the computer thinks (in its worker,
        changing the state), as it was when it began."""
        if not self.thinking:
            self._seen = self.state.view(HUMAN)
        return self._seen

    def legal(self) -> list[Action]:
        return list(self.state.legal_actions(HUMAN) or ()) if not self.thinking else []

    def waiting(self) -> str | None:
        return self.phrases("manoeuvres.tui.battle.wait") if self.thinking else None

    def turn_line(self, view: ManoeuvreView) -> str:
        if self.thinking or view.phase in (Phase.SETUP, Phase.LOT):
            return self.phrases("manoeuvres.tui.battle.thinking")
        return super().turn_line(view)

    def on_mount(self) -> None:
        super().on_mount()
        self._computer()

    # --- the computer -------------------------------------------------------------------

    def _computer(self) -> None:
        """Let chance and the computer act (in a worker thread) until the player must."""
        if self.session.over:
            self.dismiss(None)
            return
        if HUMAN in self.state.actors.seats:
            return
        self.view()
        self.thinking = True
        self._redraw()
        self.run_worker(self._think, thread=True, exclusive=True, group="computer")

    def _think(self) -> None:
        events = self.session.advance()
        self.app.call_from_thread(self._computer_done, events)

    def _computer_done(self, events: list[Event]) -> None:
        self.thinking = False
        self.last = opponent_cells(events, COMPUTER)
        self.tell(events)
        self._fresh_orders()
        if self.session.over:
            self.dismiss(None)
            return
        self._redraw()

    # --- the player's actions -----------------------------------------------------------

    def take(self, action: Action) -> None:
        """Take ``action`` through the engine; a refusal is shown in its words and
        changes nothing."""
        notice = self.query_one(Notice)
        waiting = self.waiting()
        if waiting is not None:
            notice.error(waiting)
            return
        try:
            events = self.state.apply(HUMAN, action)
        except SeaBattleError as error:
            notice.error(self.phrases.error(error))
            return
        notice.clear()
        self.last = set()
        self.tell(events)
        self._taken()
        self._redraw()
        self._computer()
