"""The fleet battle against a person (or the server's computer) on a server:
:class:`OnlineFleetScreen`, the fleet battle's
:meth:`~seabattle.terminal.hook.ScreenSet.online_screen` (``seabattle play --game
fleet-battle --online URL`` / ``--join LINK``; the app is :mod:`seabattle.netplay`).

The server decides everything: the screen draws the latest ``state`` (read back into the
engine's view, :mod:`.online_state`) with the same :class:`~.battle.OrdersScreen` as the
battle against the computer, logs each ``fleet_event`` in the sentence the server wrote
for this reader, and tries the orders being put together with ``check_orders`` (the
server answers with the shots and the engine's refusal) before it takes a cell, a
fireship or a kind of shot. The set-up is the same screen as against the computer, pushed
over it; its placement goes as ``place``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from textual.binding import Binding
from textual.widgets import Static

from seabattle.coords import iter_cells
from seabattle.errors import SeaBattleError
from seabattle.fleetbattle.actions import (
    Action,
    ChooseMode,
    Grapple,
    Orders,
    Resign,
    RetreatChoice,
)
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.placement import Placement
from seabattle.fleetbattle.ships import Ammo
from seabattle.fleetbattle.terminal.text import capital, coordinates
from seabattle.fleetbattle.terminal.tui.battle import OrdersScreen
from seabattle.fleetbattle.terminal.tui.field import FleetField
from seabattle.fleetbattle.terminal.tui.online_state import OnlineFleet
from seabattle.fleetbattle.terminal.tui.phrases import DIE_FACES, FleetPhrases
from seabattle.fleetbattle.terminal.tui.result import fates_table
from seabattle.fleetbattle.terminal.tui.setup import FleetSetupScreen
from seabattle.fleetbattle.views import FleetView, Phase
from seabattle.games.chance import entropy
from seabattle.i18n import Language, Text
from seabattle.terminal.hook import OnlineScreen
from seabattle.terminal.notice import Notice
from seabattle.terminal.online import ChatScreen, Message, OnlineLink, opening_line

_DICE_EVENTS = ("contest", "fireship_rolled", "fire_started")


def orders_data(orders: Orders) -> Message:
    """``orders`` as the ``orders`` (and ``check_orders``) message's fields."""
    return {"ammo": orders.ammo.value, "cells": list(orders.cells),
            "fireships": list(orders.fireships), "hold": orders.hold}


