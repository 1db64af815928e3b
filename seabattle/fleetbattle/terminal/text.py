"""The fleet battle in plain text: both fields as a side knows them, the fleets' totals,
and every event as the moderator announces it, in English or Russian.

Own field: ``.`` water, ``O`` a deck, ``X`` a deck a cannonball took, ``c``/``g`` a deck
chain or grape hit, ``@`` a deck boarding took, ``#`` a deck of a ship out of the battle,
``*`` an enemy shot that missed. Enemy field: ``.`` not known, ``*`` a miss, ``X`` a hit,
``#`` a ship out of the battle (its cells were told).
"""

from __future__ import annotations

from fractions import Fraction

from seabattle.coords import ALPHABETS, Alphabet, Coordinates, bit, iter_cells
from seabattle.fleetbattle.events import (
    BattleOver,
    Contest,
    DecksTaken,
    Event,
    FireshipRolled,
    FireStarted,
    FleetPlaced,
    Grappled,
    GrappleEnded,
    ModeSet,
    OrdersGiven,
    Retreated,
    RetreatsChosen,
    ShipLost,
    Surrendered,
    TurnBegan,
    VolleyFired,
)
from seabattle.fleetbattle.hulls import Status
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.views import FleetView, SideView
from seabattle.i18n import Language, decimal, translate


def coordinates(rules: FleetRules, seat: int, language: Language,
                alphabet: Alphabet | None = None) -> Coordinates:
    """How the cells of ``seat``'s field are named: in ``alphabet``, or the language's."""
    return Coordinates(rules.field(seat), alphabet or ALPHABETS[
        "ru" if language == "ru" else "latin"])


def grid_lines(symbols: list[str], coords: Coordinates, title: str) -> list[str]:
    """One field as lines: its title, the column letters, then numbered rows."""
    grid = coords.grid
    width = len(str(grid.height))
    header = " " * (width + 1) + " ".join(coords.column_letters)
    lines = [title.ljust(len(header)), header]
    for row in range(grid.height):
        lines.append(f"{str(row + 1).rjust(width)} "
                     + " ".join(symbols[row * grid.width:(row + 1) * grid.width]))
    return lines


def own_symbols(view: FleetView) -> list[str]:
    """The seat's own field, cell by cell."""
    assert view.seat is not None and view.own is not None
    size = view.rules.field(view.seat).size
    symbols = ["."] * size
    for shot in view.sides[1 - view.seat].shots:
        if not shot.hit:
            symbols[shot.cell] = "*"
    for ship in view.own:
        for cell in iter_cells(ship.cells):
            mark = bit(cell)
            gone = ship.status.destroyed or ship.status is Status.CAPTURED
            symbols[cell] = ("#" if gone else "@" if ship.captured & mark
                             else "X" if ship.cannon & mark else "c" if ship.chain & mark
                             else "g" if ship.grape & mark else "O")
    return symbols


def enemy_symbols(view: FleetView, seat: int) -> list[str]:
    """``seat``'s knowledge of its enemy's field, cell by cell."""
    size = view.rules.field(1 - seat).size
    symbols = ["."] * size
    for shot in view.sides[seat].shots:
        symbols[shot.cell] = "X" if shot.hit or symbols[shot.cell] == "X" else "*"
    for known in view.sides[1 - seat].lost:
        for cell in iter_cells(known.cells):
            symbols[cell] = "#"
    return symbols


def render(view: FleetView, language: Language, titles: tuple[str, str]) -> str:
    """The seat's own field and its knowledge of the enemy's, side by side."""
    assert view.seat is not None
    seat = view.seat
    left = grid_lines(own_symbols(view), coordinates(view.rules, seat, language), titles[0])
    right = grid_lines(enemy_symbols(view, seat),
                       coordinates(view.rules, 1 - seat, language), titles[1])
    return side_by_side(left, right)


