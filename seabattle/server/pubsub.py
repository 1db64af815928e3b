"""Telling every connection of a game that something happened, behind the :class:`PubSub` interface.

Messages are small notes (``{"kind": "feed", "upto": 12}``, ``{"kind": "presence"}``):
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
from typing import Any, Protocol


class Subscription(Protocol):
    """Messages published on one channel since subscribing, in order."""

    async def get(self) -> dict[str, Any]:
        """Wait for the next message."""


class PubSub(Protocol):
    """Publish/subscribe by channel name (one channel per game)."""

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Deliver ``message`` to every current subscriber of ``channel``."""

    def subscribe(self, channel: str) -> Any:
        """An async context manager yielding a :class:`Subscription`."""


class _Queue:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def get(self) -> dict[str, Any]:
        return await self.queue.get()


class MemoryPubSub:
    """In-process pub/sub: one queue per subscriber."""

    def __init__(self) -> None:
        self._channels: dict[str, set[_Queue]] = defaultdict(set)

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
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

    def subscribers(self, channel: str) -> int:
        """How many subscribers ``channel`` has (for tests)."""
        return len(self._channels.get(channel, ()))
