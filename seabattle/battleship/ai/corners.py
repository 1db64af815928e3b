"""``corners``: a shooter with a habit, for benchmarks of hiding (not a level).

It searches the field corner first: while no hit waits to be finished off it fires
at the unknown cell nearest to a corner (by Manhattan distance, ties at random), and
it finishes hit ships off as the ``hard`` level does. A player who has seen it shoot
a few times knows where it looks last (``docs/admiral.md``, «Hiding from a shooter
with habits»).
"""

from __future__ import annotations

from seabattle.battleship.ai.admiral import hits_afloat
from seabattle.battleship.ai.density import DensityStrategy
from seabattle.battleship.view import PlayerView
from seabattle.coords import bit, iter_cells


class CornersFirstStrategy(DensityStrategy):
    """Hunts from the corners inwards; finishes hits off by placement density."""

    name = "corners"

    def choose(self, view: PlayerView) -> int:
        if hits_afloat(view):
            return super().choose(view)
        grid = view.rules.grid
        last_row, last_col = grid.height - 1, grid.width - 1

        def distance(cell: int) -> int:
            row, col = grid.row_col(cell)
            return min(row, last_row - row) + min(col, last_col - col)

        cells = list(iter_cells(self.candidates(view)))
        nearest = min(distance(c) for c in cells)
        ties = 0
        for cell in cells:
            if distance(cell) == nearest:
                ties |= bit(cell)
        return self.pick(ties)
