"""What one player may know: the only thing computer opponents, bots and clients see.

A :class:`PlayerView` is an immutable snapshot built from the game for one player:
their own fleet and the opponent's shots at it, and on the enemy field only what
the answers revealed. The opponent's fleet appears in :attr:`PlayerView.opponent_fleet`
only once the game is over (the fair-play check of RULES.md §1).

What a sinking reveals depends on the rules. The sinking cell and, with
:attr:`~seabattle.battleship.rules.Announcement.TYPE`, the kind of ship are told. Where ships
may not touch along a side, the hit cells joined to the sinking cell are exactly
the sunk ship, so its cells, its size and the ring around it are known too; where
ships may touch, they are not (a hit next to a sunk ship may belong to another).

A submarine gives itself away only by the dying shot it fires back (RULES.md §3); one
that fires none (its cell on the shooter's field was already fired at, as it always is
for a submarine sunk by another's dying shot) is answered like any other piece, so a
view never names it unless the rules announce every kind (``docs/variants.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from seabattle.battleship.events import (
    Decision,
    Event,
    Handover,
    MineReveal,
    Pending,
    ShipMove,
    Shot,
    ShotResult,
)
from seabattle.battleship.fleet import Fleet, Ship
from seabattle.battleship.rules import Announcement, Role, Rules, ShipKind
from seabattle.battleship.shapes import (
    Shape,
    Touching,
    has_shape,
    placement_halos,
    placements,
    ring,
)
from seabattle.coords import Bitboard, bit
from seabattle.i18n import Text


@dataclass(frozen=True)
class ShotInfo:
    """One of the player's own shots, as the opponent answered it."""

    cell: int
    result: ShotResult
    kind: ShipKind | None = None
    """The sunk ship's kind, when the rules announce it (or the ship is one's own)."""
    dying: bool = False
    """A submarine's dying shot (RULES.md §3)."""

    @property
    def answer(self) -> Text:
        """The answer to the shot: «Мимо!», «Ранил!», «Убил!» (naming the ship if known),
        «Мина!», «Тральщик!»."""
        if self.result is not ShotResult.SUNK:
            return Text(f"shot.{self.result.value}")
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
    """Enemy cells fired at that hold no ship: open water, mines and minesweepers."""
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
    """The opponent's fleet where it ended the game, revealed when the game is over (the
    fleet as placed is in the game record)."""
    no_ships: Bitboard = 0
    """Cells not fired at where no ship can be, though a submarine (or, where they may
    touch ships, a mine) still may: the ring around sunk ships, when submarines exist."""
    given: Bitboard = 0
    """Enemy cells handed over to this player after mines went off, not yet fired at:
    sure hits, each earning another shot."""
    revealed_mines: Bitboard = 0
    """Enemy mines revealed to this player by minesweepers, not yet fired at."""
    enemy_mines: Bitboard = 0
    """Enemy mines and minesweepers this player has hit."""
    abandoned: Bitboard = 0
    """Hits on enemy ships that moved away since (the Flying Dutchman)."""
    own_position: Fleet | None = None
    """The player's own fleet where it is now, if it moved since the start."""
    handed_over: Bitboard = 0
    """Cells of the player's own fleet handed over to the opponent after mines."""
    mines_revealed: Bitboard = 0
    """The player's own mines revealed to the opponent by minesweepers."""
    pending: Pending | None = None
    """The decision the game waits for (this player's or the opponent's)."""
    shots_due: int = 1
    """Shots in this turn (a salvo), when it is the player's turn."""
    maybe_submarines: Bitboard = 0
    """Hits (silent sinkings included) that may be an enemy submarine sunk without a dying
    shot, not known to be part of a sunk ship: none could follow, the player's own cell
    of that name having been fired at already, so the answer alone does not tell it
    from a ship. Only where the kind is not announced and a submarine may be afloat."""
    not_submarines: Bitboard = 0
    """Hits that were no submarine: a submarine hit fires a dying shot back at the same
    cell of the shooter's field unless that cell was fired at before, and these fired
    none where one could have come. Only where the fleet has submarines, in a game that
    fires dying shots (not the benchmark's
    :class:`~seabattle.battleship.game.Solitaire`)."""

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
        """Hit cells not known to belong to a sunk ship: ships still to finish off.

        Where sinkings are not announced (:attr:`Announcement.NONE`) and ships may not
        touch along a side, a group of hits that no ship of the fleet could extend
        into an unknown cell is a whole ship, sunk, and is left out.
        """
        hits = self.hits & ~self.sunk_cells & ~self.abandoned
        for group in self.closed_groups:
            hits &= ~group
        return hits

    @cached_property
    def closed_groups(self) -> tuple[Bitboard, ...]:
        """Where sinkings are not announced (and ships never share a side): the groups
        of hits that no ship of the fleet could extend into an unknown cell (or a cell
        handed over after a mine: a ship's, not fired at yet), each a whole sunk ship."""
        if self.rules.announce is not Announcement.NONE or not _sunk_cells_certain_shape(
                self.rules):
            return ()
        grid = self.rules.grid
        unknown = self.unknown | self.given
        kinds = [kind for kind in dict.fromkeys(self.rules.fleet)
                 if kind.role.is_vessel and kind.shape.is_listed]
        touching = self.rules.touching
        closed = []
        for group in grid.components(self.hits & ~self.sunk_cells & ~self.abandoned):
            # A ship through the group that may still be afloat: no other ship's hit may
            # lie in its ring, so every hit there is a submarine that may have sunk
            # silently (without any, the ship holds the whole group). Two ships may
            # then be joined by such a submarine.
            optional = group & self.maybe_submarines
            extendable = any(
                p & group and p & unknown and not p & self.misses
                and not group & zone & ~p & ~optional
                for kind in kinds
                for p, zone in zip(placements(grid, kind.size, kind.shape),
                                   placement_halos(grid, kind.size, kind.shape, touching),
                                   strict=True))
            if not extendable:
                closed.append(group)
        return tuple(closed)

    @property
    def unknown(self) -> Bitboard:
        """Cells neither fired at nor known empty: where a ship may still be."""
        return (self.rules.grid.full & ~self.fired & ~self.known_empty & ~self.given
                & ~self.revealed_mines)

    @property
    def possible_afloat(self) -> tuple[ShipKind, ...]:
        """The enemy ships that may still be afloat: :attr:`enemy_afloat` when known, else
        every ship and submarine of the fleet (never mines or minesweepers) but those
        known sunk, and one for each of :attr:`closed_groups` whose cells only one kind
        left could fill (six's cruiser and «submarine» share three straight decks)."""
        if self.enemy_afloat is not None:
            return self.enemy_afloat
        left = [kind for kind in self.rules.fleet if kind.role.is_vessel]
        for ship in self.sunk:
            if ship.kind is not None and ship.kind in left:
                left.remove(ship.kind)
        grid = self.rules.grid
        for group in self.closed_groups:
            if group & self.maybe_submarines:
                continue  # a ship, or a smaller one and submarines: which is not known
            fits = {k for k in left if k.size == group.bit_count() and k.role is Role.SHIP
                    and has_shape(grid, group, k.shape)}
            if len(fits) == 1:
                left.remove(fits.pop())
        return tuple(left)

    @property
    def decision_due(self) -> Decision | None:
        """The decision this player owes now, if any."""
        if self.pending is None or self.pending.player != self.player:
            return None
        return self.pending.decision

    @property
    def fleet_now(self) -> Fleet:
        """The player's own fleet where it is now."""
        return self.own_position or self.own_fleet

    def handover_options(self) -> Bitboard:
        """Own cells the player may hand over after hitting a mine: unhit cells of their
        ships and submarines, not handed over before."""
        cells = 0
        for ship in self.fleet_now:
            if ship.kind.role.is_vessel:
                cells |= ship.cells
        return cells & ~self.incoming & ~self.handed_over

    def reveal_options(self) -> Bitboard:
        """Own mines the player may reveal after hitting a minesweeper."""
        mines = 0
        for piece in self.fleet_now:
            if piece.kind.role is Role.MINE:
                mines |= piece.cells
        return mines & ~self.incoming & ~self.mines_revealed

    def legal_shots(self) -> Bitboard:
        """Cells the player may fire at (every cell not fired at, known-empty ones too)."""
        return self.rules.grid.full & ~self.fired


