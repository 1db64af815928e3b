"""Validation of what clients send: JSON text in, a typed :class:`ClientMessage` out.

Every client message is a JSON object with a ``"type"``; anything else, or a known
type with missing or ill-typed fields, raises :class:`ProtocolError` and changes
nothing. The messages every game shares are dataclasses here; a game's own (its moves)
arrive as an :class:`Intent`, which the game's host reads into the game's typed action.
Whether a valid message is *allowed* now (your turn, right phase) is the
room's business (:mod:`seabattle.server.rooms`), not this module's.
The protocol is documented in ``docs/web-protocol.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

import orjson

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.games.registry import DEFAULT_GAME, find_game, game_names
from seabattle.i18n import Language

MAX_MESSAGE_BYTES = 16_384
"""Longer client messages are refused unread: a whole fleet is far smaller."""

CHAT_PHRASES = ("chat.hello", "chat.good_luck", "chat.nice_shot", "chat.oops",
                "chat.thinking", "chat.hurry", "chat.good_game", "chat.thanks")
"""The only things a player may say: keys of the catalogue, shown in each reader's language."""


class ServerError(SeaBattleError):
    """A client message the server refuses: malformed, out of place, or not allowed."""

    key = "web.error.generic"


class ProtocolError(ServerError):
    """A message that is not valid protocol at all (bad JSON, unknown type, bad field)."""

    key = "web.error.malformed"


@dataclass(frozen=True)
class Hello:
    """The first message of a socket: which game, as whom (a player's token or the
    spectators' key), from which entry on, in which language."""

    game: str
    token: str | None
    watch: str | None
    since: int
    lang: Language


@dataclass(frozen=True)
class Signal:
    """A message with no fields: the kinds below."""


class Ping(Signal):
    """Asks for a ``pong`` with the current ``seq``."""


class Suggest(Signal):
    """``random_fleet``: asks for a random set-up to place (nothing is stored)."""


class Resign(Signal):
    """Gives the game up."""


@dataclass(frozen=True)
class Say:
    """``chat``: one of the catalogue's phrases."""

    phrase: str


class ClaimWin(Signal):
    """Claims the win over an opponent gone longer than the grace period."""


class Rematch(Signal):
    """Offers (or accepts) a rematch."""


@dataclass(frozen=True)
class Intent:
    """A message of the game's own (Battleship's ``place``, ``fire``…): its type and
    fields, which only the game's host reads, into the game's typed action
    (:meth:`~seabattle.games.hosting.GameHost.intent`)."""

    kind: str
    data: dict[str, JSON]


ClientMessage = Hello | Ping | Suggest | Resign | Say | ClaimWin | Rematch | Intent
"""A syntactically valid client message."""

SHARED_TYPES = ("hello", "random_fleet", "resign", "chat", "claim_win", "rematch", "ping")
"""The message types of every game; each game adds its own (its host's ``intents``)."""


def client_types() -> tuple[str, ...]:
    """Every message type a client may send, in any registered game: its moves (intents)
    and its questions (queries)."""
    own: list[str] = []
    for name in game_names():
        host = find_game(name).host()
        if host is not None:
            own += [kind for kind in (*host.intents, *host.queries) if kind not in own]
    return (*SHARED_TYPES, *own)


