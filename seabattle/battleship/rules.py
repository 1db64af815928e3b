"""Rule sets as frozen data: the presets of RULES.md §2, custom rules, lookup by name.

A :class:`Rules` value says everything two players agree on before a game: the
field, the fleet, how close ships may lie, whether a hit earns another shot, what
the owner of a sunk ship announces and which letters name the columns, and which
variants of RULES.md §3 are played (salvoes, mines, minesweepers, submarines, ship
shapes, the Flying Dutchman; ``docs/variants.md``). Creating one checks that the
options go together and that some fleet can actually be placed, and refuses it with a
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
from typing import Any, TypeAlias

from seabattle.battleship.shapes import LayoutSearch, Shape, Touching, place_singles
from seabattle.coords import ALPHABETS, MAX_SIDE, Alphabet, Coordinates, Grid, find_alphabet
from seabattle.errors import RulesError
from seabattle.i18n import MESSAGES, Language, Text


class Announcement(Enum):
    """What the owner of a ship says when its last cell is hit."""

    TYPE = "type"
    """«Убил!» and which ship it was (six, milton-bradley)."""
    SUNK = "sunk"
    """«Убил!» only; where ships may not touch, the cells still tell the size."""
    NONE = "none"
    """Nothing: a sinking is answered «Ранил!» like any hit (only the end of the game is
    told). A submarine still gives itself away by its dying shot, when it fires one."""


class Role(Enum):
    """What a piece of the fleet is (RULES.md §3). Only ships and submarines count as
    the fleet: a player left with mines and minesweepers alone has lost."""

    SHIP = "ship"
    SUBMARINE = "submarine"
    """One cell; may touch any ship of its own fleet; when hit it sinks and fires a dying
    shot at the same cell of the shooter's field."""
    MINE = "mine"
    """One cell, touching nothing: the shooter who hits it hands over one unhit cell of
    their own fleet (or, in the classroom game, draws a hard problem)."""
    MINESWEEPER = "minesweeper"
    """One cell, touching nothing: the shooter who hits it reveals one of their own mines
    that has not gone off."""

    @property
    def is_vessel(self) -> bool:
        """Whether pieces of this role must be sunk to win."""
        return self in (Role.SHIP, Role.SUBMARINE)


class MineEffect(Enum):
    """What hitting a mine does."""

    HANDOVER = "handover"
    """RULES.md §3: the shooter gives the mine's owner one unhit cell of their fleet."""
    PROBLEM = "problem"
    """The mathematical sea battle: the shooter's team draws a harder problem."""


@dataclass(frozen=True)
class FixedSalvo:
    """``shots`` shots a turn, whatever is afloat; ``FixedSalvo(1)`` is no salvo at all.
    Written ``salvo = 3`` in rules files and records.

    >>> FixedSalvo(3).shots_for(own_afloat=7), FixedSalvo(3).is_salvo
    (3, True)
    """

    shots: int = 1

    @property
    def is_salvo(self) -> bool:
        """Whether a turn is a salvo (more than one shot): it then ends the turn."""
        return self.shots != 1

    def shots_for(self, own_afloat: int) -> int:
        """Shots in a turn of a player with ``own_afloat`` ships and submarines afloat."""
        return self.shots

    def to_data(self) -> int:
        """The rules-file value: the number of shots."""
        return self.shots


@dataclass(frozen=True)
class PerShipSalvo:
    """One shot a turn per ship or submarine the shooter still has afloat. Written
    ``salvo = "ships"`` in rules files and records.

    >>> PerShipSalvo().shots_for(own_afloat=7)
    7
    """

    @property
    def is_salvo(self) -> bool:
        """Always a salvo, even with one ship left: the turn passes after it."""
        return True

    def shots_for(self, own_afloat: int) -> int:
        """Shots in a turn of a player with ``own_afloat`` ships and submarines afloat."""
        return own_afloat

    def to_data(self) -> str:
        """The rules-file value: ``"ships"``."""
        return "ships"


Salvo: TypeAlias = FixedSalvo | PerShipSalvo
"""Shots per turn (RULES.md §3): a fixed number, or one per own ship afloat."""

