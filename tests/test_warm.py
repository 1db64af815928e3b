"""Compiling the admiral's loops ahead of the first game (seabattle/battleship/ai/warm.py)."""

from __future__ import annotations

from seabattle.battleship.ai.warm import warm, warm_in_background


def test_warming_plays_the_admiral_through() -> None:
    warm()  # compiles, or loads what is compiled: either way it ends without error


def test_the_background_warming_ends_by_itself_and_well() -> None:
    assert warm_in_background().wait(timeout=300) == 0
