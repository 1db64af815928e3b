"""Fuzzing a real server on loopback (issue 15): over 10,000 generated messages of every
type and shape, valid and not, over HTTP and WebSocket, from one seeded generator.

Checked: no response is a 5xx, nothing is logged at ERROR (no traceback), every message
that is bad by construction (not JSON, not an object, an unknown type, a binary frame, a
field of the wrong type, too long, too deep, a lone surrogate…) is answered with an
``error`` (HTTP: a 4xx with an error ``code``), the socket stays open through all of
it, and a whole game between two people is played to its end afterwards.

Messages on a socket are pipelined, each followed by a ``ping``: the server reads a
socket's messages in order and answers each before reading the next, so the answers to
one message are the frames between two ``pong``s (a game's events, sent by another task,
may fall anywhere and are ignored).
"""

from __future__ import annotations

import json
import logging
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
httpx = pytest.importorskip("httpx")

import uvicorn  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

from seabattle.server.app import create_app  # noqa: E402
from seabattle.server.limits import Limits  # noqa: E402
from seabattle.server.messages import CHAT_PHRASES, client_types  # noqa: E402

SEED = 15
HTTP_REQUESTS = 500
BEFORE_HELLO = 1_500
AS_PLAYER = 7_000
AS_SPECTATOR = 1_500
# A fuzzer is a client that floods: the per-socket and per-address limits are raised so
# that it is answered, not throttled (tests/test_server_abuse.py checks the limits).
FUZZ_LIMITS = Limits(messages_per_second=1e6, message_burst=1_000_000,
                     address_messages_per_second=1e6, address_message_burst=1_000_000,
                     games_per_minute=1_000_000, sockets_per_address=1_000)


class Errors(logging.Handler):
    """Every record at ERROR or with a traceback, from any logger."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)


@contextmanager
def live_server(db: Path, limits: Limits) -> Iterator[str]:
    """``seabattle serve``'s app under uvicorn in a thread on a free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(db, grace_seconds=0, limits=limits), host="127.0.0.1",
                            port=port, log_level="warning", ws_per_message_deflate=False,
                            log_config=None)  # uvicorn's records reach the root logger
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)


# --- the generator -------------------------------------------------------------------------

def deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


WRONG = [None, True, False, 1.5, -1, 10**30, "", "x", "A1", "ключ", "\ud800", [], [[]],
         ["x"], {}, {"a": 1}, deep(40)]
"""Values of a wrong type for some field (each is wrong for every field it replaces below)."""


BATTLESHIP_TYPES = ("fire", "fire_salvo", "place", "decide", "check_fleet", "chat",
                    "random_fleet", "ping", "claim_win", "rematch", "hello")
OTHER_GAMES_TYPES = tuple(t for t in client_types() if t not in (*BATTLESHIP_TYPES, "resign"))


