"""A game of one person against the computer: what the terminal UIs drive.

:class:`VsComputer` owns the :class:`~seabattle.game.Game`, the computer's fleet and
targeting strategy, and every random choice, all drawn from one seed, so that a
seeded game with the same moves is the same game. It knows nothing of screens:
the full-screen app and the line-by-line game both call it.

The person is player 0 and the computer player 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from seabattle.ai.base import TargetingStrategy
from seabattle.ai.levels import make_strategy
from seabattle.coords import Alphabet, Coordinates
from seabattle.errors import SeaBattleError
from seabattle.events import Shot
from seabattle.fleet import Fleet, Ship, random_fleet
from seabattle.game import Game
from seabattle.i18n import Language
from seabattle.record import GameRecord, PlayerInfo
from seabattle.rules import Rules
from seabattle.view import PlayerView

HUMAN = 0
COMPUTER = 1
FirstMove = Literal["me", "ai", "random"]


def new_seed() -> int:
    """A fresh seed for an unseeded game (kept in its record, so it can be replayed)."""
    return random.SystemRandom().randrange(2**63)


@dataclass(frozen=True)
class GameSettings:
    """Everything chosen on the command line for a game against the computer."""

    rules: Rules
    level: str = "hard"
    language: Language = "en"
    alphabet: Alphabet | None = None
    """Column letters; ``None`` lets the rules and the language decide."""
    first: FirstMove = "random"
    seed: int | None = None
    save_path: Path | None = None
    """Where to write the game record (at the end, or when the player quits)."""
    player_name: str = "Player"

    def coordinates(self) -> Coordinates:
        """The field and alphabet cells are shown and typed in."""
        return Coordinates(self.rules.grid, self.alphabet or self.rules.alphabet_for(self.language))

    def new_session(self, seed: int | None = None) -> VsComputer:
        """A new game with these settings (``seed`` overrides the settings' seed)."""
        return VsComputer(self.rules, self.level, seed=self.seed if seed is None else seed,
                          first=self.first, player_name=self.player_name)


class VsComputer:
    """A person (player 0) against a computer level (player 1).

    Set-up first: :meth:`random_fleet` or the person's own ships, then
    :meth:`start`. During the battle :meth:`fire` takes the person's shot and lets
    the computer answer with all its shots until the turn comes back.
    """

    def __init__(self, rules: Rules, level: str = "hard", *, seed: int | None = None,
                 first: FirstMove = "random", player_name: str = "Player") -> None:
        self.rules = rules
        self.level = level
        self.seed = new_seed() if seed is None else seed
        self.player_name = player_name
        # Separate streams, so that (say) placing one's own fleet by hand does not
        # change where the computer shoots.
        self._fleet_rng = random.Random(f"{self.seed}:own-fleet")
        computer_rng = random.Random(f"{self.seed}:computer-fleet")
        lot = random.Random(f"{self.seed}:first")
        self.strategy: TargetingStrategy = make_strategy(level, random.Random(f"{self.seed}:ai"))
        self.computer_fleet = random_fleet(rules, computer_rng)
        if first not in ("me", "ai", "random"):
            raise SeaBattleError("error.generic",
                                 problem=f"first must be me, ai or random, not {first!r}")
        self.first = {"me": HUMAN, "ai": COMPUTER}.get(first, lot.randrange(2))
        self.game: Game | None = None
        self.hints: list[int] = []

    # --- set-up -----------------------------------------------------------------

    def random_fleet(self, placed: Sequence[Ship] = ()) -> Fleet:
        """A random fleet for the person, keeping the ships already ``placed``."""
        return random_fleet(self.rules, self._fleet_rng, placed)

    def start(self, fleet: Fleet) -> list[Shot]:
        """Begin the battle with the person's ``fleet``; returns the computer's opening shots."""
        if self.game is not None:
            raise SeaBattleError("error.generic", problem="the game has already started")
        self.game = Game(self.rules, (fleet, self.computer_fleet), self.first)
        return self._computer_turn()

    # --- battle -----------------------------------------------------------------

    def fire(self, cell: int) -> tuple[Shot, list[Shot]]:
        """The person fires at ``cell``; returns their shot and the computer's replies.

        Illegal shots raise the engine's errors and change nothing.
        """
        game = self._game()
        shot = game.fire(HUMAN, cell)
        return shot, self._computer_turn()

    def resign(self) -> None:
        """The person gives up."""
        self._game().resign(HUMAN)

    def note_hint(self) -> None:
        """Record that the person asked for a hint before their next shot."""
        self.hints.append(len(self._game().events))

    def view(self, player: int = HUMAN) -> PlayerView:
        """What ``player`` knows now (the person by default)."""
        return self._game().view(player)

    def record(self) -> GameRecord:
        """The game so far, ready to save."""
        return GameRecord.of(
            self._game(), (PlayerInfo(self.player_name), PlayerInfo("Computer", self.level)),
            seed=self.seed, hints=list(self.hints))

    def _computer_turn(self) -> list[Shot]:
        game = self._game()
        replies = []
        while game.to_move == COMPUTER:
            replies.append(game.fire(COMPUTER, self.strategy.choose(game.view(COMPUTER))))
        return replies

    def _game(self) -> Game:
        if self.game is None:
            raise SeaBattleError("error.generic",
                                 problem="place the fleet and start the game first")
        return self.game
