"""The admiral and its fleet posterior: checked against brute force, legality, determinism."""

from __future__ import annotations

import io
import itertools
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.admiral import AdmiralStrategy
from seabattle.battleship.ai.fleet_shape import TILTS, FleetShape
from seabattle.battleship.ai.habits import (
    FAMILIES,
    MIN_EFFECTIVE_SHARE,
    PlacementPrior,
    tempered_weights,
)
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.placement import find_placement
from seabattle.battleship.ai.posterior import (
    Posterior,
    SamplerSettings,
    probability_map,
    to_words,
)
from seabattle.battleship.fleet import Fleet, Ship, validate_fleet
from seabattle.battleship.game import Solitaire
from seabattle.battleship.rules import PRESETS, Announcement, Rules, ShipKind
from seabattle.battleship.shapes import Shape, Touching, placements
from seabattle.battleship.view import PlayerView
from seabattle.coords import bit

SMALL_RULES = [
    Rules("no-touch", 5, 5, (ShipKind(3, "cruiser"), ShipKind(2, "destroyer"))),
    Rules("corners", 5, 5, (ShipKind(3, "cruiser"), ShipKind(2, "destroyer")),
          touching=Touching.CORNERS),
    Rules("sides-type", 5, 5, (ShipKind(3, "cruiser"), ShipKind(2, "destroyer")),
          touching=Touching.SIDES, announce=Announcement.TYPE),
    # Kinds not announced where ships touch: which hits a sunk ship had stays open.
    Rules("sides-sunk", 5, 5, (ShipKind(3, "cruiser"), ShipKind(2, "destroyer")),
          touching=Touching.SIDES),
    Rules("sides-twins", 4, 5, (ShipKind(2, "destroyer"), ShipKind(2, "destroyer"),
                                ShipKind(1, "boat")), touching=Touching.SIDES),
    Rules("bent", 5, 5, (ShipKind(3, "cruiser", Shape.BENT), ShipKind(2, "destroyer", Shape.BENT)),
          touching=Touching.CORNERS, announce=Announcement.TYPE),
]


def all_fleets(rules: Rules) -> list[Fleet]:
    """Every legal fleet of a small rule set, by brute force over placement tuples."""
    fleets = []
    options = [placements(rules.grid, kind.size, kind.shape) for kind in rules.fleet]
    for layout in itertools.product(*options):
        # Alike ships in increasing order: each fleet once (the posterior is uniform
        # over fleets either way).
        if any(rules.fleet[i] == rules.fleet[i + 1] and layout[i] >= layout[i + 1]
               for i in range(len(layout) - 1)):
            continue
        try:
            ships = [Ship(k, c) for k, c in zip(rules.fleet, layout, strict=True)]
            fleets.append(validate_fleet(rules, ships))
        except ValueError:
            continue
    return fleets


def answers(rules: Rules, fleet: Fleet, cells: list[int]) -> PlayerView:
    game = Solitaire(rules, fleet)
    for cell in cells:
        if game.is_over:
            break
        game.fire(0, cell)
    return game.view(0)


def brute_force_map(rules: Rules, fleets: list[Fleet], view: PlayerView) -> list[float]:
    """The share of legal fleets, among those answering every shot as the view shows,
    that cover each cell: the posterior by its definition."""
    cells = [shot.cell for shot in view.shots]
    fitting = [f for f in fleets if answers(rules, f, cells).shots == view.shots]
    assert fitting, "the true fleet always fits"
    return [sum(1 for f in fitting if any(s.cells & bit(c) for s in f)) / len(fitting)
            for c in rules.grid.cells()]


