"""The manoeuvre game line by line against the computer: :data:`LINE_GAME`.

The player is seat 0 (the bottom half); the set-up is made for the player (the computer's
strong set-up: forts in the back row behind mines), shown, and kept or drawn again; with
``--manual`` the player puts the pieces one by one (``A10 fort``, ``A10 -`` takes it back,
``fill`` puts the rest at random, ``auto`` the computer's set-up, ``board``), and the game
begins once every piece is put. Then one command a line, in English or Russian
(``help``/``помощь`` lists them):

- ``B10 B9`` move a piece; ``B10 B9 tow C10`` (``буксир``) with the torpedoes or mines
  it takes along;
- ``fire B10 north`` (``огонь Б10 север``; n/e/s/w, с/в/ю/з) a torpedo along a line,
  ``blast B10 C9`` (``упор``) point-blank;
- ``bomb B10`` (``бомба``) set the bomb off, ``bomb B10 B9`` after a step;
- ``attack C5 B6 B7`` (``атака``): the target, then the attacking ships;
- ``defend C5 C6`` (``бой``): the ships that take an attack on your group;
- ``end`` (``конец``) end the turn after a move, or let a bonus turn go;
- ``mark C5 cr`` (``метка В5 кр``) note a guess on an enemy piece (``-`` takes it off);
- ``resign`` (``сдаюсь``), ``quit``.

The loop around a game (again, saving, quitting) is the line-mode shell's
(:mod:`seabattle.plain`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from seabattle.coords import Coordinates
from seabattle.errors import OffFieldError, SeaBattleError
from seabattle.games.chance import draw, entropy, seeded
from seabattle.games.envelope import PlayerInfo
from seabattle.games.levels import game_level, level_names
from seabattle.games.rule_names import rules_named
from seabattle.i18n import LANGUAGES, Language, Text
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    Direction,
    EndTurn,
    PointBlank,
    Resign,
    Shoot,
    Step,
)
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.ai.players import LEVELS, ComputerPlayer
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.events import Event
from seabattle.manoeuvres.marks import Marks
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.terminal.placing import Placing
from seabattle.manoeuvres.terminal.text import Narrator, abbreviation, field_text
from seabattle.manoeuvres.views import ManoeuvreView, Phase, SeenPiece, Stage
from seabattle.records import record_of_log, write_record
from seabattle.terminal.lines import NO_WORDS, YES_WORDS, LineGame, LineIO, PlayOptions
from seabattle.terminal.typed import off_field

HUMAN, COMPUTER = 0, 1
WORDS = {
    "fire": "fire", "огонь": "fire", "blast": "blast", "упор": "blast",
    "bomb": "bomb", "бомба": "bomb", "attack": "attack", "атака": "attack",
    "defend": "defend", "бой": "defend", "end": "end", "конец": "end",
    "mark": "mark", "метка": "mark", "resign": "resign", "сдаюсь": "resign",
    "help": "help", "?": "help", "помощь": "help",
}
"""Each command word, in either language, by its meaning."""
DIRECTIONS = {"n": Direction.NORTH, "north": Direction.NORTH, "с": Direction.NORTH,
              "север": Direction.NORTH, "e": Direction.EAST, "east": Direction.EAST,
              "в": Direction.EAST, "восток": Direction.EAST, "s": Direction.SOUTH,
              "south": Direction.SOUTH, "ю": Direction.SOUTH, "юг": Direction.SOUTH,
              "w": Direction.WEST, "west": Direction.WEST, "з": Direction.WEST,
              "запад": Direction.WEST}
TOW_WORDS = ("tow", "буксир")
PLACING_WORDS = {"fill": "fill", "заполнить": "fill", "auto": "auto", "авто": "auto",
                 "board": "board", "поле": "board", "help": "help", "?": "help",
                 "помощь": "help"}
"""The hand set-up's words, in either language, by their meaning."""
KEEP_WORDS = ("", "ok", *YES_WORDS)
"""The answers that keep the set-up shown (:data:`NO_WORDS` draw another)."""


