"""The computer levels. A player answers what its seat's view asks for now.

- ``novice``: legal random orders: any mode, any kind of shot, random cells, now and then
  fireships, «Не стрелять» or a retreat.
- ``captain``: cannonballs, aimed around its hits like a Battleship hunter (the next cell
  of a line of hits, a neighbour of a lone hit, else a cell on a checkerboard); close range
  when it wins the manoeuvre, boarding when its boarding is clearly the stronger; never
  fireships; holds fire only when it has no shot.
- ``admiral``: aims with the posterior of :mod:`.knowledge` (the cells most likely to hold
  a ship still afloat), and chooses by expected value: the mode (expected decks its fire
  takes minus what the enemy's takes, against the boarding's expected decks either way),
  the kind of shot (a cannonball's deck against half the worth for chain or grape), which
  ships to send as fireships (a ship whose firepower and decks are worth less than its
  chance of destroying an average enemy ship), «Не стрелять» when its volley is expected
  to hit less than the quarter it gains next turn, and the ships to grapple with.
  It never retreats: a retreat loses the battle for certain, and fighting on never wins
  less (``docs/fleetbattle.md``, «Computer players»).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import floor

from seabattle.coords import Grid
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Grapple,
    Orders,
    PlaceFleet,
    RetreatChoice,
)
from seabattle.fleetbattle.ai.knowledge import Knowledge
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.placement import Placement, random_placement
from seabattle.fleetbattle.ships import SHIP_TYPES, Ammo, Kind, Mode
from seabattle.fleetbattle.state import FIRESHIP_ODDS
from seabattle.fleetbattle.views import FleetView, Phase, ShipView

LEVELS = ("novice", "captain", "admiral")
"""The computer levels, weakest first."""


def _orders_cells(cells: list[int], count: int) -> tuple[int, ...]:
    return tuple(cells[:max(0, count)])


class Player:
    """A computer level: :meth:`act` answers the seat's view."""

    name = "novice"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: FleetView) -> Action:
        """The seat's action now."""
        if view.phase is Phase.SETUP:
            assert view.seat is not None
            return PlaceFleet(random_placement(view.rules, view.seat, self.rng))
        if view.phase is Phase.RETREAT:
            return RetreatChoice(self.retreat(view))
        if view.phase is Phase.MODE:
            return ChooseMode(self.mode(view))
        if view.phase is Phase.GRAPPLE:
            return Grapple(self.grapple(view))
        return self.orders(view)

    # The novice's choices; the other levels override them.

    def retreat(self, view: FleetView) -> bool:
        """Whether to retreat before this turn."""
        return self.rng.random() < 0.05

    def mode(self, view: FleetView) -> Mode:
        """The turn's mode, having won the manoeuvre."""
        return self.rng.choice(view.modes)

    def grapple(self, view: FleetView) -> tuple[int, ...]:
        """The own ships to lock with the enemy ship taken in part."""
        able = _free(view)
        return tuple(sorted(self.rng.sample(able, self.rng.randint(1, len(able)))))

    def orders(self, view: FleetView) -> Orders:
        """The turn's orders (or the parting volley)."""
        ammo = self.rng.choice(_ammunition(view))
        fireships: tuple[int, ...] = ()
        if view.fireship_limit and self.rng.random() < 0.2:
            able = _movers(view)
            fireships = tuple(sorted(self.rng.sample(
                able, min(len(able), self.rng.randint(1, view.fireship_limit)))))
        if self.rng.random() < 0.1:
            return Orders(ammo, (), fireships, hold=True)
        cells = Knowledge.of(view).legal(ammo)
        self.rng.shuffle(cells)
        return Orders(ammo, _orders_cells(cells, _shots(view, fireships)), fireships)


def _own(view: FleetView) -> tuple[ShipView, ...]:
    assert view.own is not None
    return view.own


def _free(view: FleetView) -> list[int]:
    return [s.index for s in _own(view) if s.status is Status.ACTIVE
            and s.kind is not Kind.BATTERY]


