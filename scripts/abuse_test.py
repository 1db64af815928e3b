#!/usr/bin/env python3
"""The attacks of issue 15 replayed against ``seabattle serve`` on loopback, while an honest
game goes on: how its shot round trip and the server's memory fare under each.

Starts the server (one process, SQLite in a temporary directory, the default limits,
``--grace 2``) on a loopback port. An honest game between two players fires a shot every
``--interval`` seconds all along, its round trip timed from ``fire`` to its ``shot`` event;
each attack then runs for ``--seconds`` from another address (the server trusts
``X-Forwarded-For`` from loopback, as behind a reverse proxy, so the attacker and the honest
players are told apart as they would be on a network). Every attack is bounded in count
and time. Prints, per phase, the honest shots' p50/p99/max, what the attack achieved, and
the server's resident memory.

    .venv/bin/python scripts/abuse_test.py --seconds 8

The phases: ``baseline`` (no attack); ``spectators+chat`` (the attacker's own game, 500
spectator sockets, chat at 100 a second); ``flood`` (one socket sending 20,000 messages as
fast as it can); ``flood, 60 sockets`` (the same 20,000 from 60 sockets of one address, on
its own game: the address's budget is shared); ``silent sockets`` (300 sockets that never
say hello); ``big bodies``
(50 MB with and without a length, a 36 MB JSON body); ``bad input`` (binary frames, deep
JSON, lone surrogates, wrong types, over HTTP and WebSocket); ``game creation`` (up to
10,000 games as fast as it can); ``claim trap`` (a random match joined by a plain POST and
never connected: the honest player claims the win after the grace period).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import websockets

HONEST = "10.1.0.1"
ATTACKER = "10.66.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_mb(pid: int) -> float:
    """The server's resident memory (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


