"""The computer thinks without holding up the server: while a computer seat of one game
is still choosing its move, another game's moves are answered (the room with a computer
changes in a worker thread, :meth:`seabattle.server.service.Hub._change`).

The computer of the toy game of ``tests/test_server.py`` is made to think until the test
lets it: if its thinking held the event loop, the other game could not be answered
before the computer gave up waiting, and the test would see that it did.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from seabattle.games.hosting import ComputerSeat
from seabattle.server.app import create_app
from tests.test_server import hello, new_game, odds, private_pair  # noqa: F401 (odds: a fixture)

THINKING_SECONDS = 60
"""The longest the held computer waits for the test's word."""


class HeldComputer(ComputerSeat[Any, Any]):
    """A computer seat that thinks until :attr:`go` is set (or the time is up)."""

    def __init__(self, computer: ComputerSeat[Any, Any], go: threading.Event,
                 outcome: list[bool]) -> None:
        self.computer, self.go, self.outcome = computer, go, outcome

    def act(self, state: Any, seat: int) -> Any:
        action = self.computer.act(state, seat)
        if action is not None and state.turn is not None:  # a guess, not its set-up
            self.outcome.append(self.go.wait(THINKING_SECONDS))
        return action


def test_a_thinking_computer_holds_up_no_other_game(db: Path, request: pytest.FixtureRequest,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game = request.getfixturevalue("odds")  # test_server.py's toy game, registered
    go, told_in_time = threading.Event(), []
    host = type(game.host())
    plain = host.computer
    monkeypatch.setattr(host, "computer", lambda self, *args: HeldComputer(
        plain(self, *args), go, told_in_time))
    with TestClient(create_app(db)) as client, contextlib.ExitStack() as stack:
        against = new_game(client, game="odds", mode="computer", level="plain", top=10)
        me = hello(stack.enter_context(client.websocket_connect("/ws")), against["game"],
                   "me", token=against["token"])
        go.set()  # until the person's turn, the computer thinks at once
        me.send({"type": "pick", "number": 5})
        state = me.until("state")
        while state["to_move"] != 0:  # chance drew who starts: the computer guessed first
            state = me.until("state")
        go.clear()
        me.send({"type": "guess", "number": 0})  # wrong: the computer is to guess now
        # Meanwhile, in another game between two people, a move is answered.
        game, joined = private_pair(client, game="odds", top=3)
        other = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"],
                      "other", token=game["token"])
        other.send({"type": "pick", "number": 1})
        assert other.until("my_pick")["number"] == 1
        go.set()  # the computer may now finish its thought
        assert me.until("guessed", guessed=1)
    assert told_in_time and all(told_in_time), "the computer was let go in time"
