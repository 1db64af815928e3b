"""Battleship against a person on a server, full-screen (``seabattle play --online``/``--join``).

One screen follows the game from the server's messages (:mod:`seabattle.netplay` keeps the
socket): waiting for the opponent (with the invitation link to pass on), the set-up (the
same :class:`~seabattle.battleship.terminal.tui.setup.SetupScreen` as against the
computer, pushed over it; its fleet is sent as ``place``), the battle, the end and the
rematch. It draws only what the latest ``state`` says
(:mod:`~seabattle.battleship.terminal.online_state`) and tells the events in the log as
they come; the server decides every rule, and its refusals are shown as it words them.
A shot is refused here only where the state already says it cannot be played (not the
player's turn, a cell fired at), so nothing is sent that would only come back refused.

Keys beyond aiming and firing: Ctrl+G says a chat phrase, Ctrl+R resigns (confirmed),
Ctrl+N offers or accepts a rematch once the game is over, Ctrl+W claims the win while the
opponent has been away longer than the grace period, Ctrl+E keeps a hit Flying Dutchman
where it is; Ctrl+Q leaves (the server's timers end a game left behind).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from rich.text import Text as RichText
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, RichLog, Static

from seabattle.battleship.cell_lists import cell_lists_in_rules_order
from seabattle.battleship.fleet import Fleet, Ship, random_fleet
from seabattle.battleship.marks import Mark, variant_marks
from seabattle.battleship.rules import PRESETS, Rules
from seabattle.battleship.terminal.online_state import OnlineState, enemy_marks, own_marks
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui.aiming import AimingScreen
from seabattle.battleship.terminal.tui.board import (
    AIM_AND_FIRE,
    Board,
    FleetStrip,
    Legend,
    MarkPainter,
    draw_for,
    fit_side_by_side,
)
from seabattle.battleship.terminal.tui.marks import with_aimed
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.coords import Coordinates, bit
from seabattle.errors import SeaBattleError
from seabattle.games.chance import entropy
from seabattle.i18n import Language, Text
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.game_log import GameLog
from seabattle.terminal.hook import OnlineScreen
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.online import ChatScreen, Message, OnlineLink, opening_line


class OnlineSetup:
    """What the set-up screen asks of a game: its rules and a random fleet (drawn from
    :func:`~seabattle.games.chance.entropy`: nothing for the opponent to foresee)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.level: str | None = None
        """No computer plays: the rules line names none."""

    def random_fleet(self, placed: Sequence[Ship] = ()) -> Fleet:
        """A random fleet keeping the ships already ``placed``."""
        return random_fleet(self.rules, entropy(), placed)