def post(base: str, path: str, body: bytes, address: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(base + path, data=body, method="POST",
                                     headers={"X-Forwarded-For": address,
                                              "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


async def apost(base: str, path: str, body: dict[str, Any], address: str
                ) -> tuple[int, dict[str, Any]]:
    return await asyncio.to_thread(post, base, path, json.dumps(body).encode(), address)


def connect(url: str, address: str) -> Any:
    return websockets.connect(url, additional_headers={"X-Forwarded-For": address},
                              max_size=2**22, open_timeout=30)


# --- the honest game ------------------------------------------------------------------------

class Honest:
    """Two players of one game, firing every ``interval`` seconds; a new game when one ends."""

    def __init__(self, base: str, interval: float) -> None:
        self.base, self.interval = base, interval
        self.url = base.replace("http", "ws") + "/ws"
        self.round_trips: list[float] = []
        self.timeouts = 0

    def take(self) -> list[float]:
        taken, self.round_trips = self.round_trips, []
        return taken

    async def run(self) -> None:
        while True:
            await self.one_game()

    async def one_game(self) -> None:
        _, game = await apost(self.base, "/api/games", {"mode": "private"}, HONEST)
        _, joined = await apost(self.base, f"/api/games/{game['game']}/join",
                                {"invite": game["invite"]}, HONEST)
        async with connect(self.url, HONEST) as a, connect(self.url, HONEST) as b:
            sockets = [a, b]
            states: list[dict[str, Any]] = [{}, {}]
            shots: list[asyncio.Queue[float]] = [asyncio.Queue(), asyncio.Queue()]
            sent = [0.0, 0.0]

            async def read(seat: int) -> None:
                async for text in sockets[seat]:
                    message = json.loads(text)
                    if message["type"] == "state":
                        states[seat] = message
                    elif message["type"] == "fleet_suggestion":
                        await sockets[seat].send(json.dumps({"type": "place",
                                                             "ships": message["ships"]}))
                    elif message["type"] == "shot" and message["seat"] == seat:
                        shots[seat].put_nowait(time.perf_counter() - sent[seat])

            readers = [asyncio.create_task(read(seat)) for seat in (0, 1)]
            try:
                for seat, key in ((0, game["token"]), (1, joined["token"])):
                    await sockets[seat].send(json.dumps({"type": "hello", "game": game["game"],
                                                         "token": key}))
                    await sockets[seat].send(json.dumps({"type": "random_fleet"}))
                while states[0].get("phase") != "over":
                    await asyncio.sleep(self.interval)
                    state = states[0]
                    if state.get("phase") != "battle":
                        continue
                    shooter = state["to_move"]
                    mine = states[shooter]
                    if mine.get("seq") != state["seq"] or not mine.get("turn"):
                        continue
                    sent[shooter] = time.perf_counter()
                    await sockets[shooter].send(json.dumps(
                        {"type": "fire", "cell": random.choice(mine["turn"]["cells"])}))
                    try:
                        self.round_trips.append(await asyncio.wait_for(shots[shooter].get(), 30))
                    except TimeoutError:
                        self.timeouts += 1
                    while states[0].get("seq", 0) <= state["seq"] or \
                            states[1].get("seq", 0) <= state["seq"]:
                        await asyncio.sleep(0.005)
            finally:
                for reader in readers:
                    reader.cancel()
                await asyncio.gather(*readers, return_exceptions=True)


# --- the attacks ------------------------------------------------------------------------------

async def spectators_and_chat(base: str, seconds: float) -> dict[str, Any]:
    url = base.replace("http", "ws") + "/ws"
    _, game = await apost(base, "/api/games", {"mode": "private"}, ATTACKER)
    _, joined = await apost(base, f"/api/games/{game['game']}/join",
                            {"invite": game["invite"]}, ATTACKER)
    told: Counter[str] = Counter()
    watchers: list[Any] = []
    async with contextlib.AsyncExitStack() as stack:
        player = await stack.enter_async_context(connect(url, ATTACKER))
        await player.send(json.dumps({"type": "hello", "game": game["game"],
                                      "token": game["token"]}))
        for _ in range(500):
            try:
                ws = await stack.enter_async_context(connect(url, ATTACKER))
                await ws.send(json.dumps({"type": "hello", "game": game["game"],
                                          "watch": game["watch"]}))
                first = json.loads(await ws.recv())
                told["spectator " + ("in" if first["type"] == "welcome"
                                     else first.get("code", "?"))] += 1
                if first["type"] == "welcome":
                    watchers.append(ws)
            except websockets.InvalidStatus as error:
                told[f"spectator refused (HTTP {error.response.status_code})"] += 1
            except (OSError, websockets.ConnectionClosed) as error:
                told[f"spectator refused ({type(error).__name__})"] += 1
        stop = time.perf_counter() + seconds

        async def drain(ws: Any) -> None:  # spectators read, as browsers would
            with contextlib.suppress(websockets.ConnectionClosed):
                async for _ in ws:
                    pass

        async def listen() -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for text in player:
                    message = json.loads(text)
                    if message["type"] == "chat":
                        told["chat accepted"] += 1
                    elif message["type"] == "error":
                        told["chat " + message["code"]] += 1

        tasks = [asyncio.create_task(drain(ws)) for ws in watchers]
        tasks.append(asyncio.create_task(listen()))
        while time.perf_counter() < stop:
            await player.send(json.dumps({"type": "chat", "phrase": "chat.hello"}))
            told["chat sent"] += 1
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    del joined
    return dict(told)


async def flood(base: str, seconds: float, sockets: int = 1) -> dict[str, Any]:
    """``sockets`` sockets of the attacker's address (the first its player, the others
    spectators of its game) send pings and garbage as fast as they can, 20,000 at most."""
    url = base.replace("http", "ws") + "/ws"
    _, game = await apost(base, "/api/games", {"mode": "private"}, ATTACKER)
    told: Counter[str] = Counter()
    async with contextlib.AsyncExitStack() as stack:
        opened = [await stack.enter_async_context(connect(url, ATTACKER))
                  for _ in range(sockets)]
        for number, ws in enumerate(opened):
            key = {"token": game["token"]} if number == 0 else {"watch": game["watch"]}
            await ws.send(json.dumps({"type": "hello", "game": game["game"], **key}))

        async def listen(ws: Any) -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for text in ws:
                    message = json.loads(text)
                    told[message.get("code", message["type"])] += 1

        async def send(ws: Any, count: int, stop: float) -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                for number in range(count):
                    if time.perf_counter() > stop:
                        break
                    await ws.send(json.dumps({"type": "ping"}) if number % 2 else "garbage")
                    told["sent"] += 1

        listeners = [asyncio.create_task(listen(ws)) for ws in opened]
        stop = time.perf_counter() + seconds
        await asyncio.gather(*(send(ws, 20_000 // sockets, stop) for ws in opened))
        await asyncio.sleep(1)
        for listener in listeners:
            listener.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    return dict(told)


async def silent_sockets(base: str, seconds: float) -> dict[str, Any]:
    url = base.replace("http", "ws") + "/ws"
    told: Counter[str] = Counter()

    async def one() -> None:
        try:
            async with connect(url, ATTACKER) as ws:
                message = json.loads(await asyncio.wait_for(ws.recv(), seconds + 15))
                told[message.get("code", message["type"])] += 1
        except websockets.InvalidStatus as error:
            told[f"HTTP {error.response.status_code}"] += 1
        except (OSError, websockets.ConnectionClosed, TimeoutError) as error:
            told[type(error).__name__] += 1

    await asyncio.gather(*(one() for _ in range(300)))
    return dict(told)


async def raw_post(port: int, path: str, head: str, chunks: int, chunk: bytes
                   ) -> tuple[str, int, float]:
    """Send a request body in ``chunks`` pieces until the server answers; the status line,
    the bytes sent and the seconds taken."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {ATTACKER}\r\n"
                 f"Content-Type: application/json\r\n{head}\r\n".encode())
    sent = 0
    answer = asyncio.create_task(reader.readline())
    with contextlib.suppress(ConnectionError):  # the server may close while we write
        for _ in range(chunks):
            if answer.done():
                break
            writer.write(chunk)
            sent += len(chunk)
            await writer.drain()
    try:
        status = (await asyncio.wait_for(answer, 30)).decode().strip() or "closed"
    except (ConnectionError, TimeoutError) as error:
        status = type(error).__name__
    writer.close()
    return status, sent, round(time.perf_counter() - started, 2)


async def big_bodies(base: str, port: int, seconds: float) -> dict[str, Any]:
    megabyte = b" " * (1 << 20)
    told: dict[str, Any] = {}
    status, sent, took = await raw_post(port, "/api/games", f"Content-Length: {50 << 20}\r\n",
                                        50, megabyte)
    told["50 MB with a length"] = f"{status}; {sent >> 20} MB sent in {took} s"
    chunked = b"100000\r\n" + megabyte + b"\r\n"
    status, sent, took = await raw_post(port, "/api/games", "Transfer-Encoding: chunked\r\n",
                                        50, chunked)
    told["50 MB chunked"] = f"{status}; {sent >> 20} MB sent in {took} s"
    body = json.dumps({"mode": "private", "pad": ["x" * 100] * 340_000}).encode()
    status, sent, took = await raw_post(port, "/api/games",
                                        f"Content-Length: {len(body)}\r\n", 1, body)
    told[f"{len(body) >> 20} MB JSON"] = f"{status} in {took} s"
    await asyncio.sleep(max(0.0, seconds - 3))
    return told


async def bad_input(base: str, seconds: float) -> dict[str, Any]:
    url = base.replace("http", "ws") + "/ws"
    told: Counter[str] = Counter()
    bodies = [b"[" * 100_000, b'{"mode":"private","preset":["classic"]}',
              b'{"mode":"private","alphabet":{"a":1}}', b'{"mode":"computer","level":[1]}',
              b'{"mode":"private","preset":"\\ud800"}']
    stop = time.perf_counter() + seconds
    _, game = await apost(base, "/api/games", {"mode": "private"}, ATTACKER)
    while time.perf_counter() < stop:
        for body in bodies:
            status, _ = await asyncio.to_thread(post, base, "/api/games", body, ATTACKER)
            told[f"HTTP {status}"] += 1
        status, _ = await asyncio.to_thread(post, base, f"/api/games/{game['game']}/join",
                                            '{"invite": "ключ"}'.encode(), ATTACKER)
        told[f"HTTP {status}"] += 1
        try:
            async with connect(url, ATTACKER) as ws:
                for frame in (b"\x00binary", "[" * 5000 + "]" * 5000,
                              '{"type":"hello","game":"x","watch":"ключ"}',
                              '{"type":"hello","game":"\\ud800","token":"x"}',
                              '{"type":"hello","game":["x"],"token":"x"}'):
                    await ws.send(frame)
                    message = json.loads(await ws.recv())
                    told[f"WS {message.get('code', message['type'])}"] += 1
        except websockets.ConnectionClosed:
            told["WS dropped"] += 1
        await asyncio.sleep(0.05)
    return dict(told)


async def game_creation(base: str, seconds: float) -> dict[str, Any]:
    told: Counter[str] = Counter()
    stop = time.perf_counter() + seconds
    for _ in range(10_000):
        if time.perf_counter() > stop:
            break
        status, body = await apost(base, "/api/games", {"mode": "private"}, ATTACKER)
        told[f"{status} {body.get('code', 'created')}"] += 1
    return dict(told)


async def claim_trap(base: str, grace: float) -> dict[str, Any]:
    url = base.replace("http", "ws") + "/ws"
    rules = {"mode": "random", "preset": "six", "turn_seconds": 0}
    _, honest = await apost(base, "/api/games", rules, HONEST)
    _, trap = await apost(base, "/api/games", rules, "10.66.0.2")  # joins, never connects
    assert trap["game"] == honest["game"], "no random match"
    async with connect(url, HONEST) as ws:
        await ws.send(json.dumps({"type": "hello", "game": honest["game"],
                                  "token": honest["token"]}))
        await asyncio.sleep(grace + 0.5)
        await ws.send(json.dumps({"type": "claim_win"}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] in ("game_over", "error"):
                return {"claim": message.get("reason") or message.get("code")}


# --- running it -------------------------------------------------------------------------------

def summary(round_trips: list[float]) -> str:
    if not round_trips:
        return "no shots"
    ordered = sorted(round_trips)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{len(ordered)} shots, p50 {statistics.median(ordered) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


async def baseline(seconds: float) -> dict[str, Any]:
    await asyncio.sleep(seconds)
    return {}


def attack(name: str, base: str, port: int, seconds: float, grace: float) -> dict[str, Any]:
    """Run one attack to its end (in a process of its own, so that the attacker's own work
    does not slow the honest client down)."""
    attacks: dict[str, Any] = {
        "baseline": lambda: baseline(seconds),
        "spectators+chat": lambda: spectators_and_chat(base, seconds),
        "flood": lambda: flood(base, seconds),
        "flood, 60 sockets": lambda: flood(base, seconds, 60),
        "silent sockets": lambda: silent_sockets(base, seconds),
        "big bodies": lambda: big_bodies(base, port, seconds),
        "bad input": lambda: bad_input(base, seconds),
        "game creation": lambda: game_creation(base, seconds),
        "claim trap": lambda: claim_trap(base, grace),
    }
    result: dict[str, Any] = asyncio.run(attacks[name]())
    return result


PHASES = ("baseline", "spectators+chat", "flood", "flood, 60 sockets", "silent sockets",
          "big bodies", "bad input", "game creation", "claim trap")


async def run(base: str, port: int, pid: int, seconds: float, interval: float,
              grace: float) -> None:
    honest = Honest(base, interval)
    game = asyncio.create_task(honest.run())
    await asyncio.sleep(2)  # the honest game is set up
    honest.take()
    loop = asyncio.get_running_loop()
    try:
        with concurrent.futures.ProcessPoolExecutor(1) as attacker:
            for name in PHASES:
                before = rss_mb(pid)
                result = await loop.run_in_executor(attacker, attack, name, base, port,
                                                    seconds, grace)
                print(f"{name}: honest game {summary(honest.take())}; "
                      f"server {before} → {rss_mb(pid)} MB", flush=True)
                if result:
                    print(f"    {result}", flush=True)
    finally:
        game.cancel()
        await asyncio.gather(game, return_exceptions=True)
    print(f"honest shots that timed out: {honest.timeouts}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=8, help="each attack (default 8)")
    parser.add_argument("--interval", type=float, default=0.05,
                        help="seconds between the honest game's shots (default 0.05)")
    args = parser.parse_args()
    port, grace = free_port(), 2
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "seabattle", "serve", "--port", str(port), "--db",
             str(Path(folder) / "games.sqlite3"), "--grace", str(grace)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            for _ in range(200):
                with contextlib.suppress(OSError), socket.create_connection(
                        ("127.0.0.1", port), timeout=1):
                    break
                time.sleep(0.1)
            asyncio.run(run(base, port, server.pid, args.seconds, args.interval, grace))
        finally:
            server.terminate()
            _, errors = server.communicate(timeout=30)
        log = errors.decode()
        print(f"tracebacks in the server's log: {log.count('Traceback')}")
        if "Traceback" in log:  # the first one whole, to be fixed
            start = log.index("Traceback")
            print(log[max(0, log.rfind("\n", 0, max(0, start - 1)) + 1):][:6000])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
