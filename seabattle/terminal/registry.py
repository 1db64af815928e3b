"""Where the terminal shells find a game's screens and line game, by the game's name.

A game named in the game registry (:mod:`seabattle.games.registry`) is played in the
terminal when it is listed here too: its name, the module holding its
:class:`~seabattle.terminal.hook.ScreenSet` as ``SCREEN_SET`` and the module holding its
:class:`~seabattle.terminal.lines.LineGame` as ``LINE_GAME``. The modules are imported
only when the game is played, so the shells import no game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from seabattle.errors import SeaBattleError
from seabattle.games.registry import find_game

if TYPE_CHECKING:  # the line-mode game must not load Textual for the screens' hook
    from seabattle.terminal.hook import ScreenSet
    from seabattle.terminal.lines import LineGame


@dataclass(frozen=True)
class TerminalModules:
    """The modules of one game's terminal parts."""

    screens: str
    """The module with ``SCREEN_SET``, the full-screen game's screens."""
    lines: str
    """The module with ``LINE_GAME``, the line-by-line game."""


_BUILTIN: dict[str, TerminalModules] = {
    "battleship": TerminalModules("seabattle.battleship.tui", "seabattle.battleship.plain"),
}
_added: dict[str, TerminalModules] = {}


def register(name: str, modules: TerminalModules) -> None:
    """Play the game called ``name`` in the terminal with ``modules``."""
    _added[name] = modules


def unregister(name: str) -> None:
    """Forget what :func:`register` added (a built-in game stays)."""
    _added.pop(name, None)


def terminal_modules(name: str) -> TerminalModules:
    """The terminal parts of the game ``name``; raises
    :class:`~seabattle.errors.UnknownGameError` for a game the registry does not know and
    :class:`~seabattle.errors.SeaBattleError` for one not played in the terminal."""
    find_game(name)
    modules = _added.get(name) or _BUILTIN.get(name)
    if modules is None:
        raise SeaBattleError("error.generic", problem=f"{name} is not played in the terminal")
    return modules


def find_screen_set(name: str) -> ScreenSet[Any, Any, Any]:
    """The full-screen screens of the game ``name``."""
    module = importlib.import_module(terminal_modules(name).screens)
    screens: ScreenSet[Any, Any, Any] = module.SCREEN_SET
    return screens


def find_line_game(name: str) -> LineGame[Any, Any]:
    """The line-by-line game of the game ``name``."""
    module = importlib.import_module(terminal_modules(name).lines)
    lines: LineGame[Any, Any] = module.LINE_GAME
    return lines
