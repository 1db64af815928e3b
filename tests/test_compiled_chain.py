"""The compiled fleet chain, rejection sampler and measures
(seabattle/battleship/ai/_kernels.py) against the interpreted ones they replaced, kept
here as oracles: the same generator gives the same fleets to the bit, so seeded
benchmarks and the member table (scripts/normalisers.py) draw what they drew before."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seabattle.battleship.ai.fleet_shape import LONE_WEIGHT, MEASURES, PER_CORNER, FleetShape
from seabattle.battleship.ai.placement import PLACEMENTS, TiltedPlacement, uniform_method
from seabattle.battleship.ai.tilted import ChainTilt, layout_of, run_chain, ship_tables
from seabattle.battleship.ai.twister import next_random, restore, state_of
from seabattle.battleship.rules import PRESETS, Rules, find_rules
from seabattle.coords import Bitboard, iter_cells

RULES = [find_rules(name) for name in ("classic", "milton-bradley", "six", "bent")]


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=1500))
def test_the_twister_draws_what_python_draws(seed: int, skip: int) -> None:
    """Across the state's regeneration (every 312 draws) and after handing the state
    back, the generator goes on as Python's would have."""
    rng, same = random.Random(seed), random.Random(seed)
    for _ in range(skip):
        rng.random()
        same.random()
    state = state_of(rng)
    assert [next_random(state) for _ in range(700)] == [same.random() for _ in range(700)]
    restore(rng, state)
    assert rng.getstate() == same.getstate()
    assert rng.random() == same.random()


def test_a_system_generator_lends_a_seeded_state() -> None:
    rng = random.SystemRandom()
    state = state_of(rng)
    assert 0 <= next_random(state) < 1
    restore(rng, state)  # nothing to restore, nothing refused


