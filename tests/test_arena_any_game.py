"""The arena plays a game that is not Battleship: a toy game of simultaneous picks and a die,
registered with its own definition and bot protocol, and nothing of the arena changed.

Die guessing: for ``rounds`` rounds both seats pick 1, 2 or 3 at once, unseen by each
other; then chance rolls a three-sided die, and a pick equal to it scores a point. More
points win; equal points are a draw. Its protocol: ``dice 1`` … ``diceok 1``, then per game
``newgame {"rounds": N}``, ``pick MS`` → ``choose N``, after each round
``rolled DIE MINE THEIRS``, and ``gameover win|loss|draw``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from seabattle.arena.bots import Limits
from seabattle.arena.games import ArenaGame, Conversation, find_arena_game
from seabattle.arena.match import PlayerSpec, match_table, run_match
from seabattle.errors import ProtocolSyntaxError, SeaBattleError
from seabattle.games.interface import (
    CHANCE,
    JSON,
    SEATS,
    Actors,
    ChanceOutcome,
    GameDefinition,
    GameParts,
    Outcome,
)
from seabattle.games.registry import register, unregister
from seabattle.i18n import Text
from tests.toy_games import ToyState

FACES = (1, 2, 3)


@dataclass(frozen=True)
class Pick:
    number: int


class DiceState(ToyState[Any, Any, Any]):
    def __init__(self, rounds: int) -> None:
        super().__init__()
        self.rounds = rounds
        self.picks: dict[int, int] = {}
        self.scores = [0, 0]
        self.played = 0
        self.resigned: int | None = None

    @property
    def actors(self) -> Actors:
        if self.resigned is not None or self.played == self.rounds:
            return Actors()
        waiting = [seat for seat in SEATS if seat not in self.picks]
        return Actors.of(waiting) if waiting else Actors.of_chance()

    def check(self, seat: int, action: Any) -> None:
        if seat not in self.actors.seats or not (
                action == "resign" or isinstance(action, Pick) and action.number in FACES):
            raise SeaBattleError("error.bad_action", action=repr(action), known="1, 2, 3")

    def legal_actions(self, seat: int) -> Sequence[Any]:
        return [Pick(n) for n in FACES] if seat in self.actors.seats else []

    def take(self, seat: int, action: Any) -> list[Any]:
        if action == "resign":
            self.resigned = seat
        else:
            self.picks[seat] = action.number
        return []

    def chance_outcomes(self) -> Sequence[ChanceOutcome[Any]]:
        return [ChanceOutcome(n, Fraction(1, 3)) for n in FACES] if self.actors.chance else []

    def take_chance(self, action: Any) -> list[Any]:
        picks = (self.picks[0], self.picks[1])
        for seat in SEATS:
            self.scores[seat] += picks[seat] == action
        self.picks = {}
        self.played += 1
        return [("rolled", action, picks)]

    def view(self, seat: int | None) -> Any:
        return tuple(self.scores)

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return Outcome(1 - self.resigned, Text("outcome.resigned"))
        if self.played < self.rounds:
            return None
        a, b = self.scores
        return Outcome(None if a == b else 0 if a > b else 1, Text("outcome.fleet_sunk"))


class DiceDefinition(GameDefinition[int, Any, Any, Any]):
    name = "dice-guess"
    title = Text("game.battleship")
    parts = GameParts(arena_game=__name__)  # this module holds ARENA_GAME

    def default_rules(self) -> int:
        return 5

    def rules_from_data(self, data: Mapping[str, JSON]) -> int:
        return int(data.get("rounds", 5))  # type: ignore[arg-type]

    def rules_to_data(self, rules: int) -> dict[str, JSON]:
        return {"rounds": rules}

    def rules_title(self, rules: int) -> Text:
        return Text("rules.own_name", {"name": f"{rules} rounds"})

    def new_state(self, rules: int) -> DiceState:
        return DiceState(rules)

    def action_to_data(self, rules: int, action: Any) -> dict[str, JSON]:
        if isinstance(action, Pick):
            return {"pick": action.number}
        return {"roll": action} if isinstance(action, int) else {"resign": True}

    def action_from_data(self, rules: int, data: Mapping[str, JSON]) -> Any:
        if "pick" in data:
            return Pick(int(data["pick"]))  # type: ignore[arg-type]
        return data.get("roll", "resign")

    def event_to_data(self, rules: int, event: Any) -> dict[str, JSON]:
        return {"rolled": event[1]}

    def view_to_data(self, view: Any) -> dict[str, JSON]:
        return {"scores": list(view)}


class DiceBot:
    """The arena's side of the toy protocol, over the shared conversation."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        self.conversation.send("newgame " + json.dumps({"rounds": rules}))

    async def act(self, state: Any, seat: int) -> Any:
        ms = self.conversation.move_ms
        line = await self.conversation.request(f"pick {ms}", ("choose",), ms)
        words = line.split()
        if len(words) != 2 or not words[1].isdigit():
            raise ProtocolSyntaxError(line=line, problem="expected 'choose N'")
        return Pick(int(words[1]))  # the state refuses a number off the die

    def observe(self, state: Any, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        for _, die, picks in events:
            self.conversation.send(f"rolled {die} {picks[seat]} {picks[1 - seat]}")

    def finish(self, state: Any, seat: int, ended: str, metadata: Mapping[str, JSON]) -> None:
        outcome = state.outcome()
        winner = None if outcome is None else outcome.winner
        self.conversation.send("gameover " + ("draw" if winner is None else
                                              "win" if winner == seat else "loss"))


class BuiltinDice:
    def __init__(self, number: int | None) -> None:
        self.number = number
        self.rng = random.Random()

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        self.rng = random.Random(seed)

    async def act(self, state: Any, seat: int) -> Any:
        return Pick(self.number or self.rng.choice(FACES))

    def observe(self, state: Any, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        pass

    def finish(self, state: Any, seat: int, ended: str, metadata: Mapping[str, JSON]) -> None:
        pass


class DiceArena:
    definition = DiceDefinition()
    hello = "dice"
    versions = (1,)
    move_noun = "points"

    def builtin_names(self) -> list[str]:
        return ["lucky"]

    def parse_builtin(self, text: str) -> tuple[str, str | None] | None:
        name, colon, number = text.partition(":")
        return (name, number or None) if name == "lucky" else None

    def check_builtin(self, level: str, option: str | None, rules: Any) -> None:
        return None

    def builtin_agent(self, level: str, option: str | None) -> BuiltinDice:
        return BuiltinDice(int(option) if option else None)

    def bot_agent(self, conversation: Conversation) -> DiceBot:
        return DiceBot(conversation)

    def serve_bot(self, level: str, option: str | None, stdin: Any, stdout: Any, *,
                  seed: int | None, name: str | None) -> int:
        return 0

    def rules_name(self, rules: Any) -> str:
        return f"{rules} rounds"

    def check_rules(self, rules: Any) -> Any:
        return rules

    def new_state(self, rules: Any, first: int) -> DiceState:
        return DiceState(rules)

    def is_move(self, action: Any) -> bool:
        return True

    def illegal_kind(self, state: Any) -> str:
        return "illegal-pick"

    def end_by_forfeit(self, state: Any, failed: Sequence[int], seed: str) -> dict[str, JSON]:
        if len(failed) == 1:
            state.resigned = failed[0]
        return {}

    def end_word(self, state: Any) -> str:
        return "points"

    def moves(self, state: Any, seat: int) -> int:
        return int(state.scores[seat])

    def record(self, state: Any, players: Sequence[tuple[str, str | None]],
               metadata: Mapping[str, JSON]) -> str:
        return json.dumps({"game": "dice-guess", "players": [p[0] for p in players],
                           "log": self.definition.log_to_data(state.rounds, state.log),
                           "metadata": dict(metadata)})


ARENA_GAME = DiceArena()

DICE_BOT = r'''
import sys
MODE = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "dice":
        print("id name dice " + MODE); print("diceok 1")
    elif words[0] == "isready":
        print("readyok")
    elif words[0] == "pick":
        print("choose 7" if MODE == "cheat" else "choose 2")
    elif words[0] == "quit":
        break
    sys.stdout.flush()
'''


@pytest.fixture
def dice_game(tmp_path: Path) -> Any:
    register(DiceDefinition())
    bot = tmp_path / "dice_bot.py"
    bot.write_text(DICE_BOT, encoding="utf-8")
    try:
        yield bot
    finally:
        unregister("dice-guess")


FAST = Limits(shot_ms=500, place_ms=500, handshake_ms=5000, grace_ms=50)


def test_a_toy_game_plays_bots_chance_and_simultaneous_picks_through_the_arena(
        dice_game: Path, tmp_path: Path) -> None:
    component = find_arena_game("dice-guess")
    assert isinstance(component, ArenaGame)
    bot = PlayerSpec("bot", argv=(sys.executable, str(dice_game), "two"))
    lucky = PlayerSpec("lucky", level="lucky", placement="3")
    event = run_match(bot, lucky, 7, 6, seed=3, limits=FAST, keep_records=True,
                      game="dice-guess")
    assert len(event.results) == 6 and not event.forfeits()
    records = [json.loads(r.record or "") for r in event.results]
    for result, record in zip(event.results, records, strict=True):
        rolls = [m["roll"] for m in record["log"] if m["actor"] == CHANCE]
        assert len(rolls) == 7  # chance rolled once a round, after both picks
        assert result.shots == (rolls.count(2), rolls.count(3))  # each seat's points
    assert "points/win" in match_table(event)
    # The same seed rolls the same dice.
    again = run_match(bot, lucky, 7, 6, seed=3, limits=FAST, game="dice-guess")
    assert [r.shots for r in again.results] == [r.shots for r in event.results]


def test_a_toy_game_s_illegal_action_is_a_forfeit_of_its_own_kind(dice_game: Path) -> None:
    cheat = PlayerSpec("cheat", argv=(sys.executable, str(dice_game), "cheat"))
    event = run_match(cheat, PlayerSpec("lucky", level="lucky"), 3, 2, seed=1, limits=FAST,
                      game="dice-guess")
    assert [(r.winner_player, r.ended) for r in event.results] == [(1, "forfeit")] * 2
    assert {f.kind for _, _, f in event.forfeits()} == {"illegal-pick"}
    assert all("choose 7" in f.reason for _, _, f in event.forfeits())
