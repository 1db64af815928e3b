"""The variants of RULES.md §3 in ``seabattle serve``: lobby options, the ``fire_salvo`` and
``decide`` messages with their errors, hidden information in every variant, timers that
decide for a slow player, and restarts that replay the new events.

Driven through Starlette's TestClient like ``tests/test_server.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.moves import MoveShip  # noqa: E402
from seabattle.coords import iter_cells  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from seabattle.server.entries import Played  # noqa: E402
from seabattle.server.messages import client_types  # noqa: E402
from seabattle.server.service import Hub  # noqa: E402
from tests.test_server import Peer, hello, place_random, private_pair, sync  # noqa: E402

VARIANTS: dict[str, dict[str, Any]] = {
    "salvo": {"preset": "classic", "salvo": 3},
    "salvo-ships": {"preset": "six", "salvo": "ships"},
    "no-shoot-again": {"preset": "classic", "shoot_again": False},
    "silent-sinking": {"preset": "classic", "announce": "none"},
    "mines": {"preset": "classic", "mines": 1},
    "minesweepers": {"preset": "big-16", "mines": 3, "minesweepers": 1},
    "mines-touch": {"preset": "classic", "mines": 2, "minesweepers": 1, "mines_touch": True},
    "submarines": {"preset": "classic", "submarines": 2, "mines": 1},
    "shapes": {"preset": "classic", "shape": "zigzag"},
    "flying-dutchman": {"preset": "flying-dutchman", "dutchman_decks": 5},
}
"""One lobby request per variant (the rule sets of ``tests/test_golden.py``)."""


def hub(client: TestClient) -> Hub:
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def pong(peer: Peer) -> int:
    peer.send({"type": "ping"})
    seq: int = peer.until("pong")["seq"]
    return seq


def roles(state: dict[str, Any]) -> list[str]:
    return [kind["role"] for kind in state["fleet"]]


def cells_of(fleet: list[list[int]], state: dict[str, Any], role: str) -> list[int]:
    return [c for ship, r in zip(fleet, roles(state), strict=True) if r == role for c in ship]


# --- the lobby -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_lobby_builds_every_variant(client: TestClient, name: str) -> None:
    request = VARIANTS[name]
    response = client.post("/api/games", json={"mode": "private", **request})
    assert response.status_code == 201, response.text
    with client.websocket_connect("/ws") as ws:
        rules = hello(ws, response.json()["game"], "a", token=response.json()["token"]).state
    data = rules["rules"]
    for key in ("salvo", "announce", "mines", "minesweepers", "submarines", "mines_touch"):
        if key in request:
            assert data[key] == request[key]
    if "shape" in request:
        assert data["ships"][0] == {"size": 4, "count": 1, "name": "battleship",
                                    "shape": request["shape"]}
    if "dutchman_decks" in request:
        assert rules["fleet"] == [{"size": 5, "name": "dutchman", "shape": "king",
                                   "role": "ship", "orientations": None}]  # painted
    assert len(rules["fleet"]) == sum(run["count"] for run in data["ships"]) + sum(
        data.get(key, 0) for key in ("mines", "minesweepers", "submarines"))


@pytest.mark.parametrize("body, code, words", [
    ({"salvo": 3, "mines": 1}, "error.rules_combination", "залп"),
    ({"salvo": 2, "shoot_again": True}, "error.rules_combination", "залп"),
    ({"preset": "flying-dutchman", "mines": 1}, "error.rules_combination", "голландец"),
    ({"mines": 9, "minesweepers": 9, "submarines": 9, "preset": "big-18"}, None, None),
    ({"preset": "flying-dutchman", "shape": "l"}, "game.error.field", "shape"),
    ({"dutchman_decks": 6}, "game.error.field", "dutchman_decks"),
    ({"salvo": 0}, "game.error.field", "salvo"), ({"salvo": "all"}, "game.error.field", "salvo"),
    ({"announce": "loud"}, "game.error.field", "announce"),
    ({"mines": -1}, "game.error.field", "mines"), ({"submarines": 10}, "game.error.field", ""),
    ({"mines_touch": "yes"}, "game.error.field", "mines_touch"),
    ({"shape": "circle"}, "game.error.field", "shape"),
    ({"preset": "flying-dutchman", "dutchman_decks": 9}, "game.error.field", "dutchman_decks"),
])
def test_lobby_refuses_what_does_not_go_together(client: TestClient, body: dict[str, Any],
                                                 code: str | None, words: str | None) -> None:
    response = client.post("/api/games?lang=ru", json={"mode": "private", "preset": "classic",
                                                       **body})
    if code is None:
        assert response.status_code == 201, response.text
        return
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code and words in response.json()["message"]


def test_random_pairing_matches_the_whole_rule_set(client: TestClient) -> None:
    def random_game(**body: Any) -> dict[str, Any]:
        created: dict[str, Any] = client.post(
            "/api/games", json={"mode": "random", "preset": "classic", **body}).json()
        return created
    mines = random_game(mines=1)
    plain = random_game()
    touching = random_game(mines=1, mines_touch=True)
    assert len({mines["game"], plain["game"], touching["game"]}) == 3
    assert random_game(mines=1)["game"] == mines["game"]
    assert random_game(mines=1, mines_touch=True)["game"] == touching["game"]
    assert random_game(salvo=2)["game"] != random_game(salvo=3)["game"]


# --- whole games in every variant, and what each audience saw ---------------------------------

def move_for(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal message for the player ``state`` is for, or ``None`` if nothing is due."""
    me = state["you"]
    pending = state["pending"]
    if pending is not None:
        if pending["seat"] != me:
            return None
        if pending["decision"] == "move_ship":
            return {"type": "decide", "stay": True}
        return {"type": "decide", "cell": rng.choice(pending["options"])}
    if state["phase"] != "battle" or state["to_move"] != me:
        return None
    enemy = state["boards"][1 - me]
    fired = {s["cell"] for s in enemy["shots"]}
    sure = [c for c in enemy["given"] if c not in fired]
    free = [c for c in range(state["rules"]["width"] * state["rules"]["height"])
            if c not in fired and c not in enemy["ring"] and c not in sure]
    ring = [c for c in enemy["ring"] if c not in fired]  # known empty: fired at only when due
    choice = sure + rng.sample(free, len(free)) + ring
    if state["shots_due"] > 1:
        return {"type": "fire_salvo", "cells": choice[:state["shots_due"]]}
    return {"type": "fire", "cell": choice[0]}


