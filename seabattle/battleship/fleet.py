"""Placed ships and fleets: building, validating and generating them.

A :class:`Ship` is a :class:`~seabattle.battleship.rules.ShipKind` and the bitboard of the
cells it covers; a :class:`Fleet` is a validated tuple of ships that matches the
rule set exactly. Validation names the ship and the rule it breaks.

Ships can be placed one at a time (:func:`check_ship`, as a UI does while the
player sets up) and the rest filled in at random (:func:`random_fleet` with
``placed``). Random fleets come from a randomised depth-first search, seeded.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from seabattle.battleship.rules import Role, Rules, ShipKind
from seabattle.battleship.shapes import (
    LayoutSearch,
    halo,
    has_shape,
    place_singles,
    random_king_ship,
)
from seabattle.coords import ALPHABETS, Bitboard, Grid, bit, cell_name, iter_cells
from seabattle.errors import (
    FleetCompositionError,
    OffFieldError,
    PlacementError,
    ShipOverlapError,
    ShipShapeError,
    ShipTouchError,
)
from seabattle.i18n import Text, listed


@dataclass(frozen=True)
class Ship:
    """One placed ship: what kind it is and which cells it covers."""

    kind: ShipKind
    cells: Bitboard

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.kind.size

    def cell_list(self) -> list[int]:
        """The ship's cells in increasing order."""
        return list(iter_cells(self.cells))

    def is_sunk(self, shots: Bitboard) -> bool:
        """Whether every cell of the ship is among ``shots``."""
        return self.cells & ~shots == 0


def straight_ship(rules: Rules, kind: ShipKind, row: int, col: int, *, vertical: bool) -> Ship:
    """A straight ship whose top-left cell is ``row``/``col``.

    Raises :class:`~seabattle.errors.PlacementError` when it sticks out of the field.
    """
    grid = rules.grid
    cells = 0
    for i in range(kind.size):
        r, c = (row + i, col) if vertical else (row, col + i)
        if not grid.contains(r, c):
            raise PlacementError("error.placement_off_field", ship=kind.title)
        cells |= bit(grid.cell(r, c))
    return Ship(kind, cells)


def ship_from_cells(rules: Rules, kind: ShipKind, cells: Iterable[int]) -> Ship:
    """A ship of ``kind`` on the given cells (any shape; :func:`check_ship` judges it)."""
    board = 0
    for cell in cells:
        if not 0 <= cell < rules.grid.size:
            raise OffFieldError(row=cell // rules.width + 1, col=cell % rules.width + 1,
                                width=rules.width, height=rules.height)
        board |= bit(cell)
    return Ship(kind, board)


def _where(grid: Grid, cells: Bitboard) -> str:
    # Error messages name cells in Latin letters: they are read by developers of
    # bots as well as players, and UIs show the ship on the field anyway.
    names = [cell_name(c, grid, ALPHABETS["latin"]) for c in iter_cells(cells)]
    if not names:  # a ship given no cells at all (a damaged record): refused for its shape
        return "—"
    return names[0] if len(names) == 1 else f"{names[0]}–{names[-1]}"


def check_ship(rules: Rules, placed: Sequence[Ship], ship: Ship) -> None:
    """Check that ``ship`` may join the ships already ``placed``.

    Raises the matching :class:`~seabattle.errors.PlacementError`: wrong size or
    shape, overlap, or touching another ship against the rule set, naming both
    ships. Does not check the fleet's composition (see :func:`remaining_kinds`).
    """
    grid = rules.grid
    where = _where(grid, ship.cells)
    if ship.cells.bit_count() != ship.kind.size or not has_shape(grid, ship.cells, ship.kind.shape):
        raise ShipShapeError(ship=ship.kind.title, where=where,
                             shape=Text(f"shape.{ship.kind.shape.value}"))
    for other in placed:
        if other.cells & ship.cells:
            raise ShipOverlapError(ship=ship.kind.title, where=where, other=other.kind.title)
    for other in placed:
        touching = rules.keep_apart(ship.kind, other.kind)
        if other.cells & halo(grid, ship.cells, touching):
            raise ShipTouchError(ship=ship.kind.title, where=where, other=other.kind.title,
                                 rule=Text(f"touching.{touching.value}"))


def remaining_kinds(rules: Rules, placed: Sequence[Ship]) -> list[ShipKind]:
    """The ships of the fleet not yet among ``placed``, largest first.

    Raises :class:`~seabattle.errors.FleetCompositionError` if ``placed`` holds a
    ship the fleet does not have (or one too many of a kind).
    """
    left = Counter(rules.fleet)
    for ship in placed:
        if left[ship.kind] == 0:
            raise FleetCompositionError(expected=describe_fleet(rules.fleet),
                                        got=describe_fleet([s.kind for s in placed]))
        left[ship.kind] -= 1
    return [kind for kind in dict.fromkeys(rules.fleet) for _ in range(left[kind])]


