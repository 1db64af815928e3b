"""The mathematical sea battle in the browser: lessons a teacher runs from one page.

A lesson is a :class:`~seabattle.battleship.classroom.MathBattle` held by the server. Its log is
a ``created`` entry (the problem set, the teams, the seed, the hash of the teacher's
token) and then one entry per accepted action (``fire``, ``mark``); a lesson is
rebuilt by replaying that log with the same seed, which is how a reload or a restarted
server continues it. Every action is checked by the engine first, then stored, and only
then acknowledged; a refused one changes nothing. A lesson belongs to whoever created
it: every request carries its unguessable token (``secrets``), of which the store keeps
only the SHA-256. The HTTP endpoints are in ``docs/web-protocol.md``.

The log lives in a table of its own (``lesson_entries``) in the server's SQLite file:
a lesson is not a game room, so :class:`~seabattle.server.service.Hub` never sees it.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from seabattle.battleship.classroom import (
    MathBattle,
    ProblemSet,
    ProblemSetError,
    fleet_from_text,
    fleet_syntax,
)
from seabattle.battleship.classroom_files import builtin_problems
from seabattle.battleship.events import Shot
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.record import fleet_from_data, fleet_to_data
from seabattle.battleship.rules import find_rules
from seabattle.coords import Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import LANGUAGES, Language
from seabattle.server.messages import ProtocolError, ServerError
from seabattle.server.seats import token_hash
from seabattle.server.store import StoreConflictError

MAX_BODY_BYTES = 262_144
"""The largest request accepted: a problem file of a few hundred problems."""
MAX_TEAM_NAME = 40
MAX_SEED = 2**63 - 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS lesson_entries (
    lesson TEXT NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (lesson, seq)
);
"""


class NoLessonError(ServerError):
    """An unknown lesson, or a token that is not its teacher's (the two look the same)."""

    key = "web.error.no_lesson"


# --- storage ---------------------------------------------------------------------------

class LessonStore:
    """Lesson logs in one SQLite file (``:memory:`` for a throw-away one)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        if str(path) != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def append(self, lesson_id: str, seq: int, entry: dict[str, Any]) -> None:
        """Store entry ``seq`` of a lesson (0: its ``created`` entry); a taken ``seq`` fails."""
        try:
            with self._lock:
                self._db.execute("INSERT INTO lesson_entries VALUES (?, ?, ?)",
                                 (lesson_id, seq, json.dumps(entry, ensure_ascii=False)))
        except sqlite3.IntegrityError:
            raise StoreConflictError(game=lesson_id, seq=seq) from None

    def load(self, lesson_id: str) -> list[dict[str, Any]] | None:
        """The whole log of a lesson, or ``None`` if there is no such lesson."""
        with self._lock:
            rows = self._db.execute("SELECT data FROM lesson_entries WHERE lesson = ?"
                                    " ORDER BY seq", (lesson_id,)).fetchall()
        return [json.loads(row[0]) for row in rows] or None

    def close(self) -> None:
        with self._lock:
            self._db.close()


# --- a lesson --------------------------------------------------------------------------

@dataclass
class Lesson:
    """One lesson in memory: its battle and how many log entries it has."""

    id: str
    created: dict[str, Any]
    battle: MathBattle
    seq: int = 1
    """The number of the next log entry."""
    last: dict[str, Any] | None = None
    """The last shot: team, cell, result."""

    @property
    def language(self) -> Language:
        lang: Language = self.created["lang"]
        return lang

    @property
    def coordinates(self) -> Coordinates:
        return self.battle.game.rules.coordinates(self.language)

    @classmethod
    def from_log(cls, lesson_id: str, log: list[dict[str, Any]]) -> Lesson:
        """Rebuild a lesson by replaying its log with the seed it was created with."""
        created = log[0]
        problems = ProblemSet.from_dict(created["problems"], created["problems"].get("name", ""))
        rules = find_rules("math")
        fleets = [None if ships is None else fleet_from_data(rules, ships)
                  for ships in created.get("fleets", [None, None])]
        battle = MathBattle(problems, seed=created["seed"], first=created["first"],
                            teams=created["teams"], fleets=fleets)
        lesson = cls(lesson_id, created, battle)
        for entry in log[1:]:
            lesson.apply(entry)
            lesson.seq += 1
        return lesson

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply a ``fire`` or ``mark`` entry; the engine's error if it is not allowed now."""
        if entry["type"] == "fire":
            team = self.battle.to_move
            if team is None:
                self.battle.fire(self.battle.game.to_move or 0, entry["cell"])  # raises
                return
            shot: Shot = self.battle.fire(team, entry["cell"])
            self.last = {"team": team, "cell": shot.cell, "result": shot.result.value}
        else:
            self.battle.mark(entry["right"])

    def state(self) -> dict[str, Any]:
        """Everything the teacher's page shows (fleets stay hidden)."""
        battle = self.battle
        rules = battle.game.rules
        drawn = battle.open_problem
        problem = None if drawn is None else {
            "team": drawn.team, "kind": drawn.problem.kind.value, "id": drawn.problem.id,
            "text": drawn.problem.text, "answer": drawn.problem.answer,
            "points": drawn.problem.points}
        last_mark = None
        if battle.marked:
            m = battle.marked[-1]
            last_mark = {"team": m.drawn.team, "right": m.right, "change": m.change,
                         "score": m.score, "answer": m.drawn.problem.answer}
        outcome = battle.outcome
        last = None if self.last is None else {
            **self.last, "name": self.coordinates.name(self.last["cell"])}
        return {"type": "lesson", "lesson": self.id, "seq": self.seq, "lang": self.language,
                "teams": list(battle.teams), "seed": battle.seed,
                "problem_set": battle.problems.name,
                "width": rules.width, "height": rules.height,
                "columns": list(self.coordinates.column_letters),
                "fields": [list(battle.field_marks(0)), list(battle.field_marks(1))],
                "to_move": battle.to_move, "scores": list(battle.scores),
                "problem": problem, "last": last, "last_mark": last_mark,
                "over": battle.is_over, "result": None if outcome is None else outcome.value,
                "winner": battle.winner, "fleet_winner": battle.fleet_winner}


