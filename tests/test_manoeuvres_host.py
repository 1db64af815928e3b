"""The manoeuvre game on the server (``docs/web-protocol.md``, «The manoeuvre game»): whole
games against the computer and between two sockets with a spectator, what each audience is
told (no hidden kind before the rules reveal it), refused messages that change nothing,
the defender's answer, reconnection, the lobby and the record.

Driven through Starlette's TestClient over a SQLite file, like ``tests/test_server.py``.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.records import read_record  # noqa: E402
from tests.test_server import Peer, hello, sync  # noqa: E402

GAME = "manoeuvres"


def new_game(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": GAME, "mode": "private",
                                               "preset": "skirmish", **request})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def join(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    joined = client.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    assert joined.status_code == 200, joined.text
    answer: dict[str, Any] = joined.json()
    return answer


def set_up(peer: Peer) -> list[list[Any]]:
    """Ask for a random set-up and send it; the pieces sent."""
    peer.send({"type": "random_fleet"})
    pieces: list[list[Any]] = peer.until("layout_suggestion")["pieces"]
    peer.send({"type": "deploy", "pieces": pieces})
    return pieces


def act(peer: Peer, rng: random.Random) -> bool:
    """Do what the state offers the peer: its set-up, or one of its legal actions (an
    attack when there is one, half the time, so that games end); False when it may do
    nothing now."""
    state = peer.state
    seat = state["you"]
    if state["phase"] == "setup" and not state["ready"][seat]:
        set_up(peer)
        return True
    legal = state["legal"]
    if state["phase"] != "battle" or state["to_move"] != seat or not legal:
        return False
    attacks = [m for m in legal if m["type"] in ("attack", "shoot", "detonate")]
    peer.send(rng.choice(attacks if attacks and rng.random() < 0.5 else legal))
    return True


def moved(peer: Peer) -> dict[str, Any]:
    """The state after the peer's own action (an error fails the test). In the set-up both
    sides act at once, so a newer state may be the other side's deployment: the peer's own
    is the first state that shows it ready."""
    seq = peer.state["seq"]
    you = peer.state["you"]
    while True:
        message = peer.recv()
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seq"] > seq and (
                message["phase"] != "setup" or message["players"][you]["ready"]):
            return message


def play_out(players: list[Peer], others: list[Peer], rng: random.Random) -> None:
    """The players act on what they are offered until the game ends; every other peer
    keeps up."""
    for _ in range(3000):
        if players[0].state["phase"] == "over":
            break
        acted = [p for p in players if act(p, rng)]
        assert acted, "nobody may act, yet the game goes on"
        seq = max(moved(p)["seq"] for p in acted)
        for peer in players + others:
            sync(peer, seq)
    assert players[0].state["phase"] == "over"
    for peer in players + others:
        assert any(m["type"] == "game_over" for m in peer.received)


def truth(over: dict[str, Any]) -> dict[tuple[int, int], str]:
    """Every piece's kind by (owner, number), from the set-ups ``game_over`` gives."""
    return {(owner, number): kind for owner, setup in enumerate(over["setups"])
            for number, (_cell, kind) in enumerate(setup)}


def nothing_hidden_told(peer: Peer, seat: int | None) -> None:
    """Nothing ``peer`` received before the end names the kind of a piece it may not know:
    an enemy piece's kind (for a spectator, any piece's) appears in a state only where the
    events the peer heard before had said it (a piece revealed, a kind shown by a move, an
    attack, a fight), followed as the piece moved; no message but the end carries a
    set-up other than the peer's own suggestion; ``legal`` goes to the seat to act only;
    and every kind a state shows is the piece's true kind."""
    over = next(m for m in peer.received if m["type"] == "game_over")
    kinds = truth(over)
    told: dict[int, str] = {}  # cell → the kind the peer's events said is there
    states = 0
    for message in peer.received:
        kind = message["type"]
        if kind == "game_over" or (kind == "state" and message["phase"] == "over"):
            break
        assert "setups" not in message and "layout" not in message
        if kind == "layout_suggestion":
            assert seat is not None
        elif kind in ("revealed", "removed"):
            if kind == "revealed":
                told[message["cell"]] = message["kind"]
            else:
                told.pop(message["cell"], None)
        elif kind == "moved":
            for source, target in [[message["from"], message["to"]], *message["towed"]]:
                if source in told:
                    told[target] = told.pop(source)
            if message["kind"] is not None:
                told[message["to"]] = message["kind"]
            for _source, target in message["towed"]:
                told[target] = message["towed_kind"]
        elif kind in ("attack", "fought"):
            for cell in message["group"]:
                told[cell] = message["kind"]
        elif kind == "state":
            states += 1
            if message["phase"] == "setup":
                assert all(p["owner"] == seat for p in message["pieces"])
            if seat is None or message["to_move"] != seat:
                assert message["legal"] == []
            for piece in message["pieces"]:
                if piece["kind"] is None:
                    continue
                assert piece["kind"] == kinds[(piece["owner"], piece["number"])]
                if piece["owner"] != seat:
                    assert told.get(piece["cell"]) == piece["kind"], (piece, message["seq"])
    assert states


