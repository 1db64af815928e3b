"""Seed 000's weight map, transcribed loop by loop, to check ``WeightsStrategy`` against.

This is the seed program's ``Field.recalculate_weight_map`` with the
``Field.check_ship_fits`` and ``Ship.set_position`` / ``Ship.set_rotation`` it calls
(RULES.md §4, /work/shared/seeds/000_*.txt), kept as close to the original as
Python allows: square lists indexed ``[x][y]`` with ``x`` the row and ``y`` the
column, the same loops in the same order, the same ``Ship`` object reused and
turned through rotations 0–3. Only the radar is built from a
:class:`~seabattle.battleship.view.PlayerView` instead of being kept up to date shot by shot.

Deliberately slow and plain: it is the reference, not an implementation.
"""

from __future__ import annotations

from seabattle.battleship.view import PlayerView


class Cell:
    """The seed's cell states (only those the radar uses)."""

    empty_cell = " "
    miss_cell = "•"
    damaged_ship = "□"
    destroyed_ship = "■"


class Ship:
    """The seed's ship: size, hp, the corner (x, y), the rotation, the box it takes."""

    def __init__(self, size: int, x: int, y: int, rotation: int) -> None:
        self.size = size
        self.hp = size
        self.x = x
        self.y = y
        self.rotation = rotation
        self.width = size
        self.height = 1
        self.set_rotation(rotation)

    def set_position(self, x: int, y: int, r: int) -> None:
        self.x = x
        self.y = y
        self.set_rotation(r)

    def set_rotation(self, r: int) -> None:
        self.rotation = r
        if self.rotation == 0:
            # horizontal, starting at (x, y), growing y
            self.width = self.size
            self.height = 1
        elif self.rotation == 1:
            # vertical, starting at (x, y), growing x
            self.width = 1
            self.height = self.size
        elif self.rotation == 2:
            # horizontal, ending at (x, y)
            self.y = self.y - self.size + 1
            self.width = self.size
            self.height = 1
        elif self.rotation == 3:
            # vertical, ending at (x, y)
            self.x = self.x - self.size + 1
            self.width = 1
            self.height = self.size


class Field:
    """The parts of the seed's ``Field`` the weight map needs: radar, weight, size."""

    def __init__(self, size_x: int, size_y: int, radar: list[list[str]]) -> None:
        # The seed's fields are square (``size``); the presets tested are 10×10, but the
        # two bounds are kept apart so that a non-square field would not pass by accident.
        self.size_x = size_x
        self.size_y = size_y
        self.radar = radar
        self.weight = [[1 for _ in range(size_y)] for _ in range(size_x)]

    def check_ship_fits(self, ship: Ship) -> bool:
        """The seed's check on the radar: inside the field, on no miss, and with no
        destroyed cell on the ship or in the ring of eight neighbours around it."""
        field = self.radar
        if ship.x + ship.height - 1 >= self.size_x or ship.x < 0 or \
                ship.y + ship.width - 1 >= self.size_y or ship.y < 0:
            return False
        x = ship.x
        y = ship.y
        width = ship.width
        height = ship.height
        for p_x in range(x, x + height):
            for p_y in range(y, y + width):
                if field[p_x][p_y] == Cell.miss_cell:
                    return False
        for p_x in range(x - 1, x + height + 1):
            for p_y in range(y - 1, y + width + 1):
                if p_x < 0 or p_x >= self.size_x or p_y < 0 or p_y >= self.size_y:
                    continue
                if field[p_x][p_y] == Cell.destroyed_ship:
                    return False
        return True

    def recalculate_weight_map(self, available_ships: list[int]) -> None:
        self.weight = [[1 for _ in range(self.size_y)] for _ in range(self.size_x)]
        # Around every damaged cell: ×50 above, below and beside it, 0 on the diagonals,
        # 0 on the cell itself.
        for x in range(self.size_x):
            for y in range(self.size_y):
                if self.radar[x][y] == Cell.damaged_ship:
                    self.weight[x][y] = 0
                    if x - 1 >= 0:
                        if y - 1 >= 0:
                            self.weight[x - 1][y - 1] = 0
                        self.weight[x - 1][y] *= 50
                        if y + 1 < self.size_y:
                            self.weight[x - 1][y + 1] = 0
                    if y - 1 >= 0:
                        self.weight[x][y - 1] *= 50
                    if y + 1 < self.size_y:
                        self.weight[x][y + 1] *= 50
                    if x + 1 < self.size_x:
                        if y - 1 >= 0:
                            self.weight[x + 1][y - 1] = 0
                        self.weight[x + 1][y] *= 50
                        if y + 1 < self.size_y:
                            self.weight[x + 1][y + 1] = 0
        # For each ship the enemy still has, each open cell gains 1 per rotation in
        # which that ship, placed from the cell, fits the radar.
        for ship_size in available_ships:
            ship = Ship(ship_size, 1, 1, 0)
            for x in range(self.size_x):
                for y in range(self.size_y):
                    if self.radar[x][y] in (Cell.destroyed_ship, Cell.damaged_ship,
                                            Cell.miss_cell) \
                            or self.weight[x][y] == 0:
                        self.weight[x][y] = 0
                        continue
                    for rotation in range(0, 4):
                        ship.set_position(x, y, rotation)
                        if self.check_ship_fits(ship):
                            self.weight[x][y] += 1

    def get_max_weight_cells(self) -> list[tuple[int, int]]:
        weights: dict[int, list[tuple[int, int]]] = {}
        max_weight = 0
        for x in range(self.size_x):
            for y in range(self.size_y):
                if self.weight[x][y] > max_weight:
                    max_weight = self.weight[x][y]
                weights.setdefault(self.weight[x][y], []).append((x, y))
        return weights[max_weight]


def radar_of(view: PlayerView) -> list[list[str]]:
    """The seed's radar for a view: misses and the ring around sunk ships are misses,
    cells of sunk ships (and every sinking shot) destroyed, other hits damaged."""
    rules = view.rules
    destroyed = view.sunk_cells
    for ship in view.sunk:
        destroyed |= 1 << ship.cell
    miss = view.misses | view.known_empty
    radar = [[Cell.empty_cell for _ in range(rules.width)] for _ in range(rules.height)]
    for x in range(rules.height):
        for y in range(rules.width):
            cell = x * rules.width + y
            if destroyed >> cell & 1:
                radar[x][y] = Cell.destroyed_ship
            elif view.hits >> cell & 1:
                radar[x][y] = Cell.damaged_ship
            elif miss >> cell & 1:
                radar[x][y] = Cell.miss_cell
    return radar


def seed_field(view: PlayerView) -> Field:
    """The seed's field after ``recalculate_weight_map`` for this view."""
    rules = view.rules
    field = Field(rules.height, rules.width, radar_of(view))
    afloat = view.enemy_afloat if view.enemy_afloat is not None else rules.fleet
    field.recalculate_weight_map([kind.size for kind in afloat])
    return field


def seed_weight_map(view: PlayerView) -> list[int]:
    """The seed's weights, flattened like ``WeightsStrategy.weight_map`` (cell = x*width + y)."""
    field = seed_field(view)
    return [field.weight[x][y] for x in range(field.size_x) for y in range(field.size_y)]
