"""The classroom game in the web server: a lesson is a room of the ``classroom`` game in
``hotseat`` mode, created by ``POST /api/games`` and run over the WebSocket like any game.

Driven through Starlette's TestClient over a SQLite file in ``tmp_path``; the messages are
in ``docs/web-protocol.md`` (section «The classroom»). To aim, the tests place the same
fleets as the server from the same seed: the server never sends them. Lessons of the
classroom's old server of its own (``tests/server_logs/classroom-lessons.json``, written by
it) are imported and continue as their teachers left them.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.classroom import MathBattle  # noqa: E402
from seabattle.battleship.classroom_files import builtin_problems  # noqa: E402
from seabattle.battleship.rules import Role  # noqa: E402
from seabattle.coords import iter_cells  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from tests.test_server import Peer, hello  # noqa: E402

SEED = 7
OLD_LESSONS = Path(__file__).parent / "server_logs" / "classroom-lessons.json"

PROBLEMS_TOML = """
format = "seabattle-problems"
version = 1
name = "tiny"
language = "en"

[[problem]]
points = 1
text = "1 + 1"
answer = 2

[[mine]]
text = "17 × 3"
answer = 51
"""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as client:
        yield client


def targets(seed: int, team: int) -> tuple[list[int], list[int]]:
    """The ship cells and the mines of ``team``'s field in the lesson of ``seed``."""
    fleet = MathBattle(builtin_problems("en"), seed=seed).game.fleets[team]
    ships = [c for s in fleet.ships if s.kind.role is Role.SHIP for c in iter_cells(s.cells)]
    mines = [c for s in fleet.ships if s.kind.role is Role.MINE for c in iter_cells(s.cells)]
    return ships, mines


def new_lesson(client: TestClient, **request: Any) -> dict[str, Any]:
    body = {"game": "classroom", "mode": "hotseat", "lang": "en", "teams": ["Reds", "Blues"],
            "seed": SEED, "problems": "en"} | request
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def refused(client: TestClient, page_lang: str = "en", **request: Any) -> dict[str, Any]:
    body = {"game": "classroom", "mode": "hotseat", "problems": "en"} | request
    response = client.post(f"/api/games?lang={page_lang}", json=body)
    assert response.status_code == 400, response.text
    error: dict[str, Any] = response.json()
    assert error["type"] == "error"
    return error


