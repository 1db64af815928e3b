"""A Battleship record told in text, move by move: what ``seabattle replay`` shows.

Each position shows the move that led to it (the umpire's words of
:mod:`seabattle.battleship.narration`) and both fields side by side, the second
player's fleet revealed; the last adds who won. The command finds this module through
Battleship's definition's parts (``replay_text``) and calls :data:`REPLAY_TEXT`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seabattle.battleship.definition import BattleshipState
from seabattle.battleship.events import Resignation, Shot
from seabattle.battleship.narration import describe, shot_answer
from seabattle.battleship.record import GameRecord
from seabattle.battleship.session import GameSettings
from seabattle.battleship.terminal.lines import render_fields
from seabattle.coords import Alphabet
from seabattle.errors import RecordError
from seabattle.i18n import Language, translate

if TYPE_CHECKING:
    from seabattle.records import Record


class BattleshipReplay:
    """One Battleship record, ready to be shown position by position (0: the start,
    :attr:`count`: after the last move)."""

    def __init__(self, record: GameRecord, language: Language,
                 alphabet: Alphabet | None) -> None:
        self.record = record
        self.language = language
        self.settings = GameSettings(record.rules, language=language, alphabet=alphabet)
        self.coords = self.settings.coordinates()
        self.names = tuple(p.name if p.level is None else f"{p.name} ({p.level})"
                           for p in record.players)

    @property
    def count(self) -> int:
        """How many moves there are to step through."""
        return len(self.record.events)

    @property
    def header(self) -> str:
        """Who played, on which rules, how many moves."""
        return translate("replay.header", self.language, first=self.names[0],
                         second=self.names[1], rules=self.record.rules.name, count=self.count)

    def frame(self, position: int) -> str:
        """The move that led to ``position``, both fields, and the result at the end."""
        record, language, count = self.record, self.language, self.count
        lines = [self._move(position) if position else translate("replay.start", language)]
        game = record.game(position)
        lines.append(render_fields(game.view(0), self.settings, reveal=record.fleets[1],
                                   titles=(self.names[0], self.names[1])))
        if position == count:
            winner = game.winner
            lines.append(translate("replay.result", language, player=self.names[winner])
                         if winner is not None else translate("replay.unfinished", language))
        return "\n".join(lines)

    def _move(self, position: int) -> str:
        event = self.record.events[position - 1]
        language, count = self.language, self.count
        who = self.names[event.player]
        if isinstance(event, Resignation):
            return translate("replay.resign", language, number=position, count=count,
                             player=who)
        if isinstance(event, Shot) and not event.dying:
            answer = shot_answer(event, self.record.fleets).render(language)
            return translate("replay.move", language, number=position, count=count,
                             player=who, cell=self.coords.name(event.cell), answer=answer)
        return translate("replay.event", language, number=position, count=count, player=who,
                         what=describe(event, self.record.fleets, self.coords))


def battleship_replay(record: Record, language: Language,
                      alphabet: Alphabet | None) -> BattleshipReplay:
    """The replay of a Battleship record, whether it keeps Battleship's own body or the
    interface's log (then the battle is rebuilt from the log)."""
    body = record.body
    if not isinstance(body, GameRecord):
        state = record.game.replay(record.rules, record.log or ())
        if not isinstance(state, BattleshipState) or state.game is None:
            raise RecordError(problem="the battle never began: there is nothing to show")
        body = GameRecord.of(state.game, record.players, **record.metadata)
    return BattleshipReplay(body, language, alphabet)


REPLAY_TEXT = battleship_replay
"""What ``seabattle replay`` calls (:class:`seabattle.commands.replay.ReplayText`)."""