def current(peer: Peer, seq: int) -> dict[str, Any]:
    """The state at ``seq`` or later; an error on the way fails the test (it would hang)."""
    while peer.state.get("seq", -1) < seq:
        message = peer.recv()
        assert message["type"] != "error", message
    return peer.state


def play_out(peers: dict[int, Peer], seed: str) -> dict[str, Any]:
    """Both players play at random to the end; the last state."""
    rng = random.Random(seed)
    seq = max(p.state["seq"] for p in peers.values())
    for _ in range(3000):
        states = {s: current(p, seq) for s, p in peers.items()}
        if states[0]["phase"] == "over":
            return states[0]
        for seat, state in states.items():
            message = move_for(state, rng)
            if message is not None:
                peers[seat].send(message)
                seq = state["seq"] + 1
                break
        else:
            raise AssertionError(f"nobody can move: {states[0]}")
    raise AssertionError("the game did not end")


def secret_cells(client: TestClient, game: str, owner: int) -> set[int]:
    """Every cell a piece of ``owner``'s fleet ever stood on (the Dutchman moves)."""
    room = client.portal.call(hub(client).room, game)  # type: ignore[union-attr]
    battle = room.state.game
    assert battle is not None
    cells = {c for ship in battle.fleets[owner] for c in iter_cells(ship.cells)}
    for entry in room.log:
        if isinstance(entry, Played) and entry.seat == owner \
                and isinstance(entry.action, MoveShip) and entry.action.cells is not None:
            cells |= set(iter_cells(entry.action.cells))
    return cells