def side_by_side(left: list[str], right: list[str]) -> str:
    """Two blocks of lines next to each other."""
    width = max(len(line) for line in left)
    rows = max(len(left), len(right))
    left += [""] * (rows - len(left))
    right += [""] * (rows - len(right))
    return "\n".join(f"{a.ljust(width)}    {b}".rstrip() for a, b in zip(left, right, strict=True))


def figure(value: Fraction | float, language: Language) -> str:
    """A firepower or score: whole, or with the decimals it needs."""
    number = float(value)
    if number == int(number):
        return str(int(number))
    digits = len(f"{number}".split(".")[1])
    return decimal(number, min(digits, 4), language)


def totals_line(side: SideView, name: str, language: Language) -> str:
    """«name: О 4,5, А 9, М 4; 4 ships», with a lost flagship and held fire."""
    totals = side.totals
    extra = []
    if side.flagship_lost:
        extra.append(translate("fleet.text.flagship_lost", language))
    if side.held_fire:
        extra.append(translate("fleet.text.held_fire", language))
    return translate("fleet.text.totals", language, side=name,
                     firepower=figure(totals.firepower, language), boarding=totals.boarding,
                     manoeuvre=totals.manoeuvre, ships=totals.ships) + (
        f" ({', '.join(extra)})" if extra else "")


def capital(text: str) -> str:
    """``text`` beginning with a capital (a sentence that begins with a side's name)."""
    return text[:1].upper() + text[1:]


LOSER_REASONS = {"fleet.outcome.destroyed": "fleet.say.reason.destroyed",
                 "fleet.outcome.retreated": "fleet.say.reason.retreated",
                 "outcome.resigned": "fleet.say.reason.resigned"}
"""An outcome's reason as the narrator says it, naming the side that lost."""


def trophies_line(view: FleetView, names: tuple[str, str], language: Language) -> str | None:
    """The winner's trophies (decision 22 of ``docs/fleetbattle.md``) once the battle is
    over; ``None`` before, after a draw, or when it destroyed no ship."""
    if view.results is None or view.winner is None:
        return None
    result = view.results[view.winner]
    if not result.trophy_coins:
        return None
    return translate("fleet.say.trophies", language, side=names[view.winner],
                     coins=result.trophy_coins, wood=result.trophy_wood,
                     guns=result.trophy_guns)


