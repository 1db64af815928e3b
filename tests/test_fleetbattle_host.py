"""The fleet battle on the server (``docs/web-protocol.md``, «The fleet battle»): whole
games against the computer and between two sockets, what each audience is told (no enemy
ship before it leaves the battle), refused messages that change nothing, the orders'
question, reconnection, the lobby's fleets and the record.

Driven through Starlette's TestClient over a SQLite file, like ``tests/test_server.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.records import read_record  # noqa: E402
from tests.test_server import Peer, hello, new_game, private_pair, sync  # noqa: E402

GAME = "fleet-battle"


def new_fleet_game(client: TestClient, **request: Any) -> dict[str, Any]:
    """A game of the small duel preset unless ``request`` says otherwise."""
    return new_game(client, **{"game": GAME, "preset": "duel", **request})


def fleet(peer: Peer) -> dict[str, Any]:
    part: dict[str, Any] = peer.state["fleet"]
    return part


def act(peer: Peer, mode: str | None = None) -> bool:
    """Do what the state offers the peer (the first legal choice, or ``mode`` where it is
    offered; firing every shot it has); False when it offers nothing."""
    choice = fleet(peer)["choice"]
    if choice is None or peer.state["phase"] == "over":
        return False
    action = choice["action"]
    if action == "place":
        peer.send({"type": "random_fleet"})
        suggested = peer.until("fleet_suggestion")
        assert len(suggested["ships"]) == len(choice["pieces"])
        peer.send({"type": "place", "ships": [s["cells"] for s in suggested["ships"]],
                   "flagship": suggested["flagship"]})
    elif action == "retreat":
        peer.send({"type": "retreat", "retreat": False})
    elif action == "mode":
        peer.send({"type": "mode", "mode": mode if mode in choice["modes"] else choice["modes"][0]})
    elif action == "grapple":
        peer.send({"type": "grapple", "ships": choice["ships"][:1]})
    else:
        ammo = choice["ammunition"][0]
        peer.send({"type": "orders", "ammo": ammo,
                   "cells": choice["cells"][ammo][:choice["shots"]]})
    return True


def moved(peer: Peer) -> dict[str, Any]:
    """The state after the peer's own action (an error fails the test)."""
    seq = peer.state["seq"]
    while True:
        message = peer.recv()
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seq"] > seq:
            return message


def play_out(players: list[Peer], others: list[Peer], mode: str | None = None) -> None:
    """The players act on what they are offered, one at a time, until the battle ends;
    every other peer keeps up."""
    for _ in range(2000):
        if players[0].state["phase"] == "over":
            break
        step(players, others, mode)
    assert players[0].state["phase"] == "over"
    for peer in players + others:
        if not any(m["type"] == "game_over" for m in peer.received):
            peer.until("game_over")


def step(players: list[Peer], others: list[Peer], mode: str | None = None) -> None:
    """The first player offered a choice acts; everybody reads up to the state after it."""
    acting = next((p for p in players if act(p, mode)), None)
    assert acting is not None, "nobody may act, yet the battle goes on"
    seq = moved(acting)["seq"]
    for peer in players + others:
        sync(peer, seq)


def hidden_ships_unseen(peer: Peer, seat: int | None, placements: list[dict[str, Any]]) -> None:
    """Nothing ``peer`` received before the end shows an enemy ship (for a spectator, any
    ship) before the ship left the battle: no list of cells in any message is a hidden
    ship's, no message carries a set-up but one's own suggestion, and one's own pieces go
    to oneself only."""
    hidden = [owner for owner in (0, 1) if owner != seat]
    ships = {(owner, index): set(ship["cells"]) for owner in hidden
             for index, ship in enumerate(placements[owner]["ships"])}
    gone: set[tuple[int, int]] = set()
    checked = 0

    def cell_lists(value: Any, under: bool = False) -> list[list[int]]:
        """Every list of cells in a message: the lists under a ``cells`` key."""
        if isinstance(value, dict):
            return [found for key, item in value.items()
                    for found in cell_lists(item, under or key == "cells")]
        if isinstance(value, list):
            own = [value] if under and value and all(isinstance(v, int) for v in value) else []
            return own + [found for item in value for found in cell_lists(item, under)]
        return []

    for message in peer.received:
        if message["type"] == "game_over" or (message["type"] == "state"
                                              and message["phase"] == "over"):
            break
        checked += 1
        if message["type"] == "fleet_suggestion":
            assert seat is not None
            continue
        lost = None
        if message["type"] == "fleet_event" and message["event"]["type"] == "ship_lost":
            gone.add((message["event"]["seat"], message["event"]["ship"]))
            lost = message["event"]["seat"]
        if message["type"] == "state":
            part = message["fleet"]
            assert part["placements"] is None and part["results"] is None
            assert part["ending"] is None
            if seat is None:
                assert part["own"] is None
            elif part["own"] is not None:
                mine = [set(ship["cells"]) for ship in placements[seat]["ships"]]
                assert [set(ship["cells"]) for ship in part["own"]] == mine
        told = {k: v for k, v in message.get("fleet", {}).items() if k != "own"}
        if seat is not None and "sides" in told:
            # One's own lost ships are cells of one's own field, which may coincide with
            # a hidden enemy ship's cells on the other field.
            told["sides"] = [side for index, side in enumerate(told["sides"]) if index != seat]
        for cells in cell_lists({k: v for k, v in message.items() if k != "fleet"}
                                | {"fleet": told}):
            for key, ship in ships.items():
                if lost is not None and key[0] != lost:
                    continue  # a lost ship's cells are of its own side's field
                assert key in gone or set(cells) != ship, message
    assert checked


