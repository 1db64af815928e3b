#!/usr/bin/env python3
"""The server's CPU per shot, without sockets: what one shot costs the hub in one process.

Opens ``--games`` private classic games on a hub over SQLite in a temporary folder (as
``seabattle serve`` does, without uvicorn), places random fleets, then fires
``--rounds`` shots in each game, one game after the other, and after each shot builds
what the two players are sent (``Hub.told``: the events and the ``state`` text, as a
socket's catch-up does). Prints the CPU microseconds per shot of the action
(``Hub.act``: the room's check, the game's projection, the store's append) and of the
two states, the mean over every shot. What it leaves out is uvicorn's framing of the
messages and the event loop's own work, which ``scripts/load_test.py`` measures with
the rest (its ``server_cpu_s``).

    .venv/bin/python scripts/shot_cost.py --games 50 --rounds 40

Used to compare two versions of the server on one machine at one time (run it from each
checkout): the CPU time is steadier than wall time on a shared machine, not immune to it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from seabattle.errors import SeaBattleError
from seabattle.server.messages import Intent, parse_new_game
from seabattle.server.service import Hub
from seabattle.server.store import SQLiteStore


async def measure(games: int, rounds: int, seed: int) -> dict[str, float]:
    """Mean CPU microseconds per shot: ``act``, ``states`` (both players') and ``shots``."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(SQLiteStore(Path(folder) / "games.sqlite3"))
        ids = []
        for number in range(games):
            room, _ = await hub.create(parse_new_game({"mode": "private",
                                                       "preset": "classic"}))
            await hub.join(room.id, f"second-player-token-{number:06d}", room.invite)
            for seat in (0, 1):
                ships = hub.suggest(room, seat)["ships"]
                await hub.act(room.id, seat, Intent("place", {"ships": ships}))
            ids.append(room.id)
        targets = {game: [rng.sample(range(100), 100) for _ in (0, 1)] for game in ids}
        act = states = 0.0
        shots = 0
        for _ in range(rounds):
            for game in ids:
                room = await hub.room(game)
                movers = sorted(room.state.actors.seats)
                if room.phase != "battle" or not movers:
                    continue
                seat = movers[0]
                start = time.process_time()
                while True:
                    try:
                        await hub.act(game, seat, Intent("fire",
                                                         {"cell": targets[game][seat].pop()}))
                        break
                    except SeaBattleError:
                        continue  # a cell the shooter may not fire at (already fired at)
                acted = time.process_time()
                for audience in (0, 1):
                    await hub.told(game, audience, "en", room.seq - 1)
                act += acted - start
                states += time.process_time() - acted
                shots += 1
        await hub.store.close()
    return {"shots": shots, "act_us": round(act / shots * 1e6, 1),
            "states_us": round(states / shots * 1e6, 1),
            "total_us": round((act + states) / shots * 1e6, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=40, help="shots fired in each game")
    parser.add_argument("--seed", type=int, default=1, help="which cells are fired at")
    args = parser.parse_args()
    print(asyncio.run(measure(args.games, args.rounds, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
