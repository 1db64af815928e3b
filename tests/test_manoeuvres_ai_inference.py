"""The manoeuvre game's inference from behaviour (``ai/inference.py``): a fight declined
or an approach changes the odds of an enemy piece's kinds, and sampled worlds follow the
odds while keeping to what was seen."""

from __future__ import annotations

import random
from collections import Counter

from seabattle.games.chance import seeded
from seabattle.manoeuvres.actions import Deploy, DrawFirst, EndTurn, Step
from seabattle.manoeuvres.ai.belief import Belief
from seabattle.manoeuvres.ai.inference import APPROACHED, DECLINED, Watch
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.board import sides
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.rules import PRESETS
from seabattle.manoeuvres.state import ManoeuvreState
from tests.test_manoeuvres_rules import at, position


def number_on(state: ManoeuvreState, name: str) -> int:
    return state.board.at[at(state, name)].number


def watched_turn(enemy_step: tuple[str, str]) -> tuple[ManoeuvreState, Watch]:
    """Our torpedo boat shows itself (a two-cell move) beside an unknown cruiser; the
    enemy then steps ``enemy_step``; the watch sees both of our turns."""
    state = position("f . . . .", ". . c s .", ". . . . .", "F K . . .")
    watch = Watch()
    watch.observe(state.view(0))
    state.apply(0, Step(at(state, "B4"), at(state, "C3")))  # shown: only a boat moves two
    if state.actor == 0:
        state.apply(0, EndTurn())
    state.apply(1, Step(at(state, enemy_step[0]), at(state, enemy_step[1])))
    if state.actor == 1:
        state.apply(1, EndTurn())
    watch.observe(state.view(0))
    return state, watch


def test_a_piece_that_stood_beside_a_known_ship_and_did_not_attack_it_is_unlikely_to_beat_it(
        ) -> None:
    state, watch = watched_turn(("D2", "E2"))
    odds = watch.odds[number_on(state, "C2")]
    # Everything above a torpedo boat would have taken it; a submarine could not.
    assert odds == {Kind.MINESWEEPER: DECLINED, Kind.DESTROYER: DECLINED,
                    Kind.CRUISER: DECLINED, Kind.BATTLESHIP: DECLINED}
    assert number_on(state, "E2") not in watch.odds  # it was never beside the boat


def test_a_piece_that_stepped_up_beside_a_known_ship_is_likely_to_beat_it() -> None:
    state, watch = watched_turn(("D2", "D3"))
    assert watch.odds[number_on(state, "D3")][Kind.CRUISER] == APPROACHED
    assert Kind.SUBMARINE not in watch.odds[number_on(state, "D3")]


def test_samples_keep_to_what_was_seen_and_follow_the_odds() -> None:
    state, watch = watched_turn(("D2", "E2"))
    view = state.view(0)
    belief = Belief.of(view)
    stood, moved = number_on(state, "C2"), number_on(state, "E2")
    pool = sorted((kind for kind, count in belief.pool for _ in range(count)),
                  key=lambda k: k.value)
    plain: Counter[Kind] = Counter()
    weighed: Counter[Kind] = Counter()
    for seed in range(300):
        sample = watch.sample(belief, view, random.Random(seed))
        assert sorted(sample.values(), key=lambda k: k.value) == pool
        assert sample[moved].moves_alone
        weighed[sample[stood]] += 1
        plain[belief.sample(random.Random(seed))[stood]] += 1
    assert weighed[Kind.CRUISER] < plain[Kind.CRUISER] / 2


def test_a_new_game_forgets_the_last_one() -> None:
    state, watch = watched_turn(("D2", "E2"))
    assert watch.odds
    fresh = DEFINITION.new_state(PRESETS["skirmish"])
    watch.observe(fresh.view(0))
    assert not watch.odds
    _state, watch = watched_turn(("D2", "E2"))
    # A new game whose set-up the watch missed (set up for it): more pieces than it saw.
    for seat in (0, 1):
        fresh.apply(seat, Deploy(strong_layout(fresh.rules, seat, seeded(seat))))
    fresh.apply_chance(DrawFirst(0))
    watch.observe(fresh.view(0))
    assert not watch.odds


def test_mines_are_drawn_beside_the_forts_drawn() -> None:
    # The computer's own set-up walls a fort in mines; a player's mines are guessed so too.
    rules = PRESETS["skirmish"]
    state = DEFINITION.new_state(rules)
    for seat in (0, 1):
        state.apply(seat, Deploy(strong_layout(rules, seat, seeded(seat))))
    state.apply_chance(DrawFirst(0))
    view = state.view(0)
    belief = Belief.of(view)
    cells = {piece.number: piece.cell for piece in view.pieces if piece.owner == 1}

    def walled(sample: dict[int, Kind]) -> int:
        forts = {cells[n] for n, kind in sample.items() if kind is Kind.FORT}
        return sum(1 for n, kind in sample.items() if kind is Kind.MINE
                   and any(cells[n] in sides(rules.grid, fort) for fort in forts))

    watch = Watch()
    weighed = sum(walled(watch.sample(belief, view, random.Random(s))) for s in range(200))
    plain = sum(walled(belief.sample(random.Random(s))) for s in range(200))
    assert weighed > 1.5 * plain
