"""The fleet battle full-screen, driven headless through Textual's pilot as a player would:
the set-up by keys, whole battles by keys against the computer, orders the engine refuses,
the dice as they fall, the game over, the saved record and its replay, the new-game form,
and ``seabattle play --game fleet-battle`` reaching the screens."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loopback import LoopbackServer, until
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Select, Static
from textual.widgets._toast import Toast
from websockets.asyncio.client import connect

from seabattle.cli import main
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind
from seabattle.fleetbattle.terminal.lines import FleetSettings
from seabattle.fleetbattle.terminal.tui import SCREEN_SET, battle
from seabattle.fleetbattle.terminal.tui.battle import FleetBattleScreen
from seabattle.fleetbattle.terminal.tui.online import OnlineFleetScreen
from seabattle.fleetbattle.terminal.tui.setup import FleetSetupScreen
from seabattle.fleetbattle.views import Phase
from seabattle.i18n import Language
from seabattle.netplay import lobby
from seabattle.netplay.app import OnlineApp
from seabattle.records import read_record_file
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.notice import Notice
from seabattle.terminal.registry import find_screen_set
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen

SMALL = (80, 24)
LARGE = (120, 40)
SHOTS = Path("/work/helpers/shots/fb-tui")


def shot(app: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(filename=f"{name}-{app.size.width}x{app.size.height}.svg",
                        path=str(SHOTS))


@pytest.fixture(autouse=True)
def no_dice_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """All dice at once, unless a test says otherwise."""
    monkeypatch.setattr(battle, "DICE_PAUSE", 0)


def make_app(rules: FleetRules | None = None, *, level: str = "captain", seed: int = 5,
             language: Language = "en", save_path: Path | None = None) -> SeaBattleApp:
    return SeaBattleApp(FleetSettings(rules or PRESETS["equal"], level, language, seed,
                                      save_path), "fleet-battle")


def message(app: SeaBattleApp) -> str:
    return app.screen.query_one("#message", Notice).text


def log_lines(app: SeaBattleApp) -> list[str]:
    return [strip.text for strip in app.screen.query_one(RichLog).lines]


def log_end(app: SeaBattleApp) -> str:
    """The log's last lines run together without spaces (the log wraps long lines)."""
    return "".join(log_lines(app)[-4:]).replace(" ", "")


def as_text(renderable: Any) -> str:
    console = Console(width=120, record=True)
    console.print(renderable)
    return console.export_text()


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the dice have fallen and the screen waits for the player (or is gone)."""
    for _ in range(200):
        await pilot.pause()
        screen = pilot.app.screen
        if not isinstance(screen, FleetBattleScreen) or not screen.rolling:
            return
        await pilot.pause(0.05)
    raise AssertionError("the dice never stopped")


async def place_by_keys(pilot: Pilot[Any]) -> FleetSetupScreen:
    """Place the duel's corvette across A1–B1 and its brig down C1–C2, by keys."""
    app = pilot.app
    setup = app.screen
    assert isinstance(setup, FleetSetupScreen)
    await pilot.press("enter")
    await pilot.press("right", "right", "r", "enter")
    await pilot.pause()
    assert [app.phrases.cells(ship.cells) for ship in setup.placed] == ["A1–B1", "C1–C2"]
    return setup


async def play_out(pilot: Pilot[Any], *, mode: str = "2") -> int:
    """Answer every question by keys until the battle ends; the orders given."""
    app = pilot.app
    orders = 0
    for _ in range(500):
        await settle(pilot)
        screen = app.screen
        if not isinstance(screen, FleetBattleScreen):
            return orders
        asking = screen.asking
        if asking is Phase.RETREAT:
            await pilot.press("n")
        elif asking is Phase.MODE:
            await pilot.press(mode)
        elif asking is Phase.GRAPPLE:
            await pilot.press("1", "f")
        else:
            assert asking in (Phase.ORDERS, Phase.PARTING)
            await pilot.press("right", "enter", "x", "f")
            orders += 1
    raise AssertionError("the battle never ended")


