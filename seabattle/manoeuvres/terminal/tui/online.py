"""The manoeuvre game against a person on a server (``seabattle play --game manoeuvres
--online URL`` or ``--join LINK``): :class:`OnlineManoeuvreScreen`.

The online app (:mod:`seabattle.netplay`) hands every message of the protocol to
:class:`OnlineManoeuvreScreen`, which waits for the opponent (showing the invitation link
of a private game), opens the same set-up screen as against the computer (its pieces go
as ``deploy``) and the same field (:class:`OnlineBattle`, a
:class:`~seabattle.manoeuvres.terminal.tui.battle.FieldScreen`), whose choices go to the
server as the messages the state's ``legal`` lists. The server decides everything: the
screen draws the latest ``state`` (read by :mod:`~seabattle.manoeuvres.terminal.
online_state`) and tells the events in the log as they come; a refusal is shown as the
server words it. Ctrl+G says a chat phrase, Ctrl+N offers (or accepts) a rematch once the
game is over, Ctrl+R resigns.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import RichLog, Static

from seabattle.errors import SeaBattleError
from seabattle.i18n import Language
from seabattle.i18n import Text as Translated
from seabattle.manoeuvres.actions import Action, Deploy
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.events import Event
from seabattle.manoeuvres.online.projection import message_of
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.terminal.online_state import OnlineState, event_of
from seabattle.manoeuvres.terminal.tui.battle import FieldScreen, opponent_cells
from seabattle.manoeuvres.terminal.tui.setup import SetupScreen
from seabattle.manoeuvres.views import ManoeuvreView, Phase
from seabattle.terminal.game_log import GameLog
from seabattle.terminal.hook import OnlineScreen
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.online import ChatScreen, Message, OnlineLink, opening_line, waiting_line
from seabattle.terminal.phrases import Phrasebook

GAME_WORDS = {"resigned", "timeout", "abandoned"}
"""The room's own reasons a game ends (the others are the engine's outcome keys)."""


def outcome_line(phrases: Phrasebook, seat: int | None, winner: int | None, reason: str) -> str:
    """Who won and why, for the player in ``seat``."""
    why = Translated(f"tui.online.reason.{reason}" if reason in GAME_WORDS else reason)
    if winner is None:
        return phrases("manoeuvres.tui.online.draw", reason=why)
    return phrases("tui.online.won" if winner == seat else "tui.online.lost", reason=why)


class OnlineBattle(FieldScreen):
    """The field of a game on a server: the latest ``state`` drawn, the player's choices
    sent as the messages of the state's ``legal``."""

    BINDINGS = [
        Binding("ctrl+g", "chat", "tui.key.chat"),
        Binding("ctrl+n", "rematch", "tui.key.rematch"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    def __init__(self, link: OnlineLink, state: OnlineState, phrases: Phrasebook) -> None:
        self.link = link
        self.state = state
        self._sent = False
        """An action went to the server: its answer drops the choice made for it."""
        self._unsaid: list[str] = []
        """Lines told before the log was mounted."""
        assert state.seat is not None, "a player's screen"
        names = [phrases("tui.online.opponent")] * 2
        names[state.seat] = phrases("tui.online.you")
        line = phrases("manoeuvres.tui.rules_line_online",
                       rules=DEFINITION.rules_title(state.view.rules))
        super().__init__(phrases, line, state.seat, (names[0], names[1]))

    def view(self) -> ManoeuvreView:
        return self.state.view

    def legal(self) -> list[Action]:
        return list(self.state.legal) if self.link.online else []

    def waiting(self) -> str | None:
        if not self.link.online:
            return self.phrases("tui.online.reconnecting")
        view = self.view()
        if view.phase is Phase.PLAY and view.to_move != self.seat:
            return self.phrases("manoeuvres.tui.battle.their_turn")
        return None

    def on_mount(self) -> None:
        super().on_mount()
        for line in self._unsaid:
            self.say(line)
        self._unsaid.clear()

    def show(self, state: OnlineState) -> None:
        """Draw ``state``, the latest the server sent."""
        self.state = state
        if self._sent:
            self._sent = False
            self._taken()
        else:
            self._fresh_orders()
        self._redraw()

    def take(self, action: Action) -> None:
        """Send ``action`` to the server (its refusal comes back as an error)."""
        notice = self.query_one(Notice)
        if not self.link.send(message_of(action)):
            notice.error(self.phrases("tui.online.not_sent"))
            return
        notice.clear()
        self._sent = True
        self.last = set()

    def resign(self) -> None:
        if not self.link.send({"type": "resign"}):
            self.query_one(Notice).error(self.phrases("tui.online.not_sent"))

    def tell(self, events: list[Event]) -> None:
        self.last |= opponent_cells(events, 1 - self.seat)
        if self.drawn:
            super().tell(events)
        else:
            self._unsaid += [line for line in map(self.narrator.say, events) if line]

    def say(self, line: str) -> None:
        """Write ``line`` in the log (once it is mounted)."""
        if self.drawn:
            self.query_one("#log", RichLog).write(Text(line))
        else:
            self._unsaid.append(line)

    def turn_line(self, view: ManoeuvreView) -> str:
        p = self.phrases
        state = self.state
        # Drawn in the set-up only under the set-up screen or once the pieces are sent: set up.
        opening = opening_line(p, self.link.address, state.phase, state.game, state.invite, True,
                               "manoeuvres.tui.online.setup_wait")
        if state.result is not None:
            line = outcome_line(p, self.seat, *state.result) + " " + p("tui.online.rematch_keys")
        elif opening is not None:
            line = opening
        else:
            line = super().turn_line(view)
        if state.deadline_in is not None and state.result is None:
            line += " " + p("tui.online.seconds", seconds=round(state.deadline_in))
        if not state.opponent_online and state.result is None:
            line += " " + p("tui.online.opponent_away")
        return line

    def action_chat(self) -> None:
        """Say one of the server's chat phrases to the opponent."""
        def chosen(phrase: str | None) -> None:
            if phrase is not None and not self.link.send({"type": "chat", "phrase": phrase}):
                self.query_one(Notice).error(self.phrases("tui.online.not_sent"))

        self.app.push_screen(ChatScreen(self.phrases, self.link.chat_phrases), chosen)

    def action_rematch(self) -> None:
        """Offer a rematch (or accept the opponent's) once the game is over."""
        if self.state.result is None:
            self.query_one(Notice).error(self.phrases("manoeuvres.tui.online.not_over"))
        elif not self.link.send({"type": "rematch"}):
            self.query_one(Notice).error(self.phrases("tui.online.not_sent"))


class OnlineManoeuvreScreen(OnlineScreen):
    """Waits for a seat and an opponent, then leads the set-up and the field of each game
    (a rematch's too), handing them the server's messages in order."""

    BINDINGS = [Binding("q,й", "app.quit", "tui.key.quit")]

    def __init__(self, link: OnlineLink, language: Language) -> None:
        super().__init__()
        self.link = link
        self.language: Language = language
        self.rules: ManoeuvreRules = PRESETS["skirmish"]
        self.phrases = Phrasebook(language, coordinates(self.rules, language))
        self.state: OnlineState | None = None
        self.battle: OnlineBattle | None = None
        self.setup: SetupScreen | None = None
        self.deploy_sent = False

    def compose(self) -> ComposeResult:
        p = self.phrases
        yield Static(p("manoeuvres.tui.online.title"), id="title", markup=False)
        yield Static(p("tui.online.connecting"), id="status", markup=False)
        yield GameLog()
        with Vertical(id="bottom"):
            yield Notice(id="message")
            yield KeyHelp(p)

    def connection_changed(self, online: bool) -> None:
        if not online:
            self._notice().error(self.phrases("tui.online.reconnecting"))
        else:
            self._notice().clear()

    def receive(self, message: Message) -> None:
        kind = message.get("type")
        try:
            if kind == "state":
                self._take_state(OnlineState.read(message))
            elif kind == "error":
                self._refused(message)
            elif kind == "rematch_started":
                self._say(self.phrases("tui.online.rematch_started"))
                self.link.follow(str(message["game"]))
            else:
                self._told(message)
        except SeaBattleError as error:
            self._notice().error(self.phrases.error(error))

    # --- the messages -------------------------------------------------------------------

    def _notice(self) -> Notice:
        """The message line of the screen on top (the set-up's, the field's or this)."""
        top = self.app.screen
        found = top.query(Notice)
        return found.first() if found else self.query_one(Notice)

    def _say(self, line: str) -> None:
        if self.battle is not None:
            self.battle.say(line)
        else:
            self.query_one("#log", RichLog).write(Text(line))

    def _take_state(self, state: OnlineState) -> None:
        if self.state is not None and self.state.game != state.game:
            self._close_game()  # a rematch: a fresh set-up and field
        if state.view.rules != self.rules:
            self.rules = state.view.rules
            self.phrases = Phrasebook(self.language, coordinates(self.rules, self.language))
        self.state = state
        if state.phase == "waiting" or state.seat is None:
            self.query_one("#status", Static).update(
                waiting_line(self.phrases, self.link.address, state.game, state.invite))
            return
        if self.battle is None:
            self.battle = OnlineBattle(self.link, state, self.phrases)
            self.app.push_screen(self.battle)
        self.battle.show(state)
        ready = state.view.ready[state.seat]
        if state.phase == "setup" and not ready and not self.deploy_sent and self.setup is None:
            self._open_setup(state.seat)
        elif ready and self.setup is not None:
            self.setup.dismiss(None)  # set up by the server when the time ran out

    def _open_setup(self, seat: int) -> None:
        line = self.phrases("manoeuvres.tui.rules_line_online",
                            rules=DEFINITION.rules_title(self.rules))
        self.setup = SetupScreen(self.rules, seat, random.Random(), self.phrases, line)

        def deployed(action: Deploy | None) -> None:
            self.setup = None
            if action is None:
                return
            if self.link.send(message_of(action)):
                self.deploy_sent = True
            else:
                self._notice().error(self.phrases("tui.online.not_sent"))
                self._open_setup(seat)

        self.app.push_screen(self.setup, deployed)

    def _close_game(self) -> None:
        """Leave the game that ended for the next one (the rematch)."""
        while self.app.screen is not self:
            self.app.pop_screen()
        self.battle = None
        self.setup = None
        self.deploy_sent = False

    def _refused(self, message: Message) -> None:
        code = str(message.get("code", ""))
        self._notice().error(str(message.get("message") or code))
        if code.startswith("manoeuvres.error.setup") and self.state is not None \
                and self.state.seat is not None:
            self.deploy_sent = False  # the set-up was refused: make it again
            if self.setup is None:
                self._open_setup(self.state.seat)

    def _told(self, message: Message) -> None:
        p = self.phrases
        kind = message.get("type")
        seat = None if self.state is None else self.state.seat
        who = p("tui.online.you" if message.get("seat") == seat else "tui.online.opponent")
        event = event_of(message)
        if event is not None:
            if self.battle is not None:
                self.battle.tell([event])
            return
        if kind == "game_over":
            self._say(outcome_line(p, seat, message.get("winner"), str(message.get("reason"))))
        elif kind == "defence_due" and message.get("seat") == seat:
            self._say(p("manoeuvres.tui.battle.defend"))
        elif kind == "opponent_joined":
            self._say(p("tui.online.joined"))
        elif kind == "chat":
            self._say(p("tui.online.chat", who=who,
                        phrase=Translated(str(message.get("phrase")))))
        elif kind == "timeout":
            self._say(p("tui.online.timeout", who=who, strikes=message.get("strikes")))
        elif kind == "rematch_offered":
            self._say(p("tui.online.rematch_you" if message.get("seat") == seat
                        else "tui.online.rematch_offered"))
