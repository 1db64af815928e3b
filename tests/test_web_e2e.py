"""End to end: `seabattle serve` in a subprocess, real headless Chromium driven by Playwright.

Needs Debian's ``chromium`` at /usr/bin/chromium (``scripts/install-browser.sh``);
skipped with the reason when it is missing. To keep games short, the tests read
the fleets from the server's SQLite file and aim at ships: the browser still
only knows what the server sends it.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Chromium is not installed at /usr/bin/chromium "
                "(run scripts/install-browser.sh)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

from seabattle.coords import iter_cells  # noqa: E402
from seabattle.server.store import SQLiteStore  # noqa: E402

TIMEOUT_MS = 15_000


class Server:
    """``seabattle serve`` on a free loopback port, restartable over the same database."""

    def __init__(self, db: Path) -> None:
        self.db = db
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "seabattle.cli", "serve", "--port", str(self.port),
             "--db", str(self.db), "--grace", "3"], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/api/options", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        self.kill()  # not left running behind the failed test
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)  # no clean shutdown: a crash
            self.process.wait(10)
            self.process = None

    def room(self, game: str) -> Any:
        """The game's room, read from the store as the server reads it (entries of any age)."""
        from seabattle.server.rooms import Room

        async def load() -> list[Any]:
            store = SQLiteStore(self.db)
            try:
                return await store.load(game) or []
            finally:
                await store.close()

        # In a thread of its own: Playwright's sync API keeps an event loop running in this one.
        with ThreadPoolExecutor(1) as worker:
            log = worker.submit(asyncio.run, load()).result()
        return Room.restore(game, log, 0.0)

    def fleets(self, game: str) -> list[list[list[int]]]:
        """Both fleets of a game as placed, read from the store (for aiming only)."""
        from seabattle.battleship.cell_lists import cell_lists_in_rules_order

        state = self.room(game).state
        return [[] if fleet is None else [list(cells) for cells in
                                          cell_lists_in_rules_order(state.rules, fleet)]
                for fleet in state.fleets]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "games.sqlite3")
    server.start()
    yield server
    server.kill()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium per test module (launching one takes a second or two)."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The module's Chromium, with every page a test opened closed after it. Left open, the
    pages of earlier tests keep reconnecting to their stopped servers, and a module's worth
    of them slowed the browser enough under CI's load for a later test's waits to time out."""
    yield chromium
    for context in list(chromium.contexts):
        context.close()


def open_page(browser: Any, url: str, guide: str = "battleship", *, lobby: bool = False,
              timeout_ms: int = TIMEOUT_MS, **context: Any) -> Any:
    """A page in English, ``guide``'s game's guide taken as seen (test_web_screens.py
    shows it) before the page's own scripts run; with ``lobby``, that game also chosen in
    the lobby, and every confirmation («resign?») accepted."""
    # The tests' own scripts (wait_for_function) are evaluated: the page's CSP forbids eval.
    page = browser.new_context(bypass_csp=True, **context).new_page()
    page.set_default_timeout(timeout_ms)
    script = ("localStorage.setItem('sb.lang', 'en');"
              f"localStorage.setItem('sb.guide.{guide}', 'seen');")
    if lobby:
        script += f"localStorage.setItem('sb.lobby.game', '{guide}');"
        page.on("dialog", lambda dialog: dialog.accept())
    page.add_init_script(script)
    page.goto(url)
    return page


def unfold(page: Any) -> None:
    """Open the lobby's settings, folded away below the three ways to play."""
    page.wait_for_selector("#settings")
    if page.get_attribute("#settings", "open") is None:
        page.click("#settings summary")


def game_id(page: Any) -> str:
    return str(page.url.rstrip("/").split("/")[-1])


def seq(page: Any) -> int:
    return int(page.get_attribute("body", "data-seq") or 0)


def wait_phase(page: Any, phase: str) -> None:
    page.wait_for_selector(f"body[data-phase={phase}]")


def settled(page: Any) -> None:
    """Wait until every set-up action has its answer: placements are the server's to judge
    (``check_fleet``), so a ship shows placed, or its problem, a moment after the click."""
    page.wait_for_function("!document.body.dataset.checking")


