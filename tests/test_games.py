"""Every registered game against the game interface (OpenSpiel's random-play conformance test).

Whole games are played through :mod:`seabattle.games.interface` only, with random legal
actions and chance drawn from a seeded generator; at every step the interface's promises
are checked: refused actions change nothing, listed actions are legal, views say only
what a seat may know, and the log replays to the same game, through JSON.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import fields
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.definition import DEFINITION as BATTLESHIP
from seabattle.battleship.definition import (
    DrawFirst,
    Fire,
    PlaceFleet,
    Resign,
    SetupView,
    SpectatorView,
)
from seabattle.battleship.rules import PRESETS, with_variants
from seabattle.battleship.view import PlayerView
from seabattle.errors import SeaBattleError, UnknownGameError
from seabattle.games.chance import draw, entropy, seeded
from seabattle.games.interface import CHANCE, SEATS, GameParts, GameState, ModulePart, Move
from seabattle.games.registry import find_game, find_part, game_names, import_part

AnyState = GameState[Any, Any, Any]

BATTLESHIP_RULES = [PRESETS["classic"], PRESETS["milton-bradley"], PRESETS["flying-dutchman"],
                    with_variants(PRESETS["classic"], {"salvo": 3}),
                    with_variants(PRESETS["classic"], {"mines": 2, "minesweepers": 1}),
                    with_variants(PRESETS["classic"], {"submarines": 2, "announce": "none"})]


def snapshot(state: AnyState) -> tuple[Any, ...]:
    """Everything an outsider can observe of a state."""
    return (tuple(state.log), state.actors, state.view(None), state.view(0), state.view(1),
            state.outcome())


def play_randomly(state: AnyState, rng: random.Random, limit: int = 2000) -> AnyState:
    """Play ``state`` to its end with random legal actions, checking the interface on the way."""
    for _step in range(limit):
        actors = state.actors
        if actors.over:
            assert state.outcome() is not None
            return state
        assert state.outcome() is None
        if actors.chance:
            outcomes = state.chance_outcomes()
            assert sum(o.probability for o in outcomes) == 1
            state.apply_chance(draw(outcomes, rng))
            continue
        assert not state.chance_outcomes()
        for seat in SEATS:
            if seat in actors.seats:
                continue
            assert state.legal_actions(seat) == []
            before = snapshot(state)
            with pytest.raises(SeaBattleError):  # the acting seat's move, from the other
                state.apply(seat, state.random_action(1 - seat, rng))
            assert snapshot(state) == before, "a refused action changed the state"
        seat = rng.choice(sorted(actors.seats))
        listed = state.legal_actions(seat)
        if listed is not None:
            assert listed, "a seat that must act has no legal action"
            for action in rng.sample(list(listed), min(5, len(listed))):
                state.check(seat, action)
        action = state.random_action(seat, rng)
        before_log = len(state.log)
        state.apply(seat, action)
        assert len(state.log) == before_log + 1
        assert state.log[-1] == Move(seat, action)
    raise AssertionError(f"no end after {limit} moves")


def replayed(name: str, rules: Any, state: AnyState) -> AnyState:
    """``state`` rebuilt from its rules and log, both written to JSON text and read back."""
    definition = find_game(name)
    text = json.dumps({"rules": definition.rules_to_data(rules),
                       "log": definition.log_to_data(rules, state.log)})
    data = json.loads(text)
    rules_again = definition.rules_from_data(data["rules"])
    return definition.replay(rules_again, definition.log_from_data(rules_again, data["log"]))


@given(seed=st.integers(0, 2**32), rules_index=st.integers(0, len(BATTLESHIP_RULES) - 1))
def test_battleship_random_games_keep_the_interface_and_replay_exactly(
        seed: int, rules_index: int) -> None:
    rules = BATTLESHIP_RULES[rules_index]
    rng = random.Random(seed)
    state = play_randomly(BATTLESHIP.new_state(rules), rng)
    again = replayed("battleship", rules, state)
    assert snapshot(again) == snapshot(state)
    for seat in (None, 0, 1):
        json.dumps(BATTLESHIP.view_to_data(state.view(seat)))
    for event_data in (BATTLESHIP.event_to_data(rules, e) for e in state.game.events):
        json.dumps(event_data)


def every_game_s_rule_sets() -> list[tuple[str, str]]:
    """(game, preset) for every registered game but Battleship (whose variants the property
    above covers), each preset the game names, or its default rule set where it names none."""
    return [(name, preset) for name in game_names() if name != "battleship"
            for preset in (find_game(name).presets() or {"default": None})]


@pytest.mark.parametrize(("name", "preset"), every_game_s_rule_sets())
def test_every_registered_game_keeps_the_interface_and_replays_exactly(
        name: str, preset: str) -> None:
    definition = find_game(name)
    rules = definition.presets().get(preset) or definition.default_rules()
    state = play_randomly(definition.new_state(rules), random.Random(f"{name}:{preset}"),
                          limit=5000)
    assert snapshot(replayed(name, rules, state)) == snapshot(state)
    for seat in (None, 0, 1):
        json.dumps(definition.view_to_data(state.view(seat)))


def test_set_up_is_simultaneous_and_hidden_from_the_other_seat() -> None:
    rules = PRESETS["classic"]
    state = BATTLESHIP.new_state(rules)
    fleet = state.random_action(0, seeded(1))
    assert isinstance(fleet, PlaceFleet)
    state.apply(0, fleet)
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert isinstance(mine, SetupView) and mine.own_fleet == fleet.fleet
    assert isinstance(theirs, SetupView) and theirs.own_fleet is None
    assert theirs.ready == (True, False)
    assert isinstance(spectator, SetupView) and spectator.own_fleet is None
    assert state.actors.seats == {1} and not state.actors.chance
    with pytest.raises(SeaBattleError):
        state.apply(0, fleet)  # placed once only


def test_the_lot_for_the_first_shot_is_chance_and_the_battle_views_hide_the_fleets() -> None:
    rules = PRESETS["classic"]
    state = BATTLESHIP.new_state(rules)
    rng = seeded(2)
    for seat in SEATS:
        state.apply(seat, state.random_action(seat, rng))
    assert state.actors.chance
    with pytest.raises(SeaBattleError):
        state.apply(0, DrawFirst(0))  # a seat cannot draw the lot
    state.apply_chance(DrawFirst(1))
    assert state.log[-1] == Move(CHANCE, DrawFirst(1))
    with pytest.raises(SeaBattleError, match="not your turn|turn"):
        state.apply(0, Fire((0,)))
    view = state.view(0)
    assert isinstance(view, PlayerView) and view.opponent_fleet is None
    spectator = state.view(None)
    assert isinstance(spectator, SpectatorView) and spectator.fleets is None


def test_resigning_during_the_set_up_ends_the_game() -> None:
    state = BATTLESHIP.new_state(PRESETS["classic"])
    state.apply(1, Resign())
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    assert state.actors.over
    with pytest.raises(SeaBattleError):
        state.apply(0, Resign())


def test_a_malformed_log_entry_is_refused_with_the_reason() -> None:
    rules = PRESETS["classic"]
    with pytest.raises(SeaBattleError, match="actor"):
        BATTLESHIP.log_from_data(rules, [{"action": "resign"}])
    with pytest.raises(SeaBattleError, match="castle"):
        BATTLESHIP.log_from_data(rules, [{"actor": 0, "action": "castle"}])


def test_the_registry_finds_battleship_and_names_the_games_it_has() -> None:
    assert game_names()[0] == "battleship"
    assert find_game("battleship") is BATTLESHIP
    with pytest.raises(UnknownGameError) as refused:
        find_game("chess")
    assert "battleship" in refused.value.message("ru")
    assert "неизвестная игра" in refused.value.message("ru")


def test_real_games_draw_from_the_system_s_entropy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every generator starts from 256 fresh bits of the operating system's entropy ...
    assert len({entropy().random() for _ in range(50)}) == 50
    monkeypatch.setattr(secrets, "randbits", lambda bits: 2 ** bits - 7)
    assert entropy().random() == random.Random(2 ** 256 - 7).random()
    # ... where a test's or a benchmark's seeded one draws the same numbers each time.
    assert seeded(5).random() == seeded(5).random()


@pytest.mark.parametrize("command", [["play", "--plain"], ["bench", "--games", "1"]])
def test_a_command_refuses_a_registered_game_it_cannot_play_yet(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.battleship.definition import BattleshipDefinition
    from seabattle.cli import main
    from seabattle.games.registry import register, unregister

    class Renamed(BattleshipDefinition):
        name = "battleship-copy"

    register(Renamed())
    try:
        assert "battleship-copy" in game_names()
        assert main([command[0], "--game", "battleship-copy", *command[1:]]) == 2
    finally:
        unregister("battleship-copy")
    error = capsys.readouterr().err
    refusal = f"seabattle {command[0]} does not play battleship-copy yet; it plays: battleship"
    assert refusal in error
    assert "battleship-copy" not in game_names()


@pytest.mark.parametrize("name", game_names())
def test_every_module_a_game_names_among_its_parts_exports_its_part(name: str) -> None:
    game = find_game(name)
    module_parts = set(get_args(ModulePart))
    assert module_parts | {"gym_envs", "aec_env"} == {f.name for f in fields(GameParts)}
    for part in sorted(module_parts):
        if getattr(game.parts, part) is not None:
            assert import_part(game, part) is not None, part  # type: ignore[arg-type]
    assert game.name != "battleship" or all(getattr(game.parts, p) for p in module_parts)


def test_a_game_without_a_part_is_refused_naming_the_games_that_have_it() -> None:
    from seabattle.battleship.definition import BattleshipDefinition
    from seabattle.games.registry import register, unregister

    class Bare(BattleshipDefinition):
        name = "battleship-bare"
        parts = GameParts()

    register(Bare())
    try:
        assert import_part(find_game("battleship-bare"), "replay_text") is None
        with pytest.raises(SeaBattleError) as refused:
            find_part("battleship-bare", "replay_text", "replay")
    finally:
        unregister("battleship-bare")
    having = ", ".join(name for name in game_names() if find_game(name).parts.replay_text)
    assert refused.value.message("en") == (
        f"seabattle replay does not play battleship-bare yet; it plays: {having}")
    assert "battleship" in having
    assert refused.value.message("ru").startswith("seabattle replay пока не играет")


def _message_for(rules: Any, action: Any) -> tuple[str, dict[str, Any]]:
    """The client message (docs/web-protocol.md) a browser sends for ``action``."""
    from seabattle.battleship.cell_lists import cell_lists_in_rules_order
    from seabattle.battleship.definition import Decide, MoveShip
    from seabattle.coords import iter_cells

    if isinstance(action, PlaceFleet):
        return "place", {"ships": [list(s) for s in cell_lists_in_rules_order(
            rules, action.fleet)]}
    if isinstance(action, Fire):
        if len(action.cells) == 1:
            return "fire", {"cell": action.cells[0]}
        return "fire_salvo", {"cells": list(action.cells)}
    if isinstance(action, Decide):
        return "decide", {"cell": action.cell}
    assert isinstance(action, MoveShip)
    if action.cells is None:
        return "decide", {"stay": True}
    return "decide", {"cells": list(iter_cells(action.cells))}


@settings(max_examples=12)  # whole games with three states a move: a few rule sets suffice
@given(seed=st.integers(0, 2**32), rules_index=st.integers(0, len(BATTLESHIP_RULES) - 1))
def test_battleship_s_host_reads_every_move_and_tells_each_audience_only_its_part(
        seed: int, rules_index: int) -> None:
    # What the server's rooms take from a game (seabattle/games/hosting.py), on random
    # whole games: each move read back from its client message, every projection and state
    # plain JSON, and no seat's or spectator's state showing a fleet not theirs before the end.
    rules = BATTLESHIP_RULES[rules_index]
    host = BATTLESHIP.host()
    assert host is not None and host.levels[0] == "hard"
    rng = random.Random(seed)
    state = BATTLESHIP.new_state(rules)
    first = rng.randrange(2)
    for _step in range(2000):
        if state.actors.over:
            break
        if state.actors.chance:
            state.apply_chance(DrawFirst(first))
            continue
        seat = rng.choice(sorted(state.actors.seats))
        action = state.random_action(seat, rng)
        kind, data = _message_for(rules, action)
        assert host.intent(state, host.phase(state), seat, kind, data) == action
        events = state.apply(seat, action)
        told = host.project(state, seat, action, events, auto=False)
        json.dumps([told.public, told.private[0], told.private[1], told.private[None],
                    host.due(state), host.events_of(rules, events)])
        assert host.stored_events(rules, host.events_of(rules, events)) == \
            host.events_of(rules, events)
        for audience in (0, 1, None):
            seen = host.snapshot(state, audience, "ru", over=False)
            json.dumps(seen)
            boards: Any = seen["boards"]
            for owner in SEATS:
                assert (boards[owner]["ships"] is None) == (
                    owner != audience or state.fleets[owner] is None)
    assert state.actors.over
    over = host.game_over(state)
    assert len(over["fleets"]) == 2  # type: ignore[arg-type]
    assert json.loads(host.record(state, ("a", "b"), None, "g", "fleet_sunk"))["events"]
