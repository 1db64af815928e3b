"""The game logs in PostgreSQL: the :class:`~seabattle.server.store.Store` that several server
processes (and machines) share (``seabattle serve --db postgresql://…``).

The same two tables as :class:`~seabattle.server.store.SQLiteStore` — ``games`` and
``entries`` with the primary key ``(game, seq)`` — so a race of two processes to append
the same entry number to one game fails for one of them (:class:`StoreConflictError`)
instead of forking the game: the log's primary key is what seats a waiting game's second
player once and fires a timer once (``docs/server.md``, «Several processes»).

The driver is psycopg 3 with its asyncio connections, from psycopg_pool's
``AsyncConnectionPool`` (:attr:`PostgresStore.pool_size` connections per process): while
one game waits for PostgreSQL the event loop serves the others, and several games'
statements run at once. One statement per call where it can (its own transaction, one
round trip). The pool is opened in the event loop that first uses the store.

Each game keeps its timer's ``deadline`` beside its phase, so that a process's sweep
(:meth:`PostgresStore.fire_due`, ``SELECT … FOR UPDATE SKIP LOCKED``) fires the timers of
games that no live process holds in memory.

The schema is created or migrated when the store opens (synchronously, once, before the
server starts): :data:`MIGRATIONS` is an ordered list, ``seabattle_schema`` keeps how many
have run, and an advisory lock makes processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import TypeVar, cast

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.server.store import Fired, StoreConflictError

T = TypeVar("T")

Connection = psycopg.AsyncConnection[tuple[object, ...]]

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
    # 2: each game's timer, so that any process's sweep fires it (NULL: no timer runs, or
    # the game was last played before this migration: its timer runs where it is held).
    """
    ALTER TABLE games ADD COLUMN deadline DOUBLE PRECISION;
    CREATE INDEX games_due ON games (deadline) WHERE deadline IS NOT NULL;
    """,
)
"""The schema's history: migration ``n`` (from 1) takes a database from version ``n - 1``
to ``n``. A later change is a new item at the end, never an edit of an old one."""

_LOCK = 0x5EABA771E
"""The advisory lock key held while migrating (any fixed 64-bit number)."""


# One statement each, so one round trip and its own transaction (all or nothing).
_CREATE = """
WITH game AS (INSERT INTO games (id, mode, phase, match_key, created, deadline)
              VALUES (%s, %s, %s, %s, %s, %s))
