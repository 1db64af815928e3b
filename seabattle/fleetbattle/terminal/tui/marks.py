"""What each cell of a field shows on the fleet battle's screens: a symbol that reads
without colour, and a mark naming its style (``field--<mark>`` in ``fleetbattle.tcss``).

The cells are made from the engine's views, through the line game's own reading of them
(:func:`~seabattle.fleetbattle.terminal.text.own_symbols`,
:func:`~seabattle.fleetbattle.terminal.text.enemy_symbols`): a deck of one's own shows its
kind's letter, a deck a shot hit shows the kind of shot.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from seabattle.coords import iter_cells
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.ships import Ammo, Kind
from seabattle.fleetbattle.terminal.text import enemy_symbols, own_symbols
from seabattle.fleetbattle.views import FleetView
from seabattle.i18n import Language, translate

Cell = tuple[str, str]
"""A cell as drawn: its symbol and its mark."""

MARKS = ("water", "deck", "flagship", "chosen", "hit", "chain", "grape", "captured", "gone",
         "miss", "aimed", "ghost", "blocked")
"""Every mark a cell may take."""

SYMBOLS = {"water": ".", "hit": "✕", "chain": "∞", "grape": "∴", "captured": "@",
           "gone": "▓", "miss": "•", "aimed": "◎", "ghost": "□", "blocked": "▒"}
"""The symbol of each mark but a deck's (a deck shows its kind's letter)."""

_FROM_TEXT = {".": "water", "*": "miss", "#": "gone", "@": "captured", "X": "hit",
              "c": "chain", "g": "grape"}
"""The line game's symbols (:mod:`seabattle.fleetbattle.terminal.text`) as marks."""

LEGEND = ("hit", "chain", "grape", "captured", "gone", "miss", "aimed")
"""The marks the legend explains (the letters of the kinds are in the lists of ships)."""


def legend(language: Language) -> str:
    """What the symbols mean: «✕ cannonball hit · ∞ chain shot hit · …»."""
    return " · ".join(f"{SYMBOLS[mark]} {translate(f'fleet.tui.mark.{mark}', language)}"
                      for mark in LEGEND)


def letter(kind: Kind, language: Language) -> str:
    """The one letter a kind's decks show («Ф» for a frigate, ``F`` in English)."""
    return translate(f"fleet.tui.letter.{kind.value}", language)


def _marked(mark: str) -> Cell:
    return SYMBOLS[mark], mark


def own_cells(view: FleetView, language: Language, chosen: Collection[int] = ()) -> list[Cell]:
    """The seat's own field: its decks by kind (the flagship's and the ships ``chosen``
    as fireships or to grapple marked), the decks each kind of shot hit, the decks the
    enemy holds (ships captured whole among them), ships destroyed and the enemy's
    misses. Open water before the fleet is placed (a game on a server in its set-up)."""
    if view.own is None:
        assert view.seat is not None
        return [_marked("water")] * view.rules.field(view.seat).size
    owner = {cell: ship for ship in view.own for cell in iter_cells(ship.cells)}
    cells: list[Cell] = []
    for cell, symbol in enumerate(own_symbols(view)):
        ship = owner.get(cell)
        if symbol == "#" and ship is not None and ship.status is Status.CAPTURED:
            symbol = "@"  # taken whole: the enemy holds every deck
        if symbol != "O":
            cells.append(_marked(_FROM_TEXT[symbol]))
            continue
        assert ship is not None
        mark = ("chosen" if ship.index in chosen
                else "flagship" if ship.index == view.flagship else "deck")
        cells.append((letter(ship.kind, language), mark))
    return cells


def enemy_cells(view: FleetView, seat: int, language: Language, aimed: Collection[int] = (),
                reveal: Placement | None = None) -> list[Cell]:
    """``seat``'s knowledge of the enemy's field: its misses, its hits by the kind of shot
    (a cannonball's first), the ships told destroyed or captured, the cells ``aimed`` at
    this turn; with ``reveal`` (after the battle) the enemy's other decks too."""
    hits: dict[Ammo, set[int]] = {ammo: set() for ammo in Ammo}
    for shot in view.sides[seat].shots:
        if shot.hit:
            hits[shot.ammo].add(shot.cell)
    captured = 0
    for known in view.sides[1 - seat].lost:
        if known.status is Status.CAPTURED:
            captured |= known.cells
    cells: list[Cell] = []
    for cell, symbol in enumerate(enemy_symbols(view, seat)):
        if captured >> cell & 1:
            symbol = "@"
        if cell in aimed:
            cells.append(_marked("aimed"))
        elif symbol == "X":
            cells.append(_marked("hit" if cell in hits[Ammo.CANNONBALL]
                                 else "chain" if cell in hits[Ammo.CHAIN] else "grape"))
        else:
            cells.append(_marked(_FROM_TEXT[symbol]))
    if reveal is not None:
        for index, ship in enumerate(reveal.ships):
            for cell in iter_cells(ship.cells):
                if cells[cell][1] == "water":
                    cells[cell] = (letter(ship.kind, language),
                                   "flagship" if index == reveal.flagship else "deck")
    return cells


def setup_cells(size: int, ships: Sequence[PlacedShip], flagship: int, language: Language,
                ghost: int = 0, blocked: bool = False) -> list[Cell]:
    """A field being set up: the ships placed (the flagship marked) and the ``ghost`` of
    the next one, drawn as blocked where it may not go."""
    cells = [_marked("water")] * size
    for index, ship in enumerate(ships):
        for cell in iter_cells(ship.cells):
            cells[cell] = (letter(ship.kind, language),
                           "flagship" if index == flagship else "deck")
    for cell in iter_cells(ghost):
        if cell < size:
            cells[cell] = _marked("blocked" if blocked else "ghost")
    return cells
