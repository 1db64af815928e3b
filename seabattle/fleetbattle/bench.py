"""How long the computer levels think: ``python -m seabattle.fleetbattle.bench``.

Plays seeded battles between two levels in one process, the sides swapped every other
game, and prints the first level's wins and each level's median and 95th-percentile
think time per turn (the time a level takes over everything it decides in one turn:
retreat, mode, orders, grapple). The strength table of ``docs/fleetbattle.md`` comes from
``seabattle match``; this gives the think times beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from seabattle.fleetbattle.ai.players import LEVELS, make_player
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.games.chance import draw


def battle(levels: tuple[str, str], preset: str, seed: int,
           think: dict[str, list[float]]) -> int | None:
    """One seeded battle; adds each level's think time per turn to ``think``; returns
    the winning seat."""
    rng = random.Random(seed)
    state = DEFINITION.new_state(PRESETS[preset])
    players = [make_player(levels[seat], random.Random(f"{seed}:{seat}")) for seat in (0, 1)]
    spent: dict[tuple[int, int], float] = defaultdict(float)
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
            continue
        for seat in sorted(state.actors.seats):
            start = time.perf_counter()
            action = players[seat].act(state.view(seat))
            spent[(seat, state.turn)] += time.perf_counter() - start
            state.apply(seat, action)
    for (seat, _turn), seconds in spent.items():
        think[levels[seat]].append(seconds)
    outcome = state.outcome()
    return None if outcome is None else outcome.winner


def main() -> None:
    """Run the benchmark the command line asks for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=LEVELS)
    parser.add_argument("second", choices=LEVELS)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="equal")
    args = parser.parse_args()
    think: dict[str, list[float]] = defaultdict(list)
    wins = 0
    for seed in range(args.games):
        levels = (args.first, args.second) if seed % 2 == 0 else (args.second, args.first)
        winner = battle(levels, args.preset, seed, think)
        wins += winner is not None and levels[winner] == args.first
    print(f"{args.first} against {args.second}, {args.preset}: {wins} wins of {args.games}")
    for level, times in think.items():
        times.sort()
        print(f"{level}: median {1000 * statistics.median(times):.1f} ms a turn, 95th "
              f"percentile {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms")


if __name__ == "__main__":
    main()
