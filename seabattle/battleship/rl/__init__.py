"""Battleship's reinforcement-learning environments (the extra ``seabattle[rl]``).

:class:`~seabattle.battleship.rl.env.SeaBattleEnv` (Gymnasium, ``SeaBattle-v0``) and
:mod:`~seabattle.battleship.rl.multi` (PettingZoo AEC self-play), registered for the game
``battleship`` in :data:`seabattle.rl.ENVIRONMENTS`.
"""