def _sunk_cells_certain(rules: Rules) -> bool:
    # Ships are joined side to side; if no two ships may share a side, the hits
    # joined to the sinking shot are that ship and nothing else.
    return _sunk_cells_certain_shape(rules) and rules.announce is not Announcement.NONE


def _sunk_cells_certain_shape(rules: Rules) -> bool:
    # Whether a group of hits is a part of one ship only (ships never share a side).
    return rules.touching is not Touching.SIDES


def _ring_known_empty(rules: Rules) -> bool:
    # A submarine may hide in the ring of a sunk ship, and mines may lie there in
    # the sub-variant where they touch ships.
    return (_sunk_cells_certain(rules) and not rules.count(Role.SUBMARINE)
            and not (rules.mines_touch and (rules.count(Role.MINE)
                                            or rules.count(Role.MINESWEEPER))))


@dataclass
class _Enemy:
    """What a player has learnt of the enemy field so far (built event by event)."""

    misses: Bitboard = 0
    hits: Bitboard = 0
    known_empty: Bitboard = 0
    given: Bitboard = 0
    revealed_mines: Bitboard = 0
    mines: Bitboard = 0
    abandoned: Bitboard = 0
    rings: Bitboard = 0
    maybe_submarines: Bitboard = 0
    not_submarines: Bitboard = 0
    afloat_known: bool = True


