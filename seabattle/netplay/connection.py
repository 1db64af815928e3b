"""The socket of one player in a game on a server, kept open across failures.

A :class:`Connection` says ``hello`` with the player's token and hands every message
the server sends to its ``receive`` callback, in order. When the socket breaks (the
network, a server restart) it says so (``status``) and connects again after a short,
growing pause, saying ``hello`` with ``since`` = the ``seq`` of the last ``state`` it
got, so the server sends exactly the events it missed (``docs/web-protocol.md``,
«WebSocket»). A rematch moves it to the next game (:meth:`Connection.follow`), with the
same token. Messages sent while the socket is down are refused (``send`` returns
``False``): a shot is never fired late, into a position the player no longer sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from enum import Enum
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, WebSocketException

from seabattle.i18n import Language
from seabattle.netplay.lobby import Ticket

RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0)
"""The pauses before connecting again, the last repeated while the server stays away."""

Message = dict[str, Any]
"""One JSON message of the protocol, as received."""


class Status(Enum):
    """Where the socket stands, for the status line."""

    CONNECTING = "connecting"
    ONLINE = "online"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


class Connection:
    """One player's socket to a game (see the module)."""

    def __init__(self, ticket: Ticket, language: Language,
                 receive: Callable[[Message], None],
                 status: Callable[[Status], None] = lambda status: None) -> None:
        self.ticket = ticket
        self.language = language
        self._receive = receive
        self._status = status
        self.since = 0
        """The ``seq`` of the last ``state`` received: where a reconnection resumes."""
        self._socket: ClientConnection | None = None
        self._closed = False

    @property
    def online(self) -> bool:
        """Whether the socket is open now."""
        return self._socket is not None

    async def run(self) -> None:
        """Connect, receive until :meth:`close`, reconnecting whenever the socket breaks."""
        failures = 0
        self._status(Status.CONNECTING)
        while not self._closed:
            try:
                async with connect(self.ticket.socket_url, open_timeout=10,
                                   max_size=2**22) as socket:
                    await socket.send(json.dumps({
                        "type": "hello", "game": self.ticket.game, "token": self.ticket.token,
                        "since": self.since, "lang": self.language}))
                    self._socket = socket
                    failures = 0
                    self._status(Status.ONLINE)
                    async for text in socket:
                        self._take(text)
            except (TimeoutError, OSError, WebSocketException, InvalidHandshake):
                pass
            finally:
                self._socket = None
            if self._closed:
                break
            self._status(Status.RECONNECTING)
            await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
            failures += 1
        self._status(Status.CLOSED)

    def _take(self, text: str | bytes) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return  # not the protocol: nothing to show
        if not isinstance(message, dict):
            return
        if message.get("type") == "state" and isinstance(message.get("seq"), int):
            self.since = message["seq"]
        self._receive(message)

    async def send(self, message: Message) -> bool:
        """Send ``message``; ``False`` (nothing sent) while the socket is down."""
        socket = self._socket
        if socket is None:
            return False
        try:
            await socket.send(json.dumps(message))
        except WebSocketException:
            return False
        return True

    async def follow(self, game: str) -> None:
        """Move to the rematch ``game`` (same token): its whole history, from 0."""
        self.ticket.game = game
        self.since = 0
        await self._drop()

    async def reconnect(self) -> None:
        """Close the socket now; :meth:`run` connects again from the last state."""
        await self._drop()

    async def close(self) -> None:
        """Close the socket for good; :meth:`run` returns."""
        self._closed = True
        await self._drop()

    async def _drop(self) -> None:
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(WebSocketException, OSError):
                await socket.close()
