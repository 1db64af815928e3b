"""The key help line, which shows the active key bindings in the game's language."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from seabattle.i18n import MESSAGES
from seabattle.terminal.phrases import Phrasebook


class KeyHelp(Widget):
    """The keys the current screen answers to, with what they do.

    A binding's description is a catalogue key (``"tui.key.rotate"``), so that the
    help is translated like every other text; the bindings of Textual's own widgets
    (a drop-down list's "Dismiss menu"), which have no translation, are left out.
    Bindings that share a description are shown once, by their first key: ``r``
    stands for ``r``, ``к`` (the same key in the Russian layout) and space.
    """

    COMPONENT_CLASSES = {"keyhelp--key", "keyhelp--disabled"}

    def __init__(self, phrases: Phrasebook, id: str | None = None) -> None:
        super().__init__(id=id)
        self.phrases = phrases

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        self.refresh(layout=True)

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keyhelp--key")
        disabled_style = self.get_component_rich_style("keyhelp--disabled")
        shown: dict[str, tuple[str, bool]] = {}
        # The screen's own keys first: its "q" rather than the app's "^q".
        actives = sorted(self.screen.active_bindings.values(), key=lambda a: a.node is self.app)
        for active in actives:
            binding = active.binding
            if binding.show and binding.description in MESSAGES:
                shown.setdefault(binding.description,
                                 (self.app.get_key_display(binding), active.enabled))
        # Lines break between keys, never inside a key's label.
        width = self.size.width or 80
        text = Text(end="")
        used = 0
        for description, (key, enabled) in shown.items():
            entry = Text(end="")
            entry.append(f" {key} ", key_style)
            entry.append(f" {self.phrases(description)}  ", None if enabled else disabled_style)
            if used and used + entry.cell_len > width:
                text.append("\n")
                used = 0
            text.append_text(entry)
            used += entry.cell_len
        return text
