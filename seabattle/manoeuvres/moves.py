"""Every legal action of the seat to act, in a fixed order (seed 003, §4.2–4.3).

- **Moves** («Передвижение судов»): a ship or the bomb one free cell across a side; a
  torpedo boat also two, straight or bent like «Г», through a free cell; a torpedo boat
  (destroyer) moving one cell may tow any of the torpedoes (mines) in its zone, each
  moved as the ship is; a torpedo (mine) one cell inside the zone of an own torpedo boat
  (destroyer) that holds it before and after («только "зоне" Тк»).
- **Shots** from a cell beside an own torpedo boat («только с полей, примыкающих борту
  или торцу Тк»): along a line (:class:`~.actions.Shoot`), or point-blank at a piece of
  that boat's zone (:class:`~.actions.PointBlank`).
- **The bomb** set off where it stands or after a step (:class:`~.actions.Detonate`).
- **Attacks**: any group of own ships of one kind joined by sides, one of them beside an
  enemy piece.

After a move the turn goes on only with an attack, or a shot from beside the torpedo boat
that moved, or its end (:class:`~.actions.EndTurn`); a bonus turn may be let go.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from seabattle.coords import Grid
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Detonate,
    Direction,
    EndTurn,
    PointBlank,
    Shoot,
    Step,
)
from seabattle.manoeuvres.board import SHIP_ZONE, Board, connected_subsets, ray, zone
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.views import Stage

if TYPE_CHECKING:
    from seabattle.manoeuvres.state import ManoeuvreState

TUGS = {Kind.TORPEDO_BOAT: Kind.TORPEDO, Kind.DESTROYER: Kind.MINE}
"""Which ship moves which weapon: a torpedo boat tows torpedoes, a destroyer shifts mines."""
TUG_OF = {weapon: ship for ship, weapon in TUGS.items()}


def distance(grid: Grid, source: int, target: int) -> int:
    """Cells across sides from ``source`` to ``target`` (the Manhattan distance)."""
    (r1, c1), (r2, c2) = grid.row_col(source), grid.row_col(target)
    return abs(r1 - r2) + abs(c1 - c2)


def shifted(grid: Grid, cell: int, source: int, target: int) -> int:
    """``cell`` moved as a one-cell step from ``source`` to ``target`` moves (raises
    :class:`~seabattle.errors.OffFieldError` off the field)."""
    (r1, c1), (r2, c2) = grid.row_col(source), grid.row_col(target)
    row, col = grid.row_col(cell)
    return grid.cell(row + r2 - r1, col + c2 - c1)


def legal(state: ManoeuvreState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it may take none)."""
    if state.stage is Stage.DEFENCE:
        assert state.pending is not None
        return [Defend(group) for group in connected_subsets(
            state.rules.grid, state.board.group(state.pending.target), state.pending.target)]
    board = state.board
    if state.stage is Stage.AFTER_MOVE:
        assert state.moved is not None
        return follow_ups(state, seat, state.moved) + [EndTurn()]
    found: list[Action] = []
    for cell, piece in board.of(seat):
        found += _steps(board, seat, cell, piece.kind)
    found += _shots(board, seat, None)
    for cell, piece in board.of(seat):
        if piece.kind is Kind.BOMB:
            found.append(Detonate(cell))
            found += [Detonate(cell, near) for near in board.near[cell] if board.free(near)]
    found += attacks(board, seat)
    if state.stage is Stage.BONUS:
        found.append(EndTurn())
    return found


def can_act(state: ManoeuvreState, seat: int) -> bool:
    """Whether ``seat`` has any legal action in a turn's first stage (quick when a piece
    can step, as it nearly always can)."""
    board = state.board
    at = board.at
    for cell, piece in at.items():
        if piece.owner == seat and piece.kind.moves_alone and any(
                near not in at for near in board.near[cell]):
            return True
    return bool(legal(state, seat))


def follow_ups(state: ManoeuvreState, seat: int, moved: int) -> list[Action]:
    """What may follow a move that left a piece on ``moved``: an attack, or a shot from
    beside it if it is a torpedo boat («в конце очередного хода Тк»)."""
    board = state.board
    boat = moved if board.kind_at(moved, seat, Kind.TORPEDO_BOAT) else None
    found: list[Action] = [*_shots(board, seat, boat)] if boat is not None else []
    return found + attacks(board, seat)


