"""Every variant of RULES.md §3 in the full-screen game: chosen with the play options,
set up by hand or at random, and played to the end through the app (seeded)."""

from __future__ import annotations

import argparse

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from seabattle.battleship.ai.levels import LEVELS
from seabattle.battleship.events import Decision
from seabattle.battleship.marks import enemy_marks, own_marks
from seabattle.battleship.rules import Role, Rules, rules_from_dict
from seabattle.battleship.session import GameSettings
from seabattle.battleship.shapes import Shape, has_shape
from seabattle.battleship.terminal.tui.battle import BattleScreen
from seabattle.battleship.terminal.tui.board import SYMBOLS, Board, FleetStrip
from seabattle.battleship.terminal.tui.marks import Mark
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.commands import play
from seabattle.coords import bit, iter_cells
from seabattle.errors import RulesError
from seabattle.terminal.notice import Notice
from seabattle.tui import SeaBattleApp
from seabattle.tui.game_over import GameOverScreen

SIZE = (130, 50)


def chosen_rules(*options: str) -> Rules:
    """The rule set ``seabattle play OPTIONS`` plays."""
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    return play.settings_from(parser.parse_args(["play", *options])).rules


def make_app(rules: Rules, *, level: str = "hard", seed: int = 4, first: str = "me"
             ) -> SeaBattleApp:
    return SeaBattleApp(GameSettings(rules, level=level, language="en", seed=seed,
                                     first=first))  # type: ignore[arg-type]


def log_text(app: SeaBattleApp) -> str:
    return "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)


def turn_line(app: SeaBattleApp) -> str:
    return str(app.screen.query_one("#turn", Static).content)


