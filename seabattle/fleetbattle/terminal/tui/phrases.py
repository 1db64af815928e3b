"""How the fleet battle's screens put things into words: :class:`FleetPhrases`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from seabattle.coords import Coordinates
from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import SHIP_KINDS, Kind
from seabattle.fleetbattle.terminal.text import Narrator, figure
from seabattle.fleetbattle.terminal.tui.marks import letter
from seabattle.fleetbattle.views import ShipView
from seabattle.i18n import Text, listed
from seabattle.terminal.phrases import Phrasebook

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
"""A die's faces, 1 to 6."""


@dataclass(frozen=True)
class FleetPhrases(Phrasebook):
    """The phrasebook of a fleet battle: the player's own field is :attr:`coordinates`,
    the enemy's (of another size) :attr:`enemy`."""

    enemy: Coordinates

    def enemy_cell(self, cell: int) -> str:
        """A cell of the enemy's field by name."""
        return self.enemy.name(cell)

    def enemy_error(self, error: SeaBattleError) -> str:
        """An engine error about orders as a sentence, naming cells as the enemy's field
        does."""
        message = self.enemy.message(error, self.language)
        return message[:1].upper() + message[1:]

    def text(self, text: Text) -> str:
        """A translatable text in this language."""
        return text.render(self.language)

    def kind(self, kind: Kind) -> str:
        """A kind of ship by name."""
        return self.text(kind.text)

    def narrator(self, rules: FleetRules) -> Narrator:
        """The line game's narrator, the sides named «your fleet» and «the enemy»."""
        return Narrator(rules, self.language,
                        (self("fleet.plain.you_said"), self("fleet.plain.enemy_said")))

    def make_up(self, kinds: Sequence[Kind], *, letters: bool = False) -> str:
        """A fleet's ships counted by kind: «frigate ×1, brig ×3» (with ``letters``:
        «F ×1, B ×3»)."""
        counts = Counter(kinds)
        return self.text(listed([Text("fleet.pieces", {
            "piece": letter(kind, self.language) if letters else kind.text,
            "count": counts[kind]}) for kind in (*SHIP_KINDS, Kind.BATTERY) if counts[kind]]))

    def die(self, value: int) -> str:
        """A die's face and its number: «⚄ 5»."""
        return f"{DIE_FACES[value - 1]} {value}"

    def ship_line(self, ship: ShipView, flagship: bool, marker: str = "", *,
                  named: bool = True) -> str:
        """One of the player's ships: number, letter, kind (unless not ``named``), flag,
        figures, state."""
        state = ("" if ship.status is Status.ACTIVE
                 else " — " + self(f"fleet.status.{ship.status.value}"))
        figures = "" if ship.kind is Kind.BATTERY else self(
            "fleet.tui.ship_figures", firepower=figure(ship.firepower, self.language),
            boarding=ship.boarding, manoeuvre=ship.manoeuvre)
        name = f" {self.kind(ship.kind)}" if named else ""
        return (f"{ship.index + 1:>2} {letter(ship.kind, self.language)}{name}"
                f"{' ⚑' if flagship else ''}{marker} {figures}{state}").rstrip()

