"""The admiral under the variant rules (issue 16, «Every variant»): its posterior against
brute force on small fields, legal shots on every preset and variant, seeded games,
and the volley of a salvo chosen together."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.admiral import AdmiralStrategy, joint_volley
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.ai.posterior import (
    Posterior,
    SamplerSettings,
    build_problem,
    to_words,
)
from seabattle.battleship.events import Shot
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import Game, Solitaire
from seabattle.battleship.rules import (
    PRESETS,
    Announcement,
    Role,
    Rules,
    ShipKind,
    find_rules,
    with_variants,
)
from seabattle.battleship.shapes import Shape, Touching
from seabattle.battleship.view import PlayerView, build_view
from seabattle.coords import bit, iter_cells
from seabattle.errors import SeaBattleError
from tests.test_admiral import all_fleets, partial_games


def _piece(role: Role) -> ShipKind:
    return ShipKind(1, "", Shape.STRAIGHT, role)


_CRUISER, _DESTROYER = ShipKind(3, "cruiser"), ShipKind(2, "destroyer")

VARIANT_RULES = [
    # Silent sinking: a wholly hit ship may be sunk without a word.
    Rules("silent", 5, 5, (_CRUISER, _DESTROYER), announce=Announcement.NONE),
    Rules("silent-sides", 4, 4, (_CRUISER, _DESTROYER),
          touching=Touching.SIDES, announce=Announcement.NONE),
    # Submarines touch anything; a hit on one sinks it.
    Rules("submarine", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE))),
    Rules("submarines-type", 4, 4, (_CRUISER, _piece(Role.SUBMARINE), _piece(Role.SUBMARINE)),
          announce=Announcement.TYPE),
    Rules("submarine-silent", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE)),
          touching=Touching.CORNERS, announce=Announcement.NONE),
    # Mines and minesweepers touch nothing (or anything, with mines_touch); one that
    # went off is pinned.
    Rules("mine", 4, 5, (_CRUISER, _DESTROYER, _piece(Role.MINE))),
    Rules("mine-sweeper", 4, 5, (_CRUISER, _piece(Role.MINE), _piece(Role.MINESWEEPER)),
          touching=Touching.CORNERS),
    Rules("mines-touch", 3, 4, (_CRUISER, _piece(Role.MINE), _piece(Role.SUBMARINE)),
          mines_touch=True),
]


@cache
def _fleets(rules: Rules) -> list[Fleet]:
    return all_fleets(rules)


EXACT = SamplerSettings(exact_nodes=10**8, exact_fleets=10**6)


SAMPLING_ONLY = SamplerSettings(exact_nodes=0, samples=6000, chains=3)


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=lambda r: r.name)
def test_posterior_matches_brute_force_under_the_variants(rules: Rules) -> None:
    """Whole fleets, mines included, answering every shot as the view shows: the
    share covering each cell with a ship or submarine is the posterior's chance,
    enumerated exactly or (for half the views) sampled by the chains alone."""
    fleets = _fleets(rules)
    for number, view in enumerate(partial_games(rules, fleets, seed=1, count=6)):
        expected = _vessel_map(rules, fleets, view)
        exact = Posterior(rules, EXACT).estimate(view, seed=0)
        assert exact.exact
        assert exact.probabilities == pytest.approx(expected, abs=1e-9)
        if number % 2:
            sampled = Posterior(rules, SAMPLING_ONLY).estimate(view, seed=3)
            assert not sampled.exact
            # 6000 correlated samples: a few hundredths of noise, never a wrong constraint.
            assert sampled.probabilities == pytest.approx(expected, abs=0.06)


def _vessel_map(rules: Rules, fleets: list[Fleet], view: PlayerView) -> list[float]:
    """The share of legal fleets (mines included), among those answering every shot as
    the view shows, whose ships or submarines cover each cell: the posterior by its
    definition (a mine is no target)."""
    fitting = [f for f in fleets if _answers_as(rules, f, view)]
    assert fitting, "the true fleet always fits"
    return [sum(1 for f in fitting if any(s.cells & bit(c) for s in f if s.kind.role.is_vessel))
            / len(fitting) for c in rules.grid.cells()]


def _answers_as(rules: Rules, fleet: Fleet, view: PlayerView) -> bool:
    """Whether ``fleet`` answers the view's shots as the view shows. The answers' kinds
    (hit or not, mine, minesweeper) are compared shot by shot, and the whole view's
    reading of them (sinkings, kinds told) only for a fleet that passes."""
    game = Solitaire(rules, fleet)
    for info in view.shots:
        result = game.fire(0, info.cell).result
        if result.is_hit != info.result.is_hit or (not result.is_hit
                                                   and result is not info.result):
            return False
    return game.view(0).shots == view.shots


def test_the_brute_force_counts_mines_as_pieces_not_ships() -> None:
    """A check of the check: a mine that went off is a miss, never a ship's chance."""
    rules = VARIANT_RULES[5]
    fleets = _fleets(rules)
    fleet = fleets[17]
    mine = next(s.cells for s in fleet if s.kind.role is Role.MINE)
    game = Solitaire(rules, fleet)
    game.fire(0, mine.bit_length() - 1)
    view = game.view(0)
    chances = Posterior(rules, EXACT).estimate(view, seed=0).probabilities
    ring = rules.grid.dilate(mine, diagonal=True)
    assert all(chances[c] == 0 for c in rules.grid.cells() if ring >> c & 1)


VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("classic", {"announce": "none"}),
    ("classic", {"submarines": 2}),
    ("six", {"submarines": 1, "announce": "none"}),
    ("classic", {"mines": 3}),
    ("classic-corners", {"mines": 2, "minesweepers": 2}),
    ("classic", {"mines": 2, "minesweepers": 1, "submarines": 2, "mines_touch": True}),
    ("milton-bradley", {"salvo": "ships"}),
    ("classic", {"salvo": 3, "announce": "none"}),
]
"""Variant rule sets the tests play, from the presets."""

_PLAYED = [n for n in sorted(PRESETS) if AdmiralStrategy.supports(PRESETS[n])]


def test_the_admiral_plays_every_preset() -> None:
    assert set(_PLAYED) == set(PRESETS)
    for name, changes in VARIANTS:
        rules = with_variants(find_rules(name), changes)
        assert isinstance(make_strategy("admiral", random.Random(0), rules), AdmiralStrategy)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choice=st.integers(0, len(_PLAYED) + len(VARIANTS) - 1), seed=st.integers(0, 2**32),
       random_shots=st.integers(0, 60))
def test_admiral_fires_legal_turns_under_every_rule_set(choice: int, seed: int,
                                                        random_shots: int) -> None:
    """From any point of a game (reached by random shots), a few admiral turns (volleys
    in a salvo) are legal: distinct cells, never fired at before."""
    if choice < len(_PLAYED):
        rules = PRESETS[_PLAYED[choice]]
    else:
        name, changes = VARIANTS[choice - len(_PLAYED)]
        rules = with_variants(find_rules(name), changes)
    rng = random.Random(seed)
    game = Solitaire(rules, random_fleet(rules, rng))
    order = list(rules.grid.cells())
    rng.shuffle(order)
    while len(order) > len(rules.grid.cells()) - random_shots and not game.is_over:
        game.fire_salvo(0, [order.pop() for _ in range(game.volley_left)])
    admiral, turns = AdmiralStrategy(random.Random(seed)), 0
    while not game.is_over and turns < 3:
        view = game.view(0)
        cells = admiral.next_shots(view)
        assert sorted(set(cells)) == sorted(cells)
        assert len(cells) == min(view.shots_due, view.legal_shots().bit_count())
        assert not any(view.fired >> c & 1 for c in cells)
        game.fire_salvo(0, cells)
        turns += 1


def _two_admirals(rules: Rules, seed: int) -> list[object]:
    """A whole game between two admirals with their decisions (mines handed over,
    minesweepers, dying shots): every event."""
    rng = random.Random(seed)
    game = Game(rules, [random_fleet(rules, rng), random_fleet(rules, rng)])
    players = [ComputerPlayer(make_strategy("admiral", random.Random(f"{seed}:{seat}"), rules),
                              random.Random(f"{seed}:{seat}:decide")) for seat in (0, 1)]
    moves = 0
    while not game.is_over:
        for seat in (0, 1):
            players[seat].play_out(game, seat)
        moves += 1
        assert moves < 1000
    return list(game.events)


