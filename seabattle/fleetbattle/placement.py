"""Where a side puts its ships: straight lines of as many cells as decks, anywhere on its
6·M field, touching allowed («Располагать корабли вплотную можно»), never overlapping;
one ship named the flagship.

>>> from seabattle.fleetbattle.rules import FleetRules
>>> import random
>>> rules = FleetRules(((Kind.CORVETTE, Kind.BRIG), (Kind.BRIG,)))
>>> placement = random_placement(rules, 0, random.Random(1))
>>> validate_placement(rules, 0, placement) == placement
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from seabattle.coords import Grid, bit, iter_cells, popcount
from seabattle.errors import PlacementError
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import SHIP_TYPES, Kind


@dataclass(frozen=True)
class PlacedShip:
    """One ship (or battery) of a placement: its kind and its cells (a bitboard)."""

    kind: Kind
    cells: int


@dataclass(frozen=True)
class Placement:
    """A side's whole set-up: its pieces in the rule set's order (ships heaviest first,
    then batteries) and the index of its flagship."""

    ships: tuple[PlacedShip, ...]
    flagship: int

    @property
    def occupied(self) -> int:
        """Every cell holding a piece."""
        board = 0
        for ship in self.ships:
            board |= ship.cells
        return board


def lines(grid: Grid, length: int) -> Iterator[int]:
    """Every straight line of ``length`` cells on ``grid``, as bitboards (across first)."""
    for row in range(grid.height):
        for col in range(grid.width - length + 1):
            yield sum(bit(grid.cell(row, col + i)) for i in range(length))
    if length > 1:
        for row in range(grid.height - length + 1):
            for col in range(grid.width):
                yield sum(bit(grid.cell(row + i, col)) for i in range(length))


def is_line(grid: Grid, cells: int, length: int) -> bool:
    """Whether ``cells`` is a straight line of ``length`` cells of ``grid``."""
    if popcount(cells) != length or cells >> grid.size:
        return False
    rows_cols = [grid.row_col(cell) for cell in iter_cells(cells)]
    rows = {r for r, _ in rows_cols}
    cols = {c for _, c in rows_cols}
    if len(rows) == 1:
        return max(cols) - min(cols) == length - 1
    return len(cols) == 1 and max(rows) - min(rows) == length - 1


def validate_placement(rules: FleetRules, seat: int, placement: Placement) -> Placement:
    """``placement`` if it is legal for ``seat``; a :class:`~seabattle.errors.PlacementError`
    naming the ship and the rule otherwise."""
    expected = rules.pieces(seat)
    kinds = tuple(ship.kind for ship in placement.ships)
    if kinds != expected:
        raise PlacementError("fleet.error.placement_make_up",
                             expected=", ".join(k.value for k in expected),
                             got=", ".join(k.value for k in kinds))
    check_pieces(rules, seat, placement.ships)
    if not (0 <= placement.flagship < len(rules.fleets[seat])):
        raise PlacementError("fleet.error.flagship", index=placement.flagship + 1,
                             count=len(rules.fleets[seat]))
    return placement


def check_pieces(rules: FleetRules, seat: int, ships: tuple[PlacedShip, ...]) -> None:
    """Refuse the first of ``ships`` (the first pieces of a placement, in order) that is
    not a straight line of its decks on ``seat``'s field, or overlaps one before it."""
    grid = rules.field(seat)
    taken = 0
    for index, ship in enumerate(ships):
        decks = SHIP_TYPES[ship.kind].decks
        if not is_line(grid, ship.cells, decks):
            raise PlacementError("fleet.error.placement_shape", index=index + 1,
                                 kind=ship.kind.text, decks=decks,
                                 width=grid.width, height=grid.height)
        if ship.cells & taken:
            raise PlacementError("fleet.error.placement_overlap", index=index + 1,
                                 kind=ship.kind.text)
        taken |= ship.cells


def random_placement(rules: FleetRules, seat: int, rng: random.Random) -> Placement:
    """A legal placement for ``seat`` drawn with ``rng`` (the flagship drawn too)."""
    grid = rules.field(seat)
    pieces = rules.pieces(seat)
    options = {decks: list(lines(grid, decks))
               for decks in {SHIP_TYPES[kind].decks for kind in pieces}}
    while True:  # a 6·M field has room to spare: a few tries always suffice
        taken = 0
        ships: list[PlacedShip] = []
        for kind in pieces:
            free = [line for line in options[SHIP_TYPES[kind].decks] if not line & taken]
            if not free:
                break
            cells = rng.choice(free)
            ships.append(PlacedShip(kind, cells))
            taken |= cells
        else:
            return Placement(tuple(ships), rng.randrange(len(rules.fleets[seat])))
