#!/usr/bin/env python3
"""Load test of ``seabattle serve``: how many simultaneous games keep shot round trips fast.

Starts the server (one process, SQLite in a temporary directory) on a loopback port,
then for each number of games N opens N games of two WebSocket players each, places
random fleets and lets every game fire one shot per ``--interval`` seconds (people
are slower). A shot's round trip runs from sending ``fire`` to receiving its
``shot`` event: the server checked it, stored it in SQLite and published it.
Prints p50/p99 per N and the largest N whose p99 stayed under 100 ms.

    .venv/bin/python scripts/load_test.py --games 100 200 400 --seconds 15

With ``--db postgresql://…`` and ``--pubsub redis://…`` the server runs on them, and with
``--processes N`` there are N server processes on that database and Redis: each game is
created on one and joined on the next, its two players connected to different processes,
so every shot crosses Redis (the worst case of ``docs/deploy.md``'s setup). With
``--nginx`` (two processes) every request and socket goes through nginx configured as
``docs/deploy.md`` says (:mod:`nginx_front`), and nginx spreads them.

With ``--computer N`` the load also holds N games against the computer (``--computer-game``
at ``--computer-level``: by default the manoeuvre game's ``hard``, which thinks for
hundreds of milliseconds a move), each played by a client that answers at once with a
random legal action and starts a new game when one ends, so that the computers think all
the time; the server's computers think in ``--thinkers`` worker processes (the server's
own default without the option; 0: in its threads). The row then says how many actions the
computers took while shots were measured: the people's round trips show whether their
thinking held up the other games.

Each simulated game speaks from a loopback address of its own (``127.1.x.y``: Linux routes
all of ``127.0.0.0/8`` to the loopback device), as real players do, so that the server's
per-address limits (games created a minute, sockets, messages) count each game apart, with
or without nginx in front (which tells the server the address it sees).

The client runs in this one process; on a small machine it competes with the
server for the CPU, so the figure is a lower bound. It is kept cheap (about 0.3–0.4 ms of
CPU a shot on the 2-core machine of docs/server.md, against 0.9–1.3 ms for the server): it
runs on uvloop and reads only the four fields of a ``state`` it needs from its text.
Each row also says what the shots cost: the CPU seconds the server processes and this
client used while shots were measured (``server_cpu_s``, ``client_cpu_s``; the servers'
thinking workers' apart, ``thinkers_cpu_s``), the servers'
resident memory at the end (``server_rss_mb``), and the machine's load average (1 minute)
before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
import os
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import uvloop
import websockets

STATE = '{"type":"state",'
"""How every ``state`` message begins (the server writes its type first)."""
STATE_FIELDS = {name: re.compile(f'"{name}":("[a-z]+"|-?\\d+|null)')
                for name in ("seq", "phase", "you", "to_move")}
"""The only fields of a state the players read: found in its text (the first occurrence
of each is the state's own), so that the client does not decode the whole state, two per
shot, a few kB each (most of what the client spent per shot)."""


def state_fields(text: str) -> dict[str, Any]:
    """``seq``, ``phase``, ``you`` and ``to_move`` of a ``state`` message's text."""
    found = {}
    for name, pattern in STATE_FIELDS.items():
        match = pattern.search(text)
        found[name] = json.loads(match.group(1)) if match else None
    return found


class Player:
    def __init__(self, url: str, game: str, token: str, address: str) -> None:
        self.url, self.game, self.token = url, game, token
        self.address = address
        self.state: dict[str, Any] = {}
        self.pending: asyncio.Future[float] | None = None
        self.sent_at = 0.0
        self.refusal: str | None = None
        """The code of an error the server answered outside a shot (the hello or the
        set-up): the game then plays no part, and the run counts it."""
        # Each cell is fired at most once: every cell not fired at may be aimed at.
        self.cells = list(range(100))
        random.shuffle(self.cells)

    async def run(self, ready: asyncio.Event) -> None:
        async with websockets.connect(self.url, max_size=2**22, open_timeout=60,
                                      local_addr=(self.address, 0)) as ws:
            self.ws = ws
            await ws.send(json.dumps({"type": "hello", "game": self.game, "token": self.token}))
            placed = False
            async for text in ws:
                assert isinstance(text, str)
                if text.startswith(STATE):
                    message = self.state = state_fields(text)
                    if message["phase"] == "setup" and not placed:
                        placed = True
                        await ws.send(json.dumps({"type": "random_fleet"}))
                    if message["phase"] in ("battle", "over"):
                        ready.set()
                    continue
                message = json.loads(text)
                kind = message["type"]
                if kind == "fleet_suggestion":
                    await ws.send(json.dumps({"type": "place", "ships": message["ships"]}))
                elif (kind in ("shot", "error") and self.pending is not None
                      and not self.pending.done()
                      and (kind == "error" or message["seat"] == self.state.get("you"))):
                    self.pending.set_result(time.perf_counter() - self.sent_at)
                elif kind == "error" and self.state.get("phase") != "battle":
                    self.refusal = str(message.get("code"))
                    ready.set()  # nothing more to wait for

    async def fire(self) -> float:
        self.pending = asyncio.get_running_loop().create_future()
        self.sent_at = time.perf_counter()
        await self.ws.send(json.dumps({"type": "fire", "cell": self.cells.pop()}))
        return await asyncio.wait_for(self.pending, 10)


class Opponent:
    """A person playing against the computer: a random legal action as soon as it may act
    (the state's ``legal``), a random set-up; a new game each time one ends, from the next
    of the loopback addresses ``127.2.NUMBER.*`` (the server limits the games an address
    creates a minute)."""

    def __init__(self, base: str, game: str, level: str, number: int) -> None:
        self.base, self.game, self.level, self.number = base, game, level, number
        self.games = 0
        self.computer_actions = 0
        """The actions the computer took: the entries a room's log gained after each of
        the person's actions, but that action (a computer's reply is in the same change)."""

    async def run(self, clock: dict[str, float]) -> None:
        loop = asyncio.get_running_loop()
        while clock["stop"] == 0 or time.perf_counter() < clock["stop"]:
            self.games += 1
            address = f"127.2.{self.number % 250}.{self.games % 250 + 1}"
            game = await loop.run_in_executor(None, post, self.base, "/api/games", {
                "mode": "computer", "game": self.game, "level": self.level}, address)
            await self.play(game, address)

    async def play(self, game: dict[str, Any], address: str) -> None:
        url = self.base.replace("http", "ws") + "/ws"
        async with websockets.connect(url, max_size=2**22, open_timeout=60,
                                      local_addr=(address, 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "game": game["game"],
                                      "token": game["token"]}))
            asked, acted_at = False, None
            async for text in ws:
                assert isinstance(text, str)
                message = json.loads(text)
                kind = message["type"]
                if kind == "state":
                    if acted_at is not None and message["seq"] > acted_at:
                        self.computer_actions += message["seq"] - acted_at - 1
                        acted_at = None
                    if message["phase"] == "over":
                        return
                    if message["phase"] == "setup" and not asked:
                        asked = True
                        await ws.send(json.dumps({"type": "random_fleet"}))
                    elif message.get("legal") and message["to_move"] == message["you"]:
                        acted_at = message["seq"]
                        await ws.send(json.dumps(random.choice(message["legal"])))
                elif kind.endswith("suggestion"):  # the game's set-up, drawn by the server
                    suggestion = {key: value for key, value in message.items()
                                  if key != "type"}
                    await ws.send(json.dumps({"type": "deploy" if "pieces" in message
                                              else "place", **suggestion}))
                elif kind == "error":  # a legal action refused: the client is wrong
                    raise RuntimeError(f"the server refused a legal action: {message}")


