"""The application: any game's screens, one game after another.

The app holds the session of the game in play and the game's
:class:`~seabattle.terminal.hook.ScreenSet`, found by the game's name
(:func:`~seabattle.terminal.registry.find_screen_set`); the game's screens lead it until
the game is over, then the app shows the game-over screen and, if asked, the next game.
Every screen reads and drives the session, and keeps no state of the game itself. The
record is written when a game ends and when the player quits in the middle of one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding

from seabattle.games.registry import DEFAULT_GAME
from seabattle.terminal.confirm import ConfirmScreen
from seabattle.terminal.guide import show_guide
from seabattle.terminal.hook import ScreenSet
from seabattle.terminal.layout import fit_height
from seabattle.terminal.phrases import Phrasebook
from seabattle.terminal.registry import find_screen_set
from seabattle.terminal.session import TerminalSession, TerminalSettings
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen


class SeaBattleApp(App[int]):
    """A game against the computer, full-screen; exits with status 0."""

    ENABLE_COMMAND_PALETTE = False
    # Ctrl+C quits too, as people expect (Textual would only explain how to quit).
    BINDINGS = [Binding("ctrl+q", "quit", "tui.key.quit", priority=True),
                Binding("ctrl+c", "quit", show=False, priority=True)]

    def __init__(self, settings: TerminalSettings, game: str = DEFAULT_GAME, *,
                 guide: bool = False) -> None:
        screens: ScreenSet[Any, Any, Any] = find_screen_set(game)
        # The shell's styles, then the game's.
        super().__init__(css_path=[Path(__file__).with_name("app.tcss"), *screens.css_paths()])
        self.screens = screens
        self.settings = settings
        self.phrases: Phrasebook = self.screens.phrasebook(settings)
        # The game's own session type: its screens and tests read it as it is.
        self.session: Any = self.screens.new_session(settings, None)
        self.game_number = 1
        """Games played in this run, the current one included."""
        self.save_problem: str | None = None
        """Why the record could not be written, if it could not."""
        self.guide = guide
        """Whether to say how to play over the first screen (:mod:`seabattle.terminal.guide`)."""

    @property
    def _session(self) -> TerminalSession:
        """The session as the shell knows it."""
        session: TerminalSession = self.session
        return session

    def on_mount(self) -> None:
        self.title = self.phrases("tui.title")
        fit_height(self, self.size.height)
        self._play()
        show_guide(self, self.screens, self.phrases, self.guide)

    def on_resize(self, event: events.Resize) -> None:
        fit_height(self, event.size.height)

    # --- from screen to screen ----------------------------------------------------

    def _play(self) -> None:
        self.screens.play(self, self.session, self.phrases, self._end_game)

    def _end_game(self) -> None:
        saved = self.save_record()
        self.push_screen(GameOverScreen(self.screens, self.session, self.phrases, saved),
                         self._after_game)

    def _after_game(self, again: bool | None) -> None:
        if not again:
            self.exit(0)
            return
        self._next_game()

    def _next_game(self, chosen_seed: int | None = None) -> None:
        """A new game with :attr:`settings`, from its first screen; ``chosen_seed``: a
        seed the new-game form changed the settings to, played as it is."""
        seed = None if self.settings.seed is None else self._session.seed
        if self._session.started:
            # A seeded game's next game is seeded too, differently: new, yet
            # reproducible; its record goes to the next file.
            seed = None if seed is None else seed + 1
            self.game_number += 1
        if chosen_seed is not None:
            seed = chosen_seed
        self.session = self.screens.next_session(self.settings, seed, self.session)
        self._play()

    def action_choose_settings(self) -> None:
        """Open the new-game screen (the game's screens bind ``o`` where it may be)."""
        if not isinstance(self.screen, NewGameScreen):
            fields = self.screens.settings_fields(self.settings, self.phrases)
            self.push_screen(NewGameScreen(fields, self.phrases), self._new_settings)

    def _new_settings(self, settings: TerminalSettings | None) -> None:
        if settings is None:
            return
        reseeded = settings.seed is not None and settings.seed != self.settings.seed
        self.settings = settings
        self.phrases = self.screens.phrasebook(settings)
        self.title = self.phrases("tui.title")
        while len(self.screen_stack) > 1:  # the game's screen or game over, unanswered
            self.pop_screen()
        self._next_game(settings.seed if reseeded else None)

    # --- saving and quitting --------------------------------------------------------

    @property
    def record_path(self) -> Path | None:
        """Where this game's record goes (the settings' ``record_path``)."""
        return self.settings.record_path(self.game_number)

    def save_record(self) -> Path | None:
        """Write the game's record, if asked to and the game has begun; where it went.

        A failure is kept in :attr:`save_problem` and reported when the app ends.
        """
        path = self.record_path
        if path is None or not self._session.started:
            return None
        try:
            path.write_text(self._session.record().to_json(), encoding="utf-8")
        except OSError as error:
            self.save_problem = self.phrases("game.save_failed", path=str(path),
                                             problem=error.strerror or str(error))
            return None
        self.save_problem = None
        return path

    async def action_quit(self) -> None:
        """Leave, saving the game; in mid-game, or with work in hand before it (ships
        placed), once the player confirms it."""
        session = self._session
        screen = self.screen
        placing = self.screens.work_in_hand(screen)
        if isinstance(screen, ConfirmScreen) or (
                not placing and (not session.started or session.over)):
            self._leave()  # nothing to lose, or asked twice
            return
        path = self.record_path
        question = (self.phrases("tui.quit_question_setup") if placing
                    else self.phrases("tui.quit_question_saved", path=str(path))
                    if path is not None else self.phrases("tui.quit_question_unsaved"))
        self.push_screen(ConfirmScreen(self.phrases, question), self._quit_confirmed)

    def _quit_confirmed(self, yes: bool | None) -> None:
        if yes:
            self._leave()

    def _leave(self) -> None:
        self.save_record()
        self.exit(0)
