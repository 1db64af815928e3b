"""What the enemy's unknown pieces are likely to be, from how they behaved over the game.

:class:`~.belief.Belief` says what each unknown piece may be (what it did rules kinds
out); a :class:`Watch` says what it is likely to be, by odds on kinds, as the «Demon of
Ignorance» weighs a Stratego piece by its behaviour. It follows one game from its seat's
views, one a turn, and keeps:

- **a declined fight**: an enemy piece that stood beside one of our ships whose kind it
  knew, all through its turn, and did not attack it, is unlikely to be a ship that beats
  that one (a player who could take a known ship for nothing takes it);
- **an approach**: one that stepped up beside a ship of ours whose kind it knew is likely
  to beat it (nobody walks a weaker ship up to a stronger one).

A sample (:meth:`Watch.sample`) draws the forts among the pieces that never moved (those
on the back row likelier), then the mines, likelier beside a fort drawn (where a player
walls its forts in), then every other kind piece by piece (those that moved first, then
those with odds), each kind as likely as its count in the pool times its odds for that
piece: a world that agrees with everything seen, weighted by what the behaviour
suggests. Odds are never zero, so the evidence can be wrong (a bluff, a player who
thinks otherwise) without making a world impossible.
"""

from __future__ import annotations

import random
from collections import Counter

from seabattle.manoeuvres.ai.belief import BACK_ROW_ODDS, Belief
from seabattle.manoeuvres.board import sides
from seabattle.manoeuvres.pieces import SHIPS, Kind, fight
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage

DECLINED = 0.2
"""The odds left to the kinds that would have beaten a known ship of ours that a piece
stood beside all through its turn without attacking it."""
APPROACHED = 2.0
"""The odds of the kinds that beat a known ship of ours that a piece stepped up beside."""
NEAR_FORT_ODDS = 4.0
"""How much likelier an unmoved piece beside a fort is a mine than one elsewhere."""


class Watch:
    """One seat's watch over one game's enemy pieces; :meth:`observe` every view the seat
    acts on (the set-up, or an enemy piece back on the field, starts a new game)."""

    def __init__(self) -> None:
        self.odds: dict[int, dict[Kind, float]] = {}
        """Odds on kinds by enemy piece number (a missing kind: 1)."""
        self._cells: dict[int, int] | None = None
        """Where each enemy piece stood when our last turn began."""

    def observe(self, view: ManoeuvreView) -> None:
        """Take in ``view`` (of the seat to act): at the start of each of our turns, what
        the enemy did and did not do in its turn since our last one."""
        if view.phase is Phase.SETUP:
            self.odds.clear()
            self._cells = None
            return
        if view.stage is not Stage.MAIN or view.to_move != view.seat:
            return
        seat = view.seat
        enemies = {piece.number: piece for piece in view.pieces if piece.owner != seat}
        if self._cells is not None and not enemies.keys() <= self._cells.keys():
            # A piece back on the field: a new game whose set-up this watch did not see.
            self.odds.clear()
            self._cells = None
        ours = {piece.cell: piece for piece in view.pieces if piece.owner == seat}
        grid = view.rules.grid
        if self._cells is not None:
            for number, piece in enemies.items():
                if piece.kind is not None:
                    continue
                stood = self._cells.get(number) == piece.cell
                for cell in sides(grid, piece.cell):
                    mine = ours.get(cell)
                    if mine is None or not mine.shown or mine.kind is None \
                            or not mine.kind.is_ship:
                        continue
                    self._weigh(number, mine.kind, DECLINED if stood else APPROACHED)
        self._cells = {number: piece.cell for number, piece in enemies.items()}

    def _weigh(self, number: int, ours: Kind, factor: float) -> None:
        odds = self.odds.setdefault(number, {})
        for kind in SHIPS:
            if fight(kind, 1, ours, 1) > 0:
                odds[kind] = odds.get(kind, 1.0) * factor

    def sample(self, belief: Belief, view: ManoeuvreView, rng: random.Random
               ) -> dict[int, Kind]:
        """A kind for every unknown enemy piece of ``belief`` (``view``'s), weighted by
        the odds as described above."""
        cells = {piece.number: piece.cell for piece in view.pieces
                 if piece.owner != view.seat}
        bag: Counter[Kind] = Counter(dict(belief.pool))
        chosen: dict[int, Kind] = {}
        still = [(number, back) for number, moved, back in belief.unknown if not moved]
        forts: list[int] = []
        for _fort in range(bag[Kind.FORT]):
            if not still:
                break
            weights = [(BACK_ROW_ODDS if back else 1.0) * self._odds(number, Kind.FORT)
                       for number, back in still]
            number, _back = still.pop(rng.choices(range(len(still)), weights)[0])
            chosen[number] = Kind.FORT
            forts.append(cells[number])
            bag[Kind.FORT] -= 1
        walls = {cell for fort in forts for cell in sides(view.rules.grid, fort)}
        for _mine in range(bag[Kind.MINE]):
            if not still:
                break
            weights = [(NEAR_FORT_ODDS if cells[number] in walls else 1.0)
                       * self._odds(number, Kind.MINE) for number, _back in still]
            number, _back = still.pop(rng.choices(range(len(still)), weights)[0])
            chosen[number] = Kind.MINE
            bag[Kind.MINE] -= 1
        # Pieces that moved first (only some kinds are left for them), then those the
        # odds speak of (drawn last, a piece would get whatever the others left).
        order = sorted(belief.unknown, key=lambda item: (not item[1], item[0] not in self.odds))
        for number, moved, _back in order:
            if number in chosen:
                continue
            kinds: list[Kind] = [kind for kind, count in bag.items() if count > 0
                                 and (kind.moves_alone or not moved) and kind is not Kind.FORT]
            if not kinds:  # only forts left: cannot happen in a real game; stay total
                kinds = [kind for kind, count in bag.items() if count > 0]
            weights = [bag[kind] * self._odds(number, kind) for kind in kinds]
            kind = kinds[rng.choices(range(len(kinds)), weights)[0]]
            chosen[number] = kind
            bag[kind] -= 1
        return chosen

    def _odds(self, number: int, kind: Kind) -> float:
        return self.odds.get(number, {}).get(kind, 1.0)
