"""Learning over a series in the arena: a built-in player learns its opponent of one
pairing (``seabattle match``, a tournament's pairings), and nothing of any other."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Iterator

import numpy as np

from seabattle.arena.match import BuiltinPlayer, parse_player, play_game, run_match, run_tournament
from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.habits import PlacementPrior
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.bots.arena import BuiltinAgent
from seabattle.battleship.bots.builtin import find_placement_function, serve
from seabattle.battleship.bots.protocol import Fire as FireReply
from seabattle.battleship.bots.protocol import (
    Info,
    NewGame,
    PlaceRequest,
    Reply,
    Reveal,
    ShootRequest,
    ShotReport,
    parse_reply,
)
from seabattle.battleship.cell_lists import cell_lists
from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import find_rules

SIX = find_rules("six")


def _model(player: BuiltinPlayer) -> OpponentModel:
    agent = player.agent
    assert isinstance(agent, BuiltinAgent) and agent.opponent is not None
    return agent.opponent


def test_the_admiral_starts_each_game_of_a_match_with_the_fleets_of_the_games_before() -> None:
    players = [BuiltinPlayer(parse_player(name)) for name in ("admiral", "hard:corner")]
    expected = PlacementPrior()

    async def series() -> None:
        for k in range(3):
            if k:  # game k starts with the fleets of games 0 … k-1, exactly
                strategy = _model(players[0]).strategy
                assert isinstance(strategy, AdmiralStrategy)
                assert np.allclose(strategy.habits.learned, expected.learned)
                assert _model(players[0]).games == k
            result = await play_game(players, SIX, first=k % 2, seed=f"series:{k}", index=k,
                                     keep_record=True)
            assert result.ended == "sunk" and result.record is not None
            expected.reveal(SIX, GameRecord.from_json(result.record).fleets[1])
            expected.next_game()

    asyncio.run(series())
    # The corner fleets taught it the corner habit.
    assert expected.learned[1:].max() > 0


def test_learning_in_a_match_is_seeded_and_stays_within_its_pairing() -> None:
    admiral, corner = parse_player("admiral"), parse_player("hard:corner")
    first = run_match(admiral, corner, SIX, 3, seed=4, jobs=1)
    assert [r.shots for r in run_match(admiral, corner, SIX, 3, seed=4, jobs=1).results] \
        == [r.shots for r in first.results]
    # The admiral's games against the corner placer are the same whoever it met before
    # in the tournament: nothing learnt of one opponent reaches another.
    games = []
    for middle in ("hard:edge", "hard:spread"):
        event = run_tournament([admiral, parse_player(middle), corner], SIX, 3, seed=4, jobs=1)
        games.append([r.shots for r in event.results if r.pair == (0, 2)])
    assert games[0] == games[1] and len(games[0]) == 3


def test_a_pairing_is_one_series_whatever_the_number_of_workers() -> None:
    """Workers play different pairings at once, never parts of one: the admiral learns
    from every game of its pairing, and the results are those of one worker."""
    players = [parse_player(name) for name in ("admiral", "hard:corner", "hard:edge")]
    alone = run_tournament(players, SIX, 4, seed=9, jobs=1)
    shared = run_tournament(players, SIX, 4, seed=9, jobs=2)
    assert shared.workers == 2
    assert [(r.pair, r.shots) for r in shared.results] == \
        [(r.pair, r.shots) for r in alone.results]


def test_the_learning_placement_watches_where_the_opponent_looks() -> None:
    players = [BuiltinPlayer(parse_player(name)) for name in ("admiral:learning", "corners")]

    async def series() -> list[GameRecord]:
        records = []
        for k in range(2):
            result = await play_game(players, SIX, first=1, seed=f"hide:{k}", index=k,
                                     keep_record=True)
            assert result.record is not None
            records.append(GameRecord.from_json(result.record))
        return records

    records = asyncio.run(series())
    habits = _model(players[0]).habits
    assert habits.games == 2
    # The corners shooter's first shot of each game was at a corner: looked at first.
    opening = [r.game().view(1).shots[0].cell for r in records]
    assert all(habits.lateness(cell) < 0.05 for cell in opening)
    corners = {0, SIX.width - 1, SIX.grid.size - SIX.width, SIX.grid.size - 1}
    assert set(opening) <= corners


def _bot_series(fleets: list[Fleet], *, reveal: bool) -> tuple[list[int], list[str]]:
    """``seabattle bot admiral`` (its :func:`serve` loop, seeded) fires at each of
    ``fleets`` in a game of its own, the arena's side of each line written here; a
    ``reveal`` of that fleet ends each game when ``reveal``. The shots each game took, and
    the bot's ``info`` lines."""
    shots: list[int] = []
    said: list[str] = []
    out = io.StringIO()

    def replies() -> list[Reply]:
        lines = out.getvalue().splitlines()
        out.seek(0)
        out.truncate()
        return [parse_reply(line, SIX.grid) for line in lines]

    def dialogue() -> Iterator[str]:
        yield "hello 1"
        for fleet in fleets:
            yield NewGame(SIX).to_line()
            yield PlaceRequest(1000).to_line()
            replies()
            fired: set[int] = set()
            while not all(set(ship.cell_list()) <= fired for ship in fleet):
                yield ShootRequest(1000).to_line()
                reply = replies()[-1]
                assert isinstance(reply, FireReply) and reply.cell not in fired
                fired.add(reply.cell)
                index = fleet.ship_at(reply.cell)
                kind = None if index is None else fleet.ships[index].kind
                sunk = kind is not None and set(fleet.ships[index or 0].cell_list()) <= fired
                result = (ShotResult.MISS if kind is None
                          else ShotResult.SUNK if sunk else ShotResult.HIT)
                yield ShotReport(True, reply.cell, result, kind.size if sunk and kind else None,
                                 kind.name if sunk and kind else "").to_line(SIX.grid)
            shots.append(len(fired))
            if reveal:
                yield Reveal(tuple(cell_lists(fleet))).to_line(SIX.grid)
                said.extend(r.text for r in replies() if isinstance(r, Info))
            yield "gameover win sunk"
        yield "quit"

    assert serve("admiral", dialogue(), out, seed=7) == 0  # type: ignore[arg-type]
    return shots, said


def test_a_bot_process_learns_each_revealed_fleet_and_says_so() -> None:
    """The admiral as a bot learns its opponent from each ``reveal``: the revealed fleet's
    evidence replaces the shots' estimate of it, as in-process; the same series (seeded)
    gives the same shots."""
    rng = random.Random(3)
    corner = find_placement_function("corner")
    fleets = [corner(SIX, rng) for _ in range(4)]
    learning, said = _bot_series(fleets, reveal=True)
    assert said == [f"learnt the opponent's fleet ({n} games of this series)"
                    for n in range(1, 5)]
    assert _bot_series(fleets, reveal=True) == (learning, said)
    unrevealed, nothing = _bot_series(fleets, reveal=False)
    assert nothing == [] and unrevealed[0] == learning[0]  # the first game: nothing learnt
    assert unrevealed != learning  # the reveals' evidence changed what it fired at


def test_a_bot_ignores_a_revealed_fleet_that_breaks_the_rules() -> None:
    out = io.StringIO()
    lines = ["hello 1", NewGame(SIX).to_line(), PlaceRequest(1000).to_line(),
             "reveal A1 A2", "quit"]
    assert serve("admiral", iter(lines), out, seed=1) == 0  # type: ignore[arg-type]
    last = parse_reply(out.getvalue().splitlines()[-1], SIX.grid)
    assert isinstance(last, Info) and last.text.startswith("reveal not learnt: ")
