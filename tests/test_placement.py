"""Placement strategies: legal fleets on every preset, seeded, uniform where promised.

The uniformity tests use small rule sets whose legal fleets can all be listed, and a
chi-square test of the sampled frequencies against equal ones. They are seeded, so
they pass or fail the same way every time; the engine's depth-first fleets, which
are not uniform, fail the same test (so it has the power to notice).
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.fleet_shape import MEASURES, TILTS, FleetShape
from seabattle.battleship.ai.hiding import ShooterHabits
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    UniformMethod,
    band_packings,
    chain_method,
    computer_fleet,
    corner_packings,
    find_placement,
    uniform_fleet,
    uniform_method,
)
from seabattle.battleship.fleet import Fleet, random_fleet, validate_fleet
from seabattle.battleship.rules import PRESETS, Rules, ShipKind
from seabattle.battleship.shapes import Shape, Touching, placement_halos, placements
from seabattle.coords import Bitboard, iter_cells
from seabattle.errors import SeaBattleError

CHEAP = ["classic", "classic-corners", "milton-bradley", "six"]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_strategy_gives_legal_fleets_on_every_preset(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(name)
    for strategy in PLACEMENTS.values():
        if not strategy.supports(rules):
            with pytest.raises(SeaBattleError, match="dfs|corner"):
                find_placement(strategy.name, rules)
            continue
        fleet = strategy.place(rules, rng)
        # validate_fleet raises on anything illegal; the composition must be exact.
        again = validate_fleet(rules, list(fleet))
        assert again == fleet
        assert sorted(s.size for s in fleet) == sorted(rules.fleet_sizes())


@pytest.mark.parametrize("name", CHEAP)
def test_same_seed_same_fleet(name: str) -> None:
    rules = PRESETS[name]
    for strategy in PLACEMENTS.values():
        first = strategy.place(rules, random.Random(42))
        assert strategy.place(rules, random.Random(42)) == first
    fleets = {uniform_fleet(rules, random.Random(seed)).cells for seed in range(20)}
    assert len(fleets) == 20


def test_method_is_exact_where_rejection_is_cheap_and_a_chain_elsewhere() -> None:
    assert uniform_method(PRESETS["classic"]).exact
    assert uniform_method(PRESETS["milton-bradley"]).exact
    bent = uniform_method(PRESETS["bent"])
    assert not bent.exact and bent.steps > 1000


def test_unknown_placement_is_refused_with_the_known_ones() -> None:
    with pytest.raises(SeaBattleError) as caught:
        find_placement("corners")
    assert caught.value.message_key == "bench.unknown_placement"
    assert "perelman" in str(caught.value)
    assert find_placement(" Perelman ") is PLACEMENTS["perelman"]


# --- uniformity, exactly, on fields small enough to list every fleet ----------------

def all_fleets(rules: Rules) -> set[tuple[tuple[int, Bitboard], ...]]:
    """Every legal fleet of ``rules``, as sorted (size, cells) tuples."""
    kinds = list(rules.fleet)
    found: set[tuple[tuple[int, Bitboard], ...]] = set()

    def place(index: int, blocked: Bitboard, chosen: list[tuple[int, Bitboard]]) -> None:
        if index == len(kinds):
            found.add(tuple(sorted(chosen)))
            return
        kind = kinds[index]
        cands = placements(rules.grid, kind.size, kind.shape)
        halos = placement_halos(rules.grid, kind.size, kind.shape, rules.touching)
        for cells, zone in zip(cands, halos, strict=True):
            if cells & blocked == 0:
                place(index + 1, blocked | zone, [*chosen, (kind.size, cells)])

    place(0, 0, [])
    return found


def key(fleet: Fleet) -> tuple[tuple[int, Bitboard], ...]:
    return tuple(sorted((s.size, s.cells) for s in fleet))


def chi_square_p(counts: Counter[tuple[tuple[int, Bitboard], ...]], support: int) -> float:
    """p-value of equal frequencies over ``support`` outcomes (Wilson–Hilferty)."""
    total = sum(counts.values())
    expected = total / support
    # Outcomes never drawn contribute (0 - expected)² / expected each.
    statistic = sum((c - expected) ** 2 / expected for c in counts.values()) \
        + (support - len(counts)) * expected
    df = support - 1
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


TINY = Rules("tiny", 4, 4, (ShipKind(3), ShipKind(1), ShipKind(1)))
"""120 legal fleets."""
TINY_BENT = Rules("tiny-bent", 4, 3, (ShipKind(3, shape=Shape.BENT), ShipKind(2, shape=Shape.BENT),
                                      ShipKind(1)), touching=Touching.CORNERS)
"""132 legal fleets."""


def sample(draw: Callable[[random.Random], Fleet], count: int
           ) -> Counter[tuple[tuple[int, Bitboard], ...]]:
    rng = random.Random(7)
    return Counter(key(draw(rng)) for _ in range(count))


@pytest.mark.parametrize("rules", [TINY, TINY_BENT], ids=["straight", "bent"])
def test_rejection_and_chain_are_uniform_and_dfs_is_not(rules: Rules) -> None:
    support = all_fleets(rules)
    draws = 40 * len(support)
    exact = uniform_method(rules)
    assert exact.exact
    # The chain as the big presets run it, forced here where the exact answer is known.
    chain = chain_method(rules)
    for method in (exact, chain):
        counts = sample(partial(uniform_fleet, rules, method=method), draws)
        assert set(counts) <= support
        assert chi_square_p(counts, len(support)) > 1e-3, method
    dfs = sample(lambda rng: random_fleet(rules, rng), draws)
    assert chi_square_p(dfs, len(support)) < 1e-6


# --- the shape of Perelman's and the hard placement ----------------------------------

def bounding_box(rules: Rules, cells: Bitboard) -> tuple[int, int, int, int]:
    rows = [rules.grid.row_col(c)[0] for c in iter_cells(cells)]
    cols = [rules.grid.row_col(c)[1] for c in iter_cells(cells)]
    return min(rows), max(rows), min(cols), max(cols)


@pytest.mark.parametrize("name", ["classic", "classic-corners", "six", "milton-bradley", "big-15"])
def test_perelman_packs_big_ships_in_a_corner_and_spreads_the_singles(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(3)
    corners = set()
    for _ in range(12):
        fleet = PLACEMENTS["perelman"].place(rules, rng)
        big = sum(s.cells for s in fleet if s.size > 1)
        top, bottom, left, right = bounding_box(rules, big)
        # In a corner: touching two edges of the field.
        assert top == 0 or bottom == rules.height - 1
        assert left == 0 or right == rules.width - 1
        corners.add((top == 0, left == 0))
        # Tightly: a box of at most 40 % of the field, no more than 2 cells longer
        # than wide (not a band along the edge).
        rows, cols = bottom - top + 1, right - left + 1
        assert rows * cols <= 0.4 * rules.grid.size
        assert abs(rows - cols) <= 2
        # The single-deck ships are elsewhere, none inside the corner box.
        for ship in fleet:
            if ship.size == 1:
                r, c = rules.grid.row_col(next(iter_cells(ship.cells)))
                assert not (top <= r <= bottom and left <= c <= right)
    assert len(corners) >= 2


def test_perelman_singles_lie_farther_apart_than_random_ones() -> None:
    rules = PRESETS["classic"]

    def nearest_boat_distance(fleet: Fleet) -> float:
        boats = [rules.grid.row_col(next(iter_cells(s.cells))) for s in fleet if s.size == 1]
        return min(max(abs(a[0] - b[0]), abs(a[1] - b[1]))
                   for i, a in enumerate(boats) for b in boats[i + 1:])

    rng = random.Random(5)
    perelman = [nearest_boat_distance(PLACEMENTS["perelman"].place(rules, rng)) for _ in range(30)]
    uniform = [nearest_boat_distance(uniform_fleet(rules, rng)) for _ in range(30)]
    assert sum(perelman) / 30 > sum(uniform) / 30 + 0.5


@pytest.mark.parametrize("name", ["classic", "six", "milton-bradley"])
def test_hard_packs_big_ships_in_a_band_along_an_edge(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(9)
    for _ in range(12):
        fleet = PLACEMENTS["hard"].place(rules, rng)
        big = sum(s.cells for s in fleet if s.size > 1)
        top, bottom, left, right = bounding_box(rules, big)
        rows, cols = bottom - top + 1, right - left + 1
        along_top_or_bottom = (top == 0 or bottom == rules.height - 1) and rows <= 3
        along_a_side = (left == 0 or right == rules.width - 1) and cols <= 3
        assert along_top_or_bottom or along_a_side


def test_packings_are_cached_and_stay_in_their_box() -> None:
    rules = PRESETS["classic"]
    assert corner_packings(rules) is corner_packings(rules)
    for packing in band_packings(rules):
        top, bottom, left, right = bounding_box(rules, sum(packing))
        assert top == left == 0
        assert bottom <= 2 or right <= 2  # the top three rows or the left three columns


# --- the full check behind docs/bench.md: python tests/test_placement.py ------------

def _statistics(rules: Rules, fleet: Fleet) -> tuple[int, int]:
    """Fleet cells on the border of the field; row of the largest ship's first cell."""
    grid = rules.grid
    border = sum(1 for c in iter_cells(fleet.cells)
                 if grid.row_col(c)[0] in (0, grid.height - 1)
                 or grid.row_col(c)[1] in (0, grid.width - 1))
    largest = max(fleet, key=lambda s: (s.size, s.cells))
    return border, grid.row_col(next(iter_cells(largest.cells)))[0]


