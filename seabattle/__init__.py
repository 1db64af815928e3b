"""seabattle: Морской бой (Sea Battle / Battleship, the fleet battle and the manoeuvre game).

Shared: :mod:`~seabattle.coords`, :mod:`~seabattle.errors`, :mod:`~seabattle.i18n` and the
game interface with its registry (:mod:`~seabattle.games`). Each game is a package of its own
(:mod:`~seabattle.battleship`); the applications (terminal, line mode, server, bots, arena,
RL, command line) call the games. The layers: ``docs/architecture.md``.
"""


__version__ = "0.1.0"
