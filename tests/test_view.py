"""Views: what one player may know, checked against the hidden truth at every move.

A view must be *sound* (everything it claims is true of the hidden fleets) and
*hide* what the player may not know (the opponent's fleet before the end).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.ai.player import ComputerPlayer
from seabattle.battleship.events import Shot, ShotResult
from seabattle.battleship.fleet import Ship, random_fleet, validate_fleet
from seabattle.battleship.game import Game, other
from seabattle.battleship.rules import PRESETS, Announcement, Rules, rules_from_dict
from seabattle.battleship.shapes import Touching
from seabattle.battleship.view import PlayerView, SunkShip, ViewBuilder, build_view
from seabattle.coords import bit, iter_cells


def scaled(examples: int) -> int:
    """``examples`` under the default "ci" profile (25 examples), scaled with the profile."""
    return max(1, examples * settings().max_examples // 25)


Play = Callable[..., Game]

RULE_SETS: dict[str, Rules] = {
    **{n: PRESETS[n] for n in ("classic", "classic-corners", "milton-bradley", "six", "bent")},
    "sides-sunk": rules_from_dict({"width": 7, "height": 7, "touching": "sides", "announce": "sunk",
                                   "ships": [{"size": 3, "count": 2}, {"size": 2, "count": 2},
                                             {"size": 1}]}),
}


def ring_oracle(rules: Rules, cells: int) -> int:
    """The cells next to a ship that no other ship may occupy, from rows and columns."""
    if rules.touching is Touching.SIDES:
        return 0
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if rules.touching is Touching.NONE:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    around = 0
    for cell in iter_cells(cells):
        row, col = divmod(cell, rules.width)
        for dr, dc in steps:
            r, c = row + dr, col + dc
            if 0 <= r < rules.height and 0 <= c < rules.width:
                around |= bit(r * rules.width + c)
    return around & ~cells


def check_view(game: Game, player: int) -> PlayerView:
    """Check one view against the game's hidden state; return it."""
    view = game.view(player)
    rules = game.rules
    opponent = other(player)
    enemy = game.fleets[opponent]
    mine = [e for e in game.events if isinstance(e, Shot) and e.player == player]
    fired = 0
    for shot in mine:
        fired |= bit(shot.cell)
    sunk_ships = [s for s in enemy if s.cells & ~fired == 0]

    assert view.player == player and view.rules == rules
    assert view.own_fleet == game.fleets[player]
    assert view.incoming == game.incoming(player)
    assert [(i.cell, i.result) for i in view.shots] == [(s.cell, s.result) for s in mine]
    assert view.fired == fired
    assert view.hits == fired & enemy.cells
    assert view.misses == fired & ~enemy.cells
    assert view.legal_shots() == rules.grid.full & ~fired
    assert view.unknown == rules.grid.full & ~fired & ~view.known_empty
    assert view.to_move == game.to_move and view.winner == game.winner
    assert view.my_turn == (game.to_move == player)
    assert view.own_afloat == tuple(game.fleets[player].ships[i].kind for i in game.afloat(player))

    # Hidden information: the opponent's fleet only once the game is over.
    if game.is_over:
        assert view.opponent_fleet == enemy
    else:
        assert view.opponent_fleet is None

    # Sunk ships: as many as really sank, each truthful where it says anything.
    assert len(view.sunk) == len(sunk_ships)
    assert view.enemy_afloat_count == len(enemy) - len(sunk_ships)
    for known in view.sunk:
        ship = next(s for s in enemy if s.cells & bit(known.cell))
        assert ship in sunk_ships
        if known.kind is not None:
            assert known.kind == ship.kind
        if known.cells is not None:
            assert known.cells == ship.cells
    if rules.announce is Announcement.TYPE:
        assert [i.kind for i in view.shots if i.result is ShotResult.SUNK] == [
            enemy.ships[s.ship].kind for s in mine
            if s.result is ShotResult.SUNK and s.ship is not None]
    else:
        assert all(i.kind is None for i in view.shots)
    if view.enemy_afloat is not None:
        afloat = Counter(rules.fleet) - Counter(s.kind for s in sunk_ships)
        assert Counter(view.enemy_afloat) == afloat
    assert view.open_hits == view.hits & ~view.sunk_cells

    # Known-empty cells: exactly the ring around sunk ships where ships may not touch
    # (not fired at yet), and never a ship cell.
    if rules.touching is Touching.SIDES:
        assert view.known_empty == 0
    else:
        expected = 0
        for ship in sunk_ships:
            expected |= ring_oracle(rules, ship.cells)
        assert view.known_empty == expected & ~fired
        # Where ships cannot share a side, a sunk ship's cells are always pinned down.
        assert all(known.cells is not None for known in view.sunk)
    assert view.known_empty & enemy.cells == 0
    return view


