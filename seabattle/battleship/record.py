"""Battleship's game records: a whole game, finished or not, as JSON text
(``docs/record-format.md``).

A record is the shared envelope (:mod:`seabattle.games.envelope`: format, version,
``"game": "battleship"``, rules, players, metadata) around Battleship's own body: both
fleets, who moved first and every event, answers included, so that people and other
programs can read a game without replaying it. Reading a record replays it through
:class:`~seabattle.battleship.game.Game`, so a record that breaks the rules is refused with a
:class:`~seabattle.errors.RecordError` saying where. Records of version 1 (before the
``game`` field) read as they always did.

Cells are written as Latin names (``"A1"``) whatever alphabet the game was shown
in, so that records read the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from seabattle.battleship.events import (
    Event,
    Handover,
    MineReveal,
    Resignation,
    ShipMove,
    Shot,
    ShotResult,
)
from seabattle.battleship.fleet import Fleet, Ship, ship_from_cells, validate_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.rules import Role, Rules, rules_from_dict
from seabattle.battleship.shapes import Shape
from seabattle.coords import ALPHABETS, Coordinates, bit, iter_cells
from seabattle.errors import RecordError, SeaBattleError
from seabattle.games.envelope import (
    DEFAULT_PLAYERS,
    FORMAT,
    VERSION,
    Envelope,
    PlayerInfo,
)
from seabattle.games.interface import JSON
from seabattle.i18n import Text

__all__ = ["FORMAT", "GAME", "RECORD_BODY", "VERSION", "GameRecord", "PlayerInfo",
           "event_from_data", "event_to_data", "fleet_from_data", "fleet_to_data"]

GAME = "battleship"
"""The ``game`` of Battleship's records: the name the registry knows it by."""


@dataclass(frozen=True)
class GameRecord:
    """A game as it can be saved, shared and replayed."""

    rules: Rules
    fleets: tuple[Fleet, Fleet]
    first: int
    events: tuple[Event, ...]
    players: tuple[PlayerInfo, PlayerInfo] = DEFAULT_PLAYERS
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Anything else worth keeping: ``seed``, ``hints`` (who asked for hints, when), …"""

    @classmethod
    def of(cls, game: Game, players: tuple[PlayerInfo, PlayerInfo] | None = None,
           **metadata: Any) -> GameRecord:
        """The record of a game as it stands now."""
        return cls(game.rules, game.fleets, game.first, tuple(game.events),
                   players or DEFAULT_PLAYERS, dict(metadata))

    def game(self, upto: int | None = None) -> Game:
        """The game replayed, up to event number ``upto`` (all by default)."""
        return Game.replay(self.rules, self.fleets, self.first, self.events[:upto],
                           complete=upto is None)

    def to_json(self) -> str:
        """The record as JSON text."""
        return self.to_envelope().to_json()

    def to_envelope(self) -> Envelope:
        """The record as the shared envelope with Battleship's body."""
        names = _latin(self.rules)
        body = {
            "first": self.first,
            "fleets": [fleet_to_data(self.rules, fleet) for fleet in self.fleets],
            "events": [_event_to_dict(e, names) for e in self.events],
        }
        return Envelope(GAME, cast(dict[str, JSON], self.rules.to_dict()), self.players,
                        dict(self.metadata), cast(dict[str, JSON], body))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read and check a record (any version); raises :class:`RecordError` saying what is
        wrong."""
        return cls.from_envelope(Envelope.from_json(text))

    @classmethod
    def from_envelope(cls, envelope: Envelope) -> GameRecord:
        """Battleship's record in ``envelope``, checked by replaying every event."""
        if envelope.game != GAME:
            raise RecordError(problem=f"a record of {envelope.game!r}, not of {GAME!r}")
        data: dict[str, Any] = envelope.body
        try:
            rules = rules_from_dict(envelope.rules)
            names = _latin(rules)
            fleets = tuple(_fleet_from_list(rules, names, f) for f in data["fleets"])
            if len(fleets) != 2:
                raise RecordError(problem="a record has exactly two fleets")
            first = data["first"]
            events = tuple(_event_from_dict(e, names) for e in data["events"])
        except RecordError:
            raise
        except SeaBattleError as error:
            raise RecordError(problem=str(error)) from None
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RecordError(problem=f"missing or malformed field ({error!r})") from None
        # The file does not store which ship each shot hit: the replay works it out.
        game = _replayed(rules, (fleets[0], fleets[1]), first, events)
        return cls(rules, (fleets[0], fleets[1]), first, tuple(game.events), envelope.players,
                   envelope.metadata)


