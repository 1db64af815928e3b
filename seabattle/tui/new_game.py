"""The new-game screen: the frame of a form whose fields are the game's own.

Opened with ``o`` from the screens that bind it; dismissed with the new settings, or
``None`` when the player goes back. The game's
:class:`~seabattle.terminal.hook.SettingsFields` bring the fields (the language's row
among them) and build the settings; settings the game refuses (a salvo with
shoot-again, too many mines for the field, …) are refused here with its reason, and the
form stays as it was.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from seabattle.errors import SeaBattleError
from seabattle.terminal.hook import SettingsFields
from seabattle.terminal.keys import KeyHelp
from seabattle.terminal.notice import Notice
from seabattle.terminal.phrases import Phrasebook


class NewGameScreen(Screen[Any]):
    """A form over the settings of the next game; Escape goes back unchanged."""

    BINDINGS = [Binding("escape", "cancel", "tui.key.back"),
                Binding("ctrl+s", "start", "tui.key.start_new", priority=True)]

    def __init__(self, fields: SettingsFields[Any], phrases: Phrasebook) -> None:
        super().__init__()
        self.fields = fields
        self.phrases = phrases

    def compose(self) -> ComposeResult:
        p = self.phrases
        yield Static(p("tui.new.title"), id="title", markup=False)
        with VerticalScroll(id="new-form"):
            yield self.fields
            with Horizontal(id="new-buttons"):
                yield Button(p("tui.new.start"), variant="primary", id="start")
                yield Button(p("tui.new.cancel"), id="cancel")
        yield Notice(id="message")
        yield KeyHelp(self.phrases)

    def on_mount(self) -> None:
        first = self.fields.first_field()
        if first is not None:
            first.focus()

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        """Start a game with the settings of the form, if the game accepts them."""
        try:
            settings = self.fields.chosen()
        except SeaBattleError as error:
            self.query_one("#message", Notice).error(self.phrases.error(error))
            return
        self.dismiss(settings)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Back to where the player was, nothing changed."""
        self.dismiss(None)
