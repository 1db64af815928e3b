"""The arena: bots that are slow, crash, print garbage, place an illegal fleet or fire an
illegal shot lose that game with the reason recorded, and the arena goes on; two example
bots play a match; ``seabattle bot hard`` speaks the protocol; four strategies play a
tournament."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from seabattle.arena.bots import Limits, SimpleBot
from seabattle.arena.match import (
    BotPlayer,
    BuiltinPlayer,
    EventResult,
    PlayerSpec,
    match_table,
    parse_player,
    play_game,
    run_match,
    run_tournament,
    standings_table,
)
from seabattle.battleship.bots.protocol import NewGame
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Solitaire
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import find_rules
from seabattle.cli import main
from seabattle.errors import SeaBattleError

ROOT = Path(__file__).resolve().parent.parent
RANDOM_BOT = str(ROOT / "examples" / "random_bot.py")
CLASSIC = find_rules("classic")
FAST = Limits(shot_ms=300, place_ms=1000, handshake_ms=5000, grace_ms=50)

# A bot that plays legally until its MODE says otherwise. Fleet: the classic one, fixed.
SCRIPTED_BOT = r'''
import sys, time
MODE = sys.argv[1]
FLEET = "A1,A2,A3,A4 A6,A7,A8 A10,B10,C10 C1,C2 C4,C5 E1,F1 H1 J1 J3 J5"
cells = [f"{c}{r}" for r in range(1, 11) for c in "ABCDEFGHIJ"]
def say(text):
    sys.stdout.write(text + "\n"); sys.stdout.flush()
if MODE == "silent":
    time.sleep(60)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "seabattle":
        say("id name " + MODE); say("seabattleok 1")
    elif word == "isready":
        say("readyok")
    elif word == "place":
        if MODE == "illegal-fleet":
            say("fleet A1,A2,A3,A4 B1,B2,B3 A10,B10,C10 C1,C2 C4,C5 E1,F1 H1 J1 J3 J5")
        elif MODE == "bent-fleet":
            say("fleet A1,A2,A3,B3 A6,A7,A8 A10,B10,C10 C1,C2 C5,C6 E1,F1 H1 J1 J3 J5")
        else:
            say("fleet " + FLEET)
    elif word == "shoot":
        if MODE == "slow":
            time.sleep(5)
        elif MODE == "crash":
            sys.stderr.write("Traceback: something broke\n"); sys.exit(3)
        elif MODE == "garbage":
            say("I think E5 is a good idea")
        elif MODE == "illegal-shot":
            say("fire A1")  # again and again: the second time is illegal
        elif MODE == "off-field":
            say("fire K1")
        elif MODE == "resign":
            say("resign")
        elif MODE == "flood":
            say("fire " + "A" * 2_000_000)
        elif MODE == "binary":
            sys.stdout.buffer.write(b"fire \xff\xfe\n"); sys.stdout.flush()
        else:
            say("fire " + cells.pop())
    elif word == "quit":
        break
'''


@pytest.fixture(scope="module")
def scripted_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bots") / "scripted_bot.py"
    path.write_text(SCRIPTED_BOT, encoding="utf-8")
    return path


def scripted(path: Path, mode: str) -> PlayerSpec:
    return PlayerSpec(mode, argv=(sys.executable, str(path), mode))


@pytest.mark.parametrize(("mode", "kind", "reason"), [
    ("slow", "timeout", "timeout after 300 ms waiting for 'fire or resign'"),
    ("crash", "crash", "exited with status 3, last said on stderr: 'Traceback: something broke'"),
    ("garbage", "garbage", "malformed line 'I think E5 is a good idea'"),
    ("illegal-fleet", "illegal-fleet", "touch"),
    ("bent-fleet", "illegal-fleet", "shape"),
    ("illegal-shot", "illegal-shot", "A1"),
    ("off-field", "illegal-shot", "K1"),
    ("silent", "timeout", "waiting for 'id or seabattleok'"),
    ("flood", "garbage", "a line longer than 1048576 bytes"),
    ("binary", "garbage", "not UTF-8"),
])
async def test_a_misbehaving_bot_loses_with_the_reason(scripted_bot: Path, mode: str, kind: str,
                                                       reason: str) -> None:
    limits = Limits(shot_ms=300, place_ms=1000, handshake_ms=400 if mode == "silent" else 5000)
    bot = BotPlayer(scripted(scripted_bot, mode), limits)
    start = time.perf_counter()
    try:
        result = await play_game([BuiltinPlayer(PlayerSpec("easy", level="easy")), bot], CLASSIC,
                                 first=1, seed="s", keep_record=True)
        kept = bot.bot is not None
    finally:
        await bot.close()
    assert time.perf_counter() - start < 8
    assert result.winner == 0 and result.ended == "forfeit"
    [forfeit] = result.forfeits
    assert (forfeit.player, forfeit.kind) == (1, kind)
    assert reason in forfeit.reason
    assert result.record is not None
    record = GameRecord.from_json(result.record)
    assert record.metadata["forfeits"] == [forfeit.to_dict()]
    game = record.game()
    assert game.winner == 0
    # A bot that broke the protocol is killed; one that merely moved illegally is kept.
    assert kept == (kind in ("illegal-fleet", "illegal-shot"))


async def test_resigning_is_not_a_forfeit(scripted_bot: Path) -> None:
    players = [BotPlayer(scripted(scripted_bot, "resign"), FAST),
               BuiltinPlayer(PlayerSpec("easy", level="easy"))]
    try:
        result = await play_game(players, CLASSIC, first=0, seed="r")
    finally:
        await players[0].close()
    assert (result.winner, result.ended, result.forfeits) == (1, "resign", ())


def test_crashing_bot_is_restarted_and_the_match_completes(scripted_bot: Path) -> None:
    event = run_match(scripted(scripted_bot, "crash"), scripted(scripted_bot, "legal"), CLASSIC, 3,
                      seed=1, limits=FAST)
    assert [r.ended for r in event.results] == ["forfeit"] * 3
    # Each game found it crashing afresh (restarted), not "not running".
    assert all("status 3" in f.reason for _, _, f in event.forfeits())
    crash, legal = event.stats()
    assert (crash.losses, crash.forfeits, legal.wins) == (3, 3, 3)


def test_forfeits_at_placement(scripted_bot: Path) -> None:
    # One illegal fleet: the other side wins without a shot fired.
    event = run_match(scripted(scripted_bot, "illegal-fleet"), scripted(scripted_bot, "garbage"),
                      CLASSIC, 1, seed=2, limits=FAST)
    [result] = event.results
    assert (result.winner, result.shots) == (1, (0, 0))
    # Both illegal: nobody wins, and the game does not count for ratings.
    event = run_match(scripted(scripted_bot, "illegal-fleet"),
                      scripted(scripted_bot, "bent-fleet"), CLASSIC, 1, seed=2, limits=FAST)
    [result] = event.results
    assert result.winner is None
    assert [(f.player, f.kind) for f in result.forfeits] == [(0, "illegal-fleet"),
                                                             (1, "illegal-fleet")]
    assert [(s.wins, s.losses) for s in event.stats()] == [(0, 1), (0, 1)]
    assert [r.mu for r in event.ratings()] == [25.0, 25.0]


def test_match_between_two_example_bots(tmp_path: Path) -> None:
    bot = PlayerSpec("random", argv=(sys.executable, RANDOM_BOT, "--seed", "1"))
    other = PlayerSpec("random", argv=(sys.executable, RANDOM_BOT, "--seed", "2"))
    event = run_match(bot, other, find_rules("bent"), 4, seed=3, limits=FAST, keep_records=True)
    assert [s.label for s in event.specs] == ["random", "random #2"]
    assert len(event.results) == 4
    assert all(r.ended == "sunk" and not r.forfeits for r in event.results)
    assert [r.first for r in event.results] == [0, 1, 0, 1]
    assert sum(s.wins for s in event.stats()) == 4
    assert event.write_records(tmp_path) == 4
    for path in sorted(tmp_path.iterdir()):
        record = GameRecord.from_json(path.read_text(encoding="utf-8"))
        assert record.game().is_over
        assert record.players[0].level == "bot random bot"
    assert "random #2" in match_table(event)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_javascript_example_bot() -> None:
    js = PlayerSpec("js", argv=("node", str(ROOT / "examples" / "random_bot.mjs")))
    py = PlayerSpec("py", argv=(sys.executable, RANDOM_BOT))
    event = run_match(js, py, find_rules("milton-bradley"), 2, seed=1, limits=FAST)
    assert all(r.ended == "sunk" and not r.forfeits for r in event.results)


def test_example_bot_places_legal_fleets_for_every_preset() -> None:
    from seabattle.battleship.rules import PRESETS

    with SimpleBot.popen([sys.executable, RANDOM_BOT, "--seed", "5"], limits=FAST) as bot:
        assert bot.id["name"] == "random bot"
        for rules in PRESETS.values():
            if rules.variants():
                continue  # protocol v1 plays the rule systems of RULES.md §2
            bot.new_game(rules)
            bot.ping()
            assert len(bot.place(5000)) == len(rules.fleet)


def test_seabattle_bot_hard_speaks_the_protocol() -> None:
    """``seabattle bot hard`` through the blocking wrapper: it sinks a fleet like ``hard``."""
    rules = find_rules("milton-bradley")  # announces kinds: `sunk 3 cruiser` is read back
    with SimpleBot.popen([sys.executable, "-m", "seabattle", "bot", "hard", "--seed", "7"],
                         limits=Limits(handshake_ms=20000)) as bot:
        assert bot.id["name"] == "seabattle hard"
        bot.new_game(rules)
        assert len(bot.place()) == len(rules.fleet)
        # It fires at a fleet that never fires back, until every ship is sunk.
        game = Solitaire(rules, random_fleet(rules, random.Random(1)))
        while not game.is_over:
            cell = bot.shoot(1000)
            assert cell is not None
            shot = game.fire(0, cell)
            kind = game.fleets[1].ships[shot.ship].kind if shot.ship is not None else None
            bot.report(shot, True, kind.size if kind else None, kind.name if kind else "")
        # A random shooter needs about 95 shots; hard far fewer.
        assert game.stats(0).shots < 80
        bot.game_over(True, "sunk")


def test_tournament_of_four_strategies(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    specs = [parse_player(name) for name in ("novice", "easy", "medium", "hard")]
    event: EventResult = run_tournament(specs, CLASSIC, 3, seed=11, jobs=1)
    assert sorted(r.index for r in event.results) == list(range(6 * 3))
    assert [s.games for s in event.stats()] == [9] * 4
    assert all(r.ended == "sunk" for r in event.results)
    ratings = event.ratings()
    assert max(ratings, key=lambda r: r.mu) is not ratings[0]  # novice never tops the table
    table = standings_table(event).splitlines()
    assert table[0].split()[:3] == ["#", "player", "rating"]
    assert [row.split()[2] for row in table[2:]] == [
        f"{o:.2f}" for o in sorted((r.ordinal for r in ratings), reverse=True)]
    # Same seed, same tournament (built-in players are seeded).
    again = run_tournament(specs[:2], CLASSIC, 3, seed=11, jobs=1)
    assert [r.shots for r in again.results] == [r.shots for r in event.results if r.pair == (0, 1)]
    # From the command line, in two worker processes, with records.
    status = main(["tournament", "novice", "easy", "medium", "hard", "--games", "1", "--jobs", "2",
                   "--seed", "5", "--records", str(tmp_path), "--no-progress"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Tournament, rules classic; players: 4, games per pair: 1" in out
    assert len(list(tmp_path.glob("*.json"))) == 6
    rows = [line.split() for line in out.splitlines()
            if line[:1].isdigit() and len(line.split()) == 11]
    assert sorted(row[1] for row in rows) == ["easy", "hard", "medium", "novice"]


def test_match_command_with_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["match", f"{sys.executable} {RANDOM_BOT}", "easy", "--games", "2", "--jobs", "1",
                   "--seed", "1", "--rules", "six", "--no-progress"])
    out = capsys.readouterr().out
    assert status == 0
    header, rule, first, second = out.splitlines()[1:5]
    assert header.split()[:4] == ["player", "wins", "losses", "forfeits"]
    assert second.split()[:2] == ["easy", "2"]
    with pytest.raises(SystemExit):
        main(["match", "easy"])
    assert main(["match", "no-such-program-xyz", "easy", "--games", "1"]) == 2
    assert "neither a built-in level" in capsys.readouterr().err


def test_a_placement_that_cannot_place_the_fleet_is_refused_before_any_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``packed`` tells single-deck ships from the others; milton-bradley has none, so a
    match of ``admiral:packed`` there is refused at once, saying why, and nothing is
    printed but the error (the same player on classic plays)."""
    packed = parse_player("admiral:packed")
    with pytest.raises(SeaBattleError) as refused:
        run_match(packed, parse_player("easy"), find_rules("milton-bradley"), 1)
    assert refused.value.message_key == "bench.placement_boats"
    assert main(["match", "admiral:packed", "easy", "--rules", "milton-bradley",
                 "--games", "1", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "LEVEL:corner" in err
    result = run_match(packed, parse_player("easy"), find_rules("classic"), 1, seed=1)
    assert len(result.results) == 1


def test_a_bot_process_refuses_a_game_its_placement_cannot_place() -> None:
    """``seabattle bot admiral --placement packed`` learns the rules only with ``newgame``:
    it places a classic fleet, and on milton-bradley (no single-deck ships) it exits with
    status 2 and the reason on standard error, which the arena keeps with the crash."""
    command = [sys.executable, "-m", "seabattle", "bot", "admiral", "--placement", "packed",
               "--seed", "1"]
    lines = ["seabattle 1", NewGame(find_rules("classic")).to_line(), "place 5000",
             NewGame(find_rules("milton-bradley")).to_line(), "place 5000", "quit"]
    done = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "LC_ALL": "en_US.UTF-8"})
    assert done.returncode == 2
    assert [line.split()[0] for line in done.stdout.splitlines()] == [
        "id", "id", "seabattleok", "fleet"]  # the classic game's fleet, then nothing
    assert "single-deck" in done.stderr and "--placement corner" in done.stderr


