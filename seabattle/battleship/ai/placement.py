"""Placement strategies: where the computer puts its own fleet.

:func:`uniform_fleet` draws a fleet uniformly at random over every legal fleet of a
rule set. Where ships are sparse enough (classic, classic-corners, six,
milton-bradley, big-15) it is exact rejection sampling: every ship independently
uniform over all its placements, the draw thrown away at the first conflict. Where
that would almost never succeed (bent, big-16, big-18) it runs a Metropolis chain
whose stationary distribution is the uniform one, long enough for every ship to
have moved dozens of times. ``docs/bench.md`` explains both and how uniformity was
checked.

The strategies of :data:`PLACEMENTS`:

- ``uniform``: :func:`uniform_fleet`.
- ``dfs``: :func:`seabattle.battleship.fleet.random_fleet`, the engine's randomised search (not
  uniform: it favours some layouts).
- ``perelman``: RULES.md §3, the multi-deck ships packed into one corner, the single
  decks spread over the rest of the field.
- ``hard``: the multi-deck ships packed in a band along one edge, the single decks
  anywhere legal, at random (see :class:`HardPlacement`).
- ``edge``, ``corner``, ``cluster``, ``spread``, ``packed``, ``band``: the habits people
  place with, each the uniform distribution tilted by one measure of the fleet
  (:class:`TiltedPlacement`, :mod:`~seabattle.battleship.ai.fleet_shape`; ``packed`` is
  a loose ``perelman``, ``band`` a loose ``hard``); ``mixture``: each fleet from one of
  the others, ``packed`` and ``band`` aside (:class:`MixturePlacement`).

>>> import random
>>> from seabattle.battleship.rules import find_rules
>>> fleet = PLACEMENTS["perelman"].place(find_rules("classic"), random.Random(1))
>>> len(fleet), len(uniform_fleet(find_rules("classic"), random.Random(1)))
(10, 10)
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels, field_store
from seabattle.battleship.ai.fleet_shape import (
    ANCHORED,
    TILTS,
    measurable,
)
from seabattle.battleship.ai.hiding import (
    CANDIDATE_FAMILIES,
    CANDIDATES,
    ShooterHabits,
    latest_found,
)
from seabattle.battleship.ai.member_table import FLEET_COUNTS
from seabattle.battleship.ai.posterior import to_words
from seabattle.battleship.ai.tilted import (
    ChainTilt,
    Layout,
    fleet_of,
    layout_at,
    layout_of,
    run_chain,
    ship_arrays,
    ship_tables,
)
from seabattle.battleship.ai.twister import restore, state_of
from seabattle.battleship.fleet import Fleet, Ship, random_fleet, validate_fleet
from seabattle.battleship.rules import Role, Rules
from seabattle.battleship.shapes import LayoutSearch, Shape, Touching, halo
from seabattle.coords import Bitboard, Grid, bit, iter_cells
from seabattle.errors import SeaBattleError

# --- uniform fleets ----------------------------------------------------------------

def _rejection(rules: Rules, rng: random.Random, max_tries: int) -> tuple[Layout | None, int]:
    """Each ship uniformly over all its placements; restart at the first conflict.

    Returns the layout (``None`` if ``max_tries`` ran out) and the draws it took.
    Two ships conflict when one covers the other's halo (a symmetric relation, so
    checking each ship against the halos of those drawn before it is enough). Every
    tuple of placements is equally likely, and each legal fleet is the same number
    of tuples (alike ships swapped), so an accepted draw is uniform over fleets.
    """
    pos = np.zeros(len(rules.fleet), dtype=np.int64)
    # Compiled, drawing from ``rng`` what the interpreted loop drew: one ``random()`` a
    # ship, int(random() * n) rather than randrange(n) (its bias, below n / 2**53, is
    # far beneath anything measurable).
    state = state_of(rng)
    tries, found = _kernels.rejection(pos, *ship_arrays(rules), state, max_tries)
    restore(rng, state)
    return (layout_at(rules, pos) if found else None), tries


REJECTION_MAX_EXPECTED_TRIES = 30_000
"""Rejection sampling is used where the pilot expects at most this many draws a fleet
(about 30 ms)."""
MOVES_PER_SHIP = 30
"""The chain runs until even the least mobile ship is expected to have moved this often."""


@dataclass(frozen=True)
class UniformMethod:
    """How :func:`uniform_fleet` draws the fleets of one rule set."""

    exact: bool
    """Rejection sampling (exact) rather than the Metropolis chain."""
    acceptance: float
    """The pilot's estimate: the share of rejection draws accepted (exact), or of the
    least mobile ship's proposals accepted along the chain."""
    steps: int
    """Chain proposals per fleet (0 when exact)."""