async def test_a_whole_battle_by_keys_ends_on_the_game_over_screen_and_is_saved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(PRESETS["duel"], save_path=tmp_path / "duel.json")
    async with app.run_test(size=SMALL) as pilot:
        setup = await place_by_keys(pilot)
        await pilot.press("f")  # the flagship: the next ship after the corvette
        await pilot.pause()
        assert setup.flagship == 1 and message(app) == "Flagship: brig, C1–C2."
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, FleetBattleScreen)
        state = app.session.state
        assert state.placements[0] is not None and state.placements[0].flagship == 1
        assert "— Turn 1 —" in log_lines(app)
        orders = await play_out(pilot)
        assert orders >= 1
        assert isinstance(app.screen, GameOverScreen)
        title = str(app.screen.query_one("#title", Static).content)
        winner = app.session.state.outcome().winner
        assert title.startswith({0: "Your fleet wins: ", 1: "The enemy wins: ",
                                 None: "The battle is a draw: "}[winner])
        fates = as_text(app.screen.query_one("#stats", Static).content)
        assert "destroyed" in fates and "still in the battle" in fates
    record = read_record_file(tmp_path / "duel.json")
    replayed = DEFINITION.replay(record.rules, record.log)
    assert replayed.outcome() == app.session.state.outcome()
    assert main(["replay", str(tmp_path / "duel.json"), "--all", "--lang", "en"]) == 0
    assert "Player against Computer (captain)" in capsys.readouterr().out


def test_play_without_plain_opens_the_screens_on_the_options(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[Any, str]] = []

    def run_tui(settings: Any, game: str, *, guide: bool = False) -> int:
        started.append((settings, game))
        return 0

    monkeypatch.setattr("seabattle.tui.run_tui", run_tui)
    assert find_screen_set("fleet-battle") is SCREEN_SET
    assert main(["play", "--game", "fleet-battle", "--rules", "duel", "--level", "easy",
                 "--seed", "4", "--lang", "ru"]) == 0
    ((settings, game),) = started
    assert game == "fleet-battle" and settings.rules == PRESETS["duel"]
    assert (settings.level, settings.seed, settings.language) == ("captain", 4, "ru")


async def test_the_set_up_refuses_a_ship_on_another_in_the_engine_s_words_in_russian() -> None:
    app = make_app(PRESETS["duel"], language="ru")
    async with app.run_test(size=SMALL) as pilot:
        setup = app.screen
        assert isinstance(setup, FleetSetupScreen)
        assert str(app.screen.query_one("#title", Static).content) == (
            "Морское сражение — расстановка")
        await pilot.press("enter", "enter")  # the brig on the corvette at А1
        await pilot.pause()
        assert len(setup.placed) == 1
        assert message(app) == "Корабль 2 (бриг) налезает на другой"
        await pilot.press("s")
        await pilot.pause()
        assert message(app) == "Осталось расставить: 1 (a — наугад)."
        await pilot.press("u")
        await pilot.pause()
        assert setup.placed == [] and message(app) == "Вернули в запас: корвет, А1–Б1."


async def first_orders(pilot: Pilot[Any]) -> FleetBattleScreen:
    """Place the fleet at random, fight on, and wait for the first turn's orders."""
    await pilot.press("x", "s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, FleetBattleScreen)
    assert pilot.app.screen.asking is Phase.RETREAT
    assert str(pilot.app.screen.query_one("#orders", Static).content) == (
        "Before turn 1: fight on (n) or retreat (y)?")
    await pilot.press("n")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, FleetBattleScreen) and screen.asking is Phase.ORDERS
    return screen


async def test_orders_the_engine_refuses_are_refused_in_its_words_and_change_nothing() -> None:
    app = make_app(PRESETS["equal"])
    async with app.run_test(size=SMALL) as pilot:
        screen = await first_orders(pilot)
        state = app.session.state
        logged = len(state.log)
        await pilot.press("f")  # nothing aimed at
        await pilot.pause()
        assert message(app).startswith("No cell aimed at")
        await pilot.press("x")  # the whole volley: 8 cells
        await pilot.pause()
        assert len(screen.aimed) == 8
        aimed = list(screen.aimed)
        free = next(c for c in range(state.rules.field(1).size) if c not in aimed)
        screen.target(free)
        await pilot.pause()
        assert message(app) == "Cells called: 9, but your fleet's shots: 8"
        assert screen.aimed == aimed
        await pilot.press("1", "2")  # the frigate, the corvette: then 5 shots, 6 shots
        await pilot.pause()
        assert message(app) == "Cells called: 8, but your fleet's shots: 6"
        assert screen.fireships == []
        await pilot.press("h")  # hold fire lets the cells go
        await pilot.press("1", "3", "4")
        await pilot.pause()
        assert screen.fireships == [0, 2]
        assert message(app) == "Fireships: 3, but at most 2 (half your ships) this turn"
        assert len(state.log) == logged
        orders = str(screen.query_one("#orders", Static).content)
        assert orders.startswith("Orders: hold fire") and "fireships 2 of 2" in orders
        await pilot.press("f")
        await settle(pilot)
        assert "Your fleet holds fire. Fireships: 2." in log_lines(app)