class Fuzzer:
    """Seeded messages: ``(payload, bad)``; ``payload`` a JSON-able value, raw text or bytes;
    ``bad``: the server must answer it with an error."""

    def __init__(self, rng: random.Random, fleet_size: int = 10) -> None:
        self.rng, self.fleet_size = rng, fleet_size
        self.kinds: set[str] = set()
        """The message types generated so far."""

    def cell(self) -> int:
        return self.rng.randrange(-3, 105)

    def cells(self, most: int = 6) -> list[int]:
        return [self.cell() for _ in range(self.rng.randint(1, most))]

    def wrong(self, expected: type) -> Any:
        """A value that is not of the ``expected`` type (a bool is no int here)."""
        def fits(value: Any) -> bool:
            if expected is int:
                return isinstance(value, int) and not isinstance(value, bool)
            return isinstance(value, expected)
        return self.rng.choice([value for value in WRONG if not fits(value)])

    def raw(self) -> tuple[Any, bool]:
        """Malformed frames: all bad."""
        rng = self.rng
        return rng.choice([
            lambda: ("not json {", True),
            lambda: (json.dumps(rng.choice([[1, 2], "text", 3, None, True])), True),
            lambda: (bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))), True),
            lambda: ("[" * 3000 + "]" * 3000, True),
            lambda: (json.dumps({"type": "ping", "pad": deep(rng.randint(33, 200))}), True),
            lambda: ("x" * 17_000, True),
            lambda: ({"type": rng.choice(["dance", "", "FIRE", "fire ", "hello2", "ключ"])},
                     True),
            lambda: ({"type": self.wrong(str)}, True),
            lambda: ({"kind": "fire", "cell": 1}, True),
            lambda: ('{"type": "ping", "x": "\\udc80"}', True),
        ])()

    def message(self) -> tuple[Any, bool]:
        """A message of any type, its fields right or wrong."""
        rng = self.rng
        if rng.random() < 0.2:
            return self.raw()
        kind = "resign" if rng.random() < 0.003 else rng.choice([  # resigning ends a game
            *BATTLESHIP_TYPES, *OTHER_GAMES_TYPES])
        message: dict[str, Any] = {"type": kind}
        self.kinds.add(kind)
        bad = False
        if kind == "fire":
            if rng.random() < 0.5:
                message["cell"] = self.cell()
            else:
                message["cell"], bad = self.wrong(int), True
        elif kind == "fire_salvo":
            if rng.random() < 0.5:
                message["cells"] = self.cells()
            else:
                message["cells"], bad = rng.choice([self.wrong(list), [], ["x", 1],
                                                    [1.5], list(range(401))]), True
        elif kind == "place":
            if rng.random() < 0.5:
                message["ships"] = [self.cells(4) for _ in range(rng.randint(1, 11))]
            else:
                message["ships"], bad = rng.choice([self.wrong(list), [], [[]], [["x"]],
                                                    [1, 2], [[1]] * 65]), True
        elif kind == "decide":
            choice = rng.choice(["cell", "cells", "stay", "two", "none", "stay_false"])
            if choice == "cell":
                message["cell"] = self.cell()
            elif choice == "cells":
                message["cells"] = self.cells()
            elif choice == "stay":
                message["stay"] = True
            else:
                bad = True
                if choice == "two":
                    message.update(cell=1, stay=True)
                elif choice == "stay_false":
                    message["stay"] = rng.choice([False, 1, "true"])
        elif kind == "check_fleet":
            if rng.random() < 0.5:
                message["ships"] = [rng.choice([None, self.cells(4), {
                    "row": rng.randrange(-2, 12), "column": rng.randrange(-2, 12),
                    "orientation": rng.randrange(4)}]) for _ in range(self.fleet_size)]
            else:
                message["ships"], bad = rng.choice([
                    self.wrong(list), [None] * (self.fleet_size + 1),
                    [{"row": "a", "column": 1, "orientation": 0}] * self.fleet_size,
                    [{"row": 10**6, "column": 1, "orientation": 0}] * self.fleet_size,
                    ["x"] * self.fleet_size]), True
        elif kind == "chat":
            if rng.random() < 0.5:
                message["phrase"] = rng.choice(CHAT_PHRASES)
            else:
                message["phrase"], bad = rng.choice([self.wrong(str), "gg noob",
                                                     "chat.hello "]), True
        elif kind in OTHER_GAMES_TYPES:
            message[rng.choice(["right", "cell", "x"])] = rng.choice(WRONG)
            bad = True  # another game's message, in a game of Battleship
        elif kind == "hello":
            message.update(game=rng.choice(["x", self.wrong(str)]), token="t")
            bad = True  # a second hello, or one of nobody's game
        if rng.random() < 0.2:  # unknown fields are ignored, unless they are not JSON text
            value = message[rng.choice(["extra", "ключ", "seq"])] = rng.choice(WRONG)
            bad = bad or value == "\ud800" or value == deep(40)
        return message, bad

    def hello_attempt(self, game: str, key: str) -> tuple[Any, bool]:
        """Anything but a valid hello (all bad before one)."""
        rng = self.rng
        if rng.random() < 0.5:
            return self.message()[0], True
        wrong_key = rng.choice([key[:-1], key + "x", "ключ", "\ud800", self.wrong(str)])
        return {"type": "hello", "game": rng.choice([game, self.wrong(str), "nope"]),
                rng.choice(["token", "watch"]): wrong_key,
                "since": rng.choice([0, -1, "0", 10**9]),
                "lang": rng.choice(["en", "ru", "de", 1])}, True


# --- talking to the server ------------------------------------------------------------------

def send(ws: ClientConnection, payload: Any) -> None:
    if isinstance(payload, bytes | str):
        ws.send(payload)
    else:
        ws.send(json.dumps(payload))


def answers(ws: ClientConnection, count: int, until: Callable[[dict[str, Any]], bool]
            ) -> list[list[dict[str, Any]]]:
    """The frames received, split after each of ``count`` frames that ``until`` accepts."""
    parts: list[list[dict[str, Any]]] = [[]]
    while len(parts) <= count:
        frame = json.loads(ws.recv(timeout=30))
        parts[-1].append(frame)
        if until(frame):
            parts.append([])
    return parts[:count]


