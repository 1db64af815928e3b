"""What every game of seabattle provides: a definition and its states (OpenSpiel's mould).

A :class:`GameDefinition` is the static description of one game (Battleship, the fleet
battle, the manoeuvre game): its name and title, its rule sets as plain data (to and from a
dict, for lobbies, records and files), and the codecs between its typed actions, events and
views and JSON. A :class:`GameState` is one game being played. It says who must act now
(:class:`Actors`: one seat, **both seats at once** — each gives its orders without seeing the
other's, and the state resolves them when all are in —, **chance**, or nobody once the game
is over), checks an action with a clear, translated error that changes nothing, applies it
and returns the events it caused, says what each seat or a spectator may know (the only
thing computer players, clients and bots ever receive), gives the outcome, and keeps the
log of :class:`Move` entries from which a record replays the game.

Chance (dice, the lot for the first shot) is an actor like the players: the state lists its
outcomes with their probabilities (:meth:`GameState.chance_outcomes`), the host draws one
(:mod:`seabattle.games.chance`: the system's entropy in real games, a seed in tests and
benchmarks) and applies it; the draw goes into the log, so a replay needs no generator.

Hidden set-up is a simultaneous action (each seat places its pieces; neither sees the
other's); moving pieces, several kinds of action a turn and per-seat knowledge are all
the game's own action and view types: the shared code only moves them, never reads them.
Why mutable states with a log rather than immutable ones: ``docs/engine.md``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeAlias, TypeVar

from seabattle.errors import RecordError
from seabattle.i18n import Text

if TYPE_CHECKING:
    from seabattle.games.hosting import GameHost

JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"
"""A value as the standard ``json`` module reads and writes it."""

SEATS = (0, 1)
"""The two players of every game, by seat number."""

CHANCE = -1
"""The actor of a chance move (:attr:`Move.actor`)."""

ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT")
RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class Actors:
    """Who must act now: some seats, chance, or nobody (the game is over)."""

    seats: frozenset[int] = frozenset()
    chance: bool = False

    @classmethod
    def seat(cls, seat: int) -> Actors:
        """One seat acts."""
        return cls(frozenset({seat}))

    @classmethod
    def of(cls, seats: Sequence[int]) -> Actors:
        """These seats act at once (a simultaneous move when there are several)."""
        return cls(frozenset(seats))

    @classmethod
    def of_chance(cls) -> Actors:
        """Chance acts: the host draws one of the state's chance outcomes."""
        return cls(chance=True)

    @property
    def over(self) -> bool:
        """Nobody acts any more: the game is over."""
        return not self.seats and not self.chance

    @property
    def simultaneous(self) -> bool:
        """Several seats act at once, each without seeing the others' choice."""
        return len(self.seats) > 1


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner's seat (``None`` for a draw) and why."""

    winner: int | None
    reason: Text


@dataclass(frozen=True)
class ChanceOutcome(Generic[ActionT]):
    """One outcome of a chance move and its probability."""

    action: ActionT
    probability: Fraction


@dataclass(frozen=True)
class Move(Generic[ActionT]):
    """One entry of a game's log: who acted (a seat, or :data:`CHANCE`) and what they did."""

    actor: int
    action: ActionT


