"""The hub between connections, rooms, the store and pub/sub: one per server process.

It keeps the rooms in play in memory (loading one from the store the first time
it is asked for, which is how a restarted server resumes), and for every accepted
action runs the same three steps: the room checks and applies it, the store
appends the new entries, pub/sub tells every connection of the game. Nothing is
published before it is stored.
"""

from __future__ import annotations

import contextlib
import math
import secrets
import time
import weakref
from collections import Counter
from collections.abc import Callable

from seabattle.games import chance
from seabattle.games.hosting import SETUP, ClientEvent
from seabattle.games.registry import find_game
from seabattle.i18n import Language
from seabattle.server.entries import Created, Entry, RoomOptions
from seabattle.server.limits import KeyedBuckets, LimitError, Limits
from seabattle.server.messages import NewGame, Say, ServerError, is_key, message_text
from seabattle.server.presence import PresenceElsewhere, PresenceRegistry
from seabattle.server.pubsub import MemoryPubSub, Note, PubSub
from seabattle.server.rooms import WATCHER, Act, Room, new_room_entry
from seabattle.server.store import Store, StoreConflictError

STATE_FRESH_SECONDS = 0.2
"""How long a ``state`` text built for one socket is sent to others of the same audience
(its ``deadline_in`` and ``away_for`` are that much older at most)."""


SWEEP_SECONDS = 10.0
"""How often the hub looks for idle rooms to forget."""


def new_key() -> str:
    """An unguessable key: player tokens, invite and spectator keys."""
    return secrets.token_urlsafe(18)


