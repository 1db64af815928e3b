"""The fleet battle in the arena: its bot protocol's turns (:mod:`.protocol`), its
built-in players (:mod:`seabattle.fleetbattle.ai.players`), forfeits and records.

Found by the arena through the definition's parts (``arena_game``); it meets the arena's
structural types (:class:`~seabattle.arena.games.ArenaGame`) without importing the arena.
A match alternates ``first``: in game ``first = 1`` the two fleets change sides, so with
different fleets each player commands each of them half the time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import PlaceFleet, Resign
from seabattle.fleetbattle.ai.players import LEVELS, make_player
from seabattle.fleetbattle.bots.protocol import (
    HELLO,
    VERSION,
    act_line,
    events_line,
    gameover_line,
    newgame_line,
    parse_action,
)
from seabattle.fleetbattle.bots.serve import serve
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.placement import random_placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.views import Phase
from seabattle.games.builtin_agent import BuiltinAgent
from seabattle.games.envelope import Envelope, PlayerInfo
from seabattle.games.interface import JSON, GameState
from seabattle.games.levels import game_level

if TYPE_CHECKING:  # the arena's types, named only: this package never imports the arena
    from seabattle.arena.games import Conversation

AnyState = GameState[Any, Any, Any]

END_WORDS = {"fleet.outcome.destroyed": "destroyed", "fleet.outcome.retreated": "retreat",
             "fleet.outcome.both_retreated": "retreat", "fleet.outcome.mutual": "destroyed",
             "fleet.outcome.turn_limit": "turn-limit", "outcome.resigned": "resign"}
"""How a battle ended, as the protocol and the tables say it."""


def _fleet(state: AnyState) -> FleetBattleState:
    if not isinstance(state, FleetBattleState):
        raise TypeError(f"not a fleet battle: {state!r}")
    return state


def _result(state: FleetBattleState, seat: int) -> str:
    outcome = state.outcome()
    winner = None if outcome is None else outcome.winner
    return "draw" if winner is None else "win" if winner == seat else "loss"


class FleetBot:
    """The arena's side of the protocol with one bot process."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        self.conversation.send(newgame_line(seat, rules))

    async def act(self, state: AnyState, seat: int) -> Any:
        battle = _fleet(state)
        ms = (self.conversation.setup_ms if battle.phase is Phase.SETUP
              else self.conversation.move_ms)
        answer = await self.conversation.request(act_line(ms, battle.view(seat)),
                                                 ("action",), ms)
        return parse_action(answer)

    def observe(self, state: AnyState, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        if events:
            self.conversation.send(events_line(events))

    def finish(self, state: AnyState, seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        self.conversation.send(gameover_line(_result(_fleet(state), seat), ended))


class FleetBattleArena:
    """The fleet battle's component for the arena (:class:`~seabattle.arena.games.ArenaGame`)."""

    definition = DEFINITION
    hello = HELLO
    versions: tuple[int, ...] = (VERSION,)
    move_noun = "shots"

    def builtin_names(self) -> list[str]:
        return list(LEVELS)

    def parse_builtin(self, text: str) -> tuple[str, str | None] | None:
        """A level of its own or one of the play command's five names
        (:func:`~seabattle.games.levels.game_level`), without an option."""
        name, colon, option = text.partition(":")
        level = game_level(name, LEVELS)
        if level is None:
            return None
        if colon:
            raise SeaBattleError("fleet.error.level_option", level=name, option=option)
        return level, None

    def check_builtin(self, level: str, option: str | None, rules: Any) -> None:
        """Every level plays every rule set the game accepts, and none takes an option."""

    def builtin_agent(self, level: str, option: str | None) -> BuiltinAgent:
        return BuiltinAgent(level, lambda name, rng: make_player(name, rng).act)

    def bot_agent(self, conversation: Conversation) -> FleetBot:
        return FleetBot(conversation)

    def serve_bot(self, level: str, option: str | None, stdin: TextIO, stdout: TextIO, *,
                  seed: int | None, name: str | None) -> int:
        if level not in LEVELS:
            raise SeaBattleError("fleet.error.unknown_level", level=level,
                                 known=", ".join(LEVELS))
        if option is not None:
            raise SeaBattleError("fleet.error.level_option", level=level, option=option)
        return serve(level, stdin, stdout, seed=seed, name=name)

    def rules_name(self, rules: Any) -> str:
        return str(rules.name) or DEFINITION.rules_title(rules).render("en")

    def check_rules(self, rules: Any) -> FleetRules:
        if not isinstance(rules, FleetRules):
            raise TypeError(f"not fleet battle rules: {rules!r}")
        return rules

    def new_state(self, rules: Any, first: int) -> FleetBattleState:
        if first == 1:
            rules = FleetRules((rules.fleets[1], rules.fleets[0]),
                               (rules.batteries[1], rules.batteries[0]), rules.turn_limit,
                               rules.name)
        return FleetBattleState(rules)

    def is_move(self, action: Any) -> bool:
        return not isinstance(action, PlaceFleet)

    def illegal_kind(self, state: AnyState) -> str:
        return "illegal-fleet" if _fleet(state).phase is Phase.SETUP else "illegal-order"

    def end_by_forfeit(self, state: AnyState, failed: Sequence[int], seed: str
                       ) -> dict[str, JSON]:
        """A seat that failed before placing gets a stand-in placement, so that the record
        holds a whole set-up; then it surrenders (if both failed, nobody wins)."""
        battle = _fleet(state)
        stand_ins: list[JSON] = []
        for seat in (0, 1):
            if battle.phase is Phase.SETUP and battle.placements[seat] is None:
                battle.apply(seat, PlaceFleet(random_placement(
                    battle.rules, seat, random.Random(f"{seed}:sub"))))
                stand_ins.append(seat)
        if len(failed) == 1 and not battle.actors.over:
            battle.apply(failed[0], Resign())
        return {"substitute_fleets": stand_ins} if stand_ins else {}

    def end_word(self, state: AnyState) -> str:
        outcome = state.outcome()
        return "unfinished" if outcome is None else END_WORDS[outcome.reason.key]

    def moves(self, state: AnyState, seat: int) -> int:
        return len(_fleet(state).view(None).sides[seat].shots)

    def record(self, state: AnyState, players: Sequence[tuple[str, str | None]],
               metadata: Mapping[str, JSON]) -> str:
        battle = _fleet(state)
        infos = (PlayerInfo(*players[0]), PlayerInfo(*players[1]))
        body: dict[str, JSON] = {"log": DEFINITION.log_to_data(battle.rules, battle.log)}
        return Envelope(DEFINITION.name, DEFINITION.rules_to_data(battle.rules), infos,
                        dict(metadata), body).to_json()


ARENA_GAME = FleetBattleArena()
"""The fleet battle's arena component (:func:`seabattle.arena.games.find_arena_game`)."""