@settings(max_examples=scaled(12))
@given(name=st.sampled_from(sorted(RULE_SETS)), seed=st.integers(0, 2**32 - 1),
       pair=st.tuples(st.sampled_from(["random", "hunt", "weights", "density"]),
                      st.sampled_from(["random", "hunt", "weights", "density"])))
def test_views_are_sound_at_every_move(play: Play, name: str, seed: int,
                                       pair: tuple[str, str]) -> None:
    rules = RULE_SETS[name]
    final = play(rules, pair, seed)
    # Walk the game again move by move, checking both views after each event.
    game = Game(rules, final.fleets, final.first)
    for player in (0, 1):
        check_view(game, player)
    for event in final.events:
        game.apply(event)
        for player in (0, 1):
            check_view(game, player)
    assert game.is_over


@pytest.mark.parametrize("name", ["classic", "classic-corners", "six", "bent"])
def test_the_ring_of_a_sunk_ship_is_known_empty(play: Play, name: str) -> None:
    rules = PRESETS[name]
    game = play(rules, ("hard", "hard"), f"ring:{name}", max_events=60)
    view = game.view(0)
    assert view.sunk, "the test wants at least one sunk ship by now"
    for known in view.sunk:
        assert known.cells is not None
        assert ring_oracle(rules, known.cells) & ~view.fired & ~view.known_empty == 0
        assert known.kind is not None and known.kind.size == known.cells.bit_count()


def test_touching_ships_hide_which_hits_were_sunk_until_deduced(play: Play) -> None:
    # milton-bradley announces the kind; where ships touch, sunk cells are deduced only
    # when exactly one placement fits, so some may stay unknown, never wrong.
    rules = PRESETS["milton-bradley"]
    game = play(rules, ("random", "random"), "touching")
    assert game.winner is not None
    view = game.view(game.winner)
    assert len(view.sunk) == len(rules.fleet)
    assert view.enemy_afloat == ()
    check_view(game, 0)
    check_view(game, 1)


def test_incoming_shots_name_own_sunk_ships(play: Play) -> None:
    rules = PRESETS["classic"]
    game = play(rules, ("hunt", "hunt"), "incoming")
    for player in (0, 1):
        view = game.view(player)
        theirs = [e for e in game.events if isinstance(e, Shot) and e.player != player]
        incoming = view.incoming_shots
        assert [(i.cell, i.result) for i in incoming] == [(s.cell, s.result) for s in theirs]
        for info, shot in zip(incoming, theirs, strict=True):
            if shot.result is ShotResult.SUNK:
                assert shot.ship is not None
                assert info.kind == game.fleets[player].ships[shot.ship].kind
            else:
                assert info.kind is None


def test_answers_are_the_words_of_rules_md(play: Play) -> None:
    game = play(PRESETS["six"], ("hunt", "hunt"), "answers")
    answers = {(i.result, i.kind is None): i.answer for i in game.view(0).shots}
    assert answers[(ShotResult.MISS, True)].render("ru") == "Мимо!"
    assert answers[(ShotResult.HIT, True)].render("ru") == "Ранил!"
    sunk = next(i for i in game.view(0).shots if i.result is ShotResult.SUNK)
    assert sunk.kind is not None  # six announces the kind
    assert sunk.answer.render("ru").startswith("Убил!")
    assert sunk.kind.title.render("ru") in sunk.answer.render("ru")
    assert sunk.kind.title.render("en") in sunk.answer.render("en")


def six_in_rows(announce: str, shots: list[int]) -> Game:
    """six (announcing as said), both fleets in rows 1, 3, 5, 7 and 9 and a boat at J10;
    player 0 fires ``shots``, player 1 misses in column J in between."""
    rules = rules_from_dict({"base": "six", "announce": announce})
    rows = {"carrier": 0, "battleship": 2, "cruiser": 4, "submarine": 6, "destroyer": 8}
    ships = [Ship(kind, sum(bit(rows[kind.name] * 10 + c) for c in range(kind.size))
                  if kind.name in rows else bit(99)) for kind in rules.fleet]
    fleet = validate_fleet(rules, ships)
    game = Game(rules, (fleet, fleet), 0)
    for number, cell in enumerate(shots):
        game.fire(0, cell)
        game.fire(1, 10 * number + 9)
    return game


def test_a_sunk_ship_is_not_named_when_two_kinds_share_its_size_and_shape() -> None:
    # six has a cruiser and a «submarine» of three straight decks: with «Убил!» alone
    # (announce = sunk) the cells say three decks, not which of the two it was.
    game = six_in_rows("sunk", [60, 61, 62])
    view = check_view(game, 0)
    assert [i.result for i in view.shots] == [ShotResult.HIT, ShotResult.HIT, ShotResult.SUNK]
    assert view.sunk == (SunkShip(62, None, bit(60) | bit(61) | bit(62)),)
    assert view.enemy_afloat is None


