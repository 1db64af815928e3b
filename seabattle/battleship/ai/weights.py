"""``medium``: the weight map of seed 000, exactly as its author wrote it (RULES.md §4).

Before every shot the map is rebuilt from scratch:

1. every cell weighs 1;
2. each damaged (hit, not sunk) cell weighs 0, its four side neighbours are
   multiplied by 50 and its four diagonal neighbours set to 0;
3. for each enemy ship still afloat (with repetition), each cell that is not a
   miss, damaged or sunk and does not weigh 0 gains 1 for each of the four
   rotations in which that ship, starting at the cell, fits the radar; misses,
   damaged and sunk cells weigh 0;
4. the shot is a random cell among those of greatest weight.

A ship "fits the radar" (the seed's ``check_ship_fits``) when it lies on the field,
covers no miss, and neither it nor its ring touches a sunk cell. As in the seed,
the ring around a sunk ship counts as misses. The seed assumed ships that never
touch; where the rules let them touch and hide the sunk cells, hits that are not
known to be sunk count as damaged, so the strategy keeps playing legal games.
"""

from __future__ import annotations

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.rules import Rules
from seabattle.battleship.shapes import Shape, placements
from seabattle.battleship.view import PlayerView
from seabattle.coords import bit, iter_cells


class WeightsStrategy(TargetingStrategy):
    """The seed program's AI."""

    name = "weights"

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        # The seed's map has ships continue along sides only: never a ship joined at
        # corners (the Flying Dutchman), which it would never finish off.
        return all(kind.shape is not Shape.KING for kind in rules.fleet)

    def weight_map(self, view: PlayerView) -> list[int]:
        """The seed's weight of each cell (index = cell) for the current view.

        Computed with bitboards but equal, cell by cell, to the seed's loops: a
        straight placement that fits is the seed's rotation 0 or 1 counted at its
        first cell and rotation 2 or 3 at its last; a one-cell ship fits the same
        way in all four rotations.
        """
        grid = view.rules.grid
        destroyed = view.sunk_cells
        for ship in view.sunk:
            destroyed |= bit(ship.cell)
        damaged = view.hits & ~destroyed
        miss = view.misses | view.known_empty

        weight = [1] * grid.size
        for cell in iter_cells(damaged):
            weight[cell] = 0
            for neighbour in iter_cells(grid.all_neighbours(cell)):
                if grid.side_neighbours(cell) & bit(neighbour):
                    weight[neighbour] *= 50
                else:
                    weight[neighbour] = 0

        near_destroyed = grid.dilate(destroyed, diagonal=True)
        gains = [0] * grid.size
        afloat = view.possible_afloat
        for kind in afloat:
            for placement in placements(grid, kind.size, Shape.STRAIGHT):
                if placement & miss or placement & near_destroyed:
                    continue
                first = (placement & -placement).bit_length() - 1
                last = placement.bit_length() - 1
                if kind.size == 1:
                    gains[first] += 4
                else:
                    gains[first] += 1
                    gains[last] += 1

        closed = destroyed | damaged | miss
        return [0 if closed & bit(c) or weight[c] == 0 else weight[c] + gains[c]
                for c in grid.cells()]

    def choose(self, view: PlayerView) -> int:
        weight = self.weight_map(view)
        legal = view.legal_shots()
        best = max(weight)
        cells = [c for c in iter_cells(legal) if weight[c] == best]
        if best == 0 or not cells:
            # The seed would pick among weight-0 cells, some already fired at; a
            # legal shot among the cells still open keeps the game going instead.
            return self.pick(self.candidates(view))
        return self.rng.choice(cells)