NO_SALVO = FixedSalvo(1)
"""One shot a turn (the default)."""


def salvo_from_data(value: object, most: int) -> Salvo:
    """A salvo from its rules-file value: a number of shots, or ``"ships"``; ``most`` (the
    field's cells) only words the error. The range is checked by :class:`Rules`.

    >>> salvo_from_data(3, 100), salvo_from_data("ships", 100)
    (FixedSalvo(shots=3), PerShipSalvo())
    """
    if value == "ships":
        return PerShipSalvo()
    # bool is an int in Python; `salvo = true` is still wrong.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError("error.rules_field", field="salvo", value=value,
                         expected=Text("expect.salvo", {"most": most}))
    return FixedSalvo(value)


@dataclass(frozen=True)
class ShipKind:
    """One kind of ship: its size, its name and the shape its cells take.

    ``name`` is a catalogue name (``"cruiser"`` for the key ``ship.cruiser``) or, in
    custom rule sets, any text, shown as it is.
    """

    size: int
    name: str = ""
    shape: Shape = Shape.STRAIGHT
    role: Role = Role.SHIP

    @property
    def title(self) -> Text:
        """The ship's name, translatable."""
        if self.role is not Role.SHIP and not self.name:
            return Text(f"role.{self.role.value}")
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
    salvo: Salvo = NO_SALVO
    """Shots per turn: a fixed number, or one per own ship still afloat. Answers to a
    salvo are given together, and the turn then passes (no shoot-again)."""
    mines_touch: bool = False
    """The sub-variant where mines and minesweepers may touch ships and each other."""
    mine_effect: MineEffect = MineEffect.HANDOVER
    flying_dutchman: bool = False
    """A hit (not sunk) ship may be moved by its owner anywhere legal, losing the hit deck;
    the fleet is then one ship of :attr:`~seabattle.battleship.shapes.Shape.KING` shape."""
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
            self._check_kind(kind)
        object.__setattr__(self, "fleet", tuple(sorted(self.fleet, key=lambda k: -k.size)))
        if self.alphabet is not None:
            find_alphabet(self.alphabet).columns(self.width)
        self._check_combination()
        _ensure_fleet_fits(self.grid, self.fleet, self.touching, self.mines_touch)

    def _check_kind(self, kind: ShipKind) -> None:
        longest = max(self.width, self.height)
        if not isinstance(kind.size, int) or not 1 <= kind.size <= longest:
            raise RulesError("error.rules_field", field="size", value=kind.size,
                             expected=Text("expect.int_range", {"low": 1, "high": longest}))
        if kind.role is not Role.SHIP and kind.size != 1:
            raise RulesError("error.rules_field", field="size", value=kind.size,
                             expected=Text("expect.one_cell", {"piece": Text(
                                 f"role.{kind.role.value}")}))
        if not kind.shape.allows(kind.size):
            raise RulesError("error.rules_shape_size", size=kind.size,
                             shape=Text(f"shape.{kind.shape.value}"))

    def _check_combination(self) -> None:
        """Refuse variants that do not go together, saying why."""
        salvo = self.salvo
        if not isinstance(salvo, FixedSalvo | PerShipSalvo):
            # A rules file's value goes through salvo_from_data; code passes a Salvo.
            raise TypeError(f"salvo must be a FixedSalvo or PerShipSalvo, not {salvo!r}")
        if isinstance(salvo, FixedSalvo) and (isinstance(salvo.shots, bool)
                                              or not 1 <= salvo.shots <= self.grid.size):
            raise RulesError("error.rules_field", field="salvo", value=salvo.shots,
                             expected=Text("expect.salvo", {"most": self.grid.size}))
        roles = {kind.role for kind in self.fleet}
        if not roles & {Role.SHIP, Role.SUBMARINE}:
            raise RulesError("error.rules_field", field="ships", value=[],
                             expected=Text("expect.some_ships"))
        specials = roles - {Role.SHIP}
        if salvo.is_salvo:
            if self.shoot_again:
                raise RulesError("error.rules_combination", reason=Text("combo.salvo_again"))
            if specials or self.flying_dutchman:
                raise RulesError("error.rules_combination", reason=Text("combo.salvo_special"))
        kings = [kind for kind in self.fleet if kind.shape is Shape.KING]
        if kings and len(self.fleet) != 1:
            raise RulesError("error.rules_combination", reason=Text("combo.king_alone"))
        if self.flying_dutchman and not (kings and 5 <= kings[0].size <= 8):
            raise RulesError("error.rules_combination", reason=Text("combo.dutchman_king"))
        if self.mine_effect is MineEffect.PROBLEM and Role.MINESWEEPER in roles:
            raise RulesError("error.rules_combination", reason=Text("combo.problem_sweeper"))

    def shots_per_turn(self, own_afloat: int) -> int:
        """How many shots a player with ``own_afloat`` vessels afloat fires per turn."""
        return self.salvo.shots_for(own_afloat)

    def variants(self) -> tuple[str, ...]:
        """The variant rules of RULES.md §3 in use, by their rules-file keys (empty for
        the rule systems of §2: any field, fleet, touching, shoot-again, announcement)."""
        used = [key for role, key in _COUNT_KEYS.items() if self.count(role)]
        if self.salvo.is_salvo:
            used.append("salvo")
        if self.flying_dutchman:
            used.append("flying_dutchman")
        if self.announce is Announcement.NONE:
            used.append("announce = none")
        if any(kind.shape not in (Shape.STRAIGHT, Shape.BENT) for kind in self.fleet):
            used.append("shape")
        return tuple(used)

    def count(self, role: Role) -> int:
        """How many pieces of ``role`` each fleet has."""
        return sum(kind.role is role for kind in self.fleet)

    def keep_apart(self, first: ShipKind, second: ShipKind) -> Touching:
        """How close two pieces of one fleet may lie: the touching rule for ships, none for
        mines and minesweepers (unless :attr:`mines_touch`), a submarine may touch ships."""
        mines = (Role.MINE, Role.MINESWEEPER)
        if first.role in mines or second.role in mines:
            return Touching.SIDES if self.mines_touch else Touching.NONE
        if Role.SUBMARINE in (first.role, second.role):
            return Touching.SIDES
        return self.touching

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
                       "shape": k.shape.value, "role": k.role.value}
                      for k, run in groupby(self.fleet)],
        }
        if self.alphabet is not None:
            data["alphabet"] = self.alphabet
        specials = [kind for kind in self.fleet if kind.role is not Role.SHIP]
        data["ships"] = [entry for entry in data["ships"] if entry.pop("role") == "ship"]
        for role in (Role.SUBMARINE, Role.MINE, Role.MINESWEEPER):
            if any(kind.role is role for kind in specials):
                data[_COUNT_KEYS[role]] = self.count(role)
        if self.salvo != NO_SALVO:
            data["salvo"] = self.salvo.to_data()
        for key, default in (("mines_touch", False),
                             ("mine_effect", MineEffect.HANDOVER), ("flying_dutchman", False)):
            value = getattr(self, key)
            if value != default:
                data[key] = value.value if isinstance(value, Enum) else value
        return data


