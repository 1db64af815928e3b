"""Game rooms: the whole life of one online game of any registered game, as pure logic.

A :class:`Room` drives a :class:`~seabattle.games.interface.GameState` of the game its
first entry names (found through :mod:`seabattle.games.registry`), and adds what every
game shares online: two seats taken by tokens (seat 1 by an invitation, a random match or
the computer), spectators, chat, the set-up and turn timers, presence and claims,
resignation and rematches. It is built from its log of typed entries
(:mod:`seabattle.server.entries`) and grows only by appending to it: ``Created`` →
``Joined`` → ``Played``… → the end (the game's outcome, a second ``Timeout``, a
``Claim``) → ``RematchOffered``, ``RematchStarted``.

Each method that acts (:meth:`Room.handle`, :meth:`Room.tick`) checks first, raises
(:class:`~seabattle.server.messages.ServerError` or the game's error) and changes nothing
when the action is not allowed, and otherwise returns the new entries, which the hub
stores before anyone is told. :meth:`Room.restore` replays a stored log, every move
checked again by the game, which is how a restarted server picks a game up.

What a client may learn comes from :meth:`Room.feed_since` (the events it missed, as its
audience may see them) and :meth:`Room.snapshot` (the state now). The room builds the
parts every game shares; the game's own (its moves' events, its boards) come from the
game's host (:class:`~seabattle.games.hosting.GameHost`), per audience, from the
game's views, so no hidden piece leaks before the end.

Who is connected is not logged: :meth:`Room.connect` / :meth:`Room.disconnect` keep it in
memory, and a player absent longer than the grace period lets the opponent claim the win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from seabattle.games import chance
from seabattle.games.hosting import SETUP, ClientEvent, ComputerSeat, GameHost, Told
from seabattle.games.interface import CHANCE, JSON, GameState
from seabattle.games.registry import DEFAULT_GAME, AnyGame, find_game
from seabattle.i18n import Language
from seabattle.server.entries import (
    MODES,
    Chat,
    Claim,
    Created,
    Entry,
    Joined,
    Played,
    RematchOffered,
    RematchStarted,
    RoomOptions,
    Timeout,
    created_from_data,
    created_to_data,
    entry_from_data,
    entry_to_data,
)
from seabattle.server.messages import (
    ClaimWin,
    Intent,
    Rematch,
    Resign,
    Say,
    ServerError,
    message_text,
)
from seabattle.server.seats import COMPUTER_SEAT, WATCHER, Audience, token_hash
from seabattle.server.thinking import ThinkingPool

__all__ = ["COMPUTER_SEAT", "MAX_STRIKES", "MODES", "WATCHER", "Audience", "Result", "Room",
           "RoomOptions", "new_room_entry", "token_hash"]

MAX_STRIKES = 2
"""A player whose turn timer runs out this many times loses."""
SERIES_KEPT = 20
"""The most games of a series of rematches a room's computer learns from."""

Act = Resign | Say | ClaimWin | Rematch | Intent
"""What a seat may send that changes the room."""


@dataclass(frozen=True)
class Result:
    """How a room's game ended: the winner's seat (``None``: a draw) and why, as clients
    read it (``fleet_sunk``, ``resigned``, ``abandoned``, ``timeout``…)."""

    winner: int | None
    reason: str

    def to_data(self) -> dict[str, JSON]:
        return {"winner": self.winner, "reason": self.reason}


@dataclass(frozen=True)
class _Saved:
    """A room's own fields before a commit, put back if it fails; the game by its log's
    length (``moves``)."""

    moves: int
    result: Result | None
    strikes: list[int]
    deadline: float | None
    rematch: list[bool]
    next_game: str | None
    next_watch: str | None
    token_hashes: list[str | None]


def other(seat: int) -> int:
    return 1 - seat


