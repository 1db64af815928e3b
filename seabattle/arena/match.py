"""Games, matches and tournaments between built-in strategies and external bots.

A :class:`Player` is either a built-in level (:class:`BuiltinPlayer`) or a bot
process (:class:`BotPlayer`, over :mod:`seabattle.arena.bots`). :func:`play_game` plays
one game between two players as in a real game: both place their fleets, then
shoot in turn. A bot that fails in any way (too slow, crashed, garbage, an illegal
fleet or shot) loses that game by forfeit, with the reason in the result and the
record's metadata; the arena itself never waits without a deadline and never lets
a bot's failure escape.

:func:`run_match` and :func:`run_tournament` schedule many games, run them in
parallel worker processes (each runs a batch of games between one pair, reusing
the bot processes), and summarise them: :class:`PlayerStats` per player, and for
tournaments ratings from OpenSkill's Plackett–Luce model (a Bayesian rating in
the TrueSkill family). See ``docs/arena.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import multiprocessing
import random
import shlex
import shutil
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seabattle.arena.bots import BotProcess, Limits
from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.levels import LEVELS, STRATEGIES, make_strategy
from seabattle.battleship.builtin_bot import find_placement_function
from seabattle.battleship.events import Resignation, Shot, ShotResult
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import Game, other
from seabattle.battleship.record import GameRecord, PlayerInfo
from seabattle.battleship.rules import Rules, ShipKind
from seabattle.battleship.view import PlayerView
from seabattle.errors import (
    BotCrashedError,
    BotError,
    BotTimeoutError,
    IllegalShotError,
    OffFieldError,
    PlacementError,
    SeaBattleError,
)

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
    """A built-in player's placement strategy (``None``: the default, uniform)."""
    argv: tuple[str, ...] = ()
    """A bot's command line."""
    cwd: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether this is an external bot."""
        return self.level is None


def builtin_names() -> list[str]:
    """Every built-in level and strategy name."""
    return [*LEVELS, *(name for name in STRATEGIES if name not in LEVELS)]


def parse_player(text: str, *, check: bool = True) -> PlayerSpec:
    """A player from the command line: ``hard``, ``hard:perelman`` (level:placement), or a
    bot command such as ``"python3 examples/random_bot.py"``.

    With ``check``, a command whose program cannot be found raises
    :class:`SeaBattleError` (``bot.unknown_player``).
    """
    name = text.strip()
    level, colon, placement = name.partition(":")
    bad_placement: SeaBattleError | None = None
    if level.lower() in builtin_names():
        if not colon:
            return PlayerSpec(label=name, level=level.lower())
        try:
            find_placement_function(placement)
        except SeaBattleError as error:
            bad_placement = error  # unless it is a command after all
        else:
            return PlayerSpec(label=name, level=level.lower(), placement=placement.lower())
    argv = tuple(shlex.split(name))
    if check and (not argv or shutil.which(argv[0]) is None and not Path(argv[0]).is_file()):
        if bad_placement is not None:
            raise bad_placement
        raise SeaBattleError("bot.unknown_player", name=text, levels=", ".join(builtin_names()))
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
    """One side of a game, as the game runner drives it."""

    def __init__(self, spec: PlayerSpec) -> None:
        self.spec = spec

    @property
    def info(self) -> PlayerInfo:
        """Who this player is, for the game record."""
        return PlayerInfo(self.spec.label, self.spec.level)

    @abstractmethod
    async def new_game(self, rules: Rules, seed: str) -> None:
        """Get ready for a game (a bot is started here if it is not running)."""

    @abstractmethod
    async def place(self, rules: Rules) -> Fleet:
        """The player's fleet; raises if it cannot give a legal one."""

    @abstractmethod
    async def shoot(self, view: PlayerView) -> int | None:
        """The next shot (``None``: the player resigns)."""

    def report(self, shot: Shot, own: bool, kind: ShipKind | None) -> None:  # noqa: B027
        """The answer to a shot: the player's own if ``own``, else the opponent's."""

    def game_over(self, won: bool, reason: str, opponent_fleet: Fleet | None) -> None:  # noqa: B027
        """The game has ended."""

    def last_said(self) -> str | None:
        """The last line a bot sent, to quote when it loses by an illegal move."""
        return None

    async def abandon(self) -> None:  # noqa: B027
        """Drop a player that broke the protocol (a bot is killed, restarted next game)."""

    async def close(self) -> None:  # noqa: B027
        """Free everything (a bot is asked to quit)."""


