"""What the toy games of the tests share: the bookkeeping of a game state.

The server's and the arena's tests each prove that their application hosts a game that is not
Battleship with a toy game of their own (``tests/test_server.py``: secret numbers guessed
in turns; ``tests/test_arena_any_game.py``: simultaneous picks and a die). Their rules differ,
and each test reads best beside its own; what does not differ — the log, ``apply`` as check,
log, take, a random action drawn from the listed ones — is :class:`ToyState`, so that a toy
state says only its rules. (The terminal shells' coin game needs no state at all: the shells
ask a definition for nothing but its parts.)
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence

from seabattle.errors import NotYourMoveError
from seabattle.games.interface import CHANCE, ActionT, EventT, GameState, Move, ViewT


class ToyState(GameState[ActionT, EventT, ViewT]):
    """A toy game's state: :meth:`apply` checks, logs and :meth:`take`\\ s a seat's action,
    :meth:`apply_chance` logs and :meth:`take_chance`\\ s chance's draw; a random action is
    one of :meth:`legal_actions`."""

    def __init__(self) -> None:
        self._log: list[Move[ActionT]] = []

    @property
    def log(self) -> Sequence[Move[ActionT]]:
        return self._log

    @abstractmethod
    def take(self, seat: int, action: ActionT) -> list[EventT]:
        """Take ``seat``'s action, already checked and logged; the events it caused."""

    @abstractmethod
    def take_chance(self, action: ActionT) -> list[EventT]:
        """Take chance's draw, already logged; the events it caused."""

    def random_action(self, seat: int, rng: random.Random) -> ActionT:
        listed = self.legal_actions(seat)
        if not listed:
            raise NotYourMoveError(seat=seat + 1)
        return rng.choice(list(listed))

    def apply(self, seat: int, action: ActionT) -> list[EventT]:
        self.check(seat, action)
        self._log.append(Move(seat, action))
        return self.take(seat, action)

    def apply_chance(self, action: ActionT) -> list[EventT]:
        assert self.actors.chance, "chance does not act now"
        self._log.append(Move(CHANCE, action))
        return self.take_chance(action)
