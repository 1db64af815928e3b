"""Who is connected, across server processes: the seats of a game that have sockets on other
processes, merged into the rooms held here (``docs/server.md``, «Presence across processes»).

A room counts its seats' open sockets (:meth:`~seabattle.server.rooms.Room.connect`); with
several processes, a player connected to another process must not look away here (the
opponent could claim the win). Each process shares, per game, which seats have sockets on
it (a :class:`PresenceRegistry`: Redis, for :class:`~seabattle.server.pubsub_redis.RedisPubSub`)
and counts every *other live* process holding a seat as one more socket of that seat in its
own room. A process that dies stops being live after the registry's time to live, and its
seats then count as gone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from seabattle.server.rooms import Room


@runtime_checkable
class PresenceRegistry(Protocol):
    """Where processes share which seats of each game have sockets on them."""

    async def share_presence(self, game_id: str, seats: Sequence[bool]) -> None:
        """Record which seats of ``game_id`` have sockets on this process."""

    async def presence_elsewhere(self, game_id: str) -> list[int] | None:
        """Per seat, how many other live processes have sockets of it (``None``: unknown
        now, the registry cannot be reached)."""


class PresenceElsewhere:
    """The other processes' sockets as this process last counted them into its rooms."""

    def __init__(self, registry: PresenceRegistry, clock: Callable[[], float]) -> None:
        self.registry, self.clock = registry, clock
        self._applied: dict[str, tuple[list[int], list[int]]] = {}
        """Per game: the room's ``online`` list, and the other processes counted into it
        per seat. A room reloaded after a failed commit keeps its ``online`` list (the hub
        hands it over), and with it these counts; one loaded afresh has a new list, whose
        count starts from nothing."""

    def applied(self, room: Room) -> list[int]:
        """The other processes counted into ``room``'s ``online``, per seat."""
        known = self._applied.get(room.id)
        if known is None or known[0] is not room.online:
            known = self._applied[room.id] = (room.online, [0, 0])
        return known[1]

    def here(self, room: Room) -> list[bool]:
        """Which seats of ``room`` have sockets on this process."""
        elsewhere = self.applied(room)
        return [room.online[seat] - elsewhere[seat] > 0 for seat in (0, 1)]

    async def share(self, room: Room) -> None:
        """Tell the others which seats of ``room`` have sockets here."""
        await self.registry.share_presence(room.id, self.here(room))

    async def merge(self, room: Room) -> bool:
        """Count the other processes' sockets into ``room`` as they are now; whether a seat
        came online or went away."""
        elsewhere = await self.registry.presence_elsewhere(room.id)
        if elsewhere is None:
            return False
        applied = self.applied(room)
        changed = False
        for seat in (0, 1):
            while applied[seat] < elsewhere[seat]:
                changed |= room.connect(seat)
                applied[seat] += 1
            while applied[seat] > elsewhere[seat]:
                changed |= room.disconnect(seat, self.clock())
                applied[seat] -= 1
        return changed
