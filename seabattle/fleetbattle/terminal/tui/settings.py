"""The fleet battle's fields of the new-game form: the fleets (a preset, a fleet built by
the seed's prices under a budget, or a random one of the budget's strength), the coastal
batteries, the computer's level and the seed.

Built and random fleets are the same on both sides (equal battles); a preset brings its
own two fleets. Choosing a preset fills in its first fleet's ships, batteries and price;
changing them builds that fleet instead. Whatever the engine refuses (an empty fleet,
one over the budget, no room for the batteries) is refused with its reason.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Select, Static

from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.ai.players import LEVELS
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.fleets import PRESETS, cost, random_fleet, within_budget
from seabattle.fleetbattle.rules import FleetRules, canonical
from seabattle.fleetbattle.ships import SHIP_KINDS, Kind, Price
from seabattle.fleetbattle.terminal.lines import FleetSettings
from seabattle.fleetbattle.terminal.tui.phrases import FleetPhrases
from seabattle.games.chance import entropy
from seabattle.terminal.hook import SettingsFields

BUILT, RANDOM, IN_PLAY = "built", "random", "in-play"
"""The form's choices of fleets besides the presets."""


def _price_text(price: Price) -> str:
    return f"{price.coins} {price.guns} {price.wood}"


class FleetSettingsFields(SettingsFields[FleetSettings]):
    """The fleets, ships by kind, batteries, budget, level, seed and language."""

    phrases: FleetPhrases

    def __init__(self, settings: FleetSettings, phrases: FleetPhrases) -> None:
        super().__init__(settings, phrases)
        rules = settings.rules
        self._shown = next((name for name, preset in PRESETS.items() if preset == rules),
                           IN_PLAY)
        """The fleets the form shows: a preset's, or the rules in play (a file's, built,
        random)."""

    def _choices(self) -> list[tuple[str, str]]:
        p = self.phrases
        choices = [(p(f"fleet.tui.preset.{name}"), name) for name in PRESETS]
        if self._shown == IN_PLAY:
            in_play = p.text(DEFINITION.rules_title(self.settings.rules))
            choices.append((p("fleet.tui.new.in_play", rules=in_play), IN_PLAY))
        return [*choices, (p("fleet.tui.new.built"), BUILT), (p("fleet.tui.new.random"), RANDOM)]

    def compose(self) -> ComposeResult:
        p = self.phrases
        rules = self.settings.rules
        yield Static(p("fleet.tui.new.fleets"), classes="label")
        yield Select(self._choices(), value=self._shown, allow_blank=False, id="fleets")
        yield Static("", classes="label")
        yield Static(self._fleets_line(self._shown), id="fleets-title", markup=False)
        counts = Counter(rules.fleets[0])
        for kind in SHIP_KINDS:
            yield Static(p("fleet.tui.new.count", kind=p.kind(kind)), classes="label")
            yield Input(str(counts[kind]), restrict=r"[0-9]{0,2}", id=f"count-{kind.value}")
        yield Static(p("fleet.tui.new.batteries"), classes="label")
        yield Select([(str(n), n) for n in range(3)], value=rules.batteries[0],
                     allow_blank=False, id="batteries")
        yield Static(p("fleet.tui.new.budget"), classes="label")
        yield Input(_price_text(cost(rules.fleets[0])), restrict=r"[0-9 ]*", id="budget",
                    placeholder=p("fleet.tui.new.budget_example"))
        yield Static(p("tui.new.level"), classes="label")
        level = self.settings.level if self.settings.level in LEVELS else "admiral"
        yield Select([(p(f"fleet.level.{name}"), name) for name in LEVELS], value=level,
                     allow_blank=False, id="level")
        yield Static(p("fleet.tui.new.seed"), classes="label")
        yield Input("" if self.settings.seed is None else str(self.settings.seed),
                    restrict=r"[0-9]{0,9}", id="seed", placeholder=p("fleet.tui.new.no_seed"))
        yield from self.language_row()

    def _fleets_line(self, choice: str) -> str:
        """The fleets of a preset (or of the rules in play) spelt out."""
        rules = PRESETS.get(choice, self.settings.rules if choice == IN_PLAY else None)
        return "" if rules is None else self.phrases.text(DEFINITION.rules_title(rules))

    @on(Select.Changed, "#fleets")
    def _fleets_chosen(self, event: Select.Changed) -> None:
        """A preset fills in its first fleet, its batteries and its price."""
        name = str(event.value)
        self.query_one("#fleets-title", Static).update(self._fleets_line(name))
        if name not in PRESETS:
            return
        self._fill(PRESETS[name])

    def _fill(self, rules: FleetRules) -> None:
        counts = Counter(rules.fleets[0])
        for kind in SHIP_KINDS:
            self.query_one(f"#count-{kind.value}", Input).value = str(counts[kind])
        self.query_one("#batteries", Select).value = rules.batteries[0]
        self.query_one("#budget", Input).value = _price_text(cost(rules.fleets[0]))

    def _make_up(self) -> tuple[Kind, ...]:
        kinds: list[Kind] = []
        for kind in SHIP_KINDS:
            kinds += [kind] * int(self.query_one(f"#count-{kind.value}", Input).value or 0)
        return canonical(kinds)

    def _budget(self) -> Price:
        numbers = self.query_one("#budget", Input).value.split()
        if len(numbers) != 3:
            raise SeaBattleError("fleet.tui.error.budget",
                                 value=self.query_one("#budget", Input).value)
        return Price(*(int(number) for number in numbers))

    def chosen_rules(self) -> FleetRules:
        """The rule set the form describes; raises
        :class:`~seabattle.errors.SeaBattleError` with the engine's reason."""
        choice = str(self.query_one("#fleets", Select).value)
        batteries = int(str(self.query_one("#batteries", Select).value))
        base = PRESETS.get(choice, self.settings.rules)
        make_up = self._make_up()
        if choice == RANDOM:
            seed = self._seed()
            rng = entropy() if seed is None else random.Random(f"{seed}:fleet")
            fleet = random_fleet(self._budget(), rng)
            return FleetRules((fleet, fleet), (batteries, batteries), name=RANDOM)
        if choice != BUILT and make_up == base.fleets[0] and batteries == base.batteries[0]:
            return base
        fleet = within_budget(make_up, self._budget())
        return FleetRules((fleet, fleet), (batteries, batteries), name=BUILT)

    def _seed(self) -> int | None:
        text = self.query_one("#seed", Input).value
        return int(text) if text else None

    def chosen(self) -> FleetSettings:
        return replace(self.settings, rules=self.chosen_rules(),
                       level=str(self.query_one("#level", Select).value),
                       language=self.language, seed=self._seed())
