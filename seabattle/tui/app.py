"""The application: set-up, battle and game-over screens, one game after another.

The app holds the :class:`~seabattle.battleship.session.VsComputer` of the game in play and
moves between the screens as the game goes on; every screen reads and drives that
session, and keeps no state of the game itself. The record is written when a game
ends and when the player quits in the middle of one.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from seabattle.battleship.fleet import Fleet
from seabattle.battleship.session import GameSettings
from seabattle.tui.battle import BattleScreen
from seabattle.tui.confirm import ConfirmScreen
from seabattle.tui.game_over import GameOverScreen
from seabattle.tui.new_game import NewGameScreen
from seabattle.tui.phrases import Phrasebook
from seabattle.tui.setup import SetupScreen


class SeaBattleApp(App[int]):
    """Морской бой against the computer, full-screen; exits with status 0."""

    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    # Ctrl+C quits too, as people expect (Textual would only explain how to quit).
    BINDINGS = [Binding("ctrl+q", "quit", "tui.key.quit", priority=True),
                Binding("ctrl+c", "quit", show=False, priority=True)]

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings
        self.phrases = Phrasebook(settings.language, settings.coordinates())
        self.session = settings.new_session()
        self.game_number = 1
        """Games played in this run, the current one included."""
        self.save_problem: str | None = None
        """Why the record could not be written, if it could not."""

    def on_mount(self) -> None:
        self.title = self.phrases("tui.title")
        self._set_up()

    # --- from screen to screen ----------------------------------------------------

    def _set_up(self) -> None:
        self.push_screen(SetupScreen(self.session, self.phrases), self._start_battle)

    def _start_battle(self, fleet: Fleet | None) -> None:
        assert fleet is not None
        opening = self.session.start(fleet)
        if self.session.view().is_over:  # the computer shot first and never missed
            self._end_game()
        else:
            self.push_screen(BattleScreen(self.session, self.phrases, len(opening)),
                             self._end_game)

    def _end_game(self, _: None = None) -> None:
        saved = self.save_record()
        self.push_screen(GameOverScreen(self.session, self.phrases, saved), self._after_game)

    def _after_game(self, again: bool | None) -> None:
        if not again:
            self.exit(0)
            return
        self._next_game()

    def _next_game(self) -> None:
        """A new game with :attr:`settings`, from the set-up screen."""
        seed = None if self.settings.seed is None else self.session.seed
        if self.session.game is not None:
            # A seeded game's next game is seeded too, differently: new, yet
            # reproducible; its record goes to the next file.
            seed = None if seed is None else seed + 1
            self.game_number += 1
        self.session = self.settings.new_session(seed)
        self._set_up()

    def action_choose_settings(self) -> None:
        """Open the new-game screen (the set-up and game-over screens bind ``o``)."""
        if not isinstance(self.screen, NewGameScreen):
            self.push_screen(NewGameScreen(self.settings, self.phrases), self._new_settings)

    def _new_settings(self, settings: GameSettings | None) -> None:
        if settings is None:
            return
        self.settings = settings
        self.phrases = Phrasebook(settings.language, settings.coordinates())
        self.title = self.phrases("tui.title")
        while len(self.screen_stack) > 1:  # the set-up or game-over screen, unanswered
            self.pop_screen()
        self._next_game()

    # --- saving and quitting --------------------------------------------------------

    @property
    def record_path(self) -> Path | None:
        """Where this game's record goes (:meth:`GameSettings.record_path`)."""
        return self.settings.record_path(self.game_number)

    def save_record(self) -> Path | None:
        """Write the game's record, if asked to and the battle has begun; where it went.

        A failure is kept in :attr:`save_problem` and reported when the app ends.
        """
        path = self.record_path
        if path is None or self.session.game is None:
            return None
        try:
            path.write_text(self.session.record().to_json(), encoding="utf-8")
        except OSError as error:
            self.save_problem = self.phrases("game.save_failed", path=str(path),
                                             problem=error.strerror or str(error))
            return None
        self.save_problem = None
        return path

    async def action_quit(self) -> None:
        """Leave, saving the game; in mid-battle, or with ships placed, once the player
        confirms it."""
        game = self.session.game
        screen = self.screen
        placing = isinstance(screen, SetupScreen) and bool(screen.placed or screen.painted)
        if isinstance(screen, ConfirmScreen) or (
                not placing and (game is None or game.is_over)):
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
