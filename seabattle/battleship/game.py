"""The game: two fleets, whose turn it is, shots, the outcome and the event log.

:class:`Game` is mutable and append-only: each accepted move is checked, applied and
recorded as an :class:`~seabattle.battleship.events.Event`. Anything illegal raises before it
changes anything. A game is fully described by its rules, both fleets, who moved
first and its events, so :meth:`Game.replay` rebuilds any game (and checks it).
Why mutable with a log, not immutable states: see ``docs/engine.md``.

>>> import random
>>> from seabattle.battleship.rules import find_rules
>>> from seabattle.battleship.fleet import random_fleet
>>> rules = find_rules("classic")
>>> rng = random.Random(7)
>>> game = Game(rules, (random_fleet(rules, rng), random_fleet(rules, rng)))
>>> game.fire(0, 0).player, game.is_over
(0, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from seabattle.battleship.events import (
    Decision,
    Event,
    Handover,
    MineReveal,
    Pending,
    Resignation,
    ShipMove,
    Shot,
    ShotResult,
)
from seabattle.battleship.fleet import Fleet, Ship
from seabattle.battleship.rules import MineEffect, Role, Rules
from seabattle.battleship.shapes import has_shape
from seabattle.battleship.view import PlayerView, ViewBuilder
from seabattle.coords import ALPHABETS, Bitboard, bit, cell_name
from seabattle.errors import (
    AlreadyFiredError,
    DecisionError,
    DecisionPendingError,
    GameOverError,
    NotYourTurnError,
    OffFieldError,
    SalvoError,
    SeaBattleError,
)
from seabattle.i18n import Text

PLAYERS = (0, 1)


@dataclass(frozen=True)
class ShotStats:
    """How one player shot: the figures of the game-over screen."""

    shots: int
    hits: int
    sunk: int

    @property
    def accuracy(self) -> float:
        """Hits per shot, from 0 to 1 (0 before the first shot)."""
        return self.hits / self.shots if self.shots else 0.0


def other(player: int) -> int:
    """The opponent of ``player``."""
    return 1 - player


class Game:
    """A game between players 0 and 1, each with a validated :class:`~.fleet.Fleet`.

    Besides shots, a game may wait for a decision (:attr:`pending`): a player who hit
    a mine hands over a cell (:meth:`hand_over`), one who hit a minesweeper reveals a
    mine (:meth:`reveal_mine`), the owner of a hit Flying Dutchman moves it or keeps it
    (:meth:`move_ship`). Under salvo rules a turn is :meth:`fire_salvo`.
    """

    dying_shots: ClassVar[bool] = True
    """Whether sunk submarines fire back (not in :class:`Solitaire`)."""

    def __init__(self, rules: Rules, fleets: Sequence[Fleet], first: int = 0) -> None:
        self._check_player(first)
        if len(fleets) != 2:
            raise SeaBattleError("error.generic", problem="a game needs exactly two fleets")
        self.rules = rules
        self.fleets = (fleets[0], fleets[1])
        """The fleets as placed at the start (records store these)."""
        self._positions = [fleets[0], fleets[1]]
        self.first = first
        self.events: list[Event] = []
        self._incoming: list[Bitboard] = [0, 0]
        self._given: list[Bitboard] = [0, 0]
        self._revealed: list[Bitboard] = [0, 0]
        self._to_move: int = first
        self._volley_left = self.shots_due(first)
        self._pending: Pending | None = None
        self._winner: int | None = None
        self._verified = 0
        """Events a replay has matched so far (see :meth:`apply`)."""
        self._views = [ViewBuilder(rules, player, self.fleets, dying_shots=self.dying_shots)
                       for player in PLAYERS]
        """What each player has learnt so far (see :meth:`view`)."""

    def __getstate__(self) -> dict[str, object]:
        # A pickle or a copy (a computer thinking in another process) leaves the views
        # out: rebuilt from the events when first asked for, never shared with a copy.
        state = dict(self.__dict__)
        del state["_views"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._views = [ViewBuilder(self.rules, player, self.fleets,
                                   dying_shots=self.dying_shots) for player in PLAYERS]

    # --- state ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player whose shot it is; ``None`` once the game is over."""
        return None if self.is_over else self._to_move

    @property
    def pending(self) -> Pending | None:
        """The decision the game waits for before the next shot, if any."""
        return self._pending

    @property
    def winner(self) -> int | None:
        """The winner, or ``None`` while the game goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """Whether a player has won."""
        return self._winner is not None

    def position(self, player: int) -> Fleet:
        """``player``'s fleet where it is now (a Flying Dutchman may have moved)."""
        return self._positions[player]

    def incoming(self, player: int) -> Bitboard:
        """The cells of ``player``'s field the opponent has fired at."""
        return self._incoming[player]

    def afloat(self, player: int) -> list[int]:
        """Indices of ``player``'s ships (and submarines) not yet sunk."""
        shots = self._incoming[player]
        return [i for i, ship in enumerate(self._positions[player])
                if ship.kind.role.is_vessel and not ship.is_sunk(shots)]

    def _has_afloat(self, player: int) -> bool:
        """Whether ``player`` has a ship or submarine afloat (:meth:`afloat` not empty)."""
        shots = self._incoming[player]
        return any(ship.kind.role.is_vessel and not ship.is_sunk(shots)
                   for ship in self._positions[player])

    def shots_due(self, player: int) -> int:
        """Shots in ``player``'s next turn: 1, or the salvo, never more than cells left."""
        wanted = self.rules.shots_per_turn(len(self.afloat(player)))
        return max(1, min(wanted, self.rules.grid.size - self._incoming[other(player)].bit_count()))

    @property
    def volley_left(self) -> int:
        """Shots left in the current turn (a salvo being replayed shot by shot)."""
        return self._volley_left

    def shots(self, player: int | None = None) -> list[Shot]:
        """The shots fired so far, by ``player`` or by both (dying shots included)."""
        return [e for e in self.events
                if isinstance(e, Shot) and (player is None or e.player == player)]

    def stats(self, player: int) -> ShotStats:
        """Shots, hits and ships sunk by ``player`` so far (not counting dying shots)."""
        shots = [s for s in self.shots(player) if not s.dying]
        return ShotStats(len(shots), sum(s.result.is_hit for s in shots),
                         sum(s.result is ShotResult.SUNK for s in shots))

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know now; see :mod:`seabattle.battleship.view`. Built from
        the view before and the events since (the same as
        :func:`~seabattle.battleship.view.build_view` from the whole game)."""
        self._check_player(player)
        builder = self._views[player]
        builder.update(self.events)
        return builder.view(self.to_move, self.winner, pending=self._pending,
                            shots_due=self._volley_left if self.to_move is not None else 0)

    # --- shots ------------------------------------------------------------------

    def fire(self, player: int, cell: int) -> Shot:
        """``player`` fires at ``cell`` of the opponent's field.

        Raises :class:`GameOverError`, :class:`NotYourTurnError`,
        :class:`DecisionPendingError`, :class:`SalvoError` (a salvo is due: use
        :meth:`fire_salvo`), :class:`OffFieldError` or :class:`AlreadyFiredError`
        (whose ``cell`` parameter is the Latin cell name) and then changes nothing.
        """
        self._check_turn(player)
        if self._volley_left != 1:
            raise SalvoError(count=self._volley_left)
        self._check_target(player, cell)
        shot = self._shoot(player, cell)[0]
        self._verified = len(self.events)
        return shot

    def fire_salvo(self, player: int, cells: Sequence[int]) -> list[Shot]:
        """``player`` fires a whole turn at once: exactly :attr:`volley_left` cells.

        Every cell is checked before any is fired; the answers come back together
        (dying shots and other consequences included). With one shot a turn this is
        :meth:`fire` of a single cell.
        """
        self._check_turn(player)
        if len(cells) != self._volley_left:
            raise SalvoError(count=self._volley_left)
        seen: set[int] = set()
        for cell in cells:
            self._check_target(player, cell)
            if cell in seen:
                raise SalvoError("error.salvo_repeat", cell=self._latin(cell))
            seen.add(cell)
        shots: list[Shot] = []
        for cell in cells:
            if self.is_over:
                break
            shots += self._shoot(player, cell)
        self._verified = len(self.events)
        return shots

    def _check_turn(self, player: int) -> None:
        self._check_player(player)
        if self.is_over:
            raise GameOverError()
        if self._pending is not None:
            raise DecisionPendingError(**self._pending_params(player))
        if player != self._to_move:
            raise NotYourTurnError()

    def _check_target(self, player: int, cell: int) -> None:
        grid = self.rules.grid
        if not isinstance(cell, int):
            raise SeaBattleError("error.generic", problem=f"{cell!r} is not a cell number")
        if not 0 <= cell < grid.size:
            raise OffFieldError(row=cell // grid.width + 1, col=cell % grid.width + 1,
                                width=grid.width, height=grid.height)
        if self._incoming[other(player)] & bit(cell):
            raise AlreadyFiredError(cell=self._latin(cell))

    def _shoot(self, shooter: int, cell: int, *, dying: bool = False) -> list[Shot]:
        """Fire one checked shot and everything it sets off; pass the turn as due."""
        defender = other(shooter)
        self._incoming[defender] |= bit(cell)
        sure = bool(self._given[shooter] & bit(cell))
        self._given[shooter] &= ~bit(cell)
        fleet = self._positions[defender]
        index = fleet.ship_at(cell)
        piece = None if index is None else fleet.ships[index]
        if piece is None:
            result = ShotResult.MISS
        elif piece.kind.role is Role.MINE:
            result = ShotResult.MINE
        elif piece.kind.role is Role.MINESWEEPER:
            result = ShotResult.MINESWEEPER
        elif piece.is_sunk(self._incoming[defender]):
            result = ShotResult.SUNK
        else:
            result = ShotResult.HIT
        shot = Shot(shooter, cell, result, index, dying)
        self.events.append(shot)
        shots = [shot]
        next_player = self._after_shot(shooter, shot, sure)
        if (piece is not None and piece.kind.role is Role.SUBMARINE and self.dying_shots
                and not self._incoming[shooter] & bit(cell)):
            # The sunk submarine's dying shot, at the same cell of the shooter's field. A
            # cell already fired at gets none (always so for a submarine sunk by a dying
            # shot): the shooter then hears only what `announce` tells (docs/variants.md).
            dying_shots = self._shoot(defender, cell, dying=True)
            shots += dying_shots
            if dying_shots[0].result in (ShotResult.MINE, ShotResult.MINESWEEPER):
                next_player = shooter  # the shooter's own mine went off: their turn
        if dying:
            return shots  # the turn is settled by the shot that sank the submarine
        self._settle_turn(shooter, next_player)
        return shots

    def _after_shot(self, shooter: int, shot: Shot, sure: bool) -> int:
        """Set the decision a shot calls for; the player who should move next."""
        defender = other(shooter)
        if shot.result is ShotResult.MINE:
            # With every unhit cell already handed over there is nothing left to give.
            if self.rules.mine_effect is MineEffect.HANDOVER and self.handover_cells(shooter):
                self._pending = Pending(shooter, Decision.HANDOVER)
            return defender
        if shot.result is ShotResult.MINESWEEPER:
            if self._revealable(shooter):
                self._pending = Pending(shooter, Decision.REVEAL_MINE)
            else:
                self.events.append(MineReveal(shooter, None))
            return defender
        if shot.result is ShotResult.HIT and self.rules.flying_dutchman:
            self._pending = Pending(defender, Decision.MOVE_SHIP, shot.ship)
        if shot.result is ShotResult.MISS or not (self.rules.shoot_again or sure):
            return defender
        return shooter

    def _settle_turn(self, shooter: int, next_player: int) -> None:
        """End the game if a fleet is gone, else count down the volley and pass the turn."""
        # The defender first: the shooter's sinking came before any dying shot back.
        for loser in (other(shooter), shooter):
            if not self._has_afloat(loser):
                self._winner = other(loser)
                self._pending = None
                return
        if not self.rules.salvo.is_salvo:
            self._to_move = self._turn_after(shooter, next_player)
        else:
            self._volley_left -= 1
            if self._volley_left:
                return
            self._to_move = self._turn_after(shooter, other(shooter))
        self._volley_left = self.shots_due(self._to_move)

    def _turn_after(self, shooter: int, next_player: int) -> int:
        """Who moves after ``shooter``'s turn, when the rules say ``next_player``."""
        return next_player

    # --- decisions --------------------------------------------------------------

    def decide(self, player: int, choice: int | None) -> Handover | MineReveal | ShipMove:
        """Make the decision ``player`` owes, whichever it is: the cell to hand over, the
        mine to reveal, or the Flying Dutchman's new cells (``None``: it stays)."""
        self._check_player(player)
        pending = self._pending
        if pending is None or pending.player != player:
            raise DecisionError()
        if pending.decision is Decision.MOVE_SHIP:
            return self.move_ship(player, choice)
        if choice is None:
            raise DecisionError()
        if pending.decision is Decision.HANDOVER:
            return self.hand_over(player, choice)
        return self.reveal_mine(player, choice)

    def hand_over(self, player: int, cell: int) -> Handover:
        """``player``, who hit a mine, hands over ``cell``: an unhit cell of their fleet."""
        self._check_decision(player, Decision.HANDOVER)
        if not 0 <= cell < self.rules.grid.size or not self.handover_cells(player) & bit(cell):
            raise DecisionError("error.handover_cell", cell=self._latin(cell))
        self._given[other(player)] |= bit(cell)
        return self._decided(Handover(player, cell))

    def handover_cells(self, player: int) -> Bitboard:
        """The cells ``player`` may hand over: unhit cells of their vessels not given yet."""
        cells = 0
        for ship in self._positions[player]:
            if ship.kind.role.is_vessel:
                cells |= ship.cells
        return cells & ~self._incoming[player] & ~self._given[other(player)]

    def reveal_mine(self, player: int, cell: int) -> MineReveal:
        """``player``, who hit a minesweeper, reveals their mine at ``cell``."""
        self._check_decision(player, Decision.REVEAL_MINE)
        if not 0 <= cell < self.rules.grid.size or not self._revealable(player) & bit(cell):
            raise DecisionError("error.reveal_cell", cell=self._latin(cell))
        self._revealed[other(player)] |= bit(cell)
        return self._decided(MineReveal(player, cell))

    def _revealable(self, player: int) -> Bitboard:
        mines = 0
        for piece in self._positions[player]:
            if piece.kind.role is Role.MINE:
                mines |= piece.cells
        return mines & ~self._incoming[player] & ~self._revealed[other(player)]

    def revealable_mines(self, player: int) -> Bitboard:
        """``player``'s mines that have neither gone off nor been revealed."""
        return self._revealable(player)

    def move_ship(self, player: int, cells: Bitboard | None) -> ShipMove:
        """``player`` moves their hit Flying Dutchman to ``cells``, or keeps it (``None``).

        The new place has one deck per unhit deck, joined by sides or corners, on the
        field and on no cell the opponent has fired at.
        """
        pending = self._check_decision(player, Decision.MOVE_SHIP)
        assert pending.ship is not None
        ship = self._positions[player].ships[pending.ship]
        if cells is not None:
            self._check_move(player, ship, cells)
            ships = list(self._positions[player].ships)
            ships[pending.ship] = Ship(ship.kind, cells)
            self._positions[player] = Fleet(tuple(ships), _union(ships))
        return self._decided(ShipMove(player, pending.ship, cells))

    def _check_move(self, player: int, ship: Ship, cells: Bitboard) -> None:
        grid = self.rules.grid
        size = (ship.cells & ~self._incoming[player]).bit_count()
        if not isinstance(cells, int) or cells <= 0 or cells & ~grid.full:
            raise DecisionError("error.move_ship", problem=Text("move.shape"))
        if cells.bit_count() != size:
            raise DecisionError("error.move_ship", problem=Text("move.size", {"size": size}))
        if not has_shape(grid, cells, ship.kind.shape):
            raise DecisionError("error.move_ship", problem=Text("move.shape"))
        fired = cells & self._incoming[player]
        if fired:
            first = (fired & -fired).bit_length() - 1
            raise DecisionError("error.move_ship",
                                problem=Text("move.fired", {"cell": self._latin(first)}))

    def _check_decision(self, player: int, decision: Decision) -> Pending:
        self._check_player(player)
        if self.is_over:
            raise GameOverError()
        pending = self._pending
        if pending is None or pending.player != player or pending.decision is not decision:
            raise DecisionError()
        return pending

    def _decided(self, event: DecisionEvent) -> DecisionEvent:
        self.events.append(event)
        self._pending = None
        self._verified = len(self.events)
        return event

    def _pending_params(self, player: int) -> dict[str, Text]:
        assert self._pending is not None
        who = "who.you" if self._pending.player == player else "who.opponent"
        return {"who": Text(who), "decision": Text(f"decision.{self._pending.decision.value}")}

    # --- resignation and replay ------------------------------------------------------

    def resign(self, player: int) -> Resignation:
        """``player`` gives up; the opponent wins."""
        self._check_player(player)
        if self.is_over:
            raise GameOverError()
        resignation = Resignation(player)
        self.events.append(resignation)
        self._winner = other(player)
        self._pending = None
        self._verified = len(self.events)
        return resignation

    def apply(self, event: Event) -> None:
        """Apply a recorded event, checking it exactly as a live move is checked.

        Shots of a salvo are applied one by one. Consequences the game produces
        itself (a submarine's dying shot, the "no mine left" answer to a minesweeper)
        are in records too: when met, they must match what the game produced.
        """
        if self._verified < len(self.events):
            produced = self.events[self._verified]
            if not _same_event(produced, event):
                raise SeaBattleError("error.generic", problem=(
                    f"the record has {event!r} where the rules produce {produced!r}"))
            self._verified += 1
        elif isinstance(event, Resignation):
            self.resign(event.player)
        elif isinstance(event, Handover):
            self.hand_over(event.player, event.cell)
        elif isinstance(event, ShipMove):
            pending = self._check_decision(event.player, Decision.MOVE_SHIP)
            if pending.ship != event.ship:
                raise DecisionError()
            self.move_ship(event.player, event.cells)
        elif isinstance(event, MineReveal) and event.cell is not None:
            self.reveal_mine(event.player, event.cell)
        elif isinstance(event, Shot) and not event.dying:
            self._apply_shot(event)
        else:
            raise SeaBattleError("error.generic", problem=f"unexpected event {event!r}")

    @property
    def settled(self) -> bool:
        """Whether a replay has matched every event the game produced (see :meth:`apply`)."""
        return self._verified == len(self.events)

    def _apply_shot(self, event: Shot) -> None:
        self._check_turn(event.player)
        self._check_target(event.player, event.cell)
        saved = self.snapshot()
        shot = self._shoot(event.player, event.cell)[0]
        if shot.result is not event.result:
            self.restore(saved)  # an illegal move changes nothing
            raise SeaBattleError("error.generic", problem=(
                f"shot {event.cell} is recorded as {event.result.value}, "
                f"but the fleets make it {shot.result.value}"))
        self._verified = saved[0] + 1

    _STATE = ("_incoming", "_given", "_revealed", "_positions", "_to_move", "_volley_left",
              "_pending", "_winner", "_verified")

    def snapshot(self) -> Snapshot:
        """The game's whole state now, for :meth:`restore` (a caller that must undo
        accepted moves, such as a server whose store refused to write them)."""
        state = {name: getattr(self, name) for name in self._STATE}
        for name in ("_incoming", "_given", "_revealed", "_positions"):
            state[name] = list(state[name])
        return len(self.events), state

    def restore(self, saved: Snapshot) -> None:
        """Go back to a :meth:`snapshot` of this game (later events are dropped)."""
        del self.events[saved[0]:]
        for name, value in saved[1].items():
            setattr(self, name, value)

    @classmethod
    def replay(cls, rules: Rules, fleets: Sequence[Fleet], first: int,
               events: Iterable[Event], *, complete: bool = True) -> Game:
        """Rebuild a game from its description, checking every event.

        With ``complete`` (the default) the events must include every consequence the
        game produces itself; without it a prefix of a record may stop between a shot
        and its dying shot (the game then already holds that shot).
        """
        game = cls(rules, fleets, first)
        for event in events:
            game.apply(event)
        if complete and not game.settled:
            missing = game.events[game._verified]
            raise SeaBattleError("error.generic", problem=f"the record lacks {missing!r}")
        return game

    @staticmethod
    def _check_player(player: int) -> None:
        if player not in PLAYERS:
            raise SeaBattleError("error.not_a_player", player=player)

    def _latin(self, cell: int) -> str:
        return cell_name(cell, self.rules.grid, ALPHABETS["latin"])


