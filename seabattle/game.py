"""The game: two fleets, whose turn it is, shots, the outcome and the event log.

:class:`Game` is mutable and append-only: each accepted move is checked, applied and
recorded as an :class:`~seabattle.events.Event`. Anything illegal raises before it
changes anything. A game is fully described by its rules, both fleets, who moved
first and its events, so :meth:`Game.replay` rebuilds any game (and checks it).
Why mutable with a log, not immutable states: see ``docs/engine.md``.

>>> import random
>>> from seabattle.rules import find_rules
>>> from seabattle.fleet import random_fleet
>>> rules = find_rules("classic")
>>> rng = random.Random(7)
>>> game = Game(rules, (random_fleet(rules, rng), random_fleet(rules, rng)))
>>> game.fire(0, 0).player, game.is_over
(0, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from seabattle.coords import ALPHABETS, Bitboard, bit, cell_name
from seabattle.errors import (
    AlreadyFiredError,
    GameOverError,
    NotYourTurnError,
    OffFieldError,
    SeaBattleError,
)
from seabattle.events import Event, Resignation, Shot, ShotResult
from seabattle.fleet import Fleet
from seabattle.rules import Rules
from seabattle.view import PlayerView, build_view

PLAYERS = (0, 1)


@dataclass(frozen=True)
class ShotStats:
    """How one player shot: the figures of the game-over screen."""

    shots: int
    hits: int
    sunk: int

    @property
    def accuracy(self) -> float:
        """Hits per shot, from 0 to 1 (0 before the first shot)."""
        return self.hits / self.shots if self.shots else 0.0


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player


class Game:
    """A game between players 0 and 1, each with a validated :class:`~seabattle.fleet.Fleet`."""

    def __init__(self, rules: Rules, fleets: Sequence[Fleet], first: int = 0) -> None:
        self._check_player(first)
        if len(fleets) != 2:
            raise SeaBattleError("error.generic", problem="a game needs exactly two fleets")
        self.rules = rules
        self.fleets = (fleets[0], fleets[1])
        self.first = first
        self.events: list[Event] = []
        self._incoming: list[Bitboard] = [0, 0]
        self._to_move: int = first
        self._winner: int | None = None

    # --- state ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player whose shot it is; ``None`` once the game is over."""
        return None if self.is_over else self._to_move

    @property
    def winner(self) -> int | None:
        """The winner, or ``None`` while the game goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """Whether a player has won."""
        return self._winner is not None

    def incoming(self, player: int) -> Bitboard:
        """The cells of ``player``'s field the opponent has fired at."""
        return self._incoming[player]

    def afloat(self, player: int) -> list[int]:
        """Indices of ``player``'s ships not yet sunk."""
        shots = self._incoming[player]
        return [i for i, ship in enumerate(self.fleets[player]) if not ship.is_sunk(shots)]

    def shots(self, player: int | None = None) -> list[Shot]:
        """The shots fired so far, by ``player`` or by both."""
        return [e for e in self.events
                if isinstance(e, Shot) and (player is None or e.player == player)]

    def stats(self, player: int) -> ShotStats:
        """Shots, hits and ships sunk by ``player`` so far."""
        shots = self.shots(player)
        return ShotStats(len(shots), sum(s.result is not ShotResult.MISS for s in shots),
                         sum(s.result is ShotResult.SUNK for s in shots))

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now; see :mod:`seabattle.view`."""
        self._check_player(player)
        return build_view(self.rules, player, self.fleets, self.events, self.to_move,
                          self.winner)

    # --- moves ------------------------------------------------------------------

    def fire(self, player: int, cell: int) -> Shot:
        """``player`` fires at ``cell`` of the opponent's field.

        Raises :class:`GameOverError`, :class:`NotYourTurnError`,
        :class:`OffFieldError` or :class:`AlreadyFiredError` (whose ``cell``
        parameter is the Latin cell name) and then changes nothing.
        """
        self._check_player(player)
        if self.is_over:
            raise GameOverError()
        if player != self._to_move:
            raise NotYourTurnError()
        grid = self.rules.grid
        if not 0 <= cell < grid.size:
            raise OffFieldError(row=cell // grid.width + 1, col=cell % grid.width + 1,
                                width=grid.width, height=grid.height)
        defender = other(player)
        if self._incoming[defender] & bit(cell):
            raise AlreadyFiredError(cell=cell_name(cell, grid, ALPHABETS["latin"]))
        self._incoming[defender] |= bit(cell)
        index = self.fleets[defender].ship_at(cell)
        if index is None:
            result = ShotResult.MISS
        elif self.fleets[defender].ships[index].is_sunk(self._incoming[defender]):
            result = ShotResult.SUNK
        else:
            result = ShotResult.HIT
        shot = Shot(player, cell, result, index)
        self.events.append(shot)
        if not self.afloat(defender):
            self._winner = player
        else:
            self._to_move = self._next_shooter(player, result)
        return shot

    def _next_shooter(self, shooter: int, result: ShotResult) -> int:
        if result is ShotResult.MISS or not self.rules.shoot_again:
            return other(shooter)
        return shooter

    def resign(self, player: int) -> Resignation:
        """``player`` gives up; the opponent wins."""
        self._check_player(player)
        if self.is_over:
            raise GameOverError()
        resignation = Resignation(player)
        self.events.append(resignation)
        self._winner = other(player)
        return resignation

    def apply(self, event: Event) -> None:
        """Apply a recorded event, checking it exactly as a live move is checked."""
        if isinstance(event, Resignation):
            self.resign(event.player)
            return
        saved = (len(self.events), list(self._incoming), self._to_move, self._winner)
        shot = self.fire(event.player, event.cell)
        if shot.result is not event.result:
            # Take the shot back: an illegal move changes nothing.
            del self.events[saved[0]:]
            self._incoming, self._to_move, self._winner = saved[1], saved[2], saved[3]
            raise SeaBattleError("error.generic", problem=(
                f"shot {event.cell} is recorded as {event.result.value}, "
                f"but the fleets make it {shot.result.value}"))

    @classmethod
    def replay(cls, rules: Rules, fleets: Sequence[Fleet], first: int,
               events: Iterable[Event]) -> Game:
        """Rebuild a game from its description, checking every event."""
        game = cls(rules, fleets, first)
        for event in events:
            game.apply(event)
        return game

    @staticmethod
    def _check_player(player: int) -> None:
        if player not in PLAYERS:
            raise SeaBattleError("error.not_a_player", player=player)


class Solitaire(Game):
    """One player (0) fires at one fleet until it sinks: how targeting is measured.

    The same rules, answers and views as a real game, except that the turn never
    passes; the benchmark counts the shots it takes.
    """

    def __init__(self, rules: Rules, target: Fleet) -> None:
        super().__init__(rules, (target, target), first=0)

    def _next_shooter(self, shooter: int, result: ShotResult) -> int:
        return shooter
