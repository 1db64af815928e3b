"""The manoeuvre game against the game interface: random whole games (tests/test_games.py's
conformance player), replays through JSON, views that hide what the rules hide."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.errors import SeaBattleError
from seabattle.games.chance import draw, seeded
from seabattle.games.interface import SEATS
from seabattle.games.registry import find_game
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Detonate,
    Direction,
    DrawFirst,
    EndTurn,
    PointBlank,
    Shoot,
    Step,
)
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import Phase
from tests.test_games import play_randomly, replayed, snapshot

RULES = [PRESETS["skirmish"], PRESETS["seed"]]


def _hidden_guess(state: ManoeuvreState, seat: int, rng: random.Random) -> dict[int, Kind]:
    """Another assignment of kinds to the enemy's pieces ``seat`` does not know, with the
    same counts (a determinisation)."""
    view = state.view(seat)
    unknown = [p for p in view.pieces if p.owner != seat and p.kind is None]
    kinds = [state.board.at[p.cell].kind for p in unknown]
    rng.shuffle(kinds)
    return {p.number: kind for p, kind in zip(unknown, kinds, strict=True)}


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), rules_index=st.integers(0, len(RULES) - 1))
def test_random_games_keep_the_interface_and_replay_exactly(seed: int, rules_index: int
                                                            ) -> None:
    rules = RULES[rules_index]
    rng = random.Random(seed)
    state = play_randomly(DEFINITION.new_state(rules), rng, limit=20000)
    again = replayed("manoeuvres", rules, state)
    assert snapshot(again) == snapshot(state)
    for seat in (None, 0, 1):
        text = json.dumps(DEFINITION.view_to_data(state.view(seat)))
        assert DEFINITION.view_from_data(rules, json.loads(text)) == state.view(seat)


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32))
def test_views_and_legal_actions_never_tell_an_unrevealed_enemy_kind(seed: int) -> None:
    # At every step of a random game, the acting seat's view and its legal actions are the
    # same whatever kinds its enemy's unrevealed pieces really have; and a game rebuilt
    # from the view and the true kinds goes on as the game itself.
    rules = PRESETS["skirmish"]
    rng = random.Random(seed)
    state = DEFINITION.new_state(rules)
    for _step in range(3000):
        if state.actors.over:
            break
        if state.actors.chance:
            state.apply_chance(state.chance_outcomes()[rng.randrange(2)].action)
            continue
        seat = min(state.actors.seats)
        action = state.random_action(seat, rng)
        if state.phase is Phase.PLAY:
            other = state.with_kinds(1 - seat, _hidden_guess(state, seat, rng))
            assert other.view(seat) == state.view(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.view(None) == state.view(None)
            # The view is all a player needs: rebuilt from it, the game goes on the same.
            view = state.view(seat)
            data = json.loads(json.dumps(DEFINITION.view_to_data(view)))
            assert DEFINITION.view_from_data(rules, data) == view
            truth = {p.number: p.kind for p in state.view(1 - seat).pieces
                     if p.owner != seat}
            rebuilt = ManoeuvreState.from_view(view, {n: k for n, k in truth.items()
                                                      if k is not None})
            assert rebuilt.view(seat) == view
            assert rebuilt.legal_actions(seat) == state.legal_actions(seat)
            rebuilt.apply(seat, action)
            state.apply(seat, action)
            assert rebuilt.view(seat) == state.view(seat)
            continue
        state.apply(seat, action)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_pieces_are_conserved_and_events_are_plain_data(seed: int) -> None:
    rules = PRESETS["skirmish"]
    rng = random.Random(seed)
    state = DEFINITION.new_state(rules)
    full = Counter({kind: count for kind, count in rules.pieces if count})
    while not state.actors.over:
        if state.actors.chance:
            events = state.apply_chance(state.chance_outcomes()[rng.randrange(2)].action)
        else:
            seat = min(state.actors.seats)
            events = state.apply(seat, state.random_action(seat, rng))
        for event in events:
            json.dumps(DEFINITION.event_to_data(rules, event))
        if state.phase is not Phase.SETUP:
            for seat in SEATS:
                assert state.census(seat) == full


def test_the_registry_finds_the_game() -> None:
    assert find_game("manoeuvres") is DEFINITION
    assert DEFINITION.rules_title(PRESETS["seed"]).render("ru") == "игра по проекту, 17×12"


@pytest.mark.parametrize("rules", RULES)
def test_rules_round_trip_through_plain_data(rules: ManoeuvreRules) -> None:
    data: Any = json.loads(json.dumps(DEFINITION.rules_to_data(rules)))
    assert DEFINITION.rules_from_data(data) == rules
    assert DEFINITION.rules_from_data({"name": rules.name}) == rules


@pytest.mark.parametrize(("preset", "length", "winner", "reason", "digest", "lost"), [
    ("skirmish", 76, None, "manoeuvres.outcome.quiet", "cd2b029fa1746d4b", [8, 9]),
    ("seed", 1869, 0, "manoeuvres.outcome.forts_taken", "11b5fcd0beaeb6cd", [30, 37]),
])
def test_a_golden_random_game_plays_as_it_always_did(
        preset: str, length: int, winner: int | None, reason: str, digest: str,
        lost: list[int]) -> None:
    # A whole game of random legal actions from one seed, pinned: any change to the rules,
    # to the order of the legal actions or to the log's form shows here (then check the
    # change was meant, and pin the new game).
    rules = PRESETS[preset]
    state = DEFINITION.new_state(rules)
    rng = seeded(2026)
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        seat = min(state.actors.seats)
        state.apply(seat, state.random_action(seat, rng))
    text = json.dumps(DEFINITION.log_to_data(rules, state.log), sort_keys=True)
    outcome = state.outcome()
    assert outcome is not None
    assert (len(state.log), outcome.winner, outcome.reason.key) == (length, winner, reason)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
    assert [len(state.lost[seat]) for seat in SEATS] == lost


def _any_action(rng: random.Random, size: int) -> Action:
    """Any well-formed action, legal or not: cells anywhere on the field (or just off)."""
    def cell() -> int:
        return rng.randint(-1, size)

    def group() -> tuple[int, ...]:
        return tuple(sorted(cell() for _ in range(rng.randint(0, 3))))

    makers: list[Callable[[], Action]] = [
        lambda: Step(cell(), cell(), group() if rng.random() < 0.2 else ()),
        lambda: Shoot(cell(), rng.choice(list(Direction))),
        lambda: PointBlank(cell(), cell()),
        lambda: Detonate(cell(), rng.choice([None, cell()])),
        lambda: Attack(cell(), group()), lambda: Defend(group()), lambda: EndTurn(),
        lambda: DrawFirst(rng.randint(-1, 2))]
    return rng.choice(makers)()


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32))
def test_a_refused_action_changes_nothing_and_an_accepted_one_was_listed(seed: int) -> None:
    rules = PRESETS["skirmish"]
    rng = random.Random(seed)
    state = DEFINITION.new_state(rules)
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        seat = min(state.actors.seats)
        if state.phase is Phase.PLAY:
            for _try in range(4):
                action = _any_action(rng, rules.grid.size)
                for who in SEATS:
                    before = snapshot(state)
                    try:
                        state.check(who, action)
                    except SeaBattleError as refused:
                        assert refused.message("ru") and snapshot(state) == before
                    else:
                        assert action in (state.legal_actions(who) or [])
        state.apply(seat, state.random_action(seat, rng))
