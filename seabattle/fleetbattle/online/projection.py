"""The fleet battle as a client sees it: a move's client events and the game's part of a
``state`` message (``docs/web-protocol.md``, «The fleet battle»).

Everything here is built from the engine's own :class:`~seabattle.fleetbattle.views.FleetView`
of the audience (seat 0, seat 1, or ``None`` for the spectators) and from its events, which
the moderator announces to both sides (:mod:`seabattle.fleetbattle.events`): no ship of a
side reaches anyone but its owner before it leaves the battle or the battle is over.
Bitboards travel as lists of cell numbers (``row * width + column`` on the field they lie
on), fractions as decimals. Each event carries its sentence in both languages, as the
narrator (:class:`~seabattle.fleetbattle.terminal.text.Narrator`) says it to that audience
(«your fleet», «the enemy»; «fleet 1», «fleet 2» to a spectator), so that no client
narrates the rules again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from seabattle.coords import ALPHABETS, iter_cells
from seabattle.fleetbattle.codec import plain
from seabattle.fleetbattle.events import Event, ShipLost
from seabattle.fleetbattle.fleets import cost
from seabattle.fleetbattle.placement import Placement
from seabattle.fleetbattle.rules import FleetRules
from seabattle.fleetbattle.ships import SHIP_KINDS, SHIP_TYPES, Kind, Mode
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.terminal.text import Narrator
from seabattle.fleetbattle.views import FleetView, Phase, Result, SideView
from seabattle.games.hosting import ClientEvent, Told
from seabattle.games.interface import JSON
from seabattle.i18n import LANGUAGES, Language, translate

AUDIENCES: tuple[int | None, ...] = (0, 1, None)
"""Seat 0, seat 1 and the spectators."""


def cells(board: int) -> list[JSON]:
    """A bitboard as its cell numbers, in order."""
    return list(iter_cells(board))


def side_names(audience: int | None, language: Language) -> tuple[str, str]:
    """How the two sides are named mid-sentence to ``audience``."""
    if audience is None:
        return (translate("fleet.web.side", language, n=1),
                translate("fleet.web.side", language, n=2))
    you = translate("fleet.plain.you_said", language)
    enemy = translate("fleet.plain.enemy_said", language)
    return (you, enemy) if audience == 0 else (enemy, you)


def event_data(event: Event) -> dict[str, JSON]:
    """An event as plain data: its ``type`` (``contest``, ``volley_fired``…) and fields,
    the cells of a ship that left the battle as a list."""
    data = cast(dict[str, JSON], plain(event))
    if isinstance(event, ShipLost):
        data["cells"] = cells(event.cells)
    return data


# --- a move ----------------------------------------------------------------------------

def project(rules: FleetRules, events: Sequence[Event], auto: bool) -> Told:
    """The client events of a move: one ``fleet_event`` per event, to every audience, with
    the sentence that audience reads (``say``: ``{en, ru}``, ``null`` when the event is
    not worth a line). Every event is public (the seed has the sides tell each other
    everything the events hold), so the audiences differ only in the sentences."""
    told = Told()
    narrators = {(audience, language): Narrator(rules, language,
                                                side_names(audience, language))
                 for audience in AUDIENCES for language in LANGUAGES}
    for event in events:
        data = event_data(event)
        for audience in AUDIENCES:
            said = {language: narrators[audience, language].say(event)
                    for language in LANGUAGES}
            message: ClientEvent = {"type": "fleet_event", "event": data,
                                    "say": None if said["en"] is None else cast(JSON, said)}
            if auto:
                message["auto"] = True
            told.private[audience].append(message)
    return told


# --- the state --------------------------------------------------------------------------

def snapshot(state: FleetBattleState, audience: int | None, language: Language,
             over: bool) -> dict[str, JSON]:
    """The fleet battle's part of the ``state`` message for ``audience``: ``fleet``, and
    ``stats`` (both sides' results) once the room is over."""
    view = state.view(audience)
    rules = state.rules
    fleet: dict[str, JSON] = {
        "phase": view.phase.value, "turn": view.turn,
        "mode": None if view.mode is None else view.mode.value,
        "acting": list(view.acting),
        "fields": [field_data(rules, seat, language) for seat in (0, 1)],
        "pieces": [[piece(kind) for kind in rules.pieces(seat)] for seat in (0, 1)],
        "sides": [side_data(side) for side in view.sides],
        "own": own_data(view),
        "flagship": view.flagship,
        "choice": choice(state, view),
        "grapples": [[[kind.value for kind in kinds] for kinds in group]
                     for group in view.grapples],
        "winner": view.winner,
        "results": None if view.results is None else [result_data(r) for r in view.results],
        "placements": None if view.placements is None
        else [placement_data(p) for p in view.placements],
        "ending": ending(state, audience, language),
    }
    part: dict[str, JSON] = {"fleet": fleet}
    if over:
        part["stats"] = fleet["results"]  # the shell shows the board's statistics then
    return part


def ending(state: FleetBattleState, audience: int | None, language: Language) -> str | None:
    """Why the battle ended, as ``audience`` reads it in ``language`` («your fleet has no
    ship left in the battle»); ``None`` while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    narrator = Narrator(state.rules, language, side_names(audience, language))
    return narrator.reason(outcome.winner, outcome.reason.key)


def field_data(rules: FleetRules, seat: int, language: Language) -> dict[str, JSON]:
    """A side's field: its size and its column letters in ``language``."""
    grid = rules.field(seat)
    return {"width": grid.width, "height": grid.height,
            "columns": ALPHABETS["ru" if language == "ru" else "latin"].columns(grid.width)}


def piece(kind: Kind) -> dict[str, JSON]:
    """A kind of piece as a client draws and places it."""
    figures = SHIP_TYPES[kind]
    return {"kind": kind.value, "decks": figures.decks, "firepower": figures.firepower,
            "boarding": figures.boarding, "manoeuvre": figures.manoeuvre,
            "health": figures.health}


def side_data(side: SideView) -> dict[str, JSON]:
    """What everybody knows of one side."""
    totals = side.totals
    return {"make_up": [kind.value for kind in side.make_up],
            "totals": {"firepower": float(totals.firepower), "boarding": totals.boarding,
                       "manoeuvre": totals.manoeuvre, "ships": totals.ships},
            "flagship_lost": side.flagship_lost, "held_fire": side.held_fire,
            "may_retreat": side.may_retreat, "ready": side.ready,
            "shots": [{"turn": s.turn, "ammo": s.ammo.value, "cell": s.cell, "hit": s.hit}
                      for s in side.shots],
            "lost": [{"index": ship.index, "kind": ship.kind.value, "cells": cells(ship.cells),
                      "status": ship.status.value} for ship in side.lost]}


def own_data(view: FleetView) -> list[JSON] | None:
    """The reader's own pieces as they stand (``None``: a spectator, or not placed yet)."""
    if view.own is None:
        return None
    return [{"index": ship.index, "kind": ship.kind.value, "cells": cells(ship.cells),
             "cannon": cells(ship.cannon), "chain": cells(ship.chain),
             "grape": cells(ship.grape), "captured": cells(ship.captured),
             "status": ship.status.value, "firepower": float(ship.firepower),
             "boarding": ship.boarding, "manoeuvre": ship.manoeuvre} for ship in view.own]


def choice(state: FleetBattleState, view: FleetView) -> dict[str, JSON] | None:
    """What the reader may do now, as the engine allows it (``None``: nothing): the
    message to send and its legal values. The client offers exactly these."""
    seat = view.seat
    if seat is None or seat not in view.acting:
        return None
    phase = view.phase
    if phase is Phase.SETUP:
        return {"action": "place", "pieces": [piece(k) for k in state.rules.pieces(seat)],
                "ships": len(state.rules.fleets[seat])}
    if phase is Phase.RETREAT:
        return {"action": "retreat", "may_retreat": state.may_retreat(seat)}
    if phase is Phase.MODE:
        return {"action": "mode", "modes": [mode.value for mode in view.modes]}
    if phase is Phase.GRAPPLE:
        return {"action": "grapple", "taken": None if view.taken is None else view.taken.value,
                "ships": cast(JSON, state.grapple_candidates(seat))}
    # A parting volley is fired at long range.
    mode = state.mode if phase is Phase.ORDERS and state.mode is not None else Mode.LONG
    ammunition = mode.ammunition
    return {"action": "orders", "parting": phase is Phase.PARTING,
            "ammunition": [ammo.value for ammo in ammunition],
            "shots": view.shots_allowed,
            "cells": {ammo.value: cast(JSON, state.legal_cells(seat, ammo))
                      for ammo in ammunition},
            "fireship_limit": view.fireship_limit,
            "fireships": cast(JSON, state.fireship_candidates(seat)
                              if view.fireship_limit else [])}


def result_data(result: Result) -> dict[str, JSON]:
    """How the battle ended for one side: its ships by fate and its trophies."""
    return {"destroyed": list(result.destroyed), "captured": list(result.captured),
            "escaped": list(result.escaped), "remaining": list(result.remaining),
            "damaged": list(result.damaged), "trophies": {
                "coins": result.trophy_coins, "wood": result.trophy_wood,
                "guns": result.trophy_guns}}


def placement_data(placement: Placement) -> dict[str, JSON]:
    """A side's set-up: its pieces' kinds and cells, and its flagship."""
    return {"ships": [{"kind": ship.kind.value, "cells": cells(ship.cells)}
                      for ship in placement.ships], "flagship": placement.flagship}


def game_over(state: FleetBattleState) -> dict[str, JSON]:
    """Both set-ups and both sides' results, once the battle is over."""
    view = state.view(None)
    if view.results is None or view.placements is None:
        return {}
    return {"placements": [placement_data(p) for p in view.placements],
            "results": [result_data(r) for r in view.results]}


def kinds_data() -> list[JSON]:
    """Every kind a fleet is built of, with its figures and price (the lobby's builder)."""
    return [{**piece(kind), "price": {"coins": price.coins, "guns": price.guns,
                                      "wood": price.wood}}
            for kind in SHIP_KINDS for price in (cost((kind,)),)]
