"""A lesson of the mathematical sea battle as a game of the shared interface
(:mod:`seabattle.games.interface`): its rule set, actions, events, views and
:class:`LessonState`.

The state wraps a :class:`~seabattle.battleship.classroom.MathBattle` (which the terminal
lessons drive directly) and says, in the interface's terms, who acts:

* the team to fire (a seat: teams are seats 0 and 1), with :class:`FireAt`;
* **chance**, right after a shot that sank a ship or hit a mine: the problem drawn
  (:class:`DrawProblem`). A lesson's draws come from the generator its seed starts —
  the seed is part of the rule set, so that the same seed gives the same lesson on the
  terminal and in the browser (``docs/classroom.md``) — so chance lists one outcome, the
  problem that generator drew, and the draw is logged like any chance move (a replay
  checks it);
* the team whose problem waits for its mark, with :class:`MarkAnswer` (the teacher marks
  it for the team);
* nobody, once one fleet is gone and the last problem is marked, or the lesson was ended
  (:class:`EndLesson`).

A teacher acts for both seats (the server's ``hotseat`` rooms, ``docs/server.md``); what
the class may see is the spectators' view, which hides the open problem's answer and the
seed (from which the fleets could be worked out).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from seabattle.battleship.classroom import (
    DrawnProblem,
    MarkedProblem,
    MarkError,
    MathBattle,
    ProblemPendingError,
    ProblemSet,
)
from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Rules, find_rules
from seabattle.coords import ALPHABETS, Coordinates, iter_cells
from seabattle.errors import GameOverError, NotYourMoveError, SeaBattleError
from seabattle.games.interface import (
    CHANCE,
    JSON,
    SEATS,
    Actors,
    ChanceOutcome,
    GameState,
    Move,
    Outcome,
)
from seabattle.i18n import Language, Text

MAX_TEAM_NAME = 40
"""The longest team name a lesson takes."""
MAX_SEED = 2**63 - 1
"""The largest seed a lesson takes."""


# --- the rule set ----------------------------------------------------------------------

@dataclass(frozen=True)
class LessonRules:
    """Everything that makes a lesson what it is, fixed before the first shot: the problem
    set, the lesson's language (of its cell names and default team names), the teams'
    names, the seed of the random fleets and the problem draws, the team that fires first,
    and the teams' own fleets (``None``: placed at random from the seed)."""

    problems: ProblemSet
    language: Language
    seed: int
    teams: tuple[str, str] = ("", "")
    first: int = 0
    fleets: tuple[Fleet | None, Fleet | None] = (None, None)

    @property
    def board(self) -> Rules:
        """The Battleship rules the lesson is played on (the ``math`` preset)."""
        return find_rules("math")

    def new_battle(self) -> MathBattle:
        """The lesson's battle before the first shot."""
        return MathBattle(self.problems, rules=self.board, fleets=self.fleets,
                          first=self.first, seed=self.seed, teams=self.teams)


# --- actions and events ----------------------------------------------------------------

@dataclass(frozen=True)
class FireAt:
    """The team to move fires at ``cell`` of the other team's field."""

    cell: int


@dataclass(frozen=True)
class MarkAnswer:
    """The teacher marks the open problem solved (``right``) or not."""

    right: bool


@dataclass(frozen=True)
class DrawProblem:
    """Chance: the problem drawn for the shot just fired (its id in the problem set)."""

    problem_id: str


@dataclass(frozen=True)
class EndLesson:
    """The lesson ends now, scores as they stand (the rooms' resignation)."""


LessonAction = FireAt | MarkAnswer | DrawProblem | EndLesson
"""Anything a team, the teacher or chance does in a lesson."""


@dataclass(frozen=True)
class LessonShot:
    """``team`` fired at ``cell``: what the shot found (a :class:`ShotResult` value)."""

    team: int
    cell: int
    result: ShotResult


@dataclass(frozen=True)
class ProblemDrawn:
    """A problem was drawn for the team that fired."""

    drawn: DrawnProblem


@dataclass(frozen=True)
class ProblemMarked:
    """The teacher marked a problem; the team's score changed by ``marked.change``."""

    marked: MarkedProblem


@dataclass(frozen=True)
class LessonEnded:
    """The lesson was ended early (for ``team``, by the teacher or the room)."""

    team: int


LessonEvent = LessonShot | ProblemDrawn | ProblemMarked | LessonEnded
"""What a lesson's moves cause."""


# --- views -----------------------------------------------------------------------------

@dataclass(frozen=True)
class OpenProblem:
    """The problem that waits for its mark; ``answer`` is ``None`` for the class."""

    team: int
    kind: str
    id: str
    text: str
    points: int
    answer: str | None


