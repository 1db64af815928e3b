"""Where chance's draws come from: the system's entropy in real games, a seed in tests.

Anything an opponent must not foresee (dice, the lot for the first move, the computer's
choices) is drawn by the host from :func:`entropy`; tests, benchmarks and reproducible
lessons pass :func:`seeded`. Either way the draw is applied to the state as a move of
:data:`~seabattle.games.interface.CHANCE` and logged, so a replay needs no generator.

>>> from fractions import Fraction
>>> from seabattle.games.interface import ChanceOutcome
>>> draw([ChanceOutcome("heads", Fraction(1, 2)), ChanceOutcome("tails", Fraction(1, 2))],
...      seeded(3))
'heads'
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

from seabattle.games.interface import ChanceOutcome

T = TypeVar("T")


ENTROPY_BITS = 256
"""Bits of the operating system's entropy that seed each :func:`entropy` generator."""


def entropy() -> random.Random:
    """A generator seeded from the operating system's entropy (nothing to predict: the
    seed is 256 random bits, never shown or logged; what is drawn is logged instead).
    Its draws cost no system call, where ``random.SystemRandom`` made one per draw: a
    uniform classic fleet cost 11.5 ms of CPU that way and 2.7 ms so (0.5 ms since the
    sampler is compiled: docs/admiral.md, «The compiled chain»), which is
    what a server setting up many games at once pays (docs/server.md)."""
    return random.Random(secrets.randbits(ENTROPY_BITS))


def seeded(seed: int | str) -> random.Random:
    """A generator that draws the same numbers for the same seed."""
    return random.Random(seed)


def draw(outcomes: Sequence[ChanceOutcome[T]], rng: random.Random) -> T:
    """One outcome, drawn with its probability."""
    if not outcomes:
        raise ValueError("chance has no outcome to draw")
    chosen = rng.choices(outcomes, weights=[float(o.probability) for o in outcomes])[0]
    return chosen.action