def new_room_entry(rules: Any, options: RoomOptions, token: str, *, rng: random.Random,
                   watch: str, invite: str | None, now: float, game: str = DEFAULT_GAME,
                   token_hashes: Sequence[str] | None = None, previous: str | None = None,
                   first: int | None = None) -> Created:
    """The first entry of a new room of ``game`` on ``rules`` (the game's rule set);
    ``token_hashes`` carries the seats over to a rematch; ``rng`` draws who starts."""
    options.check()
    definition = find_game(game)
    host = _host_of(definition)
    if options.mode == "computer" and (options.level or host.levels[0]) not in host.levels:
        raise ServerError("web.error.field", field="level", expected=", ".join(host.levels))
    return Created(
        at=now, game=definition.name, rules=definition.rules_to_data(rules), options=options,
        first=rng.randrange(2) if first is None else first, watch=watch,
        token=token_hashes[0] if token_hashes else token_hash(token),
        token1=token_hashes[1] if token_hashes and token_hashes[1]
        and options.mode != "computer" else token_hash(token) if options.mode == "hotseat"
        else None,
        invite=invite, previous=previous)


def _host_of(definition: AnyGame) -> GameHost[Any, Any, Any, Any]:
    host = definition.host()
    if host is None:
        raise ServerError("web.error.field", field="game", expected="a game with a host")
    return host


