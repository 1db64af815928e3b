"""The mathematical sea battle as a registered game (``classroom``): its definition.

A lesson (``docs/classroom.md``) is a game of its own rather than a Battleship rule set: it
has actions Battleship has not (the teacher's marks, the problems drawn), scores, and a
result by points, while its shots are Battleship's on the ``math`` preset. The state is
:class:`~seabattle.battleship.classroom_state.LessonState`; the server hosts it through
:mod:`seabattle.battleship.online.classroom` (one teacher at both seats). The terminal
lesson (``seabattle classroom``) drives the same
:class:`~seabattle.battleship.classroom.MathBattle` directly.

>>> from seabattle.battleship.classroom_state import FireAt
>>> rules = DEFINITION.default_rules()
>>> state = DEFINITION.new_state(rules)
>>> sorted(state.actors.seats)
[0]
>>> DEFINITION.action_to_data(rules, FireAt(11))
{'action': 'fire', 'cell': 'B2'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from seabattle.battleship.classroom import ProblemSet
from seabattle.battleship.classroom_files import builtin_problems
from seabattle.battleship.classroom_state import (
    MAX_SEED,
    MAX_TEAM_NAME,
    DrawProblem,
    EndLesson,
    FireAt,
    LessonAction,
    LessonEvent,
    LessonRules,
    LessonState,
    LessonView,
    MarkAnswer,
    event_to_data,
    view_to_data,
)
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.online.classroom import HOST, ClassroomHost
from seabattle.battleship.record import fleet_from_data, fleet_to_data
from seabattle.battleship.rules import find_rules
from seabattle.coords import ALPHABETS, Coordinates
from seabattle.errors import RecordError, RulesError, SeaBattleError
from seabattle.games.interface import JSON, GameDefinition
from seabattle.i18n import LANGUAGES, Text

__all__ = ["DEFINITION", "ClassroomDefinition"]

_ACTIONS = "fire, mark, draw, end"


def _refuse(field: str, value: object, expected: str) -> RulesError:
    return RulesError("error.rules_field", field=field, value=value, expected=expected)


def _teams(value: JSON | None) -> tuple[str, str]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(t, str) and len(t) <= MAX_TEAM_NAME for t in value)):
        raise _refuse("teams", value, f"two names of at most {MAX_TEAM_NAME} characters")
    return cast(str, value[0]).strip(), cast(str, value[1]).strip()


def _fleets(value: JSON | None) -> tuple[Fleet | None, Fleet | None]:
    if not isinstance(value, list) or len(value) != 2 or not all(
            entry is None or isinstance(entry, list) for entry in value):
        raise _refuse("fleets", value, "two entries, each null or a fleet")
    board = find_rules("math")
    fleets = [None if entry is None else fleet_from_data(board, cast(list[dict[str, JSON]], entry))
              for entry in value]
    return fleets[0], fleets[1]


class ClassroomDefinition(GameDefinition[LessonRules, LessonAction, LessonEvent, LessonView]):
    """«Математический морской бой»: two teams, a teacher, problems for sunk ships and mines."""

    name = "classroom"
    title = Text("game.classroom")

    def default_rules(self) -> LessonRules:
        return LessonRules(builtin_problems("en"), "en", seed=0)

    def rules_from_data(self, data: Mapping[str, JSON]) -> LessonRules:
        language = data.get("language", "en")
        if language not in LANGUAGES:
            raise _refuse("language", language, " | ".join(LANGUAGES))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise _refuse("seed", seed, "a whole number ≥ 0")
        first = data.get("first", 0)
        if first not in (0, 1) or isinstance(first, bool):
            raise _refuse("first", first, "0 or 1")
        problems = ProblemSet.from_dict(data.get("problems"), "problems")
        return LessonRules(problems, "ru" if language == "ru" else "en", seed,
                           _teams(data.get("teams", ["", ""])), cast(int, first),
                           _fleets(data.get("fleets", [None, None])))

    def rules_to_data(self, rules: LessonRules) -> dict[str, JSON]:
        return {"problems": cast(JSON, rules.problems.to_dict()), "language": rules.language,
                "seed": rules.seed, "teams": list(rules.teams), "first": rules.first,
                "fleets": [None if fleet is None else cast(JSON, fleet_to_data(rules.board, fleet))
                           for fleet in rules.fleets]}

    def rules_title(self, rules: LessonRules) -> Text:
        return Text("classroom.rules_title", {"problems": rules.problems.name})

    def new_state(self, rules: LessonRules) -> LessonState:
        return LessonState(rules)

    def host(self) -> ClassroomHost:
        """The lesson in the server's rooms (:mod:`seabattle.battleship.online.classroom`)."""
        return HOST

    # --- codecs -------------------------------------------------------------------------

    def action_to_data(self, rules: LessonRules, action: LessonAction) -> dict[str, JSON]:
        if isinstance(action, FireAt):
            return {"action": "fire", "cell": _latin(rules).name(action.cell)}
        if isinstance(action, MarkAnswer):
            return {"action": "mark", "right": action.right}
        if isinstance(action, DrawProblem):
            return {"action": "draw", "problem": action.problem_id}
        return {"action": "end"}

    def action_from_data(self, rules: LessonRules, data: Mapping[str, JSON]) -> LessonAction:
        kind = data.get("action")
        try:
            if kind == "fire":
                return FireAt(_latin(rules).parse(str(data["cell"])))
            if kind == "mark" and isinstance(data["right"], bool):
                return MarkAnswer(data["right"])
            if kind == "draw":
                return DrawProblem(str(data["problem"]))
            if kind == "end":
                return EndLesson()
        except KeyError as missing:
            raise RecordError(problem=f"{kind} lacks {missing}") from None
        raise SeaBattleError("error.bad_action", action=kind, known=_ACTIONS)

    def event_to_data(self, rules: LessonRules, event: LessonEvent) -> dict[str, JSON]:
        return event_to_data(event)

    def view_to_data(self, view: LessonView) -> dict[str, JSON]:
        return view_to_data(view)


def _latin(rules: LessonRules) -> Coordinates:
    return Coordinates(rules.board.grid, ALPHABETS["latin"])


DEFINITION = ClassroomDefinition()
"""The classroom game, as the registry (:mod:`seabattle.games.registry`) finds it."""