async def to_battle(pilot: Pilot[int]) -> BattleScreen:
    await pilot.press("x", "s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


async def play_to_the_end(pilot: Pilot[int], *, limit: int = 1000, aim: bool = True,
                          aim_after: int = 0) -> list[Decision]:
    """Fire at the computer's ships where they are now (``aim``, for short games, once
    ``aim_after`` decisions are made) or from the top left, a handed-over cell first,
    salvoes as due; decisions by
    the keys: a typed cell, Ctrl+O, or for the Dutchman by turns Ctrl+O, Ctrl+E and
    its new cells chosen one by one."""
    app = pilot.app
    assert isinstance(app, SeaBattleApp)
    decided: list[Decision] = []
    for _ in range(limit):
        screen = app.screen
        if not isinstance(screen, BattleScreen):
            break
        session = app.session
        due = session.decision_due
        if due is Decision.MOVE_SHIP:
            moves = sum(d is Decision.MOVE_SHIP for d in decided)
            if moves % 3 == 0:
                await pilot.press("ctrl+o")
            elif moves % 3 == 1:
                await pilot.press("ctrl+e")
            else:
                move = session.suggestion()
                assert isinstance(move, int)
                for cell in iter_cells(move):
                    screen.choose_own(cell)
            decided.append(due)
        elif due is not None:
            view = session.view()
            options = view.handover_options() if due is Decision.HANDOVER else view.reveal_options()
            if len(decided) % 2:
                await pilot.press("ctrl+o")
            else:
                await pilot.press(*app.phrases.cell(next(iter_cells(options))), "enter")
            decided.append(due)
        else:
            view = session.view()
            game = session.game
            assert game is not None
            # Straight at the computer's ships where they are now: short games.
            ships = 0
            for ship in game.position(1) if aim and len(decided) >= aim_after else ():
                if ship.kind.role.is_vessel:
                    ships |= ship.cells
            legal = view.legal_shots() & ~view.known_empty  # known-empty cells are refused
            cells = [*iter_cells(view.given), *iter_cells(legal & ships & ~view.given),
                     *iter_cells(legal & ~ships & ~view.given)]
            for cell in cells[:view.shots_due]:
                screen.fire(cell)
        await pilot.pause()
    assert isinstance(app.screen, GameOverScreen), "the game ends"
    return decided


@pytest.mark.parametrize("options", [("--salvo", "3"), ("--rules", "six", "--salvo", "ships")])
async def test_a_salvo_is_chosen_cell_by_cell_then_fired_together(options: tuple[str, ...]
                                                                    ) -> None:
    app = make_app(chosen_rules(*options))
    async with app.run_test(size=SIZE) as pilot:
        battle = await to_battle(pilot)
        due = app.session.view().shots_due
        assert due > 1 and "Your salvo: choose" in turn_line(app)
        assert "salvo" in str(app.screen.query_one("#rules", Static).content)
        await pilot.press("enter")  # A1 chosen, not fired yet
        await pilot.pause()
        enemy = battle.query_one("#enemy", Board)
        assert enemy.marks[0] is Mark.AIMED and not app.session.view().fired
        await pilot.press("enter")  # chosen again: taken back
        await pilot.pause()
        assert battle.query_one("#enemy", Board).marks[0] is Mark.WATER and battle.aimed == []
        names = [app.phrases.cell(c) for c in range(due)]
        await pilot.press(*" ".join(names), "enter")  # typed on one line: the whole salvo
        await pilot.pause()
        assert app.session.view().fired == (1 << due) - 1
        assert all(f"You: {name} — " in log_text(app) for name in names)
        await play_to_the_end(pilot)


async def test_mines_hand_over_a_cell_and_given_cells_are_sure_hits() -> None:
    app = make_app(chosen_rules("--mines", "2", "--submarines", "1"), level="medium")
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        strip = str(setup.query_one("#to-place", FleetStrip).render())
        assert SYMBOLS[Mark.MINE] in strip and SYMBOLS[Mark.SUBMARINE] in strip
        battle = await to_battle(pilot)
        own = battle.query_one("#own", Board).marks
        assert own.count(Mark.MINE) == 2 and own.count(Mark.SUBMARINE) == 1
        mine = next(s for s in app.session.computer_fleet if s.kind.role is Role.MINE)
        (cell,) = iter_cells(mine.cells)
        battle.fire(cell)
        await pilot.pause()
        assert "Mine!" in log_text(app)
        assert app.session.decision_due is Decision.HANDOVER
        assert "hand over one unhit cell" in turn_line(app)
        assert battle.query_one("#enemy", Board).marks[cell] is Mark.MINE_SPENT
        # The entry asks for one's own cell, and the cursor starts on one that may be given.
        assert str(battle.query_one("#prompt", Static).content) == "Your cell:"
        assert app.session.view().handover_options() >> battle.query_one("#own", Board).cursor & 1
        view = app.session.view()
        water = next(c for c in range(100) if not view.fleet_now.cells & bit(c)
                     and not view.incoming & bit(c))
        await pilot.press(*app.phrases.cell(water), "enter")
        await pilot.pause()
        assert "not an unhit cell" in str(battle.query_one("#message", Notice).text)
        assert app.session.decision_due is Decision.HANDOVER
        await pilot.press("ctrl+o")  # the computer's choice
        await pilot.pause()
        assert app.session.decision_due is None and "You hand over" in log_text(app)
        await play_to_the_end(pilot)


async def test_minesweepers_reveal_a_mine_and_the_computer_hands_over_too() -> None:
    app = make_app(chosen_rules("--rules", "big-16", "--mines", "3", "--minesweepers", "1"),
                   level="easy", seed=8)
    async with app.run_test(size=SIZE) as pilot:
        battle = await to_battle(pilot)
        sweeper = next(s for s in app.session.computer_fleet
                       if s.kind.role is Role.MINESWEEPER)
        (cell,) = iter_cells(sweeper.cells)
        battle.fire(cell)
        await pilot.pause()
        assert "Minesweeper!" in log_text(app)
        assert app.session.decision_due is Decision.REVEAL_MINE
        assert battle.query_one("#enemy", Board).marks[cell] is Mark.SWEEPER_HIT
        mine = next(iter_cells(app.session.view().reveal_options()))
        battle.query_one("#own", Board).cursor = mine
        await pilot.press("enter")  # nothing typed: the cell under the cursor, own field
        await pilot.pause()
        assert "You reveal your mine at" in log_text(app)
        await play_to_the_end(pilot)


async def test_the_computers_decisions_are_told_in_the_log() -> None:
    rules = rules_from_dict({"width": 6, "ships": [{"size": 2}], "mines": 3, "minesweepers": 1})
    app = make_app(rules, level="novice", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        await play_to_the_end(pilot, aim=False)
        told = [told.kind for told in app.session.narrate()]
        assert {"ai_handover", "ai_reveal"} & set(told), told
        assert {"you_handover", "you_reveal"} & set(told), told


async def test_submarines_fire_a_dying_shot_told_in_the_log() -> None:
    app = make_app(chosen_rules("--submarines", "2", "--announce", "none",
                                "--no-shoot-again"), level="novice")
    async with app.run_test(size=SIZE) as pilot:
        battle = await to_battle(pilot)
        assert "a sinking is answered as a hit" in str(
            app.screen.query_one("#rules", Static).content)
        sub = next(s for s in app.session.computer_fleet if s.kind.role is Role.SUBMARINE)
        battle.fire(next(iter_cells(sub.cells)))
        await pilot.pause()
        assert "The computer's sunk submarine fires back at" in log_text(app)
        await play_to_the_end(pilot)


async def test_l_square_and_zigzag_ships_turn_through_their_orientations() -> None:
    rules = rules_from_dict({"base": "classic", "ships": [
        {"size": 4, "shape": "l"}, {"size": 4, "shape": "square"},
        {"size": 4, "shape": "zigzag"}, {"size": 2, "count": 2}, {"size": 1, "count": 3}]})
    app = make_app(rules, level="medium")
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "shape 1 of 8" in str(setup.query_one("#next", Static).content)
        await pilot.press("r", "r", "r", "enter")
        await pilot.pause()
        (l_ship,) = setup.placed
        grid = rules.grid
        assert has_shape(grid, l_ship.cells, Shape.L)
        await pilot.press("down", "down", "down", "down", "r", "enter")  # the square: one shape
        await pilot.pause()
        assert len(setup.placed) == 2 and has_shape(grid, setup.placed[1].cells, Shape.SQUARE)
        assert "shape 1 of 4" in str(setup.query_one("#next", Static).content)  # the zigzag
        await pilot.press("a", "s")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await play_to_the_end(pilot)


async def test_the_flying_dutchman_is_painted_moved_and_kept() -> None:
    app = make_app(chosen_rules("--rules", "flying-dutchman"), seed=6)
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "paint its cells" in str(setup.query_one("#next", Static).content)
        # A bent line of six: across, then down a corner.
        for key in ("enter", "right", "enter", "right", "down", "enter", "down", "enter",
                    "right", "enter"):
            await pilot.press(key)
        await pilot.pause()
        # Five cells painted: drawn as the ship to be, not as a refusal.
        marks = setup.query_one("#own", Board).marks
        assert marks.count(Mark.GHOST) == 5 and Mark.BLOCKED not in marks
        for key in ("right", "enter"):
            await pilot.press(key)
        await pilot.pause()
        (dutchman,) = setup.placed
        assert dutchman.cells.bit_count() == 6
        assert has_shape(app.session.rules.grid, dutchman.cells, Shape.KING)
        assert not has_shape(app.session.rules.grid, dutchman.cells, Shape.BENT)
        await pilot.press("s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        (enemy,) = app.session.computer_fleet
        battle.fire(next(iter_cells(enemy.cells)))
        await pilot.pause()
        assert "slipped away" in log_text(app)
        assert "slipped away" in battle.query_one("#message", Notice).text  # not the log only
        assert Mark.MOVED in battle.query_one("#enemy", Board).marks
        decided = await play_to_the_end(pilot, aim_after=3)
        assert decided.count(Decision.MOVE_SHIP) >= 3, "moved at random, kept, moved by hand"
        told = {told.kind for told in app.session.narrate()}
        assert {"ai_move", "you_move", "you_stay"} <= told


@pytest.mark.parametrize("level", list(LEVELS))
async def test_every_level_plays_mines_to_the_end(level: str) -> None:
    app = make_app(chosen_rules("--rules", "classic-corners", "--mines", "1",
                                "--minesweepers", "1"), level=level, seed=2, first="ai")
    async with app.run_test(size=SIZE) as pilot:
        await to_battle(pilot)
        await play_to_the_end(pilot)


def test_variant_options_that_do_not_go_together_are_refused() -> None:
    with pytest.raises(RulesError, match="salvoes do not combine"):
        chosen_rules("--salvo", "2", "--mines", "1")
    with pytest.raises(RulesError, match="salvo"):
        chosen_rules("--salvo", "0")
    assert chosen_rules("--mines", "1", "--mines-touch").mines_touch
    assert chosen_rules("--rules", "six", "--shoot-again").shoot_again


async def test_the_game_over_enemy_field_is_the_enemy_field_as_known_then_revealed() -> None:
    """A moved Flying Dutchman's old hits stay drawn as hits on a ship that moved away
    (not as misses), as in the battle; the enemy's fleet is shown where it is now."""
    app = make_app(chosen_rules("--rules", "flying-dutchman"), seed=6)
    async with app.run_test(size=SIZE) as pilot:
        battle = await to_battle(pilot)
        (enemy,) = app.session.computer_fleet
        battle.fire(next(iter_cells(enemy.cells)))
        await pilot.pause()
        assert Mark.MOVED in battle.query_one("#enemy", Board).marks
        await play_to_the_end(pilot, aim_after=3)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        view = app.session.view()
        assert view.abandoned and view.opponent_fleet is not None
        marks = over.query_one("#enemy", Board).marks
        assert all(marks[cell] is Mark.MOVED for cell in iter_cells(view.abandoned))
        assert marks == enemy_marks(view, reveal=view.opponent_fleet)
        assert over.query_one("#own", Board).marks == own_marks(view)
