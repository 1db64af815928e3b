"""The web server in-process: every message type and error, hidden information, restarts.

Driven through Starlette's TestClient (HTTP and WebSocket), over a SQLite file in
``tmp_path``; the protocol is ``docs/web-protocol.md``.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.record import GameRecord  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from seabattle.server.messages import Intent, client_types  # noqa: E402
from seabattle.server.store import SQLiteStore  # noqa: E402


class Peer:
    """One WebSocket client: sends messages, keeps every message it received."""

    def __init__(self, ws: Any, name: str) -> None:
        self.ws, self.name = ws, name
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}

    def send(self, message: dict[str, Any] | str) -> None:
        if isinstance(message, str):
            self.ws.send_text(message)
        else:
            self.ws.send_json(message)

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Read until a message of type ``kind`` (whose ``fields`` match) arrives; an
        error on the way fails at once (waiting on would wait for ever: the server has
        answered)."""
        for _ in range(500):
            message = self.recv()
            if message["type"] == "error" and kind != "error":
                raise AssertionError(f"{self.name}: waiting for {kind}, refused: {message}")
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"{self.name}: no {kind} message")

    def error(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send ``message`` and return the error it gets."""
        self.send(message)
        return self.until("error")


def new_game(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"mode": "private", "preset": "classic", **request})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def private_pair(client: TestClient, **request: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    game = new_game(client, **request)
    joined = client.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    assert joined.status_code == 200, joined.text
    return game, joined.json()


def hello(ws: Any, game: str, name: str, since: int = 0, **key: str) -> Peer:
    peer = Peer(ws, name)
    peer.send({"type": "hello", "game": game, "since": since, **key})
    assert peer.until("welcome")["game"] == game
    peer.until("state")
    return peer


def place_random(peer: Peer) -> list[list[int]]:
    peer.send({"type": "random_fleet"})
    ships: list[list[int]] = peer.until("fleet_suggestion")["ships"]
    peer.send({"type": "place", "ships": ships})
    peer.until("fleet_ready", seat=peer.state["you"])
    return ships


def next_target(state: dict[str, Any]) -> int:
    enemy = state["boards"][1 - state["you"]]
    fired = {s["cell"] for s in enemy["shots"]} | set(enemy["ring"])
    return next(c for c in range(state["rules"]["width"] * state["rules"]["height"])
                if c not in fired)


def sync(peer: Peer, seq: int) -> dict[str, Any]:
    """The latest state, reading on until it is at least as new as ``seq``."""
    if peer.state.get("seq", -1) >= seq:
        return peer.state
    while True:
        state = peer.until("state")
        if state["seq"] >= seq:
            return state


def check_hidden(peer: Peer, seat: int | None, fleets: list[list[list[int]]]) -> None:
    """Nothing ``peer`` received before the end shows more of a hidden fleet than its shots did.

    A hidden fleet is the opponent's (for a spectator, both). Its ship cells may
    appear only where they were fired at; no message carries its ship list.
    """
    hidden = [owner for owner in (0, 1) if owner != seat]
    fired_at: dict[int, set[int]] = {0: set(), 1: set()}
    """Cells of each owner's field the peer was told were fired at, so far: by shot
    messages, or by a state (after a reconnection, earlier shots come only so)."""
    checked = 0
    for message in peer.received:
        if message["type"] == "game_over" or (message["type"] == "state"
                                              and message["phase"] == "over"):
            break
        checked += 1
        assert "fleets" not in message, message
        if message["type"] == "fleet_suggestion":
            assert seat is not None  # one's own fleet, only to a player
            continue
        assert "ships" not in message, message
        for owner in hidden:
            ship_cells = {c for ship in fleets[owner] for c in ship}
            if message["type"] == "state":
                board = message["boards"][owner]
                assert board["ships"] is None, message
                fired = {s["cell"] for s in board["shots"]}
                fired_at[owner] |= fired
                told = fired | set(board["ring"]) | {
                    c for ship in board["sunk"] for c in (ship["cells"] or [ship["cell"]])}
                assert told & ship_cells <= fired, message
            elif message["type"] == "shot" and message["seat"] != owner:
                fired_at[owner].add(message["cell"])
                told = {message["cell"], *(message.get("sunk_cells") or []),
                        *(message.get("ring") or [])}
                assert told & ship_cells <= fired_at[owner], message
    assert checked  # a test that saw nothing would prove nothing


# --- HTTP --------------------------------------------------------------------------------

def test_options_messages_and_index(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert {p["name"] for p in options["presets"]} >= {"classic", "six", "bent"}
    assert "admiral" in options["levels"] and "ru-yo" in options["alphabets"]
    ru = client.get("/api/messages?lang=ru").json()
    assert ru["shot.miss"] == "Мимо!" and ru["web.lobby.shoot_again"].startswith("Стрелять снова")
    assert client.get("/api/messages").json()["shot.miss"] == "Miss!"
    for path in ("/", "/play/x", "/join/x/y", "/watch/x/y"):
        assert "<script" in client.get(path).text
    assert client.get("/static/app.js").status_code == 200


@pytest.mark.parametrize("body, field", [
    ({"mode": "solo"}, "mode"), ({"mode": "private", "preset": "nope"}, "preset"),
    ({"mode": "private", "touching": "maybe"}, "touching"),
    ({"mode": "private", "shoot_again": "yes"}, "shoot_again"),
    ({"mode": "private", "alphabet": "greek"}, "alphabet"),
    ({"mode": "computer", "level": "god"}, "level"),
    ({"mode": "private", "turn_seconds": -1}, "turn_seconds"),
    ({"mode": "private", "setup_seconds": 3601}, "setup_seconds"),
    ({"mode": "private", "setup_seconds": True}, "setup_seconds"),
])
def test_create_refuses_bad_requests(client: TestClient, body: dict[str, Any], field: str) -> None:
    response = client.post("/api/games?lang=ru", json=body)
    assert response.status_code == 400
    # The rule set's fields are the game's to check (its host's game.error.*), the rest the
    # server's (web.error.*).
    server = field in ("mode", "level", "turn_seconds", "setup_seconds")
    assert response.json()["code"] == ("web.error.field" if server else "game.error.field")
    assert field in response.json()["message"]
    assert client.post("/api/games", content=b"{").json()["code"] == "web.error.not_json"


def test_create_applies_lobby_options(client: TestClient) -> None:
    game = new_game(client, preset="six", shoot_again=True, touching="corners",
                    alphabet="respublika", turn_seconds=30)
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, game["game"], "a", token=game["token"]).state
    assert state["rules"]["shoot_again"] is True and state["rules"]["touching"] == "corners"
    assert state["columns"] == "РЕСПУБЛИКА" and state["options"]["turn_seconds"] == 30
    assert state["phase"] == "waiting" and state["invite"] == game["invite"]


def test_join_errors(client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['game']}/join"
    assert client.post(url, json={"invite": "wrong"}).json()["code"] == "web.error.bad_invite"
    assert client.post(url, json={}).json()["code"] == "web.error.field"
    assert client.post("/api/games/nothing/join", json={"invite": "x"}).status_code == 404
    assert client.post(url, json={"invite": game["invite"]}).status_code == 200
    assert client.post(url, json={"invite": game["invite"]}).json()["code"] == \
        "web.error.game_full"


def test_random_opponent_matches_same_rules_only(client: TestClient) -> None:
    first = client.post("/api/games", json={"mode": "random", "preset": "classic"}).json()
    other = client.post("/api/games", json={"mode": "random", "preset": "six"}).json()
    second = client.post("/api/games", json={"mode": "random", "preset": "classic"}).json()
    assert second["game"] == first["game"] != other["game"]
    assert (first["seat"], second["seat"]) == (0, 1) and first["token"] != second["token"]
    third = client.post("/api/games", json={"mode": "random", "preset": "classic"}).json()
    assert third["game"] != first["game"] and third["seat"] == 0
    timed = client.post("/api/games", json={"mode": "random", "preset": "classic",
                                            "setup_seconds": 60}).json()
    assert timed["game"] != third["game"] and timed["seat"] == 0  # another set-up timer


# --- a whole game between two people ------------------------------------------------------

def test_whole_game_every_message_and_no_hidden_information(client: TestClient) -> None:
    game, joined = private_pair(client)
    gid = game["game"]
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, gid, "a", token=game["token"])
        b = hello(wb, gid, "b", token=joined["token"])
        watcher = hello(ww, gid, "watch", watch=game["watch"])
        assert watcher.state["you"] is None and a.state["you"] == 0 and b.state["you"] == 1
        a.send({"type": "chat", "phrase": "chat.hello"})
        assert b.until("chat")["phrase"] == "chat.hello"
        fleets = [place_random(a), place_random(b)]
        first = a.until("battle_started")["first"]
        peers = {0: a, 1: b}
        state = a.until("state")
        # Wrong turn, then the game to the end.
        other = peers[1 - first]
        assert other.error({"type": "fire", "cell": 0})["code"] == "error.shot_not_your_turn"
        seq = max(a.state["seq"], b.state["seq"])
        while True:
            states = {s: sync(p, seq) for s, p in peers.items()}
            state = states[0]
            if state["phase"] == "over":
                break
            shooter = state["to_move"]
            peers[shooter].send({"type": "fire", "cell": next_target(states[shooter])})
            seq = states[0]["seq"] + 1
        over = a.until("game_over") if not any(
            m["type"] == "game_over" for m in a.received) else None
        del over
        final = sync(watcher, state["seq"])
        assert final["phase"] == "over" and final["result"]["reason"] == "fleet_sunk"
        assert final["boards"][0]["ships"] and final["boards"][1]["ships"]
        assert final["stats"][state["result"]["winner"]]["sunk"] == 10
        game_over = next(m for m in watcher.received if m["type"] == "game_over")
        assert game_over["fleets"] == fleets
        for peer, seat in ((a, 0), (b, 1), (watcher, None)):
            check_hidden(peer, seat, fleets)
        shot = next(m for m in a.received if m["type"] == "shot" and m["result"] == "sunk")
        assert shot["sunk_cells"] and shot["ring"]
        # After the game: errors for moves, the record, a rematch.
        assert a.error({"type": "fire", "cell": 5})["code"] == "game.error.phase"
        assert a.error({"type": "resign"})["code"] == "web.error.phase"
        record = client.get(f"/api/games/{gid}/record")
        assert GameRecord.from_json(record.text).game().winner == state["result"]["winner"]
        a.send({"type": "rematch"})
        b.until("rematch_offered", seat=0)
        assert a.error({"type": "rematch"})["code"] == "web.error.repeated"
        b.send({"type": "rematch"})
        started = a.until("rematch_started")
        new = started["game"]
        assert "watch" not in started  # players keep their tokens
        # Spectators are sent the new game's spectator key with the news.
        told = watcher.until("rematch_started")
        assert told["game"] == new and told["watch"] and told["watch"] != game["watch"]
        final = sync(watcher, state["seq"] + 2)
        assert final["next_game"] == new and final["next_watch"] == told["watch"]
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, new, "a", token=game["token"])
        b = hello(wb, new, "b", token=joined["token"])
        assert a.state["phase"] == "setup" and a.state["previous_game"] == gid
        assert (a.state["you"], b.state["you"]) == (0, 1)
        assert a.state["watch"] == told["watch"]
        assert hello(ww, new, "w", watch=told["watch"]).state["you"] is None


def test_protocol_errors_change_nothing(client: TestClient) -> None:
    game, joined = private_pair(client, preset="classic")
    gid = game["game"]
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = Peer(wa, "a")
        assert a.error({"type": "fire", "cell": 1})["code"] == "web.error.hello_first"
        assert a.error({"type": "check_fleet", "ships": []})["code"] == "web.error.hello_first"
        assert a.error({"type": "hello", "game": gid, "token": "guess"})["code"] == \
            "web.error.bad_token"
        assert a.error({"type": "hello", "game": "nope", "token": "x"})["code"] == \
            "web.error.no_game"
        assert a.error({"type": "hello", "game": gid, "watch": game["token"]})["code"] == \
            "web.error.bad_token"
        assert a.error({"type": "hello", "game": gid})["code"] == "web.error.field"
        assert a.error({"type": "hello", "game": gid, "token": "x", "lang": "de"})["code"] == \
            "web.error.field"
        a = hello(wa, gid, "a", token=game["token"])
        b = hello(wb, gid, "b", token=joined["token"])
        watcher = hello(ww, gid, "w", watch=game["watch"])
        seq = a.state["seq"]
        cases: list[tuple[dict[str, Any] | str, str]] = [
            ("not json", "web.error.not_json"),
            ("[1, 2]", "web.error.not_object"),
            ({"type": "dance"}, "web.error.unknown_type"),
            ({"kind": "fire"}, "web.error.unknown_type"),
            ({"type": "fire"}, "game.error.field"),
            ({"type": "fire", "cell": "A1"}, "game.error.field"),
            ({"type": "fire", "cell": True}, "game.error.field"),
            ({"type": "place", "ships": "all"}, "game.error.field"),
            ({"type": "place", "ships": [[1, "x"]]}, "game.error.field"),
            ({"type": "chat", "phrase": "you lose, noob"}, "web.error.field"),
            ("x" * 20_000, "web.error.too_long"),
            ({"type": "hello", "game": gid, "token": game["token"]}, "web.error.repeated"),
            ({"type": "fire", "cell": 0}, "game.error.phase"),
            ({"type": "claim_win"}, "web.error.opponent_here"),
            ({"type": "rematch"}, "web.error.phase"),
            ({"type": "place", "ships": [[0]]}, "game.error.ship_count"),
            ({"type": "place", "ships": [[0, 1, 2, 3], [0, 1, 2], [20, 21, 22], [40, 41],
                                          [43, 44], [46, 47], [60], [62], [64], [66]]},
             "error.placement_overlap"),
            ({"type": "place", "ships": [[0, 1, 2, 3], [10, 11, 12], [30, 31, 32], [50, 51],
                                          [53, 54], [56, 57], [70], [72], [74], [76]]},
             "error.placement_touching"),
            ({"type": "place", "ships": [[0, 1, 2, 4], [20, 21, 22], [30, 31, 32], [50, 51],
                                          [53, 54], [56, 57], [70], [72], [74], [76]]},
             "error.placement_shape"),
            ({"type": "place", "ships": [[0, 1, 2, 3], [20, 21, 22], [40, 41, 42], [60, 61],
                                          [63, 64], [66, 67], [80], [82], [84], [100]]},
             "error.off_field"),
        ]
        for message, code in cases:
            error = a.error(message)
            assert error["code"] == code, (message, error)
            assert error["message"]
        assert watcher.error({"type": "chat", "phrase": "chat.oops"})["code"] == \
            "web.error.spectator"
        assert watcher.error({"type": "random_fleet"})["code"] == "web.error.phase"
        a.send({"type": "ping"})
        assert a.until("pong")["seq"] == seq  # nothing above changed the game
        ships = place_random(a)
        assert a.error({"type": "place", "ships": ships})["code"] == "game.error.already_placed"
        place_random(b)
        state = sync(a, seq + 2)
        shooter = {0: a, 1: b}[state["to_move"]]
        assert shooter.error({"type": "fire", "cell": 100})["code"] == "error.off_field"
        assert shooter.error({"type": "fire", "cell": -1})["code"] == "error.off_field"
        shooter.send({"type": "fire", "cell": 0})
        shot = shooter.until("shot")
        if shot["seat"] == shooter.state["you"] and shot["result"] != "miss":
            assert shooter.error({"type": "fire", "cell": 0})["code"] == \
                "error.shot_already_fired"
        a.send({"type": "resign"})
        assert b.until("game_over")["reason"] == "resigned"
        assert b.until("state")["result"] == {"winner": 1, "reason": "resigned"}


def test_every_client_message_type_is_covered() -> None:
    # The tests above send each type; this keeps the list honest when a type is added.
    # fire_salvo and decide are covered in tests/test_web_variants.py, the query check_fleet
    # in tests/test_web_placement.py, suggest_fleet in tests/test_web_platform_protocol.py,
    # the classroom's mark in tests/test_web_classroom.py, the fleet battle's retreat, mode,
    # orders, grapple and check_orders in tests/test_fleetbattle_host.py, the manoeuvre
    # game's deploy in tests/test_manoeuvres_host.py, its actions (step, shoot, point_blank,
    # detonate, attack, defend, end_turn) there as the states' legal lists offer them.
    assert set(client_types()) == {"hello", "place", "random_fleet", "fire", "resign", "chat",
                                 "claim_win", "rematch", "ping", "fire_salvo", "decide",
                                 "check_fleet", "suggest_fleet", "mark", "retreat", "mode",
                                 "orders", "grapple", "check_orders", "deploy", "step",
                                 "shoot", "point_blank", "detonate", "attack", "defend",
                                 "end_turn"}


def test_record_only_after_the_end(client: TestClient) -> None:
    game = new_game(client)
    assert client.get(f"/api/games/{game['game']}/record").json()["code"] == \
        "web.error.record_not_ready"
    assert client.get("/api/games/none/record").status_code == 404


# --- the computer, reconnection, timers, restarts ------------------------------------------

def test_against_the_computer_to_the_end(client: TestClient) -> None:
    game = new_game(client, mode="computer", level="novice", preset="six")
    assert game["invite"] is None
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        assert me.state["players"][1]["computer"] and me.state["phase"] == "setup"
        place_random(me)
        state = me.until("state")
        while state["phase"] != "over":
            assert state["to_move"] == 0
            me.send({"type": "fire", "cell": next_target(state)})
            state = sync(me, state["seq"] + 1)
        assert state["result"]["reason"] == "fleet_sunk"
        computer_shots = [m for m in me.received if m["type"] == "shot" and m["seat"] == 1]
        assert computer_shots or state["result"]["winner"] == 0
        # A rematch against the computer starts at once.
        me.send({"type": "rematch"})
        assert me.until("rematch_started")["game"]


def test_reconnect_replays_missed_events_and_claim_after_grace(client: TestClient) -> None:
    game, joined = private_pair(client)
    gid = game["game"]
    with client.websocket_connect("/ws") as wb:
        b = hello(wb, gid, "b", token=joined["token"])
        with client.websocket_connect("/ws") as wa:
            a = hello(wa, gid, "a", token=game["token"])
            fleet_a = place_random(a)
            seen = a.received[-1]["seq"] + 1  # a saw its own fleet_ready
        assert b.until("presence")["online"] == [False, True]
        fleet_b = place_random(b)
        b.send({"type": "chat", "phrase": "chat.hurry"})
        b.until("chat")
        with client.websocket_connect("/ws") as wa:
            a = Peer(wa, "a")
            a.send({"type": "hello", "game": gid, "token": game["token"], "since": seen})
            a.until("welcome")
            missed = []
            while (message := a.recv())["type"] != "state":
                missed.append(message["type"])
            assert missed == ["fleet_ready", "battle_started", "chat"]
            assert a.state["phase"] == "battle"
        b.until("presence", online=[True, True])
        b.until("presence", online=[False, True])
        assert b.until("state")["players"][0]["online"] is False
        b.send({"type": "claim_win"})  # grace 0 in this app
        assert b.until("game_over")["reason"] == "abandoned"
        check_hidden(b, 1, [fleet_a, fleet_b])  # presence and chat included


def test_turn_timer_twice_loses(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game, joined = private_pair(client, turn_seconds=1)
        with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
            a = hello(wa, game["game"], "a", token=game["token"])
            b = hello(wb, game["game"], "b", token=joined["token"])
            fleets = [place_random(a), place_random(b)]
            a.until("battle_started")
            state = a.until("state")
            assert 0 < state["deadline_in"] <= 1
            slow = state["to_move"]
            started = time.monotonic()
            assert a.until("timeout")["strikes"] == 1
            assert a.until("timeout")["strikes"] == 2
            over = a.until("game_over")
            assert over == {"type": "game_over", "winner": 1 - slow, "reason": "timeout",
                            "fleets": over["fleets"], "stats": over["stats"], "seq": over["seq"]}
            assert time.monotonic() - started < 5
            b.send({"type": "claim_win"})
            assert b.until("error")["code"] == "web.error.phase"
            check_hidden(a, 0, fleets)  # timeouts included


def test_setup_timer_places_the_idle_fleet_at_random(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        game, joined = private_pair(client, setup_seconds=1, turn_seconds=0)
        with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
                client.websocket_connect("/ws") as ww:
            a = hello(wa, game["game"], "a", token=game["token"])
            b = hello(wb, game["game"], "b", token=joined["token"])
            watcher = hello(ww, game["game"], "w", watch=game["watch"])
            assert a.state["phase"] == "setup" and a.state["options"]["setup_seconds"] == 1
            assert 0 < a.state["deadline_in"] <= 1
            started = time.monotonic()
            fleet_a = place_random(a)
            assert "auto" not in a.received[-1]
            auto = b.until("fleet_ready", seat=1)
            assert auto["auto"] is True and time.monotonic() - started < 5
            b.until("battle_started")
            state_b = b.until("state")
            assert state_b["phase"] == "battle" and state_b["players"][1]["ready"]
            assert state_b["deadline_in"] is None  # no turn timer in this game
            fleet_b = [ship["cells"] for ship in state_b["boards"][1]["ships"]]
            assert sum(map(len, fleet_b)) == 20  # a whole legal fleet, shown to its owner
            assert b.error({"type": "place", "ships": fleet_a})["code"] == "game.error.phase"
            a.send({"type": "resign"})
            a.until("game_over")
            watcher.until("game_over")
            for peer, seat in ((a, 0), (b, 1), (watcher, None)):
                check_hidden(peer, seat, [fleet_a, fleet_b])


def test_setup_timer_on_the_room_with_a_given_clock() -> None:
    from random import Random

    from seabattle.battleship.definition import PlaceFleet
    from seabattle.battleship.rules import find_rules
    from seabattle.errors import SeaBattleError
    from seabattle.server.entries import Created, Played
    from seabattle.server.rooms import Room, RoomOptions, new_room_entry

    def created(mode: str, now: float) -> Created:
        return new_room_entry(find_rules("bent"), RoomOptions(mode=mode, setup_seconds=30),
                              "t0", rng=Random(1), watch="w", invite=None, now=now)

    room = Room("g", created("private", 100.0))
    assert room.phase == "waiting" and room.deadline is None  # nobody to wait for yet
    joined = room.join("t1", 110.0)
    assert room.deadline == 140.0
    assert room.tick(139.9, Random(2)) == []
    log = [room.entry_data(entry) for entry in room.log]
    entries = room.tick(140.0, Random(2))
    assert [(type(e), e.seat, type(e.action), e.auto) for e in entries
            if isinstance(e, Played)] == [(Played, 0, PlaceFleet, True),
                                          (Played, 1, PlaceFleet, True)]
    assert room.phase == "battle" and room.deadline is None
    # A restart in the set-up gives both players the whole set-up time again.
    again = Room.restore("g", log, 500.0)
    assert again.phase == "setup" and again.deadline == 530.0 and joined == room.log[1:2]
    # Against the computer the clock starts at once; the computer sets up at once (drawn
    # from the system's entropy, and logged), and only the person is placed for.
    computer = Room("c", created("computer", 0.0))
    assert [(e.seat, type(e.action)) for e in computer.begin(0.0)
            if isinstance(e, Played)] == [(1, PlaceFleet)]
    assert computer.phase == "setup" and computer.deadline == 30.0
    assert [e.seat for e in computer.tick(30.0, Random(3)) if isinstance(e, Played)][0] == 0
    assert computer.phase == "battle"
    with pytest.raises(SeaBattleError) as refused:
        new_room_entry(find_rules("classic"), RoomOptions(setup_seconds=-1), "t",
                       rng=Random(1), watch="w", invite=None, now=0.0)
    assert refused.value.message_key == "web.error.field"


def test_server_restart_mid_game_continues(db: Path) -> None:
    with TestClient(create_app(db, grace_seconds=60)) as client:
        game, joined = private_pair(client)
        with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
            a = hello(wa, game["game"], "a", token=game["token"])
            b = hello(wb, game["game"], "b", token=joined["token"])
            fleets = [place_random(a), place_random(b)]
            peers = {0: a, 1: b}
            a.until("battle_started")
            state = a.until("state")
            for _ in range(6):
                states = {s: sync(p, state["seq"]) for s, p in peers.items()}
                shooter = states[0]["to_move"]
                peers[shooter].send({"type": "fire", "cell": next_target(states[shooter])})
                state = sync(peers[shooter], states[0]["seq"] + 1)
            before = {s: sync(p, state["seq"]) for s, p in peers.items()}
    # A new process over the same file: both players continue where they were.
    with TestClient(create_app(db, grace_seconds=60)) as client, \
            client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
            a = hello(wa, game["game"], "a", token=game["token"], since=before[0]["seq"])
            b = hello(wb, game["game"], "b", token=joined["token"], since=before[1]["seq"])
            for peer, seat in ((a, 0), (b, 1)):
                assert peer.state["boards"] == before[seat]["boards"]
                assert peer.state["to_move"] == before[seat]["to_move"]
                assert [m["type"] for m in peer.received] == ["welcome", "state"]
            shooter = {0: a, 1: b}[a.state["to_move"]]
            shooter.send({"type": "fire", "cell": next_target(shooter.state)})
            assert shooter.until("shot")["seat"] == shooter.state["you"]
            check_hidden(a, 0, fleets)
            check_hidden(b, 1, fleets)


class FlakyStore(SQLiteStore):
    """A store whose appends fail on demand, like a full disk."""

    failing = False

    async def append(self, *args: Any, **kwargs: Any) -> None:
        if self.failing:
            raise OSError("disk full")
        await super().append(*args, **kwargs)


def test_nothing_is_told_before_it_is_stored(db: Path) -> None:
    store = FlakyStore(db)
    with TestClient(create_app(store)) as client:
        game, joined = private_pair(client)
        with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
            a = hello(wa, game["game"], "a", token=game["token"])
            b = hello(wb, game["game"], "b", token=joined["token"])
            place_random(a)
            place_random(b)
            a.until("battle_started")
            state = a.until("state")
            shooter, other = ({0: a, 1: b}[state["to_move"]], {0: b, 1: a}[state["to_move"]])
            store.failing = True
            assert shooter.error({"type": "fire", "cell": 0})["code"] == "web.error.internal"
            store.failing = False
            shooter.send({"type": "ping"})
            assert shooter.until("pong")["seq"] == state["seq"]  # the shot was not kept
            shooter.send({"type": "fire", "cell": 0})
            shot = other.until("shot")
            assert shot["seq"] == state["seq"]  # the first shot the opponent hears of
            assert [m["type"] for m in other.received].count("shot") == 1
            assert sync(other, state["seq"] + 1)["players"][shooter.state["you"]]["online"]


@pytest.mark.parametrize("preset", ["classic", "classic-corners", "bent", "milton-bradley",
                                    "six", "big-15", "big-16", "big-18"])
def test_every_preset_can_be_played(client: TestClient, preset: str) -> None:
    game = new_game(client, mode="computer", level="easy", preset=preset, turn_seconds=0)
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"], lang="ru")
        assert me.state["rules"]["name"] == preset
        assert len(me.state["columns"]) == me.state["rules"]["width"]
        place_random(me)
        state = me.until("state")
        assert state["phase"] == "battle" and state["to_move"] == 0
        me.send({"type": "fire", "cell": next_target(state)})
        assert me.until("shot")["seat"] == 0


def test_an_alphabet_too_short_for_the_field_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", json={"mode": "private", "preset": "big-15",
                                               "alphabet": "respublika"})
    assert response.status_code == 400 and response.json()["code"] == "error.alphabet_too_short"


def test_errors_name_cells_as_the_players_field_does(client: TestClient) -> None:
    game = new_game(client, mode="computer", level="easy", turn_seconds=0)
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"], lang="ru")
        place_random(me)
        state = me.until("state")
        assert state["to_move"] == 0
        cell = 2  # В1 on a Russian field, C1 to the engine
        me.send({"type": "fire", "cell": cell})
        me.until("shot")
        sync(me, state["seq"] + 1)
        while me.state["to_move"] != 0:
            me.until("state")
        error = me.error({"type": "fire", "cell": cell})
        assert error["code"] == "error.shot_already_fired"
        assert error["message"] == "по клетке В1 уже стреляли"


# --- titles, and logs written by older versions -------------------------------------------

@pytest.mark.parametrize("request_, name, preset, title", [
    ({}, "classic", "classic", "классика"),
    ({"salvo": 2}, "classic (salvo 2)", "classic", "классика, с вариантами"),
    ({"salvo": 2, "shoot_again": False}, "classic (shoot_again False, salvo 2)", "classic",
     "классика, с вариантами"),
    ({"touching": "none", "shoot_again": True}, "classic", "classic", "классика"),
    ({"preset": "six", "announce": "none", "mines": 1}, "six (announce none, mines 1)", "six",
     "шесть кораблей, с вариантами"),
    ({"preset": "flying-dutchman", "dutchman_decks": 6}, "flying-dutchman", "flying-dutchman",
     "Летучий голландец"),
    # Touching is no variant of a preset: the rule set goes by its name.
    ({"touching": "corners"}, "classic (touching corners)", None,
     "classic (touching corners)"),
    ({"shape": "l", "salvo": 2}, "custom (salvo 2)", None, "custom (salvo 2)"),
])
def test_the_state_names_the_preset_and_its_title(client: TestClient, request_: dict[str, Any],
                                                  name: str, preset: str | None,
                                                  title: str) -> None:
    game = new_game(client, **request_)
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, game["game"], "me", token=game["token"], lang="ru").state
    assert (state["rules"]["name"], state["preset"], state["title"]) == (name, preset, title)


def test_a_rule_set_merely_named_like_a_preset_is_not_shown_as_one() -> None:
    from random import Random

    from seabattle.battleship.rules import rules_from_dict
    from seabattle.server.rooms import Room, RoomOptions, new_room_entry

    house = rules_from_dict({"name": "classic (house rules)", "width": 8})
    room = Room("g", new_room_entry(house, RoomOptions(mode="computer", level="easy"), "t",
                                    rng=Random(1), watch="w", invite=None, now=0.0))
    state = room.snapshot(0, "ru", 0.0)
    assert (state["preset"], state["title"]) == (None, "classic (house rules)")


@pytest.mark.parametrize("preset", ["classic", "six", "bent"])
def test_the_state_text_is_the_snapshot_at_every_step_of_a_game(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The hub sends Room.state_text: the changing part encoded at each change, joined as
    # text to the part encoded once per language. It must say what Room.snapshot says.
    import json
    from random import Random

    from seabattle.battleship.rules import PRESETS
    from seabattle.games import chance
    from seabattle.server.rooms import WATCHER, Room, RoomOptions, new_room_entry

    monkeypatch.setattr(chance, "entropy", lambda: Random(7))
    rules = PRESETS[preset]
    room = Room("g", new_room_entry(rules, RoomOptions(mode="computer", level="easy"), "t",
                                    rng=Random(1), watch="w", invite=None, now=0.0))
    rng = Random(3)
    ships = room.host.suggestion(room.rules, room.state.random_action(0, rng))["ships"]
    room.handle(0, Intent("place", {"ships": ships}), 1.0)
    for step in range(400):
        for audience in (0, 1, WATCHER):
            for language in ("en", "ru"):
                text = room.state_text(audience, language, 2.0 + step)
                snapshot = room.snapshot(audience, language, 2.0 + step)
                assert json.loads(text) == json.loads(json.dumps(snapshot))  # tuples: lists
        state = room.snapshot(0, "en", 2.0 + step)
        if state["phase"] == "over":
            break
        turn = cast(dict[str, Any], state["turn"])
        pending = cast(dict[str, Any] | None, state["pending"])
        if pending is not None and pending["seat"] == 0:
            room.handle(0, Intent("decide", {"random": True}), 2.0 + step)
        else:
            room.handle(0, Intent(turn["action"], {"cell": turn["cells"][0]}
                                  if turn["action"] == "fire"
                                  else {"cells": turn["cells"][:turn["shots"]]}), 2.0 + step)
    assert room.phase == "over"


def test_random_pairing_ignores_how_the_rules_were_asked_for(client: TestClient) -> None:
    first = client.post("/api/games", json={"mode": "random", "preset": "classic", "salvo": 2})
    second = client.post("/api/games", json={"mode": "random", "preset": "classic", "salvo": 2,
                                             "shoot_again": False})
    assert first.json()["game"] == second.json()["game"]
    assert first.json()["seat"] == 0 and second.json()["seat"] == 1


OLD_LOGS = Path(__file__).parent / "server_logs" / "compact-events.json"
"""Games logged by the server of commit 38f0c43, whose entries kept the engine's events as
compact lists (``["shot", 0, 21, "hit", false]``), each with what seat 0's state said after
a restart then: the phase, whose turn, the result and the cells fired at on each field."""


@pytest.mark.parametrize("name", ["mines-subs", "sweepers", "dutchman", "salvo-unfinished"])
def test_a_database_of_an_older_version_still_loads_and_plays_on(db: Path, name: str) -> None:
    import asyncio
    import json

    from seabattle.games.interface import JSON
    from seabattle.server.entries import Played
    from seabattle.server.service import Hub

    stored = json.loads(OLD_LOGS.read_text(encoding="utf-8"))[name]
    store = SQLiteStore(db)
    asyncio.run(store.create(name, stored["log"][0], mode="computer", phase="setup"))
    asyncio.run(store.append(name, 1, stored["log"][1:], phase="battle"))
    room = asyncio.run(Hub(store).room(name))
    state = room.snapshot(0, "en", 5000.0)
    restored = {key: state[key] for key in ("phase", "to_move", "shots_due", "pending", "result")}
    restored["fired"] = [[shot["cell"] for shot in board["shots"]] for board in state["boards"]]
    assert restored == stored["state"]
    assert any(isinstance(event, list) for entry in room.log if isinstance(entry, Played)
               for event in entry.events or ())
    if state["phase"] != "battle":
        return
    # Play on: new entries (the computer's replies too) keep today's form beside the old.
    hub = Hub(store)
    room = asyncio.run(hub.room(name))
    enemy = state["boards"][1]
    fired = {s["cell"] for s in enemy["shots"]} | set(enemy["ring"])
    cells = [c for c in range(room.rules.grid.size) if c not in fired][:state["shots_due"]]
    message = (Intent("fire", {"cell": cells[0]}) if len(cells) == 1
               else Intent("fire_salvo", {"cells": cast(list[JSON], cells)}))
    asyncio.run(hub.act(name, 0, message))
    new = room.log[len(stored["log"]):]
    assert new and all(isinstance(entry, Played) and entry.events is not None
                       and all(isinstance(event, dict) for event in entry.events)
                       for entry in new)
    # They are stored in today's form: a move, its action in the game's own codec.
    kept = asyncio.run(store.load(name)) or []
    assert [data["type"] for data in kept[len(stored["log"]):]] == ["move"] * len(new)
    again = asyncio.run(Hub(SQLiteStore(db)).room(name))
    assert again.seq == room.seq
    assert again.snapshot(0, "en", 6000.0)["boards"] == room.snapshot(0, "en", 6000.0)["boards"]


# --- any registered game: a toy game hosted with no change to the server ------------------

def _odds_game() -> Any:
    """A toy game for the server's sake: both seats pick a secret number at once (hidden),
    chance draws who guesses first, then the seats take turns guessing the other's number;
    a right guess wins. Its rules are the count of numbers (``top``)."""
    import json as json_module
    import random as random_module
    from collections.abc import Mapping, Sequence
    from dataclasses import dataclass
    from fractions import Fraction

    from seabattle.errors import NotYourMoveError, SeaBattleError
    from seabattle.games.hosting import SETUP, ComputerSeat, GameHost, Told
    from seabattle.games.interface import (
        JSON,
        Actors,
        ChanceOutcome,
        GameDefinition,
        Outcome,
    )
    from seabattle.i18n import Language, Text
    from tests.toy_games import ToyState

    @dataclass(frozen=True)
    class Pick:
        number: int

    @dataclass(frozen=True)
    class Guess:
        number: int

    @dataclass(frozen=True)
    class First:
        seat: int

    @dataclass(frozen=True)
    class GiveUp:
        pass

    Action = Pick | Guess | First | GiveUp

    class OddsState(ToyState[Action, dict[str, JSON], dict[str, JSON]]):
        def __init__(self, top: int) -> None:
            super().__init__()
            self.top = top
            self.secrets: list[int | None] = [None, None]
            self.turn: int | None = None
            self.guesses: list[tuple[int, int]] = []
            self.result: Outcome | None = None

        @property
        def actors(self) -> Actors:
            if self.result is not None:
                return Actors()
            waiting = [s for s in (0, 1) if self.secrets[s] is None]
            if waiting:
                return Actors.of(waiting)
            return Actors.of_chance() if self.turn is None else Actors.seat(self.turn)

        def check(self, seat: int, action: Action) -> None:
            if isinstance(action, GiveUp) and not self.actors.over:
                return
            if seat not in self.actors.seats or isinstance(action, First) or (
                    isinstance(action, Pick) != (self.turn is None)):
                raise NotYourMoveError(seat=seat + 1)
            if not 0 <= action.number < self.top:
                raise SeaBattleError("web.error.field", field="number", expected="0…top")

        def legal_actions(self, seat: int) -> Sequence[Action] | None:
            if seat not in self.actors.seats:
                return []
            kind = Pick if self.turn is None else Guess
            return [kind(n) for n in range(self.top)]

        def take(self, seat: int, action: Action) -> list[dict[str, JSON]]:
            if isinstance(action, GiveUp):
                self.result = Outcome(1 - seat, Text("outcome.resigned"))
                return [{"gave_up": seat}]
            if isinstance(action, Pick):
                self.secrets[seat] = action.number
                return [{"picked": seat}]
            assert isinstance(action, Guess)
            right = action.number == self.secrets[1 - seat]
            self.guesses.append((seat, action.number))
            if right:
                self.result = Outcome(seat, Text("outcome.guessed"))
            else:
                self.turn = 1 - seat
            return [{"guessed": seat, "number": action.number, "right": right}]

        def chance_outcomes(self) -> Sequence[ChanceOutcome[Action]]:
            if not self.actors.chance:
                return []
            return [ChanceOutcome(First(s), Fraction(1, 2)) for s in (0, 1)]

        def take_chance(self, action: Action) -> list[dict[str, JSON]]:
            assert isinstance(action, First)
            self.turn = action.seat
            return [{"first": action.seat}]

        def view(self, seat: int | None) -> dict[str, JSON]:
            return {"secret": None if seat is None else self.secrets[seat], "turn": self.turn,
                    "guesses": [[s, n] for s, n in self.guesses]}

        def outcome(self) -> Outcome | None:
            return self.result

    class Computer(ComputerSeat[OddsState, Action]):
        def __init__(self) -> None:
            self.tried = 0

        def act(self, state: OddsState, seat: int) -> Action | None:
            if seat not in state.actors.seats:
                return None
            if state.turn is None:
                return Pick(state.top - 1)
            self.tried += 1
            return Guess(self.tried - 1)

    class OddsHost(GameHost[OddsState, int, Action, dict[str, JSON]]):
        intents = ("pick", "guess")
        levels = ("plain",)

        def new_state(self, rules: int, first: int, created: Mapping[str, JSON]) -> OddsState:
            return OddsState(rules)

        def lobby_rules(self, request: Mapping[str, JSON]) -> int:
            top = request.get("top", 3)
            assert isinstance(top, int)
            return top

        def lobby_options(self) -> dict[str, JSON]:
            return {"tops": [3, 10]}

        def intent(self, state: OddsState, phase: str, seat: int, kind: str,
                   data: Mapping[str, JSON]) -> Action:
            number = data.get("number")
            if not isinstance(number, int):
                raise SeaBattleError("web.error.field", field="number", expected="integer")
            if phase != (SETUP if kind == "pick" else "guessing"):
                raise SeaBattleError("web.error.phase", action=kind, phase=phase)
            return Pick(number) if kind == "pick" else Guess(number)

        def resign(self) -> Action:
            return GiveUp()

        def computer(self, rules: int, level: str, game_id: str) -> Computer:
            return Computer()

        def timeout_action(self, state: OddsState, seat: int,
                           rng: random_module.Random) -> Action | None:
            return None

        def suggestion(self, rules: int, action: Action) -> dict[str, JSON]:
            assert isinstance(action, Pick)
            return {"type": "pick_suggestion", "number": action.number}

        def phase(self, state: OddsState) -> str:
            return SETUP if None in state.secrets or state.turn is None else "guessing"

        def ready(self, state: OddsState, seat: int) -> bool:
            return state.secrets[seat] is not None

        def events_of(self, rules: int, events: Sequence[dict[str, JSON]]) -> list[JSON]:
            return list(events)

        def stored_events(self, rules: int, stored: Sequence[JSON]) -> list[JSON]:
            return list(stored)

        def project(self, state: OddsState, seat: int, action: Action,
                    events: Sequence[dict[str, JSON]], auto: bool) -> Told:
            told = Told()
            for event in events:
                if "picked" in event:
                    told.public.append({"type": "picked", "seat": event["picked"]})
                    told.private[seat].append({"type": "my_pick", "number": state.secrets[seat]})
                elif "guessed" in event:
                    told.public.append({"type": "guessed", **event})
                elif "first" in event:
                    told.public.append({"type": "first", "seat": event["first"]})
            return told

        def due(self, state: OddsState) -> list[dict[str, JSON]]:
            return []

        def snapshot(self, state: OddsState, audience: int | None, language: Language,
                     over: bool) -> dict[str, JSON]:
            return {**state.view(audience), "to_move": state.turn,
                    "secrets": list(state.secrets) if over else None}

        def game_over(self, state: OddsState) -> dict[str, JSON]:
            return {"secrets": list(state.secrets)}

        def record(self, state: OddsState, players: tuple[str, str], level: str | None,
                   game_id: str, reason: str) -> str:
            return json_module.dumps({"game": "odds", "log": ODDS.log_to_data(state.top,
                                                                               state.log)})

        def error_message(self, rules: int, error: SeaBattleError, language: Language) -> str:
            return error.message(language)

        def legacy_move(self, rules: int, state: OddsState,
                        entry: Mapping[str, JSON]) -> Action | None:
            return None

    class OddsDefinition(GameDefinition[int, Action, dict[str, JSON], dict[str, JSON]]):
        name = "odds"
        title = Text("rules.own_name", {"name": "Odds"})

        def default_rules(self) -> int:
            return 3

        def rules_from_data(self, data: Mapping[str, JSON]) -> int:
            top = data["top"]
            assert isinstance(top, int)
            return top

        def rules_to_data(self, rules: int) -> dict[str, JSON]:
            return {"name": "odds", "top": rules}

        def rules_title(self, rules: int) -> Text:
            return Text("rules.own_name", {"name": f"odds 0…{rules - 1}"})

        def new_state(self, rules: int) -> OddsState:
            return OddsState(rules)

        def action_to_data(self, rules: int, action: Action) -> dict[str, JSON]:
            if isinstance(action, First):
                return {"action": "first", "seat": action.seat}
            if isinstance(action, GiveUp):
                return {"action": "give_up"}
            return {"action": type(action).__name__.lower(), "number": action.number}

        def action_from_data(self, rules: int, data: Mapping[str, JSON]) -> Action:
            kind, number = data["action"], data.get("number", data.get("seat"))
            if kind == "give_up":
                return GiveUp()
            assert isinstance(number, int)
            return {"pick": Pick, "guess": Guess, "first": First}[str(kind)](number)

        def event_to_data(self, rules: int, event: dict[str, JSON]) -> dict[str, JSON]:
            return event

        def view_to_data(self, view: dict[str, JSON]) -> dict[str, JSON]:
            return view

        def host(self) -> OddsHost:
            return HOST

    HOST = OddsHost()
    ODDS = OddsDefinition()
    return ODDS


@pytest.fixture
def odds() -> Any:
    from seabattle.games.registry import register, unregister

    game = _odds_game()
    register(game)
    yield game
    unregister(game.name)


def test_a_game_registered_elsewhere_is_hosted_by_the_same_rooms(db: Path, odds: Any) -> None:
    # Nothing of the server knows this game: the lobby, seats, hidden simultaneous set-up,
    # chance, turns, spectators, chat, the end, restarts and rematches all go through the
    # game interface and the game's host.
    with TestClient(create_app(db)) as client:
        assert client.get("/api/options").json()["games"]["odds"]["tops"] == [3, 10]
        game, joined = private_pair(client, game="odds", top=3)
        gid = game["game"]
        keys: list[dict[str, str]] = [{"token": game["token"]}, {"token": joined["token"]},
                                      {"watch": game["watch"]}]
        with contextlib.ExitStack() as stack:
            a, b, watcher = (hello(stack.enter_context(client.websocket_connect("/ws")), gid,
                                   str(n), **key) for n, key in enumerate(keys))
            assert (a.state["game_name"], a.state["phase"], a.state["title"]) == (
                "odds", "setup", "odds 0…2")
            a.send({"type": "random_fleet"})
            assert 0 <= a.until("pick_suggestion")["number"] < 3
            assert a.error({"type": "guess", "number": 1})["code"] == "web.error.phase"
            assert a.error({"type": "pick"})["code"] == "web.error.field"
            a.send({"type": "pick", "number": 1})
            assert a.until("my_pick")["number"] == 1
            b.send({"type": "chat", "phrase": "chat.good_luck"})
            b.send({"type": "pick", "number": 2})
            first = watcher.until("first")["seat"]  # chance's draw, logged like a move
            assert watcher.until("state")["secret"] is None
            peers, secrets, guesses = {0: a, 1: b}, {0: 1, 1: 2}, {0: 0, 1: 0}
            mover = first
            while True:
                peers[mover].send({"type": "guess", "number": guesses[mover]})
                event = peers[mover].until("guessed", guessed=mover, number=guesses[mover])
                if event["right"]:
                    break
                guesses[mover] += 1
                mover = 1 - mover
            over = watcher.until("game_over")
            assert over["winner"] == mover and over["reason"] == "guessed"
            assert over["secrets"] == [1, 2] and secrets[1 - mover] == guesses[mover]
            for message in watcher.received[:watcher.received.index(over)]:
                assert "number" not in message or message["type"] == "guessed", message
            assert all(m.get("type") != "my_pick" for m in b.received if m.get("number") == 1)
            record = client.get(f"/api/games/{gid}/record").json()
            assert record["log"][0] == {"actor": 0, "action": "pick", "number": 1}
            a.send({"type": "rematch"})
            b.send({"type": "rematch"})
            rematch = a.until("rematch_started")["game"]
    with TestClient(create_app(db)) as fresh:
        room = fresh.portal.call(fresh.app.state.hub.room, gid)  # type: ignore[attr-defined]
        assert room.result.to_data() == {"winner": mover, "reason": "guessed"}
        assert room.next_game == rematch and room.state.guesses
        again = fresh.portal.call(fresh.app.state.hub.room,  # type: ignore[attr-defined]
                                  rematch)
        assert again.phase == "setup" and again.definition is odds


def test_a_registered_game_against_the_computer(client: TestClient, odds: Any) -> None:
    game = new_game(client, game="odds", mode="computer", level="plain")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        assert me.state["players"][1] == {**me.state["players"][1], "ready": True,
                                          "computer": True}
        me.send({"type": "pick", "number": 0})
        state = me.until("state")
        while state["phase"] != "over":
            if state["to_move"] == 0:
                me.send({"type": "guess", "number": 2})  # the computer picks the top
            state = me.until("state")
        assert state["result"]["winner"] in (0, 1)
    refused = client.post("/api/games", json={"game": "chess", "mode": "private"})
    assert refused.json()["code"] == "web.error.field"


def test_a_commit_that_fails_half_way_leaves_the_room_and_its_game_as_they_were() -> None:
    # States have no undo: when the computer's reply fails after the person's move was
    # applied, the room rebuilds the game from its own log, as far as it was.
    from random import Random

    from seabattle.battleship.cell_lists import cell_lists_in_rules_order
    from seabattle.battleship.definition import Fire, PlaceFleet
    from seabattle.battleship.rules import find_rules
    from seabattle.errors import SeaBattleError
    from seabattle.games.interface import JSON
    from seabattle.server.rooms import Room, RoomOptions, new_room_entry

    room = Room("c", new_room_entry(find_rules("classic"), RoomOptions(mode="computer",
                                                                       level="novice"),
                                    "t", rng=Random(1), watch="w", invite=None, now=0.0))
    room.begin(0.0)
    placed = room.state.random_action(0, Random(2))
    assert isinstance(placed, PlaceFleet)
    ships = [list(cells) for cells in cell_lists_in_rules_order(room.rules, placed.fleet)]
    room.handle(0, Intent("place", {"ships": cast(list[JSON], ships)}), 0.0)
    battle = room.state.game
    assert battle is not None and battle.to_move == 0  # the computer's turns came with it
    before = (room.seq, len(room.state.log), room.snapshot(0, "en", 1.0))

    class Broken:
        def act(self, state: Any, seat: int) -> Any:
            return Fire((-5,))  # off the field: the game refuses it

    room._computer = Broken()  # type: ignore[assignment]
    fired = {shot.cell for shot in battle.view(0).shots}
    miss = next(c for c in range(100) if c not in fired and battle.fleets[1].ship_at(c) is None)
    with pytest.raises(SeaBattleError):
        room.handle(0, Intent("fire", {"cell": miss}), 2.0)
    assert room.state.game is not battle  # rebuilt
    assert (room.seq, len(room.state.log), room.snapshot(0, "en", 1.0)) == before
