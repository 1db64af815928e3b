"""Battleship line by line (``seabattle play --plain``): :data:`LINE_GAME`.

For screen readers, pipes and slow terminals: no colour, no cursor movement, plain
ASCII symbols. Like the program of seed 000 it prints both fields after each turn
and reads one coordinate per line; the player's fleet is placed automatically
unless ``manual`` asks for it piece by piece. Every variant plays here: a salvo is
several cells (on one line or several), and decisions (a cell to hand over, a mine
to reveal, where the Flying Dutchman goes) are asked for in turn. The loop around a
game (playing again, saving, quitting, end of input) is the line-mode shell's,
:mod:`seabattle.plain`.
"""

from __future__ import annotations

from typing import Any

from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.events import Decision
from seabattle.battleship.fleet import (
    Fleet,
    Ship,
    check_ship,
    remaining_kinds,
    ship_from_cells,
    straight_ship,
)
from seabattle.battleship.marks import Mark, enemy_marks, fleet_marks, own_marks, variant_marks
from seabattle.battleship.rules import Rules
from seabattle.battleship.session import COMPUTER, HUMAN, GameSettings, Told, VsComputer
from seabattle.battleship.terminal.paper_marks import LINES, with_paper_marks
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.telling import told_params
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, cell_name, iter_cells
from seabattle.errors import SeaBattleError
from seabattle.games.chance import entropy
from seabattle.i18n import Text, translate
from seabattle.terminal.lines import LineGame, LineIO
from seabattle.terminal.typed import LATIN, parse_typed, reads_latin

_VOICED = {("you_fired", "hit"): "you_hit", ("you_fired", "sunk"): "you_sunk",
           ("you_fired", "sunk_named"): "you_sunk", ("ai_fired", "hit"): "ai_hit",
           ("ai_fired", "sunk"): "ai_sunk", ("ai_fired", "sunk_named"): "ai_sunk",
           ("ai_fired", "miss"): "ai_miss"}
"""The shots a voice remarks on (who fired, the answer's key) and its line's key (the
seed says nothing to a player about their own miss)."""

HELP_WORDS = ("help", "?", "помощь")
"""What a player types for the list of commands (while placing, too)."""
BOARD_WORDS = ("board", "fields", "поле", "поля")
"""What a player types to see both fields again (they are printed when they change)."""

SYMBOLS = {
    Mark.WATER: ".", Mark.SHIP: "O", Mark.MISS: "*", Mark.HIT: "X", Mark.SUNK: "#",
    Mark.RING: "-", Mark.MINE: "+", Mark.MINE_SPENT: "+", Mark.SWEEPER: "=",
    Mark.SWEEPER_HIT: "=", Mark.SUBMARINE: "S", Mark.GIVEN: "!", Mark.MOVED: "x",
}
"""How each mark of a field looks here, all ASCII so that any terminal and screen reader
shows them (which mark a cell shows is :mod:`seabattle.battleship.marks`' to say). A mine
or minesweeper that was struck keeps its piece's symbol: the legend names one symbol per
piece. The marks of choosing (the cells being aimed, a ship being placed) are never drawn:
this game asks for them in words."""

_LEGEND_KEYS = {Mark.MINE: "plain.legend.mines", Mark.GIVEN: "plain.legend.given",
                Mark.SWEEPER: "plain.legend.minesweepers",
                Mark.SUBMARINE: "plain.legend.submarines",
                Mark.MOVED: "plain.legend.flying_dutchman"}
"""The variants' marks the legend explains, in its order."""


def line_symbols(rules: Rules) -> dict[Mark, str]:
    """:data:`SYMBOLS`, with the marks of the rules' preset where it has its own
    (:mod:`seabattle.battleship.terminal.paper_marks`: a dash for a hit in seed 001's
    pre-revolutionary game)."""
    return with_paper_marks(SYMBOLS, rules, LINES)


def render_field(symbols: list[str], settings: GameSettings, title: str = "") -> list[str]:
    """One field as lines of text: a title, the column letters, then numbered rows."""
    coords = settings.coordinates()
    grid = settings.rules.grid
    number_width = len(str(grid.height))
    header = " " * (number_width + 1) + " ".join(coords.column_letters)
    lines = [title.ljust(len(header)), header]
    for row in range(grid.height):
        cells = symbols[row * grid.width:(row + 1) * grid.width]
        lines.append(f"{str(row + 1).rjust(number_width)} {' '.join(cells)}")
    return lines