class GameState(ABC, Generic[ActionT, EventT, ViewT]):
    """One game being played. Mutable: :meth:`apply` changes it and appends to :attr:`log`."""

    @property
    @abstractmethod
    def actors(self) -> Actors:
        """Who must act now."""

    @abstractmethod
    def check(self, seat: int, action: ActionT) -> None:
        """Raise a :class:`~seabattle.errors.SeaBattleError` (translated, saying what would be
        legal) unless ``seat`` may take ``action`` now; never changes anything."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[ActionT] | None:
        """Every action ``seat`` may take now, in a fixed order (empty when the seat need
        not act); ``None`` when the choice is too large to list, such as a whole fleet's
        layout: then :meth:`check` decides and :meth:`random_action` draws one."""

    @abstractmethod
    def random_action(self, seat: int, rng: random.Random) -> ActionT:
        """A legal action of ``seat`` drawn with ``rng`` (random players, automatic
        set-ups); raises like :meth:`check` when the seat may not act."""

    @abstractmethod
    def apply(self, seat: int, action: ActionT) -> list[EventT]:
        """Check ``action`` as :meth:`check` does, then take it; returns the events it
        caused (none yet for an order of a simultaneous move that waits for the other)."""

    @abstractmethod
    def chance_outcomes(self) -> Sequence[ChanceOutcome[ActionT]]:
        """The outcomes chance may draw now, with probabilities summing to 1; empty when
        chance does not act."""

    @abstractmethod
    def apply_chance(self, action: ActionT) -> list[EventT]:
        """Take chance's drawn outcome (one of :meth:`chance_outcomes`)."""

    @abstractmethod
    def view(self, seat: int | None) -> ViewT:
        """What ``seat`` may know now; ``None``: a spectator."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @property
    @abstractmethod
    def log(self) -> Sequence[Move[ActionT]]:
        """Every move so far, chance's draws included: replaying them rebuilds the game."""


ModulePart = Literal["arena_game", "screen_set", "line_game", "replay_text", "record_body"]
"""The parts of :class:`GameParts` that name a module; each such module exports its part
under the part's name in capitals (``arena_game`` → ``ARENA_GAME``)."""


@dataclass(frozen=True)
class GameParts:
    """Where a game's optional parts for the applications are: modules of its own package,
    named as text, so that nothing of a game is imported before an application asks for it
    (:func:`seabattle.games.registry.find_part` imports one). ``None`` (or no ids): the
    game has no such part, and the application that needs it refuses the game, naming the
    games that have one. The server's part is the method
    :meth:`GameDefinition.host` instead (:mod:`seabattle.games.hosting`).

    >>> GameParts(line_game="seabattle.mygame.plain").screen_set is None
    True
    """

    arena_game: str | None = None
    """A module exporting ``ARENA_GAME``, an :class:`~seabattle.arena.games.ArenaGame`: the
    game's bot protocol and built-in players, for ``seabattle match``, ``tournament`` and
    ``bot`` (:mod:`seabattle.arena`, ``docs/arena.md``)."""
    screen_set: str | None = None
    """A module exporting ``SCREEN_SET``, a :class:`~seabattle.terminal.hook.ScreenSet`: the
    game's full-screen screens, for the Textual shell (:mod:`seabattle.tui`, ``docs/tui.md``)."""
    line_game: str | None = None
    """A module exporting ``LINE_GAME``, a :class:`~seabattle.terminal.lines.LineGame`: the
    line-by-line game, for ``seabattle play --plain`` (:mod:`seabattle.plain`)."""
    replay_text: str | None = None
    """A module exporting ``REPLAY_TEXT``, a :class:`~seabattle.commands.replay.ReplayText`:
    how a record reads in text, for ``seabattle replay``."""
    record_body: str | None = None
    """A module exporting ``RECORD_BODY``, a
    :class:`~seabattle.games.envelope.RecordBodyReader`: a record body of the game's own
    instead of the log, for :mod:`seabattle.records` (``docs/record-format.md``). Without
    one, the game's records keep its log."""
    gym_envs: Mapping[str, str] = field(default_factory=dict)
    """Gymnasium ids → entry points (``module:Class``, a ``gymnasium.Env``), registered with
    Gymnasium by :mod:`seabattle.rl`."""
    aec_env: str | None = None
    """The PettingZoo AEC constructor (``module:function``), for
    :func:`seabattle.rl.aec_env`."""


