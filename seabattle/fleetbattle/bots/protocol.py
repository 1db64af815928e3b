"""The fleet battle's bot protocol, version 1 (``docs/fleetbattle-protocol.md``): one JSON
value per line after a keyword.

Arena to bot: ``fleetbattle 1`` (the handshake, answered by ``id`` lines and
``fleetbattleok 1``), ``isready`` (``readyok``), ``newgame SEAT RULES``, ``act MS VIEW``
(answered by ``action ACTION``), ``events EVENTS`` after every move, ``gameover RESULT
REASON`` and ``quit``. ``RULES``, ``VIEW``, ``ACTION`` and ``EVENTS`` are the game
definition's plain data (:mod:`seabattle.fleetbattle.codec`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from seabattle.errors import ProtocolSyntaxError, SeaBattleError
from seabattle.fleetbattle.actions import Action
from seabattle.fleetbattle.codec import action_from_data, action_to_data, plain
from seabattle.fleetbattle.events import Event
from seabattle.fleetbattle.rules import FleetRules, rules_to_data
from seabattle.fleetbattle.views import FleetView
from seabattle.games.interface import JSON

HELLO = "fleetbattle"
VERSION = 1


def _dump(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def newgame_line(seat: int, rules: FleetRules) -> str:
    """``newgame SEAT RULES``."""
    return f"newgame {seat} {_dump(rules_to_data(rules))}"


def act_line(ms: int, view: FleetView) -> str:
    """``act MS VIEW``: the bot's seat must act; the view says what is asked."""
    return f"act {ms} {_dump(plain(view))}"


def events_line(events: Sequence[Event]) -> str:
    """``events [...]``: what a move caused (every event is public)."""
    return f"events {_dump([plain(event) for event in events])}"


def action_line(action: Action) -> str:
    """``action ACTION``: the bot's answer."""
    return f"action {_dump(action_to_data(action))}"


def gameover_line(result: str, reason: str) -> str:
    """``gameover win|loss|draw REASON``."""
    return f"gameover {result} {reason}"


def payload(line: str, keyword: str) -> JSON:
    """The JSON after ``keyword`` in ``line``; a
    :class:`~seabattle.errors.ProtocolSyntaxError` if it is not there or not JSON."""
    word, _, rest = line.strip().partition(" ")
    if word != keyword:
        raise ProtocolSyntaxError(line=line, problem=f"expected {keyword!r}")
    try:
        value: JSON = json.loads(rest)
    except ValueError:
        raise ProtocolSyntaxError(line=line, problem="expected JSON after the keyword") from None
    return value


def parse_action(line: str) -> Action:
    """The action in an ``action ACTION`` line."""
    value = payload(line, "action")
    if not isinstance(value, Mapping):
        raise ProtocolSyntaxError(line=line, problem="expected a JSON table")
    try:
        return action_from_data(value)
    except SeaBattleError as error:
        raise ProtocolSyntaxError(line=line, problem=error.message("en")) from None
