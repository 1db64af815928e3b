"""The habits' members as the table has them (seabattle/battleship/ai/members.py), checked:
each member's normaliser against a longer annealing of its own (other seeds, more chains
and proposals), on the tests' small fields against brute force over every legal fleet
too; and what the family's own fleets say of the member and of the family's tilt at full
strength (the mean log-likelihood ratio against the uniform prior, nats a fleet)
(docs/admiral.md, «The members fitted to the families»).

    python scripts/normaliser_check.py          # classic, classic-corners, milton-bradley, six
    python scripts/normaliser_check.py --small  # two small fields, with the exact values
    python scripts/normaliser_check.py --runs 64 --seed 2 milton-bradley

A measurement, not part of the game: the admiral uses the table (scripts/normalisers.py).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from seabattle.battleship.ai.fleet_shape import TILTS, FleetShape, Tilt, measurable
from seabattle.battleship.ai.members import log_normalisers, member
from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.ai.tilted import ship_tables
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


def annealed(rules: Rules, tilt: Tilt, args: argparse.Namespace) -> float:
    """``log Z`` of ``tilt`` by a longer annealing than the fit's, on its own seed."""
    cells = sum(kind.size for kind in rules.fleet)
    top = tilt.per_fleet(cells)
    strengths = [top * step / args.steps for step in range(args.steps + 1)]
    rng = random.Random(f"normaliser-check:{tilt.measure}:{args.seed}")
    return float(log_normalisers(rules, tilt.measure, strengths, rng, runs=args.runs,
                                 moves_per_ship=args.moves)[-1])


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
    parser.add_argument("--steps", type=positive, default=500)
    parser.add_argument("--moves", type=positive, default=20, help="proposals per ship")
    parser.add_argument("--fleets", type=positive, default=200,
                        help="the family's fleets whose likelihood is measured")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        rule_sets = list(SMALL) if args.small else [find_rules(name) for name in args.rules]
    except SeaBattleError as error:
        parser.error(str(error))
    for rules in rule_sets:
        shape = FleetShape.of(rules.grid)
        fleets = every_occupancy(rules) if args.small else None
        for name, tilt in TILTS.items():
            if not measurable(tilt.measure, rules):
                continue
            fitted = member(rules, name)
            # The family's own tilt at full strength, with its normaliser annealed.
            full = annealed(rules, tilt, args)
            rng = random.Random(f"normaliser-check:fleets:{args.seed}")
            drawn = [PLACEMENTS[name].place(rules, rng).cells for _ in range(args.fleets)]
            says = sum(shape.log_tilt(fitted.tilt, c) - fitted.log_normaliser
                       for c in drawn) / len(drawn)
            full_says = sum(shape.log_tilt(tilt, c) - full for c in drawn) / len(drawn)
            line = (f"{rules.name:<26} {name:<8} member {fitted.tilt.beta:5.3f} of "
                    f"{tilt.beta:4.2f}: log Z {fitted.log_normaliser:9.2f}, annealed "
                    f"{annealed(rules, fitted.tilt, args):9.2f}")
            if fleets is not None:
                exact = log_mean_exp([shape.log_tilt(fitted.tilt, c) for c in fleets])
                line += f", exact {exact:9.2f} ({len(fleets)} fleets)"
            line += (f"; the family's fleets say {says:+6.2f} of it, "
                     f"{full_says:+6.2f} of the family's tilt")
            print(line, flush=True)


if __name__ == "__main__":
    main()
