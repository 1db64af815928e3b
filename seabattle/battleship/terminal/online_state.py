"""Battleship's ``state`` message (``docs/web-protocol.md``) read into typed data, and the
marks of both fields drawn from it, for the terminal's online game.

The server is the authority: the terminal computes no rule here, it draws what the state
says the reader may know, with the same marks as the game against the computer
(:mod:`seabattle.battleship.marks`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seabattle.battleship.cell_lists import fleet_from_cell_lists_in_rules_order
from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.marks import Mark, Marks, fleet_marks
from seabattle.battleship.rules import Rules, ShipKind, rules_from_dict
from seabattle.coords import Bitboard, bit, iter_cells
from seabattle.errors import SeaBattleError


def _cells(value: Any) -> Bitboard:
    """A list of cell numbers as a bitboard (``None`` or nothing: no cells)."""
    board = 0
    for cell in value or ():
        board |= bit(int(cell))
    return board


@dataclass(frozen=True)
class SeenShot:
    """A shot at a field: its cell and answer."""

    cell: int
    result: ShotResult


@dataclass(frozen=True)
class SeenBoard:
    """One seat's field as the reader may know it (``boards[s]``)."""

    fleet: Fleet | None
    """Its ships where they are now: one's own, or both once the game is over."""
    shots: tuple[SeenShot, ...]
    sunk: Bitboard
    """The cells of ships known sunk (their sinking shots where the cells are not known)."""
    ring: Bitboard
    given: Bitboard
    revealed_mines: Bitboard
    abandoned: Bitboard
    afloat: tuple[str, ...] | None
    """Names of the ships still afloat, where the reader can know them."""
    afloat_count: int

    @classmethod
    def read(cls, data: Mapping[str, Any], rules: Rules) -> SeenBoard:
        """Read ``boards[s]``."""
        ships = data.get("ships")
        fleet = None
        if ships is not None:
            fleet = fleet_from_cell_lists_in_rules_order(rules, [s["cells"] for s in ships])
        sunk = 0
        for ship in data.get("sunk") or ():
            sunk |= _cells(ship.get("cells")) or bit(int(ship["cell"]))
        afloat = data.get("afloat")
        return cls(fleet, tuple(SeenShot(int(s["cell"]), ShotResult(s["result"]))
                                for s in data.get("shots") or ()),
                   sunk, _cells(data.get("ring")), _cells(data.get("given")),
                   _cells(data.get("revealed_mines")), _cells(data.get("abandoned")),
                   None if afloat is None else tuple(str(n) for n in afloat),
                   int(data.get("afloat_count") or 0))

    @property
    def fired(self) -> Bitboard:
        """Every cell fired at on this field."""
        return _cells(shot.cell for shot in self.shots)


@dataclass(frozen=True)
class Pending:
    """A decision the game waits for (``state.pending``)."""

    seat: int
    decision: str
    options: tuple[int, ...]
    """The cells it may take (hand-over, reveal), to its owner only."""
    size: int | None
    """The decks the Flying Dutchman keeps when it moves, to its owner only."""


@dataclass(frozen=True)
class Player:
    """One seat's presence (``state.players[s]``)."""

    joined: bool
    online: bool
    ready: bool
    away_for: float | None


