"""Where the terminal shells find a game's screens and line game, by the game's name.

A game named in the game registry (:mod:`seabattle.games.registry`) is played in the
terminal when its definition's parts (:class:`~seabattle.games.interface.GameParts`) name
them: ``screen_set``, the module holding its :class:`~seabattle.terminal.hook.ScreenSet` as
``SCREEN_SET``, and ``line_game``, the module holding its
:class:`~seabattle.terminal.lines.LineGame` as ``LINE_GAME``. The modules are imported
only when the game is played, so the shells import no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seabattle.games.registry import find_part

if TYPE_CHECKING:  # the line-mode game must not load Textual for the screens' hook
    from seabattle.terminal.hook import ScreenSet
    from seabattle.terminal.lines import LineGame


def find_screen_set(name: str) -> ScreenSet[Any, Any, Any]:
    """The full-screen screens of the game ``name``; raises
    :class:`~seabattle.errors.UnknownGameError` for a game the registry does not know and
    :class:`~seabattle.errors.SeaBattleError` for one without screens."""
    screens: ScreenSet[Any, Any, Any] = find_part(name, "screen_set", "play")
    return screens


def find_line_game(name: str) -> LineGame[Any, Any]:
    """The line-by-line game of the game ``name`` (refused as :func:`find_screen_set`)."""
    lines: LineGame[Any, Any] = find_part(name, "line_game", "play")
    return lines