DecisionEvent = TypeVar("DecisionEvent", Handover, MineReveal, ShipMove)
Snapshot = tuple[int, dict[str, object]]
"""A game's state as :meth:`Game.snapshot` saves it."""


def _union(ships: Iterable[Ship]) -> Bitboard:
    cells = 0
    for ship in ships:
        cells |= ship.cells
    return cells


def _same_event(produced: Event, recorded: Event) -> bool:
    if isinstance(produced, Shot) and isinstance(recorded, Shot):
        # Records do not store ship indices; compare the rest.
        return (produced.player, produced.cell, produced.result, produced.dying) == (
            recorded.player, recorded.cell, recorded.result, recorded.dying)
    return produced == recorded


class Solitaire(Game):
    """One player (0) fires at one fleet until it sinks: how targeting is measured.

    The same rules, answers and views as a real game, except that the turn never
    passes and nothing hits back: mines and minesweepers cost a shot but ask for no
    decision, and submarines fire no dying shot. The benchmark counts the shots.
    """

    dying_shots = False

    def __init__(self, rules: Rules, target: Fleet, *, owner_moves: bool = False) -> None:
        """``owner_moves``: a hit Flying Dutchman waits for its owner (player 1) to move
        it or keep it (:meth:`move_ship`), as in a real game; otherwise it stays put."""
        super().__init__(rules, (target, target), first=0)
        self.owner_moves = owner_moves

    def _after_shot(self, shooter: int, shot: Shot, sure: bool) -> int:
        if self.owner_moves and shot.result is ShotResult.HIT and self.rules.flying_dutchman:
            self._pending = Pending(1, Decision.MOVE_SHIP, shot.ship)
        return shooter

    def _turn_after(self, shooter: int, next_player: int) -> int:
        return shooter
