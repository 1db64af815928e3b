"""Talking to a bot: an async core over a line transport, and a blocking wrapper.

:class:`BotProcess` speaks the arena's side of the bot protocol
(``docs/protocol.md``, messages in :mod:`seabattle.battleship.protocol`) over a
:class:`LineTransport`: normally :class:`SubprocessTransport`, the bot's
stdin/stdout, and in tests a scripted mock. Every wait has a deadline, so a bot can
never hang the arena: a bot that is silent too long raises
:class:`~seabattle.errors.BotTimeoutError`, one that exits or closes its output
:class:`~seabattle.errors.BotCrashedError`, one that says something unexpected
:class:`~seabattle.errors.ProtocolSyntaxError`; an illegal fleet or shot raises
the engine's own error. The caller (:mod:`seabattle.arena.match`) turns any of them
into a lost game and kills the process.

:class:`SimpleBot` is the blocking wrapper, as python-chess's ``SimpleEngine``:
the same methods without ``await``, each run to completion on a private event loop.

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
import os
import signal
import time
from collections import deque
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.protocol import (
    MAX_LINE,
    SUPPORTED_VERSIONS,
    Command,
    FleetReply,
    GameOver,
    Hello,
    HelloOk,
    Id,
    Info,
    IsReady,
    NewGame,
    PlaceRequest,
    Quit,
    ReadyOk,
    Reply,
    Resign,
    Reveal,
    ShootRequest,
    ShotReport,
    fleet_cells,
    fleet_from_cells,
    parse_reply,
)
from seabattle.battleship.protocol import Fire as FireReply
from seabattle.battleship.rules import Announcement, Rules
from seabattle.errors import BotCrashedError, BotTimeoutError, ProtocolSyntaxError

_T = TypeVar("_T")


@dataclass(frozen=True)
class Limits:
    """How long a bot may take, in milliseconds.

    A request's limit is sent to the bot; the arena waits ``grace_ms`` longer before
    calling it a timeout, for the pipes and a busy machine.
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

        Raises :class:`ProtocolSyntaxError` for a line longer than
        :data:`~seabattle.battleship.protocol.MAX_LINE` or not UTF-8.
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
    """The arena's side of a conversation with one bot (async).

    Start with :meth:`popen` (or wrap any transport and call :meth:`handshake`); then,
    per game: :meth:`new_game`, :meth:`place`, then :meth:`shoot` whenever it is the
    bot's turn and :meth:`report` after every shot; :meth:`game_over` at the end.
    :meth:`quit` ends the process politely, :meth:`close` at once.
    """

    def __init__(self, transport: LineTransport, *, limits: Limits | None = None) -> None:
        self.transport = transport
        self.limits = limits or Limits()
        self.id: dict[str, str] = {}
        """What the bot said of itself in the handshake (``name``, ``author``, …)."""
        self.version: int | None = None
        self.info: deque[str] = deque(maxlen=20)
        """The last ``info`` lines the bot sent."""
        self.rules: Rules | None = None
        self.last_move_seconds = 0.0
        """How long the last request took to answer."""
        self.last_line: str | None = None
        """The last line the bot sent (``info`` lines aside)."""
        self.closed = False

    @classmethod
    async def popen(cls, argv: Sequence[str], *, limits: Limits | None = None,
                    cwd: str | None = None) -> BotProcess:
        """Start a bot process and shake hands; raises a :class:`BotError` if either fails."""
        transport = await SubprocessTransport.start(argv, cwd=cwd)
        bot = cls(transport, limits=limits)
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

    # --- the conversation ---------------------------------------------------------

    def send(self, command: Command) -> str:
        """Queue one command (formatted for the current game's field); returns the line."""
        line = command.to_line(self.rules.grid if self.rules else None)
        self.transport.write_line(line)
        return line

    async def _request(self, command: Command, expected: tuple[type[Reply], ...],
                       ms: int) -> Reply:
        """Send ``command`` and wait for a reply of an ``expected`` type, ``info`` skipped."""
        line = self.send(command)
        return await self._expect(expected, ms, line.split()[0])

    async def _expect(self, expected: tuple[type[Reply], ...], ms: int, after: str,
                      grace: bool = True) -> Reply:
        seconds = self.limits.seconds(ms) if grace else ms / 1000
        start = time.perf_counter()
        deadline = start + seconds
        names = " or ".join(_REPLY_WORDS[kind] for kind in expected)
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
                if not line.strip():
                    continue
                if not line.startswith("info"):
                    self.last_line = line
                reply = parse_reply(line, self.rules.grid if self.rules else None)
                if isinstance(reply, Info):
                    self.info.append(reply.text)
                    continue
                if not isinstance(reply, expected):
                    raise ProtocolSyntaxError(line=line,
                                              problem=f"expected {names} after {after!r}")
                self.last_move_seconds = time.perf_counter() - start
                return reply
        except TimeoutError:
            raise BotTimeoutError(ms=ms, expected=names) from None

    async def handshake(self) -> None:
        """``seabattle 1`` … ``seabattleok 1``; records the bot's ``id`` lines."""
        deadline_ms = self.limits.handshake_ms
        self.send(Hello())
        start = time.perf_counter()
        while True:
            left = deadline_ms - int((time.perf_counter() - start) * 1000)
            reply = await self._expect((Id, HelloOk), max(left, 0), "seabattle", grace=False)
            if isinstance(reply, Id):
                self.id[reply.key] = reply.value
                continue
            assert isinstance(reply, HelloOk)
            if reply.version not in SUPPORTED_VERSIONS:
                raise ProtocolSyntaxError(
                    line=reply.to_line(), problem="unsupported protocol version; this arena "
                    f"speaks {', '.join(map(str, SUPPORTED_VERSIONS))}")
            self.version = reply.version
            return

    async def ping(self, ms: int | None = None) -> None:
        """``isready`` … ``readyok``."""
        await self._request(IsReady(), (ReadyOk,), ms or self.limits.handshake_ms)

    async def new_game(self, rules: Rules) -> None:
        """Announce a new game under ``rules`` (no answer expected)."""
        self.rules = rules
        self.send(NewGame(rules))

    async def place(self, ms: int | None = None) -> Fleet:
        """Ask for the bot's fleet; returns it validated against the rules.

        Raises a :class:`BotError`, or the engine's placement error for an illegal fleet.
        """
        rules = self._rules()
        reply = await self._request(PlaceRequest(ms or self.limits.place_ms), (FleetReply,),
                                    ms or self.limits.place_ms)
        assert isinstance(reply, FleetReply)
        return fleet_from_cells(rules, reply.ships)

    async def shoot(self, ms: int | None = None) -> int | None:
        """Ask for the bot's shot: the cell, or ``None`` if the bot resigns.

        The cell is on the field but not checked against the shots already fired
        (the game does that).
        """
        self._rules()
        reply = await self._request(ShootRequest(ms or self.limits.shot_ms),
                                    (FireReply, Resign), ms or self.limits.shot_ms)
        return reply.cell if isinstance(reply, FireReply) else None

    def report(self, shot: Shot, own: bool, kind_size: int | None = None,
               kind_name: str = "") -> None:
        """Tell the bot the answer to a shot (its own if ``own``, else the opponent's).

        ``kind_size``/``kind_name`` name a sunk ship when the rules announce kinds.
        """
        rules = self._rules()
        announce = rules.announce is Announcement.TYPE and shot.result is ShotResult.SUNK
        self.send(ShotReport(own, shot.cell, shot.result, kind_size if announce else None,
                             kind_name if announce else ""))

    def game_over(self, won: bool, reason: str, opponent_fleet: Fleet | None = None) -> None:
        """Tell the bot the game is over (and show it the opponent's fleet)."""
        if opponent_fleet is not None:
            self.send(Reveal(fleet_cells(opponent_fleet)))
        self.send(GameOver("win" if won else "loss", reason))  # type: ignore[arg-type]

    async def quit(self, ms: int = 1000) -> None:
        """Send ``quit``, give the bot ``ms`` to exit, then make sure it has gone."""
        if not self.closed:
            self.send(Quit())
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.transport.flush(), ms / 1000)
                if isinstance(self.transport, SubprocessTransport):
                    await self.transport.wait_exit(ms / 1000)
        await self.close()

    async def close(self) -> None:
        """Stop the bot now."""
        self.closed = True
        await self.transport.close()

    def _rules(self) -> Rules:
        if self.rules is None:
            raise RuntimeError("no game in progress: call new_game first")
        return self.rules


