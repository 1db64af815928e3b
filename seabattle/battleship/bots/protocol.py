"""Battleship's bot protocol: its messages as values, and their one-line text form.

A bot is a program that talks to the arena over its standard input and output,
one message per line, in the manner of chess's UCI. ``docs/protocol.md`` is the
specification; this module is its executable form and does no I/O: each message
is a frozen dataclass, :meth:`to_line` formats it, and :func:`parse_command`
(arena → bot, as :mod:`seabattle.battleship.bots.builtin` reads it) and
:func:`parse_reply` (bot → arena, as :mod:`seabattle.battleship.bots.arena` reads it)
parse a line. The framing messages (``seabattle``/``seabattleok``, ``id``, ``isready``,
``readyok``, ``info``, ``quit``) are here for the bot's side and for tests; the arena
speaks them for every game in :mod:`seabattle.arena.bots`, with ``seabattle`` as
Battleship's handshake word.

Cells are always Latin names (``A1`` … ``J10``, further letters on wider fields)
whatever alphabet the rules show to people. Parsing a cell needs the field
(:class:`~seabattle.coords.Grid`): a cell name that is not a name at all raises
:class:`~seabattle.errors.ProtocolSyntaxError`, a well-formed name outside the
field :class:`~seabattle.errors.OffFieldError` (an illegal move, not a syntax
error).

>>> from seabattle.battleship.rules import find_rules
>>> grid = find_rules("classic").grid
>>> parse_reply("fire b3", grid)
Fire(cell=21)
>>> Fire(21).to_line(grid)
'fire B3'
>>> ShotReport(True, 21, ShotResult.SUNK, size=3, name="cruiser").to_line(grid)
'result B3 sunk 3 cruiser'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from seabattle.battleship.cell_lists import cell_lists, fleet_from_cell_lists
from seabattle.battleship.events import ShotResult
from seabattle.battleship.rules import Rules, rules_from_dict
from seabattle.coords import ALPHABETS, Grid, cell_name, parse_cell
from seabattle.errors import (
    CoordinateSyntaxError,
    ProtocolSyntaxError,
    SeaBattleError,
)

PROTOCOL_VERSION = 1
"""The version this module speaks; ``docs/protocol.md`` says what changes bump it."""

SUPPORTED_VERSIONS = (1,)
"""Every version the arena accepts from a bot."""

Outcome = Literal["win", "loss"]
EndReason = Literal["sunk", "resign", "forfeit"]
END_REASONS: tuple[EndReason, ...] = ("sunk", "resign", "forfeit")


def _need_grid(grid: Grid | None, line: str) -> Grid:
    if grid is None:
        raise ProtocolSyntaxError(line=line, problem="a cell before any 'newgame'")
    return grid


def format_cell(cell: int, grid: Grid) -> str:
    """A cell's protocol name: Latin letter and row from one (``"B3"``)."""
    return cell_name(cell, grid, ALPHABETS["latin"])


def parse_protocol_cell(text: str, grid: Grid, line: str = "") -> int:
    """A cell from its protocol name, case-insensitive.

    Raises :class:`ProtocolSyntaxError` for text that is no cell name and
    :class:`~seabattle.errors.OffFieldError` for one outside the field.
    """
    try:
        return parse_cell(text, grid, ALPHABETS["latin"])
    except CoordinateSyntaxError:
        raise ProtocolSyntaxError(line=line or text,
                                  problem=f"{text!r} is not a cell name such as B3") from None


def format_fleet(ships: Sequence[Sequence[int]], grid: Grid) -> str:
    """Ships separated by spaces, each ship's cells by commas: ``"A1,A2 C5"``."""
    return " ".join(",".join(format_cell(c, grid) for c in cells) for cells in ships)


def parse_fleet_text(words: Sequence[str], grid: Grid, line: str = ""
                     ) -> tuple[tuple[int, ...], ...]:
    """The cells of each ship from the words of a ``fleet`` or ``reveal`` line."""
    if not words:
        raise ProtocolSyntaxError(line=line, problem="no ships listed")
    ships = []
    for word in words:
        names = word.split(",")
        if any(not name for name in names):
            raise ProtocolSyntaxError(line=line, problem=f"empty cell name in {word!r}")
        ships.append(tuple(parse_protocol_cell(name, grid, line) for name in names))
    return tuple(ships)


# The bot protocol's fleets are cell lists by size (seabattle.battleship.cell_lists, shared
# with the web server, whose fleets come in rules order); kept under these names for bots.
fleet_from_cells = fleet_from_cell_lists
"""A validated fleet from the cells of each ship in any order, kinds found by size
(:func:`~seabattle.battleship.cell_lists.fleet_from_cell_lists`)."""

fleet_cells = cell_lists
"""Each ship's cells, in increasing order: what :func:`format_fleet` writes
(:func:`~seabattle.battleship.cell_lists.cell_lists`)."""


def _int_arg(words: Sequence[str], line: str, what: str) -> int:
    if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 9:
        raise ProtocolSyntaxError(line=line, problem=f"expected one whole number ({what})")
    return int(words[0])


