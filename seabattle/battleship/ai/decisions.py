"""How the computer settles the decisions some variants ask for (RULES.md §3).

- After hitting a mine it hands over the cell that tells the opponent least: a
  submarine's (which fires back when hit), else an unhit cell of a ship already
  damaged (the opponent knows where it is), else a cell of its smallest ship.
- After hitting a minesweeper it reveals a random mine.
- When its Flying Dutchman is hit it always moves it (the hit deck is lost either
  way), to a random place as far as it finds from every cell fired at.
"""

from __future__ import annotations

import random

from seabattle.battleship.events import Decision
from seabattle.battleship.rules import Role
from seabattle.battleship.shapes import random_king_ship
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, iter_cells
from seabattle.errors import DecisionError

MOVE_CANDIDATES = 24
"""Random places the Flying Dutchman weighs before it moves."""


def choose_handover(view: PlayerView, rng: random.Random) -> int:
    """The cell to hand over after hitting a mine."""
    options = view.handover_options()
    if not options:
        raise DecisionError()
    ranked: list[tuple[int, int]] = []
    for ship in view.fleet_now:
        cells = ship.cells & options
        if not cells:
            continue
        if ship.kind.role is Role.SUBMARINE:
            rank = 0
        elif ship.cells & view.incoming:
            rank = 1
        else:
            rank = 2 + ship.kind.size
        ranked.extend((rank, cell) for cell in iter_cells(cells))
    best = min(rank for rank, _ in ranked)
    return rng.choice([cell for rank, cell in ranked if rank == best])


def choose_mine_to_reveal(view: PlayerView, rng: random.Random) -> int:
    """The mine to reveal after hitting a minesweeper."""
    options = list(iter_cells(view.reveal_options()))
    if not options:
        raise DecisionError()
    return rng.choice(options)


def choose_move(view: PlayerView, rng: random.Random) -> Bitboard | None:
    """Where to move the hit Flying Dutchman (``None``: nowhere left to go)."""
    pending = view.pending
    if pending is None or pending.ship is None:
        raise DecisionError()
    grid = view.rules.grid
    ship = view.fleet_now.ships[pending.ship]
    size = (ship.cells & ~view.incoming).bit_count()
    if size == 0:
        return None
    fired = view.incoming
    danger = grid.dilate(grid.dilate(fired, diagonal=True), diagonal=True)
    best: tuple[int, Bitboard] | None = None
    for _ in range(MOVE_CANDIDATES):
        cells = random_king_ship(grid, size, rng, blocked=fired)
        if cells is None:
            break
        score = (cells & danger).bit_count()
        if best is None or score < best[0]:
            best = (score, cells)
    return None if best is None else best[1]


def decide(view: PlayerView, rng: random.Random) -> tuple[Decision, int | Bitboard | None]:
    """The decision the player owes now and the choice made for it."""
    due = view.decision_due
    if due is Decision.HANDOVER:
        return due, choose_handover(view, rng)
    if due is Decision.REVEAL_MINE:
        return due, choose_mine_to_reveal(view, rng)
    if due is Decision.MOVE_SHIP:
        return due, choose_move(view, rng)
    raise DecisionError()
