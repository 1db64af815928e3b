"""Validation of what clients send: JSON text in, a checked :class:`ClientMessage` out.

Every client message is a JSON object with a ``"type"``; anything else, or a known
type with missing or ill-typed fields, raises :class:`ProtocolError` and changes
nothing. Whether a valid message is *allowed* now (your turn, right phase) is the
room's business (:mod:`seabattle.server.rooms`), not this module's.
The protocol is documented in ``docs/web-protocol.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from seabattle.errors import SeaBattleError

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
class ClientMessage:
    """A syntactically valid client message."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError("web.error.field", field=name, expected="integer")
    return value


def _str(value: Any, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ProtocolError("web.error.field", field=name, expected="string")
    return value


def _ships(value: Any) -> list[list[int]]:
    if not isinstance(value, list) or not value or len(value) > 64:
        raise ProtocolError("web.error.field", field="ships", expected="list of cell lists")
    ships = []
    for ship in value:
        if not isinstance(ship, list) or not ship or len(ship) > 32:
            raise ProtocolError("web.error.field", field="ships", expected="list of cell lists")
        ships.append([_int(cell, "ships") for cell in ship])
    return ships


def _hello(data: dict[str, Any]) -> dict[str, Any]:
    checked: dict[str, Any] = {"game": _str(data.get("game"), "game", 64)}
    if ("token" in data) == ("watch" in data):
        raise ProtocolError("web.error.field", field="token", expected="token or watch key")
    if "token" in data:
        checked["token"] = _str(data["token"], "token", 128)
    else:
        checked["watch"] = _str(data["watch"], "watch", 128)
    since = data.get("since", 0)
    checked["since"] = _int(since, "since")
    if checked["since"] < 0:
        raise ProtocolError("web.error.field", field="since", expected="integer ≥ 0")
    lang = data.get("lang", "en")
    if lang not in ("en", "ru"):
        raise ProtocolError("web.error.field", field="lang", expected="en or ru")
    checked["lang"] = lang
    return checked


def _fire(data: dict[str, Any]) -> dict[str, Any]:
    return {"cell": _int(data.get("cell"), "cell")}


def _cells(value: Any, name: str, limit: int = 400) -> list[int]:
    if not isinstance(value, list) or not value or len(value) > limit:
        raise ProtocolError("web.error.field", field=name, expected="list of cells")
    return [_int(cell, name) for cell in value]


def _fire_salvo(data: dict[str, Any]) -> dict[str, Any]:
    return {"cells": _cells(data.get("cells"), "cells")}


def _decide(data: dict[str, Any]) -> dict[str, Any]:
    """Exactly one of ``cell`` (hand over, reveal), ``cells`` (move) or ``stay: true``."""
    given = [key for key in ("cell", "cells", "stay") if key in data]
    if len(given) != 1:
        raise ProtocolError("web.error.field", field="decide",
                            expected="one of cell, cells, stay")
    if given[0] == "cell":
        return {"choice": _int(data["cell"], "cell")}
    if given[0] == "cells":
        return {"choice": _cells(data["cells"], "cells", 64)}
    if data["stay"] is not True:
        raise ProtocolError("web.error.field", field="stay", expected="true")
    return {"choice": None}


def _place(data: dict[str, Any]) -> dict[str, Any]:
    return {"ships": _ships(data.get("ships"))}


def _chat(data: dict[str, Any]) -> dict[str, Any]:
    phrase = data.get("phrase")
    if phrase not in CHAT_PHRASES:
        raise ProtocolError("web.error.field", field="phrase", expected=", ".join(CHAT_PHRASES))
    return {"phrase": phrase}


def _nothing(data: dict[str, Any]) -> dict[str, Any]:
    return {}


_CHECKS = {
    "hello": _hello,
    "place": _place,
    "random_fleet": _nothing,
    "fire": _fire,
    "fire_salvo": _fire_salvo,
    "decide": _decide,
    "resign": _nothing,
    "chat": _chat,
    "claim_win": _nothing,
    "rematch": _nothing,
    "ping": _nothing,
}
CLIENT_TYPES = tuple(_CHECKS)
"""Every message type a client may send."""


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Check one client message; raises :class:`ProtocolError` saying what is wrong."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("web.error.too_long", limit=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("web.error.not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("web.error.not_object")
    kind = data.get("type")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise ProtocolError("web.error.unknown_type", type=str(kind)[:40],
                            known=", ".join(CLIENT_TYPES))
    assert isinstance(kind, str)
    return ClientMessage(kind, check(data))


TOUCHING_CHOICES = ("none", "corners", "sides")
ANNOUNCE_CHOICES = ("type", "sunk", "none")
SHAPE_CHOICES = ("l", "square", "zigzag")
"""Shapes the lobby offers for the four-decker (RULES.md §3)."""
DUTCHMAN_DECKS = (5, 8)
LEVEL_DEFAULT = "hard"


def parse_new_game(data: Any, presets: Any, alphabets: Any, levels: Any) -> dict[str, Any]:
    """Check the lobby's request (``POST /api/games``); raises :class:`ProtocolError`."""
    if not isinstance(data, dict):
        raise ProtocolError("web.error.not_object")
    mode = data.get("mode")
    if mode not in ("computer", "private", "random"):
        raise ProtocolError("web.error.field", field="mode", expected="computer, private, random")
    preset = data.get("preset", "classic")
    if preset not in presets:
        raise ProtocolError("web.error.field", field="preset", expected=", ".join(presets))
    checked: dict[str, Any] = {"mode": mode, "preset": preset, "changes": {}}
    if data.get("touching") is not None:
        if data["touching"] not in TOUCHING_CHOICES:
            raise ProtocolError("web.error.field", field="touching",
                                expected=", ".join(TOUCHING_CHOICES))
        checked["changes"]["touching"] = data["touching"]
    if data.get("shoot_again") is not None:
        if not isinstance(data["shoot_again"], bool):
            raise ProtocolError("web.error.field", field="shoot_again", expected="true or false")
        checked["changes"]["shoot_again"] = data["shoot_again"]
    if data.get("alphabet") is not None:
        if data["alphabet"] not in alphabets:
            raise ProtocolError("web.error.field", field="alphabet", expected=", ".join(alphabets))
        checked["changes"]["alphabet"] = data["alphabet"]
    _variant_options(data, checked["changes"])
    level = data.get("level") or LEVEL_DEFAULT
    if mode == "computer" and level not in levels:
        raise ProtocolError("web.error.field", field="level", expected=", ".join(levels))
    checked["level"] = level if mode == "computer" else None
    for name in ("turn_seconds", "setup_seconds"):
        seconds = data.get(name, 0)
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= 3600:
            raise ProtocolError("web.error.field", field=name, expected="0…3600")
        checked[name] = seconds
    return checked


def _variant_options(data: dict[str, Any], changes: dict[str, Any]) -> None:
    """The variant options of the lobby (RULES.md §3), checked for type and range only:
    whether they go together is the rules' business (:class:`~seabattle.battleship.rules.Rules`)."""
    salvo = data.get("salvo")
    if salvo is not None:
        if salvo != "ships" and (not isinstance(salvo, int) or isinstance(salvo, bool)
                                 or not 1 <= salvo <= 99):
            raise ProtocolError("web.error.field", field="salvo", expected='1…99 or "ships"')
        changes["salvo"] = salvo
    if data.get("announce") is not None:
        if data["announce"] not in ANNOUNCE_CHOICES:
            raise ProtocolError("web.error.field", field="announce",
                                expected=", ".join(ANNOUNCE_CHOICES))
        changes["announce"] = data["announce"]
    for name in ("mines", "minesweepers", "submarines"):
        count = data.get(name)
        if count is not None:
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 9:
                raise ProtocolError("web.error.field", field=name, expected="0…9")
            changes[name] = count
    if data.get("mines_touch") is not None:
        if not isinstance(data["mines_touch"], bool):
            raise ProtocolError("web.error.field", field="mines_touch", expected="true or false")
        changes["mines_touch"] = data["mines_touch"]
    if data.get("shape") is not None:
        if data["shape"] not in SHAPE_CHOICES:
            raise ProtocolError("web.error.field", field="shape",
                                expected=", ".join(SHAPE_CHOICES))
        changes["four_decker_shape"] = data["shape"]
    decks = data.get("dutchman_decks")
    if decks is not None:
        low, high = DUTCHMAN_DECKS
        if not isinstance(decks, int) or isinstance(decks, bool) or not low <= decks <= high:
            raise ProtocolError("web.error.field", field="dutchman_decks",
                                expected=f"{low}…{high}")
        changes["dutchman_decks"] = decks