def _movers(view: FleetView) -> list[int]:
    return [s.index for s in _own(view) if s.status is Status.ACTIVE
            and s.kind is not Kind.BATTERY and s.manoeuvre > 0]


def _ammunition(view: FleetView) -> tuple[Ammo, ...]:
    return Mode.LONG.ammunition if view.phase is Phase.PARTING or view.mode is None \
        else view.mode.ammunition


def _factor(view: FleetView, seat: int) -> Fraction:
    side = view.sides[seat]
    factor = Fraction(1)
    if side.held_fire:
        factor *= Fraction(5, 4)
    if side.flagship_lost:
        factor *= Fraction(3, 4)
    return factor


def _shots(view: FleetView, fireships: tuple[int, ...]) -> int:
    """The seat's shots with ``fireships`` held back (the view gives them without)."""
    if not fireships:
        return view.shots_allowed
    assert view.seat is not None
    lost = sum((s.firepower for s in _own(view) if s.index in fireships), Fraction(0))
    power = (view.sides[view.seat].totals.firepower - lost) * _factor(view, view.seat)
    if view.phase is Phase.PARTING:
        return floor(power / 2)
    return floor(power * Fraction(5, 4) if view.mode is Mode.CLOSE else power)


class Captain(Player):
    """Hunts around its hits with cannonballs; fights by simple rules."""

    name = "captain"

    def retreat(self, view: FleetView) -> bool:
        return False

    def mode(self, view: FleetView) -> Mode:
        assert view.seat is not None
        mine, theirs = (view.sides[s].totals.boarding * _factor(view, s)
                        for s in (view.seat, 1 - view.seat))
        if Mode.BOARDING in view.modes and mine >= theirs + 3:
            return Mode.BOARDING
        return Mode.CLOSE

    def grapple(self, view: FleetView) -> tuple[int, ...]:
        able = sorted(_free(view), key=lambda i: -_own(view)[i].boarding)
        return (able[0],)

    def orders(self, view: FleetView) -> Orders:
        if view.shots_allowed == 0:
            return Orders(hold=True)
        known = Knowledge.of(view)
        legal = set(known.legal(Ammo.CANNONBALL))
        grid = known.grid
        targets: list[int] = []
        for cell in iter_bits(known.hits):
            row, col = grid.row_col(cell)
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                if grid.contains(row + dr, col + dc):
                    near = grid.cell(row + dr, col + dc)
                    if near in legal and not known.misses >> near & 1 and near not in targets:
                        targets.append(near)
        # a hit deck not yet cannonballed (chain or grape found it) is a sure hit
        sure = [c for c in iter_bits(known.hits) if c in legal]
        rest = [c for c in legal if c not in targets and c not in sure
                and not known.misses >> c & 1]
        self.rng.shuffle(rest)
        rest.sort(key=lambda c: sum(grid.row_col(c)) % 2)
        cells = sure + targets + rest
        return Orders(Ammo.CANNONBALL, _orders_cells(cells, view.shots_allowed))


def iter_bits(board: int) -> list[int]:
    """The cells of a bitboard, in order."""
    return [cell for cell in range(board.bit_length()) if board >> cell & 1]


@dataclass(frozen=True)
class _Strength:
    """How much a ship is worth to its side in the fight: firepower and decks left."""

    value: float

    @classmethod
    def of(cls, ship: ShipView) -> _Strength:
        decks = bin(ship.cells & ~ship.cannon & ~ship.captured).count("1")
        return cls(float(ship.firepower) + decks)


def _contacts(placement: Placement, grid: Grid) -> int:
    """How many sides touch between cells of different ships."""
    owner = {cell: index for index, ship in enumerate(placement.ships)
             for cell in iter_bits(ship.cells)}
    return sum(1 for cell, index in owner.items()
               for near in iter_bits(grid.side_neighbours(cell))
               if owner.get(near, index) != index)


