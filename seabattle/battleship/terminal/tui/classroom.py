"""The teacher's screen of the mathematical sea battle (``seabattle classroom``).

One screen for the whole class: both teams' fields as the class may see them (ships
hidden), the scores, whose turn it is and a line where the teacher types the team's
shot. A drawn problem covers the screen in large type (:class:`ProblemScreen`); the
teacher marks it right (``y``/``д``/``+``) or wrong (``n``/``н``/``-``), ``a`` shows the
answer. The lesson, its scores and its problems live in
:class:`~seabattle.battleship.classroom.MathBattle`; the widgets only show it.
"""

from __future__ import annotations

from rich.text import Text as RichText
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from seabattle.battleship.classroom import MathBattle, ProblemKind
from seabattle.battleship.terminal.classroom import SYMBOLS, outcome_line, team_name
from seabattle.coords import Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, translate

STYLES = {"water": "blue", "miss": "bright_black", "hit": "bold red", "sunk": "bold red reverse",
          "ring": "bright_black", "mine": "bold yellow"}
"""The colour of each mark (the symbols of :data:`SYMBOLS` read without colour)."""


class ProblemScreen(ModalScreen[bool]):
    """A drawn problem in large type; dismissed with the teacher's mark (``True``: right)."""

    DEFAULT_CSS = """
    ProblemScreen { align: center middle; }
    #problem-box { width: 90%; height: auto; max-height: 90%; padding: 1 4;
                   border: heavy $warning; background: $surface; }
    #problem-title { text-style: bold; color: $warning; margin-bottom: 1; }
    #problem-text { text-style: bold; padding: 1 2; background: $boost; }
    #problem-answer { margin-top: 1; color: $success; text-style: bold; }
    #problem-keys { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("y", "mark(True)", "classroom.key.right", key_display="y/д/+"),
        Binding("д", "mark(True)", show=False),
        Binding("plus", "mark(True)", show=False),
        Binding("n", "mark(False)", "classroom.key.wrong", key_display="n/н/-"),
        Binding("н", "mark(False)", show=False),
        Binding("minus", "mark(False)", show=False),
        Binding("a", "answer", "classroom.key.answer", key_display="a/о"),
        Binding("о", "answer", show=False),
    ]

    def __init__(self, battle: MathBattle, language: Language) -> None:
        super().__init__()
        self.battle = battle
        self.language = language

    def compose(self) -> ComposeResult:
        drawn = self.battle.open_problem
        assert drawn is not None
        key = ("classroom.problem_mine" if drawn.problem.kind is ProblemKind.MINE
               else "classroom.problem_ship")
        team = team_name(self.battle, drawn.team, self.language)
        with Vertical(id="problem-box"):
            yield Static(translate(key, self.language, team=team, points=drawn.problem.points),
                         id="problem-title")
            yield Static(_large(drawn.problem.text), id="problem-text")
            yield Static("", id="problem-answer")
            yield Static(translate("classroom.mark_prompt", self.language), id="problem-keys")

    def action_mark(self, right: bool) -> None:
        """The teacher's mark: close the problem with it."""
        self.dismiss(right)

    def action_answer(self) -> None:
        """Show the answer (to the teacher, and the class if the screen is projected)."""
        drawn = self.battle.open_problem
        assert drawn is not None
        self.query_one("#problem-answer", Static).update(
            translate("classroom.answer", self.language, answer=drawn.problem.answer))


def _large(text: str) -> RichText:
    """The problem text as large as a terminal allows: bold, spaced out, centred."""
    return RichText(text, style="bold", justify="center")