def test_a_closed_group_counts_off_no_ship_when_two_kinds_fit_it() -> None:
    # Silent sinking: three hits against the edge and a miss are a whole three-decker,
    # sunk, but the cruiser or the «submarine»? Both may still be afloat.
    game = six_in_rows("none", [60, 61, 62, 63])
    view = game.view(0)
    group = bit(60) | bit(61) | bit(62)
    assert view.closed_groups == (group,) and view.open_hits == 0
    left = Counter(view.possible_afloat)
    assert {k.name for k in left if k.size == 3} == {"cruiser", "submarine"}
    assert sum(left.values()) == len(game.rules.fleet)


# --- the view a game keeps: built from the view before, equal to the whole game's --------

VARIED: dict[str, Rules] = {
    "classic": PRESETS["classic"],
    "milton-bradley": PRESETS["milton-bradley"],  # ships touch: sunk cells deduced
    "flying-dutchman": PRESETS["flying-dutchman"],
    "salvo": rules_from_dict({"base": "classic", "salvo": 3}),
    "salvo-ships": rules_from_dict({"base": "classic-corners", "salvo": "ships"}),
    "mines": rules_from_dict({"base": "classic", "mines": 2, "minesweepers": 1,
                              "shoot_again": False}),
    "submarines": rules_from_dict({"base": "classic", "submarines": 2, "announce": "type"}),
    "silent": rules_from_dict({"base": "classic", "submarines": 2, "mines": 1,
                               "minesweepers": 1, "mines_touch": True, "announce": "none"}),
    "silent-six": rules_from_dict({"base": "six", "submarines": 1, "announce": "none"}),
}


def whole_game_view(game: Game, player: int) -> PlayerView:
    """``player``'s view built from the whole game."""
    return build_view(game.rules, player, game.fleets, game.events, game.to_move, game.winner,
                      pending=game.pending,
                      shots_due=game.volley_left if game.to_move is not None else 0)


def computer_game(rules: Rules, seed: int, strategy: str) -> Iterator[Game]:
    """A game between two computer players of ``strategy``, decisions included, seeded by
    ``seed``; yields it after each move, and now and then a move is taken back first
    (:meth:`Game.restore`, as a server whose store refused it does) and made again."""
    rng = random.Random(seed)
    game = Game(rules, [random_fleet(rules, rng) for _ in (0, 1)], rng.randrange(2))
    players = [ComputerPlayer(make_strategy(strategy, random.Random(f"{seed}:{seat}"), rules),
                              random.Random(f"{seed}:decide:{seat}")) for seat in (0, 1)]
    for _ in range(4 * rules.grid.size):
        if game.is_over:
            return
        seat = game.pending.player if game.pending is not None else game.to_move
        assert seat is not None
        if rng.random() < 0.05:
            saved = game.snapshot()
            players[seat].act(game, seat)
            game.view(1 - seat)
            game.restore(saved)
        players[seat].act(game, seat)  # reads its own view: the one the game keeps
        yield game
    raise AssertionError("the game should be over")


@settings(max_examples=scaled(12), deadline=None)
@given(name=st.sampled_from(sorted(VARIED)), seed=st.integers(0, 2**32 - 1),
       strategy=st.sampled_from(["random", "hunt"]))
def test_the_view_a_game_keeps_is_the_whole_games_after_every_move(
        name: str, seed: int, strategy: str) -> None:
    for game in computer_game(VARIED[name], seed, strategy):
        for player in (0, 1):
            assert game.view(player) == whole_game_view(game, player)


@settings(max_examples=scaled(10), deadline=None)
@given(name=st.sampled_from(["submarines", "silent", "silent-six"]),
       seed=st.integers(0, 2**32 - 1), steps=st.lists(st.integers(1, 4), min_size=1))
def test_a_builder_fed_any_prefixes_of_a_log_builds_the_whole_logs_view(
        name: str, seed: int, steps: list[int]) -> None:
    # Prefixes may stop between a shot and the dying shot that answers it: the builder
    # must not keep what it read of the shot then.
    rules = VARIED[name]
    *_, game = computer_game(rules, seed, "random")
    builders = [ViewBuilder(rules, player, game.fleets) for player in (0, 1)]
    read = 0
    while read < len(game.events):
        read = min(len(game.events), read + steps[read % len(steps)])
        events = game.events[:read]
        for player in (0, 1):
            builders[player].update(events)
            assert builders[player].view(None, None) == build_view(rules, player, game.fleets,
                                                                  events, None, None)
