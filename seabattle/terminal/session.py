"""What the terminal shells read of any game's settings and sessions (structural types).

A game's own settings and session classes (Battleship's
:class:`~seabattle.battleship.session.GameSettings` and
:class:`~seabattle.battleship.session.VsComputer`) need not name these: having the
attributes is enough.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, TypeVar

from seabattle.coords import Coordinates
from seabattle.i18n import Language


class TerminalSettings(Protocol):
    """What the shell reads of a game's settings (those of the command line or the form)."""

    @property
    def language(self) -> Language:
        """The language of every text."""

    @property
    def seed(self) -> int | None:
        """The seed asked for (``None``: a fresh one each game)."""

    def coordinates(self) -> Coordinates:
        """The field and alphabet cells are shown and typed in."""

    def record_path(self, game_number: int) -> Path | None:
        """Where the ``game_number``-th game of the run is saved (``None``: nowhere)."""


class Record(Protocol):
    """A game's record, ready to be written."""

    def to_json(self) -> str:
        """The record as JSON text."""


class TerminalSession(Protocol):
    """One game as the shell follows it."""

    @property
    def seed(self) -> int:
        """The seed of every random choice of the game."""

    @property
    def started(self) -> bool:
        """Whether the game has begun (there is a record to save)."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    def record(self) -> Record:
        """The game so far, ready to save."""


SettingsT = TypeVar("SettingsT", bound=TerminalSettings)
SessionT = TypeVar("SessionT", bound=TerminalSession)
