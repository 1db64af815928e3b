"""A fleet battle's rule set: the two fleets' announced make-up, the coastal batteries and
the turn limit, and each side's field of area 6·M.

«Каждый игрок располагает свои корабли … на прямоугольнике, чья площадь равна 6*М (М –
сумма Маневров всех кораблей флота)». The seed's example gives 6×9 for M = 9; for any M
the field is the most nearly square rectangle of area 6·M, the longer side across
(columns), so M = 9 gives 6 rows × 9 columns (``docs/fleetbattle.md``).

>>> field_of((Kind.FRIGATE, Kind.CORVETTE, Kind.BRIG, Kind.BRIG, Kind.BRIG))
Grid(width=9, height=6)
>>> field_of((Kind.CORVETTE,))
Grid(width=3, height=2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import isqrt
from typing import cast

from seabattle.coords import MAX_SIDE, Grid
from seabattle.errors import RulesError
from seabattle.fleetbattle.ships import SHIP_KINDS, SHIP_TYPES, Kind
from seabattle.games.interface import JSON

MAX_BATTERIES = 2
"""«При бое в центре улучшенной провинции Батарей участвует в бою две»."""

MAX_MANOEUVRE = 100
"""The largest total manoeuvre whose 6·M field still has sides of at most 26 cells."""


def field_of(make_up: Sequence[Kind]) -> Grid:
    """The field of a fleet: area 6·M, the most nearly square such rectangle, wider
    than tall. Batteries do not count («не влияют на размер поля»)."""
    area = 6 * sum(SHIP_TYPES[kind].manoeuvre for kind in make_up if kind is not Kind.BATTERY)
    height = max(h for h in range(1, isqrt(area) + 1) if area % h == 0)
    return Grid(area // height, height)


def canonical(make_up: Sequence[Kind]) -> tuple[Kind, ...]:
    """A fleet's ships in the order fleets are listed: the heaviest first."""
    return tuple(sorted(make_up, key=SHIP_KINDS.index))


@dataclass(frozen=True)
class FleetRules:
    """A fleet battle's rules: each side's ships (announced before the battle: «Игроки
    перед боем озвучивают друг другу составы своих флотов»), each side's coastal
    batteries (0, 1 or 2), and the number of turns after which the program calls the
    battle a draw (the seed has no limit; a program needs one so a game always ends)."""

    fleets: tuple[tuple[Kind, ...], tuple[Kind, ...]]
    batteries: tuple[int, int] = (0, 0)
    turn_limit: int = 60
    name: str = ""

    def __post_init__(self) -> None:
        for seat, make_up in enumerate(self.fleets):
            if not make_up:
                raise RulesError("fleet.error.empty_fleet", side=seat + 1)
            if any(kind not in SHIP_KINDS for kind in make_up):
                raise RulesError("fleet.error.battery_in_fleet", side=seat + 1)
            if canonical(make_up) != tuple(make_up):
                raise RulesError("fleet.error.fleet_order", side=seat + 1)
            manoeuvre = sum(SHIP_TYPES[kind].manoeuvre for kind in make_up)
            if manoeuvre > MAX_MANOEUVRE:
                raise RulesError("fleet.error.fleet_too_big", side=seat + 1,
                                 manoeuvre=manoeuvre, most=MAX_MANOEUVRE)
            field = field_of(make_up)
            if field.width > MAX_SIDE:
                raise RulesError("fleet.error.fleet_too_big", side=seat + 1,
                                 manoeuvre=manoeuvre, most=MAX_MANOEUVRE)
            free = field.size - sum(SHIP_TYPES[kind].decks for kind in make_up)
            if free < SHIP_TYPES[Kind.BATTERY].decks * self.batteries[seat]:
                raise RulesError("fleet.error.no_room_for_batteries", side=seat + 1)
        if any(not 0 <= count <= MAX_BATTERIES for count in self.batteries):
            raise RulesError("fleet.error.batteries", most=MAX_BATTERIES)
        if self.turn_limit < 1:
            raise RulesError("fleet.error.turn_limit")

    def field(self, seat: int) -> Grid:
        """The field of ``seat``'s fleet."""
        return field_of(self.fleets[seat])

    def pieces(self, seat: int) -> tuple[Kind, ...]:
        """What ``seat`` places, in order: its ships, then its batteries."""
        return self.fleets[seat] + (Kind.BATTERY,) * self.batteries[seat]


def make_up_to_data(make_up: Sequence[Kind]) -> dict[str, JSON]:
    """A fleet's make-up as counts by kind (``{"brig": 3, "corvette": 2}``)."""
    counts = Counter(make_up)
    return {kind.value: counts[kind] for kind in SHIP_KINDS if counts[kind]}


def make_up_from_data(data: JSON) -> tuple[Kind, ...]:
    """A fleet's make-up from :func:`make_up_to_data`'s counts."""
    if not isinstance(data, dict):
        raise RulesError("fleet.error.make_up", value=repr(data))
    kinds: list[Kind] = []
    for name, count in data.items():
        try:
            kind = Kind(name)
        except ValueError:
            raise RulesError("fleet.error.unknown_kind", value=name,
                             known=", ".join(k.value for k in SHIP_KINDS)) from None
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise RulesError("fleet.error.make_up", value=repr(data))
        kinds += [kind] * count
    return canonical(kinds)


def rules_to_data(rules: FleetRules) -> dict[str, JSON]:
    """A rule set as plain data, read back by :func:`rules_from_data`."""
    return {"fleets": [make_up_to_data(rules.fleets[0]), make_up_to_data(rules.fleets[1])],
            "batteries": list(rules.batteries), "turn_limit": rules.turn_limit,
            "name": rules.name}


def rules_from_data(data: Mapping[str, JSON]) -> FleetRules:
    """A rule set from plain data; raises :class:`~seabattle.errors.RulesError`."""
    fleets = data.get("fleets")
    if not isinstance(fleets, list) or len(fleets) != 2:
        raise RulesError("fleet.error.make_up", value=repr(fleets))
    batteries = data.get("batteries", [0, 0])
    if (not isinstance(batteries, list) or len(batteries) != 2
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in batteries)):
        raise RulesError("fleet.error.batteries", most=MAX_BATTERIES)
    limit = data.get("turn_limit", 60)
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise RulesError("fleet.error.turn_limit")
    name = data.get("name", "")
    return FleetRules((make_up_from_data(fleets[0]), make_up_from_data(fleets[1])),
                      (cast(int, batteries[0]), cast(int, batteries[1])), limit, str(name))