def test_a_whole_game_between_two_sockets_and_a_spectator(client: TestClient) -> None:
    game, joined = private_pair(client, game=GAME, preset="duel")
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb, \
            client.websocket_connect("/ws") as ww:
        a = hello(wa, game["game"], "a", token=game["token"])
        b = hello(wb, game["game"], "b", token=joined["token"], lang="ru")
        watcher = hello(ww, game["game"], "watcher", watch=game["watch"])
        assert fleet(a)["phase"] == "setup" and fleet(a)["choice"]["action"] == "place"
        assert fleet(watcher)["choice"] is None and fleet(watcher)["own"] is None
        play_out([a, b], [watcher])
        over = a.state["fleet"]
        assert over["placements"] is not None and over["results"] is not None
        kinds = {m["event"]["type"] for m in a.received if m["type"] == "fleet_event"}
        assert {"fleet_placed", "turn_began", "volley_fired", "battle_over"} <= kinds
        # The dice fall for both to see (the manoeuvre roll from the second turn on).
        assert a.state["fleet"]["turn"] == 1 or "contest" in kinds
        said = [m["say"] for m in b.received if m["type"] == "fleet_event" and m["say"]]
        assert said and all(s["en"] and s["ru"] for s in said)
        assert any("your fleet" in s["en"].lower() for s in said)
        assert any("fleet 1" in m["say"]["en"].lower() for m in watcher.received
                   if m["type"] == "fleet_event" and m["say"])
        for peer, seat in ((a, 0), (b, 1), (watcher, None)):
            hidden_ships_unseen(peer, seat, over["placements"])
        ends_worded_for_each_reader(a, b, watcher)
    record = read_record(client.get(f"/api/games/{game['game']}/record").text)
    assert record.game.name == GAME and record.log is not None and len(record.log) > 4


def ends_worded_for_each_reader(a: Peer, b: Peer, watcher: Peer) -> None:
    """Why the battle ended (``fleet.ending``) names the side that lost as each reader
    calls it: a (English, seat 0), b (Russian, seat 1) and the spectator (English)."""
    winner, reason = a.state["result"]["winner"], a.state["result"]["reason"]
    endings = [fleet(peer)["ending"] for peer in (a, b, watcher)]
    assert all(endings), endings
    if winner is None:  # a draw's reason names no side
        assert "fleet" not in endings[0] and "флот" not in endings[1]
        return
    loser = 1 - winner
    names = [("your fleet", "противник"), ("the enemy", "ваш флот")][loser]
    assert endings[0].startswith(names[0]) and endings[1].startswith(names[1]), endings
    assert endings[2].startswith(f"fleet {loser + 1}"), endings
    assert "losing side" not in " ".join(endings), reason


def test_the_check_finds_a_hidden_ship_told() -> None:
    placements = [{"ships": [{"kind": "brig", "cells": [0, 1]}], "flagship": 0},
                  {"ships": [{"kind": "brig", "cells": [4, 7]}], "flagship": 0}]
    peer = Peer(None, "told")
    peer.received = [{"type": "state", "phase": "retreat", "fleet": {
        "placements": None, "results": None, "ending": None, "own": [{"cells": [0, 1]}],
        "choice": {"cells": {"cannonball": [7, 4]}}}}]
    with pytest.raises(AssertionError):
        hidden_ships_unseen(peer, 0, placements)
    peer.received[0]["fleet"]["choice"]["cells"]["cannonball"] = [4, 7, 8]
    hidden_ships_unseen(peer, 0, placements)


