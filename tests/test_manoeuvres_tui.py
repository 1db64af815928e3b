"""The manoeuvre game full-screen, driven headless through Textual's pilot as a player
would: a set-up by hand, a whole game against the computer by keys, refusals that change
nothing, the game-over screen and its record."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from loopback import LoopbackServer, until
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import RichLog, Select, Static

from seabattle.cli import main
from seabattle.i18n import Language
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    EndTurn,
    PointBlank,
    Shoot,
    Step,
)
from seabattle.manoeuvres.online.projection import message_of
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.setup import random_layout
from seabattle.manoeuvres.terminal.lines import HUMAN, ManoeuvreSettings
from seabattle.manoeuvres.terminal.online_state import OnlineState
from seabattle.manoeuvres.terminal.tui.battle import BattleScreen, FieldScreen
from seabattle.manoeuvres.terminal.tui.field import Field
from seabattle.manoeuvres.terminal.tui.online import OnlineBattle
from seabattle.manoeuvres.terminal.tui.orders import Orders, reach
from seabattle.manoeuvres.terminal.tui.setup import SetupScreen
from seabattle.manoeuvres.views import ManoeuvreView, Stage
from seabattle.netplay import lobby
from seabattle.netplay.app import OnlineApp
from seabattle.records import read_record_file
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.notice import Notice
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen
from tests.test_tui_online import BrowserPeer

SKIRMISH = PRESETS["skirmish"]


def make_app(rules: ManoeuvreRules = SKIRMISH, *, language: Language = "en", seed: int = 2,
             save_path: Path | None = None, level: str = "novice") -> SeaBattleApp:
    return SeaBattleApp(ManoeuvreSettings(rules, level, language, seed, save_path),
                        "manoeuvres")


def message(app: App[int]) -> str:
    return app.screen.query_one("#message", Notice).text


def field(app: App[int]) -> Field:
    return app.screen.query_one("#field", Field)


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the computer has finished thinking and the screen is redrawn."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def go(pilot: Pilot[int], cell: int) -> None:
    """Move the cursor to ``cell`` with the arrows."""
    board = pilot.app.screen.query_one("#field", Field)
    grid = board.coordinates.grid
    (row, col), (to_row, to_col) = grid.row_col(board.cursor), grid.row_col(cell)
    keys = (["down"] * (to_row - row) + ["up"] * (row - to_row)
            + ["right"] * (to_col - col) + ["left"] * (col - to_col))
    if keys:
        await pilot.press(*keys)
    assert board.cursor == cell


async def choose(pilot: Pilot[int], *cells: int) -> None:
    """Move to each of ``cells`` and press Enter there."""
    for cell in cells:
        await go(pilot, cell)
        await pilot.press("enter")


async def to_battle(pilot: Pilot[int]) -> BattleScreen:
    """Set up as the computer would (x) and start (s)."""
    await pilot.press("x", "s")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


def _distance(view: ManoeuvreView, a: int, b: int) -> int:
    (r1, c1), (r2, c2) = view.rules.grid.row_col(a), view.rules.grid.row_col(b)
    return abs(r1 - r2) + abs(c1 - c2)


def greedy(legal: list[Action], view: ManoeuvreView) -> Action:
    """A player in a hurry: defend with every ship, attack with the biggest group, fire
    point-blank at the enemy, else bring a ship nearer the enemy, else end the turn."""
    enemy = [piece.cell for piece in view.pieces if piece.owner != HUMAN]
    defences = [a for a in legal if isinstance(a, Defend)]
    if defences:
        return max(defences, key=lambda a: len(a.group))
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        return max(attacks, key=lambda a: len(a.group))
    blasts = [a for a in legal if isinstance(a, PointBlank)
              and view.piece_at(a.target) is not None and view.piece_at(a.target).owner != HUMAN]  # type: ignore[union-attr]
    if blasts:
        return blasts[0]

    def nearer(step: Step) -> tuple[int, int, int]:
        return (min(_distance(view, step.target, e) for e in enemy)
                - min(_distance(view, step.source, e) for e in enemy), step.source, step.target)

    steps = [a for a in legal if isinstance(a, Step) and not a.tow
             and (piece := view.piece_at(a.source)) is not None and piece.kind is not None
             and piece.kind.is_ship]
    if steps:
        return min(steps, key=nearer)
    return EndTurn() if EndTurn() in legal else legal[0]


async def by_keys(pilot: Pilot[int], screen: FieldScreen, action: Action) -> None:
    """Take ``action`` as a player would: choose the pieces, then the cell it reaches,
    or press its key."""
    view = screen.view()
    if isinstance(action, EndTurn):
        await pilot.press("e")
        return
    await pilot.press("escape")
    if isinstance(action, Defend):
        assert view.pending is not None, (view, screen.legal())
        await choose(pilot, *(c for c in action.group if c != view.pending.target))
        await pilot.press("d")
    elif isinstance(action, Attack):
        await choose(pilot, *action.group, action.target)
    elif isinstance(action, Step):
        await choose(pilot, action.source, *action.tow, action.target)
    elif isinstance(action, Shoot | PointBlank):
        await choose(pilot, action.torpedo)
        cells = reach(screen.legal(), Orders((action.torpedo,)), view)
        await choose(pilot, next(cell for cell, reached in cells.items() if reached == action))
    else:
        assert isinstance(action, Detonate)
        await choose(pilot, action.bomb)
        await go(pilot, action.target if action.target is not None else action.bomb)
        await pilot.press("b", "y")


async def test_a_whole_skirmish_against_the_computer_by_keys_and_its_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    app = make_app(save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_battle(pilot)
        state = app.session.state
        log = screen.query_one("#log", RichLog)
        assert len(log.lines) >= 2  # the computer's set-up and the lot, at least
        for _ in range(400):
            if state.actors.over:
                break
            legal = list(state.legal_actions(HUMAN) or ())
            action = greedy(legal, screen.view())
            taken = len(state.log)
            await by_keys(pilot, screen, action)
            await settle(pilot)
            mine = [move.action for move in state.log[taken:] if move.actor == HUMAN]
            assert mine[:1] == [action], message(app)
        assert state.actors.over
        assert isinstance(app.screen, GameOverScreen)
        title = app.screen.query_one("#title", Static).content
        outcome = state.outcome()
        assert outcome is not None
        assert str(title).startswith("You won" if outcome.winner == HUMAN else
                                     "The computer won" if outcome.winner == 1 else "A draw")
        revealed = app.screen.query_one("#field", Field)
        symbols = {drawn.symbol for drawn in revealed.cells}
        assert "?" not in symbols and "?~" not in symbols  # every piece shown
        await pilot.press("q")
    record = read_record_file(save)
    assert record.game.name == "manoeuvres" and record.log is not None
    assert len(record.log) == len(app.session.state.log)
    assert main(["replay", str(save), "--all", "--lang", "en"]) == 0
    assert "Player against Computer (novice)" in capsys.readouterr().out


async def test_a_set_up_by_hand_with_refusals_then_filled_in(tmp_path: Path) -> None:
    app = make_app(language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        rules = app.session.state.rules
        grid = rules.grid
        back_row = grid.height - 1
        fort = grid.cell(back_row, 0)
        await choose(pilot, fort)  # the first kind, a fort
        await pilot.pause()
        assert setup.placing.at == {fort: Kind.FORT}
        assert message(app) == "Поставлено: форт на А8"
        await pilot.press("2")  # the bomb
        await choose(pilot, grid.cell(0, 0))  # the enemy's half
        await pilot.pause()
        assert "А1 — не в ваших 3 задних рядах" in message(app)
        assert setup.placing.at == {fort: Kind.FORT}
        await choose(pilot, fort)  # taken back: the fort is the kind chosen again
        await pilot.pause()
        assert setup.placing.placed == () and setup.kind is Kind.FORT
        await choose(pilot, fort, grid.cell(back_row, 1))  # both forts
        await pilot.pause()
        assert setup.kind_index == 1  # the palette moved on to the bomb
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not setup.placing.complete
        assert message(app) == "Ещё не расставлено фигур: 17 (a — расставить случайно)"
        await pilot.press("a")
        await pilot.pause()
        assert setup.placing.complete
        by_hand = {fort: Kind.FORT, grid.cell(back_row, 1): Kind.FORT}
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        deployed = app.session.state.layouts[HUMAN]
        assert deployed is not None and by_hand.items() <= dict(deployed.layout).items()


async def test_a_set_up_palette_click_and_undo() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.pause()
        # Drawn from the start: what comes next, the palette's counts.
        assert str(setup.query_one("#next", Static).content) == (
            "Now: fort, 2 more\nPieces to put: 19")
        assert "1 F  2 fort" in str(setup.query_one("#palette").render())
        await pilot.click("#palette", offset=(2, 5))  # the sixth kind: torpedo boats
        await pilot.pause()
        assert setup.kind is Kind.TORPEDO_BOAT
        cell = min(app.session.state.rules.setup_cells(HUMAN))
        board = field(app)
        # Row numbers and a space (2), four columns a cell; border and padding (2).
        await pilot.click("#field", offset=(2 + 2 + 4 * 3 + 1, 1 + 1 + 5))
        await pilot.pause()
        assert setup.placing.at == {cell + 3: Kind.TORPEDO_BOAT}
        assert board.cursor == cell + 3
        await pilot.press("u")
        await pilot.pause()
        assert setup.placing.placed == ()
        assert message(app) == "Taken back: torpedo boat from D6"
        await pilot.press("u")
        await pilot.pause()
        assert message(app) == "Nothing to take back"


async def test_refused_actions_say_why_and_change_nothing() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_battle(pilot)
        state = app.session.state
        view = screen.view()
        assert view.stage is Stage.MAIN
        before = (len(state.log), state.view(HUMAN))
        await pilot.press("e")  # nothing to end
        await pilot.pause()
        assert message(app).startswith("The turn cannot end yet")
        await pilot.press("d")  # no attack to answer
        await pilot.pause()
        assert message(app) == "There is no attack to answer"
        fort = next(p.cell for p in view.pieces if p.owner == HUMAN and p.kind is Kind.FORT)
        await choose(pilot, fort)
        await pilot.pause()
        assert message(app).startswith("Chosen: fort")
        free = next(c for c in range(view.rules.grid.size) if view.piece_at(c) is None
                    and c not in reach(screen.legal(), Orders((fort,)), view))
        await choose(pilot, free)
        await pilot.pause()
        assert "a fort does not move" in message(app).lower()
        ship = next(p.cell for p in view.pieces if p.owner == HUMAN and p.kind is Kind.CRUISER)
        await pilot.press("escape")
        far = grid_far(view, ship)
        await choose(pilot, ship, far)
        await pilot.pause()
        name = app.phrases.cell
        assert message(app).startswith(f"The cruiser on {name(ship)} cannot reach {name(far)}")
        await go(pilot, ship)
        await pilot.press("m")  # a mark on one's own piece
        await pilot.pause()
        assert "mark" in message(app).lower()
        await pilot.press("b")  # no bomb chosen
        await pilot.pause()
        assert message(app) == "Choose your bomb first, then b"
        assert (len(state.log), state.view(HUMAN)) == before


def grid_far(view: ManoeuvreView, cell: int) -> int:
    """A free cell at least three cells away from ``cell``."""
    return next(c for c in range(view.rules.grid.size) if view.piece_at(c) is None
                and _distance(view, c, cell) >= 3)


async def test_marks_zones_and_the_chosen_piece_s_reach_are_drawn() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_battle(pilot)
        view = screen.view()
        enemy = next(p.cell for p in view.pieces if p.owner != HUMAN and p.kind is None)
        await go(pilot, enemy)
        await pilot.press("m", "m")  # fort, then bomb
        await pilot.pause()
        assert field(app).cells[enemy].symbol == "b?"
        assert "(your guess: bomb)" in str(screen.query_one("#under", Static).content)
        await pilot.press("z")
        await pilot.pause()
        boat = next(p.cell for p in view.pieces if p.owner == HUMAN
                    and p.kind is Kind.TORPEDO_BOAT)
        assert any("zone" in drawn.over for drawn in field(app).cells)
        await choose(pilot, boat)
        await pilot.pause()
        reached = reach(screen.legal(), Orders((boat,)), view)
        assert reached and all("move" in field(app).cells[c].over for c in reached)
        await go(pilot, enemy)
        await pilot.press("M", "M")  # back to no mark
        await pilot.pause()
        assert field(app).cells[enemy].symbol in ("?", "?~")


async def test_the_new_game_form_changes_rules_level_and_seed() -> None:
    app = make_app(PRESETS["seed"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#rules", Select).value = "skirmish"
        form.query_one("#level", Select).value = "hard"
        seed = form.query_one("#seed")
        seed.value = "11"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        settings = app.settings
        assert isinstance(settings, ManoeuvreSettings)
        assert settings.rules == SKIRMISH and settings.level == "hard"
        assert app.session.seed == 11


async def test_the_form_s_rule_set_is_shown_and_chosen_by_keys_at_80x24() -> None:
    """The short terminal hides the rules line, and once hid the form's rule set with it
    (the same id): the form opened on the level, and the rules could not be changed."""
    app = make_app(SKIRMISH)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        rules = form.query_one("#rules", Select)
        assert rules.display and rules.region.height > 0 and app.focused is rules
        label = next(static for static in form.query(".label").results(Static)
                     if str(static.content) == "Rules")
        assert label.region.y == rules.region.y  # beside its choice, in its row
        await pilot.press("enter", "up", "enter")  # the list: seed's game, skirmish
        await pilot.pause()
        assert rules.value == "seed"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.settings.rules == PRESETS["seed"]  # type: ignore[attr-defined]


def rows_of(app: App[int], widget: Widget) -> list[str]:
    """The screen's rows where ``widget`` is drawn, as text (cut to its region)."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text.rstrip()
            for y in range(region.y, region.bottom)]


