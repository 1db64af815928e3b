"""Events told in words, as an umpire who sees both fleets would tell them.

Used where a whole game is shown at once (``seabattle replay``, game-over screens);
a player's own answers come from :attr:`seabattle.battleship.view.ShotInfo.answer` instead.
Cells are named with the ``coords`` the caller shows.
"""

from __future__ import annotations

from seabattle.battleship.events import (
    Event,
    Handover,
    MineReveal,
    Resignation,
    ShipMove,
    Shot,
    ShotResult,
)
from seabattle.battleship.fleet import Fleet
from seabattle.coords import Coordinates, iter_cells
from seabattle.i18n import Text


def shot_answer(shot: Shot, fleets: tuple[Fleet, Fleet]) -> Text:
    """The answer to ``shot``, naming a sunk ship."""
    if shot.result is not ShotResult.SUNK or shot.ship is None:
        return Text(f"shot.{shot.result.value}")
    kind = fleets[1 - shot.player].ships[shot.ship].kind
    return Text("shot.sunk_named", {"ship": kind.title})


def describe(event: Event, fleets: tuple[Fleet, Fleet], coords: Coordinates) -> Text:
    """What ``event`` was, without saying who did it (the caller names the player)."""
    if isinstance(event, Resignation):
        return Text("event.resign")
    if isinstance(event, Handover):
        return Text("event.handover", {"cell": coords.name(event.cell)})
    if isinstance(event, MineReveal):
        if event.cell is None:
            return Text("event.reveal_none")
        return Text("event.reveal", {"cell": coords.name(event.cell)})
    if isinstance(event, ShipMove):
        ship = fleets[event.player].ships[event.ship].kind.title
        if event.cells is None:
            return Text("event.stay", {"ship": ship})
        cells = [coords.name(c) for c in iter_cells(event.cells)]
        return Text("event.move", {"ship": ship, "cells": " ".join(cells)})
    answer = shot_answer(event, fleets)
    key = "event.dying" if event.dying else "event.shot"
    return Text(key, {"cell": coords.name(event.cell), "answer": answer})
