"""Battleship's phrases on the terminal: rule sets, the computer's levels, the rules line."""

from __future__ import annotations

from dataclasses import dataclass

from seabattle.battleship.rules import MineEffect, PerShipSalvo, Role, Rules, varied_preset
from seabattle.i18n import MESSAGES, Text
from seabattle.terminal.phrases import Phrasebook


@dataclass(frozen=True)
class BattleshipPhrases(Phrasebook):
    """The shell's phrasebook with Battleship's own texts."""

    def rule_set(self, name: str) -> str:
        """A rule set as a menu offers it: a preset's title, or a rules file's own name."""
        key = f"preset.{name}"
        return self(key) if key in MESSAGES else name

    def level(self, level: str) -> str:
        """A computer level by name (strategy names, which have none, as they are)."""
        key = f"tui.level.{level}"
        return self(key) if key in MESSAGES else level

    def rules(self, rules: Rules, level: str | None) -> str:
        """One line saying which rule set is in force and how strong the computer is
        (``None``: no computer plays) and the variants of RULES.md §3 in play, if any."""
        line = self._rules(rules, level)
        variants = self.variants(rules)
        return f"{line} {self('tui.rules.variants', variants=variants)}" if variants else line

    def variants(self, rules: Rules) -> str:
        """The variants in play, in words ("" for none)."""
        parts: list[str] = []
        if isinstance(rules.salvo, PerShipSalvo):
            parts.append(self("tui.variant.salvo_ships"))
        elif rules.salvo.is_salvo:
            parts.append(self("tui.variant.salvo", count=rules.salvo.shots))
        for role, key in ((Role.SUBMARINE, "submarines"), (Role.MINE, "mines"),
                          (Role.MINESWEEPER, "minesweepers")):
            if rules.count(role):
                parts.append(self(f"tui.variant.{key}", count=rules.count(role)))
        if rules.mines_touch and (rules.count(Role.MINE) or rules.count(Role.MINESWEEPER)):
            parts.append(self("tui.variant.mines_touch"))
        if rules.mine_effect is MineEffect.PROBLEM and rules.count(Role.MINE):
            parts.append(self("tui.variant.problem"))
        if rules.flying_dutchman:
            parts.append(self("tui.variant.flying_dutchman"))
        elif "shape" in rules.variants():
            parts.append(self("tui.variant.shape"))
        return ", ".join(parts)

    def _rules(self, rules: Rules, level: str | None) -> str:
        # A preset with variants changed is named after the preset: the variants follow.
        base = varied_preset(rules)
        name = rules.name if base is None else self.rule_set(base)
        size = f"{rules.width}×{rules.height}"
        if size not in name:  # "big field 18×18" says it already
            name = f"{name}, {size}"
        return self("tui.rules" if level is not None else "tui.rules_people", name=name,
                    touching=Text(f"touching.{rules.touching.value}"),
                    again=Text("tui.rules.again" if rules.shoot_again else "tui.rules.no_again"),
                    announce=Text(f"tui.rules.announce_{rules.announce.value}"),
                    level=self.level(level or ""))
