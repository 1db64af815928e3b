"""Several real ``seabattle serve`` processes on one PostgreSQL database and one Redis, on
loopback: the players of a game and its spectator on different processes, a process killed
with SIGKILL in mid-game, and a crowd racing for waiting games (``docs/deploy.md``)."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("redis")
websockets_sync = pytest.importorskip("websockets.sync.client")
websockets_exceptions = pytest.importorskip("websockets.exceptions")

from seabattle.games.interface import JSON  # noqa: E402
from tests import backends  # noqa: E402
from tests.backends import assert_each_move_once, free_port, stored_log  # noqa: E402

postgres_url, redis_url = backends.postgres_url, backends.redis_url
watchdog = backends.watchdog  # autouse: a hang fails instead of stalling

RECEIVE_SECONDS = 20
"""How long a client waits for a message before the test fails (never hangs)."""


class Endpoint:
    """Something that speaks seabattle's HTTP and WebSocket on a loopback port."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/api/options", timeout=2):
                return True
        except OSError:
            return False

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=RECEIVE_SECONDS) as response:
                answer: dict[str, Any] = json.loads(response.read())
                return answer
        except urllib.error.HTTPError as error:  # the server's reason, in the failure
            raise AssertionError(f"{path}: {error.code} {error.read().decode()}") from None


class Server(Endpoint):
    """One ``seabattle serve`` process on a loopback port."""

    def __init__(self, db: str, pubsub: str, log: Path) -> None:
        super().__init__(free_port())
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "seabattle", "serve", "--port", str(self.port),
             "--db", db, "--pubsub", pubsub, "--grace", "0"],
            stdout=log.open("w"), stderr=subprocess.STDOUT, env={**os.environ, "NO_COLOR": "1"})
        deadline = time.monotonic() + 60
        while not self.answers():
            assert self.process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no clean-up at all."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def servers(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for n in range(2):
            started.append(Server(postgres_url, redis_url, tmp_path / f"server{n}.log"))
        yield started
    finally:
        for server in started:
            server.stop()


class Client:
    """A WebSocket client of one game: keeps what it was sent, and the events by ``seq``."""

    def __init__(self, server: Endpoint, game: str, name: str, since: int = 0,
                 **key: str) -> None:
        self.name, self.game, self.key = name, game, key
        self.state: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.sockets = ExitStack()
        self.connect(server, since)

    def connect(self, server: Endpoint, since: int) -> None:
        self.ws = self.sockets.enter_context(websockets_sync.connect(
            f"ws://127.0.0.1:{server.port}/ws", open_timeout=RECEIVE_SECONDS))
        self.send({"type": "hello", "game": self.game, "since": since, **self.key})
        self.until("welcome")
        self.until("state")

    @property
    def since(self) -> int:
        """Where a reconnection starts: after everything received so far."""
        return max([self.state.get("seq", 0), *(e["seq"] + 1 for e in self.events)])

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=RECEIVE_SECONDS))
        if message["type"] == "state":
            self.state = message
        elif "seq" in message and message["type"] not in ("pong", "error"):
            self.events.append(message)
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        for _ in range(1000):
            message = self.recv()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
            assert message["type"] != "error" or kind == "error", (self.name, message)
        raise AssertionError(f"{self.name}: no {kind}")

    def sync(self, seq: int) -> dict[str, Any]:
        """The state once it is at least as new as ``seq``."""
        while self.state.get("seq", -1) < seq:
            self.until("state")
        return self.state

    def place(self) -> None:
        self.send({"type": "random_fleet"})
        ships = self.until("fleet_suggestion")["ships"]
        self.send({"type": "place", "ships": ships})
        self.until("fleet_ready", seat=self.state["you"])

    def target(self) -> int:
        enemy = self.state["boards"][1 - self.state["you"]]
        fired = {s["cell"] for s in enemy["shots"]} | set(enemy["ring"])
        size = self.state["rules"]["width"] * self.state["rules"]["height"]
        return next(c for c in range(size) if c not in fired)

    def close(self) -> None:
        self.sockets.close()


def new_pair(servers: list[Server]) -> tuple[str, Client, Client, dict[str, Any]]:
    """A private game created on the first process and joined on the second; its
    players connected there, their fleets placed."""
    game = servers[0].post("/api/games", {"mode": "private", "preset": "classic"})
    joined = servers[1].post(f"/api/games/{game['game']}/join", {"invite": game["invite"]})
    a = Client(servers[0], game["game"], "A", token=game["token"])
    b = Client(servers[1], game["game"], "B", token=joined["token"])
    a.place(), b.place()
    return game["game"], a, b, game


def fire(players: dict[int, Client], everyone: list[Client], seq: int) -> int:
    """The player to move fires; every client sees the shot. Returns the new ``seq``."""
    state = players[0].sync(seq)
    shooter = players[state["to_move"]]
    shooter.sync(seq)
    shooter.send({"type": "fire", "cell": shooter.target()})
    seq = shooter.until("shot")["seq"] + 1
    for client in everyone:
        client.sync(seq)
    return seq