def _boarding_expectation(mine: Fraction, theirs: Fraction) -> float:
    """Expected decks a boarding takes for us minus for them (ties roll again)."""
    total = 0.0
    outcomes = 0
    for a, b in product(range(1, 7), repeat=2):
        diff = (a + mine) - (b + theirs)
        if diff == 0:
            continue
        outcomes += 1
        total += floor(diff) if diff > 0 else -floor(-diff)
    return total / outcomes if outcomes else 0.0


BOARDING_WEIGHT = 2.0
"""A deck boarding takes is worth two a volley hits: boarding takes whole ships, the least
manoeuvrable first, and a ship leaves the totals only when its last deck goes."""


GRAPE_BOARDING = 0.1
"""What a grape hit's lost boarding adds to its worth, in decks."""


def _sink_bonus(kind: Kind) -> float:
    """What sinking a ship of ``kind`` is worth beyond its last deck, in decks: its
    firepower and half its boarding leave the enemy's totals."""
    ship = SHIP_TYPES[kind]
    return ship.firepower + ship.boarding / 2


class Admiral(Player):
    """Posterior aiming and expected-value choices."""

    name = "admiral"
    samples = 120
    layouts = 40
    """Placements drawn, of which the one with the fewest touching sides between ships
    is kept: a hunter firing around a hit finds no second ship there."""

    def act(self, view: FleetView) -> Action:
        if view.phase is Phase.SETUP:
            return PlaceFleet(self.place(view))
        return super().act(view)

    def place(self, view: FleetView) -> Placement:
        """A spread-out placement, its flagship the ship hardest to lose: the most decks
        among those that move 2 or more (boarding takes the least manoeuvrable first)."""
        assert view.seat is not None
        grid = view.rules.field(view.seat)
        best = min((random_placement(view.rules, view.seat, self.rng)
                    for _ in range(self.layouts)), key=lambda p: _contacts(p, grid))
        ships = [i for i, ship in enumerate(best.ships) if ship.kind is not Kind.BATTERY]
        flagship = max(ships, key=lambda i: (SHIP_TYPES[best.ships[i].kind].manoeuvre >= 2,
                                             SHIP_TYPES[best.ships[i].kind].decks))
        return Placement(best.ships, flagship)

    def retreat(self, view: FleetView) -> bool:
        return False

    def _volley_worth(self, view: FleetView, seat: int, shots: int) -> float:
        """What ``seat``'s best ``shots`` cannonballs are expected to be worth, in decks,
        by the posterior of what it knows (for the enemy: what its public shots told it)."""
        known = Knowledge.of(view, enemy_of=seat)
        odds = known.posterior(self.rng, self.samples // 2, _sink_bonus)
        best = sorted((odds[c] for c in known.legal(Ammo.CANNONBALL)), reverse=True)
        return sum(best[:shots])

    def mode(self, view: FleetView) -> Mode:
        assert view.seat is not None
        me, them = view.seat, 1 - view.seat
        value: dict[Mode, float] = {}
        for mode in (Mode.LONG, Mode.CLOSE):
            bonus = Fraction(5, 4) if mode is Mode.CLOSE else Fraction(1)
            mine = floor(view.sides[me].totals.firepower * _factor(view, me) * bonus)
            theirs = floor(view.sides[them].totals.firepower * _factor(view, them) * bonus)
            value[mode] = (self._volley_worth(view, me, mine)
                           - self._volley_worth(view, them, theirs))
        if Mode.BOARDING in view.modes:
            value[Mode.BOARDING] = BOARDING_WEIGHT * _boarding_expectation(
                view.sides[me].totals.boarding * _factor(view, me),
                view.sides[them].totals.boarding * _factor(view, them))
        allowed = [mode for mode in view.modes if mode in value]
        return max(allowed, key=lambda mode: value[mode])

    def grapple(self, view: FleetView) -> tuple[int, ...]:
        """The ships that win the grapple roll more often than not for the least
        firepower locked out of the fight: one whose boarding beats the ship taken in
        part (its kind's boarding), the one with the least firepower; else the fewest
        with the most boarding for their firepower until they beat it."""
        own = _own(view)
        assert view.taken is not None
        beat = SHIP_TYPES[view.taken].boarding + 1
        able = _free(view)
        single = [i for i in able if own[i].boarding >= beat]
        if single:
            return (min(single, key=lambda i: (own[i].firepower, -own[i].boarding)),)
        chosen: list[int] = []
        for index in sorted(able, key=lambda i: (own[i].firepower / max(1, own[i].boarding))):
            chosen.append(index)
            if sum(own[i].boarding for i in chosen) >= beat:
                break
        return tuple(sorted(chosen))

    def orders(self, view: FleetView) -> Orders:
        known = Knowledge.of(view)
        odds = known.posterior(self.rng, self.samples, _sink_bonus)
        best: tuple[float, Ammo, list[int]] | None = None
        for ammo in _ammunition(view):
            worth = self._worth(view, ammo)
            cells = sorted(known.legal(ammo), key=lambda c: -odds[c])
            gain = worth * sum(min(1.0, odds[c]) if ammo is not Ammo.CANNONBALL else odds[c]
                               for c in cells[:view.shots_allowed])
            if best is None or gain > best[0]:
                best = (gain, ammo, cells)
        assert best is not None
        gain, ammo, cells = best
        fireships = self._fireships(view) if view.phase is Phase.ORDERS else ()
        shots = _shots(view, fireships)
        expected = sum(odds[c] for c in cells[:shots]) * self._worth(view, ammo)
        if view.phase is Phase.ORDERS and (shots == 0 or expected < 0.25 * max(
                1.0, float(view.shots_allowed) * 0.3)):
            return Orders(ammo, (), fireships, hold=True)
        return Orders(ammo, _orders_cells(cells, shots), fireships)

    def _worth(self, view: FleetView, ammo: Ammo) -> float:
        """What a hit of ``ammo`` is worth, in decks: a cannonball one (and the sinking
        bonus the posterior adds); chain and grape half a firepower, and grape one
        boarding, worth a boarding deck on the chance of boarding again, while the enemy
        has boarding to lose."""
        if ammo is Ammo.CANNONBALL:
            return 1.0
        assert view.seat is not None
        if ammo is Ammo.CHAIN:
            return 0.45
        enemy = view.sides[1 - view.seat].totals
        return 0.45 + (GRAPE_BOARDING if enemy.boarding > 0 else 0.0)

    def _fireships(self, view: FleetView) -> tuple[int, ...]:
        assert view.seat is not None
        enemy = view.sides[1 - view.seat]
        if not view.fireship_limit or not enemy.totals.ships:
            return ()
        average = (float(enemy.totals.firepower) + 2.5 * enemy.totals.ships) / enemy.totals.ships
        close = view.mode is Mode.CLOSE
        chosen: list[tuple[float, int]] = []
        for index in _movers(view):
            if index == view.flagship:
                continue  # never the flagship: its loss costs a quarter of everything
            ship = _own(view)[index]
            odds = (FIRESHIP_ODDS[min(3, ship.manoeuvre)] + close) / 6
            # a ship the enemy has found (hit by cannonballs) is likely stopped by its fire
            survives = 0.35 if ship.cannon else 0.8
            gain = (survives * odds * average - _Strength.of(ship).value
                    - (survives * odds / 6 * average if close else 0.0))
            if gain > 0:
                chosen.append((gain, index))
        chosen.sort(reverse=True)
        return tuple(sorted(index for _, index in chosen[:view.fireship_limit]))


PLAYERS: dict[str, type[Player]] = {"novice": Player, "captain": Captain, "admiral": Admiral}


def make_player(level: str, rng: random.Random) -> Player:
    """The computer player of ``level`` drawing with ``rng``; ``KeyError`` for another."""
    return PLAYERS[level](rng)

