"""What each audience of a room may see: client events from log entries, and states.

Both are built per audience — seat 0, seat 1 or the spectators — from the engine's
:class:`~seabattle.battleship.view.PlayerView`. The hidden-information rule lives in one place,
:func:`board`: a field's ships go only to their owner, or to everyone once the game
is over.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from seabattle.battleship.cell_lists import cell_lists_in_rules_order, ships_in_rules_order
from seabattle.battleship.events import Decision, Handover, MineReveal, ShipMove, Shot, ShotResult
from seabattle.battleship.game import other
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.coords import iter_cells
from seabattle.games.registry import find_game
from seabattle.i18n import Language
from seabattle.server.seats import COMPUTER_SEAT, WATCHER, Audience

if TYPE_CHECKING:
    from seabattle.server.rooms import Entry, Room

Event = dict[str, Any]


def project(room: Room, entry: Entry) -> dict[Audience, list[Event]]:
    """The client events one log entry (just applied) becomes, for each audience."""
    kind, seq = entry["type"], len(room.log) - 1
    public: list[Event] = []
    private: dict[Audience, list[Event]] = {0: [], 1: [], WATCHER: []}
    if kind == "joined":
        public.append({"type": "opponent_joined"})
    elif kind == "fleet":
        ready: Event = {"type": "fleet_ready", "seat": entry["seat"]}
        if entry.get("auto"):
            ready["auto"] = True
        public.append(ready)
        if room.game is not None and not room.game.events:
            public.append({"type": "battle_started", "first": room.first})
    elif kind in ("shot", "salvo", "decide"):
        _engine_events(room, entry, public, private)
    elif kind == "timeout":
        public.append({"type": "timeout", "seat": entry["seat"],
                       "strikes": room.strikes[entry["seat"]]})
    elif kind == "chat":
        public.append({"type": "chat", "seat": entry["seat"], "phrase": entry["phrase"]})
    elif kind == "rematch":
        public.append({"type": "rematch_offered", "seat": entry["seat"]})
    elif kind == "rematch_started":
        # Players keep their tokens; spectators need the new game's spectator key.
        for audience in (0, 1):
            private[audience].append({"type": "rematch_started", "game": entry["game"]})
        private[WATCHER].append({"type": "rematch_started", "game": entry["game"],
                                 "watch": entry.get("watch")})
    if kind in ("shot", "salvo", "decide", "timeout") and room.game is not None \
            and room.game.pending is not None:
        pending = room.game.pending
        public.append({"type": "decision_due", "seat": pending.player,
                       "decision": pending.decision.value})
    if kind in ("shot", "salvo", "decide", "resign", "claim", "timeout") \
            and room.result is not None:
        public.append(_game_over_event(room))
    return {a: [dict(e, seq=seq) for e in (*public, *private[a])] for a in (0, 1, WATCHER)}


def _engine_events(room: Room, entry: Entry, public: list[Event],
                   private: dict[Audience, list[Event]]) -> None:
    """The client events of what the engine made of a shot, salvo or decision.

    Shots and their answers are public (said aloud); the cell handed over after a
    mine and the mine revealed after a minesweeper go to both players only (they are
    said to the opponent, not to spectators); where the Flying Dutchman went only to
    its owner (the others learn that it moved).
    """
    assert room.game is not None
    events = room.game.events
    start = len(events) - len(room.produced)
    auto = {"auto": True} if entry.get("auto") else {}
    for offset, event in enumerate(room.produced):
        if isinstance(event, Shot):
            index = sum(isinstance(e, Shot) and e.player == event.player
                        for e in events[:start + offset])
            public.append(_shot_event(room, event.player, index))
        elif isinstance(event, Handover | MineReveal):
            kind = "handover" if isinstance(event, Handover) else "mine_revealed"
            told: Event = {"type": kind, "seat": event.player, **auto}
            for seat in (0, 1):
                private[seat].append({**told, "cell": event.cell})
            private[WATCHER].append(told if event.cell is not None
                                    else {**told, "cell": None})
        elif isinstance(event, ShipMove):
            told = {"type": "ship_moved", "seat": event.player, "moved": event.cells is not None,
                    **auto}
            private[event.player].append(
                {**told, "cells": None if event.cells is None else list(iter_cells(event.cells))})
            private[other(event.player)].append(told)
            private[WATCHER].append(told)


def _shot_event(room: Room, shooter: int, index: int = -1) -> Event:
    # Called right after the shot is applied: the shooter's shot number ``index``.
    view = room.view(shooter)
    info = view.shots[index]
    event: Event = {"type": "shot", "seat": shooter, "cell": info.cell,
                    "result": info.result.value,
                    "ship": _kind_name(info.kind) if info.kind else None}
    if info.dying:
        event["dying"] = True
    if info.result is ShotResult.SUNK:
        ship = next((s for s in view.sunk if s.cell == info.cell), None)
        event["sunk_cells"] = (list(iter_cells(ship.cells))
                               if ship is not None and ship.cells is not None else None)
        event["ring"] = list(iter_cells(view.known_empty))
    return event


def _game_over_event(room: Room) -> Event:
    assert room.result is not None
    event: Event = {"type": "game_over", **room.result}
    if room.game is not None:
        event["fleets"] = [cell_lists_in_rules_order(room.rules, f) for f in room.game.fleets]
        if room.rules.flying_dutchman:
            event["positions"] = [cell_lists_in_rules_order(room.rules, room.game.position(s))
                                  for s in (0, 1)]
        event["stats"] = [stats(room, s) for s in (0, 1)]
    return event


def stats(room: Room, seat: int) -> dict[str, Any]:
    """One seat's shooting statistics (the game must have started)."""
    assert room.game is not None
    numbers = room.game.stats(seat)
    return {"shots": numbers.shots, "hits": numbers.hits, "sunk": numbers.sunk,
            "accuracy": round(numbers.accuracy, 3)}