def describe_fleet(kinds: Iterable[ShipKind]) -> Text:
    """The fleet in short: ships as size × count, largest first, then the other pieces.

    >>> from seabattle.battleship.rules import PRESETS
    >>> describe_fleet(PRESETS["classic"].fleet).render("en")
    '4×1, 3×2, 2×3, 1×4'
    >>> from seabattle.battleship.rules import with_variants
    >>> describe_fleet(with_variants(PRESETS["classic"], {"mines": 2}).fleet).render("ru")
    '4×1, 3×2, 2×3, 1×4, мина ×2'
    """
    kinds = list(kinds)
    sizes = Counter(k.size for k in kinds if k.role is Role.SHIP)
    pieces: Counter[Role] = Counter(k.role for k in kinds if k.role is not Role.SHIP)
    parts: list[str | Text] = [
        ", ".join(f"{size}×{sizes[size]}" for size in sorted(sizes, reverse=True))]
    parts += [Text("fleet.pieces", {"piece": Text(f"role.{role.value}"), "count": pieces[role]})
              for role in Role if pieces[role]]
    return listed([part for part in parts if part] or ["—"])


@dataclass(frozen=True)
class Fleet:
    """A complete, legal fleet for a rule set. Build with :func:`validate_fleet`."""

    ships: tuple[Ship, ...]
    cells: Bitboard
    """Every cell covered by a ship."""

    def __iter__(self) -> Iterator[Ship]:
        return iter(self.ships)

    def __len__(self) -> int:
        return len(self.ships)

    def ship_at(self, cell: int) -> int | None:
        """The index of the ship covering ``cell``, or ``None`` for open water."""
        mask = bit(cell)
        for index, ship in enumerate(self.ships):
            if ship.cells & mask:
                return index
        return None


def validate_fleet(rules: Rules, ships: Sequence[Ship]) -> Fleet:
    """Check a whole fleet against the rules and return it as a :class:`Fleet`.

    Ships are checked one by one in the order given, so the error names the first
    ship that breaks a rule; then the composition must match the rule set exactly.
    """
    for index, ship in enumerate(ships):
        check_ship(rules, ships[:index], ship)
    if remaining_kinds(rules, ships):
        raise FleetCompositionError(expected=describe_fleet(rules.fleet),
                                    got=describe_fleet([s.kind for s in ships]))
    ordered = tuple(sorted(ships, key=lambda s: (-s.size, s.cells)))
    cells = 0
    for ship in ordered:
        cells |= ship.cells
    return Fleet(ordered, cells)


def random_fleet(rules: Rules, rng: random.Random, placed: Sequence[Ship] = ()) -> Fleet:
    """A random legal fleet, keeping the ships already ``placed``.

    Ships come from a randomised depth-first search with restarts; then submarines,
    mines and minesweepers take random cells the rules leave them. Raises
    :class:`~seabattle.errors.PlacementError` (``placement_no_room``) when the
    pieces already placed leave no room for the rest.
    """
    for index, ship in enumerate(placed):
        check_ship(rules, placed[:index], ship)
    kinds = remaining_kinds(rules, placed)
    ships = [kind for kind in kinds if kind.role is Role.SHIP]
    singles = sorted((kind for kind in kinds if kind.role is not Role.SHIP),
                     key=lambda kind: kind.role is Role.SUBMARINE)  # mines first: pickier
    grid = rules.grid
    blocked = 0
    for piece in placed:
        blocked |= halo(grid, piece.cells, rules.keep_apart(piece.kind, ShipKind(1)))
    for _attempt in range(50):
        layout = _ship_layout(rules, ships, blocked, rng)
        new = [Ship(kind, cells) for kind, cells in zip(ships, layout, strict=True)]
        occupied = aloof_zone = 0
        for piece in [*placed, *new]:
            occupied |= piece.cells
            if piece.kind.role in (Role.MINE, Role.MINESWEEPER) and not rules.mines_touch:
                aloof_zone |= grid.dilate(piece.cells, diagonal=True)
        cells = place_singles(grid, occupied, aloof_zone,
                              [kind.role is not Role.SUBMARINE and not rules.mines_touch
                               for kind in singles], rng)
        if cells is not None:
            new += [Ship(kind, bit(cell)) for kind, cell in zip(singles, cells, strict=True)]
            return validate_fleet(rules, [*placed, *new])
    raise PlacementError("error.placement_no_room")


def _ship_layout(rules: Rules, ships: Sequence[ShipKind], blocked: Bitboard,
                 rng: random.Random) -> list[Bitboard]:
    """Random cells for ``ships`` (not submarines, mines, minesweepers) off ``blocked``."""
    if any(not kind.shape.is_listed for kind in ships):
        # The lone Flying Dutchman: grown cell by cell (its shapes are too many to list).
        layout = [random_king_ship(rules.grid, kind.size, rng, blocked) for kind in ships]
        if any(cells is None for cells in layout):
            raise PlacementError("error.placement_no_room")
        return [cells for cells in layout if cells is not None]
    search = LayoutSearch(rules.grid, [(k.size, k.shape) for k in ships], rules.touching,
                          blocked=blocked)
    for _attempt in range(200):
        found = search.run(rng, node_limit=2_000)
        if found is not None:
            return found
    # Unlucky or nearly full: an exhaustive search decides whether room is left.
    found = search.run(node_limit=1_000_000)
    if found is None:
        raise PlacementError("error.placement_no_room")
    return found
