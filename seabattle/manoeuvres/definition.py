"""The manoeuvre game (seed 003) as a game of the shared interface, with its codecs.

Cells are written as the field names them in Latin letters (``A1`` top left, ``Q12``
bottom right on the seed's field), kinds by their names (``torpedo_boat``).

>>> import random
>>> state = DEFINITION.new_state(PRESETS["skirmish"])
>>> sorted(state.actors.seats), state.actors.simultaneous
([0, 1], True)
>>> rng = random.Random(1)
>>> for seat in (0, 1):
...     _ = state.apply(seat, state.random_action(seat, rng))
>>> state.actors.chance
True
>>> state.apply_chance(DrawFirst(1))
[FirstDrawn(seat=1)]
>>> DEFINITION.action_to_data(state.rules, Step(10, 19))
{'action': 'step', 'from': 'B2', 'to': 'B3', 'tow': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from seabattle.errors import RecordError, SeaBattleError
from seabattle.games.interface import JSON, GameDefinition, GameParts
from seabattle.i18n import Text
from seabattle.manoeuvres.actions import (
    Action,
    Attack,
    Defend,
    Deploy,
    Detonate,
    Direction,
    DrawFirst,
    EndTurn,
    PointBlank,
    Resign,
    Shoot,
    Step,
)
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Deployed,
    Event,
    FirstDrawn,
    FortTaken,
    Fought,
    GameEnded,
    Moved,
    Removed,
    Revealed,
    TorpedoFired,
    TurnEnded,
)
from seabattle.manoeuvres.online.hosting import ManoeuvreHost
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import names
from seabattle.manoeuvres.rules import (
    PRESETS,
    ManoeuvreRules,
    rules_from_data,
    rules_to_data,
)
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView, Phase, SeenPiece, Stage

__all__ = ["DEFINITION", "Action", "Event", "ManoeuvreDefinition", "ManoeuvreState",
           "ManoeuvreView"]

ACTION_NAMES = ("deploy", "first", "step", "shoot", "point_blank", "detonate", "attack",
                "defend", "end_turn", "resign")


class ManoeuvreDefinition(GameDefinition[ManoeuvreRules, Action, Event, ManoeuvreView]):
    """Fleet manoeuvres («Морской бой», seed 003): hidden pieces that move."""

    name = "manoeuvres"
    title = Text("game.manoeuvres")
    parts = GameParts(
        arena_game="seabattle.manoeuvres.bots.arena",  # its bot protocol: docs/manoeuvres.md
        line_game="seabattle.manoeuvres.terminal.lines",
        replay_text="seabattle.manoeuvres.terminal.replay",
        screen_set="seabattle.manoeuvres.terminal.tui",
    )

    def default_rules(self) -> ManoeuvreRules:
        return PRESETS["seed"]

    def presets(self) -> Mapping[str, ManoeuvreRules]:
        return PRESETS

    def rules_from_data(self, data: Mapping[str, JSON]) -> ManoeuvreRules:
        return rules_from_data(data)

    def rules_to_data(self, rules: ManoeuvreRules) -> dict[str, JSON]:
        return rules_to_data(rules)

    def rules_title(self, rules: ManoeuvreRules) -> Text:
        if PRESETS.get(rules.name) == rules:
            return Text(f"manoeuvres.preset.{rules.name}")
        if rules.name in PRESETS:
            return Text("rules.preset_varied",
                        {"preset": Text(f"manoeuvres.preset.{rules.name}")})
        return Text("rules.own_name", {"name": rules.name})

    def new_state(self, rules: ManoeuvreRules) -> ManoeuvreState:
        return ManoeuvreState(rules)

    def host(self) -> ManoeuvreHost:
        """The game in the server's rooms (:mod:`seabattle.manoeuvres.online.hosting`)."""
        return ManoeuvreHost(self)

    # --- actions --------------------------------------------------------------------------

    def action_to_data(self, rules: ManoeuvreRules, action: Action) -> dict[str, JSON]:
        name = names(rules).name
        if isinstance(action, Deploy):
            return {"action": "deploy",
                    "layout": [[name(cell), kind.value] for cell, kind in action.layout]}
        if isinstance(action, DrawFirst):
            return {"action": "first", "seat": action.seat}
        if isinstance(action, Step):
            return {"action": "step", "from": name(action.source), "to": name(action.target),
                    "tow": [name(cell) for cell in action.tow]}
        if isinstance(action, Shoot):
            return {"action": "shoot", "torpedo": name(action.torpedo),
                    "direction": action.direction.name.lower()}
        if isinstance(action, PointBlank):
            return {"action": "point_blank", "torpedo": name(action.torpedo),
                    "target": name(action.target)}
        if isinstance(action, Detonate):
            return {"action": "detonate", "bomb": name(action.bomb),
                    "to": None if action.target is None else name(action.target)}
        if isinstance(action, Attack):
            return {"action": "attack", "target": name(action.target),
                    "group": [name(cell) for cell in action.group]}
        if isinstance(action, Defend):
            return {"action": "defend", "group": [name(cell) for cell in action.group]}
        if isinstance(action, EndTurn):
            return {"action": "end_turn"}
        return {"action": "resign"}

    def action_from_data(self, rules: ManoeuvreRules, data: Mapping[str, JSON]) -> Action:
        kind = data.get("action")
        try:
            return _action(rules, kind, data)
        except KeyError as missing:
            raise RecordError(problem=f"{kind} lacks {missing}") from None
        except (TypeError, ValueError) as wrong:
            if isinstance(wrong, SeaBattleError):
                raise
            raise RecordError(problem=f"{kind}: {wrong}") from None

    # --- events and views -----------------------------------------------------------------

    def event_to_data(self, rules: ManoeuvreRules, event: Event) -> dict[str, JSON]:
        name = names(rules).name

        def kind_of(kind: Kind | None) -> JSON:
            return None if kind is None else kind.value

        if isinstance(event, Deployed):
            return {"type": "deployed", "seat": event.seat}
        if isinstance(event, FirstDrawn):
            return {"type": "first", "seat": event.seat}
        if isinstance(event, Moved):
            return {"type": "moved", "seat": event.seat, "from": name(event.source),
                    "to": name(event.target), "kind": kind_of(event.kind),
                    "towed": [[name(a), name(b)] for a, b in event.towed],
                    "towed_kind": kind_of(event.towed_kind)}
        if isinstance(event, Revealed | Removed):
            return {"type": "revealed" if isinstance(event, Revealed) else "removed",
                    "owner": event.owner, "cell": name(event.cell), "kind": event.kind.value}
        if isinstance(event, AttackDeclared):
            return {"type": "attack", "seat": event.seat, "target": name(event.target),
                    "group": [name(c) for c in event.group], "kind": event.kind.value}
        if isinstance(event, Fought):
            return {"type": "fought", "group": [name(c) for c in event.group],
                    "kind": event.kind.value, "winner": event.winner}
        if isinstance(event, TorpedoFired):
            return {"type": "torpedo", "seat": event.seat, "from": name(event.source),
                    "hit": None if event.hit is None else name(event.hit)}
        if isinstance(event, BombExploded):
            return {"type": "bomb", "owner": event.owner, "cell": name(event.cell)}
        if isinstance(event, FortTaken):
            return {"type": "fort_taken", "seat": event.seat, "cell": name(event.cell)}
        if isinstance(event, TurnEnded):
            return {"type": "turn_ended", "seat": event.seat, "bonus": event.bonus}
        assert isinstance(event, GameEnded)
        return {"type": "over", "winner": event.winner, "reason": event.reason}

    def view_to_data(self, view: ManoeuvreView) -> dict[str, JSON]:
        name = names(view.rules).name
        return {
            "phase": view.phase.value, "seat": view.seat, "ready": list(view.ready),
            "to_move": view.to_move, "stage": None if view.stage is None else view.stage.value,
            "pieces": [{"owner": p.owner, "number": p.number, "cell": name(p.cell),
                        "kind": None if p.kind is None else p.kind.value, "moved": p.moved,
                        "shown": p.shown} for p in view.pieces],
            "lost": [[kind.value for kind in kinds] for kinds in view.lost],
            "pending": None if view.pending is None else self.action_to_data(
                view.rules, view.pending),
            "quiet_turns": view.quiet_turns, "winner": view.winner,
            "bonus_turn": view.bonus_turn,
            "moved": None if view.moved is None else name(view.moved)}

    def view_from_data(self, rules: ManoeuvreRules, data: Mapping[str, JSON]) -> ManoeuvreView:
        """A view read back from :meth:`view_to_data` (a bot reads its view so); raises
        :class:`~seabattle.errors.RecordError` saying what is malformed."""
        cell = names(rules).parse
        try:
            pieces = tuple(SeenPiece(
                int(cast(int, p["owner"])), int(cast(int, p["number"])), cell(str(p["cell"])),
                None if p["kind"] is None else Kind(p["kind"]), bool(p["moved"]),
                bool(p.get("shown", False)))
                for p in cast(list[dict[str, JSON]], data["pieces"]))
            lost = cast(list[list[str]], data["lost"])
            pending = data.get("pending")
            attack = None if pending is None else self.action_from_data(
                rules, cast(dict[str, JSON], pending))
            stage = data.get("stage")
            moved = data.get("moved")
            seat = data.get("seat")
            ready = cast(list[bool], data["ready"])
            return ManoeuvreView(
                rules, None if seat is None else int(cast(int, seat)),
                Phase(data["phase"]), (bool(ready[0]), bool(ready[1])),
                cast(int | None, data.get("to_move")),
                None if stage is None else Stage(stage), pieces,
                (tuple(Kind(k) for k in lost[0]), tuple(Kind(k) for k in lost[1])),
                attack if isinstance(attack, Attack) else None,
                int(cast(int, data.get("quiet_turns", 0))),
                cast(int | None, data.get("winner")), bool(data.get("bonus_turn", False)),
                None if moved is None else cell(str(moved)))
        except (KeyError, TypeError, ValueError, IndexError) as wrong:
            if isinstance(wrong, SeaBattleError):
                raise
            raise RecordError(problem=f"a view: {wrong!r}") from None


