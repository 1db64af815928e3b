"""Reinforcement learning: Gymnasium and PettingZoo environments, registered per game.

Needs the optional extra ``seabattle[rl]``. Each game of :mod:`seabattle.games.registry`
that has environments lists them in :data:`ENVIRONMENTS`: its Gymnasium ids (with their
entry points) and its PettingZoo AEC constructor. Importing this package registers every
game's Gymnasium ids, so that for Battleship

>>> import gymnasium as gym
>>> import seabattle.rl
>>> env = gym.make("SeaBattle-v0", rules="classic", opponent_placement="uniform")
>>> sorted(env_ids("battleship"))
['SeaBattle-v0']

works; keyword arguments go to the environment. The self-play version, one agent per
side, is :func:`aec_env` (PettingZoo's AEC API): ``aec_env("battleship")`` is
:func:`seabattle.battleship.rl.multi.env`. Battleship's environments live in its package:
:class:`~seabattle.battleship.rl.env.SeaBattleEnv` and
:class:`~seabattle.battleship.rl.multi.SeaBattleAEC`; this package imports no game, only
the entry points' strings name them (``SeaBattleEnv`` is still an attribute of this
package, found through its entry point).

How a game adds its own: write its environments next to its engine (say
``seabattle/NAME/rl/env.py``: a ``gymnasium.Env`` whose observation is built from the
game's view for one seat, and a PettingZoo ``AECEnv`` over its
:class:`~seabattle.games.interface.GameState`), then add one line to
:data:`ENVIRONMENTS` (or call :func:`register_game` from the game's package)::

    "NAME": GameEnvironments(gym={"Name-v0": "seabattle.NAME.rl.env:NameEnv"},
                             aec="seabattle.NAME.rl.multi:env"),

Ids are the game's own (``SeaBattle-v0`` stays Battleship's); entry points are strings, so
nothing of a game is imported before its environment is made.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import gymnasium

from seabattle.errors import UnknownGameError


@dataclass(frozen=True)
class GameEnvironments:
    """One game's environments: Gymnasium ids → entry points, and its PettingZoo AEC
    constructor (``module:function``, or ``None``)."""

    gym: Mapping[str, str] = field(default_factory=dict)
    aec: str | None = None


ENVIRONMENTS: dict[str, GameEnvironments] = {
    "battleship": GameEnvironments(
        gym={"SeaBattle-v0": "seabattle.battleship.rl.env:SeaBattleEnv"},
        aec="seabattle.battleship.rl.multi:env"),
}
"""Every game's environments, by the game's registry name."""

ENV_ID = "SeaBattle-v0"
"""Battleship's Gymnasium id (kept from before games were registered)."""


def register_game(game: str, environments: GameEnvironments) -> None:
    """List ``game``'s environments and register its Gymnasium ids."""
    ENVIRONMENTS[game] = environments
    for env_id, entry_point in environments.gym.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)


def _environments(game: str) -> GameEnvironments:
    if game not in ENVIRONMENTS:
        raise UnknownGameError(name=game, known=", ".join(ENVIRONMENTS))
    return ENVIRONMENTS[game]


def env_ids(game: str) -> list[str]:
    """``game``'s Gymnasium ids."""
    return list(_environments(game).gym)


def aec_env(game: str, **kwargs: Any) -> Any:
    """``game``'s PettingZoo AEC environment, in PettingZoo's usual wrappers."""
    entry = _environments(game).aec
    if entry is None:
        raise UnknownGameError(name=game, known=", ".join(
            name for name, envs in ENVIRONMENTS.items() if envs.aec))
    return _load(entry)(**kwargs)


def _load(entry_point: str) -> Any:
    module, _, name = entry_point.partition(":")
    return getattr(importlib.import_module(module), name)


def __getattr__(name: str) -> Any:
    """``SeaBattleEnv``: Battleship's Gymnasium class, as before games were registered."""
    if name == "SeaBattleEnv":
        return _load(ENVIRONMENTS["battleship"].gym[ENV_ID])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


for _game, _environments_of_game in list(ENVIRONMENTS.items()):
    register_game(_game, _environments_of_game)

__all__ = ["ENVIRONMENTS", "ENV_ID", "GameEnvironments", "SeaBattleEnv", "aec_env", "env_ids",
           "register_game"]
