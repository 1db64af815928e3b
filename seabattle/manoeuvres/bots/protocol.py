"""The manoeuvre game's line protocol for bots, version 1 (``docs/manoeuvres.md``).

Every message is one line: a keyword, then for most a JSON value (the definition's codecs:
rules, views, actions and events as plain data, cells in Latin letters)::

    arena → bot   manoeuvres 1                     bot → arena   id name NAME
                                                                 manoeuvresok 1
    arena → bot   isready                           bot → arena   readyok
    arena → bot   newgame {"seat": 0, "rules": {…}}
    arena → bot   act MS {view}                     bot → arena   action {action} | resign
    arena → bot   event {event}                     (after every action, each event)
    arena → bot   gameover win|loss|draw REASON
    arena → bot   quit

``act`` asks for the seat's action within ``MS`` milliseconds and gives its whole view
(what the seat may know: its own pieces, the enemy's as far as play revealed them, the
stage of the turn); the view's ``legal`` lists every legal action when they can be listed
(not at set-up). Events are public: both bots get the same ones.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from seabattle.errors import ProtocolSyntaxError
from seabattle.games.interface import JSON
from seabattle.manoeuvres.actions import Action, Resign
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView

HELLO = "manoeuvres"
VERSIONS = (1,)
END_REASONS = {"manoeuvres.outcome.forts_taken": "forts",
               "manoeuvres.outcome.cannot_act": "cannot-act",
               "manoeuvres.outcome.quiet": "quiet",
               "manoeuvres.outcome.no_ships": "no-ships",
               "outcome.resigned": "resign"}
"""The ``gameover`` reasons, by the outcome's key (a forfeit is ``forfeit``)."""


def new_game_line(rules: ManoeuvreRules, seat: int) -> str:
    """``newgame {"seat": …, "rules": …}``."""
    return "newgame " + json.dumps({"seat": seat, "rules": DEFINITION.rules_to_data(rules)},
                                   ensure_ascii=False)


def act_line(state: ManoeuvreState, seat: int, ms: int) -> str:
    """``act MS {view}``, the view with the legal actions listed where they can be."""
    rules = state.rules
    data: dict[str, JSON] = DEFINITION.view_to_data(state.view(seat))
    listed = state.legal_actions(seat)
    data["legal"] = None if listed is None else [
        DEFINITION.action_to_data(rules, action) for action in listed]
    return f"act {ms} " + json.dumps(data, ensure_ascii=False)


def event_line(rules: ManoeuvreRules, event: Any) -> str:
    """``event {event}``."""
    return "event " + json.dumps(DEFINITION.event_to_data(rules, event), ensure_ascii=False)


def action_line(rules: ManoeuvreRules, action: Action) -> str:
    """A bot's answer: ``action {action}``, or ``resign``."""
    if isinstance(action, Resign):
        return "resign"
    return "action " + json.dumps(DEFINITION.action_to_data(rules, action), ensure_ascii=False)


def _json(line: str, rest: str) -> Any:
    try:
        return json.loads(rest)
    except json.JSONDecodeError as bad:
        raise ProtocolSyntaxError(line=line, problem=f"not JSON: {bad.msg}") from None


def parse_action(rules: ManoeuvreRules, line: str) -> Action:
    """A bot's answer to ``act``; raises :class:`~seabattle.errors.ProtocolSyntaxError`
    for a malformed one (an illegal one is the game's to refuse)."""
    keyword, _, rest = line.strip().partition(" ")
    if keyword == "resign" and not rest.strip():
        return Resign()
    data = _json(line, rest) if keyword == "action" else None
    if not isinstance(data, dict):
        raise ProtocolSyntaxError(line=line, problem="expected 'action {…}' or 'resign'")
    try:
        return DEFINITION.action_from_data(rules, cast(Mapping[str, JSON], data))
    except ValueError as bad:
        raise ProtocolSyntaxError(line=line, problem=str(bad)) from None


def parse_new_game(line: str) -> tuple[ManoeuvreRules, int]:
    """The rules and seat of a ``newgame`` line."""
    data = _json(line, line.partition(" ")[2])
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict) \
            or data.get("seat") not in (0, 1):
        raise ProtocolSyntaxError(line=line, problem='expected {"seat": 0|1, "rules": {…}}')
    return DEFINITION.rules_from_data(data["rules"]), int(data["seat"])


def parse_act(rules: ManoeuvreRules, line: str) -> ManoeuvreView:
    """The view of an ``act`` line."""
    _keyword, _, rest = line.partition(" ")
    _ms, _, body = rest.strip().partition(" ")
    data = _json(line, body)
    if not isinstance(data, dict):
        raise ProtocolSyntaxError(line=line, problem="expected 'act MS {view}'")
    return DEFINITION.view_from_data(rules, data)
