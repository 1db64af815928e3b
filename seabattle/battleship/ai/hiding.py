"""Hiding the computer's fleet from a shooter whose habits it has seen.

Over a series against one opponent the computer sees, game after game, the order in
which the opponent fires at its field. :class:`ShooterHabits` keeps, per cell, how
late the opponent looks there on average (the share of the field it has fired at
before reaching the cell; a cell it never fired at counts as looked at last). The
computer's placement (:func:`~seabattle.battleship.ai.placement.computer_fleet`) then
draws :data:`CANDIDATES` fleets from :data:`CANDIDATE_FAMILIES` and keeps
(:func:`latest_found`) the one whose ships that shooter would find last: the
largest sum, over the ships, of the earliest look at any of the ship's cells.

Before any game has been seen it places as before (the ``hard`` placement). The
benchmark in ``docs/admiral.md`` («Hiding from a shooter with habits») measures it
against a shooter that always starts in the corners.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from seabattle.battleship.fleet import Fleet
from seabattle.coords import Grid, iter_cells

CANDIDATES = 48
"""Candidate fleets weighed per placement."""

CANDIDATE_FAMILIES = ("hard", "uniform", "edge", "corner", "cluster", "spread")
"""The placement families the candidates come from, in turn."""


@dataclass
class ShooterHabits:
    """How late one opponent looks at each cell of a field, over the games seen."""

    grid: Grid
    games: int = 0
    _late: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self._late:
            self._late = [0.0] * self.grid.size

    def observe(self, shots: Sequence[int]) -> None:
        """Record one game's shots at our field, in the order fired (repeats ignored)."""
        size = self.grid.size
        first: dict[int, int] = {}
        for cell in shots:
            first.setdefault(cell, len(first))
        for cell in range(size):
            self._late[cell] += first.get(cell, size) / size
        self.games += 1

    def lateness(self, cell: int) -> float:
        """The mean share of the field the opponent fired at before looking at ``cell``
        (1: never looked at; 0.5 before any game is seen)."""
        return self._late[cell] / self.games if self.games else 0.5

    def fleet_lateness(self, fleet: Fleet) -> float:
        """The sum over the ships of how late the opponent first looks at any of their
        cells: larger means the fleet is found later."""
        return sum(min(self.lateness(c) for c in iter_cells(ship.cells)) for ship in fleet)


def latest_found(candidates: Iterable[Fleet], habits: ShooterHabits) -> Fleet:
    """Of ``candidates`` (at least one), the fleet a shooter with ``habits`` finds latest."""
    return max(candidates, key=habits.fleet_lateness)
