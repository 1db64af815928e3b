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
from seabattle.rules import Rules

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


def make_strategy(name: str, rng: random.Random, rules: Rules | None = None
                  ) -> TargetingStrategy:
    """A targeting strategy by level (``hard``) or strategy name (``density``).

    Given ``rules`` that the strategy cannot model (the admiral and the Flying
    Dutchman, say), the next weaker level that can plays instead: every level plays
    every rule set (docs/variants.md lists which plays what).
    """
    key = LEVELS.get(name.lower(), name.lower())
    try:
        chosen = STRATEGIES[key]
    except KeyError:
        raise SeaBattleError("error.unknown_level", name=name,
                             known=", ".join([*LEVELS, *STRATEGIES])) from None
    if rules is not None and not chosen.supports(rules):
        weaker = list(LEVELS.values())
        position = weaker.index(key) if key in weaker else len(weaker)
        chosen = next(STRATEGIES[k] for k in reversed(weaker[:position])
                      if STRATEGIES[k].supports(rules))
    return chosen(rng)
