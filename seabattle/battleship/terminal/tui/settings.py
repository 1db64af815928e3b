"""Battleship's fields of the new-game form: rules, variants, computer level, who starts.

The form's frame (:mod:`seabattle.tui.new_game`) holds them with the language's row and
asks them for the new :class:`~seabattle.battleship.session.GameSettings`; rule sets the
engine refuses are refused with its reason.
"""

from __future__ import annotations

from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.widgets import Checkbox, Input, Select, Static

from seabattle.battleship.ai.levels import LEVELS
from seabattle.battleship.online.hosting import SHAPE_CHOICES, lobby_rules
from seabattle.battleship.rules import (
    PRESETS,
    Announcement,
    Role,
    Rules,
    same_rules,
    varied_preset,
    vary,
)
from seabattle.battleship.session import GameSettings
from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.terminal.hook import SettingsFields


def four_decker_shape(rules: Rules) -> str | None:
    """The shape of the rules' four-deckers (``None``: the fleet has none)."""
    return next((kind.shape.value for kind in rules.fleet if kind.size == 4), None)


def _shown_shape(rules: Rules) -> str:
    """The shape the form shows for the rules' four-deckers (a bent or painted one, or
    none: «straight», which changes nothing unless another is chosen)."""
    shape = four_decker_shape(rules)
    return shape if shape in _SHAPES else "straight"

_SALVOS: tuple[int | str, ...] = (1, 2, 3, 4, 5, "ships")
_SHAPES = ("straight", *SHAPE_CHOICES)
"""The four-deckers' shapes offered (RULES.md §3), as the browser's lobby offers them."""
_COUNTS = (("mines", Role.MINE), ("minesweepers", Role.MINESWEEPER),
           ("submarines", Role.SUBMARINE))


