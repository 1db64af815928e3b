"""The mathematical sea battle: two teams, a teacher, problems for sunk ships and mines.

The classroom variant of RULES.md §3 (seed 001, «Математический морской бой»): the
classic game on the ``math`` preset (classic fleet and three mines per field), where

* sinking a ship makes the shooting team draw a problem worth 1–4 points: the sunk
  ship's size chooses the pool (a four-decker draws from the 4-point problems … a
  one-decker from the 1-point ones), and the problem's own points are what it is worth;
  a pool used up lends its nearest neighbour (the lower on a tie);
* hitting a mine makes the shooting team draw a harder *mine* problem, +2 if solved and
  −2 if not (scores may go below zero); the turn passes to the mine's owner, as the
  engine's :attr:`~seabattle.battleship.rules.MineEffect.PROBLEM` rules say;
* the teacher marks each answer right or wrong (:meth:`MathBattle.mark`); no shot is
  accepted while a problem waits for its mark;
* the game ends when one fleet is gone (and the last problem is marked); the higher
  score wins, equal scores are a draw (sinking the last ship is already paid in points).

Draws come from one seeded generator without repetition: a problem comes back only
once every problem of its kind has been used (then the whole kind is shuffled again).

Problem sets are plain data (:meth:`ProblemSet.from_dict`, :meth:`ProblemSet.from_text`;
the file format is in ``docs/classroom.md``); this module reads no files.

>>> problems = ProblemSet.from_dict({"format": "seabattle-problems", "version": 1,
...     "language": "en", "problem": [{"text": "2 + 2", "answer": 4, "points": 1}],
...     "mine": [{"text": "17 × 3", "answer": "51"}]})
>>> battle = MathBattle(problems, seed=1)
>>> battle.scores, battle.to_move
((0, 0), 0)
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.fleet import (
    Fleet,
    Ship,
    check_ship,
    random_fleet,
    ship_from_cells,
    validate_fleet,
)
from seabattle.battleship.game import Game, other
from seabattle.battleship.marks import Mark, enemy_marks
from seabattle.battleship.record import GameRecord, PlayerInfo, fleet_from_data
from seabattle.battleship.rules import MineEffect, Role, Rules, ShipKind, find_rules
from seabattle.coords import ALPHABETS, Alphabet, Coordinates
from seabattle.errors import IllegalShotError, RecordError, RulesError, SeaBattleError
from seabattle.games import chance
from seabattle.i18n import LANGUAGES, Language, Text

FORMAT: Final = "seabattle-problems"
"""The ``format`` key of a problem file."""
VERSION: Final = 1
RECORD_FORMAT: Final = "seabattle-classroom"
"""The ``format`` key of a lesson record (:meth:`MathBattle.to_json`)."""

MINE_POINTS: Final = 2
"""What a mine problem is worth: won if solved, lost if not."""
POINTS: Final = range(1, 5)
"""The points a ship problem may be worth."""


# --- errors ------------------------------------------------------------------------

class ProblemSetError(SeaBattleError):
    """A problem set that cannot be used: bad syntax, a bad field, no problems."""

    key = "error.problems_invalid"


class ProblemSyntaxError(ProblemSetError):
    """A problem file that is not TOML or JSON at all."""

    key = "error.problems_syntax"


class ProblemPendingError(IllegalShotError):
    """A shot while a drawn problem has not been marked yet."""

    key = "error.problem_pending"


class MarkError(SeaBattleError):
    """A mark when no problem waits for one (or the game is over)."""

    key = "error.no_problem"


# --- problems ----------------------------------------------------------------------

class ProblemKind(Enum):
    """Which pool a problem is drawn from."""

    SHIP = "problem"
    """Drawn for sinking a ship; worth its points if solved, nothing if not."""
    MINE = "mine"
    """Drawn for hitting a mine; +2 if solved, −2 if not."""


@dataclass(frozen=True)
class Problem:
    """One problem: its text and answer in the set's language, and what it is worth."""

    id: str
    text: str
    answer: str
    points: int
    """1–4 for a ship problem; :data:`MINE_POINTS` for a mine problem."""
    kind: ProblemKind = ProblemKind.SHIP

    def score_change(self, right: bool) -> int:
        """How the team's score changes when this problem is marked ``right`` or not."""
        if self.kind is ProblemKind.MINE:
            return self.points if right else -self.points
        return self.points if right else 0


_TOP_KEYS = {"format", "version", "name", "language", "problem", "mine"}
_PROBLEM_KEYS = {"id", "text", "answer", "points"}