def partial_games(rules: Rules, fleets: list[Fleet], seed: int, count: int) -> list[PlayerView]:
    """Views from random points of games against random fleets, most with hits."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        fleet = rng.choice(fleets)
        order = list(rules.grid.cells())
        rng.shuffle(order)
        view = answers(rules, fleet, order[:rng.randrange(2, 14)])
        if not view.is_over:
            views.append(view)
    return views


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: r.name)
def test_exact_posterior_matches_brute_force(rules: Rules) -> None:
    fleets = all_fleets(rules)
    for view in partial_games(rules, fleets, seed=1, count=15):
        estimate = Posterior(rules).estimate(view, seed=0)
        assert estimate.exact
        expected = brute_force_map(rules, fleets, view)
        assert estimate.probabilities == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: r.name)
def test_sampled_posterior_matches_brute_force(rules: Rules) -> None:
    fleets = all_fleets(rules)
    sampling_only = SamplerSettings(exact_nodes=0, samples=6000, chains=3)
    for view in partial_games(rules, fleets, seed=2, count=6):
        sampled = Posterior(rules, sampling_only).estimate(view, seed=3)
        assert not sampled.exact
        expected = brute_force_map(rules, fleets, view)
        # 6000 correlated samples: a few hundredths of noise, never a wrong constraint.
        assert sampled.probabilities == pytest.approx(expected, abs=0.06)


def test_probability_map_is_the_fleet_spread_over_the_field() -> None:
    rules = PRESETS["milton-bradley"]
    view = Solitaire(rules, validate_fleet(rules, _some_fleet(rules))).view(0)
    probabilities = probability_map(view, seed=1)
    assert sum(probabilities) == pytest.approx(rules.fleet_cells)
    assert probability_map(view, seed=1) == probabilities


def _some_fleet(rules: Rules) -> list[Ship]:
    from seabattle.battleship.fleet import random_fleet
    return list(random_fleet(rules, random.Random(0)))


def play(rules: Rules, seed: int, shots: int | None = None,
         settings: dict[str, str] | None = None) -> list[int]:
    """The admiral's shots against a random fleet, seeded (``settings`` as the benchmark
    takes them)."""
    from seabattle.battleship.fleet import random_fleet
    return play_against(rules, random_fleet(rules, random.Random(seed)), seed, shots, settings)


def play_against(rules: Rules, fleet: Fleet, seed: int, shots: int | None = None,
                 settings: dict[str, str] | None = None) -> list[int]:
    """The admiral's shots against ``fleet``, seeded."""
    game = Solitaire(rules, fleet)
    admiral = make_strategy("admiral", random.Random(seed), rules, settings)
    fired: list[int] = []
    while not game.is_over and (shots is None or len(fired) < shots):
        view = game.view(0)
        cell = admiral.choose(view)
        assert view.legal_shots() & bit(cell), f"illegal shot {cell}"
        assert view.unknown & bit(cell), f"shot at a cell known to be empty: {cell}"
        game.fire(0, cell)
        fired.append(cell)
    return fired


@pytest.mark.parametrize("name", ["classic", "milton-bradley", "six", "classic-corners"])
def test_admiral_sinks_the_fleet_with_legal_shots(name: str) -> None:
    rules = PRESETS[name]
    fired = play(rules, seed=11)
    assert len(fired) < 80


@pytest.mark.parametrize("setting", [
    {"depth": "2"}, {"depth": "3", "width": "3"}, {"hunt_exponent": "0.5"},
    {"ring_bonus": "0.05"}, {"parity": "0.05"}, {"information": "0.1"}, {"defer": "0.6"},
    {"effective_share": "0.005"}, {"prior": "1"}, {"sharpness": "1", "floor": "0"},
    {"sharpness": "100"}, {"floor": "0.5"}])
@pytest.mark.parametrize("name", ["classic", "milton-bradley"])
def test_every_experimental_setting_sinks_the_fleet_with_legal_shots(
        name: str, setting: dict[str, str]) -> None:
    fired = play(PRESETS[name], seed=3, settings=setting)
    assert len(fired) < 90 and len(set(fired)) == len(fired)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from([n for n in sorted(PRESETS) if AdmiralStrategy.supports(PRESETS[n])]),
       seed=st.integers(0, 2**32), random_shots=st.integers(0, 60))
def test_admiral_never_fires_an_illegal_shot(name: str, seed: int, random_shots: int) -> None:
    """From any point of a game (reached by random shots), a few admiral shots are legal."""
    from seabattle.battleship.fleet import random_fleet
    rules = PRESETS[name]
    rng = random.Random(seed)
    game = Solitaire(rules, random_fleet(rules, rng))
    order = list(rules.grid.cells())
    rng.shuffle(order)
    for cell in order[:random_shots]:
        if game.is_over:
            return
        game.fire(0, cell)
    admiral = AdmiralStrategy(random.Random(seed))
    for _ in range(4):
        if game.is_over:
            break
        view = game.view(0)
        cell = admiral.choose(view)
        assert view.legal_shots() & bit(cell)
        game.fire(0, cell)


