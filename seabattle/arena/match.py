"""Games, matches and tournaments between built-in players and external bots, of any game.

A :class:`Player` is either a built-in level (:class:`BuiltinPlayer`) or a bot
process (:class:`BotPlayer`, over :mod:`seabattle.arena.bots`); for each game it gives
an agent of the game's own (:class:`~seabattle.arena.games.ArenaGame`, found through the
registry). :func:`play_game` drives one game through the game interface: whoever must act
is asked (both seats of a simultaneous set-up, one after the other), chance is drawn
from the game's seed, every agent is told each move. A bot that fails in any way (too
slow, crashed, garbage, an illegal action) loses that game by forfeit, with the reason in
the result and the record's metadata; the arena itself never waits without a deadline
and never lets a bot's failure escape.

:func:`run_match` and :func:`run_tournament` schedule many games, run them in
parallel worker processes (each runs the series of games of one pair, reusing the
bot processes and what the players learn of each other), and summarise them:
:class:`PlayerStats` per player, and for tournaments ratings from OpenSkill's
Plackett–Luce model (a Bayesian rating in the TrueSkill family). See ``docs/arena.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import shlex
import shutil
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from seabattle.arena.bots import BotProcess, Limits
from seabattle.arena.games import Agent, AnyState, ArenaGame, find_arena_game
from seabattle.errors import (
    BotCrashedError,
    BotError,
    BotTimeoutError,
    SeaBattleError,
)
from seabattle.games import chance
from seabattle.games.interface import CHANCE, JSON, SEATS
from seabattle.games.registry import DEFAULT_GAME
from seabattle.workers import in_workers

# --- who plays ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerSpec:
    """How to make a player: a built-in level (and placement) or a bot command.

    Plain data, so that it can be sent to worker processes.
    """

    label: str
    """The name in tables and records."""
    level: str | None = None
    """A built-in level or strategy name; ``None`` for a bot."""
    placement: str | None = None
    """A built-in player's option: in Battleship its placement (``None``: the default)."""
    argv: tuple[str, ...] = ()
    """A bot's command line."""
    cwd: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether this is an external bot."""
        return self.level is None


def _component(game: str | ArenaGame) -> ArenaGame:
    return find_arena_game(game) if isinstance(game, str) else game


def builtin_names(game: str | ArenaGame = DEFAULT_GAME) -> list[str]:
    """Every built-in level and strategy name of ``game``."""
    return _component(game).builtin_names()


def parse_player(text: str, *, check: bool = True,
                 game: str | ArenaGame = DEFAULT_GAME) -> PlayerSpec:
    """A player from the command line: ``hard``, ``hard:perelman`` (level:placement), or a
    bot command such as ``"python3 examples/random_bot.py"``.

    With ``check``, a command whose program cannot be found raises
    :class:`SeaBattleError` (``bot.unknown_player``).
    """
    component = _component(game)
    name = text.strip()
    bad_option: SeaBattleError | None = None
    try:
        builtin = component.parse_builtin(name)
    except SeaBattleError as error:
        builtin, bad_option = None, error  # unless it is a command after all
    if builtin is not None:
        return PlayerSpec(label=name, level=builtin[0], placement=builtin[1])
    argv = tuple(shlex.split(name))
    if check and (not argv or shutil.which(argv[0]) is None and not Path(argv[0]).is_file()):
        if bad_option is not None:
            raise bad_option
        raise SeaBattleError("bot.unknown_player", name=text,
                             levels=", ".join(component.builtin_names()))
    return PlayerSpec(label=name, argv=argv)


def unique_labels(specs: Sequence[PlayerSpec]) -> list[PlayerSpec]:
    """The same players, labels made distinct (``hard``, ``hard #2``)."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec.label] = seen.get(spec.label, 0) + 1
        count = seen[spec.label]
        out.append(spec if count == 1 else
                   PlayerSpec(f"{spec.label} #{count}", spec.level, spec.placement, spec.argv,
                              spec.cwd))
    return out


class Player(ABC):
    """One side of a game, as the game runner drives it: it gives an
    :class:`~seabattle.arena.games.Agent` (the game's own player) for each game."""

    def __init__(self, spec: PlayerSpec, game: str | ArenaGame = DEFAULT_GAME) -> None:
        self.spec = spec
        self.game = _component(game)

    @property
    def info(self) -> tuple[str, str | None]:
        """Who this player is, for the game record: a label and a level."""
        return self.spec.label, self.spec.level

    @abstractmethod
    async def new_game(self, rules: Any, seat: int, seed: str) -> Agent:
        """Get ready for a game in ``seat`` (a bot is started here if it is not running)."""

    def last_said(self) -> str | None:
        """The last line a bot sent, to quote when it loses by an illegal move."""
        return None

    async def abandon(self) -> None:  # noqa: B027
        """Drop a player that broke the protocol (a bot is killed, restarted next game)."""

    async def close(self) -> None:  # noqa: B027
        """Free everything (a bot is asked to quit)."""


class BuiltinPlayer(Player):
    """A built-in player of the game, in-process."""

    def __init__(self, spec: PlayerSpec, game: str | ArenaGame = DEFAULT_GAME) -> None:
        super().__init__(spec, game)
        assert spec.level is not None
        self.agent = self.game.builtin_agent(spec.level, spec.placement)

    async def new_game(self, rules: Any, seat: int, seed: str) -> Agent:
        await self.agent.new_game(rules, seat, seed)
        return self.agent


class BotPlayer(Player):
    """An external bot process, started when first needed and after a failure; the game's
    protocol (its component's ``bot_agent``) speaks to it."""

    def __init__(self, spec: PlayerSpec, limits: Limits,
                 game: str | ArenaGame = DEFAULT_GAME) -> None:
        super().__init__(spec, game)
        self.limits = limits
        self.bot: BotProcess | None = None
        self.agent: Agent | None = None

    @property
    def info(self) -> tuple[str, str | None]:
        name = self.bot.name if self.bot is not None else ""
        return self.spec.label, f"bot {name}".strip()

    async def new_game(self, rules: Any, seat: int, seed: str) -> Agent:
        if self.bot is not None and not self.bot.transport.is_alive():
            await self.abandon()
        if self.bot is None or self.agent is None:
            self.bot = await BotProcess.popen(self.spec.argv, hello=self.game.hello,
                                              versions=self.game.versions,
                                              limits=self.limits, cwd=self.spec.cwd)
            self.agent = self.game.bot_agent(self.bot)
        await self.agent.new_game(rules, seat, seed)
        await self.bot.ping()
        return self.agent

    def last_said(self) -> str | None:
        return self.bot.last_line if self.bot is not None else None

    async def abandon(self) -> None:
        self.agent = None
        if self.bot is not None:
            bot, self.bot = self.bot, None
            await bot.close()

    async def close(self) -> None:
        self.agent = None
        if self.bot is not None:
            bot, self.bot = self.bot, None
            await bot.quit()


def make_player(spec: PlayerSpec, limits: Limits | None = None,
                game: str | ArenaGame = DEFAULT_GAME) -> Player:
    """The player a spec describes."""
    if spec.is_bot:
        return BotPlayer(spec, limits or Limits(), game)
    return BuiltinPlayer(spec, game)


# --- one game ----------------------------------------------------------------------


@dataclass(frozen=True)
class Forfeit:
    """Why a player lost a game without it being played out."""

    player: int
    kind: str
    """``timeout``, ``crash``, ``garbage``, the game's illegal kinds (Battleship:
    ``illegal-fleet``, ``illegal-shot``) or ``error``."""
    reason: str
    """The details, in English."""

    @property
    def illegal(self) -> bool:
        """An illegal action: the bot kept to the protocol, so its process is kept."""
        return self.kind.startswith("illegal")

    def to_dict(self) -> dict[str, Any]:
        """As stored in a record's ``metadata.forfeits``."""
        return {"player": self.player, "kind": self.kind, "reason": self.reason}


def forfeit_kind(error: BaseException, illegal: str) -> str:
    """The kind of forfeit an exception from a player means; ``illegal``: the game's
    name for an illegal action at that point (a refusal of the rules)."""
    if isinstance(error, BotTimeoutError):
        return "timeout"
    if isinstance(error, BotCrashedError):
        return "crash"
    if isinstance(error, BotError):
        return "garbage"
    if isinstance(error, SeaBattleError):
        return illegal
    return "error"


@dataclass(frozen=True)
class GameResult:
    """How one game went: enough for every table, and the record if asked for."""

    index: int
    """The game's number in its match or tournament schedule."""
    pair: tuple[int, int]
    """The players (indices into the event's player list) in seats 0 and 1."""
    seed: str
    first: int
    winner: int | None
    """The winning seat; ``None`` when both forfeited."""
    ended: str
    """``forfeit``, or the game's end word (Battleship: ``sunk``, ``resign``)."""
    shots: tuple[int, int]
    """The game's figure per seat (:attr:`ArenaGame.move_noun`: Battleship's shots)."""
    moves: tuple[int, int]
    """How many move requests each seat answered (timed; a set-up is not a move)."""
    think_seconds: tuple[float, float]
    """Total time each seat took to answer move requests."""
    forfeits: tuple[Forfeit, ...] = ()
    record: str | None = None
    """The game record as JSON, when kept."""

    @property
    def winner_player(self) -> int | None:
        """The winning player's index in the event's list."""
        return None if self.winner is None else self.pair[self.winner]


async def play_game(players: Sequence[Player], rules: Any, *, first: int = 0,
                    seed: str = "0", index: int = 0, pair: tuple[int, int] = (0, 1),
                    keep_record: bool = False) -> GameResult:
    """Play one game between ``players`` (seats 0 and 1) and return its result.

    The game is driven through its state (:class:`~seabattle.games.interface.GameState`):
    whoever :attr:`~seabattle.games.interface.GameState.actors` names is asked for an
    action (every seat of a simultaneous move, one after the other, each unseen by the
    other), chance is drawn from a generator seeded by ``seed``, and every agent is told
    each move. Any failure of a player (an exception from it) loses it the game; a bot
    that broke the protocol is killed (and restarted for its next game).
    """
    game = players[0].game
    state = game.new_state(rules, first)
    draws = chance.seeded(f"{seed}:chance")
    forfeits: list[Forfeit] = []
    agents: list[Agent | None] = [None, None]
    moves = [0, 0]
    think = [0.0, 0.0]

    async def fail(seat: int, error: BaseException) -> None:
        reason = str(error) if isinstance(error, SeaBattleError) else repr(error)
        forfeit = Forfeit(seat, forfeit_kind(error, game.illegal_kind(state)), reason)
        said = players[seat].last_said()
        if forfeit.illegal and said:
            forfeit = Forfeit(seat, forfeit.kind, f"{reason} (the bot said {said[:120]!r})")
        forfeits.append(forfeit)
        if not forfeit.illegal:
            agents[seat] = None
            await players[seat].abandon()

    def tell(actor: int, action: Any, events: Sequence[Any]) -> None:
        for seat, agent in enumerate(agents):
            if agent is not None:
                agent.observe(state, seat, actor, action, events)

    for seat in SEATS:
        try:
            agents[seat] = await players[seat].new_game(rules, seat, f"{seed}:{seat}")
        except Exception as error:  # any failure of a player is its loss, never ours
            await fail(seat, error)
    failed = [f.player for f in forfeits]
    # Once a seat has failed, only the rest of a simultaneous move is still asked for: both
    # sides' set-ups are wanted even when one has failed (if both fail, nobody wins).
    while not state.actors.over and (not failed or _still_asked(state, failed)):
        actors = state.actors
        if actors.chance:
            action = chance.draw(state.chance_outcomes(), draws)
            tell(CHANCE, action, state.apply_chance(action))
            continue
        for seat in sorted(actors.seats - set(failed)):
            agent = agents[seat]
            start = time.perf_counter()
            try:
                assert agent is not None
                action = await agent.act(state, seat)
                if game.is_move(action):
                    moves[seat] += 1
                    think[seat] += time.perf_counter() - start
                events = state.apply(seat, action)
            except Exception as error:
                await fail(seat, error)
                failed.append(seat)
                continue
            tell(seat, action, events)
        if failed:
            break
    metadata: dict[str, JSON] = {"seed": seed, "index": index}
    if forfeits:
        metadata["forfeits"] = [cast(JSON, f.to_dict()) for f in forfeits]
        metadata.update(game.end_by_forfeit(state, failed, seed))
    outcome = state.outcome()
    winner = None if outcome is None else outcome.winner
    ended = "forfeit" if forfeits else game.end_word(state)
    for seat, agent in enumerate(agents):
        if agent is not None:
            agent.finish(state, seat, ended, metadata)
    record = None
    if keep_record:
        record = game.record(state, (players[0].info, players[1].info), metadata)
    return GameResult(
        index=index, pair=pair, seed=seed, first=first, winner=winner, ended=ended,
        shots=(game.moves(state, 0), game.moves(state, 1)), moves=(moves[0], moves[1]),
        think_seconds=(think[0], think[1]), forfeits=tuple(forfeits), record=record)


def _still_asked(state: AnyState, failed: Sequence[int]) -> bool:
    """Whether a seat that has not failed must still act in this simultaneous move."""
    return state.actors.simultaneous and bool(state.actors.seats - set(failed))


# --- many games in parallel ----------------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """Games between one pair of players, run one after another by one worker."""

    specs: tuple[PlayerSpec, PlayerSpec]
    pair: tuple[int, int]
    rules: Any
    limits: Limits
    games: tuple[tuple[int, int, str], ...]
    """``(index, first, seed)`` of each game."""
    keep_records: bool = False
    game: str = DEFAULT_GAME
    """The registered game's name (its component is found again in the worker)."""


def run_batch(batch: Batch,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play a batch (in a worker process, or here); the players live for the whole batch.
    ``progress(1)`` is called as each game finishes."""
    return asyncio.run(_run_batch(batch, progress))


async def _run_batch(batch: Batch,
                     progress: Callable[[int], None] | None) -> list[GameResult]:
    players = [make_player(spec, batch.limits, batch.game) for spec in batch.specs]
    results = []
    try:
        for index, first, seed in batch.games:
            results.append(await play_game(players, batch.rules, first=first, seed=seed,
                                           index=index, pair=batch.pair,
                                           keep_record=batch.keep_records))
            if progress:
                progress(1)
    finally:
        for player in players:
            with contextlib.suppress(Exception):  # a bot that fails to quit is killed
                await player.close()
    return results


def run_batches(batches: Sequence[Batch], jobs: int = 1,
                progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play every batch, with ``jobs`` worker processes (1: in this process).

    ``progress(n)`` is called as ``n`` more games finish: each game here, each batch in
    worker processes. Results come back in schedule order (by game index).
    """
    results: list[GameResult] = []
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            results.extend(run_batch(batch, progress))
    else:
        for _index, done in in_workers(run_batch, [(batch,) for batch in batches], jobs):
            results.extend(done)
            if progress:
                progress(len(done))
    return sorted(results, key=lambda r: r.index)


def schedule(specs: Sequence[PlayerSpec], rules: Any, games: int, *, seed: str | int,
             limits: Limits, keep_records: bool = False,
             game: str = DEFAULT_GAME) -> list[Batch]:
    """Round robin: ``games`` games for every pair, interleaved, one batch per pair.

    A pair's games are one series, played in order by the same two players, so that a
    player that learns its opponent (the admiral, a bot reading ``reveal``) learns from
    every game before: the workers (``jobs``) run different pairs at once, never parts
    of one pair, and the results do not depend on ``jobs``. Game ``g`` of each pair is
    numbered before game ``g + 1`` of any pair, so ratings computed in index order see
    the rounds in turn. Who shoots first alternates.
    """
    pairs = list(itertools.combinations(range(len(specs)), 2))
    batches = []
    for number, (a, b) in enumerate(pairs):
        series = [(g * len(pairs) + number, g % 2, f"{seed}:{a}:{b}:{g}") for g in range(games)]
        batches.append(Batch((specs[a], specs[b]), (a, b), rules, limits, tuple(series),
                             keep_records, game))
    return batches


# --- statistics and ratings ------------------------------------------------------------


@dataclass
class PlayerStats:
    """One player's figures over many games."""

    label: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    forfeits: int = 0
    """Games this player lost by forfeit."""
    shots: int = 0
    wins_by_sinking: int = 0
    shots_in_wins: int = 0
    moves: int = 0
    think_seconds: float = 0.0
    forfeit_kinds: dict[str, int] = field(default_factory=dict)

    def add(self, result: GameResult, seat: int) -> None:
        """Count one game, in which this player sat in ``seat``."""
        self.games += 1
        self.shots += result.shots[seat]
        self.moves += result.moves[seat]
        self.think_seconds += result.think_seconds[seat]
        if result.winner == seat:
            self.wins += 1
            if result.ended not in ("forfeit", "resign"):  # played out
                self.wins_by_sinking += 1
                self.shots_in_wins += result.shots[seat]
        elif result.winner is not None or any(f.player == seat for f in result.forfeits):
            self.losses += 1
        for forfeit in result.forfeits:
            if forfeit.player == seat:
                self.forfeits += 1
                self.forfeit_kinds[forfeit.kind] = self.forfeit_kinds.get(forfeit.kind, 0) + 1

    @property
    def win_rate(self) -> float:
        """Wins per game."""
        return self.wins / self.games if self.games else 0.0

    @property
    def shots_per_win(self) -> float | None:
        """Mean shots needed to sink the whole enemy fleet, over the games won so."""
        return self.shots_in_wins / self.wins_by_sinking if self.wins_by_sinking else None

    @property
    def shots_per_game(self) -> float | None:
        """Mean shots fired per game."""
        return self.shots / self.games if self.games else None

    @property
    def ms_per_move(self) -> float | None:
        """Mean time to answer a shot request, in milliseconds."""
        return 1000 * self.think_seconds / self.moves if self.moves else None


def tally(labels: Sequence[str], results: Iterable[GameResult]) -> list[PlayerStats]:
    """Each player's :class:`PlayerStats`, in the order of ``labels``."""
    stats = [PlayerStats(label) for label in labels]
    for result in results:
        for seat, player in enumerate(result.pair):
            stats[player].add(result, seat)
    return stats


@dataclass(frozen=True)
class Rating:
    """A player's skill estimate: mean ``mu``, uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative estimate (``mu - 3 sigma``), what standings are sorted by."""
        return self.mu - 3 * self.sigma


def rate(count: int, results: Iterable[GameResult]) -> list[Rating]:
    """Ratings of ``count`` players from results, taken in index order (OpenSkill,
    Plackett–Luce, default parameters: mu 25, sigma 25/3). Games without a winner
    (both forfeited) do not count.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(i)) for i in range(count)]
    for result in sorted(results, key=lambda r: r.index):
        winner = result.winner_player
        if winner is None:
            continue
        loser = result.pair[0] if winner == result.pair[1] else result.pair[1]
        [[ratings[winner]], [ratings[loser]]] = model.rate(
            [[ratings[winner]], [ratings[loser]]], ranks=[1, 2])
    return [Rating(r.mu, r.sigma) for r in ratings]


# --- events: a match, a tournament -------------------------------------------------------


@dataclass(frozen=True)
class EventResult:
    """A finished match or tournament."""

    specs: tuple[PlayerSpec, ...]
    rules: Any
    games_per_pair: int
    seed: str
    results: tuple[GameResult, ...]
    seconds: float
    """Wall-clock time of the whole event."""
    workers: int = 1
    """How many processes played the games."""
    game: str = DEFAULT_GAME
    """The registered game's name."""

    @property
    def labels(self) -> list[str]:
        """The players' names, in the order given."""
        return [spec.label for spec in self.specs]

    def stats(self) -> list[PlayerStats]:
        """Each player's figures."""
        return tally(self.labels, self.results)

    def ratings(self) -> list[Rating]:
        """Each player's rating."""
        return rate(len(self.specs), self.results)

    def forfeits(self) -> list[tuple[int, str, Forfeit]]:
        """Every forfeit: game index, the player's label, the forfeit."""
        return [(r.index, self.specs[r.pair[f.player]].label, f)
                for r in self.results for f in r.forfeits]

    def write_records(self, folder: Path) -> int:
        """Write every kept game record into ``folder``; returns how many."""
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for result in self.results:
            if result.record is None:
                continue
            a, b = (_file_part(self.specs[p].label) for p in result.pair)
            (folder / f"game-{result.index + 1:04d}-{a}-vs-{b}.json").write_text(
                result.record, encoding="utf-8")
            count += 1
        return count


def _file_part(label: str) -> str:
    text = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in Path(label).name)
    return text.strip("-")[:40] or "bot"


def check_event(specs: Sequence[PlayerSpec], rules: Any,
                game: str | ArenaGame = DEFAULT_GAME) -> Any:
    """``rules`` if bots can play them under ``game``'s protocol (Battleship's v1: no
    variant) and every built-in player of ``specs`` can too (a placement that cannot
    place the fleet), else a translated :class:`~seabattle.errors.SeaBattleError`
    saying why."""
    component = _component(game)
    checked = component.check_rules(rules)
    for spec in specs:
        if spec.level is not None:
            component.check_builtin(spec.level, spec.placement, checked)
    return checked


def run_event(specs: Sequence[PlayerSpec], rules: Any, games: int, *,
              seed: str | int | None = None, limits: Limits | None = None, jobs: int = 1,
              keep_records: bool = False, progress: Callable[[int], None] | None = None,
              game: str = DEFAULT_GAME) -> EventResult:
    """A round robin of ``games`` games per pair (two players: a match) of ``game``."""
    if len(specs) < 2:
        raise SeaBattleError("match.need_players", count=len(specs))
    specs = unique_labels(specs)
    check_event(specs, rules, game)
    seed = str(random.SystemRandom().randrange(2**32) if seed is None else seed)
    batches = schedule(specs, rules, games, seed=seed, limits=limits or Limits(),
                       keep_records=keep_records, game=game)
    start = time.perf_counter()
    results = run_batches(batches, jobs, progress)
    workers = 1 if jobs <= 1 or len(batches) <= 1 else min(jobs, len(batches))
    return EventResult(tuple(specs), rules, games, seed, tuple(results),
                       time.perf_counter() - start, workers, game)


def run_match(a: PlayerSpec, b: PlayerSpec, rules: Any, games: int,
              **options: Any) -> EventResult:
    """``games`` games between two players, first move alternating; see :func:`run_event`."""
    return run_event([a, b], rules, games, **options)


def run_tournament(specs: Sequence[PlayerSpec], rules: Any, games: int,
                   **options: Any) -> EventResult:
    """A round robin of ``games`` games per pair; see :func:`run_event`."""
    return run_event(specs, rules, games, **options)


# --- tables ----------------------------------------------------------------------------


def _figure(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]],
                 left: Iterable[int] = (0,)) -> str:
    """A plain text table: columns in ``left`` left-aligned, the others right-aligned."""
    widths = [max(len(str(row[i])) for row in [headers, *rows]) for i in range(len(headers))]
    lefts = set(left)

    def line(row: Sequence[str]) -> str:
        cells = [str(c).ljust(w) if i in lefts else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def match_table(event: EventResult) -> str:
    """Wins, forfeits, mean shots and time per move of each player."""
    noun = find_arena_game(event.game).move_noun
    headers = ["player", "wins", "losses", "forfeits", "win %", f"{noun}/win", f"{noun}/game",
               "ms/move"]
    rows = [[s.label, str(s.wins), str(s.losses), str(s.forfeits), _figure(100 * s.win_rate),
             _figure(s.shots_per_win), _figure(s.shots_per_game), _figure(s.ms_per_move, 2)]
            for s in event.stats()]
    return format_table(headers, rows)


def standings_table(event: EventResult) -> str:
    """Players by rating (``mu - 3 sigma``), with their figures."""
    stats = event.stats()
    ratings = event.ratings()
    order = sorted(range(len(stats)), key=lambda i: -ratings[i].ordinal)
    headers = ["#", "player", "rating", "mu", "sigma", "games", "wins", "win %", "forfeits",
               f"{find_arena_game(event.game).move_noun}/win", "ms/move"]
    rows = [[str(rank), stats[i].label, _figure(ratings[i].ordinal, 2), _figure(ratings[i].mu, 2),
             _figure(ratings[i].sigma, 2), str(stats[i].games), str(stats[i].wins),
             _figure(100 * stats[i].win_rate), str(stats[i].forfeits),
             _figure(stats[i].shots_per_win), _figure(stats[i].ms_per_move, 2)]
            for rank, i in enumerate(order, 1)]
    return format_table(headers, rows, left=(1,))
