"""The browser asks the server for what it used to compute (issue 12) and issue 18's browser
leftovers, as a player meets them on a desktop (1280×800) and a phone (390×844): Perelman's
placement in the set-up, the analysis page reached from the end of a game, and the Flying
Dutchman's move chosen on the cells the server offers. Each screen is saved, to be looked at
(``SEABATTLE_SHOTS=DIR``, as in test_web_screens.py). Real ``seabattle serve`` and headless
Chromium, as in test_web_e2e.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import test_web_e2e, test_web_screens
from tests.test_web_e2e import Server, game_id, seq, settled, unfold, wait_phase
from tests.test_web_screens import SIZES, device, fire, first_page, shoot

browser = test_web_e2e.browser
chromium = test_web_e2e.chromium
server = test_web_e2e.server
shots = test_web_screens.shots


def player_page(browser: Any, url: str, size: str) -> Any:
    """A page in English whose first game's guide was seen."""
    page = first_page(browser, url, size)
    page.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    page.reload()
    return page


def own_ships(page: Any) -> list[int]:
    return sorted(int(c) for c in page.eval_on_selector_all(
        "#board-own .cell.ship", "nodes => nodes.map(n => n.dataset.cell)"))


@pytest.mark.parametrize("size", SIZES)
def test_the_set_up_offers_perelmans_placement(browser: Any, server: Server, shots: Path,
                                               size: str) -> None:
    page = player_page(browser, server.url, size)
    page.click("#vs-computer")
    wait_phase(page, "setup")
    assert page.inner_text("#perelman") == "As Perelman advised"
    assert "corner" in (page.get_attribute("#perelman", "title") or "")
    placed: list[list[int]] = [[]]
    for _ in range(2):
        page.click("#perelman")
        # The server's suggestion has come when the field shows a whole fleet other than
        # the one before (two Perelman fleets alike are too unlikely to wait for).
        page.wait_for_function(
            """before => {
                const cells = [...document.querySelectorAll('#board-own .cell.ship')]
                    .map(n => Number(n.dataset.cell)).sort((a, b) => a - b);
                return cells.length === 20 && cells.join() !== before.join();
            }""", arg=placed[-1])
        settled(page)
        placed.append(own_ships(page))
        # The multi-deck ships in one corner: a hull cell on the field's corner, or beside it.
        hulls = {int(c) for c in page.eval_on_selector_all(
            "#board-own .cell.hull.j-n, #board-own .cell.hull.j-s, #board-own .cell.hull.j-e, "
            "#board-own .cell.hull.j-w", "nodes => nodes.map(n => n.dataset.cell)")}
        rows, cols = {c // 10 for c in hulls}, {c % 10 for c in hulls}
        assert (min(rows) == 0 or max(rows) == 9) and (min(cols) == 0 or max(cols) == 9)
    assert page.is_enabled("#ready")
    shoot(page, shots, "setup-perelman", size)
    page.click("#ready")
    wait_phase(page, "battle")
    assert own_ships(page) == placed[-1]
    # Rules whose fleet Perelman cannot place (mines): not offered.
    page.goto(server.url)
    unfold(page)
    page.fill("#mines", "1")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    page.wait_for_selector("#random")
    assert page.locator("#perelman").count() == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_analysis_page_from_the_end_of_a_game(browser: Any, server: Server, shots: Path,
                                                  size: str) -> None:
    page = player_page(browser, server.url, size)
    unfold(page)
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    page.click("#random")
    page.wait_for_function("document.querySelectorAll('#board-own .cell.ship').length === 20")
    page.click("#ready")
    wait_phase(page, "battle")
    game = game_id(page)
    fleet = [c for ship in server.fleets(game)[1] for c in ship]
    water = [c for c in range(100) if c not in fleet]
    # A few misses first, so that the analysis has shots to judge as worse than best.
    for cell in water[:3] + fleet:
        page.wait_for_function("['me', 'won'].includes(document.body.dataset.turn)")
        if page.get_attribute("body", "data-phase") == "over":
            break
        if "hit" not in (page.get_attribute(f"#board-enemy .cell[data-cell='{cell}']", "class")
                         or ""):
            fire(page, cell)
    wait_phase(page, "over")
    assert page.inner_text("#analysis-link").startswith("Analysis")
    page.click("#analysis-link")
    page.wait_for_url(f"**/analysis/{game}")
    page.wait_for_selector("#analysis", timeout=120_000)
    assert page.inner_text("h1") == "Analysis of the game"
    assert page.inner_text("#analysis-rules").startswith("Rules: classic · 10×10")
    titles = page.locator(".analysis-player h2").all_inner_texts()
    assert titles == ["Player 1: every shot against the admiral's best",
                      "Computer: every shot against the admiral's best"]
    mine = page.locator("#analysis-0")
    rows = mine.locator("tbody tr").count()
    assert rows == len(fleet) + 3
    assert mine.locator(".analysis-board .cell.shot").count() == rows
    assert "Shots to sink the fleet: " in mine.inner_text()
    assert "The admiral against the same fleet" in mine.inner_text()
    # The page judges nothing: every row's verdict is one of the server's.
    verdicts = mine.locator("td.verdict").all_inner_texts()
    assert set(verdicts) <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    shoot(page, shots, "analysis", size)
    page.click("#analysis-back")
    wait_phase(page, "over")


@pytest.mark.parametrize("size", SIZES)
def test_the_dutchmans_move_is_chosen_on_the_cells_the_server_offers(
        browser: Any, server: Server, shots: Path, size: str) -> None:
    pages = {}
    alice = player_page(browser, server.url, size)
    unfold(alice)
    alice.select_option("#preset", "flying-dutchman")
    alice.select_option("#dutchman_decks", "5")
    alice.fill("#turn_seconds", "0")
    alice.fill("#setup_seconds", "0")
    alice.click("#invite-friend")
    bob = browser.new_context(bypass_csp=True, **device(size)).new_page()
    bob.set_default_timeout(15_000)
    bob.add_init_script("localStorage.setItem('sb.lang', 'en');"
                        "localStorage.setItem('sb.guide.battleship', 'seen')")
    bob.goto(alice.input_value("#invite-link"))
    pages = {0: alice, 1: bob}
    for page in pages.values():
        wait_phase(page, "setup")
        for cell in (0, 21, 42, 62, 81):  # the Dutchman painted: a diagonal and a bend
            page.locator(f"#board-own .cell[data-cell='{cell}']").click()
        settled(page)
        page.click("#ready")
    for page in pages.values():
        wait_phase(page, "battle")
    seat = next(s for s, p in pages.items() if p.get_attribute("body", "data-turn") == "me")
    shooter, owner = pages[seat], pages[1 - seat]
    game = game_id(alice)
    # A miss, the owner misses too, then a hit on the Dutchman.
    fire(shooter, 399)
    owner.wait_for_selector("body[data-turn=me]")
    fire(owner, 398)
    shooter.wait_for_selector("body[data-turn=me]")
    before = seq(owner)
    shooter.locator("#board-enemy .cell[data-cell='21']").click()
    owner.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    owner.wait_for_selector("#move-paint")
    owner.click("#move-paint")
    # The cells it may take are the server's (all but the two fired at): not framed, the
    # whole field would be; a cell fired at is refused.
    assert owner.locator("#board-own .cell.option").count() == 0
    owner.locator("#board-own .cell[data-cell='399']").click()
    assert owner.inner_text("#error") == "That cell has been fired at"
    for cell in (200, 201, 202, 203):
        owner.locator(f"#board-own .cell[data-cell='{cell}']").click()
    assert owner.inner_text("#move-here") == "Move here (4 of 4)"
    shoot(owner, shots, "dutchman-move", size)
    owner.click("#move-random")
    owner.wait_for_selector("#decision-prompt", state="detached")
    moved = test_web_e2e.targets(server, game, 1 - seat)
    assert len(moved) == 4 and 399 not in moved and 21 not in moved
    assert sorted(own_ships(owner)) == sorted(moved)
    shoot(owner, shots, "dutchman-moved", size)
