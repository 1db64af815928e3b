"""The HTTP side's guard: request bodies limited while they are read, and security headers.

An ASGI middleware around the whole app (:class:`HttpGuard`). A request whose
``Content-Length`` is over the limit is answered ``413`` before a byte of its body is
read; one without it (chunked) is counted as it arrives and cut off at the limit, so a
50 MB body never sits in memory and a slow one never blocks anybody else. Every HTTP
response gets the headers of :data:`SECURITY_HEADERS`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from seabattle.i18n import MESSAGES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       b"img-src 'self' data:; connect-src 'self'%s; object-src 'none'; base-uri 'self'; "
       b"form-action 'self'; frame-ancestors 'none'")
"""Scripts, styles, images and sockets from this server only (the app is plain files with
no inline script; styles may be set inline by the scripts). ``%s``: the WebSocket URLs of
the host asked for, which older browsers do not take ``'self'`` to cover."""
_HOST = re.compile(rb"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""Sent with every HTTP response, with the :data:`CSP`: no framing (clickjacking), no
guessing of types, no invitation link leaking in a ``Referer``."""


def content_security_policy(host: bytes | None) -> bytes:
    """The :data:`CSP` for a request to ``host`` (its ``Host`` header, if well-formed)."""
    if host is None or not _HOST.fullmatch(host):
        return CSP % b""
    return CSP % (b" ws://%s wss://%s" % (host, host))


class BodyTooLarge(Exception):
    """Raised into the app by :class:`HttpGuard`'s ``receive`` past the limit."""


class HttpGuard:
    """Limits request bodies to ``limit`` bytes while reading, adds security headers."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        headers = dict(scope.get("headers") or ())
        policy = (b"content-security-policy", content_security_policy(headers.get(b"host")))

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", ()), policy, *SECURITY_HEADERS]
            await send(message)

        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send_with_headers, scope)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge()
            return message

        try:
            await self.app(scope, counted, send_with_headers)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(send_with_headers, scope)

    async def _refuse(self, send: Send, scope: Scope) -> None:
        """``413`` with the translated ``web.error.too_long`` (the language from ``?lang``)."""
        russian = b"lang=ru" in scope.get("query_string", b"")
        text = MESSAGES["web.error.too_long"][1 if russian else 0].format(limit=self.limit)
        body = json.dumps({"type": "error", "code": "web.error.too_long",
                           "message": text}, ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
