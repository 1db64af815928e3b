"""What both terminal lessons show alike: the line-by-line one (``seabattle classroom
--plain``) and the full-screen one (:mod:`seabattle.tui.classroom`). The symbols of the
fields' marks, the teams' names and the result, in the lesson's language; no I/O.
"""

from __future__ import annotations

from seabattle.battleship.classroom import MathBattle
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
