"""``seabattle play --plain``: the game line by line on standard input and output.

For screen readers, pipes and slow terminals: no colour, no cursor movement, plain
ASCII symbols. Like the program of seed 000 it prints both fields after each turn
and reads one coordinate per line; the player's fleet is placed automatically
unless ``manual`` asks for it piece by piece. Every variant plays here: a salvo is
several cells (on one line or several), and decisions (a cell to hand over, a mine
to reveal, where the Flying Dutchman goes) are asked for in turn. End of input saves
the game (when a save file was named) and stops.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TextIO

from seabattle.battleship.events import Decision, ShotResult
from seabattle.battleship.fleet import (
    Fleet,
    Ship,
    check_ship,
    remaining_kinds,
    ship_from_cells,
    straight_ship,
)
from seabattle.battleship.rules import MineEffect, Role
from seabattle.battleship.session import COMPUTER, HUMAN, GameSettings, Told, VsComputer
from seabattle.battleship.view import PlayerView
from seabattle.coords import Bitboard, bit, iter_cells
from seabattle.errors import SeaBattleError
from seabattle.i18n import Text, translate

# Cell symbols, all ASCII so that any terminal and screen reader shows them.
WATER, SHIP, MISS, HIT, SUNK, RING = ".", "O", "*", "X", "#", "-"
MINE, SWEEPER, SUB, GIVEN, MOVED = "+", "=", "S", "!", "x"
"""The variants' pieces (RULES.md §3); ``GIVEN`` a cell handed over after a mine (a sure
hit), ``MOVED`` a hit on a ship that has moved away since."""
_PIECE = {Role.SHIP: SHIP, Role.SUBMARINE: SUB, Role.MINE: MINE, Role.MINESWEEPER: SWEEPER}


class EndOfInput(Exception):
    """Standard input ended before the game did."""


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

    ``reveal`` shows that fleet's ships on the enemy field (after the game, in replays).
    """
    own = render_field(_own_symbols(view.rules.grid.size, view.fleet_now, view.incoming,
                                    view.handed_over), settings, titles[0])
    enemy = render_field(_enemy_symbols(view, reveal), settings, titles[1])
    return "\n".join(f"{left}    {right}" for left, right in zip(own, enemy, strict=True))


def _own_symbols(size: int, ships: Iterable[Ship], incoming: Bitboard,
                 handed_over: Bitboard = 0) -> list[str]:
    symbols = [MISS if incoming & bit(cell) else WATER for cell in range(size)]
    for ship in ships:
        for cell in iter_cells(ship.cells):
            symbols[cell] = (HIT if incoming & bit(cell) else
                             GIVEN if handed_over & bit(cell) else _PIECE[ship.kind.role])
    return symbols


def _enemy_symbols(view: PlayerView, reveal: Fleet | None) -> list[str]:
    sunk = view.sunk_cells
    ships = reveal.cells if reveal else 0
    pieces = {info.cell: MINE if info.result is ShotResult.MINE else SWEEPER
              for info in view.shots if info.result in (ShotResult.MINE, ShotResult.MINESWEEPER)}
    symbols = []
    for cell in range(view.rules.grid.size):
        mask = bit(cell)
        symbols.append(pieces.get(cell) or (
            MOVED if view.abandoned & mask else SUNK if sunk & mask else
            HIT if view.hits & mask else MISS if view.misses & mask else
            GIVEN if view.given & mask else MINE if view.revealed_mines & mask else
            RING if view.known_empty & mask else SHIP if ships & mask else WATER))
    return symbols