class Narrator:
    """Events in words, each side by the name given as it reads mid-sentence (``your
    fleet``, ``the enemy``, a player); each line begins with a capital."""

    def __init__(self, rules: FleetRules, language: Language, names: tuple[str, str]) -> None:
        self.rules = rules
        self.language = language
        self.names = names

    def cells(self, seat: int, board: int) -> str:
        """The cells of ``board`` on ``seat``'s field."""
        coords = coordinates(self.rules, seat, self.language)
        return ", ".join(coords.name(cell) for cell in iter_cells(board))

    def say(self, event: Event) -> str | None:
        """``event`` in words (``None``: nothing worth a line)."""
        said = self._said(event)
        return None if said is None else capital(said)

    def _said(self, event: Event) -> str | None:
        t, lang, names = translate, self.language, self.names
        if isinstance(event, FleetPlaced):
            return t("fleet.say.placed", lang, side=names[event.seat])
        if isinstance(event, TurnBegan):
            return t("fleet.say.turn", lang, turn=event.turn)
        if isinstance(event, RetreatsChosen):
            going = [names[s] for s, choice in enumerate(event.choices) if choice]
            return t("fleet.say.retreats", lang, sides=", ".join(going)) if going else None
        if isinstance(event, Contest):
            return self._contest(event)
        if isinstance(event, ModeSet):
            if event.chooser is None:
                return t("fleet.say.first_mode", lang, mode=event.mode.text)
            return t("fleet.say.mode", lang, side=names[event.chooser], mode=event.mode.text)
        if isinstance(event, OrdersGiven):
            return t("fleet.say.orders", lang, side=names[event.seat])
        if isinstance(event, VolleyFired):
            return self._volley(event)
        if isinstance(event, FireshipRolled):
            kind = self.rules.pieces(event.seat)[event.ship].text
            if event.die is None:
                return t("fleet.say.fireship_stopped", lang, side=names[event.seat], kind=kind)
            return t("fleet.say.fireship_hit" if event.success else "fleet.say.fireship_missed",
                     lang, side=names[event.seat], kind=kind, die=event.die)
        if isinstance(event, FireStarted):
            return t("fleet.say.fire" if event.die == 1 else "fleet.say.no_fire", lang,
                     side=names[event.seat], die=event.die)
        if isinstance(event, ShipLost):
            return t(f"fleet.say.lost.{event.status.value}", lang, side=names[event.seat],
                     kind=event.kind.text, cells=self.cells(event.seat, event.cells))
        if isinstance(event, DecksTaken):
            return t("fleet.say.decks_whole" if event.whole else "fleet.say.decks_part", lang,
                     side=names[event.seat], kind=event.kind.text, decks=event.decks)
        if isinstance(event, Grappled):
            kinds = [", ".join(self.rules.pieces(s)[i].text.render(lang)
                               for i in event.ships[s]) for s in (0, 1)]
            return t("fleet.say.grappled", lang, first=names[0], second=names[1],
                     ships0=kinds[0], ships1=kinds[1])
        if isinstance(event, GrappleEnded):
            return t("fleet.say.grapple_over", lang)
        if isinstance(event, Retreated):
            return t("fleet.say.retreated", lang, side=names[event.seat],
                     escaped=len(event.escaped), behind=len(event.left_behind))
        if isinstance(event, Surrendered):
            return t("fleet.say.surrendered", lang, side=names[event.seat])
        assert isinstance(event, BattleOver)
        reason = self.reason(event.winner, event.reason)
        if event.winner is None:
            return t("fleet.say.draw", lang, reason=reason)
        return t("fleet.say.won", lang, side=names[event.winner], reason=reason)

    def reason(self, winner: int | None, reason: str) -> str:
        """Why the battle ended (``winner`` and the outcome's ``reason``), naming the side
        that lost as this narrator's audience calls it («your fleet retreated»)."""
        if winner is None:
            return translate(reason, self.language)
        return translate(LOSER_REASONS.get(reason, reason), self.language,
                         loser=self.names[1 - winner])

    def _contest(self, event: Contest) -> str:
        lang, names = self.language, self.names
        scores = [figure(score, lang) for score in event.scores]
        what = ("fleet.say.contest.boarding" if event.boarding and event.group is None
                else "fleet.say.contest.grapple" if event.group is not None
                else "fleet.say.contest.manoeuvre")
        rolled = translate(what, lang, first=names[0], second=names[1], die0=event.dice[0],
                           die1=event.dice[1], score0=scores[0], score1=scores[1])
        if event.winner is None:
            return rolled + " " + translate("fleet.say.tie", lang)
        return rolled + " " + capital(translate("fleet.say.contest_won", lang,
                                                side=names[event.winner]))

    def _volley(self, event: VolleyFired) -> str:
        lang, names = self.language, self.names
        side = names[event.seat]
        extra = (" " + translate("fleet.say.fireships", lang, count=event.fireships)
                 if event.fireships else "")
        if event.hold:
            return translate("fleet.say.hold", lang, side=side) + extra
        if not event.shots:
            return translate("fleet.say.no_volley", lang, side=side) + extra
        coords = coordinates(self.rules, 1 - event.seat, lang)
        hits = [coords.name(s.cell) for s in event.shots if s.hit]
        return translate("fleet.say.volley", lang, side=side, ammo=event.ammo.text,
                         cells=", ".join(coords.name(s.cell) for s in event.shots),
                         hits=", ".join(hits) if hits else translate("fleet.say.none", lang)
                         ) + extra


