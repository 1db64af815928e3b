"""The mathematical sea battle hosted by the server's rooms: :class:`ClassroomHost` (see
:mod:`seabattle.games.hosting`).

A lesson is a room in ``hotseat`` mode: the teacher's one token holds both seats and acts
for whichever team the lesson waits for. The lobby's request (``POST /api/games`` with
``"game": "classroom"``) names the problem set (a built-in one by language, or an uploaded
file), the teams, the seed, the first team and the teams' own fleet files; its client
messages are ``fire`` (a cell by number, or by name as the class called it) and ``mark``.
What the page is told is the lesson's view: the teacher's shows the open problem's answer
and the seed, the spectators' (a projector for the class) neither.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from seabattle.battleship.classroom import ProblemSet, fleet_from_text, fleet_syntax
from seabattle.battleship.classroom_files import builtin_problems
from seabattle.battleship.classroom_state import (
    MAX_SEED,
    MAX_TEAM_NAME,
    EndLesson,
    FireAt,
    LessonAction,
    LessonEnded,
    LessonEvent,
    LessonRules,
    LessonShot,
    LessonState,
    MarkAnswer,
    ProblemDrawn,
    event_to_data,
    marked_to_data,
    view_to_data,
)
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import find_rules
from seabattle.coords import Coordinates
from seabattle.errors import CoordinateSyntaxError, OffFieldError, SeaBattleError
from seabattle.games import chance
from seabattle.games.hosting import (
    ClientEvent,
    ComputerSeat,
    GameHost,
    Told,
    field_error,
    unknown_type,
    wrong_phase,
)
from seabattle.games.interface import JSON
from seabattle.i18n import LANGUAGES, Language

LESSON = "lesson"
"""The phase of a lesson going on, as clients name it."""
MAX_SOURCE = 200
"""The longest file name kept with an uploaded problem or fleet file."""


def _coordinates(rules: LessonRules) -> Coordinates:
    """Cells as the lesson names them: in its language's letters."""
    return rules.board.coordinates(rules.language)


# --- the lobby's request ------------------------------------------------------------------

