"""Set-ups: a random one (random players, automatic set-ups) and a check of any.

«Исходная расстановка: произвольная, но в пределах 3-х строк, начиная от крайней
горизонтали своей стороны»: each of a side's pieces on its own cell of its back rows.
"""

from __future__ import annotations

import random

from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules


def pieces_of(rules: ManoeuvreRules) -> list[Kind]:
    """Every piece a side sets up, kind by kind in the rules' order."""
    return [kind for kind, count in rules.pieces for _ in range(count)]


def random_layout(rules: ManoeuvreRules, seat: int, rng: random.Random
                  ) -> tuple[tuple[int, Kind], ...]:
    """Every piece of ``seat`` on a cell of its back rows drawn with ``rng``, in cell order."""
    cells = rng.sample(sorted(rules.setup_cells(seat)), rules.piece_total)
    return tuple(sorted(zip(cells, pieces_of(rules), strict=True)))
