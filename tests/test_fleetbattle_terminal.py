"""The fleet battle in text: a whole line-mode battle against the computer in English and
in Russian through the line-mode shell, manual placement with its refusals, and the replay
of a saved record through ``seabattle replay``."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest

from seabattle.cli import main
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.terminal.lines import FleetSettings
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
        shots = re.search(r"(\d+) shots|выстрелов: (\d+)", prompt)
        if shots is None:
            return "n\n"
        count = int(shots.group(1) or shots.group(2))
        return (" ".join(next(self.cells) for _ in range(count)) or "hold") + "\n"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_whole_battle_line_by_line(language: Language, tmp_path: Path) -> None:
    letters = "ABCDEFGHI" if language == "en" else "АБВГДЕЖЗИ"
    cells = [f"{letters[c]}{r}" for r in range(1, 7) for c in range(9)]
    out = io.StringIO()
    settings = FleetSettings(PRESETS["equal"], "novice", language, seed=5,
                             save_path=tmp_path / "battle.json")
    code = PlainGame(settings, Answers(out, cells), out, game="fleet-battle").run()
    text = out.getvalue()
    assert code == 0, text[-2000:]
    if language == "en":
        assert "— Turn 1 —" in text and "Orders (8 shots" in text and " wins: " in text
    else:
        assert "— Ход 1 —" in text and "Приказ (выстрелов: 8" in text
        assert "Победа" in text or "Ничья" in text
    assert (tmp_path / "battle.json").exists()
    assert main(["replay", str(tmp_path / "battle.json"), "--all", "--lang", language]) == 0


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
    assert "straight line of 2 cells" in text  # D1 D3
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
    out = capsys.readouterr().out
    assert "Player against Computer (captain)" in out
    assert "Move 1 of" in out and "Your" not in out
    assert "corvette ×2, brig ×3, transport ×1 against frigate ×1" in out


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
