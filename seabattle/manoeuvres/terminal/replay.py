"""A manoeuvre game's record told in text, move by move: what ``seabattle replay`` shows.

Each position shows what the move caused, in words (:class:`~.text.Narrator`), and the
whole field with every piece's kind (a replay hides nothing): seat 0's pieces in capitals,
seat 1's in small letters. The last position adds the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seabattle.coords import Alphabet, Coordinates
from seabattle.i18n import Language, translate
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.terminal.text import Narrator, field_text
from seabattle.manoeuvres.views import ManoeuvreView, SeenPiece
from seabattle.terminal.log_replay import LogReplay

if TYPE_CHECKING:
    from seabattle.records import Record


class ManoeuvreReplay(LogReplay):
    """One record, ready to be shown position by position."""

    def __init__(self, record: Record, language: Language, alphabet: Alphabet | None) -> None:
        super().__init__(record, language, DEFINITION, "a manoeuvre game's record keeps its log")
        self.coords = coordinates(record.rules, language) if alphabet is None else \
            Coordinates(record.rules.grid, alphabet)
        self.narrator = Narrator(language, self.coords, (self.names[0], self.names[1]))
        self._kept: tuple[int, ManoeuvreState] | None = None

    def _before(self, position: int) -> ManoeuvreState:
        """The game before move ``position`` (1 = the first): the one kept from the frame
        before when stepping forward, else replayed from the start."""
        wanted = max(position - 1, 0)
        if self._kept is None or self._kept[0] != wanted:
            state = DEFINITION.replay(self.record.rules, self.log[:wanted])
            assert isinstance(state, ManoeuvreState)
            self._kept = (wanted, state)
        return self._kept[1]

    def frame(self, position: int) -> str:
        """What move ``position`` caused, the whole field, and the result at the end."""
        state = self._before(position)
        lines = [translate("replay.start", self.language)] if position == 0 else []
        if position:
            move = self.log[position - 1]
            events = (state.apply_chance(move.action) if move.actor < 0
                      else state.apply(move.actor, move.action))
            self._kept = (position, state)
            lines.append(translate("manoeuvres.replay.move", self.language, number=position,
                                   count=self.count))
            lines += [said for said in map(self.narrator.say, events) if said is not None]
        lines.append(field_text(_everything(state), self.language, self.coords, upper=0))
        if position == self.count and state.outcome() is None:
            lines.append(translate("replay.unfinished", self.language))
        return "\n".join(lines)


def _everything(state: ManoeuvreState) -> ManoeuvreView:
    """A spectator's view with every piece's kind shown."""
    view = state.view(None)
    pieces = tuple(SeenPiece(p.owner, p.number, p.cell, state.board.at[p.cell].kind, p.moved,
                             p.shown) for p in view.pieces)
    if not pieces:  # set-up: the layouts made so far
        pieces = tuple(piece for seat in (0, 1) if state.layouts[seat] is not None
                       for piece in state.view(seat).pieces)
    return ManoeuvreView(view.rules, None, view.phase, view.ready, view.to_move, view.stage,
                         pieces, view.lost, view.pending, view.quiet_turns, view.winner,
                         view.bonus_turn, view.moved)


def manoeuvre_replay(record: Record, language: Language, alphabet: Alphabet | None
                     ) -> ManoeuvreReplay:
    """The replay of a manoeuvre game's record."""
    return ManoeuvreReplay(record, language, alphabet)


REPLAY_TEXT = manoeuvre_replay
"""What ``seabattle replay`` calls (:class:`seabattle.commands.replay.ReplayText`)."""
