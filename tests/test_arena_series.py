"""Learning over a series in the arena: a built-in player learns its opponent of one
pairing (``seabattle match``, a tournament's pairings), and nothing of any other."""

from __future__ import annotations

import asyncio

import numpy as np

from seabattle.arena.match import BuiltinPlayer, parse_player, play_game, run_match, run_tournament
from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.habits import PlacementPrior
from seabattle.battleship.ai.opponent import OpponentModel
from seabattle.battleship.bots.arena import BuiltinAgent
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