def _interpreted_measure(shape: FleetShape, name: str, occupied: Bitboard,
                         anchor: int) -> float:
    cells = list(iter_cells(occupied))
    if name == "edge":
        return float((occupied & shape.border).bit_count())
    if name == "corner":
        return -float(sum(shape.corner_distance[anchor][c] for c in cells))
    if name == "cluster":
        if not cells:
            return 0.0
        n = len(cells)
        sr = sum(shape.rows[c] for c in cells)
        sc = sum(shape.cols[c] for c in cells)
        square = sum(shape.rows[c] ** 2 + shape.cols[c] ** 2 for c in cells)
        return -(square - (sr * sr + sc * sc) / n)
    if name == "spread":
        return -float(sum((shape.near[c] & occupied).bit_count() for c in cells) // 2)
    if name == "packed":
        distance = shape.corner_distance[anchor]
        return float(sum(-distance[c] if shape.sides[c] & occupied else LONE_WEIGHT * distance[c]
                         for c in cells))
    distance = shape.edge_distance[anchor]
    return float(-sum(distance[c] for c in cells if shape.sides[c] & occupied))


@given(st.sampled_from(RULES), st.integers(min_value=0), st.sampled_from(MEASURES),
       st.integers(min_value=0, max_value=3))
def test_the_compiled_measures_are_the_interpreted_ones(rules: Rules, seed: int, name: str,
                                                        anchor: int) -> None:
    shape = FleetShape.of(rules.grid)
    occupied = random.Random(seed).getrandbits(rules.grid.size)
    assert shape.measure(name, occupied, anchor) == _interpreted_measure(shape, name, occupied,
                                                                         anchor)


def _interpreted_chain(rules: Rules, rng: random.Random, layout: Sequence[Bitboard],
                       steps: int, log_weight: Callable[[Bitboard], float] | None
                       ) -> list[Bitboard]:
    tables = ship_tables(rules)
    cells = list(layout)
    halos = [t.halos[t.index[c]] for t, c in zip(tables, cells, strict=True)]
    n = len(cells)
    occupied = 0
    for c in cells:
        occupied |= c
    current = log_weight(occupied) if log_weight is not None else 0.0
    for _ in range(steps):
        s = int(rng.random() * n)
        j = int(rng.random() * len(tables[s].cells))
        new = tables[s].cells[j]
        others = 0
        for k in range(n):
            if k != s:
                others |= halos[k]
        if new & others:
            continue
        if log_weight is not None:
            moved = (occupied & ~cells[s]) | new
            proposed = log_weight(moved)
            if proposed < current and rng.random() >= math.exp(proposed - current):
                continue
            occupied, current = moved, proposed
        cells[s] = new
        halos[s] = tables[s].halos[j]
    return cells


@given(st.sampled_from(RULES[:3]), st.integers(min_value=0),
       st.sampled_from((None, *MEASURES)), st.floats(min_value=0.0, max_value=3.0))
def test_the_compiled_chain_draws_what_the_interpreted_chain_drew(
        rules: Rules, seed: int, measure: str | None, strength: float) -> None:
    shape = FleetShape.of(rules.grid)
    anchor = seed % 4 if measure in PER_CORNER else seed % 2
    start = layout_of(rules, PLACEMENTS["uniform"].place(rules, random.Random(seed)))
    tilt = None if measure is None else ChainTilt(measure, anchor, strength)
    weight = None if tilt is None else (
        lambda occupied: tilt.strength * _interpreted_measure(shape, tilt.measure, occupied,
                                                              tilt.anchor))
    compiled, interpreted = random.Random(seed + 1), random.Random(seed + 1)
    steps = 40 * len(rules.fleet)
    assert run_chain(rules, compiled, start, steps, tilt) == _interpreted_chain(
        rules, interpreted, start, steps, weight)
    assert compiled.getstate() == interpreted.getstate()


def _interpreted_rejection(rules: Rules, rng: random.Random) -> tuple[list[Bitboard], int]:
    tables = ship_tables(rules)
    attempt = 0
    while True:
        attempt += 1
        blocked = 0
        layout = []
        for table in tables:
            i = int(rng.random() * len(table.cells))
            if table.cells[i] & blocked:
                break
            blocked |= table.halos[i]
            layout.append(table.cells[i])
        else:
            return layout, attempt


@pytest.mark.parametrize("name", [n for n in sorted(PRESETS)
                                  if PLACEMENTS["uniform"].supports(PRESETS[n])
                                  and uniform_method(PRESETS[n]).exact])
def test_uniform_fleets_are_those_the_interpreted_rejection_drew(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(5):
        compiled, interpreted = random.Random(seed), random.Random(seed)
        layout, _ = _interpreted_rejection(rules, interpreted)
        fleet = PLACEMENTS["uniform"].place(rules, compiled)
        assert sorted(ship.cells for ship in fleet) == sorted(layout)
        assert compiled.getstate() == interpreted.getstate()


def test_a_family_draws_the_fleet_it_drew_before() -> None:
    """A seeded family fleet of classic, pinned: a change to the chain, the measures or
    the generator's use shows here first."""
    family = PLACEMENTS["corner"]
    assert isinstance(family, TiltedPlacement)
    fleet = family.place(find_rules("classic"), random.Random(2026))
    assert sorted(ship.cells for ship in fleet) == PINNED_CORNER_FLEET


PINNED_CORNER_FLEET: list[Bitboard] = [
    1, 16, 128, 4198404, 100663296, 1127000493260800, 9015995347763200,
    36929552128810156032, 4722366482869645213696, 3713820117856140824697372672]


def test_a_measure_or_tilt_out_of_range_is_refused() -> None:
    """The compiled loops do not check their indices: the Python side does."""
    shape = FleetShape.of(find_rules("classic").grid)
    with pytest.raises(ValueError, match="unknown measure"):
        shape.measure("crowd", 0b11)
    with pytest.raises(ValueError, match="corner or edge 4"):
        shape.measure("corner", 0b11, 4)
    with pytest.raises(ValueError, match="outside the field"):
        shape.measure("edge", 1 << 100)
    with pytest.raises(ValueError, match="unknown measure"):
        ChainTilt("crowd", 0, 1.0)
    with pytest.raises(ValueError, match="corner or edge -1"):
        ChainTilt("corner", -1, 1.0)