def check_hidden_variants(peer: Peer, seat: int | None, secrets: dict[int, set[int]]) -> None:
    """Before the end, ``peer`` learnt of a hidden fleet only the cells fired at, handed
    over to it or revealed to it; spectators never the handed-over or revealed cells;
    the Dutchman's new cells only its owner."""
    checked = 0
    legit: dict[int, set[int]] = {0: set(), 1: set()}
    for message in peer.received:
        kind = message["type"]
        if kind == "game_over" or (kind == "state" and message["phase"] == "over"):
            break
        checked += 1
        assert "fleets" not in message and "positions" not in message, message
        if kind == "shot":
            legit[1 - message["seat"]].add(message["cell"])
        if kind in ("handover", "mine_revealed"):
            if seat is None:
                assert message.get("cell") is None, message
            elif message["cell"] is not None:
                legit[message["seat"]].add(message["cell"])
        if kind == "ship_moved":
            assert ("cells" in message) == (message["seat"] == seat), message
        if kind == "state":
            pending = message["pending"]
            if pending is not None and pending["seat"] != seat:
                assert "options" not in pending and "size" not in pending, message
        for owner in (0, 1):
            if owner == seat:
                continue
            if kind == "state":
                board = message["boards"][owner]
                assert board["ships"] is None, message
                if seat is None:
                    assert board["given"] == [] and board["revealed_mines"] == [], message
                told = {s["cell"] for s in board["shots"]} | set(board["ring"]) | set(
                    board["given"]) | set(board["revealed_mines"]) | set(board["abandoned"]) | {
                    c for ship in board["sunk"] for c in (ship["cells"] or [ship["cell"]])}
                assert told & secrets[owner] <= legit[owner], (owner, message)
            elif kind == "shot" and message["seat"] != owner:
                told = {message["cell"], *(message.get("sunk_cells") or []),
                        *(message.get("ring") or [])}
                assert told & secrets[owner] <= legit[owner], message
    assert checked


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_played_online_hides_what_it_must(client: TestClient, db: Path,
                                                        name: str) -> None:
    game, joined = private_pair(client, **VARIANTS[name])
    gid = game["game"]
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, gid, "a", token=game["token"])
        b = hello(wb, gid, "b", token=joined["token"])
        watcher = hello(ww, gid, "w", watch=game["watch"])
        place_random(a)
        place_random(b)
        a.until("battle_started")
        a.until("state")
        final = play_out({0: a, 1: b}, name)
        assert final["result"]["reason"] == "fleet_sunk"
        sync(watcher, final["seq"])
        secrets = {owner: secret_cells(client, gid, owner) for owner in (0, 1)}
        for peer, seat in ((a, 0), (b, 1), (watcher, None)):
            check_hidden_variants(peer, seat, secrets)
        room = client.portal.call(hub(client).room, gid)  # type: ignore[union-attr]
        events = list(room.state.game.events)  # type: ignore[union-attr]
    # The store replays every new event (dying shots, hand-overs, moves) after a restart.
    with TestClient(create_app(db)) as fresh:
        again = fresh.portal.call(hub(fresh).room, gid)  # type: ignore[union-attr]
        assert again.state.game is not None and again.state.game.events == events
        assert again.result is not None and again.result.to_data() == final["result"]
        assert fresh.get(f"/api/games/{gid}/record").status_code == 200


# --- every new message and its errors -------------------------------------------------------------

def start(client: TestClient, stack: Any, **request: Any
          ) -> tuple[dict[int, Peer], Peer, dict[int, list[list[int]]]]:
    """Both players and a spectator connected, fleets placed at random, the battle on."""
    game, joined = private_pair(client, **request)
    TOKENS.update({0: game["token"], 1: joined["token"]})
    a = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"], "a",
              token=game["token"])
    b = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"], "b",
              token=joined["token"])
    w = hello(stack.enter_context(client.websocket_connect("/ws")), game["game"], "w",
              watch=game["watch"])
    fleets = {0: place_random(a), 1: place_random(b)}
    a.until("battle_started")
    sync(a, a.state["seq"] + 1)
    sync(b, a.state["seq"])
    return {0: a, 1: b}, w, fleets


TOKENS: dict[int, str] = {}
"""The players' tokens of the game :func:`start` made last (to reconnect after a restart)."""


def refused(peer: Peer, message: dict[str, Any] | str, code: str) -> None:
    """``message`` is refused with ``code`` and changes nothing."""
    before = pong(peer)
    error = peer.error(message)
    assert error["code"] == code, (message, error)
    assert error["message"]
    assert pong(peer) == before


