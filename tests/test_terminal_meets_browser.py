"""A whole game between a terminal player and a browser player (issue 18): the full-screen
online client (Textual's pilot) takes the seat of an invitation a real Chromium page made
in the lobby, through one ``seabattle serve`` on loopback. Each side plays through its own
screen — the page by clicks, the terminal by typed cells — and each sees the other's shots
and the end.

To keep the game short both aim at ships, read from the server's store; neither client is
told anything it would not be told otherwise.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from loopback import LoopbackServer, until
from textual.widgets import RichLog

from seabattle.battleship.terminal.online_state import OnlineState
from seabattle.battleship.terminal.tui.online import OnlineBattleshipScreen
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.coords import iter_cells
from seabattle.netplay import lobby
from seabattle.netplay.app import OnlineApp
from seabattle.server.rooms import Room
from seabattle.server.store import SQLiteStore

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Chromium is not installed at /usr/bin/chromium "
                "(run scripts/install-browser.sh)", allow_module_level=True)
async_api = pytest.importorskip("playwright.async_api")

TIMEOUT_MS = 30_000


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LoopbackServer]:
    running = LoopbackServer(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


@pytest.fixture
async def page() -> AsyncIterator[Any]:
    async with async_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = await browser.new_context(bypass_csp=True)
        opened = await context.new_page()
        opened.set_default_timeout(TIMEOUT_MS)
        # English, and the first game's guide taken as seen.
        await opened.add_init_script("localStorage.setItem('sb.lang', 'en');"
                                     "localStorage.setItem('sb.guide.battleship', 'seen')")
        yield opened
        await browser.close()


async def targets(server: LoopbackServer, game: str, seat: int
                  ) -> tuple[list[int], list[int]]:
    """The cells of ``seat``'s fleet, read from the store as the server reads it, and cells
    that touch none of its ships (misses that no sinking marks as known empty)."""
    store = SQLiteStore(server.db)
    try:
        log = await store.load(game) or []
    finally:
        await store.close()
    state = Room.restore(game, log, 0.0).state
    fleet, grid = state.fleets[seat], state.rules.grid
    assert fleet is not None
    ships = [cell for ship in fleet.ships for cell in iter_cells(ship.cells)]
    near = {(row + dr, col + dc) for row, col in (divmod(c, grid.width) for c in ships)
            for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    misses = [cell for cell in range(grid.size) if divmod(cell, grid.width) not in near]
    return ships, misses


def terminal_state(app: OnlineApp) -> OnlineState | None:
    screen = app.game_screen
    assert isinstance(screen, OnlineBattleshipScreen)
    return screen.state


async def test_a_terminal_player_and_a_browser_player_play_a_whole_game(
        server: LoopbackServer, page: Any) -> None:
    await page.goto(server.url)
    await page.click("#settings summary")
    await page.fill("#turn_seconds", "0")
    await page.click("#invite-friend")
    invite = await page.input_value("#invite-link")
    game = page.url.rstrip("/").split("/")[-1]
    app = OnlineApp(lambda: lobby.join_invite(invite, "en"), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, SetupScreen), "the terminal's set-up")
        await pilot.pause()
        await pilot.press("x", "s")  # a random fleet, and ready
        await page.click("#random")
        await page.wait_for_function(
            "document.querySelectorAll('#board-own .cell.ship').length > 0")
        await page.click("#ready")
        await page.wait_for_selector("body[data-phase=battle]")
        await until(lambda: (state := terminal_state(app)) is not None
                    and state.phase == "battle", "the terminal's battle")
        # Each side misses once before it hits, so that both sides fire (a hit shoots again).
        browser_ships, browser_misses = await targets(server, game, 1)
        terminal_ships, terminal_misses = await targets(server, game, 0)
        screen = app.game_screen
        assert isinstance(screen, OnlineBattleshipScreen)
        shots = {"browser": 0, "terminal": 0}
        while await page.get_attribute("body", "data-phase") == "battle":
            state = terminal_state(app)
            if await page.get_attribute("body", "data-turn") == "me":
                before = int(await page.get_attribute("body", "data-seq") or 0)
                cell = await _first_open(page, browser_misses[:1] + browser_ships)
                await page.click(f"#board-enemy .cell[data-cell='{cell}']")
                await page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
                shots["browser"] += 1
            elif state is not None and state.phase == "battle" and state.turn_action:
                cell = next(c for c in terminal_misses[:1] + terminal_ships
                            if not state.enemy.fired >> c & 1)
                seq = state.seq
                await pilot.press(*screen.phrases.cell(cell).lower(), "enter")
                await until(lambda seq=seq: (now := terminal_state(app)) is not None
                            and now.seq > seq, "the terminal's shot answered")
                shots["terminal"] += 1
            else:
                await pilot.pause(0.05)
        assert shots["browser"] > 0 and shots["terminal"] > 0
        await page.wait_for_selector("body[data-phase=over]")
        await until(lambda: (state := terminal_state(app)) is not None
                    and state.phase == "over", "the terminal's end")
        await pilot.pause()
        log = "\n".join(strip.text for strip in screen.query_one(RichLog).lines)
        browser_said = await page.inner_text("#status-text")
        # Each side read the other's shots, and the same end from its own side.
        assert "Opponent: " in log and "You: " in log
        if "You won" in browser_said:
            assert "You lose" in log
        else:
            assert browser_said.startswith("You lost") and "You win" in log
        await pilot.press("ctrl+q")


async def _first_open(page: Any, cells: list[int]) -> int:
    """The first of ``cells`` the page's enemy field shows not fired at."""
    for cell in cells:
        classes = await page.get_attribute(f"#board-enemy .cell[data-cell='{cell}']", "class")
        if not any(mark in (classes or "") for mark in ("hit", "sunk", "miss")):
            return cell
    raise AssertionError("no target left")
