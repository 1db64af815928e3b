"""The play command's five level names (README: ``--level``) for a game with three levels.

Battleship has five levels of the computer; the fleet battle and the manoeuvre game have
three each, weakest first. :func:`game_level` lets such a game take all five names as
well as its own, by strength: ``novice`` the weakest, ``easy`` and ``medium`` the middle
one, ``hard`` and ``admiral`` the strongest.
"""

from __future__ import annotations

from collections.abc import Sequence

PLAY_LEVELS = ("novice", "easy", "medium", "hard", "admiral")
"""The computer's levels as ``seabattle play --level`` names them, weakest first."""

_STRENGTH = {"novice": 0, "easy": 1, "medium": 1, "hard": 2, "admiral": 2}


def game_level(name: str, levels: Sequence[str]) -> str | None:
    """``name`` (any case) as one of a game's three ``levels`` (weakest first): one of its
    own as it is, one of :data:`PLAY_LEVELS` by strength; ``None`` for neither.

    >>> [game_level(n, ("novice", "captain", "admiral")) for n in ("Easy", "hard", "x")]
    ['captain', 'admiral', None]
    """
    wanted = name.lower()
    if wanted in levels:
        return wanted
    if wanted in _STRENGTH and len(levels) == 3:
        return levels[_STRENGTH[wanted]]
    return None


def level_names(levels: Sequence[str]) -> list[str]:
    """Every name :func:`game_level` takes for a game with ``levels``, to list in a
    refusal."""
    return list(dict.fromkeys([*PLAY_LEVELS, *levels]))
