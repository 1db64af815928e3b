"""The computer thinks without holding up the server: while a computer seat of one game
is still choosing its move, another game's moves are answered — whether it thinks in the
thread that changes its room (:meth:`seabattle.server.service.Hub._change`) or in a worker
process of the hub's :class:`~seabattle.server.thinking.ThinkingPool`.

The computer is made to think until the test lets it: if its thinking held the event
loop, the other game could not be answered before the computer gave up waiting, and the
test would see that it did. The process pool's computers are real ones in real workers:
a whole game is played through them, with a worker killed in the middle of it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from seabattle.battleship.online.hosting import BattleshipHost
from seabattle.games.hosting import ComputerSeat
from seabattle.server.app import create_app
from seabattle.server.thinking import ThinkingPool
from tests.test_server import Peer, hello, new_game, next_target, place_random, private_pair, sync

THINKING_SECONDS = 60
"""The longest the held computer waits for the test's word."""

FORK = multiprocessing.get_context("fork")
"""The held computer's pool forks its worker, which so inherits the patched computer and
the test's events (a worker the server spawns imports the games afresh)."""


class HeldComputer(ComputerSeat[Any, Any]):
    """A computer seat that, in battle, thinks until :attr:`go` is set (or the time is
    up), counting in :attr:`late` the times it gave up waiting."""

    def __init__(self, computer: ComputerSeat[Any, Any], go: Any, late: Any) -> None:
        self.computer, self.go, self.late = computer, go, late

    def act(self, state: Any, seat: int) -> Any:
        action = self.computer.act(state, seat)
        if action is not None and state.game is not None and not self.go.wait(
                THINKING_SECONDS):
            with self.late.get_lock():
                self.late.value += 1
        return action


def until_my_turn(me: Peer) -> dict[str, Any]:
    state = me.until("state")
    while state["phase"] != "battle" or state["to_move"] != 0:
        state = me.until("state")
    return state


@pytest.mark.parametrize("where", ["thread", "process"])
def test_a_thinking_computer_holds_up_no_other_game(db: Path, where: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    go, late = FORK.Event(), FORK.Value("i", 0)
    plain = BattleshipHost.computer
    monkeypatch.setattr(BattleshipHost, "computer", lambda self, *args: HeldComputer(
        plain(self, *args), go, late))
    thinking = ThinkingPool(1, method="fork") if where == "process" else None
    with TestClient(create_app(db, thinking=thinking)) as client, \
            contextlib.ExitStack() as stack:
        against = new_game(client, mode="computer", level="novice", preset="six")
        me = hello(stack.enter_context(client.websocket_connect("/ws")), against["game"],
                   "me", token=against["token"])
        go.set()  # until the person's turn, the computer thinks at once
        place_random(me)
        state = until_my_turn(me)
        go.clear()
        # The computer's turn next, hit or miss (no shooting again on "six"): the person's
        # shot is told with the computer's answer, once it has thought.
        me.send({"type": "fire", "cell": next_target(state)})
        # Meanwhile, in another game between two people, a shot is answered.
        game, joined = private_pair(client, preset="six")
        one = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"],
                    "one", token=game["token"])
        two = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"],
                    "two", token=joined["token"])
        place_random(one)
        place_random(two)
        battle = one.state
        while battle["phase"] != "battle":
            battle = one.until("state")
        shooter = one if one.state["you"] == battle["to_move"] else two
        shooter.send({"type": "fire", "cell": next_target(sync(shooter, battle["seq"]))})
        assert shooter.until("shot")["seat"] == shooter.state["you"]
        assert late.value == 0, "the other game was answered while the computer thought"
        go.set()  # the computer may now finish its thought
        assert me.until("shot", seat=1)
    assert late.value == 0


def test_computers_in_worker_processes_play_a_whole_game_and_survive_a_killed_worker(
        db: Path) -> None:
    thinking = ThinkingPool(1)  # spawned, as `seabattle serve` starts them
    with TestClient(create_app(db, thinking=thinking)) as client, \
            contextlib.ExitStack() as stack:
        game = new_game(client, mode="computer", level="novice", preset="six")
        me = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"], "me",
                   token=game["token"])
        place_random(me)
        state = until_my_turn(me)
        killed: list[int] = []
        while state["phase"] != "over":
            if not killed and any(m["type"] == "shot" and m["seat"] == 1 for m in me.received):
                killed = thinking.pids()
                for pid in killed:
                    os.kill(pid, signal.SIGKILL)
            me.send({"type": "fire", "cell": next_target(state)})
            state = sync(me, state["seq"] + 1)
            while state["phase"] != "over" and state["to_move"] != 0:
                state = me.until("state")
        assert killed, "the computer fired before the game ended"
        assert thinking.pids() and not set(thinking.pids()) & set(killed), "a new worker"
        shots = [m for m in me.received if m["type"] == "shot" and m["seat"] == 1]
        assert len({shot["cell"] for shot in shots}) == len(shots), "no cell fired twice"
        assert not [m for m in me.received if m["type"] == "error"]
