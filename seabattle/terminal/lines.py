"""The line-by-line game's parts for any game: :class:`LineIO` and the :class:`LineGame` hook.

The line-mode shell (:mod:`seabattle.plain`) owns the loop that is the same for every
game: greeting, one game after another while the player says yes, saving the record
(after each game, and when input ends or the player quits), and the exit status. The
game's :class:`LineGame` plays one game on a :class:`LineIO`: no colour, no cursor
movement, one answer a line.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TextIO

from seabattle.coords import Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, Text, translate
from seabattle.terminal.session import SessionT, SettingsT

QUIT_WORDS = ("quit", "q", "выход")
"""What a player types to stop (the game is saved)."""
YES_WORDS = ("y", "yes", "д", "да")
NO_WORDS = ("n", "no", "н", "нет")
"""The answers to a yes-or-no question in either language (:meth:`LineIO.ask_yes_no`)."""


class EndOfInput(Exception):
    """Standard input ended before the game did, or the player quit."""


class LineIO:
    """Text streams in one language, naming cells in the game's alphabet."""

    def __init__(self, stdin: TextIO, stdout: TextIO, language: Language,
                 coordinates: Coordinates, *, voice: str | None = None) -> None:
        self.input = stdin
        self.output = stdout
        self.language = language
        self.coords = coordinates
        self.voice = voice
        """Whose voice the game speaks in besides its own plain words: ``None``, or
        ``"classic"``, seed 000's program's (``docs/tui.md``, «The classic voice»)."""

    def voiced(self, key: str, /, **params: Any) -> str:
        """The voice's line ``voice.<voice>.<key>`` (" " before it), or "" without a voice."""
        if self.voice is None:
            return ""
        text = translate(f"voice.{self.voice}.{key}", self.language, **params)
        return " " + text if text else ""

    def write(self, text: str) -> None:
        """Print ``text`` as it is."""
        self.output.write(text)

    def say(self, key: str, /, **params: Any) -> None:
        """Print a catalogue message in the game's language."""
        self.output.write(translate(key, self.language, **params) + "\n")

    def say_error(self, error: SeaBattleError) -> None:
        """Print why something was refused, naming cells as the field does."""
        self.say("plain.error", message=self.coords.message(error, self.language))

    def tr(self, text: Text) -> str:
        """A translatable text in the game's language."""
        return text.render(self.language)

    def ask(self, key: str, /, **params: Any) -> str:
        """Prompt, then read one line (stripped); raises :class:`EndOfInput` at the end."""
        self.output.write(translate(key, self.language, **params) + " ")
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise EndOfInput
        return line.strip()

    def ask_yes_no(self, key: str, /, **params: Any) -> bool:
        """Ask ``key`` until the answer is yes or no (:data:`YES_WORDS`, :data:`NO_WORDS`);
        any other answer is told how to answer and asked again; a quit word raises
        :class:`EndOfInput`."""
        while True:
            answer = self.ask(key, **params).lower()
            self.check_quit(answer)
            if answer in YES_WORDS:
                return True
            if answer in NO_WORDS:
                return False
            self.say("plain.again_unclear")

    @staticmethod
    def check_quit(line: str) -> None:
        """Raise :class:`EndOfInput` when ``line`` asks to stop (:data:`QUIT_WORDS`)."""
        if line.lower() in QUIT_WORDS:
            raise EndOfInput


@dataclass(frozen=True)
class PlayOptions:
    """What ``seabattle play --plain`` was told, for a game's line game to make its own
    settings of (:meth:`LineGame.settings`): the game's name, the ``--rules`` text
    (``None``: the game's default), the computer's level, the language, the seed and the
    ``--save`` file."""

    game: str
    rules: str | None
    level: str
    language: Language
    seed: int | None = None
    save_path: Path | None = None


class LineGame(ABC, Generic[SettingsT, SessionT]):
    """One game's part of the line-by-line game."""

    manual_setup: bool = True
    """Whether the player may set up by hand (``--manual``): ``seabattle play`` refuses the
    option, saying so, for a game whose line game cannot."""

    def settings(self, options: PlayOptions) -> SettingsT:
        """The game's settings from the play command's options; raises a translated
        :class:`SeaBattleError` for options the game cannot take. A game whose settings
        the command builds itself (Battleship's) need not say."""
        raise SeaBattleError("error.game_not_in_command", game=options.game,
                             command="play", known="battleship")

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
    def welcome(self, io: LineIO, settings: SettingsT) -> None:
        """Say what is played and how the fields read (once, before the first game)."""

    def guide(self, io: LineIO, settings: SettingsT) -> None:
        """Say how to play in a few words, for a player's first game (by default nothing)."""

    @abstractmethod
    def play(self, io: LineIO, settings: SettingsT, session: SessionT, *,
             manual: bool) -> None:
        """Play ``session``'s game to its end (``manual``: the player sets up by hand,
        else automatically); raises :class:`EndOfInput` when input ends or the player
        quits (:meth:`LineIO.check_quit`)."""
