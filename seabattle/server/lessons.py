"""Lessons of the classroom's own server, from before the rooms hosted them: imported once.

Until the classroom became a game of the rooms (``classroom``, hosted by
:mod:`seabattle.battleship.online.classroom`), the server ran lessons on a stack of its own:
a ``lesson_entries`` table in its SQLite file, holding per lesson a ``created`` entry (the
lesson's language, teams, seed, first team, problem set and own fleets, and the hash of the
teacher's token) and then one ``fire`` (``cell``) or ``mark`` (``right``) entry per action.

At start-up :func:`import_lessons` turns each such lesson into a room of the ``classroom``
game in ``hotseat`` mode, with the teacher's token hash at both seats, by replaying its
actions through a :class:`~seabattle.server.rooms.Room`: its log is what a room would have
written (the problems drawn included), checked by the game at every step. The lesson keeps
its id, so its teacher's browser, which keeps the token, opens it at ``/play/{id}`` (the
page sends the old address ``/classroom/{id}`` there). Once every lesson is in, the table
is renamed ``lesson_entries_imported``, which keeps the old logs and makes the import
happen once.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.games.registry import find_game
from seabattle.server.entries import Created, Entry, RoomOptions
from seabattle.server.messages import Intent
from seabattle.server.rooms import Room
from seabattle.server.service import new_key
from seabattle.server.store import Store

GAME = "classroom"
"""The game a lesson is now."""
OLD_TABLE = "lesson_entries"
IMPORTED_TABLE = "lesson_entries_imported"
log = logging.getLogger("seabattle.server")


def lesson_room(lesson_id: str, old_log: Sequence[Mapping[str, JSON]]) -> tuple[Room, list[Entry]]:
    """The room of an old lesson and its whole log (its first entry first); raises a
    :class:`~seabattle.errors.SeaBattleError` for a log that does not replay."""
    created = old_log[0]
    if created.get("type") != "created":
        raise SeaBattleError("web.error.generic", problem=f"lesson {lesson_id}: no created entry")
    try:
        definition = find_game(GAME)
        rules = definition.rules_from_data({
            "problems": created["problems"], "language": created["lang"],
            "seed": created["seed"], "teams": created["teams"], "first": created["first"],
            "fleets": created.get("fleets", [None, None])})
        at = float(cast(float, created["at"]))
        token = str(created["token"])
        first = created["first"]
    except (KeyError, TypeError, ValueError) as error:
        raise SeaBattleError("web.error.generic",
                             problem=f"lesson {lesson_id}: a malformed entry ({error})") from None
    entry = Created(at=at, game=GAME, rules=definition.rules_to_data(rules),
                    options=RoomOptions(mode="hotseat"), first=cast(int, first),
                    watch=new_key(), token=token, token1=token)
    room = Room(lesson_id, entry)
    entries: list[Entry] = [entry]
    for old in old_log[1:]:
        kind = old.get("type")
        if kind == "fire":
            message = Intent("fire", {"cell": old.get("cell")})
        elif kind == "mark":
            message = Intent("mark", {"right": old.get("right")})
        else:
            raise SeaBattleError("web.error.generic",
                                 problem=f"lesson {lesson_id}: unknown entry {kind!r}")
        entries += room.handle(0, message, at)
    return room, entries


async def import_lessons(path: str | Path | None, store: Store) -> list[str]:
    """Import the old lessons of the SQLite file at ``path`` into ``store`` (skipping any
    already there); returns the ids imported. A lesson that does not replay is left in the
    old table (and logged), which is then kept as it is."""
    if path is None or str(path) == ":memory:" or not Path(path).exists():
        return []
    db = sqlite3.connect(str(path))
    try:
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                      (OLD_TABLE,)).fetchone() is None:
            return []
        rows = db.execute(f"SELECT lesson, data FROM {OLD_TABLE} ORDER BY lesson, seq").fetchall()
        lessons: dict[str, list[Mapping[str, JSON]]] = {}
        for lesson_id, data in rows:
            lessons.setdefault(lesson_id, []).append(json.loads(data))
        imported: list[str] = []
        failed = False
        for lesson_id, old_log in lessons.items():
            if await store.load(lesson_id) is not None:
                continue
            try:
                room, entries = lesson_room(lesson_id, old_log)
            except SeaBattleError as error:
                log.warning("lesson %s not imported: %s", lesson_id, error.message("en"))
                failed = True
                continue
            await store.create(lesson_id, room.entry_data(entries[0]), mode="hotseat",
                               phase=room.phase)
            if len(entries) > 1:
                await store.append(lesson_id, 1, [room.entry_data(e) for e in entries[1:]],
                                   phase=room.phase)
            imported.append(lesson_id)
        if not failed:
            db.execute(f"ALTER TABLE {OLD_TABLE} RENAME TO {IMPORTED_TABLE}")
            db.commit()
        return imported
    finally:
        db.close()
