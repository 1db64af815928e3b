"""The manoeuvre game in the arena: its bot protocol's turns, its built-in players, its
records (:class:`~seabattle.arena.games.ArenaGame`, met structurally: this package never
imports the arena). The messages are :mod:`seabattle.manoeuvres.bots.protocol`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from seabattle import __version__
from seabattle.errors import ProtocolSyntaxError, SeaBattleError
from seabattle.games.builtin_agent import BuiltinAgent
from seabattle.games.envelope import PlayerInfo
from seabattle.games.interface import JSON, GameState
from seabattle.games.levels import game_level, level_names
from seabattle.manoeuvres.actions import Deploy, Resign
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.bots.protocol import (
    END_REASONS,
    HELLO,
    VERSIONS,
    act_line,
    action_line,
    event_line,
    new_game_line,
    parse_act,
    parse_action,
    parse_new_game,
)
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import Phase
from seabattle.records import record_of_log, write_record

if TYPE_CHECKING:  # the arena's types, named only
    from seabattle.arena.games import Conversation

AnyState = GameState[Any, Any, Any]


def _manoeuvres(state: AnyState) -> ManoeuvreState:
    if not isinstance(state, ManoeuvreState):
        raise TypeError(f"not a game of manoeuvres: {state!r}")
    return state


def _result(state: ManoeuvreState, seat: int) -> str:
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == seat else "loss"


class ManoeuvreBot:
    """The arena's side of the protocol with one bot, over a conversation."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        self.conversation.send(new_game_line(rules, seat))

    async def act(self, state: AnyState, seat: int) -> Any:
        game = _manoeuvres(state)
        setting_up = game.phase is Phase.SETUP
        ms = self.conversation.setup_ms if setting_up else self.conversation.move_ms
        answer = await self.conversation.request(act_line(game, seat, ms),
                                                 ("action", "resign"), ms)
        return parse_action(game.rules, answer)

    def observe(self, state: AnyState, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        rules = _manoeuvres(state).rules
        for event in events:
            self.conversation.send(event_line(rules, event))

    def finish(self, state: AnyState, seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        self.conversation.send(f"gameover {_result(_manoeuvres(state), seat)} {ended}")


def serve(level: str, stdin: TextIO, stdout: TextIO, *, seed: int | None = None,
          name: str | None = None) -> int:
    """Play as a bot of ``level``: read the arena's lines from ``stdin`` and answer on
    ``stdout`` until ``quit``; lines it does not know are ignored, as the protocol asks."""
    rng = random.Random(seed) if seed is not None else random.Random()
    player = ComputerPlayer(level, rng)
    rules: ManoeuvreRules | None = None

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    for line in stdin:
        keyword = line.split(" ", 1)[0].strip()
        try:
            if keyword == HELLO:
                say(f"id name {name or f'seabattle manoeuvres {level}'}")
                say(f"id author seabattle {__version__}")
                say(f"{HELLO}ok {max(VERSIONS)}")
            elif keyword == "isready":
                say("readyok")
            elif keyword == "newgame":
                rules, _seat = parse_new_game(line)
            elif keyword == "act" and rules is not None:
                say(action_line(rules, player.choose(parse_act(rules, line))))
            elif keyword == "quit":
                return 0
        except ProtocolSyntaxError:
            continue
    return 0


class ManoeuvreArena:
    """The manoeuvre game's component for the arena."""

    definition = DEFINITION
    hello = HELLO
    versions: tuple[int, ...] = VERSIONS
    move_noun = "actions"

    def builtin_names(self) -> list[str]:
        return list(LEVELS)

    def parse_builtin(self, text: str) -> tuple[str, str | None] | None:
        """A level of its own or one of the play command's five names
        (:func:`~seabattle.games.levels.game_level`), without an option."""
        name, colon, _option = text.partition(":")
        level = game_level(name, LEVELS)
        if level is None:
            return None
        if colon:
            raise SeaBattleError("error.unknown_level", name=text,
                                 known=", ".join(level_names(LEVELS)))
        return level, None

    def check_builtin(self, level: str, option: str | None, rules: Any) -> None:
        """Every level plays every rule set the game accepts, and none takes an option."""

    def builtin_agent(self, level: str, option: str | None) -> BuiltinAgent:
        return BuiltinAgent(level, lambda name, rng: ComputerPlayer(name, rng).choose)

    def bot_agent(self, conversation: Conversation) -> ManoeuvreBot:
        return ManoeuvreBot(conversation)

    def serve_bot(self, level: str, option: str | None, stdin: TextIO, stdout: TextIO, *,
                  seed: int | None, name: str | None) -> int:
        parsed = self.parse_builtin(level if option is None else f"{level}:{option}")
        level = parsed[0] if parsed is not None else level
        ComputerPlayer(level, random.Random(0))  # refuse an unknown level before any line
        return serve(level, stdin, stdout, seed=seed, name=name)

    def rules_name(self, rules: Any) -> str:
        return str(rules.name)

    def check_rules(self, rules: Any) -> ManoeuvreRules:
        if not isinstance(rules, ManoeuvreRules):
            raise TypeError(f"not rules of the manoeuvre game: {rules!r}")
        return rules

    def new_state(self, rules: Any, first: int) -> ManoeuvreState:
        return ManoeuvreState(rules, first)

    def is_move(self, action: Any) -> bool:
        return not isinstance(action, Deploy)

    def illegal_kind(self, state: AnyState) -> str:
        return "illegal-setup" if _manoeuvres(state).phase is Phase.SETUP else "illegal-action"

    def end_by_forfeit(self, state: AnyState, failed: Sequence[int], seed: str
                       ) -> dict[str, JSON]:
        """One seat failed: it resigns (at any moment, even at set-up). Both failed: the
        game stays unfinished and nobody wins."""
        game = _manoeuvres(state)
        if len(failed) == 1 and game.outcome() is None:
            game.apply(failed[0], Resign())
        return {}

    def end_word(self, state: AnyState) -> str:
        outcome = state.outcome()
        return "unfinished" if outcome is None else END_REASONS.get(outcome.reason.key, "over")

    def moves(self, state: AnyState, seat: int) -> int:
        return sum(1 for move in _manoeuvres(state).log
                   if move.actor == seat and not isinstance(move.action, Deploy))

    def record(self, state: AnyState, players: Sequence[tuple[str, str | None]],
               metadata: Mapping[str, JSON]) -> str:
        game = _manoeuvres(state)
        infos = (PlayerInfo(*players[0]), PlayerInfo(*players[1]))
        return write_record(record_of_log(DEFINITION, game.rules, game.log, infos,
                                          **dict(metadata)))


ARENA_GAME = ManoeuvreArena()
"""The manoeuvre game's arena component (:func:`seabattle.arena.games.find_arena_game`)."""