def ready_random(page: Any) -> None:
    page.click("#random")
    page.wait_for_function("document.querySelectorAll('#board-own .cell.ship').length > 0")
    page.click("#ready")


def fire_at_ship(page: Any, targets: list[int]) -> None:
    """Fire (as the player to move) at the first target cell not fired at yet."""
    for cell in targets:
        node = page.locator(f"#board-enemy .cell[data-cell='{cell}']")
        classes = node.get_attribute("class") or ""
        if "hit" in classes or "sunk" in classes:
            continue
        before = seq(page)
        node.click()
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        return
    raise AssertionError("no target left")


def play_until_over(pages: dict[int, Any], server: Server, game: str,
                    on_shot: Any = None) -> None:
    fleets = server.fleets(game)
    shots = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for seat, page in pages.items():
            if page.get_attribute("body", "data-phase") == "over":
                return
            if page.get_attribute("body", "data-turn") == "me":
                fire_at_ship(page, [c for ship in fleets[1 - seat] for c in ship])
                shots += 1
                if on_shot is not None:
                    on_shot(shots)
                break
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_two_browsers_play_through_an_invite_link_with_a_reload(browser: Any,
                                                                server: Server) -> None:
    alice = open_page(browser, server.url)
    unfold(alice)
    alice.fill("#turn_seconds", "0")
    alice.select_option("#shoot_again", "true")
    alice.click("#invite-friend")
    invite = alice.input_value("#invite-link")
    assert "/join/" in invite
    bob = open_page(browser, invite)
    wait_phase(bob, "setup")
    wait_phase(alice, "setup")
    watcher = open_page(browser, bob.input_value("#watch-link"))
    ready_random(alice)
    ready_random(bob)
    wait_phase(alice, "battle")
    game = game_id(alice)
    assert game_id(bob) == game
    wait_phase(watcher, "battle")
    assert watcher.locator(".board .cell.ship").count() == 0  # neither fleet before the end
    assert alice.locator("#board-enemy .cell.ship").count() == 0
    alice.select_option("#chat-phrase", "chat.good_luck")
    alice.click("#chat-send")
    bob.wait_for_function("document.querySelector('#log').innerText.includes('Good luck!')")

    def reload_bob(shots: int) -> None:
        if shots == 3:
            bob.reload()
            wait_phase(bob, "battle")
            assert bob.locator("#board-own .cell.ship").count() == 20

    play_until_over({0: alice, 1: bob}, server, game, reload_bob)
    for page in (alice, bob, watcher):
        wait_phase(page, "over")
    # One sentence each, said to its reader (and «Player n won» to the spectator).
    assert {alice.inner_text("#status-text"), bob.inner_text("#status-text")} == {
        "You won: the whole enemy fleet is sunk!", "You lost: your whole fleet is sunk."}
    assert watcher.inner_text("#status-text").startswith("Player ")
    assert alice.locator("#board-enemy .cell.ship").count() == 20  # revealed at the end
    assert watcher.locator(".board .cell.ship").count() == 40
    assert alice.locator("#stats").is_visible()
    record = alice.request.get(server.url + (alice.get_attribute("#record", "href") or ""))
    assert record.ok and record.json()["format"] == "seabattle-record"
    alice.click("#rematch")
    bob.wait_for_function("document.querySelector('#rematch').innerText === 'Accept the rematch'")
    bob.click("#rematch")
    for page in (alice, bob):  # both go to the rematch at once
        wait_phase(page, "setup")
    assert game_id(alice) == game_id(bob) != game
    # The spectator is offered the rematch too, with the new game's spectator link.
    watcher.click("#watch-next")
    wait_phase(watcher, "setup")
    assert game_id(watcher) != game and "/watch/" in watcher.url
    assert watcher.locator("#spectating").is_visible()


