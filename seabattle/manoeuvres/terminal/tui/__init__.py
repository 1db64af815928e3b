"""The manoeuvre game's full-screen screens, as the shell (:mod:`seabattle.tui`) plays them.

:data:`SCREEN_SET` is its :class:`~seabattle.terminal.hook.ScreenSet`: the secret set-up
(:mod:`~seabattle.manoeuvres.terminal.tui.setup`), then the battle
(:mod:`~seabattle.manoeuvres.terminal.tui.battle`), both drawn by the field of
:mod:`~seabattle.manoeuvres.terminal.tui.field`; the fields of the new-game form
(:mod:`~seabattle.manoeuvres.terminal.tui.settings`) and the game-over body
(:mod:`~seabattle.manoeuvres.terminal.tui.result`), styled by ``manoeuvres.tcss``; online,
the same set-up and field against a person on a server
(:mod:`~seabattle.manoeuvres.terminal.tui.online`). The
game itself is the line game's session (:class:`~seabattle.manoeuvres.terminal.lines.
ManoeuvreSession`): the player in seat 0, the computer in seat 1.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen

from seabattle.i18n import Language, Text
from seabattle.manoeuvres.actions import Deploy
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.terminal.lines import HUMAN, ManoeuvreSession, ManoeuvreSettings
from seabattle.manoeuvres.terminal.tui import result as game_over
from seabattle.manoeuvres.terminal.tui.battle import BattleScreen
from seabattle.manoeuvres.terminal.tui.field import Field
from seabattle.manoeuvres.terminal.tui.online import OnlineManoeuvreScreen
from seabattle.manoeuvres.terminal.tui.settings import ManoeuvreSettingsFields
from seabattle.manoeuvres.terminal.tui.setup import SetupScreen
from seabattle.terminal.hook import ScreenSet
from seabattle.terminal.online import OnlineLink
from seabattle.terminal.phrases import Phrasebook


def rules_line(session: ManoeuvreSession, phrases: Phrasebook) -> str:
    """The rules and the computer's level, in a line."""
    return phrases("manoeuvres.tui.rules_line",
                   rules=DEFINITION.rules_title(session.state.rules),
                   level=Text(f"tui.level.{session.settings.level}"))


class ManoeuvreScreens(ScreenSet[ManoeuvreSettings, ManoeuvreSession, Phrasebook]):
    """The player against the computer: the set-up, then the battle."""

    def phrasebook(self, settings: ManoeuvreSettings) -> Phrasebook:
        return Phrasebook(settings.language, settings.coordinates())

    def new_session(self, settings: ManoeuvreSettings, seed: int | None) -> ManoeuvreSession:
        return ManoeuvreSession(settings, seed if seed is not None else settings.seed)

    def play(self, app: App[Any], session: ManoeuvreSession, phrases: Phrasebook,
             over: Callable[[], None]) -> None:
        line = rules_line(session, phrases)

        def deployed(action: Deploy | None) -> None:
            assert action is not None
            session.state.apply(HUMAN, action)
            app.push_screen(BattleScreen(session, phrases, line), lambda _: over())

        app.push_screen(SetupScreen(session.state.rules, HUMAN, session.chance, phrases, line),
                        deployed)

    def css_paths(self) -> list[Path]:
        return [Path(__file__).with_name("manoeuvres.tcss")]

    def work_in_hand(self, screen: Screen[Any]) -> bool:
        return isinstance(screen, SetupScreen) and bool(screen.placing.placed)

    def settings_fields(self, settings: ManoeuvreSettings, phrases: Phrasebook
                        ) -> ManoeuvreSettingsFields:
        return ManoeuvreSettingsFields(settings, phrases)

    def outcome(self, session: ManoeuvreSession, phrases: Phrasebook) -> str:
        return game_over.outcome(session, phrases)

    def result(self, session: ManoeuvreSession, phrases: Phrasebook,
               width: int) -> ComposeResult:
        return game_over.result(session, phrases, rules_line(session, phrases), width)

    def fit(self, screen: Screen[Any], width: int) -> None:
        for field in screen.query(Field):
            field.fit(width - 2)

    def guide(self, phrases: Phrasebook) -> str:
        return phrases("manoeuvres.tui.guide")

    def online_screen(self, link: OnlineLink, language: Language) -> OnlineManoeuvreScreen:
        return OnlineManoeuvreScreen(link, language)


SCREEN_SET = ManoeuvreScreens()
"""The manoeuvre game's screens, for :func:`seabattle.terminal.registry.find_screen_set`."""
