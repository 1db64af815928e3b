"""What one player may know: the only thing computer opponents, bots and clients see.

A :class:`PlayerView` is an immutable snapshot built from the game for one player:
their own fleet and the opponent's shots at it, and on the enemy field only what
the answers revealed. The opponent's fleet appears in :attr:`PlayerView.opponent_fleet`
only once the game is over (the fair-play check of RULES.md §1).

What a sinking reveals depends on the rules. The sinking cell and, with
:attr:`~seabattle.rules.Announcement.TYPE`, the kind of ship are told. Where ships
may not touch along a side, the hit cells joined to the sinking cell are exactly
the sunk ship, so its cells, its size and the ring around it are known too; where
ships may touch, they are not (a hit next to a sunk ship may belong to another).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from seabattle.coords import Bitboard, bit
from seabattle.events import Event, Shot, ShotResult
from seabattle.i18n import Text
from seabattle.rules import Announcement, Rules, ShipKind
from seabattle.shapes import Touching, placements, ring

if TYPE_CHECKING:
    from seabattle.fleet import Fleet


@dataclass(frozen=True)
class ShotInfo:
    """One of the player's own shots, as the opponent answered it."""

    cell: int
    result: ShotResult
    kind: ShipKind | None = None
    """The sunk ship's kind, when the rules announce it (or the ship is one's own)."""

    @property
    def answer(self) -> Text:
        """The answer to the shot: «Мимо!», «Ранил!», «Убил!» (naming the ship if known)."""
        if self.result is ShotResult.MISS:
            return Text("shot.miss")
        if self.result is ShotResult.HIT:
            return Text("shot.hit")
        if self.kind is None:
            return Text("shot.sunk")
        return Text("shot.sunk_named", {"ship": self.kind.title})


@dataclass(frozen=True)
class SunkShip:
    """An enemy ship known to be sunk."""

    cell: int
    """The shot that sank it."""
    kind: ShipKind | None
    """Its kind, when announced or deducible from its cells."""
    cells: Bitboard | None
    """Its cells, when the rules make them certain."""


@dataclass(frozen=True)
class PlayerView:
    """Everything ``player`` may know at one moment of the game."""

    rules: Rules
    player: int
    own_fleet: Fleet
    incoming: Bitboard
    """Cells of the player's own field the opponent has fired at."""
    incoming_shots: tuple[ShotInfo, ...]
    """The opponent's shots at the player's field, in order (sunk ships named)."""
    shots: tuple[ShotInfo, ...]
    """The player's own shots, in order."""
    misses: Bitboard
    hits: Bitboard
    """Every enemy cell hit, sunk ships included."""
    sunk: tuple[SunkShip, ...]
    known_empty: Bitboard
    """Cells not fired at that the rules show empty: the ring around sunk ships."""
    enemy_afloat: tuple[ShipKind, ...] | None
    """The enemy ships still afloat, largest first; ``None`` when the rules hide which."""
    enemy_afloat_count: int
    own_afloat: tuple[ShipKind, ...]
    to_move: int | None
    winner: int | None
    opponent_fleet: Fleet | None
    """The opponent's fleet, revealed when the game is over."""

    @property
    def my_turn(self) -> bool:
        """Whether this player is to shoot now."""
        return self.to_move == self.player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winner is not None

    @property
    def fired(self) -> Bitboard:
        """Every enemy cell this player has fired at."""
        return self.misses | self.hits

    @property
    def sunk_cells(self) -> Bitboard:
        """Enemy cells known to belong to sunk ships."""
        cells = 0
        for ship in self.sunk:
            cells |= ship.cells or 0
        return cells

    @property
    def open_hits(self) -> Bitboard:
        """Hit cells not known to belong to a sunk ship: ships still to finish off."""
        return self.hits & ~self.sunk_cells

    @property
    def unknown(self) -> Bitboard:
        """Cells neither fired at nor known empty: where a ship may still be."""
        return self.rules.grid.full & ~self.fired & ~self.known_empty

    def legal_shots(self) -> Bitboard:
        """Cells the player may fire at (every cell not fired at, known-empty ones too)."""
        return self.rules.grid.full & ~self.fired


