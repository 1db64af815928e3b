"""The interface every targeting strategy implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Self

from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, iter_cells
from seabattle.errors import SeaBattleError


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

    def reveal(self, rules: Rules, fleet: Fleet) -> None:  # noqa: B027 - optional hook
        """Learn from the enemy fleet under ``rules``, revealed when a game ends (a series
        against one opponent: call it before :meth:`new_game`). Most strategies ignore
        it."""

    @classmethod
    def tuned(cls, rng: random.Random, settings: Mapping[str, str]) -> Self:
        """The strategy with ``settings`` (names and values as text), for experiments.

        A strategy without settings refuses any (``error.no_settings``); one with
        settings refuses unknown names and bad values with a message.
        """
        if settings:
            raise SeaBattleError("error.no_settings", name=cls.name)
        return cls(rng)

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        """Whether this strategy can play under ``rules`` (see :func:`make_strategy`)."""
        return True

    @abstractmethod
    def choose(self, view: PlayerView) -> int:
        """The cell to fire at next; always one of ``view.legal_shots()``."""

    def choose_salvo(self, view: PlayerView, count: int) -> list[int]:
        """``count`` distinct cells to fire at together.

        By default :meth:`choose` is asked again and again, each cell already chosen
        counted as a miss (its answer is not known yet, and a second shot there would
        be wasted); strategies with a probability map take its best cells instead.
        """
        chosen: list[int] = []
        pending = view
        for _ in range(min(count, view.legal_shots().bit_count())):
            cell = self.choose(pending)
            chosen.append(cell)
            pending = replace(pending, misses=pending.misses | bit(cell))
        return chosen

    def next_shots(self, view: PlayerView) -> list[int]:
        """The player's whole turn: a cell handed over by a mine first (a sure hit that
        earns another shot), else :meth:`choose`, or :meth:`choose_salvo` for a salvo."""
        if view.given:
            return [(view.given & -view.given).bit_length() - 1]
        if view.shots_due > 1:
            return self.choose_salvo(view, view.shots_due)
        return [self.choose(view)]

    def pick(self, cells: Bitboard) -> int:
        """A uniformly random cell of a non-empty bitboard."""
        return self.rng.choice(list(iter_cells(cells)))

    @staticmethod
    def candidates(view: PlayerView) -> Bitboard:
        """Cells worth a shot: unknown ones, or any legal one when none is unknown."""
        return view.unknown or view.legal_shots()
