"""Issue 18's fixes of the full-screen game, each played at 80×24 and at 160×50."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from seabattle.battleship.rules import find_rules
from seabattle.battleship.session import GameSettings
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import FleetStrip
from seabattle.coords import iter_cells
from seabattle.i18n import Language
from seabattle.tui import SeaBattleApp
from tests.test_tui import message, to_battle

SIZES = [(80, 24), (160, 50)]


def make_app(language: Language = "en", rules: str = "classic", seed: int = 5) -> SeaBattleApp:
    return SeaBattleApp(GameSettings(find_rules(rules), level="novice", language=language,
                                     first="me", seed=seed))


def log_text(app: SeaBattleApp) -> str:
    return "\n".join(strip.text for strip in app.screen.query_one(RichLog).lines)


async def start_battle(pilot: Pilot[int]) -> BattleScreen:
    """Place the fleet at random and start: the battle screen."""
    await to_battle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


@pytest.mark.parametrize("size", SIZES)
async def test_the_to_place_strip_empties_once_x_places_the_fleet(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        strip = app.screen.query_one("#to-place", FleetStrip)
        assert str(strip.render()).split() == ["□□□□", "□□□", "□□□", "□□", "□□", "□□",
                                               "□", "□", "□", "□"]
        await pilot.press("x")
        await pilot.pause()
        assert "□" not in str(strip.render()), "every ship is placed: none still to place"
        await pilot.press("u")  # one single-decker back
        await pilot.pause()
        assert str(strip.render()).count("□") == 1


@pytest.mark.parametrize("size", SIZES)
async def test_the_afloat_strip_shows_as_many_sunk_ships_as_are_sunk(
        size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        battle = await start_battle(pilot)
        game = app.session.game
        assert game is not None
        destroyers = [s for s in game.fleets[1] if s.kind.size == 2]
        for ship in destroyers[:2]:  # two of the three destroyers
            for cell in iter_cells(ship.cells):
                battle.fire(cell)
        await pilot.pause()
        strip = str(app.screen.query_one("#enemy-fleet", FleetStrip).render()).split()
        assert strip.count("▓▓") == 2 and strip.count("■■") == 1
        assert strip.count("▓") == 0 and strip.count("▓▓▓") == 0


@pytest.mark.parametrize("size", SIZES)
async def test_a_latin_letter_counts_by_its_place_in_a_russian_game(size: tuple[int, int]) -> None:
    app = make_app("ru")
    async with app.run_test(size=size) as pilot:
        await to_battle(pilot)
        placeholder = app.screen.query_one("#shot", Input).placeholder
        assert "Б3" in placeholder and "B3" in placeholder
        await pilot.press(*"B3", "enter")
        await pilot.pause()
        assert "Вы: Б3" in message(app), "B is the second letter: Б, not its look-alike В"
        await pilot.press(*"c3", "enter")
        await pilot.pause()
        assert "Вы: В3" in message(app)
        await pilot.press(*"Z3", "enter")
        await pilot.pause()
        assert "поля" in message(app) or "поле" in message(app)  # off the field, said so


@pytest.mark.parametrize("size", SIZES)
async def test_the_players_own_sinking_names_the_ship(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        battle = await start_battle(pilot)
        game = app.session.game
        assert game is not None
        cruiser = next(s for s in game.fleets[1] if s.kind.name == "cruiser")
        for cell in iter_cells(cruiser.cells):
            battle.fire(cell)
        await pilot.pause()
        assert "Sunk! The cruiser went down." in log_text(app)
