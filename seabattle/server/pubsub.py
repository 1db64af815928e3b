"""Telling every connection of a game that something happened, behind the :class:`PubSub` interface.

Messages are small notes (:class:`Note`: ``feed`` up to entry 12, or ``presence``):
each connection then reads what its audience may see from the room. With several
server processes, a Redis implementation would publish the same notes on a channel
per game, and a receiving process would reload the room from the shared store
before reading it (``docs/server.md``). :class:`MemoryPubSub` is the one-process backend.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class Note:
    """What a game's channel carries: its log grew (``feed``, up to entry ``upto``), or who
    is connected changed (``presence``). Each connection then reads from the room what its
    audience may see."""

    kind: Literal["feed", "presence"]
    upto: int | None = None


class Subscription(Protocol):
    """Messages published on one channel since subscribing, in order."""

    async def get(self) -> Note:
        """Wait for the next message."""


class PubSub(Protocol):
    """Publish/subscribe by channel name (one channel per game)."""

    async def publish(self, channel: str, message: Note) -> None:
        """Deliver ``message`` to every current subscriber of ``channel``."""

    def subscribe(self, channel: str) -> Any:
        """An async context manager yielding a :class:`Subscription`."""


class _Queue:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[Note] = asyncio.Queue()

    async def get(self) -> Note:
        return await self.queue.get()


class MemoryPubSub:
    """In-process pub/sub: one queue per subscriber."""

    def __init__(self) -> None:
        self._channels: dict[str, set[_Queue]] = defaultdict(set)

    async def publish(self, channel: str, message: Note) -> None:
        for subscriber in list(self._channels.get(channel, ())):
            subscriber.queue.put_nowait(message)

    @asynccontextmanager
    async def subscribe(self, channel: str) -> AsyncIterator[_Queue]:
        subscriber = _Queue()
        self._channels[channel].add(subscriber)
        try:
            yield subscriber
        finally:
            self._channels[channel].discard(subscriber)
            if not self._channels[channel]:
                del self._channels[channel]

    def channels(self) -> list[str]:
        """The channels with subscribers now."""
        return list(self._channels)

    def subscribers(self, channel: str) -> int:
        """How many subscribers ``channel`` has (for tests)."""
        return len(self._channels.get(channel, ()))