def test_salvo_messages_and_errors(client: TestClient) -> None:
    from contextlib import ExitStack
    with ExitStack() as stack:
        peers, watcher, fleets = start(client, stack, salvo=3)
        state = sync(peers[0], 0)
        shooter, other = peers[state["to_move"]], peers[1 - state["to_move"]]
        assert shooter.state["shots_due"] == 3
        for bad in ({"type": "fire_salvo"}, {"type": "fire_salvo", "cells": []},
                    {"type": "fire_salvo", "cells": 5}, {"type": "fire_salvo", "cells": ["A1"]},
                    {"type": "fire_salvo", "cells": [True, 1, 2]}):
            refused(shooter, bad, "game.error.field")
        refused(shooter, {"type": "fire", "cell": 0}, "error.salvo_size")
        refused(shooter, {"type": "fire_salvo", "cells": [0, 1]}, "error.salvo_size")
        refused(shooter, {"type": "fire_salvo", "cells": [0, 1, 1]}, "error.salvo_repeat")
        refused(shooter, {"type": "fire_salvo", "cells": [0, 1, 100]}, "error.off_field")
        refused(other, {"type": "fire_salvo", "cells": [0, 1, 2]}, "error.shot_not_your_turn")
        refused(shooter, {"type": "decide", "cell": 0}, "error.no_decision")
        refused(watcher, {"type": "fire_salvo", "cells": [0, 1, 2]}, "web.error.spectator")
        shooter.send({"type": "fire_salvo", "cells": [0, 1, 2]})
        shots = [other.until("shot") for _ in range(3)]
        assert [s["cell"] for s in shots] == [0, 1, 2]
        assert len({s["seq"] for s in shots}) == 1  # one turn, one log entry
        state = sync(other, shots[0]["seq"] + 1)
        assert state["to_move"] == other.state["you"]  # a salvo always passes the turn
        refused(shooter, {"type": "fire_salvo", "cells": [3, 4, 5]}, "error.shot_not_your_turn")


def test_handover_decision_messages_errors_timer_and_restart(db: Path) -> None:
    from contextlib import ExitStack
    with TestClient(create_app(db, grace_seconds=60)) as client, ExitStack() as stack:
        peers, watcher, fleets = start(client, stack, mines=1)
        state = sync(peers[0], 0)
        seat = state["to_move"]
        shooter, owner = peers[seat], peers[1 - seat]
        mine = cells_of(fleets[1 - seat], state, "mine")[0]
        shooter.send({"type": "fire", "cell": mine})
        assert shooter.until("shot")["result"] == "mine"
        due = shooter.until("decision_due")
        assert due["seat"] == seat and due["decision"] == "handover"
        state = sync(shooter, due["seq"] + 1)
        options = state["pending"]["options"]
        own = {c for ship, role in zip(fleets[seat], roles(state), strict=True)
               if role != "mine" for c in ship}
        assert set(options) == own
        assert "options" not in sync(owner, due["seq"] + 1)["pending"]
        refused(owner, {"type": "fire", "cell": 0}, "error.decision_pending")
        refused(owner, {"type": "decide", "cell": 0}, "error.no_decision")
        refused(shooter, {"type": "fire", "cell": 0}, "error.decision_pending")
        refused(shooter, {"type": "decide"}, "game.error.field")
        refused(shooter, {"type": "decide", "cell": 1, "stay": True}, "game.error.field")
        refused(shooter, {"type": "decide", "stay": False}, "game.error.field")
        refused(shooter, {"type": "decide", "cells": [options[0]]}, "game.error.decision_kind")
        refused(shooter, {"type": "decide", "stay": True}, "game.error.decision_kind")
        not_mine = next(c for c in range(100) if c not in own)
        refused(shooter, {"type": "decide", "cell": not_mine}, "error.handover_cell")
        refused(watcher, {"type": "decide", "cell": options[0]}, "web.error.spectator")
    # A restart while the decision is pending: it is still due, and made now.
    with TestClient(create_app(db, grace_seconds=60)) as client, \
            client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as wo:
        gid = watcher.state["game"]
        shooter = hello(ws, gid, "s", token=TOKENS[seat])
        owner = hello(wo, gid, "o", token=TOKENS[1 - seat])
        assert shooter.state["pending"]["options"] == options
        shooter.send({"type": "decide", "cell": options[0]})
        told = owner.until("handover")
        assert told == {"type": "handover", "seat": seat, "cell": options[0], "seq": told["seq"]}
        state = sync(owner, told["seq"] + 1)
        assert state["boards"][seat]["given"] == [options[0]] and state["pending"] is None
        assert state["to_move"] == 1 - seat  # hitting a mine passes the turn to its owner
        owner.send({"type": "fire", "cell": options[0]})
        shot = owner.until("shot")
        assert shot["cell"] == options[0] and shot["result"] in ("hit", "sunk")
        assert sync(owner, shot["seq"] + 1)["to_move"] == 1 - seat  # a sure hit shoots again


