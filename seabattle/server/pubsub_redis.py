"""Notes between server processes over Redis: the :class:`~seabattle.server.pubsub.PubSub`
that lets several processes serve the same games (``seabattle serve --pubsub redis://…``).

Every process delivers its own notes to its own sockets at once (as
:class:`~seabattle.server.pubsub.MemoryPubSub` does) and publishes them on Redis, on the
channel ``seabattle:game:{id}``, as ``{"kind": "feed", "upto": 12, "from": "<process>"}``.
One reader per process listens to every game's channel (a pattern subscription, made once
at start, so no note is lost to a subscription that came late) and hands the notes of other
processes to its sockets, after ``on_remote`` (the hub's :meth:`catch up
<seabattle.server.service.Hub.catch_up>`) has read the entries they speak of from the
shared store: each socket then sends what its audience missed, by ``seq``, from the log.

It is also the :class:`~seabattle.server.presence.PresenceRegistry` of the processes: a hash
per game (``seabattle:presence:{id}``: each process's seats with sockets) and a key per live
process (``seabattle:alive:{origin}``, renewed every :attr:`~RedisPubSub.beat_seconds`,
expiring after :attr:`~RedisPubSub.alive_seconds`); each beat recounts the presence of every
game held, so the seats of a killed process count as gone within
``alive_seconds + beat_seconds``.

Publishing never waits for Redis: :meth:`RedisPubSub.publish` delivers locally at once and
leaves the note in an outbox (one per game and kind, a later ``upto`` replacing an earlier
one), which one sender task empties in a pipeline, in the order the games were first noted,
so a burst of moves costs a round trip per batch, not one per move, and no move waits on
Redis.

Redis is only a doorbell, never the truth: a note lost costs a delay, not a move. When
Redis cannot be reached, :meth:`RedisPubSub.publish` still delivers locally and the moves
go on being stored (players on the same process play on; players on other processes see
nothing new); the reader tries again every :attr:`~RedisPubSub.retry_seconds`, and once
it is back, tells every game with sockets here to catch up from the store
(``docs/server.md``, «Several processes»).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from seabattle.server.pubsub import MemoryPubSub, Note

PREFIX = "seabattle:game:"
PRESENCE = "seabattle:presence:"
"""A hash per game: field = a process's origin, value = its seats with sockets ("10")."""
ALIVE = "seabattle:alive:"
"""A key per live process, kept while it beats (:attr:`RedisPubSub.alive_seconds`)."""
log = logging.getLogger("seabattle.server.redis")

RemoteHook = Callable[[str | None, Note | None], Awaitable[None]]
"""Called with a game id and another process's note before the note is delivered to this
process's sockets; with ``(None, None)`` when notes of any game may have been missed."""


def encode(note: Note, origin: str) -> str:
    """A note as published on Redis."""
    return json.dumps({"kind": note.kind, "upto": note.upto, "from": origin})


def decode(data: str | bytes) -> tuple[Note, str] | None:
    """A note published by :func:`encode` and its origin, or ``None`` for anything else."""
    try:
        fields = json.loads(data)
        kind, upto, origin = fields["kind"], fields.get("upto"), fields["from"]
    except (ValueError, TypeError, KeyError):
        return None
    if kind not in ("feed", "presence") or not (upto is None or isinstance(upto, int)):
        return None
    return Note(kind, upto), str(origin)