def same_events(*peers: Peer) -> None:
    """Every audience heard the same events of the game (they are all public)."""
    shared = ("state", "welcome", "layout_suggestion", "presence", "pong", "error")
    heard = [[m for m in peer.received if m["type"] not in shared] for peer in peers]
    assert all(h == heard[0] for h in heard[1:])


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_whole_game_between_two_sockets_and_a_spectator(client: TestClient,
                                                          seed: int) -> None:
    game = new_game(client)
    joined = join(client, game)
    rng = random.Random(seed)
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, game["game"], "a", token=game["token"])
        b = hello(wb, game["game"], "b", token=joined["token"])
        watcher = hello(ww, game["game"], "watcher", watch=game["watch"])
        assert a.state["phase"] == "setup" and a.state["width"] == 9
        assert len(a.state["setup_cells"]) == 27 and watcher.state["setup_cells"] == []
        play_out([a, b], [watcher], rng)
        kinds = {m["type"] for m in a.received}
        assert {"deployed", "first_drawn", "moved", "turn_ended", "removed"} <= kinds
        assert a.state["result"] == b.state["result"] == watcher.state["result"]
        assert all(p["kind"] is not None for p in watcher.state["pieces"])
        for peer, seat in ((a, 0), (b, 1), (watcher, None)):
            nothing_hidden_told(peer, seat)
        same_events(a, b, watcher)
    record = read_record(client.get(f"/api/games/{game['game']}/record").text)
    assert record.game.name == GAME and record.log is not None and len(record.log) > 4


def test_a_whole_game_against_the_computer(client: TestClient) -> None:
    game = new_game(client, mode="computer", level="novice")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        assert me.state["players"][1]["computer"] and me.state["players"][1]["ready"]
        assert any(m["type"] == "deployed" and m["seat"] == 1 for m in me.received)
        play_out([me], [], random.Random(5))
        assert me.state["result"]["reason"] in (
            "resigned", "manoeuvres.outcome.forts_taken", "manoeuvres.outcome.cannot_act",
            "manoeuvres.outcome.no_ships", "manoeuvres.outcome.quiet")
        nothing_hidden_told(me, 0)
        assert any(m["type"] == "moved" and m["seat"] == 1 for m in me.received)
    record = read_record(client.get(f"/api/games/{game['game']}/record").text)
    assert record.players[1].level == "novice"