async def test_a_shot_kind_may_not_hit_a_deck_it_hit_and_switching_drops_such_cells() -> None:
    app = make_app(PRESETS["equal"], seed=11)
    async with app.run_test(size=SMALL) as pilot:
        screen = await first_orders(pilot)
        state = app.session.state
        enemy = state.placements[1]
        assert enemy is not None
        frigate = enemy.ships[0].cells
        for cell in range(state.rules.field(1).size):
            if frigate >> cell & 1:
                screen.target(cell)
        await pilot.press("f")
        await settle(pilot)
        hits = [shot.cell for shot in state.view(0).sides[0].shots if shot.hit]
        assert len(hits) == 3
        while screen.asking is not Phase.ORDERS:
            await pilot.press({Phase.RETREAT: "n", Phase.MODE: "1"}[screen.asking])
            await settle(pilot)
        screen.target(hits[0])
        await pilot.pause()
        name = app.phrases.enemy_cell(hits[0])
        assert message(app) == f"{name} was already hit with cannonballs: not there again"
        assert screen.aimed == []
        if state.mode is not None and state.mode.ammunition[1] is Ammo.CHAIN:
            await pilot.press("a")
            screen.target(hits[0])
            await pilot.pause()
            assert screen.aimed == [hits[0]] and screen.ammo is Ammo.CHAIN
            await pilot.press("a")
            await pilot.pause()
            assert screen.aimed == [] and name in message(app)


async def test_the_dice_fall_one_roll_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(battle, "DICE_PAUSE", 600)  # the dice stay on the table
    app = make_app(PRESETS["equal"], seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await first_orders(pilot)
        await pilot.press("x", "f")  # no fireships: no die falls in turn 1
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBattleScreen) and screen.asking is Phase.RETREAT
        await pilot.press("n")
        await pilot.pause()
        # the manoeuvre's dice have fallen, and nothing after them yet
        assert screen.rolling and screen.asking is None
        dice = str(screen.query_one("#dice", Static).content)
        assert dice.startswith(tuple("⚀⚁⚂⚃⚄⚅")) and "Manoeuvre:" in dice
        assert log_end(app).endswith(dice.replace(" ", ""))
        assert str(screen.query_one("#orders", Static).content) == "The dice are falling…"
        await pilot.press("f", "n", "1")  # the keys wait for the dice
        assert screen.rolling and log_end(app).endswith(dice.replace(" ", ""))


def rows_of(app: SeaBattleApp, widget: Any) -> list[str]:
    """The screen's rows where ``widget`` is drawn, as text (cut to its region)."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text.strip()
            for y in range(region.y, region.bottom)]


async def press_settled(pilot: Pilot[Any], *steps: tuple[str, ...]) -> None:
    """Press each step's keys, then wait for the dice and the computer (any language)."""
    for keys in steps:
        await pilot.press(*keys)
        await settle(pilot)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
async def test_the_orders_line_breaks_only_between_its_parts(size: tuple[int, int]) -> None:
    """In Russian at 80×24 the orders once wrapped inside the fireships' part, leaving
    «—» alone on the second row."""
    app = make_app(PRESETS["equal"], language="ru", seed=3)
    async with app.run_test(size=size) as pilot:
        await press_settled(pilot, ("x", "s"), ("n",))
        await pilot.press("right", "enter", "a", "right", "enter")
        await pilot.pause()
        rows = rows_of(app, app.screen.query_one("#orders", Static))
        whole = "Приказ: ядра [книппели] (a) · клеток 2 из 8: Б1, В1 · брандеров 0 из 2 (1–9): —"
        if size == LARGE:
            assert rows == [whole]
        else:
            assert rows == ["Приказ: ядра [книппели] (a) · клеток 2 из 8: Б1, В1",
                            "· брандеров 0 из 2 (1–9): —"]


