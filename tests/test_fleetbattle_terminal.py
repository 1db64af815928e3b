"""The fleet battle in text: a whole line-mode battle against the computer in English and
in Russian through the line-mode shell, manual placement with its refusals, and the replay
of a saved record through ``seabattle replay``."""

from __future__ import annotations

import io
import itertools
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from seabattle.cli import main
from seabattle.fleetbattle.ai.players import make_player
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.events import BattleOver, Contest
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.terminal.lines import FleetSettings
from seabattle.fleetbattle.terminal.text import Narrator, trophies_line
from seabattle.games.chance import draw
from seabattle.i18n import Language
from seabattle.plain import PlainGame


class Answers(io.StringIO):
    """A player who answers the last prompt printed: stays, picks close range, grapples
    with its first ship, and fires as many cells as it may, sweeping the field."""

    def __init__(self, out: io.StringIO, cells: list[str]) -> None:
        super().__init__()
        self.out = out
        self.cells = itertools.cycle(cells)
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.asked += 1
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if self.asked > 300:
            return ""
        if "(y/n)" in prompt or "(д/н)" in prompt or "again" in prompt or "ещё" in prompt:
            return "n\n"
        if "Mode" in prompt or "Режим" in prompt:
            return ("вплотную" if "Режим" in prompt else "close") + "\n"
        if "grapple" in prompt or "абордажа" in prompt:
            return "1\n"
        shots = re.search(r"shots: (\d+)|выстрелов: (\d+)", prompt)
        if shots is None:
            return "n\n"
        count = int(shots.group(1) or shots.group(2))
        return (" ".join(next(self.cells) for _ in range(count)) or "hold") + "\n"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_whole_battle_line_by_line(language: Language, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    letters = "ABCDEFGHI" if language == "en" else "АБВГДЕЖЗИ"
    cells = [f"{letters[c]}{r}" for r in range(1, 7) for c in range(9)]
    out = io.StringIO()
    settings = FleetSettings(PRESETS["equal"], "novice", language, seed=5,
                             save_path=tmp_path / "battle.json")
    code = PlainGame(settings, Answers(out, cells), out, game="fleet-battle").run()
    text = out.getvalue()
    assert code == 0, text[-2000:]
    # the computer takes the player's last ship: the end line names the player's fleet
    if language == "en":
        assert "— Turn 1 —" in text and "Orders (shots: 8" in text
        assert ("The enemy wins: your fleet has no ship left in the battle.\n"
                "Trophies of the enemy: coins: 2, or wood: 0, or guns: 0.") in text
    else:
        assert "— Ход 1 —" in text and "Приказ (выстрелов: 8" in text
        assert ("Победа — противник: ваш флот — без кораблей в бою.\n"
                "Трофеи (противник): монеты: 2, или дерево: 0, или оружие: 0.") in text
    assert (tmp_path / "battle.json").exists()
    assert main(["replay", str(tmp_path / "battle.json"), "--all", "--lang", "en"]) == 0
    assert ("Computer (novice) wins: Player has no ship left in the battle.\n"
            "Trophies of Computer (novice): coins: 2") in capsys.readouterr().out


def test_manual_placement_refuses_bad_ships_and_asks_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    answers = io.StringIO("\n".join([
        "A1 A2 A3", "B1 B2", "C1 C2", "A1 B1", "D1 D3", "D1 D2", "E1 E2", "9", "1",
        "quit"]) + "\n")
    out = io.StringIO()
    settings = FleetSettings(PRESETS["equal"], "novice", "en", seed=2)
    assert PlainGame(settings, answers, out, manual=True, game="fleet-battle").run() == 1
    text = out.getvalue()
    assert "overlaps another" in text  # A1 B1 over the frigate
    assert "straight line of cells (decks: 2)" in text  # D1 D3
    assert "A ship number from 1 to 5." in text
    assert "You: the fleet is placed." not in text and "Your fleet: the fleet is placed." in text


def test_seabattle_replay_shows_every_move(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    settings = FleetSettings(PRESETS["example"], "captain", "en", seed=9,
                             save_path=tmp_path / "b.json")
    cells = [f"{c}{r}" for r in range(1, 7) for c in "ABCDEFGHI"]
    out = io.StringIO()
    PlainGame(settings, Answers(out, cells), out, game="fleet-battle").run()
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "b.json"), "--all"]) == 0
    shown = capsys.readouterr().out
    assert "Player against Computer (captain)" in shown
    assert "Move 1 of" in shown and "Your" not in shown
    assert "corvette ×2, brig ×3, transport ×1 against frigate ×1" in shown


