"""What the PostgreSQL, Redis and several-process tests share: a throw-away PostgreSQL schema
per test, the Redis URL, and a TCP relay that a test can cut to play a server going down.

PostgreSQL (``SEABATTLE_TEST_POSTGRES``, default ``postgresql://postgres@127.0.0.1:5432/test``)
and Redis (``SEABATTLE_TEST_REDIS``, default ``redis://127.0.0.1:6379/0``) must be running:
``scripts/test.sh`` starts them when none answers. A test that needs one skips only when
none answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import json
import os
import secrets
import socket
import threading
from collections.abc import Iterator, Sequence
from urllib.parse import quote, urlsplit

import pytest

from seabattle.games.interface import JSON

POSTGRES = os.environ.get("SEABATTLE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("SEABATTLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


WATCHDOG_SECONDS = float(os.environ.get("SEABATTLE_TEST_WATCHDOG", 240))
"""A test of these modules that runs longer has hung (a socket waits for a message that will
not come): every thread's stack is printed and the test process exits, failing the run
instead of stalling it."""


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Turns a hang into a failure with every thread's traceback (see WATCHDOG_SECONDS)."""
    faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def address(url: str) -> tuple[str, int]:
    """The host and port a server URL names (a relay's target)."""
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or 0


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` as its search path (the store's tables go there)."""
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of a fresh, empty schema in the test database, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"no PostgreSQL answers at {POSTGRES}: {error}")
    schema = f"sb_test_{secrets.token_hex(6)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(POSTGRES, schema)
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


@pytest.fixture
def redis_url() -> str:
    """The URL of the test Redis (skips if none answers)."""
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS, socket_connect_timeout=3)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis answers at {REDIS}: {error}")
    finally:
        client.close()
    return REDIS


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Relay:
    """A TCP relay on a loopback port to ``target``: :meth:`cut` closes it and every
    connection through it (the server seems down), :meth:`mend` opens it again on the same
    port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._sockets: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.mend()

    def url(self, url: str) -> str:
        """``url`` (of the target) pointed at the relay instead."""
        host = f"{self.target[0]}:{self.target[1]}"
        assert host in url, (host, url)
        return url.replace(host, f"127.0.0.1:{self.port}")

    def mend(self) -> None:
        """Listen again (after :meth:`cut`)."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """Close the port and every connection through it."""
        with self._lock:
            if self._listener is not None:
                with contextlib.suppress(OSError):  # wakes the thread blocked in accept()
                    self._listener.shutdown(socket.SHUT_RDWR)
                self._listener.close()
                self._listener = None
            for sock in self._sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    server.close()
                    return
                self._sockets |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


def assert_each_move_once(log: Sequence[dict[str, JSON]]) -> None:
    """No player's move is in a stored log twice (Battleship never allows the same move
    twice: each shot is at a new cell)."""
    moves = [(entry["seat"], json.dumps(entry["action"], sort_keys=True))
             for entry in log if entry["type"] == "move" and entry["seat"] in (0, 1)]
    assert moves and len(moves) == len(set(moves)), moves


def stored_log(postgres_url: str, game: str) -> list[dict[str, JSON]]:
    """A game's log as the PostgreSQL store at ``postgres_url`` keeps it (read from a test's
    thread, outside any server's event loop)."""
    from seabattle.server.store_postgres import PostgresStore

    async def read() -> list[dict[str, JSON]]:
        store = PostgresStore(postgres_url)
        try:
            return await store.load(game) or []
        finally:
            await store.close()

    return asyncio.run(read())
