"""A set-up made by hand, piece by piece (both terminal shells): :class:`Placing`.

«Исходная расстановка: произвольная, но в пределах 3-х строк, начиная от крайней
горизонтали своей стороны»: any piece on any free cell of the seat's back rows. The hand
set-up only keeps what has been put where; the engine's set-up action
(:class:`~seabattle.manoeuvres.actions.Deploy`, checked by
:func:`~seabattle.manoeuvres.refusals.refuse_layout`) judges the whole, and a piece put on
a cell outside the back rows, on a taken cell or beyond its kind's count is refused with
the engine's own words.

>>> from seabattle.manoeuvres.rules import PRESETS
>>> placing = Placing(PRESETS["skirmish"], 0).put(63, Kind.FORT)
>>> placing.left()[Kind.FORT], placing.complete
(1, False)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from seabattle.manoeuvres.actions import Deploy
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import ManoeuvreError, names, refuse_layout
from seabattle.manoeuvres.rules import ManoeuvreRules


@dataclass(frozen=True)
class Placing:
    """``seat``'s pieces put so far (cell → kind) under ``rules``; every change is a new
    value, so a screen can keep the one before."""

    rules: ManoeuvreRules
    seat: int
    placed: tuple[tuple[int, Kind], ...] = ()

    @property
    def at(self) -> dict[int, Kind]:
        """The pieces put, by cell."""
        return dict(self.placed)

    def left(self) -> Counter[Kind]:
        """How many of each kind are still to be put (kinds with none left included)."""
        left = Counter({kind: count for kind, count in self.rules.pieces})
        left.subtract(kind for _cell, kind in self.placed)
        return left

    @property
    def complete(self) -> bool:
        """Every piece is on the field."""
        return len(self.placed) == self.rules.piece_total

    def free_cells(self) -> list[int]:
        """The back-row cells still free, in order."""
        taken = self.at
        return [cell for cell in sorted(self.rules.setup_cells(self.seat)) if cell not in taken]

    def put(self, cell: int, kind: Kind) -> Placing:
        """These pieces and a ``kind`` on ``cell``; raises
        :class:`~seabattle.manoeuvres.refusals.ManoeuvreError` saying why not."""
        name = names(self.rules).name
        if cell not in self.rules.setup_cells(self.seat):
            raise ManoeuvreError("manoeuvres.error.setup_cell", cell=name(cell),
                                 rows=self.rules.setup_rows)
        if cell in self.at:
            raise ManoeuvreError("manoeuvres.error.setup_twice", cell=name(cell))
        if self.left()[kind] <= 0:
            raise ManoeuvreError("manoeuvres.error.setup_none_left", kind=kind.title,
                                 count=self.rules.count(kind))
        return Placing(self.rules, self.seat, tuple(sorted((*self.placed, (cell, kind)),
                                                           key=lambda entry: entry[0])))

    def take(self, cell: int) -> Placing:
        """These pieces without the one on ``cell`` (as they are if there is none)."""
        return Placing(self.rules, self.seat,
                       tuple(entry for entry in self.placed if entry[0] != cell))

    def fill(self, rng: random.Random) -> Placing:
        """These pieces and every one still to be put, on free cells drawn with ``rng``."""
        left = self.left()
        kinds = [kind for kind, _count in self.rules.pieces for _ in range(max(left[kind], 0))]
        cells = rng.sample(self.free_cells(), len(kinds))
        return Placing(self.rules, self.seat, tuple(sorted(
            (*self.placed, *zip(cells, kinds, strict=True)), key=lambda entry: entry[0])))

    def deploy(self) -> Deploy:
        """The engine's set-up action for these pieces, once they are all put; raises
        the engine's refusal (:func:`~seabattle.manoeuvres.refusals.refuse_layout`)
        otherwise."""
        action = Deploy(self.placed)
        refuse_layout(self.rules, self.seat, action)
        return action
