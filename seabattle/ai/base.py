"""The interface every targeting strategy implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from seabattle.coords import Bitboard, iter_cells
from seabattle.view import PlayerView


class TargetingStrategy(ABC):
    """Chooses the next shot from what the player knows.

    Subclasses set :attr:`name` and implement :meth:`choose`. A strategy object may
    keep state between calls of one game; :meth:`new_game` resets it.
    """

    name: ClassVar[str]

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.new_game()

    def new_game(self) -> None:  # noqa: B027 - optional hook, most strategies keep no state
        """Forget anything remembered from a previous game."""

    @abstractmethod
    def choose(self, view: PlayerView) -> int:
        """The cell to fire at next; always one of ``view.legal_shots()``."""

    def pick(self, cells: Bitboard) -> int:
        """A uniformly random cell of a non-empty bitboard."""
        return self.rng.choice(list(iter_cells(cells)))

    @staticmethod
    def candidates(view: PlayerView) -> Bitboard:
        """Cells worth a shot: unknown ones, or any legal one when none is unknown."""
        return view.unknown or view.legal_shots()
