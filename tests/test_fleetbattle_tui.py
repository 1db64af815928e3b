"""The fleet battle full-screen, driven headless through Textual's pilot as a player would:
the set-up by keys, whole battles by keys against the computer, orders the engine refuses,
the dice as they fall, the game over, the saved record and its replay, the new-game form,
and ``seabattle play --game fleet-battle`` reaching the screens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from seabattle.cli import main
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.terminal.lines import FleetSettings
from seabattle.fleetbattle.terminal.tui import SCREEN_SET, battle
from seabattle.fleetbattle.terminal.tui.battle import FleetBattleScreen
from seabattle.fleetbattle.terminal.tui.setup import FleetSetupScreen
from seabattle.fleetbattle.views import Phase
from seabattle.i18n import Language
from seabattle.records import read_record_file
from seabattle.terminal.notice import Notice
from seabattle.terminal.registry import find_screen_set
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen

SMALL = (80, 24)
LARGE = (120, 40)


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
