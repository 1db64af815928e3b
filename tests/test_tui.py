"""The full-screen game, driven headless through Textual's pilot, as a player would."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Static

from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import Rules, find_rules, rules_from_dict
from seabattle.battleship.session import FirstMove, GameSettings
from seabattle.battleship.shapes import Shape, has_shape
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import HOTTEST, Board
from seabattle.battleship.terminal.tui.marks import Mark
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.coords import ALPHABETS, Coordinates, bit, iter_cells
from seabattle.errors import DecisionError
from seabattle.i18n import Language
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.phrases import Phrasebook
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen

SIZE = (110, 40)
TINY = rules_from_dict({"width": 5, "ships": [{"size": 2, "count": 1}, {"size": 1, "count": 1}]})
"""A five-by-five field with two ships: whole games in a few dozen shots."""


def make_app(rules: Rules | None = None, *, language: Language = "en", first: FirstMove = "me",
             save_path: Path | None = None, seed: int = 3, level: str = "novice") -> SeaBattleApp:
    return SeaBattleApp(GameSettings(rules or find_rules("classic"), level=level,
                                     language=language, first=first, seed=seed,
                                     save_path=save_path))


def message(app: SeaBattleApp) -> str:
    return app.screen.query_one("#message", Notice).text


def events(app: SeaBattleApp) -> int:
    assert app.session.game is not None
    return len(app.session.game.events)


async def to_battle(pilot: Pilot[int]) -> None:
    """Place the whole fleet at random and start."""
    await pilot.press("x", "s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, BattleScreen)


async def type_shot(pilot: Pilot[int], text: str) -> None:
    await pilot.press(*text, "enter")
    await pilot.pause()


async def test_placing_by_hand_refuses_an_illegal_ship_with_the_reason() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("enter")  # the battleship across A1–D1
        await pilot.press("r", "enter")  # a cruiser down A1–A3: on the battleship
        await pilot.pause()
        assert "overlaps" in message(app) and "battleship" in message(app)
        assert "A1–A3" in message(app)
        assert len(setup.placed) == 1
        await pilot.press("down", "enter")  # A2–A4, alongside the battleship
        await pilot.pause()
        assert len(setup.placed) == 1
        assert "touches" in message(app)
        await pilot.press("down", "enter")  # A3–A5
        await pilot.pause()
        assert len(setup.placed) == 2
        hand_placed = setup.placed
        await pilot.press("a")
        await pilot.pause()
        assert len(setup.placed) == len(app.session.rules.fleet)
        assert "ready" in message(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        own = app.session.view().own_fleet
        assert all(ship in own.ships for ship in hand_placed)


async def test_undo_takes_the_last_ship_back() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("enter", "u")
        await pilot.pause()
        assert setup.placed == ()
        assert message(app) == "Taken back: battleship, A1–D1."
        await pilot.press("s")  # the fleet is not complete: it says so
        await pilot.pause()
        assert app.screen is setup
        assert message(app) == "Pieces still to place: 10 (a places them at random)."


async def test_filling_in_says_when_the_ships_placed_leave_no_room() -> None:
    app = make_app(rules_from_dict({"width": 3, "ships": [{"size": 1, "count": 2}]}))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("down", "right", "enter", "a")  # a boat in the middle: no room left
        await pilot.pause()
        assert "cannot be placed" in message(app)
        assert len(setup.placed) == 1


async def test_the_ghost_follows_the_mouse_and_a_click_places_it() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        # Border and padding (2), row numbers and a space (3), three columns per cell.
        await pilot.click("#own", offset=(2 + 3 + 3 * 2 + 1, 1 + 1 + 4))  # C5
        await pilot.pause()
        assert len(setup.placed) == 1
        assert app.phrases.cells(setup.placed[0].cells) == "C5–F5"


async def test_bent_ships_take_every_shape_by_hand() -> None:
    app = make_app(find_rules("bent"))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("r", "r", "r", "enter")  # past both straight lines
        await pilot.pause()
        (ship,) = setup.placed
        grid = app.session.rules.grid
        assert has_shape(grid, ship.cells, Shape.BENT)
        assert not has_shape(grid, ship.cells, Shape.STRAIGHT)
        await pilot.press("a", "s")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)


async def test_typed_shots_any_case_and_refusals_that_cost_nothing() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        await type_shot(pilot, "b3")
        view = app.session.view()
        b3 = app.phrases.coordinates.parse("B3")
        assert view.fired == bit(b3)
        mark = app.screen.query_one("#enemy", Board).marks[b3]
        assert mark is (Mark.MISS if view.misses else Mark.HIT)
        before = events(app)
        for text, reason in (("zz", "not a cell"), ("B3", "already fired"),
                             ("k1", "outside"), ("a0", "outside")):
            await type_shot(pilot, text)
            assert reason in message(app), text
            assert events(app) == before, text
        log = "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)
        assert "You: B3 — " in log, "the log shows the answers"


async def test_a_known_empty_cell_is_refused() -> None:
    app = make_app(TINY)
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        boat = next(s for s in app.session.computer_fleet if s.size == 1)
        (cell,) = iter_cells(boat.cells)
        await type_shot(pilot, app.phrases.cell(cell))
        view = app.session.view()
        assert "Sunk" in message(app) and not view.is_over
        ring = next(iter_cells(view.known_empty))
        assert app.screen.query_one("#enemy", Board).marks[ring] is Mark.RING
        before = events(app)
        await type_shot(pilot, app.phrases.cell(ring))
        assert "known to be empty" in message(app)
        assert events(app) == before


async def test_firing_with_the_cursor_and_the_mouse() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        coordinates = app.phrases.coordinates
        await pilot.press("right", "down", "enter")
        await pilot.pause()
        assert app.session.view().fired == bit(coordinates.parse("B2"))
        await pilot.click("#enemy", offset=(2 + 3 + 3 * 2 + 1, 1 + 1 + 3))  # C4
        await pilot.pause()
        fired = bit(coordinates.parse("B2")) | bit(coordinates.parse("C4"))
        assert app.session.view().fired == fired


async def test_a_whole_game_ends_on_the_game_over_screen_then_again(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_app(TINY, save_path=save)
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        for cell in app.session.rules.grid.cells():
            battle.fire(cell)  # what Enter and clicks do, without typing every cell
            if app.session.view().is_over:
                break
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        view = app.session.view()
        assert view.opponent_fleet is not None
        enemy = screen.query_one("#enemy", Board).marks
        for ship in view.opponent_fleet:
            assert all(enemy[c] in (Mark.SHIP, Mark.HIT, Mark.SUNK) for c in iter_cells(ship.cells))
        own = screen.query_one("#own", Board).marks
        for ship in view.own_fleet:
            assert all(own[c] in (Mark.SHIP, Mark.HIT, Mark.SUNK) for c in iter_cells(ship.cells))
        console = Console(width=80, record=True)
        console.print(screen.query_one("#stats", Static).content)
        stats = console.export_text()
        game = app.session.game
        assert game is not None
        assert "Accuracy" in stats and f"{game.stats(0).accuracy:.0%}" in stats
        assert f" {game.stats(0).shots} " in stats
        assert GameRecord.from_json(save.read_text(encoding="utf-8")).game().is_over
        first_seed = app.session.seed
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.session.game is None and app.session.seed == first_seed + 1
        await to_battle(pilot)
        await type_shot(pilot, "a1")
        await pilot.press("ctrl+q")
        await pilot.press("y")
        await pilot.pause()
    assert GameRecord.from_json((tmp_path / "game-2.json").read_text(encoding="utf-8")).events


async def test_resigning_asks_first_then_ends_the_game() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        await pilot.press("ctrl+r", "n")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("ctrl+r", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "resigned" in str(app.screen.query_one("#title", Static).content)


async def test_quitting_mid_game_saves_a_readable_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_app(save_path=save, first="ai")
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        await type_shot(pilot, "e5")
        played = events(app)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert len(record.events) == played and not record.game().is_over


async def test_russian_interface() -> None:
    app = make_app(language="ru")
    async with app.run_test(size=SIZE) as pilot:
        assert "расставьте флот" in str(app.screen.query_one("#title", Static).content)
        rows = str(app.screen.query_one("#own", Board).render()).splitlines()
        assert rows[0].split() == list("АБВГДЕЖЗИК")
        assert [row.split()[0] for row in rows[1:]] == [str(n) for n in range(1, 11)]
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "пересекается" in message(app) and "линкор" in message(app)
        assert "А1–В1" in message(app), "cells named in the Russian alphabet"
        await pilot.press("x", "s")
        await pilot.pause()
        await type_shot(pilot, "Б3")
        assert any(answer in message(app) for answer in ("Мимо!", "Ранил!", "Убил!"))
        assert "Вы: Б3" in message(app)
        await type_shot(pilot, "б3")
        assert "уже стреляли" in message(app)
        # On a Latin keyboard B is the second letter: Б3 again, not В3 (its look-alike).
        await type_shot(pilot, "b3")
        assert "Б3" in message(app) and "уже стреляли" in message(app)
        placeholder = app.screen.query_one("#shot", Input).placeholder
        assert "Б3" in placeholder and "B3" in placeholder, "the screen says how B3 is read"


async def wait_for_heat(pilot: Pilot[int]) -> None:
    """Let the heat map's worker thread finish and its result reach the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_heat_map_hint_shows_shades_follows_shots_and_is_recorded(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_app(save_path=save)
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        enemy = app.screen.query_one("#enemy", Board)
        assert enemy.heat is None
        assert "heat map" in str(app.screen.query_one(KeyHelp).render()), "shown in the keys"
        await pilot.press("ctrl+t")
        await wait_for_heat(pilot)
        heat = enemy.heat
        assert heat is not None and len(heat) == app.session.rules.grid.size
        assert all(0.0 <= chance <= 1.0 for chance in heat)
        assert round(sum(heat)) == sum(kind.size for kind in app.session.rules.fleet)
        rows = str(enemy.render()).splitlines()[1:]
        assert sum(row.count(HOTTEST) for row in rows) >= 1, "the likeliest cell is marked"
        assert "." not in "".join(row.split(maxsplit=1)[1] for row in rows), "all shaded"
        width = app.session.rules.grid.width
        top = max(heat)
        assert rows[0].split()[1:] == [
            HOTTEST if chance == top else str(min(9, int(chance / top * 10)))
            for chance in heat[:width]], "each digit: the cell's chance in tenths of the top's"
        info = str(app.screen.query_one("#heat-info", Static).content)
        assert "likeliest" in info and HOTTEST in info
        assert app.session.hints == [0]
        # A shot while shown: the map follows and the new position is a hint too.
        await type_shot(pilot, "a1")
        await wait_for_heat(pilot)
        a1 = app.phrases.coordinates.parse("A1")
        assert enemy.heat is not None and heat != enemy.heat
        assert str(enemy.render()).splitlines()[1].split()[1] != HOTTEST, "A1 is fired at"
        moment = events(app)
        assert app.session.hints == [0, moment] and enemy.marks[a1] is not Mark.WATER
        # Hidden, shown again in the same position: no second note of the same hint.
        await pilot.press("ctrl+t")
        assert enemy.heat is None and not app.screen.query_one("#heat-info").display
        await pilot.press("ctrl+t")
        await wait_for_heat(pilot)
        assert enemy.heat is not None and app.session.hints == [0, moment]
        await pilot.press("ctrl+t")
        await type_shot(pilot, "j10")
        await wait_for_heat(pilot)
        assert enemy.heat is None and app.session.hints == [0, moment], "hidden: no hint"
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    record = GameRecord.from_json(save.read_text(encoding="utf-8"))
    assert record.metadata["hints"] == [0, moment]