def test_seabattle_play_plain_plays_the_fleet_battle(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Latin letters typed in a Russian game count by their place (H1 is З1).
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nH1 A1\nquit\n"))
    assert main(["play", "--game", "fleet-battle", "--plain", "--seed", "4", "--lang", "ru",
                 "--rules", "example", "--level", "medium"]) == 1
    out = capsys.readouterr().out
    assert "компьютер — уровень капитан" in out and "корвет ×2, бриг ×3" in out
    assert "залп (ядра) по З1, А1" in out


def test_the_play_command_s_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "fleet-battle", "--plain", "--rules", "classic"]) == 2
    assert "no rule set 'classic': name a preset (example, equal" in capsys.readouterr().err
    assert main(["play", "--game", "fleet-battle", "--plain", "--level", "density"]) == 2
    assert "unknown level 'density'" in capsys.readouterr().err


def test_a_rules_file_for_the_fleet_battle(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "duel.toml"
    rules.write_text('batteries = [1, 0]\n[[fleets]]\nbrig = 2\n[[fleets]]\nfrigate = 1\n',
                     encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["play", "--game", "fleet-battle", "--plain", "--rules", str(rules), "--lang", "en"])
    # the header lists the batteries as the ship list does
    assert "brig ×2, coastal battery ×1 against frigate ×1" in capsys.readouterr().out


def play_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               answers: list[str], *options: str) -> str:
    """What ``seabattle play --game fleet-battle --plain OPTIONS`` prints for ``answers``."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    main(["play", "--game", "fleet-battle", "--plain", *options])
    return capsys.readouterr().out


@pytest.mark.parametrize(("language", "ended"), [
    ("en", "The enemy wins: your fleet retreated."),
    ("ru", "Победа — противник: ваш флот — отступление.")])
def test_the_end_line_names_the_side_that_retreated(
        language: str, ended: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "retreat.json"
    out = play_lines(monkeypatch, capsys, ["y", "n"], "--lang", language, "--seed", "2",
                     "--level", "novice", "--save", str(record))
    assert ended in out
    assert main(["replay", str(record), "--all", "--lang", "en"]) == 0
    assert "Computer (novice) wins: Player retreated." in capsys.readouterr().out


def test_the_end_line_names_the_side_left_without_ships() -> None:
    english = Narrator(PRESETS["equal"], "en", ("your fleet", "the enemy"))
    assert (english.say(BattleOver(1, "fleet.outcome.destroyed"))
            == "The enemy wins: your fleet has no ship left in the battle.")
    assert (english.say(BattleOver(0, "fleet.outcome.destroyed"))
            == "Your fleet wins: the enemy has no ship left in the battle.")
    russian = Narrator(PRESETS["equal"], "ru", ("ваш флот", "противник"))
    assert (russian.say(BattleOver(1, "fleet.outcome.destroyed"))
            == "Победа — противник: ваш флот — без кораблей в бою.")
    # a side's name mid-sentence stays lower case; a sentence it begins gets a capital
    assert (english.say(Contest((6, 3), (Fraction(9), Fraction(7)), 0))
            == "Manoeuvre: your fleet rolls 6 (9), the enemy rolls 3 (7). Your fleet wins.")


def test_the_retreat_question_asks_again_until_yes_or_no(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play_lines(monkeypatch, capsys, ["help", "xyz", "+9", "n", "quit"],
                     "--lang", "en", "--seed", "5")
    assert out.count("Please answer y (yes) or n (no).") == 2
    assert "y: your fleet retreats before turn 1; n: it fights on." in out  # help
    assert "Retreating" not in out and "Orders (shots: 8" in out


def test_the_russian_game_names_states_levels_and_words_in_russian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the brig sent as a fireship on turn 1 is spent; turn 2's manoeuvre is won
    out = play_lines(monkeypatch, capsys, ["н", "+3 А1", "н", "xyz", "дальний", "quit"],
                     "--lang", "ru", "--seed", "5", "--level", "admiral")
    assert "компьютер — уровень адмирал" in out
    assert "№3 бриг (израсходован брандером)" in out and "(spent)" not in out
    assert "; помощь):" in out and "help" not in out
    assert "Введите: 1 (дальний), 2 (вплотную) или 3 (абордаж)." in out
    assert "О — огневая мощь, А — абордаж, М — манёвр" in out  # the legend
    assert "Ваш флот: О 7, А 11, М 7; кораблей: 4" in out


def test_help_while_placing_by_hand_explains_the_cells(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    main(["play", "--game", "fleet-battle", "--plain", "--manual", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Type the ship's cells in a straight line, e.g. 'A1 B1 C1'" in out
    assert "is not a cell" not in out


def test_the_winner_s_trophies_end_the_result() -> None:
    state = DEFINITION.new_state(PRESETS["equal"])
    rng = random.Random(3)
    players = (make_player("novice", rng), make_player("admiral", rng))
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
        else:
            seat = min(state.actors.seats)
            state.apply(seat, players[seat].act(state.view(seat)))
    view = state.view(0)
    assert view.winner is not None and view.results is not None
    result = view.results[view.winner]
    assert result.trophy_coins == 2 * len(view.results[1 - view.winner].destroyed) > 0
    assert trophies_line(view, ("Player", "Computer"), "en") == (
        f"Trophies of {('Player', 'Computer')[view.winner]}: coins: {result.trophy_coins}, "
        f"or wood: {result.trophy_wood}, or guns: {result.trophy_guns}.")
    assert trophies_line(DEFINITION.new_state(PRESETS["equal"]).view(0),
                         ("Player", "Computer"), "en") is None


def test_match_takes_a_fleet_battle_preset_and_the_five_level_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--game", "fleet-battle", "--rules", "duel", "--games", "2",
                 "--seed", "1", "--jobs", "1", "--no-progress", "easy", "admiral"]) == 0
    assert "easy vs admiral, rules duel; games: 2" in capsys.readouterr().out


class Boarder(Answers):
    """:class:`Answers`, but at each mode prompt first a word that is no mode, then
    boarding whenever it is offered."""

    def __init__(self, out: io.StringIO, cells: list[str]) -> None:
        super().__init__(out, cells)
        self.mode_prompts = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if not prompt.startswith("You won the manoeuvre."):
            return super().readline(size)
        self.mode_prompts += 1
        if self.mode_prompts % 2:
            return "xyz\n"
        return ("boarding" if "boarding)" in prompt else "close") + "\n"


def test_the_mode_hint_lists_only_the_modes_offered() -> None:
    cells = [f"{c}{r}" for r in range(1, 7) for c in "ABCDEFGHI"]
    out = io.StringIO()
    settings = FleetSettings(PRESETS["equal"], "novice", "en", seed=1)
    PlainGame(settings, Boarder(out, cells), out, game="fleet-battle").run()
    text = out.getvalue()
    # after a boarding turn boarding cannot follow: the hint leaves it out
    assert ("Mode (1 long range, 2 close range, 3 boarding): "
            "Type 1 (long), 2 (close) or 3 (boarding).") in text
    assert "Mode (1 long range, 2 close range): Type 1 (long) or 2 (close)." in text


def test_every_question_takes_help_and_board_and_the_mode_its_number(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # turn 1: help and board at the retreat question, a fireship and a cell off the field;
    # turn 2's manoeuvre is won: help, board, then the mode by its number
    out = play_lines(monkeypatch, capsys, ["help", "board", "n", "help", "+3 A1 Z9", "+3 A1",
                                           "n", "help", "board", "2", "quit"],
                     "--lang", "en", "--seed", "5", "--level", "admiral")
    assert "y: your fleet retreats before turn 1; n: it fights on." in out
    assert "Name the kind of shot" in out  # the orders' help
    assert "Z9 is outside the 9×6 field (A1–I6)" in out
    assert "Your ships: #1 frigate, #2 corvette, #3 brig, #4 brig, #5 brig" in out
    mode = "You won the manoeuvre. Mode (1 long range, 2 close range, 3 boarding): "
    assert mode + "Type 1 (long), 2 (close) or 3 (boarding)." in out  # help
    assert mode + "Your fleet  " in out  # board: the fields again
    assert mode + "Your fleet chooses close range." in out
    assert "Please answer" not in out
