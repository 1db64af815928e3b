"""Fleets in protocol form: one list of cell numbers per ship, in the rules' order.

``ships[i]`` is always a ship of kind ``rules.fleet[i]`` (kinds of equal size differ
in the ``six`` preset), while :class:`~seabattle.battleship.fleet.Fleet` sorts its ships by size
and cells; these functions convert between the two.
"""

from __future__ import annotations

from collections.abc import Sequence

from seabattle.battleship.fleet import Fleet, Ship, ship_from_cells, validate_fleet
from seabattle.battleship.rules import Rules
from seabattle.coords import iter_cells
from seabattle.server.messages import ServerError


def fleet_from_cells(rules: Rules, ships: Sequence[Sequence[int]]) -> Fleet:
    """Read a fleet in protocol form: ``ships[i]`` is a ship of kind ``rules.fleet[i]``."""
    if len(ships) != len(rules.fleet):
        raise ServerError("web.error.ship_count", expected=len(rules.fleet), got=len(ships))
    return validate_fleet(rules, [ship_from_cells(rules, kind, cells)
                                  for kind, cells in zip(rules.fleet, ships, strict=True)])


def in_rules_order(rules: Rules, fleet: Fleet) -> list[Ship]:
    """The ships of ``fleet`` in the order of ``rules.fleet``."""
    left = list(fleet.ships)
    out = []
    for kind in rules.fleet:
        ship = next(s for s in left if s.kind == kind)
        left.remove(ship)
        out.append(ship)
    return out


def fleet_cells(rules: Rules, fleet: Fleet) -> list[list[int]]:
    """A fleet in protocol form: one list of cells per ship, in rules order."""
    return [list(iter_cells(ship.cells)) for ship in in_rules_order(rules, fleet)]
