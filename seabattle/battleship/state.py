"""Battleship's game state for the shared interface: actions, events, views and
:class:`BattleshipState` (:mod:`seabattle.games.interface`).

The state wraps the engine's :class:`~seabattle.battleship.game.Game` and adds what comes
before it: both seats place their fleets at once, each unseen by the other (a simultaneous
move), then, unless the rules of the table fixed who fires first, chance draws it (a lot,
logged like any move). The definition (:mod:`seabattle.battleship.definition`) and the
server's host (:mod:`seabattle.battleship.online.hosting`) both build on this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from seabattle.battleship.events import Decision, Event, Resignation
from seabattle.battleship.fleet import Fleet, random_fleet, validate_fleet
from seabattle.battleship.game import Game, other
from seabattle.battleship.moves import Decide, Fire, MoveShip, make_move
from seabattle.battleship.rules import Rules
from seabattle.battleship.view import PlayerView, ShotInfo, SunkShip
from seabattle.coords import iter_cells
from seabattle.errors import GameOverError, NotYourMoveError, SeaBattleError
from seabattle.games.interface import (
    SEATS,
    Actors,
    ChanceOutcome,
    GameState,
    Move,
    Outcome,
)
from seabattle.i18n import Text

# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceFleet:
    """Set-up: a seat's whole fleet (hidden from the other seat)."""

    fleet: Fleet


@dataclass(frozen=True)
class Resign:
    """Give up: the other seat wins."""


@dataclass(frozen=True)
class DrawFirst:
    """Chance: the lot says which seat fires first."""

    seat: int


Action = PlaceFleet | Fire | Decide | MoveShip | Resign | DrawFirst
"""Anything a seat (or chance) does in a game of Battleship."""

# --- events the set-up adds to the engine's ------------------------------------------------


@dataclass(frozen=True)
class FleetPlaced:
    """``seat`` has placed its fleet (where is told to that seat only)."""

    seat: int


@dataclass(frozen=True)
class FirstDrawn:
    """The lot: ``seat`` fires first."""

    seat: int


@dataclass(frozen=True)
class Resigned:
    """``seat`` gave up before the battle began."""

    seat: int


StateEvent = FleetPlaced | FirstDrawn | Resigned | Event
"""What applying an action tells: the set-up's events, then the engine's."""

# --- views -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetupView:
    """Before the battle: one's own fleet, if placed, and who is ready."""

    rules: Rules
    seat: int | None
    own_fleet: Fleet | None
    ready: tuple[bool, bool]


@dataclass(frozen=True)
class SpectatorView:
    """The battle as a spectator sees it: each seat's shots as they were answered aloud,
    and both fleets once the game is over."""

    rules: Rules
    shots: tuple[tuple[ShotInfo, ...], tuple[ShotInfo, ...]]
    sunk: tuple[tuple[SunkShip, ...], tuple[SunkShip, ...]]
    to_move: int | None
    winner: int | None
    fleets: tuple[Fleet, Fleet] | None


View = SetupView | PlayerView | SpectatorView
"""What a seat or a spectator may know at one moment."""

# --- the state ---------------------------------------------------------------------------


