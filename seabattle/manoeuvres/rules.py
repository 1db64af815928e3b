"""A rule set of the manoeuvre game as plain data: the field, the set-up rows, the pieces.

The seed's game is :data:`PRESETS` ``["seed"]``: a 17 × 12 field («17 - горизонталь,
12 - вертикаль»), two halves of six rows, set-up in the three back rows of one's own half,
and 2 forts, 1 bomb, 5 torpedoes, 5 mines and 5 of each of the six ships a side. A smaller
``skirmish`` keeps every rule on a 9 × 8 field with fewer pieces (quick games for tests,
lessons and the conformance test). ``quiet_turns`` is this project's addition: a game in
which no piece leaves the field for that many turns in a row is a draw (the seed is silent
on games that cannot end; ``docs/manoeuvres.md``).

>>> PRESETS["seed"].piece_total
43
>>> rules_from_data(rules_to_data(PRESETS["skirmish"])) == PRESETS["skirmish"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import cast

from seabattle.coords import MAX_SIDE, Grid
from seabattle.errors import RulesError
from seabattle.games.interface import JSON
from seabattle.manoeuvres.pieces import MAX_GROUP, Kind

SEED_PIECES: tuple[tuple[Kind, int], ...] = (
    (Kind.FORT, 2), (Kind.BOMB, 1), (Kind.TORPEDO, 5), (Kind.MINE, 5),
    (Kind.SUBMARINE, 5), (Kind.TORPEDO_BOAT, 5), (Kind.MINESWEEPER, 5),
    (Kind.DESTROYER, 5), (Kind.CRUISER, 5), (Kind.BATTLESHIP, 5))
"""Each side's pieces in the seed («Исходный материал у каждого игрока»)."""


