"""The manoeuvre game in text: ``seabattle play --game manoeuvres --plain`` in Russian and
English against the computer, its record, and ``seabattle replay`` of it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from seabattle.cli import main
from seabattle.errors import SeaBattleError
from seabattle.manoeuvres.terminal.lines import LINE_GAME, rules_from_text
from seabattle.records import read_record_file
from seabattle.terminal.lines import PlayOptions


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
                       ["", "А6 А3", "танцуй", "помощь", "сдаюсь", "н"], save)
    assert status == 0
    assert "Ваша расстановка" in out and "по жребию первый ход" in out
    assert "А3 — не свободная клетка поля" in out  # cells named in the field's letters
    assert "'танцуй' — не команда" in out
    assert "огонь Б10 север" in out  # the help
    assert "победа: Компьютер (соперник сдался)" in out
    record = read_record_file(save)
    assert record.game.name == "manoeuvres" and record.log is not None
    assert record.players[1].level == "novice"


def test_a_game_in_english_and_its_replay(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    status, out = play(monkeypatch, capsys, "en",
                       ["n", "", "mark B2 cr", "resign", "n"], save)
    assert status == 0 and "Your set-up" in out
    assert "Computer wins: the opponent resigned" in out
    assert main(["replay", str(save), "--all", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert "Player against Computer (novice)" in shown
    assert "Move 1 of" in shown and "Player: set up" in shown
    assert "Computer (novice) wins: the opponent resigned" in shown
    assert " F " in shown and " f " in shown  # every piece shown, both sides
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "manoeuvres"


def test_the_line_game_s_settings_refuse_bad_options(tmp_path: Path) -> None:
    options = PlayOptions("manoeuvres", None, "hard", "en")
    assert LINE_GAME.settings(options).rules == rules_from_text("seed")
    with pytest.raises(SeaBattleError, match="novice, medium, hard"):
        LINE_GAME.settings(PlayOptions("manoeuvres", None, "expert", "en"))
    rules_file = tmp_path / "small.json"
    rules_file.write_text('{"name": "skirmish", "quiet_turns": 30}', encoding="utf-8")
    assert rules_from_text(str(rules_file)).quiet_turns == 30
    with pytest.raises(SeaBattleError, match="cannot read the rules file"):
        rules_from_text(str(tmp_path / "missing.json"))
