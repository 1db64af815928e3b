"""Reinforcement learning: ``SeaBattle-v0`` for Gymnasium, and a PettingZoo two-player game.

Needs the optional extra ``seabattle[rl]``. Importing this package registers
``SeaBattle-v0`` (:class:`~seabattle.rl.env.SeaBattleEnv`), so that

>>> import gymnasium as gym
>>> import seabattle.rl
>>> env = gym.make("SeaBattle-v0", rules="classic", opponent_placement="uniform")

works; keyword arguments go to the environment. The self-play version, one agent
per side, is :func:`seabattle.rl.multi.env` (PettingZoo's AEC API).
"""

from __future__ import annotations

import gymnasium

from seabattle.rl.env import SeaBattleEnv

ENV_ID = "SeaBattle-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="seabattle.rl.env:SeaBattleEnv")

__all__ = ["ENV_ID", "SeaBattleEnv"]