@cache
def _ensure_fleet_fits(grid: Grid, fleet: tuple[ShipKind, ...], touching: Touching,
                       mines_touch: bool) -> None:
    """Refuse, quickly, a fleet that no layout can fit on the field."""
    ships = [kind for kind in fleet if kind.role is Role.SHIP]
    singles = [kind.role is not Role.SUBMARINE and not mines_touch
               for kind in fleet if kind.role is not Role.SHIP]
    # Each ship with its half-ring fits into a (size+1)×2 box on a field one row and
    # one column larger (the classic counting argument); with corners allowed it is
    # the ship plus one cell, and with touching allowed the ship alone.
    if touching is Touching.NONE:
        need = sum((k.size + 1) * 2 for k in ships)
        room = (grid.width + 1) * (grid.height + 1)
    else:
        need = sum(k.size for k in ships)
        room = grid.size
    if need + len(singles) > room:
        raise RulesError("error.rules_infeasible",
                         reason=Text("error.rules_infeasible_area",
                                     {"need": need + len(singles), "room": room}))
    if any(not kind.shape.is_listed for kind in ships):
        return  # a lone Flying Dutchman: the area bound is the whole check
    search = LayoutSearch(grid, [(k.size, k.shape) for k in ships], touching)
    layout = search.run(node_limit=100_000)
    if layout is None:
        raise RulesError("error.rules_infeasible",
                         reason=Text("error.rules_infeasible_search", {"nodes": search.nodes}))
    occupied = 0
    for cells in layout:
        occupied |= cells
    # Mines first: they are the pickier pieces.
    if place_singles(grid, occupied, 0, sorted(singles, reverse=True)) is None:
        raise RulesError("error.rules_infeasible", reason=Text("error.rules_infeasible_singles"))


