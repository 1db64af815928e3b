"""Game rooms: the whole life of one online game as a pure state machine over the engine.

A :class:`Room` is built from its event log and grows only by appending to it:
``created`` → ``joined`` → ``fleet`` ×2 → ``shot``… → the end (sunk fleet,
``resign``, second ``timeout``, ``claim``) → ``rematch``. Each method that acts
(:meth:`Room.handle`, :meth:`Room.tick`) checks first, raises
:class:`~seabattle.server.messages.ServerError` (or the engine's error) and changes
nothing when the action is not allowed, and otherwise returns the new log entries,
which the app stores before anyone is told. :meth:`Room.restore` replays a stored log,
which is how a restarted server picks a game up.

Everything a client may learn comes from :meth:`Room.feed_since` (the events it
missed, as that audience may see them) and :meth:`Room.snapshot` (the state now);
both are built per audience — seat 0, seat 1 or a spectator — from the engine's
:class:`~seabattle.battleship.view.PlayerView`, so neither fleet leaks before the end.

Who is connected is not logged: :meth:`Room.connect` / :meth:`Room.disconnect`
keep it in memory, and a player absent longer than the grace period lets the
opponent claim the win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seabattle.battleship.ai.decisions import decide
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.placement import computer_fleet
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.cell_lists import (
    cell_lists_in_rules_order,
    fleet_from_cell_lists_in_rules_order,
)
from seabattle.battleship.events import Decision, Event
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import Game, other
from seabattle.battleship.moves import BattleMove, Decide, Fire, decision_move
from seabattle.battleship.record import GameRecord, PlayerInfo, event_from_data, event_to_data
from seabattle.battleship.rules import Rules, rules_from_dict, varied_preset
from seabattle.battleship.view import PlayerView
from seabattle.coords import bit, iter_cells
from seabattle.errors import DecisionError, OffFieldError, SeaBattleError
from seabattle.i18n import Language, Text
from seabattle.server import projection
from seabattle.server.messages import ServerError
from seabattle.server.seats import COMPUTER_SEAT, WATCHER, Audience, token_hash

__all__ = ["COMPUTER_SEAT", "MAX_STRIKES", "MODES", "WATCHER", "Audience", "Entry", "Room",
           "RoomOptions", "token_hash"]

MODES = ("computer", "private", "random")
MAX_STRIKES = 2
"""A player whose turn timer runs out this many times loses."""
MAX_SECONDS = 3600
"""The longest turn, set-up or grace time the lobby may ask for."""

Entry = dict[str, Any]
"""One log entry: JSON-ready, with ``type`` and ``at`` (seconds since the epoch)."""


@dataclass(frozen=True)
class RoomOptions:
    """What the lobby chose besides the rules."""

    mode: str = "private"
    level: str | None = None
    """The computer's level in ``computer`` mode."""
    turn_seconds: int = 0
    """The turn timer; 0 turns it off."""
    grace_seconds: int = 60
    """How long a vanished player is waited for before the opponent may claim the win."""
    setup_seconds: int = 0
    """The set-up timer, from the moment both seats are taken; 0 turns it off. Whoever
    has not placed a fleet when it runs out gets a random one (logged like any fleet)."""

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "level": self.level, "turn_seconds": self.turn_seconds,
                "grace_seconds": self.grace_seconds, "setup_seconds": self.setup_seconds}


