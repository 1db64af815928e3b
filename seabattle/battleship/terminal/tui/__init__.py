"""Battleship's full-screen screens, as the shell (:mod:`seabattle.tui`) plays them.

:data:`SCREEN_SET` is Battleship's :class:`~seabattle.terminal.hook.ScreenSet`, found by
the shell through :mod:`seabattle.terminal.registry`: the set-up screen
(:mod:`~seabattle.battleship.terminal.tui.setup`), then the battle
(:mod:`~seabattle.battleship.terminal.tui.battle`), both drawn by the widgets of
:mod:`~seabattle.battleship.terminal.tui.board`; the fields of the new-game form
(:mod:`~seabattle.battleship.terminal.tui.settings`) and the game-over body
(:mod:`~seabattle.battleship.terminal.tui.result`), styled by ``battleship.tcss``. The
classroom's own app is :mod:`~seabattle.battleship.terminal.tui.classroom`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen

from seabattle.battleship.fleet import Fleet
from seabattle.battleship.session import GameSettings, VsComputer
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui import result as game_over
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import Board, fit_side_by_side
from seabattle.battleship.terminal.tui.online import OnlineBattleshipScreen
from seabattle.battleship.terminal.tui.settings import BattleshipSettingsFields
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.i18n import Language
from seabattle.terminal.hook import ScreenSet
from seabattle.terminal.online import OnlineLink


class BattleshipScreens(ScreenSet[GameSettings, VsComputer, BattleshipPhrases]):
    """A person against the computer: set-up, then the battle."""

    def phrasebook(self, settings: GameSettings) -> BattleshipPhrases:
        return BattleshipPhrases(settings.language, settings.coordinates())

    def new_session(self, settings: GameSettings, seed: int | None) -> VsComputer:
        return settings.new_session(seed)

    def next_session(self, settings: GameSettings, seed: int | None, previous: VsComputer
                     ) -> VsComputer:
        return settings.new_session(seed, previous)

    def play(self, app: App[Any], session: VsComputer, phrases: BattleshipPhrases,
             over: Callable[[], None]) -> None:
        def start_battle(fleet: Fleet | None) -> None:
            assert fleet is not None
            opening = session.start(fleet)
            if session.view().is_over:  # the computer shot first and never missed
                over()
            else:
                app.push_screen(BattleScreen(session, phrases, len(opening)),
                                lambda _: over())

        app.push_screen(SetupScreen(session, phrases), start_battle)

    def css_paths(self) -> list[Path]:
        return [Path(__file__).with_name("battleship.tcss")]

    def work_in_hand(self, screen: Screen[Any]) -> bool:
        return isinstance(screen, SetupScreen) and bool(screen.placed or screen.painted)

    def settings_fields(self, settings: GameSettings, phrases: BattleshipPhrases
                        ) -> BattleshipSettingsFields:
        return BattleshipSettingsFields(settings, phrases)

    def outcome(self, session: VsComputer, phrases: BattleshipPhrases) -> str:
        return game_over.outcome(session, phrases)

    def result(self, session: VsComputer, phrases: BattleshipPhrases,
               width: int) -> ComposeResult:
        return game_over.result(session, phrases, width)

    def fit(self, screen: Screen[Any], width: int) -> None:
        fit_side_by_side(screen.query(Board), width)

    def guide(self, phrases: BattleshipPhrases) -> str:
        return phrases("tui.guide", example=phrases.coordinates.example)

    def online_screen(self, link: OnlineLink, language: Language) -> OnlineBattleshipScreen:
        return OnlineBattleshipScreen(link, language)


SCREEN_SET = BattleshipScreens()
"""Battleship's screens, for :func:`seabattle.terminal.registry.find_screen_set`."""
