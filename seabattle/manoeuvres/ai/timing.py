"""How long the computer thinks: ``python -m seabattle.manoeuvres.ai.timing``.

Plays whole games of one level against another from fixed seeds (who starts alternates)
and times every choice of the first level but its set-up, then prints the median, the
90th percentile and the longest, with the games' results. A benchmark, not a test: its
figures go into ``docs/manoeuvres.md`` with the command that made them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from seabattle.games.chance import draw, seeded
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.views import Phase


def timed_game(first: str, second: str, preset: str, seed: int, swap: bool
               ) -> tuple[int | None, list[float]]:
    """One game; the winner in the levels' order (0: ``first``), and ``first``'s times."""
    state = DEFINITION.new_state(PRESETS[preset])
    levels = (second, first) if swap else (first, second)
    players = [ComputerPlayer(level, seeded(f"{seed}:{seat}"))
               for seat, level in enumerate(levels)]
    timed_seat = 1 if swap else 0
    chance = seeded(f"{seed}:chance")
    times: list[float] = []
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), chance))
            continue
        seat = min(state.actors.seats)
        setting_up = state.phase is Phase.SETUP
        start = time.perf_counter()
        action = players[seat].choose(state.view(seat))
        if seat == timed_seat and not setting_up:
            times.append(time.perf_counter() - start)
        state.apply(seat, action)
    outcome = state.outcome()
    winner = None if outcome is None else outcome.winner
    if winner is not None and swap:
        winner = 1 - winner
    return winner, times


def main(argv: Sequence[str] | None = None) -> int:
    """Time ``--level`` against ``--against`` over ``--games`` games; print the figures."""
    parser = argparse.ArgumentParser(prog="python -m seabattle.manoeuvres.ai.timing")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--against", choices=LEVELS, default="medium")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="seed")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    times: list[float] = []
    results = [0, 0, 0]
    for game in range(args.games):
        winner, taken = timed_game(args.level, args.against, args.rules, args.seed + game,
                                   game % 2 == 1)
        times += taken
        results[2 if winner is None else winner] += 1
    ordered = sorted(times)
    print(f"{args.level} against {args.against}, rules {args.rules}, {args.games} games: "
          f"{results[0]} won, {results[1]} lost, {results[2]} drawn; {len(times)} actions "
          f"timed: median {statistics.median(ordered) * 1000:.0f} ms, 90th percentile "
          f"{ordered[int(0.9 * (len(ordered) - 1))] * 1000:.0f} ms, "
          f"longest {ordered[-1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
