"""The fleet battle in real headless Chromium: a whole game between two browser pages
through an invitation link, and one against the computer with a step in Russian.

The pages play as a person would: the fleets placed with «Random» and «Ready», then on
each turn whatever the page offers (fight on, the first mode, cells clicked on the enemy's
field until the count is full, «Fire»). The games are the small `duel` preset (a corvette
and a brig each on a 3×6 field). Fixtures and the server are tests/test_web_e2e.py's.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.test_web_e2e import Server, browser, chromium, game_id, open_page, seq, server, unfold

__all__ = ["browser", "chromium", "server"]  # the fixtures, used by name

GAME_SECONDS = 180
"""How long a whole game may take on a loaded machine (it takes seconds alone)."""


def open_fleet_page(browser: Any, url: str, **context: Any) -> Any:
    # The guide taken as seen before the page runs: a guest opening the invitation is
    # shown the game's screen (and its guide) at once.
    return open_page(browser, url, guide="fleet-battle", **context)


def switch_language(page: Any, language: str) -> None:
    """Choose ``language`` in the header and wait until the game's socket, which the page
    drops to say the new language in its hello, is back (noted by an observer set first,
    so that the short time it is away cannot be missed)."""
    page.evaluate("""() => {
      window.fbAway = false;
      const note = () => { if (document.body.dataset.connection === 'lost') window.fbAway = true; };
      new MutationObserver(note).observe(document.body,
        { attributes: true, attributeFilter: ['data-connection'] });
    }""")
    page.select_option("#lang", language)
    page.wait_for_function("window.fbAway && document.body.dataset.connection === 'on'")


def choose_duel(page: Any) -> None:
    """The lobby with the fleet battle and the duel preset chosen."""
    page.click("[data-game='fleet-battle']")
    unfold(page)
    page.select_option("#fb-fleets", "duel")


def after(page: Any, before: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def place_fleet(page: Any) -> None:
    """«Random», then «Ready» once the ships are drawn on one's own field."""
    page.wait_for_selector("#fb-panel[data-action='place']")
    page.click("#fb-random")
    page.wait_for_selector(".field.mine .cell.hull")
    page.wait_for_selector("#fb-ready:not([disabled])")
    before = seq(page)
    page.click("#fb-ready")
    after(page, before)


def aim_and_fire(page: Any) -> None:
    """Click the enemy's cells not fired at yet (as a person would aim) one by one until
    the count is full, then «Fire»."""
    cells = page.eval_on_selector_all(
        ".field.theirs .cell:not([disabled]):not(.miss):not(.hit):not(.lost)",
        "nodes => nodes.map(n => n.dataset.cell)")
    for cell in cells:
        if page.query_selector("#fb-count.full"):
            break
        page.click(f".field.theirs .cell[data-cell='{cell}']")
    targets = page.eval_on_selector_all(".field.theirs .cell.target", "nodes => nodes.length")
    count = page.inner_text("#fb-count")
    assert re.search(rf"\b{targets}\b", count), count  # «cells: 3 of 3»
    before = seq(page)
    page.click("#fb-fire")
    after(page, before)


def act(page: Any) -> bool:
    """Do what the page asks of its player now; False when it asks nothing."""
    panel = page.query_selector("#fb-panel")
    if panel is None:
        return False
    action = panel.get_attribute("data-action")
    before = seq(page)
    if action == "place":
        place_fleet(page)
        return True
    if action == "orders":
        aim_and_fire(page)
        return True
    if action == "retreat":
        page.click("#fb-fight")
    elif action == "mode":
        page.click("#fb-panel button.primary")
    else:
        page.click("#fb-grapple")
    after(page, before)
    return True


def play_out(pages: list[Any]) -> set[str]:
    """Play every page until the battle is over; return every line the first page's log
    showed on the way (the log keeps only its last 100 lines, and a battle that runs to
    the turn limit writes more)."""
    seen: set[str] = set()
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        seen.update(pages[0].inner_text("#log").splitlines())
        if all(page.get_attribute("body", "data-phase") == "over" for page in pages):
            return seen
        if not any(act(page) for page in pages):
            time.sleep(0.05)
    raise AssertionError("the battle did not end")


