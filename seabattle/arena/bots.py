"""Talking to a bot of any game: an async core over a line transport, and a blocking wrapper.

What every game's bot protocol shares lives here: starting the bot process in its own
process group, lines both ways (UTF-8, at most
:data:`MAX_LINE` bytes), a deadline on every wait, the UCI-like handshake
(``HELLO V`` … ``id KEY VALUE`` … ``HELLOok N``, ``HELLO`` being the game's word:
``seabattle`` for Battleship), ``isready``/``readyok``, ``info`` lines at any time and
``quit``. A bot that is silent too long raises :class:`~seabattle.errors.BotTimeoutError`,
one that exits or closes its output :class:`~seabattle.errors.BotCrashedError`, one that
says something unexpected :class:`~seabattle.errors.ProtocolSyntaxError`.

:class:`BotProcess` is that conversation; a game's protocol (its
:class:`~seabattle.arena.games.ArenaGame`'s ``bot_agent``) sends its own lines through
:meth:`BotProcess.send` and :meth:`BotProcess.request`. :class:`SimpleBot` is the
blocking wrapper, as python-chess's ``SimpleEngine``: the game protocol's methods without
``await``, each run to completion on a private event loop.

>>> import sys
>>> from seabattle.battleship.rules import find_rules
>>> with SimpleBot.popen([sys.executable, "-m", "seabattle", "bot", "easy"]) as bot:
...     bot.new_game(find_rules("classic"))
...     len(bot.place(5000)) == 10
True
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import signal
import time
from collections import deque
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from seabattle.errors import BotCrashedError, BotTimeoutError, ProtocolSyntaxError
from seabattle.games.registry import DEFAULT_GAME

if TYPE_CHECKING:
    from seabattle.arena.games import Agent, ArenaGame

MAX_LINE = 1 << 20
"""The longest line either side must accept, in bytes."""

_T = TypeVar("_T")


@dataclass(frozen=True)
class Limits:
    """How long a bot may take, in milliseconds.

    A request's limit is sent to the bot; the arena waits ``grace_ms`` longer before
    calling it a timeout, for the pipes and a busy machine. ``shot_ms`` is the limit of
    one move (a shot in Battleship), ``place_ms`` of a set-up (placing a fleet),
    ``handshake_ms`` of starting, shaking hands and each ``isready``.
    """

    shot_ms: int = 1000
    place_ms: int = 5000
    handshake_ms: int = 10000
    grace_ms: int = 100

    def seconds(self, ms: int) -> float:
        """A limit in seconds, grace included."""
        return (ms + self.grace_ms) / 1000


class LineTransport(Protocol):
    """Lines in both directions between the arena and one bot."""

    async def read_line(self) -> str | None:
        """The next line without its end, or ``None`` once the bot's output has ended.

        Raises :class:`ProtocolSyntaxError` for a line longer than :data:`MAX_LINE` or
        not UTF-8.
        """

    def write_line(self, line: str) -> None:
        """Queue one line for the bot; never raises, even if the bot has gone."""

    async def flush(self) -> None:
        """Wait until queued lines are handed over; raises :class:`BotCrashedError` if gone."""

    def is_alive(self) -> bool:
        """Whether the bot may still answer (its process has not ended)."""

    async def exit_detail(self) -> str:
        """Why the bot's output ended (exit status, last error line), waiting a moment
        for the process to end."""

    async def close(self) -> None:
        """Stop the bot (kill it if need be) and free everything; idempotent."""


class SubprocessTransport:
    """A bot process: its stdin and stdout carry the protocol, stderr is kept for errors."""

    def __init__(self, process: asyncio.subprocess.Process, argv: Sequence[str]) -> None:
        self.process = process
        self.argv = tuple(argv)
        self.stderr_tail: deque[str] = deque(maxlen=5)
        self._stderr_task = asyncio.ensure_future(self._drain_stderr())
        self._closed = False

    @classmethod
    async def start(cls, argv: Sequence[str], *, cwd: str | None = None) -> SubprocessTransport:
        """Start ``argv``; raises :class:`BotCrashedError` if it cannot be started."""
        if not argv:
            raise BotCrashedError(problem="cannot start: empty command")
        try:
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, cwd=cwd, limit=MAX_LINE,
                # Its own process group, so that killing it also kills anything it started.
                start_new_session=os.name == "posix")
        except OSError as error:
            raise BotCrashedError(
                problem=f"cannot start {argv[0]!r}: {error.strerror or error}") from None
        return cls(process, argv)

    async def _drain_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        with contextlib.suppress(Exception):
            while line := await stream.readline():
                text = line.decode("utf-8", "replace").strip()
                if text:
                    self.stderr_tail.append(text[:300])

    async def read_line(self) -> str | None:
        stream = self.process.stdout
        assert stream is not None
        try:
            data = await stream.readline()
        except (ValueError, asyncio.LimitOverrunError):
            raise ProtocolSyntaxError(line="…", problem=f"a line longer than {MAX_LINE} bytes"
                                      ) from None
        if not data:
            return None
        try:
            return data.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            raise ProtocolSyntaxError(line=repr(data[:80]), problem="not UTF-8 text") from None

    def write_line(self, line: str) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing() or self.process.returncode is not None:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            stdin.write(line.encode("utf-8") + b"\n")

    async def flush(self) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            await stdin.drain()
        except ConnectionError:
            raise BotCrashedError(problem=f"closed its input; it {await self.exit_detail()}"
                                  ) from None

    def is_alive(self) -> bool:
        return not self._closed and self.process.returncode is None

    async def exit_detail(self) -> str:
        await self.wait_exit(0.5)
        code = self.process.returncode
        said = f", last said on stderr: {self.stderr_tail[-1]!r}" if self.stderr_tail else ""
        if code is None:
            return f"is still running{said}"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"was killed by {signal.Signals(-code).name}{said}"
        return f"exited with status {code}{said}"

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:  # pragma: no cover - Windows
                    self.process.kill()
        # wait() also waits for the pipes to close, which a stray grandchild may hold
        # open: give up after a moment rather than hang.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), 2.0)
        self._stderr_task.cancel()
        with contextlib.suppress(BaseException):
            await self._stderr_task
        if self.process.stdin is not None:
            self.process.stdin.close()

    async def wait_exit(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the process to end by itself."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), timeout)
        return self.process.returncode


class BotProcess:
    """The arena's side of a conversation with one bot (async), for any game.

    Start with :meth:`popen` (or wrap any transport and call :meth:`handshake`); then a
    game's protocol talks through :meth:`send` and :meth:`request`, and :meth:`ping`
    checks the bot is ready. :meth:`quit` ends the process politely, :meth:`close` at once.
    """

    def __init__(self, transport: LineTransport, *, hello: str, versions: Sequence[int],
                 limits: Limits | None = None) -> None:
        self.transport = transport
        self.hello = hello
        """The handshake's word: ``HELLO V`` opens it, ``HELLOok N`` ends it."""
        self.versions = tuple(versions)
        self.limits = limits or Limits()
        self.id: dict[str, str] = {}
        """What the bot said of itself in the handshake (``name``, ``author``, …)."""
        self.version: int | None = None
        self.info: deque[str] = deque(maxlen=20)
        """The last ``info`` lines the bot sent."""
        self.last_move_seconds = 0.0
        """How long the last request took to answer."""
        self.last_line: str | None = None
        """The last line the bot sent (``info`` lines aside)."""
        self.closed = False

    @classmethod
    async def popen(cls, argv: Sequence[str], *, hello: str, versions: Sequence[int],
                    limits: Limits | None = None, cwd: str | None = None) -> BotProcess:
        """Start a bot process and shake hands; raises a :class:`BotError` if either fails."""
        transport = await SubprocessTransport.start(argv, cwd=cwd)
        bot = cls(transport, hello=hello, versions=versions, limits=limits)
        try:
            await bot.handshake()
        except BaseException:
            await bot.close()
            raise
        return bot

    @property
    def name(self) -> str:
        """The bot's name from the handshake (empty if it gave none)."""
        return self.id.get("name", "")

    @property
    def move_ms(self) -> int:
        """The limit of one move, as the requests send it."""
        return self.limits.shot_ms

    @property
    def setup_ms(self) -> int:
        """The limit of a set-up, as the requests send it."""
        return self.limits.place_ms

    # --- the conversation ---------------------------------------------------------

    def send(self, line: str) -> None:
        """Queue one line for the bot."""
        self.transport.write_line(line)

    async def request(self, line: str, expected: Sequence[str], ms: int) -> str:
        """Send ``line``; return the first answer whose keyword is ``expected``.

        ``info`` lines on the way are kept in :attr:`info`; any other line is garbage.
        """
        self.send(line)
        return await self._expect(tuple(expected), ms, line.split()[0])

    async def _expect(self, expected: tuple[str, ...], ms: int, after: str,
                      grace: bool = True) -> str:
        seconds = self.limits.seconds(ms) if grace else ms / 1000
        start = time.perf_counter()
        deadline = start + seconds
        names = " or ".join(expected)
        try:
            await asyncio.wait_for(self.transport.flush(), seconds)
            while True:
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise TimeoutError
                line = await asyncio.wait_for(self.transport.read_line(), left)
                if line is None:
                    raise BotCrashedError(
                        problem=f"ended its output instead of answering {after!r}; "
                                f"it {await self.transport.exit_detail()}")
                keyword, _, rest = line.replace("\t", " ").strip().partition(" ")
                if not keyword:
                    continue
                if keyword == "info":
                    self.info.append(rest.strip())
                    continue
                self.last_line = line
                if keyword not in expected:
                    raise ProtocolSyntaxError(line=line,
                                              problem=f"expected {names} after {after!r}")
                self.last_move_seconds = time.perf_counter() - start
                return line
        except TimeoutError:
            raise BotTimeoutError(ms=ms, expected=names) from None

    async def handshake(self) -> None:
        """``HELLO 1`` … ``HELLOok 1``; records the bot's ``id`` lines."""
        deadline_ms = self.limits.handshake_ms
        self.send(f"{self.hello} {max(self.versions)}")
        start = time.perf_counter()
        ok = f"{self.hello}ok"
        while True:
            left = deadline_ms - int((time.perf_counter() - start) * 1000)
            line = await self._expect(("id", ok), max(left, 0), self.hello, grace=False)
            keyword, _, rest = line.replace("\t", " ").strip().partition(" ")
            rest = rest.strip()
            if keyword == "id":
                key, _, value = rest.partition(" ")
                if not key:
                    raise ProtocolSyntaxError(line=line,
                                              problem="expected 'id name …' or 'id author …'")
                self.id[key] = value.strip()
                continue
            if not rest.isdigit() or len(rest) > 9:
                raise ProtocolSyntaxError(line=line,
                                          problem="expected one whole number (the version)")
            if int(rest) not in self.versions:
                raise ProtocolSyntaxError(
                    line=line, problem="unsupported protocol version; this arena "
                    f"speaks {', '.join(map(str, self.versions))}")
            self.version = int(rest)
            return

    async def ping(self, ms: int | None = None) -> None:
        """``isready`` … ``readyok``."""
        line = await self.request("isready", ("readyok",), ms or self.limits.handshake_ms)
        if line.split() != ["readyok"]:
            raise ProtocolSyntaxError(line=line, problem="unexpected words after the keyword")

    async def quit(self, ms: int = 1000) -> None:
        """Send ``quit``, give the bot ``ms`` to exit, then make sure it has gone."""
        if not self.closed:
            self.send("quit")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.transport.flush(), ms / 1000)
                if isinstance(self.transport, SubprocessTransport):
                    await self.transport.wait_exit(ms / 1000)
        await self.close()

    async def close(self) -> None:
        """Stop the bot now."""
        self.closed = True
        await self.transport.close()