async def test_the_modes_to_choose_from_break_between_modes() -> None:
    """At 80×24 in Russian the question once ended a row with «3» and began the next
    with «абордаж.»."""
    app = make_app(PRESETS["equal"], language="ru", seed=4)
    async with app.run_test(size=SMALL) as pilot:
        # turn 2: this seed's fleet wins the manoeuvre
        await press_settled(pilot, ("x", "s"), ("n",), ("x", "f"), ("n",))
        assert app.screen.asking is Phase.MODE  # type: ignore[attr-defined]
        assert rows_of(app, app.screen.query_one("#orders", Static)) == [
            "Вы выиграли манёвр: выберите режим — 1 дальний бой, 2 стрельба вплотную,",
            "3 абордаж."]


async def test_a_count_stays_with_its_kind_in_the_ships_panel_and_the_results() -> None:
    """At 80×24 in Russian the enemy's ships beside the fields and the table of fates
    after the battle once broke «≡ ×1» and «бриг ×3» between the kind and its count."""
    app = make_app(PRESETS["batteries"], language="ru", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await press_settled(pilot, ("x", "s"))
        ships = rows_of(app, app.screen.query_one("#ships", Static))
        assert ships[-2:] == ["Противник: Ф ×1, К ×1, Б ×3,", "≡ ×1"]
        await pilot.press("ctrl+r", "y")  # surrender: both fleets whole in the table
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        fates = rows_of(app, app.screen.query_one("#stats", Static))
        assert any(row.endswith("бриг ×3") for row in fates)
        assert not any(re.search(r"(^|\s\s)×", row) for row in fates)  # a count alone


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
async def test_the_dice_line_keeps_one_row_and_the_log_wraps_at_its_own_width(
        size: tuple[int, int]) -> None:
    """The dice line is one row (cut with «…» where narrow), and the log breaks a long line
    only at its own width: at 120×40 it once broke the manoeuvre's roll at 80 columns."""
    app = make_app(PRESETS["equal"], seed=3)
    async with app.run_test(size=size) as pilot:
        screen = await first_orders(pilot)
        await pilot.press("x", "f")
        await settle(pilot)
        await pilot.press("n")  # turn 2: the manoeuvre's dice fall
        await settle(pilot)
        shown = screen.query_one("#dice", Static)
        rolled = str(shown.content)
        assert rolled.startswith(tuple("⚀⚁⚂⚃⚄⚅")) and "Manoeuvre:" in rolled
        assert len(rolled) > 80 - 2  # longer than an 80-column row
        assert shown.region.height == 1
        log = screen.query_one(RichLog)
        width = log.scrollable_content_region.width
        lines = log_lines(app)
        start = max(i for i, line in enumerate(lines) if line.startswith(rolled[:1]))
        told = [line.rstrip() for line in lines[start:start + 2]]
        assert all(len(line) <= width for line in told)
        if len(rolled) <= width:
            assert told[0] == rolled  # whole on one row
        else:
            assert " ".join(told).startswith(rolled)


async def test_the_new_game_form_builds_fleets_under_a_budget() -> None:
    app = make_app(PRESETS["duel"])
    async with app.run_test(size=LARGE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#fleets", Select).value = "built"
        form.query_one("#count-frigate", Input).value = "2"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert message(app) == ("The fleet costs 44 coins, 4 guns, 2 wood; "
                                "the budget is 18 coins, 2 guns, 0 wood")
        form.query_one("#budget", Input).value = "50 5 2"
        form.query_one("#batteries", Select).value = 1
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FleetSetupScreen)
        rules = app.session.state.rules
        assert rules.fleets[0] == rules.fleets[1] == (Kind.FRIGATE, Kind.FRIGATE,
                                                      Kind.CORVETTE, Kind.BRIG)
        assert rules.batteries == (1, 1)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LoopbackServer]:
    running = LoopbackServer(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


async def play_online(pilot: Pilot[Any], screen: OnlineFleetScreen) -> int:
    """Answer every question of the online battle by keys until it is over; the orders
    given. After each answer the keys wait for the server's next state."""
    orders = 0
    for _ in range(400):
        await until(lambda: screen.asking is not None or (
            screen.state is not None and screen.state.phase == "over"), "a question")
        assert screen.state is not None
        if screen.state.phase == "over":
            return orders
        asking = screen.asking
        if asking is Phase.RETREAT:
            await pilot.press("n")
        elif asking is Phase.MODE:
            await pilot.press("2")
        elif asking is Phase.GRAPPLE:
            await pilot.press("1", "f")
        else:
            await pilot.press("x", "f")
            orders += 1
    raise AssertionError("the online battle never ended")


def message_of(screen: Any) -> str:
    return str(screen.query_one("#message", Notice).text)


@pytest.mark.parametrize("size", [SMALL, LARGE])
async def test_a_whole_online_battle_against_the_server_s_computer(
        server: LoopbackServer, size: tuple[int, int]) -> None:
    app = OnlineApp(lambda: lobby.open_random(server.url, {
        "game": "fleet-battle", "preset": "duel", "level": "captain"}, "en", mode="computer"),
        "en", "fleet-battle")
    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, FleetSetupScreen), "the set-up")
        await pilot.press("x", "s")
        screen = app.game_screen
        assert isinstance(screen, OnlineFleetScreen)
        await until(lambda: screen.asking is Phase.RETREAT and app.screen is screen,
                    "the first turn")
        shot(app, "online-battle")
        await pilot.press("n")
        await until(lambda: screen.asking is Phase.ORDERS, "the first orders")
        await pilot.press("x")  # the whole volley, then one cell more
        screen.target(next(cell for cell in range(6) if cell not in screen.aimed))
        await until(lambda: message_of(screen), "the server's answer")
        assert message_of(screen) == "Cells called: 4, but your fleet's shots: 3"
        assert len(screen.aimed) == 3 and not screen.sent
        orders = await play_online(pilot, screen)
        assert orders >= 1
        await until(lambda: screen.query("#stats"), "the results")
        await pilot.pause()
        title = str(screen.query_one("#title", Static).content)
        assert title.startswith(("Your fleet wins: ", "The enemy wins: ", "The battle is a draw"))
        assert "destroyed" in as_text(screen.query_one("#stats", Static).content)
        shot(app, "online-over")


