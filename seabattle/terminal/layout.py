"""How the terminal's screens fit a short terminal (80×24, the classic size).

Below :data:`SHORT_ROWS` rows the app carries the class ``-short``, and the games'
stylesheets drop what can be spared there (Battleship's: the fields' lower borders, the
rules line and legend of the battle and game-over screens, the «afloat» lines), so that the
log keeps several lines and the figures after a game are not cut.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

SHORT_ROWS = 32
"""Terminals with fewer rows than this get the compact layout."""


def fit_height(app: App[Any], rows: int) -> None:
    """Set or clear the app's ``-short`` class for a terminal ``rows`` high."""
    app.set_class(rows < SHORT_ROWS, "-short")
