"""The full-screen terminal game, ``seabattle play``, built on Textual.

:func:`run_tui` runs :class:`~seabattle.tui.app.SeaBattleApp`: the set-up screen
(:mod:`~seabattle.tui.setup`), the battle (:mod:`~seabattle.tui.battle`) and the
game-over screen (:mod:`~seabattle.tui.game_over`), drawn by the widgets of
:mod:`~seabattle.tui.board` and styled by ``app.tcss``. Every text comes from the
``tui.*`` keys of :mod:`seabattle.i18n.catalog_tui` and the engine's own messages.
"""

from __future__ import annotations

import sys

from seabattle.battleship.session import GameSettings
from seabattle.tui.app import SeaBattleApp

__all__ = ["SeaBattleApp", "run_tui"]


def run_tui(settings: GameSettings) -> int:
    """Play full-screen against the computer; returns the exit status.

    The record is saved once more on the way out, whatever ended the app, so a
    game in progress is never lost.
    """
    app = SeaBattleApp(settings)
    try:
        app.run()
    finally:
        app.save_record()
    if app.save_problem is not None:
        print(f"seabattle: {app.save_problem}", file=sys.stderr)
        return 1
    return app.return_code or 0
