"""The log of a game's screen: what happened, a line each, newest at the bottom."""

from __future__ import annotations

from typing import Self

from rich.console import RenderableType
from textual.widgets import RichLog

LOG_LINES = 500
"""The lines a log keeps (older ones scroll away)."""


class GameLog(RichLog):
    """A game's log (``#log``). Its lines wrap at the log's own width — Textual's
    ``RichLog`` renders a line at least 78 columns wide unless told otherwise, which cut the
    ends of long lines at 80×24 and left half a wide log empty, and wraps at the console's
    width unless a line is written with ``expand``, which broke a 120-column log's lines
    at 80 — and it never takes the focus from the game's keys or cell entry."""

    def __init__(self) -> None:
        super().__init__(id="log", max_lines=LOG_LINES, wrap=True, min_width=1)
        self.can_focus = False

    def write(self, content: RenderableType | object, width: int | None = None,
              expand: bool = True, shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> Self:
        """Write a line, wrapped at the log's own width (``expand`` by default)."""
        return super().write(content, width, expand, shrink, scroll_end, animate)
