"""The computer as a player: a targeting strategy for its shots, and the decisions
of :mod:`seabattle.battleship.ai.decisions` for the rest. UIs and the arena let it
act through :meth:`ComputerPlayer.act`; the web server, which logs a move before the
engine applies it, asks for :meth:`ComputerPlayer.next_move` and applies it itself."""

from __future__ import annotations

import random
from dataclasses import dataclass

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.decisions import decide
from seabattle.battleship.events import Decision, Event
from seabattle.battleship.game import Game
from seabattle.coords import Bitboard


@dataclass(frozen=True)
class ShotMove:
    """One shot (:meth:`Game.fire`)."""

    cell: int


@dataclass(frozen=True)
class SalvoMove:
    """A whole turn of shots at once (:meth:`Game.fire_salvo`)."""

    cells: tuple[int, ...]


@dataclass(frozen=True)
class DecisionMove:
    """The decision the game waits for (:meth:`Game.decide`): a cell to hand over or a mine
    to reveal, the Flying Dutchman's new cells, or ``None`` (it stays; no mine left)."""

    decision: Decision
    choice: int | Bitboard | None


Move = ShotMove | SalvoMove | DecisionMove
"""What a player does when the game waits for it."""


def make_move(game: Game, seat: int, move: Move) -> list[Event]:
    """Apply ``move`` for ``seat`` (the engine checks it); the events it added."""
    before = len(game.events)
    if isinstance(move, ShotMove):
        game.fire(seat, move.cell)
    elif isinstance(move, SalvoMove):
        game.fire_salvo(seat, move.cells)
    else:
        game.decide(seat, move.choice)
    return game.events[before:]


class ComputerPlayer:
    """Plays one seat of a game with ``strategy``; ``rng`` drives its decisions."""

    def __init__(self, strategy: TargetingStrategy, rng: random.Random) -> None:
        self.strategy = strategy
        self.rng = rng

    def due(self, game: Game, seat: int) -> bool:
        """Whether the game waits for this player: a decision or its turn."""
        pending = game.pending
        if game.is_over:
            return False
        if pending is not None:
            return pending.player == seat
        return game.to_move == seat

    def next_move(self, game: Game, seat: int) -> Move | None:
        """The move this player makes now (a decision, or a whole turn), without making it;
        ``None`` when the game does not wait for it. Asking draws from the strategy and
        ``rng``: make the move before asking again."""
        if not self.due(game, seat):
            return None
        view = game.view(seat)
        if view.decision_due is not None:
            decision, choice = decide(view, self.rng)
            return DecisionMove(decision, choice)
        cells = self.strategy.next_shots(view)
        if len(cells) == 1 and game.volley_left == 1:
            return ShotMove(cells[0])
        return SalvoMove(tuple(cells))

    def act(self, game: Game, seat: int) -> list[Event]:
        """Make one move if one is due (a decision, or a whole turn); the events added."""
        move = self.next_move(game, seat)
        return [] if move is None else make_move(game, seat, move)

    def play_out(self, game: Game, seat: int) -> list[Event]:
        """Act for as long as the game waits for this player; every event added."""
        events: list[Event] = []
        while self.due(game, seat):
            events += self.act(game, seat)
        return events