def _no_args(words: Sequence[str], line: str) -> None:
    if words:
        raise ProtocolSyntaxError(line=line, problem="unexpected words after the keyword")


# --- arena → bot -------------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    """``seabattle VERSION``: the first line; the arena speaks ``VERSION`` or lower."""

    version: int = PROTOCOL_VERSION

    def to_line(self, grid: Grid | None = None) -> str:
        return f"seabattle {self.version}"


@dataclass(frozen=True)
class IsReady:
    """``isready``: answer ``readyok`` once done with everything asked so far."""

    def to_line(self, grid: Grid | None = None) -> str:
        return "isready"


@dataclass(frozen=True)
class NewGame:
    """``newgame RULES``: a new game starts, with the rule set as one line of JSON."""

    rules: Rules

    def to_line(self, grid: Grid | None = None) -> str:
        text = json.dumps(self.rules.to_dict(), ensure_ascii=False, separators=(",", ":"))
        return f"newgame {text}"


@dataclass(frozen=True)
class PlaceRequest:
    """``place MS``: answer with ``fleet …`` within ``MS`` milliseconds."""

    time_ms: int

    def to_line(self, grid: Grid | None = None) -> str:
        return f"place {self.time_ms}"


@dataclass(frozen=True)
class ShootRequest:
    """``shoot MS``: answer with ``fire CELL`` (or ``resign``) within ``MS`` milliseconds."""

    time_ms: int

    def to_line(self, grid: Grid | None = None) -> str:
        return f"shoot {self.time_ms}"


@dataclass(frozen=True)
class ShotReport:
    """``result CELL ANSWER`` (the bot's own shot) or ``incoming CELL ANSWER`` (the opponent's).

    ``ANSWER`` is ``miss``, ``hit`` or ``sunk``; when the rules announce the kind of a
    sunk ship, ``sunk`` is followed by its size and name (``sunk 3 cruiser``).
    """

    own: bool
    """``True`` for the bot's own shot, ``False`` for a shot at the bot's field."""
    cell: int
    result: ShotResult
    size: int | None = None
    """The sunk ship's size, when announced."""
    name: str = ""
    """The sunk ship's name (may be empty, may hold spaces), when announced."""

    def to_line(self, grid: Grid | None = None) -> str:
        word = "result" if self.own else "incoming"
        text = f"{word} {format_cell(self.cell, _need_grid(grid, word))} {self.result.value}"
        if self.result is ShotResult.SUNK and self.size is not None:
            text += f" {self.size}" + (f" {self.name}" if self.name else "")
        return text


@dataclass(frozen=True)
class Reveal:
    """``reveal FLEET``: the opponent's fleet, when the game is over."""

    ships: tuple[tuple[int, ...], ...]

    def to_line(self, grid: Grid | None = None) -> str:
        return f"reveal {format_fleet(self.ships, _need_grid(grid, 'reveal'))}"


@dataclass(frozen=True)
class GameOver:
    """``gameover win|loss REASON``: the game is over; REASON is sunk, resign or forfeit."""

    outcome: Outcome
    reason: EndReason

    def to_line(self, grid: Grid | None = None) -> str:
        return f"gameover {self.outcome} {self.reason}"


@dataclass(frozen=True)
class Quit:
    """``quit``: exit now."""

    def to_line(self, grid: Grid | None = None) -> str:
        return "quit"


Command = Hello | IsReady | NewGame | PlaceRequest | ShootRequest | ShotReport | Reveal | \
    GameOver | Quit
"""Anything the arena sends to a bot."""


# --- bot → arena -------------------------------------------------------------------

@dataclass(frozen=True)
class Id:
    """``id KEY VALUE``: ``id name …`` and ``id author …`` during the handshake."""

    key: str
    value: str

    def to_line(self, grid: Grid | None = None) -> str:
        return f"id {self.key} {self.value}"


@dataclass(frozen=True)
class HelloOk:
    """``seabattleok VERSION``: ends the handshake, choosing the version spoken."""

    version: int = PROTOCOL_VERSION

    def to_line(self, grid: Grid | None = None) -> str:
        return f"seabattleok {self.version}"


@dataclass(frozen=True)
class ReadyOk:
    """``readyok``: the answer to ``isready``."""

    def to_line(self, grid: Grid | None = None) -> str:
        return "readyok"


@dataclass(frozen=True)
class FleetReply:
    """``fleet A1,A2,A3 C5 …``: the answer to ``place``."""

    ships: tuple[tuple[int, ...], ...]

    def to_line(self, grid: Grid | None = None) -> str:
        return f"fleet {format_fleet(self.ships, _need_grid(grid, 'fleet'))}"


@dataclass(frozen=True)
class Fire:
    """``fire CELL``: the answer to ``shoot``."""

    cell: int

    def to_line(self, grid: Grid | None = None) -> str:
        return f"fire {format_cell(self.cell, _need_grid(grid, 'fire'))}"


