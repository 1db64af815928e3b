"""Python's generator inside compiled loops: the Mersenne Twister of ``random.Random``.

A compiled loop (:mod:`~seabattle.battleship.ai._kernels`) cannot call a Python
``random.Random``. It takes the generator's state instead (:func:`state_of`), draws
with :func:`next_random` what ``rng.random()`` would have drawn (MT19937 and the same 53-bit
formula as CPython's ``_random`` module), and the generator is then given the state it
reached (:func:`restore`). The stream is the same to the bit, so a seeded loop draws
exactly what the interpreted loop it replaces drew, and the generator goes on from
there.

>>> import random
>>> rng, same = random.Random(5), random.Random(5)
>>> state = state_of(rng)
>>> next_random(state) == same.random()
True
>>> restore(rng, state)
>>> rng.random() == same.random()
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

State = npt.NDArray[np.uint64]
"""The generator's 624 words, then the index of the next one to use."""

_N = 624
_M = 397
_UPPER = np.uint64(0x80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MATRIX = np.uint64(0x9908B0DF)
_WORD = np.uint64(0xFFFFFFFF)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)


def state_of(rng: random.Random) -> State:
    """``rng``'s state, for the compiled loops (a ``random.SystemRandom``, which has
    none, gives a generator seeded from it)."""
    if isinstance(rng, random.SystemRandom):
        rng = random.Random(rng.getrandbits(128))
    _, words, _ = rng.getstate()
    return np.array(words, dtype=np.uint64)


def restore(rng: random.Random, state: State) -> None:
    """Give ``rng`` the state a compiled loop left in ``state`` (nothing for a
    ``random.SystemRandom``)."""
    if isinstance(rng, random.SystemRandom):
        return
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(state.tolist()), gauss))


@njit(cache=True)
def _word(state: Any) -> Any:
    """The next 32-bit output of the twister (``genrand_uint32``)."""
    if state[_N] >= _N:
        for k in range(_N):
            y = (state[k] & _UPPER) | (state[(k + 1) % _N] & _LOWER)
            mixed = state[(k + _M) % _N] ^ (y >> _ONE)
            if y & _ONE:
                mixed ^= _MATRIX
            state[k] = mixed
        state[_N] = _ZERO
    y = state[state[_N]]
    state[_N] += _ONE
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & _WORD


@njit(cache=True)
def next_random(state: Any) -> float:
    """What ``random.Random.random()`` returns next, drawn from ``state``."""
    a = _word(state) >> np.uint64(5)
    b = _word(state) >> np.uint64(6)
    return (float(a) * 67108864.0 + float(b)) * (1.0 / 9007199254740992.0)
