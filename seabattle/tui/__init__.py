"""The full-screen terminal game, ``seabattle play``, built on Textual: the shell.

:func:`run_tui` runs :class:`~seabattle.tui.app.SeaBattleApp` for a game: the game's own
screens (its :class:`~seabattle.terminal.hook.ScreenSet`, found by the game's name through
:mod:`seabattle.terminal.registry`; Battleship's are :mod:`seabattle.battleship.terminal.tui`), then
the game-over screen (:mod:`~seabattle.tui.game_over`); the new-game form's frame is
:mod:`~seabattle.tui.new_game`, and ``app.tcss`` styles them all. Every text comes from
the ``tui.*`` keys of :mod:`seabattle.i18n.catalog_tui` and the games' own messages.
"""

from __future__ import annotations

import sys

from seabattle.games.registry import DEFAULT_GAME
from seabattle.terminal.session import TerminalSettings
from seabattle.tui.app import SeaBattleApp

__all__ = ["SeaBattleApp", "run_tui"]


def run_tui(settings: TerminalSettings, game: str = DEFAULT_GAME, *, guide: bool = False) -> int:
    """Play ``game`` full-screen against the computer; returns the exit status.

    The record is saved once more on the way out, whatever ended the app, so a
    game in progress is never lost.
    """
    app = SeaBattleApp(settings, game, guide=guide)
    try:
        app.run()
    finally:
        app.save_record()
    if app.save_problem is not None:
        print(f"seabattle: {app.save_problem}", file=sys.stderr)
        return 1
    return app.return_code or 0
