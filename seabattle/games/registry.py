"""The registry of games: the one place where the shared applications find a game by name.

Each built-in game registers with one line here (its name and the module holding its
definition); the module is imported only when the game is first asked for, so the shared
code imports no game. Another package may add a game with :func:`register`. A game's parts
for the applications (its arena component, screens, replay text…) are named on its
definition (:class:`~seabattle.games.interface.GameParts`); :func:`find_part` imports one.

>>> game_names()[0]
'battleship'
>>> find_game("battleship").name
'battleship'
"""

from __future__ import annotations

import importlib
from typing import Any

from seabattle.errors import SeaBattleError, UnknownGameError
from seabattle.games.interface import GameDefinition, ModulePart

AnyGame = GameDefinition[Any, Any, Any, Any]
"""A definition of any game (the registry holds games of different types)."""

DEFAULT_GAME = "battleship"

_BUILTIN: dict[str, str] = {
    "battleship": "seabattle.battleship.definition",
    "classroom": "seabattle.battleship.classroom_definition",
    "fleet-battle": "seabattle.fleetbattle.definition",
    "manoeuvres": "seabattle.manoeuvres.definition",
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


def import_part(game: AnyGame, part: ModulePart) -> Any:
    """What the module ``game`` names as its ``part`` exports under the part's name in
    capitals (``arena_game`` → ``ARENA_GAME``), the module imported now; ``None`` when the
    game names no such module."""
    module = getattr(game.parts, part)
    return None if module is None else getattr(importlib.import_module(module), part.upper())


def find_part(name: str, part: ModulePart, command: str) -> Any:
    """:func:`import_part` of the game called ``name``, for ``seabattle COMMAND``; a game
    without that part is refused with a translated error naming the games that have it.

    >>> find_part("battleship", "replay_text", "replay").__name__
    'battleship_replay'
    """
    found = import_part(find_game(name), part)
    if found is None:
        having = [game for game in game_names() if getattr(find_game(game).parts, part)]
        raise SeaBattleError("error.game_not_in_command", game=name, command=command,
                             known=", ".join(having))
    return found
