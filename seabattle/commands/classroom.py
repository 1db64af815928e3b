"""``seabattle classroom``: the mathematical sea battle, run by a teacher from one screen.

Full-screen (:mod:`seabattle.tui.classroom`) or line by line with ``--plain``; the lesson's
files are read and written by :mod:`seabattle.battleship.classroom_files`. See
``docs/classroom.md``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from seabattle.battleship.classroom import MathBattle
from seabattle.battleship.classroom_files import (
    builtin_problems,
    read_fleet,
    read_problems,
    save_record,
)
from seabattle.battleship.classroom_terminal import SYMBOLS, outcome_line, team_name
from seabattle.battleship.events import Shot
from seabattle.battleship.rules import find_rules
from seabattle.commands.options import (
    add_language_options,
    chosen_alphabet,
    chosen_language,
    output_file,
)
from seabattle.coords import Alphabet, Coordinates
from seabattle.errors import SeaBattleError
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
        from seabattle.tui.classroom import ClassroomApp

        app = ClassroomApp(battle, coordinates, language)
        app.run()
        status = app.return_code or 0
    if args.save is not None:
        save_record(battle, args.save)
        print(translate("classroom.saved", language, path=str(args.save)))
    return status


def render_fields(battle: MathBattle, coordinates: Coordinates, language: Language) -> str:
    """Both teams' fields side by side, as the class may see them (ships hidden)."""
    grid = coordinates.grid
    label = len(str(grid.height))
    header = " " * (label + 1) + " ".join(coordinates.column_letters)
    blocks: list[list[str]] = []
    for team in (0, 1):
        marks = battle.field_marks(team)
        lines = [translate("classroom.field_of", language, team=team_name(battle, team, language)),
                 header]
        for row in range(grid.height):
            cells = " ".join(SYMBOLS[marks[grid.cell(row, col)]] for col in range(grid.width))
            lines.append(f"{row + 1:>{label}} {cells}")
        blocks.append(lines)
    width = max(len(line) for line in blocks[0])
    return "\n".join(f"{a.ljust(width)}    {b}".rstrip()
                     for a, b in zip(*blocks, strict=True))


def problem_banner(battle: MathBattle, language: Language) -> str:
    """The open problem, framed to stand out."""
    drawn = battle.open_problem
    assert drawn is not None
    team = team_name(battle, drawn.team, language)
    key = "classroom.problem_mine" if drawn.problem.kind.value == "mine" else \
        "classroom.problem_ship"
    title = translate(key, language, team=team, points=drawn.problem.points)
    rule = "═" * max(len(title), min(len(drawn.problem.text), 76))
    return f"{rule}\n{title}\n\n    {drawn.problem.text}\n{rule}"


class PlainLesson:
    """The lesson line by line: the teacher types shots and marks; nothing is full-screen."""

    RIGHT = ("y", "yes", "д", "да", "+", "1")
    WRONG = ("n", "no", "н", "нет", "-", "0")
    ANSWER = ("a", "answer", "о", "ответ")
    QUIT = ("quit", "q", "exit", "выход")

    def __init__(self, battle: MathBattle, coordinates: Coordinates, language: Language,
                 stdin: TextIO, stdout: TextIO) -> None:
        self.battle = battle
        self.coordinates = coordinates
        self.language = language
        self.stdin = stdin
        self.stdout = stdout

    def say(self, key: str, /, **params: Any) -> None:
        """Print a catalogue message."""
        self.stdout.write(translate(key, self.language, **params) + "\n")

    def ask(self, key: str, /, **params: Any) -> str | None:
        """Prompt and read a line; ``None`` at the end of input."""
        self.stdout.write(translate(key, self.language, **params) + " ")
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.strip()

    def run(self) -> int:
        """Play until the lesson is over (0) or the input ends or the teacher quits (1)."""
        battle, tr = self.battle, self.language
        self.say("classroom.title")
        self.say("classroom.legend", **SYMBOLS)
        self.say("classroom.quit_hint")
        self._show()
        while not battle.is_over:
            if battle.open_problem is not None:
                if not self._mark():
                    return 1
                continue
            team = battle.to_move
            assert team is not None
            line = self.ask("classroom.turn", team=team_name(battle, team, tr),
                            example=self.coordinates.name(0))
            if line is None or line.lower() in self.QUIT:
                return 1
            try:
                shot = battle.fire(team, self.coordinates.parse(line))
            except SeaBattleError as error:
                self.say("classroom.error", message=self.coordinates.message(error, tr))
                continue
            self._report(team, shot)
        self.say("classroom.fleet_gone", team=team_name(battle, 1 - (battle.fleet_winner or 0),
                                                         tr))
        self._scores()
        self.stdout.write(outcome_line(battle, tr) + "\n")
        return 0

    def _report(self, team: int, shot: Shot) -> None:
        answer = translate(f"shot.{shot.result.value}", self.language)
        self.say("classroom.shot", team=team_name(self.battle, team, self.language),
                 cell=self.coordinates.name(shot.cell), answer=answer)
        if self.battle.open_problem is None:
            self._show()

    def _mark(self) -> bool:
        """Show the open problem and read the teacher's mark; ``False`` to stop."""
        battle = self.battle
        self.stdout.write("\n" + problem_banner(battle, self.language) + "\n")
        while True:
            line = self.ask("classroom.mark_prompt")
            if line is None or line.lower() in self.QUIT:
                return False
            word = line.lower()
            drawn = battle.open_problem
            assert drawn is not None
            if word in self.ANSWER:
                self.say("classroom.answer", answer=drawn.problem.answer)
                continue
            if word in self.RIGHT or word in self.WRONG:
                marked = battle.mark(word in self.RIGHT)
                key = "classroom.marked_right" if marked.right else "classroom.marked_wrong"
                self.say(key, team=team_name(battle, drawn.team, self.language),
                         delta=marked.change, score=marked.score)
                self.say("classroom.answer", answer=drawn.problem.answer)
                self._show()
                return True

    def _scores(self) -> None:
        a, b = self.battle.scores
        self.say("classroom.scores", first=team_name(self.battle, 0, self.language),
                 second=team_name(self.battle, 1, self.language), a=a, b=b)

    def _show(self) -> None:
        self.stdout.write("\n" + render_fields(self.battle, self.coordinates, self.language)
                          + "\n")
        self._scores()
