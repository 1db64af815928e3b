"""The marks a preset's paper game was drawn with, where a source says so.

Seed 001's pre-revolutionary rules: «Промахи отмечаются точкой, попадания тире, вышедшие из
строя суда крестиком» — a dot for a miss, a dash for a hit, a cross for a ship put out of
action. Both terminal games draw the ``pre-revolutionary`` preset (varied or not) so; every
other rule set keeps the games' own symbols. In line mode, where water is ``.`` and a miss
``*`` elsewhere, water becomes ``~`` so that the dot means a miss, and known-empty cells
(``-`` elsewhere) become ``:`` so that the dash means a hit only.
"""

from __future__ import annotations

from collections.abc import Mapping

from seabattle.battleship.marks import Mark
from seabattle.battleship.rules import Rules, varied_preset

FULL_SCREEN: Mapping[str, Mapping[Mark, str]] = {
    "pre-revolutionary": {Mark.HIT: "–", Mark.SUNK: "✕"},
}
"""The full-screen game's symbols that a preset draws otherwise."""

LINES: Mapping[str, Mapping[Mark, str]] = {
    "pre-revolutionary": {Mark.WATER: "~", Mark.MISS: ".", Mark.HIT: "-", Mark.SUNK: "x",
                          Mark.RING: ":"},
}
"""The line game's symbols that a preset draws otherwise."""


def with_paper_marks(symbols: Mapping[Mark, str], rules: Rules,
                     table: Mapping[str, Mapping[Mark, str]]) -> dict[Mark, str]:
    """``symbols`` with the marks of ``rules``' preset (of ``table``) in place of its own.

    >>> from seabattle.battleship.rules import find_rules
    >>> with_paper_marks({Mark.HIT: "X"}, find_rules("pre-revolutionary"), LINES)[Mark.HIT]
    '-'
    """
    return {**symbols, **table.get(varied_preset(rules) or "", {})}