class Hub:
    """Rooms in play, with their storage and notifications."""

    def __init__(self, store: Store, pubsub: PubSub | None = None, *, grace_seconds: int = 60,
                 clock: Callable[[], float] = time.time, limits: Limits | None = None) -> None:
        self.store = store
        self.pubsub: PubSub = pubsub or MemoryPubSub()
        self.elsewhere = (PresenceElsewhere(self.pubsub, clock)
                          if isinstance(self.pubsub, PresenceRegistry) else None)
        """Other processes' sockets, with a pub/sub that shares presence (Redis's)."""
        self.grace_seconds = grace_seconds
        self.clock = clock
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self._chat: KeyedBuckets[tuple[str, int]] = KeyedBuckets(
            self.limits.chat_per_minute / 60, self.limits.chat_burst, clock)
        self._sockets: Counter[str] = Counter()
        self._swept = clock()
        self._states: weakref.WeakKeyDictionary[
            Room, dict[tuple[int, Language], tuple[object, float, str]]] = \
            weakref.WeakKeyDictionary()

    # --- rooms ------------------------------------------------------------------

    def room(self, game_id: str) -> Room:
        """The room of ``game_id``, from memory or else from the store."""
        room = self.rooms.get(game_id)
        if room is None:
            if not is_key(game_id):  # never looked up: it could not even be encoded
                raise ServerError("web.error.no_game")
            log = self.store.load(game_id)
            if log is None:
                raise ServerError("web.error.no_game")
            room = Room.restore(game_id, log, self.clock())
            self.rooms[game_id] = room
            if room.previous_game is not None and room.options.mode == "computer":
                with contextlib.suppress(ServerError):  # a series' game gone: learn less
                    room.follow(self.room(room.previous_game))
        return room

    def create(self, request: NewGame) -> tuple[Room, str]:
        """A new game as the lobby asked (``messages.parse_new_game``; the rule set read by
        the game's host); returns it and a token.

        In ``random`` mode, a waiting game with the same settings is joined instead.
        """
        host = find_game(request.game).host()
        if host is None:
            raise ServerError("web.error.field", field="game", expected="a game with a host")
        rules = host.lobby_rules(request.request)
        options = RoomOptions(mode=request.mode, level=request.level,
                              turn_seconds=request.turn_seconds,
                              setup_seconds=request.setup_seconds,
                              grace_seconds=self.grace_seconds)
        token = new_key()
        entry = new_room_entry(rules, options, token, rng=chance.entropy(),
                               watch=new_key(), now=self.clock(), game=request.game,
                               invite=new_key() if options.mode == "private" else None)
        room = Room(new_key()[:12], entry)
        if options.mode == "random":
            for game_id in self.store.waiting(room.match_key()):
                waiting = self.room(game_id)
                if waiting.phase == "waiting":
                    try:
                        self.join(waiting, token)
                    except StoreConflictError:
                        continue  # another process seated someone first: the next one
                    return waiting, token
        self._store_new(room, entry)
        return room, token

    def _store_new(self, room: Room, entry: Created) -> None:
        """Store a new room's first entry, then what the computer does at once (its set-up)."""
        self.store.create(room.id, room.entry_data(entry), mode=room.options.mode,
                          phase=room.phase,
                          match_key=room.match_key() if room.options.mode == "random" else None)
        self.rooms[room.id] = room
        seq = room.seq
        begun = room.begin(entry.at)
        if begun:
            self._commit(room, seq, begun)

    def join(self, room: Room, token: str) -> None:
        """Seat 1 joins with ``token``."""
        seq = room.seq
        self._commit(room, seq, room.join(token, self.clock()))

    def join_by_invite(self, game_id: str, invite: str) -> tuple[Room, str]:
        """Take the free seat of a private game; returns the room and the new token."""
        room = self.room(game_id)
        if room.invite is None or not secrets.compare_digest(room.invite, invite):
            raise ServerError("web.error.bad_invite")
        token = new_key()
        self.join(room, token)
        return room, token

    def audience(self, room: Room, token: str | None, watch: str | None) -> int:
        """Who a connection speaks for: a seat (by token) or the spectators (by watch key)."""
        if token is not None:
            seat = room.seat_of(token)
            if seat is None:
                raise ServerError("web.error.bad_token")
            return seat
        if watch is None or not secrets.compare_digest(room.watch_key, watch):
            raise ServerError("web.error.bad_token")
        return WATCHER

    # --- acting -----------------------------------------------------------------

    async def act(self, room: Room, seat: int, message: Act) -> None:
        """``seat`` acts in ``room``: checked, stored, then published (or raises, changing
        nothing)."""
        if seat == WATCHER:
            raise ServerError("web.error.spectator")
        if isinstance(message, Say) and room.playing:
            wait = self._chat.take((room.id, seat))
            if wait:
                raise LimitError("web.error.chat_rate", count=self.limits.chat_per_minute,
                                 seconds=math.ceil(wait))
        seq = room.seq
        entries = room.handle(seat, message, self.clock())
        try:
            self._commit(room, seq, entries)
        except StoreConflictError:
            # Another server process stored entries first (its note is on its way; in the
            # set-up both players act at once): the room is reloaded with them, and the
            # action is checked and stored again against it, once.
            room = self.room(room.id)
            seq = room.seq
            entries = room.handle(seat, message, self.clock())
            self._commit(room, seq, entries)
        if room.rematch_agreed():
            await self._rematch(room)
        await self.pubsub.publish(room.id, Note("feed", room.seq))

    async def _rematch(self, room: Room) -> None:
        now = self.clock()
        hashes = [h or "" for h in room.token_hashes]
        entry = new_room_entry(
            room.rules, room.options, "", rng=chance.entropy(),
            watch=new_key(), now=now, invite=None, token_hashes=hashes,
            game=room.definition.name, previous=room.id, first=1 - room.first)
        new = Room(new_key()[:12], entry)
        new.follow(room)
        self._store_new(new, entry)
        seq = room.seq
        self._commit(room, seq, room.start_rematch(new.id, new.watch_key, now))

    def _commit(self, room: Room, seq: int, entries: list[Entry]) -> None:
        try:
            self.store.append(room.id, seq, [room.entry_data(e) for e in entries],
                              phase=room.phase)
        except BaseException:
            # Memory is ahead of the store: forget the room, the store is the truth.
            # Who is connected is not in the store; the reloaded room keeps it.
            self.rooms.pop(room.id, None)
            with contextlib.suppress(Exception):
                fresh = self.room(room.id)
                fresh.online, fresh.away_since = room.online, room.away_since
            raise

    def state_text(self, room: Room, audience: int, language: Language) -> str:
        """The ``state`` message of ``room`` for ``audience`` as JSON text, built once for
        every socket of that audience and language told of the same change (within
        :data:`STATE_FRESH_SECONDS`): a game's spectators cost one state, not one each."""
        now = self.clock()
        stamp = (room.seq, tuple(room.online), tuple(room.away_since), room.deadline,
                 room.next_game)
        kept = self._states.setdefault(room, {})
        found = kept.get((audience, language))
        if found is not None and found[0] == stamp and 0 <= now - found[1] < STATE_FRESH_SECONDS:
            return found[2]
        text = message_text(room.snapshot(audience, language, now))
        kept[(audience, language)] = (stamp, now, text)
        return text

    def suggest(self, room: Room, seat: int) -> ClientEvent:
        """A random set-up for ``seat`` to take or not (the game's ``random_action``, drawn
        from the system's entropy; nothing is stored)."""
        if seat == WATCHER or room.phase != SETUP:
            raise ServerError("web.error.phase", action="random_fleet", phase=room.phase)
        action = room.state.random_action(seat, chance.entropy())
        return room.host.suggestion(room.rules, action)

    async def tick(self) -> None:
        """Run every set-up and turn timer that has run out."""
        now = self.clock()
        for room in list(self.rooms.values()):
            if room.deadline is not None and room.deadline <= now:
                seq = room.seq
                # Fleets placed for idle players are hidden: drawn from the system's entropy.
                entries = room.tick(now, chance.entropy())
                if entries:
                    try:
                        self._commit(room, seq, entries)
                    except StoreConflictError:
                        continue  # another process ran this timer first (reloaded)
                    await self.pubsub.publish(room.id, Note("feed", room.seq))
        if now - self._swept >= SWEEP_SECONDS:
            self._swept = now
            self.evict_idle(now)

    def evict_idle(self, now: float) -> list[str]:
        """Forget the rooms nobody is connected to, with no timer running, idle for
        :attr:`Limits.idle_room_seconds`: memory holds the games in play, not every game
        ever played. An evicted game is read from the store when next asked for (as after
        a restart: a seat counts as away from then). Returns the ids forgotten."""
        gone = []
        for game_id, room in list(self.rooms.items()):
            last = max([room.log[-1].at, *(a for a in room.away_since if a is not None)])
            if (not self._sockets[game_id] and room.deadline is None
                    and now - last >= self.limits.idle_room_seconds):
                del self.rooms[game_id]
                gone.append(game_id)
        return gone

    async def catch_up(self, game_id: str | None, note: Note | None) -> None:
        """Another server process stored entries of ``game_id`` (up to ``note.upto``;
        ``None``: perhaps): the room held here, if any, reads them from the store; a
        ``presence`` note (or ``None``) also counts the other processes' sockets in.
        ``game_id`` ``None``: of any game (notes were lost, or the heartbeat's recount):
        every room held catches up, and its sockets hear of a seat come or gone."""
        if game_id is None:
            for held, each in list(self.rooms.items()):
                if await self._catch_up(each, note):
                    await self.pubsub.publish(held, Note("presence"))
            return
        room = self.rooms.get(game_id)
        if room is not None:
            await self._catch_up(room, note)

    async def _catch_up(self, room: Room, note: Note | None) -> bool:
        """One room of :meth:`catch_up`; whether a seat came online or went away."""
        changed = False
        if self.elsewhere is not None and (note is None or note.kind == "presence"):
            changed = await self.elsewhere.merge(room)
        if note is not None and (note.kind != "feed" or (note.upto is not None
                                                         and note.upto <= room.seq)):
            return changed
        since = getattr(self.store, "load_since", None)  # only the new entries, if it can
        tail = (since(room.id, room.seq) if since is not None
                else (self.store.load(room.id) or [])[room.seq:])
        if tail:
            try:
                room.extend(tail)
            except BaseException:
                self.rooms.pop(room.id, None)  # the next use loads it whole
                raise
        return changed

    async def connect(self, room: Room, audience: int) -> None:
        self._sockets[room.id] += 1  # a room with sockets stays in memory
        if self.elsewhere is not None:
            # A process killed between storing and telling leaves the others behind: a new
            # connection (its players reconnecting elsewhere) reads the log, and has every
            # process holding the game read it too.
            await self._catch_up(room, None)
            await self.pubsub.publish(room.id, Note("feed", room.seq))
        if audience != WATCHER:
            came = room.connect(audience)
            if self.elsewhere is not None:
                came = await self.elsewhere.merge(room) or came
                await self.elsewhere.share(room)
            if came:
                await self.pubsub.publish(room.id, Note("presence"))

    async def disconnect(self, room: Room, audience: int) -> None:
        self._sockets[room.id] -= 1
        if self._sockets[room.id] <= 0:
            del self._sockets[room.id]
        if audience != WATCHER:
            went = room.disconnect(audience, self.clock())
            if self.elsewhere is not None:
                await self.elsewhere.share(room)
            if went:
                await self.pubsub.publish(room.id, Note("presence"))