@pytest.mark.parametrize("changes", [
    {"mines": 2, "minesweepers": 2, "submarines": 2},
    {"submarines": 2, "announce": "none"},
    {"mines": 3, "announce": "type", "submarines": 1},
], ids=str)
def test_two_admirals_finish_a_game_with_every_decision(changes: dict[str, object]) -> None:
    """Real games (not the benchmark's solitaire): cells handed over after a mine,
    mines revealed by minesweepers and submarines' dying shots all reach the views the
    admiral reads; the same seed plays the same game."""
    rules = with_variants(find_rules("classic"), changes)
    events = _two_admirals(rules, seed=4)
    assert events == _two_admirals(rules, seed=4)


@pytest.mark.parametrize("name,changes", VARIANTS[:6] + [("math", {})], ids=str)
def test_same_seed_same_game_under_the_variants(name: str, changes: dict[str, object]) -> None:
    rules = with_variants(find_rules(name), changes)

    def shots(seed: int) -> list[int]:
        game = Solitaire(rules, random_fleet(rules, random.Random(seed)))
        admiral = make_strategy("admiral", random.Random(seed), rules)
        fired: list[int] = []
        while not game.is_over and len(fired) < 25:
            cells = admiral.next_shots(game.view(0))
            game.fire_salvo(0, cells)
            fired += cells
        return fired

    assert shots(5) == shots(5)
    assert shots(5) != shots(6)


def test_a_volley_chosen_together_spreads_over_answers_that_differ() -> None:
    """Two cells that every fleet covers or leaves together tell no more than one: the
    joint volley takes one of them and a cell whose answer is news, where the most
    probable cells would take both, once a bit is worth enough hits."""
    # Cells 0 and 1 are one two-cell ship in 60 % of the fleets; cells 2..5 each hold
    # the ship in 10 %.
    rows = [0b11] * 6 + [0b1 << c for c in (2, 3, 4, 5)]
    fleets = np.array([to_words(r, 1) for r in rows], dtype=np.uint64)
    chances = [0.6, 0.6, 0.1, 0.1, 0.1, 0.1]
    assert joint_volley(chances, fleets, list(range(6)), 2, 0.0, 6) == [0, 1]
    # Cell 1 adds no bit to cell 0's answer; cell 2 adds 0.4 × h(1/4) = 0.32 bits.
    assert joint_volley(chances, fleets, list(range(6)), 2, 1.0, 6) == [0, 1]
    assert joint_volley(chances, fleets, list(range(6)), 2, 2.0, 6) == [0, 2]
    # Without fleets to read the answers from, the most probable cells.
    assert joint_volley(chances, None, list(range(6)), 2, 1.0, 6) == [0, 1]


DYING_RULES = [
    Rules("dying-silent", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE)),
          touching=Touching.CORNERS, announce=Announcement.NONE),
    Rules("dying-silent-sides", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE)),
          touching=Touching.SIDES, announce=Announcement.NONE),
    Rules("dying-sunk", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE)),
          touching=Touching.CORNERS),
    Rules("dying-sunk-sides", 4, 4, (_CRUISER, _DESTROYER, _piece(Role.SUBMARINE)),
          touching=Touching.SIDES),
]
"""Sinkings silent and announced, pieces apart and touching by a side."""


def _real_games(rules: Rules, seed: int, count: int) -> list[tuple[Game, Fleet]]:
    """Real games (dying shots fired) between random shooters, stopped at random points
    with player 0 to move; each with player 0's fleet."""
    rng = random.Random(seed)
    fleets = _fleets(rules)
    games: list[tuple[Game, Fleet]] = []
    while len(games) < count:
        own = rng.choice(fleets)
        game = Game(rules, [own, rng.choice(fleets)])
        for _ in range(rng.randrange(6, 20)):
            if game.is_over:
                break
            player = game.to_move
            assert player is not None
            fired = game.view(player).fired
            game.fire(player, rng.choice([c for c in rules.grid.cells() if not fired >> c & 1]))
        if not game.is_over and game.to_move == 0 and game.view(0).hits:
            games.append((game, own))
    return games


