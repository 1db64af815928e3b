"""The manoeuvre game's bot protocol and arena component: matches of built-in levels, a bot
process speaking the protocol, the protocol's lines read back, records that replay."""

from __future__ import annotations

import io
import json
import sys

import pytest

from seabattle.arena.bots import Limits
from seabattle.arena.games import find_arena_game
from seabattle.arena.match import PlayerSpec, run_match
from seabattle.errors import ProtocolSyntaxError
from seabattle.manoeuvres.actions import Resign, Step
from seabattle.manoeuvres.bots.arena import serve
from seabattle.manoeuvres.bots.protocol import (
    act_line,
    action_line,
    new_game_line,
    parse_act,
    parse_action,
    parse_new_game,
)
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.records import read_record
from tests.test_manoeuvres_rules import position

SKIRMISH = PRESETS["skirmish"]
FAST = Limits(shot_ms=3000, place_ms=3000, handshake_ms=10000, grace_ms=100)


def test_built_in_levels_play_a_match_whose_records_replay() -> None:
    event = run_match(PlayerSpec("novice", level="novice"), PlayerSpec("medium", level="medium"),
                      SKIRMISH, 2, seed=5, limits=FAST, keep_records=True, game="manoeuvres")
    assert len(event.results) == 2 and not event.forfeits()
    for result in event.results:
        record = read_record(result.record or "")
        assert record.game is DEFINITION and record.log is not None
        state = DEFINITION.replay(record.rules, record.log)
        outcome = state.outcome()
        assert outcome is not None and outcome.winner == result.winner
    again = run_match(PlayerSpec("novice", level="novice"), PlayerSpec("medium", level="medium"),
                      SKIRMISH, 2, seed=5, limits=FAST, game="manoeuvres")
    assert [r.winner for r in again.results] == [r.winner for r in event.results]


def test_a_bot_process_plays_through_the_protocol() -> None:
    bot = PlayerSpec("bot", argv=(sys.executable, "-m", "seabattle", "bot", "--game",
                                  "manoeuvres", "novice", "--seed", "3"))
    event = run_match(bot, PlayerSpec("novice", level="novice"), SKIRMISH, 2, seed=7,
                      limits=FAST, game="manoeuvres")
    assert len(event.results) == 2 and not event.forfeits()


def test_the_protocol_s_lines_read_back() -> None:
    state = position("f s . .", ". . . .", ". . . .", "F S . .")
    rules = state.rules
    assert parse_new_game(new_game_line(rules, 1)) == (rules, 1)
    line = act_line(state, 0, 500)
    assert parse_act(rules, line) == state.view(0)
    assert json.loads(line.split(" ", 2)[2])["legal"]
    step = Step(13, 14)
    assert parse_action(rules, action_line(rules, step)) == step
    assert parse_action(rules, action_line(rules, Resign())) == Resign()
    for bad in ("fire B2", "action {", "action []", 'action {"action": "castle"}'):
        with pytest.raises(ProtocolSyntaxError):
            parse_action(rules, bad)


def test_a_built_in_bot_answers_on_its_streams() -> None:
    state = ManoeuvreState(SKIRMISH)
    lines = ["manoeuvres 1", "isready", new_game_line(SKIRMISH, 0), act_line(state, 0, 900),
             "quit"]
    out = io.StringIO()
    assert serve("medium", io.StringIO("\n".join(lines) + "\n"), out, seed=1) == 0
    said = out.getvalue().splitlines()
    assert said[2] == "manoeuvresok 1" and said[3] == "readyok"
    deploy = parse_action(SKIRMISH, said[4])
    state.apply(0, deploy)  # a legal set-up


def test_the_component_is_found_and_knows_its_levels() -> None:
    component = find_arena_game("manoeuvres")
    assert component.builtin_names() == ["novice", "medium", "hard"]
    assert component.parse_builtin("HARD") == ("hard", None)
    assert component.parse_builtin("expert") is None
