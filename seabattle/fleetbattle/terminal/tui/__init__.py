"""The fleet battle's full-screen screens, as the shell (:mod:`seabattle.tui`) plays them.

:data:`SCREEN_SET` is the fleet battle's :class:`~seabattle.terminal.hook.ScreenSet`,
named in the definition's parts (``screen_set``): the set-up
(:mod:`~seabattle.fleetbattle.terminal.tui.setup`), then the battle
(:mod:`~seabattle.fleetbattle.terminal.tui.battle`), both drawn by the field widget of
:mod:`~seabattle.fleetbattle.terminal.tui.field`; the fields of the new-game form
(:mod:`~seabattle.fleetbattle.terminal.tui.settings`) and the game-over body
(:mod:`~seabattle.fleetbattle.terminal.tui.result`), styled by ``fleetbattle.tcss``. The
session and settings are the line game's (:mod:`seabattle.fleetbattle.terminal.lines`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen

from seabattle.fleetbattle.actions import PlaceFleet
from seabattle.fleetbattle.placement import Placement
from seabattle.fleetbattle.terminal.lines import COMPUTER, HUMAN, FleetSession, FleetSettings
from seabattle.fleetbattle.terminal.text import coordinates
from seabattle.fleetbattle.terminal.tui import result as game_over
from seabattle.fleetbattle.terminal.tui.battle import FleetBattleScreen
from seabattle.fleetbattle.terminal.tui.field import FleetField
from seabattle.fleetbattle.terminal.tui.online import OnlineFleetScreen
from seabattle.fleetbattle.terminal.tui.phrases import FleetPhrases
from seabattle.fleetbattle.terminal.tui.settings import FleetSettingsFields
from seabattle.fleetbattle.terminal.tui.setup import FleetSetupScreen
from seabattle.i18n import Language
from seabattle.terminal.hook import ScreenSet
from seabattle.terminal.online import OnlineLink


class FleetScreens(ScreenSet[FleetSettings, FleetSession, FleetPhrases]):
    """A person against the computer: the set-up, then the battle."""

    def phrasebook(self, settings: FleetSettings) -> FleetPhrases:
        return FleetPhrases(settings.language, settings.coordinates(),
                            coordinates(settings.rules, COMPUTER, settings.language))

    def new_session(self, settings: FleetSettings, seed: int | None) -> FleetSession:
        return FleetSession(settings, seed if seed is not None else settings.seed)

    def play(self, app: App[Any], session: FleetSession, phrases: FleetPhrases,
             over: Callable[[], None]) -> None:
        def start_battle(placement: Placement | None) -> None:
            assert placement is not None
            session.state.apply(HUMAN, PlaceFleet(placement))
            app.push_screen(FleetBattleScreen(session, phrases), lambda _: over())

        app.push_screen(FleetSetupScreen(session.state.rules, HUMAN, session.chance, phrases),
                        start_battle)

    def css_paths(self) -> list[Path]:
        return [Path(__file__).with_name("fleetbattle.tcss")]

    def work_in_hand(self, screen: Screen[Any]) -> bool:
        return isinstance(screen, FleetSetupScreen) and bool(screen.placed)

    def settings_fields(self, settings: FleetSettings, phrases: FleetPhrases
                        ) -> FleetSettingsFields:
        return FleetSettingsFields(settings, phrases)

    def outcome(self, session: FleetSession, phrases: FleetPhrases) -> str:
        return game_over.outcome(session, phrases)

    def result(self, session: FleetSession, phrases: FleetPhrases,
               width: int) -> ComposeResult:
        return game_over.result(session, phrases, width)

    def fit(self, screen: Screen[Any], width: int) -> None:
        for field in screen.query(FleetField):
            field.fit(width // 2)

    def guide(self, phrases: FleetPhrases) -> str:
        return phrases("fleet.tui.guide")

    def online_screen(self, link: OnlineLink, language: Language) -> OnlineFleetScreen:
        return OnlineFleetScreen(link, language)


SCREEN_SET = FleetScreens()
"""The fleet battle's screens, for :func:`seabattle.terminal.registry.find_screen_set`."""
