"""The joint posterior over the enemy fleet: which whole fleets fit what a player knows.

Every legal enemy fleet is a priori equally likely (that is how a fair random
placement is drawn, see :func:`seabattle.battleship.ai.placement.uniform_fleet`). What the
player has seen rules some out: a fleet fits the view when

- no ship covers a miss or a cell the rules show empty (the ring of a sunk ship);
- every hit is covered by a ship, and no ship's ring (where ships may not touch)
  holds a hit;
- a ship that holds a sinking shot is wholly hit, every other cell of it was hit
  before that shot, and it is of the announced kind (where kinds are announced);
- a ship that holds no sinking shot is not wholly hit (it would have sunk);
- ships whose cells the view pins down are exactly there.

The posterior is the uniform distribution over the fleets that fit, and the chance
that a cell holds a ship is the share of them covering it. This module estimates it
jointly over the whole fleet, never ship by ship:

- exactly, by depth-first enumeration of the fitting fleets, when there are few
  (:func:`Posterior.estimate` tries within a node budget);
- otherwise by Markov chain Monte Carlo over whole fleets: each sweep resamples
  every ship given all the others (Gibbs), and pairs of ships jointly wherever a
  hit could pass from one ship to another; where a group of hits may be one piece
  or several (:func:`groups_may_split`), triples too. Chains persist between the
  moves of one game, so each move starts from fleets that fit most of what is known.

The compiled loops live in :mod:`seabattle.battleship.ai._kernels`.

>>> import random
>>> from seabattle.battleship.rules import find_rules
>>> from seabattle.battleship.game import Solitaire
>>> from seabattle.battleship.fleet import random_fleet
>>> rules = find_rules("classic")
>>> game = Solitaire(rules, random_fleet(rules, random.Random(1)))
>>> belief = Posterior(rules).estimate(game.view(0), seed=1)
>>> round(sum(belief.probabilities))   # the fleet's 20 cells, spread over the field
20
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai import _kernels
from seabattle.battleship.events import ShotResult
from seabattle.battleship.rules import Announcement, Role, Rules, ShipKind
from seabattle.battleship.shapes import Shape, Touching, halo, placement_halos, placements
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, iter_cells

UInt64Array = npt.NDArray[np.uint64]
IntArray = npt.NDArray[np.int64]


def to_words(board: Bitboard, words: int) -> UInt64Array:
    """A bitboard as ``words`` little-endian 64-bit words."""
    mask = (1 << 64) - 1
    return np.array([(board >> (64 * w)) & mask for w in range(words)], dtype=np.uint64)


def from_words(row: UInt64Array) -> Bitboard:
    """The bitboard of a row of 64-bit words."""
    board = 0
    for w, word in enumerate(row.tolist()):
        board |= int(word) << (64 * w)
    return board


@dataclass(frozen=True)
class PlacementTables:
    """Every placement of every kind of piece of a rule set, as arrays.

    Mines and minesweepers are pieces too (they keep ships away): their rows occupy no
    cell as a ship (``cells`` and ``sizes`` are empty), so they cover no hit and add
    nothing to a cell's chance of a ship; ``piece_cell`` says where they lie.
    """

    kinds: tuple[ShipKind, ...]
    """The distinct kinds of the fleet, largest first; kind ``k`` is ``kinds[k]``."""
    words: int
    cells: UInt64Array
    """``(placements, words)``: the cells of each placement, as a ship (or submarine)."""
    halos: UInt64Array
    """The cells each placement keeps other ships out of under the ships' touching rule
    (itself and its ring; a submarine's is itself, a mine's nothing)."""
    bodies: UInt64Array
    """``(placements, zone words)``: what other pieces' zones may not meet (see
    :func:`placement_tables`)."""
    zones: UInt64Array
    """What other pieces' bodies may not meet: two placements exclude each other when
    the body of one meets the zone of the other."""
    piece_cell: IntArray
    """Per row: its first cell (a one-cell piece's only cell)."""
    cellidx: npt.NDArray[np.int32]
    """``(placements, largest size)``: the cells as numbers, padded with -1."""
    sizes: npt.NDArray[np.int32]
    kind_of: npt.NDArray[np.int32]
    starts: tuple[int, ...]
    """Row of the first placement of each kind (and the total, last)."""
    starts_array: IntArray
    koff: IntArray
    """Where each kind's words start in a per-kind bitset over placements."""
    kwords: IntArray
    """How many words each kind's bitset takes."""
    conflict: UInt64Array
    """``(placements, bitset words)``: per placement, the placements of every kind it
    excludes (their bodies meet its zone)."""
    cover: UInt64Array
    """``(cells, bitset words)``: per cell, the placements of every kind covering it."""


_MINES = (Role.MINE, Role.MINESWEEPER)


def _exclusion(rules: Rules, kind: ShipKind, cells: Bitboard
               ) -> tuple[list[Bitboard], list[Bitboard]]:
    """The body and zone of a placement, as planes of the field.

    Plain ships alone need one plane: the body is the cells, the zone the halo under
    the touching rule. Where pieces keep apart by rules of their own
    (:meth:`~seabattle.battleship.rules.Rules.keep_apart`) the planes are: ships'
    (ship bodies against ship halos), overlap (every piece's cells against every
    piece's cells: a submarine touches anything), and, for mines that touch nothing,
    two more (mine bodies against every piece's halo on all eight sides, and every
    piece's body against mine halos), so that the relation stays symmetric.
    """
    grid = rules.grid
    ship = kind.role is Role.SHIP
    mine = kind.role in _MINES
    ship_zone = halo(grid, cells, rules.touching)
    if _plain(rules):
        return [cells], [ship_zone]
    bodies = [cells if ship else 0, cells]
    zones = [ship_zone if ship else 0, cells]
    if _mines_apart(rules):
        apart = halo(grid, cells, Touching.NONE)
        bodies += [cells if mine else 0, cells]
        zones += [apart, apart if mine else 0]
    return bodies, zones


def _plain(rules: Rules) -> bool:
    """Whether the fleet is plain ships only (no submarines, mines or minesweepers)."""
    return all(kind.role is Role.SHIP for kind in rules.fleet)


def _mines_apart(rules: Rules) -> bool:
    """Whether the fleet has mines or minesweepers that touch nothing."""
    return not rules.mines_touch and any(kind.role in _MINES for kind in rules.fleet)


@cache
def placement_tables(rules: Rules) -> PlacementTables:
    """The :class:`PlacementTables` of a rule set (built once)."""
    grid = rules.grid
    kinds = tuple(dict.fromkeys(rules.fleet))
    words = (grid.size + 63) // 64
    rows: list[Bitboard] = []
    zones: list[Bitboard] = []
    bodies: list[list[Bitboard]] = []
    exclusion: list[list[Bitboard]] = []
    kind_of: list[int] = []
    first_cells: list[int] = []
    starts = [0]
    for k, kind in enumerate(kinds):
        cands = placements(grid, kind.size, kind.shape)
        for board in cands:
            body, zone = _exclusion(rules, kind, board)
            bodies.append(body)
            exclusion.append(zone)
        if kind.role is Role.SHIP:
            rows.extend(cands)
            zones.extend(placement_halos(grid, kind.size, kind.shape, rules.touching))
        elif kind.role is Role.SUBMARINE:
            rows.extend(cands)
            zones.extend(cands)
        else:
            rows.extend([0] * len(cands))
            zones.extend([0] * len(cands))
        first_cells.extend((c & -c).bit_length() - 1 for c in cands)
        kind_of.extend([k] * len(cands))
        starts.append(len(rows))
    widest = max(kind.size for kind in kinds)
    cellidx = np.full((len(rows), widest), -1, dtype=np.int32)
    for g, board in enumerate(rows):
        for i, cell in enumerate(iter_cells(board)):
            cellidx[g, i] = cell
    kwords = np.array([(starts[k + 1] - starts[k] + 63) // 64 for k in range(len(kinds))],
                      dtype=np.int64)
    koff = np.concatenate(([0], np.cumsum(kwords)[:-1])).astype(np.int64)
    total_words = int(kwords.sum())
    cells = np.array([to_words(b, words) for b in rows], dtype=np.uint64)
    halos = np.array([to_words(b, words) for b in zones], dtype=np.uint64)
    body_array = np.array([np.concatenate([to_words(b, words) for b in planes])
                           for planes in bodies], dtype=np.uint64)
    zone_array = np.array([np.concatenate([to_words(b, words) for b in planes])
                           for planes in exclusion], dtype=np.uint64)
    sizes = np.array([b.bit_count() for b in rows], dtype=np.int32)
    kind_array = np.array(kind_of, dtype=np.int32)
    starts_array = np.array(starts, dtype=np.int64)
    return PlacementTables(
        kinds=kinds, words=words, cells=cells, halos=halos, bodies=body_array,
        zones=zone_array, piece_cell=np.array(first_cells, dtype=np.int64),
        cellidx=cellidx, sizes=sizes, kind_of=kind_array, starts=tuple(starts),
        starts_array=starts_array, koff=koff, kwords=kwords,
        conflict=_kernels.conflict_table(body_array, zone_array, kind_array, starts_array,
                                         koff, total_words),
        cover=_kernels.cover_table(cellidx, sizes, kind_array, starts_array, koff, grid.size,
                                   total_words),
    )


@dataclass(frozen=True)
class Problem:
    """One view turned into arrays: the ships left to place and their legal placements."""

    ship_kind: IntArray
    """Kind of each ship to place, grouped by kind in kind order."""
    valid: npt.NDArray[np.bool_]
    """Per placement row: whether it fits the observations on its own."""
    vbits: UInt64Array
    """The same as per-kind bitsets (see :class:`PlacementTables`)."""
    klist: IntArray
    """The valid rows, kind by kind."""
    kstart: IntArray
    kend: IntArray
    need: UInt64Array
    """Hits the ships to place must cover."""
    fixed: Bitboard
    """Cells of sunk ships pinned down by the view (not among the ships to place)."""
    hits: Bitboard


def build_problem(rules: Rules, view: PlayerView) -> Problem:
    """The pieces to place and the placements each may take, for ``view``.

    Mines and minesweepers that went off or were revealed are pinned (not placed):
    their cells, and where they touch nothing their rings, are closed to every other
    piece. Where the fleet has submarines only the answers themselves are read (the
    kinds they named, misses, hits and sinking shots), not what the view deduced from
    them: a view deduces the cells of a sinking as if no submarine touched the ship.
    A hit that fired no dying shot back where one could have come was no submarine
    (the view's ``not_submarines``): those cells are closed to submarines.
    """
    tables = placement_tables(rules)
    grid = rules.grid
    index = {kind: k for k, kind in enumerate(tables.kinds)}
    left = Counter(rules.fleet)
    submarines = rules.count(Role.SUBMARINE) > 0
    named = {shot.cell for shot in view.shots if shot.kind is not None}
    fixed = 0
    for ship in view.sunk:
        if (ship.cells is not None and ship.kind is not None and left[ship.kind] > 0
                and (not submarines or ship.cell in named)):
            left[ship.kind] -= 1
            fixed |= ship.cells
    pinned = view.revealed_mines
    for _ in iter_cells(view.revealed_mines):
        left[next(k for k in index if k.role is Role.MINE and left[k] > 0)] -= 1
    hit_time = np.full(grid.size, -1, dtype=np.int64)
    sink_kind = np.full(grid.size, -1, dtype=np.int64)
    for t, shot in enumerate(view.shots):
        if shot.result in (ShotResult.MINE, ShotResult.MINESWEEPER):
            role = Role.MINE if shot.result is ShotResult.MINE else Role.MINESWEEPER
            piece = next(k for k in index if k.role is role and left[k] > 0)
            left[piece] -= 1
            pinned |= bit(shot.cell)
        if not shot.result.is_hit:
            continue
        hit_time[shot.cell] = t
        if shot.result is ShotResult.SUNK and not fixed & bit(shot.cell):
            sink_kind[shot.cell] = index.get(shot.kind, -2) if shot.kind is not None else -2
    apart = Touching.SIDES if rules.mines_touch else Touching.NONE
    hits = view.hits | view.given
    common = view.misses | view.known_empty | fixed | halo(grid, pinned, apart)
    blocked = {
        Role.SHIP: common | (0 if submarines else view.no_ships),
        Role.SUBMARINE: common | view.not_submarines,
        Role.MINE: common | hits | halo(grid, fixed, apart),
    }
    words = tables.words
    blocked_rows = np.array([to_words(blocked[Role.MINE if kind.role in _MINES else kind.role],
                                      words) for kind in tables.kinds], dtype=np.uint64)
    # A hit in a ship's ring may be a submarine touching it; the exclusion of the
    # pieces covering the hits then decides.
    ring_rows = np.array([to_words(hits if kind.role is Role.SHIP and not submarines else 0,
                                   words) for kind in tables.kinds], dtype=np.uint64)
    valid = np.empty(len(tables.kind_of), dtype=np.bool_)
    _kernels.filter_candidates(tables.cells, tables.halos, tables.cellidx, tables.sizes,
                               tables.kind_of, blocked_rows, ring_rows, hit_time, sink_kind,
                               rules.announce is Announcement.NONE, valid)
    mine_cells = np.array([not blocked[Role.MINE] >> c & 1 for c in range(grid.size)])
    for k, kind in enumerate(tables.kinds):
        if kind.role in _MINES:
            rows = slice(tables.starts[k], tables.starts[k + 1])
            valid[rows] = mine_cells[tables.piece_cell[rows]]
    ship_kind = np.array([index[kind] for kind in tables.kinds for _ in range(left[kind])],
                         dtype=np.int64)
    klist = np.flatnonzero(valid).astype(np.int64)
    bounds = np.searchsorted(klist, np.array(tables.starts, dtype=np.int64))
    vbits = _kernels.valid_bits(valid, tables.kind_of, tables.starts_array, tables.koff,
                                int(tables.kwords.sum()))
    return Problem(ship_kind=ship_kind, valid=valid, vbits=vbits, klist=klist,
                   kstart=bounds[:-1].astype(np.int64), kend=bounds[1:].astype(np.int64),
                   need=to_words(hits & ~fixed, words), fixed=fixed, hits=view.hits)


@dataclass(frozen=True)
class Estimate:
    """The posterior chance, per cell, that the cell holds a ship."""

    probabilities: list[float]
    """One per cell: 1 on hits, 0 on misses and known empty cells."""
    exact: bool
    """Computed by enumerating every fitting fleet rather than by sampling."""
    fleets: int
    """How many fleets fit (exact) or were sampled."""
    samples: UInt64Array | None
    """The sampled (or, when exact, every fitting) fleet as ``(fleets, words)``
    occupancy rows; ``None`` when exact and too many to keep."""
    placement_chances: npt.NDArray[np.float64]
    """Per row of the placement tables: the chance that a ship of the fitting
    fleet lies exactly there (ships pinned down by the view not included)."""
    tables: PlacementTables

    def weighted_map(self, kind_weights: list[float]) -> npt.NDArray[np.float64]:
        """Per cell, the sum over kinds of ``kind_weights[k]`` times the expected number
        of ships of kind ``k`` (an index into ``tables.kinds``) covering the cell,
        among the ships still to place."""
        t = self.tables
        scale = np.repeat(np.array(kind_weights, dtype=np.float64), np.diff(t.starts_array))
        share = np.zeros(len(self.probabilities), dtype=np.float64)
        _kernels.spread(self.placement_chances * scale, t.cellidx, t.sizes, share)
        return share


    def ring_map(self, unknown: Bitboard) -> npt.NDArray[np.float64]:
        """Per cell, the expected number of ``unknown`` cells in the ring of the ship
        covering it (summed over the fitting fleets; 0 where no ship is): what a hit
        there would reveal empty once that ship sinks, where ships may not touch."""
        t = self.tables
        ring = t.halos & ~t.cells & to_words(unknown, t.words)
        sizes = np.bitwise_count(ring).sum(axis=1).astype(np.float64)
        share = np.zeros(len(self.probabilities), dtype=np.float64)
        _kernels.spread(self.placement_chances * sizes, t.cellidx, t.sizes, share)
        return share


@dataclass
class SamplerSettings:
    """How hard :class:`Posterior` works per estimate."""

    chains: int = 4
    burn_in: int = 24
    """Sweeps before recording, for a chain that continues from the last move."""
    fresh_burn_in: int = 100
    """Sweeps before recording, for a chain started from a new search."""
    samples: int = 600
    """Fleets recorded per estimate, over all chains."""
    pair_rate: float = 2.0
    """Random pairs of ships moved jointly per sweep, on average (when hits are open)."""
    triple_rate: float = 0.5
    """Triples of pieces moved jointly per sweep, on average (when hits are open), where
    a group of hits may be one piece or several: sinkings are silent and pieces may
    share a side (submarines, or ships touching along sides). Elsewhere none."""
    exact_nodes: int = 30_000
    """Search steps allowed to enumerate every fitting fleet."""
    exact_fleets: int = 20_000
    """Fitting fleets kept (for lookahead) when enumerating; more are only counted."""
    search_nodes: int = 20_000
    """Search steps allowed to find one fitting fleet, per try."""


def groups_may_split(rules: Rules) -> bool:
    """Whether a group of hits may be one piece or several sunk unannounced: sinkings
    are silent and pieces may share a side (submarines touch anything). There single
    and pair moves do not pass between the explanations; the chains move triples too."""
    return rules.announce is Announcement.NONE and (
        rules.touching is Touching.SIDES or rules.count(Role.SUBMARINE) > 0)


def scaled_settings(rules: Rules) -> SamplerSettings:
    """Settings that keep a move near the same time on any field and fleet."""
    base = SamplerSettings()
    # A sweep costs about (ships × placements per ship); 10×10 classic is the unit.
    work = len(rules.fleet) * rules.grid.size * max(1, (rules.grid.size + 63) // 64)
    scale = max(1.0, work / (10 * 100 * 2))
    if any(kind.shape is Shape.BENT for kind in rules.fleet):
        scale *= 6
    base.samples = max(200, int(base.samples / scale))
    return base


class Posterior:
    """Estimates of the fleet posterior for successive views of one game.

    Keeps the chains' last fleets between calls: the next view usually rules out
    few of them, so they need little burn-in. Call :meth:`reset` for a new game.
    """

    def __init__(self, rules: Rules, settings: SamplerSettings | None = None) -> None:
        self.rules = rules
        self.tables = placement_tables(rules)
        self.settings = settings or scaled_settings(rules)
        self._chains: list[IntArray] = []

    def reset(self) -> None:
        """Forget the chains of the previous game."""
        self._chains = []

    def estimate(self, view: PlayerView, seed: int) -> Estimate:
        """The per-cell ship probabilities for ``view``, from ``seed``."""
        problem = build_problem(self.rules, view)
        rng = np.random.default_rng(seed)
        exact = self._exact(problem, int(rng.integers(2**31)))
        if exact is not None:
            return exact
        return self._sample(problem, rng)

    # --- exact ------------------------------------------------------------------

    def _exact(self, problem: Problem, seed: int) -> Estimate | None:
        t = self.tables
        if self.settings.exact_nodes <= 0:
            return None
        counts = np.zeros(len(t.kind_of), dtype=np.int64)
        pos = np.empty(len(problem.ship_kind), dtype=np.int64)
        fleets = np.empty((self.settings.exact_fleets, t.words), dtype=np.uint64)
        found = _kernels.search(problem.ship_kind, problem.klist, problem.kstart, problem.kend,
                                t.cells, t.bodies, t.zones, problem.need, seed,
                                False, self.settings.exact_nodes, pos, counts, fleets)
        if found <= 0:
            return None
        return self._estimate(problem, counts / found, True, int(found),
                              fleets[:found] if found <= len(fleets) else None)

    # --- sampling ---------------------------------------------------------------

    def _sample(self, problem: Problem, rng: np.random.Generator) -> Estimate:
        t = self.tables
        s = self.settings
        starts: list[tuple[IntArray, bool]] = []
        for old in self._chains:
            pos = self._carry_over(old, problem)
            if pos is not None:
                starts.append((pos, False))
        while len(starts) < s.chains:
            pos = self._search_fleet(problem, rng)
            if pos is None:
                break
            starts.append((pos, True))
        if not starts:
            raise RuntimeError("no enemy fleet fits the view")  # the view contradicts the rules
        starts = starts[:s.chains]
        per_chain = max(1, s.samples // len(starts))
        total = per_chain * len(starts)
        weights = np.zeros(len(t.kind_of), dtype=np.float64)
        samples = np.empty((total, t.words), dtype=np.uint64)
        triples = s.triple_rate if groups_may_split(self.rules) else 0.0
        self._chains = []
        for c, (pos, fresh) in enumerate(starts):
            burn = s.fresh_burn_in if fresh else s.burn_in
            _kernels.run_chain(pos, problem.ship_kind, t.starts_array, t.koff, t.kwords,
                               problem.vbits, t.conflict, t.cover, t.cells, problem.need, burn,
                               per_chain, s.pair_rate, triples, int(rng.integers(2**31)),
                               weights, samples, c * per_chain)
            self._chains.append(pos)
        return self._estimate(problem, weights / total, False, total, samples)

    def _carry_over(self, old: IntArray, problem: Problem) -> IntArray | None:
        """The rows of an old fleet still possible, if they make a fitting fleet."""
        t = self.tables
        keep = [int(g) for g in old if problem.valid[g]]
        keep.sort(key=lambda g: int(t.kind_of[g]))
        if len(keep) != len(problem.ship_kind):
            return None
        pos = np.array(keep, dtype=np.int64)
        if not _kernels.check_fleet(pos, problem.ship_kind, problem.valid, t.kind_of, t.cells,
                                    t.bodies, t.zones, problem.need):
            return None
        return pos

    def _search_fleet(self, problem: Problem, rng: np.random.Generator) -> IntArray | None:
        t = self.tables
        pos = np.empty(len(problem.ship_kind), dtype=np.int64)
        for _ in range(50):
            found = _kernels.search(problem.ship_kind, problem.klist, problem.kstart,
                                    problem.kend, t.cells, t.bodies, t.zones, problem.need,
                                    int(rng.integers(2**31)), True,
                                    self.settings.search_nodes, pos,
                                    np.zeros(1, dtype=np.int64),
                                    np.empty((0, t.words), dtype=np.uint64))
            if found == 1:
                return pos
            if found == 0:
                return None
        return None

    def _estimate(self, problem: Problem, chances: npt.NDArray[np.float64], exact: bool,
                  fleets: int, samples: UInt64Array | None) -> Estimate:
        t = self.tables
        share = np.zeros(self.rules.grid.size, dtype=np.float64)
        _kernels.spread(chances, t.cellidx, t.sizes, share)
        probabilities = share.tolist()
        for cell in iter_cells(problem.fixed):
            probabilities[cell] = 1.0
        return Estimate(probabilities, exact, fleets, samples, chances, t)


def probability_map(view: PlayerView, seed: int = 0,
                    settings: SamplerSettings | None = None) -> list[float]:
    """For each cell of the enemy field, the chance it holds a ship, given ``view``.

    Hits read 1, misses and cells known empty 0. Exact where few fleets fit,
    else a Monte Carlo estimate (about ``settings.samples`` fleets); the same seed
    gives the same map. For the hint heat map and the game analysis.
    """
    return Posterior(view.rules, settings).estimate(view, seed).probabilities


__all__ = ["Estimate", "PlacementTables", "Posterior", "Problem", "SamplerSettings",
           "build_problem", "groups_may_split", "placement_tables", "probability_map",
           "Touching"]
