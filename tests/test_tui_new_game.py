"""The new-game screen of the full-screen game (``o``), driven through Textual's pilot."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from seabattle.battleship.rules import PRESETS, find_rules, rules_from_dict, with_variants
from seabattle.battleship.session import GameSettings
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import Board
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.terminal.notice import Notice
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen

SIZE = (110, 40)


def make_app(settings: GameSettings | None = None) -> SeaBattleApp:
    return SeaBattleApp(settings or GameSettings(find_rules("classic"), level="novice",
                                                 first="me", seed=3))


async def open_form(pilot: Pilot[int]) -> NewGameScreen:
    await pilot.press("o")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def rules_line(app: SeaBattleApp) -> str:
    return str(app.screen.query_one("#rules", Static).content)


async def test_choosing_other_rules_and_level_with_the_keyboard() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        assert form.focused is form.query_one("#rules", Select)
        # classic, classic-corners, bent, milton-bradley: three down.
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert form.query_one("#rules", Select).value == "milton-bradley"
        # The form now shows milton-bradley's own variants.
        assert form.query_one("#shoot_again", Select).value is False
        assert form.query_one("#announce", Select).value == "type"
        await pilot.press("tab", "enter", "down", "enter")  # novice → easy
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.session.rules == find_rules("milton-bradley")
        assert app.session.level == "easy"
        assert "Milton Bradley" in rules_line(app) and "easy" in rules_line(app)
        assert len(app.screen_stack) == 2, "the old set-up screen is gone"


async def test_variants_changed_in_the_form_make_the_rules_of_the_next_game() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        mines = form.query_one("#mines", Input)
        mines.focus()
        await pilot.press("backspace", "3")
        form.query_one("#shoot_again", Select).value = False
        await pilot.press("enter")  # Enter in a number field starts the game too
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.session.rules == with_variants(find_rules("classic"),
                                                  {"shoot_again": False, "mines": 3})
        assert "mines: 3" in rules_line(app)


async def test_rules_that_do_not_go_together_are_refused_with_the_reason() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the battleship placed by hand, before the form
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and len(setup.placed) == 1
        form = await open_form(pilot)
        form.query_one("#salvo", Select).value = 2
        await pilot.pause()
        assert form.query_one("#shoot_again", Select).value is False, "off with a salvo"
        form.query_one("#shoot_again", Select).value = True  # and back on: refused
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        message = form.query_one("#message", Notice).text
        assert "salvo" in message and "shoot_again" in message
        form.query_one("#shoot_again", Select).value = False
        form.query_one("#mines", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "salvoes do not combine" in form.query_one("#message", Notice).text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup and len(setup.placed) == 1, "nothing lost going back"
        assert app.session.rules == find_rules("classic")


async def test_the_form_opens_on_the_variants_in_play() -> None:
    varied = with_variants(find_rules("six"), {"salvo": 3, "announce": "none"})
    app = make_app(GameSettings(varied, level="admiral", first="ai", seed=5))
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        values = {key: form.query_one(f"#{key}", Select).value
                  for key in ("rules", "level", "first", "salvo", "announce")}
        assert values == {"rules": "six", "level": "admiral", "first": "ai", "salvo": 3,
                          "announce": "none"}
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.rules == varied and app.session.seed == 5


async def test_a_rules_file_rule_set_is_offered_as_it_is() -> None:
    custom = rules_from_dict({"name": "tiny", "width": 6,
                              "ships": [{"size": 3, "count": 1}, {"size": 1, "count": 2}]})
    app = make_app(GameSettings(custom, level="novice", first="me", seed=1))
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        rules = form.query_one("#rules", Select)
        assert rules.value == "tiny"
        form.query_one("#submarines", Input).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.rules.name == "tiny (submarines 1)"
        assert app.session.rules.width == 6
        assert set(PRESETS) < {str(v) for _, v in rules._options}  # noqa: SLF001


async def test_a_rules_file_named_like_a_varied_preset_is_not_taken_for_it() -> None:
    custom = rules_from_dict({"name": "classic (house rules)", "width": 8,
                              "ships": [{"size": 3, "count": 1}, {"size": 2, "count": 2}]})
    app = make_app(GameSettings(custom, level="novice", first="me", seed=1))
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        assert form.query_one("#rules", Select).value == "classic (house rules)"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.rules == custom
        assert rules_line(app).startswith("Rules: classic (house rules), 8×8;")


async def test_another_language_after_a_game() -> None:
    app = make_app(GameSettings(rules_from_dict({"width": 5, "ships": [{"size": 1, "count": 1}]}),
                                level="novice", first="me", seed=7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        for cell in app.session.rules.grid.cells():
            battle.fire(cell)
            if app.session.view().is_over:
                break
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        form = await open_form(pilot)
        form.query_one("#rules", Select).value = "classic"
        form.query_one("#language", Select).value = "ru"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.session.seed == 8 and app.game_number == 2, "the next game, not a replay"
        assert app.title == "Морской бой"
        rows = str(app.screen.query_one("#own", Board).render()).splitlines()
        assert rows[0].split() == list("АБВГДЕЖЗИК")
        assert "Правила: классика, 10×10" in rules_line(app)