def assert_told_once_each(client: Client, upto: int, start: int = 0) -> None:
    """``client`` was sent the events of entries ``start``… ``upto - 1``, each once."""
    seqs = sorted({event["seq"] for event in client.events if event["seq"] >= start})
    told = [(e["seq"], json.dumps(e, sort_keys=True)) for e in client.events]
    assert len(told) == len(set(told)), client.name
    assert seqs[-1] == upto - 1


def assert_stored_once(postgres_url: str, game: str, entries: int) -> None:
    """The game's log in the store has ``entries`` entries, each move once."""
    log = stored_log(postgres_url, game)
    assert len(log) == entries
    assert_each_move_once(log)


def test_a_whole_game_with_its_players_and_spectator_on_two_processes(
        servers: list[Server], postgres_url: str) -> None:
    game, a, b, created = new_pair(servers)
    spectator = Client(servers[1], game, "S", watch=created["watch"])
    everyone = [a, b, spectator]
    seq = a.sync(4)["seq"]
    while a.state["phase"] != "over":
        seq = fire({0: a, 1: b}, everyone, seq)
    for client in everyone:
        assert client.sync(seq)["result"] == a.state["result"]
        assert_told_once_each(client, seq)
        client.close()
    assert_stored_once(postgres_url, game, seq)


def test_a_process_killed_mid_game_its_players_go_on_on_the_other(
        servers: list[Server], postgres_url: str) -> None:
    game, a, b, _ = new_pair(servers)
    players = {0: a, 1: b}
    seq = a.sync(4)["seq"]
    for _ in range(6):
        seq = fire(players, [a, b], seq)
    # A's process dies with a shot on its way (A's, perhaps not stored; or B's, perhaps
    # not yet told to A).
    shooter = players[a.state["to_move"]]
    cell = shooter.target()
    shooter.send({"type": "fire", "cell": cell})
    if shooter is b:
        b.until("shot", cell=cell)  # B's process lives: stored and told
    servers[0].kill()
    a.connect(servers[1], since=a.since)  # the proxy sends A to the other process
    a.send({"type": "ping"})
    now = a.until("pong")["seq"]
    if shooter is a and now == seq:  # A's shot died with the process: A fires it again
        a.send({"type": "fire", "cell": cell})
        now = a.until("shot", cell=cell)["seq"] + 1
    seq = max(a.sync(now)["seq"], b.sync(now)["seq"])
    while a.state["phase"] != "over":
        seq = fire(players, [a, b], seq)
    seq = a.state["seq"]
    assert b.sync(seq)["result"] == a.state["result"]
    assert_told_once_each(a, seq)
    assert_stored_once(postgres_url, game, seq)


def test_a_crowd_racing_for_waiting_games_is_seated_two_by_two(
        servers: list[Server], postgres_url: str) -> None:
    crowd = 16
    barrier = threading.Barrier(crowd)
    tickets: list[dict[str, Any]] = []

    def ask(n: int) -> None:
        barrier.wait()
        tickets.append(servers[n % 2].post("/api/games", {"mode": "random",
                                                          "preset": "classic"}))

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(crowd)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(tickets) == crowd
    seats: dict[str, list[int]] = {}
    for ticket in tickets:
        seats.setdefault(ticket["game"], []).append(ticket["seat"])
    for game, taken in seats.items():
        assert sorted(taken) in ([0], [0, 1]), (game, taken)  # never three, never seat 1 twice
        joins = [e for e in stored_log(postgres_url, game) if e["type"] == "joined"]
        assert len(joins) == len(taken) - 1
    # At most one game per process is left waiting for a partner at the end.
    assert sum(len(taken) == 1 for taken in seats.values()) <= 2


def test_every_timer_fires_once_with_both_processes_holding_the_game(
        servers: list[Server], postgres_url: str) -> None:
    """Nobody places a fleet, nobody fires: the set-up timer places both fleets once, then
    the turn timer strikes twice and ends the game, though both processes run its clock."""
    game = servers[0].post("/api/games", {"mode": "private", "preset": "classic",
                                          "setup_seconds": 1, "turn_seconds": 1})
    joined = servers[1].post(f"/api/games/{game['game']}/join", {"invite": game["invite"]})
    a = Client(servers[0], game["game"], "A", token=game["token"])
    b = Client(servers[1], game["game"], "B", token=joined["token"])
    over = a.until("game_over")
    assert over["reason"] == "timeout"
    assert b.until("game_over") == over
    log = stored_log(postgres_url, game["game"])
    kinds = [(entry["type"], entry.get("seat"), entry.get("auto", False)) for entry in log]
    assert kinds == [("created", None, False), ("joined", None, False), ("move", 0, True),
                     ("move", 1, True), ("timeout", over["winner"] ^ 1, False),
                     ("timeout", over["winner"] ^ 1, False)], kinds


# --- the recipe of docs/deploy.md: nginx in front of the processes ----------------------------

