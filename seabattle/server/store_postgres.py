"""The game logs in PostgreSQL: the :class:`~seabattle.server.store.Store` that several server
processes (and machines) share (``seabattle serve --db postgresql://…``).

The same two tables as :class:`~seabattle.server.store.SQLiteStore` — ``games`` and
``entries`` with the primary key ``(game, seq)`` — so a race of two processes to append
the same entry number to one game fails for one of them (:class:`StoreConflictError`)
instead of forking the game: the log's primary key is what seats a waiting game's second
player once and fires a timer once (``docs/server.md``, «Several processes»).

The driver is psycopg 3, used synchronously, because the :class:`Store` interface is
synchronous (the hub calls it from the event loop, as it calls SQLite): one connection
per process, one statement per call (its own transaction, one round trip: the event loop
waits for it), a lock keeping each whole. psycopg's ``AsyncConnection`` runs the same SQL,
should the interface become asynchronous.

The schema is created or migrated when the store opens: :data:`MIGRATIONS` is an ordered
list, ``seabattle_schema`` keeps how many have run, and an advisory lock makes processes
starting together migrate once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import psycopg
from psycopg.types.json import Jsonb

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.server.store import StoreConflictError

T = TypeVar("T")

MIGRATIONS: tuple[str, ...] = (
    # 1: the games and their logs, as in SQLite; entries as JSONB (queryable by content).
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        mode TEXT NOT NULL,
        phase TEXT NOT NULL,
        match_key TEXT,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE entries (
        game TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        data JSONB NOT NULL,
        PRIMARY KEY (game, seq)
    );
    CREATE INDEX games_waiting ON games (match_key, created) WHERE phase = 'waiting';
    """,
)
"""The schema's history: migration ``n`` (from 1) takes a database from version ``n - 1``
to ``n``. A later change is a new item at the end, never an edit of an old one."""

_LOCK = 0x5EABA771E
"""The advisory lock key held while migrating (any fixed 64-bit number)."""


# One statement each, so one round trip and its own transaction (all or nothing): the
# store is called from the event loop, which waits for the answer.
_CREATE = """
WITH game AS (INSERT INTO games VALUES (%s, %s, %s, %s, %s))
INSERT INTO entries VALUES (%s, 0, %s)
"""
_APPEND = """
WITH added AS (
    INSERT INTO entries SELECT %s, number, data
    FROM unnest(%s::integer[], %s::jsonb[]) AS new(number, data)
)
UPDATE games SET phase = %s, match_key = COALESCE(%s, match_key) WHERE id = %s
"""


class StoreUnavailableError(SeaBattleError):
    """The database cannot be reached (or lost the connection in mid-call): nothing was
    changed that anyone was told of; the action may be tried again."""

    key = "web.error.store_down"


class SchemaTooNewError(SeaBattleError):
    """The database was migrated by a newer seabattle than this one."""

    key = "error.schema_too_new"


class PostgresStore:
    """A :class:`~seabattle.server.store.Store` in a PostgreSQL database, given by its URL
    (``postgresql://user@host:port/dbname``; ``?options=-csearch_path%3Dname`` picks a
    schema). The connection is opened at once, and opened again after it is lost."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._conn: psycopg.Connection[tuple[object, ...]] | None = None
        self._run(self._migrate)

    # --- the connection -----------------------------------------------------------

    def _connection(self) -> psycopg.Connection[tuple[object, ...]]:
        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
        return self._conn

    def _run(self, work: Callable[[psycopg.Connection[tuple[object, ...]]], T]) -> T:
        """``work`` on the connection, under the lock; a lost connection is a
        :class:`StoreUnavailableError` (and is opened again by the next call)."""
        with self._lock:
            try:
                return work(self._connection())
            except psycopg.OperationalError as error:
                if self._conn is not None:
                    self._conn.close()
                self._conn = None
                raise StoreUnavailableError(problem=str(error).strip()) from None

    def _migrate(self, conn: psycopg.Connection[tuple[object, ...]]) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS seabattle_schema (version INTEGER NOT NULL)")
            row = conn.execute("SELECT version FROM seabattle_schema").fetchone()
            version = 0 if row is None else cast(int, row[0])
            if row is None:
                conn.execute("INSERT INTO seabattle_schema VALUES (0)")
            if version > len(MIGRATIONS):
                raise SchemaTooNewError(version=version, known=len(MIGRATIONS))
            for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
                conn.execute(migration.encode())
                conn.execute("UPDATE seabattle_schema SET version = %s", (number,))

    @property
    def version(self) -> int:
        """The schema version of the database (the number of migrations run)."""
        row = self._run(lambda c: c.execute("SELECT version FROM seabattle_schema").fetchone())
        return 0 if row is None else cast(int, row[0])

    # --- the Store interface ---------------------------------------------------------

    def create(self, game_id: str, entry: dict[str, JSON], *, mode: str, phase: str,
               match_key: str | None = None) -> None:
        """Start the log of a new game with its ``created`` entry (sequence number 0)."""
        try:
            self._run(lambda c: c.execute(_CREATE, (game_id, mode, phase, match_key,
                                                    entry["at"], game_id, Jsonb(entry))))
        except psycopg.errors.UniqueViolation:
            raise StoreConflictError(game=game_id, seq=0) from None

    def append(self, game_id: str, seq: int, entries: Sequence[dict[str, JSON]],
               *, phase: str, match_key: str | None = None) -> None:
        """Append ``entries`` numbered from ``seq``, atomically, and note the game's phase;
        :class:`StoreConflictError` if another writer took one of the numbers first."""
        numbers = list(range(seq, seq + len(entries)))
        try:
            self._run(lambda c: c.execute(_APPEND, (game_id, numbers, [Jsonb(e) for e in entries],
                                                    phase, match_key, game_id)))
        except psycopg.errors.UniqueViolation:
            raise StoreConflictError(game=game_id, seq=seq) from None

    def load(self, game_id: str) -> list[dict[str, JSON]] | None:
        """The whole log of a game, or ``None`` if there is no such game."""
        rows = self._run(lambda c: c.execute(
            "SELECT data FROM entries WHERE game = %s ORDER BY seq", (game_id,)).fetchall())
        return [cast(dict[str, JSON], row[0]) for row in rows] or None

    def load_since(self, game_id: str, seq: int) -> list[dict[str, JSON]]:
        """The entries of a game from number ``seq`` on (what a process that holds the
        game up to ``seq`` lacks; the hub uses it when the store has it)."""
        rows = self._run(lambda c: c.execute(
            "SELECT data FROM entries WHERE game = %s AND seq >= %s ORDER BY seq",
            (game_id, seq)).fetchall())
        return [cast(dict[str, JSON], row[0]) for row in rows]

    def waiting(self, match_key: str) -> list[str]:
        """Games of ``random`` mode still waiting for a second player with these settings,
        oldest first."""
        rows = self._run(lambda c: c.execute(
            "SELECT id FROM games WHERE phase = 'waiting' AND mode = 'random'"
            " AND match_key = %s ORDER BY created", (match_key,)).fetchall())
        return [cast(str, row[0]) for row in rows]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