@dataclass(frozen=True)
class ManoeuvreSettings:
    """A game against the computer: the rules, its level, the language, the seed
    (``None``: the system's entropy) and where to save."""

    rules: ManoeuvreRules = field(default_factory=lambda: PRESETS["seed"])
    level: str = "hard"
    language: Language = "en"
    seed: int | None = None
    save_path: Path | None = None

    def coordinates(self) -> Coordinates:
        """How cells are named: Russian letters in Russian, else Latin."""
        return coordinates(self.rules, self.language)

    def record_path(self, game_number: int) -> Path | None:
        """Where the ``game_number``-th game is saved (FILE, FILE-2, FILE-3…)."""
        if self.save_path is None or game_number == 1:
            return self.save_path
        path = self.save_path
        return path.with_name(f"{path.stem}-{game_number}{path.suffix}")


class SavedGame:
    """A game's record ready to be written (the shell calls :meth:`to_json`)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def to_json(self) -> str:
        """The record as JSON text."""
        return self.text


class ManoeuvreSession:
    """One game: the player in seat 0, the computer in seat 1, chance drawn from the seed
    or the system's entropy."""

    def __init__(self, settings: ManoeuvreSettings, seed: int | None) -> None:
        self.settings = settings
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.chance = seeded(self.seed) if seed is not None else entropy()
        self.state = ManoeuvreState(settings.rules)
        self.computer = ComputerPlayer(settings.level, random.Random(f"{self.seed}:computer"))
        self.marks = Marks()

    @property
    def started(self) -> bool:
        """Whether anything was played."""
        return bool(self.state.log)

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.state.actors.over

    def record(self) -> SavedGame:
        """The game so far (its log, the lot included)."""
        players = (PlayerInfo("Player"), PlayerInfo("Computer", self.settings.level))
        return SavedGame(write_record(record_of_log(DEFINITION, self.state.rules,
                                                    self.state.log, players, seed=self.seed)))

    def advance(self) -> list[Event]:
        """Let chance and the computer act until the player must; the events they caused."""
        state = self.state
        events: list[Event] = []
        while not state.actors.over and HUMAN not in state.actors.seats:
            if state.actors.chance:
                events += state.apply_chance(draw(state.chance_outcomes(), self.chance))
            else:
                events += state.apply(COMPUTER, self.computer.choose(state.view(COMPUTER)))
        return events


class ManoeuvreLines(LineGame[ManoeuvreSettings, ManoeuvreSession]):
    """The manoeuvre game's line game."""

    manual_setup = True  # --manual: piece by piece; else drawn, shown, kept or drawn again

    def settings(self, options: PlayOptions) -> ManoeuvreSettings:
        """``--rules``: a preset (``seed``, ``skirmish``) or a JSON or TOML file of a rule
        set's data (:func:`~seabattle.games.rule_names.rules_named`); ``--level``:
        ``novice``, ``medium`` or ``hard``, or one of the play command's five names
        (:func:`~seabattle.games.levels.game_level`: easy is medium, admiral hard)."""
        level = game_level(options.level, LEVELS)
        if level is None:
            raise SeaBattleError("error.unknown_level", name=options.level,
                                 known=", ".join(level_names(LEVELS)))
        return ManoeuvreSettings(rules_named(DEFINITION, options.rules), level,
                                 options.language, options.seed, options.save_path)

    def new_session(self, settings: ManoeuvreSettings, seed: int | None) -> ManoeuvreSession:
        return ManoeuvreSession(settings, seed if seed is not None else settings.seed)

    def welcome(self, io: LineIO, settings: ManoeuvreSettings) -> None:
        io.say("manoeuvres.plain.welcome", rules=io.tr(DEFINITION.rules_title(settings.rules)),
               level=io.tr(Text(f"tui.level.{settings.level}")))
        io.say("manoeuvres.plain.legend")

    def play(self, io: LineIO, settings: ManoeuvreSettings, session: ManoeuvreSession, *,
             manual: bool) -> None:
        LineMatch(io, session).play(manual=manual)