RECORD_BODY = GameRecord
"""How :mod:`seabattle.records` reads Battleship's own body (a
:class:`~seabattle.games.envelope.RecordBodyReader`)."""


def _replayed(rules: Rules, fleets: tuple[Fleet, Fleet], first: Any,
              events: Sequence[Event]) -> Game:
    """The game of a record, each event checked; a refusal names the event that broke
    the rules."""
    try:
        game = Game(rules, fleets, first)
    except SeaBattleError as error:
        raise RecordError(problem=f"the moves break the rules: {error}") from None
    for number, event in enumerate(events, start=1):
        try:
            game.apply(event)
        except SeaBattleError as error:
            raise RecordError(problem=f"the moves break the rules at event {number} "
                                      f"({_event_to_dict(event, _latin(rules))}): {error}"
                              ) from None
    if not game.settled:
        raise RecordError(problem="the moves break the rules: the record stops before "
                                  f"event {len(events) + 1}, which the game itself makes")
    return game


def _latin(rules: Rules) -> Coordinates:
    return Coordinates(rules.grid, ALPHABETS["latin"])


def event_to_data(event: Event, rules: Rules) -> dict[str, Any]:
    """An engine event as JSON-ready data, the form records keep (``docs/record-format.md``)
    and the web server's game log too: ``{"type": "shot", "player": 0, "cell": "B3",
    "result": "hit"}``, cells named with Latin letters.

    >>> from seabattle.battleship.rules import PRESETS
    >>> event_to_data(Shot(1, 21, ShotResult.SUNK), PRESETS["classic"])
    {'type': 'shot', 'player': 1, 'cell': 'B3', 'result': 'sunk'}
    """
    return _event_to_dict(event, _latin(rules))


def event_from_data(data: Mapping[str, Any] | Sequence[Any], rules: Rules) -> Event:
    """The inverse of :func:`event_to_data`. Also reads the compact lists the web server's
    game log kept before it stored events this way (``["shot", 0, 21, "hit", false]``,
    cells as numbers), so that older databases still load.

    A shot's ship is not stored: replaying the shot works it out (and checks the rest).
    Raises :class:`RecordError` for an unknown event type, ``KeyError``, ``TypeError``
    or ``ValueError`` for a malformed one.

    >>> from seabattle.battleship.rules import PRESETS
    >>> event_from_data({"type": "handover", "player": 0, "cell": "B3"}, PRESETS["classic"])
    Handover(player=0, cell=21)
    >>> event_from_data(["handover", 0, 21], PRESETS["classic"])
    Handover(player=0, cell=21)
    """
    if isinstance(data, Mapping):
        return _event_from_dict(data, _latin(rules))
    return _event_from_compact(data)


def _event_to_dict(event: Event, names: Coordinates) -> dict[str, Any]:
    if isinstance(event, Resignation):
        return {"type": "resign", "player": event.player}
    if isinstance(event, Handover):
        return {"type": "handover", "player": event.player, "cell": names.name(event.cell)}
    if isinstance(event, MineReveal):
        return {"type": "reveal_mine", "player": event.player,
                "cell": None if event.cell is None else names.name(event.cell)}
    if isinstance(event, ShipMove):
        return {"type": "move_ship", "player": event.player, "ship": event.ship,
                "cells": None if event.cells is None
                else [names.name(c) for c in iter_cells(event.cells)]}
    data: dict[str, Any] = {"type": "shot", "player": event.player,
                            "cell": names.name(event.cell), "result": event.result.value}
    if event.dying:
        data["dying"] = True
    return data


