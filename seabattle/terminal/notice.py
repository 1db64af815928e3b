"""The line where screens answer the player: what happened, or why not."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Notice(Static):
    """A one-line message to the player; refusals are styled as errors."""

    def say(self, message: str) -> None:
        """Show ``message``."""
        self.update(Text(message))
        self.remove_class("-error")

    def error(self, message: str) -> None:
        """Show ``message`` as a refusal."""
        self.update(Text(message))
        self.add_class("-error")

    def clear(self) -> None:
        """Show nothing."""
        self.say("")

    @property
    def text(self) -> str:
        """The message shown now, as plain text."""
        return str(self.content)