@pytest.mark.parametrize("name", ["classic", "milton-bradley"])
def test_same_seed_same_game(name: str) -> None:
    rules = PRESETS[name]
    assert play(rules, seed=5, shots=30) == play(rules, seed=5, shots=30)
    assert play(rules, seed=5, shots=30) != play(rules, seed=6, shots=30)


# --- the mixture prior over placement habits, and learning over a series ---------------

def play_series(rules: Rules, family: str, games: int, seed: int,
                settings: dict[str, str] | None = None) -> tuple[list[list[int]], AdmiralStrategy]:
    """One admiral object against ``games`` fleets of ``family`` in a row: its shots."""
    admiral = make_strategy("admiral", random.Random(seed), rules, settings)
    assert isinstance(admiral, AdmiralStrategy)
    series = []
    for number in range(games):
        if number:
            admiral.new_game()
        fleet = find_placement(family).place(rules, random.Random(f"{seed}:{number}"))
        game = Solitaire(rules, fleet)
        while not game.is_over:
            view = game.view(0)
            cell = admiral.choose(view)
            assert view.unknown & bit(cell)
            game.fire(0, cell)
        series.append([shot.cell for shot in game.view(0).shots])
        if number < games - 1:
            admiral.reveal(rules, fleet)
    return series, admiral


def test_the_evidence_of_a_game_favours_the_family_that_placed_the_fleet() -> None:
    """The shots' evidence raises the true family above its prior within one game; the
    revealed fleet's makes it the clear favourite for the next."""
    rules = PRESETS["milton-bradley"]
    _, admiral = play_series(rules, "corner", 1, seed=0)
    prior = dict(zip(FAMILIES, np.exp(PlacementPrior().log_prior()).tolist(), strict=True))
    assert admiral.habits.weights["corner"] > 2 * prior["corner"]
    fleet = find_placement("corner").place(rules, random.Random("0:0"))
    admiral.reveal(rules, fleet)
    admiral.new_game()
    weights = admiral.habits.weights
    assert max(weights, key=weights.__getitem__) == "corner" and weights["corner"] > 0.9


def test_a_series_carries_the_habit_forward_unless_learning_is_off() -> None:
    rules = PRESETS["milton-bradley"]
    _, learner = play_series(rules, "edge", 2, seed=4)
    _, forgetter = play_series(rules, "edge", 2, seed=4, settings={"learn": "0"})
    # The second game started from what the first showed, or from the prior.
    def share(start: np.ndarray) -> float:
        return float(np.exp(start)[FAMILIES.index("edge")] / np.exp(start).sum())

    assert share(learner.habits.start()) > 0.9 > share(forgetter.habits.start())
    assert forgetter.habits.start().tolist() == PlacementPrior().log_prior().tolist()


def test_the_same_series_gives_the_same_shots() -> None:
    rules = PRESETS["six"]
    first, _ = play_series(rules, "cluster", 2, seed=7)
    again, _ = play_series(rules, "cluster", 2, seed=7)
    assert first == again
    other, _ = play_series(rules, "cluster", 2, seed=8)
    assert other != first


def test_without_the_prior_the_admiral_keeps_no_habits() -> None:
    rules = PRESETS["six"]
    _, admiral = play_series(rules, "corner", 1, seed=3, settings={"prior": "0"})
    assert admiral.habits.weights == PlacementPrior().weights


def test_tempered_weights_keep_enough_fleets() -> None:
    log_tilts = np.linspace(0, 200, 400)  # untempered, the last fleet would take it all
    weights = tempered_weights(log_tilts)
    assert weights.sum() == pytest.approx(1)
    assert 1 / (weights ** 2).sum() >= MIN_EFFECTIVE_SHARE * len(log_tilts)
    assert 1 / (tempered_weights(log_tilts, 0.1) ** 2).sum() >= 40
    assert weights[-1] > weights[0]  # still tilted the same way


