"""A game of one person against the computer: what the terminal UIs drive.

:class:`VsComputer` owns the :class:`~seabattle.battleship.game.Game`, the computer's fleet and
targeting strategy, and every random choice, all drawn from one seed, so that a
seeded game with the same moves is the same game. It knows nothing of screens:
the full-screen app and the line-by-line game both call it.

The person is player 0 and the computer player 1. Every variant of RULES.md §3 is
played: the person fires salvoes (:meth:`VsComputer.fire_salvo`) and makes the
decisions the game asks of them (:meth:`VsComputer.decide`, with
:meth:`VsComputer.suggestion` for "choose for me"); the computer plays its shots
and decisions through :class:`~seabattle.battleship.ai.player.ComputerPlayer`.
:meth:`VsComputer.narrate` tells new events as the person may know them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.decisions import decide as computer_choice
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.events import (
    Decision,
    Event,
    Handover,
    MineReveal,
    Resignation,
    ShipMove,
    Shot,
)
from seabattle.battleship.fleet import Fleet, Ship, random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.record import GameRecord, PlayerInfo
from seabattle.battleship.rules import Rules
from seabattle.battleship.view import PlayerView
from seabattle.coords import Alphabet, Bitboard, Coordinates, iter_cells
from seabattle.errors import DecisionError, SeaBattleError
from seabattle.i18n import Language

HUMAN = 0
COMPUTER = 1
FirstMove = Literal["me", "ai", "random"]


@dataclass(frozen=True)
class Told:
    """One event as the person may know it: ``kind`` names what happened (``you_fired``,
    ``ai_fired``, ``you_dying``, ``ai_dying``, ``you_handover``, ``ai_handover``,
    ``you_reveal``, ``ai_reveal``, ``you_reveal_none``, ``ai_reveal_none``, ``you_move``,
    ``you_stay``, ``ai_move``, ``ai_stay``, ``you_resign``); ``params`` hold ``cell``
    (a cell number), ``cells`` (a bitboard) and ``answer`` (a translatable answer)."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def key(self, fired: dict[str, str]) -> str:
        """The message key: the UI's own for shots (``fired`` maps ``you_fired`` and
        ``ai_fired`` to its keys), ``play.<kind>`` for everything else."""
        return fired.get(self.kind, f"play.{self.kind}")

    def named(self, name: Callable[[int], str]) -> dict[str, Any]:
        """The parameters with cells written by ``name`` (cell lists joined by spaces)."""
        params = dict(self.params)
        if "cell" in params:
            params["cell"] = name(params["cell"])
        if "cells" in params:
            params["cells"] = " ".join(name(c) for c in iter_cells(params["cells"]))
        return params


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

    def record_path(self, game_number: int) -> Path | None:
        """Where the ``game_number``-th game's record goes: ``--save FILE`` for the first,
        then ``FILE-2``, ``FILE-3``… so that playing again overwrites no record.

        >>> from seabattle.battleship.rules import PRESETS
        >>> GameSettings(PRESETS["classic"], save_path=Path("games/duel.json")).record_path(3)
        PosixPath('games/duel-3.json')
        """
        path = self.save_path
        if path is None or game_number == 1:
            return path
        return path.with_stem(f"{path.stem}-{game_number}")

    def new_session(self, seed: int | None = None, previous: VsComputer | None = None
                    ) -> VsComputer:
        """A new game with these settings (``seed`` overrides the settings' seed).

        ``previous``: the game the same person played before (play again): where the
        level and rules are the same, the computer keeps what it learnt of them
        (:class:`~seabattle.battleship.ai.opponent.OpponentModel`), that game included.
        """
        opponent = None
        if previous is not None and (previous.level, previous.rules) == (self.level, self.rules):
            opponent = previous.opponent
            if previous.game is not None:
                opponent.learn(previous.game, COMPUTER)
        return VsComputer(self.rules, self.level, seed=self.seed if seed is None else seed,
                          first=self.first, player_name=self.player_name, opponent=opponent)


