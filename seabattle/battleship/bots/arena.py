"""Battleship in the arena: its bot protocol's turns, its built-in players, its records.

The arena (``seabattle/arena/``) finds this module through Battleship's definition's
parts (``arena_game``) and uses :data:`ARENA_GAME`, which meets the arena's structural
types (:class:`~seabattle.arena.games.ArenaGame`, :class:`~seabattle.arena.games.Agent`)
without importing the arena: a game's package
stays below the applications. What is Battleship's here: how a set-up and a turn are
asked for (``place MS`` → ``fleet …``, ``shoot MS`` → ``fire CELL`` or ``resign``), what a
bot is told after every shot (``result``/``incoming``), how a game ends for it
(``reveal``, ``gameover``), the built-in levels and placements, the stand-in fleet a
forfeit at placement leaves, and the record. The messages themselves are
:mod:`seabattle.battleship.bots.protocol`; the whole exchange is ``docs/protocol.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.levels import LEVELS, STRATEGIES, make_strategy
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.ai.placement import find_placement
from seabattle.battleship.bots.builtin import (
    LEARNING_PLACEMENT,
    find_placement_function,
    serve,
)
from seabattle.battleship.bots.protocol import (
    END_REASONS,
    SUPPORTED_VERSIONS,
    FleetReply,
    GameOver,
    NewGame,
    PlaceRequest,
    Reveal,
    ShootRequest,
    ShotReport,
    fleet_cells,
    fleet_from_cells,
    parse_reply,
)
from seabattle.battleship.bots.protocol import Fire as FireReply
from seabattle.battleship.definition import DEFINITION, BattleshipState, PlaceFleet, Resign
from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import other
from seabattle.battleship.moves import Fire
from seabattle.battleship.record import GameRecord, PlayerInfo
from seabattle.battleship.rules import Announcement, Rules
from seabattle.battleship.view import PlayerView
from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON, GameState

if TYPE_CHECKING:  # the arena's types, named only: this package never imports the arena
    from seabattle.arena.games import Conversation

AnyState = GameState[Any, Any, Any]

def _battleship(state: AnyState) -> BattleshipState:
    if not isinstance(state, BattleshipState):
        raise TypeError(f"not a game of Battleship: {state!r}")
    return state


class BattleshipBot:
    """The arena's side of the Battleship protocol with one bot, over a conversation.

    Step by step (as :class:`~seabattle.arena.bots.SimpleBot` offers it): :meth:`new_game`,
    :meth:`place`, then :meth:`shoot` whenever it is the bot's turn and :meth:`report`
    after every shot; :meth:`game_over` at the end. As an arena agent: :meth:`act`,
    :meth:`observe` and :meth:`finish` over the game's state.
    """

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self.rules: Rules | None = None

    # --- step by step -----------------------------------------------------------------

    async def new_game(self, rules: Rules, seat: int = 0, seed: str = "") -> None:
        """Announce a new game under ``rules`` (no answer expected)."""
        self.rules = rules
        self.conversation.send(NewGame(rules).to_line())

    async def place(self, ms: int | None = None) -> Fleet:
        """Ask for the bot's fleet; returns it validated against the rules.

        Raises a :class:`~seabattle.errors.BotError`, or the engine's placement error for
        an illegal fleet.
        """
        rules = self._rules()
        ms = ms or self.conversation.setup_ms
        reply = await self._request(PlaceRequest(ms).to_line(), ("fleet",), ms)
        assert isinstance(reply, FleetReply)
        return fleet_from_cells(rules, reply.ships)

    async def shoot(self, ms: int | None = None) -> int | None:
        """Ask for the bot's shot: the cell, or ``None`` if the bot resigns.

        The cell is on the field but not checked against the shots already fired (the
        game does that).
        """
        ms = ms or self.conversation.move_ms
        reply = await self._request(ShootRequest(ms).to_line(), ("fire", "resign"), ms)
        return reply.cell if isinstance(reply, FireReply) else None

    def report(self, shot: Shot, own: bool, kind_size: int | None = None,
               kind_name: str = "") -> None:
        """Tell the bot the answer to a shot (its own if ``own``, else the opponent's).

        ``kind_size``/``kind_name`` name a sunk ship when the rules announce kinds.
        """
        rules = self._rules()
        announce = rules.announce is Announcement.TYPE and shot.result is ShotResult.SUNK
        report = ShotReport(own, shot.cell, shot.result, kind_size if announce else None,
                            kind_name if announce else "")
        self.conversation.send(report.to_line(rules.grid))

    def game_over(self, won: bool, reason: str, opponent_fleet: Fleet | None = None) -> None:
        """Tell the bot the game is over (and show it the opponent's fleet)."""
        if opponent_fleet is not None:
            self.conversation.send(Reveal(fleet_cells(opponent_fleet)).to_line(
                self._rules().grid))
        endings = {known: known for known in END_REASONS}
        if reason not in endings:
            raise ValueError(f"the protocol has no end reason {reason!r}")
        self.conversation.send(GameOver("win" if won else "loss", endings[reason]).to_line())

    async def _request(self, line: str, expected: tuple[str, ...], ms: int) -> object:
        answer = await self.conversation.request(line, expected, ms)
        return parse_reply(answer, self._rules().grid)

    def _rules(self) -> Rules:
        if self.rules is None:
            raise RuntimeError("no game in progress: call new_game first")
        return self.rules

    # --- as an arena agent ------------------------------------------------------------

    async def act(self, state: AnyState, seat: int) -> Any:
        """``place`` before the battle, ``shoot`` in it."""
        if _battleship(state).game is None:
            return PlaceFleet(await self.place())
        cell = await self.shoot()
        return Resign() if cell is None else Fire((cell,))

    def observe(self, state: AnyState, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        """``result`` or ``incoming`` for every shot, the sunk ship's kind if announced."""
        game = _battleship(state).game
        for event in events:
            if not isinstance(event, Shot) or game is None:
                continue
            kind = (game.fleets[other(event.player)].ships[event.ship].kind
                    if event.result is ShotResult.SUNK and event.ship is not None else None)
            self.report(event, event.player == seat, kind.size if kind else None,
                        kind.name if kind else "")

    def finish(self, state: AnyState, seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        """``reveal`` (unless the opponent's fleet is a stand-in), then ``gameover``."""
        battleship = _battleship(state)
        outcome = battleship.outcome()
        stand_ins = metadata.get("substitute_fleets") or []
        hidden = not isinstance(stand_ins, list) or other(seat) in stand_ins
        self.game_over(outcome is not None and outcome.winner == seat, ended,
                       None if hidden else battleship.fleets[other(seat)])


class BuiltinAgent:
    """A built-in targeting strategy and placement, in-process, seeded per game.

    One agent plays every game of its player against one opponent (the arena makes a
    player per pairing and batch), so it learns that opponent over the series
    (:class:`~seabattle.battleship.ai.opponent.OpponentModel`): its strategy sees the
    opponent's fleet after each game, and with the placement :data:`LEARNING_PLACEMENT` it
    places its own fleet as the computer does, where this opponent looks last. A new
    rule set starts a new model.
    """

    def __init__(self, level: str, placement: str | None) -> None:
        self.level = level
        self._place = (None if placement == LEARNING_PLACEMENT
                       else find_placement_function(placement))
        """The placement, or ``None``: the computer's own (:attr:`opponent`'s ``fleet``)."""
        self.opponent: OpponentModel | None = None
        """What this player has learnt of its opponent (made at the first game)."""
        self._strategy: TargetingStrategy | None = None
        self._rng = random.Random()

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        if self.opponent is None or self.opponent.rules != rules:
            self.opponent = OpponentModel(self.level, rules)
        self._rng = random.Random(f"{seed}:place")
        self._strategy = self.opponent.strategy_for_game(random.Random(f"{seed}:shots"))

    async def act(self, state: AnyState, seat: int) -> Any:
        battleship = _battleship(state)
        if battleship.game is None:
            if self._place is None:
                assert self.opponent is not None
                return PlaceFleet(self.opponent.fleet(self._rng))
            return PlaceFleet(self._place(battleship.rules, self._rng))
        view = battleship.view(seat)  # what the seat may know, through the interface
        assert self._strategy is not None and isinstance(view, PlayerView)
        return Fire((self._strategy.choose(view),))

    def observe(self, state: AnyState, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        """A built-in player reads the engine's view when it acts: nothing to note."""

    def finish(self, state: AnyState, seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        """Learn the opponent from the game just ended (its fleet is revealed to both
        sides), unless that fleet is a stand-in a forfeit put there."""
        game = _battleship(state).game
        stand_ins = metadata.get("substitute_fleets") or []
        if (game is not None and self.opponent is not None and isinstance(stand_ins, list)
                and other(seat) not in stand_ins):
            self.opponent.learn(game, seat)


class BattleshipArena:
    """Battleship's component for the arena (:class:`~seabattle.arena.games.ArenaGame`)."""

    definition = DEFINITION
    hello = "seabattle"
    versions: tuple[int, ...] = SUPPORTED_VERSIONS
    move_noun = "shots"

    def builtin_names(self) -> list[str]:
        return [*LEVELS, *(name for name in STRATEGIES if name not in LEVELS)]

    def parse_builtin(self, text: str) -> tuple[str, str | None] | None:
        """``LEVEL`` or ``LEVEL:PLACEMENT``: a placement strategy's name, or
        :data:`LEARNING_PLACEMENT` (the level's own placement, learning the opponent)."""
        level, colon, placement = text.partition(":")
        if level.lower() not in self.builtin_names():
            return None
        if not colon:
            return level.lower(), None
        if placement.lower() != LEARNING_PLACEMENT:
            find_placement_function(placement)  # raises for an unknown placement
        return level.lower(), placement.lower()

    def check_builtin(self, level: str, option: str | None, rules: Any) -> None:
        """A placement that cannot place ``rules``' fleet is refused with its reason
        (``packed`` without single-deck ships standing apart); every level plays every
        rule set (a weaker one stands in where it must)."""
        if option is not None and option != LEARNING_PLACEMENT:
            find_placement(option, rules)

    def builtin_agent(self, level: str, option: str | None) -> BuiltinAgent:
        return BuiltinAgent(level, option)

    def bot_agent(self, conversation: Conversation) -> BattleshipBot:
        return BattleshipBot(conversation)

    def serve_bot(self, level: str, option: str | None, stdin: TextIO, stdout: TextIO, *,
                  seed: int | None, name: str | None) -> int:
        make_strategy(level, random.Random(0))  # refuse an unknown level before any game
        if option is None or option.lower() != LEARNING_PLACEMENT:
            find_placement_function(option)
        return serve(level, stdin, stdout, placement=option, seed=seed, name=name)

    def rules_name(self, rules: Any) -> str:
        return str(rules.name)

    def check_rules(self, rules: Any) -> Rules:
        """Protocol v1 has no messages for the variants (salvoes, mines, decisions)."""
        if not isinstance(rules, Rules):
            raise TypeError(f"not Battleship rules: {rules!r}")
        if rules.variants():
            raise SeaBattleError("match.variants", variants=", ".join(rules.variants()))
        return rules

    def new_state(self, rules: Any, first: int) -> BattleshipState:
        return BattleshipState(rules, first)

    def is_move(self, action: Any) -> bool:
        return not isinstance(action, PlaceFleet)

    def illegal_kind(self, state: AnyState) -> str:
        """``illegal-fleet`` before the battle, ``illegal-shot`` in it."""
        return "illegal-fleet" if _battleship(state).game is None else "illegal-shot"

    def end_by_forfeit(self, state: AnyState, failed: Sequence[int], seed: str
                       ) -> dict[str, JSON]:
        """A seat that failed before placing gets a stand-in fleet, so that the record
        holds a whole game; then it resigns (if both failed, nobody wins)."""
        battleship = _battleship(state)
        stand_ins: list[JSON] = []
        if battleship.game is None:
            for seat in (0, 1):
                if battleship.fleets[seat] is None:
                    fleet = random_fleet(battleship.rules, random.Random(f"{seed}:sub"))
                    battleship.apply(seat, PlaceFleet(fleet))
                    stand_ins.append(seat)
        if len(failed) == 1 and not battleship.actors.over:
            battleship.apply(failed[0], Resign())
        return {"substitute_fleets": stand_ins} if stand_ins else {}

    def end_word(self, state: AnyState) -> str:
        outcome = state.outcome()
        return "resign" if outcome is not None and outcome.reason.key == "outcome.resigned" \
            else "sunk"

    def moves(self, state: AnyState, seat: int) -> int:
        game = _battleship(state).game
        return 0 if game is None else game.stats(seat).shots

    def record(self, state: AnyState, players: Sequence[tuple[str, str | None]],
               metadata: Mapping[str, JSON]) -> str:
        game = _battleship(state).game
        assert game is not None, "a forfeit before the battle places stand-in fleets"
        infos = (PlayerInfo(*players[0]), PlayerInfo(*players[1]))
        return GameRecord.of(game, infos, **metadata).to_json()


ARENA_GAME = BattleshipArena()
"""Battleship's arena component, as :func:`seabattle.arena.games.find_arena_game` finds it."""
