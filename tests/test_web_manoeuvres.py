"""The manoeuvre game in the browser: `seabattle serve` in a subprocess, headless Chromium
driven by Playwright, every action taken through the page (a click on a piece, then on a
cell the page frames, or on the button it offers).

Two pages play a game on the skirmish preset through an invitation, with a spectator: one
sets up by hand from the palette, the other automatically; they play by clicks until the
game ends or, past a number of actions (a whole game of random clicks can take hundreds),
one resigns from the page. One page plays the computer. Set ``SEABATTLE_SHOTS=DIR`` to keep
screenshots of what the pages showed.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests import test_web_e2e
from tests.test_web_e2e import CHROMIUM, Server, game_id, seq, unfold, wait_phase

browser = test_web_e2e.browser
chromium = test_web_e2e.chromium
server = test_web_e2e.server

sync_api = pytest.importorskip("playwright.sync_api")
assert CHROMIUM.exists()

TIMEOUT_MS = 60_000
CLICKED_ACTIONS = 40
"""How many actions the two pages play by clicks before one resigns."""


def open_page(browser: Any, url: str, **context: Any) -> Any:
    """A page in English with the manoeuvre game chosen and its guide taken as seen."""
    return test_web_e2e.open_page(browser, url, "manoeuvres", lobby=True,
                                  timeout_ms=TIMEOUT_MS, **context)


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("SEABATTLE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def choose_manoeuvres(page: Any, preset: str = "skirmish") -> None:
    page.wait_for_selector("#game [data-game=manoeuvres][aria-checked=true]")
    unfold(page)
    page.select_option("#mn-preset", preset)
    page.fill("#turn_seconds", "0")
    page.fill("#setup_seconds", "0")


def set_up_by_hand(page: Any) -> None:
    """Every piece from the palette onto the back rows, one click each, one taken back and
    put down again."""
    cells = page.locator(".mn-cell.mn-setup")
    total = cells.count()
    assert total == 27
    placed = 0
    while page.locator("#mn-palette button:not([disabled])").count():
        page.locator("#mn-palette button:not([disabled])").first.click()
        page.locator(".mn-cell.mn-setup:not(.mn-own)").first.click()
        placed += 1
        if placed == 1:  # taken back to the palette, and put down again
            first = page.locator(".mn-cell.mn-own").first
            first.click()
            assert page.locator(".mn-cell.mn-own").count() == 0
            page.locator(".mn-cell.mn-setup").nth(5).click()
    assert page.locator(".mn-cell.mn-own").count() == 19 == placed
    assert page.locator("#mn-ready:not([disabled])").count() == 1


def act_by_clicks(page: Any, rng: random.Random) -> None:
    """One action of the page's player, by clicks: the defender's answer, else a piece the
    page lights up and a cell it frames (an enemy piece first, to bring the end nearer) or
    a button it offers, with a choice from the list when several actions end there."""
    before = seq(page)
    if page.locator("#mn-defend button").count():
        page.locator("#mn-defend button").first.click()
    else:
        sources = page.locator(".mn-cell.mn-source")
        count = sources.count()
        assert count or page.locator("#mn-end-turn").count(), "nothing offered"
        done = False
        for index in rng.sample(range(count), count):
            sources.nth(index).click()
            options = page.locator(".mn-cell.option")
            attacks = page.locator(".mn-cell.option[data-owner]")
            buttons = page.locator(".mn-action")
            if attacks.count():
                attacks.nth(rng.randrange(attacks.count())).click()
            elif options.count() and (not buttons.count() or rng.random() < 0.7):
                options.nth(rng.randrange(options.count())).click()
            elif buttons.count():
                buttons.nth(rng.randrange(buttons.count())).click()
            else:
                page.click("#mn-cancel")
                continue
            if page.locator("#mn-choices button").count():
                page.locator("#mn-choices button").first.click()
            done = True
            break
        if not done:
            page.click("#mn-end-turn")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert page.inner_text("#error") == ""


def test_two_pages_play_the_skirmish_through_an_invitation(browser: Any,
                                                           server: Server) -> None:
    alice = open_page(browser, server.url, viewport={"width": 1280, "height": 800})
    choose_manoeuvres(alice)
    alice.click("#invite-friend")
    invite = alice.input_value("#invite-link")
    bob = open_page(browser, invite, viewport={"width": 390, "height": 844})
    for page in (alice, bob):
        wait_phase(page, "setup")
    watcher = open_page(browser, bob.input_value("#watch-link"))
    set_up_by_hand(alice)
    shoot(alice, "setup-by-hand")
    alice.click("#mn-ready")
    alice.wait_for_selector("text=Waiting for the opponent to set up")
    bob.click("#mn-auto")
    bob.wait_for_function("document.querySelectorAll('.mn-cell.mn-own').length === 19")
    bob.click("#mn-ready")
    for page in (alice, bob, watcher):
        wait_phase(page, "battle")
    # Each sees its own kinds and the other's pieces as unknown; the spectator, no kind.
    for page in (alice, bob):
        assert page.locator(".mn-cell.mn-own[data-kind]").count() == 19
        assert page.locator(".mn-cell.mn-enemy.mn-unknown").count() == 19
    assert watcher.locator(".mn-cell[data-kind]").count() == 0
    assert "lot:" in alice.inner_text("#log").lower()
    # Seat 1 sees the field turned round: its own rows at the bottom, as seat 0's are.
    assert bob.locator("#mn-field .label").nth(1).inner_text() == "I"
    rng = random.Random(7)
    pages = {0: alice, 1: bob}
    acted = 0
    while acted < CLICKED_ACTIONS and alice.get_attribute("body", "data-phase") != "over":
        # One of the two is to act: the page says so (the banner's turn).
        alice.wait_for_function(
            "document.body.dataset.phase === 'over' || ['me', 'decide'].includes("
            "document.body.dataset.turn) || document.body.dataset.turn === 'them'")
        mover = next((p for p in pages.values()
                      if p.get_attribute("body", "data-turn") in ("me", "decide")), None)
        if mover is None:
            bob.wait_for_function("['me', 'decide', 'them'].includes(document.body.dataset.turn)"
                                  " && document.body.dataset.seq >= "
                                  f"{seq(alice)}")
            mover = next((p for p in pages.values()
                          if p.get_attribute("body", "data-turn") in ("me", "decide")), None)
            assert mover is not None, "neither page is to act"
        act_by_clicks(mover, rng)
        acted += 1
        if acted == 2:
            shoot(alice, "battle-1280")
            shoot(bob, "battle-390")
            alice.click("#mn-zones")
            assert alice.locator(".mn-cell.mn-zone").count() > 0
            alice.click("#mn-zones")
    if alice.get_attribute("body", "data-phase") != "over":
        bob.click("#resign")
    for page in (alice, bob, watcher):
        wait_phase(page, "over")
    texts = {alice.inner_text("#status-text"), bob.inner_text("#status-text")}
    assert any(text.startswith("You won") for text in texts) or any(
        "draw" in text.lower() for text in texts)
    # Every kind is shown to everyone once the game is over.
    assert watcher.locator(".mn-cell.mn-unknown").count() == 0
    assert alice.locator("#mn-stats").is_visible()
    shoot(alice, "over-1280")
    shoot(bob, "over-390")
    record = alice.request.get(server.url + (alice.get_attribute("#record", "href") or ""))
    assert record.ok and record.json()["game"] == "manoeuvres"
    assert game_id(alice) == game_id(bob)


def test_a_game_against_the_computer(browser: Any, server: Server) -> None:
    page = open_page(browser, server.url, viewport={"width": 390, "height": 844})
    choose_manoeuvres(page)
    # The lobby says what this game is about and offers its own default level.
    assert "forts" in page.inner_text(".tagline")
    assert page.input_value("#level") == "medium"
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    wait_phase(page, "setup")
    page.click("#mn-auto")
    page.wait_for_function("document.querySelectorAll('.mn-cell.mn-own').length === 19")
    page.click("#mn-clear")
    assert page.locator(".mn-cell.mn-own").count() == 0
    assert page.locator("#mn-ready[disabled]").count() == 1
    page.click("#mn-auto")
    page.wait_for_function("document.querySelectorAll('.mn-cell.mn-own').length === 19")
    shoot(page, "setup-390")
    page.click("#mn-ready")
    wait_phase(page, "battle")
    rng = random.Random(11)
    marked = False
    for _ in range(12):
        if page.get_attribute("body", "data-phase") == "over":
            break
        page.wait_for_function("['me', 'decide'].includes(document.body.dataset.turn)"
                               " || document.body.dataset.phase === 'over'")
        if page.get_attribute("body", "data-phase") == "over":
            break
        if not marked:
            # A guess on an unknown enemy piece: the page's own note, drawn in grey.
            page.locator(".mn-cell.mn-enemy.mn-unknown").first.click()
            page.click("#mn-mark [data-kind=cruiser]")
            assert page.locator(".mn-cell.mn-guess").count() == 1
            marked = True
        act_by_clicks(page, rng)
    assert "Computer" in page.inner_text("#log")
    if page.get_attribute("body", "data-phase") != "over":
        page.click("#resign")
    wait_phase(page, "over")
    assert page.inner_text("#status-text").startswith(("You", "A draw"))
    assert page.locator(".mn-cell.mn-unknown").count() == 0
    shoot(page, "over-computer-390")

