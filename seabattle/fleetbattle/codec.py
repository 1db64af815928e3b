"""The fleet battle's actions, events and views as plain data (JSON), and back for
actions. Cells are numbers (``row * width + column`` on the field they lie on), since an
action is written without the seat whose field it names; fractions (firepower, scores)
are written as decimals, exact: every one is a multiple of 1/64.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from fractions import Fraction
from typing import cast

from seabattle.errors import RecordError, SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Dice,
    Die,
    Grapple,
    Orders,
    Pick,
    PlaceFleet,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.hulls import Status, Totals
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind, Mode
from seabattle.fleetbattle.views import (
    FleetView,
    KnownShip,
    Phase,
    ShipView,
    ShotRecord,
    SideView,
)
from seabattle.games.interface import JSON

ACTION_NAMES = "place, retreat, mode, orders, grapple, resign, dice, die, pick"


def plain(value: object) -> JSON:
    """Any of the engine's values as plain data: a dataclass as a table with its
    ``type`` (the class name in snake case), an enum as its value, a fraction as a
    decimal, a tuple as a list."""
    if is_dataclass(value) and not isinstance(value, type):
        table: dict[str, JSON] = {"type": _snake(type(value).__name__)}
        for item in fields(value):
            table[item.name] = plain(getattr(value, item.name))
        return table
    if isinstance(value, Enum):
        return cast(JSON, value.value)
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return cast(JSON, value)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def action_to_data(action: Action) -> dict[str, JSON]:
    """An action as plain data, read back by :func:`action_from_data`."""
    if isinstance(action, PlaceFleet):
        return {"action": "place", "flagship": action.placement.flagship,
                "ships": [{"kind": ship.kind.value, "cells": _cells_of(ship.cells)}
                          for ship in action.placement.ships]}
    if isinstance(action, RetreatChoice):
        return {"action": "retreat", "retreat": action.retreat}
    if isinstance(action, ChooseMode):
        return {"action": "mode", "mode": action.mode.value}
    if isinstance(action, Orders):
        return {"action": "orders", "ammo": action.ammo.value, "cells": list(action.cells),
                "fireships": list(action.fireships), "hold": action.hold}
    if isinstance(action, Grapple):
        return {"action": "grapple", "ships": list(action.ships)}
    if isinstance(action, Dice):
        return {"action": "dice", "values": list(action.values)}
    if isinstance(action, Die):
        return {"action": "die", "value": action.value}
    if isinstance(action, Pick):
        return {"action": "pick", "seat": action.seat, "ship": action.ship}
    return {"action": "resign"}


def _cells_of(board: int) -> list[JSON]:
    return [cell for cell in range(board.bit_length()) if board >> cell & 1]


def action_from_data(data: Mapping[str, JSON]) -> Action:
    """An action from :func:`action_to_data`'s data; a
    :class:`~seabattle.errors.SeaBattleError` saying what is malformed otherwise."""
    kind = data.get("action")
    try:
        if kind == "place":
            ships = tuple(PlacedShip(Kind(str(_table(s)["kind"])),
                                     sum(1 << _int(c) for c in _list(_table(s)["cells"])))
                          for s in _list(data["ships"]))
            return PlaceFleet(Placement(ships, _int(data["flagship"])))
        if kind == "retreat":
            return RetreatChoice(_bool(data["retreat"]))
        if kind == "mode":
            return ChooseMode(Mode(data["mode"]))
        if kind == "orders":
            return Orders(Ammo(data["ammo"]), tuple(_int(c) for c in _list(data["cells"])),
                          tuple(_int(s) for s in _list(data.get("fireships", []))),
                          _bool(data.get("hold", False)))
        if kind == "grapple":
            return Grapple(tuple(_int(s) for s in _list(data["ships"])))
        if kind == "dice":
            values = [_int(v) for v in _list(data["values"])]
            if len(values) != 2:
                raise RecordError(problem=f"two dice, not {values!r}")
            return Dice((values[0], values[1]))
        if kind == "die":
            return Die(_int(data["value"]))
        if kind == "pick":
            return Pick(_int(data["seat"]), _int(data["ship"]))
        if kind == "resign":
            return Resign()
    except KeyError as missing:
        raise RecordError(problem=f"{kind} lacks {missing}") from None
    except ValueError as bad:
        if isinstance(bad, SeaBattleError):
            raise
        raise RecordError(problem=f"{kind}: {bad}") from None
    raise SeaBattleError("error.bad_action", action=kind, known=ACTION_NAMES)


def _list(value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise RecordError(problem=f"expected a list, not {value!r}")
    return value


def _table(value: JSON) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise RecordError(problem=f"expected a table, not {value!r}")
    return value


def _int(value: JSON) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(problem=f"expected a whole number, not {value!r}")
    return value


def _bool(value: JSON) -> bool:
    if not isinstance(value, bool):
        raise RecordError(problem=f"expected true or false, not {value!r}")
    return value


def view_from_data(data: Mapping[str, JSON]) -> FleetView:
    """A seat's view read back from :func:`plain`'s data, as a bot receives it (the
    journal, the placements and the results are left out: a player needs none of them
    to act); a :class:`~seabattle.errors.RecordError` for malformed data."""
    try:
        rules_data = _table(data["rules"])
        fleets = _list(rules_data["fleets"])
        batteries = [_int(b) for b in _list(rules_data["batteries"])]
        rules = FleetRules((_kinds(fleets[0]), _kinds(fleets[1])),
                           (batteries[0], batteries[1]), _int(rules_data["turn_limit"]),
                           str(rules_data["name"]))
        own = data["own"]
        sides = [_side(_table(side)) for side in _list(data["sides"])]
        mode = data["mode"]
        seat = data["seat"]
        flagship = data["flagship"]
        winner = data["winner"]
        return FleetView(
            rules, None if seat is None else _int(seat), Phase(data["phase"]),
            _int(data["turn"]), None if mode is None else Mode(mode),
            tuple(_int(a) for a in _list(data["acting"])),
            None if own is None else tuple(_ship(_table(s)) for s in _list(own)),
            None if flagship is None else _int(flagship), (sides[0], sides[1]),
            _int(data["shots_allowed"]), _int(data["fireship_limit"]),
            tuple(Mode(m) for m in _list(data["modes"])),
            None if data["taken"] is None else Kind(data["taken"]),
            tuple((_kinds(_list(g)[0]), _kinds(_list(g)[1])) for g in _list(data["grapples"])),
            (), None, None, None if winner is None else _int(winner))
    except (KeyError, IndexError, ValueError) as bad:
        if isinstance(bad, SeaBattleError):
            raise
        raise RecordError(problem=f"a view: {bad!r}") from None


def _kinds(value: JSON) -> tuple[Kind, ...]:
    return tuple(Kind(str(kind)) for kind in _list(value))


def _number(value: JSON) -> Fraction:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise RecordError(problem=f"expected a number, not {value!r}")
    return Fraction(value)


def _ship(data: dict[str, JSON]) -> ShipView:
    return ShipView(_int(data["index"]), Kind(data["kind"]), _int(data["cells"]),
                    _int(data["cannon"]), _int(data["chain"]), _int(data["grape"]),
                    _int(data["captured"]), Status(data["status"]),
                    _number(data["firepower"]), _int(data["boarding"]),
                    _int(data["manoeuvre"]))


def _side(data: dict[str, JSON]) -> SideView:
    totals = _table(data["totals"])
    return SideView(
        _kinds(data["make_up"]),
        Totals(_number(totals["firepower"]), _int(totals["boarding"]),
               _int(totals["manoeuvre"]), _int(totals["ships"])),
        _bool(data["flagship_lost"]), _bool(data["held_fire"]), _bool(data["may_retreat"]),
        tuple(ShotRecord(_int(t["turn"]), Ammo(t["ammo"]), _int(t["cell"]), _bool(t["hit"]))
              for t in map(_table, _list(data["shots"]))),
        tuple(KnownShip(_int(k["index"]), Kind(k["kind"]), _int(k["cells"]),
                        Status(k["status"])) for k in map(_table, _list(data["lost"]))),
        _bool(data["ready"]))
