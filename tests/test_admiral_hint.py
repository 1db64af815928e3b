"""The terminal's heat-map hint under the variants the admiral now models (issue 16): a
map with mines, minesweepers, submarines, silent sinkings or the Flying Dutchman."""

from __future__ import annotations

import pytest

from seabattle.battleship.terminal.tui.board import Board
from tests.test_tui_variants import SIZE, chosen_rules, make_app, to_battle


@pytest.mark.parametrize("options", [("--mines", "2", "--minesweepers", "1"),
                                     ("--submarines", "2", "--announce", "none"),
                                     ("--rules", "flying-dutchman")], ids=str)
async def test_the_hint_maps_games_with_mines_submarines_silent_sinkings_and_dutchmen(
        options: tuple[str, ...]) -> None:
    app = make_app(chosen_rules(*options))
    async with app.run_test(size=SIZE) as pilot:
        battle = await to_battle(pilot)
        await pilot.press("ctrl+t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        heat = battle.query_one("#enemy", Board).heat
        assert heat is not None and max(heat) > 0
        assert len(app.session.hints) == 1
