"""The files of a classroom lesson: the built-in problem sets (package data in
``seabattle/battleship/problems/``), a teacher's problem file, the teams' fleet files and the
lesson record. The lesson itself (:mod:`seabattle.battleship.classroom`) reads no files; the
command, the full-screen lesson and the server read them through this module. The formats
are in ``docs/classroom.md``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from seabattle.battleship.classroom import (
    MathBattle,
    ProblemSet,
    ProblemSetError,
    fleet_from_text,
    fleet_syntax,
)
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Rules
from seabattle.coords import Alphabet
from seabattle.errors import SeaBattleError
from seabattle.i18n import LANGUAGES, Language


def builtin_problems(language: Language) -> ProblemSet:
    """The problem set shipped with seabattle in ``language``."""
    if language not in LANGUAGES:
        raise ProblemSetError("error.problems_builtin", language=language,
                              known=", ".join(LANGUAGES))
    problems = resources.files("seabattle.battleship").joinpath("problems")
    text = problems.joinpath(f"{language}.toml").read_text(encoding="utf-8")
    return ProblemSet.from_text(text, "toml", f"problems/{language}.toml")


def read_problems(path: Path) -> ProblemSet:
    """A teacher's problem file: ``.json`` is JSON, anything else TOML."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        problem = getattr(error, "strerror", None) or str(error)
        raise ProblemSetError("error.problems_file", path=str(path), problem=problem) from None
    syntax = "json" if path.suffix.lower() == ".json" else "toml"
    return ProblemSet.from_text(text, syntax, str(path))


def read_fleet(path: Path, rules: Rules, alphabet: Alphabet) -> Fleet:
    """A team's fleet from a file (:func:`~seabattle.battleship.classroom.fleet_from_text`): a
    record-style ``.json`` list of ships, or text with one piece per line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        problem = getattr(error, "strerror", None) or str(error)
        raise SeaBattleError("error.fleet_file", path=str(path), problem=problem) from None
    return fleet_from_text(text, rules, alphabet, str(path), syntax=fleet_syntax(path.name))


def save_record(battle: MathBattle, path: Path) -> None:
    """Write the lesson record; an unwritable path is a :class:`SeaBattleError`."""
    try:
        path.write_text(battle.to_json() + "\n", encoding="utf-8")
    except OSError as error:
        raise SeaBattleError("error.generic", problem=error.strerror or str(error)) from None
