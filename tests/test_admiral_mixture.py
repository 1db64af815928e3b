"""The admiral's ``dfs`` member: the engine's depth-first chance of a fleet, checked against
brute force (every order of the ships), against the engine's own draws, and as a member
of the mixture (its map and its weight) on small fields."""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections import Counter

import numpy as np
import pytest

from seabattle.battleship.ai.fleet_shape import TILTS, FleetShape
from seabattle.battleship.ai.habits import (
    CHANCE_FLOOR,
    FAMILIES,
    LEARNED_MARGIN,
    LEARNED_SPREAD,
    MOST_PROBABLE_ALONE,
    PlacementPrior,
)
from seabattle.battleship.ai.members import member
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    DfsPlacement,
    uniform_fleet,
)
from seabattle.battleship.ai.posterior import Posterior, to_words
from seabattle.battleship.fleet import Fleet, Ship, random_fleet, validate_fleet
from seabattle.battleship.game import Solitaire
from seabattle.battleship.rules import PRESETS, Rules, ShipKind
from seabattle.battleship.shapes import Shape, Touching, placement_halos, placements
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit
from tests.test_admiral import play

CRUISER, DESTROYER, BOAT = ShipKind(3, "cruiser"), ShipKind(2, "destroyer"), ShipKind(1, "boat")
SMALL = [
    Rules("corners", 5, 5, (CRUISER, DESTROYER, DESTROYER, BOAT), touching=Touching.CORNERS),
    Rules("no-touch", 6, 5, (CRUISER, DESTROYER, BOAT)),
    Rules("wide", 6, 4, (DESTROYER, DESTROYER, BOAT, BOAT), touching=Touching.CORNERS),
]
TINY = [
    Rules("tiny-corners", 4, 4, (DESTROYER, BOAT, BOAT), touching=Touching.CORNERS),
    Rules("tiny-no-touch", 5, 4, (CRUISER, DESTROYER, BOAT)),
]
"""Few enough fleets to replay every one against every view."""
DFS = FAMILIES.index("dfs")


def every_fleet(rules: Rules) -> list[Fleet]:
    """Every legal fleet, each once (equal ships in increasing order of their cells)."""
    kinds = sorted(rules.fleet, key=lambda k: -k.size)
    fleets: list[Fleet] = []

    def grow(index: int, blocked: Bitboard, ships: list[Ship]) -> None:
        if index == len(kinds):
            fleets.append(validate_fleet(rules, ships))
            return
        kind = kinds[index]
        cands = placements(rules.grid, kind.size, Shape.STRAIGHT)
        halos = placement_halos(rules.grid, kind.size, Shape.STRAIGHT, rules.touching)
        for cells, around in zip(cands, halos, strict=True):
            if cells & blocked:
                continue
            if index and kinds[index - 1] == kind and cells <= ships[-1].cells:
                continue
            grow(index + 1, blocked | around, [*ships, Ship(kind, cells)])

    grow(0, 0, [])
    return fleets


def brute_force_chance(rules: Rules, fleet: Fleet) -> float:
    """The chance that ships placed largest first, each uniformly over the placements
    left by those before it, make ``fleet``: summed over every order of equal ships."""
    grid = rules.grid
    ships = sorted(fleet, key=lambda s: -s.size)
    groups = [list(g) for _, g in itertools.groupby(ships, key=lambda s: s.size)]
    total = 0.0
    for orders in itertools.product(*(itertools.permutations(g) for g in groups)):
        blocked, chance = 0, 1.0
        for ship in itertools.chain.from_iterable(orders):
            cands = placements(grid, ship.size, Shape.STRAIGHT)
            chance /= sum(1 for cells in cands if not cells & blocked)
            halos = placement_halos(grid, ship.size, Shape.STRAIGHT, rules.touching)
            blocked |= halos[cands.index(ship.cells)]
        total += chance
    return total


def rows_of(rules: Rules, boards: list[Bitboard]) -> np.ndarray:
    words = (rules.grid.size + 63) // 64
    return np.array([to_words(b, words) for b in boards], dtype=np.uint64)


