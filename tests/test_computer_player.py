"""The computer as a player: its next move can be asked for without being made (the web
server logs a move before applying it), and making it is what :meth:`ComputerPlayer.act` does."""

from __future__ import annotations

import random

import pytest

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.moves import Fire, make_move
from seabattle.battleship.rules import rules_from_dict


def players(rules_data: dict[str, object], seed: int) -> tuple[Game, list[ComputerPlayer]]:
    rules = rules_from_dict(rules_data)
    fleets = [random_fleet(rules, random.Random(f"{seed}:fleet:{p}")) for p in (0, 1)]
    computers = [ComputerPlayer(make_strategy("hard", random.Random(f"{seed}:shots:{p}"), rules),
                                random.Random(f"{seed}:decisions:{p}")) for p in (0, 1)]
    return Game(rules, fleets, seed % 2), computers


@pytest.mark.parametrize("rules_data", [
    {"base": "classic", "mines": 2, "minesweepers": 1},
    {"base": "classic", "salvo": 2},
    {"base": "flying-dutchman"},
])
def test_next_move_then_make_move_plays_as_act_does(rules_data: dict[str, object]) -> None:
    asked, asking = players(rules_data, 3)
    acted, acting = players(rules_data, 3)
    kinds = set()
    while not asked.is_over:
        seat = next(s for s in (0, 1) if asking[s].due(asked, s))
        assert asking[1 - seat].next_move(asked, 1 - seat) is None  # not its turn
        events = len(asked.events)
        move = asking[seat].next_move(asked, seat)
        assert move is not None and len(asked.events) == events  # asked, not made
        kinds.add(type(move).__name__ if not isinstance(move, Fire)
                  else "salvo" if len(move.cells) > 1 else "shot")
        assert make_move(asked, seat, move) == acting[seat].act(acted, seat)
    assert acted.is_over and asked.events == acted.events
    assert asking[0].next_move(asked, 0) is None and asking[0].act(asked, 0) == []
    decision = "MoveShip" if rules_data["base"] == "flying-dutchman" else "Decide"
    expected = {"salvo"} if "salvo" in rules_data else {"shot", decision}
    assert kinds == expected
