"""The placement families' normalisers as the table has them, against the tilts' own
estimated by annealed importance sampling (docs/admiral.md, «What the normalisers are»);
on the small fields of the tests, against brute force over every legal fleet too.

    python scripts/normaliser_check.py          # classic, classic-corners, milton-bradley, six
    python scripts/normaliser_check.py --small  # two small fields, with the exact values
    python scripts/normaliser_check.py --runs 64 --seed 2 milton-bradley

A measurement, not part of the game: the admiral uses the table (scripts/normalisers.py).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence

from seabattle.battleship.ai.fleet_shape import PER_EDGE, TILTS, FleetShape, measurable
from seabattle.battleship.ai.placement import PLACEMENTS, TiltedPlacement, uniform_fleet
from seabattle.battleship.ai.tilted import Layout, layout_of, run_chain, ship_tables
from seabattle.battleship.rules import Rules, ShipKind, find_rules
from seabattle.battleship.shapes import Touching
from seabattle.coords import Bitboard
from seabattle.errors import SeaBattleError

SMALL = (
    Rules("4x4, touching at corners", 4, 4, (ShipKind(2), ShipKind(1), ShipKind(1)),
          touching=Touching.CORNERS),
    Rules("5x4", 5, 4, (ShipKind(3), ShipKind(2), ShipKind(1))),
)
"""The small fields of tests/test_admiral_mixture.py (``TINY``)."""


def log_mean_exp(values: Sequence[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values) / len(values))


def annealed(rules: Rules, name: str, runs: int, steps: int, moves: int, seed: int) -> float:
    """``log Z`` of family ``name`` by annealed importance sampling: ``runs`` chains from
    uniform fleets through ``steps`` strengths, ``moves`` proposals at each."""
    tilt, shape = TILTS[name], FleetShape.of(rules.grid)
    beta = tilt.per_fleet(sum(k.size for k in rules.fleet))
    rng = random.Random(f"normaliser-check:{name}:{seed}")

    def log_z(anchor: int) -> float:
        def log_tilt(occupied: Bitboard) -> float:
            return beta * shape.measure(tilt.measure, occupied, anchor)

        weights = []
        for _run in range(runs):
            layout: Layout = layout_of(rules, uniform_fleet(rules, rng))
            weight = 0.0
            for step in range(steps):
                occupied = 0
                for cells in layout:
                    occupied |= cells
                weight += log_tilt(occupied) / steps
                layout = run_chain(rules, rng, layout, moves,
                                   _scaled(log_tilt, (step + 1) / steps))
            weights.append(weight)
        return log_mean_exp(weights)

    # Corners share one normaliser by reflection; the top and the left edge may differ.
    return log_mean_exp([log_z(0), log_z(2)] if tilt.measure in PER_EDGE else [log_z(0)])


def _scaled(log_tilt: Callable[[Bitboard], float], strength: float
            ) -> Callable[[Bitboard], float]:
    return lambda occupied: strength * log_tilt(occupied)


def every_occupancy(rules: Rules) -> list[Bitboard]:
    """The cells of every legal fleet, each fleet once (equal ships in increasing order)."""
    tables = ship_tables(rules)
    found: list[Bitboard] = []

    def grow(index: int, blocked: Bitboard, occupied: Bitboard, last: int) -> None:
        if index == len(tables):
            found.append(occupied)
            return
        table = tables[index]
        same = index > 0 and tables[index - 1].kind == table.kind
        for j, (cells, halo) in enumerate(zip(table.cells, table.halos, strict=True)):
            if (same and j <= last) or cells & blocked:
                continue
            grow(index + 1, blocked | halo, occupied | cells, j)

    grow(0, 0, 0, -1)
    return found


def exact(rules: Rules, name: str, fleets: Sequence[Bitboard]) -> float:
    shape = FleetShape.of(rules.grid)
    return log_mean_exp([shape.log_tilt(TILTS[name], cells) for cells in fleets])


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*",
                        default=["classic", "classic-corners", "milton-bradley", "six"])
    parser.add_argument("--small", action="store_true", help="the tests' small fields")
    parser.add_argument("--runs", type=positive, default=64)
    parser.add_argument("--steps", type=positive, default=1000)
    parser.add_argument("--moves", type=positive, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        rule_sets = list(SMALL) if args.small else [find_rules(name) for name in args.rules]
    except SeaBattleError as error:
        parser.error(str(error))
    for rules in rule_sets:
        fleets = every_occupancy(rules) if args.small else None
        for name, tilt in TILTS.items():
            if not measurable(tilt.measure, rules):
                continue
            family = PLACEMENTS[name]
            assert isinstance(family, TiltedPlacement)
            value = annealed(rules, name, args.runs, args.steps, args.moves, args.seed)
            line = (f"{rules.name:<26} {name:<8} table {family.log_normaliser(rules):10.2f}"
                    f"  annealed {value:10.2f}")
            if fleets is not None:
                line += f"  exact {exact(rules, name, fleets):10.2f} ({len(fleets)} fleets)"
            print(line, flush=True)


if __name__ == "__main__":
    main()