def pipelined(ws: ClientConnection, messages: list[tuple[Any, bool]],
              seen: dict[str, Any] | None = None) -> int:
    """Send each message and a ping; check the answers; return how many were sent
    (``seen``: updated to the last state received)."""
    for payload, _ in messages:
        send(ws, payload)
        send(ws, {"type": "ping"})
    pongs = [2 if isinstance(payload, dict) and payload.get("type") == "ping" and not bad
             else 1 for payload, bad in messages]
    parts = iter(answers(ws, sum(pongs), lambda m: m["type"] == "pong"))
    for (payload, bad), count in zip(messages, pongs, strict=True):
        part = [frame for _ in range(count) for frame in next(parts)]
        for message in part:
            if seen is not None and message["type"] == "state":
                seen.update(message)
        errors = [m for m in part if m["type"] == "error"]
        assert not bad or errors, (payload, part)
        for error in errors:
            assert error["code"] != "web.error.internal" and error["message"], (payload, error)
    return len(messages)


def http_body(fuzz: Fuzzer) -> tuple[bytes, bool]:
    """A lobby request: valid fields, or some of the wrong type (bad), or not a request."""
    rng = fuzz.rng
    if rng.random() < 0.15:
        payload, _ = fuzz.raw()
        data = payload if isinstance(payload, bytes) else (
            payload if isinstance(payload, str) else json.dumps(payload)).encode(
            "utf-8", "surrogatepass")
        return data, True  # no lobby request: no mode, or not even JSON
    body: dict[str, Any] = {
        "mode": rng.choice(["private", "random", "computer"]),
        "preset": rng.choice(["classic", "six", "bent", "salvo", "mines", "dutchman"]),
        "level": rng.choice(["novice", "easy", "hard", "admiral"]),
        "touching": rng.choice(["none", "corners", "sides"]),
        "announce": rng.choice(["type", "sunk", "none"]),
        "turn_seconds": rng.randint(0, 3600), "setup_seconds": rng.randint(0, 3600)}
    for name in rng.sample(list(body), rng.randint(0, 3)):
        del body[name]
    bad = False
    if rng.random() < 0.75:  # most requests bad: a game created costs more than a refusal
        for name in rng.sample(["mode", "preset", "touching", "announce", "turn_seconds",
                                "alphabet", "salvo", "mines", "shape", "game",
                                "shoot_again"], rng.randint(1, 3)):
            expected = int if name in ("turn_seconds", "mines") else (
                bool if name == "shoot_again" else str)
            value = fuzz.wrong(expected)
            if value is None and name not in ("mode", "preset", "game", "turn_seconds"):
                continue  # an option given as null is its default
            body[name], bad = value, True
    return json.dumps(body).encode("utf-8", "surrogatepass"), bad


def check_http(response: httpx.Response, bad: bool, what: Any) -> None:
    assert response.status_code < 500, (what, response.status_code, response.text)
    if bad:
        assert 400 <= response.status_code < 500, (what, response.text)
    if response.status_code >= 400:
        assert response.json()["code"] and response.json()["message"], what


# --- the test ---------------------------------------------------------------------------------

def test_fuzz_a_live_server_then_play_a_whole_game(db: Path) -> None:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    rng = random.Random(SEED)
    fuzz = Fuzzer(rng)
    sent = 0
    try:
        with live_server(db, FUZZ_LIMITS) as address, httpx.Client(
                base_url=f"http://{address}", timeout=30) as http:
            games = []
            for _ in range(HTTP_REQUESTS):
                roll = rng.random()
                if roll < 0.7:
                    body, bad = http_body(fuzz)
                    response = http.post("/api/games", content=body)
                    if response.status_code == 201:
                        games.append(response.json())
                elif roll < 0.9 and games:
                    game = rng.choice(games)
                    invite = rng.choice([game.get("invite") or "x", "ключ", 5, [], None,
                                         "\ud800", deep(50)])
                    bad = not isinstance(invite, str) or not invite.isascii()
                    body = json.dumps({"invite": invite}).encode("utf-8", "surrogatepass")
                    response = http.post(f"/api/games/{game['game']}/join", content=body)
                else:
                    bad, body = False, b""
                    name = rng.choice([*(g["game"] for g in games[-3:]), "%ED%A0%80",
                                       "%D0%B8", "%00", "x" * 300])
                    response = http.get(f"/api/games/{name}/record?lang=ru")
                check_http(response, bad, body)
                sent += 1
            game = http.post("/api/games", json={"mode": "computer", "level": "novice"}).json()
            with connect(f"ws://{address}/ws", max_size=2**22) as ws:
                batch = [fuzz.hello_attempt(game["game"], game["token"])
                         for _ in range(BEFORE_HELLO)]
                for payload, _ in batch:
                    send(ws, payload)
                for (payload, _), part in zip(batch, answers(
                        ws, len(batch), lambda m: m["type"] == "error"), strict=True):
                    assert len(part) == 1, (payload, part)
                sent += len(batch)
            sent += fuzz_seats(address, http, fuzz, game)
            play_to_the_end(address, http)
    finally:
        logging.getLogger().removeHandler(errors)
    assert sent >= 10_000 and fuzz.kinds >= set(client_types())
    assert not errors.records, [errors.format(r) for r in errors.records[:3]]