class BattleshipState(GameState[Action, StateEvent, View]):
    """A game of Battleship from the set-up on. ``first``: the seat that fires first when
    the table fixed it (``None``: chance draws it once both fleets are placed)."""

    def __init__(self, rules: Rules, first: int | None = None) -> None:
        if first is not None and first not in SEATS:
            raise SeaBattleError("error.not_a_player", player=first)
        self.rules = rules
        self.first = first
        self.fleets: list[Fleet | None] = [None, None]
        self.game: Game | None = None
        """The battle, once both fleets are placed and the first shooter is known."""
        self._resigned: int | None = None
        self._log: list[Move[Action]] = []

    @property
    def log(self) -> Sequence[Move[Action]]:
        return self._log

    @property
    def actors(self) -> Actors:
        if self._resigned is not None:
            return Actors()
        if self.game is not None:
            game = self.game
            if game.is_over:
                return Actors()
            if game.pending is not None:
                return Actors.seat(game.pending.player)
            assert game.to_move is not None
            return Actors.seat(game.to_move)
        waiting = [seat for seat in SEATS if self.fleets[seat] is None]
        return Actors.of(waiting) if waiting else Actors.of_chance()

    # --- checking -------------------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        self._refuse_out_of_turn(seat, action)
        if isinstance(action, PlaceFleet):
            validate_fleet(self.rules, action.fleet.ships)
        elif isinstance(action, Fire | Decide | MoveShip):
            # The engine checks a move in its own words (whose turn, which cell); a legal
            # one is taken back, as an illegal one never changed anything.
            assert self.game is not None
            saved = self.game.snapshot()
            try:
                make_move(self.game, seat, action)
            finally:
                self.game.restore(saved)

    def _refuse_out_of_turn(self, seat: int, action: Action) -> None:
        """Refuse what may not be done in this phase at all; the engine refuses the rest."""
        if seat not in SEATS:
            raise SeaBattleError("error.not_a_player", player=seat)
        if self.actors.over:
            raise GameOverError()
        setting_up = isinstance(action, PlaceFleet) and seat in self.actors.seats
        battle_move = isinstance(action, Fire | Decide | MoveShip)
        if not (isinstance(action, Resign) or (setting_up and self.game is None)
                or (battle_move and self.game is not None)):
            raise NotYourMoveError(seat=seat + 1)

    # --- listing and drawing --------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action] | None:
        if self.game is None:
            return None if seat in self.actors.seats else []
        if seat not in self.actors.seats:
            return []
        pending = self.game.pending
        if pending is not None:
            options = self.game.view(seat)
            if pending.decision is Decision.HANDOVER:
                return [Decide(cell) for cell in iter_cells(options.handover_options())]
            if pending.decision is Decision.REVEAL_MINE:
                return [Decide(cell) for cell in iter_cells(options.reveal_options())]
            return None  # the Flying Dutchman's new places are too many to list
        if self.game.volley_left != 1:
            return None  # every choice of several cells: too many to list
        return [Fire((cell,)) for cell in iter_cells(self.game.view(seat).legal_shots())]

    def random_action(self, seat: int, rng: random.Random) -> Action:
        if seat not in self.actors.seats:
            raise GameOverError() if self.actors.over else NotYourMoveError(seat=seat + 1)
        listed = self.legal_actions(seat)
        if listed:
            return rng.choice(list(listed))
        if self.game is None:
            return PlaceFleet(random_fleet(self.rules, rng))
        if self.game.pending is not None:
            return MoveShip(None)  # the Flying Dutchman stays where it is
        cells = list(iter_cells(self.game.view(seat).legal_shots()))
        return Fire(tuple(rng.sample(cells, self.game.volley_left)))

    def chance_outcomes(self) -> Sequence[ChanceOutcome[Action]]:
        if not self.actors.chance:
            return []
        return [ChanceOutcome(DrawFirst(seat), Fraction(1, 2)) for seat in SEATS]

    # --- applying -------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[StateEvent]:
        # A battle move is checked by the engine as it is made (an illegal one changes
        # nothing), so it is not played twice as check() would.
        self._refuse_out_of_turn(seat, action)
        events: list[StateEvent]
        if isinstance(action, Resign):
            events = self._resign(seat)
        elif isinstance(action, PlaceFleet):
            self.fleets[seat] = validate_fleet(self.rules, action.fleet.ships)
            self._log.append(Move(seat, action))
            events = [FleetPlaced(seat)]
            if self.first is not None and self._both_placed():
                self._start(self.first)
            return events
        else:
            # Refused above: a chance draw from a seat, and any move before the battle.
            assert self.game is not None and not isinstance(action, DrawFirst)
            events = list(make_move(self.game, seat, action))
        self._log.append(Move(seat, action))
        return events

    def apply_chance(self, action: Action) -> list[StateEvent]:
        if not isinstance(action, DrawFirst) or not self.actors.chance or action.seat not in SEATS:
            raise SeaBattleError("error.no_chance")
        self._start(action.seat)
        self._log.append(Move(-1, action))
        return [FirstDrawn(action.seat)]

    def _resign(self, seat: int) -> list[StateEvent]:
        if self.game is None:
            self._resigned = seat
            return [Resigned(seat)]
        return [self.game.resign(seat)]

    def _both_placed(self) -> bool:
        return all(fleet is not None for fleet in self.fleets)

    def _start(self, first: int) -> None:
        fleets = [fleet for fleet in self.fleets if fleet is not None]
        self.first = first
        self.game = Game(self.rules, fleets, first)

    # --- knowing --------------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        if self.game is None:
            ready = (self.fleets[0] is not None, self.fleets[1] is not None)
            return SetupView(self.rules, seat, None if seat is None else self.fleets[seat], ready)
        if seat is not None:
            return self.game.view(seat)
        views = (self.game.view(0), self.game.view(1))
        return SpectatorView(
            self.rules, (views[0].shots, views[1].shots), (views[0].sunk, views[1].sunk),
            self.game.to_move, self.game.winner,
            self.game.fleets if self.game.is_over else None)

    def outcome(self) -> Outcome | None:
        if self._resigned is not None:
            return Outcome(other(self._resigned), Text("outcome.resigned"))
        if self.game is None or self.game.winner is None:
            return None
        resigned = any(isinstance(event, Resignation) for event in self.game.events)
        return Outcome(self.game.winner,
                       Text("outcome.resigned" if resigned else "outcome.fleet_sunk"))
