"""Where the computer seats of the server's rooms think: worker processes of their own.

A computer can think for a second or more (the manoeuvre game's ``hard``). The hub already
runs a room's change in a worker thread (:meth:`~seabattle.server.service.Hub._change`),
but a thread shares the interpreter's lock with the event loop: a computer thinking in one
takes the loop's core half the time, and every other game's messages wait. So a
:class:`ThinkingPool` runs the computers in processes of their own, at a lower priority
than the server's (``os.nice``), and the room's thread only waits for the answer.

Each room's computer lives in one worker for the whole game (a room is sent to the worker
its id hashes to), so that what it remembers between its moves (Battleship's admiral
learning from the person's earlier games, the manoeuvre game's watch on the enemy's
pieces) stays with it. It is sent the whole game state with each question: a state is a
few kB and a few milliseconds to copy, and nothing can drift apart. A worker that died
(killed, out of memory) is replaced and the question asked again of a new computer, told
the room's earlier games as the first one was; a computer forgotten by its worker (it keeps
:data:`SEATS_KEPT`) is made again the same way. A room restored from the store makes a new
computer too, in or out of a worker, so this loses nothing a restart would keep.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from seabattle.games.hosting import ComputerSeat
from seabattle.games.registry import find_game, game_names

SEATS_KEPT = 256
"""How many rooms' computers one worker keeps (the least recently asked is forgotten)."""

PARENT_CHECK_SECONDS = 1.0
"""How often a worker checks that the server that started it is still running."""

WORKER_NICENESS = 5
"""How much lower than the server's a worker's priority is: on a busy machine the event
loop's messages go first, a computer's answer waits."""


@dataclass(frozen=True)
class SeatKey:
    """Which computer: the room, its game, rule set and level."""

    room: str
    game: str
    rules: Any
    level: str


@dataclass(frozen=True)
class _Question:
    key: SeatKey
    earlier: tuple[tuple[Any, int], ...] | None
    """The room's earlier games and the seat the computer had in each, sent with a room's
    first question (``None`` after it: the worker knows the computer)."""
    state: Any
    seat: int


class _Unknown:
    """A worker's answer when it does not hold the room's computer (it was replaced, or
    forgot it): the question must be asked again with the earlier games."""


_UNKNOWN = _Unknown()

_seats: OrderedDict[str, ComputerSeat[Any, Any]] = OrderedDict()
"""A worker's computers, by room (in the worker process only)."""


def _start_worker() -> None:
    """In a new worker: a lower priority, and a watch on the server, whose death (even
    by ``kill -9``) ends the worker."""
    os.nice(WORKER_NICENESS)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()


def _end_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _warm_up() -> int:
    """In a worker: load every game, so that the first question is answered at once;
    the worker's process id."""
    for name in game_names():
        find_game(name)
    return os.getpid()


def _think(question: _Question) -> Any:
    """In a worker: the room's computer's action (``None`` if it has none now), or
    ``_UNKNOWN``."""
    key = question.key
    computer = _seats.get(key.room)
    if computer is None:
        if question.earlier is None:
            return _UNKNOWN
        host = find_game(key.game).host()
        assert host is not None, key.game  # a room of a game without a host has no computer
        computer = host.computer(key.rules, key.level, key.room)
        for state, seat in question.earlier:
            computer.learn(state, seat)
        _seats[key.room] = computer
        while len(_seats) > SEATS_KEPT:
            _seats.popitem(last=False)
    _seats.move_to_end(key.room)
    return computer.act(question.state, question.seat)


class ThinkingPool:
    """``processes`` worker processes in which the rooms' computers think.

    Started by :meth:`start` (the hub's app starts it with the server) and closed by
    :meth:`close`; :meth:`seat` makes a room's computer, whose ``act`` blocks the calling
    thread (never the event loop's) until its worker answers.
    """

    def __init__(self, processes: int, *, method: str = "spawn") -> None:
        if processes < 1:
            raise ValueError(f"a thinking pool needs a process, not {processes!r}")
        self.processes = processes
        self._context = multiprocessing.get_context(method)
        self._workers: list[concurrent.futures.ProcessPoolExecutor | None] = [None] * processes
        self._ready: list[concurrent.futures.Future[int] | None] = [None] * processes
        """Each worker's start: its games imported, its process id."""
        self._starting = threading.Lock()

    def start(self) -> None:
        """Start every worker now (else the first question of each starts it), all at
        once, and wait until each is ready; raises if one cannot start."""
        for _, ready in [self._launch(index) for index in range(self.processes)]:
            ready.result()

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [ready.result() for ready in self._ready
                if ready is not None and ready.done() and ready.exception() is None]

    def close(self) -> None:
        """Stop the workers (a question still being thought about is answered first)."""
        for worker in self._workers:
            if worker is not None:
                worker.shutdown(wait=True, cancel_futures=True)
        self._workers = [None] * self.processes
        self._ready = [None] * self.processes

    def seat(self, game: str, rules: Any, level: str, room: str) -> ComputerSeat[Any, Any]:
        """The computer of ``room`` (a game of ``game`` under ``rules``) at ``level``."""
        return _RemoteSeat(self, SeatKey(room, game, rules, level))

    def ask(self, key: SeatKey, earlier: Sequence[tuple[Any, int]], state: Any, seat: int,
            introduced: bool) -> Any:
        """The action of ``key``'s computer in ``state`` for ``seat`` (blocking); the
        computer is made and told ``earlier`` first unless its worker has it already
        (``introduced``). A worker that died is replaced and asked once more."""
        index = zlib.crc32(key.room.encode()) % self.processes
        broken = 0
        while True:
            question = _Question(key, None if introduced else tuple(earlier), state, seat)
            worker, ready = self._launch(index)
            try:
                ready.result()
                answer = worker.submit(_think, question).result()
            except BrokenProcessPool:
                with self._starting:  # unless another question replaced it already
                    if self._workers[index] is worker:
                        self._workers[index] = self._ready[index] = None
                broken += 1
                if broken > 1:
                    raise
                introduced = False
                continue
            if not isinstance(answer, _Unknown):
                return answer
            introduced = False

    def _launch(self, index: int) -> tuple[concurrent.futures.ProcessPoolExecutor,
                                           concurrent.futures.Future[int]]:
        """Worker ``index``, started if it is not running (without waiting for it), and
        its start."""
        with self._starting:
            worker, ready = self._workers[index], self._ready[index]
            if worker is None or ready is None:
                worker = self._workers[index] = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=self._context, initializer=_start_worker)
                ready = self._ready[index] = worker.submit(_warm_up)
            return worker, ready


class _RemoteSeat(ComputerSeat[Any, Any]):
    """A room's computer that thinks in the pool's worker for the room."""

    def __init__(self, pool: ThinkingPool, key: SeatKey) -> None:
        self.pool, self.key = pool, key
        self.earlier: list[tuple[Any, int]] = []
        self.introduced = False

    def learn(self, state: Any, seat: int) -> None:
        self.earlier.append((state, seat))

    def act(self, state: Any, seat: int) -> Any:
        action = self.pool.ask(self.key, self.earlier, state, seat, self.introduced)
        self.introduced = True
        return action