@pytest.mark.parametrize("name", ["classic", "milton-bradley", "big-15", "wide"])
def test_the_compiled_tilts_are_the_families_own(name: str) -> None:
    """The admiral weighs its fleets (many at once, compiled) exactly as the placement
    families draw theirs (one fleet, in Python); ``wide`` is classic's fleet on a 12×8
    field, where the edges' and corners' distances differ along the two sides."""
    rules = (PRESETS[name] if name in PRESETS
             else replace(PRESETS["classic"], name=name, width=12, height=8))
    shape = FleetShape.of(rules.grid)
    rng = random.Random(name)
    fleets = [find_placement(family).place(rules, rng)
              for family in ("uniform", *TILTS)]
    words = (rules.grid.size + 63) // 64
    # The last ship of each fleet is given as pinned down, not among the samples.
    pinned = [max(fleet, key=lambda ship: ship.cells).cells for fleet in fleets]
    samples = np.array([to_words(f.cells & ~p, words) for f, p in zip(fleets, pinned, strict=True)],
                       dtype=np.uint64)
    tilts = [TILTS[n] for n in TILTS]
    for pin in set(pinned):
        rows = [i for i, p in enumerate(pinned) if p == pin]
        compiled = shape.log_tilts(tilts, shape.fleet_sums(samples[rows], pin))
        for column, i in enumerate(rows):
            for t, tilt in enumerate(tilts):
                assert compiled[t, column] == pytest.approx(
                    shape.log_tilt(tilt, fleets[i].cells), rel=1e-9, abs=1e-9)


def test_until_a_habit_counts_the_admiral_fires_as_with_the_uniform_prior() -> None:
    """Every habit's share of the averaged maps is below the floor until the evidence
    raises one: the first shots are those of ``prior=0``, and with the plain average of
    the maps (no floor, weights not squared) they are not."""
    rules = PRESETS["classic"]
    plain = play(rules, seed=21, shots=6, settings={"prior": "0"})
    assert play(rules, seed=21, shots=6) == plain
    assert play(rules, seed=21, shots=6, settings={"sharpness": "1", "floor": "0"}) != plain


def test_a_floor_of_one_half_fires_by_the_most_probable_habits_map() -> None:
    """Only the most probable family can hold more than half the average: with
    ``floor=0.5`` the averaged maps are its map alone, game for game the shots of
    ``prior=1`` (which keeps the leader whatever its share), here on corner-packed
    fleets where a habit leads within the game."""
    rules = PRESETS["milton-bradley"]
    for seed in range(3):
        fleet = find_placement("corner").place(rules, random.Random(seed))
        shots = [play_against(rules, fleet, seed, settings=settings)
                 for settings in ({"prior": "1"}, {"floor": "0.5"}, {})]
        assert shots[0] == shots[1]
        assert shots[2] != shots[0]


def test_against_a_uniform_placer_learning_changes_nothing() -> None:
    """Revealed uniform fleets speak against every habit, and learned evidence never
    lowers a habit below its prior: the learning admiral fires the same shots as the
    one that does not learn."""
    rules = PRESETS["milton-bradley"]
    learning, learner = play_series(rules, "uniform", 3, seed=12)
    plain, _ = play_series(rules, "uniform", 3, seed=12, settings={"learn": "0"})
    assert learner.habits.learned.tolist() == [0.0] * len(FAMILIES)
    assert learning == plain


# --- a series against one person in the terminal ----------------------------------------