def _homogeneity_p(a: Counter[int], b: Counter[int]) -> float:
    """p-value of a chi-square test that two samples come from one distribution."""
    values = sorted(set(a) | set(b))
    # Pool sparse tails so that every expected count is at least 5.
    groups: list[list[int]] = [[]]
    na, nb = sum(a.values()), sum(b.values())
    for value in values:
        groups[-1].append(value)
        if sum(a[v] + b[v] for v in groups[-1]) * min(na, nb) / (na + nb) >= 5:
            groups.append([])
    if not groups[-1]:
        groups.pop()
    elif len(groups) > 1:
        groups[-2].extend(groups.pop())
    statistic = 0.0
    for group in groups:
        ca, cb = sum(a[v] for v in group), sum(b[v] for v in group)
        total = ca + cb
        for observed, n in ((ca, na), (cb, nb)):
            expected = total * n / (na + nb)
            statistic += (observed - expected) ** 2 / expected
    df = max(len(groups) - 1, 1)
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def compare(rules: Rules, first: UniformMethod, second: UniformMethod, count: tuple[int, int],
            seed: int = 1) -> str:
    """Per-cell occupancy and two statistics of two samplers, side by side."""
    import time

    samples = []
    for offset, (method, n) in enumerate(zip((first, second), count, strict=True)):
        rng = random.Random(seed + offset)  # independent samples
        began = time.perf_counter()
        fleets = [uniform_fleet(rules, rng, method=method) for _ in range(n)]
        samples.append((fleets, (time.perf_counter() - began) / n * 1000))
    (fa, ta), (fb, tb) = samples
    occupancy_z = []
    for cell in range(rules.grid.size):
        pa = sum(1 for f in fa if f.cells >> cell & 1) / len(fa)
        pb = sum(1 for f in fb if f.cells >> cell & 1) / len(fb)
        pooled = (pa * len(fa) + pb * len(fb)) / (len(fa) + len(fb))
        spread = math.sqrt(pooled * (1 - pooled) * (1 / len(fa) + 1 / len(fb))) or 1.0
        occupancy_z.append((pa - pb) / spread)
    stats_a = [_statistics(rules, f) for f in fa]
    stats_b = [_statistics(rules, f) for f in fb]
    p_border = _homogeneity_p(Counter(s[0] for s in stats_a), Counter(s[0] for s in stats_b))
    p_row = _homogeneity_p(Counter(s[1] for s in stats_a), Counter(s[1] for s in stats_b))
    mean_z2 = sum(z * z for z in occupancy_z) / len(occupancy_z)
    return (f"| {rules.name} | {len(fa)} × {ta:.1f} ms vs {len(fb)} × {tb:.1f} ms | "
            f"{mean_z2:.2f} | {max(abs(z) for z in occupancy_z):.2f} | "
            f"{p_border:.2f} | {p_row:.2f} |")