class Room:
    """One game between two seats (a person or the computer on seat 1), and its spectators."""

    def __init__(self, game_id: str, created: Entry) -> None:
        self.id = game_id
        self.rules = rules_from_dict(created["rules"])
        self.preset = varied_preset(self.rules)
        """The preset the rules are, variants changed or not (``None`` for other rules)."""
        self.options = RoomOptions(**created["options"])
        self.first: int = created["first"]
        self.watch_key: str = created["watch"]
        self.invite: str | None = created.get("invite")
        self.token_hashes: list[str | None] = [created["token"], created.get("token1")]
        self.log: list[Entry] = []
        self.feed: list[dict[Audience, list[dict[str, Any]]]] = []
        self.fleets: list[Fleet | None] = [None, None]
        self.game: Game | None = None
        self.result: dict[str, Any] | None = None
        self.strikes = [0, 0]
        self.deadline: float | None = None
        self.rematch = [False, False]
        self.next_game: str | None = None
        self.next_watch: str | None = None
        self.previous_game: str | None = created.get("previous")
        self.online = [0, 0]
        self.away_since: list[float | None] = [None, None]
        self.computer: ComputerPlayer | None = None
        self.produced: list[Event] = []
        """The engine events the last shot, salvo or decision produced."""
        self._views_key: tuple[int, int, int | None] | None = None
        self._views: dict[int, PlayerView] = {}
        self._record(created)
        if self.phase == "setup":  # against the computer, or a rematch
            self._start_setup_clock(created["at"])

    # --- building ---------------------------------------------------------------

    @staticmethod
    def created_entry(rules: Rules, options: RoomOptions, token: str, *, rng: random.Random,
                      watch: str, invite: str | None, now: float,
                      token_hashes: Sequence[str] | None = None,
                      previous: str | None = None, first: int | None = None) -> Entry:
        """The first log entry of a new room (``token_hashes`` carries seats over to a rematch)."""
        if options.mode not in MODES:
            raise ServerError("web.error.field", field="mode", expected=", ".join(MODES))
        for name in ("turn_seconds", "grace_seconds", "setup_seconds"):
            if not 0 <= getattr(options, name) <= MAX_SECONDS:
                raise ServerError("web.error.field", field=name, expected=f"0…{MAX_SECONDS}")
        entry: Entry = {"type": "created", "at": now, "rules": rules.to_dict(),
                        "options": options.to_dict(), "watch": watch,
                        "first": rng.randrange(2) if first is None else first,
                        "token": token_hashes[0] if token_hashes else token_hash(token)}
        if invite is not None:
            entry["invite"] = invite
        if previous is not None:
            entry["previous"] = previous
        if options.mode == "computer":
            make_strategy(options.level or "hard", rng)  # refuse an unknown level now
            entry["computer_fleet"] = cell_lists_in_rules_order(
                rules, computer_fleet(options.level or "hard", rules, rng))
        elif token_hashes and token_hashes[1]:
            entry["token1"] = token_hashes[1]
        return entry

    @classmethod
    def restore(cls, game_id: str, log: Sequence[Entry], now: float) -> Room:
        """The room a stored log describes, as it was after its last entry."""
        room = cls(game_id, log[0])
        for entry in log[1:]:
            room._apply(entry)
            room._record(entry)
        if room.game is not None and not room.game.is_over:
            # Nobody can move while the server is down: the player to move gets a full turn.
            room._restart_clock(now)
        elif room.phase == "setup":
            room._start_setup_clock(now)  # and both get the whole set-up time again
        for seat in (0, 1):
            if room.is_human(seat):
                room.away_since[seat] = now
        return room

    # --- state ------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """How many log entries there are: the number of the next one."""
        return len(self.log)

    @property
    def phase(self) -> str:
        """``waiting`` (for seat 1), ``setup``, ``battle`` or ``over``."""
        if self.result is not None:
            return "over"
        if self.game is not None:
            return "battle"
        if self.token_hashes[1] is None and self.options.mode != "computer":
            return "waiting"
        return "setup"

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (seat 1 may be the computer or nobody yet)."""
        if seat == COMPUTER_SEAT and self.options.mode == "computer":
            return False
        return self.token_hashes[seat] is not None

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` belongs to, if any."""
        digest = token_hash(token)
        for seat, known in enumerate(self.token_hashes):
            if known is not None and known == digest:
                return seat
        return None

    def match_key(self) -> str:
        """Rooms whose players asked for the same game have the same key: the same rules
        (whatever their name: ``classic (salvo 2)`` is ``classic (salvo 2, shoot_again
        False)``) and timers."""
        rules = {key: value for key, value in self.rules.to_dict().items() if key != "name"}
        return repr((sorted(rules.items()), self.options.turn_seconds,
                     self.options.setup_seconds))

    # --- acting -----------------------------------------------------------------

    def join(self, token: str, now: float) -> list[Entry]:
        """A second person takes seat 1 with ``token`` (invite link or random match)."""
        if self.phase != "waiting":
            raise ServerError("web.error.game_full")
        return self._commit([{"type": "joined", "at": now, "token": token_hash(token)}])

    def handle(self, seat: int, kind: str, data: dict[str, Any], now: float) -> list[Entry]:
        """``seat`` sends a validated message; returns the new log entries, or raises."""
        if kind == "place":
            if self.phase != "setup":
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            if self.fleets[seat] is not None:
                raise ServerError("web.error.already_placed")
            if len(data["ships"]) != len(self.rules.fleet):
                raise ServerError("web.error.ship_count", expected=len(self.rules.fleet),
                                  got=len(data["ships"]))
            fleet = fleet_from_cell_lists_in_rules_order(self.rules, data["ships"])
            return self._commit([{"type": "fleet", "at": now, "seat": seat,
                                  "ships": cell_lists_in_rules_order(self.rules, fleet)}])
        if kind in ("fire", "fire_salvo", "decide"):
            if self.game is None or self.phase != "battle":
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            if kind == "fire":
                return self._commit([{"type": "shot", "at": now, "seat": seat,
                                      "cell": data["cell"]}])
            if kind == "fire_salvo":
                return self._commit([{"type": "salvo", "at": now, "seat": seat,
                                      "cells": data["cells"]}])
            return self._commit([{"type": "decide", "at": now, "seat": seat,
                                  "choice": data["choice"]}])
        if kind == "resign":
            if self.phase not in ("setup", "battle"):
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            return self._commit([{"type": "resign", "at": now, "seat": seat}])
        if kind == "chat":
            if self.phase == "waiting":
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            return self._commit([{"type": "chat", "at": now, "seat": seat,
                                  "phrase": data["phrase"]}])
        if kind == "claim_win":
            if self.phase not in ("setup", "battle"):
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            away = self.away_since[other(seat)]
            if not self.is_human(other(seat)) or away is None:
                raise ServerError("web.error.opponent_here")
            if now - away < self.options.grace_seconds:
                raise ServerError("web.error.grace", seconds=round(
                    self.options.grace_seconds - (now - away)))
            return self._commit([{"type": "claim", "at": now, "seat": seat}])
        if kind == "rematch":
            if self.phase != "over":
                raise ServerError("web.error.phase", action=kind, phase=self.phase)
            if self.rematch[seat] or self.next_game is not None:
                raise ServerError("web.error.repeated")
            return self._commit([{"type": "rematch", "at": now, "seat": seat}])
        raise ServerError("web.error.unknown_type", type=kind, known="")

    def tick(self, now: float, rng: random.Random | None = None) -> list[Entry]:
        """Whatever time brings: the set-up timer running out (a random ``fleet`` for
        every seat still placing, marked ``auto``) or the turn timer (``timeout``).

        ``rng`` draws those fleets; it must not be predictable by the players (the
        hub passes one seeded from the system), since the fleet is hidden.
        """
        if self.deadline is None or now < self.deadline:
            return []
        if self.phase == "setup":
            rng = rng or random.SystemRandom()
            idle = [seat for seat in (0, 1) if self.fleets[seat] is None and self.is_human(seat)]
            if not idle:
                return []
            return self._commit([
                {"type": "fleet", "at": now, "seat": seat, "auto": True,
                 "ships": cell_lists_in_rules_order(self.rules, random_fleet(self.rules, rng))}
                for seat in idle])
        seat = self.due_seat()
        if seat is None or self.phase != "battle":
            return []
        entries: list[Entry] = [{"type": "timeout", "at": now, "seat": seat}]
        assert self.game is not None
        pending = self.game.pending
        if pending is not None and pending.player == seat and self.strikes[seat] + 1 < MAX_STRIKES:
            # A decision left too long is made for its player, as the computer would.
            move = decision_move(*decide(self.game.view(seat), rng or random.SystemRandom()))
            entries.append({**_move_entry(move, seat, now),
                            "auto": True})
        return self._commit(entries)

    def due_seat(self) -> int | None:
        """Whom the game waits for: the player owing a decision, else the one to shoot."""
        if self.game is None or self.game.is_over:
            return None
        pending = self.game.pending
        return pending.player if pending is not None else self.game.to_move

    def rematch_agreed(self) -> bool:
        """Whether both sides want a rematch and it has not been started yet."""
        return self.next_game is None and all(
            self.rematch[s] or not self.is_human(s) for s in (0, 1))

    def start_rematch(self, game_id: str, watch: str, now: float) -> list[Entry]:
        """Log that the rematch is game ``game_id`` (created by the app), watched with
        the key ``watch`` (which this game's spectators are sent)."""
        return self._commit([{"type": "rematch_started", "at": now, "game": game_id,
                              "watch": watch}])

    def connect(self, seat: int) -> bool:
        """A connection of ``seat`` opened; whether the seat just came online."""
        self.online[seat] += 1
        self.away_since[seat] = None
        return self.online[seat] == 1

    def disconnect(self, seat: int, now: float) -> bool:
        """A connection of ``seat`` closed; whether the seat just went away."""
        self.online[seat] = max(0, self.online[seat] - 1)
        if self.online[seat] == 0:
            self.away_since[seat] = now
            return True
        return False

    # --- the log ----------------------------------------------------------------

    def _commit(self, entries: list[Entry]) -> list[Entry]:
        """Apply entries (and the computer's replies) all or nothing; return them all."""
        saved = self._save()
        start = len(self.log)
        try:
            for entry in entries:
                self._apply(entry)
                self._record(entry)
            self._computer_moves(entries[-1]["at"])
        except BaseException:
            self._load(saved)
            del self.log[start:], self.feed[start:]
            raise
        return self.log[start:]

    def _save(self) -> tuple[Any, ...]:
        game = self.game
        return (list(self.fleets), game, None if game is None else game.snapshot(),
                self.result, list(self.strikes), self.deadline, list(self.rematch),
                self.next_game, self.next_watch, list(self.token_hashes))

    def _load(self, saved: tuple[Any, ...]) -> None:
        (self.fleets, self.game, engine, self.result, self.strikes, self.deadline,
         self.rematch, self.next_game, self.next_watch, self.token_hashes) = saved
        self._views_key = None
        if self.game is not None and engine is not None:
            self.game.restore(engine)

    def _computer_moves(self, now: float) -> list[Entry]:
        if self.options.mode != "computer":
            return []
        moves: list[Entry] = []
        if self.phase == "over" and self.rematch[0] and not self.rematch[COMPUTER_SEAT]:
            entry = {"type": "rematch", "at": now, "seat": COMPUTER_SEAT}
            self._apply(entry)
            self._record(entry)
            moves.append(entry)
        while self.game is not None and self.result is None:
            if self.computer is None:
                self.computer = ComputerPlayer(
                    make_strategy(self.options.level or "hard", random.Random(f"{self.id}:ai"),
                                  self.rules),
                    random.Random(f"{self.id}:decisions"))
            move = self.computer.next_move(self.game, COMPUTER_SEAT)
            if move is None:
                break
            entry = _move_entry(move, COMPUTER_SEAT, now)
            self._apply(entry)
            self._record(entry)
            moves.append(entry)
        return moves

    def _engine_move(self, entry: Entry) -> None:
        """Apply a shot, salvo or decision to the game; keep what the engine made of it
        (``produced``) and log it in the entry as ``events`` (dying shots, "no mine left"
        included), or check it against the stored ``events`` when a log is replayed."""
        game = self.game
        assert game is not None
        seat, kind = entry["seat"], entry["type"]
        before = len(game.events)
        if kind == "shot":
            game.fire(seat, entry["cell"])
        elif kind == "salvo":
            game.fire_salvo(seat, entry["cells"])
        else:
            game.decide(seat, self._choice(seat, entry["choice"]))
        self.produced = game.events[before:]
        made = [event_to_data(event, self.rules) for event in self.produced]
        if "events" not in entry:
            entry["events"] = made
        elif self._stored_events(entry) != made:
            raise ServerError("web.error.generic", problem=(
                f"the stored entry {entry!r} does not match the engine's {made!r}"))
        if game.is_over:
            assert game.winner is not None
            self._finish(game.winner, "fleet_sunk")
        else:
            self._restart_clock(entry["at"])

    def _stored_events(self, entry: Entry) -> list[dict[str, Any]]:
        """A stored entry's ``events`` in today's form (older logs kept compact lists)."""
        try:
            return [event_to_data(event_from_data(data, self.rules), self.rules)
                    for data in entry["events"]]
        except (SeaBattleError, KeyError, IndexError, TypeError, ValueError) as error:
            raise ServerError("web.error.generic", problem=(
                f"the stored entry {entry!r} has malformed events ({error})")) from None

    def _choice(self, seat: int, choice: Any) -> int | None:
        """A decision's choice in the engine's terms, refusing one of the wrong kind (a
        cell where the Flying Dutchman's cells are due, and the other way round)."""
        assert self.game is not None
        pending = self.game.pending
        if pending is None or pending.player != seat:
            raise DecisionError()
        moving = pending.decision is Decision.MOVE_SHIP
        if moving and isinstance(choice, int):
            raise ServerError("web.error.decision_kind",
                              decision=Text(f"decision.{pending.decision.value}"))
        if not moving and not isinstance(choice, int):
            raise ServerError("web.error.decision_kind",
                              decision=Text(f"decision.{pending.decision.value}"))
        if isinstance(choice, list):
            grid = self.rules.grid
            cells = 0
            for cell in choice:
                if not 0 <= cell < grid.size:
                    raise OffFieldError(row=cell // grid.width + 1, col=cell % grid.width + 1,
                                        width=grid.width, height=grid.height)
                cells |= bit(cell)
            return cells
        return None if choice is None else int(choice)

    def _apply(self, entry: Entry) -> None:
        """Change the state by one entry; raises (changing nothing of the engine) if illegal."""
        kind, now = entry["type"], entry["at"]
        if kind == "joined":
            self.token_hashes[1] = entry["token"]
            self._start_setup_clock(now)
        elif kind == "fleet":
            fleet = fleet_from_cell_lists_in_rules_order(self.rules, entry["ships"])
            self.fleets[entry["seat"]] = fleet
            if self.options.mode == "computer" and self.fleets[COMPUTER_SEAT] is None:
                self.fleets[COMPUTER_SEAT] = fleet_from_cell_lists_in_rules_order(
                    self.rules, self.log[0]["computer_fleet"])
            if all(f is not None for f in self.fleets):
                self.game = Game(self.rules, [f for f in self.fleets if f is not None],
                                 self.first)
                self._restart_clock(now)
        elif kind in ("shot", "salvo", "decide"):
            self._engine_move(entry)
        elif kind in ("resign", "claim"):
            loser = entry["seat"] if kind == "resign" else other(entry["seat"])
            if self.game is not None:
                self.game.resign(loser)
            self._finish(other(loser), "resigned" if kind == "resign" else "abandoned")
        elif kind == "timeout":
            seat = entry["seat"]
            self.strikes[seat] += 1
            if self.strikes[seat] >= MAX_STRIKES:
                assert self.game is not None
                self.game.resign(seat)
                self._finish(other(seat), "timeout")
            else:
                self._restart_clock(now)
        elif kind == "rematch":
            self.rematch[entry["seat"]] = True
        elif kind == "rematch_started":
            self.next_game = entry["game"]
            self.next_watch = entry.get("watch")  # absent in logs from before it was kept
        elif kind != "chat":
            raise ServerError("web.error.generic", problem=f"unknown log entry {kind!r}")

    def _finish(self, winner: int, reason: str) -> None:
        self.result = {"winner": winner, "reason": reason}
        self.deadline = None

    def _start_setup_clock(self, now: float) -> None:
        seconds = self.options.setup_seconds
        self.deadline = now + seconds if seconds else None

    def _restart_clock(self, now: float) -> None:
        self.deadline = now + self.options.turn_seconds if self.options.turn_seconds else None

    def _record(self, entry: Entry) -> None:
        self.log.append(entry)
        self.feed.append(projection.project(self, entry))

    # --- what each audience may see (built in :mod:`seabattle.server.projection`) ------

    def feed_since(self, audience: Audience, since: int) -> list[dict[str, Any]]:
        """The client events of log entries ``since`` onwards, as ``audience`` may see them."""
        return [event for entry in self.feed[max(0, since):] for event in entry[audience]]

    def snapshot(self, audience: Audience, language: Language, now: float) -> dict[str, Any]:
        """The whole state as ``audience`` may know it now (the ``state`` message)."""
        return projection.snapshot(self, audience, language, now)

    def view(self, player: int) -> PlayerView:
        """What ``player`` knows now (cached: every message of one moment needs the same)."""
        assert self.game is not None
        key = (id(self.game), len(self.game.events), self.game.winner)
        if self._views_key != key:
            self._views_key, self._views = key, {}
        if player not in self._views:
            self._views[player] = self.game.view(player)
        return self._views[player]

    # --- the record -------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game record (only once the game is over: it holds both fleets)."""
        if self.game is None or self.phase != "over":
            raise ServerError("web.error.record_not_ready")
        computer = self.options.mode == "computer"
        players = (PlayerInfo("Player 1"),
                   PlayerInfo("Computer", self.options.level) if computer
                   else PlayerInfo("Player 2"))
        return GameRecord.of(self.game, players, game_id=self.id, reason=self.result and
                             self.result["reason"])




def _move_entry(move: BattleMove, seat: int, now: float) -> Entry:
    """A move as the log entry that makes it: a shot, a salvo or a decision (a cell, the
    Dutchman's cells, or null: it stays)."""
    if isinstance(move, Fire):
        if len(move.cells) == 1:
            return {"type": "shot", "at": now, "seat": seat, "cell": move.cells[0]}
        return {"type": "salvo", "at": now, "seat": seat, "cells": list(move.cells)}
    if isinstance(move, Decide):
        return {"type": "decide", "at": now, "seat": seat, "choice": move.cell}
    return {"type": "decide", "at": now, "seat": seat,
            "choice": None if move.cells is None else list(iter_cells(move.cells))}