@dataclass(frozen=True)
class OnlineState:
    """Battleship's ``state`` message, typed."""

    game: str
    game_name: str
    seq: int
    phase: str
    """``waiting``, ``setup``, ``battle`` or ``over``."""
    you: int | None
    rules: Rules
    title: str
    to_move: int | None
    shots_due: int
    turn_action: str | None
    """``fire`` or ``fire_salvo`` when it is the reader's turn to shoot, else ``None``."""
    turn_cells: Bitboard
    pending: Pending | None
    players: tuple[Player, Player]
    boards: tuple[SeenBoard, SeenBoard]
    deadline_in: float | None
    grace_seconds: float
    winner: int | None
    reason: str | None
    stats: tuple[Mapping[str, Any], ...] | None
    rematch: tuple[bool, bool]
    invite: str | None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> OnlineState:
        """Read a ``state`` message; raises :class:`SeaBattleError` for one that is not
        Battleship's (another game is not drawn by these screens)."""
        if data.get("game_name", "battleship") != "battleship":
            raise SeaBattleError("error.online_game", game=str(data.get("game_name")))
        rules = rules_from_dict(data["rules"])
        turn = data.get("turn")
        pending = data.get("pending")
        result = data.get("result") or {}
        players = [Player(bool(p.get("joined")), bool(p.get("online")), bool(p.get("ready")),
                          p.get("away_for")) for p in data.get("players") or ()]
        while len(players) < 2:
            players.append(Player(False, False, False, None))
        boards: Sequence[Mapping[str, Any]] = data.get("boards") or ({}, {})
        stats = data.get("stats")
        rematch = data.get("rematch") or (False, False)
        options = data.get("options") or {}
        return cls(
            game=str(data.get("game")), game_name="battleship", seq=int(data.get("seq") or 0),
            phase=str(data.get("phase")), you=data.get("you"), rules=rules,
            title=str(data.get("title") or rules.name), to_move=data.get("to_move"),
            shots_due=int(data.get("shots_due") or 0),
            turn_action=None if turn is None else str(turn["action"]),
            turn_cells=0 if turn is None else _cells(turn.get("cells")),
            pending=None if pending is None else Pending(
                int(pending["seat"]), str(pending["decision"]),
                tuple(int(c) for c in pending.get("options") or ()), pending.get("size")),
            players=(players[0], players[1]),
            boards=(SeenBoard.read(boards[0], rules), SeenBoard.read(boards[1], rules)),
            deadline_in=data.get("deadline_in"),
            grace_seconds=float(options.get("grace_seconds") or 0),
            winner=result.get("winner"), reason=result.get("reason"),
            stats=None if stats is None else tuple(stats),
            rematch=(bool(rematch[0]), bool(rematch[1])), invite=data.get("invite"))

    @property
    def seat(self) -> int:
        """The reader's seat (a spectator reads seat 0's side)."""
        return self.you if self.you is not None else 0

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def own(self) -> SeenBoard:
        """The reader's own field."""
        return self.boards[self.seat]

    @property
    def enemy(self) -> SeenBoard:
        """The opponent's field."""
        return self.boards[self.opponent]

    def sunk_kind(self, name: object, cells: object) -> ShipKind | None:
        """The kind of a ship a ``shot`` event sank: the one it names, else the one its
        sunk cells' number tells where a single kind of the fleet has that size (as the
        game against the computer names it: :mod:`seabattle.battleship.terminal.telling`).
        """
        fleet = self.rules.fleet
        if isinstance(name, str):
            return next((k for k in fleet if (k.name or k.role.value) == name), None)
        if not isinstance(cells, list):
            return None
        sized = {k for k in fleet if k.role.is_vessel and k.size == len(cells)}
        return sized.pop() if len(sized) == 1 else None


_SHOT_MARKS = {ShotResult.MISS: Mark.MISS, ShotResult.HIT: Mark.HIT, ShotResult.SUNK: Mark.SUNK,
               ShotResult.MINE: Mark.MINE_SPENT, ShotResult.MINESWEEPER: Mark.SWEEPER_HIT}


def own_marks(state: OnlineState) -> Marks:
    """The reader's own field: the fleet, the opponent's shots at it, cells handed over."""
    board = state.own
    return fleet_marks(state.rules.grid, board.fleet or (), board.fired, given=board.given)


def enemy_marks(state: OnlineState) -> Marks:
    """The opponent's field as the reader knows it; its fleet shown once the game is over."""
    board = state.enemy
    marks = [Mark.WATER] * state.rules.grid.size
    for ship in board.fleet or ():
        for cell in iter_cells(ship.cells):
            marks[cell] = Mark.SHIP
    for cells, mark in ((board.ring, Mark.RING), (board.revealed_mines, Mark.MINE),
                        (board.given, Mark.GIVEN)):
        for cell in iter_cells(cells):
            marks[cell] = mark
    for shot in board.shots:
        marks[shot.cell] = _SHOT_MARKS[shot.result]
    for cell in iter_cells(board.sunk):
        marks[cell] = Mark.SUNK
    for cell in iter_cells(board.abandoned):
        marks[cell] = Mark.MOVED
    return tuple(marks)