@pytest.mark.parametrize(("rules", "language", "key", "lines"), [
    ("skirmish", "ru", "5", ["Ставим: подводная лодка, ещё 2", "Осталось фигур: 19"]),
    ("skirmish", "en", "6", ["Now: torpedo boat, 2 more", "Pieces to put: 19"]),
    ("seed", "ru", "1", ["Ставим: форт, ещё 2", "Осталось фигур: 43"]),  # a narrower panel
    ("seed", "en", "1", ["Now: fort, 2 more", "Pieces to put: 43"]),
])
async def test_what_the_set_up_puts_next_keeps_its_lines_whole_at_80x24(
        rules: str, language: Language, key: str, lines: list[str]) -> None:
    """Beside the field at 80 columns: once one line that broke before its number
    («…всего осталось» / «19»)."""
    app = make_app(PRESETS[rules], language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert rows_of(app, app.screen.query_one("#next", Static)) == lines


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_game_over_field_stands_in_line_with_the_title(size: tuple[int, int]
                                                                 ) -> None:
    app = make_app(seed=4)
    async with app.run_test(size=size) as pilot:
        await to_battle(pilot)
        await pilot.press("ctrl+r", "y")
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        title = over.query_one("#title", Static)
        revealed = over.query_one("#field", Field)
        # The title's text and the field's frame start one column in (they began at 0).
        assert rows_of(app, title)[0].startswith(" The computer won")
        assert revealed.region.x == 1 and revealed.region.right <= size[0]
        assert rows_of(app, revealed)[0].startswith(("─", "╭"))


async def test_resigning_is_confirmed_and_ends_the_game() -> None:
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_battle(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not app.session.over
        await pilot.press("ctrl+r", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert str(app.screen.query_one("#title", Static).content) == (
            "The computer won: you resigned.")


# --- online: the terminal against a second client, through a real server on loopback ----


async def caught_up(seq_now: Callable[[], int], seq: int, what: str) -> None:
    """Wait (generously: the machine may be loaded) until ``seq_now()`` reaches ``seq``."""
    await until(lambda: seq_now() >= seq, what, 120)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LoopbackServer]:
    running = LoopbackServer(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


async def test_a_whole_online_game_between_the_terminal_and_another_client(
        server: LoopbackServer) -> None:
    created = await asyncio.to_thread(server.post, "/api/games", {
        "game": "manoeuvres", "mode": "private", "preset": "skirmish", "turn_seconds": 300})
    peer = BrowserPeer(server.url, created["game"], created["token"])
    await peer.connect()
    link = f"{server.url}/join/{created['game']}/{created['invite']}"
    app = OnlineApp(lambda: lobby.join_invite(link, "en"), "en", "manoeuvres")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, SetupScreen), "the set-up", 120)
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.seat == 1  # the top rows
        await pilot.press("x", "s")
        layout = random_layout(SKIRMISH, 0, random.Random(7))
        await peer.send(message_of(Deploy(layout)))
        await until(lambda: peer.state.get("phase") == "battle", "the battle")
        await until(lambda: isinstance(app.screen, OnlineBattle), "the terminal's field")
        battle = app.screen
        assert isinstance(battle, OnlineBattle)
        for _ in range(300):
            if peer.state.get("phase") != "battle":
                break
            seq: int = peer.state["seq"]
            await caught_up(lambda: battle.state.seq, seq, "the terminal's state")
            await pilot.pause()
            if peer.state.get("to_move") == 1:  # the terminal's turn: by keys
                await by_keys(pilot, battle, greedy(battle.legal(), battle.view()))
            else:
                seen = OnlineState.read(peer.state)
                await peer.send(message_of(greedy(list(seen.legal), seen.view)))
            await caught_up(lambda: peer.state["seq"], seq + 1, "the action's answer")
        if peer.state.get("phase") == "battle":  # a long game: the terminal gives up
            await pilot.press("ctrl+r", "y")
        await until(lambda: peer.state.get("phase") == "over", "the end")
        await until(lambda: battle.state.result is not None, "the terminal's end")
        await pilot.pause()
        log = "\n".join(strip.text for strip in battle.query_one(RichLog).lines)
        assert "You win" in log or "You lose" in log or "A draw" in log
        assert "You:" in log and "Opponent:" in log  # both sides' moves told
        symbols = {drawn.symbol for drawn in field(app).cells}
        assert "?" not in symbols and "?~" not in symbols  # every kind shown at the end
        # The rematch: the terminal offers, the other accepts, both follow to the next game.
        await pilot.press("ctrl+n")
        await until(lambda: any(m["type"] == "rematch_offered" and m["seat"] == 1
                                for m in peer.received), "the terminal's offer")
        await peer.send({"type": "rematch"})
        await until(lambda: isinstance(app.screen, SetupScreen), "the rematch's set-up")
        await pilot.pause()
        assert app.connection is not None and app.connection.ticket.game != created["game"]
    await peer.close()