def _fleet(*groups: tuple[int, int, str], shape: Shape = Shape.STRAIGHT) -> tuple[ShipKind, ...]:
    return tuple(ShipKind(size, name, shape) for size, count, name in groups for _ in range(count))


def _specials(role: Role, count: int) -> tuple[ShipKind, ...]:
    return tuple(ShipKind(1, "", Shape.STRAIGHT, role) for _ in range(count))


_CLASSIC_FLEET = _fleet((4, 1, "battleship"), (3, 2, "cruiser"), (2, 3, "destroyer"),
                        (1, 4, "boat"))
_PRE_REVOLUTIONARY_FLEET = _fleet((4, 1, "ironclad"), (3, 2, "cruiser"), (2, 3, "torpedo_boat"),
                                  (1, 4, "submarine_boat"))
"""Seed 001's pre-revolutionary game: «1 броненосец, 2 крейсера, 3 миноносца и 4 подводных
лодки» (a submarine here is a one-cell ship, not the submarine variant's piece)."""
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
        Rules("flying-dutchman", 20, 20, (ShipKind(6, "dutchman", Shape.KING),),
              flying_dutchman=True),
        Rules("math", 10, 10, _CLASSIC_FLEET + _specials(Role.MINE, 3),
              mine_effect=MineEffect.PROBLEM),
        # Seed 001: «противники поочередно называют клетки» (turns alternate).
        Rules("pre-revolutionary", 10, 10, _PRE_REVOLUTIONARY_FLEET, shoot_again=False),
    )
}
"""Every preset rule set by name (RULES.md §2; the big-board fleets are our choice,
documented in ``docs/rules.md``)."""

