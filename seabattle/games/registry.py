"""The registry of games: the one place where the shared applications find a game by name.

Each built-in game registers with one line here (its name and the module holding its
definition); the module is imported only when the game is first asked for, so the shared
code imports no game. Another package may add a game with :func:`register`.

>>> game_names()[0]
'battleship'
>>> find_game("battleship").name
'battleship'
"""

from __future__ import annotations

import importlib
from typing import Any

from seabattle.errors import UnknownGameError
from seabattle.games.interface import GameDefinition

AnyGame = GameDefinition[Any, Any, Any, Any]
"""A definition of any game (the registry holds games of different types)."""

DEFAULT_GAME = "battleship"

_BUILTIN: dict[str, str] = {
    "battleship": "seabattle.battleship.definition",
}
"""Built-in games: name → module with a ``DEFINITION``."""

_loaded: dict[str, AnyGame] = {}


def register(definition: AnyGame) -> None:
    """Make ``definition`` available under its name (replacing a game of that name)."""
    _loaded[definition.name] = definition


def unregister(name: str) -> None:
    """Forget a game :func:`register` added (a built-in game stays)."""
    _loaded.pop(name, None)


def game_names() -> list[str]:
    """Every registered game's name, the default first."""
    names = sorted(set(_BUILTIN) | set(_loaded))
    names.remove(DEFAULT_GAME)
    return [DEFAULT_GAME, *names]


def find_game(name: str) -> AnyGame:
    """The game called ``name``; raises :class:`~seabattle.errors.UnknownGameError`
    listing the games there are."""
    if name not in _loaded:
        if name not in _BUILTIN:
            raise UnknownGameError(name=name, known=", ".join(game_names()))
        module = importlib.import_module(_BUILTIN[name])
        definition: AnyGame = module.DEFINITION
        _loaded[name] = definition
    return _loaded[name]