@pytest.mark.parametrize("rules", SMALL, ids=lambda r: r.name)
def test_the_depth_first_chances_are_those_of_every_order(rules: Rules) -> None:
    fleets = every_fleet(rules)
    expected = [brute_force_chance(rules, f) for f in fleets]
    compiled = DfsPlacement.log_chances(rules, rows_of(rules, [f.cells for f in fleets]))
    assert np.exp(compiled) == pytest.approx(expected, rel=1e-9)
    # The search never paints itself into a corner on these fields: a distribution.
    assert sum(expected) == pytest.approx(1)
    # A pinned ship (``fixed``) counts as part of every fleet.
    pinned = [max(f, key=lambda s: s.size).cells for f in fleets[:40]]
    rest = [f.cells & ~p for f, p in zip(fleets, pinned, strict=False)]
    for p in set(pinned):
        chosen = [i for i, q in enumerate(pinned) if q == p]
        got = DfsPlacement.log_chances(rules, rows_of(rules, [rest[i] for i in chosen]), p)
        assert got == pytest.approx([compiled[i] for i in chosen], rel=1e-12)


def test_on_a_cramped_field_the_chances_leave_out_the_searches_that_backtrack() -> None:
    cramped = Rules("cramped", 5, 5, (CRUISER, DESTROYER, BOAT, BOAT))
    assert 0.8 < sum(brute_force_chance(cramped, f) for f in every_fleet(cramped)) < 0.9


def test_the_depth_first_chances_are_the_engines_frequencies() -> None:
    rules = TINY[0]
    fleets = every_fleet(rules)
    chances = np.exp(DfsPlacement.log_chances(rules, rows_of(rules, [f.cells for f in fleets])))
    draws = 40_000
    rng = random.Random(5)
    seen = Counter(random_fleet(rules, rng).cells for _ in range(draws))
    counts = np.array([seen[f.cells] for f in fleets])

    def chi_square(model: np.ndarray) -> float:
        expected = draws * model / model.sum()
        return float(((counts - expected) ** 2 / expected).sum())

    # Pearson's statistic within five standard deviations of its mean (the degrees of
    # freedom) under the model, and far outside them under the uniform distribution.
    bound = len(fleets) + 5 * math.sqrt(2 * len(fleets))
    assert chi_square(chances) < bound
    assert chi_square(np.ones(len(fleets))) > 2 * bound


def test_the_fleet_count_is_the_number_of_legal_fleets() -> None:
    rules = SMALL[0]
    estimate = DfsPlacement().log_fleet_count(rules)
    assert estimate == pytest.approx(math.log(len(every_fleet(rules))), abs=0.05)


def test_other_fleets_are_not_weighed() -> None:
    assert DfsPlacement.weighable(PRESETS["classic-corners"])
    assert not DfsPlacement.weighable(PRESETS["milton-bradley"])  # ships may share a side
    assert not DfsPlacement.weighable(PRESETS["bent"])


def views(rules: Rules, fleet: Fleet, order: list[int]) -> list[PlayerView]:
    game = Solitaire(rules, fleet)
    seen = [game.view(0)]
    for cell in order:
        if game.is_over:
            break
        game.fire(0, cell)
        seen.append(game.view(0))
    return seen


def brute_force_maps(rules: Rules, fleets: list[Fleet], chances: list[float],
                     view: PlayerView) -> tuple[list[float], list[float]]:
    """The uniform and the depth-first posterior map of ``view``, over every fleet that
    answers its shots as it shows."""
    cells = [shot.cell for shot in view.shots]
    fits = [i for i, f in enumerate(fleets) if views(rules, f, cells)[-1].shots == view.shots]
    maps = []
    for weight in ([1.0] * len(fleets), chances):
        total = sum(weight[i] for i in fits)
        maps.append([sum(weight[i] for i in fits if fleets[i].cells & bit(c)) / total
                     for c in rules.grid.cells()])
    return maps[0], maps[1]


@pytest.mark.parametrize("rules", TINY, ids=lambda r: r.name)
def test_the_dfs_member_map_and_weight_match_brute_force(rules: Rules) -> None:
    """Over a game, the member's map is the depth-first posterior, and its log-weight
    against the uniform member's is the sum of the log-ratios of the chances each map
    gave the answers."""
    fleets = every_fleet(rules)
    chances = [brute_force_chance(rules, f) for f in fleets]
    rng = random.Random(7)
    fleet = random_fleet(rules, rng)
    order = list(rules.grid.cells())
    rng.shuffle(order)
    # Learned evidence makes the member the most probable: ``mix`` returns its map.
    prior = PlacementPrior(learned=np.array([0.0] * DFS + [30.0]))
    posterior = Posterior(rules)
    expected_evidence = 0.0
    previous: tuple[list[float], list[float]] | None = None
    for view in views(rules, fleet, order[:10]):
        if previous is not None:
            shot = view.shots[-1]
            hit = shot.result.is_hit
            for sign, chance_map in ((1, previous[1]), (-1, previous[0])):
                p = min(max(chance_map[shot.cell], CHANCE_FLOOR), 1 - CHANCE_FLOOR)
                expected_evidence += sign * math.log(p if hit else 1 - p)
        estimate = posterior.estimate(view, seed=1)
        assert estimate.exact and estimate.samples is not None
        fixed = 0
        for ship in view.sunk:
            fixed |= ship.cells or 0
        got = prior.mix(view, estimate.probabilities, estimate.samples, fixed)
        uniform, dfs = brute_force_maps(rules, fleets, chances, view)
        assert estimate.probabilities == pytest.approx(uniform, abs=1e-9)
        assert got == pytest.approx(dfs, abs=1e-9)
        log_weights = prior.log_weights - prior.start()
        assert log_weights[DFS] - log_weights[0] == pytest.approx(expected_evidence, abs=1e-9)
        previous = uniform, dfs


