"""The difficulty levels of ``--level`` and the strategies behind them."""

from __future__ import annotations

import random

from seabattle.ai.admiral import AdmiralStrategy
from seabattle.ai.base import TargetingStrategy
from seabattle.ai.density import DensityStrategy
from seabattle.ai.hunt import HuntStrategy
from seabattle.ai.random_shots import RandomStrategy
from seabattle.ai.weights import WeightsStrategy
from seabattle.errors import SeaBattleError

STRATEGIES: dict[str, type[TargetingStrategy]] = {
    cls.name: cls for cls in (RandomStrategy, HuntStrategy, WeightsStrategy, DensityStrategy,
                              AdmiralStrategy)
}
"""Every targeting strategy by name."""

LEVELS: dict[str, str] = {
    "novice": "random",
    "easy": "hunt",
    "medium": "weights",
    "hard": "density",
    "admiral": "admiral",
}
"""Each difficulty level and the strategy that plays it, weakest first."""


def make_strategy(name: str, rng: random.Random) -> TargetingStrategy:
    """A targeting strategy by level (``hard``) or strategy name (``density``)."""
    key = LEVELS.get(name.lower(), name.lower())
    try:
        return STRATEGIES[key](rng)
    except KeyError:
        raise SeaBattleError("error.unknown_level", name=name,
                             known=", ".join([*LEVELS, *STRATEGIES])) from None
