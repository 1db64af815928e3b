"""The turn a seat may play, served in its ``state`` (``turn``): the message that fires it,
its shots and the cells that may be aimed at, as the engine has them, so that the browser
computes neither the salvo mode nor the cells not fired at."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.coords import iter_cells  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from tests.test_server import Peer, sync  # noqa: E402
from tests.test_web_variants import hub, start  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as test_client:
        yield test_client


def engine_legal(client: TestClient, game: str, seat: int) -> list[int]:
    room = hub(client).rooms[game]
    legal = room.state.game.view(seat).legal_shots()
    return list(iter_cells(legal))


def states(peers: dict[int, Peer], watcher: Peer, seq: int) -> tuple[dict[str, Any], ...]:
    return sync(peers[0], seq), sync(peers[1], seq), sync(watcher, seq)


@pytest.mark.parametrize(("request_", "action", "shots"), [
    ({}, "fire", 1), ({"salvo": 3}, "fire_salvo", 3),
    ({"preset": "six", "salvo": "ships"}, "fire_salvo", None)])
def test_turn_goes_to_the_seat_to_move_and_matches_the_engine(
        client: TestClient, request_: dict[str, Any], action: str, shots: int | None) -> None:
    with ExitStack() as stack:
        peers, watcher, _ = start(client, stack, **request_)
        state = sync(peers[0], 0)
        game, seat = state["game"], state["to_move"]
        for _ in range(2):  # a turn, then the next one
            seq = max(p.state["seq"] for p in (*peers.values(), watcher))
            mover, waiting, watching = (states(peers, watcher, seq)[i] for i in (seat, 1 - seat, 2))
            turn = mover["turn"]
            assert waiting["turn"] is None and watching["turn"] is None
            assert turn["action"] == action and turn["shots"] == mover["shots_due"]
            if shots is not None:
                assert turn["shots"] == shots
            assert turn["cells"] == engine_legal(client, game, seat)
            fired = {s["cell"] for s in mover["boards"][1 - seat]["shots"]}
            assert fired.isdisjoint(turn["cells"])
            width, height = mover["rules"]["width"], mover["rules"]["height"]
            assert len(turn["cells"]) == width * height - len(fired)
            aimed = turn["cells"][:turn["shots"]]
            peers[seat].send({"type": action, **({"cells": aimed} if action == "fire_salvo"
                                                 else {"cell": aimed[0]})})
            peers[seat].until("shot")
            after = sync(peers[seat], mover["seq"] + 1)
            seat = after["to_move"]
            if after["turn"] is not None:  # shot again: the cell is no longer legal
                assert not set(aimed) & set(after["turn"]["cells"])
                assert after["turn"]["cells"] == engine_legal(client, game, seat)
            else:
                assert sync(peers[seat], after["seq"])["turn"]["cells"] == engine_legal(
                    client, game, seat)


def test_a_cell_fired_at_leaves_the_shooters_turn(client: TestClient) -> None:
    with ExitStack() as stack:
        peers, _, fleets = start(client, stack)  # classic: a hit shoots again
        state = sync(peers[0], 0)
        game, shooter = state["game"], state["to_move"]
        ships = {c for ship in fleets[1 - shooter] for c in ship}
        before = sync(peers[shooter], state["seq"])["turn"]["cells"]
        for cell, hit in ((min(ships), True), (min(set(before) - ships), False)):
            peers[shooter].send({"type": "fire", "cell": cell})
            shot = peers[shooter].until("shot")
            assert (shot["result"] != "miss") == hit
            after = sync(peers[shooter], shot["seq"] + 1)
            seat = after["to_move"]
            assert seat == (shooter if hit else 1 - shooter)
            now = sync(peers[seat], shot["seq"] + 1)
            assert now["turn"]["cells"] == engine_legal(client, game, seat)
            if hit:  # the same shooter, one cell fewer
                assert now["turn"]["cells"] == [c for c in before if c != cell]
                before = now["turn"]["cells"]
            else:
                assert after["turn"] is None and cell in now["turn"]["cells"]


def test_no_turn_once_the_game_is_over(client: TestClient) -> None:
    with ExitStack() as stack:
        peers, watcher, _ = start(client, stack)
        state = sync(peers[0], 0)
        peers[state["to_move"]].send({"type": "resign"})
        for peer in (*peers.values(), watcher):
            peer.until("game_over")
            assert sync(peer, state["seq"] + 1)["turn"] is None