def _sunk_cells_certain(rules: Rules) -> bool:
    # Ships are joined side to side; if no two ships may share a side, the hits
    # joined to the sinking shot are that ship and nothing else.
    return rules.touching is not Touching.SIDES


def build_view(rules: Rules, player: int, fleets: Sequence[Fleet], events: Sequence[Event],
               to_move: int | None, winner: int | None) -> PlayerView:
    """The view of ``player``; used by :meth:`seabattle.game.Game.view`."""
    grid = rules.grid
    opponent = 1 - player
    incoming = misses = hits = known_empty = 0
    infos: list[ShotInfo] = []
    incoming_infos: list[ShotInfo] = []
    sunk: list[SunkShip] = []
    afloat = Counter(rules.fleet)
    afloat_known = True
    for event in events:
        if not isinstance(event, Shot):
            continue
        if event.player == opponent:
            incoming |= bit(event.cell)
            own_kind = (fleets[player].ships[event.ship].kind
                        if event.result is ShotResult.SUNK and event.ship is not None else None)
            incoming_infos.append(ShotInfo(event.cell, event.result, own_kind))
            continue
        if event.result is ShotResult.MISS:
            misses |= bit(event.cell)
            infos.append(ShotInfo(event.cell, event.result))
            continue
        hits |= bit(event.cell)
        if event.result is ShotResult.HIT:
            infos.append(ShotInfo(event.cell, event.result))
            continue
        assert event.ship is not None
        true_kind = fleets[opponent].ships[event.ship].kind
        told = true_kind if rules.announce is Announcement.TYPE else None
        infos.append(ShotInfo(event.cell, event.result, told))
        cells = None
        kind = told
        if _sunk_cells_certain(rules):
            cells = next(part for part in grid.components(hits) if part & bit(event.cell))
            known_empty |= ring(grid, cells, rules.touching)
            if kind is None:
                kind = next((k for k in afloat if afloat[k] and k.size == cells.bit_count()), None)
        if kind is None:
            afloat_known = False
        else:
            afloat[kind] -= 1
        sunk.append(SunkShip(event.cell, kind, cells))
    if not _sunk_cells_certain(rules):
        sunk = _deduce_touching_sunk(rules, hits, sunk)
    over = winner is not None
    return PlayerView(
        rules=rules, player=player, own_fleet=fleets[player], incoming=incoming,
        incoming_shots=tuple(incoming_infos),
        shots=tuple(infos), misses=misses, hits=hits, sunk=tuple(sunk),
        known_empty=known_empty & ~(misses | hits),
        enemy_afloat=tuple(k for k in dict.fromkeys(rules.fleet) for _ in range(afloat[k]))
        if afloat_known else None,
        enemy_afloat_count=len(rules.fleet) - len(sunk),
        own_afloat=tuple(s.kind for s in fleets[player] if not s.is_sunk(incoming)),
        to_move=to_move, winner=winner,
        opponent_fleet=fleets[opponent] if over else None,
    )



def _deduce_touching_sunk(rules: Rules, hits: Bitboard, sunk: list[SunkShip]) -> list[SunkShip]:
    """Pin down sunk ships' cells where ships may touch, when only one way is left.

    A sunk ship of a known kind lies on hit cells through its sinking shot, and on
    none of the cells of another sunk ship already pinned down. When exactly one
    placement remains, its cells are certain; repeat until nothing changes.
    """
    ships = list(sunk)
    changed = True
    while changed:
        changed = False
        pinned = 0
        for ship in ships:
            pinned |= ship.cells or 0
        for index, ship in enumerate(ships):
            if ship.cells is not None or ship.kind is None:
                continue
            options = [p for p in placements(rules.grid, ship.kind.size, ship.kind.shape)
                       if p & bit(ship.cell) and p & ~hits == 0 and not p & pinned]
            if len(options) == 1:
                ships[index] = SunkShip(ship.cell, ship.kind, options[0])
                pinned |= options[0]
                changed = True
    return ships
