"""Attacks, fights, torpedoes and the bomb (seed 003, §4.3.3–4.3.4).

- **An attack on a ship** that has ships of its kind beside it waits for the defender's
  answer (which of its group take the fight: :class:`~.actions.Defend`); otherwise the
  target fights alone. The heavier group wins (:func:`~.pieces.fight`) and the loser is
  removed; on equal weights both are.
- **An attack on a fort** takes it («захватить все форты противника любым из своих
  судов»): it leaves the field.
- **An attack on a torpedo** removes the torpedo and the attacking group; **on a mine**,
  the mine and the attackers, unless they are minesweepers, which clear it and stay;
  **on the bomb**, sets it off.
- **A torpedo** destroys the first piece on its course (or the one named point-blank)
  unless it is a fort; the torpedo leaves the field either way. A bomb it hits is destroyed
  without going off: a torpedo destroys «любого (но одного!)» obstacle.
- **The bomb** removes every piece but forts in its 5 × 5 zone and sets off the other
  bomb if that one is in the zone, whose zone is cleared too. Its damage earns no bonus.

Damage to the enemy that earns a bonus turn: a fight won or drawn by the attacker, a
fort taken, a mine cleared, an enemy piece destroyed by a torpedo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seabattle.manoeuvres.actions import Attack, Defend, Detonate, PointBlank, Shoot
from seabattle.manoeuvres.board import BOMB_ZONE, TORPEDO_RANGE, ray, zone
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Event,
    FortTaken,
    Fought,
    Moved,
    Removed,
    TorpedoFired,
)
from seabattle.manoeuvres.pieces import Kind, fight
from seabattle.manoeuvres.views import Stage

if TYPE_CHECKING:
    from seabattle.manoeuvres.state import ManoeuvreState


def remove(state: ManoeuvreState, cell: int) -> list[Event]:
    """Take the piece on ``cell`` off the field (its kind told to both)."""
    piece = state.board.at.pop(cell)
    state.lost[piece.owner].append(piece.kind)
    state.removal = True
    return [Removed(piece.owner, cell, piece.kind)]


def attack(state: ManoeuvreState, seat: int, action: Attack) -> list[Event]:
    """Declare ``action`` and resolve it, or wait for the defender's answer."""
    board = state.board
    kind = board.at[action.group[0]].kind
    events: list[Event] = [AttackDeclared(seat, action.target, action.group, kind)]
    for cell in action.group:
        events += state.reveal(cell)
    target = board.at[action.target]
    if target.kind.is_ship:
        if len(board.group(action.target)) > 1:
            state.pending = action
            state.stage = Stage.DEFENCE
            return events
        return events + _fight(state, seat, action, (action.target,))
    if target.kind is Kind.FORT:
        state.damage = True
        return events + [FortTaken(seat, action.target)] + remove(state, action.target)
    if target.kind is Kind.BOMB:
        return events + explode(state, action.target)
    if target.kind is Kind.MINE and kind is Kind.MINESWEEPER:
        state.damage = True
        return events + remove(state, action.target)
    # A torpedo or a mine: it goes off, and the attackers with it.
    events += remove(state, action.target)
    for cell in action.group:
        events += remove(state, cell)
    return events


def defend(state: ManoeuvreState, seat: int, pending: Attack, answer: Defend) -> list[Event]:
    """The defender's answer to ``pending`` (an attack by ``seat``): the fight."""
    state.stage = Stage.MAIN if not state.bonus_turn else Stage.BONUS
    return _fight(state, seat, pending, answer.group)


def _fight(state: ManoeuvreState, seat: int, action: Attack,
           defenders: tuple[int, ...]) -> list[Event]:
    board = state.board
    mine = board.at[action.group[0]].kind
    theirs = board.at[defenders[0]].kind
    result = fight(mine, len(action.group), theirs, len(defenders))
    winner = None if result == 0 else seat if result > 0 else 1 - seat
    events: list[Event] = []
    for cell in defenders:
        events += state.reveal(cell)
    events.append(Fought(defenders, theirs, winner))
    if result >= 0:
        state.damage = True
        for cell in defenders:
            events += remove(state, cell)
    if result <= 0:
        for cell in action.group:
            events += remove(state, cell)
    return events


def torpedo(state: ManoeuvreState, seat: int, action: Shoot | PointBlank) -> list[Event]:
    """A torpedo's shot along a line, or point-blank at a named piece."""
    board = state.board
    events = remove(state, action.torpedo)
    if isinstance(action, PointBlank):
        hit: int | None = action.target
    else:
        hit = next((cell for cell in ray(board.grid, action.torpedo, action.direction.value,
                                         TORPEDO_RANGE) if not board.free(cell)), None)
    events.insert(0, TorpedoFired(seat, action.torpedo, hit))
    if hit is None or board.at[hit].kind is Kind.FORT:
        return events
    if board.at[hit].owner != seat:
        state.damage = True
    return events + remove(state, hit)


def detonate(state: ManoeuvreState, seat: int, action: Detonate) -> list[Event]:
    """The bomb's own move, ending in its explosion."""
    events: list[Event] = []
    cell = action.bomb
    if action.target is not None:
        board = state.board
        board.at[action.target] = board.at.pop(cell)
        events.append(Moved(seat, cell, action.target))
        cell = action.target
    return events + explode(state, cell)


def explode(state: ManoeuvreState, cell: int) -> list[Event]:
    """The bomb on ``cell`` goes off, with the other bomb if it lies in the zone."""
    board = state.board
    bombs = [cell]
    area: set[int] = set()
    events: list[Event] = []
    for bomb in bombs:  # grows while the loop runs: a chain of detonations
        events.append(BombExploded(board.at[bomb].owner, bomb))
        reach = zone(board.grid, bomb, BOMB_ZONE)
        area |= reach
        bombs += [near for near in sorted(reach) if near not in bombs
                  and board.at.get(near) is not None and board.at[near].kind is Kind.BOMB]
    for target in sorted(area):
        piece = board.at.get(target)
        if piece is not None and piece.kind is not Kind.FORT:
            events += remove(state, target)
    return events
