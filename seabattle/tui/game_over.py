"""The game-over screen's frame: who won, the game's own account of it, what comes next."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from seabattle.terminal.hook import ScreenSet
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.phrases import Phrasebook


class GameOverScreen(Screen[bool]):
    """The end of a game; dismissed with ``True`` to play again.

    The title and the body (the fields revealed, the figures) are the game's
    (:meth:`~seabattle.terminal.hook.ScreenSet.outcome`,
    :meth:`~seabattle.terminal.hook.ScreenSet.result`); the file the record went to and
    the keys are the shell's.
    """

    BINDINGS = [
        # Not Enter: a player still firing at the end must not skip this screen.
        Binding("n,т", "again", "tui.key.again"),
        Binding("o,щ", "app.choose_settings", "tui.key.new_game"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    def __init__(self, screens: ScreenSet[Any, Any, Any], session: Any, phrases: Phrasebook,
                 saved: Path | None) -> None:
        super().__init__()
        self.screens = screens
        self.session = session
        self.phrases = phrases
        self.saved = saved

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        yield Static(self.screens.outcome(self.session, phrases), id="title", markup=False)
        with VerticalScroll(id="main"):  # arrows and page keys scroll a short terminal
            yield from self.screens.result(self.session, phrases, self.app.size.width)
            if self.saved is not None:
                yield Static(phrases("tui.over.saved", path=str(self.saved)), id="saved",
                             markup=False)
        yield KeyHelp(phrases)

    def on_mount(self) -> None:
        self.query_one("#main").focus()  # so that the keyboard scrolls a short terminal

    def on_resize(self, event: events.Resize) -> None:
        self.screens.fit(self, event.size.width)

    def action_again(self) -> None:
        """Start a new game."""
        self.dismiss(True)