def test_parse_player() -> None:
    assert parse_player("hard") == PlayerSpec("hard", level="hard")
    assert parse_player("HARD:perelman") == PlayerSpec("HARD:perelman", level="hard",
                                                       placement="perelman")
    spec = parse_player(f"{sys.executable} bot.py --depth 3")
    assert spec.is_bot and spec.argv[1:] == ("bot.py", "--depth", "3")
    assert json.dumps(spec.argv)  # plain data for worker processes


# --- the arena for any game ------------------------------------------------------------------

def test_battleship_plugs_its_protocol_in_through_its_definition() -> None:
    from seabattle.arena.games import Agent, ArenaGame, find_arena_game
    from seabattle.battleship.bots.arena import ARENA_GAME, BattleshipBot, BuiltinAgent

    component = find_arena_game("battleship")
    assert component is ARENA_GAME and isinstance(component, ArenaGame)
    assert component.definition.name == "battleship"
    assert (component.hello, component.versions, component.move_noun) == ("seabattle", (1,),
                                                                           "shots")
    assert isinstance(BuiltinAgent("easy", None), Agent)
    assert issubclass(BattleshipBot, Agent)


def test_the_arena_imports_no_game_but_through_the_registry() -> None:
    from test_layers import import_graph

    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith("seabattle.arena"):
            assert not [t for t in targets if t.startswith("seabattle.battleship")], module
    # and a game's package never imports the arena (it names the arena's types only)
    assert not [m for m, targets in graph.items() if m.startswith("seabattle.battleship")
                and any(t.startswith("seabattle.arena") for t in targets)]


