"""A yes-or-no question over the current screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.phrases import Phrasebook


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; dismissed with ``True`` for yes. "No" has the focus. A notice
    showing (the first game's guide) is cleared, so it is not drawn over the question (at
    80×24 it covered half of it); the screen below keeps its dimmed copy until the
    question is answered."""

    BINDINGS = [
        Binding("y,н", "answer(True)", "tui.key.yes"),
        Binding("n,т,escape", "answer(False)", "tui.key.no"),
    ]

    def __init__(self, phrases: Phrasebook, question: str) -> None:
        super().__init__()
        self.phrases = phrases
        self.question = question

    def compose(self) -> ComposeResult:
        with Grid(id="dialog"):
            yield Label(self.question, id="question", markup=False)
            yield Button(self.phrases("tui.confirm.yes"), variant="error", id="yes")
            yield Button(self.phrases("tui.confirm.no"), variant="primary", id="no")
            yield KeyHelp(self.phrases, id="dialog-keys")

    def on_mount(self) -> None:
        self.app.clear_notifications()
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer the question (key binding)."""
        self.dismiss(yes)
