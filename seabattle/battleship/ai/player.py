"""The computer as a player: a targeting strategy for its shots, and the decisions
of :mod:`seabattle.battleship.ai.decisions` for the rest. UIs and the arena let it
act through :meth:`ComputerPlayer.act`; the web server, which logs a move before the
engine applies it, asks for :meth:`ComputerPlayer.next_move` and applies it itself."""

from __future__ import annotations

import random

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.decisions import decide
from seabattle.battleship.events import Event
from seabattle.battleship.game import Game
from seabattle.battleship.moves import BattleMove, Fire, decision_move, make_move


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

    def next_move(self, game: Game, seat: int) -> BattleMove | None:
        """The move this player makes now (a decision, or a whole turn), without making it;
        ``None`` when the game does not wait for it. Asking draws from the strategy and
        ``rng``: make the move before asking again."""
        if not self.due(game, seat):
            return None
        view = game.view(seat)
        if view.decision_due is not None:
            return decision_move(*decide(view, self.rng))
        return Fire(tuple(self.strategy.next_shots(view)))

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
