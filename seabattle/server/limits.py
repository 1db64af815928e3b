"""What one client may cost the server: the limits of ``seabattle serve`` and their counters.

Every limit is an option of the sub-command (``docs/server.md``, «Limits»), with a default
that a person playing in a browser never reaches: a player sends a few messages a second
at most (the set-up's questions come fastest), opens one socket per game, and creates a
few games a minute. What a limit refuses is answered with a translated error
(:class:`LimitError`); nothing here closes a connection by itself.

The counters are in memory, per process, and keyed by the client's address as the
server sees it (behind a reverse proxy, run uvicorn with the proxy's forwarded headers, or
every player shares the proxy's address).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

from seabattle.server.messages import ServerError

K = TypeVar("K", bound=Hashable)


class LimitError(ServerError):
    """A message, a connection or a request over one of the server's limits."""

    key = "web.error.rate"


@dataclass(frozen=True)
class Limits:
    """The server's limits; the defaults are ``seabattle serve``'s."""

    messages_per_second: float = 50.0
    """Messages one socket may send a second, sustained (a set-up asks on every hover);
    more wait their turn."""
    message_burst: int = 200
    """Messages one socket may send at once before the rate applies."""
    address_messages_per_second: float = 200.0
    """Messages all the sockets of one address may send a second, sustained (a school
    behind one router: 32 games of players asking on every hover); more are refused."""
    address_message_burst: int = 400
    """Messages all the sockets of one address may send at once before that rate applies."""
    sockets_per_address: int = 64
    """Open sockets from one address (a school behind one router plays many games)."""
    spectators_per_game: int = 64
    """Spectators' sockets on one game."""
    sockets_per_seat: int = 8
    """One player's sockets on one game (tabs, a phone and a laptop)."""
    hello_seconds: float = 10.0
    """How long a new socket may take to say ``hello`` before it is closed."""
    chat_per_minute: int = 12
    """Chat phrases one seat may say a minute (sustained; a burst of 5 first)."""
    chat_burst: int = 5
    """Chat phrases one seat may say at once."""
    body_bytes: int = 262_144
    """The largest HTTP request body read (the classroom's problem sets are the largest)."""
    games_per_minute: int = 30
    """Games one address may create a minute (a burst of as many first)."""
    idle_room_seconds: float = 300.0
    """How long a game nobody is connected to and no timer runs for stays in memory after
    its last event (it is read from the store again when next asked for)."""

    def check(self) -> None:
        """Refuse limits that would stop every client (zero or negative)."""
        for name, value in vars(self).items():
            if value <= 0:
                raise ServerError("web.error.field", field=name, expected="a positive number")


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept: a message takes one."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def _refill(self) -> float:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens

    def take(self) -> bool:
        """Take a token if there is one; whether there was."""
        if self._refill() >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self._refill()) / self.rate)

    @property
    def full(self) -> bool:
        """Whether the bucket has refilled (it may be forgotten)."""
        return self._refill() >= self.burst


class KeyedBuckets(Generic[K]):
    """A :class:`TokenBucket` per key (an address, a seat of a game), forgetting full
    ones when more than ``most`` keys are kept, so that memory stays bounded."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 most: int = 10_000) -> None:
        self.rate, self.burst, self.clock, self.most = rate, burst, clock, most
        self.buckets: dict[K, TokenBucket] = {}

    def take(self, key: K) -> float:
        """Take a token of ``key``: 0 if taken, else the seconds until one is there."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self._forget()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
        return 0.0 if bucket.take() else bucket.wait()

    def give_back(self, key: K) -> None:
        """Return a token taken for ``key`` (what it was taken for did not happen)."""
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(bucket.burst), bucket.tokens + 1.0)

    def _forget(self) -> None:
        for key in [k for k, b in self.buckets.items() if b.full]:
            del self.buckets[key]
        while len(self.buckets) >= self.most:  # all busy: the oldest go
            del self.buckets[next(iter(self.buckets))]


