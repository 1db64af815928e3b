"""Records of any game (seabattle.records): one envelope, the game found through the registry.

Battleship's records keep their own body (fleets, first, events); any game of the interface,
Battleship included, may keep its log instead. Both round-trip for every kind of rule set
(presets, variants, a custom rule set), old records load, unknown games and broken logs are
refused with the reason.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from seabattle.battleship.definition import BattleshipDefinition
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import PRESETS, Rules, rules_from_dict
from seabattle.errors import RecordError, UnknownGameError
from seabattle.games.chance import draw
from seabattle.games.envelope import PlayerInfo
from seabattle.games.interface import GameParts, GameState
from seabattle.games.registry import find_game, register, unregister
from seabattle.records import (
    Record,
    read_record,
    read_record_file,
    record_of_body,
    record_of_log,
    write_record,
)

GOLDEN = Path(__file__).parent / "golden"
BATTLESHIP = find_game("battleship")
PLAYERS = (PlayerInfo("Аня"), PlayerInfo("Computer", "hard"))

RULE_SETS: dict[str, Rules] = {
    **PRESETS,
    "salvo": rules_from_dict({"base": "classic", "salvo": 3}),
    "salvo-ships": rules_from_dict({"base": "six", "salvo": "ships"}),
    "silent": rules_from_dict({"base": "classic", "announce": "none", "shoot_again": False}),
    "mines": rules_from_dict({"base": "classic", "mines": 2, "minesweepers": 1}),
    "submarines": rules_from_dict({"base": "classic", "submarines": 2, "mines": 1}),
    "shapes": rules_from_dict({"base": "classic", "ships": [
        {"size": 4, "shape": "l"}, {"size": 4, "shape": "zigzag"}, {"size": 2, "count": 2}]}),
    "custom": rules_from_dict({"name": "пруд", "width": 7, "height": 5, "touching": "corners",
                               "alphabet": "ru", "ships": [{"size": 3, "name": "Варяг"},
                                                           {"size": 2, "count": 2}]}),
}
"""Every kind of rule set: each preset, the variants, a rule set of one's own."""


def played(rules: Rules, seed: int, moves: int | None = None) -> GameState[Any, Any, Any]:
    """A game of Battleship played through the interface with random legal moves."""
    rng = random.Random(seed)
    state = BATTLESHIP.new_state(rules)
    while not state.actors.over and (moves is None or len(state.log) < moves):
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
        else:
            seat = rng.choice(sorted(state.actors.seats))
            state.apply(seat, state.random_action(seat, rng))
    return state


@pytest.fixture
def renamed() -> Iterator[str]:
    """A game registered by a test: Battleship under another name, which keeps no body of
    its own, so its records keep the log."""

    class Renamed(BattleshipDefinition):
        name = "battleship-copy"
        parts = GameParts()

    register(Renamed())
    try:
        yield Renamed.name
    finally:
        unregister(Renamed.name)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_log_record_round_trips_for_every_kind_of_rule_set(name: str) -> None:
    rules = RULE_SETS[name]
    for moves in (None, 7):  # a finished game, and one cut short
        state = played(rules, seed=len(name), moves=moves)
        record = record_of_log(BATTLESHIP, rules, state.log, PLAYERS, seed=3)
        text = write_record(record)
        data = json.loads(text)
        assert (data["version"], data["game"], data["metadata"]) == (2, "battleship", {"seed": 3})
        again = read_record(text)
        assert again == record
        assert write_record(again) == text
        replayed = again.game.replay(again.rules, again.log or ())
        assert replayed.view(None) == state.view(None)
        assert replayed.outcome() == state.outcome()
        assert (moves is None) == (state.outcome() is not None)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")) + sorted(
    (GOLDEN / "version-1").glob("*.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_battleship_records_of_both_versions_read_with_their_own_body(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = read_record(text)
    assert record.game is BATTLESHIP and record.log is None
    body = GameRecord.from_json(text)
    assert record.body == body
    assert (record.rules, record.players, record.metadata) == (body.rules, body.players,
                                                               body.metadata)
    assert record_of_body(body) == record
    assert read_record(write_record(record)) == record
    assert write_record(record) == body.to_json()


def test_a_record_of_an_unknown_game_is_refused_with_the_games_there_are() -> None:
    data = json.loads((GOLDEN / "classic.json").read_text(encoding="utf-8"))
    data["game"] = "chess"
    with pytest.raises(UnknownGameError) as refused:
        read_record(json.dumps(data))
    assert "неизвестная игра 'chess'; есть игры: battleship" in refused.value.message("ru")
    assert "unknown game 'chess'; the games are: battleship" in str(refused.value)


def test_a_game_registered_elsewhere_records_its_log(renamed: str) -> None:
    game = find_game(renamed)
    rules = PRESETS["six"]
    state = played(rules, seed=8)
    record = record_of_log(game, rules, state.log)
    text = write_record(record)
    assert json.loads(text)["game"] == renamed
    assert read_record(text) == record
    unregister(renamed)
    with pytest.raises(UnknownGameError):
        read_record(text)


def test_a_record_without_the_body_its_game_reads_is_refused(renamed: str) -> None:
    data = json.loads((GOLDEN / "classic.json").read_text(encoding="utf-8"))
    data["game"] = renamed  # Battleship's own body, for a game that keeps its log
    with pytest.raises(RecordError, match="'log'"):
        read_record(json.dumps(data))
    # A game's own body is read by the module its parts name (here Battleship's, which
    # reads Battleship's records only).
    find_game(renamed).parts = GameParts(record_body="seabattle.battleship.record")
    with pytest.raises(RecordError, match="a record of 'battleship-copy', not of 'battleship'"):
        read_record(json.dumps(data))


def log_record_data() -> dict[str, Any]:
    state = played(PRESETS["classic"], seed=4, moves=12)
    data: dict[str, Any] = json.loads(write_record(record_of_log(BATTLESHIP, PRESETS["classic"],
                                                                 state.log)))
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        read_record(json.dumps(data))
    assert info.value.message("ru").startswith("неверная запись партии")
    return str(info.value)


def test_a_log_whose_moves_break_the_rules_is_refused_naming_the_move() -> None:
    data = log_record_data()
    fires = [i for i, entry in enumerate(data["log"]) if entry["action"] == "fire"]
    repeated = dict(data["log"][fires[0]])
    data["log"].insert(fires[0] + 1, repeated)  # out of turn, or the same cell again
    message = refused(data)
    assert f"at move {fires[0] + 2} (seat {repeated['actor']}" in message

    data = log_record_data()
    data["log"][0]["fleet"] = data["log"][0]["fleet"][:-1]  # a ship short
    assert "at move 1 (seat" in refused(data)


@pytest.mark.parametrize("log", [
    "fire", {"actor": 0}, [7], [{"action": "fire", "cells": ["A1"]}],
    [{"actor": 2, "action": "resign"}], [{"actor": 0, "action": "fly"}],
    [{"actor": 0, "action": "fire"}], [{"actor": 0, "action": "place", "fleet": "A1"}],
])
def test_a_malformed_log_is_refused(log: Any) -> None:
    data = log_record_data()
    data["log"] = log
    refused(data)


def test_rules_the_game_refuses_are_a_record_error() -> None:
    data = log_record_data()
    data["rules"]["width"] = 0
    assert "width" in refused(data)


def test_a_file_that_cannot_be_read_is_refused_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="nope.json"):
        read_record_file(tmp_path / "nope.json")
    (tmp_path / "game.json").write_text(json.dumps(log_record_data()), encoding="utf-8")
    assert isinstance(read_record_file(tmp_path / "game.json"), Record)