@cache
def uniform_method(rules: Rules) -> UniformMethod:
    """The sampling method for ``rules``, decided once by seeded pilot runs.

    The pilots use their own fixed seed, so the decision depends on the rules alone,
    and a fleet on the rules and the caller's generator alone.
    """
    pilot = random.Random(0)
    budget = 8 * REJECTION_MAX_EXPECTED_TRIES
    accepted = spent = 0
    while spent < budget and accepted < 16:
        layout, tries = _rejection(rules, pilot, budget - spent)
        spent += tries
        accepted += layout is not None
    rate = accepted / spent
    if rate * REJECTION_MAX_EXPECTED_TRIES >= 1:
        return UniformMethod(True, rate, 0)
    return chain_method(rules)


@cache
def chain_method(rules: Rules) -> UniformMethod:
    """The Metropolis chain for ``rules``, with its length measured by a seeded pilot.

    The pilot measures how often each ship's proposals are accepted along a chain;
    the chain then runs long enough for the least mobile ship to move
    :data:`MOVES_PER_SHIP` times.
    """
    pilot = random.Random(0)
    tables = ship_tables(rules)
    n = len(tables)
    cells = layout_of(rules, random_fleet(rules, pilot))
    halos = [t.halos[t.index[c]] for t, c in zip(tables, cells, strict=True)]
    proposed = [0] * n
    moved = [0] * n
    for _ in range(2_000 * n):
        s = pilot.randrange(n)
        j = pilot.randrange(len(tables[s].cells))
        others = 0
        for k in range(n):
            if k != s:
                others |= halos[k]
        proposed[s] += 1
        if tables[s].cells[j] & others == 0:
            cells[s], halos[s] = tables[s].cells[j], tables[s].halos[j]
            moved[s] += 1
    slowest = max(min(m / p for m, p in zip(moved, proposed, strict=True) if p), 1e-4)
    return UniformMethod(False, slowest, math.ceil(MOVES_PER_SHIP * n / slowest))


def _uniform_layout(rules: Rules, rng: random.Random, method: UniformMethod | None = None
                    ) -> Layout:
    method = method or uniform_method(rules)
    if method.exact:
        layout, _ = _rejection(rules, rng, 10**12)
        assert layout is not None  # a legal fleet exists, so this ends
        return layout
    start = layout_of(rules, random_fleet(rules, rng))
    return run_chain(rules, rng, start, method.steps)


def uniform_fleet(rules: Rules, rng: random.Random, *, method: UniformMethod | None = None
                  ) -> Fleet:
    """A fleet drawn uniformly at random over all legal fleets of ``rules``.

    Exact where rejection sampling is affordable, else from a Metropolis chain
    started at a :func:`~seabattle.battleship.fleet.random_fleet` (see :func:`uniform_method`).
    ``method`` overrides the choice (to test or compare the two).
    """
    return fleet_of(rules, _uniform_layout(rules, rng, method))


# --- strategies ------------------------------------------------------------------------

class PlacementStrategy(ABC):
    """Chooses where a player's fleet lies."""

    name: ClassVar[str]
    """The name of ``--placement``."""

    @abstractmethod
    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        """A legal fleet for ``rules``, every random choice drawn from ``rng``."""

    def supports(self, rules: Rules) -> bool:
        """Whether this strategy can place the fleet of ``rules``: all but ``dfs`` place
        ships of listed shapes only (no submarines, mines, minesweepers or Flying
        Dutchman)."""
        return all(kind.role is Role.SHIP and kind.shape.is_listed for kind in rules.fleet)

    def refusal(self, rules: Rules) -> SeaBattleError:
        """The error that says why this strategy does not :meth:`supports` ``rules``."""
        return SeaBattleError("bench.placement_variants", name=self.name,
                              variants=", ".join(rules.variants()))


