"""What every game's terminal screens are built from, and how the shells find them.

The full-screen shell (:mod:`seabattle.tui`: the app, the new-game form's frame, the
game-over frame) and the line-mode shell (:mod:`seabattle.plain`) serve any game; each game
brings its own screens (a :class:`~seabattle.terminal.hook.ScreenSet`) and its own line
game (a :class:`~seabattle.terminal.lines.LineGame`), found by the game's name through
:mod:`seabattle.terminal.registry`. This package is what both sides share: the hooks, the
phrasebook's game-neutral part (:mod:`~seabattle.terminal.phrases`), the message line
(:mod:`~seabattle.terminal.notice`), the key-help line (:mod:`~seabattle.terminal.keys`),
the yes/no dialog (:mod:`~seabattle.terminal.confirm`) and line-by-line input and output
(:mod:`~seabattle.terminal.lines`). It imports no game, and no game's package imports the
shells: a game's screens import this package only.
"""
