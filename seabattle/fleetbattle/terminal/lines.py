"""The fleet battle line by line against the computer: :data:`LINE_GAME`.

One answer a line, no colour. Before every turn the player is asked whether to retreat;
after winning the manoeuvre, for the mode; in long or close range, for the turn's orders:
the kind of shot (``cannonball``/``ядра``, ``chain``/``книппели``, ``grape``/``шрапнель``;
cannonballs when none is named), then the cells, and ``+N`` for each ship sent as a
fireship (its number in the fleet list, ``#1``/``№1``), or ``hold``/``не`` for «Не
стрелять»; the mode by its word or the number it is listed with (``2`` close range, as
the full-screen game's key). Every question takes ``help``/``помощь`` (what it accepts)
and ``board``/``поле`` (the fields again). Every die
falls in the program, from the system's entropy (or the seed asked for), and is told.
The loop around a game (again, saving, quitting) is the line-mode shell's
(:mod:`seabattle.plain`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from seabattle.coords import Coordinates, bit
from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Grapple,
    Orders,
    PlaceFleet,
    RetreatChoice,
)
from seabattle.fleetbattle.ai.players import LEVELS, make_player
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.placement import (
    PlacedShip,
    Placement,
    check_pieces,
    random_placement,
)
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import SHIP_TYPES, Ammo, Mode
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.terminal.text import (
    Narrator,
    coordinates,
    render,
    totals_line,
    trophies_line,
)
from seabattle.fleetbattle.views import FleetView, Phase
from seabattle.games.chance import draw, entropy, seeded
from seabattle.games.envelope import Envelope, PlayerInfo
from seabattle.games.levels import game_level, level_names
from seabattle.games.rule_names import rules_named
from seabattle.i18n import Language, translate
from seabattle.terminal.lines import NO_WORDS, YES_WORDS, LineGame, LineIO, PlayOptions
from seabattle.terminal.typed import parse_typed

HUMAN, COMPUTER = 0, 1
HELP_WORDS = ("help", "?", "помощь")
BOARD_WORDS = ("board", "поле")
HOLD_WORDS = ("hold", "не", "нестрелять")
AMMO_WORDS = {"cannonball": Ammo.CANNONBALL, "cannonballs": Ammo.CANNONBALL,
              "ядра": Ammo.CANNONBALL, "ядро": Ammo.CANNONBALL, "chain": Ammo.CHAIN,
              "книппели": Ammo.CHAIN, "книппель": Ammo.CHAIN, "grape": Ammo.GRAPE,
              "шрапнель": Ammo.GRAPE}
MODE_WORDS = {"long": Mode.LONG, "дальний": Mode.LONG, "close": Mode.CLOSE,
              "вплотную": Mode.CLOSE, "boarding": Mode.BOARDING, "абордаж": Mode.BOARDING}


@dataclass(frozen=True)
class FleetSettings:
    """A fleet battle against the computer: the rules, the computer's level, the
    language, the seed (``None``: the system's entropy) and where to save."""

    rules: FleetRules = field(default_factory=lambda: PRESETS["equal"])
    level: str = "captain"
    language: Language = "en"
    seed: int | None = None
    save_path: Path | None = None

    def coordinates(self) -> Coordinates:
        """How the player's own field's cells are named."""
        return coordinates(self.rules, HUMAN, self.language)

    def record_path(self, game_number: int) -> Path | None:
        """Where the ``game_number``-th game is saved (FILE, FILE-2, FILE-3…)."""
        if self.save_path is None or game_number == 1:
            return self.save_path
        path = self.save_path
        return path.with_name(f"{path.stem}-{game_number}{path.suffix}")


class FleetSession:
    """One battle: the player in seat 0, the computer in seat 1, chance drawn from the
    seed or the system's entropy."""

    def __init__(self, settings: FleetSettings, seed: int | None) -> None:
        self.settings = settings
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.chance = seeded(self.seed) if seed is not None else entropy()
        self.state: FleetBattleState = DEFINITION.new_state(settings.rules)
        self.computer = make_player(settings.level, random.Random(f"{self.seed}:computer"))

    @property
    def started(self) -> bool:
        """Whether anything was played."""
        return bool(self.state.log)

    @property
    def over(self) -> bool:
        """Whether the battle is over."""
        return self.state.actors.over

    def record(self) -> Envelope:
        """The battle so far as a record (its log, every die included)."""
        players = (PlayerInfo("Player"), PlayerInfo("Computer", self.settings.level))
        return Envelope(DEFINITION.name, DEFINITION.rules_to_data(self.state.rules), players,
                        {"seed": self.seed},
                        {"log": DEFINITION.log_to_data(self.state.rules, self.state.log)})

    def step(self) -> bool:
        """One move of chance (a draw) or of the computer, unless the battle is over or
        waits for the player; whether one was made. The full-screen game steps so that
        the dice are shown as they fall."""
        state = self.state
        if state.actors.over or HUMAN in state.actors.seats:
            return False
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), self.chance))
        else:
            state.apply(COMPUTER, self.computer.act(state.view(COMPUTER)))
        return True

    def advance(self) -> None:
        """Let chance and the computer act until the player must."""
        while self.step():
            pass