class ClassroomApp(App[int]):
    """The mathematical sea battle for a class, run by the teacher; exits with status 0."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #scores { height: 3; content-align: center middle; text-style: bold;
              background: $primary-background; }
    #fields { height: auto; align: center top; }
    .field { width: auto; height: auto; padding: 0 2; border: round $primary; margin: 0 1; }
    .field.to-move { border: heavy $warning; }
    #status { height: auto; padding: 0 1; text-style: bold; }
    #shot { margin: 0 1; }
    #log { height: 1fr; min-height: 4; margin: 0 1; }
    #keys { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", "classroom.key.quit", priority=True),
                Binding("ctrl+c", "quit", show=False, priority=True)]

    def __init__(self, battle: MathBattle, coordinates: Coordinates, language: Language) -> None:
        super().__init__()
        self.battle = battle
        self.coordinates = coordinates
        self.language = language

    def tr(self, key: str, /, **params: object) -> str:
        """A catalogue message in the lesson's language."""
        return translate(key, self.language, **params)

    def compose(self) -> ComposeResult:
        yield Static(id="scores")
        with Horizontal(id="fields"):
            yield Static(id="field-0", classes="field")
            yield Static(id="field-1", classes="field")
        yield Static(id="status")
        yield Input(placeholder=self.tr("classroom.shot_placeholder"), id="shot")
        yield RichLog(id="log", wrap=True)
        yield Static(f"Ctrl+Q {self.tr('classroom.key.quit')}", id="keys")

    def on_mount(self) -> None:
        self.title = self.tr("classroom.title")
        self.log_line(self.tr("classroom.legend", **SYMBOLS))
        self.refresh_lesson()
        self.query_one("#shot", Input).focus()

    # --- drawing ------------------------------------------------------------------

    def log_line(self, line: str) -> None:
        """Add a line to the lesson's log."""
        self.query_one("#log", RichLog).write(line)

    def refresh_lesson(self) -> None:
        """Redraw fields, scores and the status line from the lesson."""
        battle = self.battle
        a, b = battle.scores
        self.query_one("#scores", Static).update(self.tr(
            "classroom.scores", first=team_name(battle, 0, self.language),
            second=team_name(battle, 1, self.language), a=a, b=b))
        for team in (0, 1):
            field = self.query_one(f"#field-{team}", Static)
            field.update(self.field_text(team))
            # The field under fire is the other team's: frame it while that team shoots.
            field.set_class(battle.to_move == 1 - team, "to-move")
        status = self.query_one("#status", Static)
        shot = self.query_one("#shot", Input)
        if battle.is_over:
            status.update(outcome_line(battle, self.language))
            shot.disabled = True
        elif battle.to_move is not None:
            status.update(self.tr("classroom.turn",
                                  team=team_name(battle, battle.to_move, self.language),
                                  example=self.coordinates.name(0)))

    def field_text(self, team: int) -> RichText:
        """``team``'s field as the class sees it, with its title."""
        grid = self.coordinates.grid
        label = len(str(grid.height))
        text = RichText(self.tr("classroom.field_of",
                                team=team_name(self.battle, team, self.language)) + "\n",
                        style="bold")
        text.append(" " * (label + 1) + " ".join(self.coordinates.column_letters) + "\n")
        marks = self.battle.field_marks(team)
        for row in range(grid.height):
            text.append(f"{row + 1:>{label}}")
            for col in range(grid.width):
                mark = marks[grid.cell(row, col)]
                text.append(" ")
                text.append(SYMBOLS[mark], style=STYLES[mark])
            if row < grid.height - 1:
                text.append("\n")
        return text

    # --- the teacher's moves ----------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """The teacher typed the shot of the team to move."""
        line = event.value.strip()
        event.input.value = ""
        battle = self.battle
        team = battle.to_move
        if not line or team is None:
            return
        try:
            shot = battle.fire(team, self.coordinates.parse(line))
        except SeaBattleError as error:
            refused = self.coordinates.message(error, self.language)
            self.log_line(self.tr("classroom.error", message=refused))
            return
        self.log_line(self.tr("classroom.shot", team=team_name(battle, team, self.language),
                              cell=self.coordinates.name(shot.cell),
                              answer=self.tr(f"shot.{shot.result.value}")))
        self.refresh_lesson()
        if battle.open_problem is not None:
            self.push_screen(ProblemScreen(battle, self.language), self.marked)
        elif battle.is_over:
            self.finish()

    def marked(self, right: bool | None) -> None:
        """The teacher's mark on the open problem."""
        battle = self.battle
        drawn = battle.open_problem
        if right is None or drawn is None:
            return
        result = battle.mark(right)
        key = "classroom.marked_right" if result.right else "classroom.marked_wrong"
        self.log_line(self.tr(key, team=team_name(battle, drawn.team, self.language),
                              delta=result.change, score=result.score))
        self.log_line(self.tr("classroom.answer", answer=drawn.problem.answer))
        self.refresh_lesson()
        if battle.is_over:
            self.finish()

    def finish(self) -> None:
        """The lesson is over: say who won by score."""
        loser = 1 - (self.battle.fleet_winner or 0)
        self.log_line(self.tr("classroom.fleet_gone",
                              team=team_name(self.battle, loser, self.language)))
        self.log_line(outcome_line(self.battle, self.language))