def test_a_revealed_fleet_weighs_the_member_by_its_chance() -> None:
    rules = PRESETS["classic-corners"]
    fleet = random_fleet(rules, random.Random(3))
    prior = PlacementPrior()
    prior.reveal(rules, fleet)
    prior.next_game()
    dfs = DfsPlacement()
    evidence = (dfs.log_chances(rules, rows_of(rules, [fleet.cells]))[0]
                + dfs.log_fleet_count(rules))
    assert prior.learned[DFS] == pytest.approx(max(0.0, evidence))


def test_the_same_seed_gives_the_same_shots_on_classic_corners() -> None:
    rules = PRESETS["classic-corners"]
    assert play(rules, seed=4, shots=25) == play(rules, seed=4, shots=25)


def test_learned_evidence_counts_beyond_the_margin() -> None:
    """A uniform fleet that happens to favour a habit by less than the margin leaves the
    next game's start at the prior; a placer who spreads the fleet out raises the
    `spread` family until it leads from the first shot."""
    rules = PRESETS["classic"]
    rng = random.Random(7)
    while True:
        prior = PlacementPrior()
        prior.reveal(rules, uniform_fleet(rules, rng))
        prior.next_game()
        if 0 < prior.learned.max() < LEARNED_MARGIN:
            break
    assert prior.start() == pytest.approx(prior.log_prior())
    spread = FAMILIES.index("spread")
    for _game in range(3):
        prior.reveal(rules, PLACEMENTS["spread"].place(rules, rng))
        prior.next_game()
    assert prior.learned[spread] > LEARNED_MARGIN
    assert prior.start().argmax() == spread


def test_two_habits_past_the_cap_keep_their_difference() -> None:
    """Perelman's fleets fit both the ``corner`` and the ``packed`` family, ``packed``
    better: after ten of them, when both sums are far past the cap, ``packed`` is held at
    the cap and ``corner`` stays below it by what the fleets said (here more than the cap
    itself, so at its prior), where cutting each at the cap would leave them level."""
    rules = PRESETS["classic"]
    rng = random.Random(11)
    prior = PlacementPrior()
    corner, packed = FAMILIES.index("corner"), FAMILIES.index("packed")
    shape = FleetShape.of(rules.grid)
    evidence = dict.fromkeys(("corner", "packed"), 0.0)
    for _game in range(10):
        fleet = PLACEMENTS["perelman"].place(rules, rng)
        prior.reveal(rules, fleet)
        prior.next_game()
        for name in evidence:
            fitted = member(rules, name)
            evidence[name] += shape.log_tilt(fitted.tilt, fleet.cells) - fitted.log_normaliser
    assert evidence["packed"] > evidence["corner"] > LEARNED_SPREAD + LEARNED_MARGIN
    assert prior.learned.max() == prior.learned[packed] == LEARNED_SPREAD + LEARNED_MARGIN
    assert prior.learned[corner] == pytest.approx(
        max(0.0, prior.learned[packed] - (evidence["packed"] - evidence["corner"])))
    assert prior.start().argmax() == packed


def test_a_member_that_cannot_weigh_the_fleets_learns_nothing() -> None:
    """On milton-bradley (no single-deck ships) the ``packed`` member would be the corner
    family again: corner fleets raise ``corner`` alone, and ``packed`` stays at its prior."""
    rules = PRESETS["milton-bradley"]
    rng = random.Random(2)
    prior = PlacementPrior()
    for _game in range(3):
        prior.reveal(rules, PLACEMENTS["corner"].place(rules, rng))
        prior.next_game()
    assert prior.learned[FAMILIES.index("packed")] == 0.0
    assert prior.start().argmax() == FAMILIES.index("corner")