class GameDefinition(ABC, Generic[RulesT, ActionT, EventT, ViewT]):
    """A game of this project: what the shared applications know of it.

    The applications (server, records, terminal, bots, arena, RL) find a definition through
    :mod:`seabattle.games.registry` and talk to its states only through this interface and
    its codecs; nothing else of a game's package is imported by them, except the modules
    its :attr:`parts` name and its :meth:`host`.
    """

    name: str
    """The game's name on command lines, in records and in the lobby (``battleship``)."""

    title: Text
    """The game's name for people, translated."""

    parts: GameParts = GameParts()
    """Where the game's parts for the applications are (none by default): its one
    declaration of them, besides :meth:`host`."""

    @abstractmethod
    def default_rules(self) -> RulesT:
        """The rule set a game gets when none is chosen."""

    def presets(self) -> Mapping[str, RulesT]:
        """The game's rule sets by name, which ``--rules NAME`` chooses (none by default;
        :func:`seabattle.games.rule_names.rules_named`)."""
        return {}

    @abstractmethod
    def rules_from_data(self, data: Mapping[str, JSON]) -> RulesT:
        """A rule set from plain data (a lobby's form, a record, a file); raises a
        :class:`~seabattle.errors.RulesError` saying what is wrong."""

    @abstractmethod
    def rules_to_data(self, rules: RulesT) -> dict[str, JSON]:
        """A rule set as plain data, read back by :meth:`rules_from_data`."""

    @abstractmethod
    def rules_title(self, rules: RulesT) -> Text:
        """The rule set's name for people (a preset's title, with what it varies)."""

    @abstractmethod
    def new_state(self, rules: RulesT) -> GameState[ActionT, EventT, ViewT]:
        """A new game on ``rules``, before anybody has acted."""

    @abstractmethod
    def action_to_data(self, rules: RulesT, action: ActionT) -> dict[str, JSON]:
        """An action of this game as plain data (log entries, client messages)."""

    @abstractmethod
    def action_from_data(self, rules: RulesT, data: Mapping[str, JSON]) -> ActionT:
        """An action from plain data; raises a :class:`~seabattle.errors.SeaBattleError`
        saying what is malformed."""

    @abstractmethod
    def event_to_data(self, rules: RulesT, event: EventT) -> dict[str, JSON]:
        """An event of this game as plain data."""

    @abstractmethod
    def view_to_data(self, view: ViewT) -> dict[str, JSON]:
        """A view of this game as plain data, for clients and bots."""

    def host(self) -> GameHost[Any, RulesT, ActionT, EventT] | None:
        """What the server's rooms need to host this game online
        (:class:`~seabattle.games.hosting.GameHost`: the browser projection, client
        messages, computer players), or ``None`` while it cannot be played there."""
        return None

    def replay(self, rules: RulesT, log: Sequence[Move[ActionT]]
               ) -> GameState[ActionT, EventT, ViewT]:
        """The game rebuilt from its rules and log, every move checked again."""
        state = self.new_state(rules)
        for move in log:
            if move.actor == CHANCE:
                state.apply_chance(move.action)
            else:
                state.apply(move.actor, move.action)
        return state

    def log_to_data(self, rules: RulesT, log: Sequence[Move[ActionT]]) -> list[JSON]:
        """A log as plain data (records, the server's store)."""
        return [{"actor": move.actor, **self.action_to_data(rules, move.action)}
                for move in log]

    def log_from_data(self, rules: RulesT, data: Sequence[JSON]) -> list[Move[ActionT]]:
        """A log read back from :meth:`log_to_data`'s data; raises
        :class:`~seabattle.errors.RecordError` on a malformed entry."""
        moves: list[Move[ActionT]] = []
        for entry in data:
            actor = entry.get("actor") if isinstance(entry, dict) else None
            if not isinstance(entry, dict) or not isinstance(actor, int) or (
                    actor != CHANCE and actor not in SEATS):
                raise RecordError(problem=f"a log entry must be a table with an actor: {entry!r}")
            moves.append(Move(actor, self.action_from_data(rules, entry)))
        return moves