class OnlineBattleshipScreen(OnlineScreen, AimingScreen):
    """A game of Battleship against a person on a server (see the module)."""

    AUTO_FOCUS = "#shot"
    BINDINGS = [
        *AIM_AND_FIRE,
        Binding("ctrl+g", "chat", "tui.key.chat"),
        Binding("ctrl+r", "resign", "tui.key.resign"),
        Binding("ctrl+n", "rematch", "tui.key.rematch"),
        Binding("ctrl+w", "claim", "tui.key.claim"),
        Binding("ctrl+e", "stay", "tui.key.stay", priority=True),
    ]

    phrases: BattleshipPhrases

    def __init__(self, link: OnlineLink, language: Language) -> None:
        super().__init__()
        self.link = link
        classic = PRESETS["classic"]  # until the first state says which rules are played
        self.phrases = BattleshipPhrases(language, Coordinates(classic.grid,
                                                               classic.alphabet_for(language)))
        self.state: OnlineState | None = None
        self.deadline: float | None = None
        """When the running timer ends (``time.monotonic``), from the state's ``deadline_in``."""
        self.aimed: list[int] = []
        """Cells chosen for a salvo (or the Flying Dutchman's new place) not yet sent."""
        self.setup: SetupScreen | None = None
        self.fleet_sent = False
        """Whether this game's fleet went to the server (its state may not say so yet)."""
        self.online = False
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()

    # --- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        yield Static(phrases("tui.online.title"), id="title", markup=False)
        main = VerticalScroll(id="main")
        main.can_focus = False
        with main:
            yield Static(id="rules", markup=False)
            yield Static(phrases("tui.online.connecting"), id="turn", markup=False)
            yield Horizontal(id="fields")
            yield GameLog()
        with Vertical(id="bottom"):
            with Horizontal(id="entry"):
                yield Static(phrases("tui.battle.prompt"), id="prompt", markup=False)
                yield Input(placeholder=phrases.placeholder(deciding=False), id="shot",
                            max_length=40, compact=True)
            yield Notice(id="message")
            yield KeyHelp(phrases)

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.run_worker(self._take_messages(), group="messages")

    async def _take_messages(self) -> None:
        """Take the messages in the order they came, each once the last is drawn (a new
        rule set's fields are mounted before its state is drawn on them)."""
        while True:
            message = await self._inbox.get()
            await self._take(message)

    def on_resize(self, event: events.Resize) -> None:
        fit_side_by_side(self.query(Board), *event.size)

    async def _build_fields(self, state: OnlineState) -> None:
        """The two fields, their fleets and the legend, for the rules of ``state``."""
        fields = self.query_one("#fields", Horizontal)
        await fields.remove_children()
        await self.query(Legend).remove()
        language = self.phrases.language
        phrases = BattleshipPhrases(language, Coordinates(state.rules.grid,
                                                          state.rules.alphabet_for(language)))
        self.phrases = phrases
        vessels = [kind for kind in state.rules.fleet if kind.role.is_vessel]
        own = Board(phrases.coordinates, own_marks(state), focusable=False, show_cursor=False,
                    id="own")
        own.border_title = phrases("tui.field.yours")
        enemy = Board(phrases.coordinates, enemy_marks(state), focusable=False, id="enemy")
        enemy.border_title = phrases("tui.online.field_opponent")
        fit_side_by_side((own, enemy), *self.app.size)
        own_side = Vertical(own, Static(id="own-afloat", markup=False),
                            FleetStrip(vessels, (), present_mark=Mark.SHIP, absent_mark=Mark.SUNK,
                                       id="own-fleet"), classes="side")
        enemy_side = Vertical(enemy, Static(id="enemy-afloat", markup=False),
                              FleetStrip(vessels, (), present_mark=Mark.SHIP,
                                         absent_mark=Mark.SUNK, id="enemy-fleet"),
                              classes="side")
        await fields.mount(own_side, enemy_side)
        await self.query_one("#main", VerticalScroll).mount(
            Legend(phrases, variant_marks(state.rules)), after=fields)
        draw_for(self.query(MarkPainter), state.rules)

    # --- messages from the server ---------------------------------------------------

    def connection_changed(self, online: bool) -> None:
        self.online = online
        if not online:
            self.query_one(Notice).error(self.phrases("tui.online.reconnecting"))
        else:
            self.query_one(Notice).clear()
        self._status()

    def receive(self, message: Message) -> None:
        self._inbox.put_nowait(message)

    async def _take(self, message: Message) -> None:
        kind = message.get("type")
        if kind == "state":
            try:
                await self._take_state(OnlineState.read(message))
            except SeaBattleError as error:
                self.query_one(Notice).error(self.phrases.error(error))
            return
        if kind == "error":
            self.query_one(Notice).error(str(message.get("message") or message.get("code")))
            if str(message.get("code", "")).startswith(("error.placement", "error.fleet")):
                self.fleet_sent = False  # the fleet was refused: place it again
                if self.state is not None and self.state.phase == "setup":
                    self._open_setup(self.state.rules)
            return
        if kind == "rematch_started":
            self._log(self.phrases("tui.online.rematch_started"))
            self.link.follow(str(message["game"]))
            return
        line = self.told(message)
        if line:
            self._log(line)

    def told(self, message: Message) -> str | None:
        """An event of the game in words (``None``: nothing to tell)."""
        phrases, kind = self.phrases, message.get("type")
        seat = message.get("seat")
        mine = self.state is not None and seat == self.state.seat
        who = phrases("tui.online.you" if mine else "tui.online.opponent")
        if kind == "shot":
            ship_kind = None if self.state is None else self.state.sunk_kind(
                message.get("ship"), message.get("sunk_cells"))
            answer = (Text("shot.sunk_named", {"ship": ship_kind.title})
                      if message.get("result") == "sunk" and ship_kind is not None
                      else Text(f"shot.{message.get('result')}"))
            return phrases("tui.online.shot", who=who, cell=self._cell(message.get("cell")),
                           answer=answer)
        if kind == "chat":
            return phrases("tui.online.chat", who=who, phrase=Text(str(message.get("phrase"))))
        if kind == "opponent_joined":
            return phrases("tui.online.joined")
        if kind == "fleet_ready":
            key = "tui.online.fleet_ready_auto" if message.get("auto") else "tui.online.fleet_ready"
            return phrases(key, who=who)
        if kind == "battle_started":
            first = self.state is not None and message.get("first") == self.state.seat
            return phrases("tui.online.you_first" if first else "tui.online.opponent_first")
        if kind == "timeout":
            return phrases("tui.online.timeout", who=who, strikes=message.get("strikes"))
        if kind == "rematch_offered":
            return phrases("tui.online.rematch_you" if mine else "tui.online.rematch_offered")
        if kind == "game_over":
            return self._outcome(message.get("winner"), str(message.get("reason")))
        if kind in ("handover", "mine_revealed", "ship_moved", "decision_due"):
            return phrases(f"tui.online.{kind}", who=who,
                           cell=self._cell(message.get("cell")))
        return None

    def _cell(self, cell: object) -> str:
        return self.phrases.cell(cell) if isinstance(cell, int) else "—"

    def _outcome(self, winner: object, reason: str) -> str:
        seat = self.state.seat if self.state is not None else None
        key = "tui.online.won" if winner == seat else "tui.online.lost"
        return self.phrases(key, reason=Text(f"tui.online.reason.{reason}"))

    async def _take_state(self, state: OnlineState) -> None:
        first = self.state is None or self.state.game != state.game
        if first or self.state is None or self.state.rules != state.rules:
            await self._build_fields(state)
        if first:
            self.aimed, self.fleet_sent = [], False
        self.state = state
        self.deadline = (None if state.deadline_in is None
                         else time.monotonic() + float(state.deadline_in))
        rules = self.phrases.rules(state.rules, None)
        self.query_one("#rules", Static).update(rules)
        if first:  # also in the log, where a short terminal (no rules line) shows it
            self._log(rules)
        if (state.phase == "setup" and state.own.fleet is None and state.you is not None
                and not self.fleet_sent):
            self._open_setup(state.rules)
        elif self.setup is not None:  # placed, or the set-up time ran out: a fleet was drawn
            setup, self.setup = self.setup, None
            if setup.is_current:
                setup.dismiss(None)
        self._redraw()
        self.refresh_bindings()

    def _open_setup(self, rules: Rules) -> None:
        if self.setup is not None:
            return
        self.setup = SetupScreen(OnlineSetup(rules), self.phrases)
        self.app.push_screen(self.setup, self._placed)

    def _placed(self, fleet: Fleet | None) -> None:
        state = self.state
        if fleet is None or state is None:
            return
        self.setup = None
        self.fleet_sent = self.link.send({"type": "place",
                                          "ships": cell_lists_in_rules_order(state.rules, fleet)})
        if not self.fleet_sent:
            self.query_one(Notice).error(self.phrases("tui.online.not_sent"))
            self._open_setup(state.rules)

    # --- the player's moves ---------------------------------------------------------

    def _send(self, message: Message) -> bool:
        if self.link.send(message):
            return True
        self.query_one(Notice).error(self.phrases("tui.online.not_sent"))
        return False

    def deciding(self) -> bool:
        state = self.state
        return state is not None and state.pending is not None and state.pending.seat == state.seat

    def collecting(self) -> bool:
        return bool(self.aimed)

    def choose(self, cell: int) -> bool:
        """A cell chosen: a shot (or one of a salvo's), or a decision's cell; whether
        something was sent."""
        state, phrases, notice = self.state, self.phrases, self.query_one(Notice)
        if state is None:
            return False
        if self.deciding():
            return self._decide(state, cell)
        if state.turn_action is None:
            notice.error(phrases("tui.online.not_your_turn" if state.phase == "battle"
                                 else "tui.online.not_battle"))
            return False
        if state.enemy.fired & bit(cell):
            notice.error(phrases("tui.battle.already_fired", cell=phrases.cell(cell)))
            return False
        if not state.turn_cells & bit(cell):
            notice.error(phrases("tui.battle.known_empty", cell=phrases.cell(cell)))
            return False
        if state.turn_action == "fire":
            sent = self._send({"type": "fire", "cell": cell})
            if sent:
                notice.clear()
            return sent
        return self._gather(cell, state.shots_due, "fire_salvo", "cells")

    def _decide(self, state: OnlineState, cell: int) -> bool:
        pending = state.pending
        assert pending is not None
        if pending.decision != "move_ship":
            return self._send({"type": "decide", "cell": cell})
        return self._gather(cell, pending.size or 0, "decide", "cells")

    def _gather(self, cell: int, wanted: int, kind: str, field: str) -> bool:
        """Choose ``cell`` for a move of ``wanted`` cells (again: take it back), sending the
        move once there are as many; whether it was sent."""
        if cell in self.aimed:
            self.aimed.remove(cell)
        else:
            self.aimed.append(cell)
        sent = False
        if len(self.aimed) >= wanted:
            cells, self.aimed = self.aimed, []
            sent = self._send({"type": kind, field: cells})
        self._redraw()
        return sent

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state
        if action == "rematch":
            return state is not None and state.phase == "over" and not state.rematch[state.seat]
        if action == "claim":
            return state is not None and self._claimable(state)
        if action == "stay":
            return (self.deciding() and state is not None and state.pending is not None
                    and state.pending.decision == "move_ship")
        if action == "resign":
            return state is not None and state.phase in ("setup", "battle")
        return True

    def _claimable(self, state: OnlineState) -> bool:
        away = state.players[state.opponent].away_for
        return (state.phase in ("setup", "battle") and away is not None
                and away >= state.grace_seconds)

    def action_chat(self) -> None:
        """Pick a chat phrase and say it."""
        def say(phrase: str | None) -> None:
            if phrase:
                self._send({"type": "chat", "phrase": phrase})
        self.app.push_screen(ChatScreen(self.phrases, self.link.chat_phrases), say)

    def action_resign(self) -> None:
        """Give up, once confirmed."""
        def confirmed(yes: bool | None) -> None:
            if yes:
                self._send({"type": "resign"})
        question = self.phrases("tui.online.resign_question")
        self.app.push_screen(ConfirmScreen(self.phrases, question), confirmed)

    def action_rematch(self) -> None:
        """Offer a rematch, or accept the one offered."""
        self._send({"type": "rematch"})

    def action_claim(self) -> None:
        """Claim the win: the opponent has been away longer than the grace period."""
        self._send({"type": "claim_win"})

    def action_stay(self) -> None:
        """Keep the hit Flying Dutchman where it is."""
        self.aimed = []
        self._send({"type": "decide", "stay": True})

    # --- drawing ----------------------------------------------------------------------

    def _log(self, line: str) -> None:
        self.query_one(RichLog).write(RichText(line))

    def _tick(self) -> None:
        self._status()
        if self.state is not None and self.state.players[self.state.opponent].away_for:
            self.refresh_bindings()

    def _seconds_left(self) -> int | None:
        if self.deadline is None:
            return None
        return max(0, round(self.deadline - time.monotonic()))

    def _status(self) -> None:
        """The line saying whose turn it is, the timer, and the opponent's presence."""
        state, phrases = self.state, self.phrases
        opening = None if state is None else opening_line(
            phrases, self.link.address, state.phase, state.game, state.invite,
            state.own.fleet is not None)
        if state is None:
            line = phrases("tui.online.connecting")
        elif opening is not None:
            line = opening
        elif state.phase == "over":
            line = self._outcome(state.winner, str(state.reason))
            line += " " + phrases("tui.online.rematch_keys")
        elif self.deciding():
            line = phrases("tui.online.decide", options=", ".join(
                phrases.cell(c) for c in (state.pending.options if state.pending else ())))
        elif state.turn_action is not None:
            line = (phrases("tui.battle.salvo", count=state.shots_due, chosen=len(self.aimed),
                            cells=" ".join(phrases.cell(c) for c in self.aimed) or "—")
                    if state.turn_action == "fire_salvo" else phrases("tui.online.your_turn"))
        else:
            line = phrases("tui.online.their_turn")
        seconds = self._seconds_left()
        if state is not None and seconds is not None and state.phase in ("setup", "battle"):
            line += " " + phrases("tui.online.seconds", seconds=seconds)
        if state is not None and state.phase not in ("waiting", "over"):
            opponent = state.players[state.opponent]
            if opponent.joined and not opponent.online:
                line += " " + phrases("tui.online.opponent_away")
        if not self.online and state is not None:
            line += " " + phrases("tui.online.reconnecting")
        self.query_one("#turn", Static).update(line)

    def _redraw(self) -> None:
        state, phrases = self.state, self.phrases
        if state is None:
            return
        deciding = self.deciding()
        own, enemy = self.board(True), self.board(False)
        own.marks = with_aimed(own_marks(state), self.aimed if deciding else [])
        own.show_cursor = deciding
        enemy.marks = with_aimed(enemy_marks(state), [] if deciding else self.aimed)
        enemy.show_cursor = not deciding and state.phase == "battle"
        total = sum(kind.role.is_vessel for kind in state.rules.fleet)
        names = {kind.name or kind.role.value: kind for kind in state.rules.fleet}
        for side, board in (("own", state.own), ("enemy", state.enemy)):
            self.query_one(f"#{side}-afloat", Static).update(
                phrases("tui.battle.afloat", count=board.afloat_count, total=total))
            strip = self.query_one(f"#{side}-fleet", FleetStrip)
            strip.display = board.afloat is not None
            strip.present = tuple(names[name] for name in board.afloat or () if name in names)
        self.query_one("#prompt", Static).update(
            phrases("tui.battle.prompt_decide" if deciding else "tui.battle.prompt"))
        self.query_one("#shot", Input).placeholder = phrases.placeholder(deciding=deciding)
        self._status()
