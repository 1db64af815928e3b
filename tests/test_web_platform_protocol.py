"""What the browser no longer computes, asked of the server instead (issue 12), and issue 18's
browser leftovers, through the server's messages like ``tests/test_server.py``: the Flying
Dutchman's move options and its random move, the rules line, the lobby's variants and their
ranges, Perelman's placement (``suggest_fleet``) and the analysis of a finished game.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.rules import PRESETS  # noqa: E402
from tests.test_server import Peer, hello, new_game, place_random, private_pair, sync  # noqa: E402
from tests.test_web_variants import dutchman_hit, pong, refused, start  # noqa: E402

# --- the Flying Dutchman's move -----------------------------------------------------------------

def test_the_dutchman_may_move_to_any_cell_not_fired_at_and_at_random(client: TestClient) -> None:
    with ExitStack() as stack:
        shooter, owner, watcher, seat, ship, state = dutchman_hit(client, stack)
        pending = state["pending"]
        fired = {shot["cell"] for shot in state["boards"][1 - seat]["shots"]}
        assert fired == {ship[0]}
        assert pending["size"] == 4
        assert sorted(pending["options"]) == sorted(set(range(400)) - fired)
        assert "options" not in sync(shooter, state["seq"])["pending"]
        assert "options" not in sync(watcher, state["seq"])["pending"]
        for bad in ({"type": "decide", "random": False}, {"type": "decide", "random": 1},
                    {"type": "decide", "random": True, "stay": True}):
            refused(owner, bad, "game.error.field")
        refused(shooter, {"type": "decide", "random": True}, "error.no_decision")
        refused(watcher, {"type": "decide", "random": True}, "web.error.spectator")
        owner.send({"type": "decide", "random": True})
        moved = owner.until("ship_moved")
        assert moved["moved"] is True and "auto" not in moved
        assert len(moved["cells"]) == 4 and set(moved["cells"]) <= set(pending["options"])
        told = shooter.until("ship_moved")
        assert "cells" not in told
        state = sync(owner, moved["seq"] + 1)
        assert state["pending"] is None
        assert sorted(state["boards"][1 - seat]["ships"][0]["cells"]) == sorted(moved["cells"])


def test_a_random_decision_after_a_mine_hands_over_one_of_the_options(client: TestClient) -> None:
    with ExitStack() as stack:
        peers, watcher, fleets = start(client, stack, mines=1)
        state = sync(peers[0], 0)
        seat = state["to_move"]
        shooter = peers[seat]
        mine = fleets[1 - seat][-1][0]
        shooter.send({"type": "fire", "cell": mine})
        shooter.until("decision_due")
        options = sync(shooter, shooter.received[-1]["seq"] + 1)["pending"]["options"]
        shooter.send({"type": "decide", "random": True})
        told = shooter.until("handover")
        assert told["cell"] in options and "auto" not in told


# --- the rules line -----------------------------------------------------------------------

@pytest.mark.parametrize("request_, lang, line", [
    ({}, "en", "classic · 10×10 · ships may not touch, not even at a corner · shoot again "
               "after a hit · a sinking is announced"),
    ({}, "ru", "классика · 10×10 · корабли не касаются друг друга даже углами · после "
               "попадания — ещё выстрел · о потоплении сообщают"),
    ({"preset": "six", "salvo": "ships", "announce": "type"}, "en",
     "six ships, with variants · 10×10 · ships may not touch, not even at a corner · a shot "
     "per ship afloat · a sinking is announced with the ship's name"),
    ({"salvo": 3, "shape": "zigzag"}, "ru",
     "custom (salvo 3) · 10×10 · корабли не касаются друг друга даже углами · выстрелов за "
     "ход: 3 · о потоплении сообщают · четырёхпалубный формы зигзаг"),
    ({"submarines": 2, "mines": 1, "shoot_again": False}, "en",
     "classic, with variants · 10×10 · ships may not touch, not even at a corner · turns "
     "alternate · a sinking is announced · 2 × submarine · 1 × mine"),
    ({"preset": "big-18"}, "en", "big field 18×18 · ships may not touch, not even at a corner "
                                 "· shoot again after a hit · a sinking is announced"),
])
def test_the_state_says_the_rules_line_in_the_readers_language(
        client: TestClient, request_: dict[str, Any], lang: str, line: str) -> None:
    game = new_game(client, **request_)
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "game": game["game"], "token": game["token"],
                      "lang": lang})
        peer = Peer(ws, "a")
        assert peer.until("state")["rules_line"] == line


# --- the lobby's variants -----------------------------------------------------------------------

def test_the_lobby_offers_each_variant_with_the_choices_the_server_takes(
        client: TestClient) -> None:
    options = client.get("/api/options").json()
    variants = {v["name"]: v for v in options["games"]["battleship"]["variants"]}
    assert list(variants) == ["salvo", "announce", "mines", "minesweepers", "submarines",
                              "mines_touch", "shape", "dutchman_decks"]
    assert variants["salvo"]["choices"] == [2, 3, 4, 5, "ships"]
    assert variants["mines"] == {"name": "mines", "kind": "count", "min": 0, "max": 9}
    assert variants["dutchman_decks"]["presets"] == ["flying-dutchman"]
    assert variants["dutchman_decks"]["own"] == {"flying-dutchman": 6}
    assert "flying-dutchman" not in variants["shape"]["presets"]
    # Every choice offered is taken, with a preset it goes with; one step beyond a range is not.
    for variant in variants.values():
        preset = (variant.get("presets") or ["classic"])[0]
        if variant["kind"] == "choice":
            values = variant["choices"]
        elif variant["kind"] == "count":
            values = [variant["min"], variant["max"]]
            beyond = client.post("/api/games", json={"mode": "private", "preset": "big-18",
                                                     variant["name"]: variant["max"] + 1})
            assert beyond.json()["code"] == "game.error.field", variant
        else:
            values = [True, False]
        for value in values:
            body = {"mode": "private", "preset": preset, variant["name"]: value}
            if variant["kind"] == "count":
                body["preset"] = "big-18"  # room for nine of each
            response = client.post("/api/games", json=body)
            assert response.status_code == 201, (body, response.text)
    # A variant offered only with some presets is refused with the others.
    other = next(name for name in PRESETS if name not in variants["dutchman_decks"]["presets"])
    response = client.post("/api/games", json={"mode": "private", "preset": other,
                                               "dutchman_decks": 6})
    assert response.json()["code"] == "game.error.field"


# --- Perelman's placement ------------------------------------------------------------------------

def corners(width: int, height: int) -> set[int]:
    return {0, width - 1, (height - 1) * width, height * width - 1}


def test_perelman_placement_is_offered_drawn_and_placed(client: TestClient) -> None:
    game, joined = private_pair(client)
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, game["game"], "a", token=game["token"])
        b = hello(wb, game["game"], "b", token=joined["token"])
        watcher = hello(ww, game["game"], "w", watch=game["watch"])
        assert a.state["placements"] == ["perelman"]
        before = pong(a)
        fleets = []
        for _ in range(3):
            a.send({"type": "suggest_fleet", "placement": "perelman"})
            suggestion = a.until("fleet_suggestion")
            ships = suggestion["ships"]
            assert [len(s) for s in ships] == [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
            assert len(suggestion["orientations"]) == 10
            # Perelman's advice: the multi-deck ships packed in one corner of the field.
            big = [c for ship in ships if len(ship) > 1 for c in ship]
            rows, cols = {c // 10 for c in big}, {c % 10 for c in big}
            box = {r * 10 + c for r in range(min(rows), max(rows) + 1)
                   for c in range(min(cols), max(cols) + 1)}
            assert box & corners(10, 10), ships
            fleets.append(ships)
        assert pong(a) == before  # suggested, nothing stored
        assert len({str(f) for f in fleets}) > 1  # drawn afresh each time
        refused(a, {"type": "suggest_fleet"}, "game.error.field")
        refused(a, {"type": "suggest_fleet", "placement": "uniform"}, "game.error.field")
        refused(watcher, {"type": "suggest_fleet", "placement": "perelman"},
                "web.error.spectator")
        a.send({"type": "place", "ships": fleets[0]})
        a.until("fleet_ready")
        refused(a, {"type": "suggest_fleet", "placement": "perelman"},
                "game.error.already_placed")
        place_random(b)
        b.until("battle_started")
        refused(b, {"type": "suggest_fleet", "placement": "perelman"}, "game.error.phase")
        state = sync(a, pong(a))
        assert sorted(map(sorted, (s["cells"] for s in state["boards"][0]["ships"]))) == \
            sorted(map(sorted, fleets[0]))


@pytest.mark.parametrize("request_", [{"mines": 1}, {"submarines": 1},
                                      {"preset": "flying-dutchman"}])
def test_perelman_placement_is_not_offered_where_it_cannot_place(
        client: TestClient, request_: dict[str, Any]) -> None:
    game = new_game(client, mode="computer", **request_)
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "game": game["game"], "token": game["token"],
                      "lang": "ru"})
        peer = Peer(ws, "a")
        assert peer.until("state")["placements"] == []
        peer.send({"type": "suggest_fleet", "placement": "perelman"})
        error = peer.until("error")
        assert error["code"] == "error.perelman_rules" and "Перельман" in error["message"]


# --- the analysis of a finished game --------------------------------------------------------------

def resigned_after_shots(client: TestClient, ws: Any, shots: int, **request: Any
                         ) -> tuple[str, dict[str, Any]]:
    """A game against the computer on socket ``ws``: the player fires ``shots`` shots, then
    resigns. The game's id and its last state."""
    game = new_game(client, mode="computer", level="novice", **request)
    me = hello(ws, game["game"], "me", token=game["token"])
    place_random(me)
    state = me.until("state")
    fired = 0
    while fired < shots:
        if state["phase"] == "battle" and state["to_move"] == 0 and state["turn"]:
            me.send({"type": "fire", "cell": state["turn"]["cells"][0]})
            fired += 1
        state = me.until("state")
    assert not state["analysis"]
    me.send({"type": "resign"})
    me.until("game_over")
    return game["game"], me.until("state")