def hello(ws: ClientConnection, game: str, **key: str) -> dict[str, Any]:
    """Say hello; the state that follows."""
    send(ws, {"type": "hello", "game": game, **key})
    while (message := json.loads(ws.recv(timeout=30)))["type"] != "state":
        assert message["type"] != "error", message
    return message


def suggestion(ws: ClientConnection) -> Any:
    """A random fleet, as the server suggests it (``None``: the set-up is over)."""
    send(ws, {"type": "random_fleet"})
    while (message := json.loads(ws.recv(timeout=30)))["type"] != "fleet_suggestion":
        if message["type"] == "error":
            assert message["code"] == "web.error.phase", message
            return None
    return message["ships"]


def fuzz_seats(address: str, http: httpx.Client, fuzz: Fuzzer, game: dict[str, Any]) -> int:
    """A player against the computer (a set-up, then a battle, then a new game when one
    ends) and a spectator, sending every kind of message."""
    sent = 0
    with connect(f"ws://{address}/ws", max_size=2**22) as watcher:
        hello(watcher, game["game"], watch=game["watch"])
        while sent < AS_PLAYER:
            with connect(f"ws://{address}/ws", max_size=2**22) as ws:
                state = hello(ws, game["game"], token=game["token"])
                sent += pipelined(ws, [fuzz.message() for _ in range(300)], state)  # set-up
                ships = suggestion(ws)  # None if a fuzzed message resigned or placed one
                if ships is not None:
                    sent += pipelined(ws, [({"type": "place", "ships": ships}, False)], state)
                while sent < AS_PLAYER and state["phase"] != "over":
                    sent += pipelined(ws, [fuzz.message() for _ in range(100)], state)
            game = http.post("/api/games", json={"mode": "computer", "level": "novice"}).json()
        sent += pipelined(watcher, [(m, True) if not isinstance(m, dict) or m.get("type") in (
            "fire", "fire_salvo", "place", "decide", "chat", "claim_win", "rematch",
            "check_fleet", "hello", "random_fleet") else (m, bad) for m, bad in (
            fuzz.message() for _ in range(AS_SPECTATOR))])
    return sent


def current(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The first state of entry ``seq`` or later on ``ws``."""
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == "state" and message["seq"] >= seq:
            return message


def play_to_the_end(address: str, http: httpx.Client) -> None:
    """Two people play a classic game to its end on the fuzzed server."""
    game = http.post("/api/games", json={"mode": "private"}).json()
    joined = http.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    with connect(f"ws://{address}/ws") as a, connect(f"ws://{address}/ws") as b:
        sockets = {0: a, 1: b}
        states = {0: hello(a, game["game"], token=game["token"]),
                  1: hello(b, game["game"], token=joined.json()["token"])}
        for ws in sockets.values():
            send(ws, {"type": "place", "ships": suggestion(ws)})
        seq = 0
        for _ in range(1_000):
            state = current(sockets[0], seq)
            if state["phase"] == "over":
                break
            seq = state["seq"]
            if state["phase"] == "battle":
                shooter = state["to_move"]
                turn = (state if shooter == 0 else current(sockets[shooter], seq))["turn"]
                send(sockets[shooter], {"type": "fire", "cell": turn["cells"][0]})
                seq += 1
        states[0] = state
        assert states[0]["phase"] == "over" and states[0]["result"]["reason"] == "fleet_sunk"
