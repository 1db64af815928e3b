"""The server's limits and its answers to abuse (issue 15), in-process: each limit refuses
with its translated error and lets honest traffic through; bad frames, keys and bodies get
errors, never a traceback or a dropped connection; what the computer draws does not
depend on the game's public id.

The limits are set low here (``Limits(...)``) so that a test reaches them in a few
messages; their defaults are ``seabattle serve``'s (``docs/server.md``).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient, WebSocketDenialResponse  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from seabattle.games import chance  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from seabattle.server.limits import (  # noqa: E402
    Gate,
    KeyedBuckets,
    LimitError,
    Limits,
    TokenBucket,
)
from seabattle.server.rooms import Room  # noqa: E402
from tests.test_server import Peer, hello, new_game, place_random, private_pair  # noqa: E402


def serve(db: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(db, grace_seconds=0, limits=Limits(**limits)))


def refused(ws: Any) -> dict[str, Any]:
    """The error a refused socket is told, after which it is closed."""
    error: dict[str, Any] = ws.receive_json()
    assert error["type"] == "error" and error["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 1008
    return error


def alive(peer: Peer) -> None:
    peer.send({"type": "ping"})
    peer.until("pong")


# --- the counters --------------------------------------------------------------------------

def test_a_token_bucket_allows_its_burst_then_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(2.0, 3, lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == pytest.approx(0.5)
    now[0] = 0.5
    assert bucket.take() and not bucket.take()
    keyed: KeyedBuckets[str] = KeyedBuckets(1.0, 1, lambda: now[0], most=2)
    assert keyed.take("a") == 0 and keyed.take("a") == pytest.approx(1.0)
    keyed.take("b")
    keyed.take("c")  # a third key: full buckets (none here) or the oldest are forgotten
    assert len(keyed.buckets) <= 2


# --- HTTP ------------------------------------------------------------------------------------

def test_every_response_has_the_security_headers(client: TestClient) -> None:
    for response in (client.get("/"), client.get("/api/options"), client.get("/static/app.js"),
                     client.post("/api/games", content=b"{")):
        headers = response.headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert "connect-src 'self' ws://testserver wss://testserver;" in \
            headers["content-security-policy"]
    forged = client.get("/", headers={"host": "x; script-src *"}).headers
    assert "connect-src 'self';" in forged["content-security-policy"]
    assert "script-src *" not in forged["content-security-policy"]


def test_a_body_over_the_limit_is_refused_while_read(db: Path) -> None:
    with serve(db, body_bytes=1000) as client:
        body = json.dumps({"mode": "private", "pad": "x" * 2000}).encode()
        response = client.post("/api/games?lang=ru", content=body)
        assert response.status_code == 413 and response.json()["code"] == "web.error.too_long"
        assert "1000" in response.json()["message"] and "байт" in response.json()["message"]
        # Chunked, without a length: counted as it comes (the TestClient sends it whole;
        # scripts/abuse_test.py sends 50 MB to a real server).
        response = client.post("/api/games", content=iter([b" " * 500] * 100))
        assert response.status_code == 413
        assert client.post("/api/games", json={"mode": "private"}).status_code == 201


def test_games_per_address_a_minute(db: Path) -> None:
    with serve(db, games_per_minute=3) as client:
        for _ in range(3):
            new_game(client)
            assert client.post("/api/games", json={"mode": "solo"}).status_code == 400
        response = client.post("/api/games?lang=ru", json={"mode": "private"})
        assert response.status_code == 429 and response.json()["code"] == "web.error.games_rate"
        assert "3" in response.json()["message"] and "минуту" in response.json()["message"]


@pytest.mark.parametrize("body", [
    {"mode": "private", "preset": ["classic"]}, {"mode": "private", "preset": {"a": 1}},
    {"mode": "private", "alphabet": ["latin"]}, {"mode": "private", "alphabet": {"x": 1}},
    {"mode": "computer", "level": ["hard"]}, {"mode": "computer", "level": {"x": 1}},
    {"mode": ["private"]}, {"mode": "private", "touching": ["none"]},
    {"mode": "private", "announce": {"a": None}}, {"mode": "private", "salvo": [2]},
    {"mode": "private", "shape": ["l"]}, {"mode": "private", "game": ["battleship"]},
    {"mode": "private", "turn_seconds": 1.5}, {"mode": "private", "mines": "3"},
    {"mode": "private", "preset": "\ud800"}, {"mode": "private", "\ud800": 1},
])
def test_wrong_types_in_the_lobby_request_are_a_clear_400(client: TestClient,
                                                          body: dict[str, Any]) -> None:
    response = client.post("/api/games", content=json.dumps(body).encode())
    assert response.status_code == 400, response.text
    # The rule set's fields are the game's host's to check (game.error.*), the rest the
    # server's (web.error.*).
    assert response.json()["code"].startswith(("web.error.", "game.error."))
    assert response.json()["message"]


def test_deep_bodies_and_strange_keys_over_http(client: TestClient) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    for url in ("/api/games", "/api/games/abc/join"):
        response = client.post(url, content=deep)
        assert response.status_code in (400, 413), response.text
        nested = json.dumps({"invite": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]
                                                   ]]]]]]]]]]]]]]]]]]]]})
        assert client.post(url, content=nested.encode()).status_code == 400
    game = new_game(client)
    url = f"/api/games/{game['game']}/join"
    for invite in ("приглашение", "\ud800", ["x"], {"x": 1}, 7, ""):
        response = client.post(url, content=json.dumps({"invite": invite}).encode())
        assert response.status_code == 400
        assert response.json()["code"] in ("web.error.field", "web.error.not_text")
    for path in ("/api/games/%D0%B8%D0%B3%D1%80%D0%B0/record", "/api/games/%ED%A0%80/record",
                 "/api/games/%ED%A0%80/join"):
        response = client.request("POST" if path.endswith("join") else "GET", path,
                                  content=b'{"invite": "abc"}')
        assert response.status_code == 404, (path, response.text)


# --- sockets -------------------------------------------------------------------------------

def test_bad_frames_are_answered_and_the_socket_stays(client: TestClient) -> None:
    game = new_game(client)
    with client.websocket_connect("/ws") as ws:
        peer = Peer(ws, "a")
        cases: list[tuple[Any, str]] = [
            (b"\x00\x01binary", "web.error.binary"),
            ("[" * 10_000 + "]" * 10_000, "web.error.too_long"),
            ("[" * 5_000 + "]" * 5_000, "web.error.not_json"),
            (json.dumps({"type": "hello", "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]
                                                    ]]]]]]]]]]]]]]]]]]]]]]]]]}),
             "web.error.too_deep"),
            ({"type": "hello", "game": game["game"], "watch": "ключ"}, "web.error.field"),
            ('{"type": "hello", "game": "' + game["game"] + '", "token": "\\ud800"}',
             "web.error.not_text"),
            ('{"type": "hello", "game": "\\udfff", "token": "x"}', "web.error.not_text"),
            ({"type": "hello", "game": ["x"], "token": "x"}, "web.error.field"),
            ({"type": "hello", "game": game["game"], "token": {"a": 1}}, "web.error.field"),
            ({"type": "hello", "game": game["game"], "token": "x", "since": "0"},
             "web.error.field"),
            ({"type": ["hello"]}, "web.error.unknown_type"),
        ]
        for message, code in cases:
            if isinstance(message, bytes):
                ws.send_bytes(message)
                error = peer.until("error")
            else:
                error = peer.error(message)
            assert error["code"] == code, (message, error)
        peer = hello(ws, game["game"], "a", token=game["token"])
        for message, code in cases[:4]:
            if isinstance(message, bytes):
                ws.send_bytes(message)
                assert peer.until("error")["code"] == code
            else:
                assert peer.error(message)["code"] == code
        # The game's own messages are the game's host's to read (game.error.*), the shared
        # ones the server's (web.error.*).
        assert peer.error({"type": "fire", "cell": ["x"]})["code"] == "game.error.field"
        assert peer.error({"type": "place", "ships": {"a": 1}})["code"] == "game.error.field"
        assert peer.error({"type": "check_fleet", "ships": "x"})["code"] == "game.error.field"
        assert peer.error({"type": "chat", "phrase": ["chat.hello"]})["code"] == \
            "web.error.field"
        assert peer.error({"type": "\ud7ff" * 3})["code"] == "web.error.unknown_type"
        alive(peer)


def test_a_flood_of_messages_is_read_no_faster_than_the_budget(db: Path) -> None:
    # Two messages a second after a burst of 3: the hello and two pings at once, the next
    # two pings half a second apart each; every one answered, none refused. The clock starts
    # before the socket (and its budget) exists, so however slow the machine, five messages
    # cannot all be read in less than a second.
    with serve(db, messages_per_second=2, message_burst=3) as client:
        game = new_game(client)
        started = time.monotonic()
        with client.websocket_connect("/ws") as ws:
            peer = hello(ws, game["game"], "a", token=game["token"])
            for _ in range(4):
                peer.send({"type": "ping"})
            for _ in range(4):
                peer.until("pong")
            assert time.monotonic() - started >= 0.9
            assert not [m for m in peer.received if m["type"] == "error"]


def test_sockets_per_address_per_seat_and_spectators_per_game(db: Path) -> None:
    with serve(db, sockets_per_address=3, sockets_per_seat=1, spectators_per_game=1) as client:
        game = new_game(client)
        with client.websocket_connect("/ws") as w1, client.websocket_connect("/ws") as w2, \
                client.websocket_connect("/ws") as w3:
            hello(w1, game["game"], "a", token=game["token"])
            w2.send_json({"type": "hello", "game": game["game"], "token": game["token"],
                          "lang": "ru"})
            assert refused(w2)["code"] == "web.error.too_many_seat_sockets"
            hello(w3, game["game"], "w", watch=game["watch"])
            with client.websocket_connect("/ws") as w4:
                w4.send_json({"type": "hello", "game": game["game"], "watch": game["watch"]})
                assert refused(w4)["code"] == "web.error.too_many_spectators"
            with client.websocket_connect("/ws"), pytest.raises(WebSocketDenialResponse) as denied:
                client.websocket_connect("/ws?lang=ru").__enter__()
            assert denied.value.status_code == 429  # refused before the handshake
            assert denied.value.json()["code"] == "web.error.too_many_connections"
            assert "адреса" in denied.value.json()["message"]
        with client.websocket_connect("/ws") as w1:  # closed sockets are counted out
            hello(w1, game["game"], "a", token=game["token"])


def test_a_socket_that_never_says_hello_is_closed(db: Path) -> None:
    with serve(db, hello_seconds=1.5) as client, client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["code"] == "web.error.hello_first"
        assert refused(ws)["code"] == "web.error.hello_timeout"


def test_chat_only_during_the_game_and_at_most_so_often(db: Path) -> None:
    with serve(db, chat_burst=2, chat_per_minute=2) as client:
        game = new_game(client)
        with client.websocket_connect("/ws") as wa:
            a = hello(wa, game["game"], "a", token=game["token"])
            assert a.error({"type": "chat", "phrase": "chat.hello"})["code"] == "web.error.phase"
            client.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
            for _ in range(2):
                a.send({"type": "chat", "phrase": "chat.hello"})
                a.until("chat")
            error = a.error({"type": "chat", "phrase": "chat.hello"})
            assert error["code"] == "web.error.chat_rate" and "2" in error["message"]
            a.send({"type": "resign"})
            a.until("game_over")
            assert a.error({"type": "chat", "phrase": "chat.good_game"})["code"] == \
                "web.error.phase"


def test_a_state_is_built_once_per_audience_not_once_per_socket(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game, joined = private_pair(client)
    gid = game["game"]
    built: list[int] = []
    state_text = Room.state_text

    def counted(room: Room, audience: int, *args: Any) -> Any:
        built.append(audience)
        return state_text(room, audience, *args)

    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
        a = hello(wa, gid, "a", token=game["token"])
        hello(wb, gid, "b", token=joined["token"])
        watchers = [client.websocket_connect("/ws") for _ in range(12)]
        peers = [hello(w.__enter__(), gid, f"w{i}", watch=game["watch"])
                 for i, w in enumerate(watchers)]
        monkeypatch.setattr(Room, "state_text", counted)
        a.send({"type": "chat", "phrase": "chat.hello"})
        for peer in peers:
            assert peer.until("chat")["phrase"] == "chat.hello"
            peer.until("state")
        assert sorted(set(built)) == [0, 1, 2] and len(built) <= 6, built
        for w in watchers:
            w.__exit__(None, None, None)


def test_an_opponent_who_never_connected_can_be_claimed_against(client: TestClient) -> None:
    game, _ = private_pair(client)  # the second player joined by POST and never came
    with client.websocket_connect("/ws") as wa:
        a = hello(wa, game["game"], "a", token=game["token"])
        assert a.state["players"][1]["away_for"] is not None
        a.send({"type": "claim_win"})  # grace 0 in this app
        assert a.until("game_over")["reason"] == "abandoned"


def test_the_computer_draws_from_entropy_not_from_the_game_id(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every draw from one seeded generator: two games of different ids then play alike,
    # which a computer seeded from its game's id would not.
    monkeypatch.setattr(chance, "entropy", lambda: random.Random(2024))
    shots = []
    for _ in range(2):
        game = new_game(client, mode="computer", level="novice")
        with client.websocket_connect("/ws") as ws:
            me = hello(ws, game["game"], "me", token=game["token"])
            place_random(me)
            state = me.until("state")
            for cell in range(0, 100, 3):
                if state["phase"] == "over" or cell in {
                        s["cell"] for s in state["boards"][1]["shots"]}:
                    continue
                if state["to_move"] == 0:
                    me.send({"type": "fire", "cell": cell})
                    state = me.until("state")
            shots.append([(m["cell"], m["result"]) for m in me.received
                          if m["type"] == "shot" and m["seat"] == 1])
    assert shots[0] and shots[0] == shots[1]


def test_the_limits_are_options_of_serve(capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.cli import build_parser
    from seabattle.server.limits import from_options

    args = build_parser().parse_args(["serve", "--max-spectators", "3",
                                      "--max-messages-per-second", "2.5"])
    assert from_options(args) == Limits(spectators_per_game=3, messages_per_second=2.5)
    assert from_options(build_parser().parse_args(["serve"])) == Limits()
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--max-body-bytes", "0"])
    assert "above 0" in capsys.readouterr().err


def test_idle_rooms_leave_memory_and_come_back_from_the_store() -> None:
    import asyncio

    from seabattle.server.messages import parse_new_game
    from seabattle.server.service import Hub
    from seabattle.server.store import SQLiteStore

    now = [1000.0]
    hub = Hub(SQLiteStore(":memory:"), clock=lambda: now[0], grace_seconds=0,
              limits=Limits(idle_room_seconds=60))
    idle, _ = asyncio.run(hub.create(parse_new_game({"mode": "private"})))
    watched, _ = asyncio.run(hub.create(parse_new_game({"mode": "private"})))
    timed, _ = asyncio.run(hub.create(parse_new_game({"mode": "computer",
                                                      "setup_seconds": 600})))
    asyncio.run(hub.connect(watched, 2))  # a spectator's socket
    now[0] += 59
    assert hub.evict_idle(now[0]) == []
    now[0] += 1
    assert hub.evict_idle(now[0]) == [idle.id]  # not the watched one, nor the timed one
    assert set(hub.rooms) == {watched.id, timed.id}
    back = asyncio.run(hub.room(idle.id))
    assert back is not idle and back.seq == idle.seq and back.invite == idle.invite
    asyncio.run(hub.disconnect(watched, 2))
    assert hub.evict_idle(now[0]) == [watched.id]


def test_the_sockets_of_one_address_share_one_message_budget(db: Path) -> None:
    # Three messages at once from the address, then (practically) none: two sockets of one
    # address share them; the fourth message, on either socket, is refused unread with a
    # clear error, and the socket stays. Another address has its own budget.
    with serve(db, address_messages_per_second=0.001, address_message_burst=3) as client:
        game = new_game(client)
        with client.websocket_connect("/ws") as w1, client.websocket_connect("/ws") as w2:
            one = hello(w1, game["game"], "a", token=game["token"])  # message 1
            two = hello(w2, game["game"], "w", watch=game["watch"], lang="ru")  # message 2
            one.send({"type": "ping"})  # message 3
            one.until("pong")
            error = two.error({"type": "ping"})
            assert error["code"] == "web.error.rate" and "адреса" in error["message"]
            assert one.error({"type": "ping"})["code"] == "web.error.rate"
    gate = Gate(Limits(address_messages_per_second=0.001, address_message_burst=1))
    gate.message("10.0.0.1")
    with pytest.raises(LimitError):
        gate.message("10.0.0.1")
    gate.message("10.0.0.2")  # another address: its own budget


def test_a_socket_closed_under_a_message_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A limit may close a socket while one of its messages is being answered (the abuse
    suite met it: a ``pong`` after the close): the answer has nowhere to go, and that is
    neither a traceback in the log nor a failure of the server."""
    from seabattle.server.app import Connection

    answer, closed = Connection.handle, []

    async def closed_first(self: Connection, text: str) -> None:
        if "ping" in text and not closed:  # the first ping only
            closed.append(text)
            await self.ws.close(code=1008)  # as a limit closes it, from the server's side
        await answer(self, text)

    monkeypatch.setattr(Connection, "handle", closed_first)
    with serve(tmp_path / "g.sqlite3") as client:
        game = new_game(client)
        with client.websocket_connect("/ws") as ws:
            hello(ws, game["game"], "A", token=game["token"])
            ws.send_json({"type": "ping"})
            with pytest.raises(WebSocketDisconnect):
                while True:
                    ws.receive_json()
        with client.websocket_connect("/ws") as ws:  # the server serves on
            alive(hello(ws, game["game"], "A", token=game["token"]))
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text