class FleetLines(LineGame[FleetSettings, FleetSession]):
    """The fleet battle's line game."""

    def settings(self, options: PlayOptions) -> FleetSettings:
        """Settings from ``seabattle play --game fleet-battle --plain``'s options: the
        level one of :data:`~seabattle.fleetbattle.ai.players.LEVELS` or of the play
        command's five names (:func:`~seabattle.games.levels.game_level`), the rules a
        preset or a file (:func:`~seabattle.games.rule_names.rules_named`)."""
        level = game_level(options.level, LEVELS)
        if level is None:
            raise SeaBattleError("fleet.error.unknown_level", level=options.level,
                                 known=", ".join(level_names(LEVELS)))
        return FleetSettings(rules_named(DEFINITION, options.rules), level,
                             options.language, options.seed, options.save_path)

    def new_session(self, settings: FleetSettings, seed: int | None) -> FleetSession:
        return FleetSession(settings, seed if seed is not None else settings.seed)

    def welcome(self, io: LineIO, settings: FleetSettings) -> None:
        io.say("fleet.plain.welcome", rules=io.tr(DEFINITION.rules_title(settings.rules)),
               level=translate(f"fleet.level.{settings.level}", io.language))
        io.say("fleet.plain.legend")

    def play(self, io: LineIO, settings: FleetSettings, session: FleetSession, *,
             manual: bool) -> None:
        LineBattle(io, session).play(manual=manual)


