"""A room's log entries as types, and their JSON for the store.

A room (:mod:`seabattle.server.rooms`) is the fold of its entries: :class:`Created`, then
:class:`Joined`, the game's moves (:class:`Played`: a seat's action, or chance's draw, as
the game's own typed action), :class:`Timeout`, :class:`Claim`, :class:`Chat`,
:class:`RematchOffered`, :class:`RematchStarted`. Each carries ``at``, when it happened
(seconds since the epoch). The store keeps them as JSON (:func:`entry_to_data`,
:func:`entry_from_data`); a move's action goes through the game's codec
(:meth:`~seabattle.games.interface.GameDefinition.action_to_data`), so this module never
looks inside one.

Entries an earlier server wrote for Battleship in its own words (``fleet``, ``shot``,
``salvo``, ``decide``, ``resign``) are read back by the game's host
(:meth:`~seabattle.games.hosting.GameHost.legacy_move`) into :class:`Played` moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from seabattle.errors import SeaBattleError
from seabattle.games.interface import CHANCE, JSON, SEATS
from seabattle.games.registry import AnyGame

MODES = ("computer", "private", "random", "hotseat")
"""Room modes: against the computer, by invitation, by matchmaking, or one person at
both seats (``hotseat``: a teacher's lesson, acting for whichever seat the game waits for)."""
MAX_SECONDS = 3600
"""The longest turn, set-up or grace time the lobby may ask for."""


@dataclass(frozen=True)
class RoomOptions:
    """What the lobby chose besides the game and its rules."""

    mode: str = "private"
    level: str | None = None
    """The computer's level in ``computer`` mode."""
    turn_seconds: int = 0
    """The turn timer; 0 turns it off."""
    grace_seconds: int = 60
    """How long a vanished player is waited for before the opponent may claim the win."""
    setup_seconds: int = 0
    """The set-up timer, from the moment both seats are taken; 0 turns it off. Whoever
    has not done their set-up when it runs out gets a random one (logged like any move)."""

    def check(self) -> None:
        """Raise a :class:`~seabattle.errors.SeaBattleError` for an unknown mode or a time
        out of range."""
        if self.mode not in MODES:
            raise SeaBattleError("web.error.field", field="mode", expected=", ".join(MODES))
        for name in ("turn_seconds", "grace_seconds", "setup_seconds"):
            if not 0 <= getattr(self, name) <= MAX_SECONDS:
                raise SeaBattleError("web.error.field", field=name, expected=f"0…{MAX_SECONDS}")

    def to_data(self) -> dict[str, JSON]:
        return {"mode": self.mode, "level": self.level, "turn_seconds": self.turn_seconds,
                "grace_seconds": self.grace_seconds, "setup_seconds": self.setup_seconds}

    @classmethod
    def from_data(cls, data: Mapping[str, JSON]) -> RoomOptions:
        level = data.get("level")
        return cls(mode=str(data["mode"]), level=None if level is None else str(level),
                   turn_seconds=_number(data, "turn_seconds"),
                   grace_seconds=_number(data, "grace_seconds", 60),
                   setup_seconds=_number(data, "setup_seconds"))


@dataclass(frozen=True)
class Created:
    """A new room: the game and its rules (as the game's plain data), the options, who
    starts, the spectators' key, seat 0's token hash (and seat 1's in a rematch), the
    invitation key of a private game, the game it is a rematch of."""

    at: float
    game: str
    rules: dict[str, JSON]
    options: RoomOptions
    first: int
    watch: str
    token: str
    token1: str | None = None
    invite: str | None = None
    previous: str | None = None
    extra: dict[str, JSON] = field(default_factory=dict)
    """Fields an earlier server kept that only the game reads (Battleship's
    ``computer_fleet``: :meth:`~seabattle.games.hosting.GameHost.new_state`)."""


@dataclass(frozen=True)
class Joined:
    """A second person took seat 1 (its token's hash)."""

    at: float
    token: str


@dataclass(frozen=True)
class Played:
    """A move: ``seat`` (or :data:`~seabattle.games.interface.CHANCE`) took ``action`` (the
    game's own type); ``events``: what the game made of it, as the game's host writes them
    (``None`` in entries that never kept them); ``auto``: made for the player by a timer."""

    at: float
    seat: int
    action: Any
    events: list[JSON] | None = None
    auto: bool = False


@dataclass(frozen=True)
class SeatEntry:
    """An entry that says only which seat: the kinds below."""

    at: float
    seat: int


class Timeout(SeatEntry):
    """``seat``'s turn timer ran out (a strike; the second loses)."""


class Claim(SeatEntry):
    """``seat`` claimed the win over an opponent gone longer than the grace period."""


class RematchOffered(SeatEntry):
    """``seat`` wants a rematch."""


@dataclass(frozen=True)
class Chat:
    """``seat`` said a phrase of the catalogue."""

    at: float
    seat: int
    phrase: str


@dataclass(frozen=True)
class RematchStarted:
    """The rematch is game ``game``, watched with the key ``watch`` (``None`` in logs from
    before it was kept)."""

    at: float
    game: str
    watch: str | None


Entry = Created | Joined | Played | Timeout | Claim | Chat | RematchOffered | RematchStarted
"""One entry of a room's log."""

_CREATED_KEYS = {"type", "at", "game", "rules", "options", "first", "watch", "token", "token1",
                 "invite", "previous"}


def _number(data: Mapping[str, JSON], name: str, default: int = 0) -> int:
    value = data.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def created_to_data(entry: Created) -> dict[str, JSON]:
    data: dict[str, JSON] = {"type": "created", "at": entry.at, "game": entry.game,
                             "rules": entry.rules, "options": entry.options.to_data(),
                             "first": entry.first, "watch": entry.watch, "token": entry.token}
    for name in ("token1", "invite", "previous"):
        value = getattr(entry, name)
        if value is not None:
            data[name] = value
    return {**entry.extra, **data}


def created_from_data(data: Mapping[str, JSON]) -> Created:
    """A room's first entry (games logged before there were several have no ``game``:
    Battleship)."""
    try:
        return Created(
            at=float(cast(float, data["at"])), game=str(data.get("game", "battleship")),
            rules=dict(cast(dict[str, JSON], data["rules"])),
            options=RoomOptions.from_data(cast(dict[str, JSON], data["options"])),
            first=int(cast(int, data["first"])), watch=str(data["watch"]),
            token=str(data["token"]), token1=_text(data.get("token1")),
            invite=_text(data.get("invite")), previous=_text(data.get("previous")),
            extra={k: v for k, v in data.items() if k not in _CREATED_KEYS})
    except (KeyError, TypeError, ValueError) as error:
        raise SeaBattleError("web.error.generic",
                             problem=f"a malformed first entry ({error}): {data!r}") from None


def _text(value: JSON | None) -> str | None:
    return None if value is None else str(value)


def entry_to_data(definition: AnyGame, rules: Any, entry: Entry) -> dict[str, JSON]:
    """An entry as the store keeps it (JSON, with ``type`` and ``at``)."""
    if isinstance(entry, Created):
        return created_to_data(entry)
    if isinstance(entry, Played):
        data: dict[str, JSON] = {"type": "move", "at": entry.at, "seat": entry.seat,
                                 "action": definition.action_to_data(rules, entry.action)}
        if entry.events is not None:
            data["events"] = entry.events
        if entry.auto:
            data["auto"] = True
        return data
    if isinstance(entry, Joined):
        return {"type": "joined", "at": entry.at, "token": entry.token}
    if isinstance(entry, Chat):
        return {"type": "chat", "at": entry.at, "seat": entry.seat, "phrase": entry.phrase}
    if isinstance(entry, RematchStarted):
        return {"type": "rematch_started", "at": entry.at, "game": entry.game,
                "watch": entry.watch}
    kind = {Timeout: "timeout", Claim: "claim", RematchOffered: "rematch"}[type(entry)]
    return {"type": kind, "at": entry.at, "seat": entry.seat}


def entry_from_data(definition: AnyGame, rules: Any, state: Any,
                    data: Mapping[str, JSON]) -> Entry:
    """An entry the store kept (after the first), read back; ``state``: the game as the
    entries before left it, which an old entry in the game's own words may need. Raises a
    :class:`~seabattle.errors.SeaBattleError` for an entry nobody wrote."""
    try:
        kind, at = data["type"], float(cast(float, data["at"]))
        if kind == "move":
            seat = int(cast(int, data["seat"]))
            if seat != CHANCE and seat not in SEATS:
                raise ValueError(f"no seat {seat}")
            events = data.get("events")
            return Played(at, seat, definition.action_from_data(
                rules, cast(dict[str, JSON], data["action"])),
                None if events is None else list(cast(list[JSON], events)),
                data.get("auto") is True)
        if kind == "joined":
            return Joined(at, str(data["token"]))
        if kind == "chat":
            return Chat(at, int(cast(int, data["seat"])), str(data["phrase"]))
        if kind == "rematch_started":
            return RematchStarted(at, str(data["game"]), _text(data.get("watch")))
        if kind == "timeout":
            return Timeout(at, int(cast(int, data["seat"])))
        if kind == "claim":
            return Claim(at, int(cast(int, data["seat"])))
        if kind == "rematch":
            return RematchOffered(at, int(cast(int, data["seat"])))
        host = definition.host()
        action = None if host is None else host.legacy_move(rules, state, data)
        if action is not None:
            events = data.get("events")
            return Played(at, int(cast(int, data["seat"])), action,
                          None if events is None else list(cast(list[JSON], events)),
                          data.get("auto") is True)
    except SeaBattleError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise SeaBattleError("web.error.generic",
                             problem=f"a malformed log entry ({error}): {data!r}") from None
    raise SeaBattleError("web.error.generic", problem=f"unknown log entry {data.get('type')!r}")
