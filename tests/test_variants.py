"""The variants of RULES.md §3 through the engine's public API: rules, shapes, salvoes,
mines, minesweepers, submarines, silent sinking and the Flying Dutchman.

Whole games between computer players are played under random combinations of the
variant options (Hypothesis), checking after every event what must always hold;
hand-made positions check each rule's details and its errors.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.decisions import choose_move
from seabattle.battleship.ai.levels import LEVELS, make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.events import Decision, Handover, MineReveal, ShipMove, Shot, ShotResult
from seabattle.battleship.fleet import Fleet, Ship, random_fleet, validate_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import (
    Announcement,
    Role,
    Rules,
    ShipKind,
    find_rules,
    rules_from_dict,
)
from seabattle.battleship.shapes import Shape, has_shape, placements
from seabattle.battleship.view import SunkShip
from seabattle.coords import Grid, bit, iter_cells
from seabattle.errors import (
    DecisionError,
    DecisionPendingError,
    NotYourTurnError,
    RulesError,
    SalvoError,
)

seeds = st.integers(0, 2**32 - 1)


# --- rule sets ---------------------------------------------------------------------------

@st.composite
def variant_rules(draw: st.DrawFn) -> Rules:
    """A random, valid combination of the variant options on a 10×10 or 16×16 preset."""
    base = draw(st.sampled_from(["classic", "six", "milton-bradley", "classic-corners",
                                 "big-16"]))
    data: dict[str, Any] = {"base": base}
    if draw(st.booleans()):
        data["salvo"] = draw(st.sampled_from([2, 3, "ships"]))
    else:
        data["mines"] = draw(st.integers(0, 2))
        data["minesweepers"] = draw(st.integers(0, 1))
        data["submarines"] = draw(st.integers(0, 2))
        data["mines_touch"] = draw(st.booleans())
        data["shoot_again"] = draw(st.booleans())
    data["announce"] = draw(st.sampled_from(["type", "sunk", "none"]))
    return rules_from_dict(data)


def test_variant_options_round_trip_through_plain_data() -> None:
    rules = rules_from_dict({"base": "classic", "mines": 2, "minesweepers": 1, "submarines": 1,
                             "mines_touch": True, "announce": "none"})
    assert rules_from_dict(rules.to_dict()) == rules
    assert rules.count(Role.MINE) == 2 and rules.count(Role.SUBMARINE) == 1
    assert set(rules.variants()) == {"mines", "minesweepers", "submarines", "announce = none"}
    salvo = rules_from_dict({"base": "classic", "salvo": "ships"})
    assert salvo.shoot_again is False and rules_from_dict(salvo.to_dict()) == salvo
    assert find_rules("classic").variants() == ()


@pytest.mark.parametrize(("data", "words"), [
    ({"salvo": 0}, "salvo"),
    ({"salvo": "all"}, "salvo"),
    ({"salvo": 3, "shoot_again": True}, "shoot_again"),
    ({"salvo": 2, "mines": 1}, "salvo"),
    ({"mines": -1}, "mines"),
    ({"ships": [{"size": 5, "shape": "square"}]}, "square"),
    ({"ships": [{"size": 3, "shape": "zigzag"}]}, "zigzag"),
    ({"ships": [{"size": 6, "shape": "king"}, {"size": 2}]}, "whole fleet"),
    ({"flying_dutchman": True}, "Flying Dutchman"),
    ({"base": "math", "minesweepers": 1}, "minesweepers"),
    ({"mines": 60}, "no fleet fits"),
])
def test_impossible_combinations_are_refused_with_the_reason(data: dict[str, Any],
                                                             words: str) -> None:
    with pytest.raises(RulesError) as caught:
        rules_from_dict(data)
    assert words in str(caught.value)
    assert caught.value.message("ru") != str(caught.value)


# --- shapes ------------------------------------------------------------------------------

@pytest.mark.parametrize(("shape", "size", "orientations"), [
    (Shape.L, 4, 8), (Shape.L, 3, 4), (Shape.SQUARE, 4, 1), (Shape.SQUARE, 9, 1),
    (Shape.ZIGZAG, 4, 4), (Shape.ZIGZAG, 6, 4), (Shape.STRAIGHT, 4, 2), (Shape.BENT, 4, 19),
])
def test_shapes_have_their_orientations(shape: Shape, size: int, orientations: int) -> None:
    # On a field just large enough for one copy of each orientation's box, count them.
    side = size + 1
    grid = Grid(side, side)
    found = placements(grid, size, shape)
    assert all(p.bit_count() == size and has_shape(grid, p, shape) for p in found)
    at_origin = {p for p in found if p & 1 or (p & (1 << 1) and shape is Shape.ZIGZAG)}
    assert len(found) >= orientations and len(at_origin) >= 1


@given(cells=st.sets(st.integers(0, 35), min_size=4, max_size=4))
def test_has_shape_agrees_with_the_listed_placements(cells: set[int]) -> None:
    grid = Grid(6, 6)
    board = sum(bit(c) for c in cells)
    for shape in (Shape.L, Shape.SQUARE, Shape.ZIGZAG, Shape.STRAIGHT, Shape.BENT):
        assert has_shape(grid, board, shape) == (board in placements(grid, 4, shape))
    king = grid.is_connected(board, diagonal=True)
    assert has_shape(grid, board, Shape.KING) == king


# --- whole games -------------------------------------------------------------------------

def play_out(rules: Rules, seed: int, levels: tuple[str, str] = ("easy", "hard")) -> Game:
    rng = random.Random(seed)
    game = Game(rules, [random_fleet(rules, rng) for _ in range(2)], rng.randrange(2))
    players = [ComputerPlayer(make_strategy(level, random.Random(f"{seed}:{i}"), rules),
                              random.Random(f"{seed}:d{i}")) for i, level in enumerate(levels)]
    for _ in range(4 * rules.grid.size):
        if game.is_over:
            break
        for seat, player in enumerate(players):
            player.play_out(game, seat)
    assert game.is_over
    return game


@settings(deadline=None)
@given(rules=variant_rules(), seed=seeds)
def test_computer_players_finish_every_variant_legally(rules: Rules, seed: int) -> None:
    game = play_out(rules, seed)
    winner = game.winner
    assert winner is not None and game.afloat(1 - winner) == []
    # Mines and minesweepers do not count: the loser has no ship or submarine afloat.
    loser_pieces = game.position(1 - winner).ships
    assert all(not s.kind.role.is_vessel or s.is_sunk(game.incoming(1 - winner))
               for s in loser_pieces)
    # The record replays to the same game, through JSON.
    record = GameRecord.from_json(GameRecord.of(game).to_json())
    assert record.events == tuple(game.events)
    assert record.game().winner == winner
    # What each side was told: a kind only where the rules announce it or a dying shot
    # gave a submarine away; under silent sinking, only such a submarine shows it sank.
    for player in (0, 1):
        check_told(game, player)


def check_told(game: Game, player: int) -> None:
    """``player``'s answers tell no more than the rules and the dying shots seen."""
    rules = game.rules
    events = game.events
    own = [i for i, e in enumerate(events) if isinstance(e, Shot) and e.player == player]
    view = game.view(player)
    assert len(view.shots) == len(own)
    for info, index in zip(view.shots, own, strict=True):
        shot = events[index]
        assert isinstance(shot, Shot) and info.cell == shot.cell
        after = events[index + 1] if index + 1 < len(events) else None
        fired_back = isinstance(after, Shot) and after.dying and after.player != player
        if rules.announce is Announcement.TYPE and shot.result is ShotResult.SUNK:
            assert info.kind is not None
        elif fired_back:
            assert info.result is ShotResult.SUNK and info.kind is not None
            assert info.kind.role is Role.SUBMARINE
        else:
            assert info.kind is None
        if rules.announce is Announcement.NONE and info.result is ShotResult.SUNK:
            assert fired_back  # only a submarine that fired back shows it sank