class LineBattle:
    """One battle on a :class:`LineIO`."""

    def __init__(self, io: LineIO, session: FleetSession) -> None:
        self.io = io
        self.session = session
        self.state = session.state
        language: Language = io.language
        self.names = (translate("fleet.plain.you_said", language),
                      translate("fleet.plain.enemy_said", language))
        self.narrator = Narrator(self.state.rules, language, self.names)
        self.told = 0

    def play(self, *, manual: bool) -> None:
        """Play to the end; :class:`~seabattle.terminal.lines.EndOfInput` on quitting."""
        state = self.state
        if HUMAN in state.actors.seats and state.phase is Phase.SETUP:
            placement = (self._place() if manual else
                         random_placement(state.rules, HUMAN, self.session.chance))
            state.apply(HUMAN, PlaceFleet(placement))
        while True:
            self.session.advance()
            self._tell()
            if state.actors.over:
                trophies = trophies_line(state.view(HUMAN), self.names, self.io.language)
                if trophies is not None:
                    self.io.write(trophies + "\n")
                return
            self._ask(state.view(HUMAN))

    def _tell(self) -> None:
        for event in self.state.journal[self.told:]:
            said = self.narrator.say(event)
            if said:
                self.io.write(said + "\n")
        self.told = len(self.state.journal)

    def _show(self, view: FleetView) -> None:
        io = self.io
        io.write(render(view, io.language, (translate("fleet.plain.own", io.language),
                                            translate("fleet.plain.enemy_field", io.language)))
                 + "\n")
        for seat, name in ((HUMAN, "fleet.plain.you"), (COMPUTER, "fleet.plain.enemy")):
            io.write(totals_line(view.sides[seat], translate(name, io.language),
                                 io.language) + "\n")
        assert view.own is not None
        io.say("fleet.plain.ships", ships=", ".join(
            translate("fleet.plain.ship_number", io.language, number=ship.index + 1,
                      kind=io.tr(ship.kind.text)) + (
                "" if ship.status is Status.ACTIVE
                else f" ({translate(f'fleet.status.{ship.status.value}', io.language)})")
            for ship in view.own))

    def _ask(self, view: FleetView) -> None:
        while True:
            try:
                action = self._read(view)
                if action is None:
                    continue
                self.state.apply(HUMAN, action)
                return
            except SeaBattleError as error:
                self.io.say("plain.error", message=error.message(self.io.language))

    def _read(self, view: FleetView) -> Action | None:
        io = self.io
        if view.phase is Phase.RETREAT:
            line = self._line(view, "fleet.plain.ask_retreat", turn=view.turn)
            if line is None:
                io.say("fleet.plain.retreat_help", turn=view.turn)
            elif line.lower() in YES_WORDS or line.lower() in NO_WORDS:
                return RetreatChoice(line.lower() in YES_WORDS)
            else:
                io.say("plain.again_unclear")
            return None
        if view.phase is Phase.MODE:
            numbered = {str(number): mode for number, mode in enumerate(Mode, start=1)
                        if mode in view.modes}
            line = self._line(view, "fleet.plain.ask_mode", modes=", ".join(
                f"{number} {io.tr(mode.text)}" for number, mode in numbered.items()))
            chosen = None if line is None else numbered.get(line) or MODE_WORDS.get(line.lower())
            if chosen is None or chosen not in view.modes:
                words = [f"{number} ({word})" for number, mode in numbered.items()
                         for word, named in MODE_WORDS.items()
                         if named is mode and word.isascii() == (io.language == "en")]
                either = f" {translate('fleet.plain.or', io.language)} "
                io.say("fleet.plain.mode_words",
                       words=either.join(filter(None, [", ".join(words[:-1]), words[-1]])))
                return None
            return ChooseMode(chosen)
        if view.phase is Phase.GRAPPLE:
            self._show(view)
            line = self._line(view, "fleet.plain.ask_grapple")
            if line is None:
                io.say("fleet.plain.grapple_help")
                return None
            return Grapple(tuple(int(word) - 1 for word in line.split() if word.isdigit()))
        self._show(view)
        line = self._line(view, "fleet.plain.ask_orders" if view.phase is Phase.ORDERS
                          else "fleet.plain.ask_parting", shots=view.shots_allowed,
                          fireships=view.fireship_limit)
        if line is None:
            io.say("fleet.plain.help")
            return None
        return self._orders(line)

    def _line(self, view: FleetView, key: str, /, **params: object) -> str | None:
        """The answer to the question ``key``, ``None`` for help (which the caller says);
        ``board`` shows the fields and asks again; a quit word raises
        :class:`~seabattle.terminal.lines.EndOfInput`."""
        while True:
            line = self.io.ask(key, **params)
            self.io.check_quit(line)
            if line.lower() in HELP_WORDS:
                return None
            if line.lower() not in BOARD_WORDS:
                return line
            self._show(view)

    def _orders(self, line: str) -> Orders:
        words = line.replace(",", " ").split()
        ammo = Ammo.CANNONBALL
        hold = False
        cells: list[int] = []
        fireships: list[int] = []
        enemy = coordinates(self.state.rules, COMPUTER, self.io.language)
        for word in words:
            lower = word.lower()
            if lower in AMMO_WORDS:
                ammo = AMMO_WORDS[lower]
            elif lower in HOLD_WORDS:
                hold = True
            elif lower.startswith("+") and lower[1:].isdigit():
                fireships.append(int(lower[1:]) - 1)
            else:
                cells.append(parse_typed(enemy, word))
        return Orders(ammo, tuple(cells), tuple(fireships), hold)

    def _place(self) -> Placement:
        io = self.io
        rules = self.state.rules
        own = coordinates(rules, HUMAN, io.language)
        ships: list[PlacedShip] = []
        for number, kind in enumerate(rules.pieces(HUMAN), start=1):
            while True:
                line = io.ask("fleet.plain.ask_ship", number=number, kind=io.tr(kind.text),
                              decks=SHIP_TYPES[kind].decks)
                io.check_quit(line)
                if line.lower() in HELP_WORDS:
                    io.say("fleet.plain.place_help", example=" ".join(
                        own.name(cell) for cell in range(SHIP_TYPES[kind].decks)))
                    continue
                try:
                    cells = sum(bit(parse_typed(own, word))
                                for word in line.replace(",", " ").split())
                    check_pieces(rules, HUMAN, (*ships, PlacedShip(kind, cells)))
                except SeaBattleError as error:
                    io.say("plain.error", message=own.message(error, io.language))
                    continue
                ships.append(PlacedShip(kind, cells))
                break
        while True:
            line = io.ask("fleet.plain.ask_flagship")
            io.check_quit(line)
            if line.isdigit() and 1 <= int(line) <= len(rules.fleets[HUMAN]):
                return Placement(tuple(ships), int(line) - 1)
            io.say("fleet.plain.flagship_number", count=len(rules.fleets[HUMAN]))


LINE_GAME = FleetLines()
"""The fleet battle's line game (:class:`~seabattle.terminal.lines.LineGame`)."""