INSERT INTO entries VALUES (%s, 0, %s)
"""
# The game's row is updated (and so locked) before the entries are inserted: a sweep that
# holds the row (FOR UPDATE) makes this wait, then conflict on the entry number it took,
# rather than deadlock with it.
_APPEND = """
WITH game AS (
    UPDATE games SET phase = %s, match_key = COALESCE(%s, match_key), deadline = %s
    WHERE id = %s RETURNING id
)
INSERT INTO entries SELECT game.id, number, data
FROM game, unnest(%s::integer[], %s::jsonb[]) AS new(number, data)
"""
_DUE = """
SELECT id FROM games WHERE deadline <= %s AND NOT (id = ANY(%s))
ORDER BY deadline LIMIT %s FOR UPDATE SKIP LOCKED
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
    schema). The schema is checked (and migrated) at once; the connections are opened
    when first used, and again after they are lost."""

    pool_size = 8
    """Connections per process: statements of that many games run at once."""
    wait_seconds = 30.0
    """How long a call waits for a connection before the database counts as down (a busy
    pool on a loaded machine is not a database that is down: 5 s ran out at 100 games)."""
    due_batch = 20
    """Timers one sweep fires at most (the next sweep takes the rest)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._pool: tuple[AsyncConnectionPool[Connection], asyncio.AbstractEventLoop] | None \
            = None
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
                self._migrate(conn)
        except psycopg.OperationalError as error:
            raise StoreUnavailableError(problem=str(error).strip()) from None

    # --- the connections --------------------------------------------------------------

    async def _connections(self) -> AsyncConnectionPool[Connection]:
        """The pool of this event loop (a store used from another loop, as tests do
        with each ``asyncio.run``, gets a pool of its own there)."""
        loop = asyncio.get_running_loop()
        if self._pool is None or self._pool[1] is not loop:
            pool: AsyncConnectionPool[Connection] = AsyncConnectionPool(
                self.url, min_size=1, max_size=self.pool_size, open=False,
                timeout=self.wait_seconds, name="seabattle",
                kwargs={"autocommit": True, "connect_timeout": 5})
            self._pool = (pool, loop)
            await pool.open()
        return self._pool[0]

    async def _run(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """``work`` on a connection of the pool; a lost connection (or none within
        :attr:`wait_seconds`) is a :class:`StoreUnavailableError`, and the pool's idle
        connections are checked, so the next call gets a live one."""
        pool = await self._connections()
        try:
            async with pool.connection() as conn:
                return await work(conn)
        except psycopg.OperationalError as error:
            await pool.check()
            raise StoreUnavailableError(problem=str(error).strip()) from None

    @staticmethod
    def _migrate(conn: psycopg.Connection[tuple[object, ...]]) -> None:
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
        with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
            row = conn.execute("SELECT version FROM seabattle_schema").fetchone()
        return 0 if row is None else cast(int, row[0])

    # --- the Store interface ---------------------------------------------------------

    async def create(self, game_id: str, entry: dict[str, JSON], *, mode: str, phase: str,
                     match_key: str | None = None, deadline: float | None = None) -> None:
        """Start the log of a new game with its ``created`` entry (sequence number 0)."""
        async def work(conn: Connection) -> None:
            await conn.execute(_CREATE, (game_id, mode, phase, match_key, entry["at"],
                                         deadline, game_id, Jsonb(entry)))
        try:
            await self._run(work)
        except psycopg.errors.UniqueViolation:
            raise StoreConflictError(game=game_id, seq=0) from None

    async def append(self, game_id: str, seq: int, entries: Sequence[dict[str, JSON]],
                     *, phase: str, match_key: str | None = None,
                     deadline: float | None = None) -> None:
        """Append ``entries`` numbered from ``seq``, atomically, and note the game's phase
        and deadline; :class:`StoreConflictError` if another writer took one of the
        numbers first."""
        async def work(conn: Connection) -> None:
            await _append(conn, game_id, seq, entries, phase, match_key, deadline)
        try:
            await self._run(work)
        except psycopg.errors.UniqueViolation:
            raise StoreConflictError(game=game_id, seq=seq) from None

    async def load(self, game_id: str) -> list[dict[str, JSON]] | None:
        """The whole log of a game, or ``None`` if there is no such game."""
        return await self.load_since(game_id, 0) or None

    async def load_since(self, game_id: str, seq: int) -> list[dict[str, JSON]]:
        """The entries of a game from number ``seq`` on (what a process that holds the
        game up to ``seq`` lacks; the hub uses it when the store has it)."""
        async def work(conn: Connection) -> list[dict[str, JSON]]:
            return await _entries(conn, game_id, seq)
        return await self._run(work)

    async def waiting(self, match_key: str) -> list[str]:
        """Games of ``random`` mode still waiting for a second player with these settings,
        oldest first."""
        async def work(conn: Connection) -> list[str]:
            cursor = await conn.execute(
                "SELECT id FROM games WHERE phase = 'waiting' AND mode = 'random'"
                " AND match_key = %s ORDER BY created", (match_key,))
            return [cast(str, row[0]) for row in await cursor.fetchall()]
        return await self._run(work)

    async def fire_due(self, now: float, held: Collection[str],
                       fire: Callable[[str, list[dict[str, JSON]]], Fired | None]
                       ) -> list[tuple[str, int]]:
        """Fire the timers run out by ``now`` of games not in ``held`` (the rooms this
        process holds, whose clocks it runs itself): in one transaction, the due games
        are locked (``FOR UPDATE SKIP LOCKED``: another process's sweep takes the others,
        never the same), ``fire`` is given each one's log and says what its timer did
        (``None``: nothing, and it has no timer), and that is appended. Returns each game
        changed and its number of entries now. A process holding such a game in memory
        that fires it at the same moment loses the race for the entry number (a
        conflict), as two processes holding it would."""
        async def work(conn: Connection) -> list[tuple[str, int]]:
            changed = []
            async with conn.transaction():
                cursor = await conn.execute(_DUE, (now, list(held), self.due_batch))
                for (game_id,) in await cursor.fetchall():
                    name = cast(str, game_id)
                    # In a thread: a computer's reply may think for a second (in the
                    # hub's worker processes, its thread waiting), never in the loop.
                    fired = await asyncio.to_thread(fire, name, await _entries(conn, name, 0))
                    if fired is None:
                        await conn.execute("UPDATE games SET deadline = NULL WHERE id = %s",
                                           (name,))
                        continue
                    try:
                        async with conn.transaction():  # a savepoint: this game alone
                            await _append(conn, name, fired.seq, fired.entries, fired.phase,
                                          None, fired.deadline)
                    except psycopg.errors.UniqueViolation:
                        continue  # the process holding the game fired it first
                    if fired.entries:
                        changed.append((name, fired.seq + len(fired.entries)))
            return changed
        return await self._run(work)

    async def close(self) -> None:
        """Close the connections (of the event loop they were opened in)."""
        if self._pool is not None:
            pool, loop = self._pool
            self._pool = None
            if loop is asyncio.get_running_loop():
                await pool.close()


async def _append(conn: Connection, game_id: str, seq: int, entries: Sequence[dict[str, JSON]],
                  phase: str, match_key: str | None, deadline: float | None) -> None:
    numbers = list(range(seq, seq + len(entries)))
    await conn.execute(_APPEND, (phase, match_key, deadline, game_id, numbers,
                                 [Jsonb(e) for e in entries]))


async def _entries(conn: Connection, game_id: str, seq: int) -> list[dict[str, JSON]]:
    cursor = await conn.execute("SELECT data FROM entries WHERE game = %s AND seq >= %s"
                                " ORDER BY seq", (game_id, seq))
    return [cast(dict[str, JSON], row[0]) for row in await cursor.fetchall()]
