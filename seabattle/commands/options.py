"""Command-line options shared by several sub-commands, and reading their values."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from seabattle.battleship.rules import PRESETS, Rules, find_rules, rules_from_dict, with_variants
from seabattle.coords import ALPHABETS, Alphabet, find_alphabet
from seabattle.errors import RulesError, SeaBattleError
from seabattle.games.registry import DEFAULT_GAME, game_names
from seabattle.i18n import LANGUAGES, Language, Text, language_from_locale


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: which of the registered games (:mod:`seabattle.games.registry`)."""
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(),
                        help=f"the game to play (default {DEFAULT_GAME})")


def require_game(args: argparse.Namespace, *supported: str) -> None:
    """Refuse, saying which games it has, a ``--game`` this command cannot play yet."""
    if args.game not in supported:
        raise SeaBattleError("error.game_not_in_command", game=args.game,
                             command=args.command, known=", ".join(supported))


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


def whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``least`` (to ``most``), else a clear refusal.

    >>> whole_number(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0': expected a whole number from 1 up
    """
    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or number < least or (most is not None and number > most):
            limits = f"from {least} up" if most is None else f"from {least} to {most}"
            raise argparse.ArgumentTypeError(f"{value!r}: expected a whole number {limits}")
        return number

    return parse


def output_file(value: str) -> Path:
    """An argparse ``type``: a file to write later, checked now so no work is lost then."""
    path = Path(value)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{value!r} is a folder, not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{value!r}: there is no folder {str(path.parent)!r}")
    return path


def make_folder(path: Path) -> Path:
    """Create ``path`` (and its parents) to write files into; a clear error if it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SeaBattleError("error.output_folder", path=str(path),
                             problem=error.strerror or str(error)) from None
    return path


def _salvo(value: str) -> int | str:
    if value.strip().lower() == "ships":
        return "ships"
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{value!r}: expected a number of shots, or 'ships'") from None


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    """The variants of RULES.md §3 on top of ``--rules`` (``--salvo``, ``--mines``…)."""
    group = parser.add_argument_group(
        "variants", "change the rule set of --rules (refused when they do not go together)")
    group.add_argument("--salvo", type=_salvo, default=None, metavar="N|ships",
                       help="shots per turn: a number, or 'ships' (one per own ship afloat)")
    group.add_argument("--shoot-again", action=argparse.BooleanOptionalAction, default=None,
                       help="whether a hit earns another shot")
    group.add_argument("--announce", choices=("type", "sunk", "none"), default=None,
                       help="what a sinking tells: the ship's type, only 'sunk', or nothing")
    for key, what in (("mines", "mines"), ("minesweepers", "minesweepers"),
                      ("submarines", "submarines (one cell, a dying shot)")):
        group.add_argument(f"--{key}", type=whole_number(0), default=None, metavar="N",
                           help=f"{what} per fleet")
    group.add_argument("--mines-touch", action="store_true", default=None,
                       help="mines and minesweepers may touch ships and each other")


def variant_overrides(args: argparse.Namespace) -> dict[str, object]:
    """The rules-file keys the variant options set (see :func:`add_variant_options`)."""
    keys = ("salvo", "shoot_again", "announce", "mines", "minesweepers", "submarines",
            "mines_touch")
    return {key: getattr(args, key) for key in keys if getattr(args, key, None) is not None}


def load_rules(text: str, overrides: Mapping[str, object] | None = None) -> Rules:
    """A preset by name, or the rule set in a ``.toml`` or ``.json`` file, with the
    rules-file keys of ``overrides`` changed (refused with a
    :class:`~seabattle.errors.RulesError` saying why when they do not fit)."""
    path = Path(text)
    if path.suffix.lower() not in (".toml", ".json"):
        try:
            preset = find_rules(text)
        except RulesError:
            if not path.is_file():
                raise
            raise RulesError("error.rules_file", path=text,
                             problem=Text("rules.file_suffix")) from None
        return with_variants(preset, overrides or {})
    try:
        content = path.read_text(encoding="utf-8")
    except OSError as error:
        problem = error.strerror or str(error)
        raise RulesError("error.rules_file", path=text, problem=problem) from None
    except UnicodeDecodeError:
        not_text = Text("rules.file_not_text")
        raise RulesError("error.rules_file", path=text, problem=not_text) from None
    try:
        data = tomllib.loads(content) if path.suffix.lower() == ".toml" else json.loads(content)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise RulesError("error.rules_file", path=text, problem=str(error)) from None
    if overrides and isinstance(data, dict):
        data = {**data, **overrides}
    return rules_from_dict(data)


def default_language() -> Language:
    """The UI language from the locale environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return language_from_locale(value)
    return "en"


def chosen_alphabet(name: str | None) -> Alphabet | None:
    """The alphabet named on the command line, if any."""
    return None if name is None else find_alphabet(name)


def chosen_language(value: str | None) -> Language:
    """The language named on the command line, else the locale's."""
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
