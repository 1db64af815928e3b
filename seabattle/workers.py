"""Worker processes for the parallel runs (``--jobs``): the benchmark, its series, and the
arena's matches and tournaments ask :func:`default_jobs` how many, and run their work
through :func:`in_workers`."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

Result = TypeVar("Result")


def default_jobs() -> int:
    """Worker processes to use by default: one per core this process may run on.

    The cores this process may run on, not the machine's: in a container or under
    ``taskset`` the two differ, and one worker per idle core only slows the others down.

    >>> default_jobs() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - not on Linux: no affinity to ask
        return os.cpu_count() or 1


def in_workers(function: Callable[..., Result], calls: Sequence[tuple[Any, ...]], jobs: int
               ) -> Iterator[tuple[int, Result]]:
    """``function(*call)`` for every call of ``calls``, in up to ``jobs`` worker processes:
    ``(index of the call, result)`` as each finishes, in the order they finish.

    The workers are started fresh (forkserver, or spawn where there is none), not forked,
    so that no thread of this process (a progress bar's) is copied half-way through
    something; ``function`` and the calls' arguments must be picklable. An error in a
    call is raised here, and the calls not yet started are dropped.
    """
    method = ("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
              else "spawn")
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(calls))),
                             mp_context=context) as pool:
        futures: dict[Future[Result], int] = {pool.submit(function, *call): index
                                              for index, call in enumerate(calls)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            for pending in futures:
                pending.cancel()
            raise