def on_screen(app: SeaBattleApp, selector: str) -> bool:
    """Whether the widget is wholly inside the terminal (not scrolled or cut away)."""
    region = app.screen.query_one(selector).region
    width, height = app.size
    return region.height > 0 and region.y >= 0 and region.bottom <= height \
        and region.right <= width


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("rules", ["classic", "big-18"])
async def test_a_small_terminal_keeps_the_entry_the_message_and_the_keys_in_view(
        size: tuple[int, int], rules: str) -> None:
    app = make_app(find_rules(rules))
    async with app.run_test(size=size) as pilot:
        for selector in ("#message", "KeyHelp"):
            assert on_screen(app, selector), ("setup", selector)
        await to_battle(pilot)
        await type_shot(pilot, "zz9")
        assert "is not a cell" in message(app)
        for selector in ("#shot", "#message", "KeyHelp"):
            assert on_screen(app, selector), ("battle", selector)


def test_errors_name_cells_in_the_fields_own_letters() -> None:
    russian = Phrasebook("ru", Coordinates(find_rules("classic").grid, ALPHABETS["ru"]))
    refused = DecisionError("error.handover_cell", cell="B1")  # the engine's Latin name
    assert russian.error(refused).endswith("а Б1 не такая")
    assert "Б1" in russian.error(DecisionError("error.shot_already_fired", cell="B1"))


async def test_quitting_with_ships_placed_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("enter", "q")  # a battleship placed, then q
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "ships you have placed will be lost" in str(
            app.screen.query_one("#question", Static).content)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup and len(setup.placed) == 1 and app.is_running
        await pilot.press("u", "q")  # nothing placed: nothing to lose
        await pilot.pause()
        assert not app.is_running
