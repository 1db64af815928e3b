"""How the terminal game puts things into words: the catalogue, cells, errors, rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seabattle.battleship.rules import MineEffect, PerShipSalvo, Role, Rules, varied_preset
from seabattle.coords import Bitboard, Coordinates, iter_cells
from seabattle.errors import SeaBattleError
from seabattle.i18n import MESSAGES, Language, Text, translate


@dataclass(frozen=True)
class Phrasebook:
    """Every text the app shows, in one language, naming cells in the game's alphabet."""

    language: Language
    coordinates: Coordinates

    def __call__(self, key: str, /, **params: Any) -> str:
        """The catalogue message ``key`` with ``params`` filled in."""
        return translate(key, self.language, **params)

    def rule_set(self, name: str) -> str:
        """A rule set as a menu offers it: a preset's title, or a rules file's own name."""
        key = f"preset.{name}"
        return self(key) if key in MESSAGES else name

    def cell(self, cell: int) -> str:
        """A cell's name, such as ``"Б3"``."""
        return self.coordinates.name(cell)

    def cells(self, cells: Bitboard) -> str:
        """A ship's cells as a range, first to last, such as ``"Б3–Б6"``."""
        names = [self.cell(c) for c in iter_cells(cells)]
        return names[0] if len(names) == 1 else f"{names[0]}–{names[-1]}"

    def error(self, error: SeaBattleError) -> str:
        """An engine error as a sentence, naming cells as the field does."""
        message = self.coordinates.message(error, self.language)
        return message[:1].upper() + message[1:]

    def level(self, level: str) -> str:
        """A computer level by name (strategy names, which have none, as they are)."""
        key = f"tui.level.{level}"
        return self(key) if key in MESSAGES else level

    def rules(self, rules: Rules, level: str) -> str:
        """One line saying which rule set is in force and how strong the computer is
        (and the variants of RULES.md §3 in play, if any)."""
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

    def _rules(self, rules: Rules, level: str) -> str:
        # A preset with variants changed is named after the preset: the variants follow.
        base = varied_preset(rules)
        name = rules.name if base is None else self.rule_set(base)
        size = f"{rules.width}×{rules.height}"
        if size not in name:  # "big field 18×18" says it already
            name = f"{name}, {size}"
        return self("tui.rules", name=name,
                    touching=Text(f"touching.{rules.touching.value}"),
                    again=Text("tui.rules.again" if rules.shoot_again else "tui.rules.no_again"),
                    announce=Text(f"tui.rules.announce_{rules.announce.value}"),
                    level=self.level(level))
