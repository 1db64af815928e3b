"""What the computer learns of one opponent over a series of games.

A person (or a bot) met for several games in a row — a rematch in the browser, the
terminal's «play again», ``seabattle match``, a tournament pairing — keeps their habits.
:class:`OpponentModel` is the computer's memory of that one opponent, shared by every
shell that plays a series:

- **where they place**: the targeting strategy is one object for the whole series,
  shown the opponent's fleet when a game ends
  (:meth:`~seabattle.battleship.ai.base.TargetingStrategy.reveal`) and told of each new
  game (:meth:`~seabattle.battleship.ai.base.TargetingStrategy.new_game`); the admiral
  carries the evidence for each placement habit forward
  (:mod:`~seabattle.battleship.ai.habits`), other levels ignore it;
- **where they look**: the opponent's shots at the computer's field, in order, go to
  :class:`~seabattle.battleship.ai.hiding.ShooterHabits`, and the computer's own fleet
  (:meth:`OpponentModel.fleet`) is placed where that shooter looks last.

One model per opponent and rule set: a shell makes a fresh one for a new opponent (or
new rules), so nothing learnt of one opponent reaches another. Every draw comes from
the generators the shell passes per game, so a seeded series is the same series.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.hiding import ShooterHabits
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.placement import computer_fleet
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.game import Game
from seabattle.battleship.rules import Rules


class OpponentModel:
    """The computer at ``level`` against one opponent under ``rules``, over a series.

    Per game: :meth:`strategy_for_game` (and :meth:`fleet` where the computer places as
    itself), then, once the game is over, :meth:`learn`.
    """

    def __init__(self, level: str, rules: Rules) -> None:
        self.level = level
        self.rules = rules
        self.habits = ShooterHabits(rules.grid)
        """Where the opponent has looked for the computer's ships, game after game."""
        self.strategy: TargetingStrategy = make_strategy(level, random.Random(0), rules)
        """The targeting strategy of the series (its generator is the game's, each game)."""
        self.games = 0
        """Games learnt from."""

    def strategy_for_game(self, rng: random.Random) -> TargetingStrategy:
        """The targeting strategy for the next game, drawing from ``rng``: the series' one
        object, told that a new game begins (it keeps what it learnt)."""
        self.strategy.rng = rng
        self.strategy.new_game()
        return self.strategy

    def fleet(self, rng: random.Random) -> Fleet:
        """The computer's own fleet for the next game
        (:func:`~seabattle.battleship.ai.placement.computer_fleet`: the admiral hides it
        where this opponent has looked last)."""
        return computer_fleet(self.level, self.rules, rng, self.habits)

    def learn(self, game: Game, seat: int) -> None:
        """Learn from a finished game in which the computer sat in ``seat``: the opponent's
        fleet, revealed at the end, and the opponent's shots at the computer's field. A
        game that is not over (abandoned, timed out) teaches nothing: its fleet was never
        revealed. Games may be learnt one after another without being played here (a
        server that restarted learns the games before a rematch from their logs)."""
        if not game.is_over or game.rules != self.rules:
            return
        self.learn_fleet(game.fleets[1 - seat],
                         [shot.cell for shot in game.view(seat).incoming_shots])

    def learn_fleet(self, fleet: Fleet, incoming: Sequence[int]) -> None:
        """Learn from a finished game known only by what its end told the computer (a bot
        reads it from the protocol's ``reveal``): the opponent's ``fleet`` and the
        ``incoming`` cells it fired at the computer's field, in order."""
        self.strategy.reveal(self.rules, fleet)
        self.strategy.new_game()  # the game is closed: what it showed is kept
        self.habits.observe(list(incoming))
        self.games += 1