@dataclass(frozen=True)
class ManoeuvreRules:
    """One rule set: ``columns`` × ``rows`` (rows even: two halves), the ``setup_rows``
    back rows of each half where a side sets up, each side's pieces, and the draw after
    ``quiet_turns`` turns in a row without a piece removed."""

    name: str = "seed"
    columns: int = 17
    rows: int = 12
    setup_rows: int = 3
    pieces: tuple[tuple[Kind, int], ...] = SEED_PIECES
    quiet_turns: int = 200

    def __post_init__(self) -> None:
        if not (2 <= self.columns <= MAX_SIDE):
            raise RulesError("error.rules_field", field="columns", value=self.columns,
                             expected=f"2…{MAX_SIDE}")
        if not (2 <= self.rows <= MAX_SIDE) or self.rows % 2:
            raise RulesError("error.rules_field", field="rows", value=self.rows,
                             expected=f"an even number 2…{MAX_SIDE}")
        if not (1 <= self.setup_rows <= self.rows // 2):
            raise RulesError("error.rules_field", field="setup_rows", value=self.setup_rows,
                             expected=f"1…{self.rows // 2}")
        kinds = [kind for kind, _count in self.pieces]
        if len(set(kinds)) != len(kinds) or any(
                not (0 <= count <= MAX_GROUP) for _kind, count in self.pieces):
            raise RulesError("error.rules_field", field="pieces", value=self.piece_counts,
                             expected=f"each kind once, 0…{MAX_GROUP} of it")
        if self.count(Kind.FORT) < 1 or self.count(Kind.BOMB) > 1:
            raise RulesError("error.rules_field", field="pieces", value=self.piece_counts,
                             expected="at least one fort and at most one bomb")
        if not any(kind.is_ship and count for kind, count in self.pieces):
            raise RulesError("error.rules_field", field="pieces", value=self.piece_counts,
                             expected="at least one ship")
        if self.piece_total > self.columns * self.setup_rows:
            raise RulesError("error.rules_field", field="pieces", value=self.piece_total,
                             expected=f"at most {self.columns * self.setup_rows} pieces "
                                      f"(the set-up rows' cells)")
        if self.quiet_turns < 1:
            raise RulesError("error.rules_field", field="quiet_turns", value=self.quiet_turns,
                             expected="1 or more")

    @property
    def piece_counts(self) -> dict[str, int]:
        """Each kind's count by its name."""
        return {kind.value: count for kind, count in self.pieces}

    def count(self, kind: Kind) -> int:
        """How many pieces of ``kind`` a side has at the start."""
        return dict(self.pieces).get(kind, 0)

    @property
    def piece_total(self) -> int:
        """How many pieces a side has at the start."""
        return sum(count for _kind, count in self.pieces)

    @cached_property
    def grid(self) -> Grid:
        """The field's geometry."""
        return Grid(self.columns, self.rows)

    def half(self, seat: int) -> range:
        """The rows of ``seat``'s half: seat 0 at the bottom (rows 7–12 of the seed's
        field), seat 1 at the top (rows 1–6)."""
        middle = self.rows // 2
        return range(middle, self.rows) if seat == 0 else range(middle)

    def setup_cells(self, seat: int) -> frozenset[int]:
        """The cells where ``seat`` sets up: its three (``setup_rows``) back rows."""
        rows = (range(self.rows - self.setup_rows, self.rows) if seat == 0
                else range(self.setup_rows))
        return frozenset(row * self.columns + col for row in rows for col in range(self.columns))


PRESETS: dict[str, ManoeuvreRules] = {
    "seed": ManoeuvreRules(),
    "skirmish": ManoeuvreRules(
        name="skirmish", columns=9, rows=8, setup_rows=3, quiet_turns=60,
        pieces=((Kind.FORT, 2), (Kind.BOMB, 1), (Kind.TORPEDO, 2), (Kind.MINE, 2),
                (Kind.SUBMARINE, 2), (Kind.TORPEDO_BOAT, 2), (Kind.MINESWEEPER, 2),
                (Kind.DESTROYER, 2), (Kind.CRUISER, 2), (Kind.BATTLESHIP, 2))),
}
"""The rule sets by name: the seed's game and a small one with every rule."""


def rules_to_data(rules: ManoeuvreRules) -> dict[str, JSON]:
    """A rule set as plain data (read back by :func:`rules_from_data`)."""
    return {"name": rules.name, "columns": rules.columns, "rows": rules.rows,
            "setup_rows": rules.setup_rows, "quiet_turns": rules.quiet_turns,
            "pieces": cast(JSON, rules.piece_counts)}


def rules_from_data(data: Mapping[str, JSON]) -> ManoeuvreRules:
    """A rule set from plain data: a preset's name alone (``{"name": "seed"}``) or every
    field; raises :class:`~seabattle.errors.RulesError` saying what is wrong."""
    name = data.get("name", "seed")
    if not isinstance(name, str):
        raise RulesError("error.rules_field", field="name", value=name, expected="text")
    base = PRESETS.get(name, PRESETS["seed"])
    if set(data) <= {"name"}:
        if name not in PRESETS:
            raise RulesError("error.rules_field", field="name", value=name,
                             expected=", ".join(PRESETS))
        return base
    fields: dict[str, int] = {}
    for key in ("columns", "rows", "setup_rows", "quiet_turns"):
        value = data.get(key, getattr(base, key))
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError("error.rules_field", field=key, value=value, expected="a number")
        fields[key] = value
    pieces_data = data.get("pieces", cast(JSON, base.piece_counts))
    if not isinstance(pieces_data, dict):
        raise RulesError("error.rules_field", field="pieces", value=pieces_data,
                         expected="a table of kinds and counts")
    pieces: list[tuple[Kind, int]] = []
    for key, count in pieces_data.items():
        try:
            kind = Kind(key)
        except ValueError:
            raise RulesError("error.rules_field", field="pieces", value=key,
                             expected=", ".join(k.value for k in Kind)) from None
        if not isinstance(count, int) or isinstance(count, bool):
            raise RulesError("error.rules_field", field=key, value=count, expected="a number")
        pieces.append((kind, count))
    return ManoeuvreRules(name=name, pieces=tuple(pieces), **fields)
