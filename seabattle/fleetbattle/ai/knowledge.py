"""What a side knows of the enemy's fleet, from its view: the cells its shots hit and
missed, the enemy ships told lost, the pieces still hidden; and a posterior over where
those pieces are, by sampling layouts consistent with all of it (straight ships, touching
allowed — the set-up rules of :mod:`seabattle.fleetbattle.placement`).

>>> from seabattle.fleetbattle.definition import DEFINITION
>>> import random
>>> state = DEFINITION.new_state(DEFINITION.default_rules())
>>> for seat in (0, 1):
...     _ = state.apply(seat, state.random_action(seat, random.Random(seat)))
>>> known = Knowledge.of(state.view(0))
>>> odds = known.posterior(random.Random(1), samples=50)
>>> round(sum(odds), 6) == sum(SHIP_TYPES[k].decks for k in known.hidden)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from seabattle.coords import Grid, bit, iter_cells
from seabattle.fleetbattle.placement import lines
from seabattle.fleetbattle.ships import SHIP_TYPES, Ammo, Kind
from seabattle.fleetbattle.views import FleetView


@lru_cache(maxsize=64)
def _lines(grid: Grid, length: int) -> tuple[int, ...]:
    return tuple(lines(grid, length))


@dataclass(frozen=True)
class Knowledge:
    """One side's knowledge of the enemy fleet."""

    grid: Grid
    hits: int
    """Cells where its shots hit a ship that is still unaccounted for."""
    misses: int
    """Cells no hidden ship can be on: misses, and the cells of ships told lost."""
    hidden: tuple[Kind, ...]
    """The enemy's pieces still in the battle, whose cells are not known."""
    fired: dict[Ammo, int]
    """The cells each kind of its shot hit (not to be fired at with that kind again)."""

    @classmethod
    def of(cls, view: FleetView, enemy_of: int | None = None) -> Knowledge:
        """What ``view``'s seat knows of the enemy; with ``enemy_of``, what that seat
        knows of its enemy, from what the view shows of it (its shots and what it was
        told are public)."""
        seat = view.seat if enemy_of is None else enemy_of
        assert seat is not None
        enemy = 1 - seat
        grid = view.rules.field(enemy)
        side = view.sides[enemy]
        lost_cells = 0
        lost = set()
        for known in side.lost:
            lost_cells |= known.cells
            lost.add(known.index)
        hits = misses = 0
        fired = {ammo: 0 for ammo in Ammo}
        for shot in view.sides[seat].shots:
            if shot.hit:
                hits |= bit(shot.cell)
                fired[shot.ammo] |= bit(shot.cell)
            else:
                misses |= bit(shot.cell)
        pieces = view.rules.pieces(enemy)
        hidden = tuple(kind for index, kind in enumerate(pieces) if index not in lost)
        return cls(grid, hits & ~lost_cells, misses | lost_cells, hidden, fired)

    def legal(self, ammo: Ammo) -> list[int]:
        """The cells ``ammo`` may be fired at."""
        return [cell for cell in self.grid.cells() if not self.fired[ammo] >> cell & 1]

    def sample(self, rng: random.Random, tries: int = 30
               ) -> tuple[list[tuple[Kind, int]], float] | None:
        """One layout of the hidden pieces consistent with the hits and misses (each
        piece's kind and cells) with the number of choices its steps had, or ``None`` if
        none was found in ``tries``. Hits are covered first, by a piece drawn at random on
        a line through them. (Weighting layouts by those numbers would make the picture
        unbiased, but the weights vary so much that the admiral aimed no better with
        them: the posterior counts every layout once.)"""
        for _ in range(tries):
            layout = self._try(rng)
            if layout is not None:
                return layout
        return None

    def _try(self, rng: random.Random) -> tuple[list[tuple[Kind, int]], float] | None:
        pieces = list(self.hidden)
        rng.shuffle(pieces)
        taken = 0
        choices = 1.0
        placed: list[tuple[Kind, int]] = []
        blocked = self.misses
        uncovered = self.hits
        while uncovered and pieces:
            low = uncovered & -uncovered
            options = [(index, line) for index, kind in enumerate(pieces)
                       for line in _lines(self.grid, SHIP_TYPES[kind].decks)
                       if line & low and not line & (taken | blocked)]
            if not options:
                return None
            choices *= len(options)
            index, line = rng.choice(options)
            placed.append((pieces.pop(index), line))
            taken |= line
            uncovered &= ~taken
        if uncovered:
            return None
        for kind in pieces:
            free = [line for line in _lines(self.grid, SHIP_TYPES[kind].decks)
                    if not line & (taken | blocked | self.hits)]
            if not free:
                return None
            choices *= len(free)
            line = rng.choice(free)
            placed.append((kind, line))
            taken |= line
        return placed, choices

    def posterior(self, rng: random.Random, samples: int = 120,
                  sink_bonus: Callable[[Kind], float] | None = None) -> list[float]:
        """For each cell, the share of sampled layouts with a hidden piece on it (hits
        count 1; without any consistent layout, every cell not a miss counts alike).
        With ``sink_bonus``, a cell is worth more on a piece with few decks left to
        sink (a cannonball's worth: a ship leaves the totals only when sunk), by the
        bonus of its kind shared over those decks."""
        worth = [0.0] * self.grid.size
        found = 0
        cannon = self.fired[Ammo.CANNONBALL]
        for _ in range(samples):
            drawn = self.sample(rng, tries=3)
            if drawn is None:
                continue
            layout, _choices = drawn
            found += 1
            for kind, line in layout:
                left = (line & ~cannon).bit_count()
                extra = sink_bonus(kind) / left if sink_bonus is not None and left else 0.0
                for cell in iter_cells(line):
                    worth[cell] += 1.0 + (extra if not cannon >> cell & 1 else 0.0)
        if not found:
            free = [cell for cell in self.grid.cells() if not self.misses >> cell & 1]
            decks = sum(SHIP_TYPES[kind].decks for kind in self.hidden)
            return [decks / len(free) if cell in free else 0.0 for cell in self.grid.cells()]
        return [value / found for value in worth]
