"""``easy``: hunt and target, the way most people play.

Hunting, it fires on a checkerboard-like pattern spaced by the shortest ship still
afloat (no ship of that length fits between two pattern cells). After a hit it
targets: along the line of two or more joined hits, else at the four cells next
to a lone hit, until the ship sinks.
"""

from __future__ import annotations

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.shapes import Shape
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, iter_cells


class HuntStrategy(TargetingStrategy):
    """Parity hunting, then targeting around open hits."""

    name = "hunt"

    def new_game(self) -> None:
        self._offset: int | None = None

    def choose(self, view: PlayerView) -> int:
        targets = self._targets(view)
        if targets:
            return self.pick(targets)
        return self.pick(self._hunting_cells(view))

    def _targets(self, view: PlayerView) -> Bitboard:
        grid = view.rules.grid
        open_cells = self.candidates(view)
        straight = all(k.shape is Shape.STRAIGHT for k in view.rules.fleet)
        for component in grid.components(view.open_hits):
            cells = list(iter_cells(component))
            rows = {grid.row_col(c)[0] for c in cells}
            cols = {grid.row_col(c)[1] for c in cells}
            if straight and len(cells) > 1 and (len(rows) == 1 or len(cols) == 1):
                # Only the two ends of the line can continue the ship.
                ends = bit(cells[0]) | bit(cells[-1])
                along = 0
                for end in iter_cells(ends):
                    for neighbour in iter_cells(grid.side_neighbours(end)):
                        r, c = grid.row_col(neighbour)
                        if (len(rows) == 1 and r in rows) or (len(cols) == 1 and c in cols):
                            along |= bit(neighbour)
                if along & open_cells:
                    return along & open_cells
            king = any(k.shape is Shape.KING for k in view.rules.fleet)
            around = grid.dilate(component, diagonal=king) & open_cells
            if around:
                return around
        return 0

    def _hunting_cells(self, view: PlayerView) -> Bitboard:
        sizes = [k.size for k in view.possible_afloat] or [1]
        spacing = min(sizes)
        if self._offset is None:
            self._offset = self.rng.randrange(spacing)
        open_cells = self.candidates(view)
        grid = view.rules.grid
        pattern = 0
        for cell in iter_cells(open_cells):
            row, col = grid.row_col(cell)
            if (row + col) % spacing == self._offset % spacing:
                pattern |= bit(cell)
        return pattern or open_cells
