"""Why an action is refused, in the player's words (every message in both languages).

Legality itself is :mod:`seabattle.manoeuvres.moves`'s list; this module only finds the
first reason an action is not on it, so the two cannot disagree: whatever it cannot name
is refused as not allowed now, saying what the turn allows.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from seabattle.coords import ALPHABETS, Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, Text
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    EndTurn,
    PointBlank,
    Shoot,
    Step,
)
from seabattle.manoeuvres.board import connected, sides
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.setup import pieces_of
from seabattle.manoeuvres.views import Stage

if TYPE_CHECKING:
    from seabattle.manoeuvres.state import ManoeuvreState


class ManoeuvreError(SeaBattleError):
    """An action the manoeuvre game's rules do not allow now (the message says why)."""

    key = "manoeuvres.error.not_now"


def names(rules: ManoeuvreRules) -> Coordinates:
    """Cells named in Latin letters, as the engine names them in its messages."""
    return Coordinates(rules.grid, ALPHABETS["latin"])


def coordinates(rules: ManoeuvreRules, language: Language) -> Coordinates:
    """Cells named in the reader's letters: Russian ones in Russian (А…, as the seed's
    field is lettered), else Latin."""
    return Coordinates(rules.grid, ALPHABETS["ru" if language == "ru" else "latin"])


def refuse_layout(rules: ManoeuvreRules, seat: int, action: Deploy) -> None:
    """Raise unless ``action`` sets up exactly the rules' pieces in ``seat``'s back rows."""
    cells = [cell for cell, _kind in action.layout]
    allowed = rules.setup_cells(seat)
    for cell in cells:
        if not (0 <= cell < rules.grid.size) or cell not in allowed:
            where = names(rules).name(cell) if 0 <= cell < rules.grid.size else str(cell)
            raise ManoeuvreError("manoeuvres.error.setup_cell", cell=where,
                                 rows=rules.setup_rows)
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise ManoeuvreError("manoeuvres.error.setup_twice", cell=names(rules).name(twice))
    if Counter(kind for _cell, kind in action.layout) != Counter(pieces_of(rules)):
        raise ManoeuvreError("manoeuvres.error.setup_pieces", expected=", ".join(
            f"{kind.value} ×{count}" for kind, count in rules.pieces if count))
    if list(action.layout) != sorted(action.layout, key=lambda entry: entry[0]):
        raise ManoeuvreError("manoeuvres.error.setup_order")


def refuse(state: ManoeuvreState, seat: int, action: Action) -> None:
    """Raise the reason ``action`` (not among the legal ones) is refused."""
    stage = state.stage
    if stage is Stage.DEFENCE:
        _refuse_defence(state, action)
    elif isinstance(action, Defend):
        raise ManoeuvreError("manoeuvres.error.no_attack_to_answer")
    if isinstance(action, EndTurn):
        raise ManoeuvreError("manoeuvres.error.cannot_end")
    if stage is Stage.AFTER_MOVE and isinstance(action, Step | Detonate):
        raise ManoeuvreError("manoeuvres.error.after_move")
    if isinstance(action, Step | Detonate):
        _refuse_move(state, seat, action)
    if isinstance(action, Shoot | PointBlank):
        _refuse_shot(state, seat, action)
    if isinstance(action, Attack):
        _refuse_attack(state, seat, action)
    raise ManoeuvreError("manoeuvres.error.not_now")


def _cell(state: ManoeuvreState, cell: int) -> str:
    return names(state.rules).name(cell) if 0 <= cell < state.rules.grid.size else str(cell)


def _own(state: ManoeuvreState, seat: int, cell: int, kinds: set[Kind] | None = None,
         what: str = "manoeuvres.error.no_own_piece") -> Kind:
    piece = state.board.at.get(cell)
    if piece is None or piece.owner != seat or (kinds is not None and piece.kind not in kinds):
        raise ManoeuvreError(what, cell=_cell(state, cell))
    return piece.kind


def _refuse_defence(state: ManoeuvreState, action: Action) -> None:
    if not isinstance(action, Defend):
        raise ManoeuvreError("manoeuvres.error.answer_attack")
    raise ManoeuvreError("manoeuvres.error.bad_defence")


def _refuse_move(state: ManoeuvreState, seat: int, action: Step | Detonate) -> None:
    source = action.source if isinstance(action, Step) else action.bomb
    kind = _own(state, seat, source)
    if isinstance(action, Detonate) and kind is not Kind.BOMB:
        raise ManoeuvreError("manoeuvres.error.not_a_bomb", cell=_cell(state, source))
    if kind is Kind.FORT:
        raise ManoeuvreError("manoeuvres.error.fort_stays", cell=_cell(state, source))
    target = action.target
    if target is None:
        raise ManoeuvreError("manoeuvres.error.not_now")
    if not (0 <= target < state.rules.grid.size) or not state.board.free(target) and (
            not isinstance(action, Step) or not action.tow):
        raise ManoeuvreError("manoeuvres.error.not_free", cell=_cell(state, target))
    if kind in (Kind.TORPEDO, Kind.MINE):
        raise ManoeuvreError("manoeuvres.error.weapon_needs_tug", cell=_cell(state, source),
                             kind=kind.title, tug=Text(
                                 "manoeuvres.kind.torpedo_boat" if kind is Kind.TORPEDO
                                 else "manoeuvres.kind.destroyer"))
    if isinstance(action, Step) and action.tow:
        raise ManoeuvreError("manoeuvres.error.bad_tow", cell=_cell(state, source))
    raise ManoeuvreError("manoeuvres.error.too_far", cell=_cell(state, source),
                         target=_cell(state, target), kind=kind.title)


def _refuse_shot(state: ManoeuvreState, seat: int, action: Shoot | PointBlank) -> None:
    _own(state, seat, action.torpedo, {Kind.TORPEDO}, "manoeuvres.error.no_torpedo")
    if not state.board.beside(action.torpedo, seat, Kind.TORPEDO_BOAT):
        raise ManoeuvreError("manoeuvres.error.no_boat_beside", cell=_cell(state, action.torpedo))
    if state.stage is Stage.AFTER_MOVE:
        raise ManoeuvreError("manoeuvres.error.after_move")
    if isinstance(action, PointBlank):
        raise ManoeuvreError("manoeuvres.error.point_blank", cell=_cell(state, action.target))


def _refuse_attack(state: ManoeuvreState, seat: int, action: Attack) -> None:
    board = state.board
    target = board.at.get(action.target)
    if target is None or target.owner == seat:
        raise ManoeuvreError("manoeuvres.error.no_enemy", cell=_cell(state, action.target))
    if not action.group:
        raise ManoeuvreError("manoeuvres.error.bad_group")
    kinds = {_own(state, seat, cell, None, "manoeuvres.error.no_own_ship")
             for cell in action.group}
    if len(kinds) != 1 or not next(iter(kinds)).is_ship:
        raise ManoeuvreError("manoeuvres.error.bad_group")
    if not connected(board.grid, action.group) or list(action.group) != sorted(set(action.group)):
        raise ManoeuvreError("manoeuvres.error.bad_group")
    if not any(cell in sides(board.grid, action.target) for cell in action.group):
        raise ManoeuvreError("manoeuvres.error.not_beside", cell=_cell(state, action.target))
