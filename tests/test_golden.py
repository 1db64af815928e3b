"""Golden playthroughs: one seeded game per preset, compared with a stored record exactly.

For every preset in ``seabattle.rules.PRESETS`` a game between two fixed levels
(``hard`` against ``medium``) is played with generators seeded from the preset's
name, and its record (``GameRecord.to_json``) must equal ``tests/golden/<preset>.json``
character for character. Any change to fleet generation, the AI levels, the
turn rules, the answers to shots or the record format shows up here.

Regenerate the files with::

    UPDATE_GOLDEN=1 pytest tests/test_golden.py

Regenerating is legitimate only when a change is *meant* to alter seeded games
or records: a new fleet generator or search order, a deliberate change to the
``hard`` or ``medium`` strategy, a new preset, or a new record format version.
Say so in the commit message and look at the diff of the golden files. A refactor,
a speed-up or a bug fix elsewhere must leave them unchanged: if it does not,
the change is not what it claims to be. Never regenerate to make a failing test pass
without knowing why it failed.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from seabattle.ai.levels import make_strategy
from seabattle.fleet import random_fleet
from seabattle.game import Game
from seabattle.record import GameRecord, PlayerInfo
from seabattle.rules import PRESETS

GOLDEN = Path(__file__).parent / "golden"
LEVELS = ("hard", "medium")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def golden_record(preset: str) -> GameRecord:
    """The seeded game of ``preset``: fleets, shots and who starts all drawn from its name."""
    rules = PRESETS[preset]
    fleets = [random_fleet(rules, random.Random(f"golden:{preset}:fleet:{p}")) for p in (0, 1)]
    first = random.Random(f"golden:{preset}:first").randrange(2)
    players = [make_strategy(level, random.Random(f"golden:{preset}:shots:{p}"))
               for p, level in enumerate(LEVELS)]
    game = Game(rules, fleets, first)
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game.fire(player, players[player].choose(game.view(player)))
    return GameRecord.of(game, (PlayerInfo(LEVELS[0], LEVELS[0]), PlayerInfo(LEVELS[1], LEVELS[1])),
                         seed=f"golden:{preset}")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_playthrough(preset: str) -> None:
    path = GOLDEN / f"{preset}.json"
    produced = golden_record(preset).to_json() + "\n"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(produced, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run UPDATE_GOLDEN=1 pytest {__file__}"
    stored = path.read_text(encoding="utf-8")
    assert produced == stored, (
        f"the seeded {preset} game differs from {path.name}; see this module's docstring")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_files_are_valid_finished_games(preset: str) -> None:
    path = GOLDEN / f"{preset}.json"
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    game = record.game()
    assert game.is_over and game.winner is not None
    assert game.afloat(1 - game.winner) == []
    assert record.rules == PRESETS[preset]


def test_every_golden_file_belongs_to_a_preset() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(PRESETS)
