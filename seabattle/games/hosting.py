"""What a game gives the server so that its rooms can host it: :class:`GameHost`.

The server's rooms (:mod:`seabattle.server.rooms`) drive any game through the interface
(:mod:`seabattle.games.interface`): who acts, checking and applying actions, chance, the
outcome, the log. What the interface cannot say for every game — how a browser draws it
and what its messages are — each game brings here, next to its definition
(:meth:`~seabattle.games.interface.GameDefinition.host`):

- **intents**: the game's own client messages (Battleship's ``place``, ``fire``,
  ``fire_salvo``, ``decide``) read into the game's typed actions, with the phase each
  belongs to; and **queries**, its questions answered to the asking socket without acting
  (Battleship's ``check_fleet``);
- **the browser projection**: the client events one move becomes for each audience (seat
  0, seat 1, spectators: ``None``), what every audience hears the game now waits for, the
  game's part of the ``state`` message and of ``game_over``;
- **people's names for the game's phases** (``setup``, ``battle``: a phase named
  :data:`SETUP` runs the room's set-up timer, any other its turn timer);
- **computer players**, a decision made for a player whose time ran out, a suggested
  action, the lobby's rule sets and the game record;
- **old logs**: entries a game's earlier server logged in its own words, read back as
  actions.

A host imports nothing of the server: errors it raises are the shared
:class:`~seabattle.errors.SeaBattleError` with the hosting layer's own message keys
(``game.error.phase``, ``game.error.field``…, in :mod:`seabattle.i18n.catalog_games`), which
the server sends to the client as they are; the server's own refusals keep theirs
(``web.error.*``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON, GameState
from seabattle.i18n import Language

StateT = TypeVar("StateT", bound="GameState[Any, Any, Any]")
RulesT = TypeVar("RulesT")
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")

ClientEvent = dict[str, JSON]
"""One message the server sends a client (``{"type": "shot", …}``), as JSON."""

SETUP = "setup"
"""The phase whose timer is shared by both seats (a hidden set-up)."""


def field_error(name: str, expected: str) -> SeaBattleError:
    """A client message's or lobby request's field ``name`` that is missing or not what
    the game takes (``expected``, in words)."""
    return SeaBattleError("game.error.field", field=name, expected=expected)


def unknown_type(kind: str, known: Sequence[str]) -> SeaBattleError:
    """A message type the game does not read (``known``: those it does)."""
    return SeaBattleError("game.error.unknown_type", type=kind, known=", ".join(known))


def wrong_phase(action: str, phase: str) -> SeaBattleError:
    """An ``action`` the game does not take in ``phase``."""
    return SeaBattleError("game.error.phase", action=action, phase=phase)


@dataclass
class Told:
    """The client events of one move: what every audience hears, then what only some do
    (keys: seat 0, seat 1, ``None`` for the spectators)."""

    public: list[ClientEvent] = field(default_factory=list)
    private: dict[int | None, list[ClientEvent]] = field(
        default_factory=lambda: {0: [], 1: [], None: []})


class ComputerSeat(ABC, Generic[StateT, ActionT]):
    """A computer player of one seat in a room."""

    @abstractmethod
    def act(self, state: StateT, seat: int) -> ActionT | None:
        """The action the computer takes now, or ``None`` when the game does not wait for
        it. Asking may draw from its generator: apply the action before asking again."""

    def learn(self, state: StateT, seat: int) -> None:  # noqa: B027 - optional hook
        """An earlier game of the room's series against the same person (the rooms this
        one is a rematch of, oldest first), in which the computer sat in ``seat``; told
        before the computer's first action. A game's computer that learns its opponent
        (Battleship's) overrides it; by default nothing is learnt."""


class GameHost(ABC, Generic[StateT, RulesT, ActionT, EventT]):
    """Everything the server's rooms need of one game beyond its definition."""

    intents: tuple[str, ...]
    """The client message types this game reads into actions."""
    levels: tuple[str, ...]
    """The computer's levels, the default first (empty: no computer player)."""
    modes: tuple[str, ...] = ("computer", "private", "random")
    """The room modes a lobby may open this game in: ``computer`` (against
    :attr:`levels`), ``private`` (an invitation), ``random`` (matchmaking), ``hotseat``
    (one person acts for both seats, for whichever the game waits for: a teacher's
    lesson)."""
    queries: tuple[str, ...] = ()
    """The client message types this game answers without acting (Battleship's
    ``check_fleet``): nothing is stored or logged, the answer (:meth:`query`) goes to the
    asking socket only."""

    # --- starting ---------------------------------------------------------------------

    @abstractmethod
    def new_state(self, rules: RulesT, first: int, created: Mapping[str, JSON]) -> StateT:
        """A new game for a room. ``first``: the seat the room chose to start (drawn from the
        system's entropy, the other side in a rematch), for games with a first player;
        ``created``: the room's first log entry, where an older server kept more (such as
        Battleship's ``computer_fleet``)."""

    @abstractmethod
    def lobby_rules(self, request: Mapping[str, JSON]) -> RulesT:
        """The rule set a lobby request asks for; raises saying what is wrong."""

    @abstractmethod
    def lobby_options(self) -> dict[str, JSON]:
        """What the lobby offers for this game (presets, alphabets, levels…)."""

    # --- acting -----------------------------------------------------------------------

    @abstractmethod
    def intent(self, state: StateT, phase: str, seat: int, kind: str,
               data: Mapping[str, JSON]) -> ActionT:
        """The action a client message of type ``kind`` (one of :attr:`intents`) asks for:
        its fields checked first, then the ``phase`` it belongs to; raises a
        :class:`~seabattle.errors.SeaBattleError` changing nothing."""

    def query(self, state: StateT, phase: str, seat: int, kind: str,
              data: Mapping[str, JSON], language: Language) -> ClientEvent:
        """The answer to a question of type ``kind`` (one of :attr:`queries`) from ``seat``:
        fields checked as for :meth:`intent`; it changes nothing."""
        raise unknown_type(kind, self.queries)

    @abstractmethod
    def resign(self) -> ActionT:
        """The action that gives the game up (also applied for a player who lost by
        leaving or by the clock)."""

    @abstractmethod
    def computer(self, rules: RulesT, level: str, game_id: str) -> ComputerSeat[StateT, ActionT]:
        """The computer player of a room at ``level``."""

    @abstractmethod
    def timeout_action(self, state: StateT, seat: int, rng: random.Random) -> ActionT | None:
        """What is done for ``seat`` when its turn timer runs out the first time (a decision
        made for it), or ``None``: a strike only."""

    @abstractmethod
    def suggestion(self, rules: RulesT, action: ActionT) -> ClientEvent:
        """The message that offers ``action`` (drawn by :meth:`GameState.random_action`)
        to the player, who may take it or not."""

    # --- telling ----------------------------------------------------------------------

    @abstractmethod
    def phase(self, state: StateT) -> str:
        """The phase of a game going on, as clients name it (:data:`SETUP`, ``battle``)."""

    @abstractmethod
    def ready(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` has done its part of the set-up."""

    @abstractmethod
    def events_of(self, rules: RulesT, events: Sequence[EventT]) -> list[JSON]:
        """A move's events as its log entry keeps them."""

    @abstractmethod
    def stored_events(self, rules: RulesT, stored: Sequence[JSON]) -> list[JSON]:
        """Events a log entry kept, in today's form (older logs may have kept others)."""

    @abstractmethod
    def project(self, state: StateT, seat: int, action: ActionT, events: Sequence[EventT],
                auto: bool) -> Told:
        """The client events of a move just applied (``auto``: made for the player)."""

    @abstractmethod
    def due(self, state: StateT) -> list[ClientEvent]:
        """What every audience is told the game now waits for, after a move or a timeout."""

    @abstractmethod
    def snapshot(self, state: StateT, audience: int | None, language: Language,
                 over: bool) -> dict[str, JSON]:
        """The game's part of the ``state`` message for ``audience`` (``over``: the room
        ended, so everything may be shown), less :meth:`rules_snapshot`'s."""

    def rules_snapshot(self, rules: RulesT, language: Language) -> dict[str, JSON]:
        """The part of the ``state`` message that depends on the rule set and the language
        only (the rules, the pieces and their shapes, the column letters…). A room builds
        and encodes it once per language and joins the same text to every state it sends,
        so it costs nothing per move; its keys are none of :meth:`snapshot`'s. By default
        there is none."""
        return {}

    @abstractmethod
    def game_over(self, state: StateT) -> dict[str, JSON]:
        """What ``game_over`` adds to the winner and the reason (both sides' pieces…)."""

    @abstractmethod
    def record(self, state: StateT, players: tuple[str, str], level: str | None,
               game_id: str, reason: str) -> str:
        """The game record as JSON text (the game is over)."""

    def analysis(self, rules: RulesT, record: str, language: Language) -> dict[str, JSON]:
        """What the game's analysis says of a finished game, from its record (the text of
        :meth:`record`), for a page in ``language``; raises a
        :class:`~seabattle.errors.SeaBattleError` saying why there is none. It may take
        seconds: the server runs it away from its event loop. By default a game has no
        analysis."""
        raise SeaBattleError("game.error.no_analysis")

    @abstractmethod
    def error_message(self, rules: RulesT, error: SeaBattleError, language: Language) -> str:
        """An error as the player reads it (cells named as the player's field names them)."""

    # --- old logs ---------------------------------------------------------------------

    @abstractmethod
    def legacy_move(self, rules: RulesT, state: StateT,
                    entry: Mapping[str, JSON]) -> ActionT | None:
        """The action of a log entry an earlier server wrote in the game's own words
        (Battleship's ``fleet``, ``shot``…), or ``None`` for an entry type it never wrote."""
