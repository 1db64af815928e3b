"""``novice``: fires at a random cell it knows nothing about."""

from __future__ import annotations

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.view import PlayerView


class RandomStrategy(TargetingStrategy):
    """Uniformly random among cells not fired at and not known to be empty."""

    name = "random"

    def choose(self, view: PlayerView) -> int:
        return self.pick(self.candidates(view))