class RedisPubSub:
    """A :class:`~seabattle.server.pubsub.PubSub` over Redis (``redis://host:port/db``)."""

    retry_seconds = 0.5
    """How long the reader waits before trying Redis again."""
    beat_seconds = 5.0
    """How often a process says it is alive and recounts the presence of its games."""
    alive_seconds = 15
    """How long a process that stopped beating (killed) counts as alive."""
    max_connections = 16
    """Connections to Redis per process (the reader's one among them)."""

    def __init__(self, url: str, on_remote: RemoteHook | None = None) -> None:
        self.url = url
        self.on_remote = on_remote
        self.origin = secrets.token_hex(6)
        self.local = MemoryPubSub()
        self.connected = asyncio.Event()
        """Set while the reader is subscribed (tests wait for it)."""
        self._redis: aioredis.Redis | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._outbox: dict[tuple[str, str], Note] = {}
        self._posted = asyncio.Event()

    # --- the lifetime: started and stopped by the app's lifespan ----------------------

    async def start(self) -> None:
        """Open the connection and start the reader; raises if Redis does not answer, so
        that a process misconfigured does not start."""
        # A bounded pool that makes a caller wait for a free connection: under load, many
        # games publish at once, and an unbounded burst of connections is refused by Redis
        # (seen at 100 games: "Too many connections").
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=self.max_connections, timeout=10,
            socket_connect_timeout=5, socket_timeout=None, health_check_interval=0)
        self._redis = aioredis.Redis(connection_pool=pool)
        await self._redis.ping()
        await self._beat()
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._beats()),
                       asyncio.create_task(self._send())]

    async def stop(self) -> None:
        """Stop the reader, say this process is gone, close the connection."""
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._redis is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._redis.delete(ALIVE + self.origin)
            await self._redis.aclose(close_connection_pool=True)

    # --- presence: which seats have sockets on which process --------------------------

    async def share_presence(self, game_id: str, seats: Sequence[bool]) -> None:
        """Record which seats of ``game_id`` have sockets on this process (a
        :class:`~seabattle.server.presence.PresenceRegistry`)."""
        if self._redis is None or not self.connected.is_set():
            return
        key, value = PRESENCE + game_id, "".join("1" if s else "0" for s in seats)
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                if any(seats):
                    pipe.hset(key, self.origin, value)
                else:
                    pipe.hdel(key, self.origin)
                pipe.expire(key, 86_400)  # a game nobody opens for a day is forgotten
                await pipe.execute()
        except (RedisError, OSError) as error:
            log.warning("redis presence of %s not shared: %s", game_id, error)

    async def presence_elsewhere(self, game_id: str) -> list[int] | None:
        """Per seat, how many other live processes have sockets of it; ``None`` if Redis
        cannot be reached."""
        if self._redis is None or not self.connected.is_set():
            return None
        try:
            shared = await self._redis.hgetall(PRESENCE + game_id)
            others = {self._text(origin): self._text(seats) for origin, seats in shared.items()
                      if self._text(origin) != self.origin}
            if not others:
                return [0, 0]
            alive = await self._redis.mget([ALIVE + origin for origin in others])
        except (RedisError, OSError) as error:
            log.warning("redis presence of %s not read: %s", game_id, error)
            return None
        counts = [0, 0]
        for seats, live in zip(others.values(), alive, strict=True):
            if live is not None:
                for seat in (0, 1):
                    counts[seat] += seats[seat:seat + 1] == "1"
        return counts

    @staticmethod
    def _text(value: str | bytes) -> str:
        return value.decode() if isinstance(value, bytes) else value

    async def _beat(self) -> None:
        assert self._redis is not None
        await self._redis.set(ALIVE + self.origin, "1", ex=self.alive_seconds)

    async def _beats(self) -> None:
        """Say this process is alive; recount every game's presence (a process that died
        stops counting once its key expires)."""
        while True:
            await asyncio.sleep(self.beat_seconds)
            try:
                await self._beat()
            except (RedisError, OSError) as error:
                log.warning("redis heartbeat failed: %s", error)
                continue
            await self._hook(None, Note("presence"))

    # --- the PubSub interface -----------------------------------------------------

    async def publish(self, channel: str, message: Note) -> None:
        """Deliver ``message`` to this process's subscribers, and leave it for the other
        processes in the outbox (its sender logs, not raises, if Redis is down: the
        entries are stored already). Never waits for Redis."""
        await self.local.publish(channel, message)
        if self._redis is None or not self.connected.is_set():
            return  # Redis is known to be down: the others catch up on its return
        key = (channel, message.kind)
        kept = self._outbox.get(key)
        if kept is not None and message.upto is not None and (kept.upto is None
                                                              or kept.upto > message.upto):
            message = kept  # one note says both: up to the furthest (None: read it all)
        self._outbox[key] = message
        self._posted.set()

    async def _send(self) -> None:
        """Empty the outbox onto Redis, a pipeline per batch."""
        assert self._redis is not None
        while True:
            await self._posted.wait()
            self._posted.clear()
            batch, self._outbox = self._outbox, {}
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for (channel, _), note in batch.items():
                        pipe.publish(PREFIX + channel, encode(note, self.origin))
                    await pipe.execute()
            except (RedisError, OSError) as error:
                log.warning("redis publish of %d notes failed: %s", len(batch), error)

    def subscribe(self, channel: str) -> Any:
        """An async context manager yielding a subscription to ``channel`` (local: the
        reader feeds it the notes of other processes)."""
        return self.local.subscribe(channel)

    # --- the reader --------------------------------------------------------------------

    async def _read(self) -> None:
        missed = False
        while True:
            try:
                await self._listen(missed)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                log.warning("redis subscription lost: %s", error)
            self.connected.clear()
            missed = True
            await asyncio.sleep(self.retry_seconds)

    async def _listen(self, missed: bool) -> None:
        assert self._redis is not None
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        async with contextlib.aclosing(self._messages(pubsub)) as messages:
            await pubsub.psubscribe(PREFIX + "*")
            self.connected.set()
            if missed:
                # Notes published while we were away are gone, both ways: every game held
                # here reads its log again and its sockets are sent what they missed, and
                # the other processes are told to read the logs of the games played here.
                await self._hook(None, None)
                for channel in self.local.channels():
                    await self.local.publish(channel, Note("feed"))
                    await self._redis.publish(PREFIX + channel, encode(Note("feed"), self.origin))
            async for channel, note in messages:
                await self._deliver(channel, note)

    async def _messages(self, pubsub: Any) -> AsyncGenerator[tuple[str, Note], None]:
        try:
            while True:
                message = await pubsub.get_message(timeout=None)
                if message is None or message.get("type") != "pmessage":
                    continue
                channel = message["channel"]
                channel = channel.decode() if isinstance(channel, bytes) else str(channel)
                decoded = decode(message["data"])
                if decoded is None or decoded[1] == self.origin:
                    continue
                yield channel.removeprefix(PREFIX), decoded[0]
        finally:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()

    async def _deliver(self, channel: str, note: Note) -> None:
        """Another process's note: the hook first (even with no socket here for the game:
        a room held in memory must not fall behind), then this process's subscribers."""
        await self._hook(channel, note)
        await self.local.publish(channel, note)

    async def _hook(self, channel: str | None, note: Note | None) -> None:
        if self.on_remote is not None:
            try:
                await self.on_remote(channel, note)
            except Exception:  # the store may be down: the sockets still hear the note
                log.exception("catching up game %s failed", channel or "(every game)")