def _real_map(rules: Rules, game: Game, own: Fleet) -> list[float]:
    """The share of enemy fleets that, in the same real game (both players' shots
    replayed in order, dying shots as the engine fires them), leave player 0 the same
    view, covering each cell with a ship or submarine."""
    shots = [(e.player, e.cell) for e in game.events if isinstance(e, Shot) and not e.dying]
    view = game.view(0)
    fitting = []
    for fleet in _fleets(rules):
        replay = Game(rules, [own, fleet])
        try:
            for player, cell in shots:
                replay.fire(player, cell)
        except SeaBattleError:
            continue
        seen = replay.view(0)
        if seen.shots == view.shots and seen.incoming_shots == view.incoming_shots:
            fitting.append(fleet)
    assert fitting, "the true fleet always fits"
    return [sum(1 for f in fitting if any(s.cells & bit(c) for s in f)) / len(fitting)
            for c in rules.grid.cells()]


@pytest.mark.parametrize("rules", DYING_RULES, ids=lambda r: r.name)
def test_a_hit_that_fired_no_dying_shot_was_no_submarine(rules: Rules) -> None:
    """In a real game a submarine hit fires back at the same cell of the shooter's field
    unless that cell was fired at already; the view lists the hits that fired nothing
    back where they could have (``not_submarines``), and the posterior equals brute
    force over whole real games. The same events read as a game without dying shots
    (the benchmark's) leave such hits possible submarines, and where sinkings are
    silent the posterior differs."""
    differs = 0
    for game, own in _real_games(rules, seed=2, count=8):
        view = game.view(0)
        expected = _real_map(rules, game, own)
        told = Posterior(rules, EXACT).estimate(view, seed=0)
        assert told.exact
        assert told.probabilities == pytest.approx(expected, abs=1e-9)
        untold_view = build_view(rules, 0, game.fleets, game.events, game.to_move, None,
                                 dying_shots=False)
        assert untold_view.not_submarines == 0
        untold = Posterior(rules, EXACT).estimate(untold_view, seed=0).probabilities
        differs += untold != pytest.approx(expected, abs=1e-6)
    # Where sinkings are announced a one-cell submarine says «sunk» at its first hit, so a
    # hit that did not sink was no submarine anyway, dying shot or not.
    assert differs or rules.announce is not Announcement.NONE


@pytest.mark.parametrize("changes", [{}, {"touching": "sides"}, {"announce": "type"}], ids=str)
def test_dying_shot_evidence_never_rules_out_the_true_fleet(changes: dict[str, object]) -> None:
    """Wherever sinkings are announced or pieces touch, the dying-shot evidence never
    rules out the fleet the enemy really has."""
    rules = with_variants(Rules("dying", 4, 4, (_CRUISER, _DESTROYER,
                                                _piece(Role.SUBMARINE))), changes)
    for game, _own in _real_games(rules, seed=2, count=12):
        view = game.view(0)
        estimate = Posterior(rules, EXACT).estimate(view, seed=0)
        assert estimate.exact
        assert estimate.samples is not None
        placed = game.view(1).own_fleet.cells & ~build_problem(rules, view).fixed
        assert any(int(row[0]) == placed for row in estimate.samples)


def test_only_a_game_that_fires_dying_shots_says_which_hits_were_no_submarine() -> None:
    """The same shot, a hit on a ship from an open cell, in a real game and in the
    benchmark's game, where nothing fires back."""
    rules = with_variants(find_rules("classic"), {"submarines": 2})
    rng = random.Random(1)
    target = random_fleet(rules, rng)
    ship = next(s for s in target.ships if s.kind.role is Role.SHIP)
    cell = next(iter_cells(ship.cells))
    real = Game(rules, [random_fleet(rules, rng), target])
    real.fire(0, cell)
    assert real.view(0).not_submarines == bit(cell)
    solitaire = Solitaire(rules, target)
    solitaire.fire(0, cell)
    assert solitaire.view(0).not_submarines == 0