_REPLY_WORDS: dict[type[Reply], str] = {
    Id: "id", HelloOk: "seabattleok", ReadyOk: "readyok", FleetReply: "fleet",
    FireReply: "fire", Resign: "resign", Info: "info",
}


class SimpleBot:
    """A blocking :class:`BotProcess`: the same methods, each run to completion.

    Each wrapper owns a private event loop (:class:`asyncio.Runner`), so it cannot be
    used from inside a running event loop; use :class:`BotProcess` there.
    """

    def __init__(self, runner: asyncio.Runner, bot: BotProcess) -> None:
        self._runner = runner
        self.bot = bot
        self._finished = False

    @classmethod
    def popen(cls, argv: Sequence[str], *, limits: Limits | None = None,
              cwd: str | None = None) -> SimpleBot:
        """Start a bot process and shake hands."""
        runner = asyncio.Runner()
        try:
            bot = runner.run(BotProcess.popen(argv, limits=limits, cwd=cwd))
        except BaseException:
            runner.close()
            raise
        return cls(runner, bot)

    def _run(self, coroutine: Coroutine[Any, Any, _T]) -> _T:
        return self._runner.run(coroutine)

    @property
    def id(self) -> dict[str, str]:
        """See :attr:`BotProcess.id`."""
        return self.bot.id

    def ping(self, ms: int | None = None) -> None:
        """See :meth:`BotProcess.ping`."""
        self._run(self.bot.ping(ms))

    def new_game(self, rules: Rules) -> None:
        """See :meth:`BotProcess.new_game`."""
        self._run(self.bot.new_game(rules))

    def place(self, ms: int | None = None) -> Fleet:
        """See :meth:`BotProcess.place`."""
        return self._run(self.bot.place(ms))

    def shoot(self, ms: int | None = None) -> int | None:
        """See :meth:`BotProcess.shoot`."""
        return self._run(self.bot.shoot(ms))

    def report(self, shot: Shot, own: bool, kind_size: int | None = None,
               kind_name: str = "") -> None:
        """See :meth:`BotProcess.report`."""
        self.bot.report(shot, own, kind_size, kind_name)

    def game_over(self, won: bool, reason: str, opponent_fleet: Fleet | None = None) -> None:
        """See :meth:`BotProcess.game_over`."""
        self.bot.game_over(won, reason, opponent_fleet)

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
