"""How many worker processes a parallel run uses by default: the benchmark and the arena's
matches and tournaments (``--jobs``) both ask :func:`default_jobs`."""

from __future__ import annotations

import os


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
