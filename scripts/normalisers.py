"""Write seabattle/battleship/ai/normaliser_table.py: every placement family's normaliser
for the field and fleet of every preset where the family applies, computed once here
rather than in every process that first sees a revealed fleet (seconds on 10×10, half a
minute on 18×18). Run it again whenever a family's measure, strength or chain changes;
tests/test_normaliser_table.py fails until then.

    python scripts/normalisers.py
"""

from __future__ import annotations

import time
from pathlib import Path

from seabattle.battleship.ai import normaliser_table
from seabattle.battleship.ai.fleet_shape import TILTS
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    DfsPlacement,
    computed_normaliser,
    normaliser_key,
)
from seabattle.battleship.rules import PRESETS

TABLE = Path(__file__).resolve().parent.parent / "seabattle/battleship/ai/normaliser_table.py"


def main() -> None:
    rows: dict[tuple[str, str], float] = {}
    for rules in PRESETS.values():
        key = normaliser_key(rules)
        names = [name for name in TILTS if PLACEMENTS[name].supports(rules)]
        if DfsPlacement.weighable(rules) and PLACEMENTS["dfs"].supports(rules):
            names.append("dfs")
        for name in names:
            if (key, name) not in rows:
                began = time.perf_counter()
                rows[key, name] = computed_normaliser(rules, name)
                print(f"{rules.name:<18} {name:<8} {rows[key, name]:>12.6f} "
                      f"{time.perf_counter() - began:6.1f} s")
    lines = [f"    ({key!r}, {name!r}): {value!r}," for (key, name), value in rows.items()]
    # The module's own docstring is kept: the table is what this script writes.
    header = f'"""{normaliser_table.__doc__}"""\n\nNORMALISERS: dict[tuple[str, str], float] = {{\n'
    TABLE.write_text(header + "\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{len(rows)} normalisers written to {TABLE}")


if __name__ == "__main__":
    main()