def snapshot(room: Room, audience: Audience, language: Language, now: float) -> Event:
    """The whole state as ``audience`` may know it now (the ``state`` message)."""
    over = room.phase == "over"
    game = room.game
    computer = [s == COMPUTER_SEAT and room.options.mode == "computer" for s in (0, 1)]
    state: Event = {
        "type": "state", "game": room.id, "seq": room.seq, "phase": room.phase,
        "you": audience if audience != WATCHER else None,
        "rules": room.rules.to_dict(), "preset": room.preset,
        "title": rules_title(room.rules, language), "options": room.options.to_dict(),
        "fleet": [{"size": k.size, "name": k.name, "shape": k.shape.value, "role": k.role.value}
                  for k in room.rules.fleet],
        "columns": room.rules.alphabet_for(language).columns(room.rules.width),
        "to_move": game.to_move if game is not None else None,
        "shots_due": game.volley_left if game is not None and game.to_move is not None else 0,
        "pending": _pending(room, audience),
        "deadline_in": None if room.deadline is None
        else round(max(0.0, room.deadline - now), 1),
        "result": room.result,
        "rematch": list(room.rematch), "next_game": room.next_game,
        "next_watch": room.next_watch if room.next_game is not None else None,
        "previous_game": room.previous_game,
        "watch": room.watch_key,
        "players": [{"joined": room.token_hashes[s] is not None or computer[s],
                     "computer": computer[s],
                     "ready": room.fleets[s] is not None or computer[s],
                     "online": room.online[s] > 0 or computer[s],
                     "away_for": _away_for(room, s, now),
                     "strikes": room.strikes[s]} for s in (0, 1)],
        "boards": [board(room, s, audience) for s in (0, 1)],
        "stats": [stats(room, s) for s in (0, 1)] if over and game is not None else None,
    }
    if audience == 0 and room.phase == "waiting" and room.invite is not None:
        state["invite"] = room.invite
    return state


