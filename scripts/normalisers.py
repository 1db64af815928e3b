"""Write seabattle/battleship/ai/member_table.py: every tilted family's member (the
fitted strength and its normaliser, seabattle/battleship/ai/members.py) and the number
of legal fleets (``dfs``'s normaliser) for the field and fleet of every preset where
they apply, computed once here rather than in every process that first needs them
(a second on 10×10, ten on 18×18; the whole table 33 s). Run it again whenever a family's measure,
strength or chain, or the fit, changes; tests/test_member_table.py fails until then.

    python scripts/normalisers.py
"""

from __future__ import annotations

import time
from pathlib import Path

from seabattle.battleship.ai import member_table
from seabattle.battleship.ai.fleet_shape import TILTS
from seabattle.battleship.ai.members import fitted_member
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    DfsPlacement,
    counted_log_fleets,
    normaliser_key,
)
from seabattle.battleship.rules import PRESETS

TABLE = Path(__file__).resolve().parent.parent / "seabattle/battleship/ai/member_table.py"


def main() -> None:
    members: dict[tuple[str, str], tuple[float, float]] = {}
    counts: dict[str, float] = {}
    for rules in PRESETS.values():
        key = normaliser_key(rules)
        for name in TILTS:
            if PLACEMENTS[name].supports(rules) and (key, name) not in members:
                began = time.perf_counter()
                fitted = fitted_member(rules, name)
                members[key, name] = (fitted.tilt.beta, fitted.log_normaliser)
                print(f"{rules.name:<18} {name:<8} strength {fitted.tilt.beta:6.3f} "
                      f"(the family's {TILTS[name].beta:4.2f})  log Z {fitted.log_normaliser:9.3f}"
                      f"  {time.perf_counter() - began:5.1f} s", flush=True)
        if (DfsPlacement.weighable(rules) and PLACEMENTS["dfs"].supports(rules)
                and key not in counts):
            counts[key] = counted_log_fleets(rules)
    # The module's own docstring is kept: the tables are what this script writes.
    text = (f'"""{member_table.__doc__}"""\n\n'
            "MEMBERS: dict[tuple[str, str], tuple[float, float]] = {\n"
            + "".join(f"    ({key!r}, {name!r}): {value!r},\n"
                      for (key, name), value in members.items())
            + "}\n\nFLEET_COUNTS: dict[str, float] = {\n"
            + "".join(f"    {key!r}: {value!r},\n" for key, value in counts.items())
            + "}\n")
    TABLE.write_text(text, encoding="utf-8")
    print(f"{len(members)} members and {len(counts)} fleet counts written to {TABLE}")


if __name__ == "__main__":
    main()