async def test_the_mouse_places_aims_and_names_fireships() -> None:
    app = make_app(PRESETS["equal"])
    async with app.run_test(size=SMALL) as pilot:
        setup = app.screen
        assert isinstance(setup, FleetSetupScreen)
        # At 80×24 a field has only its top border: padding 1, the row number and a
        # space 2, three columns a cell; the column letters on the first line.
        await pilot.click("#own", offset=(1 + 2 + 3 * 2 + 1, 1 + 1 + 3))  # C4
        await pilot.pause()
        assert [app.phrases.cells(ship.cells) for ship in setup.placed] == ["C4–E4"]
        await pilot.press("a", "s")
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, FleetBattleScreen) and screen.asking is Phase.ORDERS
        width = screen._enemy.cell_width
        await pilot.click("#enemy", offset=(1 + 2 + width * 4, 1 + 1 + 2))  # E3
        await pilot.pause()
        assert [app.phrases.enemy_cell(c) for c in screen.aimed] == ["E3"]
        await pilot.click("#own", offset=(1 + 2 + screen._own.cell_width * 2, 1 + 1 + 3))
        await pilot.pause()
        assert screen.fireships == [0]  # the frigate at C4
        assert "fireships 1 of 2 (1–9): 1 frigate" in str(
            screen.query_one("#orders", Static).content)


class SocketPeer:
    """The other player: a WebSocket client as the browser's, answering each question
    of its ``state`` with the first legal choice the server lists."""

    def __init__(self, url: str, game: str, token: str) -> None:
        self.url = url.replace("http", "ws", 1) + "/ws"
        self.game, self.token = game, token
        self.received: list[dict[str, Any]] = []
        self.task: asyncio.Task[None] | None = None

    async def play(self) -> None:
        async with connect(self.url) as socket:
            await socket.send(json.dumps({"type": "hello", "game": self.game,
                                          "token": self.token, "since": 0, "lang": "en"}))
            answered = -1
            async for text in socket:
                message = json.loads(text)
                self.received.append(message)
                if message["type"] == "fleet_suggestion":
                    await socket.send(json.dumps({
                        "type": "place", "flagship": message["flagship"],
                        "ships": [ship["cells"] for ship in message["ships"]]}))
                if message["type"] != "state" or message["seq"] == answered:
                    continue
                choice = message["fleet"]["choice"]
                if message["phase"] == "over":
                    return
                if choice is None:
                    continue
                answered = message["seq"]
                side = message["fleet"]["sides"][message["you"]]
                fired = {shot["cell"] for shot in side["shots"]}
                await socket.send(json.dumps(answer(choice, fired)))


