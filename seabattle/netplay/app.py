"""The online game's Textual app: a seat on a server, the socket, and the game's screen.

The app asks the lobby for a seat (in a worker thread: the request may take a while and
the screen must not freeze), then keeps a :class:`~seabattle.netplay.connection.Connection`
running in a worker and hands every message to the game's online screen (found by the
game's name: :meth:`~seabattle.terminal.hook.ScreenSet.online_screen`). It is the
screen's :class:`~seabattle.terminal.online.OnlineLink`: it sends for it, follows a
rematch to the next game, and tells it when the socket opens and breaks.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

from seabattle.errors import SeaBattleError
from seabattle.games.registry import DEFAULT_GAME
from seabattle.i18n import Language, translate
from seabattle.netplay.connection import Connection, Status
from seabattle.netplay.lobby import Ticket
from seabattle.terminal.guide import show_guide
from seabattle.terminal.hook import OnlineScreen, ScreenSet
from seabattle.terminal.layout import fit_height
from seabattle.terminal.online import Message
from seabattle.terminal.registry import find_screen_set

TUI_CSS = Path(__file__).parent.parent / "tui" / "app.tcss"
"""The full-screen shell's styles, which the online game's screens share."""


class OnlineApp(App[int]):
    """A game against a person on a server; exits 0 (1 when no seat could be had)."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "tui.key.quit", priority=True),
                Binding("ctrl+c", "quit", show=False, priority=True)]

    def __init__(self, seat: Callable[[], Ticket], language: Language,
                 game: str = DEFAULT_GAME, *, guide: bool = False) -> None:
        screens: ScreenSet[Any, Any, Any] = find_screen_set(game)
        super().__init__(css_path=[TUI_CSS, *screens.css_paths()])
        self.screens = screens
        self.language = language
        self.game_name = game
        self._seat = seat
        self.guide = guide
        """Whether to say how to play over the first screen (:mod:`seabattle.terminal.guide`)."""
        self.connection: Connection | None = None
        self.game_screen: OnlineScreen | None = None
        self.problem: str | None = None
        """Why no game could be played (the server refused, could not be reached)."""
        self._sending: set[asyncio.Task[bool]] = set()

    # --- the OnlineLink ---------------------------------------------------------------

    @property
    def online(self) -> bool:
        return self.connection is not None and self.connection.online

    @property
    def address(self) -> str:
        return "" if self.connection is None else self.connection.ticket.server

    @property
    def chat_phrases(self) -> tuple[str, ...]:
        return () if self.connection is None else self.connection.ticket.chat

    def send(self, message: Message) -> bool:
        if self.connection is None or not self.connection.online:
            return False
        task = asyncio.create_task(self.connection.send(message))
        self._sending.add(task)  # kept until sent: a task nobody holds may be collected
        task.add_done_callback(self._sending.discard)
        return True

    def follow(self, game: str) -> None:
        if self.connection is not None:
            self.run_worker(self.connection.follow(game), group="follow")

    # --- running --------------------------------------------------------------------

    def on_mount(self) -> None:
        self.title = translate("tui.title", self.language)
        fit_height(self, self.size.height)
        screen = self.screens.online_screen(self, self.language)
        if screen is None:
            raise SeaBattleError("error.online_game", game=self.game_name)
        self.game_screen = screen
        self.push_screen(screen)
        show_guide(self, self.screens, screen.phrases, self.guide)
        self.run_worker(self._start(), group="connection")

    async def _start(self) -> None:
        try:
            ticket = await asyncio.to_thread(self._seat)
        except SeaBattleError as error:
            self.problem = error.message(self.language)
            self.exit(return_code=1)
            return
        self.connection = Connection(ticket, self.language, self._receive, self._status)
        await self.connection.run()

    def _receive(self, message: Message) -> None:
        if self.game_screen is not None:
            self.game_screen.receive(message)

    def _status(self, status: Status) -> None:
        if self.game_screen is not None and status in (Status.ONLINE, Status.RECONNECTING):
            self.game_screen.connection_changed(status is Status.ONLINE)

    def on_resize(self, event: events.Resize) -> None:
        fit_height(self, event.size.height)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The set-up screen's "other rules…" key: a game on a server keeps its rules.
        return None if action == "choose_settings" else True

    async def action_quit(self) -> None:
        if self.connection is not None:
            await self.connection.close()
        self.exit()




def run_online(seat: Callable[[], Ticket], language: Language,
               game: str = DEFAULT_GAME, *, guide: bool = False) -> int:
    """Play online full-screen; the exit status (1, said why, when no seat was had).
    ``guide``: say how to play first (:func:`~seabattle.terminal.guide.guide_due`)."""
    app = OnlineApp(seat, language, game, guide=guide)
    app.run()
    if app.problem is not None:
        print(f"seabattle: {app.problem}", file=sys.stderr)
        return 1
    return app.return_code or 0
