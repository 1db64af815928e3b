"""Records of any game: read through the registry, written in one format.

Every record is the envelope of :mod:`seabattle.games.envelope` (format, version, ``game``,
rules, players, metadata) around the game's body (``docs/record-format.md``). Reading one
finds its game with :func:`~seabattle.games.registry.find_game` (an unknown game is refused
with the registry's translated :class:`~seabattle.errors.UnknownGameError`), reads the
rules with the game's ``rules_from_data`` and checks the body by replaying it:

- the body of a game of the interface is its **log** (``{"log": [...]}``, the definition's
  ``log_to_data``), replayed move by move; a move that breaks the rules is refused with a
  :class:`~seabattle.errors.RecordError` naming the move;
- a game that keeps a body of its own names the module that reads it among its
  definition's parts, as ``record_body`` (:class:`~seabattle.games.interface.GameParts`;
  Battleship: fleets, first and events, readable without replaying). Such a game's records
  may still carry a log instead (written by :func:`record_of_log`).

The result is a typed :class:`Record`; :func:`write_record` writes it back. This module
imports no game: only the registry, and the modules games name, by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from seabattle.errors import RecordError, SeaBattleError
from seabattle.games.envelope import (
    DEFAULT_PLAYERS,
    Envelope,
    PlayerInfo,
    RecordBody,
    RecordBodyReader,
)
from seabattle.games.interface import CHANCE, JSON, Move
from seabattle.games.registry import AnyGame, find_game, import_part
from seabattle.i18n import Text

LOG = "log"
"""The body's key for the log of a game of the interface."""


@dataclass(frozen=True)
class Record:
    """A saved game of any registered game."""

    game: AnyGame
    """The game's definition, found through the registry."""
    rules: Any
    """The game's rule set (its own type)."""
    body: RecordBody | tuple[Move[Any], ...]
    """The game's own record (its parts' ``record_body``), or its log of moves."""
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    metadata: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def log(self) -> tuple[Move[Any], ...] | None:
        """The log of moves, when the record keeps one."""
        return self.body if isinstance(self.body, tuple) else None


def record_of_log(game: AnyGame, rules: Any, log: Sequence[Move[Any]],
                  players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS,
                  **metadata: JSON) -> Record:
    """The record of a game of the interface from its rules and log (``state.log``)."""
    return Record(game, rules, tuple(log), players, metadata)


def record_of_body(body: RecordBody) -> Record:
    """The record of a game's own kind of record (Battleship's ``GameRecord``), as it would
    be read back."""
    return _read(body.to_envelope(), own=body)


def write_record(record: Record) -> str:
    """The record as JSON text, in the current version of the format."""
    log = record.log
    if log is None:
        return cast(RecordBody, record.body).to_envelope().to_json()
    game = record.game
    body: dict[str, JSON] = {LOG: game.log_to_data(record.rules, log)}
    return Envelope(game.name, game.rules_to_data(record.rules), record.players,
                    dict(record.metadata), body).to_json()


def read_record(text: str) -> Record:
    """Read and check a record of any registered game, of any version this program reads.

    Raises :class:`~seabattle.errors.RecordError` saying what is wrong, or the registry's
    :class:`~seabattle.errors.UnknownGameError` for a game it does not know.
    """
    return _read(Envelope.from_json(text))


def read_record_file(path: Path) -> Record:
    """:func:`read_record` of a file; one that cannot be read raises
    :class:`~seabattle.errors.RecordError` too."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError("error.record_file", path=str(path), problem=str(error)) from None
    return read_record(text)


def _read(envelope: Envelope, own: RecordBody | None = None) -> Record:
    game = find_game(envelope.game)
    try:
        rules = game.rules_from_data(envelope.rules)
    except SeaBattleError as error:
        raise RecordError(problem=error.text) from None
    if LOG in envelope.body:
        body: RecordBody | tuple[Move[Any], ...] = _checked_log(game, rules, envelope.body[LOG])
    elif own is not None:
        body = own
    elif (reader := cast("RecordBodyReader | None", import_part(game, "record_body"))
          ) is not None:
        body = reader.from_envelope(envelope)
    else:
        raise RecordError(problem=f"a record of {game.name} keeps its moves in {LOG!r}")
    return Record(game, rules, body, envelope.players, envelope.metadata)


def _checked_log(game: AnyGame, rules: Any, data: JSON) -> tuple[Move[Any], ...]:
    """The log, read and replayed move by move; the first move that is malformed or breaks
    the rules is named."""
    if not isinstance(data, list):
        raise RecordError(problem=f"{LOG} must be a list of moves, not {data!r:.80}")
    state = game.new_state(rules)
    log: list[Move[Any]] = []
    for number, entry in enumerate(data, start=1):
        try:
            (move,) = game.log_from_data(rules, [entry])
            if move.actor == CHANCE:
                state.apply_chance(move.action)
            else:
                state.apply(move.actor, move.action)
        except (SeaBattleError, KeyError, TypeError, ValueError, AttributeError) as error:
            actor = entry.get("actor") if isinstance(entry, dict) else None
            who = "chance" if actor == CHANCE else f"seat {actor}"
            reason = _reason(error)
            raise RecordError(problem=f"the moves break the rules at move {number} ({who}, "
                                      f"{entry!r:.120}): {reason}") from None
        log.append(move)
    return tuple(log)


def _reason(error: Exception) -> str:
    """Why a move was refused, without a nested «invalid game record»."""
    if isinstance(error, RecordError) and "problem" in error.params:
        problem = error.params["problem"]
        return problem.render("en") if isinstance(problem, Text) else str(problem)
    return error.message("en") if isinstance(error, SeaBattleError) else repr(error)
