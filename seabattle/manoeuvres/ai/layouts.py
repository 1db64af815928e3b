"""Set-ups for the computer: where a player who knows the game puts its pieces.

The forts go in the back row, apart, each walled by mines in front and beside it (an
attacker must clear them with minesweepers or lose ships); the torpedo boats stand in the
front row with a torpedo behind each, ready to fire; the strong ships take the rest of
the front, submarines among them (they beat battleships); the bomb waits in the middle
row; everything else fills in. Columns are drawn with ``rng``, so no two set-ups agree.
"""

from __future__ import annotations

import random

from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules


def _rows(rules: ManoeuvreRules, seat: int) -> list[int]:
    """``seat``'s set-up rows, the back row first."""
    if seat == 0:
        return list(reversed(range(rules.rows - rules.setup_rows, rules.rows)))
    return list(range(rules.setup_rows))


def strong_layout(rules: ManoeuvreRules, seat: int, rng: random.Random
                  ) -> tuple[tuple[int, Kind], ...]:
    """A set-up as described above, in cell order."""
    rows = sorted(rules.setup_cells(seat))
    order = _rows(rules, seat)
    back, front = order[0], order[-1]
    middle = order[1] if len(order) > 2 else front
    width = rules.columns
    placed: dict[int, Kind] = {}
    counts = dict(rules.pieces)

    def put(spot: int | None, what: Kind) -> bool:
        if spot is None or spot in placed or counts.get(what, 0) <= 0:
            return False
        placed[spot] = what
        counts[what] -= 1
        return True

    def cell(row: int, col: int) -> int | None:
        return row * width + col if 0 <= col < width and row in order else None

    columns = list(range(width))
    rng.shuffle(columns)
    fort_columns: list[int] = []
    for col in columns:
        if counts.get(Kind.FORT, 0) and all(abs(col - c) >= 3 for c in fort_columns):
            put(cell(back, col), Kind.FORT)
            fort_columns.append(col)
    toward = -1 if seat == 0 else 1
    for col in fort_columns:
        for near in (cell(back + toward, col), cell(back, col - 1), cell(back, col + 1)):
            put(near, Kind.MINE)
    rng.shuffle(columns)
    for col in columns:
        if counts.get(Kind.TORPEDO_BOAT, 0) and cell(front, col) not in placed \
                and cell(middle, col) not in placed and middle != front:
            put(cell(front, col), Kind.TORPEDO_BOAT)
            put(cell(middle, col), Kind.TORPEDO)
    fighters = [Kind.BATTLESHIP, Kind.SUBMARINE, Kind.CRUISER, Kind.DESTROYER,
                Kind.MINESWEEPER]
    rng.shuffle(columns)
    for col in columns:
        available = [kind for kind in fighters if counts.get(kind, 0) > 0]
        if available:
            put(cell(front, col), rng.choice(available))
    put(cell(middle, rng.randrange(width)), Kind.BOMB)
    rest = [kind for kind, count in counts.items() for _ in range(count)]
    rng.shuffle(rest)
    free = [c for c in rows if c not in placed]
    rng.shuffle(free)
    free.sort(key=lambda c: 0 if c // width == middle else 1 if c // width == front else 2)
    for kind, spot in zip(rest, free, strict=False):
        placed[spot] = kind
    return tuple(sorted(placed.items()))