class BattleshipSettingsFields(SettingsFields[GameSettings]):
    """The rule set (every preset, or the one in play if it came from a rules file), the
    computer's level, who shoots first, the language and the variants. Choosing another
    rule set fills in that set's own variants."""

    phrases: BattleshipPhrases

    def __init__(self, settings: GameSettings, phrases: BattleshipPhrases) -> None:
        super().__init__(settings, phrases)
        rules = settings.rules
        self._rule_sets: dict[str, Rules] = dict(PRESETS)
        """The rule sets offered: the presets, and the one in play if it is not one
        of them varied (a rules file's, say)."""
        base = varied_preset(rules)
        if base is None:
            base = rules.name
            self._rule_sets[base] = rules
        self._base = base
        """The rule set chosen, whose variants the form shows, changed or not."""

    def compose(self) -> ComposeResult:
        p = self.phrases
        rules = self.settings.rules
        yield Static(p("tui.new.rules"), classes="label")
        yield Select([(p.rule_set(name), name) for name in self._rule_sets],
                     value=self._base,
                     allow_blank=False, id="rules")
        yield Static(p("tui.new.level"), classes="label")
        level = self.settings.level if self.settings.level in LEVELS else "hard"
        yield Select([(p.level(name), name) for name in LEVELS], value=level,
                     allow_blank=False, id="level")
        yield Static(p("tui.new.first"), classes="label")
        yield Select([(p(f"tui.new.first_{who}"), who)
                      for who in ("random", "me", "ai")],
                     value=self.settings.first, allow_blank=False, id="first")
        yield from self.language_row()
        yield Static(p("tui.new.salvo"), classes="label")
        yield Select(self._salvo_options(rules.salvo.to_data()),
                     value=rules.salvo.to_data(),
                     allow_blank=False, id="salvo")
        yield Static(p("tui.new.again"), classes="label")
        yield Select([(p("tui.new.yes"), True), (p("tui.new.no"), False)],
                     value=rules.shoot_again, allow_blank=False, id="shoot_again")
        yield Static(p("tui.new.announce"), classes="label")
        yield Select([(p(f"tui.rules.announce_{a.value}"), a.value)
                      for a in Announcement],
                     value=rules.announce.value, allow_blank=False, id="announce")
        for key, role in _COUNTS:
            yield Static(p(f"tui.new.{key}"), classes="label")
            yield Input(str(rules.count(role)), restrict=r"[0-9]{0,2}", id=key)
        yield Static("", classes="label")
        yield Checkbox(p("tui.variant.mines_touch"), rules.mines_touch, id="mines_touch")
        yield Static(p("tui.new.shape"), classes="label")
        yield Select([(p(f"tui.new.shape_{name}"), name) for name in _SHAPES],
                     value=_shown_shape(rules), allow_blank=False, id="shape")
        yield Static(p("tui.new.dutchman_decks"), classes="label")
        yield Input(str(rules.fleet[0].size) if rules.flying_dutchman else "",
                    restrict=r"[0-9]{0,1}", id="dutchman_decks",
                    placeholder=p("tui.new.dutchman_only"))

    def _salvo_options(self, current: int | str) -> list[tuple[str, int | str]]:
        """One shot, salvos of 2–5 and one per ship afloat, and the salvo in play."""
        p = self.phrases
        salvos = _SALVOS if current in _SALVOS else (*_SALVOS, current)
        return [(p("tui.new.salvo_one") if salvo == 1
                 else p("tui.variant.salvo_ships") if salvo == "ships"
                 else p("tui.variant.salvo", count=salvo), salvo) for salvo in salvos]

    @on(Select.Changed, "#rules")
    def _rules_chosen(self, event: Select.Changed) -> None:
        """A new rule set brings its own variants into the form (not the one shown at
        first: the form opens with the variants in play)."""
        if event.value == self._base:
            return
        self._base = str(event.value)
        rules = self._rule_sets[self._base]
        self.query_one("#salvo", Select).value = rules.salvo.to_data()
        self.query_one("#shoot_again", Select).value = rules.shoot_again
        self.query_one("#announce", Select).value = rules.announce.value
        for key, role in _COUNTS:
            self.query_one(f"#{key}", Input).value = str(rules.count(role))
        self.query_one("#mines_touch", Checkbox).value = rules.mines_touch
        self.query_one("#shape", Select).value = _shown_shape(rules)
        self.query_one("#dutchman_decks", Input).value = (
            str(rules.fleet[0].size) if rules.flying_dutchman else "")

    @on(Select.Changed, "#salvo")
    def _salvo_chosen(self, event: Select.Changed) -> None:
        """A salvo ends the turn: shooting again goes off with it (it may be put back,
        and is then refused with the reason)."""
        if event.value != 1:
            self.query_one("#shoot_again", Select).value = False

    def chosen_rules(self) -> Rules:
        """The rule set the form describes: the one chosen with the variants changed.

        Raises :class:`~seabattle.errors.SeaBattleError` when the engine refuses them.
        """
        name = str(self.query_one("#rules", Select).value)
        base = self._fleet(name, self._rule_sets[name])
        wanted: dict[str, object] = {
            "salvo": self.query_one("#salvo", Select).value,
            "shoot_again": self.query_one("#shoot_again", Select).value,
            "announce": self.query_one("#announce", Select).value,
            "mines_touch": self.query_one("#mines_touch", Checkbox).value,
        }
        for key, _ in _COUNTS:
            wanted[key] = int(self.query_one(f"#{key}", Input).value or 0)
        chosen = vary(base, wanted)
        in_play = self.settings.rules
        # The rules in play, unchanged, keep their name (however they were made).
        return in_play if same_rules(chosen, in_play) else chosen

    def _fleet(self, name: str, base: Rules) -> Rules:
        """``base`` with the four-deckers' shape and the Flying Dutchman's decks the form
        asks for (made as the browser's lobby makes them: a preset's fleet changed)."""
        shape = str(self.query_one("#shape", Select).value)
        decks_text = self.query_one("#dutchman_decks", Input).value
        changes: dict[str, JSON] = {}
        if shape != _shown_shape(base):
            changes["four_decker_shape"] = shape
        if decks_text and (not base.flying_dutchman or int(decks_text) != base.fleet[0].size):
            changes["dutchman_decks"] = int(decks_text)
        if not changes:
            return base
        if name not in PRESETS:
            raise SeaBattleError("error.fleet_change_preset")
        return lobby_rules(name, changes)

    def chosen(self) -> GameSettings:
        rules = self.chosen_rules()
        language = self.language
        first = self.query_one("#first", Select).value
        # Another language brings its own column letters, unless the rules name theirs.
        alphabet = self.settings.alphabet if language == self.settings.language else None
        return replace(self.settings, rules=rules,
                       level=str(self.query_one("#level", Select).value),
                       first="me" if first == "me" else "ai" if first == "ai" else "random",
                       language=language, alphabet=alphabet)
