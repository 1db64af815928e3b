"""Rule sets as frozen data: the presets of RULES.md §2, custom rules, lookup by name.

A :class:`Rules` value says everything two players agree on before a game: the
field, the fleet, how close ships may lie, whether a hit earns another shot, what
the owner of a sunk ship announces and which letters name the columns. Creating
one checks that some fleet can actually be placed, and refuses it with a
:class:`~seabattle.errors.RulesError` otherwise.

Custom rule sets come from a mapping (a parsed TOML or JSON file, see
``docs/rules-file.md``) through :func:`rules_from_dict`; ``base = "classic"`` in the
file starts from a preset and changes only what the file names.

>>> find_rules("classic").fleet_sizes()
(4, 3, 3, 2, 2, 2, 1, 1, 1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from itertools import groupby
from typing import Any

from seabattle.coords import ALPHABETS, MAX_SIDE, Alphabet, Coordinates, Grid, find_alphabet
from seabattle.errors import RulesError
from seabattle.i18n import MESSAGES, Language, Text
from seabattle.shapes import MAX_BENT_SIZE, LayoutSearch, Shape, Touching


class Announcement(Enum):
    """What the owner of a ship says when its last cell is hit."""

    TYPE = "type"
    """«Убил!» and which ship it was (six, milton-bradley)."""
    SUNK = "sunk"
    """«Убил!» only; where ships may not touch, the cells still tell the size."""


@dataclass(frozen=True)
class ShipKind:
    """One kind of ship: its size, its name and the shape its cells take.

    ``name`` is a catalogue name (``"cruiser"`` for the key ``ship.cruiser``) or, in
    custom rule sets, any text, shown as it is.
    """

    size: int
    name: str = ""
    shape: Shape = Shape.STRAIGHT

    @property
    def title(self) -> Text:
        """The ship's name, translatable."""
        if f"ship.{self.name}" in MESSAGES:
            return Text(f"ship.{self.name}")
        if self.name:
            return Text("ship.custom", {"name": self.name})
        return Text("ship.decks", {"size": self.size})


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Build custom ones with :func:`rules_from_dict`."""

    name: str
    width: int
    height: int
    fleet: tuple[ShipKind, ...]
    """One entry per ship, largest first."""
    touching: Touching = Touching.NONE
    shoot_again: bool = True
    """Whether a hit (or a sinking) earns the shooter another shot."""
    announce: Announcement = Announcement.SUNK
    alphabet: str | None = None
    """The column letters; ``None`` means the players' language decides (ru or latin)."""
    grid: Grid = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for side, value in (("width", self.width), ("height", self.height)):
            if not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise RulesError("error.rules_field", field=side, value=value,
                                 expected=Text("expect.int_range", {"low": 1, "high": MAX_SIDE}))
        object.__setattr__(self, "grid", Grid(self.width, self.height))
        if not self.fleet:
            raise RulesError("error.rules_field", field="ships", value=[],
                             expected=Text("expect.some_ships"))
        for kind in self.fleet:
            limit = MAX_BENT_SIZE if kind.shape is Shape.BENT else max(self.width, self.height)
            if not isinstance(kind.size, int) or not 1 <= kind.size <= limit:
                raise RulesError("error.rules_field", field="size", value=kind.size,
                                 expected=Text("expect.int_range", {"low": 1, "high": limit}))
        object.__setattr__(self, "fleet", tuple(sorted(self.fleet, key=lambda k: -k.size)))
        if self.alphabet is not None:
            find_alphabet(self.alphabet).columns(self.width)
        _ensure_fleet_fits(self.grid, self.fleet, self.touching)

    def fleet_sizes(self) -> tuple[int, ...]:
        """The sizes of the ships, largest first."""
        return tuple(kind.size for kind in self.fleet)

    def fleet_counts(self) -> list[tuple[ShipKind, int]]:
        """Each kind of ship with how many the fleet has, largest first."""
        return list(Counter(self.fleet).items())

    @property
    def fleet_cells(self) -> int:
        """How many cells the whole fleet covers."""
        return sum(self.fleet_sizes())

    def alphabet_for(self, language: Language) -> Alphabet:
        """The column alphabet: the rule set's own, else Russian or Latin by language."""
        if self.alphabet is not None:
            return find_alphabet(self.alphabet)
        if language == "ru" and self.width <= ALPHABETS["ru"].max_width:
            return ALPHABETS["ru"]
        return ALPHABETS["latin"]

    def coordinates(self, language: Language = "en") -> Coordinates:
        """The field and its alphabet, to parse and name cells."""
        return Coordinates(self.grid, self.alphabet_for(language))

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some fields changed (and checked again)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The rule set as plain data, the inverse of :func:`rules_from_dict`."""
        data: dict[str, Any] = {
            "name": self.name, "width": self.width, "height": self.height,
            "touching": self.touching.value, "shoot_again": self.shoot_again,
            "announce": self.announce.value,
            # Runs of equal ships in fleet order (not fleet_counts()): equal sizes of
            # different kinds may interleave, and the order must survive a round trip.
            "ships": [{"size": k.size, "count": len(list(run)), "name": k.name,
                       "shape": k.shape.value} for k, run in groupby(self.fleet)],
        }
        if self.alphabet is not None:
            data["alphabet"] = self.alphabet
        return data


@cache
def _ensure_fleet_fits(grid: Grid, fleet: tuple[ShipKind, ...], touching: Touching) -> None:
    """Refuse, quickly, a fleet that no layout can fit on the field."""
    # Each ship with its half-ring fits into a (size+1)×2 box on a field one row and
    # one column larger (the classic counting argument); with corners allowed it is
    # the ship plus one cell, and with touching allowed the ship alone.
    if touching is Touching.NONE:
        need = sum((k.size + 1) * 2 for k in fleet)
        room = (grid.width + 1) * (grid.height + 1)
    else:
        need = sum(k.size for k in fleet)
        room = grid.size
    if need > room:
        raise RulesError("error.rules_infeasible",
                         reason=Text("error.rules_infeasible_area", {"need": need, "room": room}))
    search = LayoutSearch(grid, [(k.size, k.shape) for k in fleet], touching)
    if search.run(node_limit=100_000) is None:
        raise RulesError("error.rules_infeasible",
                         reason=Text("error.rules_infeasible_search", {"nodes": search.nodes}))


def _fleet(*groups: tuple[int, int, str], shape: Shape = Shape.STRAIGHT) -> tuple[ShipKind, ...]:
    return tuple(ShipKind(size, name, shape) for size, count, name in groups for _ in range(count))


_CLASSIC_FLEET = _fleet((4, 1, "battleship"), (3, 2, "cruiser"), (2, 3, "destroyer"),
                        (1, 4, "boat"))
_PERELMAN_15 = ((5, 1, "carrier"), (4, 2, "battleship"), (3, 3, "cruiser"),
                (2, 4, "destroyer"), (1, 5, "boat"))

PRESETS: dict[str, Rules] = {
    rules.name: rules for rules in (
        Rules("classic", 10, 10, _CLASSIC_FLEET),
        Rules("classic-corners", 10, 10, _CLASSIC_FLEET, touching=Touching.CORNERS),
        Rules("bent", 10, 10, _fleet(*_PERELMAN_15, shape=Shape.BENT), touching=Touching.CORNERS),
        Rules("milton-bradley", 10, 10,
              _fleet((5, 1, "carrier"), (4, 1, "battleship"), (3, 1, "cruiser"),
                     (3, 1, "submarine"), (2, 1, "destroyer")),
              touching=Touching.SIDES, shoot_again=False, announce=Announcement.TYPE,
              alphabet="latin"),
        Rules("six", 10, 10,
              _fleet((5, 1, "carrier"), (4, 1, "battleship"), (3, 1, "cruiser"),
                     (3, 1, "submarine"), (2, 1, "destroyer"), (1, 1, "boat")),
              shoot_again=False, announce=Announcement.TYPE, alphabet="latin"),
        Rules("big-15", 15, 15, _fleet(*_PERELMAN_15)),
        Rules("big-16", 16, 16, _fleet((6, 1, "flagship"), *_PERELMAN_15)),
        Rules("big-18", 18, 18,
              _fleet((6, 1, "flagship"), (5, 2, "carrier"), (4, 3, "battleship"),
                     (3, 4, "cruiser"), (2, 5, "destroyer"), (1, 6, "boat"))),
    )
}
"""Every preset rule set by name (RULES.md §2; the big-board fleets are our choice,
documented in ``docs/rules.md``)."""

_ALIASES = {"russian": "classic", "battleship": "milton-bradley", "hasbro": "milton-bradley",
            "15x15": "big-15", "16x16": "big-16", "18x18": "big-18"}


def find_rules(name: str) -> Rules:
    """A preset by name or alias, case-insensitive."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise RulesError("error.rules_unknown_preset", name=name,
                         known=", ".join(PRESETS)) from None


