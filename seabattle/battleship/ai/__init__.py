"""Computer opponents: targeting strategies (where to shoot) and placement strategies.

Strategies receive only a :class:`~seabattle.battleship.view.PlayerView`, never the hidden
fleet, and draw every random choice from the generator they were given.
:data:`LEVELS` maps the difficulty levels of ``--level`` to strategies.
"""
