"""The manoeuvre game's game-over body: the field with every piece revealed and, kind by
kind, what each side has left and lost. The shell's game-over screen
(:mod:`seabattle.tui.game_over`) frames it with the outcome (:func:`outcome`)."""

from __future__ import annotations

from collections import Counter

from rich.table import Table
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from seabattle.manoeuvres.terminal.lines import COMPUTER, HUMAN, ManoeuvreSession
from seabattle.manoeuvres.terminal.text import abbreviation
from seabattle.manoeuvres.terminal.tui.field import Field, draw
from seabattle.terminal.phrases import Phrasebook


def outcome(session: ManoeuvreSession, phrases: Phrasebook) -> str:
    """Who won and why, or the draw and why."""
    result = session.state.outcome()
    assert result is not None, "the game is over"
    reason = result.reason.render(phrases.language)
    if result.winner is None:
        return reason[:1].upper() + reason[1:]
    if result.winner != HUMAN and result.reason.key == "outcome.resigned":
        return phrases("manoeuvres.tui.over.you_resigned")  # not «the opponent resigned»
    return phrases("manoeuvres.tui.over.won" if result.winner == HUMAN
                   else "manoeuvres.tui.over.lost", reason=reason)


def result(session: ManoeuvreSession, phrases: Phrasebook, rules_line: str, width: int
           ) -> ComposeResult:
    """The rules line, the field revealed (one's own pieces in capitals, the computer's in
    small letters) and the pieces' table."""
    view = session.state.view(HUMAN)
    yield Static(rules_line, id="rules", markup=False)
    field = Field(phrases.coordinates, draw(view, phrases.language, {}), focusable=False,
                  show_cursor=False, id="field")
    field.border_title = phrases("manoeuvres.tui.field.revealed")
    field.fit(width - 2)
    yield Horizontal(field, id="fields")  # in line with the title, as in the battle
    yield Static(pieces_table(session, phrases), id="stats")


def pieces_table(session: ManoeuvreSession, phrases: Phrasebook) -> Table:
    """Kind by kind, the pieces each side has on the field and has lost."""
    view = session.state.view(HUMAN)
    table = Table(title=phrases("manoeuvres.tui.over.pieces"), title_justify="left", box=None,
                  padding=(0, 1))
    table.add_column("")
    for heading in ("manoeuvres.tui.over.yours_left", "manoeuvres.tui.over.yours_lost",
                    "manoeuvres.tui.over.enemy_left", "manoeuvres.tui.over.enemy_lost"):
        table.add_column(phrases(heading), justify="right")
    on_field = [Counter(p.kind for p in view.pieces if p.owner == seat)
                for seat in (HUMAN, COMPUTER)]
    lost = [Counter(view.lost[seat]) for seat in (HUMAN, COMPUTER)]
    for kind, count in view.rules.pieces:
        if count:
            table.add_row(f"{abbreviation(kind, phrases.language, True)} "
                          f"{kind.title.render(phrases.language)}",
                          str(on_field[0][kind]), str(lost[0][kind]),
                          str(on_field[1][kind]), str(lost[1][kind]))
    return table