class UniformPlacement(PlacementStrategy):
    """Uniformly random over every legal fleet (:func:`uniform_fleet`)."""

    name = "uniform"

    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        return uniform_fleet(rules, rng)


class DfsPlacement(PlacementStrategy):
    """The engine's randomised depth-first search (:func:`~.fleet.random_fleet`)."""

    name = "dfs"

    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        return random_fleet(rules, rng)

    def supports(self, rules: Rules) -> bool:
        return True

    @staticmethod
    def weighable(rules: Rules) -> bool:
        """Whether :meth:`log_chances` can weigh ``rules``' fleets: straight ships alone
        that may not share a side (so the ships of a fleet's cells are known), on a
        field at most 64 cells wide."""
        return (rules.touching is not Touching.SIDES and rules.grid.width <= 64
                and all(kind.role is Role.SHIP and kind.shape is Shape.STRAIGHT
                        for kind in rules.fleet))

    @staticmethod
    def log_chances(rules: Rules, samples: npt.NDArray[np.uint64], fixed: Bitboard = 0
                    ) -> npt.NDArray[np.float64]:
        """Per fleet of ``samples`` (occupancy rows of 64-bit words, with the cells
        ``fixed`` added to each), the log of the chance that the engine's search
        (:class:`~seabattle.battleship.shapes.LayoutSearch`, without its rare
        backtracking) draws it: the ships largest first, each uniformly over the
        placements the ships before it leave, summed over the orders of equal-sized
        ships. For :meth:`weighable` rules only (compiled)."""
        sizes = sorted({kind.size for kind in rules.fleet}, reverse=True)
        counts = [sum(1 for kind in rules.fleet if kind.size == size) for size in sizes]
        out = np.empty(len(samples))
        _kernels.dfs_log_weights(samples, to_words(fixed, samples.shape[1]), rules.grid.width,
                                 rules.grid.height, rules.touching is Touching.CORNERS,
                                 np.array(sizes, dtype=np.int64),
                                 np.array(counts, dtype=np.int64), out)
        return out

    def log_fleet_count(self, rules: Rules) -> float:
        """``log`` of the number of legal fleets of :meth:`weighable` rules, so that a
        fleet's depth-first chance against its uniform one is ``exp(log chance + this)``:
        minus the log of the mean depth-first chance of :data:`COUNT_FLEETS` seeded
        uniform fleets (that mean is one over the count). The presets' are kept in
        :data:`~seabattle.battleship.ai.member_table.FLEET_COUNTS`; others are counted
        once per rule set (:func:`counted_log_fleets`) and stored
        (:mod:`~seabattle.battleship.ai.field_store`)."""
        return _log_fleet_count(rules)


COUNT_FLEETS = 200
"""Uniform fleets whose depth-first chances :meth:`DfsPlacement.log_fleet_count` averages."""

FLEET_COUNT = "fleet-count"
"""What :mod:`~seabattle.battleship.ai.field_store` calls a field's count of legal fleets."""


@cache
def _log_fleet_count(rules: Rules) -> float:
    key = normaliser_key(rules)
    known = FLEET_COUNTS.get(key)
    if known is not None:
        return known
    stored = field_store.load(key, FLEET_COUNT)
    if stored is not None:
        return stored[0]
    counted = counted_log_fleets(rules)
    field_store.save(key, FLEET_COUNT, (counted,))
    return counted


def counted_log_fleets(rules: Rules) -> float:
    """:meth:`DfsPlacement.log_fleet_count` computed rather than looked up (seeded: always
    the same value; seconds on a 10×10 field)."""
    rng = random.Random("log-fleet-count")
    words = (rules.grid.size + 63) // 64
    samples = np.array([to_words(uniform_fleet(rules, rng).cells, words)
                        for _ in range(COUNT_FLEETS)], dtype=np.uint64)
    chances = DfsPlacement.log_chances(rules, samples)
    top = float(chances.max())
    return -(top + math.log(float(np.exp(chances - top).mean())))


