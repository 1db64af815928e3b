"""Battleship's game-over body: both fields revealed, the legend, how each side shot.

The shell's game-over screen (:mod:`seabattle.tui.game_over`) frames it with the outcome
(:func:`outcome`), the saved file and the keys.
"""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from seabattle.battleship.events import Resignation
from seabattle.battleship.game import ShotStats
from seabattle.battleship.session import COMPUTER, HUMAN, VsComputer
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui.board import Board, Legend, draw_for, fit_side_by_side
from seabattle.battleship.terminal.tui.marks import enemy_marks, own_marks, variant_marks

_STAT_ROWS = ("tui.over.shots", "tui.over.hits", "tui.over.accuracy", "tui.over.sunk")


def _figures(stats: ShotStats) -> tuple[str, ...]:
    """One side's figures, in the order of :data:`_STAT_ROWS`."""
    return str(stats.shots), str(stats.hits), f"{stats.accuracy:.0%}", str(stats.sunk)


def outcome(session: VsComputer, phrases: BattleshipPhrases) -> str:
    """Who won: the person, the computer, or the computer because the person resigned."""
    game = session.game
    assert game is not None
    resigned = bool(game.events) and isinstance(game.events[-1], Resignation)
    if game.winner == HUMAN:
        return phrases("tui.over.won")
    return phrases("tui.over.resigned" if resigned else "tui.over.lost")


def result(session: VsComputer, phrases: BattleshipPhrases, width: int) -> ComposeResult:
    """The rules line, both fields (the enemy's as known in the battle, with its fleet
    shown where it is now), the legend and the figures."""
    view = session.view()
    assert view.opponent_fleet is not None, "the game is over"
    yield Static(phrases.rules(session.rules, session.level), id="rules", markup=False)
    with Horizontal(id="fields"):
        own = Board(phrases.coordinates, own_marks(view),
                    focusable=False, show_cursor=False, id="own")
        own.border_title = phrases("tui.field.yours")
        yield own
        enemy = Board(phrases.coordinates, enemy_marks(view, reveal=view.opponent_fleet),
                      focusable=False, show_cursor=False, id="enemy")
        enemy.border_title = phrases("tui.field.enemy_revealed")
        fit_side_by_side((own, enemy), width)
        yield enemy
    legend = Legend(phrases, variant_marks(session.rules))
    draw_for((own, enemy, legend), session.rules)
    yield legend
    yield Static(stats_table(session, phrases), id="stats")


def stats_table(session: VsComputer, phrases: BattleshipPhrases) -> Table:
    """Shots, hits, accuracy and ships sunk, the person's beside the computer's."""
    game = session.game
    assert game is not None
    table = Table(title=phrases("tui.over.stats"), title_justify="left", box=None,
                  padding=(0, 1))
    table.add_column("")
    table.add_column(phrases("tui.over.you"), justify="right")
    table.add_column(phrases("tui.over.computer"), justify="right")
    rows = zip(_STAT_ROWS, _figures(game.stats(HUMAN)), _figures(game.stats(COMPUTER)),
               strict=True)
    for key, yours, computers in rows:
        table.add_row(phrases(key), yours, computers)
    return table