def test_bad_messages_are_refused_and_change_nothing(client: TestClient) -> None:
    game = new_game(client)
    joined = join(client, game)
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, game["game"], "a", token=game["token"])
        b = hello(wb, game["game"], "b", token=joined["token"])
        watcher = hello(ww, game["game"], "watcher", watch=game["watch"])
        before = a.state
        assert a.error({"type": "step", "from": 0, "to": 1})["code"] == "game.error.phase"
        assert a.error({"type": "deploy", "pieces": "all"})["code"] == "game.error.field"
        assert a.error({"type": "deploy", "pieces": [[0, "dragon"]]})["code"] == \
            "game.error.field"
        assert a.error({"type": "deploy", "pieces": [[0, "fort"]]})["code"] == \
            "manoeuvres.error.setup_cell"
        assert watcher.error({"type": "end_turn"})["code"] == "web.error.spectator"
        a.send({"type": "random_fleet"})
        pieces = a.until("layout_suggestion")["pieces"]
        twice = [[pieces[0][0], kind] for _cell, kind in pieces]
        assert a.error({"type": "deploy", "pieces": twice})["code"] == \
            "manoeuvres.error.setup_twice"
        short = a.error({"type": "deploy", "pieces": pieces[1:]})
        assert short["code"] == "manoeuvres.error.setup_pieces"
        a.send({"type": "ping"})
        assert a.until("pong")["seq"] == before["seq"]
        a.send({"type": "deploy", "pieces": list(reversed(pieces))})  # any order
        assert moved(a)["ready"] == [True, False]
        assert a.error({"type": "deploy", "pieces": pieces})["code"] == \
            "manoeuvres.web.error.set_up"
        set_up(b)
        moved(b)
        sync(a, b.state["seq"])
        mover, other = (a, b) if a.state["to_move"] == 0 else (b, a)
        seq = mover.state["seq"]
        assert mover.error({"type": "step", "from": 0, "to": 999})["code"] == "game.error.field"
        assert mover.error({"type": "step", "from": "A1", "to": 1})["code"] == \
            "game.error.field"
        assert mover.error({"type": "shoot", "torpedo": 0, "direction": "up"})["code"] == \
            "game.error.field"
        assert other.error({"type": "end_turn"})["code"] == "error.not_your_move"
        assert mover.error({"type": "end_turn"})["code"] == "manoeuvres.error.cannot_end"
        assert mover.error({"type": "defend", "group": []})["code"] == \
            "manoeuvres.error.no_attack_to_answer"
        enemy = next(p["cell"] for p in mover.state["pieces"]
                     if p["owner"] != mover.state["you"])
        refused = mover.error({"type": "step", "from": enemy, "to": 1 if enemy == 0 else 0})
        assert refused["code"] == "manoeuvres.error.no_own_piece"
        # The message names the cell as the field does (row 1 is the top, columns A…).
        row, column = divmod(enemy, 9)
        assert f"{'ABCDEFGHI'[column]}{row + 1}" in refused["message"]
        mover.send({"type": "ping"})
        assert mover.until("pong")["seq"] == seq
        mover.send(mover.state["legal"][0])
        assert moved(mover)["seq"] == seq + 1


def test_the_defender_answers_an_attack_on_its_group() -> None:
    """An attack on a group waits for the defender's ``defend``; the defender's state offers
    the answers, and the time running out answers as the computer would."""
    from seabattle.manoeuvres.actions import Attack, Deploy
    from seabattle.manoeuvres.pieces import Kind
    from seabattle.manoeuvres.rules import ManoeuvreRules
    from seabattle.manoeuvres.state import ManoeuvreState
    from seabattle.server.messages import Intent
    from seabattle.server.rooms import WATCHER, Room, RoomOptions, new_room_entry

    rules = ManoeuvreRules(name="duel", columns=4, rows=4, setup_rows=2, quiet_turns=20,
                           pieces=((Kind.FORT, 1), (Kind.CRUISER, 2), (Kind.BATTLESHIP, 1)))
    entry = new_room_entry(rules, RoomOptions(mode="private", turn_seconds=30), "a",
                           rng=random.Random(0), watch="w", invite="i", now=0.0, game=GAME)
    room = Room("duel", entry)
    room.join("b", 0.0)
    # Seat 0 at the bottom (rows 3-4), seat 1 at the top (rows 1-2); each side's battleship
    # faces a group of two enemy cruisers, whoever the lot lets start.
    layouts = {0: Deploy(((9, Kind.BATTLESHIP), (10, Kind.CRUISER), (11, Kind.CRUISER),
                          (12, Kind.FORT))),
               1: Deploy(((3, Kind.FORT), (4, Kind.CRUISER), (5, Kind.CRUISER),
                          (6, Kind.BATTLESHIP)))}
    for seat in (0, 1):
        pieces: list[Any] = [[cell, kind.value] for cell, kind in layouts[seat].layout]
        room.handle(seat, Intent("deploy", {"pieces": pieces}), 1.0)
    game = room.state
    assert isinstance(game, ManoeuvreState)
    first = game.actor
    assert first in (0, 1)
    battleship, target, group = (9, 5, [4, 5]) if first == 0 else (6, 10, [10, 11])
    attack: dict[str, Any] = {"type": "attack", "target": target, "group": [battleship]}
    assert attack in cast(list[Any], room.snapshot(first, "en", 1.0)["legal"])
    room.handle(first, Intent("attack", {"target": target, "group": [battleship]}), 2.0)
    assert game.pending == Attack(target, (battleship,))
    defender = room.snapshot(1 - first, "en", 2.0)
    assert defender["stage"] == "defence" and defender["to_move"] == 1 - first
    assert {"type": "defend", "group": group} in cast(list[Any], defender["legal"])
    assert room.snapshot(first, "en", 2.0)["legal"] == []
    # The columns are lettered as the reader's language letters them (Б3 is not B3).
    assert room.snapshot(first, "ru", 2.0)["columns"] == ["А", "Б", "В", "Г"]
    assert room.snapshot(first, "en", 2.0)["columns"] == ["A", "B", "C", "D"]
    assert room.snapshot(WATCHER, "en", 2.0)["pending"] == {
        "seat": 1 - first, "target": target, "group": [battleship], "kind": "battleship"}
    told = [e for e in room.feed_since(WATCHER, 0) if e["type"] == "defence_due"]
    assert told == [{"type": "defence_due", "seat": 1 - first, "target": target,
                     "group": [battleship], "seq": told[0]["seq"]}]
    # The clock runs out: the answer is made for the defender as the computer makes it
    # (both cruisers, which beat a battleship), marked auto.
    room.tick(100.0, random.Random(1))
    fought = [e for e in room.feed_since(first, 0) if e["type"] == "fought"]
    assert fought and fought[0]["winner"] == 1 - first and fought[0]["auto"] is True
    assert fought[0]["group"] == group


