"""``hard``: probability density over every placement of each ship still afloat.

For each enemy ship still afloat, every placement consistent with what is known is
counted: it covers no miss, no known-empty cell and no sunk cell, and, where
ships may not touch, it either contains a whole group of open hits or keeps its
ring clear of it. While there are open hits, only placements through them count
(weighted by how many they cover); otherwise all do. The shot is the open cell
covered by the most placements. Ships are counted one at a time, not as a joint
fleet: the joint, stronger version is the admiral.
"""

from __future__ import annotations

from seabattle.ai.base import TargetingStrategy
from seabattle.coords import Bitboard, bit, iter_cells
from seabattle.rules import Rules
from seabattle.shapes import Touching, placement_halos, placements
from seabattle.view import PlayerView


def density_map(view: PlayerView) -> list[int]:
    """For each cell, how many consistent placements of the ships afloat cover it."""
    rules = view.rules
    grid = rules.grid
    blocked = view.misses | view.known_empty | view.sunk_cells
    open_hits = view.open_hits
    groups = grid.components(open_hits) if rules.touching is not Touching.SIDES else []
    afloat = view.possible_afloat
    score = [0] * grid.size
    for kind in dict.fromkeys(afloat):
        copies = sum(1 for k in afloat if k == kind)
        cands = placements(grid, kind.size, kind.shape)
        halos = placement_halos(grid, kind.size, kind.shape, rules.touching)
        for placement, zone in zip(cands, halos, strict=True):
            if placement & blocked:
                continue
            if any(zone & group and group & ~placement for group in groups):
                continue
            covered = (placement & open_hits).bit_count()
            if open_hits and not covered:
                continue
            weight = copies * (covered * 100 if covered else 1)
            for cell in iter_cells(placement):
                score[cell] += weight
    return score


class DensityStrategy(TargetingStrategy):
    """Fires at the cell covered by the most consistent ship placements."""

    name = "density"

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        return all(kind.shape.is_listed for kind in rules.fleet)

    def choose(self, view: PlayerView) -> int:
        score = density_map(view)
        open_cells = self.candidates(view)
        best = max((score[c] for c in iter_cells(open_cells)), default=0)
        if best == 0:
            return self.pick(open_cells)
        top: Bitboard = 0
        for cell in iter_cells(open_cells):
            if score[cell] == best:
                top |= bit(cell)
        return self.pick(top)