def _int(value: JSON | None, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError("web.error.field", field=name, expected="integer")
    return value


def _str(value: JSON | None, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ProtocolError("web.error.field", field=name, expected="string")
    return value


_KEY = re.compile(r"[A-Za-z0-9_-]{1,128}")
KEY_CHARACTERS = "letters A-Z a-z, digits, - and _"
"""What game ids, tokens, invitations and spectator keys are made of
(``secrets.token_urlsafe``)."""


def is_key(value: object) -> bool:
    """Whether ``value`` could be a game id, token or key (anything else is not looked up:
    a non-ASCII or surrogate character would not even reach the database)."""
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def key(value: JSON | None, name: str) -> str:
    """A game id, token or key, checked for its characters; raises :class:`ProtocolError`."""
    if not isinstance(value, str) or not is_key(value):
        raise ProtocolError("web.error.field", field=name, expected=KEY_CHARACTERS)
    return value


def _hello(data: dict[str, JSON]) -> Hello:
    game = key(data.get("game"), "game")
    if ("token" in data) == ("watch" in data):
        raise ProtocolError("web.error.field", field="token", expected="token or watch key")
    token = key(data["token"], "token") if "token" in data else None
    watch = None if token is not None else key(data["watch"], "watch")
    since = _int(data.get("since", 0), "since")
    if since < 0:
        raise ProtocolError("web.error.field", field="since", expected="integer ≥ 0")
    lang = data.get("lang", "en")
    if lang == "ru":
        return Hello(game, token, watch, since, "ru")
    if lang != "en":
        raise ProtocolError("web.error.field", field="lang", expected="en or ru")
    return Hello(game, token, watch, since, "en")


def _chat(data: dict[str, JSON]) -> Say:
    phrase = data.get("phrase")
    if not isinstance(phrase, str) or phrase not in CHAT_PHRASES:
        raise ProtocolError("web.error.field", field="phrase", expected=", ".join(CHAT_PHRASES))
    return Say(phrase)


_SHARED: dict[str, Callable[[dict[str, JSON]], ClientMessage]] = {
    "hello": _hello,
    "random_fleet": lambda data: Suggest(),
    "resign": lambda data: Resign(),
    "chat": _chat,
    "claim_win": lambda data: ClaimWin(),
    "rematch": lambda data: Rematch(),
    "ping": lambda data: Ping(),
}


MAX_DEPTH = 32
"""Deeper JSON is refused: no message of the protocol nests more than a few levels."""


def parse_json(text: str | bytes) -> JSON:
    """JSON text read, refusing what is not JSON, what nests deeper than :data:`MAX_DEPTH`
    (``[[[[…]]]]`` would exhaust the parser's recursion) and lone surrogates in strings
    (which no client means and nothing can encode); raises :class:`ProtocolError`."""
    try:
        data: JSON = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("web.error.not_json") from None
    if _depth_over(data, MAX_DEPTH):
        raise ProtocolError("web.error.too_deep", limit=MAX_DEPTH)
    if _has_surrogate(data):
        raise ProtocolError("web.error.not_text")
    return data


def _depth_over(data: JSON, limit: int) -> bool:
    if isinstance(data, dict | list):
        if limit <= 0:
            return True
        values = data.values() if isinstance(data, dict) else data
        return any(_depth_over(value, limit - 1) for value in values)
    return False


def _has_surrogate(data: JSON) -> bool:
    if isinstance(data, str):
        try:
            data.encode()
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(data, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in data.items())
    if isinstance(data, list):
        return any(_has_surrogate(value) for value in data)
    return False


def parse_client_message(text: str | bytes, intents: Collection[str]) -> ClientMessage:
    """Check one client message; ``intents``: the game's own message types (read later by
    its host). Raises :class:`ProtocolError` saying what is wrong."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("web.error.too_long", limit=MAX_MESSAGE_BYTES)
    data = parse_json(text)
    if not isinstance(data, dict):
        raise ProtocolError("web.error.not_object")
    kind = data.get("type")
    if isinstance(kind, str) and kind in _SHARED:
        return _SHARED[kind](data)
    if isinstance(kind, str) and kind in intents:
        return Intent(kind, data)
    raise ProtocolError("web.error.unknown_type", type=str(kind)[:40],
                        known=", ".join((*SHARED_TYPES, *intents)))


@dataclass(frozen=True)
class NewGame:
    """The lobby's request (``POST /api/games``), checked: the game, the mode, the
    computer's level, the timers, and the request itself, whose rule set only the game's
    host reads (:meth:`~seabattle.games.hosting.GameHost.lobby_rules`)."""

    game: str
    mode: str
    level: str | None
    turn_seconds: int
    setup_seconds: int
    request: dict[str, JSON]


def parse_new_game(data: JSON) -> NewGame:
    """Check the lobby's request; raises :class:`ProtocolError` (or ``UnknownGameError``)."""
    if not isinstance(data, dict):
        raise ProtocolError("web.error.not_object")
    game = data.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or game not in game_names():
        raise ProtocolError("web.error.field", field="game", expected=", ".join(game_names()))
    host = find_game(game).host()
    if host is None:
        raise ProtocolError("web.error.field", field="game", expected=", ".join(game_names()))
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in host.modes:
        raise ProtocolError("web.error.field", field="mode", expected=", ".join(host.modes))
    assert isinstance(mode, str)
    level = data.get("level") or (host.levels[0] if host.levels else None)
    if mode == "computer" and level not in host.levels:
        raise ProtocolError("web.error.field", field="level", expected=", ".join(host.levels))
    seconds: dict[str, int] = {}
    for name in ("turn_seconds", "setup_seconds"):
        value = data.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3600:
            raise ProtocolError("web.error.field", field=name, expected="0…3600")
        # One person at both seats is never timed out against: no timers in ``hotseat``.
        seconds[name] = 0 if mode == "hotseat" else value
    return NewGame(game, mode, str(level) if mode == "computer" else None,
                   seconds["turn_seconds"], seconds["setup_seconds"], data)


_ORJSON_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
                   | orjson.OPT_PASSTHROUGH_DATETIME)
"""Keys that are not text written as ``json`` writes them; dataclasses and dates refused,
as ``json`` refuses them."""


def message_text(data: JSON) -> str:
    """A server message as JSON text: UTF-8 as it is, unless it quotes something no
    encoder takes (a lone surrogate a client sent), which is then escaped.

    Encoded by orjson, ten times faster than ``json`` on a state (every shot sends two);
    what orjson refuses (a lone surrogate, an integer beyond 64 bits) goes to ``json``."""
    try:
        return orjson.dumps(data, option=_ORJSON_OPTIONS).decode()
    except orjson.JSONEncodeError:
        pass
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode()
    except UnicodeEncodeError:
        return json.dumps(data, separators=(",", ":"))
    return text
