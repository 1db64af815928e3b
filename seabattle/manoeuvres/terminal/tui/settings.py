"""The manoeuvre game's fields of the new-game form: the rule set (the seed's game or the
skirmish, or the one in play if it came from a rules file), the computer's level, the
seed and the language."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.widgets import Input, Select, Static

from seabattle.manoeuvres.ai.players import LEVELS
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.terminal.lines import ManoeuvreSettings
from seabattle.terminal.hook import SettingsFields
from seabattle.terminal.phrases import Phrasebook


class ManoeuvreSettingsFields(SettingsFields[ManoeuvreSettings]):
    """Rules, level, seed (empty: a fresh one each game) and language."""

    def __init__(self, settings: ManoeuvreSettings, phrases: Phrasebook) -> None:
        super().__init__(settings, phrases)
        self._rule_sets: dict[str, ManoeuvreRules] = dict(PRESETS)
        in_play = settings.rules
        self._in_play = next((name for name, rules in PRESETS.items() if rules == in_play),
                             None)
        if self._in_play is None:
            self._in_play = "in-play"
            self._rule_sets[self._in_play] = in_play

    def compose(self) -> ComposeResult:
        p = self.phrases
        yield Static(p("tui.new.rules"), classes="label")
        yield Select([(DEFINITION.rules_title(rules).render(p.language), name)
                      for name, rules in self._rule_sets.items()],
                     value=self._in_play, allow_blank=False, id="rules")
        yield Static(p("tui.new.level"), classes="label")
        level = self.settings.level if self.settings.level in LEVELS else "hard"
        yield Select([(p(f"tui.level.{name}"), name) for name in LEVELS], value=level,
                     allow_blank=False, id="level")
        yield Static(p("manoeuvres.tui.new.seed"), classes="label")
        yield Input("" if self.settings.seed is None else str(self.settings.seed),
                    restrict=r"[0-9]{0,9}", id="seed",
                    placeholder=p("manoeuvres.tui.new.seed_random"))
        yield from self.language_row()

    def chosen(self) -> ManoeuvreSettings:
        rules = self._rule_sets[str(self.query_one("#rules", Select).value)]
        seed_text = self.query_one("#seed", Input).value
        return replace(self.settings, rules=rules,
                       level=str(self.query_one("#level", Select).value),
                       seed=int(seed_text) if seed_text else None, language=self.language)