@dataclass(frozen=True)
class Resign:
    """``resign``: the bot gives up the game (an answer to ``shoot``)."""

    def to_line(self, grid: Grid | None = None) -> str:
        return "resign"


@dataclass(frozen=True)
class Info:
    """``info TEXT``: free text for logs, allowed at any time, never answered."""

    text: str

    def to_line(self, grid: Grid | None = None) -> str:
        return f"info {self.text}".rstrip()


Reply = Id | HelloOk | ReadyOk | FleetReply | Fire | Resign | Info
"""Anything a bot sends to the arena."""


# --- parsing -----------------------------------------------------------------------

MAX_LINE = 1 << 20
"""The longest line either side must accept, in bytes (a 26×26 rules line is far shorter);
the arena's transport enforces it (:data:`seabattle.arena.bots.MAX_LINE`)."""


def _split(line: str) -> tuple[str, list[str], str]:
    """Keyword, words, and the text after the keyword (tabs count as spaces)."""
    text = line.rstrip("\r\n").replace("\t", " ").strip()
    keyword, _, rest = text.partition(" ")
    return keyword, rest.split(), rest.strip()


def _shot_report(own: bool, words: list[str], grid: Grid | None, line: str) -> ShotReport:
    if len(words) < 2:
        raise ProtocolSyntaxError(line=line, problem="expected a cell and miss, hit or sunk")
    cell = parse_protocol_cell(words[0], _need_grid(grid, line), line)
    try:
        result = ShotResult(words[1])
    except ValueError:
        raise ProtocolSyntaxError(line=line, problem="the answer is miss, hit or sunk") from None
    if len(words) == 2:
        return ShotReport(own, cell, result)
    if result is not ShotResult.SUNK or not words[2].isdigit() or len(words[2]) > 3:
        raise ProtocolSyntaxError(line=line, problem="only 'sunk' is followed by size and name")
    return ShotReport(own, cell, result, int(words[2]), " ".join(words[3:]))


def parse_command(line: str, grid: Grid | None = None) -> Command:
    """A line from the arena, as a bot reads it. ``grid``: the current game's field.

    Raises :class:`ProtocolSyntaxError` for an unknown keyword or malformed
    arguments (a bot should ignore unknown keywords: later versions may add some).
    """
    keyword, words, rest = _split(line)
    if keyword == "seabattle":
        return Hello(_int_arg(words, line, "the protocol version"))
    if keyword == "isready":
        _no_args(words, line)
        return IsReady()
    if keyword == "newgame":
        try:
            data: Any = json.loads(rest)
            return NewGame(rules_from_dict(data))
        except (json.JSONDecodeError, SeaBattleError) as error:
            raise ProtocolSyntaxError(line=line, problem=f"bad rules ({error})") from None
    if keyword == "place":
        return PlaceRequest(_int_arg(words, line, "milliseconds"))
    if keyword == "shoot":
        return ShootRequest(_int_arg(words, line, "milliseconds"))
    if keyword in ("result", "incoming"):
        return _shot_report(keyword == "result", words, grid, line)
    if keyword == "reveal":
        return Reveal(parse_fleet_text(words, _need_grid(grid, line), line))
    if keyword == "gameover":
        if len(words) != 2 or words[0] not in ("win", "loss") or words[1] not in END_REASONS:
            raise ProtocolSyntaxError(line=line,
                                      problem="expected win or loss, then sunk, resign or forfeit")
        return GameOver(words[0], words[1])  # type: ignore[arg-type]
    if keyword == "quit":
        return Quit()
    raise ProtocolSyntaxError(line=line, problem=f"unknown command {keyword!r}")


def parse_reply(line: str, grid: Grid | None = None) -> Reply:
    """A line from a bot, as the arena reads it. ``grid``: the current game's field.

    Raises :class:`ProtocolSyntaxError` for anything that is not a reply, or
    :class:`~seabattle.errors.OffFieldError` for a cell off the field.
    """
    keyword, words, rest = _split(line)
    if keyword == "id":
        key, _, value = rest.partition(" ")
        if not key:
            raise ProtocolSyntaxError(line=line, problem="expected 'id name …' or 'id author …'")
        return Id(key, value.strip())
    if keyword == "seabattleok":
        return HelloOk(_int_arg(words, line, "the protocol version"))
    if keyword == "readyok":
        _no_args(words, line)
        return ReadyOk()
    if keyword == "fleet":
        return FleetReply(parse_fleet_text(words, _need_grid(grid, line), line))
    if keyword == "fire":
        if len(words) != 1:
            raise ProtocolSyntaxError(line=line, problem="expected one cell, such as 'fire B3'")
        return Fire(parse_protocol_cell(words[0], _need_grid(grid, line), line))
    if keyword == "resign":
        _no_args(words, line)
        return Resign()
    if keyword == "info":
        return Info(rest)
    if not keyword:
        raise ProtocolSyntaxError(line=line, problem="empty line")
    raise ProtocolSyntaxError(line=line, problem=f"unknown reply {keyword!r}")