@settings(deadline=None)
@given(rules=variant_rules(), seed=seeds, stop=st.integers(0, 400))
def test_views_in_the_middle_of_a_game_hide_the_enemy_pieces(rules: Rules, seed: int,
                                                             stop: int) -> None:
    full = play_out(rules, seed)
    record = GameRecord.of(full)
    game = record.game(min(stop, len(full.events) - 1))
    if game.is_over:  # the last shot's own dying shot came with it
        return
    for player in (0, 1):
        view = game.view(player)
        enemy = game.position(1 - player)
        assert view.opponent_fleet is None
        mines = sum((s.cells for s in enemy if not s.kind.role.is_vessel), 0)
        # Enemy mines are known only where hit or revealed.
        assert (view.enemy_mines | view.revealed_mines) & ~mines == 0
        assert view.given & ~enemy.cells == 0  # handed-over cells are real ship cells
        assert view.hits & ~full.incoming(1 - player) == 0


@st.composite
def submarine_rules(draw: st.DrawFn) -> Rules:
    """Submarines with ships that may or may not touch, and any announcement."""
    return rules_from_dict({
        "base": draw(st.sampled_from(["classic", "six", "classic-corners", "milton-bradley"])),
        "submarines": draw(st.integers(1, 4)), "mines": draw(st.integers(0, 1)),
        "announce": draw(st.sampled_from(["type", "sunk", "none"])),
        "shoot_again": draw(st.booleans())})


