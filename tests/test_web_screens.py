"""The browser game as a player meets it (issue 18), on a desktop (1280×800) and a phone
(390×844): the lobby with the three ways to play first, the set-up with its first-game
guide, play against the computer with the sides named alike, sinkings named, the turn
shown and shots animated, the end with both fleets and the statistics, sound, the
invitation, a spectator's page and the error screens.

Every screen is saved as a screenshot, to be looked at: under ``$SEABATTLE_SHOTS`` when set
(``SEABATTLE_SHOTS=shots/web pytest tests/test_web_screens.py``), else in the test's
temporary directory. Real ``seabattle serve`` and headless Chromium, as in test_web_e2e.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests import test_web_e2e
from tests.test_web_e2e import Server, game_id, open_page, ready_random, seq, unfold, wait_phase

# The real server and the browser, shared with the other browser tests.
browser = test_web_e2e.browser
chromium = test_web_e2e.chromium
server = test_web_e2e.server

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SEABATTLE_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def device(size: str) -> dict[str, Any]:
    """A Playwright context for a desktop, or a phone (touch, no hover)."""
    if size == "phone":
        return {"viewport": SIZES[size], "is_mobile": True, "has_touch": True,
                "device_scale_factor": 2}
    return {"viewport": SIZES[size]}


def shoot(page: Any, folder: Path, name: str, size: str) -> None:
    page.wait_for_timeout(150)  # fonts and the last redraw
    page.screenshot(path=str(folder / f"{name}-{size}.png"))


def fits(page: Any, selector: str, size: str) -> bool:
    """Whether the element is wholly inside the first screen (no scrolling needed)."""
    box = page.locator(selector).bounding_box()
    view = SIZES[size]
    return bool(box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"]
                and box["y"] + box["height"] <= view["height"])


def first_page(browser: Any, url: str, size: str) -> Any:
    """A page as a new visitor sees it: English, nothing remembered (the guide not seen)."""
    page = browser.new_context(bypass_csp=True, **device(size)).new_page()
    page.set_default_timeout(15_000)
    page.add_init_script("if (!localStorage.getItem('sb.lang')) "
                         "localStorage.setItem('sb.lang', 'en')")
    page.goto(url)
    return page


def fire(page: Any, cell: int) -> None:
    before = seq(page)
    page.locator(f"#board-enemy .cell[data-cell='{cell}']").click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


@pytest.mark.parametrize("size", SIZES)
def test_lobby_offers_three_ways_to_play_and_remembers_the_settings(
        browser: Any, server: Server, shots: Path, size: str) -> None:
    page = first_page(browser, server.url, size)
    page.wait_for_selector("#vs-computer")
    for button in ("#vs-computer", "#invite-friend", "#random-opponent"):
        assert fits(page, button, size), button  # above the fold
    # The settings are folded away; there is one language selector, the header's.
    assert page.get_attribute("#settings", "open") is None and page.locator("#preset").is_hidden()
    assert page.locator("select:has(option[value='en'])").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert "level: hard, no clock" in page.inner_text("#vs-computer")
    shoot(page, shots, "lobby", size)
    # Where the server hosts several games, the game is chosen first, above the buttons.
    games = page.locator("#game [role=radio]")
    if games.count() > 1:
        assert page.get_attribute("#game [data-game=battleship]", "aria-checked") == "true"
        other = games.nth(1)
        other.click()
        page.wait_for_selector(f"#game [data-game={other.get_attribute('data-game')}]"
                               "[aria-checked=true]")
        page.click("#game [data-game=battleship]")
        page.wait_for_selector("#vs-computer")
    unfold(page)
    page.select_option("#preset", "six")
    page.select_option("#level", "novice")
    page.fill("#turn_seconds", "45")
    assert "six" in page.inner_text("#settings summary")
    assert "level: novice" in page.inner_text("#vs-computer")
    shoot(page, shots, "lobby-settings", size)
    page.reload()  # the last settings, and their being unfolded, are remembered
    page.wait_for_selector("#settings[open]")
    assert page.input_value("#preset") == "six" and page.input_value("#level") == "novice"
    assert page.input_value("#turn_seconds") == "45"
    page.click("#settings summary")
    # The details' toggle event, which remembers the fold, comes a task after the click.
    page.wait_for_function("JSON.parse(localStorage.getItem("
                           "'sb.lobby.settings.battleship') || '{}').open === false")
    page.reload()
    page.wait_for_selector("#settings:not([open])")
    assert page.input_value("#preset") == "six"


@pytest.mark.parametrize("size", SIZES)
def test_no_timers_against_the_computer_unless_asked(browser: Any, server: Server,
                                                      size: str) -> None:
    page = first_page(browser, server.url, size)
    page.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    assert page.locator("#setup-timer-note").count() == 0
    page.wait_for_timeout(400)
    assert page.inner_text("#timer") == ""
    page.goto(server.url)
    unfold(page)
    page.check("#timers_computer")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    assert page.locator("#setup-timer-note").is_visible()
    page.wait_for_function("/^\\d+ s$/.test(document.querySelector('#timer').textContent)")
    assert 170 < int(page.inner_text("#timer").split()[0]) <= 180


@pytest.mark.parametrize("size", SIZES)
def test_set_up_screen_guides_the_first_game_once(browser: Any, server: Server, shots: Path,
                                                   size: str) -> None:
    page = first_page(browser, server.url, size)
    page.click("#vs-computer")
    wait_phase(page, "setup")
    page.wait_for_selector("#guide")  # the first game: how to place, take turns and fire
    assert page.locator("#guide li").count() == 3
    assert "drag each ship" in page.inner_text("#guide")
    shoot(page, shots, "guide", size)
    page.click("#guide-close")
    assert page.locator("#guide").count() == 0
    # No empty log box, no spectator link against the computer, no gap under the rules line.
    assert page.locator("#log").is_hidden() and page.locator("#watch-link").count() == 0
    rules = page.locator("#rules-line").bounding_box()
    below = page.locator(".setup-help").bounding_box()
    assert rules and below and 0 <= below["y"] - (rules["y"] + rules["height"]) < 12
    # The keyboard's hints only where there is a keyboard.
    assert page.locator(".keys").is_visible() == (size == "desktop")
    # Centred: the fields' middle is the page's.
    fields = page.locator(".fields").bounding_box()
    assert fields and abs(fields["x"] + fields["width"] / 2 - SIZES[size]["width"] / 2) < 16
    shoot(page, shots, "setup", size)
    page.click("#random")
    page.wait_for_function("document.querySelectorAll('#board-own .cell.hull').length === 20")
    # The ships are drawn as hulls: a four-decker has two ends and two joined middles.
    joined = page.eval_on_selector_all("#board-own .cell.hull", "cs => cs.map((c) => "
                                       "['j-n', 'j-s', 'j-e', 'j-w'].filter((j) => "
                                       "c.classList.contains(j)).length)")
    assert joined.count(0) == 4 and joined.count(2) == 4  # 4 boats; 2 + 1 + 1 middles
    shoot(page, shots, "setup-placed", size)
    page.reload()  # the guide is not shown again...
    wait_phase(page, "setup")
    page.wait_for_timeout(300)
    assert page.locator("#guide").count() == 0
    page.click("#help")  # ...unless asked for
    page.wait_for_selector("#guide")
    page.keyboard.press("Escape")
    assert page.locator("#guide").count() == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_game_against_the_computer_as_a_player_sees_it(browser: Any, server: Server,
                                                         shots: Path, size: str) -> None:
    page = first_page(browser, server.url, size)
    page.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    unfold(page)
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    ready_random(page)
    wait_phase(page, "battle")
    page.wait_for_selector("body[data-turn=me]")
    game = game_id(page)
    # Whose turn: the banner says it, and the field to fire at glows.
    assert page.inner_text("#status-text") == "Your turn — fire!"
    assert "target-field" in (page.get_attribute(".field.theirs", "class") or "")
    assert page.inner_text(".field.theirs h2") == "Computer's fleet"
    # One's own field names its ships as the enemy's does, and both fleets are drawn.
    assert page.inner_text(".field.mine .afloat").startswith("Afloat: battleship, cruiser")
    assert page.locator("#fleet-own .ship-icon").count() == 10
    assert page.locator("#fleet-enemy .ship-icon").count() == 10
    shoot(page, shots, "play", size)
    fleet = server.fleets(game)[1]
    boat = next(ship for ship in fleet if len(ship) == 1)
    fire(page, boat[0])
    # The sinking is named, animated, and the enemy's fleet strip strikes the boat out.
    assert page.inner_text("#answer").endswith("Sunk! The torpedo boat went down.")
    assert page.locator(f"#board-enemy .cell[data-cell='{boat[0]}'].fx-sunk").count() == 1
    assert page.locator("#fleet-enemy .ship-icon.sunk").count() == 1
    shoot(page, shots, "play-sunk", size)
    water = next(c for c in range(100) if all(c not in s for s in fleet)
                 and page.locator(f"#board-enemy .cell[data-cell='{c}'].ring").count() == 0)
    fire(page, water)
    assert page.locator(f"#board-enemy .cell[data-cell='{water}'].fx-miss").count() == 1
    # The computer answers; the log calls it as the field does.
    page.wait_for_selector("body[data-turn=me]")
    log = page.inner_text("#log")
    assert "Computer — " in log and "Opponent" not in log
    for ship in fleet:
        for cell in ship:
            if "hit" not in (page.get_attribute(f"#board-enemy .cell[data-cell='{cell}']",
                                                "class") or ""):
                page.wait_for_selector("body[data-turn=me]")
                fire(page, cell)
    wait_phase(page, "over")
    assert page.inner_text("#status-text") == "You won: the whole enemy fleet is sunk!"
    # After the game: both fleets, the statistics and the record to analyse.
    assert page.locator("#board-enemy .cell.ship").count() == 20
    assert page.locator("#stats th[scope=col]").all_inner_texts() == ["You", "Computer"]
    assert page.locator("#stats tbody tr").count() == 4
    assert page.get_attribute("#record", "href") == f"/api/games/{game}/record"
    assert f"seabattle analyze {game}.json" in page.inner_text("#analysis")
    assert page.locator("#watch-link").count() == 0 and page.locator("#chat-phrase").count() == 0
    shoot(page, shots, "over-won", size)
    page.goto(server.url)  # a lost game says so plainly
    page.click("#vs-computer")
    wait_phase(page, "setup")
    ready_random(page)
    wait_phase(page, "battle")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    wait_phase(page, "over")
    assert page.inner_text("#status-text") == "You lost: you resigned."
    shoot(page, shots, "over-lost", size)


@pytest.mark.parametrize("size", SIZES)
def test_sound_is_off_until_switched_on(browser: Any, server: Server, size: str) -> None:
    page = first_page(browser, server.url, size)
    page.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    page.wait_for_selector("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#vs-computer")
    wait_phase(page, "setup")
    ready_random(page)
    page.wait_for_selector("body[data-turn=me]")
    fleet = server.fleets(game_id(page))[1]
    fire(page, fleet[0][0])  # the battleship: a hit, animated
    assert page.locator(f"#board-enemy .cell[data-cell='{fleet[0][0]}'].fx-hit").count() == 1
    assert page.get_attribute("body", "data-sound") is None  # off: nothing played
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    page.reload()  # remembered
    page.wait_for_selector("body[data-turn=me]")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    assert page.get_attribute("body", "data-sound") is None  # a reload replays no sounds
    fire(page, fleet[0][1])
    assert (page.get_attribute("body", "data-sound") or "").startswith("hit ")


@pytest.mark.parametrize("size", SIZES)
def test_invitation_waiting_and_spectator_screens(browser: Any, server: Server, shots: Path,
                                                  size: str) -> None:
    alice = first_page(browser, server.url, size)
    alice.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    alice.click("#invite-friend")
    wait_phase(alice, "waiting")
    assert alice.locator("#invite-link").is_visible() and alice.locator("#log").is_hidden()
    assert alice.locator(".board").count() == 0
    shoot(alice, shots, "invite", size)
    bob = open_page(browser, alice.input_value("#invite-link"), **device(size))
    wait_phase(bob, "setup")
    wait_phase(alice, "setup")
    # Between people: the sides are «Opponent», there is chat and a spectator link.
    assert bob.inner_text(".field.theirs h2") == "Opponent's fleet"
    assert bob.locator("#chat-phrase").is_visible() and bob.locator("#watch-link").is_visible()
    assert "Your friend has joined" in alice.inner_text("#log")
    watcher = open_page(browser, bob.input_value("#watch-link"), **device(size))
    ready_random(alice)
    alice.wait_for_function("document.querySelector('#status-text').innerText"
                            ".startsWith('Fleet ready')")
    shoot(alice, shots, "setup-ready-waiting", size)
    ready_random(bob)
    wait_phase(watcher, "battle")
    assert watcher.locator("#spectating").is_visible()
    assert watcher.inner_text(".field[data-owner='0'] h2") == "Player 1"
    shoot(watcher, shots, "spectator", size)
    shoot(bob, shots, "play-person", size)
    carol = first_page(browser, server.url, size)
    carol.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    carol.click("#random-opponent")
    wait_phase(carol, "waiting")
    assert "Waiting for an opponent" in carol.inner_text("#status")
    shoot(carol, shots, "waiting-random", size)


@pytest.mark.parametrize("size", SIZES)
def test_error_screens(browser: Any, server: Server, shots: Path, size: str) -> None:
    page = first_page(browser, f"{server.url}/join/nogame/badinvite", size)
    page.wait_for_selector("#lobby-error:not(:empty)")
    assert page.inner_text("#lobby-error") == "There is no such game"
    shoot(page, shots, "error-invite", size)
    page.goto(f"{server.url}/watch/nogame/key")
    page.wait_for_selector("#fatal")
    assert page.inner_text("#fatal") == "There is no such game"
    shoot(page, shots, "error-game", size)


@pytest.mark.parametrize("size", SIZES)
def test_a_lost_connection_is_said_and_mended(browser: Any, server: Server, shots: Path,
                                              size: str) -> None:
    page = first_page(browser, server.url, size)
    page.evaluate("localStorage.setItem('sb.guide.battleship', 'seen')")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    ready_random(page)
    page.wait_for_selector("body[data-turn=me]")
    server.kill()
    page.wait_for_selector("#connection")
    assert page.inner_text("#connection") == "Connection lost — reconnecting…"
    assert page.get_attribute("body", "data-connection") == "lost"  # the fields wait, dimmed
    shoot(page, shots, "error-connection", size)
    server.start()
    page.wait_for_selector("#connection", state="detached")
    assert page.locator("#board-own .cell.hull").count() == 20
