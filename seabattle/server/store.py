"""Where games live: an append-only log of entries per game, behind the :class:`Store` interface.

The server appends every accepted entry (:mod:`seabattle.server.rooms`) *before*
it tells anyone about it, so a server killed at any moment restarts with every
game as its players last saw it. The interface is asynchronous, so that a store across
the network (:class:`~seabattle.server.store_postgres.PostgresStore`) never stops the
event loop while it waits; :class:`SQLiteStore`, the embedded default (one file, WAL
journal), works in the loop's own thread (an append is a sub-millisecond write), and
commits the appends of every game made in one turn of the event loop together. The
primary key ``(game, seq)`` makes two processes appending to one game at
once fail loudly instead of forking it.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, cast, runtime_checkable

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON


class StoreConflictError(SeaBattleError):
    """Entries were appended with a sequence number already taken (another writer won)."""

    key = "web.error.conflict"


@dataclass(frozen=True)
class Fired:
    """What a timer that ran out did to a game (:meth:`DueStore.fire_due`): the
    ``entries`` to append from number ``seq`` (none: the deadline stored was not the
    game's), its phase and its next deadline after them."""

    seq: int
    entries: list[dict[str, JSON]]
    phase: str
    deadline: float | None


class Store(Protocol):
    """Persistent game logs."""

    async def create(self, game_id: str, entry: dict[str, JSON], *, mode: str, phase: str,
                     match_key: str | None = None, deadline: float | None = None) -> None:
        """Start the log of a new game with its ``created`` entry (sequence number 0)."""

    async def append(self, game_id: str, seq: int, entries: Sequence[dict[str, JSON]],
                     *, phase: str, match_key: str | None = None,
                     deadline: float | None = None) -> None:
        """Append ``entries`` numbered from ``seq``, atomically, and note the game's phase
        and its timer's ``deadline`` after them (kept by a store that several processes
        share, whose sweep fires the timers of games no process holds; a store of one
        process, whose rooms with a timer stay in memory, need not keep it)."""

    async def load(self, game_id: str) -> list[dict[str, JSON]] | None:
        """The whole log of a game, or ``None`` if there is no such game."""

    async def waiting(self, match_key: str) -> list[str]:
        """Games of ``random`` mode still waiting for a second player with these settings."""

    async def close(self) -> None:
        """Release the connection."""


@runtime_checkable
class DueStore(Store, Protocol):
    """A store several processes share, which keeps each game's deadline and fires the
    timers of games no process holds (``docs/server.md``, «Timers of games nobody holds»)."""

    async def fire_due(self, now: float, held: Collection[str],
                       fire: Callable[[str, list[dict[str, JSON]]], Fired | None]
                       ) -> list[tuple[str, int]]:
        """Fire the timers run out by ``now`` of games not in ``held``, each game once
        whichever processes sweep at the same time: ``fire`` is given a due game's log
        and says what its timer did (``None``: nothing, it has no timer); it is called in
        a worker thread, since a computer's reply may think meanwhile. Returns each game
        changed and its number of entries now."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    phase TEXT NOT NULL,
    match_key TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE INDEX IF NOT EXISTS games_waiting ON games(match_key) WHERE phase = 'waiting';
"""


@dataclass
class _Append:
    """One :meth:`SQLiteStore.append` waiting for its batch's commit."""

    game_id: str
    seq: int
    rows: list[tuple[str, int, str]]
    phase: str
    match_key: str | None
    done: asyncio.Future[None]


class SQLiteStore:
    """A :class:`Store` in one SQLite file (``:memory:`` for a throw-away one). Its
    methods do their work in the caller's thread: one process holds every game with a
    timer in memory, so the ``deadline`` is not kept.

    Appends are committed in groups: those made in one turn of the event loop (the
    moves of many games whose messages came in together) wait for one transaction,
    committed at the loop's next turn, each game's entries in a savepoint of their own
    (an entry number taken fails that game's append alone). An append returns only once
    its batch is committed, so no one is told of a move the store does not have.
    """

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        # One connection, used from the event loop's thread (and, in tests, the
        # TestClient's portal thread): a lock keeps each transaction whole.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a committed transaction survives the process dying
        # (what we need: a killed server); only an OS crash may lose the last ones.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._batches: dict[asyncio.AbstractEventLoop, list[_Append]] = {}
        """The appends waiting for their commit, by the event loop they were made in."""

    async def create(self, game_id: str, entry: dict[str, JSON], *, mode: str, phase: str,
                     match_key: str | None = None, deadline: float | None = None) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?)",
                                 (game_id, mode, phase, match_key, entry["at"]))
                self._db.execute("INSERT INTO entries VALUES (?, 0, ?)",
                                 (game_id, json.dumps(entry, ensure_ascii=False)))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    async def append(self, game_id: str, seq: int, entries: Sequence[dict[str, JSON]],
                     *, phase: str, match_key: str | None = None,
                     deadline: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        rows = [(game_id, seq + i, json.dumps(e, ensure_ascii=False))
                for i, e in enumerate(entries)]
        waiting = _Append(game_id, seq, rows, phase, match_key, loop.create_future())
        with self._lock:
            batch = self._batches.get(loop)
            if batch is None:
                batch = self._batches[loop] = []
                loop.call_soon(self._commit, loop)
            batch.append(waiting)
        await waiting.done

    def _commit(self, loop: asyncio.AbstractEventLoop) -> None:
        """Commit the appends made in ``loop`` since its last commit, in one transaction,
        and tell each how it went."""
        with self._lock:
            batch = self._batches.pop(loop, [])
            if not batch:
                return
            outcomes: list[BaseException | None] = []
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for waiting in batch:
                        outcomes.append(self._write(waiting))
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
            except BaseException as error:  # each append of the batch is told of it
                outcomes = [error] * len(batch)
        for waiting, outcome in zip(batch, outcomes, strict=True):
            if waiting.done.done():
                continue  # its caller has gone (cancelled); the store has its entries
            if outcome is None:
                waiting.done.set_result(None)
            else:
                waiting.done.set_exception(outcome)

    def _write(self, waiting: _Append) -> StoreConflictError | None:
        """Write one game's append in a savepoint of the open transaction: ``None``, or
        the conflict that left that game as it was."""
        self._db.execute("SAVEPOINT game")
        try:
            self._db.executemany("INSERT INTO entries VALUES (?, ?, ?)", waiting.rows)
            self._db.execute("UPDATE games SET phase = ?, match_key = COALESCE(?, match_key)"
                             " WHERE id = ?", (waiting.phase, waiting.match_key,
                                               waiting.game_id))
        except sqlite3.IntegrityError:
            self._db.execute("ROLLBACK TO game")
            self._db.execute("RELEASE game")
            return StoreConflictError(game=waiting.game_id, seq=waiting.seq)
        self._db.execute("RELEASE game")
        return None

    async def load(self, game_id: str) -> list[dict[str, JSON]] | None:
        with self._lock:
            rows = self._db.execute("SELECT data FROM entries WHERE game = ? ORDER BY seq",
                                    (game_id,)).fetchall()
        return [cast(dict[str, JSON], json.loads(row[0])) for row in rows] or None

    async def waiting(self, match_key: str) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM games WHERE phase = 'waiting' AND mode = 'random'"
                " AND match_key = ? ORDER BY created", (match_key,)).fetchall()
        return [row[0] for row in rows]

    async def close(self) -> None:
        self._commit(asyncio.get_running_loop())  # the appends made before are kept
        with self._lock:
            self._db.close()