class BuiltinPlayer(Player):
    """A built-in targeting strategy and placement, in-process."""

    def __init__(self, spec: PlayerSpec) -> None:
        super().__init__(spec)
        assert spec.level is not None
        self._place = find_placement_function(spec.placement)
        self._strategy: TargetingStrategy | None = None
        self._rng = random.Random()

    async def new_game(self, rules: Rules, seed: str) -> None:
        self._rng = random.Random(f"{seed}:place")
        assert self.spec.level is not None
        self._strategy = make_strategy(self.spec.level, random.Random(f"{seed}:shots"))

    async def place(self, rules: Rules) -> Fleet:
        return self._place(rules, self._rng)

    async def shoot(self, view: PlayerView) -> int | None:
        assert self._strategy is not None
        return self._strategy.choose(view)


class BotPlayer(Player):
    """An external bot process, started when first needed and after a failure."""

    def __init__(self, spec: PlayerSpec, limits: Limits) -> None:
        super().__init__(spec)
        self.limits = limits
        self.bot: BotProcess | None = None

    @property
    def info(self) -> PlayerInfo:
        name = self.bot.name if self.bot is not None else ""
        return PlayerInfo(self.spec.label, f"bot {name}".strip())

    async def new_game(self, rules: Rules, seed: str) -> None:
        if self.bot is not None and not self.bot.transport.is_alive():
            await self.abandon()
        if self.bot is None:
            self.bot = await BotProcess.popen(self.spec.argv, limits=self.limits,
                                              cwd=self.spec.cwd)
        await self.bot.new_game(rules)
        await self.bot.ping()

    def _bot(self) -> BotProcess:
        if self.bot is None:
            raise BotCrashedError(problem="is not running")
        return self.bot

    async def place(self, rules: Rules) -> Fleet:
        return await self._bot().place()

    async def shoot(self, view: PlayerView) -> int | None:
        return await self._bot().shoot()

    def report(self, shot: Shot, own: bool, kind: ShipKind | None) -> None:
        if self.bot is not None:
            self.bot.report(shot, own, kind.size if kind else None, kind.name if kind else "")

    def game_over(self, won: bool, reason: str, opponent_fleet: Fleet | None) -> None:
        if self.bot is not None:
            self.bot.game_over(won, reason, opponent_fleet)

    def last_said(self) -> str | None:
        return self.bot.last_line if self.bot is not None else None

    async def abandon(self) -> None:
        if self.bot is not None:
            bot, self.bot = self.bot, None
            await bot.close()

    async def close(self) -> None:
        if self.bot is not None:
            bot, self.bot = self.bot, None
            await bot.quit()


def make_player(spec: PlayerSpec, limits: Limits | None = None) -> Player:
    """The player a spec describes."""
    return BotPlayer(spec, limits or Limits()) if spec.is_bot else BuiltinPlayer(spec)


# --- one game ----------------------------------------------------------------------


@dataclass(frozen=True)
class Forfeit:
    """Why a player lost a game without it being played out."""

    player: int
    kind: str
    """``timeout``, ``crash``, ``garbage``, ``illegal-fleet``, ``illegal-shot`` or ``error``."""
    reason: str
    """The details, in English."""

    def to_dict(self) -> dict[str, Any]:
        """As stored in a record's ``metadata.forfeits``."""
        return {"player": self.player, "kind": self.kind, "reason": self.reason}


def forfeit_kind(error: BaseException, placing: bool) -> str:
    """The kind of forfeit an exception from a player means."""
    if isinstance(error, BotTimeoutError):
        return "timeout"
    if isinstance(error, BotCrashedError):
        return "crash"
    if isinstance(error, BotError):
        return "garbage"
    if isinstance(error, PlacementError | OffFieldError | IllegalShotError):
        return "illegal-fleet" if placing else "illegal-shot"
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
    """``sunk``, ``resign`` or ``forfeit``."""
    shots: tuple[int, int]
    moves: tuple[int, int]
    """How many shot requests each seat answered (timed)."""
    think_seconds: tuple[float, float]
    """Total time each seat took to answer shot requests."""
    forfeits: tuple[Forfeit, ...] = ()
    record: str | None = None
    """The game record as JSON, when kept."""

    @property
    def winner_player(self) -> int | None:
        """The winning player's index in the event's list."""
        return None if self.winner is None else self.pair[self.winner]


