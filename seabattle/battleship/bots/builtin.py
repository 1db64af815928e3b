"""The bot's side of the protocol: a built-in strategy as a bot (``seabattle bot LEVEL``).

:class:`BotKnowledge` turns what the protocol tells a bot (its rules, its fleet,
the answers to its shots and the opponent's shots) into the same
:class:`~seabattle.battleship.view.PlayerView` the engine gives a player, so every targeting
strategy plays through the protocol exactly as it plays in-process.
:func:`serve` is the read-answer loop over a pair of text streams.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from seabattle import __version__
from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.bots.protocol import (
    PROTOCOL_VERSION,
    FleetReply,
    Hello,
    HelloOk,
    Id,
    Info,
    IsReady,
    NewGame,
    PlaceRequest,
    Quit,
    ReadyOk,
    Reply,
    Reveal,
    ShootRequest,
    ShotReport,
    fleet_cells,
    fleet_from_cells,
    parse_command,
)
from seabattle.battleship.bots.protocol import Fire as FireReply
from seabattle.battleship.events import Event, Shot, ShotResult
from seabattle.battleship.fleet import Fleet, Ship, random_fleet
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.view import PlayerView, build_view
from seabattle.errors import ProtocolSyntaxError, SeaBattleError

ME, OPPONENT = 0, 1

PlaceFleet = Callable[[Rules, random.Random], Fleet]
"""A placement: the rules and a generator in, a legal fleet out."""

LEARNING_PLACEMENT = "learning"
"""The built-in players' placement option (``admiral:learning``, ``seabattle bot admiral
--placement learning``) that places as the computer does in a game against a person: for
the admiral, where the opponent of the series has looked last
(:mod:`~seabattle.battleship.ai.hiding`)."""


def find_placement_function(name: str | None, rules: Rules | None = None) -> PlaceFleet:
    """A placement strategy by name (``seabattle.battleship.ai.placement.PLACEMENTS``).

    ``None`` means the uniform placement where that registry exists, else the
    engine's :func:`~seabattle.battleship.fleet.random_fleet`. Given ``rules`` it cannot
    place (``packed`` without single-deck ships standing apart), it is refused with the
    reason (:class:`~seabattle.errors.SeaBattleError`).
    """
    try:
        from seabattle.battleship.ai.placement import PLACEMENTS, find_placement
    except ImportError:  # pragma: no cover - the registry is optional
        return random_fleet
    if name is None:
        name = "uniform" if "uniform" in PLACEMENTS else next(iter(PLACEMENTS))
    return find_placement(name, rules).place


class BotKnowledge:
    """One game as a bot knows it, from the protocol alone.

    The enemy fleet is unknown; where :func:`~seabattle.battleship.view.build_view` asks which
    enemy ship a shot sank, a stand-in ship of the announced kind answers (its cells
    are never read), so the view is the engine's own for these events.
    """

    def __init__(self, rules: Rules, fleet: Fleet) -> None:
        self.rules = rules
        self.fleet = fleet
        self.events: list[Event] = []
        self._stand_ins: list[Ship] = []

    def record(self, report: ShotReport) -> None:
        """Take in a ``result`` or ``incoming`` line."""
        if not report.own:
            index = self.fleet.ship_at(report.cell)
            self.events.append(Shot(OPPONENT, report.cell, report.result, index))
            return
        index = None
        if report.result is ShotResult.SUNK:
            index = len(self._stand_ins)
            self._stand_ins.append(Ship(self._kind(report), 0))
        self.events.append(Shot(ME, report.cell, report.result, index))

    def _kind(self, report: ShotReport) -> ShipKind:
        for kind in self.rules.fleet:
            if kind.size == report.size and kind.name == report.name:
                return kind
        # Not announced (or unknown to these rules): build_view does not read it then.
        return self.rules.fleet[0] if report.size is None else ShipKind(report.size, report.name)

    def view(self) -> PlayerView:
        """The bot's view with the bot to move."""
        enemy = Fleet(tuple(self._stand_ins), 0)
        return build_view(self.rules, ME, (self.fleet, enemy), self.events, ME, None)


def serve(level: str, stdin: TextIO, stdout: TextIO, *, placement: str | None = None,
          seed: int | None = None, name: str | None = None) -> int:
    """Play as a bot: read commands from ``stdin``, answer on ``stdout``, until ``quit``.

    ``level``: a level or strategy name (:func:`~seabattle.battleship.ai.levels.make_strategy`);
    ``placement``: a placement strategy name, or :data:`LEARNING_PLACEMENT`; a ``newgame``
    whose rules the placement cannot place ends the session with the reason
    (:class:`~seabattle.errors.SeaBattleError`, which ``seabattle bot`` writes to standard
    error before it exits with status 2: the arena shows it with the crash). The games of
    one run are a series against one opponent: what each ``reveal`` shows (the
    opponent's fleet, and where it fired) is learnt for the next game of the same rules
    (:class:`~seabattle.battleship.ai.opponent.OpponentModel`). Unknown commands are
    ignored, as the protocol asks of every bot. Returns the exit status.
    """
    rng = random.Random(seed) if seed is not None else random.Random()
    make_strategy(level, rng)  # an unknown level is refused before any game
    learning_placement = placement is not None and placement.lower() == LEARNING_PLACEMENT
    place = None if learning_placement else find_placement_function(placement)
    rules: Rules | None = None
    opponent: OpponentModel | None = None
    strategy: TargetingStrategy | None = None
    knowledge: BotKnowledge | None = None

    def say(reply: Reply) -> None:
        stdout.write(reply.to_line(rules.grid if rules else None) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            command = parse_command(line, rules.grid if rules else None)
        except ProtocolSyntaxError:
            continue
        if isinstance(command, Hello):
            say(Id("name", name or f"seabattle {level}"))
            say(Id("author", f"seabattle {__version__}"))
            say(HelloOk(min(command.version, PROTOCOL_VERSION)))
        elif isinstance(command, IsReady):
            say(ReadyOk())
        elif isinstance(command, NewGame):
            rules, knowledge = command.rules, None
            if place is not None:
                place = find_placement_function(placement, rules)
            if opponent is None or opponent.rules != rules:
                opponent = OpponentModel(level, rules)  # new rules: a new series
            strategy = opponent.strategy_for_game(rng)
        elif isinstance(command, PlaceRequest) and rules is not None and opponent is not None:
            fleet = opponent.fleet(rng) if place is None else place(rules, rng)
            knowledge = BotKnowledge(rules, fleet)
            say(FleetReply(fleet_cells(fleet)))
        elif (isinstance(command, ShootRequest) and knowledge is not None
              and strategy is not None):
            say(FireReply(strategy.choose(knowledge.view())))
        elif isinstance(command, ShotReport) and knowledge is not None:
            knowledge.record(command)
        elif isinstance(command, Reveal) and knowledge is not None and opponent is not None:
            say(Info(_learn(opponent, knowledge, command)))
        elif isinstance(command, Quit):
            return 0
    return 0


def _learn(opponent: OpponentModel, knowledge: BotKnowledge, reveal: Reveal) -> str:
    """Learn from a game's ``reveal``; a fleet that is not legal under the game's rules
    teaches nothing. What was done, for the arena's log (an ``info`` line)."""
    try:
        fleet = fleet_from_cells(knowledge.rules, reveal.ships)
    except SeaBattleError as error:
        return f"reveal not learnt: {error}"
    incoming = [event.cell for event in knowledge.events
                if isinstance(event, Shot) and event.player == OPPONENT]
    opponent.learn_fleet(fleet, incoming)
    return f"learnt the opponent's fleet ({opponent.games} games of this series)"
