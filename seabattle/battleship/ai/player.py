"""The computer as a player: a targeting strategy for its shots, and the decisions
of :mod:`seabattle.battleship.ai.decisions` for the rest. UIs, the server and the arena let it
act through :meth:`ComputerPlayer.act`."""

from __future__ import annotations

import random

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.decisions import decide
from seabattle.battleship.events import Event
from seabattle.battleship.game import Game


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

    def act(self, game: Game, seat: int) -> list[Event]:
        """Make one move if one is due (a decision, or a whole turn); the events added."""
        before = len(game.events)
        if not self.due(game, seat):
            return []
        view = game.view(seat)
        if view.decision_due is not None:
            _, choice = decide(view, self.rng)
            game.decide(seat, choice)
        else:
            cells = self.strategy.next_shots(view)
            if len(cells) == 1 and game.volley_left == 1:
                game.fire(seat, cells[0])
            else:
                game.fire_salvo(seat, cells)
        return game.events[before:]

    def play_out(self, game: Game, seat: int) -> list[Event]:
        """Act for as long as the game waits for this player; every event added."""
        events: list[Event] = []
        while self.due(game, seat):
            events += self.act(game, seat)
        return events
