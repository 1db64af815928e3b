"""How long the computer thinks: ``python -m seabattle.manoeuvres.ai.timing``.

Plays whole games of one level against another from fixed seeds (who starts alternates)
and times every choice of the first level but its set-up, then prints the median, the
90th percentile and the longest, each as the clock on the wall saw it and as the
processor time the choice took (what it would take on an idle core: the wall clock of a
machine that other work shares counts their time too), with the games' results and the
Wilson 95 % interval of the first level's share of wins. A benchmark, not a test: its
figures go into ``docs/manoeuvres.md`` with the command that made them.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from seabattle.games.chance import draw, seeded
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.views import Phase


@dataclass(frozen=True)
class Thought:
    """How long one choice took, in seconds: on the wall clock and of processor time."""

    wall: float
    cpu: float


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a share of ``wins`` in ``games``.

    >>> [round(x, 3) for x in wilson(495, 500)]
    [0.977, 0.996]
    """
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    middle = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (middle - spread) / scale, (middle + spread) / scale


def timed_game(first: str, second: str, preset: str, seed: int, swap: bool, *,
               random_setup: bool = False) -> tuple[int | None, list[Thought]]:
    """One game; the winner in the levels' order (0: ``first``), and ``first``'s times;
    ``random_setup``: ``first`` sets up at random."""
    state = DEFINITION.new_state(PRESETS[preset])
    levels = (second, first) if swap else (first, second)
    timed_seat = 1 if swap else 0
    players = [ComputerPlayer(level, seeded(f"{seed}:{seat}"),
                              random_setup=random_setup and seat == timed_seat)
               for seat, level in enumerate(levels)]
    chance = seeded(f"{seed}:chance")
    times: list[Thought] = []
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), chance))
            continue
        seat = min(state.actors.seats)
        setting_up = state.phase is Phase.SETUP
        start, start_cpu = time.perf_counter(), time.process_time()
        action = players[seat].choose(state.view(seat))
        if seat == timed_seat and not setting_up:
            times.append(Thought(time.perf_counter() - start, time.process_time() - start_cpu))
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
    parser.add_argument("--random-setup", action="store_true",
                        help="--level sets up at random (what its own set-up is worth)")
    args = parser.parse_args(argv)
    times: list[Thought] = []
    results = [0, 0, 0]
    for game in range(args.games):
        winner, taken = timed_game(args.level, args.against, args.rules, args.seed + game,
                                   game % 2 == 1, random_setup=args.random_setup)
        times += taken
        results[2 if winner is None else winner] += 1
    setup = " (random set-up)" if args.random_setup else ""
    low, high = wilson(results[0], args.games)
    print(f"{args.level}{setup} against {args.against}, rules {args.rules}, {args.games} games: "
          f"{results[0]} won ({low:.0%}–{high:.0%}), {results[1]} lost, {results[2]} drawn; "
          f"{len(times)} actions timed")
    for name, spans in (("wall clock", [t.wall for t in times]),
                        ("processor", [t.cpu for t in times])):
        ordered = sorted(spans)
        print(f"  {name}: median {statistics.median(ordered) * 1000:.0f} ms, 90th percentile "
              f"{ordered[int(0.9 * (len(ordered) - 1))] * 1000:.0f} ms, "
              f"longest {ordered[-1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