def _enum(enum: type[Enum], data: Mapping[str, Any], key: str, default: Any) -> Any:
    value = data.get(key, default.value if isinstance(default, Enum) else default)
    try:
        return enum(value)
    except ValueError:
        raise RulesError("error.rules_field", field=key, value=value,
                         expected=Text("expect.one_of",
                                       {"choices": ", ".join(str(m.value) for m in enum)})
                         ) from None


def _typed(data: Mapping[str, Any], key: str, kind: type, default: Any, expect: Text) -> Any:
    value = data.get(key, default)
    # bool is an int in Python; a rules file saying `width = true` is still wrong.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RulesError("error.rules_field", field=key, value=value, expected=expect)
    return value


_KNOWN_KEYS = {"base", "name", "width", "height", "touching", "shape", "shoot_again",
               "announce", "alphabet", "ships"}
_SHIP_KEYS = {"size", "count", "name", "shape"}


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """A rule set from plain data (a parsed rules file); see ``docs/rules-file.md``."""
    if not isinstance(data, Mapping):
        raise RulesError("error.rules_field", field="rules", value=data,
                         expected=Text("expect.table"))
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise RulesError("error.rules_unknown_key", keys=", ".join(sorted(unknown)),
                         known=", ".join(sorted(_KNOWN_KEYS)))
    base = find_rules(_typed(data, "base", str, "classic", Text("expect.preset")))
    int_range = Text("expect.int_range", {"low": 1, "high": MAX_SIDE})
    width = _typed(data, "width", int, base.width, int_range)
    default_shape = _enum(Shape, data, "shape", base.fleet[0].shape)
    fleet = base.fleet if "ships" not in data else _fleet_from_list(data["ships"], default_shape)
    if "shape" in data and "ships" not in data:
        fleet = tuple(replace(kind, shape=default_shape) for kind in fleet)
    alphabet = data.get("alphabet", base.alphabet)
    if alphabet is not None:
        find_alphabet(_typed(data, "alphabet", str, alphabet, Text("expect.alphabet")))
    return Rules(
        name=_typed(data, "name", str, "custom" if set(data) - {"base"} else base.name,
                    Text("expect.text")),
        width=width,
        height=_typed(data, "height", int, width if "width" in data else base.height, int_range),
        fleet=fleet,
        touching=_enum(Touching, data, "touching", base.touching),
        shoot_again=_typed(data, "shoot_again", bool, base.shoot_again, Text("expect.bool")),
        announce=_enum(Announcement, data, "announce", base.announce),
        alphabet=alphabet,
    )


def _fleet_from_list(ships: Any, default_shape: Shape) -> tuple[ShipKind, ...]:
    if not isinstance(ships, list) or not ships:
        raise RulesError("error.rules_field", field="ships", value=ships,
                         expected=Text("expect.some_ships"))
    fleet: list[ShipKind] = []
    for entry in ships:
        if not isinstance(entry, Mapping) or set(entry) - _SHIP_KEYS:
            raise RulesError("error.rules_field", field="ships", value=entry,
                             expected=Text("expect.ship_entry"))
        size = _typed(entry, "size", int, None,
                      Text("expect.int_range", {"low": 1, "high": MAX_SIDE}))
        count = _typed(entry, "count", int, 1, Text("expect.int_range", {"low": 1, "high": 99}))
        if not 1 <= count <= 99:  # a huge count would build a huge fleet before any check
            raise RulesError("error.rules_field", field="count", value=count,
                             expected=Text("expect.int_range", {"low": 1, "high": 99}))
        name = _typed(entry, "name", str, "", Text("expect.text"))
        shape = _enum(Shape, entry, "shape", default_shape)
        fleet.extend(ShipKind(size, name, shape) for _ in range(count))
    return tuple(fleet)