def lesson_rules(request: Mapping[str, JSON]) -> LessonRules:
    """The lesson a lobby request asks for (``docs/web-protocol.md``), every field checked;
    a bad problem or fleet file is refused with its own error, naming the file and line.
    Without a seed, one is drawn from the system's entropy."""
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:
        raise field_error("lang", " | ".join(LANGUAGES))
    language: Language = "ru" if lang == "ru" else "en"
    teams = request.get("teams", ["", ""])
    if (not isinstance(teams, list) or len(teams) != 2
            or not all(isinstance(t, str) and len(t) <= MAX_TEAM_NAME for t in teams)):
        raise field_error("teams", f"two names of at most {MAX_TEAM_NAME} characters")
    seed = request.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed <= MAX_SEED):
        raise field_error("seed", "a whole number ≥ 0")
    first = request.get("first", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise field_error("first", "0 or 1")
    return LessonRules(
        _problem_set(request.get("problems", language)), language,
        chance.entropy().randrange(2**32) if seed is None else seed,
        (cast(str, teams[0]).strip(), cast(str, teams[1]).strip()), cast(int, first),
        _fleets(request.get("fleets", [None, None]), language))


def _problem_set(value: JSON | None) -> ProblemSet:
    """A built-in set (``"en"``, ``"ru"``) or an uploaded file ``{text, syntax, file?}``."""
    if isinstance(value, str):
        if value not in LANGUAGES:
            # builtin_problems refuses it with the languages there are.
            return builtin_problems(value)  # type: ignore[arg-type]
        return builtin_problems("ru" if value == "ru" else "en")
    if not isinstance(value, dict):
        raise field_error("problems", "a language or {text, syntax, file}")
    text, syntax = value.get("text"), value.get("syntax", "toml")
    source = value.get("file", "problems")
    if not isinstance(text, str) or syntax not in ("toml", "json") or not isinstance(source, str):
        raise field_error("problems", "{text, syntax: toml | json, file}")
    return ProblemSet.from_text(text, syntax, source[:MAX_SOURCE] or "problems")


def _fleets(value: JSON | None, language: Language) -> tuple[Fleet | None, Fleet | None]:
    """The teams' own fleets: for each, ``null`` (placed at random from the seed) or a
    fleet file's ``{text, file?}`` (``.json`` files in the record format, others one piece
    per line: :func:`~seabattle.battleship.classroom.fleet_from_text`)."""
    expected = "two entries, each null or {text, file}"
    if not isinstance(value, list) or len(value) != 2:
        raise field_error("fleets", expected)
    rules = find_rules("math")
    fleets: list[Fleet | None] = []
    for team, entry in enumerate(value, start=1):
        if entry is None:
            fleets.append(None)
            continue
        if not isinstance(entry, dict):
            raise field_error("fleets", expected)
        text, source = entry.get("text"), entry.get("file", f"fleet {team}")
        if not isinstance(text, str) or not isinstance(source, str):
            raise field_error("fleets", expected)
        source = source[:MAX_SOURCE] or f"fleet {team}"
        fleets.append(fleet_from_text(text, rules, rules.alphabet_for(language), source,
                                      syntax=fleet_syntax(source)))
    return fleets[0], fleets[1]


def _cell(rules: LessonRules, value: JSON | None) -> int:
    """A cell: its number, or its name in the lesson's letters (or Latin ones). A name
    that is one in neither is refused as in the lesson's letters; a name off the field,
    as off the field."""
    size = rules.board.grid.size
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < size:
            raise field_error("cell", f"0 to {size - 1}")
        return value
    if not isinstance(value, str) or not value.strip() or len(value) > 10:
        raise field_error("cell", "a cell number or name")
    try:
        return _coordinates(rules).parse(value.strip())
    except (CoordinateSyntaxError, OffFieldError) as error:
        # A Latin look-alike may read as a Cyrillic letter past the field (c → С): the
        # Latin reading (C → the third column, В) is tried before the refusal.
        if rules.language == "en":
            raise
        try:
            return rules.board.coordinates("en").parse(value.strip())
        except (CoordinateSyntaxError, OffFieldError) as latin_error:
            # Not a cell in Latin letters either. A name off the field in either reading
            # (К11, Z9) is refused as off the field; any other, as the lesson's letters
            # say it (the Russian example «Б3», not «B3»).
            if isinstance(latin_error, OffFieldError) and not isinstance(error, OffFieldError):
                raise latin_error from None
            raise error from None


# --- the host -------------------------------------------------------------------------------

class ClassroomHost(GameHost[LessonState, LessonRules, LessonAction, LessonEvent]):
    """A lesson in the server's rooms."""

    intents = ("fire", "mark")
    levels = ()
    modes = ("hotseat",)

    # --- starting ---------------------------------------------------------------------

    def new_state(self, rules: LessonRules, first: int,
                  created: Mapping[str, JSON]) -> LessonState:
        # The team that fires first is the lesson's own (its rules), not the room's lot.
        return LessonState(rules)

    def lobby_rules(self, request: Mapping[str, JSON]) -> LessonRules:
        return lesson_rules(request)

    def lobby_options(self) -> dict[str, JSON]:
        sets: list[JSON] = []
        for language in LANGUAGES:
            problems = builtin_problems(language)
            sets.append({"language": language, "name": problems.name,
                         "problems": len(problems.problems), "mines": len(problems.mines)})
        return {"sets": sets, "levels": [], "modes": list(self.modes),
                "rules": cast(JSON, find_rules("math").to_dict())}

    # --- acting -----------------------------------------------------------------------

    def intent(self, state: LessonState, phase: str, seat: int, kind: str,
               data: Mapping[str, JSON]) -> LessonAction:
        if kind == "fire":
            action: LessonAction = FireAt(_cell(state.rules, data.get("cell")))
        elif kind == "mark":
            right = data.get("right")
            if not isinstance(right, bool):
                raise field_error("right", "true or false")
            action = MarkAnswer(right)
        else:
            raise unknown_type(kind, self.intents)
        if phase != LESSON:
            raise wrong_phase(kind, phase)
        return action

    def resign(self) -> LessonAction:
        return EndLesson()

    def computer(self, rules: LessonRules, level: str,
                 game_id: str) -> ComputerSeat[LessonState, LessonAction]:
        raise field_error("mode", ", ".join(self.modes))

    def timeout_action(self, state: LessonState, seat: int,
                       rng: random.Random) -> LessonAction | None:
        return None

    def suggestion(self, rules: LessonRules, action: LessonAction) -> ClientEvent:
        raise wrong_phase("random_fleet", LESSON)

    # --- telling ----------------------------------------------------------------------

    def phase(self, state: LessonState) -> str:
        return LESSON

    def ready(self, state: LessonState, seat: int) -> bool:
        return True

    def events_of(self, rules: LessonRules, events: Sequence[LessonEvent]) -> list[JSON]:
        return [event_to_data(event) for event in events]

    def stored_events(self, rules: LessonRules, stored: Sequence[JSON]) -> list[JSON]:
        return list(stored)

    def project(self, state: LessonState, seat: int, action: LessonAction,
                events: Sequence[LessonEvent], auto: bool) -> Told:
        """Everything a lesson does is said aloud in class: every audience hears it all,
        except the drawn problem's answer, which the teacher sees in the state."""
        told = Told()
        names = _coordinates(state.rules)
        for event in events:
            if isinstance(event, LessonShot):
                told.public.append({"type": "lesson_shot", "team": event.team,
                                    "cell": event.cell, "name": names.name(event.cell),
                                    "result": event.result.value})
            elif isinstance(event, ProblemDrawn):
                drawn = event.drawn
                told.public.append({"type": "problem_drawn", "team": drawn.team,
                                    "kind": drawn.problem.kind.value,
                                    "points": drawn.problem.points})
            elif isinstance(event, LessonEnded):
                told.public.append({"type": "lesson_ended", "team": event.team})
            else:
                told.public.append({"type": "problem_marked", **marked_to_data(event.marked)})
        return told

    def due(self, state: LessonState) -> list[ClientEvent]:
        return []

    def snapshot(self, state: LessonState, audience: int | None, language: Language,
                 over: bool) -> dict[str, JSON]:
        view = state.view(audience)
        rules = state.rules
        names = _coordinates(rules)
        lesson = view_to_data(view)
        last = view.last_shot
        if last is not None:
            lesson["last"] = {"team": last.team, "cell": last.cell,
                              "result": last.result.value, "name": names.name(last.cell)}
        lesson |= {"language": rules.language, "width": rules.board.width,
                   "height": rules.board.height, "columns": list(names.column_letters)}
        snapshot: dict[str, JSON] = {"lesson": lesson, "to_move": view.to_move}
        if over:
            snapshot["stats"] = lesson["marked"]
        return snapshot

    def game_over(self, state: LessonState) -> dict[str, JSON]:
        return {"scores": list(state.battle.scores)}

    def record(self, state: LessonState, players: tuple[str, str], level: str | None,
               game_id: str, reason: str) -> str:
        """The lesson record (``docs/classroom.md``), as ``seabattle classroom --save``
        writes it."""
        return state.battle.to_json()

    def error_message(self, rules: LessonRules, error: SeaBattleError,
                      language: Language) -> str:
        return _coordinates(rules).message(error, language)

    # --- old logs ---------------------------------------------------------------------

    def legacy_move(self, rules: LessonRules, state: LessonState,
                    entry: Mapping[str, JSON]) -> LessonAction | None:
        # Lessons of the classroom's own server are imported as whole rooms
        # (seabattle.server.lessons), never read entry by entry.
        return None


HOST = ClassroomHost()
"""The classroom's host, as :meth:`ClassroomDefinition.host` gives it."""