def check_the_end(page: Any, first: str = "Your fleet") -> None:
    """The end as the reader reads it: the title names the side that lost as the reader
    calls it, and the results table lists ``first`` (the reader's side) first."""
    page.wait_for_selector("body[data-phase=over]")
    page.wait_for_selector("#fb-results")
    # The end is the log's last line: after the last volley's and the moderator's own.
    result = page.inner_text("#status-text").strip()
    assert result and page.inner_text("#log").splitlines()[-1] == result
    ends = (r"You won: the enemy |You lost: your fleet |The battle is a draw: "
            if first == "Your fleet"
            else r"Fleet (1 wins: fleet 2|2 wins: fleet 1) |The battle is a draw: ")
    assert re.match(ends, result), result
    heads = page.eval_on_selector_all("#fb-results thead th",
                                      "nodes => nodes.map(n => n.innerText)")
    assert heads[1] == first, heads
    # Both fleets are shown whole at the end (a corvette and a brig each: 4 cells).
    for field in page.query_selector_all(".field"):
        assert len(field.query_selector_all(".cell.hull")) == 4


def test_two_pages_play_a_whole_battle_through_an_invitation(browser: Any,
                                                             server: Server) -> None:
    host = open_fleet_page(browser, server.url)
    choose_duel(host)
    host.click("#invite-friend")
    link = host.input_value("#invite-link")
    host.wait_for_selector("body[data-phase=waiting]")
    assert not host.query_selector("#fb-panel")  # nothing of the set-up before the friend
    guest = open_fleet_page(browser, link)
    for page in (host, guest):
        page.wait_for_selector("#fb-panel[data-action='place']")
        # No fleet placed yet: no totals of none.
        assert "not placed yet" in page.inner_text(".field.theirs .fb-totals")
    assert game_id(guest) == game_id(host)
    watcher = open_fleet_page(browser, host.input_value("#watch-link"))
    watcher.wait_for_selector(".field h2")
    assert [h.inner_text() for h in watcher.query_selector_all(".field h2")] == \
        ["Fleet 1", "Fleet 2"]
    place_fleet(host)
    watcher.wait_for_function(f"Number(document.body.dataset.seq) >= {seq(host)}")
    assert not watcher.query_selector(".cell.hull")  # a spectator sees no ship before the end
    assert not watcher.query_selector("#fb-panel")
    assert "firepower" in host.inner_text(".field.mine .fb-totals")
    seen = play_out([host, guest])
    for page, first in ((host, "Your fleet"), (guest, "Your fleet"), (watcher, "Fleet 1")):
        check_the_end(page, first)
    # The guest (seat 2) reads its own dice first, as its own field.
    for roll in guest.query_selector_all(".fb-roll"):
        if len(roll.query_selector_all(".fb-die")) == 2:
            assert roll.inner_text().split(":", 1)[1].strip().startswith("Your fleet")
    # The moderator's answers to the volleys, from the first turn on.
    assert "— Turn 1 —" in seen and any("hits:" in line for line in seen), sorted(seen)


def test_a_battle_against_the_computer_with_a_step_in_russian(browser: Any,
                                                              server: Server) -> None:
    page = open_fleet_page(browser, server.url)
    choose_duel(page)
    page.select_option("#level", "novice")
    page.click("#vs-computer")
    place_fleet(page)
    page.wait_for_selector("#fb-panel[data-action='retreat']")
    assert "Turn 1" in page.inner_text("#status-text")
    switch_language(page, "ru")
    assert "Ход 1" in page.inner_text("#status-text")
    assert "Продолжать бой" in page.inner_text("#fb-panel")
    assert "Ваш флот" in page.inner_text(".field.mine h2")
    assert "Ход 1" in page.inner_text("#log")
    act(page)  # fight on, in Russian
    page.wait_for_selector("#fb-panel[data-action='orders']")
    assert "Огонь" in page.inner_text("#fb-panel")
    switch_language(page, "en")
    assert page.inner_text("#fb-fire") == "Fire"
    # A cell clicked twice is taken back; the count follows.
    cell = page.get_attribute(".field.theirs .cell:not([disabled])", "data-cell")
    page.click(f".field.theirs .cell[data-cell='{cell}']")
    assert "cells: 1 of" in page.inner_text("#fb-count")
    page.click(f".field.theirs .cell[data-cell='{cell}']")
    assert "cells: 0 of" in page.inner_text("#fb-count")
    play_out([page])
    check_the_end(page)
    assert page.query_selector("#rematch") and page.query_selector("#record")


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}])
def test_a_phone_sized_page_shows_both_fields_and_the_orders(browser: Any, server: Server,
                                                              size: dict[str, int]) -> None:
    page = open_fleet_page(browser, server.url, viewport=size)
    choose_duel(page)
    page.click("#vs-computer")
    place_fleet(page)
    act(page)
    page.wait_for_selector("#fb-panel[data-action='orders']")
    fits(page, size["width"])
    play_out([page])
    page.wait_for_selector("#fb-results")
    fits(page, size["width"])  # the dice, the results table


def fits(page: Any, width: int) -> None:
    """Nothing is wider than the screen, and both fields are whole on it."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, wide
    for side in ("mine", "theirs"):
        box = page.query_selector(f".field.{side} .board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