@dataclass(frozen=True)
class ProblemSet:
    """Ship problems (1–4 points) and mine problems, all in one language."""

    name: str
    language: Language
    problems: tuple[Problem, ...]
    """The ship problems, in file order."""
    mines: tuple[Problem, ...]
    """The mine problems, in file order."""

    def __post_init__(self) -> None:
        _check_pools(self.problems, self.mines, self.name)

    def find(self, problem_id: str) -> Problem:
        """The problem with ``problem_id``; ``KeyError`` if there is none."""
        for problem in (*self.problems, *self.mines):
            if problem.id == problem_id:
                return problem
        raise KeyError(problem_id)

    def by_points(self) -> dict[int, tuple[Problem, ...]]:
        """The ship problems grouped by points (every value of :data:`POINTS` present)."""
        return {points: tuple(p for p in self.problems if p.points == points)
                for points in POINTS}

    @classmethod
    def from_text(cls, text: str, syntax: str, source: str = "problems") -> ProblemSet:
        """A problem set from the text of a file; ``syntax`` is ``"toml"`` or ``"json"``."""
        try:
            data = json.loads(text) if syntax == "json" else tomllib.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
            raise ProblemSyntaxError(source=source, syntax=syntax.upper(),
                                     problem=str(error)) from None
        return cls.from_dict(data, source)

    @classmethod
    def from_dict(cls, data: Any, source: str = "problems") -> ProblemSet:
        """A problem set from plain data (a parsed problem file); see ``docs/classroom.md``.

        Every field is checked; a :class:`ProblemSetError` names the file, the problem
        and the field, quotes the value and says what would do.
        """
        where_file = Text("problems.where.file")
        if not isinstance(data, Mapping):
            raise ProblemSetError("error.problems_field", source=source, where=where_file,
                                  field="problems", value=data, expected=Text("expect.table"))
        unknown = set(data) - _TOP_KEYS
        if unknown:
            raise ProblemSetError("error.problems_unknown_key", source=source, where=where_file,
                                  keys=", ".join(sorted(map(str, unknown))),
                                  known=", ".join(sorted(_TOP_KEYS)))
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ProblemSetError("error.problems_format", source=source,
                                  value=f"format = {data.get('format')!r}, "
                                        f"version = {data.get('version')!r}")
        language = data.get("language", "en")
        if language not in LANGUAGES:
            raise ProblemSetError("error.problems_field", source=source, where=where_file,
                                  field="language", value=language,
                                  expected=Text("expect.problem_language"))
        name = data.get("name", source)
        if not isinstance(name, str) or not name.strip():
            raise ProblemSetError("error.problems_field", source=source, where=where_file,
                                  field="name", value=name, expected=Text("expect.problem_text"))
        problems = _problem_list(data, "problem", ProblemKind.SHIP, source)
        mines = _problem_list(data, "mine", ProblemKind.MINE, source)
        _check_pools(problems, mines, source)
        return cls(name, language, problems, mines)

    def to_dict(self) -> dict[str, Any]:
        """The set as plain data, the inverse of :meth:`from_dict`."""
        return {"format": FORMAT, "version": VERSION, "name": self.name,
                "language": self.language,
                "problem": [{"id": p.id, "text": p.text, "answer": p.answer,
                             "points": p.points} for p in self.problems],
                "mine": [{"id": p.id, "text": p.text, "answer": p.answer} for p in self.mines]}


def _check_pools(problems: Sequence[Problem], mines: Sequence[Problem], source: str) -> None:
    """Refuse a set without ship or mine problems, or with an id used twice."""
    for pool, kind in ((problems, ProblemKind.SHIP), (mines, ProblemKind.MINE)):
        if not pool:
            raise ProblemSetError("error.problems_none", source=source,
                                  kind=Text(f"problems.kind.{kind.value}"))
    seen: set[str] = set()
    for problem in (*problems, *mines):
        if problem.id in seen:
            raise ProblemSetError("error.problems_duplicate_id", source=source, id=problem.id)
        seen.add(problem.id)


def _problem_list(data: Mapping[str, Any], key: str, kind: ProblemKind,
                  source: str) -> tuple[Problem, ...]:
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise ProblemSetError("error.problems_field", source=source,
                              where=Text("problems.where.file"), field=key, value=entries,
                              expected=Text("expect.problem_list"))
    prefix = "p" if kind is ProblemKind.SHIP else "m"
    return tuple(_problem(entry, kind, f"{prefix}{number}", number, source)
                 for number, entry in enumerate(entries, start=1))