def build_view(rules: Rules, player: int, fleets: Sequence[Fleet], events: Sequence[Event],
               to_move: int | None, winner: int | None, *, pending: Pending | None = None,
               shots_due: int = 1, dying_shots: bool = True) -> PlayerView:
    """The view of ``player``, built from the whole game; :meth:`Game.view
    <seabattle.battleship.game.Game.view>` builds the same from the view before and the
    new events (a :class:`ViewBuilder`). ``dying_shots``: whether the game fires them
    (every game but the benchmark's :class:`~seabattle.battleship.game.Solitaire`)."""
    builder = ViewBuilder(rules, player, fleets, dying_shots=dying_shots)
    builder.update(events)
    return builder.view(to_move, winner, pending=pending, shots_due=shots_due)


class ViewBuilder:
    """What ``player`` has learnt from a game's events so far, extended event by event.

    :meth:`update` reads only the events added since the last call, so a game that asks
    for a view after each move reads each event once, not the whole game each time. A
    log that no longer starts with the events already read (a game taken back by
    :meth:`~seabattle.battleship.game.Game.restore`), or a shot read before the dying shot
    that answered it, makes it start again from the first event: the views it gives are
    always those :func:`build_view` builds from the whole game (a property test holds it
    to that).
    """

    def __init__(self, rules: Rules, player: int, fleets: Sequence[Fleet], *,
                 dying_shots: bool = True) -> None:
        self.rules = rules
        self.player = player
        self.fleets = fleets
        self.dying_shots = dying_shots
        self._certain = _sunk_cells_certain(rules)
        self._submarines = bool(rules.count(Role.SUBMARINE))
        self._vessels = sum(k.role.is_vessel for k in rules.fleet)
        self._start()

    def _start(self) -> None:
        """Forget every event read."""
        fleets = self.fleets
        self._read = 0
        self._last: Event | None = None
        self._unanswered = False
        """Whether the last event read is a shot read before the event after it."""
        self._incoming = 0
        self._enemy = _Enemy()
        self._infos: list[ShotInfo] = []
        self._incoming_infos: list[ShotInfo] = []
        self._sunk: list[SunkShip] = []
        self._afloat = Counter(k for k in self.rules.fleet if k.role.is_vessel)
        self._own_position = fleets[self.player]
        self._opponent_position = fleets[1 - self.player]
        self._handed_over = self._mines_revealed = 0
        self._hits_by_ship: dict[int, Bitboard] = {}
        """The player's hits on each enemy piece (by its number in the fleet)."""
        self._own_afloat: tuple[tuple[Bitboard, Fleet], tuple[ShipKind, ...]] | None = None
        """The player's ships afloat, for the fired cells and the fleet's position."""
        self._enemy_afloat: tuple[int, tuple[ShipKind, ...] | None] | None = None
        """The enemy ships afloat, for the number of sunk ships (each sinking changes it)."""

    def update(self, events: Sequence[Event]) -> None:
        """Learn what ``events`` (the game's whole log) add to the events read before."""
        read = self._read
        if read and (len(events) < read or events[read - 1] is not self._last
                     or (self._unanswered and len(events) > read
                         and _fired_back(events, read - 1))):
            self._start()
            read = 0
        for index in range(read, len(events)):
            self._learn_event(events, index)
        if len(events) > read:
            self._read = len(events)
            self._last = events[-1]
            self._unanswered = isinstance(self._last, Shot)

    def _learn_event(self, events: Sequence[Event], index: int) -> None:
        """Learn from ``events[index]``, the event after those read."""
        event = events[index]
        player, opponent = self.player, 1 - self.player
        enemy = self._enemy
        if isinstance(event, Shot):
            if event.player == opponent:
                self._incoming |= bit(event.cell)
                own_kind = (self.fleets[player].ships[event.ship].kind
                            if event.result is ShotResult.SUNK and event.ship is not None
                            else None)
                self._incoming_infos.append(ShotInfo(event.cell, event.result, own_kind,
                                                     event.dying))
            else:
                if event.ship is not None:
                    self._hits_by_ship[event.ship] = (self._hits_by_ship.get(event.ship, 0)
                                                      | bit(event.cell))
                self._infos.append(_learn(
                    self.rules, self.fleets[opponent], event, enemy, self._afloat, self._sunk,
                    fired_back=_fired_back(events, index),
                    own_cell_fired=bool(self._incoming & bit(event.cell)),
                    submarines=self._submarines, dying_shots=self.dying_shots))
        elif isinstance(event, Handover):
            if event.player == opponent:
                enemy.given |= bit(event.cell)
            else:
                self._handed_over |= bit(event.cell)
        elif isinstance(event, MineReveal):
            if event.cell is None:
                return
            if event.player == opponent:
                enemy.revealed_mines |= bit(event.cell)
            else:
                self._mines_revealed |= bit(event.cell)
        elif isinstance(event, ShipMove):
            if event.player == player and event.cells is not None:
                self._own_position = _moved(self._own_position, event.ship, event.cells)
            elif event.player == opponent and event.cells is not None:
                enemy.abandoned |= self._hits_by_ship.get(event.ship, 0) & enemy.hits
                self._opponent_position = _moved(self._opponent_position, event.ship,
                                                 event.cells)

    def view(self, to_move: int | None, winner: int | None, *, pending: Pending | None = None,
             shots_due: int = 1) -> PlayerView:
        """The view after the events read, the game being at ``to_move``, ``winner``,
        ``pending`` and ``shots_due`` (as :func:`build_view`'s)."""
        rules, player, enemy = self.rules, self.player, self._enemy
        sunk = (self._sunk if self._certain
                else _deduce_touching_sunk(rules, enemy.hits, self._sunk))
        fired = enemy.misses | enemy.hits
        incoming = self._incoming
        own_fleet = self.fleets[player]
        position = (incoming, self._own_position)
        if self._own_afloat is None or self._own_afloat[0] != position:
            self._own_afloat = (position, tuple(
                s.kind for s in self._own_position
                if s.kind.role.is_vessel and not s.is_sunk(incoming)))
        if self._enemy_afloat is None or self._enemy_afloat[0] != len(self._sunk):
            afloat = self._afloat
            self._enemy_afloat = (len(self._sunk), tuple(
                k for k in afloat for _ in range(afloat[k]))
                if enemy.afloat_known and rules.announce is not Announcement.NONE else None)
        return PlayerView(
            rules=rules, player=player, own_fleet=own_fleet, incoming=incoming,
            incoming_shots=tuple(self._incoming_infos),
            shots=tuple(self._infos), misses=enemy.misses, hits=enemy.hits, sunk=tuple(sunk),
            known_empty=enemy.known_empty & ~fired,
            no_ships=enemy.rings & ~fired & ~enemy.known_empty,
            enemy_afloat=self._enemy_afloat[1], enemy_afloat_count=self._vessels - len(sunk),
            own_afloat=self._own_afloat[1],
            to_move=to_move, winner=winner,
            opponent_fleet=self._opponent_position if winner is not None else None,
            given=enemy.given & ~fired, revealed_mines=enemy.revealed_mines & ~fired,
            enemy_mines=enemy.mines, abandoned=enemy.abandoned,
            own_position=None if self._own_position is own_fleet else self._own_position,
            handed_over=self._handed_over, mines_revealed=self._mines_revealed,
            pending=pending, shots_due=shots_due if to_move == player else 0,
            maybe_submarines=enemy.maybe_submarines & ~_union_cells(sunk),
            not_submarines=enemy.not_submarines,
        )


