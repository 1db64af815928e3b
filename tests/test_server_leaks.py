"""The leak audit (issue 15): whole games of every rule set, played by two people with a
spectator from the start, a late spectator replaying from the beginning and a player who
reconnects half-way, every message each of them received checked against the fleets the
store kept (``/api/games/{id}/record``): no hidden ship before the end, and every sunk
ship named as what it truly was.

The players fire at their opponent's ships (which this test knows, holding both seats)
every other shot and at a random aimable cell otherwise, so that a game is whole but
short; decisions are answered with their first option.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.battleship.online.projection import kind_name  # noqa: E402
from seabattle.battleship.record import GameRecord  # noqa: E402
from seabattle.coords import iter_cells  # noqa: E402
from tests.test_server import Peer, check_hidden, hello, private_pair, sync  # noqa: E402

RULE_SETS = [
    {"preset": "classic"}, {"preset": "classic-corners"}, {"preset": "bent"},
    {"preset": "milton-bradley"}, {"preset": "six"}, {"preset": "six", "announce": "sunk"},
    {"preset": "big-15"}, {"preset": "flying-dutchman"}, {"preset": "math"},
    {"preset": "classic", "announce": "none"}, {"preset": "classic", "salvo": 3},
    {"preset": "classic", "salvo": "ships"},
    {"preset": "classic", "mines": 2, "minesweepers": 1, "submarines": 2},
]


def stored_fleets(client: TestClient, game: str) -> tuple[list[list[list[int]]],
                                                           list[dict[int, str]]]:
    """Each seat's ships (cells) as the store kept them, and each cell's ship's name."""
    record = GameRecord.from_json(client.get(f"/api/games/{game}/record").text).game()
    fleets, names = [], []
    for fleet in record.fleets:
        fleets.append([list(iter_cells(ship.cells)) for ship in fleet.ships])
        names.append({cell: kind_name(ship.kind) for ship in fleet.ships
                      for cell in iter_cells(ship.cells)})
    return fleets, names


def check_names(peer: Peer, names: list[dict[int, str]], moving: bool) -> None:
    """Every sunk ship a peer was told of is named as what it was, or not named."""
    for message in peer.received:
        if (message["type"] == "shot" and message["result"] == "sunk" and message["ship"]
                and not moving):
            assert names[1 - message["seat"]][message["cell"]] == message["ship"], message
        if message["type"] == "state" and not moving:
            for owner, board in enumerate(message["boards"]):
                for ship in board["sunk"]:
                    if ship["name"] is not None:
                        assert names[owner][ship["cell"]] == ship["name"], (ship, message)


def act(peer: Peer, state: dict[str, Any], other: dict[str, Any], rng: random.Random,
        aimed: bool) -> None:
    """The move ``peer`` owes in ``state``: a decision, or a shot (or a salvo)."""
    pending = state["pending"]
    if pending is not None:
        if pending["decision"] == "move_ship":
            peer.send({"type": "decide", "stay": True})
        else:
            peer.send({"type": "decide", "cell": pending["options"][0]})
        return
    turn = state["turn"]
    enemy = other["boards"][other["you"]]["ships"]  # the opponent's own view of its fleet
    targets = [c for ship in enemy if ship["role"] in ("ship", "submarine") and not ship["sunk"]
               for c in ship["cells"] if c in turn["cells"]]
    cells = rng.sample(turn["cells"], min(turn["shots"], len(turn["cells"])))
    if aimed and targets:
        cells = (targets + [c for c in cells if c not in targets])[:len(cells)]
    if turn["action"] == "fire":
        peer.send({"type": "fire", "cell": cells[0]})
    else:
        peer.send({"type": "fire_salvo", "cells": cells})


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "-".join(map(str, r.values())))
def test_no_message_of_a_whole_game_shows_a_hidden_ship(client: TestClient,
                                                         rules: dict[str, Any]) -> None:
    rng = random.Random(str(rules))
    game, joined = private_pair(client, **rules)
    gid = game["game"]
    audit: list[tuple[Peer, int | None]] = []
    with client.websocket_connect("/ws") as wa, client.websocket_connect("/ws") as ww:
        a = hello(wa, gid, "a", token=game["token"])
        watcher = hello(ww, gid, "watcher", watch=game["watch"])
        audit += [(a, 0), (watcher, None)]
        b_socket = client.websocket_connect("/ws")
        b = hello(b_socket.__enter__(), gid, "b", token=joined["token"])
        audit.append((b, 1))
        peers = {0: a, 1: b}
        for peer in peers.values():
            peer.send({"type": "random_fleet"})
            peer.send({"type": "place", "ships": peer.until("fleet_suggestion")["ships"]})
        late = None
        moves, seq = 0, 0
        while True:
            states = {seat: sync(peer, seq) for seat, peer in peers.items()}
            seq = max(s["seq"] for s in states.values())
            states = {seat: sync(peer, seq) for seat, peer in peers.items()}
            if states[0]["phase"] == "over":
                break
            if states[0]["phase"] != "battle":
                seq += 1  # the set-up: wait for the next entry
            else:
                due = states[0]["pending"]["seat"] if states[0]["pending"] else \
                    states[0]["to_move"]
                act(peers[due], states[due], states[1 - due], rng, aimed=moves % 2 == 0)
                moves += 1
                seq += 1
            if moves == 6 and late is None:  # a late spectator, replaying from the start
                late = client.websocket_connect("/ws")
                late_peer = hello(late.__enter__(), gid, "late", watch=game["watch"])
                audit.append((late_peer, None))
            if moves == 12:  # b's socket drops; b comes back for what it missed
                moves += 1
                since = b.state["seq"] + 1
                b_socket.__exit__(None, None, None)
                b_socket = client.websocket_connect("/ws")
                b = peers[1] = hello(b_socket.__enter__(), gid, "b again", since=since,
                                     token=joined["token"])
                audit.append((b, 1))
            assert moves < 2_000
        final = sync(watcher, seq)
        assert final["phase"] == "over" and final["result"]["reason"] == "fleet_sunk"
        if late is not None:
            sync(late_peer, seq)
            late.__exit__(None, None, None)
        b_socket.__exit__(None, None, None)
    fleets, names = stored_fleets(client, gid)
    moving = rules["preset"] == "flying-dutchman"
    for peer, seat in audit:
        check_hidden(peer, seat, fleets if not moving else [[], []])
        check_names(peer, names, moving)
        if moving:  # where the Flying Dutchman went: to its owner only
            assert all(m.get("cells") is None for m in peer.received
                       if m["type"] == "ship_moved" and m["seat"] != seat), peer.name
