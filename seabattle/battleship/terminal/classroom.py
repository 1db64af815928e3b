"""The classroom lesson on a terminal: what both lessons show alike — the line-by-line one
(:class:`PlainLesson`, ``seabattle classroom --plain``) and the full-screen one
(:mod:`seabattle.battleship.terminal.tui.classroom`): the symbols of the fields' marks, the teams'
names and the result, in the lesson's language — and the line-by-line lesson itself, on
the text streams it is given.
"""

from __future__ import annotations

from typing import Any, TextIO

from seabattle.battleship.classroom import MathBattle
from seabattle.battleship.events import Shot
from seabattle.coords import Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, translate

SYMBOLS = {"water": ".", "miss": "•", "hit": "✕", "sunk": "▓", "ring": "∘", "mine": "✱"}
"""The symbol of each :meth:`~seabattle.battleship.classroom.MathBattle.field_marks` mark."""


def team_name(battle: MathBattle, team: int, language: Language) -> str:
    """A team's name, or «Team 1» / «Команда 1»."""
    return battle.teams[team] or translate("classroom.team_default", language, number=team + 1)


def outcome_line(battle: MathBattle, language: Language) -> str:
    """Who won, by score, or that it is a draw."""
    a, b = battle.scores
    if battle.winner is None:
        return translate("classroom.draw", language, a=a, b=b)
    return translate("classroom.winner", language,
                     team=team_name(battle, battle.winner, language), a=a, b=b)


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
