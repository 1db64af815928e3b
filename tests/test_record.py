"""Game records: finished and unfinished games round-trip; tampered records are refused."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.events import Resignation, Shot, ShotResult
from seabattle.battleship.game import Game
from seabattle.battleship.record import (
    FORMAT,
    VERSION,
    GameRecord,
    PlayerInfo,
    event_from_data,
    event_to_data,
)
from seabattle.battleship.rules import PRESETS, rules_from_dict
from seabattle.errors import RecordError


def scaled(examples: int) -> int:
    """``examples`` under the default "ci" profile (25 examples), scaled with the profile."""
    return max(1, examples * settings().max_examples // 25)


Play = Callable[..., Game]

PLAYERS = (PlayerInfo("Аня"), PlayerInfo("Computer", "hard"))
RECORD_RULES = {
    **{n: PRESETS[n] for n in ("classic", "milton-bradley", "six", "bent", "big-15")},
    "custom": rules_from_dict({"name": "пруд", "width": 7, "height": 5, "touching": "corners",
                               "alphabet": "ru", "ships": [{"size": 3, "name": "Варяг"},
                                                           {"size": 2, "count": 2}]}),
}


def record_of(play: Play, name: str, seed: int, cut: int | None = None) -> GameRecord:
    game = play(RECORD_RULES[name], ("hunt", "weights"), seed, first=seed % 2, max_events=cut)
    return GameRecord.of(game, PLAYERS, seed=seed, hints=[0, 3])


@settings(max_examples=scaled(15))
@given(name=st.sampled_from(sorted(RECORD_RULES)), seed=st.integers(0, 2**31),
       cut=st.one_of(st.none(), st.integers(0, 120)))
def test_records_round_trip(play: Play, name: str, seed: int, cut: int | None) -> None:
    record = record_of(play, name, seed, cut)
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    game, replayed = record.game(), again.game()
    assert (replayed.winner, replayed.to_move, replayed.events) == (game.winner, game.to_move,
                                                                    game.events)
    for upto in (0, len(record.events) // 2):
        assert tuple(again.game(upto).events) == record.events[:upto]


def test_a_resigned_game_round_trips(play: Play) -> None:
    game = play(PRESETS["classic"], ("random", "random"), 5, max_events=7)
    assert game.to_move is not None
    game.resign(game.to_move)
    record = GameRecord.of(game)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert isinstance(again.events[-1], Resignation)
    assert again.game().winner == game.winner


def test_cells_are_written_in_latin_whatever_the_alphabet(play: Play) -> None:
    record = record_of(play, "custom", 3)
    data = json.loads(record.to_json())
    assert data["format"] == FORMAT and data["version"] == VERSION == 2
    assert data["game"] == "battleship"
    cells = [c for fleet in data["fleets"] for ship in fleet for c in ship["cells"]]
    cells += [e["cell"] for e in data["events"] if e["type"] == "shot"]
    assert cells and all(c[0] in "ABCDEFG" and c[1:].isdigit() for c in cells)
    assert data["players"][0] == {"name": "Аня", "level": None}
    assert data["metadata"] == {"seed": 3, "hints": [0, 3]}


# --- tampering ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def saved(play: Play) -> dict[str, Any]:
    """A finished classic game as parsed JSON."""
    data: dict[str, Any] = json.loads(record_of(play, "classic", 11).to_json())
    return data


def refused(data: Any) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert info.value.message("en") and info.value.message("ru")
    return info.value


def shot_indices(data: dict[str, Any], result: str | None = None) -> list[int]:
    return [i for i, e in enumerate(data["events"])
            if e["type"] == "shot" and (result is None or e["result"] == result)]


def test_the_untampered_record_reads(saved: dict[str, Any]) -> None:
    GameRecord.from_json(json.dumps(saved))


@pytest.mark.parametrize("old, new", [("miss", "hit"), ("hit", "miss"), ("sunk", "hit"),
                                      ("hit", "sunk"), ("miss", "sunk")])
def test_a_changed_shot_result_is_refused(saved: dict[str, Any], old: str, new: str) -> None:
    data = copy.deepcopy(saved)
    data["events"][shot_indices(data, old)[0]]["result"] = new
    error = refused(data)
    assert "break the rules" in str(error)


def test_a_result_that_is_no_result_is_refused(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["events"][0]["result"] = "splash"
    refused(data)


def test_a_cell_fired_twice_is_refused(saved: dict[str, Any]) -> None:
    record = GameRecord.from_json(json.dumps(saved))
    fleets, first = record.fleets, record.first
    water = [next(c for c in range(100) if not fleets[1 - p].cells >> c & 1) for p in (0, 1)]
    game = Game(record.rules, fleets, first)
    game.fire(first, water[first])
    game.fire(1 - first, water[1 - first])
    data = json.loads(GameRecord.of(game).to_json())
    GameRecord.from_json(json.dumps(data))
    data["events"].append(dict(data["events"][0]))  # the first shot, fired again
    assert "already" in str(refused(data))


def test_a_shot_out_of_turn_is_refused(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["first"] = 1 - data["first"]
    refused(data)


def test_moves_after_the_end_are_refused(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["events"].append({"type": "resign", "player": 0})
    assert "over" in str(refused(data))


def test_a_refusal_names_the_event_that_broke_the_rules(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    index = shot_indices(data, "miss")[3]
    data["events"][index]["result"] = "hit"
    message = str(refused(data))
    assert f"at event {index + 1} (" in message and data["events"][index]["cell"] in message


def test_a_record_that_stops_before_a_consequence_is_refused(play: Play) -> None:
    rules = rules_from_dict({"base": "classic", "submarines": 2})
    for seed in range(40):
        game = play(rules, ("hunt", "hunt"), seed)
        dying = [i for i, e in enumerate(game.events) if isinstance(e, Shot) and e.dying]
        if dying:
            break
    else:
        pytest.fail("no game with a dying shot")
    data = json.loads(GameRecord.of(game).to_json())
    del data["events"][dying[0]:]
    assert "stops before event" in str(refused(data))


def test_a_record_of_version_1_reads_as_before(saved: dict[str, Any]) -> None:
    old = {key: value for key, value in saved.items() if key != "game"}
    old["version"] = 1
    assert GameRecord.from_json(json.dumps(old)) == GameRecord.from_json(json.dumps(saved))
    del old["metadata"]  # optional then as now
    assert GameRecord.from_json(json.dumps(old)).metadata == {}


def test_a_record_of_another_game_is_refused(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["game"] = "manoeuvres"
    assert "manoeuvres" in str(refused(data))
    data["game"] = None
    refused(data)


@pytest.mark.parametrize("tamper", [
    "overlap", "touch", "bent", "missing", "extra", "off-field", "unknown-kind", "bad-cell"])
def test_an_illegal_fleet_is_refused(saved: dict[str, Any], tamper: str) -> None:
    data = copy.deepcopy(saved)
    fleet = data["fleets"][1]
    battleship = fleet[0]
    assert battleship["size"] == 4
    if tamper == "overlap":
        fleet[1]["cells"] = battleship["cells"][:3]
    elif tamper == "touch":
        boat = fleet[-1]
        occupied = {c for ship in fleet for c in ship["cells"]}
        letter, number = battleship["cells"][0][0], int(battleship["cells"][0][1:])
        options = [f"{chr(ord(letter) + dc)}{number + dr}"
                   for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
        boat["cells"] = [next(o for o in options if o not in occupied
                              and "A" <= o[0] <= "J" and 1 <= int(o[1:]) <= 10)]
    elif tamper == "bent":
        battleship["cells"] = ["A1", "A2", "B2", "B3"]
    elif tamper == "missing":
        del fleet[-1]
    elif tamper == "extra":
        fleet.append(dict(fleet[-1]))
    elif tamper == "off-field":
        battleship["cells"] = ["K1", "L1", "M1", "N1"]
    elif tamper == "unknown-kind":
        battleship["name"] = "dreadnought"
    elif tamper == "bad-cell":
        battleship["cells"][0] = "??"
    refused(data)


@pytest.mark.parametrize("text", [
    "", "{", "not json", "[]", "null", "42", '"record"',
    json.dumps({"format": "chess-pgn", "version": VERSION}),
    json.dumps({"version": VERSION}),
])
def test_text_that_is_no_record_is_refused(text: str) -> None:
    refused(text)


@pytest.mark.parametrize("version", [0, 3, "1", "2", 1.5, None, True])
def test_other_versions_are_refused(saved: dict[str, Any], version: Any) -> None:
    data = copy.deepcopy(saved)
    data["version"] = version
    assert "version" in str(refused(data))


@pytest.mark.parametrize("key", ["rules", "fleets", "players", "first", "events", "game"])
def test_a_missing_field_is_refused(saved: dict[str, Any], key: str) -> None:
    data = copy.deepcopy(saved)
    del data[key]
    refused(data)


@pytest.mark.parametrize("path, value", [
    (("rules", "width"), "ten"), (("rules", "touching"), "always"), (("players",), []),
    (("players",), [{"name": "a"}, {"name": "b"}, {"name": "c"}]), (("fleets",), []),
    (("events", 0, "type"), "torpedo"), (("events", 0, "cell"), "A0"), (("events", 0), 7),
    (("first",), 2), (("first",), "0"), (("rules", "alphabet"), "klingon"),
    (("metadata",), [1, 2]), (("metadata",), "seed"), (("metadata",), 5),
    (("players", 0, "level"), 3), (("players", 1), "Аня"), (("rules",), "classic"),
])
def test_malformed_fields_are_refused(saved: dict[str, Any], path: tuple[Any, ...],
                                      value: Any) -> None:
    data = copy.deepcopy(saved)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    refused(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4)
    | st.sampled_from(["A1", "J10", "miss", "hit", "sunk", "shot", "resign", "classic"]),
    lambda inner: (st.lists(inner, max_size=3)
                   | st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


@settings(max_examples=scaled(60))
@given(data=st.data(), value=json_values)
def test_any_damaged_record_is_read_or_refused_with_record_error(
        saved: dict[str, Any], data: st.DataObject, value: Any) -> None:
    damaged = copy.deepcopy(saved)
    everywhere = paths(damaged)[1:]
    # Half the time damage a top-level field, else any node of the record.
    where = data.draw(st.sampled_from([p for p in everywhere if len(p) == 1])
                      | st.sampled_from(everywhere), label="where")
    target = damaged
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value
    try:
        record = GameRecord.from_json(json.dumps(damaged))
    except RecordError:
        return
    # Whatever was accepted is a consistent game that can be written again.
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert isinstance(record.game(), Game)


def test_record_error_of_an_engine_error_keeps_its_reason(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    data["rules"]["width"] = 0
    assert "width" in str(refused(data))


def test_shot_events_keep_which_ship_was_hit(play: Play) -> None:
    record = record_of(play, "six", 2)
    again = GameRecord.from_json(record.to_json())
    hits = [e for e in again.events if isinstance(e, Shot) and e.result is not ShotResult.MISS]
    assert hits and all(e.ship is not None for e in hits)


# --- the event codec, shared with the web server's game log -----------------------------------

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", ["flying-dutchman", "variant-minesweepers",
                                  "variant-submarines", "math"])
def test_every_kind_of_event_round_trips_through_the_codec(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    record, stored = GameRecord.from_json(text), json.loads(text)["events"]
    assert [event_to_data(event, record.rules) for event in record.events] == stored
    assert [event_to_data(event_from_data(data, record.rules), record.rules)
            for data in stored] == stored


@pytest.mark.parametrize("compact, data", [
    (["shot", 0, 21, "hit", False], {"type": "shot", "player": 0, "cell": "B3", "result": "hit"}),
    (["shot", 1, 99, "sunk", True],
     {"type": "shot", "player": 1, "cell": "J10", "result": "sunk", "dying": True}),
    (["handover", 1, 0], {"type": "handover", "player": 1, "cell": "A1"}),
    (["reveal", 0, None], {"type": "reveal_mine", "player": 0, "cell": None}),
    (["reveal", 0, 10], {"type": "reveal_mine", "player": 0, "cell": "A2"}),
    (["move", 1, 0, [1, 2]], {"type": "move_ship", "player": 1, "ship": 0,
                              "cells": ["B1", "C1"]}),
    (["move", 1, 0, None], {"type": "move_ship", "player": 1, "ship": 0, "cells": None}),
    (["resign", 0], {"type": "resign", "player": 0}),
])
def test_the_codec_reads_the_compact_events_of_older_server_logs(compact: list[Any],
                                                                data: dict[str, Any]) -> None:
    rules = PRESETS["classic"]
    assert event_to_data(event_from_data(compact, rules), rules) == data
    assert event_from_data(compact, rules) == event_from_data(data, rules)


def test_the_codec_refuses_an_unknown_event() -> None:
    for data in (["fly", 0], {"type": "fly", "player": 0}):
        with pytest.raises(RecordError, match="fly"):
            event_from_data(data, PRESETS["classic"])