def _problem(entry: Any, kind: ProblemKind, default_id: str, number: int,
             source: str) -> Problem:
    where = Text(f"problems.where.{kind.value}", {"number": number})

    def refuse(name: str, value: Any, expected: str) -> ProblemSetError:
        return ProblemSetError("error.problems_field", source=source, where=where,
                               field=name, value=value, expected=Text(expected))

    if not isinstance(entry, Mapping):
        raise refuse(kind.value, entry, "expect.table")
    known = _PROBLEM_KEYS if kind is ProblemKind.SHIP else _PROBLEM_KEYS - {"points"}
    unknown = set(entry) - known
    if unknown:
        raise ProblemSetError("error.problems_unknown_key", source=source, where=where,
                              keys=", ".join(sorted(map(str, unknown))),
                              known=", ".join(sorted(known)))
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        raise refuse("text", text, "expect.problem_text")
    answer = entry.get("answer")
    # A teacher writes `answer = 56`; bool is an int in Python, but `answer = true` is a slip.
    if isinstance(answer, bool) or not isinstance(answer, str | int | float) or (
            isinstance(answer, str) and not answer.strip()):
        raise refuse("answer", answer, "expect.problem_answer")
    problem_id = entry.get("id", default_id)
    if not isinstance(problem_id, str) or not problem_id.strip():
        raise refuse("id", problem_id, "expect.problem_text")
    points: Any = MINE_POINTS
    if kind is ProblemKind.SHIP:
        points = entry.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or points not in POINTS:
            raise refuse("points", points, "expect.problem_points")
    return Problem(problem_id.strip(), text.strip(), str(answer).strip(), points, kind)


# --- the lesson --------------------------------------------------------------------

class Outcome(Enum):
    """How a finished lesson ended."""

    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True)
class DrawnProblem:
    """A problem ``team`` drew, after the shot that is event ``shot_event`` of the game."""

    team: int
    problem: Problem
    shot_event: int
    """Index of the sinking (or mine) shot in :attr:`~seabattle.battleship.game.Game.events`."""


@dataclass(frozen=True)
class MarkedProblem:
    """A drawn problem the teacher marked, and what it did to the team's score."""

    drawn: DrawnProblem
    right: bool
    change: int
    score: int
    """The team's score after the mark."""


MINE_WORDS = ("mine", "мина", "*")
"""How a fleet file's line names a mine."""


def fleet_syntax(name: str) -> str:
    """The syntax of a fleet file (for :func:`fleet_from_text`) by its name: a ``.json``
    file is a record-style list of ships, any other one piece per line.

    >>> fleet_syntax("Team-1.JSON"), fleet_syntax("team1.txt")
    ('json', 'text')
    """
    return "json" if name.lower().endswith(".json") else "text"


def fleet_from_text(text: str, rules: Rules, alphabet: Alphabet, source: str, *,
                    syntax: str = "text") -> Fleet:
    """A team's fleet as written down, checked against ``rules``.

    ``syntax`` ``"json"``: a record-style list of ships
    (:func:`~seabattle.battleship.record.fleet_from_data`). ``"text"``: one piece per line, its
    cells separated by spaces or commas, ``mine E5`` for a mine, ``#`` starting a
    comment. Cells are named in Latin letters (A–J), or in ``alphabet`` (Russian if
    that is Latin) when the text uses Cyrillic. Errors name ``source`` and the line.
    """
    if syntax == "json":
        try:
            return fleet_from_data(rules, json.loads(text))
        except RecordError as error:
            raise SeaBattleError("error.fleet_file", path=source,
                                 problem=error.params["problem"]) from None
        except SeaBattleError as error:
            raise SeaBattleError("error.fleet_file", path=source, problem=error.text) from None
        except ValueError as error:  # not JSON at all
            raise SeaBattleError("error.fleet_file", path=source, problem=str(error)) from None
    lines = [raw.split("#", 1)[0].replace(",", " ").split() for raw in text.splitlines()]
    cyrillic = any("\u0400" <= char <= "\u04ff" for words in lines
                   for word in words if word.lower() not in MINE_WORDS for char in word)
    if alphabet is ALPHABETS["latin"]:
        alphabet = ALPHABETS["ru"]
    names = Coordinates(rules.grid, alphabet if cyrillic else ALPHABETS["latin"])
    left: list[ShipKind] = list(rules.fleet)
    ships: list[Ship] = []
    for number, words in enumerate(lines, start=1):
        if not words:
            continue
        try:
            mine = words[0].lower() in MINE_WORDS
            cells = [names.parse(word) for word in (words[1:] if mine else words)]
            kind = next((k for k in left if k.size == len(cells)
                         and (k.role is Role.MINE) == mine), None)
            if kind is None:
                forgot_word = not mine and any(k.role is Role.MINE and k.size == len(cells)
                                               for k in left)
                raise SeaBattleError("error.generic", problem=Text(
                    "classroom.fleet_mine_word" if forgot_word
                    else "classroom.fleet_unknown_piece", {"size": len(cells)}))
            left.remove(kind)
            ship = ship_from_cells(rules, kind, cells)
            check_ship(rules, ships, ship)  # here, so that an error names this line
            ships.append(ship)
        except SeaBattleError as error:
            raise SeaBattleError("error.fleet_file_line", path=source, line=number,
                                 problem=error.text) from None
    try:
        return validate_fleet(rules, ships)
    except SeaBattleError as error:  # pieces missing
        raise SeaBattleError("error.fleet_file", path=source, problem=error.text) from None


