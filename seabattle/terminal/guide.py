"""The guided first game: a short word on how to place, turn and fire, shown once.

The first time ``seabattle play`` runs on a computer, the game's guide is shown (the
full-screen game: a notice over the set-up; line mode: a line after the legend); a file in
the user's state folder (``platformdirs``; ``$XDG_STATE_HOME/seabattle`` on Linux) then
remembers it, and it is never shown again unless asked for (``--guide``). A folder that
cannot be written only means the guide may show again: it never stops a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from platformdirs import user_state_path

if TYPE_CHECKING:  # the line game must not load Textual
    from textual.app import App

    from seabattle.terminal.hook import ScreenSet
    from seabattle.terminal.phrases import Phrasebook

SEEN_FILE = "guide-seen"


def guide_file() -> Path:
    """Where the guide's having been shown is remembered."""
    return user_state_path("seabattle") / SEEN_FILE


def guide_due(asked: bool, path: Path | None = None) -> bool:
    """Whether to show the guide: asked for, or never shown on this computer. Remembers
    that it is being shown."""
    path = path or guide_file()
    due = asked or not path.exists()
    if due:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("shown\n", encoding="utf-8")
        except OSError:
            pass  # shown again next time: no harm
    return due


GUIDE_SECONDS = 40
"""How long the full-screen guide stays up (any key of the game works meanwhile)."""


def show_guide(app: App[Any], screens: ScreenSet[Any, Any, Any], phrases: Phrasebook,
               due: bool) -> None:
    """Show the game's guide over ``app``'s screen, when ``due``."""
    text = screens.guide(phrases) if due else None
    if text:
        app.notify(text, title=phrases("tui.guide_title"), timeout=GUIDE_SECONDS, markup=False)