if __name__ == "__main__":
    import sys

    for rules in (TINY, TINY_BENT):
        support = all_fleets(rules)
        exact = uniform_method(rules)
        chain = chain_method(rules)
        samplers: list[tuple[str, Callable[[random.Random], Fleet]]] = [
            ("rejection", partial(uniform_fleet, rules, method=exact)),
            ("chain", partial(uniform_fleet, rules, method=chain)),
            ("dfs", partial(random_fleet, rules))]
        for label, draw in samplers:
            counts = sample(draw, 40 * len(support))
            print(f"{rules.name}: {len(support)} fleets, {label}: "
                  f"p = {chi_square_p(counts, len(support)):.3g}")
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print("| rules | samples × time per fleet | mean z² | max abs z | p border | p row |")
    for name, n in (("six", 10_000), ("classic", 10_000), ("big-15", 2_000)):
        rules = PRESETS[name]
        print(compare(rules, uniform_method(rules), chain_method(rules),
                      (int(n * scale), int(n * scale))), flush=True)
    for name, n in (("bent", 1_500), ("big-18", 1_500)):
        rules = PRESETS[name]
        method = uniform_method(rules)
        longer = UniformMethod(False, method.acceptance, method.steps * 4)
        print(compare(rules, method, longer, (int(n * scale), int(n * scale) // 2)), flush=True)


# --- placement families: legal, and of the character they claim ----------------------

FAMILY_NAMES = list(TILTS)


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(CHEAP), family=st.sampled_from([*FAMILY_NAMES, "mixture"]),
       seed=st.integers(0, 2**32))
def test_every_family_places_legal_fleets(name: str, family: str, seed: int) -> None:
    rules = PRESETS[name]
    if not PLACEMENTS[family].supports(rules):
        return  # packed on milton-bradley: refused, see the test below
    fleet = find_placement(family, rules).place(rules, random.Random(seed))
    assert validate_fleet(rules, list(fleet)) == fleet
    assert sorted(s.size for s in fleet) == sorted(rules.fleet_sizes())


def test_the_packed_family_needs_single_deck_ships_that_stand_apart() -> None:
    """Without them its measure would be the corner family's: milton-bradley (no
    single-deck ships, ships may share a side) is refused by name, classic is not."""
    assert PLACEMENTS["packed"].supports(PRESETS["classic"])
    with pytest.raises(SeaBattleError) as refused:
        find_placement("packed", PRESETS["milton-bradley"])
    assert refused.value.message_key == "bench.placement_boats"
    assert "--placement corner" in str(refused.value)  # and LEVEL:corner, for a match


def family_measures(rules: Rules, family: str, measure: str, count: int = 30) -> list[float]:
    """The measure of ``count`` seeded fleets of ``family`` (for ``corner``: the best
    corner's)."""
    shape = FleetShape.of(rules.grid)
    rng = random.Random(f"{family}:{rules.name}")
    out = []
    for _ in range(count):
        cells = PLACEMENTS[family].place(rules, rng).cells
        out.append(max(shape.measure(measure, cells, k) for k in range(4)))
    return out


@pytest.mark.parametrize("name", ["classic", "milton-bradley"])
@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_each_family_stands_out_on_its_own_measure(name: str, family: str) -> None:
    """Over 30 fleets, a family's mean of its own measure lies at least 1.5 standard
    deviations of the uniform fleets' beyond their mean (docs/bench.md has the figures)."""
    rules = PRESETS[name]
    measure = TILTS[family].measure
    uniform = family_measures(rules, "uniform", measure)
    mine = family_measures(rules, family, measure)
    assert statistics.fmean(mine) > statistics.fmean(uniform) + 1.5 * statistics.stdev(uniform)


@pytest.mark.parametrize("name", ["classic", "milton-bradley"])
def test_the_mixture_draws_from_many_families(name: str) -> None:
    """A mixture of habits varies more than uniform fleets on every measure."""
    rules = PRESETS[name]
    for measure in MEASURES:
        uniform = family_measures(rules, "uniform", measure, 40)
        mixture = family_measures(rules, "mixture", measure, 40)
        assert statistics.stdev(mixture) > 1.2 * statistics.stdev(uniform), measure


def test_hiding_keeps_the_fleet_a_shooter_finds_latest() -> None:
    """After seeing a shooter that starts in the corners, the admiral's fleet keeps
    away from the corners; before, it is the hard placement's."""
    rules = PRESETS["classic"]
    grid = rules.grid
    habits = ShooterHabits(grid)
    corners_first = sorted(grid.cells(), key=lambda c: min(
        c // 10, 9 - c // 10) + min(c % 10, 9 - c % 10))
    habits.observe(corners_first)
    assert habits.lateness(0) == 0 and habits.lateness(45) > 0.8
    assert computer_fleet("admiral", rules, random.Random(1)) == \
        PLACEMENTS["hard"].place(rules, random.Random(1))
    hidden = computer_fleet("admiral", rules, random.Random(1), habits)
    plain = PLACEMENTS["hard"].place(rules, random.Random(1))
    assert habits.fleet_lateness(hidden) > habits.fleet_lateness(plain)
    assert validate_fleet(rules, list(hidden)) == hidden
