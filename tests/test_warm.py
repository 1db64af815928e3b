"""Compiling the admiral's loops ahead of the first game (seabattle/battleship/ai/warm.py)."""

from __future__ import annotations

import sys

import pytest

from seabattle.battleship.ai.warm import warm, warm_in_background


def test_warming_plays_the_admiral_through() -> None:
    warm()  # compiles, or loads what is compiled: either way it ends without error


def test_the_background_warming_ends_by_itself_and_well() -> None:
    process = warm_in_background()
    assert process is not None and process.wait(timeout=300) == 0


def test_a_warming_that_cannot_start_leaves_the_game_to_compile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    assert warm_in_background() is None
