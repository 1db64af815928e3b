"""How good a position is for one seat, every kind known (a determinised world).

A weighted sum: the pieces each side still has (a fort far above everything: taking
both wins), the last ships above their kind's worth (a side without ships cannot win and
soon cannot act), a bonus turn in hand, the ships' way to the enemy's forts (the
nearest ship to each fort counts most), and the fights about to happen: a ship beside
an enemy ship it cannot beat is likely lost on the enemy's turn, one beside a piece it
beats is likely to take it.

:func:`judge` (``hard``'s rating) adds what decides most games on the skirmish field: a
side left without ships cannot take a fort and loses as soon as it cannot act, the last
ships can go at once in the enemy bomb's zone, a fort with a free side that an enemy
ship can step onto can be taken in the enemy's next turn (half of ``hard``'s losses to
``medium`` were its forts taken), and the quiet count turns every lead into a draw when
it runs out.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from seabattle.manoeuvres.board import BOMB_ZONE, zone
from seabattle.manoeuvres.pieces import SHIPS, Kind, fight
from seabattle.manoeuvres.views import Stage

if TYPE_CHECKING:
    from seabattle.manoeuvres.state import ManoeuvreState

VALUE = {Kind.FORT: 60.0, Kind.BOMB: 6.0, Kind.TORPEDO: 3.0, Kind.MINE: 2.5,
         Kind.SUBMARINE: 4.0, Kind.TORPEDO_BOAT: 4.0, Kind.MINESWEEPER: 3.5,
         Kind.DESTROYER: 4.5, Kind.CRUISER: 5.0, Kind.BATTLESHIP: 5.5}
"""Each kind's worth; a fort is worth most (a win is two forts)."""
WIN = 10_000.0
SCARCITY = 25.0
"""How much the last ships are worth besides their kind: the n-th ship left adds
``SCARCITY / n`` (the first 25, the second 12.5 …)."""
BONUS = 4.0
"""A bonus turn in hand: one more action before the enemy's."""
SHIPLESS = 5000.0
"""For :func:`judge`: an enemy without ships, while we have some (it can no longer win;
at best its bomb or the quiet count draws): far above material, half a win, so that the
last ship is not staked on an unknown piece that may be the last fort (a mine or a
torpedo there draws the game) unless the odds are better than even."""
EXPOSED = 0.5 * SHIPLESS
"""For :func:`judge`: a side's last ships (two at most) all within reach of the enemy's
bomb (one step and its zone): it can take them all at once, weighted as the fights are
(on the bomb owner's turn 0.6, on their own 0.2)."""
THREAT = 0.4 * VALUE[Kind.FORT]
"""For :func:`judge`: a fort with a free cell beside it that an enemy ship can step onto
(and attack from, in the same turn) when the enemy is to act next: most of a fort,
since a fort taken earns its taker a bonus turn; a quarter of it when the fort's owner
acts first (it can still block the cell or take the ship)."""
QUIET_HORIZON = 12
"""For :func:`judge`: over the last this many turns before the quiet count ends the
game, a position's worth shrinks towards the draw's 0 in step with the turns left."""


Cells = tuple[list[int], list[int]]
"""Cells of one kind of piece by owner."""


def evaluate(state: ManoeuvreState, seat: int) -> float:
    """The position's worth for ``seat`` (positive: better for it)."""
    outcome = state.result
    if outcome is not None:
        return 0.0 if outcome.winner is None else WIN if outcome.winner == seat else -WIN
    return _assess(state, seat)[0]


def _assess(state: ManoeuvreState, seat: int) -> tuple[float, Cells, Cells]:
    """:func:`evaluate` of a game not over, with the cells of each side's forts and
    ships (which :func:`judge` uses too)."""
    board = state.board
    width = board.grid.width
    at = board.at
    near = board.near
    # Both sides start with the same pieces: the material balance is what each has lost.
    score = _material(state.lost[1 - seat]) - _material(state.lost[seat])
    forts: Cells = ([], [])
    ships: Cells = ([], [])
    fort_kind, bomb, torpedo, mine = Kind.FORT, Kind.BOMB, Kind.TORPEDO, Kind.MINE
    for cell, piece in at.items():
        kind = piece.kind
        if kind is fort_kind:
            forts[piece.owner].append(cell)
        elif kind is not bomb and kind is not torpedo and kind is not mine:
            ships[piece.owner].append(cell)
    for owner in (0, 1):
        sign = 1.0 if owner == seat else -1.0
        # The last ships are worth more: without any, a side cannot win and soon cannot act.
        score += sign * SCARCITY * _harmonic(len(ships[owner]))
        spots = [divmod(ship, width) for ship in ships[owner]]
        for fort in forts[1 - owner]:
            fr, fc = divmod(fort, width)
            distances = sorted([abs(fr - r) + abs(fc - c) for r, c in spots])
            for rank, distance in enumerate(distances[:3]):
                score += sign * (2.0 / (rank + 1)) * 6.0 / (distance + 1)
    to_move = state.actor
    if state.stage is Stage.BONUS:
        score += BONUS if to_move == seat else -BONUS
    for cell in ships[0] + ships[1]:
        piece = at[cell]
        for other_cell in near[cell]:
            other = at.get(other_cell)
            if other is None or other.owner == piece.owner:
                continue
            sign = 1.0 if piece.owner == seat else -1.0
            if other.kind.is_ship:
                if _LOSES[piece.kind][other.kind]:
                    # Lost on the other side's turn, less likely on its own.
                    weight = 0.6 if to_move != piece.owner else 0.2
                    score -= sign * weight * VALUE[piece.kind]
            elif other.kind is Kind.FORT:
                score += sign * (0.5 if to_move == piece.owner else 0.3) * VALUE[Kind.FORT]
    return score, forts, ships


