"""What every game's replay text built on its log shares: the log, the players' names as
the header shows them, the number of moves and the header line.

A game's ``REPLAY_TEXT`` (its parts' ``replay_text``) subclasses :class:`LogReplay` and adds
how a position reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seabattle.errors import RecordError
from seabattle.i18n import Language, translate

if TYPE_CHECKING:
    from seabattle.games.interface import Move
    from seabattle.games.registry import AnyGame
    from seabattle.records import Record


class LogReplay:
    """One record of ``definition``'s game whose body is its log, ready to be stepped
    through; a record without a log is refused with ``missing`` as the problem."""

    def __init__(self, record: Record, language: Language, definition: AnyGame,
                 missing: str) -> None:
        if record.log is None:
            raise RecordError(problem=missing)
        self.record = record
        self.log: tuple[Move[Any], ...] = record.log
        self.language = language
        self.definition = definition
        self.names = tuple(p.name if p.level is None else f"{p.name} ({p.level})"
                           for p in record.players)

    @property
    def count(self) -> int:
        """How many moves there are to step through (set-ups and dice included)."""
        return len(self.log)

    @property
    def header(self) -> str:
        """Who played, on which rules, how many moves."""
        rules = self.definition.rules_title(self.record.rules).render(self.language)
        return translate("replay.header", self.language, first=self.names[0],
                         second=self.names[1], rules=rules, count=self.count)
