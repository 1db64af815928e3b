"""Which mark a cell shows: one ranking (seabattle.battleship.marks) for both terminal games.

The line-mode game used to rank marks on its own: an own ship sunk showed as a mere hit,
an own mine that went off as a hit on a ship, and where the rules leave a sunk ship's cells
uncertain the shot that sank it showed as a hit, while the full-screen game showed a sunk
ship, a spent mine and a sunk cell. These positions check that the two now agree.
"""

from __future__ import annotations

from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet, Ship, ShipKind, validate_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.marks import Mark, variant_marks
from seabattle.battleship.rules import Role, Rules, find_rules, rules_from_dict
from seabattle.battleship.session import GameSettings
from seabattle.battleship.shapes import Shape
from seabattle.battleship.terminal.lines import SYMBOLS, render_fields
from seabattle.battleship.terminal.tui.marks import enemy_marks, fleet_marks
from seabattle.battleship.view import PlayerView
from seabattle.coords import bit

MINE = ShipKind(1, "", Shape.STRAIGHT, Role.MINE)


def fleet_of(rules: Rules, ships: list[tuple[ShipKind, list[int]]]) -> Fleet:
    return validate_fleet(rules, [Ship(k, sum(bit(c) for c in cells)) for k, cells in ships])


def plain_fields(view: PlayerView, reveal: Fleet | None = None) -> tuple[list[str], list[str]]:
    """The symbols of both fields as the line-mode game prints them, in reading order."""
    rules = view.rules
    lines = render_fields(view, GameSettings(rules), reveal=reveal).splitlines()[2:]
    own: list[str] = []
    enemy: list[str] = []
    for line in lines:
        left, right = line[:len(line) // 2], line[len(line) // 2:]
        own += left.split()[1:]
        enemy += right.split()[1:]
    return own, enemy


def assert_both_games_agree(view: PlayerView) -> tuple[tuple[Mark, ...], tuple[Mark, ...]]:
    """The line-mode game prints, cell by cell, the symbol of the full-screen game's mark
    (as its battle screen computes them); returns those marks."""
    own = fleet_marks(view.rules.grid, view.fleet_now, view.incoming, given=view.handed_over)
    enemy = enemy_marks(view)
    plain_own, plain_enemy = plain_fields(view)
    assert plain_own == [SYMBOLS[mark] for mark in own]
    assert plain_enemy == [SYMBOLS[mark] for mark in enemy]
    return own, enemy


def test_own_sunk_ship_spent_mine_and_handed_over_cell_look_alike_in_both_games() -> None:
    rules = rules_from_dict({"width": 6, "height": 6, "shoot_again": False, "mines": 1,
                             "ships": [{"size": 2, "name": "boat"}, {"size": 1, "name": "dinghy"}]})
    boat, dinghy = rules.fleet[0], rules.fleet[1]
    fleets = [fleet_of(rules, [(boat, [0, 1]), (dinghy, [3]), (MINE, [35])]),
              fleet_of(rules, [(boat, [20, 21]), (dinghy, [23]), (MINE, [5])])]
    game = Game(rules, fleets, 0)
    assert game.fire(0, 20).result is ShotResult.HIT
    assert game.fire(1, 3).result is ShotResult.SUNK  # player 0's dinghy
    assert game.fire(0, 5).result is ShotResult.MINE
    game.decide(0, 1)  # player 0 hands over a cell of its boat
    assert game.fire(1, 35).result is ShotResult.MINE  # player 0's mine goes off
    game.decide(1, 21)

    own, enemy = assert_both_games_agree(game.view(0))
    # The old line-mode game showed the first two as hits ("X").
    assert own[3] is Mark.SUNK and own[35] is Mark.MINE_SPENT
    assert own[1] is Mark.GIVEN and own[0] is Mark.SHIP
    assert enemy[20] is Mark.HIT and enemy[21] is Mark.GIVEN and enemy[5] is Mark.MINE_SPENT


def test_the_shot_that_sank_a_ship_of_uncertain_cells_is_sunk_in_both_games() -> None:
    rules = find_rules("milton-bradley")  # ships may touch: a sunk ship's cells are uncertain
    fleet = validate_fleet(rules, [Ship(kind, sum(bit(10 * row + col) for col in range(kind.size)))
                                   for row, kind in enumerate(rules.fleet)])  # a row each
    game = Game(rules, [fleet, fleet], 0)
    destroyer = 10 * next(row for row, kind in enumerate(rules.fleet) if kind.size == 2)
    for cell in (destroyer - 9, destroyer):  # it may now be either of two pairs of hits
        game.fire(0, cell)
        if game.to_move == 1:  # no shooting again after a hit
            game.fire(1, 99 - cell)
    sinking = game.fire(0, destroyer + 1)
    assert sinking.result is ShotResult.SUNK
    view = game.view(0)
    assert view.sunk and view.sunk[0].cells is None  # only the sinking shot is certain

    _, enemy = assert_both_games_agree(view)
    assert enemy[destroyer + 1] is Mark.SUNK  # the old line-mode game: a hit
    assert enemy[destroyer] is Mark.HIT


def test_the_revealed_fleet_shows_each_piece_as_itself() -> None:
    rules = rules_from_dict({"width": 6, "height": 6, "shoot_again": False, "mines": 1,
                             "ships": [{"size": 2, "name": "boat"}]})
    boat = rules.fleet[0]
    fleets = [fleet_of(rules, [(boat, [0, 1]), (MINE, [35])]),
              fleet_of(rules, [(boat, [20, 21]), (MINE, [5])])]
    game = Game(rules, fleets, 0)
    game.fire(0, 20)
    view = game.view(0)
    _, enemy = plain_fields(view, reveal=fleets[1])
    # The old line-mode game drew the revealed mine as a ship ("O").
    assert (enemy[20], enemy[21], enemy[5]) == (SYMBOLS[Mark.HIT], SYMBOLS[Mark.SHIP],
                                                SYMBOLS[Mark.MINE])


def test_the_classroom_mines_hand_nothing_over_so_no_legend_explains_it() -> None:
    assert Mark.GIVEN not in variant_marks(find_rules("math"))
    assert Mark.GIVEN in variant_marks(rules_from_dict({"base": "classic", "mines": 1}))