def judge(state: ManoeuvreState, seat: int) -> float:
    """``hard``'s rating: :func:`evaluate` with :data:`SHIPLESS` for a side left without
    ships, :data:`THREAT` for forts an enemy ship can reach the side of in one move,
    :data:`EXPOSED` for last ships within reach of the enemy's bomb, and the quiet
    count's end in view (:data:`QUIET_HORIZON`), so that a side ahead takes a piece (and
    resets the count) before a draw, and one behind plays for the draw."""
    if state.result is not None:
        return evaluate(state, seat)
    value, forts, cells = _assess(state, seat)
    ships = [len(cells[0]), len(cells[1])]
    if not ships[1 - seat] and ships[seat]:
        value += SHIPLESS
    elif not ships[seat] and ships[1 - seat]:
        value -= SHIPLESS
    value += _threat(state, forts[1 - seat], cells[seat]) - _threat(state, forts[seat],
                                                                    cells[1 - seat])
    if min(ships) <= 2:
        value += _exposure(state, 1 - seat, cells[1 - seat]) - _exposure(state, seat,
                                                                          cells[seat])
    # A piece taken this turn resets the count when the turn ends.
    left = state.rules.quiet_turns - (0 if state.removal else state.quiet)
    return value * left / QUIET_HORIZON if left < QUIET_HORIZON else value


def _threat(state: ManoeuvreState, forts: list[int], enemies: list[int]) -> float:
    """:data:`THREAT` for each of the ``forts`` (one side's) that a ship of ``enemies``
    (the other side's ship cells) not beside it yet can reach the side of in one move (a
    torpedo boat two cells through a free one), weighted by who acts next."""
    if not forts or not enemies:
        return 0.0
    board = state.board
    at = board.at
    near = board.near
    open_sides = {side for fort in forts for side in near[fort] if side not in at}
    if not open_sides:
        return 0.0
    threatened: set[int] = set()
    for cell in enemies:
        reach: Iterable[int] = (board.boat_paths(cell) if at[cell].kind is Kind.TORPEDO_BOAT
                                else near[cell])
        for target in reach:
            if target in open_sides:
                threatened.update(fort for fort in forts if target in near[fort]
                                  and cell not in near[fort])
    if not threatened:
        return 0.0
    owner = at[forts[0]].owner
    return len(threatened) * THREAT * (0.25 if state.actor == owner else 1.0)


def _exposure(state: ManoeuvreState, owner: int, ships: list[int]) -> float:
    """:data:`EXPOSED`, weighted, when ``owner``'s ships (their cells, one or two) all
    lie within reach of the enemy's bomb; else 0."""
    if not 0 < len(ships) <= 2:
        return 0.0
    board = state.board
    bomb = next((cell for cell, piece in board.at.items()
                 if piece.kind is Kind.BOMB and piece.owner != owner), None)
    if bomb is None:
        return 0.0
    reach = zone(board.grid, bomb, BOMB_ZONE).union(
        *(zone(board.grid, near, BOMB_ZONE) for near in board.near[bomb] if board.free(near)))
    if any(cell not in reach for cell in ships):
        return 0.0
    return EXPOSED * (0.2 if state.actor == owner else 0.6)


def _material(lost: list[Kind]) -> float:
    return sum(VALUE[kind] for kind in lost)


@cache
def _harmonic(count: int) -> float:
    """1 + 1/2 + … + 1/``count``."""
    return sum(1.0 / (n + 1) for n in range(count))


_LOSES = {mine: {theirs: fight(mine, 1, theirs, 1) < 0 for theirs in SHIPS} for mine in SHIPS}
"""Whether one ship of a kind loses a fight to one of another."""
