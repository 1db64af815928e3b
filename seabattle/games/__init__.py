"""The shared seam of the three games: the game interface and the registry of games.

:mod:`~seabattle.games.interface` says what every game provides (a definition and its
states, in OpenSpiel's mould); :mod:`~seabattle.games.registry` finds a game by name;
:mod:`~seabattle.games.chance` is where chance's draws come from. Nothing here imports a
game: the registry loads them by name. How to add a game: ``docs/architecture.md``.
"""
