"""The admiral plays the Flying Dutchman (issue 16, «Every variant»): its posterior against
brute force on small fields after games with moves, legal and seeded shots on the preset,
and games of it analysed."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.dutchman import DutchmanPosterior, king_shapes
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.ai.posterior import SamplerSettings
from seabattle.battleship.analysis import analyze_record, unmodelled_variants
from seabattle.battleship.events import ShipMove, Shot
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import PRESETS, Rules, ShipKind, find_rules
from seabattle.battleship.shapes import Shape, random_king_ship
from seabattle.coords import Bitboard, iter_cells

SMALL = [Rules(f"dutchman-{w}x{h}", w, h, (ShipKind(5, "dutchman", Shape.KING),),
               flying_dutchman=True) for w, h in ((5, 5), (6, 5))]
"""The smallest Dutchman rule sets (five decks, the fewest the rules allow)."""
EVERY_SHAPE = SamplerSettings(samples=10**6)
"""Work enough to weigh every shape: the posterior is exact."""
FEW_SHAPES = SamplerSettings(samples=6)
"""Work for a fraction of five decks' 638 shapes while hunting (the posterior samples),
all of them around a hit."""


def test_the_king_shapes_are_the_fixed_polyplets() -> None:
    """Fixed king-connected shapes of n cells (OEIS A006535), each once, from its corner."""
    assert [len(king_shapes(n)) for n in range(1, 9)] == [
        1, 4, 20, 110, 638, 3832, 23592, 147941]
    shapes = king_shapes(5)
    seen = {frozenset(zip(r, c, strict=True))
            for r, c in zip(shapes.rows.tolist(), shapes.cols.tolist(), strict=True)}
    assert len(seen) == len(shapes)
    assert (shapes.rows.min(axis=1) == 0).all() and (shapes.cols.min(axis=1) == 0).all()


@cache
def _connected(width: int, height: int, size: int) -> tuple[Bitboard, ...]:
    """Every set of ``size`` king-connected cells of the field, by brute force over all
    sets of cells."""
    grid = Rules("x", width, height, (ShipKind(1, "boat"),)).grid
    found = []
    for cells in itertools.combinations(range(grid.size), size):
        board = sum(1 << c for c in cells)
        if grid.is_connected(board, diagonal=True):
            found.append(board)
    return tuple(found)


def _brute_force(rules: Rules, game: Game) -> list[float]:
    """Per cell, the share of the ships that could answer player 0's shots as the game did,
    read from the events: a ship now has one deck per deck not hit before its last move,
    lies on no cell fired at before that move, and since it covers every hit and no miss."""
    moved_at = max((i for i, e in enumerate(game.events)
                    if isinstance(e, ShipMove) and e.cells is not None), default=-1)
    shots = [(i, e) for i, e in enumerate(game.events) if isinstance(e, Shot) and e.player == 0]
    before = sum(1 << e.cell for i, e in shots if i < moved_at)
    lost = sum(e.result.is_hit for i, e in shots if i < moved_at)
    hits = sum(1 << e.cell for i, e in shots if i > moved_at and e.result.is_hit)
    misses = sum(1 << e.cell for i, e in shots if i > moved_at and not e.result.is_hit)
    fitting = [ship for ship in _connected(rules.width, rules.height, rules.fleet[0].size - lost)
               if not ship & (before | misses) and ship & hits == hits]
    return [sum(ship >> cell & 1 for ship in fitting) / len(fitting)
            for cell in rules.grid.cells()]


def _games_with_moves(rules: Rules, seed: int, count: int) -> list[Game]:
    """Games stopped at random points, player 0 firing at random at player 1's Dutchman,
    which moves (to a random place) or stays, at random, after each hit."""
    rng = random.Random(seed)
    games: list[Game] = []
    while len(games) < count:
        game = Game(rules, [random_fleet(rules, rng) for _ in (0, 1)], first=0)
        stop = rng.randrange(1, 3 * rules.grid.size // 2)
        while not game.is_over and len(game.events) < stop:
            pending = game.pending
            if pending is not None:
                cells = None
                if pending.player == 1 and rng.random() < 0.6:
                    fired = game.incoming(1)
                    size = (game.position(1).ships[0].cells & ~fired).bit_count()
                    cells = random_king_ship(rules.grid, size, rng, fired)
                game.move_ship(pending.player, cells)
                continue
            seat = game.to_move
            assert seat is not None
            game.fire(seat, rng.choice(list(iter_cells(game.view(seat).legal_shots()))))
        if not game.is_over and game.pending is None and game.to_move == 0:
            games.append(game)
    return games


@pytest.mark.parametrize("rules", SMALL, ids=lambda r: r.name)
def test_exact_posterior_matches_brute_force_after_moves(rules: Rules) -> None:
    games = _games_with_moves(rules, seed=1, count=30)
    assert sum(any(isinstance(e, ShipMove) and e.cells for e in g.events) for g in games) >= 10
    for game in games:
        estimate = DutchmanPosterior(rules, EVERY_SHAPE).estimate(game.view(0), seed=0)
        assert estimate.exact
        assert estimate.probabilities == pytest.approx(_brute_force(rules, game), abs=1e-12)


@pytest.mark.parametrize("rules", SMALL, ids=lambda r: r.name)
def test_sampled_posterior_is_near_brute_force(rules: Rules) -> None:
    sampled = 0
    for number, game in enumerate(_games_with_moves(rules, seed=2, count=20)):
        estimate = DutchmanPosterior(rules, FEW_SHAPES).estimate(game.view(0), seed=number)
        sampled += not estimate.exact
        expected = _brute_force(rules, game)
        assert max(abs(a - b) for a, b in zip(estimate.probabilities, expected,
                                              strict=True)) < 0.1
    assert sampled >= 5


def test_the_preset_is_sampled_near_its_exact_map() -> None:
    """On the 20×20 preset the admiral's posterior weighs a sample of the shapes while
    hunting, all of them around a hit."""
    rules = find_rules("flying-dutchman")
    games = [*_games_with_moves(rules, seed=3, count=4), _fresh(rules)]
    sampled_maps = 0
    for game in games:
        view = game.view(0)
        sampled = DutchmanPosterior(rules).estimate(view, seed=1)
        exact = DutchmanPosterior(rules, EVERY_SHAPE).estimate(view, seed=1)
        assert exact.exact
        assert sampled.exact or not view.hits & ~view.abandoned
        sampled_maps += not sampled.exact
        assert max(abs(a - b) for a, b in zip(sampled.probabilities, exact.probabilities,
                                              strict=True)) < 0.01
    assert sampled_maps


def _fresh(rules: Rules) -> Game:
    """A game before its first shot."""
    rng = random.Random(0)
    return Game(rules, [random_fleet(rules, rng) for _ in (0, 1)])


def test_live_hits_are_certain_and_every_other_cell_fired_at_is_empty() -> None:
    rules = SMALL[1]
    for game in _games_with_moves(rules, seed=4, count=10):
        view = game.view(0)
        chances = DutchmanPosterior(rules).estimate(view, seed=0).probabilities
        live = view.hits & ~view.abandoned
        assert all(chances[c] == 1 for c in iter_cells(live))
        assert all(chances[c] == 0 for c in iter_cells(view.fired & ~live))


def test_the_admiral_plays_the_flying_dutchman_and_analyse_judges_it() -> None:
    rules = find_rules("flying-dutchman")
    assert AdmiralStrategy.supports(rules)
    assert isinstance(make_strategy("admiral", random.Random(0), rules), AdmiralStrategy)
    assert all(AdmiralStrategy.supports(r) for r in PRESETS.values())
    assert unmodelled_variants(rules) == ()


def _admiral_game(rules: Rules, seed: int) -> Game:
    """A whole game of an admiral (player 0) against a computer whose Dutchman moves
    after every hit (``hard``, which always moves it)."""
    rng = random.Random(seed)
    game = Game(rules, [random_fleet(rules, rng) for _ in (0, 1)], first=0)
    players = [ComputerPlayer(make_strategy(level, random.Random(f"{seed}:{seat}"), rules),
                              random.Random(f"{seed}:decide:{seat}"))
               for seat, level in enumerate(("admiral", "hard"))]
    while not game.is_over:
        for seat in (0, 1):
            players[seat].act(game, seat)
        assert len(game.events) < 4 * rules.grid.size
    return game


def test_the_same_seed_gives_the_same_game_with_moves() -> None:
    rules = SMALL[1]
    first, second = _admiral_game(rules, 5), _admiral_game(rules, 5)
    assert first.events == second.events
    assert any(isinstance(e, ShipMove) and e.cells for e in first.events)
    assert first.events != _admiral_game(rules, 6).events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_admiral_shots_on_the_preset_are_legal(seed: int) -> None:
    """From any point of a game of the preset with moves, a few admiral shots are legal:
    on the field and never fired at."""
    rules = find_rules("flying-dutchman")
    (game,) = _games_with_moves(rules, seed, 1)
    admiral = AdmiralStrategy(random.Random(seed))
    for _ in range(3):
        if game.is_over or game.pending is not None or game.to_move != 0:
            break
        view = game.view(0)
        cell = admiral.choose(view)
        assert 0 <= cell < rules.grid.size and not view.fired >> cell & 1
        game.fire(0, cell)


def test_a_game_of_the_flying_dutchman_is_analysed() -> None:
    rules = SMALL[1]
    game = _admiral_game(rules, 7)
    record = GameRecord.of(game)
    analysis = analyze_record(record, players=(0,), admiral_games=1)
    (player,) = analysis.players
    assert len(player.shots) == sum(isinstance(e, Shot) and e.player == 0 for e in game.events)
    assert all(s.exact and 0 <= s.chosen <= s.best <= 1 for s in player.shots)
    # The admiral's own shots are the most probable cells.
    assert all(s.loss < 1e-9 for s in player.shots)
    assert len(player.admiral_shots) == 1
