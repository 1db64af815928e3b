"""The lobby's HTTP requests that give a terminal player a seat (``docs/web-protocol.md``).

:func:`open_random` asks ``POST /api/games`` for a random opponent on a server,
:func:`join_invite` takes the seat of an invitation link (``/join/{game}/{invite}``) with
``POST /api/games/{game}/join``. Each returns a :class:`Ticket`: where the game is and the
player's secret token, all a :class:`~seabattle.netplay.connection.Connection` needs.
Refusals come back as :class:`~seabattle.errors.SeaBattleError` in the player's language:
a server that cannot be reached, a link that is not an invitation, the server's own reason.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from seabattle.errors import SeaBattleError
from seabattle.i18n import Language

TIMEOUT_SECONDS = 15
"""How long a lobby request may take before the server counts as unreachable."""


@dataclass
class Ticket:
    """A seat in a game on a server: what the socket's ``hello`` says.

    ``game`` changes when a rematch starts (the same token holds for the next game).
    """

    server: str
    """The server's base address, ``http://host:port``."""
    game: str
    token: str
    seat: int
    chat: tuple[str, ...] = ()
    """The chat's phrase keys this server takes (``/api/options`` ``chat``)."""

    @property
    def socket_url(self) -> str:
        """The WebSocket address (``ws://…/ws``, ``wss://`` for ``https``)."""
        parts = urllib.parse.urlsplit(self.server)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path.rstrip("/") + "/ws",
                                        "", ""))


def server_address(url: str) -> str:
    """A server's base address from what a player typed: ``host:port`` or a URL.

    >>> server_address("localhost:8000"), server_address("https://sea.example/")
    ('http://localhost:8000', 'https://sea.example')
    """
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SeaBattleError("error.online_address", url=url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def parse_invite(link: str) -> tuple[str, str, str]:
    """The server, game and invitation of an invitation link.

    >>> parse_invite("http://127.0.0.1:8000/join/Xq3/abc")
    ('http://127.0.0.1:8000', 'Xq3', 'abc')
    """
    parts = urllib.parse.urlsplit(link.strip())
    path = parts.path.rstrip("/").split("/")
    if (parts.scheme not in ("http", "https") or not parts.netloc or len(path) < 3
            or path[-3] != "join" or not path[-2] or not path[-1]):
        raise SeaBattleError("error.online_invite", link=link)
    base = "/".join(path[:-3])
    server = urllib.parse.urlunsplit((parts.scheme, parts.netloc, base, "", ""))
    return server, path[-2], path[-1]


def open_random(server: str, request: dict[str, Any], language: Language, *,
                mode: str = "random") -> Ticket:
    """A seat against a random opponent on ``server``: the oldest game waiting with the
    same rules and timers, else a new one that waits (``request`` is ``POST /api/games``'s
    body without ``mode``). With ``mode="private"`` a new game that waits for the friend
    the invitation link is given to (the state's ``invite``, shown while it waits)."""
    answer = _post(server, "/api/games", {**request, "mode": mode}, language)
    return Ticket(server, str(answer["game"]), str(answer["token"]), int(answer["seat"]),
                  chat_phrases(server, language))


def join_invite(link: str, language: Language) -> Ticket:
    """The seat an invitation link offers."""
    server, game, invite = parse_invite(link)
    path = f"/api/games/{urllib.parse.quote(game)}/join"
    answer = _post(server, path, {"invite": invite}, language)
    return Ticket(server, str(answer["game"]), str(answer["token"]), int(answer["seat"]),
                  chat_phrases(server, language))


def chat_phrases(server: str, language: Language) -> tuple[str, ...]:
    """The chat's phrase keys ``server`` takes (none if it does not say)."""
    answer = _request(urllib.request.Request(f"{server}/api/options?lang={language}"), server)
    chat = answer.get("chat")
    return tuple(str(key) for key in chat) if isinstance(chat, list) else ()


def _post(server: str, path: str, body: dict[str, Any], language: Language) -> dict[str, Any]:
    """POST ``body`` as JSON; the answer's JSON object, or the refusal as an error."""
    request = urllib.request.Request(
        f"{server}{path}?lang={language}", data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json"}, method="POST")
    return _request(request, server)


def _request(request: urllib.request.Request, server: str) -> dict[str, Any]:
    """The answer's JSON object, or the refusal (or the silence) as an error."""
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            answer = json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        raise SeaBattleError("error.online_refused", server=server,
                             reason=_reason(error)) from None
    except (OSError, ValueError) as error:
        raise SeaBattleError("error.online_unreachable", server=server,
                             problem=str(getattr(error, "reason", error))) from None
    if not isinstance(answer, dict):
        raise SeaBattleError("error.online_unreachable", server=server,
                             problem="not a game server's answer")
    return answer


def _reason(error: urllib.error.HTTPError) -> str:
    """The server's own words for a refusal (its ``message``), else the HTTP status."""
    try:
        message = json.loads(error.read().decode("utf-8")).get("message")
    except (OSError, ValueError, AttributeError):
        message = None
    return str(message) if message else f"HTTP {error.code}"
