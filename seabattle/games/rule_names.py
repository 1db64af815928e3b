"""``--rules PRESET|FILE`` for any game: a rule set by a preset's name or from a file."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from seabattle.errors import RulesError
from seabattle.games.interface import GameDefinition

RulesT = TypeVar("RulesT")

RULES_FILE_SUFFIXES = (".json", ".toml")
"""The rules files read: JSON or TOML of the rules' data
(:meth:`GameDefinition.rules_from_data`)."""


def rules_named(definition: GameDefinition[RulesT, Any, Any, Any],
                text: str | None) -> RulesT:
    """The rule set ``text`` names for the game of ``definition``: ``None``, its default
    rules; one of its :meth:`~GameDefinition.presets` by name; or a ``.json`` or ``.toml``
    file of the rules' data. Anything else is refused with a
    :class:`~seabattle.errors.RulesError` naming the presets; so is a file that cannot be
    read or whose data are not a rule set."""
    if text is None:
        return definition.default_rules()
    presets = definition.presets()
    if text in presets:
        return presets[text]
    path = Path(text)
    if path.suffix.lower() not in RULES_FILE_SUFFIXES:
        if presets:
            raise RulesError("error.rules_name", name=text, presets=", ".join(presets))
        raise RulesError("error.rules_name_no_presets", name=text)
    try:
        raw = path.read_text(encoding="utf-8")
        data = tomllib.loads(raw) if path.suffix.lower() == ".toml" else json.loads(raw)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        problem = getattr(error, "strerror", None) or str(error)
        raise RulesError("error.rules_file", path=text, problem=problem) from None
    if not isinstance(data, dict):
        raise RulesError("error.rules_file", path=text, problem="not a table")
    return definition.rules_from_data(data)