class Teacher(Peer):
    """The teacher's socket: every action answered by a newer state, or by an error."""

    @property
    def lesson(self) -> dict[str, Any]:
        lesson: dict[str, Any] = self.state["lesson"]
        return lesson

    def act(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message``; the lesson as the next state shows it, or the error."""
        before = self.state["seq"]
        self.send(message)
        while True:
            answer = self.recv()
            if answer["type"] == "error":
                return answer
            if answer["type"] == "state" and answer["seq"] > before:
                return self.lesson

    def fire(self, cell: int | str | Any) -> dict[str, Any]:
        return self.act({"type": "fire", "cell": cell})

    def mark(self, right: Any) -> dict[str, Any]:
        return self.act({"type": "mark", "right": right})


def open_teacher(ws: Any, lesson: dict[str, Any], lang: str = "en") -> Teacher:
    peer = Teacher(ws, "teacher")
    peer.send({"type": "hello", "game": lesson["game"], "token": lesson["token"],
               "lang": lang})
    peer.until("welcome")
    peer.until("state")
    return peer


def test_the_lobby_offers_the_classroom_and_the_page_is_the_shell(client: TestClient) -> None:
    options = client.get("/api/options").json()
    classroom = options["games"]["classroom"]
    assert classroom["modes"] == ["hotseat"] and classroom["levels"] == []
    assert {s["language"] for s in classroom["sets"]} == {"en", "ru"}
    assert all(s["problems"] >= 30 and s["mines"] >= 6 for s in classroom["sets"])
    assert classroom["rules"]["name"] == "math"
    assert options["games"]["battleship"]["modes"] == ["computer", "private", "random"]
    assert client.get("/api/options?lang=ru").json()["games"]["classroom"]["title"] == \
        "Математический морской бой (урок)"
    for path in ("/classroom", "/classroom/anything"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/games/classroom.js").status_code == 200
    assert "classroom" in client.get("/static/games/index.js").text
    for gone in ("/static/classroom.js", "/static/classroom.html", "/api/classroom/options"):
        assert client.get(gone).status_code == 404
    assert client.post("/api/classroom", json={}).status_code in (404, 405)


def test_a_lesson_is_a_hotseat_room_whose_state_hides_the_fleets(client: TestClient) -> None:
    lesson = new_lesson(client)
    assert lesson["seat"] == 0 and lesson["invite"] is None
    assert len(lesson["token"]) >= 24
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, lesson)
        state = peer.state
        assert state["game_name"] == "classroom" and state["phase"] == "lesson"
        assert state["options"]["mode"] == "hotseat" and state["options"]["turn_seconds"] == 0
        assert state["deadline_in"] is None
        first = peer.lesson
        assert first["teams"] == ["Reds", "Blues"] and first["seed"] == SEED
        assert first["to_move"] == 0 and first["scores"] == [0, 0] and first["problem"] is None
        assert first["columns"] == list("ABCDEFGHIJ") and first["language"] == "en"
        assert {mark for field in first["fields"] for mark in field} == {"water"}
        assert state["title"] == \
            "Mathematical sea battle — School arithmetic and algebra (built-in)"
        text = json.dumps(peer.received)
        assert lesson["token"] not in text
        assert '"cells"' not in text and "fleet" not in state
    russian = new_lesson(client, lang="ru", problems="ru", seed=None, teams=["", ""])
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, russian, "ru")
        assert peer.lesson["columns"][0] == "А" and isinstance(peer.lesson["seed"], int)
        assert peer.lesson["problem_set"] != first["problem_set"]
    seeded = new_lesson(client, lang="ru", problems="ru")
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, seeded, "ru")
        # Cells named in the lesson's letters, as the class calls them (water in both
        # fleets of seed 7: a miss, then the other team's).
        fired = peer.fire("б1")
        assert fired["last"] == {"team": 0, "cell": 1, "result": "miss", "name": "Б1"}
        assert peer.fire("c1")["last"]["name"] == "В1"  # Latin names work too


def test_timers_are_off_and_other_modes_refused_for_lessons(client: TestClient) -> None:
    lesson = new_lesson(client, turn_seconds=30, setup_seconds=30)
    with client.websocket_connect("/ws") as ws:
        options = open_teacher(ws, lesson).state["options"]
    assert options["turn_seconds"] == 0 and options["setup_seconds"] == 0
    for mode in ("computer", "private", "random"):
        assert refused(client, mode=mode)["message"] == "field 'mode': expected hotseat"
    battleship = client.post("/api/games", json={"mode": "hotseat", "preset": "classic"})
    assert battleship.status_code == 400 and "computer, private, random" in \
        battleship.json()["message"]


@pytest.mark.parametrize(("body", "code"), [
    ({"lang": "de"}, "game.error.field"),
    ({"teams": ["only one"]}, "game.error.field"),
    ({"teams": ["x" * 41, "y"]}, "game.error.field"),
    ({"seed": -1}, "game.error.field"),
    ({"seed": "7"}, "game.error.field"),
    ({"first": 2}, "game.error.field"),
    ({"problems": "de"}, "error.problems_builtin"),
    ({"problems": 5}, "game.error.field"),
    ({"problems": {"text": "x = [", "syntax": "toml"}}, "error.problems_syntax"),
    ({"problems": {"text": "{}", "syntax": "yaml"}}, "game.error.field"),
])
def test_create_refuses_bad_requests(client: TestClient, body: dict[str, Any],
                                     code: str) -> None:
    assert refused(client, **body)["code"] == code


def test_create_refuses_bad_json_and_huge_bodies(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json")
    assert response.status_code == 400 and response.json()["code"] == "web.error.not_json"
    assert client.post("/api/games", json=[]).json()["code"] == "web.error.not_object"
    # A problem file of a few hundred problems fits; a larger body is not even read.
    huge = client.post("/api/games", json={"game": "classroom", "mode": "hotseat",
                                           "problems": {"text": " " * 300_000}})
    assert huge.status_code == 413 and huge.json()["code"] == "web.error.too_long"


def test_uploaded_problem_file_and_translated_errors(client: TestClient) -> None:
    lesson = new_lesson(client, problems={"text": PROBLEMS_TOML, "syntax": "toml",
                                          "file": "tiny.toml"})
    with client.websocket_connect("/ws") as ws:
        assert open_teacher(ws, lesson).lesson["problem_set"] == "tiny"
    as_json = json.dumps({"format": "seabattle-problems", "version": 1, "name": "j",
                          "problem": [{"text": "2 + 2", "answer": 4, "points": 2}],
                          "mine": [{"text": "3 × 3", "answer": 9}]})
    new_lesson(client, problems={"text": as_json, "syntax": "json"})
    bad = PROBLEMS_TOML.replace("points = 1", "points = 5")
    body = {"problems": {"text": bad, "syntax": "toml", "file": "my-set.toml"}}
    english = refused(client, **body)
    russian = refused(client, "ru", **body)
    assert english["code"] == russian["code"] == "error.problems_field"
    assert english["message"].startswith("my-set.toml: problem 1: points is 5")
    assert "задача 1" in russian["message"] and "от 1 до 4" in russian["message"]


OWN_FLEET = """# Reds, on paper
A1 A2 A3 A4
C1 C2 C3
E1, E2, E3
G1 G2
I1 I2
A6 A7
C6
E6
G6
I6
mine A9
mine C9
mine E9
"""
"""Reds' own fleet as a fleet file: ships down columns A, C, E, G and I."""


def test_teams_bring_their_own_fleets(db: Path) -> None:
    reds = {"text": OWN_FLEET, "file": "reds.txt"}
    with TestClient(create_app(db)) as client:
        lesson = new_lesson(client, fleets=[reds, None])
        ships, mines = targets(SEED, 1)  # Blues' fleet: placed from the seed, as always
        water = next(c for c in range(100) if c not in ships + mines)
        with client.websocket_connect("/ws") as ws:
            peer = open_teacher(ws, lesson)
            peer.fire(water)  # Reds miss; Blues fire at Reds' own fleet
            hit = peer.fire("A2")
            assert hit["last"] == {"team": 1, "cell": 10, "result": "hit", "name": "A2"}
            missed = peer.fire("B2")
            assert missed["last"]["result"] == "miss"
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        assert open_teacher(ws, lesson).lesson == missed  # the own fleet survives a restart


@pytest.mark.parametrize(("fleets", "words"), [
    ([{"text": OWN_FLEET.replace("C6", "C6 C7 C8 C9 C10"), "file": "reds.txt"}, None],
     ["reds.txt, line 8", "size 5"]),
    ([None, {"text": OWN_FLEET.replace("C6", "B6")}], ["touches"]),
    ([None, {"text": "[1, 2", "file": "blues.json"}], ["blues.json"]),
    ([{"text": 5}, None], ["fleets"]),
    ([None], ["fleets"]),
])
def test_bad_fleet_files_are_refused_naming_the_problem(client: TestClient, fleets: Any,
                                                        words: list[str]) -> None:
    message = refused(client, fleets=fleets)["message"]
    for word in words:
        assert word in message


def test_a_lesson_to_the_end_with_marks_and_record(client: TestClient) -> None:
    lesson = new_lesson(client)
    ships, mines = targets(SEED, 1)
    own_ships, own_mines = targets(SEED, 0)
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, lesson)
        # A miss passes the turn; typing a cell name works too.
        water = next(c for c in range(100) if c not in ships and c not in mines)
        after_miss = peer.fire(water)
        assert after_miss["to_move"] == 1 and after_miss["fields"][1][water] == "miss"
        assert after_miss["last"] == {"team": 0, "cell": water, "result": "miss",
                                      "name": "ABCDEFGHIJ"[water % 10] + str(water // 10 + 1)}
        assert any(m["type"] == "lesson_shot" and m["team"] == 0 and m["result"] == "miss"
                   for m in peer.received)
        water0 = next(c for c in range(100) if c not in own_ships and c not in own_mines)
        name = "ABCDEFGHIJ"[water0 % 10].lower() + str(water0 // 10 + 1)
        assert peer.fire(name)["to_move"] == 0
        # Team 0 hits a mine: a mine problem, and the turn goes to the mine's owner.
        hit_mine = peer.fire(mines[0])
        assert hit_mine["problem"]["kind"] == "mine" and hit_mine["problem"]["team"] == 0
        assert hit_mine["problem"]["answer"] and hit_mine["problem"]["points"] == 2
        assert hit_mine["fields"][1][mines[0]] == "mine" and hit_mine["to_move"] is None
        after = peer.mark(False)
        assert after["scores"] == [-2, 0] and after["to_move"] == 1
        assert after["last_mark"]["change"] == -2 and after["last_mark"]["right"] is False
        # Team 1 misses, then team 0 sinks everything, marking every problem right.
        peer.fire(next(c for c in range(100) if c not in own_ships + own_mines and c != water0))
        drawn = 0
        current = peer.lesson
        for cell in ships:
            assert current["to_move"] == 0
            current = peer.fire(cell)
            if current["problem"] is not None:
                assert current["problem"]["kind"] == "problem" and current["problem"]["answer"]
                drawn += 1
                current = peer.mark(True)
        assert drawn == 10 and current["over"] is True
        assert current["result"] == "win" and current["winner"] == 0
        assert current["fleet_winner"] == 0 and current["scores"][0] > 0
        assert current["to_move"] is None
        state = peer.state
        assert state["phase"] == "over" and state["result"] == {"winner": 0,
                                                                "reason": "lesson_score"}
        assert len(state["stats"]) == 11
        game_over = next(m for m in peer.received if m["type"] == "game_over")
        assert game_over["winner"] == 0 and game_over["scores"] == current["scores"]
        # Once over, nothing more is accepted.
        assert peer.fire(0)["type"] == "error"
        assert peer.mark(True)["type"] == "error"
    record = client.get(f"/api/games/{lesson['game']}/record")
    assert record.status_code == 200
    data = record.json()
    assert data["format"] == "seabattle-classroom" and data["seed"] == SEED
    assert data["winner"] == 0 and len(data["problems"]) == 11
    assert data["problems"][0]["kind"] == "mine" and data["problems"][0]["right"] is False


def test_refused_actions_change_nothing(client: TestClient) -> None:
    lesson = new_lesson(client)
    ships, _ = targets(SEED, 1)
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, lesson)
        before = peer.state["seq"], peer.lesson
        assert peer.mark(True)["code"] == "error.no_problem"
        assert peer.mark("yes")["code"] == "game.error.field"
        for cell in (100, -1, True, None, "Z99", "", [1]):
            assert peer.fire(cell)["type"] == "error"
        # Sink a one-decker: a ship problem, then try to fire while it waits.
        one_decker = next(c for c in ships
                          if not any(abs(c - d) in (1, 10) for d in ships if d != c))
        waiting = peer.fire(one_decker)
        assert waiting["problem"] is not None and peer.state["seq"] == before[0] + 2
        pending = peer.fire(next(c for c in ships if c != one_decker))
        assert pending["code"] == "error.problem_pending" and "Reds" in pending["message"]
        marked = peer.mark(True)
        assert marked["problem"] is None and marked["to_move"] == 0
        again = peer.fire(one_decker)  # fired there before
        assert again["type"] == "error"
        # The teacher holds both seats: no claim against oneself, no rematch or set-up.
        assert peer.act({"type": "claim_win"})["code"] == "web.error.opponent_here"
        assert peer.act({"type": "rematch"})["code"] == "web.error.phase"
        assert peer.act({"type": "random_fleet"})["code"] == "web.error.phase"
        assert peer.state["phase"] == "lesson" and peer.lesson == marked
    with client.websocket_connect("/ws") as ws:
        russian = open_teacher(ws, lesson, "ru")
        assert russian.mark(True)["message"] == "сейчас нечего оценивать"
        assert russian.lesson == marked


def test_a_russian_lesson_names_cells_in_its_own_letters_when_refusing(
        client: TestClient) -> None:
    lesson = new_lesson(client, lang="ru", problems="ru")
    with client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, lesson, "ru")
        before = peer.state["seq"]
        # Neither a Russian nor a Latin cell name: the example is the lesson's own, Б3.
        error = peer.fire("Ы5")
        assert error["code"] == "error.coordinate_syntax"
        assert "Б3" in error["message"] and "B3" not in error["message"]
        # A name off the field says so, in Russian letters or Latin ones.
        for name in ("К11", "Б0", "Z9"):
            assert peer.fire(name)["code"] == "error.off_field", name
        assert peer.state["seq"] == before


def test_the_class_watches_without_the_answers(client: TestClient) -> None:
    lesson = new_lesson(client)
    _, mines = targets(SEED, 1)
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as watch:
        peer = open_teacher(ws, lesson)
        projector = hello(watch, lesson["game"], "class", watch=lesson["watch"])
        assert projector.state["lesson"]["seed"] is None and projector.state["you"] is None
        peer.fire(mines[0])
        seq = peer.state["seq"]
        while projector.state["seq"] < seq:
            projector.until("state")
        shown = projector.state["lesson"]["problem"]
        assert shown["kind"] == "mine" and shown["text"] and shown["answer"] is None
        answer = peer.lesson["problem"]["answer"]
        assert answer not in json.dumps([m for m in projector.received
                                         if m["type"] != "problem_marked"])
        assert projector.error({"type": "mark", "right": True})["code"] == "web.error.spectator"
        peer.mark(True)
        marked = projector.until("problem_marked")
        assert marked["answer"] == answer and marked["change"] == 2


def test_lessons_are_private(client: TestClient) -> None:
    lesson = new_lesson(client)
    other = new_lesson(client)
    with client.websocket_connect("/ws") as ws:
        peer = Peer(ws, "stranger")
        for token in ("", other["token"], lesson["token"] + "x"):
            error = peer.error({"type": "hello", "game": lesson["game"], "token": token})
            assert error["code"] in ("web.error.bad_token", "web.error.field")
    with client.websocket_connect("/ws") as ws:
        assert open_teacher(ws, lesson).state["seq"] == 1


def test_restart_continues_the_lesson(db: Path) -> None:
    ships, mines = targets(SEED, 1)
    own = targets(SEED, 0)
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        lesson = new_lesson(client)
        peer = open_teacher(ws, lesson)
        peer.fire(mines[1])
        peer.mark(True)
        peer.fire(next(c for c in range(100) if c not in own[0] + own[1]))
        for cell in ships[:4]:  # the four-decker: its problem is left waiting
            last = peer.fire(cell)
        assert last["problem"] is not None and last["scores"] == [2, 0]
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, lesson)  # a new server on the same file
        assert peer.lesson == last
        assert peer.fire(ships[4])["code"] == "error.problem_pending"
        marked = peer.mark(False)
        assert marked["scores"] == [2, 0] and marked["to_move"] == 0
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        assert open_teacher(ws, lesson).lesson == marked
        assert client.get(f"/api/games/{lesson['game']}/record").status_code == 409