def check_sound(game: Game, player: int) -> None:
    """Everything ``player``'s view claims about the enemy pieces is true."""
    view = game.view(player)
    enemy = game.position(1 - player)
    hit = game.incoming(1 - player)
    vessels = [s for s in enemy if s.kind.role.is_vessel]
    ships = sum((s.cells for s in enemy if s.kind.role is Role.SHIP), 0)
    for known in view.sunk:
        piece = next(s for s in vessels if s.cells & bit(known.cell))
        assert piece.is_sunk(hit)
        assert known.kind in (None, piece.kind) and known.cells in (None, piece.cells)
    assert view.known_empty & enemy.cells == 0 and view.no_ships & ships == 0
    for group in view.closed_groups:  # each made of pieces sunk whole
        assert all(s.is_sunk(hit) for s in vessels if s.cells & group)
    assert view.maybe_submarines & ~view.hits == 0
    afloat = Counter(s.kind for s in vessels if not s.is_sunk(hit))
    if view.enemy_afloat is not None:
        assert Counter(view.enemy_afloat) == afloat
    assert not afloat - Counter(view.possible_afloat)


@settings(deadline=None, max_examples=max(1, settings().max_examples // 3))
@given(rules=submarine_rules(), seed=seeds)
def test_views_with_submarines_claim_only_what_is_true(rules: Rules, seed: int) -> None:
    full = play_out(rules, seed, ("hard", "medium"))
    game = Game(rules, full.fleets, full.first)
    for event in full.events:
        game.apply(event)
        if game.settled:  # not between a shot and its dying shot
            for player in (0, 1):
                check_sound(game, player)
                check_told(game, player)


def test_every_level_plays_every_variant_preset() -> None:
    for name in ("flying-dutchman", "math"):
        for level in LEVELS:
            assert play_out(find_rules(name), 3, (level, "easy")).is_over


# --- salvo -------------------------------------------------------------------------------

def classic_game(data: dict[str, Any], seed: int = 1) -> Game:
    rules = rules_from_dict({"base": "classic", **data})
    rng = random.Random(seed)
    return Game(rules, [random_fleet(rules, rng) for _ in range(2)], 0)


def test_a_salvo_is_fired_whole_and_answered_together() -> None:
    game = classic_game({"salvo": 3})
    assert game.volley_left == 3 and game.view(0).shots_due == 3
    with pytest.raises(SalvoError):
        game.fire(0, 0)
    with pytest.raises(SalvoError):
        game.fire_salvo(0, [0, 1])
    with pytest.raises(SalvoError):
        game.fire_salvo(0, [0, 1, 1])
    assert game.events == []
    shots = game.fire_salvo(0, [0, 1, 2])
    assert [s.cell for s in shots] == [0, 1, 2]
    assert game.to_move == 1  # hits or not, the turn passes
    with pytest.raises(NotYourTurnError):
        game.fire_salvo(0, [3, 4, 5])


def test_a_salvo_per_ship_shrinks_as_ships_sink() -> None:
    game = classic_game({"salvo": "ships"})
    assert game.volley_left == 10
    boat = next(s for s in game.fleets[0] if s.size == 1)
    cells = [next(iter_cells(boat.cells))]
    cells += [c for c in range(100) if c not in cells][:9]
    game.fire_salvo(0, list(range(10)))
    game.fire_salvo(1, cells)
    assert game.shots_due(0) == 9 and game.volley_left == 9


# --- mines, minesweepers, submarines -----------------------------------------------------

def fleet_of(rules: Rules, ships: list[tuple[ShipKind, list[int]]]) -> Fleet:
    return validate_fleet(rules, [Ship(k, sum(bit(c) for c in cells)) for k, cells in ships])


MINE = ShipKind(1, "", Shape.STRAIGHT, Role.MINE)
SWEEPER = ShipKind(1, "", Shape.STRAIGHT, Role.MINESWEEPER)
SUB = ShipKind(1, "", Shape.STRAIGHT, Role.SUBMARINE)
BOAT = ShipKind(1, "boat")


def tiny(data: dict[str, Any]) -> Rules:
    return rules_from_dict({"width": 6, "height": 6, "ships": [{"size": 2, "name": "boat"}],
                            "shoot_again": False, **data})


def test_a_mine_costs_a_handed_over_cell_that_is_a_sure_hit_and_another_shot() -> None:
    rules = tiny({"mines": 1})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (MINE, [35])]),
              fleet_of(rules, [(two, [20, 21]), (MINE, [5])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 5).result is ShotResult.MINE
    assert game.pending is not None and game.pending.decision is Decision.HANDOVER
    assert game.view(0).decision_due is Decision.HANDOVER
    assert game.view(1).decision_due is None
    with pytest.raises(DecisionPendingError):
        game.fire(1, 0)
    for bad in (2, 35, 99):  # water, one's own mine, off the field
        with pytest.raises(DecisionError):
            game.hand_over(0, bad)
    with pytest.raises(DecisionError):
        game.hand_over(1, 20)  # not the one who owes it
    assert game.view(0).handover_options() == bit(0) | bit(1)
    assert isinstance(game.decide(0, 1), Handover)
    assert game.to_move == 1 and game.view(1).given == bit(1)
    shot = game.fire(1, 1)
    assert shot.result is ShotResult.HIT and game.to_move == 1  # a sure hit shoots again
    assert game.view(1).given == 0


def test_a_minesweeper_makes_the_shooter_reveal_a_mine_or_say_none() -> None:
    rules = tiny({"mines": 1, "minesweepers": 1})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (MINE, [35]), (SWEEPER, [33])]),
              fleet_of(rules, [(two, [20, 21]), (MINE, [5]), (SWEEPER, [3])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 3).result is ShotResult.MINESWEEPER
    assert game.view(0).reveal_options() == bit(35)
    with pytest.raises(DecisionError):
        game.reveal_mine(0, 33)
    assert isinstance(game.decide(0, 35), MineReveal)
    assert game.to_move == 1 and game.view(1).revealed_mines == bit(35)
    # Player 1 sets off their... no: hits player 0's minesweeper while having a mine left.
    assert game.fire(1, 33).result is ShotResult.MINESWEEPER
    game.decide(1, 5)
    assert game.fire(0, 5).result is ShotResult.MINE  # firing at a revealed mine still costs
    game.decide(0, 0)
    assert game.fire(1, 0).result is ShotResult.HIT


def test_a_sunk_submarine_fires_back_at_the_same_cell() -> None:
    rules = tiny({"submarines": 1})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [7, 8]), (SUB, [14])]),
              fleet_of(rules, [(two, [20, 21]), (SUB, [7])])]
    game = Game(rules, fleets, 0)
    shots = game.fire_salvo(0, [7])
    assert [(s.player, s.cell, s.result, s.dying) for s in shots] == [
        (0, 7, ShotResult.SUNK, False), (1, 7, ShotResult.HIT, True)]
    view = game.view(0)
    assert view.incoming_shots[-1].dying and view.shots[-1].kind == SUB
    assert game.to_move == 1