@pytest.mark.parametrize("name", ["classic", "milton-bradley"])
def test_a_hard_placer_is_learnt_as_a_band(name: str) -> None:
    """The ``hard`` placement's fleets (the multi-deck ships packed along one edge) raise
    the ``band`` member: after one of them it leads."""
    rules = PRESETS[name]
    prior = PlacementPrior()
    prior.reveal(rules, PLACEMENTS["hard"].place(rules, random.Random(5)))
    prior.next_game()
    assert prior.start().argmax() == FAMILIES.index("band")


@pytest.mark.parametrize("rules", TINY, ids=lambda r: r.name)
def test_where_every_fleet_is_listed_the_evidence_is_each_members_marginal_likelihood(
        rules: Rules) -> None:
    """With every fitting fleet at hand, a member's log-weight against the uniform
    member's is the log of its chance of the fleets that fit the view against the uniform
    prior's: by brute force over every legal fleet (which of them fit found by replaying
    the shots), the members' weights of a fleet being the depth-first search's chance
    and each tilted member's ``exp(beta * measure)`` over its normaliser, the same
    weights as a revealed fleet's (:meth:`PlacementPrior.reveal`)."""
    fleets = every_fleet(rules)
    shape = FleetShape.of(rules.grid)
    log_fleets = DfsPlacement().log_fleet_count(rules)
    members = {"dfs": [math.log(brute_force_chance(rules, f)) + log_fleets for f in fleets]}
    for name in TILTS:
        fitted = member(rules, name)
        members[name] = [shape.log_tilt(fitted.tilt, f.cells) - fitted.log_normaliser
                         for f in fleets]
    rng = random.Random(11)
    fleet = random_fleet(rules, rng)
    order = list(rules.grid.cells())
    rng.shuffle(order)
    prior = PlacementPrior(exact_evidence=True)
    posterior = Posterior(rules)
    for view in views(rules, fleet, order[:9])[1:]:
        estimate = posterior.estimate(view, seed=1)
        assert estimate.exact and estimate.samples is not None
        fixed = 0
        for ship in view.sunk:
            fixed |= ship.cells or 0
        prior.mix(view, estimate.probabilities, estimate.samples, fixed, every_fleet=True)
        cells = [shot.cell for shot in view.shots]
        fits = [i for i, f in enumerate(fleets) if views(rules, f, cells)[-1].shots == view.shots]
        evidence = prior.log_weights - prior.start()
        assert evidence[0] == 0.0
        for name, weights in members.items():
            expected = math.log(statistics.fmean(math.exp(weights[i]) for i in fits))
            assert evidence[FAMILIES.index(name)] == pytest.approx(expected, abs=1e-9), name


@pytest.mark.parametrize(("sharpness", "floor"), [(2.0, 0.01), (1.0, 0.0), (3.0, 0.2)])
def test_the_shot_is_fired_by_the_maps_averaged_with_sharpened_weights(
        sharpness: float, floor: float) -> None:
    """The averaged map is each family's map (the map that family fires by when it
    leads) times its weight raised to ``sharpness``, renormalised, the families below
    ``floor`` of that left out."""
    rules = PRESETS["classic"]
    rng = random.Random(5)
    fleet = PLACEMENTS["corner"].place(rules, rng)
    order = list(rules.grid.cells())
    rng.shuffle(order)
    view = views(rules, fleet, order[:12])[-1]
    estimate = Posterior(rules).estimate(view, seed=3)
    assert estimate.samples is not None
    learned = np.array([0.0, 6.5, 7.0, 6.0, 7.2, 0.0, 0.0, 5.5])
    assert len(learned) == len(FAMILIES)

    def mixed(prior: PlacementPrior) -> np.ndarray:
        fresh = Posterior(rules).estimate(view, seed=3)
        return np.array(prior.mix(view, fresh.probabilities, fresh.samples, 0))

    maps = []
    for index in range(len(FAMILIES)):
        leading = np.zeros(len(FAMILIES))
        leading[index] = 40.0
        maps.append(mixed(PlacementPrior(floor=MOST_PROBABLE_ALONE, learned=leading)))
    prior = PlacementPrior(sharpness=sharpness, floor=floor, learned=learned)
    shares = np.exp(sharpness * (prior.log_weights - prior.log_weights.max()))
    shares /= shares.sum()
    assert 0 < (shares < floor).sum() < len(FAMILIES) - 1 or floor == 0.0
    shares[shares < floor] = 0.0
    shares /= shares.sum()
    expected = (shares[:, None] * np.array(maps)).sum(axis=0)
    assert mixed(prior) == pytest.approx(expected.tolist(), abs=1e-12)