def test_a_whole_game_against_the_computer(client: TestClient) -> None:
    game = new_fleet_game(client, mode="computer", level="admiral")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        assert me.state["players"][1]["computer"]
        play_out([me], [])
        # The engine's reason, by its catalogue key (the room keeps a key's last part
        # only for the shared «outcome.» ones).
        assert me.state["result"]["reason"] in (
            "fleet.outcome.destroyed", "fleet.outcome.retreated", "fleet.outcome.mutual",
            "fleet.outcome.turn_limit", "fleet.outcome.both_retreated")
        hidden_ships_unseen(me, 0, me.state["fleet"]["placements"])


def test_bad_messages_are_refused_and_change_nothing(client: TestClient) -> None:
    game, joined = private_pair(client, game=GAME, preset="duel")
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as wb:
        a = hello(wa, game["game"], "a", token=game["token"])
        b = hello(wb, game["game"], "b", token=joined["token"])
        before = a.state["seq"]
        assert a.error({"type": "orders", "cells": [0]})["code"] == "game.error.phase"
        assert a.error({"type": "place", "ships": [[0]], "flagship": 0})["code"] == \
            "game.error.field"
        refused = a.error({"type": "place", "ships": [[0, 2], [3, 4]], "flagship": 0})
        assert refused["code"] == "fleet.error.placement_shape"
        assert a.error({"type": "place", "ships": [[0, 1], [2, 3]], "flagship": 5})["code"] \
            == "game.error.field"
        step([a, b], [])
        step([a, b], [])
        assert a.state["seq"] > before
        assert a.error({"type": "place", "ships": [[0, 1], [2, 3]], "flagship": 0})["code"] \
            == "game.error.phase"
        # Turn 1: the retreat question, then long range's orders.
        while fleet(a)["phase"] != "orders" or fleet(a)["choice"] is None:
            step([a, b], [])
        choice = fleet(a)["choice"]
        assert choice["ammunition"] == ["cannonball", "chain"] and choice["shots"] == 3
        seq = a.state["seq"]
        too_many = a.error({"type": "orders", "ammo": "cannonball",
                            "cells": choice["cells"]["cannonball"][:4]})
        assert too_many["code"] == "fleet.error.too_many_shots"
        assert "3" in too_many["message"]
        assert a.error({"type": "orders", "ammo": "grape", "cells": []})["code"] == \
            "fleet.error.ammo"
        assert a.error({"type": "orders", "ammo": "cannonball", "cells": [0, 0]})["code"] == \
            "fleet.error.cell_twice"
        assert a.error({"type": "orders", "cells": [999]})["code"] == "game.error.field"
        assert a.error({"type": "orders", "ammo": "cannonball", "cells": [0],
                        "hold": True})["code"] == "fleet.error.hold_with_cells"
        assert a.error({"type": "mode", "mode": "close"})["code"] == "game.error.phase"
        assert a.error({"type": "retreat", "retreat": "no"})["code"] == "game.error.field"
        russian = a.error({"type": "orders", "ammo": "cannonball", "cells": [0, 0]})
        assert russian["code"] == "fleet.error.cell_twice"
        # The question answers the asker only, and changes nothing.
        a.send({"type": "check_orders", "ammo": "cannonball", "cells": [0],
                "fireships": [choice["fireships"][0]] if choice["fireships"] else []})
        answer = a.until("orders_check")
        assert answer["problem"] is None and answer["shots"] <= 3
        a.send({"type": "check_orders", "ammo": "cannonball", "cells": [1, 2, 3, 4]})
        assert a.until("orders_check")["problem"]["code"] == "fleet.error.too_many_shots"
        a.send({"type": "chat", "phrase": "chat.hello"})
        a.until("chat")
        assert a.until("state")["seq"] == seq + 1  # only the chat was logged
        assert fleet(a)["choice"] == choice
        assert b.until("chat")["seat"] == 0
        assert not any(m["type"] == "orders_check" for m in b.received)


def test_boarding_chosen_whenever_it_may_be(client: TestClient) -> None:
    # The example's squadrons board for many decks: grapples come, and are answered.
    game = new_fleet_game(client, mode="computer", level="novice", preset="example")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        play_out([me], [], mode="boarding")
        events = [m["event"] for m in me.received if m["type"] == "fleet_event"]
        modes = [e for e in events if e["type"] == "mode_set"]
        chosen = [e for e in modes if e["chooser"] == 0]
        for before, now in zip(modes, modes[1:], strict=False):
            if now["chooser"] == 0:  # boarding, but never two turns running
                assert now["mode"] == ("long" if before["mode"] == "boarding" else "boarding")
        boarded = [e for e in events if e["type"] == "contest" and e["boarding"]]
        assert boarded or not chosen
        taken = [e for e in events if e["type"] == "decks_taken"]
        assert taken or not boarded or all(e["winner"] is None for e in boarded)


