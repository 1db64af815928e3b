"""Battleship's reinforcement-learning environments (the extra ``seabattle[rl]``).

:class:`~seabattle.battleship.rl.env.SeaBattleEnv` (Gymnasium, ``SeaBattle-v0``) and
:mod:`~seabattle.battleship.rl.multi` (PettingZoo AEC self-play), named for the game
``battleship`` in its definition's parts (``gym_envs``, ``aec_env``) and registered by
:mod:`seabattle.rl`.
"""
