"""Issue 18's fixes of the full-screen game, each played at 80×24 and at 160×50."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Select, Static
from textual.widgets._toast import Toast

from seabattle.battleship.ai.weights import WeightsStrategy
from seabattle.battleship.fleet import validate_fleet
from seabattle.battleship.rules import find_rules
from seabattle.battleship.session import GameSettings
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import HOTTEST, Board, FleetStrip, Legend
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.coords import iter_cells
from seabattle.i18n import Language
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.keys import KeyHelp
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen
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


@pytest.mark.parametrize("size", SIZES)
async def test_the_shot_log_keeps_several_lines_and_the_figures_fit(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        battle = await start_battle(pilot)
        log = app.screen.query_one(RichLog)
        assert log.region.height >= 5, "the log is readable on a short terminal"
        for cell in range(100):
            if app.session.view().is_over:
                break
            battle.fire(cell)
        await pilot.pause()
        stats = app.screen.query_one("#stats")
        assert isinstance(app.screen, GameOverScreen)
        bottom = app.screen.query_one(KeyHelp).region.y
        assert stats.region.y + stats.region.height <= bottom, "the figures are not cut"
        assert stats.region.height >= 6


@pytest.mark.parametrize("size", SIZES)
async def test_the_new_game_forms_choices_stand_in_one_column(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        await pilot.pause()
        selects = list(app.screen.query(Select))
        assert selects[0].has_focus
        assert len({select.content_region.x for select in selects}) == 1
        assert len({select.content_region.width for select in selects}) == 1


@pytest.mark.parametrize(("size", "cell"), [((80, 24), (3, 1)), ((160, 50), (4, 2))])
async def test_cells_are_big_where_the_terminal_has_room(
        size: tuple[int, int], cell: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await start_battle(pilot)
        enemy = app.screen.query_one("#enemy", Board)
        assert (enemy.cell_width, enemy.cell_height) == cell
        # A click on the lower row of C5's cell fires at C5.
        width, height = cell
        x = 1 + 2 + 1 + width * 2 + width // 2  # border, padding, row numbers, column C
        y = 1 + 1 + height * 4 + (height - 1)  # border, letters, row 5's last line
        await pilot.click(enemy, offset=(x, y))
        await pilot.pause()
        assert "You: C5" in message(app)
        rows = str(enemy.render()).splitlines()
        assert len(rows) == 1 + 10 * height


@pytest.mark.parametrize("size", SIZES)
async def test_perelmans_placement_is_offered_beside_random(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("p")
        await pilot.pause()
        assert "Perelman" in message(app)
        fleet = validate_fleet(app.session.rules, setup.placed)
        # The multi-deckers lie packed in a corner, as in seed 001: a corner cell is
        # theirs, and they keep to less than half the field.
        grid = app.session.rules.grid
        big = [grid.row_col(c) for ship in fleet if ship.kind.size > 1
               for c in iter_cells(ship.cells)]
        rows, columns = {r for r, _ in big}, {c for _, c in big}
        assert {(0, 0), (0, 9), (9, 0), (9, 9)} & set(big)
        assert len(rows) * len(columns) < 50
    app = make_app(rules="flying-dutchman")
    async with app.run_test(size=size) as pilot:
        await pilot.press("p")
        await pilot.pause()
        assert "for straight and shaped ships only" in message(app)


@pytest.mark.parametrize("size", SIZES)
async def test_the_form_changes_the_four_deckers_shape_and_the_dutchmans_decks(
        size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#shape", Select).value = "square"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        four = next(kind for kind in app.session.rules.fleet if kind.size == 4)
        assert four.shape.value == "square"
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#rules", Select).value = "flying-dutchman"
        await pilot.pause()
        decks = app.screen.query_one("#dutchman_decks", Input)
        assert decks.value == "5" or decks.value.isdigit()
        decks.value = "7"
        app.screen.query_one("#shape", Select).value = "straight"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.rules.flying_dutchman and app.session.rules.fleet[0].size == 7


@pytest.mark.parametrize("size", SIZES)
async def test_the_first_games_guide_shows_over_the_set_up(size: tuple[int, int]) -> None:
    app = SeaBattleApp(GameSettings(find_rules("classic"), language="ru", seed=1), guide=True)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        toasts = app.screen.query(Toast)
        assert any("Расставьте корабли" in str(toast.render()) for toast in toasts)
        await pilot.press("x")  # the game's keys work while it shows
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and len(app.screen.placed) == 10
        await pilot.press("ctrl+q")  # a question clears it: it covered half of one at 80×24
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not app.screen.query(Toast)
        assert not app.query(Toast)
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        assert not app.screen.query(Toast)


@pytest.mark.parametrize("size", SIZES)
async def test_mediums_weight_map_shows_like_the_admirals_heat_map(size: tuple[int, int]) -> None:
    app = make_app(seed=9)
    async with app.run_test(size=size) as pilot:
        battle = await start_battle(pilot)
        battle.fire(44)  # a hit or a miss: the map changes around it either way
        await pilot.pause()
        await pilot.press("ctrl+w")
        await pilot.pause()
        enemy = app.screen.query_one("#enemy", Board)
        weights = WeightsStrategy(random.Random(0)).weight_map(app.session.view())
        assert enemy.heat is not None
        heaviest = weights.index(max(weights))
        assert enemy.heat[heaviest] == 1.0
        info = str(app.screen.query_one("#heat-info", Static).content)
        assert "weight map of seed 000" in info and app.phrases.cell(heaviest) in info
        assert HOTTEST in str(enemy.render())
        assert app.session.hints == [len(app.session.game.events)]
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert enemy.heat is None and not app.screen.query_one("#heat-info").display


@pytest.mark.parametrize("size", SIZES)
async def test_the_pre_revolutionary_preset_draws_a_dash_for_a_hit_and_a_cross_for_a_sinking(
        size: tuple[int, int]) -> None:
    app = make_app("ru", rules="pre-revolutionary")
    async with app.run_test(size=size) as pilot:
        battle = await start_battle(pilot)
        rules = app.session.rules
        assert not rules.shoot_again and rules.fleet[0].title.render("ru") == "броненосец"
        game = app.session.game
        assert game is not None
        cruiser = next(s for s in game.fleets[1] if s.kind.size == 3)
        cells = list(iter_cells(cruiser.cells))
        battle.fire(cells[0])  # a hit: a dash
        await pilot.pause()
        enemy = app.screen.query_one("#enemy", Board)
        assert "–" in str(enemy.render()) and "✕" not in str(enemy.render())
        for cell in cells[1:]:  # the computer answers each at once: turns alternate
            battle.fire(cell)
        await pilot.pause()
        assert "✕" in str(enemy.render()), "a ship put out of action: a cross"
        legend = str(app.screen.query_one(Legend).render())
        assert "– ранен" in legend and "✕ убит" in legend