# --- the lessons of one server ---------------------------------------------------------

class Classroom:
    """The lessons of one server: created, found by id and token, driven, stored."""

    def __init__(self, store: LessonStore) -> None:
        self.store = store
        self.lessons: dict[str, Lesson] = {}

    def create(self, body: Any) -> tuple[Lesson, str]:
        """A new lesson as ``body`` asks (``docs/web-protocol.md``); returns it and its token."""
        request = parse_new_lesson(body)
        problems = request["problems"]
        token = secrets.token_urlsafe(18)
        lesson_id = secrets.token_urlsafe(9)
        fleets: list[Fleet | None] = request["fleets"]
        battle = MathBattle(problems, seed=request["seed"], first=request["first"],
                            teams=request["teams"], fleets=fleets)
        rules = battle.game.rules
        created = {"type": "created", "at": time.time(), "token": token_hash(token),
                   "lang": request["lang"], "teams": list(battle.teams), "seed": battle.seed,
                   "first": request["first"], "problems": problems.to_dict(),
                   "fleets": [None if fleet is None else fleet_to_data(rules, fleet)
                              for fleet in fleets]}
        self.store.append(lesson_id, 0, created)
        lesson = Lesson(lesson_id, created, battle)
        self.lessons[lesson_id] = lesson
        return lesson, token

    def lesson(self, lesson_id: str, token: Any) -> Lesson:
        """The lesson ``lesson_id`` if ``token`` is its teacher's; else :class:`NoLessonError`."""
        lesson = self.lessons.get(lesson_id)
        if lesson is None:
            log = self.store.load(lesson_id)
            if log is None or log[0].get("type") != "created":
                raise NoLessonError()
            lesson = Lesson.from_log(lesson_id, log)
            self.lessons[lesson_id] = lesson
        if not isinstance(token, str) or not hmac.compare_digest(
                token_hash(token), lesson.created["token"]):
            raise NoLessonError()
        return lesson

    def act(self, lesson: Lesson, entry: dict[str, Any]) -> None:
        """Apply ``entry`` (the engine refuses what is not allowed, changing nothing), then
        store it; a store failure forgets the lesson so that it is reloaded from the log."""
        lesson.apply(entry)
        try:
            self.store.append(lesson.id, lesson.seq, entry)
        except BaseException:
            self.lessons.pop(lesson.id, None)
            raise
        lesson.seq += 1