def _fired_back(events: Sequence[Event], index: int) -> bool:
    """Whether the shot ``events[index]`` was answered by a dying shot: the next event."""
    shot, following = events[index], events[index + 1: index + 2]
    return (isinstance(shot, Shot) and bool(following) and isinstance(following[0], Shot)
            and following[0].dying and following[0].player != shot.player
            and following[0].cell == shot.cell)


def _learn(rules: Rules, fleet: Fleet, shot: Shot, enemy: _Enemy, afloat: Counter[ShipKind],
           sunk: list[SunkShip], *, fired_back: bool, own_cell_fired: bool,
           submarines: bool, dying_shots: bool) -> ShotInfo:
    """Add what one of the player's own shots told to ``enemy``; the shot as answered.

    ``fired_back``: a dying shot came back at once; ``own_cell_fired``: the player's own
    cell of that name had been fired at before, so no dying shot could come back;
    ``submarines``: the rules' fleet has submarines; ``dying_shots``: the game fires
    them. The true kind of the piece hit is read
    only where the player is told it.
    """
    cell = bit(shot.cell)
    if not shot.result.is_hit:
        enemy.misses |= cell
        if shot.result is not ShotResult.MISS:
            enemy.mines |= cell
        return ShotInfo(shot.cell, shot.result, dying=shot.dying)
    enemy.hits |= cell
    if submarines and dying_shots and not fired_back and not own_cell_fired:
        enemy.not_submarines |= cell  # a submarine would have fired back
    # A hit with no dying shot back where none could come: the player cannot tell a
    # submarine that sank silently from a ship, unless the kind is announced or no
    # enemy submarine may be afloat.
    silent = (submarines and not fired_back and own_cell_fired
              and rules.announce is not Announcement.TYPE
              and any(afloat[k] for k in afloat if k.role is Role.SUBMARINE))
    if shot.result is ShotResult.HIT or (rules.announce is Announcement.NONE and not fired_back):
        if silent and rules.announce is Announcement.NONE:
            enemy.maybe_submarines |= cell
        return ShotInfo(shot.cell, ShotResult.HIT, dying=shot.dying)
    assert shot.ship is not None
    # A submarine gives itself away by its dying shot, whatever the rules announce.
    told = (fleet.ships[shot.ship].kind
            if rules.announce is Announcement.TYPE or fired_back else None)
    submarine = told is not None and told.role is Role.SUBMARINE
    cells = cell if submarine else None
    kind = told
    certain = _sunk_cells_certain(rules)
    if cells is None and certain:
        known = _union_cells(sunk)
        # A Flying Dutchman's decks join at corners too, and hits it left behind when
        # it moved are no part of it.
        king = any(k.shape is Shape.KING for k in rules.fleet)
        part = next(part for part in rules.grid.components(
            enemy.hits & ~known & ~enemy.abandoned, diagonal=king) if part & cell)
        if silent:
            # A lone submarine, or a ship: its cells are certain only if it is one cell.
            enemy.maybe_submarines |= cell
            cells = part if part == cell else None
            singles = {k for k in afloat if afloat[k] and k.size == 1 and k.role.is_vessel}
            if cells is not None and len(singles) == 1:
                kind = singles.pop()
        elif part & enemy.maybe_submarines:
            cells = None  # a submarine that sank silently may touch the ship
        else:
            cells = part
            if kind is None:
                # Told by size and shape only if one kind afloat has them (six has a
                # cruiser and a «submarine» of three decks each).
                fits = {k for k in afloat if afloat[k] and k.size == cells.bit_count()
                        and k.role is Role.SHIP and has_shape(rules.grid, cells, k.shape)}
                kind = fits.pop() if len(fits) == 1 else None
    # A submarine may touch any ship and submarine: its ring tells nothing.
    ship = kind is not None and kind.role is Role.SHIP
    if cells is not None and certain and not submarine and (ship or not silent):
        around = ring(rules.grid, cells, rules.touching)
        enemy.rings |= around
        if _ring_known_empty(rules):
            enemy.known_empty |= around
    if kind is None:
        enemy.afloat_known = False
    else:
        afloat[kind] -= 1
    sunk.append(SunkShip(shot.cell, kind, cells))
    return ShotInfo(shot.cell, shot.result, told, shot.dying)


def _union_cells(sunk: Sequence[SunkShip]) -> Bitboard:
    """The cells of the sunk ships whose cells are known."""
    cells = 0
    for ship in sunk:
        cells |= ship.cells or 0
    return cells


def _moved(fleet: Fleet, index: int, cells: Bitboard) -> Fleet:
    ships = list(fleet.ships)
    ships[index] = Ship(ships[index].kind, cells)
    union = 0
    for ship in ships:
        union |= ship.cells
    return Fleet(tuple(ships), union)


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
