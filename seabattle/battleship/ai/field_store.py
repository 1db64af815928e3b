"""What the habits compute for a field the tables lack, kept on disk, so that a custom
field pays for it once per machine.

The presets' members and fleet counts are in
:mod:`~seabattle.battleship.ai.member_table`; any other field's are computed when a
game first needs them: the members' fit
(:func:`~seabattle.battleship.ai.members.fitted_member`, about a second on a 10×10
field, fifteen on an 18×18 one) at the admiral's first move, the count of legal fleets
(:func:`~seabattle.battleship.ai.placement.counted_log_fleets`) when the ``dfs``
member's evidence is first read exactly. Both are seeded, so the result depends only on
the field, the fleet and the code: this store keeps each in the user's cache folder
(``platformdirs``; ``$XDG_CACHE_HOME/seabattle/fields`` on Linux) under a name made of
the three, the code as a digest of the engine's and the computer players' sources
(:func:`code_digest`). Any change to that code leaves the old files unread, so a stored
value is always the one the code would compute. A file that cannot be read or written
is no error: the value is computed again, as without a store.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from platformdirs import user_cache_path

import seabattle.battleship

FOLDER = "fields"
"""The store's folder inside the application's cache folder."""


@cache
def code_digest() -> str:
    """A digest of every source file of :mod:`seabattle.battleship` (the engine, the
    placements, the members' fit and the count): what a stored value depends on besides
    its field and fleet."""
    root = Path(seabattle.battleship.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def store_path(key: str, what: str) -> Path:
    """The file that keeps ``what`` (a family's member, by the family's name, or
    ``fleet-count``) for the field and fleet ``key``
    (:func:`~seabattle.battleship.ai.placement.normaliser_key`), computed by this code."""
    name = hashlib.sha256(f"{code_digest()}\n{key}\n{what}".encode()).hexdigest()[:32]
    return user_cache_path("seabattle") / FOLDER / f"{name}.json"


def load(key: str, what: str) -> tuple[float, ...] | None:
    """The stored numbers, or ``None`` where none are stored (or the file is
    unreadable, or holds something else)."""
    try:
        data = json.loads(store_path(key, what).read_text(encoding="utf-8"))
        if data["key"] != key or data["what"] != what or data["code"] != code_digest():
            return None
        return tuple(float(value) for value in data["values"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save(key: str, what: str, values: Sequence[float]) -> None:
    """Keep computed numbers (written whole, then renamed into place, so that a process
    reading them at the same moment sees the old file or the new one); a folder that
    cannot be written is left alone."""
    path = store_path(key, what)
    record = {"key": key, "what": what, "code": code_digest(), "values": list(values)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent,
                                         suffix=".tmp", delete=False) as file:
            json.dump(record, file)
    except OSError:
        return
    try:
        os.replace(file.name, path)
    except OSError:
        Path(file.name).unlink(missing_ok=True)
