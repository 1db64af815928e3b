"""The manoeuvre game as a client sees it: actions as client messages, a move's events, and
the game's part of the ``state`` message.

Cells are numbers (``row * columns + column``, row 0 at the top), kinds their names
(``torpedo_boat``), as everywhere in ``docs/web-protocol.md``. What an audience may know
comes from the engine alone: its events are public (:mod:`seabattle.manoeuvres.events`
names a kind only where the rules make it known to both), and the state is built from
the audience's :class:`~seabattle.manoeuvres.views.ManoeuvreView` (a seat's own kinds,
the enemy's only once shown; a spectator's, what both know). The one thing only a seat
is told is what it may do now (``legal``): the engine's own list of its legal actions,
written as the messages that take them, so a client never works out a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from seabattle.games.hosting import ClientEvent, Told, field_error, unknown_type
from seabattle.games.interface import JSON
from seabattle.i18n import Language
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    Direction,
    DrawFirst,
    EndTurn,
    PointBlank,
    Resign,
    Shoot,
    Step,
)
from seabattle.manoeuvres.board import BOMB_ZONE, SHIP_ZONE, zone
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Deployed,
    Event,
    FirstDrawn,
    FortTaken,
    Fought,
    GameEnded,
    Moved,
    Removed,
    Revealed,
    TorpedoFired,
    TurnEnded,
)
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules, rules_to_data
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage

MOVES = ("step", "shoot", "point_blank", "detonate", "attack", "defend", "end_turn")
"""The client messages of play, one per kind of action (``deploy`` is the set-up's)."""
ZONES = {Kind.TORPEDO_BOAT: SHIP_ZONE, Kind.DESTROYER: SHIP_ZONE, Kind.BOMB: BOMB_ZONE}
"""The pieces with a zone, and how far it reaches."""


# --- actions as client messages -------------------------------------------------------------

def message_of(action: Action) -> ClientEvent:
    """The client message that takes ``action`` (a move of play or a set-up)."""
    if isinstance(action, Deploy):
        return {"type": "deploy", "pieces": [[cell, kind.value] for cell, kind in action.layout]}
    if isinstance(action, Step):
        return {"type": "step", "from": action.source, "to": action.target,
                "tow": list(action.tow)}
    if isinstance(action, Shoot):
        return {"type": "shoot", "torpedo": action.torpedo,
                "direction": action.direction.name.lower()}
    if isinstance(action, PointBlank):
        return {"type": "point_blank", "torpedo": action.torpedo, "target": action.target}
    if isinstance(action, Detonate):
        return {"type": "detonate", "bomb": action.bomb, "to": action.target}
    if isinstance(action, Attack):
        return {"type": "attack", "target": action.target, "group": list(action.group)}
    if isinstance(action, Defend):
        return {"type": "defend", "group": list(action.group)}
    if isinstance(action, EndTurn):
        return {"type": "end_turn"}
    assert not isinstance(action, DrawFirst | Resign), "not a client's message"
    raise AssertionError(action)


def _cell(rules: ManoeuvreRules, value: JSON | None, name: str) -> int:
    size = rules.grid.size
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
        raise field_error(name, f"a cell 0…{size - 1}")
    return value


def _cells(rules: ManoeuvreRules, value: JSON | None, name: str, most: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise field_error(name, f"a list of at most {most} cells")
    return tuple(sorted(_cell(rules, cell, name) for cell in value))


def _layout(rules: ManoeuvreRules, value: JSON | None) -> Deploy:
    expected = f"{rules.piece_total} pairs [cell, kind]"
    if not isinstance(value, list) or len(value) > 2 * rules.piece_total:
        raise field_error("pieces", expected)
    layout: list[tuple[int, Kind]] = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
            raise field_error("pieces", expected)
        try:
            kind = Kind(entry[1])
        except ValueError:
            raise field_error("pieces", ", ".join(k.value for k in Kind)) from None
        layout.append((_cell(rules, entry[0], "pieces"), kind))
    # In cell order, as the engine keeps a set-up: the client may send it in any.
    return Deploy(tuple(sorted(layout, key=lambda entry: entry[0])))


def action_of(rules: ManoeuvreRules, kind: str, data: Mapping[str, JSON]) -> Action:
    """The action a client message of type ``kind`` asks for, its fields checked (whether
    the rules allow it is the engine's to say)."""
    if kind == "deploy":
        return _layout(rules, data.get("pieces"))
    most = rules.piece_total
    if kind == "step":
        tow = data.get("tow", [])
        return Step(_cell(rules, data.get("from"), "from"), _cell(rules, data.get("to"), "to"),
                    _cells(rules, tow, "tow", most))
    if kind == "shoot":
        direction = data.get("direction")
        known = [d.name.lower() for d in Direction]
        if direction not in known:
            raise field_error("direction", ", ".join(known))
        return Shoot(_cell(rules, data.get("torpedo"), "torpedo"),
                     Direction[str(direction).upper()])
    if kind == "point_blank":
        return PointBlank(_cell(rules, data.get("torpedo"), "torpedo"),
                          _cell(rules, data.get("target"), "target"))
    if kind == "detonate":
        target = data.get("to")
        return Detonate(_cell(rules, data.get("bomb"), "bomb"),
                        None if target is None else _cell(rules, target, "to"))
    if kind == "attack":
        return Attack(_cell(rules, data.get("target"), "target"),
                      _cells(rules, data.get("group"), "group", most))
    if kind == "defend":
        return Defend(_cells(rules, data.get("group"), "group", most))
    if kind == "end_turn":
        return EndTurn()
    raise unknown_type(kind, ("deploy", *MOVES))


# --- a move -----------------------------------------------------------------------------------

def _kind(kind: Kind | None) -> JSON:
    return None if kind is None else kind.value


def event_message(event: Event) -> ClientEvent | None:
    """The client event of one engine event (``None`` for the game's end, which the room's
    ``game_over`` tells)."""
    if isinstance(event, Deployed):
        return {"type": "deployed", "seat": event.seat}
    if isinstance(event, FirstDrawn):
        return {"type": "first_drawn", "seat": event.seat}
    if isinstance(event, Moved):
        return {"type": "moved", "seat": event.seat, "from": event.source, "to": event.target,
                "kind": _kind(event.kind), "towed": [list(pair) for pair in event.towed],
                "towed_kind": _kind(event.towed_kind)}
    if isinstance(event, Revealed | Removed):
        return {"type": "revealed" if isinstance(event, Revealed) else "removed",
                "owner": event.owner, "cell": event.cell, "kind": event.kind.value}
    if isinstance(event, AttackDeclared):
        return {"type": "attack", "seat": event.seat, "target": event.target,
                "group": list(event.group), "kind": event.kind.value}
    if isinstance(event, Fought):
        return {"type": "fought", "group": list(event.group), "kind": event.kind.value,
                "winner": event.winner}
    if isinstance(event, TorpedoFired):
        return {"type": "torpedo", "seat": event.seat, "from": event.source, "hit": event.hit}
    if isinstance(event, BombExploded):
        return {"type": "bomb", "owner": event.owner, "cell": event.cell}
    if isinstance(event, FortTaken):
        return {"type": "fort_taken", "seat": event.seat, "cell": event.cell}
    if isinstance(event, TurnEnded):
        return {"type": "turn_ended", "seat": event.seat, "bonus": event.bonus}
    assert isinstance(event, GameEnded)
    return None


def project(events: Sequence[Event], auto: bool) -> Told:
    """The client events of a move: every engine event is public (said to both players and
    the spectators alike); ``auto`` marks a move the server made for a player."""
    told = Told()
    for event in events:
        said = event_message(event)
        if said is not None:
            told.public.append({**said, "auto": True} if auto else said)
    return told


def due(state: ManoeuvreState) -> list[ClientEvent]:
    """``defence_due``, when an attack on a group waits for the defender's answer."""
    if state.stage is not Stage.DEFENCE or state.pending is None:
        return []
    return [{"type": "defence_due", "seat": state.actor, "target": state.pending.target,
             "group": list(state.pending.group)}]


# --- the state ------------------------------------------------------------------------------

def _zones(view: ManoeuvreView) -> list[JSON]:
    """The zones of the pieces whose kind the reader knows: 3 × 3 around a torpedo boat or
    a destroyer, 5 × 5 around the bomb."""
    grid = view.rules.grid
    return [{"cell": piece.cell, "owner": piece.owner, "kind": piece.kind.value,
             "cells": cast(JSON, sorted(zone(grid, piece.cell, ZONES[piece.kind])))}
            for piece in view.pieces if piece.kind in ZONES]


def rules_snapshot(rules: ManoeuvreRules, language: Language) -> dict[str, JSON]:
    """The part of the ``state`` message that only the rules and the language decide (a
    room encodes it once per language): the rules, their preset, the field's size and
    column letters, the pieces of a side and the quiet-turn limit."""
    return {
        "rules": rules_to_data(rules),
        "preset": rules.name if PRESETS.get(rules.name) == rules else None,
        "width": rules.columns, "height": rules.rows,
        "columns": list(coordinates(rules, language).column_letters),
        "pieces_per_side": [[kind.value, count] for kind, count in rules.pieces if count],
        "quiet_limit": rules.quiet_turns,
    }


def snapshot(state: ManoeuvreState, audience: int | None, language: Language,
             over: bool) -> dict[str, JSON]:
    """The game's part of the ``state`` message for ``audience`` (``docs/web-protocol.md``,
    «The manoeuvre game»), less :func:`rules_snapshot`'s."""
    view = state.view(audience)
    rules = state.rules
    pending = view.pending
    snap: dict[str, JSON] = {
        "setup_cells": [] if audience is None else cast(JSON, sorted(
            rules.setup_cells(audience))),
        "ready": list(view.ready),
        "to_move": view.to_move,
        "stage": None if view.stage is None else view.stage.value,
        "bonus_turn": view.bonus_turn,
        "moved": view.moved,
        "pieces": [{"owner": p.owner, "number": p.number, "cell": p.cell,
                    "kind": _kind(p.kind), "moved": p.moved, "shown": p.shown}
                   for p in view.pieces],
        "lost": [[kind.value for kind in kinds] for kinds in view.lost],
        "pending": None if pending is None else {
            "seat": view.to_move, "target": pending.target, "group": list(pending.group),
            "kind": state.board.at[pending.group[0]].kind.value},
        "zones": _zones(view),
        "quiet_turns": view.quiet_turns,
        "legal": [],
    }
    if audience is not None and view.phase is Phase.PLAY and view.to_move == audience \
            and not over:
        snap["legal"] = [message_of(action) for action in state.legal_actions(audience) or ()]
    if over:
        snap["stats"] = [{"lost": len(view.lost[seat]),
                          "left": sum(p.owner == seat for p in view.pieces)} for seat in (0, 1)]
    return snap


def game_over(state: ManoeuvreState) -> dict[str, JSON]:
    """What ``game_over`` adds: both sides' pieces where they ended, every kind shown, and
    both set-ups as they were made."""
    return {"pieces": [{"owner": piece.owner, "number": piece.number, "cell": cell,
                        "kind": piece.kind.value}
                       for cell, piece in sorted(state.board.at.items())],
            "setups": [None if layout is None else [[cell, kind.value]
                                                     for cell, kind in layout.layout]
                       for layout in state.layouts]}
