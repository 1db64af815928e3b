"""Which store and which pub/sub a server uses, from the ``--db`` and ``--pubsub`` of
``seabattle serve``: a SQLite path (the default) or ``postgresql://…``; in memory (the
default) or ``redis://…``. The PostgreSQL and Redis drivers are optional
(``pip install 'seabattle[postgres]'``, ``'seabattle[redis]'``) and imported only here,
when asked for.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette

from seabattle.errors import SeaBattleError
from seabattle.server.app import create_app
from seabattle.server.limits import Limits
from seabattle.server.store import SQLiteStore, Store
from seabattle.server.thinking import ThinkingPool

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class BackendError(SeaBattleError):
    """A ``--db`` or ``--pubsub`` that cannot be used."""

    key = "error.backend"


def is_postgres(db: str | Path) -> bool:
    """Whether ``db`` names a PostgreSQL database rather than a SQLite file."""
    return str(db).startswith(POSTGRES_SCHEMES)


def open_store(db: str | Path) -> Store:
    """The store ``db`` names: a PostgreSQL URL, or else the path of a SQLite file."""
    if not is_postgres(db):
        return SQLiteStore(db)
    try:
        from seabattle.server.store_postgres import PostgresStore
    except ImportError as error:
        raise BackendError(what="--db postgresql://", extra="postgres",
                           problem=str(error)) from None
    return PostgresStore(str(db))


def build_app(db: str | Path, pubsub: str | None = None, *, grace_seconds: int = 60,
              limits: Limits | None = None, thinkers: int = 0) -> Starlette:
    """The web app over the store ``db`` names (a PostgreSQL URL, or else a SQLite file)
    and the pub/sub ``pubsub`` names (``None``: in memory, for one process; or a Redis URL,
    whose notes from other processes make the hub catch up from the store); its computers
    think in ``thinkers`` worker processes (0: in the server's own threads)."""
    if pubsub is not None and not pubsub.startswith(REDIS_SCHEMES):
        raise BackendError("error.pubsub_url", url=pubsub)
    store = open_store(db)
    thinking = ThinkingPool(thinkers) if thinkers else None
    if pubsub is None:
        return create_app(store, grace_seconds=grace_seconds, limits=limits,
                          thinking=thinking)
    try:
        from seabattle.server.pubsub_redis import RedisPubSub
    except ImportError as error:
        raise BackendError(what="--pubsub redis://", extra="redis",
                           problem=str(error)) from None
    check_redis(pubsub)
    redis = RedisPubSub(pubsub)
    app = create_app(store, grace_seconds=grace_seconds, pubsub=redis, limits=limits,
                     thinking=thinking)
    redis.on_remote = app.state.hub.catch_up
    return app


def check_redis(url: str) -> None:
    """Refuse to start on a Redis that does not answer (as on a database that does not)."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
    except (redis.RedisError, OSError) as error:
        raise SeaBattleError("error.database", path=describe(url), problem=str(error)) from None
    finally:
        client.close()


def describe(url: str | Path) -> str:
    """A database path or a server URL as the server's first line shows it: without the
    password (``postgresql://me:secret@db/games`` → ``postgresql://me@db/games``)."""
    text = str(url)
    if "://" in text and "@" in text:
        scheme, rest = text.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}@{host}" if user else f"{scheme}://{host}"
    return text