def render_fields(view: PlayerView, settings: GameSettings, *, reveal: Fleet | None = None,
                  titles: tuple[str, str] = ("", "")) -> str:
    """Both fields side by side: the player's own on the left, the enemy's on the right.

    ``reveal`` shows that fleet on the enemy field (after the game, in replays).
    """
    symbols = line_symbols(settings.rules)
    own = render_field([symbols[mark] for mark in own_marks(view)], settings, titles[0])
    enemy = render_field([symbols[mark] for mark in enemy_marks(view, reveal)], settings,
                         titles[1])
    return "\n".join(f"{left}    {right}" for left, right in zip(own, enemy, strict=True))


class BattleshipLines(LineGame[GameSettings, VsComputer]):
    """Battleship's part of the line-by-line game."""

    def new_session(self, settings: GameSettings, seed: int | None) -> VsComputer:
        return settings.new_session(seed)

    def next_session(self, settings: GameSettings, seed: int | None, previous: VsComputer
                     ) -> VsComputer:
        return settings.new_session(seed, previous)

    def welcome(self, io: LineIO, settings: GameSettings) -> None:
        rules = settings.rules
        phrases = BattleshipPhrases(io.language, io.coords)
        io.say("plain.welcome", rules=phrases.rules(rules, settings.level),
               fleet=", ".join(f"{io.tr(k.title)} ({k.size})×{n}"
                               for k, n in rules.fleet_counts()))
        marks = line_symbols(rules)
        io.say("plain.legend", water=marks[Mark.WATER], ship=marks[Mark.SHIP],
               miss=marks[Mark.MISS], hit=marks[Mark.HIT], sunk=marks[Mark.SUNK],
               ring=marks[Mark.RING], example=io.coords.example)
        # Only the marks this game can show (a salvo, say, has none of its own), each
        # variant's piece once: a mine that went off keeps the mine's symbol here.
        shown = variant_marks(rules)
        symbols = {"mine": SYMBOLS[Mark.MINE], "given": SYMBOLS[Mark.GIVEN],
                   "sweeper": SYMBOLS[Mark.SWEEPER], "sub": SYMBOLS[Mark.SUBMARINE],
                   "moved": SYMBOLS[Mark.MOVED]}
        items = [io.tr(Text(key, symbols)) for mark, key in _LEGEND_KEYS.items()
                 if mark in shown]
        if items:
            io.say("plain.legend_variants", items=", ".join(items))
        if reads_latin(io.coords):
            example = io.coords.example
            io.say("play.latin_letters", example=example,
                   latin=cell_name(parse_typed(io.coords, example), io.coords.grid, LATIN))

    def guide(self, io: LineIO, settings: GameSettings) -> None:
        io.say("plain.guide", example=io.coords.example)

    def play(self, io: LineIO, settings: GameSettings, session: VsComputer, *,
             manual: bool) -> None:
        PlainBattle(io, settings, session).play(manual=manual)


