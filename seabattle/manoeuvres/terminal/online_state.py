"""The server's messages of the manoeuvre game read back into the engine's own types, for
the terminal's online screen: the ``state`` as a
:class:`~seabattle.manoeuvres.views.ManoeuvreView` with the seat's legal actions
(:class:`OnlineState`), and each event message as the engine's event, so that the screens
and the narrator against the computer serve a game on a server unchanged.

The messages are those of ``docs/web-protocol.md`` («The manoeuvre game»), written by
:mod:`seabattle.manoeuvres.online.projection`, whose :func:`~seabattle.manoeuvres.online.
projection.action_of` and :func:`~seabattle.manoeuvres.online.projection.message_of` read
and write the actions both ways (one owner of the format). Nothing here decides a rule:
``legal`` is the server's list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from seabattle.errors import RecordError, SeaBattleError
from seabattle.games.interface import JSON
from seabattle.manoeuvres.actions import Action, Attack
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Deployed,
    Event,
    FirstDrawn,
    FortTaken,
    Fought,
    Moved,
    Removed,
    Revealed,
    TorpedoFired,
    TurnEnded,
)
from seabattle.manoeuvres.online.projection import action_of
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import ManoeuvreRules, rules_from_data
from seabattle.manoeuvres.views import ManoeuvreView, Phase, SeenPiece, Stage

PHASES = {"waiting": Phase.SETUP, "setup": Phase.SETUP, "battle": Phase.PLAY,
          "over": Phase.OVER}
"""The room's phases as the engine's."""


@dataclass(frozen=True)
class OnlineState:
    """One ``state`` message: the game's id, its log's length (``seq``), the room's phase,
    this client's seat, the view, the seat's legal actions, the seconds left on the running
    timer, whether the opponent is online, the result (winner, reason) once over, the
    invitation link."""

    game: str
    seq: int
    phase: str
    seat: int | None
    view: ManoeuvreView
    legal: tuple[Action, ...]
    deadline_in: float | None
    opponent_online: bool
    result: tuple[int | None, str] | None
    invite: str | None

    @classmethod
    def read(cls, message: Mapping[str, Any]) -> OnlineState:
        """The state ``message`` says; raises :class:`~seabattle.errors.RecordError`
        naming what is malformed."""
        try:
            rules = rules_from_data(cast(Mapping[str, JSON], message["rules"]))
            seat = message.get("you")
            players = message.get("players") or [{}, {}]
            result = message.get("result")
            deadline = message.get("deadline_in")
            return cls(
                str(message["game"]), int(message["seq"]), str(message["phase"]),
                None if seat is None else int(seat), read_view(rules, message),
                tuple(action_of(rules, str(legal["type"]), legal)
                      for legal in message.get("legal") or ()),
                None if deadline is None else float(deadline),
                seat is None or bool(players[1 - int(seat)].get("online", True)),
                None if result is None else (result.get("winner"), str(result.get("reason"))),
                message.get("invite"))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as wrong:
            if isinstance(wrong, SeaBattleError):
                raise
            raise RecordError(problem=f"a state: {wrong!r}") from None


def read_view(rules: ManoeuvreRules, message: Mapping[str, Any]) -> ManoeuvreView:
    """The view a ``state`` message carries."""
    pieces = tuple(SeenPiece(int(p["owner"]), int(p["number"]), int(p["cell"]),
                             None if p["kind"] is None else Kind(p["kind"]),
                             bool(p["moved"]), bool(p.get("shown", False)))
                   for p in message["pieces"])
    pending = message.get("pending")
    stage = message.get("stage")
    result = message.get("result")
    seat = message.get("you")
    lost = message.get("lost") or [[], []]
    return ManoeuvreView(
        rules, None if seat is None else int(seat), PHASES[str(message["phase"])],
        (bool(message["ready"][0]), bool(message["ready"][1])),
        message.get("to_move"), None if stage is None else Stage(stage), pieces,
        (tuple(Kind(k) for k in lost[0]), tuple(Kind(k) for k in lost[1])),
        None if pending is None else Attack(int(pending["target"]),
                                            tuple(int(c) for c in pending["group"])),
        int(message.get("quiet_turns", 0)),
        None if result is None else result.get("winner"),
        bool(message.get("bonus_turn", False)), message.get("moved"))


def _kind(value: Any) -> Kind | None:
    return None if value is None else Kind(value)


def event_of(message: Mapping[str, Any]) -> Event | None:
    """The engine's event an event message tells (``None`` for a message that is none of
    the game's events: a chat, the end, a room's own news)."""
    kind = message.get("type")
    if kind == "deployed":
        return Deployed(int(message["seat"]))
    if kind == "first_drawn":
        return FirstDrawn(int(message["seat"]))
    if kind == "moved":
        return Moved(int(message["seat"]), int(message["from"]), int(message["to"]),
                     _kind(message.get("kind")),
                     tuple((int(a), int(b)) for a, b in message.get("towed") or ()),
                     _kind(message.get("towed_kind")))
    if kind in ("revealed", "removed"):
        made = Revealed if kind == "revealed" else Removed
        return made(int(message["owner"]), int(message["cell"]), Kind(message["kind"]))
    if kind == "attack":
        return AttackDeclared(int(message["seat"]), int(message["target"]),
                              tuple(int(c) for c in message["group"]), Kind(message["kind"]))
    if kind == "fought":
        return Fought(tuple(int(c) for c in message["group"]), Kind(message["kind"]),
                      message.get("winner"))
    if kind == "torpedo":
        hit = message.get("hit")
        return TorpedoFired(int(message["seat"]), int(message["from"]),
                            None if hit is None else int(hit))
    if kind == "bomb":
        return BombExploded(int(message["owner"]), int(message["cell"]))
    if kind == "fort_taken":
        return FortTaken(int(message["seat"]), int(message["cell"]))
    if kind == "turn_ended":
        return TurnEnded(int(message["seat"]), bool(message.get("bonus")))
    return None