def logged(peer: Peer) -> list[dict[str, Any]]:
    """The events of the log the peer heard (not states, presence or answers)."""
    return [m for m in peer.received if "seq" in m and m["type"] not in ("state", "pong")]


def test_a_reconnected_player_gets_the_game_back(client: TestClient) -> None:
    game = new_game(client, mode="computer", level="novice")
    rng = random.Random(8)
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        for _ in range(4):
            act(me, rng)
            moved(me)
        kept = me.state
        events = logged(me)
    with client.websocket_connect("/ws") as ws:
        again = hello(ws, game["game"], "again", token=game["token"])
        assert {k: v for k, v in again.state.items() if k != "players"} == \
            {k: v for k, v in kept.items() if k != "players"}
        assert logged(again) == events
    with client.websocket_connect("/ws") as ws:
        later = hello(ws, game["game"], "later", since=kept["seq"], token=game["token"])
        assert [m["type"] for m in later.received] == ["welcome", "state"]
        assert later.state["pieces"] == kept["pieces"] and later.state["legal"] == kept["legal"]
        play_out([later], [], rng)


def test_the_lobby_offers_the_presets_and_levels(client: TestClient) -> None:
    options = client.get("/api/options?lang=ru").json()["games"][GAME]
    assert [p["name"] for p in options["presets"]] == ["seed", "skirmish"]
    assert options["levels"] == ["novice", "medium", "hard"]
    assert options["default_level"] == "medium"  # the lobby starts on the host's default
    assert options["modes"] == ["computer", "private", "random"]
    assert options["title"] == "Морской бой: манёвры"
    refused = client.post("/api/games", json={"game": GAME, "mode": "private", "preset": "x"})
    assert refused.status_code == 400 and "preset" in refused.json()["message"]
    refused = client.post("/api/games", json={"game": GAME, "mode": "computer",
                                              "level": "admiral"})
    assert refused.status_code == 400 and "level" in refused.json()["message"]
    seed = new_game(client, preset="seed", mode="computer")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, seed["game"], "me", token=seed["token"])
        assert (me.state["width"], me.state["height"]) == (17, 12)
        assert me.state["options"]["level"] is None or me.state["options"]["level"] == "medium"
        assert sum(n for _kind, n in me.state["pieces_per_side"]) == 43
        pieces = set_up(me)
        assert len(pieces) == 43 and {c for c, _k in pieces} <= set(me.state["setup_cells"])
        assert moved(me)["phase"] == "battle"
        assert len(me.state["pieces"]) == 86