# --- lessons of the old server ---------------------------------------------------------------

def old_database(path: Path) -> dict[str, Any]:
    """A server file holding the old server's lessons, as it wrote them."""
    golden: dict[str, Any] = json.loads(OLD_LESSONS.read_text(encoding="utf-8"))
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE lesson_entries (lesson TEXT NOT NULL, seq INTEGER NOT NULL,"
               " data TEXT NOT NULL, PRIMARY KEY (lesson, seq))")
    for lesson, log in golden["lessons"].items():
        db.executemany("INSERT INTO lesson_entries VALUES (?, ?, ?)",
                       [(lesson, seq, json.dumps(entry, ensure_ascii=False))
                        for seq, entry in enumerate(log)])
    db.commit()
    db.close()
    return golden


SAME = ("teams", "seed", "problem_set", "columns", "fields", "to_move", "scores", "over",
        "result", "winner", "fleet_winner")


def test_old_lessons_are_imported_and_go_on(db: Path) -> None:
    golden = old_database(db)
    with TestClient(create_app(db)) as client:
        for lesson_id, old in golden["states"].items():
            with client.websocket_connect("/ws") as ws:
                peer = open_teacher(ws, {"game": lesson_id,
                                         "token": golden["tokens"][lesson_id]}, old["lang"])
                now = peer.lesson
                assert {key: now[key] for key in SAME} == {key: old[key] for key in SAME}
                assert now["last"] == old["last"]
                if old["problem"] is None:
                    assert now["problem"] is None
                else:
                    assert {**now["problem"]} == {**old["problem"]}
                if old["last_mark"] is not None:
                    assert {k: now["last_mark"][k] for k in old["last_mark"]} == old["last_mark"]
                if old["over"]:
                    record = client.get(f"/api/games/{lesson_id}/record").json()
                    assert record == golden["records"][lesson_id]
        # The waiting problem of the first lesson is marked, and the lesson goes on.
        first, token = next(iter(golden["tokens"].items()))
        with client.websocket_connect("/ws") as ws:
            peer = open_teacher(ws, {"game": first, "token": token})
            marked = peer.mark(True)
            assert marked["scores"] == [2, 0] and marked["to_move"] == 0
    tables = {row[0] for row in sqlite3.connect(db).execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "lesson_entries" not in tables and "lesson_entries_imported" in tables
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        # Imported once: the lesson is as its teacher left it, not imported again.
        assert open_teacher(ws, {"game": first, "token": token}).lesson == marked


def test_old_lesson_records_match_what_the_old_server_gave(db: Path) -> None:
    """The record of a lesson left unfinished: the rooms give it once the lesson is over,
    so the lesson is finished here the same way the old one would have been, and compared
    with its record then."""
    golden = old_database(db)
    unfinished = next(i for i, s in golden["states"].items() if s["problem"] is not None)
    old = golden["records"][unfinished]
    with TestClient(create_app(db)) as client, client.websocket_connect("/ws") as ws:
        peer = open_teacher(ws, {"game": unfinished, "token": golden["tokens"][unfinished]})
        assert peer.state["phase"] == "lesson"
        peer.send({"type": "resign"})
        peer.until("game_over")
        record = client.get(f"/api/games/{unfinished}/record").json()
    assert record["problems"] == old["problems"] and record["game"] == old["game"]
    assert record["scores"] == old["scores"] and record["seed"] == old["seed"]


# --- in a real browser -------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path("/work/helpers/shots/classroom")
"""Where the screenshots go when that folder exists (they are looked at, not compared)."""


@contextlib.contextmanager
def serving(db: Path) -> Iterator[str]:
    """``seabattle serve`` over ``db`` on a free loopback port; its address."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "seabattle.cli", "serve", "--port",
                               str(port), "--db", str(db)], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/options", timeout=1).read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield url
    finally:
        server.kill()
        server.wait(10)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with serving(tmp_path / "db.sqlite3") as url:
        yield url


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
            browser.close()


def test_an_old_lesson_opens_at_its_old_address(tmp_path: Path) -> None:
    golden = old_database(tmp_path / "db.sqlite3")
    lesson, token = next(iter(golden["tokens"].items()))
    old = golden["states"][lesson]
    with serving(tmp_path / "db.sqlite3") as url, chromium() as browser:
        page = browser.new_context(bypass_csp=True).new_page()
        page.set_default_timeout(30_000)  # a loaded machine
        page.add_init_script("localStorage.setItem('sb.lang', 'en');"
                             "localStorage.setItem('sb.guide.classroom', 'seen');"
                             f"localStorage.setItem('sb.lesson.{lesson}', '{token}')")
        page.goto(f"{url}/classroom/{lesson}")
        page.wait_for_selector("#problem")
        assert page.url == f"{url}/play/{lesson}"
        assert page.text_content("#problem-text") == old["problem"]["text"]
        assert page.text_content("#score-0").endswith(str(old["scores"][0]))
        page.click("#show-answer")
        assert old["problem"]["answer"] in page.text_content("#problem-answer")


def test_browser_lesson_from_the_lobby_to_the_winner(served: str) -> None:
    ships, mines = targets(SEED, 1)
    water0 = 11  # B2: water in Reds' own fleet, which they bring as a file

    def fleet_file(text: str) -> dict[str, Any]:
        return {"name": "reds.txt", "mimeType": "text/plain", "buffer": text.encode()}

    with chromium() as browser:
        context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(30_000)  # a loaded machine
        page.add_init_script("localStorage.setItem('sb.lang', 'en')")
        page.goto(f"{served}/classroom")  # the old address: the lobby, classroom chosen
        page.wait_for_selector("#hotseat")
        assert page.url == f"{served}/" and not page.locator("#vs-computer").count()
        if page.get_attribute("#settings", "open") is None:
            page.click("#settings summary")
        page.select_option("#problems", "en")
        page.fill("#team-0", "Reds")
        page.fill("#team-1", "Blues")
        page.fill("#seed", str(SEED))
        if SHOTS.is_dir():
            page.screenshot(path=str(SHOTS / "lobby-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "lobby-390.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        page.set_input_files("input[name=fleet-0]", files=[fleet_file(OWN_FLEET.replace(
            "C6", "C6 C7 C8 C9 C10"))])
        page.click("#hotseat")
        page.wait_for_function(
            "document.querySelector('#lobby-error').textContent.includes('line 8')")
        page.set_input_files("input[name=fleet-0]", files=[fleet_file(OWN_FLEET)])
        page.click("#hotseat")
        page.wait_for_selector("#field-1")
        # A teacher's first lesson in this browser: how a lesson goes, once.
        page.wait_for_selector("#guide")
        assert "spectator link" in page.text_content("#guide")
        page.click("#guide-close")
        assert "/play/" in page.url
        game = page.url.rstrip("/").split("/")[-1]
        assert not page.locator("#chat-phrase").count()
        assert not page.locator("#resign").count()

        def act(selector: str) -> None:
            before = int(page.get_attribute("body", "data-seq") or 0)
            page.click(selector)
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")

        act(f"#field-1 .cell[data-cell='{mines[0]}']")  # a mine: a mine problem
        assert page.get_attribute("#problem", "data-kind") == "mine"
        watch = page.input_value("#watch-link")
        page.click("#show-answer")
        assert page.text_content("#problem-answer").startswith("Answer:")
        if SHOTS.is_dir():
            page.screenshot(path=str(SHOTS / "lesson-problem-1280.png"), full_page=True)
            projector = browser.new_context(
                bypass_csp=True, viewport={"width": 390, "height": 844}).new_page()
            projector.add_init_script("localStorage.setItem('sb.lang', 'en')")
            projector.goto(watch)
            projector.wait_for_selector("#problem")
            assert projector.text_content("#problem-answer") == ""
            assert not projector.locator("#right").count()
            projector.screenshot(path=str(SHOTS / "projector-390.png"), full_page=True)
        act("#wrong")
        assert "-2" in page.text_content("#score-0")
        if SHOTS.is_dir():
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "lesson-390.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        # Blues' shot, typed.
        page.fill("#shot", "ABCDEFGHIJ"[water0 % 10] + str(water0 // 10 + 1))
        act("#fire")
        assert page.get_attribute(f"#field-0 .cell[data-cell='{water0}']",
                                  "data-mark") == "miss"
        # Reds sink everything; every problem marked, alternately right and wrong.
        right = True
        for cell in ships:
            act(f"#field-1 .cell[data-cell='{cell}']")
            if page.locator("#problem").count():
                page.click("#show-answer")
                act("#right" if right else "#wrong")
                right = not right
        page.wait_for_selector("#lesson-marks")
        assert "Reds wins" in page.text_content("#status")
        assert not page.locator("#rematch").count()
        record = page.request.get(served + page.get_attribute("#record", "href")).json()
        assert record["winner"] == 0 and len(record["problems"]) == 11
        if SHOTS.is_dir():
            page.screenshot(path=str(SHOTS / "lesson-over-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "lesson-over-390.png"), full_page=True)
        # A reload shows the same finished lesson; the token never was in an address.
        page.reload()
        page.wait_for_selector("#lesson-marks")
        token = page.evaluate(f"localStorage.getItem('sb.token.{game}')")
        assert token and token not in page.url and token not in watch
