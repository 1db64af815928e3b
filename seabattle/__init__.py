"""seabattle: Морской бой (Sea Battle / Battleship).

The rules engine is the modules :mod:`~seabattle.coords`, :mod:`~seabattle.rules`,
:mod:`~seabattle.shapes`, :mod:`~seabattle.fleet`, :mod:`~seabattle.events`,
:mod:`~seabattle.game`, :mod:`~seabattle.view` and :mod:`~seabattle.record`; they do
no I/O. The terminal game, computer opponents and command line only call them.
"""

__version__ = "0.1.0"
