"""A seat's moves in the battle, as values: what a player, the computer, a client or a log
entry asks the engine to do, before it is done.

The engine itself (:class:`~seabattle.battleship.game.Game`) takes moves as method calls;
these values let a move be chosen in one place and made in another (the web server logs a
move before it makes it; the game interface's states take them as actions).
"""

from __future__ import annotations

from dataclasses import dataclass

from seabattle.battleship.events import Decision, Event
from seabattle.battleship.game import Game
from seabattle.coords import Bitboard


@dataclass(frozen=True)
class Fire:
    """A turn's shots: one cell (:meth:`Game.fire`), or every cell of a salvo at once
    (:meth:`Game.fire_salvo`)."""

    cells: tuple[int, ...]


@dataclass(frozen=True)
class Decide:
    """After a mine or a minesweeper: the own cell to hand over, or the own mine to reveal."""

    cell: int


@dataclass(frozen=True)
class MoveShip:
    """The hit Flying Dutchman's new cells; ``None`` keeps it where it is."""

    cells: Bitboard | None


BattleMove = Fire | Decide | MoveShip
"""What a seat does when the battle waits for it."""


def decision_move(decision: Decision, choice: Bitboard | None) -> Decide | MoveShip:
    """A choice made for ``decision`` as a move (a cell, or the Dutchman's cells)."""
    if decision is Decision.MOVE_SHIP:
        return MoveShip(choice)
    if choice is None:
        raise ValueError(f"{decision.value} needs a cell")
    return Decide(choice)


def make_move(game: Game, seat: int, move: BattleMove) -> list[Event]:
    """Make ``move`` for ``seat`` (the engine checks it, and changes nothing when it is
    illegal); the events it added."""
    before = len(game.events)
    if isinstance(move, Decide):
        game.decide(seat, move.cell)
    elif isinstance(move, MoveShip):
        game.decide(seat, move.cells)
    elif len(move.cells) == 1 and game.volley_left == 1:
        game.fire(seat, move.cells[0])
    else:
        game.fire_salvo(seat, move.cells)
    return game.events[before:]
