"""A fleet battle's record told in text, move by move: what ``seabattle replay`` shows.

Each position shows what the move caused, in the moderator's words (:mod:`.text`), both
fleets whole (a replay hides nothing) and both sides' totals; the last adds the result.
The command finds this module through the definition's parts (``replay_text``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seabattle.coords import Alphabet
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.terminal.text import (
    Narrator,
    coordinates,
    grid_lines,
    own_symbols,
    side_by_side,
    totals_line,
    trophies_line,
)
from seabattle.fleetbattle.views import FleetView
from seabattle.i18n import Language, translate
from seabattle.terminal.log_replay import LogReplay

if TYPE_CHECKING:
    from seabattle.records import Record


class FleetReplay(LogReplay):
    """One fleet battle's record, ready to be shown position by position."""

    def __init__(self, record: Record, language: Language, alphabet: Alphabet | None) -> None:
        super().__init__(record, language, DEFINITION, "a fleet battle's record keeps its log")
        self.alphabet = alphabet
        self.narrator = Narrator(record.rules, language, (self.names[0], self.names[1]))

    def _state(self, position: int) -> FleetBattleState:
        state = DEFINITION.replay(self.record.rules, self.log[:position])
        assert isinstance(state, FleetBattleState)
        return state

    def frame(self, position: int) -> str:
        """What move ``position`` caused, both fleets and their totals, the result."""
        before = len(self._state(position - 1).journal) if position else 0
        state = self._state(position)
        lines = [translate("fleet.replay.move", self.language, number=position,
                           count=self.count) if position
                 else translate("replay.start", self.language)]
        lines += [said for said in (self.narrator.say(e) for e in state.journal[before:])
                  if said is not None]
        views = (state.view(0), state.view(1))
        if all(view.own is not None for view in views):
            lines.append(self._fields(views))
            lines += [totals_line(views[0].sides[seat], self.names[seat], self.language)
                      for seat in (0, 1)]
        if position == self.count:
            outcome = state.outcome()
            lines.append(translate("replay.unfinished", self.language) if outcome is None
                         else self.narrator.say(state.journal[-1]) or "")
            trophies = trophies_line(views[0], (self.names[0], self.names[1]), self.language)
            if trophies is not None:
                lines.append(trophies)
        return "\n".join(lines)

    def _fields(self, views: tuple[FleetView, FleetView]) -> str:
        rules = self.record.rules
        blocks = [grid_lines(own_symbols(view), coordinates(rules, seat, self.language,
                                                               self.alphabet), self.names[seat])
                  for seat, view in enumerate(views)]
        return side_by_side(blocks[0], blocks[1])


def fleet_replay(record: Record, language: Language, alphabet: Alphabet | None) -> FleetReplay:
    """The replay of a fleet battle's record."""
    return FleetReplay(record, language, alphabet)


REPLAY_TEXT = fleet_replay
"""What ``seabattle replay`` calls (:class:`seabattle.commands.replay.ReplayText`)."""