_FIELD_MARKS = {Mark.WATER: "water", Mark.MISS: "miss", Mark.HIT: "hit", Mark.SUNK: "sunk",
                Mark.RING: "ring", Mark.MINE_SPENT: "mine"}
"""The names of the marks a field of the ``math`` rules can show (which one a cell shows is
:func:`~seabattle.battleship.marks.enemy_marks`' to say, as in every game)."""


class MathBattle:
    """A lesson: a :class:`~.game.Game` on the ``math`` rules, problems and scores.

    Teams are 0 and 1 (the game's players). The teacher fires for the team to move
    (:meth:`fire`), and marks each drawn problem (:meth:`mark`).

    * Action: a cell to fire at, or a mark (right or wrong) when :attr:`open_problem`
      is set.
    * Observation: :meth:`field_marks`, :attr:`scores`, :attr:`open_problem`.
    * End: :attr:`is_over` once a fleet is gone and the last problem is marked;
      :attr:`winner` is the team with the higher score, ``None`` on a draw.
    """

    def __init__(self, problems: ProblemSet, *, rules: Rules | None = None,
                 fleets: Sequence[Fleet | None] = (None, None), first: int = 0,
                 seed: int | None = None, teams: Sequence[str] = ("", "")) -> None:
        rules = rules or find_rules("math")
        _check_rules(rules)
        # Without a seed, one from the system's entropy: nobody can foresee the fleets.
        self.seed = chance.entropy().randrange(2**32) if seed is None else seed
        self._rng = random.Random(self.seed)
        # Both random fleets are drawn whatever is given, so that a team bringing its
        # own fleet leaves the other team's (and the problem draws) as the seed makes them.
        drawn = [random_fleet(rules, self._rng) for _ in fleets]
        placed = [given if given is not None else fleet
                  for given, fleet in zip(fleets, drawn, strict=True)]
        self.game = Game(rules, placed, first)
        self.problems = problems
        self.teams = (teams[0], teams[1])
        """The teams' names (empty: a UI calls them «Team 1», «Team 2»)."""
        self._scores = [0, 0]
        self._open: DrawnProblem | None = None
        self.marked: list[MarkedProblem] = []
        """Every problem marked so far, in order."""
        self._left: dict[ProblemKind | int, list[Problem]] = {}
        for points, pool in problems.by_points().items():
            self._left[points] = list(pool)
        self._left[ProblemKind.MINE] = list(problems.mines)

    # --- state ------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, int]:
        """Both teams' scores."""
        return self._scores[0], self._scores[1]

    @property
    def open_problem(self) -> DrawnProblem | None:
        """The drawn problem that waits for the teacher's mark, if any."""
        return self._open

    @property
    def to_move(self) -> int | None:
        """The team to fire next; ``None`` while a problem waits or once the game is over."""
        return None if self._open is not None else self.game.to_move

    @property
    def is_over(self) -> bool:
        """Whether a fleet is gone and every drawn problem is marked."""
        return self.game.is_over and self._open is None

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the lesson goes on; then a win or a draw by score."""
        if not self.is_over:
            return None
        return Outcome.DRAW if self._scores[0] == self._scores[1] else Outcome.WIN

    @property
    def winner(self) -> int | None:
        """The team with the higher score once the lesson is over; ``None`` otherwise."""
        if self.outcome is not Outcome.WIN:
            return None
        return 0 if self._scores[0] > self._scores[1] else 1

    @property
    def fleet_winner(self) -> int | None:
        """The team that sank the other's fleet (which is not necessarily the winner)."""
        return self.game.winner

    def field_marks(self, team: int) -> tuple[str, ...]:
        """What the class sees of ``team``'s field: one mark per cell, ships hidden.

        Marks: ``water``, ``miss``, ``hit``, ``sunk``, ``ring`` (known empty beside a
        sunk ship) and ``mine`` (a mine that went off).
        """
        return tuple(_FIELD_MARKS[mark] for mark in enemy_marks(self.game.view(other(team))))

    # --- moves ------------------------------------------------------------------

    def fire(self, team: int, cell: int) -> Shot:
        """``team`` fires at ``cell`` of the other team's field.

        A sinking draws a ship problem, a mine a mine problem, for ``team``. Raises
        :class:`ProblemPendingError` while a problem waits for its mark, and the
        game's own errors (not your turn, fired before, game over) otherwise.
        """
        if self._open is not None:
            raise ProblemPendingError(team=self._team_label(self._open.team))
        shot = self.game.fire(team, cell)
        index = len(self.game.events) - 1
        if shot.result is ShotResult.SUNK:
            assert shot.ship is not None
            size = self.game.fleets[other(team)].ships[shot.ship].size
            self._open = DrawnProblem(team, self._draw(min(max(size, 1), max(POINTS))), index)
        elif shot.result is ShotResult.MINE:
            self._open = DrawnProblem(team, self._draw(ProblemKind.MINE), index)
        return shot

    def mark(self, right: bool) -> MarkedProblem:
        """The teacher marks the open problem solved (``right``) or not."""
        drawn = self._open
        if drawn is None:
            raise MarkError()
        change = drawn.problem.score_change(right)
        self._scores[drawn.team] += change
        marked = MarkedProblem(drawn, right, change, self._scores[drawn.team])
        self.marked.append(marked)
        self._open = None
        return marked

    def _draw(self, pool: ProblemKind | int) -> Problem:
        """A problem from ``pool`` (a kind, or the points of a ship problem), never one
        drawn before while others are left."""
        if isinstance(pool, int):
            wanted = pool
            left = [p for p in POINTS if self._left[p]]
            if not left:  # every ship problem used: all of them come back
                for points, problems in self.problems.by_points().items():
                    self._left[points] = list(problems)
                left = [p for p in POINTS if self._left[p]]
            pool = min(left, key=lambda points: (abs(points - wanted), points))
        elif not self._left[pool]:
            self._left[pool] = list(self.problems.mines)
        remaining = self._left[pool]
        return remaining.pop(self._rng.randrange(len(remaining)))

    def _team_label(self, team: int) -> Text | str:
        return self.teams[team] or Text("classroom.team_default", {"number": team + 1})

    # --- the record -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole lesson as plain data: the game record, every problem and mark."""
        players = (PlayerInfo(self.teams[0] or "Team 1"), PlayerInfo(self.teams[1] or "Team 2"))
        game = json.loads(GameRecord.of(self.game, players, seed=self.seed).to_json())
        problems = [_drawn_dict(m.drawn) | {"right": m.right, "change": m.change,
                                            "score": m.score} for m in self.marked]
        if self._open is not None:
            problems.append(_drawn_dict(self._open) | {"right": None})
        outcome = self.outcome
        return {"format": RECORD_FORMAT, "version": VERSION, "seed": self.seed,
                "problem_set": {"name": self.problems.name, "language": self.problems.language},
                "game": game, "problems": problems, "scores": list(self.scores),
                "result": None if outcome is None else outcome.value, "winner": self.winner}

    def to_json(self) -> str:
        """The lesson record as JSON text (``docs/classroom.md``)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)


def _drawn_dict(drawn: DrawnProblem) -> dict[str, Any]:
    problem = drawn.problem
    return {"team": drawn.team, "after_event": drawn.shot_event, "kind": problem.kind.value,
            "id": problem.id, "text": problem.text, "answer": problem.answer,
            "points": problem.points}


def _check_rules(rules: Rules) -> None:
    """Refuse rule sets whose moves the lesson cannot run (decisions, salvoes)."""
    if rules.count(Role.MINE) and rules.mine_effect is not MineEffect.PROBLEM:
        raise RulesError("error.classroom_rules", name=rules.name,
                         reason=Text("classroom.rules_mines"))
    if rules.salvo.is_salvo or rules.flying_dutchman or rules.count(Role.MINESWEEPER):
        raise RulesError("error.classroom_rules", name=rules.name,
                         reason=Text("classroom.rules_decisions"))


__all__ = ["MINE_POINTS", "MINE_WORDS", "DrawnProblem", "MarkError", "MarkedProblem",
           "MathBattle", "Outcome", "Problem", "ProblemKind", "ProblemPendingError",
           "ProblemSet", "ProblemSetError", "ProblemSyntaxError", "fleet_from_text"]