async def play_game(players: Sequence[Player], rules: Rules, *, first: int = 0,
                    seed: str = "0", index: int = 0, pair: tuple[int, int] = (0, 1),
                    keep_record: bool = False) -> GameResult:
    """Play one game between ``players`` (seats 0 and 1) and return its result.

    Any failure of a player (an exception from it) loses it the game; a bot that broke
    the protocol is killed (and restarted for its next game).
    """
    forfeits: list[Forfeit] = []

    async def fail(seat: int, error: BaseException, placing: bool) -> None:
        reason = str(error) if isinstance(error, SeaBattleError) else repr(error)
        kind = forfeit_kind(error, placing)
        said = players[seat].last_said()
        if kind.startswith("illegal") and said:
            reason += f" (the bot said {said[:120]!r})"
        forfeits.append(Forfeit(seat, kind, reason))
        if not kind.startswith("illegal"):
            await players[seat].abandon()

    fleets: list[Fleet | None] = [None, None]
    for seat in (0, 1):
        try:
            await players[seat].new_game(rules, f"{seed}:{seat}")
            fleets[seat] = await players[seat].place(rules)
        except Exception as error:  # any failure of a player is its loss, never ours
            await fail(seat, error, placing=True)
    substitutes = [seat for seat in (0, 1) if fleets[seat] is None]
    placed = [fleet if fleet is not None else random_fleet(rules, random.Random(f"{seed}:sub"))
              for fleet in fleets]
    game = Game(rules, placed, first)
    moves = [0, 0]
    think = [0.0, 0.0]
    if len(substitutes) == 1:
        game.resign(substitutes[0])
    while not game.is_over and not substitutes:
        to_move = game.to_move
        assert to_move is not None
        seat = to_move
        view = game.view(seat)
        start = time.perf_counter()
        try:
            cell = await players[seat].shoot(view)
            moves[seat] += 1
            think[seat] += time.perf_counter() - start
            if cell is None:
                game.resign(seat)
                break
            shot = game.fire(seat, cell)
        except Exception as error:
            await fail(seat, error, placing=False)
            game.resign(seat)
            break
        kind = (game.fleets[other(seat)].ships[shot.ship].kind
                if shot.result is ShotResult.SUNK and shot.ship is not None else None)
        players[seat].report(shot, True, kind)
        players[other(seat)].report(shot, False, kind)
    ended = ("forfeit" if forfeits else
             "resign" if game.events and isinstance(game.events[-1], Resignation) else "sunk")
    for seat in (0, 1):
        if not any(f.player == seat and f.kind not in ("illegal-fleet", "illegal-shot")
                   for f in forfeits):
            players[seat].game_over(game.winner == seat, ended,
                                    None if other(seat) in substitutes else fleets[other(seat)])
    record = None
    if keep_record:
        metadata: dict[str, Any] = {"seed": seed, "index": index}
        if forfeits:
            metadata["forfeits"] = [f.to_dict() for f in forfeits]
        if substitutes:
            metadata["substitute_fleets"] = substitutes
        record = GameRecord.of(game, (players[0].info, players[1].info), **metadata).to_json()
    return GameResult(
        index=index, pair=pair, seed=seed, first=first, winner=game.winner, ended=ended,
        shots=(game.stats(0).shots, game.stats(1).shots), moves=(moves[0], moves[1]),
        think_seconds=(think[0], think[1]), forfeits=tuple(forfeits), record=record)


# --- many games in parallel ----------------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """Games between one pair of players, run one after another by one worker."""

    specs: tuple[PlayerSpec, PlayerSpec]
    pair: tuple[int, int]
    rules: Rules
    limits: Limits
    games: tuple[tuple[int, int, str], ...]
    """``(index, first, seed)`` of each game."""
    keep_records: bool = False


def run_batch(batch: Batch) -> list[GameResult]:
    """Play a batch (in a worker process, or here); the players live for the whole batch."""
    return asyncio.run(_run_batch(batch))


async def _run_batch(batch: Batch) -> list[GameResult]:
    players = [make_player(spec, batch.limits) for spec in batch.specs]
    results = []
    try:
        for index, first, seed in batch.games:
            results.append(await play_game(players, batch.rules, first=first, seed=seed,
                                           index=index, pair=batch.pair,
                                           keep_record=batch.keep_records))
    finally:
        for player in players:
            with contextlib.suppress(Exception):  # a bot that fails to quit is killed
                await player.close()
    return results


