"""Compiling the admiral's loops before the first game needs them.

The admiral's inner loops (:mod:`~seabattle.battleship.ai._kernels`,
:mod:`~seabattle.battleship.ai.twister`) are compiled by Numba when first called and
cached on disk, so the first game after an install would wait about 14 s at the
computer's first shot, and no later one (docs/admiral.md, «The first game after an
install»). ``seabattle play`` at a terminal and ``seabattle serve`` start
:func:`warm_in_background` first: a low-priority process that compiles them while the
player sets up, or, where the cache is warm, loads them and ends within a second or two.
Given a rule set whose field the members' table lacks, it first fits that field's
members and counts its fleets (:mod:`~seabattle.battleship.ai.field_store` keeps them
for the game's process), which the admiral would otherwise wait for: fifteen seconds
at the first move on an 18×18 field.

    python -m seabattle.battleship.ai.warm ['{"width": 12, ...}']
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seabattle.battleship.rules import Rules

NICENESS = 15
"""How much lower the warming process's priority is than the game's."""


def warm(game_rules: Rules | None = None) -> None:
    """Fit and store the members and the fleet count of ``game_rules`` (where the tables
    lack them: :func:`~seabattle.battleship.ai.habits.prepare`), then call
    every compiled loop a game uses, on arguments of the types a game passes: the
    admiral's whole game at a `corner` fleet on classic (the posterior, the habits'
    weights and maps, the rejection sampler and the tilted chain that drew the fleet)
    and a member fitted on a 4×4 field (the annealing a custom field's first game
    runs)."""
    # Imported here: the process that starts the warming should not pay for them.
    from seabattle.battleship.ai.habits import prepare
    from seabattle.battleship.ai.levels import make_strategy
    from seabattle.battleship.ai.members import fitted_member
    from seabattle.battleship.ai.placement import PLACEMENTS
    from seabattle.battleship.game import Solitaire
    from seabattle.battleship.rules import find_rules, rules_from_dict

    if game_rules is not None:
        prepare(game_rules)
    rules = find_rules("classic")
    fleet = PLACEMENTS["corner"].place(rules, random.Random(0))
    admiral = make_strategy("admiral", random.Random(0), rules)
    game = Solitaire(rules, fleet)
    while not game.is_over:
        game.fire(0, admiral.next_shots(game.view(0))[0])
    tiny = rules_from_dict({"name": "warm", "width": 4, "height": 4,
                            "ships": [{"size": 2, "count": 2}]})
    fitted_member(tiny, "corner")


def warm_in_background(rules: Rules | None = None) -> subprocess.Popen[bytes] | None:
    """Start :func:`warm` (for ``rules``, the game's) in a process of its own at a lower
    priority; the caller need not wait for it (its output is discarded). ``None`` where
    no process could be started: then, as when the warming fails, the first game
    compiles and fits what it needs itself."""
    arguments = [] if rules is None else [json.dumps(rules.to_dict())]
    try:
        process = subprocess.Popen([sys.executable, "-m", __name__, *arguments],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:  # no interpreter to start, or no process left: play on without
        return None
    _started.append(process)  # kept, so that it is not collected (and warned of) running
    return process


_started: list[subprocess.Popen[bytes]] = []
"""The warming processes this process started."""


if __name__ == "__main__":
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    from seabattle.battleship.rules import rules_from_dict

    warm(rules_from_dict(json.loads(sys.argv[1])) if len(sys.argv) > 1 else None)
