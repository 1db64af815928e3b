"""What a game brings to the arena: its bot protocol and its players, as one component.

The arena (:mod:`seabattle.arena.match`, :mod:`seabattle.arena.bots`) owns everything
that is the same for every game: starting a bot process, the line transport with its
deadlines, the handshake and ``isready`` pings, forfeits for slow, crashing, garbling or
illegal bots, scheduling games on every core, statistics, OpenSkill ratings and the
records' metadata. It drives a game through the game interface
(:class:`~seabattle.games.interface.GameState`: ``actors``, ``apply``, chance drawn with
:mod:`seabattle.games.chance` from the match seed, ``outcome``).

What differs from game to game is this module's :class:`ArenaGame`: the protocol's
messages (how a turn is asked and answered, what a bot is told after each move), the
built-in players, how a forfeit ends the game, and the record. A game offers one by
naming, among its definition's parts, the module that holds it::

    class MyGameDefinition(GameDefinition[...]):
        parts = GameParts(arena_game="seabattle.mygame.arena_game")  # exports ARENA_GAME

:func:`find_arena_game` finds it through the registry
(:func:`~seabattle.games.registry.find_part`), so the arena imports no game's module by
name. A component never imports the arena either: it meets the arena's
objects through the structural types below (:class:`Conversation`, :class:`Agent`), so
the game's package keeps to its layer. ``docs/arena.md`` tells the whole design.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TextIO, runtime_checkable

from seabattle.games.interface import JSON, GameState
from seabattle.games.registry import AnyGame, find_part

AnyState = GameState[Any, Any, Any]
"""A state of any game."""


class Conversation(Protocol):
    """One bot process as a game's protocol talks to it (:class:`~seabattle.arena.bots.BotProcess`).

    The arena has already shaken hands; the game sends its own lines and waits for
    answers. Every wait has a deadline: a request raises
    :class:`~seabattle.errors.BotTimeoutError`, :class:`~seabattle.errors.BotCrashedError`
    or :class:`~seabattle.errors.ProtocolSyntaxError` rather than hang.
    """

    @property
    def move_ms(self) -> int:
        """The time limit for one move, sent to the bot (``--time-ms``)."""

    @property
    def setup_ms(self) -> int:
        """The time limit for a set-up such as placing a fleet (``--place-ms``)."""

    def send(self, line: str) -> None:
        """Queue one line for the bot (never raises, even if the bot has gone)."""

    async def request(self, line: str, expected: Sequence[str], ms: int) -> str:
        """Send ``line`` and return the bot's answer: the first line whose keyword is one
        of ``expected`` (``info`` lines are kept aside), within ``ms`` milliseconds."""

    async def ping(self) -> None:
        """``isready`` … ``readyok``."""


@runtime_checkable
class Agent(Protocol):
    """One side of a game as the arena drives it: a built-in player or a bot's protocol.

    Any exception from :meth:`new_game` or :meth:`act` loses the game by forfeit.
    """

    async def new_game(self, rules: Any, seat: int, seed: str) -> None:
        """A game starts; the agent sits in ``seat``. ``seed`` seeds a built-in player."""

    async def act(self, state: AnyState, seat: int) -> Any:
        """The agent's action now (one of the game's actions; resigning too)."""

    def observe(self, state: AnyState, seat: int, actor: int, action: Any,
                events: Sequence[Any]) -> None:
        """``actor`` took ``action``, which caused ``events`` (tell a bot what it may know)."""

    def finish(self, state: AnyState, seat: int, ended: str,
               metadata: Mapping[str, JSON]) -> None:
        """The game is over: ``ended`` is ``forfeit`` or the game's own end word;
        ``metadata`` is the record's (stand-ins a forfeit put in, say)."""


@runtime_checkable
class ArenaGame(Protocol):
    """A game's component for the arena: its bot protocol, players, forfeits, records."""

    @property
    def definition(self) -> AnyGame:
        """The game (its name, rules codec, states)."""

    @property
    def hello(self) -> str:
        """The handshake's keyword (``seabattle``: ``seabattle 1`` … ``seabattleok 1``)."""

    @property
    def versions(self) -> tuple[int, ...]:
        """The protocol versions the arena accepts, the highest last."""

    @property
    def move_noun(self) -> str:
        """What the tables count per player (``shots``)."""

    def builtin_names(self) -> list[str]:
        """Every built-in player's name (levels, strategies)."""

    def parse_builtin(self, text: str) -> tuple[str, str | None] | None:
        """A built-in player from ``LEVEL`` or ``LEVEL:OPTION``, or ``None`` when ``text``
        names none; raises for a built-in level with an unknown option."""

    def check_builtin(self, level: str, option: str | None, rules: Any) -> None:
        """Raise a translated :class:`SeaBattleError` where the built-in player
        ``level:option`` (as :meth:`parse_builtin` gave it) cannot play ``rules``, which
        :meth:`check_rules` accepted: before the first game, rather than as a forfeit."""

    def builtin_agent(self, level: str, option: str | None) -> Agent:
        """A built-in player, in-process."""

    def bot_agent(self, conversation: Conversation) -> Agent:
        """The game's protocol spoken to one bot (started and greeted by the arena)."""

    def serve_bot(self, level: str, option: str | None, stdin: TextIO, stdout: TextIO, *,
                  seed: int | None, name: str | None) -> int:
        """Be a bot: a built-in player speaking the protocol on ``stdin``/``stdout`` until
        ``quit`` (``seabattle bot``); returns the exit status. Raises a translated
        :class:`SeaBattleError` for an unknown level or option before reading a line."""

    def rules_name(self, rules: Any) -> str:
        """The rule set's name for the tables."""

    def check_rules(self, rules: Any) -> Any:
        """``rules`` if bots can play them, else a translated :class:`SeaBattleError`."""

    def new_state(self, rules: Any, first: int) -> AnyState:
        """A new game in which ``first`` moves first (matches alternate it)."""

    def is_move(self, action: Any) -> bool:
        """Whether answering ``action`` counts as a move in the tables (a set-up does not)."""

    def illegal_kind(self, state: AnyState) -> str:
        """The forfeit's name for an illegal action now (``illegal-fleet``, ``illegal-shot``)."""

    def end_by_forfeit(self, state: AnyState, failed: Sequence[int], seed: str
                       ) -> dict[str, JSON]:
        """End ``state`` after the ``failed`` seats forfeited: the other seat wins, nobody
        if both failed. Returns what the record's metadata must say about it."""

    def end_word(self, state: AnyState) -> str:
        """How a game that was not forfeited ended (``sunk``, ``resign``)."""

    def moves(self, state: AnyState, seat: int) -> int:
        """The figure the tables count for ``seat`` (the shots it fired)."""

    def record(self, state: AnyState, players: Sequence[tuple[str, str | None]],
               metadata: Mapping[str, JSON]) -> str:
        """The game's record as JSON; ``players``: each seat's label and level."""


def find_arena_game(name: str, command: str = "match") -> ArenaGame:
    """The arena component of the game called ``name`` (its parts' ``arena_game``).

    A registered game without a documented bot protocol is refused with a translated
    :class:`~seabattle.errors.SeaBattleError` naming the games that have one.
    """
    component = find_part(name, "arena_game", command)
    if not isinstance(component, ArenaGame):
        raise TypeError(f"the ARENA_GAME of {name} is not an ArenaGame")
    return component
