"""Golden playthroughs: one seeded game per preset, compared with a stored record exactly.

For every preset in ``seabattle.battleship.rules.PRESETS``, and every variant rule set of
:data:`VARIANTS`, a game between two fixed levels
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

``tests/golden/version-1/`` keeps the same games as the format's version 1 wrote them
(before the ``game`` field). They are never regenerated: they stand for the records people
saved with older versions, which must keep loading unchanged.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.record import GameRecord, PlayerInfo
from seabattle.battleship.rules import PRESETS, Rules, rules_from_dict

GOLDEN = Path(__file__).parent / "golden"
VERSION_1 = GOLDEN / "version-1"
LEVELS = ("hard", "medium")
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

VARIANTS: dict[str, dict[str, object]] = {
    "variant-salvo": {"base": "classic", "salvo": 3},
    "variant-salvo-ships": {"base": "six", "salvo": "ships"},
    "variant-no-shoot-again": {"base": "classic", "shoot_again": False},
    "variant-silent-sinking": {"base": "classic", "announce": "none"},
    "variant-mines": {"base": "classic", "mines": 1},
    "variant-minesweepers": {"base": "big-16", "mines": 3, "minesweepers": 1},
    "variant-mines-touch": {"base": "classic", "mines": 2, "minesweepers": 1,
                            "mines_touch": True},
    "variant-submarines": {"base": "classic", "submarines": 2, "mines": 1},
    "variant-shapes": {"base": "classic", "ships": [
        {"size": 4, "shape": "l"}, {"size": 4, "shape": "square"},
        {"size": 4, "shape": "zigzag"}, {"size": 2, "count": 2}, {"size": 1, "count": 3}]},
}
"""Variant rule sets of RULES.md §3 played through (beside the presets ``flying-dutchman``
and ``math``)."""


def golden_rules(name: str) -> Rules:
    """A preset, or a rule set of :data:`VARIANTS`."""
    return PRESETS[name] if name in PRESETS else rules_from_dict(VARIANTS[name])


GAMES = sorted(PRESETS) + sorted(VARIANTS)


def golden_record(preset: str) -> GameRecord:
    """The seeded game of ``preset``: fleets, shots and who starts all drawn from its name."""
    rules = golden_rules(preset)
    fleets = [random_fleet(rules, random.Random(f"golden:{preset}:fleet:{p}")) for p in (0, 1)]
    first = random.Random(f"golden:{preset}:first").randrange(2)
    players = [ComputerPlayer(make_strategy(level, random.Random(f"golden:{preset}:shots:{p}"),
                                            rules),
                              random.Random(f"golden:{preset}:decisions:{p}"))
               for p, level in enumerate(LEVELS)]
    game = Game(rules, fleets, first)
    while not game.is_over:
        for seat, player in enumerate(players):
            player.play_out(game, seat)
    return GameRecord.of(game, (PlayerInfo(LEVELS[0], LEVELS[0]), PlayerInfo(LEVELS[1], LEVELS[1])),
                         seed=f"golden:{preset}")


@pytest.mark.parametrize("preset", GAMES)
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


@pytest.mark.parametrize("preset", GAMES)
def test_golden_files_are_valid_finished_games(preset: str) -> None:
    path = GOLDEN / f"{preset}.json"
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    game = record.game()
    assert game.is_over and game.winner is not None
    assert game.afloat(1 - game.winner) == []
    assert record.rules == golden_rules(preset)


def test_every_golden_file_belongs_to_a_preset() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(GAMES)


@pytest.mark.parametrize("path", sorted(VERSION_1.glob("*.json")), ids=lambda path: path.stem)
def test_records_of_version_1_load_and_lose_nothing(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["version"] == 1 and "game" not in old
    record = GameRecord.from_json(text)
    assert record.game().is_over
    # Written again, only the envelope changes: the version, and the game it belongs to.
    assert json.loads(record.to_json()) == {**old, "version": 2, "game": "battleship"}
    again = GameRecord.from_json(record.to_json())
    assert again == record


def test_version_1_records_are_there() -> None:
    """The parametrised test above cannot fail on an empty folder; this one can."""
    assert len(list(VERSION_1.glob("*.json"))) == 19