class Gate:
    """The counters of one server: sockets per address and per game's audience, messages
    and games created per address."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        limits.check()
        self.limits = limits
        self.addresses: Occupancy[str] = Occupancy()
        self.audiences: Occupancy[tuple[str, int]] = Occupancy()
        self.creations: KeyedBuckets[str] = KeyedBuckets(
            limits.games_per_minute / 60, limits.games_per_minute, clock)
        self.messages: KeyedBuckets[str] = KeyedBuckets(
            limits.address_messages_per_second, limits.address_message_burst, clock)
        self.clock = clock

    def socket_bucket(self) -> TokenBucket:
        """The message budget of a new socket."""
        return TokenBucket(self.limits.messages_per_second, self.limits.message_burst,
                           self.clock)

    def message(self, address: str) -> None:
        """Count a message from ``address`` (any of its sockets); raises
        :class:`LimitError` over :attr:`Limits.address_messages_per_second`."""
        if self.messages.take(address):
            raise LimitError(rate=f"{self.limits.address_messages_per_second:g}")

    @contextmanager
    def create(self, address: str) -> Iterator[None]:
        """Count a game created from ``address`` within the block; raises
        :class:`LimitError` over the limit (a request refused in the block is not counted)."""
        wait = self.creations.take(address)
        if wait:
            raise LimitError("web.error.games_rate", count=self.limits.games_per_minute,
                             seconds=math.ceil(wait))
        try:
            yield
        except BaseException:
            self.creations.give_back(address)
            raise


class Occupancy(Generic[K]):
    """How many of something (sockets) each key holds, with a ceiling per key."""

    def __init__(self) -> None:
        self.counts: dict[K, int] = {}

    def enter(self, key: K, ceiling: int) -> bool:
        """Count one more for ``key`` unless it holds ``ceiling`` already; whether counted."""
        count = self.counts.get(key, 0)
        if count >= ceiling:
            return False
        self.counts[key] = count + 1
        return True

    def leave(self, key: K) -> None:
        """Count one fewer for ``key``."""
        count = self.counts.get(key, 0) - 1
        if count > 0:
            self.counts[key] = count
        else:
            self.counts.pop(key, None)


_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("messages_per_second", "--max-messages-per-second", "messages a socket may send a second"),
    ("message_burst", "--max-message-burst", "messages a socket may send at once"),
    ("address_messages_per_second", "--max-address-messages-per-second",
     "messages all sockets of one address may send a second (more are refused)"),
    ("address_message_burst", "--max-address-message-burst",
     "messages all sockets of one address may send at once"),
    ("sockets_per_address", "--max-sockets-per-address", "open sockets from one address"),
    ("spectators_per_game", "--max-spectators", "spectators' sockets on one game"),
    ("sockets_per_seat", "--max-sockets-per-seat", "one player's sockets on one game"),
    ("hello_seconds", "--hello-seconds", "seconds a new socket has to say hello"),
    ("chat_per_minute", "--max-chat-per-minute", "chat phrases one player may say a minute"),
    ("chat_burst", "--max-chat-burst", "chat phrases one player may say at once"),
    ("body_bytes", "--max-body-bytes", "the largest HTTP request body read"),
    ("games_per_minute", "--max-games-per-minute", "games one address may create a minute"),
    ("idle_room_seconds", "--idle-room-seconds",
     "seconds an idle game stays in memory (then read from the store when asked for)"),
)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The limits as options of ``seabattle serve`` (``docs/server.md``, «Limits»)."""
    group = parser.add_argument_group("limits (per server process; see docs/server.md)")
    defaults = Limits()
    for name, flag, what in _OPTIONS:
        default = getattr(defaults, name)
        group.add_argument(flag, dest=f"limit_{name}", type=_positive(type(default)),
                           default=default, metavar="N", help=f"{what} (default {default})")


def from_options(args: argparse.Namespace) -> Limits:
    """The limits ``seabattle serve`` was given."""
    return Limits(**{name: getattr(args, f"limit_{name}") for name, _, _ in _OPTIONS})


def _positive(kind: type[int] | type[float]) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r}: expected a number above 0")
        return value
    return parse