@pytest.mark.parametrize("announce", ["none", "sunk"])
def test_a_submarine_sunk_by_a_dying_shot_fires_none_and_stays_unnamed(announce: str) -> None:
    # Player 0 sinks player 1's submarine at C2; its dying shot sinks player 0's
    # submarine at C2, whose own dying shot would land on a cell already fired at: none
    # is fired, so nothing tells player 1 what their dying shot sank.
    rules = tiny({"submarines": 1, "announce": announce,
                  "ships": [{"size": 2, "name": "boat"}, {"size": 1, "name": "boat"}]})
    two, one = ShipKind(2, "boat"), ShipKind(1, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (one, [4]), (SUB, [8])]),
              fleet_of(rules, [(two, [20, 21]), (one, [34]), (SUB, [8])])]
    game = Game(rules, fleets, 0)
    shots = game.fire(0, 8), *game.events[1:]
    assert [(s.player, s.cell, s.result, s.dying) for s in game.shots()] == [
        (0, 8, ShotResult.SUNK, False), (1, 8, ShotResult.SUNK, True)]
    assert len(shots) == 2 and game.to_move == 1
    # Player 0 heard the dying shot: the piece they sank was a submarine.
    assert game.view(0).shots[0].kind == SUB
    # Player 1 heard nothing back: a sinking at C2, of a submarine or of the boat.
    answer = game.view(1).shots[0]
    assert answer.dying and answer.kind is None
    view = game.view(1)
    if announce == "none":
        assert answer.result is ShotResult.HIT and view.sunk == ()
        assert answer.answer.render("ru") == "Ранил!"
        assert view.maybe_submarines == bit(8)
    else:
        # One cell, sunk: the submarine or the one-cell boat, and the view says which not.
        assert answer.result is ShotResult.SUNK
        assert view.sunk == (SunkShip(8, None, bit(8)),) and view.enemy_afloat is None
        assert answer.answer.render("ru") == "Убил!"
    assert view.no_ships == 0  # a submarine's ring says nothing about ships
    assert GameRecord.from_json(GameRecord.of(game).to_json()).game().view(1) == view