def _transform(grid: Grid, cells: Bitboard, flip_rows: bool, flip_cols: bool, transpose: bool
               ) -> Bitboard:
    board = 0
    for cell in iter_cells(cells):
        r, c = grid.row_col(cell)
        if transpose:
            r, c = c, r
        if flip_rows:
            r = grid.height - 1 - r
        if flip_cols:
            c = grid.width - 1 - c
        board |= bit(r * grid.width + c)
    return board


def _lift(box: Grid, grid: Grid, cells: Bitboard) -> Bitboard:
    """Cells of a field the size of ``box``, at the same rows and columns of ``grid``."""
    board = 0
    for cell in iter_cells(cells):
        r, c = box.row_col(cell)
        board |= bit(r * grid.width + c)
    return board


def _pressed(rules: Rules, layout: Sequence[Bitboard]) -> Layout:
    """The ships of ``layout`` each pushed up and left while they stay legal."""
    grid = rules.grid
    top_row = (1 << grid.width) - 1
    left_col = sum(bit(r * grid.width) for r in range(grid.height))
    cells = list(layout)
    moved = True
    while moved:
        moved = False
        for index, ship in enumerate(cells):
            others = 0
            for other_index, other in enumerate(cells):
                if other_index != index:
                    others |= halo(grid, other, rules.touching)
            for edge, shift in ((top_row, grid.width), (left_col, 1)):
                if ship & edge == 0 and (ship >> shift) & others == 0:
                    ship >>= shift
                    moved = True
            cells[index] = ship
    return cells


def _packing_search(rules: Rules, corner: bool) -> tuple[tuple[Bitboard, ...], ...]:
    """Tight packings of the multi-deck ships into a box in the top left corner."""
    grid = rules.grid
    big = [(k.size, k.shape) for k in rules.fleet if k.size > 1]
    if not big:
        return ()
    # The counting bound of rules._ensure_fleet_fits, for a box whose outer sides lie
    # on the edges of the field and whose inner sides may hold the ships' rings.
    if rules.touching is Touching.NONE:
        need = sum((size + 1) * 2 for size, _ in big)
        room = [[(r + 1) * (c + 1) for c in range(grid.width + 1)] for r in range(grid.height + 1)]
    else:
        need = sum(size for size, _ in big)
        room = [[r * c for c in range(grid.width + 1)] for r in range(grid.height + 1)]
    pilot = random.Random(0)

    def search(rows: int, cols: int) -> tuple[LayoutSearch, Layout] | None:
        if room[rows][cols] < need:
            return None
        # Searched on a field the size of the box (fewer placements to try), the
        # packing is then moved into the top left corner of the real one.
        found = LayoutSearch(Grid(cols, rows), big, rules.touching)
        # A packing is wanted, not a proof that none exists: a box that resists a
        # short search counts as too small.
        layout = found.run(node_limit=3_000)
        return None if layout is None else (found, layout)

    if corner:
        # A box inside an infeasible one is infeasible: find the shortest longer
        # side with squares first, then the smallest area with that longer side.
        for side in range(1, max(grid.width, grid.height) + 1):
            if search(min(side, grid.height), min(side, grid.width)) is not None:
                break
        boxes = sorted((r * c, r, c) for r in range(1, min(side, grid.height) + 1)
                       for c in range(1, min(side, grid.width) + 1) if max(r, c) == side)
    else:
        # Bands across the whole field, the fewest rows (or columns) first.
        boxes = sorted({*((r * grid.width, r, grid.width) for r in range(1, grid.height + 1)),
                        *((c * grid.height, grid.height, c) for c in range(1, grid.width + 1))})
    packings: set[tuple[Bitboard, ...]] = set()
    best_area = None
    for area, rows, cols in boxes:
        if best_area is not None and area > best_area:
            break
        result = search(rows, cols)
        if result is None:
            continue
        best_area = area
        layout_search, first = result
        found = [first]
        for _attempt in range(16):  # a few more, where a random search finds them fast
            layout = layout_search.run(pilot, node_limit=300)
            if layout is not None:
                found.append(layout)
        for layout in found:
            lifted = [_lift(layout_search.grid, grid, cells) for cells in layout]
            packings.add(tuple(_pressed(rules, lifted)))
    if packings:
        return tuple(sorted(packings))
    return (tuple(layout_of(rules, random_fleet(rules, pilot))[:len(big)]),)


