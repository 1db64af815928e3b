"""The manoeuvre game in text: ``seabattle play --game manoeuvres --plain`` in Russian and
English against the computer, its record, and ``seabattle replay`` of it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from seabattle.cli import main
from seabattle.errors import SeaBattleError
from seabattle.games.rule_names import rules_named
from seabattle.manoeuvres.actions import Deploy, DrawFirst
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.refusals import coordinates
from seabattle.manoeuvres.rules import ManoeuvreRules
from seabattle.manoeuvres.terminal.lines import (
    LINE_GAME,
    LineMatch,
    ManoeuvreSession,
    ManoeuvreSettings,
)
from seabattle.records import read_record_file
from seabattle.terminal.lines import EndOfInput, LineIO, PlayOptions


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], language: str,
         lines: list[str], save: Path) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    status = main(["play", "--game", "manoeuvres", "--plain", "--rules", "skirmish",
                   "--level", "novice", "--lang", language, "--seed", "5",
                   "--save", str(save)])
    return status, capsys.readouterr().out


def test_a_game_in_russian_moves_refuses_in_words_and_is_saved(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # Keep the set-up; a move onto an enemy piece; a command that is none; the help;
    # resign; no other game.
    status, out = play(monkeypatch, capsys, "ru",
                       ["", "А6 А3", "танцуй", "Б9 Б8", "помощь", "сдаюсь", "д", "н"], save)
    assert status == 0
    assert "Ваша расстановка" in out and "По жребию первый ход" in out
    assert "А3 — не свободная клетка поля" in out  # cells named in the field's letters
    assert "'танцуй' — не команда" in out
    assert "Б9 — за пределами поля 9×8 (А1–И8)" in out  # the cell as typed
    assert "огонь Б8 север" in out and "Б10" not in out  # the help, on the field in play
    assert "Победа: Компьютер (соперник сдался)" in out
    record = read_record_file(save)
    assert record.game.name == "manoeuvres" and record.log is not None
    assert record.players[1].level == "novice"


def test_a_game_in_english_and_its_replay(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, out = play(monkeypatch, capsys, "en",
                       ["n", "", "mark B2 cr", "resign", "y", "n"], save)
    assert status == 0 and "Your set-up" in out
    assert "Won by Computer: the opponent resigned" in out
    assert main(["replay", str(save), "--all", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert "Player against Computer (novice)" in shown
    assert "Move 1 of" in shown and "Player: set up" in shown
    assert "Won by Computer (novice): the opponent resigned" in shown
    assert " F " in shown and " f " in shown  # every piece shown, both sides
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "manoeuvres"


def test_the_line_game_s_settings_take_presets_files_and_the_five_level_names(
        tmp_path: Path) -> None:
    options = PlayOptions("manoeuvres", None, "hard", "en")
    assert LINE_GAME.settings(options).rules == rules_named(DEFINITION, "seed")
    skirmish = LINE_GAME.settings(PlayOptions("manoeuvres", "skirmish", "novice", "en"))
    assert skirmish.rules == DEFINITION.presets()["skirmish"]
    levels = {name: LINE_GAME.settings(PlayOptions("manoeuvres", None, name, "en")).level
              for name in ("novice", "easy", "medium", "hard", "admiral", "Admiral")}
    assert levels == {"novice": "novice", "easy": "medium", "medium": "medium",
                      "hard": "hard", "admiral": "hard", "Admiral": "hard"}
    with pytest.raises(SeaBattleError, match="novice, easy, medium, hard, admiral"):
        LINE_GAME.settings(PlayOptions("manoeuvres", None, "expert", "en"))
    with pytest.raises(SeaBattleError, match="'nonsense': name a preset \\(seed, skirmish\\)"):
        LINE_GAME.settings(PlayOptions("manoeuvres", "nonsense", "hard", "en"))
    rules_file = tmp_path / "small.json"
    rules_file.write_text('{"name": "skirmish", "quiet_turns": 30}', encoding="utf-8")
    assert rules_named(DEFINITION, str(rules_file)).quiet_turns == 30
    with pytest.raises(SeaBattleError, match="cannot read the rules file"):
        rules_named(DEFINITION, str(tmp_path / "missing.json"))


def test_match_takes_a_preset_and_the_five_level_names_and_lists_presets(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--game", "manoeuvres", "easy", "novice", "--rules", "skirmish",
                 "--games", "1", "--jobs", "1", "--seed", "1", "--lang", "en",
                 "--no-progress"]) == 0
    shown = capsys.readouterr().out
    assert "skirmish" in shown and "easy" in shown
    assert main(["match", "--game", "manoeuvres", "novice", "novice", "--rules", "nonsense",
                 "--lang", "en"]) != 0
    refusal = capsys.readouterr().err
    assert "no rule set 'nonsense': name a preset (seed, skirmish)" in refusal
    assert "Errno" not in refusal


def run_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
              language: str, lines: list[str], *options: str) -> str:
    """``seabattle play --game manoeuvres --plain`` on skirmish's field, seed 3, given
    ``lines``; its output."""
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    main(["play", "--game", "manoeuvres", "--plain", "--rules", "skirmish", "--lang", language,
          "--seed", "3", *options])
    return capsys.readouterr().out


def test_the_set_up_question_explains_its_answers_and_draws_only_on_no(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = run_lines(monkeypatch, capsys, "en", ["help", "A12 fort", "", "quit"])
    assert out.count("Your set-up. Keep it") == 3
    assert out.count("Enter (or y) keeps this set-up, n draws another") == 2
    assert out.count(" 8  ") == 2  # the set-up shown once, then the game's field
    drawn = run_lines(monkeypatch, capsys, "en", ["n", "", "quit"])
    assert drawn.count(" 8  ") == 3 and "keeps this set-up" not in drawn


def test_narration_reads_for_you_and_the_computer_and_resigning_is_confirmed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The defect's game: the computer's torpedo boat takes a submarine, then attacks again
    # (the player's first move is one after which today's hard does so).
    out = run_lines(monkeypatch, capsys, "en",
                    ["", "A6 A5", "resign", "maybe", "n", "resign", "y", "n"],
                    "--level", "hard")
    assert "By lot, the first turn: You" in out
    assert "won by Computer" in out and "You: the submarine on F6 is lost" in out
    assert "You wins" not in out and "You loses" not in out
    assert "Resign the game? (y/n) Please answer y (yes) or n (no)." in out
    assert out.count("Resign the game?") == 3  # asked again, then no, then yes
    assert "Won by Computer: the opponent resigned" in out


@pytest.mark.parametrize(("mover", "offers_a_shot"), [
    (Kind.SUBMARINE, False), (Kind.TORPEDO_BOAT, True)])
def test_the_prompt_after_a_move_offers_a_shot_only_after_a_torpedo_boat_moved(
        mover: Kind, offers_a_shot: bool) -> None:
    # A 5×4 field: a fort and a battleship on each back row, the mover on B3 below the
    # enemy's battleship on B1; the player (seat 0) has the first turn.
    pieces = ((Kind.FORT, 1), (mover, 1), (Kind.BATTLESHIP, 1))
    rules = ManoeuvreRules(name="test", columns=5, rows=4, setup_rows=2, quiet_turns=50,
                           pieces=tuple(sorted(pieces, key=lambda p: p[0].value)))
    session = ManoeuvreSession(ManoeuvreSettings(rules, "novice"), seed=1)
    state = session.state
    state.apply(0, Deploy(((11, mover), (15, Kind.FORT), (16, Kind.BATTLESHIP))))
    state.apply(1, Deploy(((0, Kind.FORT), (1, Kind.BATTLESHIP), (2, mover))))
    state.apply_chance(DrawFirst(0))
    out = io.StringIO()
    lines = LineIO(io.StringIO("B3 B2\nquit\n"), out, "en", coordinates(rules, "en"))
    with pytest.raises(EndOfInput):
        LineMatch(lines, session).play()
    after_move = out.getvalue().split("B3 → B2")[-1]
    assert ("Attack, fire beside the boat you moved, or end:" in after_move) is offers_a_shot
    assert ("Attack, or end:" in after_move) is not offers_a_shot


def test_russian_refusals_name_cells_in_russian_letters_and_levels_in_russian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = run_lines(monkeypatch, capsys, "ru", ["", "А6 А4", "выход"], "--level", "hard")
    assert "линкор на А6 не может пройти на А4" in out  # both Cyrillic
    assert "(сильный)" in out and "(hard)" not in out


def test_a_set_up_by_hand_in_line_mode_refuses_in_words_and_is_played(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out = run_lines(monkeypatch, capsys, "en",
                    ["A8 fort", "A1 fort", "A8 bomb", "A8 -", "B8 f", "C8 dancer", "help",
                     "fill", "resign", "y", "n"],
                    "--manual", "--level", "novice", "--save", str(save))
    assert "Set up by hand in your 3 back rows" in out
    assert "Put: fort on A8" in out and "Put: fort on B8" in out
    assert "A1 is not in your 3 back rows" in out
    assert "two pieces on A8" in out
    assert "Taken back from A8" in out
    assert "'dancer' is not a kind of piece" in out
    assert "A8 fort (or A8 f) puts a piece" in out  # the help names a cell of this field
    assert "To put: F 1, B 1" in out  # what is left, after the first fort
    assert "Won by Computer: the opponent resigned" in out
    record = read_record_file(save)
    assert record.log is not None
    deploy = next(move.action for move in record.log
                  if move.actor == 0 and isinstance(move.action, Deploy))
    assert isinstance(deploy, Deploy)
    names = coordinates(record.rules, "en")
    layout = dict(deploy.layout)
    assert layout[names.parse("B8")] is Kind.FORT  # put by hand, kept by fill
    assert len(layout) == record.rules.piece_total