def answer(choice: dict[str, Any], fired: set[int]) -> dict[str, Any]:
    """The first legal answer to ``choice`` (a random fleet for the set-up; a volley at
    the first cells not ``fired`` at yet, so that the battle ends within a few turns)."""
    action = choice["action"]
    if action == "place":
        return {"type": "random_fleet"}
    if action == "retreat":
        return {"type": "retreat", "retreat": False}
    if action == "mode":
        return {"type": "mode", "mode": choice["modes"][0]}
    if action == "grapple":
        return {"type": "grapple", "ships": choice["ships"][:1]}
    ammo = choice["ammunition"][0]
    cells = sorted(choice["cells"][ammo], key=lambda cell: cell in fired)
    return {"type": "orders", "ammo": ammo, "cells": cells[:choice["shots"]]}


async def test_an_online_battle_against_a_friend_who_joins_by_the_invitation(
        server: LoopbackServer) -> None:
    app = OnlineApp(lambda: lobby.open_random(server.url, {
        "game": "fleet-battle", "preset": "duel", "turn_seconds": 0, "setup_seconds": 0},
        "ru", mode="private"), "ru", "fleet-battle")
    async with app.run_test(size=SMALL) as pilot:
        screen = app.game_screen
        assert isinstance(screen, OnlineFleetScreen)
        await until(lambda: screen.state is not None and screen.state.invite, "the invitation")
        assert screen.state is not None
        status = str(screen.query_one("#orders", Static).content)
        link = f"{server.url}/join/{screen.state.game}/{screen.state.invite}"
        assert status == f"Ждём соперника… Пригласите друга: {link}"
        game, _, invite = link.rpartition("/join/")[2].partition("/")
        joined = await asyncio.to_thread(server.post, f"/api/games/{game}/join",
                                         {"invite": invite})
        peer = SocketPeer(server.url, game, joined["token"])
        peer.task = asyncio.create_task(peer.play())
        await until(lambda: isinstance(app.screen, FleetSetupScreen), "the set-up")
        assert "Соперник подключился." in log_text(screen)
        await pilot.press("x", "s")
        await until(lambda: screen.asking is Phase.RETREAT and app.screen is screen,
                    "the first turn")
        assert await play_online(pilot, screen) >= 1
        await until(lambda: screen.query("#stats"), "the results")
        title = str(screen.query_one("#title", Static).content)
        assert title.startswith(("Победа — ваш флот: ", "Победа — противник: ", "Ничья: "))
        await asyncio.wait_for(peer.task, 30)
    over = [m for m in peer.received if m["type"] == "state"][-1]
    assert over["phase"] == "over" and over["fleet"]["winner"] == screen.view.winner


def log_text(screen: Any) -> str:
    return "\n".join(strip.text for strip in screen.query_one(RichLog).lines)


async def test_the_first_battle_s_guide_shows_over_the_set_up() -> None:
    app = SeaBattleApp(FleetSettings(PRESETS["equal"], "captain", "ru", 5), "fleet-battle",
                       guide=True)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        assert any("Расставьте корабли стрелками" in str(toast.render())
                   for toast in app.screen.query(Toast))
        shot(app, "guide")
        await pilot.press("x")  # the set-up's keys work while it shows
        await pilot.pause()
        assert isinstance(app.screen, FleetSetupScreen) and len(app.screen.placed) == 5


async def test_a_retreat_is_asked_first_and_loses_the_battle() -> None:
    app = make_app(PRESETS["duel"])
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("x", "s")
        await settle(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # not after all: nothing changed
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBattleScreen) and screen.asking is Phase.RETREAT
        await pilot.press("y", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        title = str(app.screen.query_one("#title", Static).content)
        assert title == "The enemy wins: your fleet retreated."
        fates = as_text(app.screen.query_one("#stats", Static).content)
        assert "escaped" in fates