@cache
def corner_packings(rules: Rules) -> tuple[tuple[Bitboard, ...], ...]:
    """Tight packings of the multi-deck ships into the top left corner.

    The box they fill is the smallest possible, by its longer side first (a corner,
    not a band along one edge), then by area, and every ship is pushed towards the
    corner as far as it goes. Each packing lists the placements of the multi-deck
    ships of ``rules.fleet`` in order. Found once per rule set by a seeded search;
    empty when the fleet has no multi-deck ship.
    """
    return _packing_search(rules, corner=True)


@cache
def band_packings(rules: Rules) -> tuple[tuple[Bitboard, ...], ...]:
    """Tight packings of the multi-deck ships into a band along the top (or left) edge.

    The band spans the whole field and is as narrow as possible; otherwise as
    :func:`corner_packings`.
    """
    return _packing_search(rules, corner=False)


class _PackedPlacement(PlacementStrategy):
    """Multi-deck ships packed tightly, single-deck ships in the water left.

    The packed ships take one of :meth:`packings`, mirrored (and, on a square field,
    turned) at random. Of :attr:`candidates` random legal places for the single-deck
    ships, the one :meth:`singles_score` rates highest is kept.
    """

    candidates = 48
    """Random layouts of the single-deck ships considered."""

    @abstractmethod
    def packings(self, rules: Rules) -> tuple[tuple[Bitboard, ...], ...]:
        """Packings of the multi-deck ships in the top left of the field."""

    @abstractmethod
    def singles_score(self, rules: Rules, boats: Sequence[int], packed: Bitboard) -> float:
        """How good a place for the single-deck ships ``boats`` is (higher is better)."""

    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        grid = rules.grid
        big = [k for k in rules.fleet if k.size > 1]
        singles = [k for k in rules.fleet if k.size == 1]
        ships: list[Ship] = []
        packings = self.packings(rules)
        if packings:
            packing = rng.choice(packings)
            flips = (rng.random() < 0.5, rng.random() < 0.5,
                     grid.width == grid.height and rng.random() < 0.5)
            ships = [Ship(k, _transform(grid, cells, *flips))
                     for k, cells in zip(big, packing, strict=True)]
        if not singles:
            return validate_fleet(rules, ships)
        blocked = 0
        packed = 0
        for ship in ships:
            blocked |= halo(grid, ship.cells, rules.touching)
            packed |= ship.cells
        free = list(iter_cells(grid.full & ~blocked))
        best: list[int] | None = None
        best_score = -math.inf
        for _candidate in range(self.candidates):
            boats = _random_singles(grid, rules.touching, free, len(singles), rng)
            if boats is None:
                continue
            score = self.singles_score(rules, boats, packed)
            if score > best_score:
                best, best_score = boats, score
        if best is None:  # too crowded for random tries: any legal completion will do
            return random_fleet(rules, rng, ships)
        placed = [Ship(k, bit(c)) for k, c in zip(singles, best, strict=True)]
        return validate_fleet(rules, [*ships, *placed])


class PerelmanPlacement(_PackedPlacement):
    """Perelman's placement (RULES.md §3): big ships packed in a corner, singles spread.

    The multi-deck ships take one of :func:`corner_packings`, turned into a random
    corner of the field. The single-deck ships are then placed, of several random
    legal choices, where they lie farthest from each other and from the packed
    ships.
    """

    name = "perelman"

    def packings(self, rules: Rules) -> tuple[tuple[Bitboard, ...], ...]:
        return corner_packings(rules)

    def singles_score(self, rules: Rules, boats: Sequence[int], packed: Bitboard) -> float:
        return _spread(rules.grid, boats, packed)


def _random_singles(grid: Grid, touching: Touching, free: Sequence[int], count: int,
                    rng: random.Random) -> list[int] | None:
    """``count`` random cells of ``free`` that keep apart by the touching rule."""
    for _attempt in range(20):
        taken = 0
        boats: list[int] = []
        for _boat in range(count):
            for _draw in range(50):
                cell = free[int(rng.random() * len(free))]
                if not taken & bit(cell):
                    break
            else:
                break
            boats.append(cell)
            taken |= halo(grid, bit(cell), touching)
        if len(boats) == count:
            return boats
    return None


