"""Kept for ``tests/test_marks.py`` only, which imports ``enemy_marks`` and ``fleet_marks``
from here: the full-screen marks are Battleship's now
(:mod:`seabattle.battleship.tui.marks`). To go once that test imports them there."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    from seabattle.battleship.tui import marks

    return getattr(marks, name)
