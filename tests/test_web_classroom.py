"""The classroom game in the web server: every endpoint and refusal, privacy, restarts.

Driven through Starlette's TestClient over a SQLite file in ``tmp_path``; the endpoints
are in ``docs/web-protocol.md`` (section «The classroom»). To aim, the tests place the
same fleets as the server from the same seed: the server never sends them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.classroom import MathBattle  # noqa: E402
from seabattle.battleship.rules import Role  # noqa: E402
from seabattle.commands.classroom import builtin_problems  # noqa: E402
from seabattle.coords import iter_cells  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402

SEED = 7

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
def client(db: Path) -> Any:
    with TestClient(create_app(db)) as client:
        yield client


def targets(seed: int, team: int) -> tuple[list[int], list[int]]:
    """The ship cells and the mines of ``team``'s field in the lesson of ``seed``."""
    fleet = MathBattle(builtin_problems("en"), seed=seed).game.fleets[team]
    ships = [c for s in fleet.ships if s.kind.role is Role.SHIP for c in iter_cells(s.cells)]
    mines = [c for s in fleet.ships if s.kind.role is Role.MINE for c in iter_cells(s.cells)]
    return ships, mines


def new_lesson(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"lang": "en", "teams": ["Reds", "Blues"], "seed": SEED, "problems": "en"} | body
    response = client.post("/api/classroom", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def fire(client: TestClient, lesson: dict[str, Any], cell: int | str,
         status: int = 200) -> dict[str, Any]:
    response = client.post(f"/api/classroom/{lesson['lesson']}/fire",
                           json={"token": lesson["token"], "cell": cell})
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


def mark(client: TestClient, lesson: dict[str, Any], right: Any, status: int = 200,
         lang: str = "en") -> dict[str, Any]:
    response = client.post(f"/api/classroom/{lesson['lesson']}/mark?lang={lang}",
                           json={"token": lesson["token"], "right": right})
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


def state(client: TestClient, lesson: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/classroom/{lesson['lesson']}",
                          params={"token": lesson["token"]})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_page_options_and_lobby_link(client: TestClient) -> None:
    for path in ("/classroom", "/classroom/anything"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/classroom.js" in page.text
    assert client.get("/static/classroom.js").status_code == 200
    assert "/classroom" in client.get("/static/app.js").text
    options = client.get("/api/classroom/options").json()
    assert {s["language"] for s in options["sets"]} == {"en", "ru"}
    assert all(s["problems"] >= 30 and s["mines"] >= 6 for s in options["sets"])
    assert options["rules"]["name"] == "math"
    assert "web.lobby.classroom" in client.get("/api/messages?lang=ru").json()


def test_create_and_state_hide_the_fleets(client: TestClient) -> None:
    lesson = new_lesson(client)
    first = lesson["state"]
    assert first == state(client, lesson)
    assert first["teams"] == ["Reds", "Blues"] and first["seed"] == SEED
    assert first["to_move"] == 0 and first["scores"] == [0, 0] and first["problem"] is None
    assert first["columns"] == list("ABCDEFGHIJ") and first["seq"] == 1
    assert {mark for field in first["fields"] for mark in field} == {"water"}
    assert len(lesson["token"]) >= 24 and lesson["token"] not in json.dumps(first)
    russian = new_lesson(client, lang="ru", problems="ru", seed=None, teams=["", ""])
    assert russian["state"]["columns"][0] == "А" and isinstance(russian["state"]["seed"], int)
    assert russian["state"]["problem_set"] != first["problem_set"]


@pytest.mark.parametrize(("body", "code"), [
    ([], "web.error.not_object"),
    ({"lang": "de"}, "web.error.field"),
    ({"teams": ["only one"]}, "web.error.field"),
    ({"teams": ["x" * 41, "y"]}, "web.error.field"),
    ({"seed": -1}, "web.error.field"),
    ({"seed": "7"}, "web.error.field"),
    ({"first": 2}, "web.error.field"),
    ({"problems": "de"}, "error.problems_builtin"),
    ({"problems": 5}, "web.error.field"),
    ({"problems": {"text": "x = [", "syntax": "toml"}}, "error.problems_syntax"),
    ({"problems": {"text": "{}", "syntax": "yaml"}}, "web.error.field"),
])
def test_create_refuses_bad_requests(client: TestClient, body: Any, code: str) -> None:
    response = client.post("/api/classroom", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code and response.json()["type"] == "error"


def test_create_refuses_bad_json_and_huge_bodies(client: TestClient) -> None:
    assert client.post("/api/classroom", content=b"{not json").json()["code"] == \
        "web.error.not_json"
    huge = client.post("/api/classroom", content=b" " * 300_000)
    assert huge.status_code == 400 and huge.json()["code"] == "web.error.too_long"


def test_uploaded_problem_file_and_translated_errors(client: TestClient) -> None:
    lesson = new_lesson(client, problems={"text": PROBLEMS_TOML, "syntax": "toml",
                                          "file": "tiny.toml"})
    assert lesson["state"]["problem_set"] == "tiny"
    as_json = json.dumps({"format": "seabattle-problems", "version": 1, "name": "j",
                          "problem": [{"text": "2 + 2", "answer": 4, "points": 2}],
                          "mine": [{"text": "3 × 3", "answer": 9}]})
    assert new_lesson(client, problems={"text": as_json, "syntax": "json"})["state"][
        "problem_set"] == "j"
    bad = PROBLEMS_TOML.replace("points = 1", "points = 5")
    body = {"problems": {"text": bad, "syntax": "toml", "file": "my-set.toml"}}
    english = client.post("/api/classroom", json=body).json()
    russian = client.post("/api/classroom?lang=ru", json=body).json()
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
        ships, _ = targets(SEED, 1)  # Blues' fleet: placed from the seed, as always
        water = next(c for c in range(100) if c not in ships + targets(SEED, 1)[1])
        fire(client, lesson, water)  # Reds miss; Blues fire at Reds' own fleet
        hit = fire(client, lesson, "A2")
        assert hit["last"] == {"team": 1, "cell": 10, "result": "hit", "name": "A2"}
        missed = fire(client, lesson, "B2")
        assert missed["last"]["result"] == "miss"
    with TestClient(create_app(db)) as client:  # the own fleet survives a restart
        assert state(client, lesson) == missed
        record = client.get(f"/api/classroom/{lesson['lesson']}/record",
                            params={"token": lesson["token"]}).json()
        cells = {cell for ship in record["game"]["fleets"][0] for cell in ship["cells"]}
        assert {"A1", "A4", "C3", "I6", "A9", "E9"} <= cells and "B2" not in cells


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
    response = client.post("/api/classroom", json={"problems": "en", "fleets": fleets})
    assert response.status_code == 400
    for word in words:
        assert word in response.json()["message"]


def test_a_lesson_to_the_end_with_marks_and_record(client: TestClient) -> None:
    lesson = new_lesson(client)
    ships, mines = targets(SEED, 1)
    # A miss passes the turn; typing a cell name works too.
    water = next(c for c in range(100) if c not in ships and c not in mines)
    after_miss = fire(client, lesson, water)
    assert after_miss["to_move"] == 1 and after_miss["fields"][1][water] == "miss"
    assert after_miss["last"] == {"team": 0, "cell": water, "result": "miss",
                                  "name": after_miss["columns"][water % 10] + str(water // 10 + 1)}
    own_ships, own_mines = targets(SEED, 0)
    water0 = next(c for c in range(100) if c not in own_ships and c not in own_mines)
    name = "ABCDEFGHIJ"[water0 % 10].lower() + str(water0 // 10 + 1)
    assert fire(client, lesson, name)["to_move"] == 0
    # Team 0 hits a mine: a mine problem, and the turn goes to the mine's owner.
    hit_mine = fire(client, lesson, mines[0])
    assert hit_mine["problem"]["kind"] == "mine" and hit_mine["problem"]["team"] == 0
    assert hit_mine["fields"][1][mines[0]] == "mine" and hit_mine["to_move"] is None
    after = mark(client, lesson, False)
    assert after["scores"] == [-2, 0] and after["to_move"] == 1
    assert after["last_mark"]["change"] == -2 and after["last_mark"]["right"] is False
    # Team 1 misses, then team 0 sinks everything, marking every problem right.
    fire(client, lesson, next(c for c in range(100) if c not in own_ships + own_mines
                             and c != water0))
    drawn = 0
    current = state(client, lesson)
    for cell in ships:
        assert current["to_move"] == 0
        current = fire(client, lesson, cell)
        if current["problem"] is not None:
            assert current["problem"]["kind"] == "problem" and current["problem"]["answer"]
            drawn += 1
            current = mark(client, lesson, True)
    assert drawn == 10 and current["over"] is True
    assert current["result"] == "win" and current["winner"] == 0
    assert current["fleet_winner"] == 0 and current["scores"][0] > 0
    assert current["to_move"] is None
    record = client.get(f"/api/classroom/{lesson['lesson']}/record",
                        params={"token": lesson["token"]})
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    data = record.json()
    assert data["format"] == "seabattle-classroom" and data["seed"] == SEED
    assert data["winner"] == 0 and len(data["problems"]) == 11
    assert data["problems"][0]["kind"] == "mine" and data["problems"][0]["right"] is False
    # Once over, nothing more is accepted.
    over = fire(client, lesson, water0 + 1 if water0 + 1 not in ships else 0, status=409)
    assert over["type"] == "error"
    assert mark(client, lesson, True, status=409)["code"] == "error.no_problem"


def test_refused_actions_change_nothing(client: TestClient) -> None:
    lesson = new_lesson(client)
    ships, _ = targets(SEED, 1)
    before = state(client, lesson)
    assert mark(client, lesson, True, status=409)["code"] == "error.no_problem"
    russian = mark(client, lesson, True, status=409, lang="ru")
    assert russian["message"] == "сейчас нечего оценивать"
    assert mark(client, lesson, "yes", status=400)["code"] == "web.error.field"
    for cell in (100, -1, True, None, "Z99", "", [1]):
        assert fire(client, lesson, cell, status=400)["type"] == "error"  # type: ignore[arg-type]
    url = f"/api/classroom/{lesson['lesson']}/fire"
    assert client.post(url, content=b"[").json()["code"] == "web.error.not_json"
    assert client.post(url, json=[1]).json()["code"] == "web.error.not_object"
    assert state(client, lesson) == before
    # Sink the one-decker at ships[...]: find a ship problem, then try to fire while it waits.
    one_decker = next(c for c in ships
                      if not any(abs(c - d) in (1, 10) for d in ships if d != c))
    waiting = fire(client, lesson, one_decker)
    assert waiting["problem"] is not None
    refused = fire(client, lesson, next(c for c in ships if c != one_decker), status=409)
    assert refused["code"] == "error.problem_pending" and "Reds" in refused["message"]
    assert state(client, lesson) == waiting
    marked = mark(client, lesson, True)
    assert marked["problem"] is None and marked["to_move"] == 0
    again = fire(client, lesson, one_decker, status=409)  # fired there before
    assert again["type"] == "error" and state(client, lesson) == marked


def test_lessons_are_private(client: TestClient) -> None:
    lesson = new_lesson(client)
    other = new_lesson(client)
    lesson_id = lesson["lesson"]
    for token in (None, "", other["token"], lesson["token"] + "x"):
        params = {} if token is None else {"token": token}
        assert client.get(f"/api/classroom/{lesson_id}", params=params).status_code == 404
        assert client.get(f"/api/classroom/{lesson_id}/record",
                          params=params).status_code == 404
        for action, body in (("fire", {"cell": 0}), ("mark", {"right": True})):
            response = client.post(f"/api/classroom/{lesson_id}/{action}",
                                   json={"token": token, **body})
            assert response.status_code == 404
            assert response.json()["code"] == "web.error.no_lesson"
    unknown = client.get("/api/classroom/nope", params={"token": lesson["token"]})
    assert unknown.status_code == 404 and unknown.json()["code"] == "web.error.no_lesson"
    assert client.post("/api/classroom/nope/fire",
                       json={"token": "t", "cell": 0}).status_code == 404
    assert state(client, lesson)["seq"] == 1
    # A game room's id is not a lesson, nor the other way round.
    game = client.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
    assert client.get(f"/api/classroom/{game['game']}",
                      params={"token": game["token"]}).status_code == 404
    assert client.get(f"/api/games/{lesson_id}/record").status_code == 404


def test_restart_continues_the_lesson(db: Path) -> None:
    ships, mines = targets(SEED, 1)
    with TestClient(create_app(db)) as client:
        lesson = new_lesson(client)
        fire(client, lesson, mines[1])
        mark(client, lesson, True)
        fire(client, lesson, next(c for c in range(100) if c not in targets(SEED, 0)[0]
                                  + targets(SEED, 0)[1]))
        for cell in ships[:4]:  # the four-decker: its problem is left waiting
            last = fire(client, lesson, cell)
        assert last["problem"] is not None and last["scores"] == [2, 0]
    with TestClient(create_app(db)) as client:  # a new server on the same file
        again = state(client, lesson)
        assert again == last
        refused = fire(client, lesson, ships[4], status=409)
        assert refused["code"] == "error.problem_pending"
        marked = mark(client, lesson, False)
        assert marked["scores"] == [2, 0] and marked["to_move"] == 0 and marked["seq"] == 9
    with TestClient(create_app(db)) as client:
        assert state(client, lesson) == marked
        record = client.get(f"/api/classroom/{lesson['lesson']}/record",
                            params={"token": lesson["token"]}).json()
        assert [p["right"] for p in record["problems"]] == [True, False]


# --- in a real browser -------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")


def test_browser_lesson_from_the_lobby_to_the_winner(tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
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
                               str(port), "--db", str(tmp_path / "db.sqlite3")],
                              stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/classroom/options", timeout=1).read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        ships, mines = targets(SEED, 1)
        water0 = 11  # B2: water in Reds' own fleet, which they bring as a file
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            try:
                page = browser.new_context().new_page()
                page.set_default_timeout(15_000)
                page.add_init_script("localStorage.setItem('sb.lang', 'en')")
                page.goto(url)
                page.click("#classroom-link")
                page.wait_for_selector("#start")
                page.select_option("#problems", "en")
                page.fill("#team-0", "Reds")
                page.fill("#team-1", "Blues")
                page.fill("#seed", str(SEED))

                def fleet_file(text: str) -> dict[str, Any]:
                    return {"name": "reds.txt", "mimeType": "text/plain",
                            "buffer": text.encode()}

                page.set_input_files("#fleet-0", files=[fleet_file(OWN_FLEET.replace(
                    "C6", "C6 C7 C8 C9 C10"))])
                page.click("#start")
                page.wait_for_function(
                    "document.querySelector('#setup-error').textContent.includes('line 8')")
                page.set_input_files("#fleet-0", files=[fleet_file(OWN_FLEET)])
                page.click("#start")
                page.wait_for_selector("#field-1")
                assert "/classroom/" in page.url

                def act(selector: str) -> None:
                    before = int(page.get_attribute("body", "data-seq") or 0)
                    page.click(selector)
                    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")

                act(f"#field-1 .cell[data-cell='{mines[0]}']")  # a mine: a mine problem
                assert page.get_attribute("#problem", "data-kind") == "mine"
                page.click("#show-answer")
                assert page.text_content("#answer").startswith("Answer:")
                act("#wrong")
                assert "-2" in page.text_content("#score-0")
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
                page.wait_for_selector("#winner")
                assert "Reds wins" in page.text_content("#winner")
                href = page.get_attribute("#record", "href")
                assert href is not None
                record = page.request.get(url + href).json()
                assert record["winner"] == 0 and len(record["problems"]) == 11
                # A reload shows the same finished lesson.
                page.reload()
                page.wait_for_selector("#winner")
            finally:
                browser.close()
    finally:
        server.kill()
        server.wait(10)
