"""Fleets as cell lists: one list of cell numbers per ship, the form both wire protocols use.

The bot protocol (``docs/protocol.md``: ``fleet``, ``reveal``) and the web protocol
(``docs/web-protocol.md``: ``place``, ``fleet_suggestion``, ``game_over``) both send a
fleet as one list of cells per ship; they differ only in the order of the ships, and so
in how a ship's kind is known:

- **by size** (bots): the ships come in any order and each takes a kind of its size
  (:func:`fleet_from_cell_lists`); written in the :class:`~seabattle.battleship.fleet.Fleet`'s
  own order (:func:`cell_lists`);
- **in rules order** (the web): ``ships[i]`` is a ship of kind ``rules.fleet[i]``, which
  tells apart kinds of equal size with different names (the ``six`` preset's cruiser and
  submarine) (:func:`fleet_from_cell_lists_in_rules_order`,
  :func:`cell_lists_in_rules_order`).

Each ship's cells are written in increasing order. Reading checks the whole fleet
(:func:`~seabattle.battleship.fleet.validate_fleet`) and raises the engine's
:class:`~seabattle.errors.PlacementError` (or ``OffFieldError``) naming the first ship
that breaks a rule.

>>> from seabattle.battleship.rules import find_rules
>>> six = find_rules("six")  # a carrier, a battleship, a cruiser, a submarine (3), …
>>> ships = [[0, 1, 2, 3, 4], [20, 21, 22, 23], [40, 41, 42], [60, 61, 62], [80, 81], [99]]
>>> fleet = fleet_from_cell_lists_in_rules_order(six, ships)
>>> [ship.kind.name for ship in ships_in_rules_order(six, fleet)][2:4]
['cruiser', 'submarine']
>>> by_size = fleet_from_cell_lists(six, [ships[3], ships[2], *ships[:2], *ships[4:]])
>>> cell_lists_in_rules_order(six, by_size)[2:4]  # the first three-decker given is the cruiser
[[60, 61, 62], [40, 41, 42]]
>>> cell_lists(by_size)[-1]
(99,)
"""

from __future__ import annotations

from collections.abc import Sequence

from seabattle.battleship.fleet import Fleet, Ship, describe_fleet, ship_from_cells, validate_fleet
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.shapes import Shape, has_shape
from seabattle.errors import FleetCompositionError

__all__ = ["cell_lists", "cell_lists_in_rules_order", "fleet_from_cell_lists",
           "fleet_from_cell_lists_in_rules_order", "ships_in_rules_order"]


def fleet_from_cell_lists(rules: Rules, ships: Sequence[Sequence[int]]) -> Fleet:
    """A validated :class:`Fleet` from the cells of each ship in any order, kinds found by
    size (the bot protocol).

    Ships of one size take that size's kinds in the order the rules list them; a ship
    that is not straight takes a bent kind first, if the rules have one.
    """
    left: list[ShipKind] = list(rules.fleet)
    placed: list[Ship] = []
    for cells in ships:
        size = len(cells)
        straight = True  # cells off the field or repeated are refused below, not here
        if len(set(cells)) == size and all(0 <= c < rules.grid.size for c in cells):
            straight = has_shape(rules.grid, _board(cells), Shape.STRAIGHT)
        fits = [k for k in left if k.size == size]
        if not fits:
            raise _composition_error(rules, ships)
        # A bent ship can only be a bent kind; a straight one prefers a straight kind,
        # keeping the bent kinds for the ships that need them.
        preferred = [k for k in fits if (k.shape is Shape.STRAIGHT) == straight]
        kind = (preferred or fits)[0]
        left.remove(kind)
        placed.append(ship_from_cells(rules, kind, cells))
    return validate_fleet(rules, placed)


def fleet_from_cell_lists_in_rules_order(rules: Rules, ships: Sequence[Sequence[int]]) -> Fleet:
    """A validated :class:`Fleet` from the cells of each ship in rules order: ``ships[i]`` is a
    ship of kind ``rules.fleet[i]`` (the web protocol)."""
    if len(ships) != len(rules.fleet):
        raise _composition_error(rules, ships)
    return validate_fleet(rules, [ship_from_cells(rules, kind, cells)
                                  for kind, cells in zip(rules.fleet, ships, strict=True)])


def cell_lists(fleet: Fleet) -> tuple[tuple[int, ...], ...]:
    """Each ship's cells in increasing order, ships in the fleet's own order (by size, then
    cells): what the bot protocol's ``fleet`` and ``reveal`` lines carry."""
    return tuple(tuple(ship.cell_list()) for ship in fleet)


def cell_lists_in_rules_order(rules: Rules, fleet: Fleet) -> list[list[int]]:
    """Each ship's cells in increasing order, ships in the order of ``rules.fleet``: the web
    protocol's fleets (JSON lists)."""
    return [ship.cell_list() for ship in ships_in_rules_order(rules, fleet)]


def ships_in_rules_order(rules: Rules, fleet: Fleet) -> list[Ship]:
    """The ships of ``fleet`` in the order of ``rules.fleet``."""
    left = list(fleet.ships)
    out = []
    for kind in rules.fleet:
        ship = next(s for s in left if s.kind == kind)
        left.remove(ship)
        out.append(ship)
    return out


def _board(cells: Sequence[int]) -> int:
    board = 0
    for cell in cells:
        board |= 1 << cell
    return board


def _composition_error(rules: Rules, ships: Sequence[Sequence[int]]) -> FleetCompositionError:
    return FleetCompositionError(expected=describe_fleet(rules.fleet),
                                 got=describe_fleet(ShipKind(len(s)) for s in ships))