def _cells(rules: ManoeuvreRules, value: JSON) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(problem=f"expected a list of cells, not {value!r}")
    return tuple(names(rules).parse(str(cell)) for cell in value)


def _action(rules: ManoeuvreRules, kind: JSON, data: Mapping[str, JSON]) -> Action:
    cell = names(rules).parse
    if kind == "deploy":
        layout = data["layout"]
        if not isinstance(layout, list):
            raise RecordError(problem=f"a layout is a list of [cell, kind], not {layout!r}")
        entries = [cast(list[JSON], entry) for entry in layout]
        return Deploy(tuple((cell(str(entry[0])), Kind(entry[1])) for entry in entries))
    if kind == "first":
        return DrawFirst(int(cast(int, data["seat"])))
    if kind == "step":
        return Step(cell(str(data["from"])), cell(str(data["to"])),
                    tuple(sorted(_cells(rules, data.get("tow", [])))))
    if kind == "shoot":
        return Shoot(cell(str(data["torpedo"])), Direction[str(data["direction"]).upper()])
    if kind == "point_blank":
        return PointBlank(cell(str(data["torpedo"])), cell(str(data["target"])))
    if kind == "detonate":
        target = data.get("to")
        return Detonate(cell(str(data["bomb"])), None if target is None else cell(str(target)))
    if kind == "attack":
        return Attack(cell(str(data["target"])), tuple(sorted(_cells(rules, data["group"]))))
    if kind == "defend":
        return Defend(tuple(sorted(_cells(rules, data["group"]))))
    if kind == "end_turn":
        return EndTurn()
    if kind == "resign":
        return Resign()
    raise SeaBattleError("error.bad_action", action=kind, known=", ".join(ACTION_NAMES))


DEFINITION = ManoeuvreDefinition()
"""The manoeuvre game, as the registry (:mod:`seabattle.games.registry`) finds it."""
