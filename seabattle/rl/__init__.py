"""Reinforcement learning: Gymnasium and PettingZoo environments, registered per game.

Needs the optional extra ``seabattle[rl]``. Each game of :mod:`seabattle.games.registry`
that has environments names them among its definition's parts
(:class:`~seabattle.games.interface.GameParts`): its Gymnasium ids with their entry points
(``gym_envs``) and its PettingZoo AEC constructor (``aec_env``). Importing this package
registers the Gymnasium ids of every game registered by then (:func:`env_ids` registers
those of a game registered later), so that for Battleship

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
:class:`~seabattle.games.interface.GameState`), then name them in its definition's parts::

    parts = GameParts(gym_envs={"Name-v0": "seabattle.NAME.rl.env:NameEnv"},
                      aec_env="seabattle.NAME.rl.multi:env")

Ids are the game's own (``SeaBattle-v0`` stays Battleship's); entry points are strings, so
nothing of a game's environments is imported before one is made.
"""

from __future__ import annotations

import importlib
from typing import Any

import gymnasium

from seabattle.errors import UnknownGameError
from seabattle.games.registry import find_game, game_names

ENV_ID = "SeaBattle-v0"
"""Battleship's Gymnasium id (kept from before games were registered)."""


def env_ids(game: str) -> list[str]:
    """``game``'s Gymnasium ids, registered with Gymnasium (a game registered after this
    package was imported has them registered now)."""
    ids = find_game(game).parts.gym_envs
    for env_id, entry_point in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)
    return list(ids)


def aec_env(game: str, **kwargs: Any) -> Any:
    """``game``'s PettingZoo AEC environment, in PettingZoo's usual wrappers."""
    entry = find_game(game).parts.aec_env
    if entry is None:
        raise UnknownGameError(name=game, known=", ".join(
            name for name in game_names() if find_game(name).parts.aec_env))
    return _load(entry)(**kwargs)


def _load(entry_point: str) -> Any:
    module, _, name = entry_point.partition(":")
    return getattr(importlib.import_module(module), name)


def __getattr__(name: str) -> Any:
    """``SeaBattleEnv``: Battleship's Gymnasium class, as before games were registered."""
    if name == "SeaBattleEnv":
        return _load(find_game("battleship").parts.gym_envs[ENV_ID])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


for _game in game_names():
    env_ids(_game)

__all__ = ["ENV_ID", "SeaBattleEnv", "aec_env", "env_ids"]
