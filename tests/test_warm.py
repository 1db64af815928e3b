"""Compiling the admiral's loops ahead of the first game (seabattle/battleship/ai/warm.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from seabattle.battleship.ai import field_store
from seabattle.battleship.ai.fleet_shape import TILTS
from seabattle.battleship.ai.placement import FLEET_COUNT, normaliser_key
from seabattle.battleship.ai.warm import warm, warm_in_background
from seabattle.battleship.rules import rules_from_dict


def test_warming_plays_the_admiral_through() -> None:
    warm()  # compiles, or loads what is compiled: either way it ends without error


def test_the_background_warming_ends_by_itself_and_well() -> None:
    process = warm_in_background()
    assert process is not None and process.wait(timeout=300) == 0


def test_a_warming_that_cannot_start_leaves_the_game_to_compile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    assert warm_in_background() is None


def test_warming_for_a_custom_field_stores_its_members(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's rule set goes to the warming process, which fits the members and
    counts the fleets the tables lack into the store, where the game finds them."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = rules_from_dict({"name": "warmed", "width": 8, "height": 7,
                             "ships": [{"size": 3, "count": 1}, {"size": 1, "count": 2}]})
    key = normaliser_key(rules)
    assert all(field_store.load(key, name) is None for name in (*TILTS, FLEET_COUNT))
    process = warm_in_background(rules)
    assert process is not None and process.wait(timeout=300) == 0
    assert all(field_store.load(key, name) is not None for name in (*TILTS, FLEET_COUNT))