def test_against_the_computer_with_a_server_restart(browser: Any, server: Server) -> None:
    page = open_page(browser, server.url)
    unfold(page)
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    # Place by drag and drop, by keyboard, see an illegal spot refused, then fill at random.
    board = page.locator("#board-own")
    page.locator("#dock button[data-ship='0']").hover()
    page.mouse.down()
    page.locator("#board-own .cell[data-cell='0']").hover()
    page.locator("#board-own .cell[data-cell='1']").hover()
    page.mouse.up()
    settled(page)
    assert page.locator("#board-own .cell.ship").count() == 4
    page.locator("#board-own .cell[data-cell='10']").click()  # touches the battleship
    settled(page)
    # The problem is the engine's, as the server words it (the client judges nothing).
    assert page.inner_text("#error") == ("The cruiser at A2–C2 touches the battleship: "
                                         "ships may not touch, not even at a corner")
    assert page.locator("#board-own .cell.ship").count() == 4
    board.focus()
    for key in ("ArrowDown", "ArrowDown", "Enter"):
        page.keyboard.press(key)
    settled(page)
    assert page.locator("#board-own .cell.ship").count() == 7
    ready_random(page)
    wait_phase(page, "battle")
    game = game_id(page)

    def restart(shots: int) -> None:
        if shots == 4:
            before = page.locator("#board-enemy .cell.hit, #board-enemy .cell.sunk").count()
            server.kill()
            page.wait_for_selector("#connection")
            server.start()
            page.wait_for_selector("#connection", state="detached")
            wait_phase(page, "battle")
            assert page.locator("#board-enemy .cell.hit, #board-enemy .cell.sunk").count() == before

    play_until_over({0: page}, server, game, restart)
    assert "You won" in page.inner_text("#status")
    page.goto(server.url)  # the lobby lists the game, with how it ended
    link = page.locator(f"#my-games a[href='/play/{game}']")
    assert link.inner_text().endswith(" · classic · won")


BENT_FLEET = [[0, 1, 2, 3, 13], [5, 6, 7, 17], [9, 19, 29, 39], [30, 31, 41], [33, 34, 44],
              [36, 37, 47], [60, 61], [63, 73], [66, 67], [69, 79], [90], [92], [95], [97], [99]]
"""A legal fleet of the ``bent`` preset (in rules order), with bent ships among the straight."""


def test_bent_fleet_painted_by_hand_and_keyboard(browser: Any, server: Server) -> None:
    page = open_page(browser, server.url)
    unfold(page)
    page.select_option("#preset", "bent")
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    assert page.locator("#dock button").count() == 15 and page.locator("#rotate").is_disabled()

    def click(cell: int) -> None:
        page.locator(f"#board-own .cell[data-cell='{cell}']").click()

    def ship_cells() -> int:
        settled(page)
        return int(page.locator("#board-own .cell.ship").count())

    def text(selector: str) -> str:
        settled(page)
        return str(page.inner_text(selector))

    # The carrier, its cells in any order; a marked cell clicked again is unmarked.
    for cell in (13, 0, 1, 5):
        click(cell)
    assert "4 of 5" in text("#marked") and ship_cells() == 0
    click(5)
    click(3)
    assert "4 of 5" in text("#marked")
    click(2)
    assert ship_cells() == 5 and "Battleship: 0 of 4" in text("#marked")
    # Refused with the engine's reason: a cell beside the carrier (corners may touch).
    click(4)
    assert text("#error").startswith("The battleship at E1 touches the aircraft carrier")
    assert "0 of 4" in text("#marked")
    # A destroyer picked in the dock, its two cells apart: shown wrong, not placed.
    page.click("#dock button[data-ship='6']")
    click(60)
    click(62)
    assert "has the wrong shape" in text("#error")
    assert page.locator("#board-own .cell.preview-bad").count() == 2 and ship_cells() == 5
    click(62)
    click(61)
    assert ship_cells() == 7 and text("#error") == ""
    click(61)  # a placed ship clicked goes back to the dock...
    assert ship_cells() == 5
    click(60)
    click(61)  # ...and is painted again
    assert ship_cells() == 7
    for index, ship in enumerate(BENT_FLEET[:14]):
        if index not in (0, 6):
            for cell in ship:
                click(cell)
    assert ship_cells() == 34 and page.locator("#ready").is_disabled()
    # The last boat by keyboard: the cursor from A1 to J10, Enter marks; Delete takes it back.
    page.locator("#board-own").focus()
    for key in ["ArrowDown"] * 9 + ["ArrowRight"] * 9 + ["Enter"]:
        page.keyboard.press(key)
    assert ship_cells() == 35
    page.keyboard.press("Delete")
    assert ship_cells() == 34
    page.keyboard.press("Enter")
    assert ship_cells() == 35
    page.click("#ready")
    wait_phase(page, "battle")
    placed = server.fleets(game_id(page))[0]
    assert sorted(map(sorted, placed)) == sorted(map(sorted, BENT_FLEET))
    assert page.locator("#board-enemy .cell.ship").count() == 0


