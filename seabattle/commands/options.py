"""Command-line options shared by several sub-commands, and reading their values."""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from seabattle.coords import ALPHABETS, Alphabet, find_alphabet
from seabattle.errors import RulesError
from seabattle.i18n import LANGUAGES, Language
from seabattle.rules import PRESETS, Rules, find_rules, rules_from_dict


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET|FILE``."""
    parser.add_argument(
        "--rules", default="classic", metavar="PRESET|FILE",
        help=f"rule set: one of {', '.join(PRESETS)}, or a TOML/JSON rules file "
             "(see docs/rules-file.md); default classic")


def add_language_options(parser: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--alphabet``."""
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the game (default: from the locale)")
    parser.add_argument("--alphabet", choices=list(ALPHABETS), default=None,
                        help="column letters (default: the rules', else by language)")


def load_rules(text: str) -> Rules:
    """A preset by name, or the rule set in a ``.toml`` or ``.json`` file."""
    path = Path(text)
    if path.suffix.lower() not in (".toml", ".json"):
        return find_rules(text)
    try:
        content = path.read_text(encoding="utf-8")
    except OSError as error:
        problem = error.strerror or str(error)
        raise RulesError("error.rules_file", path=text, problem=problem) from None
    try:
        data = tomllib.loads(content) if path.suffix.lower() == ".toml" else json.loads(content)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise RulesError("error.rules_file", path=text, problem=str(error)) from None
    return rules_from_dict(data)


def chosen_alphabet(name: str | None) -> Alphabet | None:
    """The alphabet named on the command line, if any."""
    return None if name is None else find_alphabet(name)


def chosen_language(value: str | None) -> Language:
    """The language named on the command line, else the locale's."""
    from seabattle.cli import default_language

    return "ru" if value == "ru" else "en" if value == "en" else default_language()


@contextmanager
def progress_bar(total: int, enabled: bool, description: str
                 ) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr (if enabled and stderr is a terminal).

    Yields a function that advances the bar by ``n`` steps.
    """
    if not enabled or not sys.stderr.isatty():
        yield lambda _n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(description, total=total)
        yield lambda n: progress.advance(task, n)