NGINX_FRONT = Path(__file__).resolve().parent.parent / "scripts" / "nginx_front.py"
_spec = importlib.util.spec_from_file_location("nginx_front", NGINX_FRONT)
assert _spec is not None and _spec.loader is not None
nginx_front = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(nginx_front)


@pytest.fixture
def proxy(servers: list[Server], tmp_path: Path) -> Iterator[Endpoint]:
    if nginx_front.NGINX is None:
        pytest.skip("nginx is not installed (scripts/start-services.sh installs it)")
    front = Endpoint(free_port())
    process = nginx_front.start([s.port for s in servers], front.port, tmp_path)
    try:
        deadline = time.monotonic() + 20
        while not front.answers():
            assert process.poll() is None, (tmp_path / "nginx.out").read_text()
            assert time.monotonic() < deadline, (tmp_path / "error.log").read_text()
            time.sleep(0.1)
        yield front
    finally:
        process.terminate()
        process.wait(10)


def test_the_deploy_recipe_serves_a_game_through_nginx_while_a_process_dies(
        servers: list[Server], proxy: Endpoint, postgres_url: str) -> None:
    game = proxy.post("/api/games", {"mode": "private", "preset": "classic"})
    joined = proxy.post(f"/api/games/{game['game']}/join", {"invite": game["invite"]})
    a = Client(proxy, game["game"], "A", token=game["token"])
    b = Client(proxy, game["game"], "B", token=joined["token"])
    a.place(), b.place()
    players = {0: a, 1: b}
    seq = a.sync(4)["seq"]
    for _ in range(4):
        seq = fire(players, [a, b], seq)
    servers[0].kill()
    for client in (a, b):  # a socket through the dead process reconnects through nginx
        try:
            client.send({"type": "ping"})
            client.until("pong")
        except websockets_exceptions.ConnectionClosed:
            client.connect(proxy, since=client.since)
    while a.sync(seq)["phase"] != "over":
        seq = fire(players, [a, b], seq)
    assert b.sync(seq)["result"] == a.state["result"]
    assert_told_once_each(a, seq), assert_told_once_each(b, seq)
    assert_stored_once(postgres_url, game["game"], seq)


def after_two_strikes(postgres_url: str, game_id: str) -> list[dict[str, JSON]]:
    """The stored log of ``game_id`` once it holds two timeouts (waited for generously:
    the machine may be loaded)."""
    deadline = time.monotonic() + 120
    log = stored_log(postgres_url, game_id)
    while sum(entry["type"] == "timeout" for entry in log) < 2:
        assert time.monotonic() < deadline, log
        time.sleep(0.5)
        log = stored_log(postgres_url, game_id)
    return log


def test_timers_of_a_game_whose_process_was_killed_fire_once_on_the_others(
        servers: list[Server], postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    """A third process creates and seats a game with 1-second timers, and is killed (-9)
    at once; nobody ever connects. The two processes left never held the game, yet their
    sweeps fire each timer once: both fleets placed, two strikes, the game lost."""
    holder = Server(postgres_url, redis_url, tmp_path / "holder.log")
    try:
        game = holder.post("/api/games", {"mode": "private", "preset": "classic",
                                          "setup_seconds": 1, "turn_seconds": 1})
        holder.post(f"/api/games/{game['game']}/join", {"invite": game["invite"]})
    finally:
        holder.kill()
    log = after_two_strikes(postgres_url, game["game"])
    kinds = [(entry["type"], entry.get("seat"), entry.get("auto", False)) for entry in log]
    loser = kinds[-1][1]
    assert kinds == [("created", None, False), ("joined", None, False), ("move", 0, True),
                     ("move", 1, True), ("timeout", loser, False),
                     ("timeout", loser, False)], kinds
    # A player coming back to either process finds the game over, as the store has it.
    for server in servers:
        watcher = Client(server, game["game"], "S", watch=game["watch"])
        assert watcher.state["result"] == {"winner": 1 - loser, "reason": "timeout"}
        watcher.close()


def test_a_computer_answers_a_timer_fired_by_a_process_that_never_held_its_game(
        servers: list[Server], postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    """The same against the computer: the sweeps place the person's fleet and strike the
    person's turns, and the computer's replies in between are thought out in the
    sweeping process's worker (the sweep runs in a thread, never in the event loop)."""
    holder = Server(postgres_url, redis_url, tmp_path / "holder.log")
    try:
        game = holder.post("/api/games", {"mode": "computer", "level": "admiral",
                                          "preset": "classic", "setup_seconds": 1,
                                          "turn_seconds": 1})
    finally:
        holder.kill()
    log = after_two_strikes(postgres_url, game["game"])
    timeouts = [entry.get("seat") for entry in log if entry["type"] == "timeout"]
    assert timeouts == [0, 0], log
    assert any(entry["type"] == "move" and entry.get("seat") == 0 and entry.get("auto")
               for entry in log), "the person's fleet placed by the set-up timer"
    for server in servers:
        watcher = Client(server, game["game"], "S", watch=game["watch"])
        assert watcher.state["result"] == {"winner": 1, "reason": "timeout"}
        watcher.close()