def _event_from_dict(data: Mapping[str, Any], names: Coordinates) -> Event:
    kind, player = data["type"], int(data["player"])
    if kind == "resign":
        return Resignation(player)
    if kind == "handover":
        return Handover(player, names.parse(data["cell"]))
    if kind == "reveal_mine":
        return MineReveal(player, None if data["cell"] is None else names.parse(data["cell"]))
    if kind == "move_ship":
        cells = None
        if data["cells"] is not None:
            cells = 0
            for name in data["cells"]:
                cells |= bit(names.parse(name))
        return ShipMove(player, int(data["ship"]), cells)
    if kind != "shot":
        raise RecordError(problem=f"unknown event type {kind!r}")
    # The ship index is not stored: replaying the shot recomputes it, and Game.apply
    # compares everything else.
    return Shot(player, names.parse(data["cell"]), ShotResult(data["result"]),
                dying=bool(data.get("dying", False)))


def _event_from_compact(data: Sequence[Any]) -> Event:
    """An event of an older web server log: ``[type, player, …]`` with cell numbers."""
    kind, player = data[0], int(data[1])
    if kind == "shot":
        return Shot(player, int(data[2]), ShotResult(data[3]), dying=bool(data[4]))
    if kind == "handover":
        return Handover(player, int(data[2]))
    if kind == "reveal":
        return MineReveal(player, None if data[2] is None else int(data[2]))
    if kind == "move":
        cells = None
        if data[3] is not None:
            cells = 0
            for cell in data[3]:
                cells |= bit(int(cell))
        return ShipMove(player, int(data[2]), cells)
    if kind != "resign":
        raise RecordError(problem=f"unknown event type {kind!r}")
    return Resignation(player)


def fleet_to_data(rules: Rules, fleet: Fleet) -> list[dict[str, Any]]:
    """A fleet as plain data, the form records (and benchmark fleet files) store.

    Each ship is ``{"size": 4, "name": "battleship", "cells": ["A1", …]}``, cells
    named with Latin letters; submarines, mines and minesweepers add ``"role"``, ships
    of a shape other than straight add ``"shape"``.
    """
    names = _latin(rules)
    return [{"size": s.kind.size, "name": s.kind.name,
             **({} if s.kind.role is Role.SHIP else {"role": s.kind.role.value}),
             **({} if s.kind.shape is Shape.STRAIGHT else {"shape": s.kind.shape.value}),
             "cells": [names.name(c) for c in s.cell_list()]} for s in fleet]


def fleet_from_data(rules: Rules, ships: Sequence[Mapping[str, Any]]) -> Fleet:
    """The inverse of :func:`fleet_to_data`, checked against ``rules``.

    Raises a :class:`~seabattle.errors.SeaBattleError`: :class:`RecordError` for a
    malformed entry or an unknown ship, the placement errors for an illegal fleet.

    >>> from seabattle.battleship.rules import PRESETS
    >>> try:
    ...     fleet_from_data(PRESETS["classic"], [{"size": 4, "cells": ["A1"]}])
    ... except RecordError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    invalid game record: ship 1 must be {"size": a whole number, ...}; not {'size': 4, ...}
    """
    return _fleet_from_list(rules, _latin(rules), ships)


def _fleet_from_list(rules: Rules, names: Coordinates, ships: Sequence[Mapping[str, Any]]
                     ) -> Fleet:
    if not isinstance(ships, list):
        raise RecordError(problem=Text("record.fleet_not_list", {"got": f"{ships!r:.80}"}))
    placed: list[Ship] = []
    for number, entry in enumerate(ships, start=1):
        if not (isinstance(entry, dict) and isinstance(entry.get("size"), int)
                and isinstance(entry.get("name"), str) and isinstance(entry.get("cells"), list)
                and all(isinstance(cell, str) for cell in entry["cells"])):
            raise RecordError(problem=Text("record.ship_entry",
                                           {"number": number, "got": f"{entry!r:.80}"}))
        # Records written before shapes and roles were stored name neither.
        kind = next((k for k in rules.fleet
                     if (k.size, k.name, k.role.value) == (entry["size"], entry["name"],
                                                          entry.get("role", "ship"))
                     and entry.get("shape", k.shape.value) == k.shape.value), None)
        if kind is None:
            raise RecordError(
                problem=f"no ship {entry['name']!r} of size {entry['size']} in the rules")
        placed.append(ship_from_cells(rules, kind, (names.parse(c) for c in entry["cells"])))
    return validate_fleet(rules, placed)