_ALIASES = {"russian": "classic", "dutchman": "flying-dutchman", "classroom": "math",
            "battleship": "milton-bradley", "hasbro": "milton-bradley",
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


_COUNT_KEYS = {Role.SUBMARINE: "submarines", Role.MINE: "mines",
               Role.MINESWEEPER: "minesweepers"}
_KNOWN_KEYS = {"base", "name", "width", "height", "touching", "shape", "shoot_again",
               "announce", "alphabet", "ships", "salvo", "mines_touch", "mine_effect",
               "flying_dutchman", *_COUNT_KEYS.values()}
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
    height = _typed(data, "height", int, width if "width" in data else base.height, int_range)
    default_shape = _enum(Shape, data, "shape", base.fleet[0].shape)
    base_ships = tuple(kind for kind in base.fleet if kind.role is Role.SHIP)
    fleet = base_ships if "ships" not in data else _fleet_from_list(data["ships"], default_shape)
    if "shape" in data and "ships" not in data:
        fleet = tuple(replace(kind, shape=default_shape) for kind in fleet)
    fleet += _special_pieces(data, base)
    alphabet = data.get("alphabet", base.alphabet)
    if alphabet is not None:
        find_alphabet(_typed(data, "alphabet", str, alphabet, Text("expect.alphabet")))
    salvo = (salvo_from_data(data["salvo"], width * height) if "salvo" in data
             else base.salvo)
    # Salvo and shoot-again never go together: a file asking for a salvo on a preset
    # that shoots again means the salvo rule, unless it says shoot_again itself.
    shoot_again_default = base.shoot_again and not salvo.is_salvo
    return Rules(
        name=_typed(data, "name", str, "custom" if set(data) - {"base"} else base.name,
                    Text("expect.text")),
        width=width,
        height=height,
        fleet=fleet,
        touching=_enum(Touching, data, "touching", base.touching),
        shoot_again=_typed(data, "shoot_again", bool, shoot_again_default, Text("expect.bool")),
        announce=_enum(Announcement, data, "announce", base.announce),
        alphabet=alphabet,
        salvo=salvo,
        mines_touch=_typed(data, "mines_touch", bool, base.mines_touch, Text("expect.bool")),
        mine_effect=_enum(MineEffect, data, "mine_effect", base.mine_effect),
        flying_dutchman=_typed(data, "flying_dutchman", bool, base.flying_dutchman,
                               Text("expect.bool")),
    )


def with_variants(rules: Rules, changes: Mapping[str, Any]) -> Rules:
    """``rules`` with some rules-file keys changed (``{"salvo": 2, "mines": 3}``), named
    after them: ``classic (salvo 2, mines 3)``; ``rules`` itself when nothing changes.

    As in a rules file, asking for a salvo turns shooting again off unless
    ``changes`` say otherwise. Raises :class:`~seabattle.errors.RulesError` saying
    why when the changed rules do not fit together.

    >>> salvo = with_variants(find_rules("classic"), {"salvo": 2})
    >>> salvo.name, salvo.shoot_again
    ('classic (salvo 2)', False)
    """
    if not changes:
        return rules
    data = rules.to_dict()
    if changes.get("salvo", 1) != 1:
        del data["shoot_again"]  # rules_from_dict's default then follows the salvo
    named = ", ".join(f"{key} {value}" for key, value in changes.items())
    return rules_from_dict({**data, **changes, "name": f"{rules.name} ({named})"})


VARIANT_KEYS: tuple[str, ...] = ("salvo", "shoot_again", "announce", "mines_touch",
                                 *_COUNT_KEYS.values())
"""The rules-file keys a player changes on a preset (a menu's variants)."""


def variant_values(rules: Rules) -> dict[str, object]:
    """The values of :data:`VARIANT_KEYS` in ``rules``."""
    return {"salvo": rules.salvo.to_data(), "shoot_again": rules.shoot_again,
            "announce": rules.announce.value, "mines_touch": rules.mines_touch,
            **{key: rules.count(role) for role, key in _COUNT_KEYS.items()}}


def vary(base: Rules, wanted: Mapping[str, object]) -> Rules:
    """``base`` with the variants of ``wanted`` that differ from its own
    (:func:`with_variants`, so refused with the reason when they do not fit)."""
    own = variant_values(base)
    changes = {key: value for key, value in wanted.items() if value != own[key]}
    if "salvo" in changes:  # said, not left to the salvo's default
        changes["shoot_again"] = wanted["shoot_again"]
    return with_variants(base, changes)


def same_rules(rules: Rules, other: Rules) -> bool:
    """Whether two rule sets differ in their name at most."""
    return replace(rules, name=other.name) == other


def varied_preset(rules: Rules) -> str | None:
    """The preset ``rules`` are, with some of :data:`VARIANT_KEYS` changed or none; ``None``
    for other rules. Found by name (``classic (salvo 2)``), then checked by rebuilding,
    since a rules file may take any name.

    >>> varied_preset(with_variants(find_rules("classic"), {"salvo": 2}))
    'classic'
    >>> varied_preset(rules_from_dict({"name": "classic (house rules)", "width": 8}))
    """
    name = rules.name.split(" (", 1)[0]
    if name not in PRESETS:
        return None
    try:
        return name if same_rules(vary(PRESETS[name], variant_values(rules)), rules) else None
    except RulesError:
        return None



def _special_pieces(data: Mapping[str, Any], base: Rules) -> tuple[ShipKind, ...]:
    """The submarines, mines and minesweepers a rules file asks for (or the base's)."""
    pieces: list[ShipKind] = []
    for role, key in _COUNT_KEYS.items():
        limit = Text("expect.int_range", {"low": 0, "high": 99})
        count = _typed(data, key, int, base.count(role), limit)
        if not 0 <= count <= 99:
            raise RulesError("error.rules_field", field=key, value=count, expected=limit)
        pieces.extend(_specials(role, count))
    return tuple(pieces)


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
