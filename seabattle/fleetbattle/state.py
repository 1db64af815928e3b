"""The fleet battle as a game of the shared interface: :class:`FleetBattleState`, the
program as the moderator of seed 002's tactical battle.

A turn: both sides choose at once whether to retreat (each that may); from the second
turn on chance rolls the manoeuvre (ties roll again) and the winner sets the mode; in long
or close range both sides give their orders at once (a volley or «Не стрелять», with
fireships), and the turn resolves: both volleys land together, then each fireship that
still moves rolls its die, chance picks what it strikes, and at the end of the turn every
grapple older than the turn rolls. In boarding chance rolls for both fleets and the
winner takes the difference in decks. Every die is a move of chance, logged. The rules
the seed leaves to the moderator: ``docs/fleetbattle.md``.

Mutable with a log, as every game of the platform (``docs/architecture.md``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from itertools import combinations
from math import floor

from seabattle.coords import ALPHABETS, cell_name, iter_cells, popcount
from seabattle.errors import GameOverError, IllegalShotError, NotYourMoveError, SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Dice,
    Die,
    Grapple,
    Orders,
    Pick,
    PlaceFleet,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.events import (
    BattleOver,
    Contest,
    DecksTaken,
    Event,
    FireshipRolled,
    FireStarted,
    FleetPlaced,
    Grappled,
    GrappleEnded,
    ModeSet,
    OrdersGiven,
    Retreated,
    RetreatsChosen,
    ShipLost,
    Shot,
    Surrendered,
    TurnBegan,
    VolleyFired,
)
from seabattle.fleetbattle.hulls import Hull, Status, Totals, totals
from seabattle.fleetbattle.placement import Placement, random_placement, validate_placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind, Mode
from seabattle.fleetbattle.views import (
    FleetView,
    KnownShip,
    Phase,
    Result,
    ShipView,
    ShotRecord,
    SideView,
)
from seabattle.games.interface import (
    CHANCE,
    SEATS,
    Actors,
    ChanceOutcome,
    GameState,
    Move,
    Outcome,
)
from seabattle.i18n import Text

BONUS = Fraction(5, 4)
"""+25 %: close range's firepower, and everything after one's own «Не стрелять»."""
PENALTY = Fraction(3, 4)
"""−25 %: everything, once the flagship is lost."""
FIRESHIP_ODDS = {1: 2, 2: 3, 3: 4}
"""A fireship strikes on a die of 1 up to this, by its manoeuvre (one more at close range)."""
GRAPPLE_LISTED = 6
"""Up to this many ships able to grapple, every choice of them is listed."""

_DIE = range(1, 7)


@dataclass
class _Group:
    """Ships locked in boarding: each side's, by index, and the turn it began."""

    ships: tuple[list[int], list[int]]
    formed: int


class Step(Enum):
    """The steps of resolving a turn, in the state's queue."""

    MANOEUVRE = "manoeuvre"
    """Chance rolls the manoeuvre (again on a tie); the winner then chooses the mode."""
    FIRESHIP = "fireship"
    """Chance rolls a fireship's die."""
    TARGET = "target"
    """Chance picks the enemy ship a fireship strikes."""
    IGNITE = "ignite"
    """At close range, chance rolls whether the strike sets the attacker's side afire."""
    OWN_FIRE = "own_fire"
    """Chance picks the attacker's own ship that burns."""
    CONTEST = "contest"
    """Chance rolls a boarding, or a grapple (``group``)."""
    CAPTURE = "capture"
    """The winner takes decks; chance picks among equally unmanoeuvrable ships."""
    GRAPPLE_OFFER = "grapple_offer"
    """The boarding winner names the ships locked with a ship taken in part."""
    FIRESHIPS_END = "fireships_end"
    """The fireships and what they struck leave the battle."""
    END_TURN = "end_turn"
    """The end of the turn: the grapples older than it roll."""
    NEXT_TURN = "next_turn"
    """The next turn begins (or the battle ends)."""


@dataclass
class _Task:
    """One step of resolving a turn, waiting for chance, for a seat, or for nothing."""

    kind: Step
    seat: int = 0
    ship: int = 0
    decks: int = 0
    group: int | None = None
    candidates: tuple[int, ...] = field(default_factory=tuple)
    tied: tuple[int, ...] = field(default_factory=tuple)
    """Of a capture: the equally unmanoeuvrable ships among which a die chooses."""


_CHANCE_STEPS = {Step.MANOEUVRE, Step.FIRESHIP, Step.TARGET, Step.IGNITE, Step.OWN_FIRE,
                 Step.CONTEST}
"""The steps that wait for a draw of chance (a capture does when the dice must choose)."""