@dataclass(frozen=True)
class LessonView:
    """What a seat (the teacher, who acts for both teams) or the class may know."""

    teams: tuple[str, str]
    scores: tuple[int, int]
    fields: tuple[tuple[str, ...], tuple[str, ...]]
    """Each team's field as the class sees it (ships hidden):
    :meth:`~seabattle.battleship.classroom.MathBattle.field_marks`."""
    to_move: int | None
    problem: OpenProblem | None
    last_shot: LessonShot | None
    last_mark: MarkedProblem | None
    marked: tuple[MarkedProblem, ...]
    problem_set: str
    seed: int | None
    """The lesson's seed, for the teacher only (the fleets follow from it)."""
    over: bool
    result: str | None
    """``win`` or ``draw`` once the lesson is over by its rules; ``None`` otherwise."""
    winner: int | None
    fleet_winner: int | None
    ended_by: int | None
    """The team for which the lesson was ended early, if it was."""


# --- the state -------------------------------------------------------------------------

class LessonState(GameState[LessonAction, LessonEvent, LessonView]):
    """A lesson being played: a :class:`MathBattle` and the log of its moves."""

    def __init__(self, rules: LessonRules) -> None:
        self.rules = rules
        self.battle = rules.new_battle()
        self._log: list[Move[LessonAction]] = []
        self._undrawn: DrawnProblem | None = None
        """The problem the lesson's generator drew at the last shot, until chance's move
        announces it."""
        self._ended_by: int | None = None
        self.last_shot: LessonShot | None = None

    @property
    def log(self) -> Sequence[Move[LessonAction]]:
        return self._log

    @property
    def over(self) -> bool:
        """Whether the lesson is over (by its rules, or ended early)."""
        return self._ended_by is not None or self.battle.is_over

    @property
    def actors(self) -> Actors:
        if self.over:
            return Actors()
        if self._undrawn is not None:
            return Actors.of_chance()
        drawn = self.battle.open_problem
        if drawn is not None:
            return Actors.seat(drawn.team)
        team = self.battle.to_move
        assert team is not None
        return Actors.seat(team)

    # --- checking ------------------------------------------------------------------------

    def check(self, seat: int, action: LessonAction) -> None:
        self._refuse(seat, action)
        if isinstance(action, FireAt):
            game = self.battle.game
            saved = game.snapshot()  # the engine checks the shot in its own words
            try:
                game.fire(seat, action.cell)
            finally:
                game.restore(saved)

    def _refuse(self, seat: int, action: LessonAction) -> None:
        """Refuse what may not be done now; the engine refuses a bad shot itself."""
        if seat not in SEATS:
            raise SeaBattleError("error.not_a_player", player=seat)
        if self.over:
            raise GameOverError()
        if isinstance(action, EndLesson):
            return
        drawn = self.battle.open_problem
        if isinstance(action, MarkAnswer):
            if drawn is None:
                raise MarkError()
            if seat != drawn.team:
                raise NotYourMoveError(seat=seat + 1)
            return
        if not isinstance(action, FireAt) or self._undrawn is not None:
            raise NotYourMoveError(seat=seat + 1)
        if drawn is not None:
            raise ProblemPendingError(team=self._team_label(drawn.team))
        if seat != self.battle.to_move:
            raise NotYourMoveError(seat=seat + 1)

    def _team_label(self, team: int) -> Text | str:
        return self.rules.teams[team] or Text("classroom.team_default", {"number": team + 1})

    # --- listing and drawing -------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[LessonAction]:
        if seat not in self.actors.seats:
            return []
        if self.battle.open_problem is not None:
            return [MarkAnswer(True), MarkAnswer(False)]
        shots = self.battle.game.view(seat).legal_shots()
        return [FireAt(cell) for cell in iter_cells(shots)]

    def random_action(self, seat: int, rng: random.Random) -> LessonAction:
        if seat not in self.actors.seats:
            raise GameOverError() if self.over else NotYourMoveError(seat=seat + 1)
        return rng.choice(list(self.legal_actions(seat)))

    def chance_outcomes(self) -> Sequence[ChanceOutcome[LessonAction]]:
        if self._undrawn is None or self.over:
            return []
        return [ChanceOutcome(DrawProblem(self._undrawn.problem.id), Fraction(1))]

    # --- applying ------------------------------------------------------------------------

    def apply(self, seat: int, action: LessonAction) -> list[LessonEvent]:
        self._refuse(seat, action)
        events: list[LessonEvent]
        if isinstance(action, EndLesson):
            self._ended_by = seat
            events = [LessonEnded(seat)]
        elif isinstance(action, MarkAnswer):
            events = [ProblemMarked(self.battle.mark(action.right))]
        else:
            assert isinstance(action, FireAt)
            shot = self.battle.fire(seat, action.cell)  # the engine refuses, changing nothing
            self.last_shot = LessonShot(seat, shot.cell, shot.result)
            self._undrawn = self.battle.open_problem
            events = [self.last_shot]
        self._log.append(Move(seat, action))
        return events

    def apply_chance(self, action: LessonAction) -> list[LessonEvent]:
        drawn = self._undrawn
        if drawn is None or not isinstance(action, DrawProblem) or self.over:
            raise SeaBattleError("error.no_chance")
        if action.problem_id != drawn.problem.id:
            raise SeaBattleError("error.classroom_draw", drawn=drawn.problem.id,
                                 logged=action.problem_id)
        self._undrawn = None
        self._log.append(Move(CHANCE, action))
        return [ProblemDrawn(drawn)]

    # --- knowing -------------------------------------------------------------------------

    def view(self, seat: int | None) -> LessonView:
        battle = self.battle
        drawn = None if self._undrawn is not None else battle.open_problem
        problem = None if drawn is None else OpenProblem(
            drawn.team, drawn.problem.kind.value, drawn.problem.id, drawn.problem.text,
            drawn.problem.points, None if seat is None else drawn.problem.answer)
        outcome = battle.outcome
        return LessonView(
            teams=battle.teams, scores=battle.scores,
            fields=(battle.field_marks(0), battle.field_marks(1)),
            to_move=None if self.over or drawn is not None else battle.to_move,
            problem=problem, last_shot=self.last_shot,
            last_mark=battle.marked[-1] if battle.marked else None,
            marked=tuple(battle.marked), problem_set=battle.problems.name,
            seed=None if seat is None else battle.seed, over=self.over,
            result=None if outcome is None else outcome.value,
            winner=battle.winner if outcome is not None else self._score_leader(),
            fleet_winner=battle.fleet_winner, ended_by=self._ended_by)

    def _score_leader(self) -> int | None:
        """The team ahead on points once the lesson was ended early; ``None`` otherwise."""
        a, b = self.battle.scores
        if self._ended_by is None or a == b:
            return None
        return 0 if a > b else 1

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        if self._ended_by is not None:
            return Outcome(self._score_leader(), Text("outcome.lesson_ended"))
        winner = self.battle.winner
        return Outcome(winner, Text("outcome.lesson_draw" if winner is None
                                    else "outcome.lesson_score"))