def _spread(grid: Grid, boats: Sequence[int], packed: Bitboard) -> float:
    """How evenly single-deck ships are spread: the smallest distance (in king moves)
    from one of them to another or to a packed ship, the mean as a tie-break."""
    points = [grid.row_col(c) for c in boats]
    others = [grid.row_col(c) for c in iter_cells(packed)]
    nearest = []
    for i, (r, c) in enumerate(points):
        near = [max(abs(r - r2), abs(c - c2))
                for r2, c2 in [*points[:i], *points[i + 1:], *others]]
        nearest.append(min(near, default=grid.width + grid.height))
    return min(nearest) + sum(nearest) / len(nearest) / (grid.width + grid.height)


class HardPlacement(_PackedPlacement):
    """A fleet chosen to cost a strong targeter the most shots.

    The multi-deck ships are packed into the narrowest band along a random edge
    (:func:`band_packings`); the single-deck ships go anywhere legal, at random.
    ``docs/bench.md`` has the measurements that chose this over the alternatives
    tried: uniform fleets a targeter rates unlikely, Perelman's corner, and the
    single decks spread out or where a density targeter expects them least (each
    costs the ``hard`` level more shots, but the ``admiral`` fewer).
    """

    name = "hard"
    candidates = 1

    def packings(self, rules: Rules) -> tuple[tuple[Bitboard, ...], ...]:
        return band_packings(rules)

    def singles_score(self, rules: Rules, boats: Sequence[int], packed: Bitboard) -> float:
        return 0.0


class TiltedPlacement(PlacementStrategy):
    """A family of fleets people place: the uniform distribution tilted by one measure
    of :mod:`~seabattle.battleship.ai.fleet_shape` (edges, one corner, bunched, spread).

    A uniform fleet is the start of :data:`TILTED_MOVES_PER_SHIP` proposals per ship of
    the tilted chain (:func:`~seabattle.battleship.ai.tilted.run_chain`); the families
    of :data:`~seabattle.battleship.ai.fleet_shape.ANCHORED` measures (``corner``,
    ``packed``, ``band``) first pick their corner or edge at random and tilt towards it
    alone.
    """

    def __init__(self, name: str, description: str) -> None:
        self.name = name  # type: ignore[misc]  # one class, several registered names
        self.tilt = TILTS[name]
        self.description = description

    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        return self.place_tilted(rules, rng, 1.0)

    def supports(self, rules: Rules) -> bool:
        """As every strategy's, where the family's measure applies
        (:func:`~seabattle.battleship.ai.fleet_shape.measurable`: ``packed`` needs
        single-deck ships standing apart)."""
        return super().supports(rules) and measurable(self.tilt.measure, rules)

    def refusal(self, rules: Rules) -> SeaBattleError:
        if not super().supports(rules):
            return super().refusal(rules)
        return SeaBattleError("bench.placement_boats", name=self.name)

    def place_tilted(self, rules: Rules, rng: random.Random, strength: float,
                     anchor: int | None = None) -> Fleet:
        """A fleet of the family with its tilt's strength scaled by ``strength`` (0: a
        uniform fleet, 1: the family's), towards ``anchor`` (the corner or edge of an
        anchored measure; ``None``: one at random)."""
        return fleet_of(rules, self.tilted_layout(rules, rng, strength, anchor))

    def tilted_layout(self, rules: Rules, rng: random.Random, strength: float = 1.0,
                      anchor: int | None = None) -> Layout:
        """:meth:`place_tilted`'s fleet as a layout, unchecked (the chain keeps it legal),
        for loops that need only its cells."""
        tilt = self.tilt
        if anchor is None:
            anchor = int(rng.random() * 4) if tilt.measure in ANCHORED else 0
        beta = strength * tilt.per_fleet(sum(k.size for k in rules.fleet))
        start = _uniform_layout(rules, rng)
        steps = TILTED_MOVES_PER_SHIP * len(rules.fleet)
        return run_chain(rules, rng, start, steps, ChainTilt(tilt.measure, anchor, beta))


