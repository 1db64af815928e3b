"""The ``state`` message's boards, kept between states while a field does not change
(:func:`seabattle.battleship.online.projection.board`): in random games of several rule
sets, every audience's state after a move is the one a fresh copy of the game, with
nothing kept, gives (checked after every few moves, each state built after each move)."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.decisions import choose_move
from seabattle.battleship.events import Decision
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.moves import MoveShip
from seabattle.battleship.online.projection import snapshot
from seabattle.battleship.rules import find_rules, rules_from_dict
from seabattle.battleship.state import BattleshipState, PlaceFleet

RULE_SETS = {
    "classic": find_rules("classic"),
    "milton-bradley": find_rules("milton-bradley"),
    "flying-dutchman": find_rules("flying-dutchman"),
    "salvo": rules_from_dict({"base": "classic", "salvo": "ships"}),
    "pieces": rules_from_dict({"base": "classic", "mines": 2, "minesweepers": 1,
                               "submarines": 2, "announce": "none"}),
}


@settings(max_examples=8, deadline=None)
@given(name=st.sampled_from(sorted(RULE_SETS)), seed=st.integers(0, 2**32 - 1),
       every=st.integers(3, 9))
def test_kept_boards_are_those_of_a_fresh_copy(name: str, seed: int, every: int) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(seed)
    state = BattleshipState(rules, first=rng.randrange(2))
    for seat in (0, 1):
        state.apply(seat, PlaceFleet(random_fleet(rules, rng)))
    game = state.game
    assert game is not None
    while not game.is_over:
        seat = game.pending.player if game.pending is not None else game.to_move
        assert seat is not None
        if game.pending is not None and game.pending.decision is Decision.MOVE_SHIP:
            state.apply(seat, MoveShip(choose_move(game.view(seat), rng)))
        else:
            state.apply(seat, state.random_action(seat, rng))
        overs = (False, True) if game.is_over else (False,)
        states = {(audience, over): snapshot(state, audience, "en", over)
                  for audience in (0, 1, None) for over in overs}
        if len(game.events) % every == 0 or game.is_over:
            fresh = pickle.loads(pickle.dumps(state))  # a new game object: nothing kept
            assert states == {(audience, over): snapshot(fresh, audience, "en", over)
                              for audience, over in states}
