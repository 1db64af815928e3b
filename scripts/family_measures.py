"""The measures of docs/bench.md's «Placement families» table: each placement's fleets
on each measure of seabattle.battleship.ai.fleet_shape (mean ± standard deviation over
seeded fleets), and the time per fleet.

    python scripts/family_measures.py classic milton-bradley --fleets 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from seabattle.battleship.ai.fleet_shape import MEASURES, FleetShape
from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.rules import find_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rules", nargs="+")
    parser.add_argument("--fleets", type=int, default=60)
    args = parser.parse_args()
    print("| rules | placement | " + " | ".join(MEASURES) + " | ms per fleet |")
    print("|---|---|" + "---|" * (len(MEASURES) + 1))
    for name in args.rules:
        rules = find_rules(name)
        shape = FleetShape.of(rules.grid)
        for placement in PLACEMENTS:
            if not PLACEMENTS[placement].supports(rules):
                continue
            rng = random.Random(1)
            values: dict[str, list[float]] = {m: [] for m in MEASURES}
            began = time.perf_counter()
            for _ in range(args.fleets):
                cells = PLACEMENTS[placement].place(rules, rng).cells
                for m in MEASURES:
                    values[m].append(max(shape.measure(m, cells, k) for k in range(4)))
            ms = (time.perf_counter() - began) / args.fleets * 1000
            cells_text = " | ".join(f"{statistics.fmean(v):.1f} ± {statistics.stdev(v):.1f}"
                                    for v in values.values())
            print(f"| {name} | {placement} | {cells_text} | {ms:.1f} |")


if __name__ == "__main__":
    main()