@lru_cache(maxsize=256)
def rules_title(rules: Rules, language: Language) -> str:
    """The rule set's title in ``language``, as the game's definition gives it: its preset's
    (``classic, with variants`` for a varied one), or its name when it is no preset varied
    (:func:`~seabattle.battleship.rules.varied_preset`), such as a rule set whose touching,
    letters or fleet the lobby changed. Kept: finding the preset rebuilds rule sets, a few
    milliseconds, and every ``state`` message carries the title."""
    return find_game("battleship").rules_title(rules).render(language)


def _pending(room: Room, audience: Audience) -> Event | None:
    """The decision the game waits for; its options only to the player who owes it."""
    game = room.game
    if game is None or game.pending is None:
        return None
    pending = game.pending
    told: Event = {"seat": pending.player, "decision": pending.decision.value}
    if audience == pending.player:
        view = room.view(pending.player)
        if pending.decision is Decision.HANDOVER:
            told["options"] = list(iter_cells(view.handover_options()))
        elif pending.decision is Decision.REVEAL_MINE:
            told["options"] = list(iter_cells(view.reveal_options()))
        else:
            assert pending.ship is not None
            ship = view.fleet_now.ships[pending.ship]
            told["size"] = (ship.cells & ~view.incoming).bit_count()
    return told


def _kind_name(kind: ShipKind) -> str:
    """A ship's catalogue name; a submarine, mine or minesweeper by its role."""
    return kind.name or kind.role.value


def _away_for(room: Room, seat: int, now: float) -> float | None:
    since = room.away_since[seat]
    return None if since is None or not room.is_human(seat) else round(now - since, 1)


def board(room: Room, owner: int, audience: Audience) -> dict[str, Any]:
    """Seat ``owner``'s field as ``audience`` knows it."""
    vessels = sum(kind.role.is_vessel for kind in room.rules.fleet)
    field: dict[str, Any] = {"ships": None, "shots": [], "sunk": [], "ring": [],
                             "afloat": None, "afloat_count": vessels, "given": [],
                             "revealed_mines": [], "abandoned": []}
    fleet = room.fleets[owner]
    reveal = audience == owner or room.phase == "over"
    if fleet is not None and reveal:
        incoming = room.game.incoming(owner) if room.game is not None else 0
        if room.game is not None:
            fleet = room.game.position(owner)  # where a Flying Dutchman is now
        field["ships"] = [{"cells": list(iter_cells(s.cells)), "name": s.kind.name,
                           "role": s.kind.role.value,
                           "sunk": s.kind.role.is_vessel and s.is_sunk(incoming)}
                          for s in ships_in_rules_order(room.rules, fleet)]
    if room.game is None:
        return field
    view = room.view(other(owner))  # what the shooter knows
    field["shots"] = [{"cell": s.cell, "result": s.result.value, **({"dying": True} if s.dying
                                                                     else {})}
                      for s in view.shots]
    field["abandoned"] = list(iter_cells(view.abandoned))
    if audience in (0, 1):  # said between the players, not to spectators
        field["given"] = list(iter_cells(view.given))
        field["revealed_mines"] = list(iter_cells(view.revealed_mines))
    field["sunk"] = [{"cell": s.cell, "name": _kind_name(s.kind) if s.kind else None,
                      "cells": list(iter_cells(s.cells)) if s.cells is not None else None}
                     for s in view.sunk]
    field["ring"] = list(iter_cells(view.known_empty))
    field["afloat_count"] = view.enemy_afloat_count
    if reveal:
        field["afloat"] = [_kind_name(k) for k in room.view(owner).own_afloat]
        field["afloat_count"] = len(field["afloat"])
    elif view.enemy_afloat is not None:
        field["afloat"] = [_kind_name(k) for k in view.enemy_afloat]
    return field