class Room:
    """One game between two seats (a person, or the computer on seat 1), and its spectators."""

    def __init__(self, game_id: str, created: Created) -> None:
        self.id = game_id
        self.created = created
        self.definition: AnyGame = find_game(created.game)
        self.host = _host_of(self.definition)
        self.rules: Any = self.definition.rules_from_data(created.rules)
        self.options = created.options
        self.first = created.first
        self.watch_key = created.watch
        self.invite = created.invite
        self.previous_game = created.previous
        self.token_hashes: list[str | None] = [created.token, created.token1]
        self.state: GameState[Any, Any, Any] = self._new_state()
        self.log: list[Entry] = []
        self.feed: list[dict[Audience, list[ClientEvent]]] = []
        self.result: Result | None = None
        self.strikes = [0, 0]
        self.deadline: float | None = None
        self.rematch = [False, False]
        self.next_game: str | None = None
        self.next_watch: str | None = None
        self.online = [0, 0]
        self.away_since: list[float | None] = [None, None]
        self._computer: ComputerSeat[Any, Any] | None = None
        self.thinking: ThinkingPool | None = None
        """Where the computer thinks: worker processes (the hub's), or ``None``: in the
        thread that changes the room."""
        self.earlier: list[GameState[Any, Any, Any]] = []
        """The games this room is a rematch of, oldest first (:meth:`follow`), for its
        computer to learn the person from."""
        self._titles: dict[Language, str] = {}
        self._fixed_parts: dict[Language, tuple[dict[str, JSON], str]] = {}
        self._record(created, Told())
        self._start_clock(created.at)  # against the computer, or a rematch
        # A seat is away until its player connects: an opponent who never comes can be
        # claimed against after the grace period like one who left.
        for seat in (0, 1):
            if self.is_human(seat):
                self.away_since[seat] = created.at

    def _new_state(self) -> GameState[Any, Any, Any]:
        state: GameState[Any, Any, Any] = self.host.new_state(
            self.rules, self.first, created_to_data(self.created))
        return state

    @classmethod
    def restore(cls, game_id: str, log: Sequence[Mapping[str, JSON]], now: float, *,
                restarted: bool = True) -> Room:
        """The room a stored log describes, as it was after its last entry.

        ``restarted``: the log waited for a server that was down (one process), so the
        clock starts again at ``now``; otherwise (a store several processes share, one
        of which was up all along) the deadline is the log's own."""
        room = cls(game_id, created_from_data(log[0]))
        for data in log[1:]:
            room._step(entry_from_data(room.definition, room.rules, room.state, data),
                       replay=True)
        if restarted:
            # Nobody can move while the server is down: the player to move gets a full
            # turn, and in the set-up both get the whole set-up time again.
            room._start_clock(now)
        for seat in (0, 1):
            if room.is_human(seat):
                room.away_since[seat] = now
        return room

    def extend(self, log: Sequence[Mapping[str, JSON]]) -> None:
        """Entries stored after this room's last one (by another server process), applied
        as :meth:`restore` applies them (the clocks run from the entries' times)."""
        for data in log:
            self._step(entry_from_data(self.definition, self.rules, self.state, data),
                       replay=True)

    def entry_data(self, entry: Entry) -> dict[str, JSON]:
        """An entry of this room as the store keeps it."""
        return entry_to_data(self.definition, self.rules, entry)

    # --- state ------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """How many log entries there are: the number of the next one."""
        return len(self.log)

    @property
    def phase(self) -> str:
        """``waiting`` (for seat 1), the game's phases as its host names them (Battleship:
        ``setup``, ``battle``), or ``over``."""
        if self.result is not None:
            return "over"
        if self.token_hashes[1] is None and self.options.mode != "computer":
            return "waiting"
        return self.host.phase(self.state)

    @property
    def playing(self) -> bool:
        """Whether the game goes on with both seats taken."""
        return self.phase not in ("waiting", "over")

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
        """Rooms whose players asked for the same game have the same key: the same game,
        rules (whatever their name: ``classic (salvo 2)`` is ``classic (salvo 2,
        shoot_again False)``) and timers. Battleship's key names no game, as before there
        were others, so that games already waiting are found."""
        rules = {key: value for key, value in self.created.rules.items() if key != "name"}
        key: tuple[object, ...] = (sorted(rules.items()), self.options.turn_seconds,
                                   self.options.setup_seconds)
        if self.definition.name != DEFAULT_GAME:
            key = (self.definition.name, *key)
        return repr(key)

    def due_seats(self) -> list[int]:
        """Whom the game waits for in a turn: one seat, or both where they act at once (the
        fleet battle's orders); nobody in the set-up or out of play."""
        if not self.playing or self.phase == SETUP:
            return []
        return sorted(self.state.actors.seats)

    # --- acting -----------------------------------------------------------------

    def follow(self, previous: Room) -> None:
        """This room is the rematch of ``previous``: its computer learns the person from
        that game and the ones before it (the last :data:`SERIES_KEPT`)."""
        self.earlier = [*previous.earlier, previous.state][-SERIES_KEPT:]

    def begin(self, now: float) -> list[Entry]:
        """What the computer and chance do before anybody else can (the computer's
        set-up): the entries after ``Created``."""
        return self._commit([], now)

    def join(self, token: str, now: float) -> list[Entry]:
        """A second person takes seat 1 with ``token`` (invite link or random match)."""
        if self.phase != "waiting":
            raise ServerError("web.error.game_full")
        return self._commit([Joined(now, token_hash(token))], now)

    def handle(self, seat: int, message: Act, now: float) -> list[Entry]:
        """``seat`` sends a checked message; returns the new log entries, or raises."""
        if self.options.mode == "hotseat" and isinstance(message, Intent | Resign):
            # One person holds both seats and acts for whichever the game waits for.
            seat = next(iter(self.state.actors.seats)) if len(
                self.state.actors.seats) == 1 else seat
        if isinstance(message, Intent):
            action = self.host.intent(self.state, self.phase, seat, message.kind, message.data)
            return self._commit([Played(now, seat, action)], now)
        if isinstance(message, Resign):
            self._require(self.playing, "resign")
            return self._commit([Played(now, seat, self.host.resign())], now)
        if isinstance(message, Say):
            self._require(self.playing, "chat")
            return self._commit([Chat(now, seat, message.phrase)], now)
        if isinstance(message, ClaimWin):
            self._require(self.playing, "claim_win")
            away = self.away_since[other(seat)]
            if not self.is_human(other(seat)) or away is None or self.options.mode == "hotseat":
                raise ServerError("web.error.opponent_here")
            if now - away < self.options.grace_seconds:
                raise ServerError("web.error.grace", seconds=round(
                    self.options.grace_seconds - (now - away)))
            return self._commit([Claim(now, seat)], now)
        self._require(self.phase == "over", "rematch")
        if self.rematch[seat] or self.next_game is not None:
            raise ServerError("web.error.repeated")
        return self._commit([RematchOffered(now, seat)], now)

    def _require(self, allowed: bool, action: str) -> None:
        if not allowed:
            raise ServerError("web.error.phase", action=action, phase=self.phase)

    def tick(self, now: float, rng: random.Random | None = None) -> list[Entry]:
        """Whatever time brings: the set-up timer running out (a random set-up, drawn by
        the game's ``random_action``, for every person still setting up, marked ``auto``)
        or the turn timer (``Timeout``, and the game's ``timeout_action`` if it has one,
        for every seat the game waits for: both, where they act at once).

        ``rng`` draws those set-ups and decisions; it must not be predictable by the
        players (the hub passes one seeded from the system), since a set-up is hidden.
        """
        if self.deadline is None or now < self.deadline:
            return []
        rng = rng or chance.entropy()
        if self.phase == SETUP:
            idle = sorted(s for s in self.state.actors.seats if self.is_human(s))
            return self._commit([Played(now, seat, self.state.random_action(seat, rng),
                                        auto=True) for seat in idle], now) if idle else []
        added: list[Entry] = []
        for seat in self.due_seats():  # in seat order; a game the clock ended stops there
            if not self.playing or seat not in self.state.actors.seats:
                continue
            entries: list[Entry] = [Timeout(now, seat)]
            if self.strikes[seat] + 1 < MAX_STRIKES:
                action = self.host.timeout_action(self.state, seat, rng)
                if action is not None:
                    entries.append(Played(now, seat, action, auto=True))
            added += self._commit(entries, now)
        return added

    def rematch_agreed(self) -> bool:
        """Whether both sides want a rematch and it has not been started yet."""
        return self.next_game is None and all(
            self.rematch[s] or not self.is_human(s) for s in (0, 1))

    def start_rematch(self, game_id: str, watch: str, now: float) -> list[Entry]:
        """Log that the rematch is game ``game_id`` (created by the hub), watched with the
        key ``watch`` (which this game's spectators are sent)."""
        return self._commit([RematchStarted(now, game_id, watch)], now)

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

    def _commit(self, entries: Sequence[Entry], now: float) -> list[Entry]:
        """Apply entries, then what the computer and chance do, all or nothing; return
        every entry added."""
        saved = self._save()
        start = len(self.log)
        try:
            for entry in entries:
                self._step(entry)
            self._automatic(now)
        except BaseException:
            self._load(saved)
            del self.log[start:], self.feed[start:]
            raise
        return self.log[start:]

    def _save(self) -> _Saved:
        return _Saved(len(self.state.log), self.result, list(self.strikes), self.deadline,
                      list(self.rematch), self.next_game, self.next_watch,
                      list(self.token_hashes))

    def _load(self, saved: _Saved) -> None:
        moves = saved.moves
        self.result, self.strikes, self.deadline = saved.result, saved.strikes, saved.deadline
        self.rematch, self.next_game, self.next_watch = (saved.rematch, saved.next_game,
                                                         saved.next_watch)
        self.token_hashes = saved.token_hashes
        if len(self.state.log) != moves:
            # States have no undo: the game is rebuilt from its own log, as far as it was.
            log = list(self.state.log[:moves])
            self.state = self._new_state()
            for move in log[len(self.state.log):]:
                if move.actor == CHANCE:
                    self.state.apply_chance(move.action)
                else:
                    self.state.apply(move.actor, move.action)

    def _automatic(self, now: float) -> None:
        """Chance's draws (from the system's entropy) and the computer's moves, each
        logged like any other move, for as long as the game waits for them."""
        if (self.options.mode == "computer" and self.phase == "over" and self.rematch[0]
                and not self.rematch[COMPUTER_SEAT]):
            self._step(RematchOffered(now, COMPUTER_SEAT))
        while self.playing:
            actors = self.state.actors
            if actors.chance:
                drawn = chance.draw(self.state.chance_outcomes(), chance.entropy())
                self._step(Played(now, CHANCE, drawn))
                continue
            if self.options.mode != "computer" or COMPUTER_SEAT not in actors.seats:
                return
            if self._computer is None:
                level = self.options.level or self.host.levels[0]
                self._computer = (
                    self.host.computer(self.rules, level, self.id) if self.thinking is None
                    else self.thinking.seat(self.definition.name, self.rules, level, self.id))
                for earlier in self.earlier:
                    self._computer.learn(earlier, COMPUTER_SEAT)
            action = self._computer.act(self.state, COMPUTER_SEAT)
            if action is None:
                return
            self._step(Played(now, COMPUTER_SEAT, action))

    def _step(self, entry: Entry, replay: bool = False) -> None:
        """Apply one entry and log it with what each audience is told; raises (changing
        nothing of the game) if it is illegal."""
        told = Told()
        if isinstance(entry, Joined):
            self.token_hashes[1] = entry.token
            if self.online[1] == 0:
                self.away_since[1] = entry.at  # until the player connects
            self._start_clock(entry.at)
            told.public.append({"type": "opponent_joined"})
        elif isinstance(entry, Played):
            entry, told = self._play(entry, replay)
        elif isinstance(entry, Timeout):
            self.strikes[entry.seat] += 1
            if self.strikes[entry.seat] >= MAX_STRIKES:
                self._end(entry.seat, "timeout")
            else:
                self._start_clock(entry.at)
            told.public.append({"type": "timeout", "seat": entry.seat,
                                "strikes": self.strikes[entry.seat]})
            told.public += self.host.due(self.state)
        elif isinstance(entry, Claim):
            self._end(other(entry.seat), "abandoned")
        elif isinstance(entry, Chat):
            told.public.append({"type": "chat", "seat": entry.seat, "phrase": entry.phrase})
        elif isinstance(entry, RematchOffered):
            self.rematch[entry.seat] = True
            told.public.append({"type": "rematch_offered", "seat": entry.seat})
        elif isinstance(entry, RematchStarted):
            self.next_game, self.next_watch = entry.game, entry.watch
            # Players keep their tokens; spectators need the new game's spectator key.
            for seat in (0, 1):
                told.private[seat].append({"type": "rematch_started", "game": entry.game})
            told.private[None].append({"type": "rematch_started", "game": entry.game,
                                       "watch": entry.watch})
        else:
            raise ServerError("web.error.generic", problem=f"a second first entry {entry!r}")
        if self.result is not None and isinstance(entry, Played | Timeout | Claim):
            # Last for every audience, after the move's events only some hear (a game's
            # events that differ by audience, like the fleet battle's sentences).
            over = {"type": "game_over", **self.result.to_data(),
                    **self.host.game_over(self.state)}
            for events in told.private.values():
                events.append(over)
        self._record(entry, told)

    def _play(self, entry: Played, replay: bool) -> tuple[Played, Told]:
        """A move: the game applies it; a new entry keeps what the game made of it, a
        stored one is checked against it."""
        if entry.seat == CHANCE:
            events = self.state.apply_chance(entry.action)
        else:
            events = self.state.apply(entry.seat, entry.action)
        made = self.host.events_of(self.rules, events)
        if not replay:
            entry = replace(entry, events=made)
        elif entry.events is not None:
            try:
                stored = self.host.stored_events(self.rules, entry.events)
            except (KeyError, IndexError, TypeError, ValueError) as error:
                raise ServerError("web.error.generic", problem=(
                    f"the stored entry {entry!r} has malformed events ({error})")) from None
            if stored != made:
                raise ServerError("web.error.generic", problem=(
                    f"the stored entry {entry!r} does not match the game's {made!r}"))
        told = self.host.project(self.state, entry.seat, entry.action, events, entry.auto)
        outcome = self.state.outcome()
        if outcome is not None:
            self.result = Result(outcome.winner, outcome.reason.key.removeprefix("outcome."))
            self.deadline = None
        elif self.phase != SETUP:
            self._start_clock(entry.at)
        told.public += self.host.due(self.state)
        return entry, told

    def _end(self, loser: int, reason: str) -> None:
        """The room ends the game (a claim, the clock): ``loser`` resigns in the game too,
        so that its record says how it ended."""
        if not self.state.actors.over:
            self.state.apply(loser, self.host.resign())
        self.result = Result(other(loser), reason)
        self.deadline = None

    def _start_clock(self, now: float) -> None:
        """The set-up timer in the set-up (from when both seats are taken), else the turn
        timer of whoever the game waits for."""
        phase = self.phase
        if phase in ("waiting", "over"):
            self.deadline = None
            return
        seconds = self.options.setup_seconds if phase == SETUP else self.options.turn_seconds
        self.deadline = now + seconds if seconds else None

    def _record(self, entry: Entry, told: Told) -> None:
        seq = len(self.log)
        self.log.append(entry)
        audiences: dict[Audience, int | None] = {0: 0, 1: 1, WATCHER: None}
        self.feed.append({audience: [{**event, "seq": seq} for event in (
            *told.public, *told.private[key])] for audience, key in audiences.items()})

    # --- what each audience may see ---------------------------------------------------

    def feed_since(self, audience: Audience, since: int) -> list[ClientEvent]:
        """The client events of log entries ``since`` onwards, as ``audience`` may see them."""
        return [event for entry in self.feed[max(0, since):] for event in entry[audience]]

    def title(self, language: Language) -> str:
        """The rule set's title, as the game's definition gives it (kept per language)."""
        if language not in self._titles:
            self._titles[language] = self.definition.rules_title(self.rules).render(language)
        return self._titles[language]

    def snapshot(self, audience: Audience, language: Language, now: float) -> dict[str, JSON]:
        """The whole state as ``audience`` may know it now (the ``state`` message): what
        every game shares, and the game's own part from its host."""
        return {**self._changing(audience, language, now), **self._fixed(language)[0]}

    def state_text(self, audience: Audience, language: Language, now: float) -> str:
        """:meth:`snapshot` as JSON text, its part that never changes (:meth:`_fixed`)
        encoded once per language and joined as text."""
        changing = self._changing(audience, language, now)
        fixed, text = self._fixed(language)
        if not fixed.keys().isdisjoint(changing):
            raise ValueError(f"the state's parts share keys: {sorted(fixed.keys() & changing)}")
        return f"{message_text(changing)[:-1]},{text[1:]}"

    def _fixed(self, language: Language) -> tuple[dict[str, JSON], str]:
        """The part of the state that is the same in every state of the room in
        ``language`` (the game, its title, options and spectators' key, the game's
        :meth:`~seabattle.games.hosting.GameHost.rules_snapshot`), and its JSON text."""
        found = self._fixed_parts.get(language)
        if found is None:
            fixed: dict[str, JSON] = {
                "game": self.id, "game_name": self.definition.name,
                "title": self.title(language), "options": self.options.to_data(),
                "previous_game": self.previous_game, "watch": self.watch_key,
                **self.host.rules_snapshot(self.rules, language)}
            found = self._fixed_parts[language] = (fixed, message_text(fixed))
        return found

    def _changing(self, audience: Audience, language: Language, now: float
                  ) -> dict[str, JSON]:
        """The part of the state that a move, a timer or a connection may change."""
        computer = [s == COMPUTER_SEAT and self.options.mode == "computer" for s in (0, 1)]
        seat = None if audience == WATCHER else audience
        state: dict[str, JSON] = {
            "type": "state", "seq": self.seq, "phase": self.phase, "you": seat,
            "deadline_in": None if self.deadline is None
            else round(max(0.0, self.deadline - now), 1),
            "result": None if self.result is None else self.result.to_data(),
            "rematch": list(self.rematch), "next_game": self.next_game,
            "next_watch": self.next_watch if self.next_game is not None else None,
            "players": [{"joined": self.token_hashes[s] is not None or computer[s],
                         "computer": computer[s],
                         "ready": self.host.ready(self.state, s) or computer[s],
                         "online": self.online[s] > 0 or computer[s],
                         "away_for": self._away_for(s, now),
                         "strikes": self.strikes[s]} for s in (0, 1)],
            **self.host.snapshot(self.state, seat, language, self.phase == "over"),
        }
        if audience == 0 and self.phase == "waiting" and self.invite is not None:
            state["invite"] = self.invite
        return state

    def _away_for(self, seat: int, now: float) -> float | None:
        since = self.away_since[seat]
        return None if since is None or not self.is_human(seat) else round(now - since, 1)

    # --- the record -------------------------------------------------------------------

    def record(self) -> str:
        """The game record as JSON text (only once the game is over: it holds everything)."""
        if self.result is None:
            raise ServerError("web.error.record_not_ready")
        computer = self.options.mode == "computer"
        names = ("Player 1", "Computer" if computer else "Player 2")
        return self.host.record(self.state, names, self.options.level if computer else None,
                                self.id, self.result.reason)
