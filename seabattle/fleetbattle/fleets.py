"""Fleets for a battle: the seed's prices, a budget, presets and random fleets.

Prices are the seed's («Характеристики кораблей»: brig 8 coins and 1 gun, corvette 10
and 1, frigate 13, 1 gun and 1 wood, ship of the line 16, 2 guns and 1 wood, transport 7
coins).

>>> cost((Kind.FRIGATE, Kind.BRIG))
Price(coins=21, guns=2, wood=1)
>>> within_budget((Kind.FRIGATE, Kind.BRIG), Price(20, 5, 5))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
seabattle.errors.RulesError: the fleet costs 21 coins, 2 guns, 1 wood; the budget is 20 coins...
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seabattle.errors import RulesError
from seabattle.fleetbattle.rules import FleetRules, canonical
from seabattle.fleetbattle.ships import SHIP_KINDS, SHIP_TYPES, Kind, Price

PORTUGAL = canonical((Kind.BRIG,) * 3 + (Kind.CORVETTE,) * 2 + (Kind.TRANSPORT,))
"""The seed's example: «3 брига, 2 корвета, 1 транспортник»."""
ENGLAND = canonical((Kind.FRIGATE, Kind.CORVETTE) + (Kind.BRIG,) * 3)
"""The seed's example: «1 фрегат, 1 корвет, 3 брига»."""
SQUADRON = canonical((Kind.LINER, Kind.FRIGATE, Kind.CORVETTE, Kind.CORVETTE, Kind.BRIG,
                      Kind.BRIG))
"""A squadron of every fighting kind, for equal battles."""

PRESETS: dict[str, FleetRules] = {
    "example": FleetRules((PORTUGAL, ENGLAND), name="example"),
    "equal": FleetRules((ENGLAND, ENGLAND), name="equal"),
    "squadrons": FleetRules((SQUADRON, SQUADRON), name="squadrons"),
    "batteries": FleetRules((ENGLAND, ENGLAND), batteries=(1, 1), name="batteries"),
    "duel": FleetRules(((Kind.CORVETTE, Kind.BRIG), (Kind.CORVETTE, Kind.BRIG)),
                       name="duel"),
}
"""Ready rule sets: the example's two squadrons (Portugal against England), equal fleets
(England's squadron on both sides), two full squadrons, equal fleets with a coastal
battery each, and a small duel."""


def cost(make_up: Sequence[Kind]) -> Price:
    """What the ships cost together."""
    total = Price(0)
    for kind in make_up:
        total = total + SHIP_TYPES[kind].price
    return total


def _price_text(price: Price) -> str:
    return f"{price.coins} coins, {price.guns} guns, {price.wood} wood"


def within_budget(make_up: Sequence[Kind], budget: Price) -> tuple[Kind, ...]:
    """The fleet, in order, if ``budget`` pays for it; a
    :class:`~seabattle.errors.RulesError` with both sums otherwise."""
    price = cost(make_up)
    if not price.within(budget):
        raise RulesError("fleet.error.over_budget", cost=_price_text(price),
                         budget=_price_text(budget))
    return canonical(make_up)


def random_fleet(budget: Price, rng: random.Random, kinds: Sequence[Kind] = SHIP_KINDS
                 ) -> tuple[Kind, ...]:
    """A fleet drawn with ``rng``: ships of ``kinds`` bought one at a time, each drawn
    among those the rest of ``budget`` still pays for, until none is; at least one ship
    (the cheapest) whatever the budget."""
    bought: list[Kind] = []
    left = budget
    while True:
        affordable = [kind for kind in kinds if SHIP_TYPES[kind].price.within(left)]
        if not affordable:
            break
        kind = rng.choice(affordable)
        bought.append(kind)
        price = SHIP_TYPES[kind].price
        left = Price(left.coins - price.coins, left.guns - price.guns, left.wood - price.wood)
    if not bought:
        bought.append(min(kinds, key=lambda kind: SHIP_TYPES[kind].price.coins))
    return canonical(bought)


def random_equal_rules(budget: Price, rng: random.Random) -> FleetRules:
    """Both sides with the same random fleet of ``budget``'s strength."""
    fleet = random_fleet(budget, rng)
    return FleetRules((fleet, fleet), name="random")
