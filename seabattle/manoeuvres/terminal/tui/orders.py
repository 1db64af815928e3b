"""What a choice on the field means in battle: :class:`Orders` and :func:`click`.

The player chooses one of their pieces; the engine's list of legal actions
(:meth:`~seabattle.manoeuvres.state.ManoeuvreState.legal_actions`) then says which cells
that piece's actions reach (a move's target, an attack's, a torpedo's course, a
point-blank target), and choosing such a cell takes that action. Choosing more of one's
pieces adds them where the list has an action with them: ships of the chosen one's group
to attack together, torpedoes (mines) for the chosen torpedo boat (destroyer) to tow, the
ships that take an attack on one's group. Nothing here knows a rule: a cell that no
listed action reaches is turned into the action it would be, for the engine to refuse
in its own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Detonate,
    PointBlank,
    Shoot,
    Step,
)
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.terminal.tui.field import reached
from seabattle.manoeuvres.views import ManoeuvreView, Stage


@dataclass(frozen=True)
class Orders:
    """The player's own pieces chosen so far (in cell order; one piece, or a group to
    attack or defend with) and the weapons chosen for the chosen ship to tow."""

    chosen: tuple[int, ...] = ()
    tow: tuple[int, ...] = ()

    @property
    def piece(self) -> int | None:
        """The one piece chosen (``None``: none, or a group)."""
        return self.chosen[0] if len(self.chosen) == 1 else None


def actions_of(legal: Sequence[Action], orders: Orders) -> list[Action]:
    """The listed actions the chosen pieces take as chosen: the moves of the one piece
    with the tow chosen, its shots (a torpedo) or its bomb going off, the attacks of
    exactly the chosen group."""
    piece = orders.piece
    found: list[Action] = []
    for action in legal:
        if isinstance(action, Step):
            if action.source == piece and action.tow == orders.tow:
                found.append(action)
        elif isinstance(action, Shoot | PointBlank):
            if action.torpedo == piece and not orders.tow:
                found.append(action)
        elif isinstance(action, Detonate):
            if action.bomb == piece:
                found.append(action)
        elif isinstance(action, Attack) and action.group == orders.chosen and not orders.tow:
            found.append(action)
    return found


def reach(legal: Sequence[Action], orders: Orders, view: ManoeuvreView) -> dict[int, Action]:
    """The cells the chosen pieces' actions reach, each with the action it takes
    (a bomb's step and blast is a key of its own, not a cell)."""
    return reached((action for action in actions_of(legal, orders)
                    if not isinstance(action, Detonate)), view)


def _joins(legal: Sequence[Action], orders: Orders, cell: int) -> Orders | None:
    """The orders with own ``cell`` added (to the tow, or to the group), if a listed
    action has the pieces so chosen; ``None`` otherwise."""
    piece = orders.piece
    wanted_tow = {*orders.tow, cell}
    if piece is not None and any(isinstance(action, Step) and action.source == piece
                                 and wanted_tow <= set(action.tow) for action in legal):
        return Orders(orders.chosen, tuple(sorted(wanted_tow)))
    wanted = {*orders.chosen, cell}
    if orders.chosen and not orders.tow and any(
            isinstance(action, Attack | Defend) and wanted <= set(action.group)
            for action in legal):
        return Orders(tuple(sorted(wanted)))
    return None


def click(legal: Sequence[Action], view: ManoeuvreView, orders: Orders, cell: int
          ) -> tuple[Orders, Action | None]:
    """The orders after the player chose ``cell``, and the action to take (``None``:
    only the orders changed). An action that no listed one matches is returned all the
    same, for the engine to refuse saying why."""
    defending = view.stage is Stage.DEFENCE
    piece = view.piece_at(cell)
    own = piece is not None and piece.owner == view.seat
    reached_here = {} if defending else reach(legal, orders, view)
    if cell in reached_here:  # before the tow: a towed weapon's cell may be the target
        return orders, reached_here[cell]
    if cell in orders.tow:
        return Orders(orders.chosen, tuple(c for c in orders.tow if c != cell)), None
    if own:
        joined = _joins(legal, orders, cell) if cell not in orders.chosen else None
        if joined is not None:
            return joined, None
        if cell in orders.chosen:
            if defending and view.pending is not None and cell == view.pending.target:
                return orders, None  # the target always fights
            return Orders(tuple(c for c in orders.chosen if c != cell)), None
        if defending:
            return orders, Defend(tuple(sorted({*orders.chosen, cell})))
        return Orders((cell,)), None
    if not orders.chosen or defending:
        return orders, None
    return orders, implied(view, orders, cell)


def implied(view: ManoeuvreView, orders: Orders, cell: int) -> Action:
    """What choosing ``cell`` asks of the chosen pieces when no listed action matches:
    an attack on a piece (a point-blank shot from a torpedo), else a move there."""
    first = view.piece_at(orders.chosen[0])
    target = view.piece_at(cell)
    torpedo = first is not None and first.kind is Kind.TORPEDO and len(orders.chosen) == 1
    if target is not None:
        return PointBlank(orders.chosen[0], cell) if torpedo else Attack(cell, orders.chosen)
    return Step(orders.chosen[0], cell, orders.tow)

