"""The hub between connections, rooms, the store and pub/sub: one per server process.

It keeps the rooms in play in memory (loading one from the store the first time
it is asked for, which is how a restarted server resumes), and for every accepted
action runs the same three steps: the room checks and applies it, the store
appends the new entries, pub/sub tells every connection of the game. Nothing is
published before it is stored.

The store is asynchronous (PostgreSQL's round trips must not stop the event loop), so
other tasks run while an append is on its way. One lock per game (:meth:`Hub.lock`) keeps
each game's steps in order: an action, a timer or a catch-up holds it from the room's
check to the store's answer, and a socket that reads the room (:meth:`Hub.told`) waits
for it, so no socket is sent an entry the store does not have yet.

A room with a computer seat changes in a worker thread (:meth:`Hub._change`): the
computer's reply is part of the change, and it may think for seconds (the manoeuvre game's
``hard`` on the seed's field), which must not hold up every other game of the process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
import weakref
from collections import Counter
from collections.abc import Callable
from typing import ParamSpec

from seabattle.errors import SeaBattleError
from seabattle.games import chance
from seabattle.games.hosting import SETUP, ClientEvent
from seabattle.games.interface import JSON
from seabattle.games.registry import find_game
from seabattle.i18n import Language
from seabattle.server.entries import Created, Entry, RoomOptions
from seabattle.server.limits import KeyedBuckets, LimitError, Limits
from seabattle.server.messages import NewGame, Say, ServerError, is_key
from seabattle.server.presence import PresenceElsewhere, PresenceRegistry
from seabattle.server.pubsub import MemoryPubSub, Note, PubSub
from seabattle.server.rooms import WATCHER, Act, Room, new_room_entry
from seabattle.server.store import DueStore, Fired, Store, StoreConflictError
from seabattle.server.thinking import ThinkingPool

log = logging.getLogger("seabattle.server")

P = ParamSpec("P")

STATE_FRESH_SECONDS = 0.2
"""How long a ``state`` text built for one socket is sent to others of the same audience
(its ``deadline_in`` and ``away_for`` are that much older at most)."""


SWEEP_SECONDS = 10.0
"""How often the hub looks for idle rooms to forget."""

DUE_SECONDS = 1.0
"""How often the hub asks a shared store for timers run out in games nobody holds."""


def new_key() -> str:
    """An unguessable key: player tokens, invite and spectator keys."""
    return secrets.token_urlsafe(18)


class Hub:
    """Rooms in play, with their storage and notifications."""

    def __init__(self, store: Store, pubsub: PubSub | None = None, *, grace_seconds: int = 60,
                 clock: Callable[[], float] = time.time, limits: Limits | None = None,
                 thinking: ThinkingPool | None = None) -> None:
        self.store = store
        self.thinking = thinking
        """Where the rooms' computers think (``None``: in the thread changing the room)."""
        self.pubsub: PubSub = pubsub or MemoryPubSub()
        self.elsewhere = (PresenceElsewhere(self.pubsub, clock)
                          if isinstance(self.pubsub, PresenceRegistry) else None)
        """Other processes' sockets, with a pub/sub that shares presence (Redis's)."""
        self.grace_seconds = grace_seconds
        self.clock = clock
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.due_store = store if isinstance(store, DueStore) else None
        """The store, if several processes share it: it keeps the deadlines, and every
        process sweeps it for the timers of games nobody holds."""
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._chat: KeyedBuckets[tuple[str, int]] = KeyedBuckets(
            self.limits.chat_per_minute / 60, self.limits.chat_burst, clock)
        self._sockets: Counter[str] = Counter()
        self._swept = self._swept_due = clock()
        self._states: weakref.WeakKeyDictionary[
            Room, dict[tuple[int, Language], tuple[object, float, str]]] = \
            weakref.WeakKeyDictionary()

    # --- rooms ------------------------------------------------------------------

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock of a game: held from a room's check to the store's answer, and while a
        socket reads what it is told (kept while anyone holds or waits for it)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def room(self, game_id: str) -> Room:
        """The room of ``game_id``, from memory or else from the store."""
        room = self.rooms.get(game_id)
        if room is None:
            if not is_key(game_id):  # never looked up: it could not even be encoded
                raise ServerError("web.error.no_game")
            stored = await self.store.load(game_id)
            if stored is None:
                raise ServerError("web.error.no_game")
            room = self.rooms.get(game_id)  # loaded meanwhile by another task
            if room is None:
                # With a shared store another process may have run the game meanwhile:
                # its clock is the log's. Alone, this process was down: a full turn.
                room = Room.restore(game_id, stored, self.clock(),
                                    restarted=self.due_store is None)
                room.thinking = self.thinking
                self.rooms[game_id] = room
                if room.previous_game is not None and room.options.mode == "computer":
                    with contextlib.suppress(ServerError):  # a series' game gone: learn less
                        room.follow(await self.room(room.previous_game))
        return room

    async def create(self, request: NewGame) -> tuple[Room, str]:
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
        if options.mode != "random":
            return await self._store_new(room, entry), token
        # One request of this process at a time looks for a partner with these settings
        # (else two would each create a game for the other); another process's requests
        # race for the entry numbers.
        async with self.lock(f"match {room.match_key()}"):
            for game_id in await self.store.waiting(room.match_key()):
                try:
                    return await self.join(game_id, token), token
                except StoreConflictError:
                    continue  # another process seated someone first: the next one
                except ServerError as error:
                    if error.message_key != "web.error.game_full":
                        raise
            return await self._store_new(room, entry), token

    async def _store_new(self, room: Room, entry: Created) -> Room:
        """Store a new room's first entry, then what the computer does at once (its set-up);
        the room, as stored."""
        await self.store.create(
            room.id, room.entry_data(entry), mode=room.options.mode, phase=room.phase,
            match_key=room.match_key() if room.options.mode == "random" else None,
            deadline=room.deadline)
        async with self.lock(room.id):
            room.thinking = self.thinking
            self.rooms[room.id] = room
            seq = room.seq
            begun = await self._change(room, room.begin, entry.at)
            if begun:
                try:
                    await self._commit(room, seq, begun)
                except StoreConflictError:
                    # The set-up ran out while the computer set up (a short timer, a slow
                    # start): another process's sweep fired it first. The game is stored
                    # and goes on as that process left it (reloaded by the commit).
                    return await self.room(room.id)
        return room

    async def join(self, game_id: str, token: str, invite: str | None = None) -> Room:
        """Seat 1 of ``game_id`` joins with ``token`` (``invite``: a private game's key,
        checked); the players are told. Returns the room."""
        async with self.lock(game_id):
            room = await self.room(game_id)
            if invite is not None and (room.invite is None or
                                       not secrets.compare_digest(room.invite, invite)):
                raise ServerError("web.error.bad_invite")
            seq = room.seq
            await self._commit(room, seq, await self._change(room, room.join, token,
                                                             self.clock()))
        await self.pubsub.publish(room.id, Note("feed", room.seq))
        return room

    async def join_by_invite(self, game_id: str, invite: str) -> tuple[Room, str]:
        """Take the free seat of a private game; returns the room and the new token."""
        token = new_key()
        return await self.join(game_id, token, invite), token

    async def audience(self, game_id: str, token: str | None, watch: str | None
                       ) -> tuple[Room, int]:
        """The room of ``game_id`` and who a connection speaks for in it: a seat (by token)
        or the spectators (by watch key). With a store shared by several processes, a
        token this process's room does not know yet may have been given by another a
        moment ago (a join there, whose note has not come): the room reads the store's
        new entries and is asked again before the token is refused."""
        room = await self.room(game_id)
        try:
            return room, self._audience(room, token, watch)
        except ServerError:
            if self.due_store is None:  # one process: the room held is the whole game
                raise
        await self._catch_up(room.id, None)
        room = await self.room(game_id)
        return room, self._audience(room, token, watch)

    def _audience(self, room: Room, token: str | None, watch: str | None) -> int:
        if token is not None:
            seat = room.seat_of(token)
            if seat is None:
                raise ServerError("web.error.bad_token")
            return seat
        if watch is None or not secrets.compare_digest(room.watch_key, watch):
            raise ServerError("web.error.bad_token")
        return WATCHER

    # --- acting -----------------------------------------------------------------

    async def act(self, game_id: str, seat: int, message: Act) -> None:
        """``seat`` acts in game ``game_id``: checked, stored, then published (or raises,
        changing nothing)."""
        if seat == WATCHER:
            raise ServerError("web.error.spectator")
        async with self.lock(game_id):
            room = await self.room(game_id)
            if isinstance(message, Say) and room.playing:
                wait = self._chat.take((room.id, seat))
                if wait:
                    raise LimitError("web.error.chat_rate", count=self.limits.chat_per_minute,
                                     seconds=math.ceil(wait))
            seq = room.seq
            entries = await self._change(room, room.handle, seat, message, self.clock())
            try:
                await self._commit(room, seq, entries)
            except StoreConflictError:
                # Another server process stored entries first (its note is on its way; in
                # the set-up both players act at once): the room is reloaded with them, and
                # the action is checked and stored again against it, once.
                room = await self.room(room.id)
                seq = room.seq
                entries = await self._change(room, room.handle, seat, message, self.clock())
                await self._commit(room, seq, entries)
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
        await self._store_new(new, entry)
        seq = room.seq
        await self._commit(room, seq, await self._change(room, room.start_rematch, new.id,
                                                         new.watch_key, now))

    async def _change(self, room: Room, change: Callable[P, list[Entry]], *args: P.args,
                      **kwargs: P.kwargs) -> list[Entry]:
        """``change(*args)``: a change of ``room`` (called under the game's lock), with
        the computer's reply if it has a computer seat — then in a worker thread, so that
        its thinking holds up no other game (nothing else touches the room meanwhile: the
        game's lock is held). The thread only waits while the computer thinks in the
        :attr:`thinking` pool's process, if there is one."""
        if room.options.mode != "computer":
            return change(*args, **kwargs)
        return await asyncio.to_thread(change, *args, **kwargs)

    async def _commit(self, room: Room, seq: int, entries: list[Entry]) -> None:
        """Store the entries ``room`` added from number ``seq`` (under the game's lock)."""
        try:
            await self.store.append(room.id, seq, [room.entry_data(e) for e in entries],
                                    phase=room.phase, deadline=room.deadline)
        except BaseException:
            # Memory is ahead of the store: forget the room, the store is the truth.
            # Who is connected is not in the store; the reloaded room keeps it.
            self.rooms.pop(room.id, None)
            with contextlib.suppress(Exception):
                fresh = await self.room(room.id)
                fresh.online, fresh.away_since = room.online, room.away_since
            raise

    async def told(self, game_id: str, audience: int, language: Language, since: int
                   ) -> tuple[list[ClientEvent], int, str]:
        """What a socket of ``audience`` is sent now: the events of the entries from
        ``since`` on, the number of entries, and the ``state`` text (:meth:`state_text`);
        read under the game's lock, so never an entry the store does not have yet."""
        async with self.lock(game_id):
            room = await self.room(game_id)
            return (room.feed_since(audience, since), room.seq,
                    self.state_text(room, audience, language))

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
        text = room.state_text(audience, language, now)
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
        """Run every set-up and turn timer that has run out: of the rooms held here, and
        (every :data:`DUE_SECONDS`, with a shared store) of the games nobody holds."""
        now = self.clock()
        for game_id, held in list(self.rooms.items()):
            if held.deadline is not None and held.deadline <= now:
                async with self.lock(game_id):
                    room = self.rooms.get(game_id)
                    if room is None or room.deadline is None or room.deadline > now:
                        continue
                    seq = room.seq
                    # Fleets placed for idle players are hidden: from the system's entropy.
                    entries = await self._change(room, room.tick, now, chance.entropy())
                    if not entries:
                        continue
                    try:
                        await self._commit(room, seq, entries)
                    except StoreConflictError:
                        continue  # another process ran this timer first (reloaded)
                await self.pubsub.publish(game_id, Note("feed", room.seq))
        if self.due_store is not None and now - self._swept_due >= DUE_SECONDS:
            self._swept_due = now
            await self.fire_due(now)
        if now - self._swept >= SWEEP_SECONDS:
            self._swept = now
            self.evict_idle(now)

    async def fire_due(self, now: float) -> list[str]:
        """The timers run out in games held by no room here (their players gone, from this
        process or every process): the shared store locks each due game for one process
        (``SKIP LOCKED``), which replays its log and fires its timer as a room held would.
        Every process holding a socket of such a game is told. Returns the games fired."""
        assert self.due_store is not None
        fired = await self.due_store.fire_due(now, list(self.rooms),
                                              lambda game_id, log: self._fire(game_id, log, now))
        for game_id, upto in fired:
            await self.pubsub.publish(game_id, Note("feed", upto))
        return [game_id for game_id, _ in fired]

    def _fire(self, game_id: str, stored: list[dict[str, JSON]], now: float) -> Fired | None:
        """What the timer of a game nobody holds does at ``now`` (its clock the log's);
        called by the store in a worker thread (a computer's reply thinks in
        :attr:`thinking`'s processes, if any)."""
        try:
            room = Room.restore(game_id, stored, now, restarted=False)
        except Exception:  # a damaged log must not stop the others' timers
            log.exception("the timer of game %s cannot run", game_id)
            return None
        room.thinking = self.thinking
        seq = room.seq
        if room.deadline is not None and room.deadline > now:
            return Fired(seq, [], room.phase, room.deadline)  # the store's was not the log's
        entries = room.tick(now, chance.entropy())
        if not entries:
            return None
        return Fired(seq, [room.entry_data(e) for e in entries], room.phase, room.deadline)

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
            for held in list(self.rooms):
                if await self._catch_up(held, note):
                    await self.pubsub.publish(held, Note("presence"))
            return
        if game_id in self.rooms:
            await self._catch_up(game_id, note)

    async def _catch_up(self, game_id: str, note: Note | None) -> bool:
        """One room of :meth:`catch_up`; whether a seat came online or went away."""
        changed = False
        room = self.rooms.get(game_id)
        if room is None:
            return False
        if self.elsewhere is not None and (note is None or note.kind == "presence"):
            changed = await self.elsewhere.merge(room)
        if note is not None and (note.kind != "feed" or (note.upto is not None
                                                         and note.upto <= room.seq)):
            return changed
        async with self.lock(game_id):
            room = self.rooms.get(game_id)
            if room is None:
                return changed
            since = getattr(self.store, "load_since", None)  # only the new entries, if it can
            tail = (await since(room.id, room.seq) if since is not None
                    else (await self.store.load(room.id) or [])[room.seq:])
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
            with contextlib.suppress(SeaBattleError):  # the store is down: the next note
                await self._catch_up(room.id, None)
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