def test_a_vanished_opponent_is_waited_for_then_the_win_claimed(browser: Any,
                                                                server: Server) -> None:
    alice = open_page(browser, server.url)
    unfold(alice)
    alice.fill("#turn_seconds", "0")
    alice.click("#invite-friend")
    bob = open_page(browser, alice.input_value("#invite-link"))
    ready_random(alice)
    ready_random(bob)
    wait_phase(alice, "battle")
    bob.context.close()  # the tab is gone
    alice.wait_for_selector("#presence")
    assert "Waiting for the other player" in alice.inner_text("#presence")
    # The button waits out the server's grace period (3 s in these tests), counting down.
    assert alice.is_disabled("#claim")
    assert re.fullmatch(r"You may claim the win in [123] s", alice.inner_text("#claim-wait"))
    alice.wait_for_function("document.querySelector('#claim-wait').innerText.includes(' 1 s')")
    alice.click("#claim")  # Playwright waits for it to be enabled
    wait_phase(alice, "over")
    assert "You won" in alice.inner_text("#status")
    assert alice.inner_text("#error") == ""


def test_random_opponents_with_the_same_rules_meet(browser: Any, server: Server) -> None:
    first = open_page(browser, server.url)
    unfold(first)
    first.select_option("#preset", "six")
    first.click("#random-opponent")
    wait_phase(first, "waiting")
    second = open_page(browser, server.url)
    unfold(second)
    second.select_option("#preset", "six")
    second.click("#random-opponent")
    wait_phase(second, "setup")
    wait_phase(first, "setup")
    assert game_id(first) == game_id(second)
    assert first.locator("#dock button").count() == 6  # the six-ship fleet
    # The lobby's default set-up time runs, shown with what happens at its end.
    assert first.locator("#setup-timer-note").is_visible()
    first.wait_for_function("/^\\d+ s$/.test(document.querySelector('#timer').textContent)")
    assert 0 < int(first.inner_text("#timer").split()[0]) <= 180