class OnlineFleetScreen(OnlineScreen, OrdersScreen):
    """A fleet battle on a server (see the module)."""

    BINDINGS = [
        Binding("ctrl+g", "chat", "tui.key.chat"),
        Binding("ctrl+n", "rematch", "tui.key.rematch"),
    ]

    phrases: FleetPhrases

    def __init__(self, link: OnlineLink, language: Language) -> None:
        super().__init__()
        self.link = link
        self.language = language
        self.phrases = _phrases(language, None)
        self.seat = 0
        self.state: OnlineFleet | None = None
        self.deadline: float | None = None
        self.online = False
        self.sent = False
        """Whether the answer to the question in the state went and the next state has
        not come yet (the keys wait for it)."""
        self.setup: FleetSetupScreen | None = None
        self.fleet_sent = False
        self._shots: dict[tuple[int, ...], int] = {}
        """The shots the server gave for each set of fireships tried this turn."""
        self._proposed: dict[tuple[int, ...], list[Callable[[], None]]] = {}
        """Orders sent to ``check_orders``, by their fireships, with what to do once
        the engine takes them (answers come in order)."""
        self._checks: list[tuple[int, ...]] = []
        self._ended = ""
        """The battle's end line, once it is over."""
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()

    # --- the hooks of OrdersScreen -------------------------------------------------------

    @property
    def view(self) -> FleetView:
        assert self.state is not None
        return self.state.view

    @property
    def asking(self) -> Phase | None:
        state = self.state
        if state is None or self.sent or state.choice is None or state.phase in (
                "waiting", "over", "setup"):
            return None
        return state.view.phase

    def shots(self) -> int:
        assert self.state is not None and self.state.choice is not None
        return self._shots.get(tuple(self.fireships), self.state.view.shots_allowed)

    def legal_cells(self, ammo: Ammo) -> list[int]:
        assert self.state is not None and self.state.choice is not None
        return list(self.state.choice.get("cells", {}).get(ammo.value, []))

    def propose(self, orders: Orders, accept: Callable[[], None]) -> None:
        if self._send({"type": "check_orders", **orders_data(orders)}):
            self._checks.append(orders.fireships)
            self._proposed.setdefault(orders.fireships, []).append(accept)

    def grapple_refusal(self, index: int) -> str | None:
        assert self.state is not None and self.state.choice is not None
        if index in self.state.choice.get("ships", []) and index not in self.grappling:
            return None
        return self.phrases("fleet.error.grapple_ship", index=index + 1)

    def submit(self, action: Action) -> None:
        message: Message
        if isinstance(action, RetreatChoice):
            message = {"type": "retreat", "retreat": action.retreat}
        elif isinstance(action, ChooseMode):
            message = {"type": "mode", "mode": action.mode.value}
        elif isinstance(action, Orders):
            message = {"type": "orders", **orders_data(action)}
        elif isinstance(action, Grapple):
            message = {"type": "grapple", "ships": list(action.ships)}
        else:
            assert isinstance(action, Resign)
            message = {"type": "resign"}
        if self._send(message):
            self.sent = not isinstance(action, Resign)
            self.query_one(Notice).clear()
            self.redraw()

    def helper_rng(self) -> random.Random:
        return entropy()

    # --- messages from the server --------------------------------------------------------

    def on_mount(self) -> None:
        self.query_one("#title", Static).update(self.phrases("fleet.tui.online.title"))
        self.query_one("#orders", Static).update(self.phrases("tui.online.connecting"))
        self.set_interval(1.0, self._status)
        self.run_worker(self._take_messages(), group="messages")

    async def _take_messages(self) -> None:
        """Take the messages in the order they came, each once the last is drawn (new
        fields are mounted before a state is drawn on them)."""
        while True:
            message = await self._inbox.get()
            await self._take(message)

    def receive(self, message: Message) -> None:
        self._inbox.put_nowait(message)

    def connection_changed(self, online: bool) -> None:
        self.online = online
        if online:
            self.query_one(Notice).clear()
        else:
            self.query_one(Notice).error(self.phrases("tui.online.reconnecting"))
        self._status()

    async def _take(self, message: Message) -> None:
        kind = message.get("type")
        if kind == "state":
            try:
                await self._take_state(OnlineFleet.read(message))
            except (SeaBattleError, KeyError, ValueError, TypeError):
                self.query_one(Notice).error(self.phrases("fleet.tui.online.not_fleet"))
            return
        if kind == "fleet_event":
            self._event(message)
        elif kind == "orders_check":
            self._checked(message)
        elif kind == "error":
            self._error(message)
        elif kind == "rematch_started":
            self.say(self.phrases("tui.online.rematch_started"))
            self.link.follow(str(message["game"]))
        elif kind == "chat":
            mine = message.get("seat") == self.seat
            self.say(self.phrases("tui.online.chat", who=self.phrases(
                "tui.online.you" if mine else "tui.online.opponent"),
                phrase=Text(str(message.get("phrase")))))
        elif kind == "opponent_joined":
            self.say(self.phrases("tui.online.joined"))
        elif kind == "rematch_offered":
            mine = message.get("seat") == self.seat
            self.say(self.phrases("tui.online.rematch_you" if mine
                                  else "tui.online.rematch_offered"))
        elif kind == "timeout":
            mine = message.get("seat") == self.seat
            self.say(self.phrases("tui.online.timeout", strikes=message.get("strikes"),
                                  who=self.phrases("tui.online.you" if mine
                                                   else "tui.online.opponent")))

    def _event(self, message: Message) -> None:
        said = message.get("say")
        if not said:
            return
        line = str(said.get(self.language) or said.get("en"))
        event = message.get("event") or {}
        dice = ""
        if event.get("type") in _DICE_EVENTS:
            values = event.get("dice") or ([event["die"]] if event.get("die") else [])
            dice = " | ".join(f"{DIE_FACES[v - 1]} {v}" for v in values)
        if event.get("type") == "battle_over":
            self._ended = line
        self.say(line, dice)

    def _checked(self, message: Message) -> None:
        if not self._checks:
            return
        fireships = self._checks.pop(0)
        waiting = self._proposed.get(fireships, [])
        accept = waiting.pop(0) if waiting else None
        problem = message.get("problem")
        if problem:
            self.refuse(capital(str(problem.get("message"))))
            self.redraw()
            return
        self._shots[fireships] = int(message.get("shots", 0))
        self.query_one(Notice).clear()
        if accept is not None:
            accept()

    def _error(self, message: Message) -> None:
        self.refuse(capital(str(message.get("message") or message.get("code"))))
        self.sent = False
        code = str(message.get("code", ""))
        if code.startswith(("error.placement", "fleet.error.placement", "fleet.error.flagship")):
            self.fleet_sent = False  # the fleet was refused: place it again
            if self.state is not None and self.state.phase == "setup":
                self._open_setup(self.state)
        self.redraw()

    async def _take_state(self, state: OnlineFleet) -> None:
        first = self.state is None or self.state.game != state.game
        if first or self.state is None or self.state.rules != state.rules \
                or self.state.seat != state.seat:
            await self._build_fields(state)
        if first:
            self.fleet_sent = False
            self._ended = ""
            # Also in the log, where a short terminal (no rules line) shows it.
            self.say(self.phrases("fleet.tui.rules", rules=self.phrases.text(
                DEFINITION.rules_title(state.rules))))
        self.state = state
        self.seat = state.seat
        self.sent = False
        self.deadline = (None if state.deadline_in is None
                         else time.monotonic() + float(state.deadline_in))
        if state.phase == "setup" and state.view.own is None and not self.fleet_sent \
                and state.choice is not None:
            self._open_setup(state)
        elif self.setup is not None and state.view.own is not None:
            setup, self.setup = self.setup, None
            if setup.is_current:
                setup.dismiss(None)
        asked = self.asking
        if asked is not None and (asked, state.view.turn) != self._asked:
            self._shots, self._proposed, self._checks = {}, {}, []
        self.new_question()
        self.redraw()
        await self._results(state)

    async def _build_fields(self, state: OnlineFleet) -> None:
        self.phrases = _phrases(self.language, state)
        await self.query(FleetField).remove()
        own, enemy = self.make_fields(state.view)
        await self.query_one("#fields").mount(own, enemy, before="#ships")
        await self.query("#stats").remove()
        self.fit(self.app.size.width)

    async def _results(self, state: OnlineFleet) -> None:
        """Once the battle is over: each side's ships by fate, under the totals."""
        view = state.view
        if view.results is None or self.query("#stats"):
            return
        table = fates_table(view, self.phrases, self.size.width)
        await self.query_one("#main").mount(Static(table, id="stats"), after="#totals")

    def _open_setup(self, state: OnlineFleet) -> None:
        if self.setup is not None:
            return
        self.setup = FleetSetupScreen(state.rules, state.seat, entropy(), self.phrases)
        self.app.push_screen(self.setup, self._placed)

    def _placed(self, placement: Placement | None) -> None:
        if placement is None or self.state is None:
            return
        self.setup = None
        self.fleet_sent = self._send({
            "type": "place", "flagship": placement.flagship,
            "ships": [list(iter_cells(ship.cells)) for ship in placement.ships]})
        if not self.fleet_sent:
            self._open_setup(self.state)

    # --- keys --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state
        if action == "rematch":
            return state is not None and state.phase == "over" \
                and not state.rematch[state.seat]
        if action == "chat":
            return state is not None and state.phase != "waiting" and bool(
                self.link.chat_phrases)
        if state is None:
            return False
        if action == "resign":
            return state.phase not in ("waiting", "over")
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        """Say one of the server's phrases to the opponent."""
        def said(phrase: str | None) -> None:
            if phrase is not None:
                self._send({"type": "chat", "phrase": phrase})

        self.app.push_screen(ChatScreen(self.phrases, self.link.chat_phrases), said)

    def action_rematch(self) -> None:
        """Offer a rematch, or take the one offered."""
        self._send({"type": "rematch"})

    def _send(self, message: Message) -> bool:
        if self.link.send(message):
            return True
        self.refuse(self.phrases("tui.online.not_sent"))
        return False

    # --- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        if self.state is None:
            return
        super().redraw()
        self.query_one("#rules", Static).update(self.phrases(
            "fleet.tui.rules", rules=self.phrases.text(DEFINITION.rules_title(self.state.rules))))
        self._status()

    def title_line(self, view: FleetView) -> str:
        if self._ended:
            return self._ended
        return super().title_line(view)

    def _status(self) -> None:
        """The orders line: what the battle asks, or whom it waits for; the timer, the
        opponent's presence and the socket's."""
        state, p = self.state, self.phrases
        if state is None:
            return
        opening = opening_line(p, self.link.address, state.phase, state.game, state.invite,
                               state.view.own is not None)
        if opening is not None:
            line = opening
        elif state.phase == "over":
            line = p("tui.online.rematch_keys")
        elif self.sent:
            line = p("fleet.tui.orders.waiting")
        else:
            line = self.orders_text(state.view, self.asking)
        if self.deadline is not None and state.phase not in ("waiting", "over"):
            line += " " + p("tui.online.seconds",
                            seconds=max(0, round(self.deadline - time.monotonic())))
        if state.phase not in ("waiting", "over") and not state.opponent_online:
            line += " " + p("tui.online.opponent_away")
        if not self.online:
            line += " " + p("tui.online.reconnecting")
        self.show_orders(line)


def _phrases(language: Language, state: OnlineFleet | None) -> FleetPhrases:
    """The phrasebook of ``state``'s seat (its own field, the enemy's), or of the default
    rules until the first state came."""
    rules = DEFINITION.default_rules() if state is None else state.rules
    seat = 0 if state is None else state.seat
    return FleetPhrases(language, coordinates(rules, seat, language),
                        coordinates(rules, 1 - seat, language))
