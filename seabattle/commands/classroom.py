"""``seabattle classroom``: the mathematical sea battle, run by a teacher from one screen.

Full-screen (:mod:`seabattle.battleship.terminal.tui.classroom`) or line by line with ``--plain``
(:class:`~seabattle.battleship.terminal.classroom.PlainLesson`); the lesson's files are read
and written by :mod:`seabattle.battleship.classroom_files`. See ``docs/classroom.md``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from seabattle.battleship.classroom import MathBattle
from seabattle.battleship.classroom_files import (
    builtin_problems,
    read_fleet,
    read_problems,
    save_record,
)
from seabattle.battleship.rules import find_rules
from seabattle.battleship.terminal.classroom import PlainLesson
from seabattle.commands.options import (
    add_language_options,
    chosen_alphabet,
    chosen_language,
    output_file,
)
from seabattle.coords import Alphabet, Coordinates
from seabattle.i18n import Language, translate


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``classroom`` sub-command."""
    parser = subparsers.add_parser(
        "classroom", help="the mathematical sea battle for a class (two teams, a teacher)",
        description="Two teams play the mathematical sea battle; the teacher types each "
                    "team's shot and marks the problems right or wrong (docs/classroom.md).")
    add_language_options(parser)
    parser.add_argument("--problems", type=Path, default=None, metavar="FILE",
                        help="a TOML/JSON problem file (default: the built-in set in --lang)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the fleets and the problem draws")
    parser.add_argument("--teams", nargs=2, default=None, metavar=("FIRST", "SECOND"),
                        help="the teams' names (default: Team 1, Team 2)")
    parser.add_argument("--fleet1", type=Path, default=None, metavar="FILE",
                        help="the first team's fleet (default: placed at random)")
    parser.add_argument("--fleet2", type=Path, default=None, metavar="FILE",
                        help="the second team's fleet (default: placed at random)")
    parser.add_argument("--first", type=int, choices=(1, 2), default=1,
                        help="which team fires first (default 1)")
    parser.add_argument("--save", type=output_file, default=None, metavar="FILE",
                        help="write the lesson record (JSON) to FILE at the end")
    parser.add_argument("--plain", action="store_true",
                        help="line by line on stdin/stdout instead of full-screen")
    parser.set_defaults(run=run)


# --- the command -----------------------------------------------------------------------

def battle_from(args: argparse.Namespace, language: Language, alphabet: Alphabet) -> MathBattle:
    """The lesson the parsed options describe."""
    problems = (builtin_problems(language) if args.problems is None
                else read_problems(args.problems))
    rules = find_rules("math")
    fleets = tuple(None if path is None else read_fleet(path, rules, alphabet)
                   for path in (args.fleet1, args.fleet2))
    return MathBattle(problems, rules=rules, fleets=fleets, first=args.first - 1,
                      seed=args.seed, teams=tuple(args.teams or ("", "")))


def run(args: argparse.Namespace) -> int:
    """Run the lesson the options describe."""
    language = chosen_language(args.lang)
    rules = find_rules("math")
    alphabet = chosen_alphabet(args.alphabet) or rules.alphabet_for(language)
    battle = battle_from(args, language, alphabet)
    coordinates = Coordinates(rules.grid, alphabet)
    if args.plain:
        status = PlainLesson(battle, coordinates, language, sys.stdin, sys.stdout).run()
    else:
        from seabattle.battleship.terminal.tui.classroom import ClassroomApp

        app = ClassroomApp(battle, coordinates, language)
        app.run()
        status = app.return_code or 0
    if args.save is not None:
        save_record(battle, args.save)
        print(translate("classroom.saved", language, path=str(args.save)))
    return status
