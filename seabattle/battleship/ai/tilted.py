"""The Metropolis chain over whole fleets, uniform or tilted towards a placement habit.

A state is a *layout*: one placement per ship, in the order of ``rules.fleet``. A
proposal moves one random ship to a random placement of its kind (a symmetric
proposal); it is refused when the fleet would be illegal, and otherwise accepted with
probability ``min(1, exp(log_weight(new) - log_weight(old)))`` for a tilt
(:class:`~seabattle.battleship.ai.fleet_shape.Tilt`), always without one. The
stationary distribution is the uniform one over legal fleets times the tilt's
weight: :mod:`~seabattle.battleship.ai.placement` uses the untilted chain where
rejection sampling is too slow, and the placement families of
:data:`~seabattle.battleship.ai.placement.PLACEMENTS` the tilted one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from seabattle.battleship.fleet import Fleet, Ship, validate_fleet
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.shapes import placement_halos, placements
from seabattle.coords import Bitboard

Layout = list[Bitboard]
"""One placement per ship, in the order of ``rules.fleet``."""


@dataclass(frozen=True)
class ShipTable:
    """Every placement of one ship of the fleet and the cells each keeps other ships off."""

    kind: ShipKind
    cells: tuple[Bitboard, ...]
    halos: tuple[Bitboard, ...]
    index: dict[Bitboard, int]


@cache
def ship_tables(rules: Rules) -> tuple[ShipTable, ...]:
    """Per ship of the fleet (largest first, as ``rules.fleet``): placements and halos."""
    out = []
    for kind in rules.fleet:
        cells = placements(rules.grid, kind.size, kind.shape)
        halos = placement_halos(rules.grid, kind.size, kind.shape, rules.touching)
        out.append(ShipTable(kind, cells, halos, {c: i for i, c in enumerate(cells)}))
    return tuple(out)


def fleet_of(rules: Rules, layout: Sequence[Bitboard]) -> Fleet:
    """The checked fleet of a layout."""
    ships = [Ship(t.kind, cells) for t, cells in zip(ship_tables(rules), layout, strict=True)]
    return validate_fleet(rules, ships)


def layout_of(rules: Rules, fleet: Fleet) -> Layout:
    """A fleet's cells in the order of ``rules.fleet`` (ships of one kind are alike)."""
    by_kind: dict[ShipKind, list[Bitboard]] = {}
    for ship in fleet:
        by_kind.setdefault(ship.kind, []).append(ship.cells)
    return [by_kind[t.kind].pop() for t in ship_tables(rules)]


def run_chain(rules: Rules, rng: random.Random, layout: Sequence[Bitboard], steps: int,
              log_weight: Callable[[Bitboard], float] | None = None) -> Layout:
    """``steps`` proposals of the chain from ``layout``; ``log_weight`` of the fleet's
    occupied cells tilts it (``None``: uniform over legal fleets)."""
    tables = ship_tables(rules)
    cells = list(layout)
    halos = [t.halos[t.index[c]] for t, c in zip(tables, cells, strict=True)]
    counts = [len(t.cells) for t in tables]
    n = len(cells)
    random_ = rng.random
    occupied = 0
    for c in cells:
        occupied |= c
    current = log_weight(occupied) if log_weight is not None else 0.0
    for _ in range(steps):
        s = int(random_() * n)
        table = tables[s]
        j = int(random_() * counts[s])
        new = table.cells[j]
        others = 0
        for k in range(n):
            if k != s:
                others |= halos[k]
        if new & others:
            continue
        if log_weight is not None:
            moved = (occupied & ~cells[s]) | new
            proposed = log_weight(moved)
            if proposed < current and random_() >= math.exp(proposed - current):
                continue
            occupied, current = moved, proposed
        cells[s] = new
        halos[s] = table.halos[j]
    return cells