def run_batches(batches: Sequence[Batch], jobs: int = 1,
                progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play every batch, with ``jobs`` worker processes (1: in this process).

    ``progress(n)`` is called as each batch of ``n`` games finishes. Results come back
    in schedule order (by game index).
    """
    results: list[GameResult] = []
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            done = run_batch(batch)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        # Worker processes are started fresh (not forked), so that no thread of this
        # process (a progress bar's) is copied half-way through something.
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
            else "spawn"
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(max_workers=min(jobs, len(batches)), mp_context=context) as pool:
            futures = [pool.submit(run_batch, batch) for batch in batches]
            try:
                for future in as_completed(futures):
                    done = future.result()
                    results.extend(done)
                    if progress:
                        progress(len(done))
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    return sorted(results, key=lambda r: r.index)


def schedule(specs: Sequence[PlayerSpec], rules: Rules, games: int, *, seed: str | int,
             limits: Limits, jobs: int = 1, keep_records: bool = False) -> list[Batch]:
    """Round robin: ``games`` games for every pair, interleaved, split into batches.

    Game ``g`` of each pair is numbered before game ``g + 1`` of any pair, so ratings
    computed in index order see the rounds in turn. Who shoots first alternates.
    """
    pairs = list(itertools.combinations(range(len(specs)), 2))
    # Enough batches to keep every worker busy, few enough to reuse bot processes.
    per_pair = max(1, min(games, math.ceil(2 * jobs / len(pairs)))) if jobs > 1 else 1
    size = math.ceil(games / per_pair)
    batches = []
    for number, (a, b) in enumerate(pairs):
        schedule_ = [(g * len(pairs) + number, g % 2, f"{seed}:{a}:{b}:{g}") for g in range(games)]
        for start in range(0, games, size):
            batches.append(Batch((specs[a], specs[b]), (a, b), rules, limits,
                                 tuple(schedule_[start:start + size]), keep_records))
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
            if result.ended == "sunk":
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
    rules: Rules
    games_per_pair: int
    seed: str
    results: tuple[GameResult, ...]
    seconds: float
    """Wall-clock time of the whole event."""
    workers: int = 1
    """How many processes played the games."""

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


def check_event_rules(rules: Rules) -> Rules:
    """``rules`` if bots can play them (no variant: the line protocol has none), else a
    :class:`~seabattle.errors.SeaBattleError` naming the variants."""
    if rules.variants():
        raise SeaBattleError("match.variants", variants=", ".join(rules.variants()))
    return rules


def run_event(specs: Sequence[PlayerSpec], rules: Rules, games: int, *,
              seed: str | int | None = None, limits: Limits | None = None, jobs: int = 1,
              keep_records: bool = False,
              progress: Callable[[int], None] | None = None) -> EventResult:
    """A round robin of ``games`` games per pair (two players: a match)."""
    if len(specs) < 2:
        raise SeaBattleError("match.need_players", count=len(specs))
    specs = unique_labels(specs)
    check_event_rules(rules)
    seed = str(random.SystemRandom().randrange(2**32) if seed is None else seed)
    batches = schedule(specs, rules, games, seed=seed, limits=limits or Limits(), jobs=jobs,
                       keep_records=keep_records)
    start = time.perf_counter()
    results = run_batches(batches, jobs, progress)
    workers = 1 if jobs <= 1 or len(batches) <= 1 else min(jobs, len(batches))
    return EventResult(tuple(specs), rules, games, seed, tuple(results),
                       time.perf_counter() - start, workers)


def run_match(a: PlayerSpec, b: PlayerSpec, rules: Rules, games: int,
              **options: Any) -> EventResult:
    """``games`` games between two players, first move alternating; see :func:`run_event`."""
    return run_event([a, b], rules, games, **options)


def run_tournament(specs: Sequence[PlayerSpec], rules: Rules, games: int,
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
    headers = ["player", "wins", "losses", "forfeits", "win %", "shots/win", "shots/game",
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
               "shots/win", "ms/move"]
    rows = [[str(rank), stats[i].label, _figure(ratings[i].ordinal, 2), _figure(ratings[i].mu, 2),
             _figure(ratings[i].sigma, 2), str(stats[i].games), str(stats[i].wins),
             _figure(100 * stats[i].win_rate), str(stats[i].forfeits),
             _figure(stats[i].shots_per_win), _figure(stats[i].ms_per_move, 2)]
            for rank, i in enumerate(order, 1)]
    return format_table(headers, rows, left=(1,))