def test_a_reconnected_player_gets_the_battle_back(client: TestClient) -> None:
    game = new_fleet_game(client, mode="computer", level="captain")
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, game["game"], "me", token=game["token"])
        for _ in range(4):
            act(me)
            moved(me)
        kept = me.state
        events = [m for m in me.received if m["type"] == "fleet_event"]
    with client.websocket_connect("/ws") as ws:
        again = hello(ws, game["game"], "again", token=game["token"])
        assert again.state["fleet"] == kept["fleet"]
        assert [m for m in again.received if m["type"] == "fleet_event"] == events
        play_out([again], [])


@pytest.mark.parametrize(("request_", "field"), [
    ({"preset": "nope"}, "preset"),
    ({"fleets": [{"brig": 1}]}, "fleets"),
    ({"fleets": [{"brig": 1000}, {"brig": 1}]}, "fleets"),
    ({"fleets": [{"brig": 1}, {"brig": 1}], "batteries": [3, 0]}, "batteries"),
    ({"random": {"coins": -1}}, "random"),
])
def test_lobby_fleets_that_are_refused(client: TestClient, request_: dict[str, Any],
                                       field: str) -> None:
    response = client.post("/api/games", json={"game": GAME, "mode": "private", **request_})
    assert response.status_code == 400
    assert field in response.json()["message"]


def test_the_lobby_builds_fleets_from_a_make_up_a_budget_or_at_random(
        client: TestClient) -> None:
    options = client.get("/api/options").json()["games"][GAME]
    assert [p["name"] for p in options["presets"]][:2] == ["example", "equal"]
    assert {k["kind"] for k in options["kinds"]} >= {"brig", "frigate"}
    assert options["levels"] == ["captain", "novice", "admiral"]  # the default first
    built = new_fleet_game(client, preset=None, fleets=[{"brig": 2}, {"corvette": 1, "brig": 1}],
                     batteries=[1, 0])
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, built["game"], "me", token=built["token"])
        pieces = [[p["kind"] for p in side] for side in fleet(me)["pieces"]]
        assert pieces == [["brig", "brig", "battery"], ["corvette", "brig"]]
    over = client.post("/api/games", json={"game": GAME, "mode": "private",
                                           "fleets": [{"frigate": 2}, {"brig": 1}],
                                           "budget": {"coins": 20, "guns": 5, "wood": 5}})
    assert over.status_code == 400 and over.json()["code"] == "fleet.error.over_budget"
    drawn = new_fleet_game(client, preset=None, random={"coins": 30, "guns": 3, "wood": 0})
    with client.websocket_connect("/ws") as ws:
        me = hello(ws, drawn["game"], "me", token=drawn["token"])
        sides = fleet(me)["sides"]
        assert sides[0]["make_up"] == sides[1]["make_up"] and sides[0]["make_up"]
        # Without wood, neither a ship of the line nor a frigate.
        assert set(sides[0]["make_up"]) <= {"corvette", "brig", "transport"}


def test_the_turn_timer_runs_while_both_sides_choose_at_once() -> None:
    # Both sides give their orders at once: when the turn timer runs out, each side still
    # choosing gets its strike and its decision made as the captain would make it.
    import random

    from seabattle.fleetbattle.state import FleetBattleState
    from seabattle.games.registry import find_game
    from seabattle.server.messages import Intent
    from seabattle.server.rooms import Room, RoomOptions, new_room_entry

    rules = find_game(GAME).host().lobby_rules({"preset": "duel"})
    entry = new_room_entry(rules, RoomOptions(mode="private", turn_seconds=30), "a",
                           rng=random.Random(0), watch="w", invite="i", now=0.0, game=GAME)
    room = Room("duel", entry)
    room.join("b", 0.0)
    for seat in (0, 1):  # each places the fleet the server would suggest
        suggested = room.host.suggestion(rules, room.state.random_action(seat, random.Random()))
        ships = [ship["cells"] for ship in suggested["ships"]]  # type: ignore[index]
        room.handle(seat, Intent("place", {"ships": ships, "flagship": suggested["flagship"]}),
                    1.0)
    state = room.state
    assert isinstance(state, FleetBattleState)
    assert room.phase == "battle" and room.due_seats() == [0, 1]
    assert room.tick(20.0, random.Random(1)) == []  # not yet
    added = room.tick(100.0, random.Random(1))
    assert [type(e).__name__ for e in added].count("Timeout") == 2
    assert room.strikes == [1, 1] and room.playing
    assert len(state.log) > 2  # both decisions were made and the battle went on