class LineMatch:
    """One game on a :class:`LineIO`."""

    def __init__(self, io: LineIO, session: ManoeuvreSession) -> None:
        self.io = io
        self.session = session
        self.state = session.state
        self.coords = coordinates(self.state.rules, io.language)
        names = (io.tr(Text("manoeuvres.plain.you")), io.tr(Text("manoeuvres.plain.computer")))
        self.narrator = Narrator(io.language, self.coords, names)

    def play(self, *, manual: bool = False) -> None:
        """Set up (``manual``: piece by piece), then take turns until the game is over."""
        if self.state.phase is Phase.SETUP and HUMAN in self.state.actors.seats:
            if manual:
                self._set_up_by_hand()
            else:
                self._set_up()
        self._tell(self.session.advance())
        self._show()
        while not self.state.actors.over:
            action = self._read()
            if action is None:
                continue
            try:
                events = self.state.apply(HUMAN, action)
            except SeaBattleError as error:
                self.io.say_error(error)
                continue
            self._tell(events + self.session.advance())
            self._show()

    def _set_up(self) -> None:
        rng = self.session.chance
        while True:
            layout = strong_layout(self.state.rules, HUMAN, rng)
            preview = ManoeuvreState(self.state.rules)
            preview.apply(HUMAN, Deploy(layout))
            self.io.write(field_text(preview.view(HUMAN), self.io.language, self.coords) + "\n")
            if self._keep_set_up():
                self._tell(self.state.apply(HUMAN, Deploy(layout)))
                return

    def _set_up_by_hand(self) -> None:
        """Put the pieces one by one (:class:`~seabattle.manoeuvres.terminal.placing.
        Placing`), each refusal in the engine's words; deploy once every piece is put."""
        rules = self.state.rules
        placing = Placing(rules, HUMAN)
        self.io.say("manoeuvres.plain.manual_intro", rows=rules.setup_rows)
        self._show_placing(placing)
        while not placing.complete:
            left = placing.left()
            self.io.say("manoeuvres.plain.manual_left", pieces=", ".join(
                f"{abbreviation(kind, self.io.language, True)} {left[kind]}"
                for kind, _count in rules.pieces if left[kind] > 0))
            words = self.io.ask("manoeuvres.plain.manual_prompt").replace(",", " ").split()
            self.io.check_quit(" ".join(words))
            try:
                placing = self._place(placing, words)
            except SeaBattleError as error:
                self.io.say_error(error)
        self._tell(self.state.apply(HUMAN, placing.deploy()))

    def _place(self, placing: Placing, words: list[str]) -> Placing:
        """The pieces after one line of the hand set-up."""
        command = PLACING_WORDS.get(words[0].lower()) if words else None
        if command == "help" or not words:
            self.io.say("manoeuvres.plain.manual_help", cell=self._example(0, 0))
            return placing
        if command in ("fill", "auto"):
            placing = placing.fill(self.session.chance) if command == "fill" else Placing(
                placing.rules, HUMAN, strong_layout(placing.rules, HUMAN, self.session.chance))
            self._show_placing(placing)
            return placing
        if command == "board":
            self._show_placing(placing)
            return placing
        if len(words) != 2:
            raise SeaBattleError("manoeuvres.plain.unknown", text=" ".join(words))
        cell = self._cell(words[0])
        if words[1] == "-":
            self.io.say("manoeuvres.plain.manual_taken", cell=self.coords.name(cell))
            return placing.take(cell)
        kind = _kind_named(words[1])
        placed = placing.put(cell, kind)
        self.io.say("manoeuvres.plain.manual_put", kind=kind.title, cell=self.coords.name(cell))
        return placed

    def _show_placing(self, placing: Placing) -> None:
        rules = placing.rules
        view = ManoeuvreView(rules, HUMAN, Phase.SETUP, (False, False), None, None, tuple(
            SeenPiece(HUMAN, number, cell, kind, False)
            for number, (cell, kind) in enumerate(placing.placed)), ((), ()), None, 0, None)
        self.io.write(field_text(view, self.io.language, self.coords) + "\n")

    def _keep_set_up(self) -> bool:
        """Whether the player keeps the set-up shown; asked again, with what the answers
        mean, until the answer is one of them."""
        while True:
            answer = self.io.ask("manoeuvres.plain.keep_setup").lower()
            self.io.check_quit(answer)
            if answer in KEEP_WORDS:
                return True
            if answer in NO_WORDS:
                return False
            self.io.say("manoeuvres.plain.keep_setup_keys")

    def _tell(self, events: list[Event]) -> None:
        for event in events:
            said = self.narrator.say(event)
            if said is not None:
                self.io.write(said + "\n")

    def _show(self) -> None:
        view = self.state.view(HUMAN)
        self.io.write(field_text(view, self.io.language, self.coords,
                                 self.session.marks.on(view)) + "\n")

    def _read(self) -> Action | None:
        view = self.state.view(HUMAN)
        moved = self.state.board.at.get(view.moved) if view.moved is not None else None
        after_move = "manoeuvres.plain.after_boat_move" if moved is not None \
            and moved.kind is Kind.TORPEDO_BOAT else "manoeuvres.plain.after_move"
        stage = {Stage.DEFENCE: "manoeuvres.plain.defend", Stage.AFTER_MOVE: after_move,
                 Stage.BONUS: "manoeuvres.plain.bonus"}
        line = self.io.ask(stage.get(view.stage or Stage.MAIN, "manoeuvres.plain.turn"))
        self.io.check_quit(line)
        words = line.replace(",", " ").split()
        if not words:
            return None
        try:
            return self._parse(words)
        except SeaBattleError as error:
            self.io.say_error(error)
            return None

    def _cell(self, text: str) -> int:
        try:
            return self.coords.parse(text)
        except OffFieldError:
            raise off_field(self.coords, text) from None

    def _example(self, rows_up: int, col: int) -> str:
        """A cell for the help's examples: ``rows_up`` rows above the player's back row
        (the field's last), in column ``col`` (from 0), on the field in play."""
        grid = self.coords.grid
        return self.coords.name(grid.cell(max(grid.height - 1 - rows_up, 0),
                                          min(col, grid.width - 1)))

    def _help_cells(self) -> dict[str, str]:
        """The cells the command help names: a move from the back row (B10 B9 on a 10-row
        field), and an attack in mid-field (C5 B6 B7)."""
        middle = self.coords.grid.height // 2
        return {"back": self._example(0, 1), "ahead": self._example(1, 1),
                "beside": self._example(0, 2), "diagonal": self._example(1, 2),
                "target": self._example(middle, 2), "first": self._example(middle - 1, 1),
                "second": self._example(middle - 2, 1), "support": self._example(middle - 1, 2)}

    def _parse(self, words: list[str]) -> Action | None:
        command = WORDS.get(words[0].lower())
        if command is None:
            tow_at = next((i for i, w in enumerate(words) if w.lower() in TOW_WORDS), len(words))
            if tow_at != 2:
                raise SeaBattleError("manoeuvres.plain.unknown", text=" ".join(words))
            moved = [self._cell(w) for w in words[:tow_at]]
            towed = tuple(sorted(self._cell(w) for w in words[tow_at + 1:]))
            return Step(moved[0], moved[1], towed)
        cells = [self._cell(w) for w in words[1:] if w.lower() not in DIRECTIONS
                 and command not in ("mark", "help", "end", "resign")]
        if command == "help":
            self.io.say("manoeuvres.plain.help", **self._help_cells())
            return None
        if command == "mark":
            self._mark(words[1:])
            self._show()
            return None
        if command == "end":
            return EndTurn()
        if command == "resign":
            return Resign() if self.io.ask_yes_no("manoeuvres.plain.confirm_resign") else None
        if command == "fire" and len(words) == 3 and words[2].lower() in DIRECTIONS:
            return Shoot(self._cell(words[1]), DIRECTIONS[words[2].lower()])
        if command == "blast" and len(cells) == 2:
            return PointBlank(cells[0], cells[1])
        if command == "bomb" and len(cells) in (1, 2):
            return Detonate(cells[0], cells[1] if len(cells) == 2 else None)
        if command == "attack" and len(cells) >= 2:
            return Attack(cells[0], tuple(sorted(cells[1:])))
        if command == "defend" and cells:
            return Defend(tuple(sorted(cells)))
        raise SeaBattleError("manoeuvres.plain.unknown", text=" ".join(words))

    def _mark(self, words: list[str]) -> None:
        if len(words) != 2:
            raise SeaBattleError("manoeuvres.plain.unknown", text="mark " + " ".join(words))
        cell = self._cell(words[0])
        kind = None if words[1] == "-" else _kind_named(words[1])
        self.session.marks = self.session.marks.mark(self.state.view(HUMAN), cell, kind)


def _kind_named(text: str) -> Kind:
    """A kind from its abbreviation or name, in either language."""
    wanted = text.lower()
    for kind in Kind:
        for language in LANGUAGES:
            if wanted in (kind.abbreviation.render(language).lower(),
                          kind.title.render(language).lower(), kind.value):
                return kind
    raise SeaBattleError("manoeuvres.plain.unknown_kind", text=text)


LINE_GAME = ManoeuvreLines()
"""The manoeuvre game's line game, as :func:`seabattle.terminal.registry.find_line_game`
finds it."""
