"""The game-over screen: both fields revealed, who won, how each side shot."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from seabattle.battleship.events import Resignation
from seabattle.battleship.game import ShotStats
from seabattle.battleship.session import COMPUTER, HUMAN, VsComputer
from seabattle.tui.board import Board, Legend, fit_side_by_side
from seabattle.tui.keys import KeyHelp
from seabattle.tui.marks import enemy_marks, own_marks, variant_marks
from seabattle.tui.phrases import Phrasebook

_STAT_ROWS = ("tui.over.shots", "tui.over.hits", "tui.over.accuracy", "tui.over.sunk")


def _figures(stats: ShotStats) -> tuple[str, ...]:
    """One side's figures, in the order of :data:`_STAT_ROWS`."""
    return str(stats.shots), str(stats.hits), f"{stats.accuracy:.0%}", str(stats.sunk)


class GameOverScreen(Screen[bool]):
    """The end of a game; dismissed with ``True`` to play again."""

    BINDINGS = [
        # Not Enter: a player still firing at the end must not skip this screen.
        Binding("n,т", "again", "tui.key.again"),
        Binding("o,щ", "app.choose_settings", "tui.key.new_game"),
        Binding("q,й", "app.quit", "tui.key.quit"),
    ]

    def __init__(self, session: VsComputer, phrases: Phrasebook, saved: Path | None) -> None:
        super().__init__()
        self.session = session
        self.phrases = phrases
        self.saved = saved

    def compose(self) -> ComposeResult:
        phrases = self.phrases
        view = self.session.view()
        assert view.opponent_fleet is not None, "the game is over"
        yield Static(self._outcome(), id="title", markup=False)
        with VerticalScroll(id="main"):  # arrows and page keys scroll a short terminal
            yield Static(phrases.rules(self.session.rules, self.session.level), id="rules",
                         markup=False)
            with Horizontal(id="fields"):
                own = Board(phrases.coordinates, own_marks(view),
                            focusable=False, show_cursor=False, id="own")
                own.border_title = phrases("tui.field.yours")
                yield own
                # As known in the battle, with the enemy's fleet shown where it is now.
                enemy = Board(phrases.coordinates,
                              enemy_marks(view, reveal=view.opponent_fleet),
                              focusable=False, show_cursor=False, id="enemy")
                enemy.border_title = phrases("tui.field.enemy_revealed")
                fit_side_by_side((own, enemy), self.app.size.width)
                yield enemy
            yield Legend(phrases, variant_marks(self.session.rules))
            yield Static(self._stats(), id="stats")
            if self.saved is not None:
                yield Static(phrases("tui.over.saved", path=str(self.saved)), id="saved",
                             markup=False)
        yield KeyHelp(phrases)

    def on_mount(self) -> None:
        self.query_one("#main").focus()  # so that the keyboard scrolls a short terminal

    def on_resize(self, event: events.Resize) -> None:
        fit_side_by_side(self.query(Board), event.size.width)

    def _outcome(self) -> str:
        game = self.session.game
        assert game is not None
        resigned = bool(game.events) and isinstance(game.events[-1], Resignation)
        if game.winner == HUMAN:
            return self.phrases("tui.over.won")
        return self.phrases("tui.over.resigned" if resigned else "tui.over.lost")

    def _stats(self) -> Table:
        phrases = self.phrases
        game = self.session.game
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

    def action_again(self) -> None:
        """Start a new game."""
        self.dismiss(True)
