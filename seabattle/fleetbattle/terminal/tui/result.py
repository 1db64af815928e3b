"""The fleet battle's game-over body: both fields revealed, each side's ships by fate
(destroyed, captured, escaped, still in the battle, needing repair) and the winner's
trophies. The shell's game-over screen (:mod:`seabattle.tui.game_over`) frames it with the
outcome (:func:`outcome`), the saved file and the keys."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from seabattle.fleetbattle.events import BattleOver
from seabattle.fleetbattle.terminal.lines import HUMAN, FleetSession
from seabattle.fleetbattle.terminal.text import totals_line, trophies_line
from seabattle.fleetbattle.terminal.tui.field import FleetField
from seabattle.fleetbattle.terminal.tui.marks import enemy_cells, legend, own_cells
from seabattle.fleetbattle.terminal.tui.phrases import FleetPhrases
from seabattle.fleetbattle.terminal.tui.rows import between_items
from seabattle.fleetbattle.views import FleetView, Result

_FATES = ("destroyed", "captured", "escaped", "remaining", "damaged")
"""The rows of the result, as :class:`~seabattle.fleetbattle.views.Result` names them."""


def outcome(session: FleetSession, phrases: FleetPhrases) -> str:
    """Who won and why, as the narrator says it («Your fleet wins: the enemy has no ship
    left in the battle.»)."""
    last = session.state.journal[-1]
    assert isinstance(last, BattleOver)
    return phrases.narrator(session.state.rules).say(last) or ""


def result(session: FleetSession, phrases: FleetPhrases, width: int) -> ComposeResult:
    """The body of the battle against the computer (:func:`result_body`)."""
    return result_body(session.state.view(HUMAN), phrases, width)


def result_body(view: FleetView, phrases: FleetPhrases, width: int) -> ComposeResult:
    """Both fields (the enemy's fleet shown where it was), the totals, the ships of each
    side by fate and the trophies, as ``view``'s seat reads them."""
    p = phrases
    seat = view.seat
    assert seat is not None and view.placements is not None, "the battle is over"
    with Horizontal(id="fields"):
        own = FleetField(p.coordinates, own_cells(view, p.language), show_cursor=False,
                         id="own")
        own.border_title = p("tui.field.yours")
        own.fit(width // 2)
        yield own
        enemy = FleetField(p.enemy, enemy_cells(view, seat, p.language,
                                                reveal=view.placements[1 - seat]),
                           show_cursor=False, id="enemy")
        enemy.border_title = p("tui.field.enemy_revealed")
        enemy.fit(width // 2)
        yield enemy
    yield Static(legend(p.language), id="legend", markup=False)
    names = (p("fleet.plain.you"), p("fleet.plain.enemy"))
    yield Static("\n".join(totals_line(view.sides[side], names[side != seat], p.language)
                           for side in (seat, 1 - seat)), id="totals", markup=False)
    yield Static(fates_table(view, phrases, width), id="stats")
    said = (p("fleet.plain.you_said"), p("fleet.plain.enemy_said"))
    trophies = trophies_line(view, (said[seat != 0], said[seat == 0]), p.language)
    if trophies is not None:
        yield Static(trophies, id="trophies", markup=False)


def fates_table(view: FleetView, phrases: FleetPhrases, width: int) -> Table:
    """Each side's ships by fate, by kind: the reader's first; in a terminal ``width``
    columns wide, a list of ships is broken only after a comma."""
    p = phrases
    seat = view.seat
    assert seat is not None and view.results is not None
    label = max(len(p(f"fleet.tui.over.{fate}")) for fate in _FATES)
    # The body's padding and a scroll bar (4), then each of three columns' padding (2).
    column = (width - 4 - (label + 2)) // 2 - 2
    table = Table(title=p("fleet.tui.over.fates"), title_justify="left", box=None,
                  padding=(0, 1))
    table.add_column("")
    table.add_column(p("fleet.plain.you"))
    table.add_column(p("fleet.plain.enemy"))

    def ships(side: int, result: Result, fate: str) -> str:
        indices: tuple[int, ...] = getattr(result, fate)
        return between_items(p.make_up([view.rules.pieces(side)[i] for i in indices]),
                             column) if indices else "—"

    for fate in _FATES:
        table.add_row(p(f"fleet.tui.over.{fate}"),
                      *(ships(side, view.results[side], fate) for side in (seat, 1 - seat)))
    return table
