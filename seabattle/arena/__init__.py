"""Bots as processes, matches and tournaments between any players, for any game.

:mod:`~seabattle.arena.bots` talks to a bot process, :mod:`~seabattle.arena.match` plays,
schedules and rates games, and :mod:`~seabattle.arena.games` says what a game brings (its
bot protocol and players, found through its definition): ``docs/arena.md``.
"""
