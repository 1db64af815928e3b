"""The bot protocol: every message formats and parses back, malformed lines are refused with
the right error, fleets are read as the rules require, a bot rebuilds the engine's own view
from the protocol alone, and the arena's side keeps to the protocol against a scripted
mock transport."""

from __future__ import annotations

import asyncio
import random
from collections import deque

import pytest

from seabattle.arena.bots import BotProcess, Limits
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.bots.arena import BattleshipBot
from seabattle.battleship.bots.builtin import BotKnowledge
from seabattle.battleship.bots.protocol import (
    Command,
    Fire,
    FleetReply,
    GameOver,
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
    Resign,
    Reveal,
    ShootRequest,
    ShotReport,
    fleet_cells,
    fleet_from_cells,
    parse_command,
    parse_reply,
)
from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Game, other
from seabattle.battleship.rules import Announcement, find_rules, rules_from_dict
from seabattle.errors import (
    BotCrashedError,
    BotTimeoutError,
    FleetCompositionError,
    OffFieldError,
    PlacementError,
    ProtocolSyntaxError,
    ShipShapeError,
    ShipTouchError,
)

CLASSIC = find_rules("classic")
GRID = CLASSIC.grid


# --- formatting and parsing ----------------------------------------------------------------

COMMANDS: list[Command] = [
    Hello(1), IsReady(), NewGame(CLASSIC), NewGame(find_rules("bent")), PlaceRequest(5000),
    ShootRequest(1000), ShotReport(True, 0, ShotResult.MISS), ShotReport(False, 99, ShotResult.HIT),
    ShotReport(True, 21, ShotResult.SUNK), ShotReport(True, 21, ShotResult.SUNK, 3, "cruiser"),
    ShotReport(False, 5, ShotResult.SUNK, 2, "patrol boat"),
    ShotReport(True, 5, ShotResult.SUNK, 4),
    Reveal(((0, 1, 2, 3), (50,))), GameOver("win", "sunk"), GameOver("loss", "forfeit"), Quit(),
]
REPLIES: list[Reply] = [
    Id("name", "My Bot 2.0"), Id("author", "Ада"), HelloOk(1), ReadyOk(),
    FleetReply(((0, 1, 2, 3), (20, 30), (99,))), Fire(0), Fire(99), Resign(), Info("depth 3"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.to_line(GRID)[:30])
def test_commands_round_trip(command: Command) -> None:
    assert parse_command(command.to_line(GRID), GRID) == command


@pytest.mark.parametrize("reply", REPLIES, ids=lambda r: r.to_line(GRID)[:30])
def test_replies_round_trip(reply: Reply) -> None:
    assert parse_reply(reply.to_line(GRID), GRID) == reply


def test_text_forms() -> None:
    assert ShotReport(False, 99, ShotResult.HIT).to_line(GRID) == "incoming J10 hit"
    assert FleetReply(((0, 1), (99,))).to_line(GRID) == "fleet A1,B1 J10"
    assert NewGame(CLASSIC).to_line().startswith('newgame {"name":"classic","width":10')
    # Lenient on input: case, tabs, Windows line ends, extra spaces.
    assert parse_reply("fire\tb3\r\n", GRID) == Fire(21)
    assert parse_reply("  fleet  a1,a2   c3 ", GRID) == FleetReply(((0, 10), (22,)))
    # Cells are Latin whatever alphabet the rules show people.
    assert parse_reply("fire K1", find_rules("big-15").grid) == Fire(10)


@pytest.mark.parametrize("line", [
    "", "hello", "fire", "fire B3 C4", "fire 33", "fire hello", "fire Б3", "fleet",
    "fleet A1,,A2", "fleet A1,A2,", "seabattleok one", "seabattleok", "readyok now",
    "resign please", "FIRE B3",
])
def test_malformed_replies(line: str) -> None:
    with pytest.raises(ProtocolSyntaxError):
        parse_reply(line, GRID)


@pytest.mark.parametrize("line", ["fire K1", "fire A11", "fire A0", "fleet A1,A2 Z99"])
def test_cells_off_the_field_are_illegal_not_garbage(line: str) -> None:
    with pytest.raises(OffFieldError):
        parse_reply(line, GRID)


@pytest.mark.parametrize("line", [
    "shoot", "shoot -1", "shoot 1.5", "place soon", "result B3", "result B3 dead",
    "result B3 hit 3 cruiser", "incoming Q3 miss", "gameover draw sunk", "gameover win",
    "newgame {", 'newgame {"width": 0}', "dance",
])
def test_malformed_commands(line: str) -> None:
    with pytest.raises((ProtocolSyntaxError, OffFieldError)):
        parse_command(line, GRID)


def test_cells_need_a_game() -> None:
    with pytest.raises(ProtocolSyntaxError, match="newgame"):
        parse_reply("fire B3")
    assert parse_reply("readyok") == ReadyOk()


# --- fleets --------------------------------------------------------------------------------

def test_fleet_kinds_follow_the_rules_order() -> None:
    rules = find_rules("milton-bradley")  # a cruiser and a submarine, both of three cells
    fleet = random_fleet(rules, random.Random(4))
    cells = fleet_cells(fleet)
    rebuilt = fleet_from_cells(rules, list(reversed(cells)))
    assert sorted(s.cells for s in rebuilt) == sorted(s.cells for s in fleet)
    assert sorted(k.name for k in (s.kind for s in rebuilt)) == sorted(k.name for k in rules.fleet)


def test_bent_and_straight_kinds_of_one_size() -> None:
    rules = rules_from_dict({"width": 6, "height": 6, "touching": "corners", "ships": [
        {"size": 3, "name": "straight"}, {"size": 3, "name": "bent", "shape": "bent"}]})
    # The straight ship is listed first; it must not take the bent kind the L needs.
    fleet = fleet_from_cells(rules, [(0, 1, 2), (24, 30, 31)])
    assert {s.kind.name: s.cell_list() for s in fleet} == {"straight": [0, 1, 2],
                                                            "bent": [24, 30, 31]}


@pytest.mark.parametrize(("ships", "error"), [
    ([(0, 1, 2, 3)], FleetCompositionError),                            # ships missing
    ([(0, 1, 2, 3, 4)], FleetCompositionError),                         # no ship of five
    ([(0, 1, 2, 12)], ShipShapeError),                                  # bent four
    ([(0, 0, 1, 2)], ShipShapeError),                                   # a cell twice
    ([(0, 1, 2, 3), (10, 11, 12)], ShipTouchError),                     # touching
    ([(0, 1, 2, 3), (200,)], OffFieldError),                            # off the field
])
def test_illegal_fleets(ships: list[tuple[int, ...]], error: type[Exception]) -> None:
    with pytest.raises(error):
        fleet_from_cells(CLASSIC, ships)
    assert issubclass(error, PlacementError) or error is OffFieldError


def test_bots_and_the_web_share_one_cell_list_codec_in_their_own_orders() -> None:
    from seabattle.battleship import cell_lists

    assert fleet_from_cells is cell_lists.fleet_from_cell_lists
    assert fleet_cells is cell_lists.cell_lists
    rules = find_rules("six")  # a cruiser and a submarine, both of three cells
    fleet = random_fleet(rules, random.Random(7))
    web = cell_lists.cell_lists_in_rules_order(rules, fleet)
    assert [len(cells) for cells in web] == [kind.size for kind in rules.fleet]
    assert cell_lists.fleet_from_cell_lists_in_rules_order(rules, web) == fleet
    # The web's order is positional: swapping the two three-deckers swaps their kinds,
    # where the bot protocol hands kinds out in the order the ships come.
    swapped = [web[0], web[1], web[3], web[2], *web[4:]]
    crossed = cell_lists.fleet_from_cell_lists_in_rules_order(rules, swapped)
    assert {s.kind.name: s.cell_list() for s in crossed if s.kind.size == 3} == {
        "cruiser": web[3], "submarine": web[2]}
    assert fleet_from_cells(rules, swapped) == crossed
    assert cell_lists.cell_lists_in_rules_order(rules, crossed) == web[:2] + [web[3], web[2]] + \
        web[4:]
    with pytest.raises(FleetCompositionError):
        cell_lists.fleet_from_cell_lists_in_rules_order(rules, web[:-1])


# --- the bot's view from the protocol alone ---------------------------------------------------

@pytest.mark.parametrize("preset", ["classic", "milton-bradley", "six", "bent", "classic-corners"])
def test_bot_knowledge_rebuilds_the_engine_view(preset: str) -> None:
    """Both players' views, rebuilt from protocol lines, equal the engine's at every shot."""
    rules = find_rules(preset)
    rng = random.Random(preset)
    fleets = (random_fleet(rules, rng), random_fleet(rules, rng))
    game = Game(rules, fleets, first=1)
    strategies = [make_strategy("hard", random.Random(p)) for p in (0, 1)]
    knowledge = [BotKnowledge(rules, fleets[p]) for p in (0, 1)]
    while not game.is_over:
        shooter = game.to_move
        assert shooter is not None
        engine_view = game.view(shooter)
        bot_view = knowledge[shooter].view()
        # A bot always sits in seat 0 of its own view; compare what it knows.
        for name in ("misses", "hits", "known_empty", "incoming", "enemy_afloat",
                     "enemy_afloat_count", "own_afloat", "sunk", "shots", "incoming_shots"):
            assert getattr(bot_view, name) == getattr(engine_view, name), name
        shot = game.fire(shooter, strategies[shooter].choose(engine_view))
        kind = (fleets[other(shooter)].ships[shot.ship].kind
                if shot.result is ShotResult.SUNK and shot.ship is not None else None)
        announce = rules.announce is Announcement.TYPE and kind is not None
        for player in (0, 1):
            report = ShotReport(player == shooter, shot.cell, shot.result,
                                kind.size if announce and kind else None,
                                kind.name if announce and kind else "")
            parsed = parse_command(report.to_line(rules.grid), rules.grid)
            assert isinstance(parsed, ShotReport)
            knowledge[player].record(parsed)


# --- the arena's side, against a scripted transport ------------------------------------------

class ScriptedTransport:
    """A mock bot: for each line the arena sends, the lines it answers (or a delay, or EOF)."""

    def __init__(self, script: dict[str, list[str]], *, delay: float = 0.0) -> None:
        self.script = script
        self.delay = delay
        self.sent: list[str] = []
        self.pending: deque[str | None] = deque()
        self.arrived = asyncio.Event()

    async def read_line(self) -> str | None:
        while not self.pending:
            self.arrived.clear()
            await self.arrived.wait()
        if self.delay:
            await asyncio.sleep(self.delay)
        return self.pending.popleft()

    def write_line(self, line: str) -> None:
        self.sent.append(line)
        word = line.split()[0]
        if word in self.script:
            for answer in self.script[word]:
                self.pending.append(None if answer == "<EOF>" else answer)
            self.arrived.set()

    async def flush(self) -> None:
        pass

    def is_alive(self) -> bool:
        return True

    async def exit_detail(self) -> str:
        return "exited with status 3"

    async def close(self) -> None:
        pass


GOOD_BOT = {
    "seabattle": ["id name Mock", "info warming up", "id author Tests", "seabattleok 1"],
    "isready": ["readyok"],
    "place": ["fleet A1,A2,A3,A4 A6,A7,A8 A10,B10,C10 C1,C2 C4,C5 E1,F1 H1 J1 J3 J5"],
    "shoot": ["info thinking", "", "fire e5"],
}
FAST = Limits(shot_ms=200, place_ms=200, handshake_ms=200, grace_ms=20)


def mock_bot(transport: ScriptedTransport) -> BotProcess:
    """The shared conversation with a Battleship bot (``seabattle 1`` … ``seabattleok 1``)."""
    return BotProcess(transport, hello="seabattle", versions=(1,), limits=FAST)


async def test_mock_conversation() -> None:
    transport = ScriptedTransport(GOOD_BOT)
    process = mock_bot(transport)
    await process.handshake()
    assert process.id == {"name": "Mock", "author": "Tests"} and process.version == 1
    bot = BattleshipBot(process)
    await bot.new_game(CLASSIC)
    await process.ping()
    fleet = await bot.place()
    assert len(fleet) == 10
    assert await bot.shoot() == 44
    assert list(process.info) == ["warming up", "thinking"]
    bot.report(Shot(0, 44, ShotResult.MISS), own=True)
    bot.report(Shot(1, 0, ShotResult.HIT), own=False)
    bot.game_over(False, "sunk", fleet)
    await process.quit()
    assert transport.sent[0] == "seabattle 1"
    assert transport.sent[1].startswith("newgame {")
    assert transport.sent[2:] == [
        "isready", "place 200", "shoot 200", "result E5 miss", "incoming A1 hit",
        "reveal " + " ".join(",".join(GRID_NAMES[c] for c in ship) for ship in fleet_cells(fleet)),
        "gameover loss sunk", "quit"]


GRID_NAMES = [f"{'ABCDEFGHIJ'[c % 10]}{c // 10 + 1}" for c in range(100)]


@pytest.mark.parametrize(("script", "delay", "error", "message"), [
    ({**GOOD_BOT, "shoot": ["fire E5 please"]}, 0, ProtocolSyntaxError, "fire"),
    ({**GOOD_BOT, "shoot": ["readyok"]}, 0, ProtocolSyntaxError, "expected fire or resign"),
    ({**GOOD_BOT, "shoot": ["<EOF>"]}, 0, BotCrashedError, "status 3"),
    ({**GOOD_BOT, "shoot": []}, 0, BotTimeoutError, "timeout after 200 ms"),
    ({**GOOD_BOT, "shoot": ["info a", "info b", "fire E5"]}, 0.1, BotTimeoutError, "200 ms"),
])
async def test_mock_failures(script: dict[str, list[str]], delay: float, error: type[Exception],
                             message: str) -> None:
    transport = ScriptedTransport(script)
    process = mock_bot(transport)
    await process.handshake()
    bot = BattleshipBot(process)
    await bot.new_game(CLASSIC)
    transport.delay = delay
    with pytest.raises(error, match=message):
        await bot.shoot()


async def test_mock_handshake_failures() -> None:
    with pytest.raises(ProtocolSyntaxError, match="version"):
        await mock_bot(ScriptedTransport({"seabattle": ["seabattleok 7"]})).handshake()
    with pytest.raises(ProtocolSyntaxError, match="whole number"):
        await mock_bot(ScriptedTransport({"seabattle": ["seabattleok one"]})).handshake()
    with pytest.raises(BotTimeoutError):
        await mock_bot(ScriptedTransport({"seabattle": ["id name Slow"]})).handshake()
