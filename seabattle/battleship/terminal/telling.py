"""What both terminal games say about a shot: the person's own sinkings named.

The engine answers a sinking as the rules announce it (:attr:`~seabattle.battleship.view.
ShotInfo.answer`): under ``announce = sunk`` only «Убил!». Yet where the sunk cells are
certain the person knows which ship went down whenever its size names one kind of the
fleet (classic: four sizes, four kinds), and :class:`~seabattle.battleship.view.SunkShip`
carries that kind. The computer's sinkings of the person's ships always name them (they
are the person's own), so without this the log named the ship one way and not the other.
"""

from __future__ import annotations

from seabattle.battleship.session import Told
from seabattle.battleship.view import PlayerView
from seabattle.i18n import Text


def told_params(told: Told, view: PlayerView) -> Told:
    """``told`` with the sunk ship named where the person can know it (see the module)."""
    answer = told.params.get("answer")
    if (told.kind != "you_fired" or not isinstance(answer, Text)
            or answer.key != "shot.sunk"):
        return told
    for sunk in view.sunk:
        if sunk.cell == told.params.get("cell") and sunk.kind is not None:
            named = Text("shot.sunk_named", {"ship": sunk.kind.title})
            return Told(told.kind, {**told.params, "answer": named})
    return told