def _no_protocol() -> Any:
    """A registered game with no bot protocol: Battleship under another name, whose parts
    name everything but an arena component."""
    from dataclasses import replace

    from seabattle.battleship.definition import BattleshipDefinition

    class NoProtocol(BattleshipDefinition):
        name = "no-protocol-game"
        parts = replace(BattleshipDefinition.parts, arena_game=None)

    return NoProtocol()


@pytest.mark.parametrize("command", [
    ["match", "easy", "hard"], ["tournament", "easy", "hard", "novice"], ["bot", "easy"]])
def test_a_game_without_a_bot_protocol_is_refused(capsys: pytest.CaptureFixture[str],
                                                  command: list[str]) -> None:
    from seabattle.games.registry import register, unregister

    register(_no_protocol())
    try:
        assert main([*command, "--game", "no-protocol-game", "--lang", "en"]
                    if command[0] != "bot" else [*command, "--game", "no-protocol-game"]) == 2
    finally:
        unregister("no-protocol-game")
    err = capsys.readouterr().err
    assert f"seabattle {command[0]} does not play no-protocol-game yet; it plays: battleship" \
        in err


def test_another_registered_game_with_a_protocol_plays_through_the_registry(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A second game naming a protocol component is played by name, nothing else changed."""
    from seabattle.battleship.definition import BattleshipDefinition
    from seabattle.games.interface import GameParts
    from seabattle.games.registry import register, unregister

    class Copy(BattleshipDefinition):
        name = "battleship-copy"
        parts = GameParts(arena_game="seabattle.battleship.bots.arena")

    register(Copy())
    try:
        status = main(["match", "easy", f"{sys.executable} {RANDOM_BOT}", "--game",
                       "battleship-copy", "--games", "2", "--jobs", "1", "--seed", "4",
                       "--no-progress"])
    finally:
        unregister("battleship-copy")
    out = capsys.readouterr().out
    assert status == 0
    assert "seed 4; games: 2" in out and "shots/win" in out


class _ChanceFirst:
    """Battleship's component, but the lot (chance) draws who fires first."""

    def __init__(self) -> None:
        from seabattle.battleship.bots.arena import ARENA_GAME

        self.inner = ARENA_GAME

    def new_state(self, rules: object, first: int) -> object:
        return self.inner.definition.new_state(rules)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


async def test_chance_is_drawn_from_the_match_seed() -> None:
    game: Any = _ChanceFirst()

    async def one(seed: str) -> tuple[int, tuple[int, int]]:
        players = [BuiltinPlayer(PlayerSpec("easy", level="easy"), game),
                   BuiltinPlayer(PlayerSpec("hard", level="hard"), game)]
        result = await play_game(players, CLASSIC, seed=seed, keep_record=True)
        assert result.record is not None
        return GameRecord.from_json(result.record).first, result.shots

    firsts = {seed: await one(seed) for seed in ("a", "b", "c", "d", "e", "f")}
    assert {first for first, _ in firsts.values()} == {0, 1}  # the lot, not the schedule
    assert {seed: await one(seed) for seed in firsts} == firsts  # the same seed, the same game
