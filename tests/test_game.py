"""The game: every game between any two strategies ends correctly, shots answer truthfully,
turns follow the shoot-again rule, illegal moves change nothing, and replays agree."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.levels import STRATEGIES
from seabattle.battleship.events import Resignation, Shot, ShotResult
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import Game, ShotStats, Solitaire, other
from seabattle.battleship.rules import PRESETS, Rules, rules_from_dict
from seabattle.coords import bit
from seabattle.errors import (
    AlreadyFiredError,
    GameOverError,
    IllegalShotError,
    NotYourTurnError,
    OffFieldError,
    SeaBattleError,
)


def scaled(examples: int) -> int:
    """``examples`` under the default "ci" profile (25 examples), scaled with the profile."""
    return max(1, examples * settings().max_examples // 25)


Play = Callable[..., Game]

SMALL_RULES = {
    "small-none": rules_from_dict({"width": 6, "height": 6, "touching": "none",
                                   "ships": [{"size": 3}, {"size": 2, "count": 2}, {"size": 1}]}),
    "small-sides-once": rules_from_dict({"width": 5, "height": 4, "touching": "sides",
                                         "shoot_again": False, "announce": "sunk",
                                         "ships": [{"size": 3}, {"size": 2, "count": 2}]}),
    "small-bent-corners": rules_from_dict({"width": 5, "height": 5, "touching": "corners",
                                           "shape": "bent", "announce": "type",
                                           "ships": [{"size": 4}, {"size": 2}, {"size": 1}]}),
    "one-cell": rules_from_dict({"width": 1, "height": 1, "ships": [{"size": 1}]}),
}
PRESET_NAMES = ("classic", "milton-bradley", "six", "bent")
RULE_SETS: dict[str, Rules] = {**{n: PRESETS[n] for n in PRESET_NAMES}, **SMALL_RULES}


def check_finished_game(game: Game) -> None:
    """Everything that must hold of a finished game, checked against the fleets directly."""
    rules = game.rules
    assert game.is_over and game.to_move is None
    winner = game.winner
    assert winner is not None
    loser = other(winner)
    assert game.afloat(loser) == []
    assert game.afloat(winner) != []
    check_log(game)
    last = game.events[-1]
    assert isinstance(last, Shot) and last.player == winner and last.result is ShotResult.SUNK
    # The winner sank every ship, once each.
    assert game.stats(winner).sunk == len(rules.fleet)
    assert game.stats(loser).sunk < len(rules.fleet)


def check_log(game: Game) -> None:
    """The event log agrees with the fleets, the turn rule and a replay."""
    rules = game.rules
    fired: list[int] = [0, 0]
    to_move = game.first
    for number, event in enumerate(game.events):
        assert isinstance(event, Shot)
        assert event.player == to_move, f"event {number} out of turn"
        defender = other(event.player)
        assert not fired[defender] & bit(event.cell), "a cell fired at twice"
        fired[defender] |= bit(event.cell)
        fleet = game.fleets[defender]
        hit = [i for i, s in enumerate(fleet) if s.cells & bit(event.cell)]
        if not hit:
            assert event.result is ShotResult.MISS and event.ship is None
        else:
            assert event.ship == hit[0]
            whole = fleet.ships[hit[0]].cells & ~fired[defender] == 0
            assert event.result is (ShotResult.SUNK if whole else ShotResult.HIT)
        if event.result is ShotResult.MISS or not rules.shoot_again:
            to_move = defender
    assert game.incoming(0) == fired[0] and game.incoming(1) == fired[1]
    if not game.is_over:
        assert game.to_move == to_move
    # Replaying the log rebuilds the same game.
    again = Game.replay(rules, game.fleets, game.first, game.events)
    assert again.events == game.events
    assert (again.winner, again.to_move) == (game.winner, game.to_move)
    for player in (0, 1):
        assert again.incoming(player) == game.incoming(player)
        assert again.afloat(player) == game.afloat(player)
        assert again.view(player) == game.view(player)
        assert again.stats(player) == game.stats(player)


# --- every pair of strategies, several rule sets -----------------------------------

# The admiral samples whole fleets (about a second a game on a 10×10 preset): it plays
# every pairing on the small fields, and one game against each other strategy on the
# presets; every other pairing plays on every rule set.
SLOW = {"admiral"} & set(STRATEGIES)
PAIRS = list(itertools.product(STRATEGIES, repeat=2))
GAMES = [(name, pair) for name in SMALL_RULES for pair in PAIRS] + [
    (name, pair) for name in PRESET_NAMES for pair in PAIRS if not SLOW & set(pair)] + [
    (name, (slow, fast) if i % 2 else (fast, slow))
    for slow in SLOW for i, (name, fast) in enumerate(zip(
        itertools.cycle(PRESET_NAMES), sorted(set(STRATEGIES) - SLOW), strict=False))]


@pytest.mark.parametrize("rules_name, pair", GAMES, ids=[f"{n}:{a}-v-{b}" for n, (a, b) in GAMES])
def test_every_game_between_strategies_ends_correctly(play: Play, rules_name: str,
                                                      pair: tuple[str, str]) -> None:
    rules = RULE_SETS[rules_name]
    first = len(rules_name + "".join(pair)) % 2
    game = play(rules, pair, f"{rules_name}:{pair}", first=first)
    check_finished_game(game)
    assert game.first == first


@settings(max_examples=scaled(15))
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(SMALL_RULES)),
       first=st.sampled_from([0, 1]),
       pair=st.tuples(st.sampled_from(sorted(STRATEGIES)), st.sampled_from(sorted(STRATEGIES))))
def test_random_games_on_small_fields(play: Play, seed: int, name: str, first: int,
                                      pair: tuple[str, str]) -> None:
    check_finished_game(play(SMALL_RULES[name], pair, seed, first=first))


@pytest.mark.parametrize("name", ["classic", "six"])
def test_shoot_again_only_where_the_rules_say(play: Play, name: str) -> None:
    for shoot_again in (True, False):
        rules = PRESETS[name].with_options(shoot_again=shoot_again)
        game = play(rules, ("hard", "hard"), f"again:{shoot_again}")
        check_finished_game(game)
        pairs = list(itertools.pairwise(game.events))
        after_hits = [b.player == a.player for a, b in pairs
                      if isinstance(a, Shot) and a.result is not ShotResult.MISS]
        assert after_hits and all(same == shoot_again for same in after_hits)


# --- shots and sinking ----------------------------------------------------------------

@settings(max_examples=scaled(20))
@given(name=st.sampled_from(["classic", "milton-bradley", "bent", "six"]),
       seed=st.integers(0, 2**32 - 1), order=st.randoms(use_true_random=False))
def test_a_ship_sinks_exactly_when_all_its_cells_are_hit(name: str, seed: int,
                                                         order: random.Random) -> None:
    rules = PRESETS[name]
    fleet = random_fleet(rules, random.Random(seed))
    game = Solitaire(rules, fleet)
    cells = list(range(rules.grid.size))
    order.shuffle(cells)
    fired = 0
    for cell in cells:
        was_afloat = set(game.afloat(1))
        shot = game.fire(0, cell)
        fired |= bit(cell)
        sunk_now = {i for i, s in enumerate(fleet) if s.cells & ~fired == 0}
        assert set(game.afloat(1)) == set(range(len(fleet))) - sunk_now
        newly = was_afloat - set(game.afloat(1))
        if shot.result is ShotResult.SUNK:
            assert newly == {shot.ship}
        else:
            assert not newly
            assert (shot.result is ShotResult.HIT) == bool(fleet.cells & bit(cell))
        assert game.to_move in (0, None)  # in solitaire the turn never passes
        if game.is_over:
            assert fleet.cells & ~fired == 0
            assert game.winner == 0
            break
    assert game.is_over
    assert game.stats(0) == ShotStats(len(game.events), rules.fleet_cells, len(fleet))
    assert [s.result for s in game.shots(0)].count(ShotResult.SUNK) == len(fleet)


def test_shot_stats() -> None:
    assert ShotStats(0, 0, 0).accuracy == 0.0
    assert ShotStats(8, 2, 1).accuracy == 0.25


# --- illegal moves change nothing -----------------------------------------------------

def snapshot(game: Game) -> tuple[object, ...]:
    return (list(game.events), game.to_move, game.winner, game.incoming(0), game.incoming(1),
            game.view(0), game.view(1))


def refused(game: Game, error: type[SeaBattleError], move: Callable[..., object],
            *args: int) -> SeaBattleError:
    """Check that ``move(*args)`` raises ``error`` and leaves the game as it was."""
    before = snapshot(game)
    with pytest.raises(error) as info:
        move(*args)
    assert snapshot(game) == before
    assert info.value.message("en") and info.value.message("ru")
    return info.value


@settings(max_examples=scaled(15))
@given(name=st.sampled_from(["classic", "six", "milton-bradley"]), seed=st.integers(0, 2**20),
       moves=st.one_of(st.integers(0, 80), st.none()))
def test_illegal_shots_raise_and_change_nothing(play: Play, name: str, seed: int,
                                                moves: int | None) -> None:
    rules = PRESETS[name]
    game = play(rules, ("random", "hunt"), seed, max_events=moves)
    size = rules.grid.size
    if game.is_over:
        for player in (0, 1):
            refused(game, GameOverError, game.fire, player, 0)
            refused(game, GameOverError, game.resign, player)
        return
    mover = game.to_move
    assert mover is not None
    refused(game, NotYourTurnError, game.fire, other(mover), 0)
    for cell in (-1, size, size + rules.width, 10**6):
        refused(game, OffFieldError, game.fire, mover, cell)
    for shot in game.shots(mover):
        error = refused(game, AlreadyFiredError, game.fire, mover, shot.cell)
        assert isinstance(error, IllegalShotError)
    for player in (-1, 2):
        refused(game, SeaBattleError, game.fire, player, 0)
        refused(game, SeaBattleError, game.view, player)


def test_already_fired_names_the_cell() -> None:
    rules = PRESETS["classic"]
    fleets = [random_fleet(rules, random.Random(s)) for s in (1, 2)]
    game = Game(rules, fleets)
    water = next(c for c in range(100) if not fleets[1].cells >> c & 1)
    game.fire(0, water)
    game.fire(1, 0 if not fleets[0].cells & 1 else next(
        c for c in range(100) if not fleets[0].cells >> c & 1))
    with pytest.raises(AlreadyFiredError) as info:
        game.fire(0, water)
    name = rules.coordinates("en").name(water)
    assert name in str(info.value) and name in info.value.message("ru")


def test_a_recorded_shot_with_the_wrong_result_is_refused_and_changes_nothing() -> None:
    rules = PRESETS["classic"]
    fleets = [random_fleet(rules, random.Random(s)) for s in (4, 5)]
    game = Game(rules, fleets)
    water = next(c for c in range(100) if not fleets[1].cells >> c & 1)
    before = snapshot(game)
    with pytest.raises(SeaBattleError):
        game.apply(Shot(0, water, ShotResult.HIT))
    assert snapshot(game) == before
    game.apply(Shot(0, water, ShotResult.MISS))
    assert len(game.events) == 1


def test_resigning_ends_the_game_and_replays() -> None:
    rules = PRESETS["six"]
    fleets = [random_fleet(rules, random.Random(s)) for s in (7, 8)]
    game = Game(rules, fleets, first=1)
    assert game.to_move == 1
    game.fire(1, 0)
    game.resign(0)
    assert game.is_over and game.winner == 1 and game.to_move is None
    assert isinstance(game.events[-1], Resignation)
    assert game.view(0).opponent_fleet == fleets[1]
    refused(game, GameOverError, game.resign, 1)
    refused(game, GameOverError, game.fire, 1, 1)
    again = Game.replay(rules, fleets, 1, game.events)
    assert (again.winner, again.events) == (1, game.events)


def test_a_game_needs_two_fleets_and_two_players() -> None:
    rules = PRESETS["classic"]
    fleet = random_fleet(rules, random.Random(0))
    with pytest.raises(SeaBattleError):
        Game(rules, [fleet])
    with pytest.raises(SeaBattleError):
        Game(rules, [fleet, fleet], first=2)


def test_replay_refuses_an_illegal_log() -> None:
    rules = PRESETS["classic"]
    fleets: list[Fleet] = [random_fleet(rules, random.Random(s)) for s in (1, 2)]
    water = next(c for c in range(100) if not fleets[1].cells >> c & 1)
    with pytest.raises(NotYourTurnError):
        Game.replay(rules, fleets, 0, [Shot(1, 0, ShotResult.MISS)])
    with pytest.raises(SeaBattleError):
        Game.replay(rules, fleets, 0, [Shot(0, water, ShotResult.SUNK)])