def normaliser_key(rules: Rules) -> str:
    """What the families' members and normalisers of ``rules`` depend on, as a key of
    :mod:`~seabattle.battleship.ai.member_table`'s tables: the field, the touching rule
    and the ships' sizes and shapes (not the names, the answers or the turn order).

    >>> from seabattle.battleship.rules import find_rules
    >>> normaliser_key(find_rules("six"))
    '10x10 none 5,4,3,3,2,1'
    """
    ships = ",".join(str(kind.size) if kind.shape is Shape.STRAIGHT
                     else f"{kind.size}{kind.shape.name.lower()}" for kind in rules.fleet)
    return f"{rules.width}x{rules.height} {rules.touching.name.lower()} {ships}"


TILTED_MOVES_PER_SHIP = 60
"""Proposals per ship of the tilted chain: enough for every family's measure to settle
(docs/bench.md measures each family's fleets)."""

FAMILIES: tuple[TiltedPlacement, ...] = (
    TiltedPlacement("edge", "ships hugging the edges of the field"),
    TiltedPlacement("corner", "the whole fleet packed towards one corner"),
    TiltedPlacement("cluster", "the ships bunched together somewhere on the field"),
    TiltedPlacement("spread", "the ships kept apart, spread over the whole field"),
    TiltedPlacement("packed", "the multi-deck ships packed towards one corner, the "
                              "single-deck ones far from it (Perelman's habit, loosely)"),
    TiltedPlacement("band", "the multi-deck ships along one edge, the single-deck ones "
                            "anywhere (the hard placement's habit, loosely)"),
)
"""The placement families people use, as tilts of the uniform distribution."""


class MixturePlacement(PlacementStrategy):
    """Each fleet from one of :attr:`members`, chosen at random with equal chances: a
    population of players with different habits."""

    name = "mixture"
    members = ("uniform", "dfs", "perelman", "hard", "edge", "corner", "cluster", "spread")

    def place(self, rules: Rules, rng: random.Random) -> Fleet:
        member = PLACEMENTS[self.members[int(rng.random() * len(self.members))]]
        return member.place(rules, rng)


PLACEMENTS: dict[str, PlacementStrategy] = {
    strategy.name: strategy for strategy in (
        UniformPlacement(), DfsPlacement(), PerelmanPlacement(), HardPlacement(),
        *FAMILIES, MixturePlacement())
}
"""Every placement strategy by name."""


def find_placement(name: str, rules: Rules | None = None) -> PlacementStrategy:
    """A placement strategy by name, case-insensitive.

    Given ``rules`` it cannot place (see :meth:`PlacementStrategy.supports`), it is
    refused with a message naming a strategy that can (:meth:`PlacementStrategy.refusal`).
    """
    try:
        strategy = PLACEMENTS[name.strip().lower()]
    except KeyError:
        raise SeaBattleError("bench.unknown_placement", name=name,
                             known=", ".join(PLACEMENTS)) from None
    if rules is not None and not strategy.supports(rules):
        raise strategy.refusal(rules)
    return strategy


def computer_fleet(level: str, rules: Rules, rng: random.Random,
                   habits: ShooterHabits | None = None) -> Fleet:
    """The computer's own fleet at ``level``.

    The admiral hides its ships with the ``hard`` placement where it can; against an
    opponent whose shots it has seen (``habits``, :mod:`~seabattle.battleship.ai.hiding`)
    it keeps, of candidate fleets from several families, the one that shooter finds
    latest. Every other level (and every rule set those placements cannot place) uses
    the engine's random placement.
    """
    strategy = PLACEMENTS["hard"] if level.lower() == "admiral" else PLACEMENTS["dfs"]
    if not strategy.supports(rules):
        strategy = PLACEMENTS["dfs"]
    elif strategy.name == "hard" and habits is not None and habits.games \
            and habits.grid == rules.grid:
        return latest_found((PLACEMENTS[CANDIDATE_FAMILIES[i % len(CANDIDATE_FAMILIES)]]
                             .place(rules, rng) for i in range(CANDIDATES)), habits)
    return strategy.place(rules, rng)