def has_follow_ups(state: ManoeuvreState, seat: int, moved: int) -> bool:
    """Whether :func:`follow_ups` lists anything, found without listing: a torpedo beside
    the moved torpedo boat (it can fire along the line of that boat at least), or any of
    ``seat``'s ships beside an enemy piece (it can attack it alone)."""
    board = state.board
    at = board.at
    near = board.near
    if board.kind_at(moved, seat, Kind.TORPEDO_BOAT) and any(
            board.kind_at(cell, seat, Kind.TORPEDO) for cell in near[moved]):
        return True
    for cell, piece in at.items():
        if piece.owner == seat and piece.kind.is_ship:
            for other in near[cell]:
                enemy = at.get(other)
                if enemy is not None and enemy.owner != seat:
                    return True
    return False


def _steps(board: Board, seat: int, cell: int, kind: Kind) -> list[Action]:
    grid = board.grid
    if kind is Kind.TORPEDO_BOAT:
        reach = board.boat_paths(cell)
        found: list[Action] = [Step(cell, target) for target in sorted(reach)]
        found += _tows(board, seat, cell, kind, [t for t in sorted(reach) if reach[t] == 1])
        return found
    if kind.moves_alone:
        targets = [near for near in board.near[cell] if board.free(near)]
        found = [Step(cell, target) for target in targets]
        if kind in TUGS:
            found += _tows(board, seat, cell, kind, targets)
        return found
    if kind in TUG_OF:
        tugs = board.in_zone_of(cell, seat, TUG_OF[kind])
        return [Step(cell, near) for near in board.near[cell] if board.free(near) and any(
            near in zone(grid, tug, SHIP_ZONE) for tug in tugs)]
    return []


def _tows(board: Board, seat: int, cell: int, kind: Kind, targets: list[int]) -> list[Action]:
    """The one-cell moves of a tug on ``cell`` that take along some of its weapons."""
    grid = board.grid
    weapons = [near for near in sorted(zone(grid, cell, SHIP_ZONE))
               if board.kind_at(near, seat, TUGS[kind])]
    found: list[Action] = []
    for target in targets:
        for size in range(1, len(weapons) + 1):
            for towed in combinations(weapons, size):
                if tow_fits(board, cell, target, towed):
                    found.append(Step(cell, target, towed))
    return found


def tow_fits(board: Board, source: int, target: int, towed: tuple[int, ...]) -> bool:
    """Whether the ship on ``source`` and the weapons on ``towed`` can all move as one
    step from ``source`` to ``target`` moves, each onto a cell that is free or left by
    another of them."""
    grid = board.grid
    moving = {source, *towed}
    if not board.free(target) and target not in moving:
        return False
    for cell in towed:
        (r1, c1), (r2, c2) = grid.row_col(source), grid.row_col(target)
        row, col = grid.row_col(cell)
        if not grid.contains(row + r2 - r1, col + c2 - c1):
            return False
        goal = grid.cell(row + r2 - r1, col + c2 - c1)
        if not board.free(goal) and goal not in moving:
            return False
    return True


def _shots(board: Board, seat: int, boat: int | None) -> list[Action]:
    """Shots of torpedoes beside an own torpedo boat (beside ``boat`` only, if given)."""
    grid = board.grid
    found: list[Action] = []
    for cell, piece in board.of(seat):
        if piece.kind is not Kind.TORPEDO:
            continue
        boats = [b for b in board.beside(cell, seat, Kind.TORPEDO_BOAT)
                 if boat is None or b == boat]
        if not boats:
            continue
        found += [Shoot(cell, direction) for direction in Direction
                  if next(ray(grid, cell, direction.value, 1), None) is not None]
        targets = sorted({target for b in boats for target in zone(grid, b, SHIP_ZONE)
                          if target != cell and not board.free(target)})
        found += [PointBlank(cell, target) for target in targets]
    return found


def attacks(board: Board, seat: int) -> list[Action]:
    """Every attack ``seat``'s ships can make now: each enemy piece beside one of them,
    with each group of its ships of one kind, joined by sides, that touches it."""
    grid = board.grid
    at = board.at
    near = board.near
    found: list[Action] = []
    targets = {other for cell, piece in at.items() if piece.owner == seat and piece.kind.is_ship
               for other in near[cell] if other in at and at[other].owner != seat}
    for target in sorted(targets):
        attackers = [cell for cell in near[target] if cell in at and at[cell].owner == seat
                     and at[cell].kind.is_ship]
        groups: set[tuple[int, ...]] = set()
        whole: set[frozenset[int]] = set()
        for ship in attackers:
            group_cells = board.group(ship)
            if group_cells in whole:
                continue
            whole.add(group_cells)
            for group in connected_subsets(grid, group_cells):
                if any(cell in attackers for cell in group):
                    groups.add(group)
        found += [Attack(target, group) for group in sorted(groups)]
    return found