class PlainBattle:
    """One game against the computer on a :class:`~seabattle.terminal.lines.LineIO`."""

    def __init__(self, io: LineIO, settings: GameSettings, session: VsComputer) -> None:
        self.io = io
        self.settings = settings
        self.session = session
        self.coords = io.coords
        self._shown: tuple[int, Decision | None] | None = None
        """The position the fields were last printed in: events so far, the decision due."""

    def play(self, *, manual: bool) -> None:
        """Set up (by hand when ``manual``), then the battle to its end."""
        fleet = self._place_fleet() if manual else self.session.random_fleet()
        self._battle(fleet)

    def _place_fleet(self) -> Fleet:
        rules = self.settings.rules
        placed: list[Ship] = []
        shown: int | None = None  # how many ships the field was last printed with
        while True:
            kinds = remaining_kinds(rules, placed)
            if not kinds:
                return self.session.random_fleet(placed)
            kind = kinds[0]
            if shown != len(placed):
                symbols = [line_symbols(rules)[mark] for mark in fleet_marks(rules.grid, placed)]
                self.io.write("\n".join(render_field(symbols, self.settings)) + "\n")
                shown = len(placed)
            line = self.io.ask("plain.place_prompt", ship=self.io.tr(kind.title), size=kind.size,
                               example=self.coords.example)
            command = line.lower()
            if command in HELP_WORDS:
                self.io.say("plain.place_help", example=self.coords.example)
                continue
            if command in BOARD_WORDS:
                shown = None
                continue
            self.io.check_quit(line)
            if command in ("auto", "авто"):
                try:
                    return self.session.random_fleet(placed)
                except SeaBattleError as error:
                    self.io.say_error(error)
                continue
            if command in ("perelman", "перельман"):
                placement = PLACEMENTS["perelman"]
                if placement.supports(rules):
                    return placement.place(rules, entropy())
                self.io.say("plain.perelman_cannot")
                continue
            if command in ("undo", "отмена"):
                if placed:
                    placed.pop()
                continue
            try:
                ship = self._parse_ship(kind, line)
                check_ship(rules, placed, ship)
            except SeaBattleError as error:
                self.io.say_error(error)
                continue
            placed.append(ship)

    def _parse_ship(self, kind: Any, line: str) -> Ship:
        rules = self.settings.rules
        words = line.replace(",", " ").split()
        if not words:
            raise SeaBattleError("error.ship_syntax", example=self.coords.example)
        direction = words[-1].lower() if len(words) == 2 else ""
        if direction in ("h", "v", "г", "в"):
            row, col = rules.grid.row_col(parse_typed(self.coords, words[0]))
            return straight_ship(rules, kind, row, col, vertical=direction in ("v", "в"))
        if len(words) == 1 and kind.size == 1:
            return ship_from_cells(rules, kind, [parse_typed(self.coords, words[0])])
        if len(words) != kind.size:
            raise SeaBattleError("error.ship_syntax", example=self.coords.example)
        return ship_from_cells(rules, kind, [parse_typed(self.coords, w) for w in words])

    def _battle(self, fleet: Fleet) -> None:
        session = self.session
        session.start(fleet)
        self.io.say("plain.first_me" if session.first == HUMAN else "plain.first_computer")
        told = self._tell(0)
        salvo: list[int] = []
        while not session.game or not session.game.is_over:
            view = session.view()
            due = session.decision_due
            if due is not None:
                self._show(view)
                self._decide(due, view)
                told = self._tell(told)
                continue
            self._show(view)
            count = view.shots_due
            if count > 1:
                line = self.io.ask("plain.salvo_prompt", left=count - len(salvo), count=count)
            else:
                line = self.io.ask("voice.classic.prompt" if self.io.voice == "classic"
                                   else "plain.shot_prompt")
            if self._command(line):
                salvo.clear()
                told = self._tell(told)
                continue
            cells = self._aim(line, view, salvo)
            if cells is None:
                continue
            salvo += cells
            if len(salvo) < count:
                continue
            try:
                session.fire_salvo(salvo[:count])
            except SeaBattleError as error:
                self.io.say_error(error)
            salvo.clear()
            told = self._tell(told)
        self._game_over()

    def _aim(self, line: str, view: PlayerView, chosen: list[int]) -> list[int] | None:
        """The cells named on ``line``, each checked; ``None`` (said why) if any is wrong."""
        language = self.settings.language
        cells: list[int] = []
        for word in line.replace(",", " ").split() or [line]:
            try:
                cell = parse_typed(self.coords, word)
            except SeaBattleError as error:
                self.io.say_error(error)
                return None
            name = self.coords.name(cell)
            if view.fired & bit(cell):
                self.io.say("plain.already_fired", cell=name)
                return None
            if view.known_empty & bit(cell):
                self.io.say("plain.known_empty", cell=name)
                return None
            if cell in chosen or cell in cells:
                self.io.say("plain.error", message=translate("error.salvo_repeat", language,
                                                          cell=name))
                return None
            cells.append(cell)
        return cells

    def _decide(self, due: Decision, view: PlayerView) -> None:
        """Ask the person for the decision the game waits for, until one is accepted."""
        if due is Decision.MOVE_SHIP:
            pending = view.pending
            assert pending is not None and pending.ship is not None
            ship = view.fleet_now.ships[pending.ship]
            self.io.say("play.decide_move_ship", size=(ship.cells & ~view.incoming).bit_count())
        else:
            options = (view.handover_options() if due is Decision.HANDOVER
                       else view.reveal_options())
            names = ", ".join(self.coords.name(c) for c in iter_cells(options))
            self.io.say(f"play.decide_{due.value}", options=names)
        while True:
            line = self.io.ask("plain.move_prompt" if due is Decision.MOVE_SHIP
                            else "plain.decide_prompt")
            if self._command(line):
                if self.session.view().is_over:
                    return
                continue
            word = line.lower()
            try:
                choice: int | Bitboard | None
                if word in ("auto", "авто", "random", "случайно"):
                    choice = self.session.suggestion()
                elif due is Decision.MOVE_SHIP and word in ("stay", "остаться", "остаётся"):
                    choice = None
                elif due is Decision.MOVE_SHIP:
                    choice = 0
                    for name in line.replace(",", " ").split():
                        choice |= bit(parse_typed(self.coords, name))
                else:
                    choice = parse_typed(self.coords, line)
                self.session.decide(choice)
            except SeaBattleError as error:
                self.io.say_error(error)
                continue
            return

    def _command(self, line: str) -> bool:
        """Handle a non-shot command; ``True`` when the line was one."""
        command = line.lower()
        if command in HELP_WORDS:
            self.io.say("plain.help", example=self.coords.example)
            self.io.say("plain.help_quit_saves" if self.settings.save_path
                        else "plain.help_quit", path=str(self.settings.save_path))
            return True
        if command in BOARD_WORDS:
            self._shown = None
            self._show(self.session.view())
            return True
        if command in ("resign", "сдаюсь"):
            self.session.resign()
            return True
        self.io.check_quit(line)
        return False

    def _tell(self, start: int) -> int:
        """Say every event from number ``start`` on; the number of events told."""
        for told in self.session.narrate(start):
            self.io.write(self.told_text(told) + "\n")
        game = self.session.game
        return 0 if game is None else len(game.events)

    def told_text(self, told: Told) -> str:
        """One event, in words."""
        key = told.key({"you_fired": "plain.you_fired", "ai_fired": "plain.computer_fired"})
        told = told_params(told, self.session.view())
        line = translate(key, self.settings.language, **told.named(self.coords.name))
        answer = told.params.get("answer")
        result = answer.key.split(".")[-1] if isinstance(answer, Text) else ""
        voiced = _VOICED.get((told.kind, result))
        if voiced is not None:
            line += self.io.voiced(voiced)
        return line

    def _show(self, view: PlayerView) -> None:
        """Print both fields and what is known of the fleets, unless nothing changed since
        they were last printed (a typo reprints nothing: heavy for a screen reader)."""
        game = self.session.game
        moment = (0 if game is None else len(game.events)), self.session.decision_due
        if moment == self._shown:
            return
        self._shown = moment
        titles = (translate("plain.your_field", self.settings.language),
                  translate("plain.enemy_field", self.settings.language))
        self.io.write("\n" + render_fields(view, self.settings, titles=titles) + "\n")
        self.io.say("plain.afloat", mine=len(view.own_afloat), theirs=view.enemy_afloat_count)
        if view.given:
            self.io.say("play.given", cells=", ".join(self.coords.name(c)
                                                   for c in iter_cells(view.given)))
        if view.revealed_mines:
            self.io.say("play.revealed", cells=", ".join(self.coords.name(c)
                                                      for c in iter_cells(view.revealed_mines)))
        if view.shots_due > 1:
            self.io.say("play.salvo", count=view.shots_due)

    def _game_over(self) -> None:
        session = self.session
        game = session.game
        assert game is not None
        view = session.view()
        titles = (translate("plain.your_field", self.settings.language),
                  translate("plain.enemy_field", self.settings.language))
        self.io.write("\n" + render_fields(view, self.settings, reveal=view.opponent_fleet,
                                               titles=titles) + "\n")
        self.io.say("plain.won" if game.winner == HUMAN else "plain.lost")
        if self.io.voice is not None:
            winner = self.settings.player_name if game.winner == HUMAN else "Computer"
            self.io.write(self.io.voiced("won", winner=winner).lstrip() + "\n")
        for player, key in ((HUMAN, "plain.stats_you"), (COMPUTER, "plain.stats_computer")):
            stats = game.stats(player)
            self.io.say(key, shots=stats.shots, hits=stats.hits, sunk=stats.sunk,
                     accuracy=round(stats.accuracy * 100))



LINE_GAME = BattleshipLines()
"""Battleship's line game, for :func:`seabattle.terminal.registry.find_line_game`."""