class FleetBattleState(GameState[Action, Event, FleetView]):
    """One fleet battle from the set-up on."""

    def __init__(self, rules: FleetRules) -> None:
        self.rules = rules
        self.placements: list[Placement | None] = [None, None]
        self.hulls: tuple[list[Hull], list[Hull]] = ([], [])
        self.turn = 0
        self.mode: Mode | None = None
        self.phase = Phase.SETUP
        self._modes: list[Mode] = []
        self._pending: set[int] = set(SEATS)
        self._allowed_retreat: set[int] = set()
        self._retreats: dict[int, bool] = {}
        self._orders: dict[int, Orders] = {}
        self._holds: tuple[set[int], set[int]] = (set(), set())
        self._chooser: int | None = None
        self._retreater: int | None = None
        self._groups: dict[int, _Group] = {}
        self._next_group = 1
        self._partial: tuple[int, int] | None = None
        self._fireships: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self._victims: set[tuple[int, int]] = set()
        self._tasks: list[_Task] = []
        self._shots: tuple[list[ShotRecord], list[ShotRecord]] = ([], [])
        self._journal: list[Event] = []
        self._log: list[Move[Action]] = []
        self._outcome: Outcome | None = None

    # --- the interface ------------------------------------------------------------------

    @property
    def log(self) -> Sequence[Move[Action]]:
        return self._log

    @property
    def journal(self) -> Sequence[Event]:
        """Every event announced so far."""
        return self._journal

    @property
    def actors(self) -> Actors:
        if self.phase is Phase.OVER:
            return Actors()
        if self.phase in (Phase.RESOLVING, Phase.MANOEUVRE):
            return Actors.of_chance()
        return Actors.of(sorted(self._pending))

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- figures ------------------------------------------------------------------------

    def totals(self, seat: int) -> Totals:
        """``seat``'s fleet totals now (no bonus or penalty)."""
        return totals(self.hulls[seat])

    def flagship_lost(self, seat: int) -> bool:
        """Whether ``seat``'s flagship was sunk, burnt, spent or captured."""
        placement = self.placements[seat]
        if placement is None:
            return False
        status = self.hulls[seat][placement.flagship].status
        return status.destroyed or status is Status.CAPTURED

    def held_fire(self, seat: int) -> bool:
        """Whether ``seat`` gave «Не стрелять» in the previous turn."""
        return self.turn - 1 in self._holds[seat]

    def factor(self, seat: int) -> Fraction:
        """``seat``'s bonus and penalty this turn: ×5/4 after its «Не стрелять», ×3/4
        without its flagship (to the manoeuvre roll, firepower and boarding)."""
        factor = Fraction(1)
        if self.held_fire(seat):
            factor *= BONUS
        if self.flagship_lost(seat):
            factor *= PENALTY
        return factor

    def shots(self, seat: int, fireships: Sequence[int] = ()) -> int:
        """How many cells ``seat`` may call this turn, ``fireships`` not firing: its
        firepower with every bonus, rounded down (``docs/fleetbattle.md``). In a parting
        volley, half of it."""
        firing = [hull for index, hull in enumerate(self.hulls[seat])
                  if hull.status is Status.ACTIVE and index not in fireships]
        power = sum((hull.firepower for hull in firing), Fraction(0)) * self.factor(seat)
        if self.phase is Phase.PARTING:
            return floor(power / 2)
        if self.mode is Mode.CLOSE:
            power *= BONUS
        return floor(power)

    def fireship_limit(self, seat: int) -> int:
        """At most half of ``seat``'s ships in the fight may be fireships this turn."""
        return self.totals(seat).ships // 2

    def may_retreat(self, seat: int) -> bool:
        """Whether ``seat`` may retreat before this turn: not when the enemy held fire
        last turn, unless it held fire too."""
        return not self.held_fire(1 - seat) or self.held_fire(seat)

    def legal_cells(self, seat: int, ammo: Ammo) -> list[int]:
        """The enemy cells ``seat`` may fire ``ammo`` at: any but one its own ``ammo``
        already hit."""
        hit = {record.cell for record in self._shots[seat]
               if record.hit and record.ammo is ammo}
        return [cell for cell in self.rules.field(1 - seat).cells() if cell not in hit]

    def fireship_candidates(self, seat: int) -> list[int]:
        """``seat``'s pieces that may be fireships: ships in the fight that move."""
        return [index for index, hull in enumerate(self.hulls[seat])
                if hull.status is Status.ACTIVE and hull.kind is not Kind.BATTERY
                and hull.manoeuvre > 0]

    def grapple_candidates(self, seat: int) -> list[int]:
        """``seat``'s ships that may be locked with the ship it took in part."""
        return [index for index, hull in enumerate(self.hulls[seat])
                if hull.status is Status.ACTIVE and hull.kind is not Kind.BATTERY]

    def modes(self) -> list[Mode]:
        """The modes the manoeuvre's winner may choose now (boarding never twice running)."""
        last = self._modes[-1] if self._modes else None
        return [mode for mode in Mode if not (mode is Mode.BOARDING is last)]

    # --- checking -----------------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        if seat not in SEATS:
            raise SeaBattleError("error.not_a_player", player=seat)
        if self.phase is Phase.OVER:
            raise GameOverError()
        if isinstance(action, Resign):
            return
        if seat not in self._pending or self.phase in (Phase.RESOLVING, Phase.MANOEUVRE):
            raise NotYourMoveError(seat=seat + 1)
        expected = {Phase.SETUP: PlaceFleet, Phase.RETREAT: RetreatChoice,
                    Phase.MODE: ChooseMode, Phase.ORDERS: Orders, Phase.PARTING: Orders,
                    Phase.GRAPPLE: Grapple}[self.phase]
        if not isinstance(action, expected):
            raise SeaBattleError("fleet.error.wrong_action", phase=Text(
                f"fleet.phase.{self.phase.value}"))
        if isinstance(action, PlaceFleet):
            validate_placement(self.rules, seat, action.placement)
        elif isinstance(action, RetreatChoice):
            if action.retreat and not self.may_retreat(seat):
                raise SeaBattleError("fleet.error.retreat_forbidden")
        elif isinstance(action, ChooseMode):
            if action.mode not in self.modes():
                raise SeaBattleError("fleet.error.boarding_twice")
        elif isinstance(action, Orders):
            self._check_orders(seat, action)
        elif isinstance(action, Grapple):
            self._check_grapple(seat, action)

    def _check_orders(self, seat: int, orders: Orders) -> None:
        mode = Mode.LONG if self.phase is Phase.PARTING else self.mode
        assert mode is not None
        if orders.ammo not in mode.ammunition:
            raise IllegalShotError("fleet.error.ammo", ammo=orders.ammo.text, mode=mode.text,
                                   allowed=", ".join(a.value for a in mode.ammunition))
        if orders.hold and orders.cells:
            raise IllegalShotError("fleet.error.hold_with_cells")
        if self.phase is Phase.PARTING and orders.fireships:
            raise SeaBattleError("fleet.error.fireships_in_parting")
        if len(set(orders.fireships)) != len(orders.fireships):
            raise SeaBattleError("fleet.error.fireship_twice")
        able = self.fireship_candidates(seat)
        for index in orders.fireships:
            if index not in able:
                raise SeaBattleError("fleet.error.fireship", index=index + 1)
        limit = self.fireship_limit(seat)
        if len(orders.fireships) > limit:
            raise SeaBattleError("fleet.error.too_many_fireships",
                                 count=len(orders.fireships), limit=limit)
        shots = self.shots(seat, orders.fireships)
        if len(orders.cells) > shots:
            raise IllegalShotError("fleet.error.too_many_shots", count=len(orders.cells),
                                   shots=shots)
        grid = self.rules.field(1 - seat)
        legal = set(self.legal_cells(seat, orders.ammo))
        seen: set[int] = set()
        for cell in orders.cells:
            if not 0 <= cell < grid.size:
                raise IllegalShotError("fleet.error.cell_off_field", cell=cell,
                                       width=grid.width, height=grid.height)
            name = cell_name(cell, grid, ALPHABETS["latin"])
            if cell in seen:
                raise IllegalShotError("fleet.error.cell_twice", cell=name)
            if cell not in legal:
                raise IllegalShotError("fleet.error.cell_already_hit", cell=name,
                                       ammo=orders.ammo.text)
            seen.add(cell)

    def _check_grapple(self, seat: int, grapple: Grapple) -> None:
        if not grapple.ships:
            raise SeaBattleError("fleet.error.grapple_empty")
        if len(set(grapple.ships)) != len(grapple.ships):
            raise SeaBattleError("fleet.error.grapple_ship", index=grapple.ships[0] + 1)
        able = self.grapple_candidates(seat)
        for index in grapple.ships:
            if index not in able:
                raise SeaBattleError("fleet.error.grapple_ship", index=index + 1)

    # --- listing and drawing ------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action] | None:
        if self.phase is Phase.OVER or seat not in self.actors.seats:
            return []
        if self.phase is Phase.RETREAT:
            return [RetreatChoice(False), RetreatChoice(True)] if self.may_retreat(seat) \
                else [RetreatChoice(False)]
        if self.phase is Phase.MODE:
            return [ChooseMode(mode) for mode in self.modes()]
        if self.phase is Phase.GRAPPLE:
            able = self.grapple_candidates(seat)
            if len(able) > GRAPPLE_LISTED:
                return None
            return [Grapple(ships) for size in range(1, len(able) + 1)
                    for ships in combinations(able, size)]
        return None  # a placement, a volley: far too many to list

    def random_action(self, seat: int, rng: random.Random) -> Action:
        if self.phase is Phase.OVER:
            raise GameOverError()
        if seat not in self.actors.seats:
            raise NotYourMoveError(seat=seat + 1)
        if self.phase is Phase.SETUP:
            return PlaceFleet(random_placement(self.rules, seat, rng))
        if self.phase is Phase.RETREAT:
            return RetreatChoice(self.may_retreat(seat) and rng.random() < 0.1)
        if self.phase is Phase.GRAPPLE:
            able = self.grapple_candidates(seat)
            return Grapple(tuple(sorted(rng.sample(able, rng.randint(1, len(able))))))
        listed = self.legal_actions(seat)
        if listed:
            return rng.choice(list(listed))
        return self.random_orders(seat, rng)

    def random_orders(self, seat: int, rng: random.Random) -> Orders:
        """Legal orders drawn with ``rng``: a kind of shot, sometimes «Не стрелять» or
        fireships, and random cells as many as the fleet fires."""
        mode = Mode.LONG if self.phase is Phase.PARTING else self.mode
        assert mode is not None
        ammo = rng.choice(mode.ammunition)
        fireships: tuple[int, ...] = ()
        limit = self.fireship_limit(seat)
        if self.phase is Phase.ORDERS and limit and rng.random() < 0.2:
            able = self.fireship_candidates(seat)
            fireships = tuple(sorted(rng.sample(able, min(len(able), rng.randint(1, limit)))))
        if rng.random() < 0.1:
            return Orders(ammo, (), fireships, hold=True)
        cells = self.legal_cells(seat, ammo)
        count = min(len(cells), self.shots(seat, fireships))
        return Orders(ammo, tuple(rng.sample(cells, count)), fireships)

    def chance_outcomes(self) -> Sequence[ChanceOutcome[Action]]:
        if not self.actors.chance:
            return []
        task = self._tasks[0]
        if task.kind in (Step.MANOEUVRE, Step.CONTEST):
            return [ChanceOutcome(Dice((a, b)), Fraction(1, 36)) for a in _DIE for b in _DIE]
        if task.kind in (Step.FIRESHIP, Step.IGNITE):
            return [ChanceOutcome(Die(value), Fraction(1, 6)) for value in _DIE]
        among = task.tied if task.kind is Step.CAPTURE else task.candidates
        return [ChanceOutcome(Pick(task.seat, ship), Fraction(1, len(among)))
                for ship in among]

    # --- applying -----------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        self.check(seat, action)
        start = len(self._journal)
        self._log.append(Move(seat, action))
        if isinstance(action, Resign):
            self._surrender(seat)
        elif isinstance(action, PlaceFleet):
            self._place(seat, action.placement)
        elif isinstance(action, RetreatChoice):
            self._retreats[seat] = action.retreat
            self._pending.discard(seat)
            if not self._pending:
                self._after_retreats()
        elif isinstance(action, ChooseMode):
            self._set_mode(action.mode, seat)
        elif isinstance(action, Orders):
            if self.phase is Phase.PARTING:
                self._parting_volley(seat, action)
            else:
                self._orders[seat] = action
                self._pending.discard(seat)
                self._journal.append(OrdersGiven(seat))
                if not self._pending:
                    self._resolve_orders()
        elif isinstance(action, Grapple):
            self._grapple(seat, action.ships)
        return self._journal[start:]

    def apply_chance(self, action: Action) -> list[Event]:
        if not self.actors.chance:
            raise SeaBattleError("error.no_chance")
        if action not in [outcome.action for outcome in self.chance_outcomes()]:
            raise SeaBattleError("fleet.error.bad_draw", draw=repr(action))
        start = len(self._journal)
        self._log.append(Move(CHANCE, action))
        task = self._tasks[0]
        if isinstance(action, Dice):
            self._contest(task, action.values)
        elif isinstance(action, Die):
            self._tasks.pop(0)
            if task.kind is Step.FIRESHIP:
                self._fireship_die(task, action.value)
            elif action.value == 1:
                self._journal.append(FireStarted(task.seat, action.value))
                own = self._ignitable(task.seat)
                if own:
                    self._tasks.insert(0, _Task(Step.OWN_FIRE, task.seat, candidates=own))
            else:
                self._journal.append(FireStarted(task.seat, action.value))
        elif isinstance(action, Pick):
            if task.kind is Step.CAPTURE:
                self._take(task, action.ship)
            else:
                self._tasks.pop(0)
                self._victims.add((action.seat, action.ship))
                if task.kind is Step.TARGET and self.mode is Mode.CLOSE:
                    self._tasks.insert(0, _Task(Step.IGNITE, 1 - task.seat))
        self._run()
        return self._journal[start:]

    # --- the set-up and the turn --------------------------------------------------------

    def _place(self, seat: int, placement: Placement) -> None:
        self.placements[seat] = placement
        self.hulls[seat].extend(Hull(ship.kind, ship.cells) for ship in placement.ships)
        self._pending.discard(seat)
        self._journal.append(FleetPlaced(seat))
        if all(p is not None for p in self.placements):
            self._start_turn()

    def _start_turn(self) -> None:
        if self._check_end():
            return
        if self.turn >= self.rules.turn_limit:
            self._finish(None, "fleet.outcome.turn_limit")
            return
        self.turn += 1
        self.mode = None
        self._orders = {}
        self._fireships = ((), ())
        self._victims = set()
        self._journal.append(TurnBegan(self.turn))
        self._allowed_retreat = {seat for seat in SEATS if self.may_retreat(seat)}
        self._retreats = {}
        self.phase = Phase.RETREAT
        self._pending = set(self._allowed_retreat)
        if not self._pending:
            self._after_retreats()

    def _after_retreats(self) -> None:
        choices = [self._retreats.get(seat) if seat in self._allowed_retreat else None
                   for seat in SEATS]
        self._journal.append(RetreatsChosen((choices[0], choices[1])))
        retreating = [seat for seat in SEATS if self._retreats.get(seat)]
        if len(retreating) == 2:
            for seat in SEATS:
                self._leave(seat, everyone=True)
            self._finish(None, "fleet.outcome.both_retreated")
        elif retreating:
            self._retreater = retreating[0]
            pursuer = 1 - self._retreater
            self.phase = Phase.PARTING
            if not self.held_fire(self._retreater) and self.shots(pursuer) > 0:
                self._pending = {pursuer}
            else:
                self._retreat()
        elif self.turn == 1:
            self._set_mode(Mode.LONG, None)
        else:
            self.phase = Phase.MANOEUVRE
            self._pending = set()
            self._tasks = [_Task(Step.MANOEUVRE)]

    def _set_mode(self, mode: Mode, chooser: int | None) -> None:
        self.mode = mode
        self._modes.append(mode)
        self._journal.append(ModeSet(mode, chooser))
        if mode is Mode.BOARDING:
            self.phase = Phase.RESOLVING
            self._pending = set()
            self._tasks = [_Task(Step.CONTEST), _Task(Step.GRAPPLE_OFFER), _Task(Step.END_TURN)]
            self._run()
        else:
            self.phase = Phase.ORDERS
            self._pending = set(SEATS)

    # --- fire ---------------------------------------------------------------------------

    def _volley(self, seat: int, orders: Orders,
                parting: bool = False) -> list[tuple[int, Hull]]:
        """Announce ``seat``'s volley with its answers; returns the cells it hit with the
        ship at each (the hits land in :meth:`_land`, once both volleys are told)."""
        target = self.hulls[1 - seat]
        at = {cell: hull for hull in target if hull.status.in_battle
              for cell in iter_cells(hull.cells)}
        shots = tuple(Shot(cell, cell in at) for cell in orders.cells)
        for shot in shots:
            self._shots[seat].append(ShotRecord(self.turn, orders.ammo, shot.cell, shot.hit))
        self._journal.append(VolleyFired(seat, orders.ammo, shots, orders.hold,
                                         len(orders.fireships), parting))
        return [(shot.cell, at[shot.cell]) for shot in shots if shot.hit]

    def _land(self, seat: int, ammo: Ammo, hits: list[tuple[int, Hull]]) -> None:
        for cell, hull in hits:
            afloat = hull.status.in_battle
            if hull.hit(cell, ammo) and afloat:
                self._lost(1 - seat, self.hulls[1 - seat].index(hull))

    def _resolve_orders(self) -> None:
        self.phase = Phase.RESOLVING
        hits = [self._volley(seat, self._orders[seat]) for seat in SEATS]
        for seat in SEATS:
            self._land(seat, self._orders[seat].ammo, hits[seat])
            if self._orders[seat].hold:
                self._holds[seat].add(self.turn)
        self._fireships = (self._orders[0].fireships, self._orders[1].fireships)
        for seat in SEATS:
            for ship in self._fireships[seat]:
                hull = self.hulls[seat][ship]
                if hull.status is Status.ACTIVE and hull.manoeuvre > 0:
                    self._tasks.append(_Task(Step.FIRESHIP, seat, ship))
                else:
                    self._journal.append(FireshipRolled(seat, ship, None, False))
        self._tasks += [_Task(Step.FIRESHIPS_END), _Task(Step.END_TURN)]
        self._run()

    def _fireship_die(self, task: _Task, value: int) -> None:
        hull = self.hulls[task.seat][task.ship]
        odds = FIRESHIP_ODDS[min(3, hull.manoeuvre)] + (self.mode is Mode.CLOSE)
        success = value <= odds
        self._journal.append(FireshipRolled(task.seat, task.ship, value, success))
        targets = tuple(index for index, enemy in enumerate(self.hulls[1 - task.seat])
                        if enemy.status.in_battle and enemy.kind is not Kind.BATTERY)
        if success and targets:
            self._tasks.insert(0, _Task(Step.TARGET, 1 - task.seat, candidates=targets))

    def _ignitable(self, seat: int) -> tuple[int, ...]:
        return tuple(index for index, hull in enumerate(self.hulls[seat])
                     if hull.status.in_battle and hull.kind is not Kind.BATTERY
                     and index not in self._fireships[seat])

    def _fireships_end(self) -> None:
        for seat, ship in sorted(self._victims):
            if self.hulls[seat][ship].status.in_battle and ship not in self._fireships[seat]:
                self._lost(seat, ship, Status.BURNT)
        for seat in SEATS:
            for ship in self._fireships[seat]:
                if self.hulls[seat][ship].status.in_battle:
                    self._lost(seat, ship, Status.SPENT)

    def _lost(self, seat: int, ship: int, status: Status = Status.SUNK) -> None:
        """``seat``'s ``ship`` leaves the battle destroyed; a grappled ship takes down every
        ship locked with it («уничтожаются все корабли, сцепленные с ним»)."""
        hull = self.hulls[seat][ship]
        hull.status = status
        self._journal.append(ShipLost(seat, ship, hull.kind, hull.cells, status))
        group = self._group_of(seat, ship)
        if group is None:
            return
        members = self._groups.pop(group).ships
        for side in SEATS:
            for other in members[side]:
                if self.hulls[side][other].status.in_battle:
                    self.hulls[side][other].status = Status.SUNK
                    self._journal.append(ShipLost(side, other, self.hulls[side][other].kind,
                                                  self.hulls[side][other].cells, Status.SUNK))
        self._journal.append(GrappleEnded(group))

    def _group_of(self, seat: int, ship: int) -> int | None:
        return next((number for number, group in self._groups.items()
                     if ship in group.ships[seat]), None)

    # --- contests and boarding ----------------------------------------------------------

    def _contest(self, task: _Task, dice: tuple[int, int]) -> None:
        if task.kind is Step.MANOEUVRE:
            scores = tuple((dice[seat] + self.totals(seat).manoeuvre - self.totals(seat).ships)
                           * self.factor(seat) for seat in SEATS)
        elif task.group is None:
            scores = tuple(dice[seat] + self.totals(seat).boarding * self.factor(seat)
                           for seat in SEATS)
        else:
            members = self._groups[task.group].ships
            scores = tuple(dice[seat] + sum(self.hulls[seat][i].boarding for i in members[seat])
                           * self.factor(seat) for seat in SEATS)
        winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        self._journal.append(Contest(dice, (Fraction(scores[0]), Fraction(scores[1])), winner,
                                     task.kind is Step.CONTEST, task.group))
        if winner is None:
            return  # a tie: the same contest rolls again
        self._tasks.pop(0)
        if task.kind is Step.MANOEUVRE:
            self._chooser = winner
            self.phase = Phase.MODE
            self._pending = {winner}
            return
        loser = 1 - winner
        decks = floor(abs(scores[1] - scores[0]))
        if task.group is None:
            candidates = tuple(index for index, hull in enumerate(self.hulls[loser])
                               if hull.status is Status.ACTIVE and hull.kind is not Kind.BATTERY)
        else:
            candidates = tuple(self._groups[task.group].ships[loser])
        self._tasks.insert(0, _Task(Step.CAPTURE, loser, decks=decks, group=task.group,
                                    candidates=candidates))

    def _capture_choice(self, task: _Task) -> tuple[int, ...] | None:
        """Take whole ships while no die is needed; the tied ships when one is (the least
        manoeuvrable go first, «первыми захватываются корабли с наименьшим показателем
        маневрирования»; the dice choose among equals)."""
        while task.decks > 0:
            hulls = self.hulls[task.seat]
            left = [i for i in task.candidates if hulls[i].status.in_battle and hulls[i].intact]
            if not left:
                break
            low = min(hulls[i].manoeuvre for i in left)
            tied = tuple(i for i in left if hulls[i].manoeuvre == low)
            if sum(popcount(hulls[i].intact) for i in tied) <= task.decks or len(tied) == 1:
                for index in tied:
                    self._take(task, index, resolve=False)
                continue
            return tied
        return None

    def _take(self, task: _Task, ship: int, resolve: bool = True) -> None:
        hull = self.hulls[task.seat][ship]
        decks = min(task.decks, popcount(hull.intact))
        task.decks -= decks
        if decks == 0:
            return
        whole = hull.capture(decks)
        self._journal.append(DecksTaken(task.seat, ship, hull.kind, decks, whole))
        if whole:
            self._journal.append(ShipLost(task.seat, ship, hull.kind, hull.cells,
                                          Status.CAPTURED))
            if task.group is not None:
                self._groups[task.group].ships[task.seat].remove(ship)
        elif task.group is None:
            self._partial = (task.seat, ship)

    def _end_capture(self, task: _Task) -> None:
        if task.group is not None and task.group in self._groups:
            group = self._groups[task.group]
            if not group.ships[task.seat]:
                del self._groups[task.group]
                for side in SEATS:
                    for index in group.ships[side]:
                        if self.hulls[side][index].status is Status.GRAPPLED:
                            self.hulls[side][index].status = Status.ACTIVE
                self._journal.append(GrappleEnded(task.group))

    def _offer_grapple(self) -> bool:
        """After boarding took a ship in part: the winner names its ships locked with it
        (True: wait for it). With no ship free to do it, the ship fights on."""
        if self._partial is None:
            return False
        winner = 1 - self._partial[0]
        if not self.grapple_candidates(winner):
            self._partial = None
            return False
        self.phase = Phase.GRAPPLE
        self._pending = {winner}
        return True

    def _grapple(self, seat: int, ships: tuple[int, ...]) -> None:
        assert self._partial is not None
        loser, taken = self._partial
        number = self._next_group
        self._next_group += 1
        members: tuple[list[int], list[int]] = ([], [])
        members[loser].append(taken)
        members[seat].extend(ships)
        self._groups[number] = _Group(members, self.turn)
        for side in SEATS:
            for index in members[side]:
                self.hulls[side][index].status = Status.GRAPPLED
        self._journal.append(Grappled(number, (tuple(members[0]), tuple(members[1]))))
        self._partial = None
        self._pending = set()
        self.phase = Phase.RESOLVING
        self._tasks.pop(0)
        self._run()

    # --- running the turn's steps -------------------------------------------------------

    def _run(self) -> None:
        """Carry out the turn's steps until one waits for chance or a seat."""
        while self._tasks and self.phase is not Phase.OVER:
            task = self._tasks[0]
            if task.kind in _CHANCE_STEPS:
                self.phase = Phase.MANOEUVRE if task.kind is Step.MANOEUVRE else Phase.RESOLVING
                self._pending = set()
                return
            if task.kind is Step.CAPTURE:
                tied = self._capture_choice(task)
                if tied is not None:
                    task.tied = tied
                    self.phase = Phase.RESOLVING
                    self._pending = set()
                    return
                self._tasks.pop(0)
                self._end_capture(task)
                continue
            if task.kind is Step.GRAPPLE_OFFER:
                if self._offer_grapple():
                    return
                self._tasks.pop(0)
                continue
            self._tasks.pop(0)
            if task.kind is Step.FIRESHIPS_END:
                self._fireships_end()
            elif task.kind is Step.END_TURN:
                if not self._check_end():
                    self._tasks[0:0] = [_Task(Step.CONTEST, group=number)
                                        for number, group in sorted(self._groups.items())
                                        if group.formed < self.turn]
                    self._tasks.append(_Task(Step.NEXT_TURN))
            elif task.kind is Step.NEXT_TURN:
                self._start_turn()
                return

    # --- leaving the battle -------------------------------------------------------------

    def _parting_volley(self, seat: int, orders: Orders) -> None:
        self._land(seat, orders.ammo, self._volley(seat, orders, parting=True))
        self._retreat()

    def _leave(self, seat: int, everyone: bool = False) -> tuple[list[int], list[int]]:
        escaped: list[int] = []
        behind: list[int] = []
        for index, hull in enumerate(self.hulls[seat]):
            if not hull.status.in_battle or hull.kind is Kind.BATTERY:
                continue
            if everyone or hull.can_leave:
                hull.status = Status.ESCAPED
                escaped.append(index)
            else:
                hull.status = Status.CAPTURED
                behind.append(index)
                self._journal.append(ShipLost(seat, index, hull.kind, hull.cells,
                                              Status.CAPTURED))
        self._release(1 - seat)
        return escaped, behind

    def _release(self, seat: int) -> None:
        self._groups.clear()
        for hull in self.hulls[seat]:
            if hull.status is Status.GRAPPLED:
                hull.status = Status.ACTIVE

    def _retreat(self) -> None:
        assert self._retreater is not None
        seat = self._retreater
        escaped, behind = self._leave(seat)
        self._journal.append(Retreated(seat, tuple(escaped), tuple(behind)))
        self._finish(1 - seat, "fleet.outcome.retreated")

    def _surrender(self, seat: int) -> None:
        self._journal.append(Surrendered(seat))
        for index, hull in enumerate(self.hulls[seat]):
            if hull.status.in_battle and hull.kind is not Kind.BATTERY:
                hull.status = Status.CAPTURED
                self._journal.append(ShipLost(seat, index, hull.kind, hull.cells,
                                              Status.CAPTURED))
        self._release(1 - seat)
        self._finish(1 - seat, "outcome.resigned")

    def _check_end(self) -> bool:
        afloat = [any(hull.status.in_battle and hull.kind is not Kind.BATTERY
                      for hull in self.hulls[seat]) for seat in SEATS]
        if all(afloat):
            return False
        if not any(afloat):
            self._finish(None, "fleet.outcome.mutual")
        else:
            self._finish(afloat.index(True), "fleet.outcome.destroyed")
        return True

    def _finish(self, winner: int | None, reason: str) -> None:
        self.phase = Phase.OVER
        self._pending = set()
        self._tasks = []
        self._journal.append(BattleOver(winner, reason))
        self._outcome = Outcome(winner, Text(reason))

    # --- knowing ------------------------------------------------------------------------

    def result(self, seat: int) -> Result:
        """How the battle went for ``seat``: its ships by fate, and its trophies if it won
        (2 coins for each enemy ship destroyed, or 1 wood, or 1 gun, for every two)."""
        hulls = self.hulls[seat]

        def having(*statuses: Status) -> tuple[int, ...]:
            return tuple(i for i, hull in enumerate(hulls)
                         if hull.status in statuses and hull.kind is not Kind.BATTERY)

        won = self._outcome is not None and self._outcome.winner == seat
        sunk = sum(1 for hull in self.hulls[1 - seat]
                   if hull.status.destroyed and hull.kind is not Kind.BATTERY) if won else 0
        return Result(having(Status.SUNK, Status.BURNT, Status.SPENT),
                      having(Status.CAPTURED), having(Status.ESCAPED),
                      having(Status.ACTIVE, Status.GRAPPLED),
                      tuple(i for i, hull in enumerate(hulls) if hull.damaged
                            and not hull.status.destroyed and hull.kind is not Kind.BATTERY),
                      2 * sunk, sunk // 2, sunk // 2)

    def view(self, seat: int | None) -> FleetView:
        over = self.phase is Phase.OVER
        own = None
        if seat is not None and self.placements[seat] is not None:
            own = tuple(ShipView(i, h.kind, h.cells, h.cannon, h.chain, h.grape, h.captured,
                                 h.status, h.firepower, h.boarding, h.manoeuvre)
                        for i, h in enumerate(self.hulls[seat]))
        placement = None if seat is None else self.placements[seat]
        sides = tuple(SideView(
            self.rules.fleets[side], self.totals(side), self.flagship_lost(side),
            self.held_fire(side), self.may_retreat(side), tuple(self._shots[side]),
            tuple(KnownShip(i, h.kind, h.cells, h.status) for i, h in enumerate(self.hulls[side])
                  if h.status.destroyed or h.status is Status.CAPTURED),
            side not in self._pending) for side in SEATS)
        acting = seat is not None and seat in self._pending
        grapples = tuple(tuple(tuple(self.hulls[side][i].kind for i in group.ships[side])
                               for side in SEATS) for _, group in sorted(self._groups.items()))
        placements = self.placements
        return FleetView(
            self.rules, seat, self.phase, self.turn, self.mode, tuple(sorted(self._pending)),
            own, None if placement is None else placement.flagship,
            (sides[0], sides[1]),
            self.shots(seat) if acting and seat is not None and self.phase in (
                Phase.ORDERS, Phase.PARTING) else 0,
            self.fireship_limit(seat) if acting and seat is not None
            and self.phase is Phase.ORDERS else 0,
            tuple(self.modes()) if acting and self.phase is Phase.MODE else (),
            self.hulls[self._partial[0]][self._partial[1]].kind
            if self._partial is not None and self.phase is Phase.GRAPPLE else None,
            tuple((g[0], g[1]) for g in grapples), tuple(self._journal),
            (placements[0], placements[1]) if over and placements[0] is not None
            and placements[1] is not None else None,
            (self.result(0), self.result(1)) if over else None,
            None if self._outcome is None else self._outcome.winner)
