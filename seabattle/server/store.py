"""Where games live: an append-only log of entries per game, behind the :class:`Store` interface.

The server appends every accepted entry (:mod:`seabattle.server.rooms`) *before*
it tells anyone about it, so a server killed at any moment restarts with every
game as its players last saw it. The interface is asynchronous, so that a store across
the network (:class:`~seabattle.server.store_postgres.PostgresStore`) never stops the
event loop while it waits; :class:`SQLiteStore`, the embedded default (one file, WAL
journal), answers at once from the loop's own thread (an append is a sub-millisecond
write). The primary key ``(game, seq)`` makes two processes appending to one game at
once fail loudly instead of forking it.
"""

from __future__ import annotations

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
        and says what its timer did (``None``: nothing, it has no timer). Returns each
        game changed and its number of entries now."""


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


class SQLiteStore:
    """A :class:`Store` in one SQLite file (``:memory:`` for a throw-away one). Its
    methods do their work at once, in the caller's thread: one process holds every game
    with a timer in memory, so the ``deadline`` is not kept."""

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
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    "INSERT INTO entries VALUES (?, ?, ?)",
                    [(game_id, seq + i, json.dumps(e, ensure_ascii=False))
                     for i, e in enumerate(entries)])
                self._db.execute("UPDATE games SET phase = ?, match_key = COALESCE(?, match_key)"
                                 " WHERE id = ?", (phase, match_key, game_id))
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                raise StoreConflictError(game=game_id, seq=seq) from None
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

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
        with self._lock:
            self._db.close()