def post(base: str, path: str, body: dict[str, Any], address: str) -> dict[str, Any]:
    """POST ``body`` as JSON from the local ``address``; the answer's JSON."""
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=30,
                                            source_address=(address, 0))
    try:
        connection.request("POST", path, json.dumps(body),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        if response.status >= 400:
            raise OSError(f"{path}: HTTP {response.status}")
        result: dict[str, Any] = json.loads(response.read())
        return result
    finally:
        connection.close()


SETUP_SECONDS = 300
"""How long a game may take to be created, joined and set up on a loaded machine; one
that takes longer is counted in ``arrived`` as ``0`` and plays no part."""


async def one_game(bases: list[str], number: int, clock: dict[str, float], go: asyncio.Event,
                   arrived: list[int], interval: float, latencies: list[float],
                   errors: list[str]) -> None:
    loop = asyncio.get_running_loop()
    address = f"127.1.{number // 250 % 250}.{number % 250 + 1}"
    first, second = bases[number % len(bases)], bases[(number + 1) % len(bases)]
    tasks: list[asyncio.Task[None]] = []
    try:
        try:
            game = await loop.run_in_executor(None, post, first, "/api/games",
                                              {"mode": "private", "preset": "classic"}, address)
            joined = await loop.run_in_executor(
                None, post, second, f"/api/games/{game['game']}/join",
                {"invite": game["invite"]}, address)
            players = [Player(first.replace("http", "ws") + "/ws", game["game"],
                              game["token"], address),
                       Player(second.replace("http", "ws") + "/ws", game["game"],
                              joined["token"], address)]
            ready = [asyncio.Event(), asyncio.Event()]
            tasks = [asyncio.create_task(p.run(r)) for p, r in zip(players, ready, strict=True)]
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), SETUP_SECONDS)
            refusal = next((p.refusal for p in players if p.refusal is not None), None)
            if refusal is not None:
                raise RuntimeError(refusal)
        except (OSError, TimeoutError, RuntimeError) as error:
            arrived.append(0)
            errors.append(f"set-up: {type(error).__name__} {error}")
            return
        arrived.append(1)
        await go.wait()  # every game is set up: only shots are measured
        await asyncio.sleep(random.uniform(0, interval))
        while time.perf_counter() < clock["stop"]:
            state = players[0].state
            if state.get("phase") != "battle":
                break
            shooter = players[state["to_move"]]
            try:
                latencies.append(await shooter.fire())
            except TimeoutError:
                errors.append("timeout")
            await asyncio.sleep(interval)
            # Let the other side's state catch up before choosing the next shooter (not
            # past the end: a socket the server closed never catches up).
            while (players[0].state.get("seq") != players[1].state.get("seq")
                   and time.perf_counter() < clock["stop"]):
                await asyncio.sleep(0.01)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (a server's thinking workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def measure(bases: list[str], games: int, seconds: float, interval: float,
                  pids: list[int], computer: tuple[int, str, str]) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    clock = {"stop": 0.0}
    go = asyncio.Event()
    arrived: list[int] = []
    cpu: dict[str, float] = {}

    async def start_when_ready() -> None:
        while len(arrived) < games:
            await asyncio.sleep(0.1)
        cpu["server"] = sum(cpu_seconds(pid) for pid in pids)
        thinkers = [child for pid in pids for child in children(pid)]
        cpu["thinkers"] = sum(cpu_seconds(pid) for pid in thinkers)
        cpu["client"] = own_cpu_seconds()
        cpu["load"] = os.getloadavg()[0]
        clock["stop"] = time.perf_counter() + seconds
        go.set()
        await asyncio.sleep(seconds)
        cpu["server"] = sum(cpu_seconds(pid) for pid in pids) - cpu["server"]
        cpu["thinkers"] = sum(cpu_seconds(pid) for pid in thinkers) - cpu["thinkers"]
        cpu["client"] = own_cpu_seconds() - cpu["client"]

    against, game, level = computer
    opponents = [Opponent(bases[number % len(bases)], game, level, number)
                 for number in range(against)]
    playing = [asyncio.create_task(opponent.run(clock)) for opponent in opponents]
    computer_actions = 0

    async def count_computer_actions() -> None:
        nonlocal computer_actions
        await go.wait()
        before = sum(opponent.computer_actions for opponent in opponents)
        await asyncio.sleep(seconds)
        computer_actions = sum(opponent.computer_actions for opponent in opponents) - before

    try:
        await asyncio.gather(start_when_ready(), count_computer_actions(), *(
            one_game(bases, number, clock, go, arrived, interval, latencies, errors)
            for number in range(games)))
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
    # Which errors, counted by kind (a set-up refused says the server's code).
    failures = {"errors": len(errors), **({"error_kinds": dict(Counter(errors))} if errors
                                          else {})}
    if not latencies:
        return {"games": games, "shots": 0, **failures}
    ordered = sorted(latencies)
    return {"games": games, "set_up": sum(arrived), "shots": len(ordered), **failures,
            **({"computer_games": against, "computer_actions": computer_actions,
                "thinkers_cpu_s": round(cpu["thinkers"], 1)} if against else {}),
            "p50_ms": round(statistics.median(ordered) * 1000, 1),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1),
            "server_cpu_s": round(cpu["server"], 1), "client_cpu_s": round(cpu["client"], 1),
            "server_rss_mb": [rss_mb(pid) for pid in pids],
            "load_before": round(cpu["load"], 1), "load_after": round(os.getloadavg()[0], 1)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between shots in each game (default 1)")
    parser.add_argument("--db", default=None,
                        help="the server's --db (default: a SQLite file in a temporary folder)")
    parser.add_argument("--pubsub", default=None, help="the server's --pubsub (redis://…)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (more than one needs --db postgresql://… and "
                             "--pubsub redis://…)")
    parser.add_argument("--computer", type=int, default=0, metavar="N",
                        help="also N games against the computer, played at once (default 0)")
    parser.add_argument("--computer-game", default="manoeuvres",
                        help="the game of those (default manoeuvres)")
    parser.add_argument("--computer-level", default="hard",
                        help="the computer's level in them (default hard)")
    parser.add_argument("--thinkers", type=int, default=None, metavar="N",
                        help="the server's --thinkers (worker processes for the computers; "
                             "0: its threads; default: the server's default)")
    parser.add_argument("--nginx", action="store_true",
                        help="play through nginx configured as docs/deploy.md says "
                             "(needs --processes 2)")
    args = parser.parse_args()
    # The client holds thousands of sockets' objects too: the collector's full passes
    # over them cost it as they cost the server (seabattle serve's ``tune_gc``).
    gc.freeze()
    gc.set_threshold(3_000, 100, 100)
    if args.processes > 1 and not (args.db and args.pubsub):
        parser.error("--processes above 1 needs --db postgresql://… and --pubsub redis://…")
    if args.nginx and args.processes != 2:
        parser.error("--nginx needs --processes 2 (the two upstreams of docs/deploy.md)")
    ports = [free_port() for _ in range(args.processes)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as tmp:
        front = None
        if args.nginx:
            import nginx_front

            listen = free_port()
            front = nginx_front.start(ports, listen, Path(tmp), 4 * max(args.games) + 256)
            bases = [f"http://127.0.0.1:{listen}"]
        db = args.db or str(Path(tmp) / "load.sqlite3")
        servers = [subprocess.Popen(
            [sys.executable, "-m", "seabattle.cli", "serve", "--port", str(port), "--db", db,
             *(["--pubsub", args.pubsub] if args.pubsub else []),
             *(["--thinkers", str(args.thinkers)] if args.thinkers is not None else [])],
            stdout=subprocess.DEVNULL)
            for port in ports]
        try:
            for base in {*bases, *(f"http://127.0.0.1:{port}" for port in ports)}:
                for _ in range(200):
                    try:
                        urllib.request.urlopen(base + "/api/options", timeout=1).read()
                        break
                    except OSError:
                        time.sleep(0.1)
            best = 0
            for games in args.games:
                # uvloop (uvicorn's, which the server runs on too): the client's own
                # event loop costs less of the CPU it shares with the server.
                with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
                    result = runner.run(measure(
                        bases, games, args.seconds, args.interval,
                        [server.pid for server in servers],
                        (args.computer, args.computer_game, args.computer_level)))
                print(json.dumps(result), flush=True)
                if result.get("shots") and result["p99_ms"] < 100 and not result["errors"]:
                    best = games
            print(f"largest number of simultaneous games with shot p99 < 100 ms: {best} "
                  f"(one shot per {args.interval:g} s per game, {args.processes} process(es))")
        finally:
            for process in [*servers, *([front] if front else [])]:
                process.terminate()
                process.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
