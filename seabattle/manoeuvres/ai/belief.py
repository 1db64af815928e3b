"""What the enemy's unknown pieces may be, from what a seat's view shows.

The inference follows the pieces' behaviour, as Stratego programs do (the «Demon of
Ignorance»): a piece that moved by itself is a ship or the bomb (forts never move, and a
torpedo or mine that moves is shown); every kind seen, fought or lost is taken off the
pool of kinds still hidden. A sample gives every unknown piece a kind from that pool,
the pieces that moved first, each from the kinds that move: a determinisation, a world
that agrees with everything the seat has seen.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.views import ManoeuvreView


@dataclass(frozen=True)
class Belief:
    """The enemy's unknown pieces (number, whether it has moved, whether it stands on the
    enemy's back row) and the kinds, with counts, still unaccounted for."""

    unknown: tuple[tuple[int, bool, bool], ...]
    pool: tuple[tuple[Kind, int], ...]

    @classmethod
    def of(cls, view: ManoeuvreView) -> Belief:
        """The belief of ``view``'s seat about its enemy."""
        assert view.seat is not None
        enemy = 1 - view.seat
        back_row = view.rules.rows - 1 if enemy == 0 else 0
        pool: Counter[Kind] = Counter(dict(view.rules.pieces))
        pool.subtract(view.lost[enemy])
        unknown: list[tuple[int, bool, bool]] = []
        for piece in view.pieces:
            if piece.owner != enemy:
                continue
            if piece.kind is None:
                unknown.append((piece.number, piece.moved,
                                piece.cell // view.rules.columns == back_row))
            else:
                pool[piece.kind] -= 1
        return cls(tuple(unknown), tuple((k, n) for k, n in pool.items() if n > 0))

    def possible(self, moved: bool) -> list[Kind]:
        """The kinds a piece may be: one that moved, only those that move by themselves."""
        return [kind for kind, _count in self.pool if kind.moves_alone or not moved]

    def sample(self, rng: random.Random) -> dict[int, Kind]:
        """A kind for every unknown piece, agreeing with the pool and with what moved.
        Forts are drawn first among the pieces that never moved, those on the back row
        :data:`BACK_ROW_ODDS` times likelier (where a player hides them)."""
        bag = [kind for kind, count in self.pool for _ in range(count)]
        chosen: dict[int, Kind] = {}
        still = [(number, back) for number, moved, back in self.unknown if not moved]
        for _fort in range(bag.count(Kind.FORT)):
            if not still:
                break
            weights = [BACK_ROW_ODDS if back else 1.0 for _number, back in still]
            number, _back = still.pop(rng.choices(range(len(still)), weights)[0])
            chosen[number] = Kind.FORT
            bag.remove(Kind.FORT)
        rng.shuffle(bag)
        for number, moved, _back in sorted(self.unknown, key=lambda item: not item[1]):
            if number in chosen:
                continue
            index = next((i for i, kind in enumerate(bag)
                          if (kind.moves_alone or not moved) and kind is not Kind.FORT), None)
            if index is None:  # only forts left: cannot happen in a real game; stay total
                index = 0
            chosen[number] = bag.pop(index)
        return chosen


BACK_ROW_ODDS = 4.0
"""How much likelier an unmoved piece on the back row is a fort than one elsewhere."""