def test_turn_timer_decides_for_a_slow_player(db: Path) -> None:
    from contextlib import ExitStack
    with TestClient(create_app(db)) as client, ExitStack() as stack:
        peers, watcher, fleets = start(client, stack, preset="big-16", mines=3, minesweepers=1,
                                       turn_seconds=1)
        state = sync(peers[0], 0)
        seat = state["to_move"]
        shooter = peers[seat]
        sweeper = cells_of(fleets[1 - seat], state, "minesweeper")[0]
        shooter.send({"type": "fire", "cell": sweeper})
        assert shooter.until("shot")["result"] == "minesweeper"
        assert shooter.until("decision_due")["decision"] == "reveal_mine"
        timeout = shooter.until("timeout")
        assert timeout["seat"] == seat and timeout["strikes"] == 1
        revealed = peers[1 - seat].until("mine_revealed")
        assert revealed["auto"] is True and revealed["seat"] == seat
        assert revealed["cell"] in cells_of(fleets[seat], state, "mine")
        told = watcher.until("mine_revealed")
        assert told.get("cell") is None and told["auto"] is True
        state = sync(peers[1 - seat], revealed["seq"])
        assert state["boards"][seat]["revealed_mines"] == [revealed["cell"]]
        assert sync(watcher, revealed["seq"])["boards"][seat]["revealed_mines"] == []


def dutchman_hit(client: TestClient, stack: Any
                 ) -> tuple[Peer, Peer, Peer, int, list[int], dict[str, Any]]:
    """A Flying Dutchman game of two players and a spectator, whose first shot hits the
    other's five-decker: the shooter, the owner, the spectator, the shooter's seat, the
    ship's cells and the owner's state, the move due."""
    peers, watcher, fleets = start(client, stack, preset="flying-dutchman", dutchman_decks=5)
    seat = sync(peers[0], 0)["to_move"]
    shooter, owner = peers[seat], peers[1 - seat]
    ship = fleets[1 - seat][0]
    shooter.send({"type": "fire", "cell": ship[0]})
    assert shooter.until("shot")["result"] == "hit"
    due = owner.until("decision_due")
    return shooter, owner, watcher, seat, ship, sync(owner, due["seq"] + 1)


def test_flying_dutchman_moves_hidden_from_the_opponent(client: TestClient) -> None:
    from contextlib import ExitStack
    with ExitStack() as stack:
        shooter, owner, watcher, seat, ship, state = dutchman_hit(client, stack)
        assert state["pending"] == {"seat": 1 - seat, "decision": "move_ship", "size": 4,
                                    "options": [c for c in range(400) if c != ship[0]]}
        free = [c for c in range(400) if c not in ship]
        refused(owner, {"type": "decide", "cell": free[0]}, "game.error.decision_kind")
        refused(owner, {"type": "decide", "cells": free[:3]}, "error.move_ship")
        refused(owner, {"type": "decide", "cells": [ship[0], *ship[2:]]}, "error.move_ship")
        refused(owner, {"type": "decide", "cells": [0, 2, 4, 6]}, "error.move_ship")
        refused(owner, {"type": "decide", "cells": [0, 1, 2, 400]}, "error.off_field")
        refused(shooter, {"type": "decide", "stay": True}, "error.no_decision")
        target = [c for c in (399, 398, 397, 396) if c not in ship]
        if len(target) < 4:
            target = [0, 1, 2, 3]
        owner.send({"type": "decide", "cells": target})
        mine = owner.until("ship_moved")
        assert mine["cells"] == sorted(target) and mine["moved"] is True
        theirs = shooter.until("ship_moved")
        assert "cells" not in theirs and theirs["moved"] is True
        assert "cells" not in watcher.until("ship_moved")
        state = sync(owner, mine["seq"] + 1)
        assert sorted(state["boards"][1 - seat]["ships"][0]["cells"]) == sorted(target)
        enemy = sync(shooter, mine["seq"] + 1)["boards"][1 - seat]
        assert enemy["ships"] is None and enemy["abandoned"] == [ship[0]]


def test_every_client_message_type_is_covered() -> None:
    assert {"fire_salvo", "decide"} <= set(client_types())
