"""The server's ``state`` message of a fleet battle read back into the engine's types
(``docs/web-protocol.md``, «The fleet battle»; the server's side is
``seabattle/fleetbattle/online/projection.py``): :class:`OnlineFleet`, whose ``view`` is
the seat's :class:`~seabattle.fleetbattle.views.FleetView`, so that the screens draw a game
on a server as they draw one against the computer. Nothing is computed here: every figure,
the legal cells and the shots are the server's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.hulls import Status, Totals
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import Ammo, Kind, Mode
from seabattle.fleetbattle.views import (
    FleetView,
    KnownShip,
    Phase,
    Result,
    ShipView,
    ShotRecord,
    SideView,
)

Data = Mapping[str, Any]


def _board(cells: list[int]) -> int:
    board = 0
    for cell in cells:
        board |= 1 << cell
    return board


def _fraction(value: float) -> Fraction:
    """A firepower sent as a decimal (it has halves and quarters) as a fraction."""
    return Fraction(value).limit_denominator(64)


@dataclass(frozen=True)
class OnlineFleet:
    """A fleet battle as a seat on a server knows it, from one ``state`` message."""

    game: str
    phase: str
    """``waiting``, ``over``, or the battle's phase (``setup``, ``retreat``, ``orders``…)."""
    seat: int
    rules: FleetRules
    view: FleetView
    choice: Data | None
    """What the seat may do now and its legal values, as the server lists them."""
    invite: str | None
    deadline_in: float | None
    opponent_online: bool
    rematch: tuple[bool, bool]

    @classmethod
    def read(cls, message: Data) -> OnlineFleet:
        """The ``state`` message ``message``; a :class:`~seabattle.errors.SeaBattleError`
        if it is not a fleet battle's for a seat."""
        fleet = message.get("fleet")
        seat = message.get("you")
        if not isinstance(fleet, Mapping) or seat not in (0, 1):
            raise SeaBattleError("fleet.tui.online.not_fleet")
        pieces = [[Kind(piece["kind"]) for piece in side] for side in fleet["pieces"]]
        rules = FleetRules(
            (tuple(k for k in pieces[0] if k is not Kind.BATTERY),
             tuple(k for k in pieces[1] if k is not Kind.BATTERY)),
            (pieces[0].count(Kind.BATTERY), pieces[1].count(Kind.BATTERY)))
        players = message.get("players") or [{}, {}]
        return cls(str(message["game"]), str(message["phase"]), seat, rules,
                   _view(rules, seat, fleet), fleet.get("choice"), message.get("invite"),
                   message.get("deadline_in"), bool(players[1 - seat].get("online", True)),
                   tuple(message.get("rematch") or (False, False)))


def _side(data: Data) -> SideView:
    totals = data["totals"]
    return SideView(
        tuple(Kind(kind) for kind in data["make_up"]),
        Totals(_fraction(totals["firepower"]), totals["boarding"], totals["manoeuvre"],
               totals["ships"]),
        data["flagship_lost"], data["held_fire"], data["may_retreat"],
        tuple(ShotRecord(s["turn"], Ammo(s["ammo"]), s["cell"], s["hit"])
              for s in data["shots"]),
        tuple(KnownShip(s["index"], Kind(s["kind"]), _board(s["cells"]), Status(s["status"]))
              for s in data["lost"]),
        data["ready"])


def _own(data: list[Data] | None) -> tuple[ShipView, ...] | None:
    if data is None:
        return None
    return tuple(ShipView(s["index"], Kind(s["kind"]), _board(s["cells"]), _board(s["cannon"]),
                          _board(s["chain"]), _board(s["grape"]), _board(s["captured"]),
                          Status(s["status"]), _fraction(s["firepower"]), s["boarding"],
                          s["manoeuvre"]) for s in data)


def _placement(data: Data) -> Placement:
    return Placement(tuple(PlacedShip(Kind(s["kind"]), _board(s["cells"]))
                           for s in data["ships"]), data["flagship"])


def _result(data: Data) -> Result:
    trophies = data["trophies"]
    return Result(tuple(data["destroyed"]), tuple(data["captured"]), tuple(data["escaped"]),
                  tuple(data["remaining"]), tuple(data["damaged"]), trophies["coins"],
                  trophies["wood"], trophies["guns"])


def _view(rules: FleetRules, seat: int, fleet: Data) -> FleetView:
    choice = fleet.get("choice") or {}
    sides = [_side(side) for side in fleet["sides"]]
    placements = fleet.get("placements")
    results = fleet.get("results")
    taken = choice.get("taken")
    return FleetView(
        rules, seat, Phase(fleet["phase"]), fleet["turn"],
        None if fleet["mode"] is None else Mode(fleet["mode"]), tuple(fleet["acting"]),
        _own(fleet.get("own")), fleet.get("flagship"), (sides[0], sides[1]),
        choice.get("shots", 0), choice.get("fireship_limit", 0),
        tuple(Mode(mode) for mode in choice.get("modes", ())),
        None if taken is None else Kind(taken),
        tuple((tuple(Kind(k) for k in group[0]), tuple(Kind(k) for k in group[1]))
              for group in fleet["grapples"]),
        (),
        None if placements is None else (_placement(placements[0]),
                                          _placement(placements[1])),
        None if results is None else (_result(results[0]), _result(results[1])),
        fleet.get("winner"))
