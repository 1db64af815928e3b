"""The manoeuvre game as a :class:`~seabattle.games.interface.GameState`.

Both seats set up at once, each unseen by the other (a simultaneous move); chance draws
who starts (logged); then turns alternate. Legal actions are listed (:meth:`legal_actions`)
by :mod:`seabattle.manoeuvres.moves`; :meth:`check` refuses anything not listed with the
reason :mod:`seabattle.manoeuvres.refusals` words, and changes nothing. Applying an action
resolves it (:mod:`seabattle.manoeuvres.combat`) and ends the turn where the rules say so:
a move may be followed by an attack, or by a shot from beside a torpedo boat that moved;
damage done to the enemy earns one bonus turn, which earns no further one.

Mutable, like every state of this project (``docs/engine.md``); :meth:`copy` gives an
independent one for a computer player's search.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

from seabattle.errors import GameOverError, NotYourMoveError, SeaBattleError
from seabattle.games.interface import SEATS, Actors, ChanceOutcome, GameState, Move, Outcome
from seabattle.i18n import Text
from seabattle.manoeuvres import combat, moves
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    DrawFirst,
    EndTurn,
    PointBlank,
    Resign,
    Shoot,
    Step,
)
from seabattle.manoeuvres.board import Board, Piece
from seabattle.manoeuvres.events import (
    Deployed,
    Event,
    FirstDrawn,
    GameEnded,
    Moved,
    Revealed,
    TurnEnded,
)
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import refuse, refuse_layout
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.setup import random_layout
from seabattle.manoeuvres.views import ManoeuvreView, Phase, SeenPiece, Stage


class ManoeuvreState(GameState[Action, Event, ManoeuvreView]):
    """A game of manoeuvres from the set-up on; ``first``: the seat that starts, if the
    table fixed it (otherwise chance draws it)."""

    def __init__(self, rules: ManoeuvreRules, first: int | None = None) -> None:
        if first is not None and first not in SEATS:
            raise SeaBattleError("error.not_a_player", player=first)
        self.rules = rules
        self.first = first
        """The seat that starts when the table fixed it (a match alternates it): the lot
        is then drawn for it as soon as both have set up, and logged as chance's move."""
        self.board = Board(rules.grid)
        self.layouts: list[Deploy | None] = [None, None]
        self.to_move: int | None = None
        self.stage: Stage | None = None
        self.moved: int | None = None
        """After a move: the cell the moved piece stands on now."""
        self.pending: Attack | None = None
        self.damage = False
        """The turn has done the enemy damage that earns a bonus turn."""
        self.removal = False
        """A piece has left the field this turn."""
        self.bonus_turn = False
        """This turn is a bonus turn (which earns no further one)."""
        self.quiet = 0
        self.known: set[tuple[int, int]] = set()
        """Pieces (owner, number) whose kind both players know."""
        self.has_moved: set[tuple[int, int]] = set()
        self.lost: tuple[list[Kind], list[Kind]] = ([], [])
        self.result: Outcome | None = None
        self._log: list[Move[Action]] = []
        self._legal: list[Action] | None = None

    def copy(self, *, keep_log: bool = True) -> ManoeuvreState:
        """An independent copy; without ``keep_log`` its log starts empty (a search's
        copies need no history)."""
        clone = ManoeuvreState.__new__(ManoeuvreState)
        clone.__dict__.update(self.__dict__)
        clone.board = self.board.copy()
        clone.layouts = list(self.layouts)
        clone.known = set(self.known)
        clone.has_moved = set(self.has_moved)
        clone.lost = (list(self.lost[0]), list(self.lost[1]))
        clone._log = list(self._log) if keep_log else []
        return clone

    @classmethod
    def from_view(cls, view: ManoeuvreView, guesses: Mapping[int, Kind]) -> ManoeuvreState:
        """A game in play as ``view``'s seat sees it, the enemy's unknown pieces (by number)
        of the kinds ``guesses`` gives: a determinisation built from the view alone, for a
        computer player or a bot (without a log; its set-ups are not kept)."""
        if view.seat is None or view.phase is not Phase.PLAY:
            raise SeaBattleError("error.not_a_player", player=view.seat)
        state = cls(view.rules)
        state.layouts = [Deploy(()), Deploy(())]
        for seen in view.pieces:
            kind = seen.kind if seen.kind is not None else guesses[seen.number]
            state.board.at[seen.cell] = Piece(seen.owner, seen.number, kind)
            if seen.moved:
                state.has_moved.add((seen.owner, seen.number))
            if seen.shown or (seen.owner != view.seat and seen.kind is not None):
                state.known.add((seen.owner, seen.number))
        state.lost = (list(view.lost[0]), list(view.lost[1]))
        state.stage = view.stage
        state.to_move = view.to_move if view.stage is not Stage.DEFENCE else (
            None if view.to_move is None else 1 - view.to_move)
        state.pending = view.pending
        state.quiet = view.quiet_turns
        state.bonus_turn = view.bonus_turn
        state.moved = view.moved
        return state

    def with_kinds(self, owner: int, kinds: Mapping[int, Kind]) -> ManoeuvreState:
        """A copy without a log where ``owner``'s pieces on the field numbered as in
        ``kinds`` are of those kinds instead, and ``owner``'s set-up is forgotten: a
        determinisation, a guess at hidden identities that holds nothing else hidden."""
        clone = self.copy(keep_log=False)
        for cell, piece in list(clone.board.at.items()):
            if piece.owner == owner and piece.number in kinds:
                clone.board.at[cell] = Piece(owner, piece.number, kinds[piece.number])
        if self.phase is not Phase.SETUP:
            clone.layouts[owner] = Deploy(())
        clone._legal = None
        return clone

    def play(self, seat: int, action: Action) -> list[Event]:
        """:meth:`apply` without the check, for a search that takes ``action`` from
        :meth:`legal_actions` (anything else leaves the state broken); not logged."""
        self._legal = None
        return self._take(seat, action)

    @property
    def log(self) -> Sequence[Move[Action]]:
        return self._log

    @property
    def phase(self) -> Phase:
        """Where the game is."""
        if self.result is not None:
            return Phase.OVER
        if None in self.layouts:
            return Phase.SETUP
        return Phase.LOT if self.to_move is None else Phase.PLAY

    @property
    def actor(self) -> int | None:
        """The one seat to act now during play (the defender while an attack waits)."""
        if self.phase is not Phase.PLAY or self.to_move is None:
            return None
        return 1 - self.to_move if self.stage is Stage.DEFENCE else self.to_move

    @property
    def actors(self) -> Actors:
        phase = self.phase
        if phase is Phase.SETUP:
            return Actors.of([seat for seat in SEATS if self.layouts[seat] is None])
        if phase is Phase.LOT:
            return Actors.of_chance()
        actor = self.actor
        return Actors() if actor is None else Actors.seat(actor)

    # --- listing and checking -------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action] | None:
        if self.phase is Phase.SETUP:
            return None if self.layouts[seat] is None and seat in SEATS else []
        if seat != self.actor:
            return []
        if self._legal is None:
            self._legal = moves.legal(self, seat)
        return self._legal

    def check(self, seat: int, action: Action) -> None:
        if seat not in SEATS:
            raise SeaBattleError("error.not_a_player", player=seat)
        if self.phase is Phase.OVER:
            raise GameOverError()
        if isinstance(action, Resign):
            return
        if isinstance(action, Deploy) and self.phase is Phase.SETUP \
                and self.layouts[seat] is None:
            refuse_layout(self.rules, seat, action)
            return
        if seat not in self.actors.seats or isinstance(action, Deploy | DrawFirst):
            raise NotYourMoveError(seat=seat + 1)
        if action not in (self.legal_actions(seat) or ()):
            refuse(self, seat, action)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        if seat not in self.actors.seats:
            raise GameOverError() if self.phase is Phase.OVER else NotYourMoveError(seat=seat + 1)
        if self.phase is Phase.SETUP:
            return Deploy(random_layout(self.rules, seat, rng))
        listed = self.legal_actions(seat)
        assert listed
        # A kind of action first, then one of that kind: otherwise the many moves crowd
        # out the few attacks and shots, and random games wander for ever.
        by_kind: dict[type, list[Action]] = {}
        for action in listed:
            by_kind.setdefault(type(action), []).append(action)
        return rng.choice(by_kind[rng.choice(sorted(by_kind, key=lambda t: t.__name__))])

    def chance_outcomes(self) -> Sequence[ChanceOutcome[Action]]:
        if self.phase is not Phase.LOT:
            return []
        return [ChanceOutcome(DrawFirst(seat), Fraction(1, 2)) for seat in SEATS]

    # --- applying -------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        self.check(seat, action)
        self._log.append(Move(seat, action))
        self._legal = None
        return self._take(seat, action)

    def _take(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Resign):
            return self._finish(1 - seat, "outcome.resigned")
        if isinstance(action, Deploy):
            return self._deploy(seat, action)
        if isinstance(action, Step):
            return self._step(seat, action)
        if isinstance(action, EndTurn):
            return self._end_turn(seat)
        events: list[Event]
        if isinstance(action, Attack):
            events = combat.attack(self, seat, action)
            if self.stage is Stage.DEFENCE:
                return events
        elif isinstance(action, Defend):
            assert self.pending is not None and self.to_move is not None
            seat = self.to_move
            events = combat.defend(self, seat, self.pending, action)
            self.pending = None
        elif isinstance(action, Shoot | PointBlank):
            events = combat.torpedo(self, seat, action)
        else:
            assert isinstance(action, Detonate)
            events = combat.detonate(self, seat, action)
        return events + self._after_blow(seat)

    def apply_chance(self, action: Action) -> list[Event]:
        if self.phase is not Phase.LOT or not isinstance(action, DrawFirst) \
                or action.seat not in SEATS:
            raise SeaBattleError("error.no_chance")
        self._log.append(Move(-1, action))
        self._legal = None
        self.to_move = action.seat
        self.stage = Stage.MAIN
        events: list[Event] = [FirstDrawn(action.seat)]
        return events + self._check_can_act()

    def _deploy(self, seat: int, action: Deploy) -> list[Event]:
        self.layouts[seat] = action
        events: list[Event] = [Deployed(seat)]
        if None not in self.layouts:
            for owner, layout in enumerate(self.layouts):
                assert layout is not None
                for number, (cell, kind) in enumerate(layout.layout):
                    self.board.at[cell] = Piece(owner, number, kind)
            if self.first is not None:
                events += self.apply_chance(DrawFirst(self.first))
        return events

    def _step(self, seat: int, action: Step) -> list[Event]:
        board = self.board
        piece = board.at[action.source]
        moving = [(action.source, action.target)] + [
            (cell, moves.shifted(self.rules.grid, cell, action.source, action.target))
            for cell in action.tow]
        carried = {source: board.at.pop(source) for source, _target in moving}
        for source, target in moving:
            board.at[target] = carried[source]
        distance = moves.distance(self.rules.grid, action.source, action.target)
        shown = piece.kind if (action.tow or distance == 2 or not piece.kind.moves_alone) \
            else None
        towed_kind = board.at[moving[1][1]].kind if action.tow else None
        events: list[Event] = [Moved(seat, action.source, action.target, shown,
                                     tuple(moving[1:]), towed_kind)]
        if piece.kind.moves_alone:
            self.has_moved.add((seat, piece.number))
        for source, target in moving:
            if source == action.source and shown is None:
                continue
            events += self.reveal(target)
        self.moved = action.target
        if moves.has_follow_ups(self, seat, action.target):
            self.stage = Stage.AFTER_MOVE
            return events
        return events + self._end_turn(seat)

    def _after_blow(self, seat: int) -> list[Event]:
        """After an attack, shot or bomb: the game may be over; otherwise the turn is."""
        if self.result is not None:
            return []
        finished = self._check_end()
        return finished or self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        self.quiet = 0 if self.removal else self.quiet + 1
        earned = self.damage and not self.bonus_turn
        self.damage = self.removal = False
        self.moved = None
        self.pending = None
        events: list[Event] = [TurnEnded(seat, earned)]
        if self.quiet >= self.rules.quiet_turns:
            return events + self._finish(None, "manoeuvres.outcome.quiet")
        self.bonus_turn = earned
        if earned:
            self.stage = Stage.BONUS
            return events
        self.to_move = 1 - seat
        self.stage = Stage.MAIN
        return events + self._check_can_act()

    def _check_can_act(self) -> list[Event]:
        """A side that cannot act on its turn loses (seed silent; docs/manoeuvres.md)."""
        assert self.to_move is not None
        if not moves.can_act(self, self.to_move):
            return self._finish(1 - self.to_move, "manoeuvres.outcome.cannot_act")
        return []

    def _check_end(self) -> list[Event]:
        for seat in SEATS:
            if not any(piece.kind is Kind.FORT for _cell, piece in self.board.of(1 - seat)):
                return self._finish(seat, "manoeuvres.outcome.forts_taken")
        if not any(piece.kind.is_ship for piece in self.board.at.values()):
            return self._finish(None, "manoeuvres.outcome.no_ships")
        return []

    def _finish(self, winner: int | None, reason: str) -> list[Event]:
        self.result = Outcome(winner, Text(reason))
        self.stage = None
        self.pending = None
        return [GameEnded(winner, reason)]

    # --- what changes hands between the modules of the engine ----------------------------

    def reveal(self, cell: int) -> list[Event]:
        """Make the kind of the piece on ``cell`` known to both (if it was not)."""
        piece = self.board.at[cell]
        if (piece.owner, piece.number) in self.known:
            return []
        self.known.add((piece.owner, piece.number))
        return [Revealed(piece.owner, cell, piece.kind)]

    # --- knowing --------------------------------------------------------------------------

    def view(self, seat: int | None) -> ManoeuvreView:
        over = self.phase is Phase.OVER
        pieces = tuple(
            SeenPiece(piece.owner, piece.number, cell,
                      piece.kind if over or piece.owner == seat
                      or (piece.owner, piece.number) in self.known else None,
                      (piece.owner, piece.number) in self.has_moved,
                      (piece.owner, piece.number) in self.known)
            for cell, piece in sorted(self.board.at.items()))
        if self.phase is Phase.SETUP and seat is not None and self.layouts[seat] is not None:
            layout = self.layouts[seat]
            assert layout is not None
            pieces = tuple(SeenPiece(seat, number, cell, kind, False)
                           for number, (cell, kind) in enumerate(layout.layout))
        return ManoeuvreView(
            self.rules, seat, self.phase,
            (self.layouts[0] is not None, self.layouts[1] is not None),
            self.actor, self.stage, pieces, (tuple(self.lost[0]), tuple(self.lost[1])),
            self.pending, self.quiet, None if self.result is None else self.result.winner,
            self.bonus_turn, self.moved)

    def outcome(self) -> Outcome | None:
        return self.result

    def census(self, owner: int) -> Counter[Kind]:
        """How many pieces of each kind ``owner`` has: on the field and lost (before the
        set-up, the rules' counts)."""
        counted: Counter[Kind] = Counter(self.lost[owner])
        counted.update(piece.kind for piece in self.board.at.values() if piece.owner == owner)
        return counted