# --- as plain data (records, the store, clients) ----------------------------------------

def drawn_to_data(drawn: DrawnProblem) -> dict[str, JSON]:
    """A drawn problem as plain data: its text, answer and worth, and the shot's index in
    the game's events (as lesson records keep it)."""
    problem = drawn.problem
    return {"team": drawn.team, "kind": problem.kind.value, "id": problem.id,
            "text": problem.text, "answer": problem.answer, "points": problem.points,
            "after_event": drawn.shot_event}


def marked_to_data(marked: MarkedProblem) -> dict[str, JSON]:
    """A marked problem as plain data: the problem, the mark and what it did to the score."""
    return {**drawn_to_data(marked.drawn), "right": marked.right, "change": marked.change,
            "score": marked.score}


def event_to_data(event: LessonEvent) -> dict[str, JSON]:
    """An event as plain data (a shot's cell named in Latin letters, as records name them)."""
    if isinstance(event, LessonShot):
        names = Coordinates(find_rules("math").grid, ALPHABETS["latin"])
        return {"type": "shot", "team": event.team, "cell": names.name(event.cell),
                "result": event.result.value}
    if isinstance(event, ProblemDrawn):
        return {"type": "problem", **drawn_to_data(event.drawn)}
    if isinstance(event, LessonEnded):
        return {"type": "ended", "team": event.team}
    return {"type": "marked", **marked_to_data(event.marked)}


def view_to_data(view: LessonView) -> dict[str, JSON]:
    """A view as plain data (cells as numbers, the fields' marks by name)."""
    problem = view.problem
    shot = view.last_shot
    return {
        "teams": list(view.teams), "scores": list(view.scores),
        "fields": [list(field) for field in view.fields], "to_move": view.to_move,
        "problem": None if problem is None else {
            "team": problem.team, "kind": problem.kind, "id": problem.id,
            "text": problem.text, "points": problem.points, "answer": problem.answer},
        "last": None if shot is None else {"team": shot.team, "cell": shot.cell,
                                           "result": shot.result.value},
        "last_mark": None if view.last_mark is None else marked_to_data(view.last_mark),
        "marked": [marked_to_data(m) for m in view.marked],
        "problem_set": view.problem_set, "seed": view.seed, "over": view.over,
        "result": view.result, "winner": view.winner, "fleet_winner": view.fleet_winner,
        "ended_by": view.ended_by}


__all__ = ["MAX_SEED", "MAX_TEAM_NAME", "DrawProblem", "EndLesson", "FireAt", "LessonAction",
           "LessonEnded", "LessonEvent", "LessonRules", "LessonShot", "LessonState",
           "LessonView", "MarkAnswer", "OpenProblem", "ProblemDrawn", "ProblemMarked",
           "drawn_to_data", "event_to_data", "marked_to_data", "view_to_data"]