def test_playing_again_in_the_terminal_carries_what_the_admiral_learnt(tmp_path: Path) -> None:
    from seabattle.battleship.record import GameRecord
    from seabattle.battleship.session import GameSettings
    from seabattle.plain import PlainGame

    rules = PRESETS["six"]
    cells = [f"{c}{r}" for r in range(1, rules.height + 1) for c in "abcdefghij"[:rules.width]]
    moves = "\n".join(cells)
    settings = GameSettings(rules, "admiral", "en", seed=8, first="me",
                            save_path=tmp_path / "game.json")
    plain = PlainGame(settings, io.StringIO(f"{moves}\ny\n{moves}\nn\n"), io.StringIO())
    assert plain.run() == 0
    first = GameRecord.from_json((tmp_path / "game.json").read_text(encoding="utf-8")).game()
    assert first.is_over and (tmp_path / "game-2.json").exists()
    # The second game's computer is the first's, and it has learnt the first game: the
    # person's fleet (the habits' evidence, exactly) and where the person looked first.
    opponent = plain.session.opponent
    assert opponent.games == 1 and opponent.habits.games == 1
    expected = PlacementPrior()
    expected.reveal(rules, first.fleets[0])
    expected.next_game()
    strategy = plain.session.strategy
    assert isinstance(strategy, AdmiralStrategy) and strategy is opponent.strategy
    assert np.allclose(strategy.habits.learned, expected.learned)
    assert opponent.habits.lateness(first.view(0).shots[0].cell) == 0.0


def test_the_effective_share_setting_sharpens_the_habits_maps() -> None:
    """``admiral:effective_share=X`` reaches the habits' prior, where a smaller share
    tempers a tilt less: fewer fleets carry its weight, never fewer than the share."""
    strategy = AdmiralStrategy.tuned(random.Random(1), {"effective_share": "0.005"})
    assert strategy.habits.effective_share == 0.005
    log_tilts = np.linspace(0, 200, 400)

    def effective(weights: np.ndarray) -> float:
        return float(1 / (weights ** 2).sum())

    sharp, soft = tempered_weights(log_tilts, 0.005), tempered_weights(log_tilts, 0.1)
    assert 0.005 * 400 <= effective(sharp) < effective(soft)


def test_new_settings_start_a_new_opponent_model() -> None:
    from seabattle.battleship.session import GameSettings

    settings = GameSettings(PRESETS["six"], "admiral", "en", seed=3)
    first = settings.new_session()
    assert settings.new_session(4, first).opponent is first.opponent
    other = GameSettings(PRESETS["classic"], "admiral", "en", seed=3)
    assert other.new_session(4, first).opponent is not first.opponent


def test_a_rematch_room_carries_what_the_computer_learnt() -> None:
    from typing import cast

    from seabattle.battleship.ai.opponent import OpponentModel
    from seabattle.battleship.cell_lists import cell_lists_in_rules_order
    from seabattle.battleship.state import PlaceFleet
    from seabattle.games.interface import JSON
    from seabattle.server.messages import Intent
    from seabattle.server.rooms import Room, RoomOptions, new_room_entry

    rules = PRESETS["six"]
    options = RoomOptions(mode="computer", level="admiral")

    def room(game_id: str, previous: Room | None) -> Room:
        made = Room(game_id, new_room_entry(
            rules, options, "t", rng=random.Random(1), watch=f"w{game_id}", invite=None,
            now=0.0, previous=None if previous is None else previous.id))
        if previous is not None:
            made.follow(previous)
        made.begin(0.0)
        placed = made.state.random_action(0, random.Random(2))
        assert isinstance(placed, PlaceFleet)
        ships = cell_lists_in_rules_order(rules, placed.fleet)
        made.handle(0, Intent("place", {"ships": cast(list[JSON], ships)}), 0.0)
        return made

    first = room("first", None)
    while first.phase != "over":  # the person fires at every cell in turn
        view = first.state.game.view(0)
        cell = (view.legal_shots() & -view.legal_shots()).bit_length() - 1
        first.handle(0, Intent("fire", {"cell": cell}), 1.0)
    game = first.state.game
    assert game is not None and game.is_over
    rematch = room("second", first)
    computer = rematch._computer  # the room's computer seat (made when it placed)
    opponent = getattr(computer, "opponent", None)
    assert isinstance(opponent, OpponentModel) and opponent.games == 1
    expected = PlacementPrior()
    expected.reveal(rules, game.fleets[0])
    expected.next_game()
    assert isinstance(opponent.strategy, AdmiralStrategy)
    assert np.allclose(opponent.strategy.habits.learned, expected.learned)
    assert opponent.habits.lateness(game.view(0).shots[0].cell) == 0.0
    # A room that is no rematch starts afresh.
    fresh = getattr(room("third", None)._computer, "opponent", None)
    assert isinstance(fresh, OpponentModel) and fresh.games == 0