def test_phone_sized_screen_shows_both_fields_usable(browser: Any, server: Server) -> None:
    page = open_page(browser, server.url, viewport={"width": 390, "height": 844},
                     is_mobile=True, has_touch=True, device_scale_factor=2)
    for language in ("ru", "en"):  # the lobby fits the screen, its menus translated
        page.select_option("#lang", language)
        page.wait_for_function(f"document.documentElement.lang === '{language}'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.select_option("#lang", "ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    unfold(page)
    preset = page.locator("#preset option[value='classic']").inner_text()
    assert preset == "классика"
    # The game comes first, by the server's translation of its title: a heading when the
    # server hosts one game that has a board module, else a choice.
    page.wait_for_function("(document.querySelector('#game-title') || document.querySelector("
                           "'#game [aria-checked=true]')).innerText === 'Морской бой'")
    assert page.locator("#dutchman_decks").is_hidden()
    page.select_option("#preset", "flying-dutchman")
    assert page.locator("#dutchman_decks").is_visible()
    page.select_option("#preset", "classic")
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    ready_random(page)
    wait_phase(page, "battle")
    # The field to tap is big enough for a finger; one's own, only looked at while the
    # other fires, is smaller, so that both are in sight together.
    for board, least in (("#board-own", 20), ("#board-enemy", 30)):
        box = page.locator(board).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        cell = page.locator(f"{board} .cell").first.bounding_box()
        assert cell is not None and cell["width"] >= least
    own_box = page.locator("#board-own").bounding_box()
    assert own_box is not None and own_box["y"] + own_box["height"] <= 844 * 1.25
    page.wait_for_function("document.body.dataset.turn === 'me'")
    before = seq(page)
    page.locator("#board-enemy .cell[data-cell='55']").tap()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    shot = page.locator("#board-enemy .cell[data-cell='55']").get_attribute("class") or ""
    assert any(mark in shot for mark in ("miss", "hit", "sunk"))
    assert page.inner_text("#answer").startswith(("You — F6", "Computer — "))
    # The enemy's field, the one to tap, comes first on a phone.
    own, enemy = (page.locator(b).bounding_box() for b in ("#board-own", "#board-enemy"))
    assert own is not None and enemy is not None and enemy["y"] < own["y"]
    assert page.locator("#chat-send").count() == 0  # nobody to chat with
    # An error stays only until the game moves on.
    page.wait_for_function("document.body.dataset.turn === 'me'")
    page.locator("#board-enemy .cell[data-cell='55']").tap()
    page.wait_for_function("document.querySelector('#error').innerText.includes('already')")
    before = seq(page)
    page.locator("#board-enemy .cell[data-cell='56']").tap()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert page.inner_text("#error") == ""


def test_a_game_without_a_board_module_is_named_not_drawn(browser: Any, server: Server) -> None:
    """The shell (app.js) draws a game through the board module its state's ``game_name``
    names (Battleship, where the state names none: every other test). One it has no module
    for (a game registered on the server only, called «checkers» here) is said, not drawn
    as Battleship. The test plays the server's side of the socket."""
    module = urllib.request.urlopen(f"{server.url}/static/games/battleship.js", timeout=5)
    assert "javascript" in module.headers["Content-Type"]  # loadable as an ES module
    page = open_page(browser, server.url)
    told: list[str] = []

    def fake_server(ws: Any) -> None:
        def answer(message: str | bytes) -> None:
            told.append(json.loads(message)["type"])
            if told[-1] != "hello":
                return
            for event in ({"type": "welcome", "game": "g1", "seat": 0, "role": "player",
                           "since": 0},
                          {"type": "chat", "seq": 1, "seat": 1, "phrase": "chat.good_luck"},
                          {"type": "state", "game": "g1", "game_name": "checkers", "seq": 1,
                           "phase": "setup"}):
                ws.send(json.dumps(event))
        ws.on_message(answer)

    page.route_web_socket(re.compile(r"/ws$"), fake_server)
    page.evaluate("localStorage.setItem('sb.token.g1', 'token')")
    page.goto(f"{server.url}/play/g1")
    page.wait_for_selector("#fatal")
    assert "checkers" in page.inner_text("#fatal") and told == ["hello"]
    assert page.locator(".board").count() == 0


def test_placed_ships_turn_and_move_while_others_wait_in_the_dock(browser: Any,
                                                                   server: Server) -> None:
    page = open_page(browser, server.url)
    page.click("#vs-computer")  # no timers against the computer unless asked
    wait_phase(page, "setup")
    assert page.inner_text("#rules-line").startswith(
        "Rules: classic · 10×10 · ships may not touch, not even at a corner")

    def ship_cells() -> list[int]:
        return sorted(page.eval_on_selector_all(
            "#board-own .cell.ship", "cells => cells.map((c) => Number(c.dataset.cell))"))

    def drag(start: str, *path: int) -> None:
        page.locator(start).hover()
        page.mouse.down()
        for cell in path:
            page.locator(f"#board-own .cell[data-cell='{cell}']").hover()
        page.mouse.up()
        settled(page)

    drag("#dock button[data-ship='0']", 0)
    assert ship_cells() == [0, 1, 2, 3]
    assert "selected" in (page.get_attribute("#dock button[data-ship='1']", "class") or "")
    page.locator("#board-own .cell[data-cell='2']").click()  # a click turns it
    settled(page)
    assert ship_cells() == [0, 10, 20, 30]
    drag("#board-own .cell[data-cell='10']", 11, 66)  # the grabbed deck follows the pointer
    assert ship_cells() == [56, 66, 76, 86]
    assert "selected" in (page.get_attribute("#dock button[data-ship='1']", "class") or "")
    assert page.inner_text("#error") == ""
    page.locator("#board-own .cell[data-cell='0']").click()  # the cruiser still goes in next
    settled(page)
    assert ship_cells() == [0, 1, 2, 56, 66, 76, 86]
    # By keyboard: R on the cruiser's middle turns it; the cursor follows it, so Enter
    # picks the turned cruiser up rather than placing another ship where it was.
    page.locator("#board-own").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("r")
    settled(page)
    assert ship_cells() == [0, 10, 20, 56, 66, 76, 86]
    page.keyboard.press("Enter")
    settled(page)
    assert ship_cells() == [56, 66, 76, 86]


# --- the variants of RULES.md §3 ---------------------------------------------------------------

def targets(server: Server, game: str, seat: int) -> list[int]:
    """The cells of ``seat``'s ships and submarines where they are now (the Dutchman moves);
    never mines or minesweepers."""
    state = server.room(game).state
    fleet = state.game.position(seat) if state.game is not None else state.fleets[seat]
    return sorted(c for ship in (fleet.ships if fleet is not None else ())
                  if ship.kind.role.value in ("ship", "submarine")
                  for c in iter_cells(ship.cells))


def act(page: Any, server: Server, game: str, seat: int) -> bool:
    """Do whatever the page's player owes now, through the page; whether anything was due."""
    turn = page.get_attribute("body", "data-turn")
    before = seq(page)
    if turn == "decide":
        if page.locator("#stay").count():
            page.click("#move-random" if before % 2 else "#stay")
        else:
            page.locator("#board-own .cell.option").first.click()
    elif turn == "me" and page.locator("#fire-salvo").count():
        due = int(page.get_attribute("#fire-salvo", "data-due") or 1)
        aimed = 0
        size = page.locator("#board-enemy .cell").count()
        for cell in [*targets(server, game, 1 - seat), *range(size)]:
            node = page.locator(f"#board-enemy .cell[data-cell='{cell}']")
            classes = node.get_attribute("class") or ""
            if any(mark in classes for mark in ("hit", "sunk", "miss", "aim")):
                continue
            node.click()
            aimed += 1
            if aimed == due:
                break
        page.click("#fire-salvo")
    elif turn == "me":
        fire_at_ship(page, targets(server, game, 1 - seat))
        return True
    else:
        return False
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    return True


def play_variant(pages: dict[int, Any], server: Server, game: str) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if all(p.get_attribute("body", "data-phase") == "over" for p in pages.values()):
            return
        if not any(act(page, server, game, seat) for seat, page in pages.items()):
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def lobby_for(page: Any, options: dict[str, str]) -> None:
    unfold(page)
    page.fill("#turn_seconds", "0")
    page.fill("#setup_seconds", "0")
    page.select_option("#level", "novice")
    for field, value in options.items():
        if field == "mines_touch":
            page.check("#mines_touch")
        elif field in ("mines", "minesweepers", "submarines"):
            page.fill(f"#{field}", value)
        else:
            page.select_option(f"#{field}", value)


VARIANT_LOBBY: dict[str, dict[str, str]] = {
    "salvo": {"salvo": "3"},
    "salvo-ships": {"preset": "six", "salvo": "ships"},
    "no-shoot-again": {"shoot_again": "false"},
    "silent-sinking": {"announce": "none"},
    "mines": {"mines": "1"},
    "minesweepers": {"mines": "2", "minesweepers": "1"},
    "mines-touch": {"mines": "2", "minesweepers": "1", "mines_touch": "true"},
    "submarines": {"submarines": "2", "mines": "1"},
    "shapes": {"shape": "zigzag"},
    "flying-dutchman": {"preset": "flying-dutchman", "dutchman_decks": "5"},
}


VARIANT_TITLES = {"salvo-ships": "six ships, with variants", "shapes": "custom",
                  "flying-dutchman": "custom"}
"""The rules line's title, as the server sends it: a varied preset's, else the rule set's
name (a changed fleet is a ``custom`` one); the others are ``classic, with variants``."""


@pytest.mark.parametrize("name", list(VARIANT_LOBBY))
def test_every_variant_chosen_in_the_lobby_and_played_against_the_computer(
        browser: Any, server: Server, name: str) -> None:
    page = open_page(browser, server.url)
    lobby_for(page, VARIANT_LOBBY[name])
    page.click("#vs-computer")
    wait_phase(page, "setup")
    title = VARIANT_TITLES.get(name, "classic, with variants")
    assert page.inner_text("#rules-line").startswith(f"Rules: {title} · "), name
    if name == "shapes":
        # The zigzag four-decker by hand: picked, turned (R) through its orientations.
        def placed() -> list[int]:
            settled(page)
            return sorted(int(c) for c in page.eval_on_selector_all(
                "#board-own .cell.ship", "nodes => nodes.map(n => n.dataset.cell)"))

        page.click("#dock button[data-ship='0']")
        page.click("#rotate")
        page.locator("#board-own .cell[data-cell='22']").click()
        cells = placed()
        assert len(cells) == 4 and cells[0] == 22 and len({c % 10 for c in cells}) == 2
        page.click("#dock button[data-ship='0']")  # taken back, turned once more: mirrored
        page.click("#rotate")
        page.locator("#board-own .cell[data-cell='22']").click()
        assert len(placed()) == 4 and placed()[0] == 22 and placed() != cells
    if name in ("mines", "submarines", "minesweepers"):
        role = "submarine" if name == "submarines" else "mine"
        page.click(f"#dock button[data-role='{role}']")
        page.locator("#board-own .cell[data-cell='99']").click()
        settled(page)
        assert page.locator(f"#board-own .cell.role-{role}").count() == 1
        assert page.locator("#legend").is_visible()
    if name == "flying-dutchman":
        for cell in (0, 21, 42, 62, 81):  # a diagonal and a bend: the Dutchman's way
            page.locator(f"#board-own .cell[data-cell='{cell}']").click()
        settled(page)
        assert page.locator("#board-own .cell.ship").count() == 5
        page.click("#ready")
    else:
        ready_random(page)
    wait_phase(page, "battle")
    game = game_id(page)
    if name == "mines":
        # Fire at the computer's mine on purpose: the hand-over is asked and made by a click.
        page.wait_for_function("['me', 'decide'].includes(document.body.dataset.turn)")
        if page.get_attribute("body", "data-turn") == "me":
            mine = server.fleets(game)[1][-1][0]
            page.locator(f"#board-enemy .cell[data-cell='{mine}']").click()
            page.wait_for_selector("#decision-prompt")
            assert "mine" in page.inner_text("#decision-prompt")
            page.locator("#board-own .cell.option").first.click()
            page.wait_for_selector("#decision-prompt", state="detached")
            assert page.locator("#board-enemy .cell.mine-hit").count() == 1
    play_variant({0: page}, server, game)
    assert page.inner_text("#status").startswith(("You won", "You lost"))
    assert page.locator("#log").inner_text()
    if name == "flying-dutchman":
        assert "Flying Dutchman" in page.inner_text("#log")


def two_players_in_battle(browser: Any, server: Server, lobby: dict[str, str]
                          ) -> tuple[dict[int, Any], str, int]:
    """Alice sets the lobby up and invites Bob; both place at random and the battle
    begins. Their pages by seat, the game's id and the seat that fires first."""
    alice = open_page(browser, server.url)
    lobby_for(alice, lobby)
    alice.click("#invite-friend")
    bob = open_page(browser, alice.input_value("#invite-link"))
    wait_phase(bob, "setup")
    ready_random(alice)
    ready_random(bob)
    wait_phase(alice, "battle")
    wait_phase(bob, "battle")
    pages = {0: alice, 1: bob}
    first = next(s for s, p in pages.items() if p.get_attribute("body", "data-turn") == "me")
    return pages, game_id(alice), first


def test_two_browsers_play_a_game_with_mines(browser: Any, server: Server) -> None:
    pages, game, shooter = two_players_in_battle(browser, server, {"mines": "1"})
    alice = pages[0]
    page, other_page = pages[shooter], pages[1 - shooter]
    mine = server.fleets(game)[1 - shooter][-1][0]
    before = seq(other_page)
    page.locator(f"#board-enemy .cell[data-cell='{mine}']").click()
    page.wait_for_selector("#board-own .cell.option")
    other_page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert "waiting for a decision" in other_page.inner_text("#status")
    page.locator("#board-own .cell.option").first.click()
    # The mine's owner sees the cell handed over, a sure hit, and it is their turn.
    other_page.wait_for_selector("#board-enemy .cell.given")
    other_page.wait_for_function("document.body.dataset.turn === 'me'")
    assert "handed over" in other_page.inner_text("#log")
    given = other_page.get_attribute("#board-enemy .cell.given", "data-cell")
    assert int(given or -1) in targets(server, game, shooter)
    play_variant(pages, server, game)
    assert any("won" in p.inner_text("#status") for p in pages.values())
    assert alice.locator("#board-enemy .cell.role-mine").count() == 1  # revealed at the end


def test_two_browsers_move_the_hit_flying_dutchman_with_every_button(
        browser: Any, server: Server) -> None:
    pages, game, seat = two_players_in_battle(
        browser, server, {"preset": "flying-dutchman", "dutchman_decks": "5"})
    shooter, owner = pages[seat], pages[1 - seat]
    # Two 20×20 fields side by side on a 1280-pixel screen, not one below the other.
    own, enemy = (shooter.locator(b).bounding_box() for b in ("#board-own", "#board-enemy"))
    assert own is not None and enemy is not None
    assert enemy["y"] == own["y"] and enemy["x"] + enemy["width"] <= 1280

    def hit_the_dutchman() -> None:
        """The shooter fires at a deck of the owner's Dutchman where it is now."""
        shooter.wait_for_function("document.body.dataset.turn === 'me'")
        before = seq(owner)
        fire_at_ship(shooter, targets(server, game, 1 - seat))
        owner.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        owner.wait_for_selector("#move-paint")

    def decide(button: str) -> None:
        """The owner clicks ``button``; both pages hear of the decision."""
        before = seq(shooter)
        owner.click(button)
        owner.wait_for_selector("#decision-prompt", state="detached")
        shooter.wait_for_function(f"Number(document.body.dataset.seq) > {before}")

    # 1. Painted: four free cells in a row, away from the ship, then «move here».
    hit_the_dutchman()
    ship = set(targets(server, game, 1 - seat))
    row = next(r for r in range(20) if not any(r * 20 + c in ship for c in range(20)))
    new_place = [row * 20 + c for c in range(4)]
    owner.click("#move-paint")
    for cell in new_place:
        owner.locator(f"#board-own .cell[data-cell='{cell}']").click()
    assert owner.is_enabled("#move-here")
    decide("#move-here")
    assert sorted(targets(server, game, 1 - seat)) == new_place
    assert sorted(int(c) for c in owner.eval_on_selector_all(
        "#board-own .cell.ship", "nodes => nodes.map(n => n.dataset.cell)")) == new_place
    assert "vanished and sails elsewhere" in shooter.inner_text("#log")
    assert "You moved the Flying Dutchman" in owner.inner_text("#log")
    # 2. Kept where it is.
    hit_the_dutchman()
    decide("#stay")
    assert sorted(targets(server, game, 1 - seat)) == new_place
    assert "stays where it is" in shooter.inner_text("#log")
    # 3. Moved at random: two decks left, somewhere else.
    hit_the_dutchman()
    decide("#move-random")
    assert len(targets(server, game, 1 - seat)) == 2
    play_variant(pages, server, game)
    assert any("won" in p.inner_text("#status") for p in pages.values())
