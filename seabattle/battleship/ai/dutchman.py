"""The Flying Dutchman's posterior: where a lone king-shaped ship may be, given a view.

The Dutchman (``docs/variants.md``) is the whole enemy fleet: one ship of cells joined by
sides or corners (:attr:`~seabattle.battleship.shapes.Shape.KING`). After a hit that does
not sink it, its owner may move it: it keeps one deck per unhit deck and takes any king
shape on cells not fired at. The shooter learns that it moved, not where; its hits on
it become :attr:`~seabattle.battleship.view.PlayerView.abandoned`.

**What is assumed.** Every king shape of the right size on the field is equally likely,
where it was placed and wherever it moves to: a move goes to any legal place (cells not
fired at) with the same chance, whatever the place it left. Nothing better is known
about an unknown owner. Under that prior the ship now is uniform over the *fitting*
shapes:

- ``decks`` cells, the ship's size less one per hit it has left behind (each move loses
  the decks hit since the last move: the view's ``abandoned`` cells);
- king-connected, on the field;
- covering every live hit (hits since the last move, or since the start);
- on no other cell fired at: before a move because those answers were misses, after one
  because it may only go where nobody has fired.

(The computer's own Dutchman is placed by growing it cell by cell and moves as far as
it finds from the cells fired at: neither is uniform, and the posterior does not model
them.)

**How it is computed.** A fitting ship is a fixed shape (one of :func:`king_shapes`,
147,941 of eight cells) at an origin. Without a live hit every shape is tried at every
origin; with one, only the origins that put one of its cells on the first live hit
(which finds each fitting ship exactly once). The chance that a cell holds a deck is
the share of fitting ships covering it: exact when every shape is weighed. Where that
takes more than ``work`` cell look-ups (while hunting for six decks or more on the 20×20
field, around a hit for eight), a random subset of the shapes is weighed instead, each
at every origin where it fits: a ratio of sampled sums, consistent but not exact.

>>> import random
>>> from seabattle.battleship.fleet import random_fleet
>>> from seabattle.battleship.game import Solitaire
>>> from seabattle.battleship.rules import find_rules
>>> rules = find_rules("flying-dutchman")
>>> game = Solitaire(rules, random_fleet(rules, random.Random(1)))
>>> belief = DutchmanPosterior(rules).estimate(game.view(0), seed=1)
>>> round(sum(belief.probabilities))   # six decks, spread over the field
6
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np
import numpy.typing as npt

from seabattle.battleship.ai.posterior import Estimate, Posterior, SamplerSettings, scaled_settings
from seabattle.battleship.rules import Rules
from seabattle.battleship.shapes import Shape
from seabattle.battleship.view import PlayerView
from seabattle.coords import iter_cells

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

WORK_PER_SAMPLE = 4000
"""Cell look-ups an estimate may make per :attr:`SamplerSettings.samples` of the settings
it is given (the admiral's 428 samples on the 20×20 preset: about 1.7 million)."""

_FRAME = 16
"""Width of the frame shapes are grown in (a shape spans at most eight columns)."""


@dataclass(frozen=True)
class KingShapes:
    """Every fixed king-connected shape of ``size`` cells (rotations and mirror images
    counted apart, translations not), each as its cells' rows and columns from its top-left
    corner (the smallest row and the smallest column are 0)."""

    size: int
    rows: IntArray
    """``(shapes, size)``."""
    cols: IntArray
    """``(shapes, size)``."""

    @cached_property
    def offsets(self) -> IntArray:
        """``(shapes, size)``: each cell as ``row * size + column``, its offset in a
        ``size``×``size`` box."""
        return self.rows * self.size + self.cols

    @cached_property
    def holds(self) -> BoolArray:
        """``(shapes, size * size)``: whether the shape holds each offset."""
        table = np.zeros((len(self), self.size * self.size), dtype=np.bool_)
        np.put_along_axis(table, self.offsets, True, axis=1)
        return table

    def __len__(self) -> int:
        return len(self.rows)


@cache
def king_shapes(size: int) -> KingShapes:
    """The fixed king-connected shapes of ``size`` cells (1 ≤ size ≤ 8), grown cell by cell
    from those one cell smaller.

    >>> [len(king_shapes(n)) for n in range(1, 7)]
    [1, 4, 20, 110, 638, 3832]
    """
    if not 1 <= size <= 8:
        raise ValueError(f"king shapes have 1 to 8 cells, not {size}")
    masks = {1}
    row0 = (1 << _FRAME) - 1
    col0 = sum(1 << (r * _FRAME) for r in range(_FRAME))
    for _ in range(size - 1):
        grown = set()
        for mask in masks:
            moved = mask << (_FRAME + 1)  # room for a cell above and to the left
            wide = moved | moved << 1 | moved >> 1
            around = (wide | wide << _FRAME | wide >> _FRAME) & ~moved
            while around:
                cell = around & -around
                around ^= cell
                shape = moved | cell
                if not shape & row0:
                    shape >>= _FRAME
                if not shape & col0:
                    shape >>= 1
                grown.add(shape)
        masks = grown
    ordered = sorted(masks)
    words = np.array([[m & (2**64 - 1), m >> 64] for m in ordered], dtype="<u8")
    bits = np.unpackbits(words.view(np.uint8), axis=1, bitorder="little")
    where = np.nonzero(bits)[1].reshape(len(ordered), size)  # each row's cells, in order
    table = np.stack([where // _FRAME, where % _FRAME], axis=2).astype(np.int64)
    return KingShapes(size, table[:, :, 0].copy(), table[:, :, 1].copy())


def lone_king(rules: Rules) -> bool:
    """Whether ``rules``' fleet is one ``king``-shaped ship (the Flying Dutchman's, or one
    that never moves): what :class:`DutchmanPosterior` models."""
    return len(rules.fleet) == 1 and rules.fleet[0].shape is Shape.KING


@cache
def _anchored(size: int, width: int) -> npt.NDArray[np.int32]:
    """``(shapes, size, size)``: shape ``s`` with its cell ``i`` at the origin, as its cells'
    offsets on a field ``width`` wide (38 MB for eight decks)."""
    shapes = king_shapes(size)
    rows = shapes.rows[:, None, :] - shapes.rows[:, :, None]
    cols = shapes.cols[:, None, :] - shapes.cols[:, :, None]
    return (rows * width + cols).astype(np.int32)


@dataclass(frozen=True)
class DutchmanEstimate:
    """The chance, per cell, that it holds a deck of the Dutchman."""

    probabilities: list[float]
    """One per cell: 1 on live hits, 0 on every other cell fired at."""
    exact: bool
    """Every shape weighed (rather than a random subset of them)."""
    fleets: int
    """How many fitting ships were counted."""
    decks: int
    """The Dutchman's decks now (its size less the hits it left behind)."""


class DutchmanPosterior:
    """Estimates of where the Flying Dutchman is, for the views of one game (the model and
    what it assumes: the module's description).

    ``settings.samples`` sets the work of an estimate (:data:`WORK_PER_SAMPLE`); the other
    settings are the fleet sampler's and do not apply.
    """

    def __init__(self, rules: Rules, settings: SamplerSettings | None = None) -> None:
        if not lone_king(rules):
            raise ValueError(f"{rules.name!r} has no lone king-shaped ship")
        self.rules = rules
        self.settings = settings or scaled_settings(rules)
        self.work = self.settings.samples * WORK_PER_SAMPLE
        """Cell look-ups one estimate may make before it samples shapes."""

    def reset(self) -> None:
        """Start a new game (nothing is kept between the views of one: each is solved
        afresh)."""

    def estimate(self, view: PlayerView, seed: int) -> DutchmanEstimate:
        """The per-cell chance of a deck for ``view``, from ``seed`` (which only matters
        where shapes are sampled). Raises :class:`RuntimeError` when no ship fits."""
        grid = self.rules.grid
        decks = self.rules.fleet[0].size - view.abandoned.bit_count()
        live = view.hits & ~view.abandoned
        blocked = view.fired & ~live
        shapes = king_shapes(decks)
        rng = np.random.default_rng(seed)
        # The field with a margin of ``decks`` cells all round, closed.
        pad = decks
        width = grid.width + 2 * pad
        closed = np.ones((grid.height + 2 * pad, width), dtype=np.bool_)
        inside = closed[pad:pad + grid.height, pad:pad + grid.width]
        inside[:] = False
        for cell in iter_cells(blocked):
            inside[divmod(cell, grid.width)] = True
        hit = np.zeros_like(closed)
        live_cells = list(iter_cells(live))
        for cell in live_cells:
            hit[pad + cell // grid.width, pad + cell % grid.width] = True
        if live_cells:
            counts, fits, exact = self._around_hit(shapes, closed, hit, live_cells, rng)
        else:
            counts, fits, exact = self._anywhere(shapes, closed, rng)
        if not fits:
            raise RuntimeError("no place of the Flying Dutchman fits the view")
        share = counts[pad:pad + grid.height, pad:pad + grid.width]
        return DutchmanEstimate((share.ravel() / fits).tolist(), exact, fits, decks)

    def _order(self, total: int, chunk: int, rng: np.random.Generator) -> IntArray:
        """The shapes in the order they are weighed: as listed when one chunk holds them
        all, else at random."""
        if chunk >= total:
            return np.arange(total, dtype=np.int64)
        return rng.permutation(total).astype(np.int64)

    def _around_hit(self, shapes: KingShapes, closed: BoolArray, hit: BoolArray,
                    live_cells: list[int], rng: np.random.Generator
                    ) -> tuple[IntArray, int, bool]:
        """Per cell of the margined field, the fitting ships covering it, how many fit and
        whether every shape was weighed: each shape with each of its cells on the first
        live hit (which finds every fitting ship once)."""
        decks, width = shapes.size, closed.shape[1]
        pad = decks
        flat_closed, flat_hit = closed.ravel(), hit.ravel()
        chunk = max(1, self.work // (decks * decks))
        order = self._order(len(shapes), chunk, rng)
        first_row, first_col = divmod(live_cells[0], self.rules.grid.width)
        anchor = (first_row + pad) * width + first_col + pad
        counts = np.zeros(closed.size, dtype=np.int64)
        fits = weighed = 0
        # A chunk of the shapes, and more only while none fits.
        while not fits and weighed < len(shapes):
            batch = order[weighed:weighed + chunk]
            weighed += len(batch)
            places = anchor + _anchored(decks, width)[batch].reshape(-1, decks)
            fitting = ~flat_closed[places].any(axis=1)
            if len(live_cells) > 1:
                fitting &= flat_hit[places].sum(axis=1) == len(live_cells)
            kept = places[fitting]
            counts += np.bincount(kept.ravel(), minlength=closed.size)
            fits += len(kept)
        return counts.reshape(closed.shape), fits, weighed == len(shapes)

    def _anywhere(self, shapes: KingShapes, closed: BoolArray, rng: np.random.Generator
                  ) -> tuple[IntArray, int, bool]:
        """As :meth:`_around_hit`, with no live hit: each shape at every origin. Which
        origins each shape fits is the AND of its cells' open fields shifted by their
        offsets (as bits); the cells covered, per offset the origins summed over the
        shapes holding it, shifted back by the offset."""
        grid = self.rules.grid
        decks = shapes.size
        pad = decks
        is_open = ~closed[pad:pad + grid.height + decks, pad:pad + grid.width + decks]
        # Per offset within a decks×decks box, the origins whose cell at that offset is open.
        words = (grid.size + 63) // 64
        shifted = np.zeros((decks * decks, words * 64), dtype=np.bool_)
        for k in range(decks * decks):
            dr, dc = divmod(k, decks)
            shifted[k, :grid.size] = is_open[dr:dr + grid.height, dc:dc + grid.width].ravel()
        open_at = np.packbits(shifted, axis=1, bitorder="little").view(np.uint64)
        chunk = max(1, self.work // (decks * grid.size))
        order = self._order(len(shapes), chunk, rng)
        per_offset = np.zeros((decks * decks, grid.size), dtype=np.int64)
        fits = weighed = 0
        while not fits and weighed < len(shapes):
            batch = order[weighed:weighed + chunk]
            weighed += len(batch)
            origins = np.bitwise_and.reduce(open_at[shapes.offsets[batch]], axis=1)
            fits += int(np.bitwise_count(origins).sum())
            valid = np.unpackbits(origins.view(np.uint8), axis=1,
                                  bitorder="little")[:, :grid.size]
            # Per offset, the sum of the origins of the shapes holding it (offset by
            # offset, not as a matrix product: threaded BLAS stalls for tens of
            # milliseconds on a loaded machine).
            holding = shapes.holds[batch]
            for k in range(decks * decks):
                rows = np.flatnonzero(holding[:, k])
                if len(rows):
                    per_offset[k] += valid[rows].sum(axis=0, dtype=np.int64)
        counts = np.zeros((grid.height + 2 * pad, grid.width + 2 * pad), dtype=np.int64)
        for k in range(decks * decks):
            dr, dc = divmod(k, decks)
            counts[pad + dr:pad + dr + grid.height, pad + dc:pad + dc + grid.width] += (
                per_offset[k].reshape(grid.height, grid.width))
        return counts, fits, weighed == len(shapes)


AnyPosterior = Posterior | DutchmanPosterior
"""The admiral's posterior for some rule set."""
AnyEstimate = Estimate | DutchmanEstimate
"""What it estimates: :attr:`probabilities` and whether they are :attr:`exact`."""


def posterior_for(rules: Rules, settings: SamplerSettings | None = None) -> AnyPosterior:
    """The admiral's posterior for ``rules``: the Dutchman's for a lone king-shaped ship
    (:class:`DutchmanPosterior`), else the fleet's (:class:`~.ai.posterior.Posterior`)."""
    if lone_king(rules):
        return DutchmanPosterior(rules, settings)
    return Posterior(rules, settings)
