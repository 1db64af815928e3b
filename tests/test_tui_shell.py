"""The terminal shells serve any game: a toy game played through the full-screen app and
the line-mode loop, found by name like Battleship; and the shells import no game."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Select, Static

from seabattle.coords import ALPHABETS, Coordinates, Grid
from seabattle.errors import SeaBattleError, UnknownGameError
from seabattle.games import registry as games
from seabattle.games.interface import GameParts
from seabattle.i18n import Language
from seabattle.plain import PlainGame
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.hook import ScreenSet, SettingsFields
from seabattle.terminal.lines import LineGame, LineIO
from seabattle.terminal.phrases import Phrasebook
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen
from tests.test_layers import import_graph

# --- a toy game: toss a coin -------------------------------------------------------------


@dataclass(frozen=True)
class CoinSettings:
    language: Language = "en"
    seed: int | None = None
    save_path: Path | None = None

    def coordinates(self) -> Coordinates:
        return Coordinates(Grid(1, 1), ALPHABETS["latin"])

    def record_path(self, game_number: int) -> Path | None:
        if self.save_path is None:
            return None
        return self.save_path.with_stem(f"{self.save_path.stem}-{game_number}")


class CoinSession:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.started = False
        self.over = False

    def record(self) -> CoinSession:
        return self

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "over": self.over})


class CoinScreen(Screen[None]):
    BINDINGS = [Binding("s", "toss", "tui.key.start"), Binding("w", "land", "tui.key.fire"),
                Binding("o", "app.choose_settings", "tui.key.new_game")]

    def __init__(self, session: CoinSession, over: Callable[[], None]) -> None:
        super().__init__()
        self.session = session
        self.over = over

    def compose(self) -> ComposeResult:
        yield Static("toss the coin", id="coin")

    def action_toss(self) -> None:
        self.session.started = True

    def action_land(self) -> None:
        self.session.over = True
        self.dismiss()
        self.over()


class CoinFields(SettingsFields[CoinSettings]):
    def compose(self) -> ComposeResult:
        yield from self.language_row()

    def chosen(self) -> CoinSettings:
        return replace(self.settings, language=self.language)


class CoinScreens(ScreenSet[CoinSettings, CoinSession, Phrasebook]):
    def phrasebook(self, settings: CoinSettings) -> Phrasebook:
        return Phrasebook(settings.language, settings.coordinates())

    def new_session(self, settings: CoinSettings, seed: int | None) -> CoinSession:
        return CoinSession(seed if seed is not None else settings.seed or 0)

    def play(self, app: App[Any], session: CoinSession, phrases: Phrasebook,
             over: Callable[[], None]) -> None:
        app.push_screen(CoinScreen(session, over))

    def settings_fields(self, settings: CoinSettings, phrases: Phrasebook) -> CoinFields:
        return CoinFields(settings, phrases)

    def outcome(self, session: CoinSession, phrases: Phrasebook) -> str:
        return "Heads!"

    def result(self, session: CoinSession, phrases: Phrasebook, width: int) -> ComposeResult:
        yield Static(f"seed {session.seed}", id="result")


class CoinLines(LineGame[CoinSettings, CoinSession]):
    def new_session(self, settings: CoinSettings, seed: int | None) -> CoinSession:
        return CoinSession(seed if seed is not None else settings.seed or 0)

    def welcome(self, io: LineIO, settings: CoinSettings) -> None:
        io.write("Toss a coin.\n")

    def play(self, io: LineIO, settings: CoinSettings, session: CoinSession, *,
             manual: bool) -> None:
        while True:
            line = io.ask("plain.shot_prompt")
            io.check_quit(line)
            session.started = True
            if line == "toss":
                session.over = True
                io.write(f"Heads ({session.seed}).\n")
                return


SCREEN_SET = CoinScreens()
LINE_GAME = CoinLines()


@pytest.fixture(autouse=True)
def coin_game() -> Iterator[None]:
    games.register(coin_definition(GameParts(screen_set=__name__, line_game=__name__)))
    yield
    games.unregister("coin")


def coin_definition(parts: GameParts) -> Any:
    """The coin game as the registry holds it: a name and the parts its definition names
    (nothing else of a definition is asked for by the shells)."""
    return cast(Any, SimpleNamespace(name="coin", parts=parts))


# --- the full-screen shell -----------------------------------------------------------------


async def test_the_full_screen_shell_plays_another_game(tmp_path: Path) -> None:
    app = SeaBattleApp(CoinSettings(seed=5, save_path=tmp_path / "coin.json"), "coin")
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, CoinScreen)
        await pilot.press("s", "w")
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert str(over.query_one("#title", Static).content) == "Heads!"
        assert str(over.query_one("#result", Static).content) == "seed 5"
        assert json.loads((tmp_path / "coin-1.json").read_text()) == {"seed": 5, "over": True}
        await pilot.press("n")  # the next game: seeded seed + 1, its record in the next file
        await pilot.pause()
        assert isinstance(app.screen, CoinScreen) and app.session.seed == 6
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.focused is form.query_one("#language", Select)
        form.query_one("#language", Select).value = "ru"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CoinScreen) and app.settings.language == "ru"
        await pilot.press("s", "ctrl+q")  # a game in play: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert json.loads((tmp_path / "coin-2.json").read_text()) == {"seed": 6, "over": False}


def test_a_game_the_registry_does_not_know_or_not_played_in_the_terminal_is_refused() -> None:
    with pytest.raises(UnknownGameError):
        SeaBattleApp(CoinSettings(), "chess")
    games.register(coin_definition(GameParts(line_game=__name__)))  # no screens
    with pytest.raises(SeaBattleError, match="seabattle play does not play coin yet; it "
                                             "plays: battleship"):
        SeaBattleApp(CoinSettings(), "coin")
    games.register(coin_definition(GameParts()))
    with pytest.raises(SeaBattleError, match="does not play coin yet"):
        PlainGame(CoinSettings(), io.StringIO(), io.StringIO(), game="coin")


# --- the line-mode shell -------------------------------------------------------------------


def test_the_line_shell_plays_another_game(tmp_path: Path) -> None:
    out = io.StringIO()
    game = PlainGame(CoinSettings(seed=2, save_path=tmp_path / "coin.json"),
                     io.StringIO("heads?\ntoss\ny\ntails?\nquit\n"), out, game="coin")
    assert game.run() == 1  # the second game was quit before its end
    text = out.getvalue()
    assert text.startswith("Toss a coin.\n") and "Heads (2)." in text
    assert json.loads((tmp_path / "coin-1.json").read_text()) == {"seed": 2, "over": True}
    assert json.loads((tmp_path / "coin-2.json").read_text()) == {"seed": 3, "over": False}


# --- layers --------------------------------------------------------------------------------

def test_the_shells_and_their_kit_import_no_game() -> None:
    graph = import_graph()
    shells = [name for name in graph if name == "seabattle.plain"
              or name.startswith(("seabattle.tui", "seabattle.terminal"))]
    offending = sorted((name, target) for name in shells for target in graph[name]
                       if target.startswith("seabattle.battleship"))
    assert offending == []