def test_the_analysis_of_a_finished_game(client: TestClient) -> None:
    assert client.get("/api/games/none/analysis").status_code == 404
    game = new_game(client)
    early = client.get(f"/api/games/{game['game']}/analysis")
    assert early.status_code == 409 and early.json()["code"] == "web.error.record_not_ready"
    with client.websocket_connect("/ws") as ws:
        gid, state = resigned_after_shots(client, ws, 6)
    assert state["phase"] == "over" and state["analysis"] is True
    analysis = client.get(f"/api/games/{gid}/analysis?lang=ru").json()
    assert analysis["game"] == "battleship" and analysis["format"] == "seabattle-analysis"
    assert analysis["columns"] == "АБВГДЕЖЗИК" and analysis["width"] == 10
    assert analysis["computer"] == [False, True] and analysis["games"] == 3
    assert analysis["rules_line"].startswith("классика · 10×10")
    mine = analysis["players"][0]
    assert len(mine["moves"]) == mine["shots"] >= 6 and not mine["sank_fleet"]
    assert len(mine["admiral_shots"]) == 3 and sum(mine["verdicts"].values()) == mine["shots"]
    for move in mine["moves"]:
        assert isinstance(move["cell"], int) and 0 <= move["chosen"] <= move["best"] <= 1
    # The same record gives the same analysis (drawn from seed 0 alone, and kept).
    assert client.get(f"/api/games/{gid}/analysis?lang=ru").json() == analysis


def test_a_game_of_the_flying_dutchman_is_analysed(client: TestClient) -> None:
    # Refused before issue 16 gave the admiral a posterior of the Dutchman.
    with client.websocket_connect("/ws") as ws:
        # No shot: the Dutchman's moves are decisions a fixed first cell would not answer.
        gid, state = resigned_after_shots(client, ws, 0, preset="flying-dutchman")
    assert state["analysis"] is True
    analysis = client.get(f"/api/games/{gid}/analysis?lang=ru").json()
    assert analysis["format"] == "seabattle-analysis" and analysis["width"] == 20