def test_a_submarine_fires_no_dying_shot_at_a_cell_already_fired_at() -> None:
    # Player 1 has already fired at C2 of player 0's field when player 0 sinks the
    # submarine at C2: it cannot fire back, and under silent sinking it is a mere hit.
    rules = tiny({"submarines": 1, "announce": "none"})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (SUB, [14])]),
              fleet_of(rules, [(two, [20, 21]), (SUB, [8])])]
    game = Game(rules, fleets, 1)
    assert game.fire(1, 8).result is ShotResult.MISS
    assert game.fire(0, 8).result is ShotResult.SUNK
    assert len(game.shots()) == 2 and game.to_move == 1
    view = game.view(0)
    assert view.shots[0].result is ShotResult.HIT and view.shots[0].kind is None
    assert view.sunk == () and view.maybe_submarines == bit(8)
    # It may as well be a hit on the boat: still to finish off, nothing counted off.
    assert view.open_hits == bit(8) and view.closed_groups == ()
    assert Counter(view.possible_afloat) == Counter(k for k in rules.fleet if k.role.is_vessel)


def test_two_ships_joined_by_a_silently_sunk_submarine_are_not_one_whole_ship() -> None:
    # Silent sinking: in column A, boats at A1–A2 and A4–A5 with a submarine at A3
    # between them. The submarine sinks with no dying shot (player 1 has fired at A3 of
    # player 0's field already), so A1–A4 is one line of hits: not a whole ship, for
    # the boat at A4 may still go on to A5.
    rules = tiny({"ships": [{"size": 2, "count": 2, "name": "boat"}], "submarines": 1,
                  "announce": "none"})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [5, 11]), (two, [23, 29]), (SUB, [35])]),
              fleet_of(rules, [(two, [0, 6]), (two, [18, 24]), (SUB, [12])])]
    game = Game(rules, fleets, 1)
    for mine, theirs in ((12, 0), (13, 6), (14, 12)):
        game.fire(1, mine)
        game.fire(0, theirs)
    assert len(game.shots()) == 6  # no dying shot
    view = game.view(0)
    assert view.maybe_submarines == bit(12) and view.sunk == ()
    group = bit(0) | bit(6) | bit(12)
    assert view.closed_groups == (group,)  # a boat and the submarine: both sunk
    game.fire(1, 15)
    game.fire(0, 18)
    view = game.view(0)
    assert view.closed_groups == () and view.open_hits == group | bit(18)


