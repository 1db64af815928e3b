"""What a game brings to the full-screen shell (:mod:`seabattle.tui`): a :class:`ScreenSet`.

The shell owns what is the same for every game: the app and its quitting, saving the
record (once a game has begun, and again on the way out), one game after another (a
seeded game's next one seeded with the seed + 1, its record in the next file), the
new-game form's frame (title, the language, Start and Back, refusals on its message line)
and the game-over frame (the outcome, the saved file, ``n``/``o``/``q``). The game's
:class:`ScreenSet` brings the rest: its phrasebook, a session for the settings, the screens
a game is played on, its fields of the new-game form (:class:`SettingsFields`) and the
body of the game-over screen. The shell meets the game's settings and sessions through
:class:`~seabattle.terminal.session.TerminalSettings` and
:class:`~seabattle.terminal.session.TerminalSession` only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from textual.app import App, ComposeResult
from textual.containers import Grid
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Select, Static

from seabattle.i18n import LANGUAGE_NAMES, LANGUAGES, Language
from seabattle.terminal.online import Message, OnlineLink
from seabattle.terminal.phrases import Phrasebook
from seabattle.terminal.session import SessionT, SettingsT

PhrasesT = TypeVar("PhrasesT", bound=Phrasebook)


class SettingsFields(Grid, Generic[SettingsT]):
    """A game's part of the new-game form: its fields as label and field pairs of the
    form's grid, and the settings they describe.

    The language's row is the form's own: a game yields :meth:`language_row` where it
    belongs among its fields. The form starts the game when a button is pressed or Enter
    is hit in a text field, with :meth:`chosen`.
    """

    def __init__(self, settings: SettingsT, phrases: Phrasebook) -> None:
        super().__init__(id="new-game")
        self.settings = settings
        self.phrases = phrases

    def language_row(self) -> ComposeResult:
        """The language: its label and its choice, on the settings' language at first."""
        yield Static(self.phrases("tui.new.language"), classes="label")
        yield Select([(LANGUAGE_NAMES[language], language) for language in LANGUAGES],
                     value=self.settings.language, allow_blank=False, id="language")

    @property
    def language(self) -> Language:
        """The language chosen."""
        return "ru" if self.query_one("#language", Select).value == "ru" else "en"

    def first_field(self) -> Widget | None:
        """The field that has the focus when the form opens: the first that can."""
        return next((widget for widget in self.query("*") if widget.focusable), None)

    def chosen(self) -> SettingsT:
        """The settings the form describes; raises
        :class:`~seabattle.errors.SeaBattleError` saying why when the game refuses them."""
        raise NotImplementedError


class ScreenSet(ABC, Generic[SettingsT, SessionT, PhrasesT]):
    """One game's screens for the full-screen shell."""

    @abstractmethod
    def phrasebook(self, settings: SettingsT) -> PhrasesT:
        """The phrasebook every screen of a game with ``settings`` speaks through."""

    @abstractmethod
    def new_session(self, settings: SettingsT, seed: int | None) -> SessionT:
        """A new game with ``settings`` (``seed``, when given, instead of the settings')."""

    def next_session(self, settings: SettingsT, seed: int | None, previous: SessionT
                     ) -> SessionT:
        """The game after ``previous`` in the same run, against the same person (play
        again, or new settings): :meth:`new_session` unless the game's computer learns
        its opponent over a series (Battleship's carries what it learnt)."""
        return self.new_session(settings, seed)

    @abstractmethod
    def play(self, app: App[Any], session: SessionT, phrases: PhrasesT,
             over: Callable[[], None]) -> None:
        """Push the first screen of ``session``'s game on ``app`` and lead it from screen
        to screen; call ``over`` once the game has ended (the shell shows the game-over
        screen). A screen binds ``app.choose_settings`` to open the new-game form and
        ``app.quit`` to leave."""

    def css_paths(self) -> list[Path]:
        """The game's stylesheets (Textual CSS), loaded after the shell's own."""
        return []

    def work_in_hand(self, screen: Screen[Any]) -> bool:
        """Whether leaving from ``screen`` before the game has begun would lose what the
        player did there (ships placed): then quitting asks first."""
        return False

    @abstractmethod
    def settings_fields(self, settings: SettingsT, phrases: PhrasesT
                        ) -> SettingsFields[SettingsT]:
        """The game's fields of the new-game form, showing ``settings``."""

    @abstractmethod
    def outcome(self, session: SessionT, phrases: PhrasesT) -> str:
        """The game-over screen's title: who won, and how."""

    @abstractmethod
    def result(self, session: SessionT, phrases: PhrasesT, width: int) -> ComposeResult:
        """The game-over screen's body, for a terminal ``width`` columns wide: the fields
        revealed, the figures."""

    def fit(self, screen: Screen[Any], width: int) -> None:
        """Fit the game-over body of ``screen`` to a terminal now ``width`` columns wide."""

    def guide(self, phrases: PhrasesT) -> str | None:
        """How to play, in a few words, for a player's first game (``None``: no guide)."""
        return None

    def online_screen(self, link: OnlineLink, language: Language) -> OnlineScreen | None:
        """The screen this game is played on against a person on a server
        (:mod:`seabattle.netplay`), or ``None`` when it is not played online here."""
        return None


class OnlineScreen(Screen[None]):
    """A game's screen for online play: told every message and the socket's changes."""

    phrases: Phrasebook
    """What the screen speaks through (the online app shows the game's guide in it)."""

    def receive(self, message: Message) -> None:
        """Take one message of the protocol, in the order the server sent them."""
        raise NotImplementedError

    def connection_changed(self, online: bool) -> None:
        """The socket opened (``True``) or broke (``False``: the app reconnects)."""
