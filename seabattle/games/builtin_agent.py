"""A game's built-in computer player as the arena drives it, for any game.

The arena (:mod:`seabattle.arena`) drives each side of a match through its ``Agent``
protocol (:class:`seabattle.arena.games.Agent`): ``new_game``, ``act``, ``observe``,
``finish``. A built-in level is the same adapter in every game: a fresh player seeded by
the game's seed, asked for its action on its seat's view only. A game's arena component
makes one with its own player factory; it lives here, in the shared layer, because a
game's package may not import the arena (``tests/test_layers.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seabattle.games.interface import JSON, GameState

Chooser = Callable[[Any], Any]
"""A player's choice of action given its seat's view."""

PlayerFactory = Callable[[str, random.Random], Chooser]
"""A game's computer player of a level, seeded by ``rng``, as its :data:`Chooser`."""


class BuiltinAgent:
    """A built-in level in-process: seeded per game, it sees only its seat's view.

    >>> agent = BuiltinAgent("novice", lambda level, rng: lambda view: f"{level}: {view}")
    >>> agent.choose("its view")
    'novice: its view'
    """

    def __init__(self, level: str, make_player: PlayerFactory) -> None:
        self.level = level
        self.make_player = make_player
        self.choose = make_player(level, random.Random())

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        """A fresh player of the level, seeded by ``seed``."""
        self.choose = self.make_player(self.level, random.Random(seed))

    async def act(self, state: GameState[Any, Any, Any], seat: int) -> Any:
        """The player's action on ``seat``'s view."""
        return self.choose(state.view(seat))

    def observe(self, state: GameState[Any, Any, Any], seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        """It reads its view when it acts: nothing to note."""

    def finish(self, state: GameState[Any, Any, Any], seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        """Nothing to tell an in-process player."""
