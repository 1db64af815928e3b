"""The difficulty levels of ``--level`` and the strategies behind them."""

from __future__ import annotations

import random
from collections.abc import Mapping

from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.corners import CornersFirstStrategy
from seabattle.battleship.ai.density import DensityStrategy
from seabattle.battleship.ai.hunt import HuntStrategy
from seabattle.battleship.ai.random_shots import RandomStrategy
from seabattle.battleship.ai.weights import WeightsStrategy
from seabattle.battleship.rules import Rules
from seabattle.errors import SeaBattleError

STRATEGIES: dict[str, type[TargetingStrategy]] = {
    cls.name: cls for cls in (RandomStrategy, HuntStrategy, WeightsStrategy, DensityStrategy,
                              AdmiralStrategy, CornersFirstStrategy)
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

NAMES: tuple[str, ...] = tuple(dict.fromkeys([*LEVELS, *STRATEGIES]))
"""Every name :func:`make_strategy` takes: the levels, then the other strategy names."""


def split_level(text: str) -> tuple[str, dict[str, str]]:
    """A level with settings, ``admiral:hunt_exponent=0.5:depth=2``, as its name and settings.

    >>> split_level("admiral:depth=2:discount=1")
    ('admiral', {'depth': '2', 'discount': '1'})
    >>> split_level("hard")
    ('hard', {})
    """
    name, *parts = text.split(":")
    settings: dict[str, str] = {}
    for part in parts:
        key, equals, value = part.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise SeaBattleError("error.bad_setting", level=text, setting=part)
        settings[key.strip()] = value.strip()
    return name.strip(), settings


def make_strategy(name: str, rng: random.Random, rules: Rules | None = None,
                  settings: Mapping[str, str] | None = None) -> TargetingStrategy:
    """A targeting strategy by level (``hard``) or strategy name (``density``).

    Given ``rules`` that the strategy cannot model (``hard`` and the Flying Dutchman,
    whose ``king`` shapes its density map cannot list, say), the next weaker level that
    can plays instead: every level plays
    every rule set (docs/variants.md lists which plays what). ``settings`` tune the
    strategy (see :meth:`~seabattle.battleship.ai.base.TargetingStrategy.tuned`; only the
    benchmark offers them); a weaker level playing instead ignores them.
    """
    key = LEVELS.get(name.lower(), name.lower())
    try:
        chosen = STRATEGIES[key]
    except KeyError:
        raise SeaBattleError("error.unknown_level", name=name,
                             known=", ".join(NAMES)) from None
    if rules is not None and not chosen.supports(rules):
        weaker = list(LEVELS.values())
        position = weaker.index(key) if key in weaker else len(weaker)
        chosen = next(STRATEGIES[k] for k in reversed(weaker[:position])
                      if STRATEGIES[k].supports(rules))
        return chosen(rng)
    return chosen.tuned(rng, settings or {})