def parse_new_lesson(body: Any) -> dict[str, Any]:
    """Check a ``POST /api/classroom`` body; :class:`ProtocolError` or the problem set's error."""
    if not isinstance(body, dict):
        raise ProtocolError("web.error.not_object")
    lang = body.get("lang", "en")
    if lang not in LANGUAGES:
        raise ProtocolError("web.error.field", field="lang", expected=" | ".join(LANGUAGES))
    teams = body.get("teams", ["", ""])
    if (not isinstance(teams, list) or len(teams) != 2
            or not all(isinstance(t, str) and len(t) <= MAX_TEAM_NAME for t in teams)):
        raise ProtocolError("web.error.field", field="teams",
                            expected=f"two names of at most {MAX_TEAM_NAME} characters")
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not 0 <= seed <= MAX_SEED):
        raise ProtocolError("web.error.field", field="seed", expected="a whole number ≥ 0")
    first = body.get("first", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise ProtocolError("web.error.field", field="first", expected="0 or 1")
    return {"lang": lang, "teams": [t.strip() for t in teams], "seed": seed, "first": first,
            "problems": _problem_set(body.get("problems", lang)),
            "fleets": _fleets(body.get("fleets", [None, None]), lang)}


def _fleets(value: Any, lang: Language) -> list[Fleet | None]:
    """The teams' own fleets: for each, ``null`` (placed at random) or a fleet file's
    ``{text, file?}`` (:func:`~seabattle.battleship.classroom.fleet_from_text`; ``.json`` files in
    the record format, others one piece per line)."""
    expected = "two entries, each null or {text, file}"
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError("web.error.field", field="fleets", expected=expected)
    rules = find_rules("math")
    fleets: list[Fleet | None] = []
    for team, entry in enumerate(value, start=1):
        if entry is None:
            fleets.append(None)
            continue
        if not isinstance(entry, dict):
            raise ProtocolError("web.error.field", field="fleets", expected=expected)
        text, source = entry.get("text"), entry.get("file", f"fleet {team}")
        if not isinstance(text, str) or not isinstance(source, str):
            raise ProtocolError("web.error.field", field="fleets", expected=expected)
        source = source[:200] or f"fleet {team}"
        fleets.append(fleet_from_text(text, rules, rules.alphabet_for(lang), source,
                                      syntax=fleet_syntax(source)))
    return fleets


def _problem_set(value: Any) -> ProblemSet:
    """A built-in set (``"en"``, ``"ru"``) or an uploaded file ``{text, syntax, file?}``."""
    if isinstance(value, str):
        return builtin_problems(value)  # type: ignore[arg-type]  # an unknown one is refused
    if not isinstance(value, dict):
        raise ProtocolError("web.error.field", field="problems",
                            expected="a language or {text, syntax, file}")
    text, syntax = value.get("text"), value.get("syntax", "toml")
    source = value.get("file", "problems")
    if not isinstance(text, str) or syntax not in ("toml", "json") or not isinstance(source, str):
        raise ProtocolError("web.error.field", field="problems",
                            expected="{text, syntax: toml | json, file}")
    return ProblemSet.from_text(text, syntax, source[:200] or "problems")


def _cell(lesson: Lesson, value: Any) -> int:
    """A cell: its number, or its name in the lesson's letters (or Latin ones)."""
    size = lesson.battle.game.rules.grid.size
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < size:
            raise ProtocolError("web.error.field", field="cell", expected=f"0 to {size - 1}")
        return value
    if not isinstance(value, str) or not value.strip() or len(value) > 10:
        raise ProtocolError("web.error.field", field="cell", expected="a cell number or name")
    try:
        return lesson.coordinates.parse(value.strip())
    except SeaBattleError:
        if lesson.language == "en":
            raise
        return lesson.battle.game.rules.coordinates("en").parse(value.strip())


# --- HTTP ------------------------------------------------------------------------------

def _lang(request: Request) -> Language:
    return "ru" if request.query_params.get("lang") == "ru" else "en"


def _refusal(error: SeaBattleError, language: Language,
             status: int | None = None) -> JSONResponse:
    if status is not None:
        pass
    elif isinstance(error, NoLessonError):
        status = 404
    elif isinstance(error, ProtocolError | ProblemSetError):
        status = 400
    else:
        status = 409  # well-formed, but not allowed now (a problem waits, fired before …)
    return JSONResponse({"type": "error", "code": error.message_key,
                         "message": error.message(language)}, status_code=status)


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        raise ProtocolError("web.error.too_long", limit=MAX_BODY_BYTES)
    try:
        return json.loads(raw)
    except ValueError:
        raise ProtocolError("web.error.not_json") from None


def _classroom(request: Request) -> Classroom:
    classroom: Classroom = request.app.state.classroom
    return classroom


async def page(request: Request) -> Response:
    from seabattle.server.app import WEB_DIR

    return FileResponse(WEB_DIR / "classroom.html", headers={"Cache-Control": "no-cache"})


async def options(request: Request) -> Response:
    sets = []
    for language in LANGUAGES:
        problems = builtin_problems(language)
        sets.append({"language": language, "name": problems.name,
                     "problems": len(problems.problems), "mines": len(problems.mines)})
    rules = find_rules("math")
    return JSONResponse({"sets": sets, "rules": rules.to_dict()})


async def create(request: Request) -> Response:
    try:
        lesson, token = _classroom(request).create(await _body(request))
    except SeaBattleError as error:  # a bad field, problem file or fleet file
        return _refusal(error, _lang(request), 400)
    return JSONResponse({"lesson": lesson.id, "token": token, "state": lesson.state()},
                        status_code=201)


async def state(request: Request) -> Response:
    try:
        lesson = _classroom(request).lesson(request.path_params["lesson"],
                                            request.query_params.get("token"))
    except SeaBattleError as error:
        return _refusal(error, _lang(request))
    return JSONResponse(lesson.state())


async def _posted(request: Request) -> tuple[Classroom, Lesson, dict[str, Any]]:
    """The classroom, the lesson a POST names (by path and token) and its JSON body."""
    classroom = _classroom(request)
    body = await _body(request)
    if not isinstance(body, dict):
        raise ProtocolError("web.error.not_object")
    return classroom, classroom.lesson(request.path_params["lesson"], body.get("token")), body


async def fire(request: Request) -> Response:
    try:
        classroom, lesson, body = await _posted(request)
        try:
            cell = _cell(lesson, body.get("cell"))
        except SeaBattleError as error:  # a cell name that does not parse: bad input
            return _refusal(error, _lang(request), 400)
        classroom.act(lesson, {"type": "fire", "cell": cell})
    except SeaBattleError as error:
        return _refusal(error, _lang(request))
    return JSONResponse(lesson.state())


async def mark(request: Request) -> Response:
    try:
        classroom, lesson, body = await _posted(request)
        right = body.get("right")
        if not isinstance(right, bool):
            raise ProtocolError("web.error.field", field="right", expected="true or false")
        classroom.act(lesson, {"type": "mark", "right": right})
    except SeaBattleError as error:
        return _refusal(error, _lang(request))
    return JSONResponse(lesson.state())


async def record(request: Request) -> Response:
    try:
        lesson = _classroom(request).lesson(request.path_params["lesson"],
                                            request.query_params.get("token"))
    except SeaBattleError as error:
        return _refusal(error, _lang(request))
    return Response(lesson.battle.to_json(), media_type="application/json",
                    headers={"Content-Disposition":
                             f'attachment; filename="lesson-{lesson.id}.json"'})


def routes() -> list[Route]:
    """The classroom's routes, for :func:`~seabattle.server.app.create_app`."""
    return [
        Route("/classroom", page),
        Route("/classroom/{lesson}", page),
        Route("/api/classroom/options", options),
        Route("/api/classroom", create, methods=["POST"]),
        Route("/api/classroom/{lesson}", state),
        Route("/api/classroom/{lesson}/fire", fire, methods=["POST"]),
        Route("/api/classroom/{lesson}/mark", mark, methods=["POST"]),
        Route("/api/classroom/{lesson}/record", record),
    ]


__all__ = ["Classroom", "Lesson", "LessonStore", "NoLessonError", "routes"]
