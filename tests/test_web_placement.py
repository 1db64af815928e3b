"""The set-up's rules served to the browser: shapes' orientations in the ``state``, and
``check_fleet`` answered with the engine's problems (``fleet_check``), nothing stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.rules import find_rules  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from tests.test_server import hello, private_pair  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as test_client:
        yield test_client


def test_state_lists_each_kinds_orientations_from_the_engine(client: TestClient) -> None:
    game, _ = private_pair(client, shape="zigzag")
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, game["game"], "alice", token=game["token"]).state
    zigzag, cruiser = state["fleet"][0], state["fleet"][1]
    assert zigzag["shape"] == "zigzag" and len(zigzag["orientations"]) == 4
    assert cruiser["orientations"] == [[[0, 0], [0, 1], [0, 2]], [[0, 0], [1, 0], [2, 0]]]
    for offsets in zigzag["orientations"]:
        assert offsets == sorted(offsets)  # in reading order, from the top left corner
        assert min(r for r, _ in offsets) == 0 == min(c for _, c in offsets)
    game, _ = private_pair(client, preset="bent")
    with client.websocket_connect("/ws") as ws:
        kinds = hello(ws, game["game"], "alice", token=game["token"]).state["fleet"]
    assert any(k["orientations"] is None for k in kinds)  # bent kinds are painted


def test_check_fleet_answers_the_engines_problems_to_the_asker_only(client: TestClient) -> None:
    game, joined = private_pair(client)
    rules = find_rules("classic")
    ships: list[Any] = [None] * len(rules.fleet)
    ships[0] = [0, 1, 2, 3]
    ships[1] = {"row": 1, "column": 0, "orientation": 0}  # under the battleship: touches
    ships[2] = {"row": 9, "column": 8, "orientation": 0}  # sticks out on the right
    ships[3] = [60, 62]  # a destroyer in two pieces
    ships[4] = [44]  # destroyers being painted: each cell is checked, not yet the shape
    ships[5] = [14]  # (this one's cell touches the battleship)
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as other_ws:
        alice = hello(ws, game["game"], "alice", token=game["token"], lang="ru")
        bob = hello(other_ws, game["game"], "bob", token=joined["token"])
        seq = alice.state["seq"]
        alice.send({"type": "check_fleet", "ships": ships})
        answer = alice.until("fleet_check")
        bob.send({"type": "ping"})
        assert all(m["type"] != "fleet_check" for m in [bob.until("pong")] + bob.received)
        alice.send({"type": "ping"})
        assert alice.until("pong")["seq"] == seq  # nothing logged
        # The problem is the one ``place`` gives, in the asker's language.
        fleet = [[0, 1, 2, 3], [10, 11, 12], [30, 31, 32], [50, 51], [53, 54], [56, 57],
                 [70], [72], [74], [76]]
        placed = alice.error({"type": "place", "ships": fleet})
    assert answer["ships"][:4] == [[0, 1, 2, 3], [10, 11, 12], [98, 99], [60, 62]]
    problems = answer["problems"]
    codes = [p and p["code"] for p in problems]
    assert codes[:4] == ["error.placement_touching", "error.placement_touching",
                         "error.placement_off_field", "error.placement_shape"]
    assert codes[4:] == [None, "error.placement_touching"] + [None] * 4
    assert (placed["code"], placed["message"]) == (problems[1]["code"], problems[1]["message"])
    assert problems[0]["message"].startswith("корабль «линкор» (А1–Г1) касается")
    assert problems[2]["cells"] == [98, 99] and "не помещается" in problems[2]["message"]


def test_check_fleet_is_refused_out_of_the_set_up_and_to_spectators(client: TestClient) -> None:
    game, joined = private_pair(client)
    with client.websocket_connect("/ws") as ws:
        alice = hello(ws, game["game"], "alice", token=game["token"])
        assert alice.error({"type": "check_fleet", "ships": [[0]]})["code"] == "game.error.field"
        bad = [None] * 9 + [{"row": 0, "column": 0}]
        assert alice.error({"type": "check_fleet", "ships": bad})["code"] == "game.error.field"
    with client.websocket_connect("/ws") as ws:
        watcher = hello(ws, game["game"], "watcher", watch=game["watch"])
        refused = watcher.error({"type": "check_fleet", "ships": [None] * 10})
        assert refused["code"] == "web.error.spectator"