class VsComputer:
    """A person (player 0) against a computer level (player 1).

    Set-up first: :meth:`random_fleet` or the person's own ships, then
    :meth:`start`. During the battle :meth:`fire` takes the person's shot and lets
    the computer answer with all its shots until the turn comes back.
    """

    def __init__(self, rules: Rules, level: str = "hard", *, seed: int | None = None,
                 first: FirstMove = "random", player_name: str = "Player",
                 opponent: OpponentModel | None = None) -> None:
        self.rules = rules
        self.level = level
        self.seed = new_seed() if seed is None else seed
        self.player_name = player_name
        # Separate streams, so that (say) placing one's own fleet by hand does not
        # change where the computer shoots.
        self._fleet_rng = random.Random(f"{self.seed}:own-fleet")
        computer_rng = random.Random(f"{self.seed}:computer-fleet")
        lot = random.Random(f"{self.seed}:first")
        self.opponent = opponent or OpponentModel(level, rules)
        """What the computer has learnt of the person over this run's games."""
        self.strategy: TargetingStrategy = self.opponent.strategy_for_game(
            random.Random(f"{self.seed}:ai"))
        self.computer = ComputerPlayer(self.strategy, random.Random(f"{self.seed}:ai-decisions"))
        self._suggestions = random.Random(f"{self.seed}:own-decisions")
        self.computer_fleet = self.opponent.fleet(computer_rng)
        if first not in ("me", "ai", "random"):
            raise SeaBattleError("error.generic",
                                 problem=f"first must be me, ai or random, not {first!r}")
        self.first = {"me": HUMAN, "ai": COMPUTER}.get(first, lot.randrange(2))
        self.game: Game | None = None
        self.hints: list[int] = []

    @property
    def started(self) -> bool:
        """Whether the battle has begun (there is a record to save)."""
        return self.game is not None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game is not None and self.game.is_over

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

        Illegal shots raise the engine's errors and change nothing (a salvo is
        :meth:`fire_salvo`). The game may then wait for a decision of the person
        (:attr:`decision_due`); every event is in ``game.events``.
        """
        game = self._game()
        shot = game.fire(HUMAN, cell)
        return shot, self._computer_turn()

    def fire_salvo(self, cells: Sequence[int]) -> list[Event]:
        """The person fires a whole turn (``view().shots_due`` cells, or one); every
        event it led to, the computer's moves included."""
        game = self._game()
        before = len(game.events)
        game.fire_salvo(HUMAN, list(cells))
        self._computer_turn()
        return game.events[before:]

    @property
    def decision_due(self) -> Decision | None:
        """The decision the game waits for from the person, if any."""
        game = self._game()
        pending = game.pending
        return pending.decision if pending is not None and pending.player == HUMAN else None

    def decide(self, choice: int | Bitboard | None) -> list[Event]:
        """Make the person's decision: the cell to hand over or the mine to reveal, or the
        Flying Dutchman's new cells (``None``: it stays). Illegal choices raise
        :class:`~seabattle.errors.DecisionError` saying why and change nothing. Returns
        every event added, the computer's moves that follow included."""
        game = self._game()
        before = len(game.events)
        game.decide(HUMAN, choice)
        self._computer_turn()
        return game.events[before:]

    def suggestion(self) -> int | Bitboard | None:
        """What the computer would choose for the person's decision now (a random place
        for the Flying Dutchman); raises :class:`~seabattle.errors.DecisionError` when
        none is due."""
        if self.decision_due is None:
            raise DecisionError()
        return computer_choice(self.view(), self._suggestions)[1]

    def narrate(self, start: int = 0) -> list[Told]:
        """The events from number ``start`` on, as the person may know them: answers as
        the person heard them, and never where the computer's ship moved to."""
        game = self._game()
        view = game.view(HUMAN)
        own, incoming = iter(view.shots), iter(view.incoming_shots)
        told: list[Told] = []
        for index, event in enumerate(game.events):
            who = "you" if event.player == HUMAN else "ai"
            if isinstance(event, Shot):
                info = next(own if event.player == HUMAN else incoming)
                if index >= start:
                    kind = f"{who}_dying" if event.dying else f"{who}_fired"
                    told.append(Told(kind, {"cell": event.cell, "answer": info.answer}))
                continue
            if index < start:
                continue
            if isinstance(event, Handover):
                told.append(Told(f"{who}_handover", {"cell": event.cell}))
            elif isinstance(event, MineReveal):
                if event.cell is None:
                    told.append(Told(f"{who}_reveal_none"))
                else:
                    told.append(Told(f"{who}_reveal", {"cell": event.cell}))
            elif isinstance(event, ShipMove):
                moved = event.cells is not None
                told.append(Told(f"{who}_move" if moved else f"{who}_stay",
                                 {"cells": event.cells} if moved and who == "you" else {}))
            elif isinstance(event, Resignation):
                told.append(Told(f"{who}_resign"))
        return told

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
        """Let the computer move (shots, salvoes, decisions) while the game waits for it;
        its shots."""
        events = self.computer.play_out(self._game(), COMPUTER)
        return [e for e in events if isinstance(e, Shot) and e.player == COMPUTER]

    def _game(self) -> Game:
        if self.game is None:
            raise SeaBattleError("error.generic",
                                 problem="place the fleet and start the game first")
        return self.game