class SimpleBot:
    """A blocking bot: the conversation and its game's protocol, each call run to completion.

    :meth:`popen` starts a bot of the game named ``game`` and shakes hands; then the
    game protocol's own methods (Battleship's: ``new_game``, ``place``, ``shoot``,
    ``report``, ``game_over``, :class:`~seabattle.battleship.bots.arena.BattleshipBot`)
    are called without ``await``. Each wrapper owns a private event loop
    (:class:`asyncio.Runner`), so it cannot be used from inside a running event loop; use
    :class:`BotProcess` and the game's agent there.
    """

    def __init__(self, runner: asyncio.Runner, bot: BotProcess, protocol: Agent) -> None:
        self._runner = runner
        self.bot = bot
        self.protocol = protocol
        """The game's side of the conversation (:meth:`ArenaGame.bot_agent`)."""
        self._finished = False

    @classmethod
    def popen(cls, argv: Sequence[str], *, game: str | ArenaGame = DEFAULT_GAME,
              limits: Limits | None = None, cwd: str | None = None) -> SimpleBot:
        """Start a bot process and shake hands."""
        from seabattle.arena.games import find_arena_game

        component = find_arena_game(game) if isinstance(game, str) else game
        runner = asyncio.Runner()
        try:
            bot = runner.run(BotProcess.popen(argv, hello=component.hello,
                                              versions=component.versions, limits=limits,
                                              cwd=cwd))
        except BaseException:
            runner.close()
            raise
        return cls(runner, bot, component.bot_agent(bot))

    def _run(self, coroutine: Coroutine[Any, Any, _T]) -> _T:
        return self._runner.run(coroutine)

    def __getattr__(self, name: str) -> Any:
        """The game protocol's method ``name``, blocking if it is a coroutine function."""
        if name.startswith("_") or name == "protocol":  # not set yet: no recursion
            raise AttributeError(name)
        method = getattr(self.protocol, name)
        if not inspect.iscoroutinefunction(method):
            return method

        def blocking(*args: Any, **kwargs: Any) -> Any:
            return self._run(method(*args, **kwargs))

        return blocking

    @property
    def id(self) -> dict[str, str]:
        """See :attr:`BotProcess.id`."""
        return self.bot.id

    def ping(self, ms: int | None = None) -> None:
        """See :meth:`BotProcess.ping`."""
        self._run(self.bot.ping(ms))

    def quit(self) -> None:
        """Ask the bot to exit, stop it, and close the event loop (idempotent)."""
        self._finish(polite=True)

    def close(self) -> None:
        """Stop the bot now and close the event loop (idempotent)."""
        self._finish(polite=False)

    def _finish(self, *, polite: bool) -> None:
        if self._finished:
            return
        self._finished = True
        try:
            self._run(self.bot.quit() if polite else self.bot.close())
        finally:
            self._runner.close()

    def __enter__(self) -> SimpleBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()
