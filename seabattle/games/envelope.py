"""The record envelope: what a saved game of any game holds around the game's own part.

A record (``docs/record-format.md``) is one JSON table: ``format`` and ``version``, the
``game`` it belongs to (its name in :mod:`seabattle.games.registry`), the ``rules`` as the
game's plain data (:meth:`~seabattle.games.interface.GameDefinition.rules_to_data`), the
two ``players``, free-form ``metadata``, and the game's **body**: every other key, which
only the game reads (the interface's ``log`` by default; Battleship keeps its ``fleets``,
``first`` and ``events``).

This module reads and writes the envelope only; it knows no game and imports no registry,
so a game's own record code (:mod:`seabattle.battleship.record`) may use it.
:mod:`seabattle.records` reads any game's record with it, through the registry.

>>> envelope = Envelope("battleship", {"name": "classic"}, body={"log": []})
>>> Envelope.from_json(envelope.to_json()) == envelope
True
>>> Envelope.from_json('{"format": "seabattle-record", "version": 1, "rules": {}, '
...                    '"players": [{"name": "a"}, {"name": "b"}]}').game
'battleship'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from seabattle.errors import RecordError
from seabattle.games.interface import JSON

FORMAT = "seabattle-record"
VERSION = 2
"""The version this program writes; it reads :data:`VERSIONS`."""
VERSIONS = (1, 2)

VERSION_1_GAME = "battleship"
"""Version 1 had no ``game`` field: every record of it is Battleship's."""

ENVELOPE_KEYS = ("format", "version", "game", "rules", "players", "metadata")
"""The keys the envelope owns; a body may use any other."""


@dataclass(frozen=True)
class PlayerInfo:
    """Who played one seat: a name and, for the computer or a bot, its level."""

    name: str
    level: str | None = None
    """The computer level or bot name; ``None`` for a person."""


DEFAULT_PLAYERS = (PlayerInfo("Player 1"), PlayerInfo("Player 2"))


@dataclass(frozen=True)
class Envelope:
    """A record as plain data: the envelope's fields, checked, and the game's body as it
    was written (checking the body is the game's business)."""

    game: str
    rules: dict[str, JSON]
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    metadata: dict[str, JSON] = field(default_factory=dict)
    body: dict[str, JSON] = field(default_factory=dict)
    version: int = VERSION
    """The version it was read as (written records are always :data:`VERSION`)."""

    def to_json(self) -> str:
        """The record as JSON text, in the current version."""
        clashes = sorted(set(self.body) & set(ENVELOPE_KEYS))
        if clashes:
            raise ValueError(f"a record body may not use the envelope's keys {clashes}")
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "players": [{"name": p.name, "level": p.level} for p in self.players],
            **self.body,
            "metadata": self.metadata,
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Envelope:
        """Read the envelope of a record of any version this program reads; raises
        :class:`RecordError` saying what is wrong with it."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(problem=f"not JSON ({error})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(problem=f"not a {FORMAT} file")
        version = data.get("version")
        if type(version) is not int or version not in VERSIONS:
            raise RecordError(problem=f"version {version!r}; this program reads "
                                      f"{' and '.join(map(str, VERSIONS))}")
        game = data.get("game") if version > 1 else VERSION_1_GAME
        if not isinstance(game, str):
            raise RecordError(problem=f"the game must be named, not {game!r}")
        if "rules" not in data or not isinstance(data["rules"], dict):
            raise RecordError(problem=f"rules must be a table, not {data.get('rules')!r:.80}")
        metadata = data.get("metadata", {})
        if not isinstance(metadata, dict):
            raise RecordError(problem=f"metadata must be a table, not {metadata!r}")
        body = {key: value for key, value in data.items() if key not in ENVELOPE_KEYS}
        return cls(game, data["rules"], _players(data.get("players")), metadata, body, version)


def _players(data: object) -> tuple[PlayerInfo, PlayerInfo]:
    if not isinstance(data, list) or len(data) != 2:
        raise RecordError(problem="a record has exactly two players")
    players = []
    for entry in data:
        level = entry.get("level") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or "name" not in entry or not (
                level is None or isinstance(level, str)):
            raise RecordError(problem=f"a player is {{\"name\": …, \"level\": …}}, "
                                      f"not {entry!r:.80}")
        players.append(PlayerInfo(str(entry["name"]), level))
    return players[0], players[1]


class RecordBody(Protocol):
    """A game's own kind of record, for a game that does not keep the interface's log
    (Battleship's :class:`~seabattle.battleship.record.GameRecord`)."""

    def to_envelope(self) -> Envelope:
        """The record as an envelope with the game's body."""


class RecordBodyReader(Protocol):
    """What reads a game's own kind of record back (the class of a :class:`RecordBody`)."""

    def from_envelope(self, envelope: Envelope) -> RecordBody:
        """The record, checked by replaying it; raises :class:`RecordError` saying where
        it breaks the rules."""