def test_hits_next_to_a_handed_over_cell_are_no_whole_ship() -> None:
    # Silent sinking: two hits at the edge whose only way on is a cell handed over after
    # a mine (a ship's cell, not fired at yet) are not a whole ship, sunk.
    rules = tiny({"ships": [{"size": 3, "name": "boat"}], "mines": 1, "announce": "none"})
    three = ShipKind(3, "boat")
    fleets = [fleet_of(rules, [(three, [0, 1, 2]), (MINE, [35])]),
              fleet_of(rules, [(three, [20, 21, 22]), (MINE, [5])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 5).result is ShotResult.MINE
    game.hand_over(0, 2)
    assert game.fire(1, 0).result is ShotResult.HIT
    game.fire(0, 30)
    assert game.fire(1, 1).result is ShotResult.HIT
    view = game.view(1)
    assert view.given == bit(2) and view.closed_groups == ()
    assert view.open_hits == bit(0) | bit(1)


def test_a_submarine_may_touch_ships_but_a_mine_may_not() -> None:
    rules = tiny({"submarines": 1, "mines": 1})
    two = ShipKind(2, "boat")
    assert fleet_of(rules, [(two, [0, 1]), (SUB, [2]), (MINE, [35])])
    with pytest.raises(Exception, match="touch"):
        fleet_of(rules, [(two, [0, 1]), (SUB, [20]), (MINE, [2])])


# --- silent sinking ----------------------------------------------------------------------

def test_without_announcements_a_sinking_sounds_like_a_hit() -> None:
    rules = tiny({"announce": "none"})
    two = ShipKind(2, "boat")
    game = Game(rules, [fleet_of(rules, [(two, [0, 1])]), fleet_of(rules, [(two, [20, 21])])], 0)
    game.fire(0, 20)
    game.fire(1, 35)
    game.fire(0, 21)
    assert game.is_over  # the end is told
    view = game.view(0)
    assert [i.result for i in view.shots] == [ShotResult.HIT, ShotResult.HIT]
    assert view.sunk == () and view.enemy_afloat is None


# --- the Flying Dutchman -----------------------------------------------------------------

def test_the_flying_dutchman_moves_losing_its_hit_deck() -> None:
    rules = find_rules("flying-dutchman")
    rng = random.Random(4)
    game = Game(rules, [random_fleet(rules, rng) for _ in range(2)], 0)
    target = next(iter_cells(game.fleets[1].cells))
    assert game.fire(0, target).result is ShotResult.HIT
    assert game.view(1).decision_due is Decision.MOVE_SHIP
    with pytest.raises(DecisionPendingError):
        game.fire(0, 0 if target else 1)
    with pytest.raises(DecisionError, match="5"):
        game.move_ship(1, bit(0) | bit(1))  # five decks are left, not two
    with pytest.raises(DecisionError):
        game.move_ship(1, sum(bit(c) for c in (0, 2, 4, 6, 8)))  # not joined
    cells = choose_move(game.view(1), random.Random(1))
    assert cells is not None and cells.bit_count() == 5 and not cells & bit(target)
    assert isinstance(game.decide(1, cells), ShipMove)
    assert game.position(1).cells == cells and game.fleets[1].cells != cells
    assert game.view(0).abandoned == bit(target) and game.view(0).open_hits == 0
    assert game.view(1).fleet_now.cells == cells
    record = GameRecord.from_json(GameRecord.of(game).to_json())
    assert record.game().position(1).cells == cells


def test_a_record_missing_a_dying_shot_is_refused() -> None:
    game = play_out(rules_from_dict({"base": "classic", "submarines": 3}), 5)
    events = list(game.events)
    dying = [i for i, e in enumerate(events) if isinstance(e, Shot) and e.dying]
    if not dying:
        pytest.skip("no dying shot in this seeded game")
    del events[dying[0]]
    with pytest.raises(Exception, match="record"):
        Game.replay(game.rules, game.fleets, game.first, events)


def test_a_sunk_ship_of_one_size_is_told_by_its_shape() -> None:
    rules = rules_from_dict({"width": 8, "height": 8, "ships": [
        {"size": 4, "shape": "l", "name": "l"}, {"size": 4, "shape": "square", "name": "sq"}]})
    square = next(k for k in rules.fleet if k.shape is Shape.SQUARE)
    ell = next(k for k in rules.fleet if k.shape is Shape.L)
    fleets = [fleet_of(rules, [(square, [0, 1, 8, 9]), (ell, [5, 13, 21, 22])])] * 2
    game = Game(rules, fleets, 0)
    for cell in (0, 1, 8, 9):
        game.fire(0, cell)
    assert game.view(0).sunk[0].kind == square
    assert [k.shape for k in game.view(0).enemy_afloat or ()] == [Shape.L]


def test_after_the_game_the_dutchman_is_shown_where_it_ended() -> None:
    rules = find_rules("flying-dutchman")
    game = play_out(rules, 8, ("easy", "easy"))
    moves = [e for e in game.events if isinstance(e, ShipMove) and e.cells is not None]
    assert moves, "this seeded game has a move"
    loser = 1 - (game.winner or 0)
    shown = game.view(game.winner or 0).opponent_fleet
    assert shown is not None and shown.cells == game.position(loser).cells


# --- review: bugs found ------------------------------------------------------------------

def test_a_mine_with_no_cell_left_to_hand_over_asks_for_nothing() -> None:
    # Every unhit cell of the shooter's fleet is already handed over: nothing is left to
    # give, so no decision may be owed (it could never be made and the game would stall).
    rules = tiny({"ships": [{"size": 1, "name": "boat"}], "mines": 2})
    fleets = [fleet_of(rules, [(BOAT, [0]), (MINE, [14]), (MINE, [35])]),
              fleet_of(rules, [(BOAT, [20]), (MINE, [5]), (MINE, [3])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 5).result is ShotResult.MINE
    game.hand_over(0, 0)
    assert game.fire(1, 30).result is ShotResult.MISS  # the sure hit may wait
    assert game.fire(0, 3).result is ShotResult.MINE
    assert game.view(0).handover_options() == 0
    assert game.pending is None and game.to_move == 1
    record = GameRecord.from_json(GameRecord.of(game).to_json())
    assert record.game().to_move == 1


def test_the_ring_of_a_sunk_submarine_may_still_hold_ships() -> None:
    # A submarine may touch any ship of its fleet: its ring says nothing about ships.
    rules = tiny({"submarines": 1})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (SUB, [14])]),
              fleet_of(rules, [(two, [20, 21]), (SUB, [22])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 22).result is ShotResult.SUNK
    assert not game.view(0).no_ships & bit(21)


def test_hard_finishes_a_ship_hit_next_to_a_sunk_submarine() -> None:
    from seabattle.battleship.ai.density import density_map

    rules = tiny({"submarines": 1})
    two = ShipKind(2, "boat")
    fleets = [fleet_of(rules, [(two, [0, 1]), (SUB, [14])]),
              fleet_of(rules, [(two, [20, 21]), (SUB, [22])])]
    game = Game(rules, fleets, 0)
    game.fire(0, 22)
    game.fire(1, 35)
    assert game.fire(0, 21).result is ShotResult.HIT
    score = density_map(game.view(0))
    assert score[20] > 0 and score[15] > 0 and score[27] > 0
