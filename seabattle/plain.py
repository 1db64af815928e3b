"""``seabattle play --plain``: a game line by line on standard input and output.

The line-mode shell: what is the same for every game. It greets the player, plays one
game after another while the player says yes, saves each game's record (after it, and
when input ends or the player quits: ``quit``), and exits 0 once a game is over, 1 when
input ends before. The game itself — its fields, prompts and parsing — is the game's
:class:`~seabattle.terminal.lines.LineGame`, found by the game's name through
:mod:`seabattle.terminal.registry` (Battleship's: :mod:`seabattle.battleship.terminal.lines`).
"""

from __future__ import annotations

from typing import TextIO

from seabattle.games.registry import DEFAULT_GAME
from seabattle.terminal.lines import QUIT_WORDS, EndOfInput, LineIO
from seabattle.terminal.registry import find_line_game
from seabattle.terminal.session import TerminalSession, TerminalSettings

YES = ("y", "yes", "д", "да")
NO = ("n", "no", "н", "нет")
"""The answers to «Play again?» in either language (any other is asked again)."""


class PlainGame:
    """One game (or several, if the player asks for another) on text streams."""

    def __init__(self, settings: TerminalSettings, stdin: TextIO, stdout: TextIO, *,
                 manual: bool = False, game: str = DEFAULT_GAME, guide: bool = False,
                 voice: str | None = None) -> None:
        self.lines = find_line_game(game)
        self.settings = settings
        self.manual = manual
        self.io = LineIO(stdin, stdout, settings.language, settings.coordinates(), voice=voice)
        self.session: TerminalSession = self.lines.new_session(settings, None)
        self.game_number = 1
        """Which game of this run is being played: its record goes to its own file."""
        self.guide = guide
        """Whether to say how to play first (:mod:`seabattle.terminal.guide`)."""

    def run(self) -> int:
        """Play until the game ends (and the player declines another) or input ends."""
        self.lines.welcome(self.io, self.settings)
        if self.guide:
            self.lines.guide(self.io, self.settings)
        try:
            while True:
                self.lines.play(self.io, self.settings, self.session, manual=self.manual)
                self._save()
                if not self._again():
                    self.io.say("plain.goodbye")
                    return 0
                self.session = self.lines.next_session(self.settings, self.session.seed + 1,
                                                       self.session)
                self.game_number += 1
        except EndOfInput:
            self._save()
            self.io.say("plain.goodbye")
            return 0 if self.session.over else 1

    def _again(self) -> bool:
        """Whether the player wants another game: asked until the answer is yes or no
        (``quit`` is no; the end of input ends the run as anywhere else)."""
        while True:
            answer = self.io.ask("plain.again").lower()
            if answer in YES:
                return True
            if answer in NO or answer in QUIT_WORDS:
                return False
            self.io.say("plain.again_unclear")

    def _save(self) -> None:
        path = self.settings.record_path(self.game_number)
        if path is None or not self.session.started:
            return
        try:
            path.write_text(self.session.record().to_json(), encoding="utf-8")
        except OSError as error:
            self.io.say("game.save_failed", path=str(path),
                        problem=error.strerror or str(error))
            return
        self.io.say("plain.saved", path=str(path))