class PlainGame:
    """One game (or several, if the player asks for another) on text streams."""

    def __init__(self, settings: GameSettings, stdin: TextIO, stdout: TextIO, *,
                 manual: bool = False) -> None:
        self.settings = settings
        self.input = stdin
        self.output = stdout
        self.manual = manual
        self.coords = settings.coordinates()
        self.session: VsComputer = settings.new_session()
        self.game_number = 1
        """Which game of this run is being played: its record goes to its own file."""

    # --- small helpers ------------------------------------------------------------

    def say(self, key: str, /, **params: Any) -> None:
        """Print a catalogue message in the game's language."""
        self.output.write(translate(key, self.settings.language, **params) + "\n")

    def say_error(self, error: SeaBattleError) -> None:
        """Print why something was refused, naming cells as the field does."""
        self.say("plain.error", message=self.coords.message(error, self.settings.language))

    def tr(self, text: Text) -> str:
        """A translatable text in the game's language."""
        return text.render(self.settings.language)

    def ask(self, key: str, /, **params: Any) -> str:
        """Prompt, then read one line (stripped); raises :class:`EndOfInput` at the end."""
        self.output.write(translate(key, self.settings.language, **params) + " ")
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            raise EndOfInput
        return line.strip()

    # --- the game -------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends (and the player declines another) or input ends."""
        rules = self.settings.rules
        self.say("plain.welcome", rules=rules.name, size=f"{rules.width}×{rules.height}",
                 fleet=", ".join(f"{self.tr(k.title)} ({k.size})×{n}"
                                 for k, n in rules.fleet_counts()))
        self.say("plain.legend", water=WATER, ship=SHIP, miss=MISS, hit=HIT, sunk=SUNK, ring=RING,
                 example=self.coords.example)
        # Only the marks this game can show: a salvo, say, has none of its own, and the
        # classroom's mines draw problems instead of handing cells over.
        shown = {"mines": "mines" in rules.variants(),
                 "given": "mines" in rules.variants() and rules.mine_effect is MineEffect.HANDOVER,
                 **{variant: variant in rules.variants()
                    for variant in ("minesweepers", "submarines", "flying_dutchman")}}
        items = [self.tr(Text(f"plain.legend.{mark}", {
            "mine": MINE, "given": GIVEN, "sweeper": SWEEPER, "sub": SUB, "moved": MOVED}))
            for mark, show in shown.items() if show]
        if items:
            self.say("plain.legend_variants", items=", ".join(items))
        try:
            while True:
                fleet = self._place_fleet() if self.manual else self.session.random_fleet()
                self._battle(fleet)
                self._save()
                if self.ask("plain.again").lower() not in ("y", "yes", "д", "да"):
                    return 0
                self.session = self.settings.new_session(seed=self.session.seed + 1)
                self.game_number += 1
        except EndOfInput:
            self._save()
            self.say("plain.goodbye")
            return 0 if self.session.game and self.session.game.is_over else 1

    def _save(self) -> None:
        path = self.settings.record_path(self.game_number)
        if path is None or self.session.game is None:
            return
        try:
            path.write_text(self.session.record().to_json(), encoding="utf-8")
        except OSError as error:
            self.say("game.save_failed", path=str(path), problem=error.strerror or str(error))
            return
        self.say("plain.saved", path=str(path))

    def _place_fleet(self) -> Fleet:
        rules = self.settings.rules
        placed: list[Ship] = []
        while True:
            kinds = remaining_kinds(rules, placed)
            if not kinds:
                return self.session.random_fleet(placed)
            kind = kinds[0]
            symbols = _own_symbols(rules.grid.size, placed, 0)
            self.output.write("\n".join(render_field(symbols, self.settings)) + "\n")
            line = self.ask("plain.place_prompt", ship=self.tr(kind.title), size=kind.size,
                            example=self.coords.example)
            command = line.lower()
            if command in ("auto", "авто"):
                try:
                    return self.session.random_fleet(placed)
                except SeaBattleError as error:
                    self.say_error(error)
                continue
            if command in ("undo", "отмена"):
                if placed:
                    placed.pop()
                continue
            try:
                ship = self._parse_ship(kind, line)
                check_ship(rules, placed, ship)
            except SeaBattleError as error:
                self.say_error(error)
                continue
            placed.append(ship)

    def _parse_ship(self, kind: Any, line: str) -> Ship:
        rules = self.settings.rules
        words = line.replace(",", " ").split()
        if not words:
            raise SeaBattleError("error.ship_syntax", example=self.coords.example)
        direction = words[-1].lower() if len(words) == 2 else ""
        if direction in ("h", "v", "г", "в"):
            row, col = rules.grid.row_col(self.coords.parse(words[0]))
            return straight_ship(rules, kind, row, col, vertical=direction in ("v", "в"))
        if len(words) == 1 and kind.size == 1:
            return ship_from_cells(rules, kind, [self.coords.parse(words[0])])
        if len(words) != kind.size:
            raise SeaBattleError("error.ship_syntax", example=self.coords.example)
        return ship_from_cells(rules, kind, [self.coords.parse(w) for w in words])

    def _battle(self, fleet: Fleet) -> None:
        session = self.session
        session.start(fleet)
        self.say("plain.first_me" if session.first == HUMAN else "plain.first_computer")
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
            if not salvo:
                self._show(view)
            count = view.shots_due
            if count > 1:
                line = self.ask("plain.salvo_prompt", left=count - len(salvo), count=count)
            else:
                line = self.ask("plain.shot_prompt")
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
                self.say_error(error)
            salvo.clear()
            told = self._tell(told)
        self._game_over()

    def _aim(self, line: str, view: PlayerView, chosen: list[int]) -> list[int] | None:
        """The cells named on ``line``, each checked; ``None`` (said why) if any is wrong."""
        language = self.settings.language
        cells: list[int] = []
        for word in line.replace(",", " ").split() or [line]:
            try:
                cell = self.coords.parse(word)
            except SeaBattleError as error:
                self.say_error(error)
                return None
            name = self.coords.name(cell)
            if view.fired & bit(cell):
                self.say("plain.already_fired", cell=name)
                return None
            if view.known_empty & bit(cell):
                self.say("plain.known_empty", cell=name)
                return None
            if cell in chosen or cell in cells:
                self.say("plain.error", message=translate("error.salvo_repeat", language,
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
            self.say("play.decide_move_ship", size=(ship.cells & ~view.incoming).bit_count())
        else:
            options = (view.handover_options() if due is Decision.HANDOVER
                       else view.reveal_options())
            names = ", ".join(self.coords.name(c) for c in iter_cells(options))
            self.say(f"play.decide_{due.value}", options=names)
        while True:
            line = self.ask("plain.move_prompt" if due is Decision.MOVE_SHIP
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
                        choice |= bit(self.coords.parse(name))
                else:
                    choice = self.coords.parse(line)
                self.session.decide(choice)
            except SeaBattleError as error:
                self.say_error(error)
                continue
            return

    def _command(self, line: str) -> bool:
        """Handle a non-shot command; ``True`` when the line was one."""
        command = line.lower()
        if command in ("help", "?", "помощь"):
            self.say("plain.help", example=self.coords.example)
            return True
        if command in ("resign", "сдаюсь"):
            self.session.resign()
            return True
        if command in ("quit", "q", "выход"):
            raise EndOfInput
        return False

    def _tell(self, start: int) -> int:
        """Say every event from number ``start`` on; the number of events told."""
        for told in self.session.narrate(start):
            self.output.write(self.told_text(told) + "\n")
        game = self.session.game
        return 0 if game is None else len(game.events)

    def told_text(self, told: Told) -> str:
        """One event, in words."""
        key = told.key({"you_fired": "plain.you_fired", "ai_fired": "plain.computer_fired"})
        return translate(key, self.settings.language, **told.named(self.coords.name))

    def _show(self, view: PlayerView) -> None:
        titles = (translate("plain.your_field", self.settings.language),
                  translate("plain.enemy_field", self.settings.language))
        self.output.write("\n" + render_fields(view, self.settings, titles=titles) + "\n")
        self.say("plain.afloat", mine=len(view.own_afloat), theirs=view.enemy_afloat_count)
        if view.given:
            self.say("play.given", cells=", ".join(self.coords.name(c)
                                                   for c in iter_cells(view.given)))
        if view.revealed_mines:
            self.say("play.revealed", cells=", ".join(self.coords.name(c)
                                                      for c in iter_cells(view.revealed_mines)))
        if view.shots_due > 1:
            self.say("play.salvo", count=view.shots_due)

    def _game_over(self) -> None:
        session = self.session
        game = session.game
        assert game is not None
        view = session.view()
        titles = (translate("plain.your_field", self.settings.language),
                  translate("plain.enemy_field", self.settings.language))
        self.output.write("\n" + render_fields(view, self.settings, reveal=view.opponent_fleet,
                                               titles=titles) + "\n")
        self.say("plain.won" if game.winner == HUMAN else "plain.lost")
        for player, key in ((HUMAN, "plain.stats_you"), (COMPUTER, "plain.stats_computer")):
            stats = game.stats(player)
            self.say(key, shots=stats.shots, hits=stats.hits, sunk=stats.sunk,
                     accuracy=round(stats.accuracy * 100))

