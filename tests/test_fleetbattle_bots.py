"""The fleet battle's computer levels, its bot protocol and its arena component: legal
whole games at every level, the view a bot reads back, the protocol served by a built-in
level, and matches through ``seabattle match --game fleet-battle``."""

from __future__ import annotations

import io
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from seabattle.cli import main
from seabattle.fleetbattle.ai.players import LEVELS, make_player
from seabattle.fleetbattle.bots.arena import ARENA_GAME
from seabattle.fleetbattle.bots.protocol import act_line, parse_action
from seabattle.fleetbattle.bots.serve import serve
from seabattle.fleetbattle.codec import view_from_data
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.games.chance import draw


def battle(levels: tuple[str, str], preset: str, seed: int) -> FleetBattleState:
    rng = random.Random(seed)
    state = DEFINITION.new_state(PRESETS[preset])
    players = [make_player(levels[seat], random.Random(f"{seed}:{seat}")) for seat in (0, 1)]
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        for seat in sorted(state.actors.seats):
            state.apply(seat, players[seat].act(state.view(seat)))  # refused if illegal
    return state


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["example", "batteries", "duel"])
def test_every_level_plays_whole_battles_legally(level: str, preset: str) -> None:
    for seed in range(3):
        state = battle((level, "novice"), preset, seed)
        assert state.outcome() is not None


def test_the_captain_beats_the_novice() -> None:
    won = 0
    for seed in range(20):
        levels = ("captain", "novice") if seed % 2 == 0 else ("novice", "captain")
        outcome = battle(levels, "equal", seed).outcome()
        assert outcome is not None
        won += outcome.winner == levels.index("captain")
    assert won >= 16


def test_a_bot_reads_back_the_view_it_is_sent() -> None:
    rng = random.Random(5)
    state = DEFINITION.new_state(PRESETS["batteries"])
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        for seat in sorted(state.actors.seats):
            view = state.view(seat)
            line = act_line(100, view)
            back = view_from_data(json.loads(line.split(" ", 2)[2]))
            assert back == replace(view, journal=(), placements=None, results=None)
            state.apply(seat, state.random_action(seat, rng))


def test_a_built_in_level_speaks_the_protocol() -> None:
    state = DEFINITION.new_state(PRESETS["equal"])
    lines = ["fleetbattle 1", "isready", "newgame 0 {}", act_line(500, state.view(0)), "quit"]
    out = io.StringIO()
    assert serve("admiral", io.StringIO("\n".join(lines) + "\n"), out, seed=3) == 0
    said = out.getvalue().splitlines()
    assert said[-3:-1] == ["fleetbattleok 1", "readyok"] or "fleetbattleok 1" in said
    action = parse_action(said[-1])
    state.check(0, action)


def test_levels_are_named_and_options_refused() -> None:
    assert ARENA_GAME.builtin_names() == ["novice", "captain", "admiral"]
    assert ARENA_GAME.parse_builtin("ADMIRAL") == ("admiral", None)
    assert ARENA_GAME.parse_builtin("python3 bot.py") is None
    with pytest.raises(Exception, match="takes no option"):
        ARENA_GAME.parse_builtin("admiral:corners")


def test_seabattle_match_plays_the_fleet_battle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--game", "fleet-battle", "captain", "novice", "--games", "4",
                 "--jobs", "1", "--no-progress", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "captain vs novice, rules equal; games: 4" in out


def test_a_bot_answering_nonsense_forfeits(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    script = ("import sys\n"
              "for line in sys.stdin:\n"
              "    w = line.split()[0]\n"
              "    if w == 'fleetbattle': print('fleetbattleok 1', flush=True)\n"
              "    elif w == 'isready': print('readyok', flush=True)\n"
              "    elif w == 'act': print('action {\"action\": \"castle\"}', flush=True)\n"
              "    elif w == 'quit': break\n")
    (tmp_path / "bot.py").write_text(script, encoding="utf-8")
    bot = f"{sys.executable} {tmp_path / 'bot.py'}"
    code = main(["match", "--game", "fleet-battle", "novice", bot, "--games", "2", "--jobs",
                 "1", "--no-progress", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0 and "castle" in out and "garbage" in out, out
