"""The command line, run as a real subprocess: the line-by-line game, replay, errors."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from seabattle.battleship.definition import BattleshipDefinition
from seabattle.battleship.events import Handover, Shot
from seabattle.battleship.record import GameRecord
from seabattle.cli import main
from seabattle.coords import Alphabet
from seabattle.games.chance import draw
from seabattle.games.interface import GameParts
from seabattle.games.registry import find_game, register, unregister
from seabattle.i18n import Language
from seabattle.records import Record, record_of_log, write_record

LATIN = "ABCDEFGHIJ"
EVERY_CELL = [f"{c}{r}" for r in range(1, 11) for c in LATIN]


STATE_HOME = tempfile.mkdtemp(prefix="seabattle-state-")
"""The state folder of the commands run here (where the first game's guide is remembered),
never the user's own."""


def seabattle(*args: str, stdin: str = "", env_lang: str = "C",
              state: str = STATE_HOME) -> subprocess.CompletedProcess[str]:
    """Run ``python -m seabattle ARGS`` with ``stdin``; output as text."""
    return subprocess.run(
        [sys.executable, "-m", "seabattle", *args], input=stdin, capture_output=True,
        text=True, timeout=120, check=False,
        env={"LANG": env_lang, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": state})


def test_plain_game_to_the_end_saves_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = seabattle("play", "--plain", "--rules", "six", "--seed", "4", "--level", "novice",
                     "--first", "me", "--lang", "en", "--save", str(record),
                     stdin="\n".join([*EVERY_CELL, "n"]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "You shoot first." in done.stdout
    assert "Your fleet" in done.stdout and "Enemy waters" in done.stdout
    assert "You fire at A1:" in done.stdout
    assert "The computer fires at" in done.stdout
    assert ("You win!" in done.stdout) != ("You lose." in done.stdout)
    assert "accuracy" in done.stdout
    game = GameRecord.from_json(record.read_text(encoding="utf-8")).game()
    assert game.is_over
    replay = seabattle("replay", str(record), "--all", "--lang", "en")
    assert replay.returncode == 0, replay.stderr
    assert f"Move {len(game.events)}/{len(game.events)}" in replay.stdout
    assert "won." in replay.stdout


def test_plain_refuses_bad_input_at_no_cost_and_saves_an_unfinished_game(tmp_path: Path) -> None:
    record = tmp_path / "unfinished.json"
    done = seabattle("play", "--plain", "--seed", "2", "--first", "me", "--lang", "ru",
                     "--save", str(record), stdin="б3\nчепуха\nБ3\nк11\n")
    assert done.returncode == 1  # input ended before the game did
    assert "Ваш выстрел по Б3:" in done.stdout
    assert "'чепуха' — не клетка" in done.stdout
    assert "По Б3 вы уже стреляли" in done.stdout
    assert "за пределами поля" in done.stdout
    saved = GameRecord.from_json(record.read_text(encoding="utf-8"))
    shots = [e for e in saved.events if isinstance(e, Shot) and e.player == 0]
    assert [e.cell for e in shots] == [1 + 2 * 10]  # only Б3 counted
    assert not saved.game().is_over


def test_manual_placement_refuses_an_illegal_ship_with_the_reason() -> None:
    lines = ["A1 h", "A2 h", "undo", "zz h", "zz", "auto", "quit"]
    done = seabattle("play", "--plain", "--manual", "--seed", "1", "--lang", "en",
                     "--level", "easy", stdin="\n".join(lines) + "\n")
    assert "Place the battleship (cells: 4)" in done.stdout
    assert "Place the cruiser (cells: 3)" in done.stdout
    assert "touches the battleship" in done.stdout
    assert "'zz' is not a cell" in done.stdout
    assert "write the first cell and h (across) or v (down)" in done.stdout
    assert "Your shot:" in done.stdout


def test_same_seed_same_game(tmp_path: Path) -> None:
    shots = "\n".join(EVERY_CELL[:30]) + "\n"
    outputs = [seabattle("play", "--plain", "--seed", "11", "--lang", "en", stdin=shots).stdout
               for _ in range(2)]
    assert outputs[0] == outputs[1]


def test_rules_file_and_errors(tmp_path: Path) -> None:
    rules = tmp_path / "tiny.toml"
    rules.write_text('width = 6\nshoot_again = false\n[[ships]]\nsize = 3\n[[ships]]\n'
                     'size = 1\ncount = 2\n', encoding="utf-8")
    cells = [f"{c}{r}" for r in range(1, 7) for c in "ABCDEF"]
    done = seabattle("play", "--plain", "--rules", str(rules), "--seed", "3", "--lang", "en",
                     "--alphabet", "latin", stdin="\n".join([*cells, "n"]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Rules: custom, 6×6" in done.stdout

    bad = tmp_path / "bad.toml"
    bad.write_text('width = 4\n[[ships]]\nsize = 4\ncount = 9\n', encoding="utf-8")
    refused = seabattle("play", "--plain", "--rules", str(bad), "--lang", "en")
    assert refused.returncode == 2
    assert "no fleet fits these rules" in refused.stderr

    unknown = seabattle("play", "--rules", "chess", "--lang", "ru")
    assert unknown.returncode == 2
    assert "неизвестный набор правил 'chess'" in unknown.stderr

    missing = seabattle("replay", str(tmp_path / "nope.json"), "--lang", "en")
    assert missing.returncode == 2
    assert "cannot read the record" in missing.stderr


@pytest.mark.parametrize("tamper", ["result", "json"])
def test_replay_refuses_a_tampered_record(tmp_path: Path, tamper: str) -> None:
    record = tmp_path / "game.json"
    seabattle("play", "--plain", "--seed", "4", "--first", "me", "--save", str(record),
              stdin="A1\nB1\nC1\n")
    data = json.loads(record.read_text(encoding="utf-8"))
    if tamper == "result":
        data["events"][0]["result"] = "sunk" if data["events"][0]["result"] != "sunk" else "miss"
        record.write_text(json.dumps(data), encoding="utf-8")
    else:
        record.write_text("{not json", encoding="utf-8")
    done = seabattle("replay", str(record), "--all", "--lang", "en")
    assert done.returncode == 2
    assert "invalid game record" in done.stderr


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("game", ["classic", "variant-minesweepers", "flying-dutchman"])
def test_replay_shows_a_record_of_version_2_as_of_version_1(game: str) -> None:
    shown = {version: seabattle("replay", str(path), "--all", "--lang", "ru").stdout
             for version, path in (("1", GOLDEN / "version-1" / f"{game}.json"),
                                   ("2", GOLDEN / f"{game}.json"))}
    assert shown["1"] == shown["2"]
    assert shown["2"].startswith("hard (hard)") and "Начало партии." in shown["2"]
    assert "Победил" in shown["2"]


POND = {"name": "pond", "width": 6, "height": 5, "ships": [{"size": 3}, {"size": 1, "count": 2}]}


def battleship_played(seed: int) -> tuple[Any, Any]:
    """A whole game of Battleship on a small field played through the interface with random
    moves: the definition's state and its rules."""
    game = find_game("battleship")
    rules = game.rules_from_data(POND)
    rng = random.Random(seed)
    state = game.new_state(rules)
    while not state.actors.over:
        if state.actors.chance:
            state.apply_chance(draw(state.chance_outcomes(), rng))
        else:
            seat = min(state.actors.seats)
            state.apply(seat, state.random_action(seat, rng))
    return state, rules


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["replay", str(path), "--all", "--lang", "en"])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_shows_a_battleship_log_as_its_events(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    state, rules = battleship_played(6)
    as_log, as_events = tmp_path / "log.json", tmp_path / "events.json"
    as_log.write_text(write_record(record_of_log(find_game("battleship"), rules, state.log)),
                      encoding="utf-8")
    as_events.write_text(GameRecord.of(state.game).to_json(), encoding="utf-8")
    assert "log" in json.loads(as_log.read_text(encoding="utf-8"))
    status, shown, _ = replayed(as_events, capsys)
    assert status == 0 and shown.count(" won.") == 1
    assert replayed(as_log, capsys) == (0, shown, "")
    before_the_battle = tmp_path / "setup.json"
    before_the_battle.write_text(write_record(record_of_log(find_game("battleship"), rules,
                                                            state.log[:1])), encoding="utf-8")
    status, shown, refused = replayed(before_the_battle, capsys)
    assert status == 2 and "the battle never began" in refused


class Renamed(BattleshipDefinition):
    """A game registered by a test, as a game outside the package would be: Battleship
    under another name, with no parts until a test gives it some."""

    name = "battleship-copy"
    parts = GameParts()


def renamed(parts: GameParts) -> Renamed:
    """:class:`Renamed` with ``parts``."""
    game = Renamed()
    game.parts = parts
    return game


class LogText:
    """A game's own replay text: the log's moves as data, the spectator's view of each."""

    def __init__(self, record: Record, language: Language, alphabet: Alphabet | None) -> None:
        self.record, self.log = record, record.log or ()
        self.header = f"{record.game.name}: {len(self.log)} moves ({language})"
        self.count = len(self.log)

    def frame(self, position: int) -> str:
        game = self.record.game
        state = game.replay(self.record.rules, self.log[:position])
        return f"position {position}: {game.view_to_data(state.view(None))['phase']}"


REPLAY_TEXT = LogText
"""This module as a game's ``replay_text`` part."""


@pytest.fixture
def registered() -> Iterator[str]:
    register(Renamed())
    try:
        yield Renamed.name
    finally:
        unregister(Renamed.name)


def test_replay_shows_a_registered_game_through_its_own_replay_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], registered: str) -> None:
    state, rules = battleship_played(2)
    path = tmp_path / "copy.json"
    path.write_text(write_record(record_of_log(find_game(registered), rules, state.log)),
                    encoding="utf-8")
    status, _, refused = replayed(path, capsys)
    assert status == 2
    assert "seabattle replay does not play battleship-copy yet; it plays: battleship" in refused

    register(renamed(GameParts(replay_text=__name__)))
    status, shown, _ = replayed(path, capsys)
    count = len(state.log)
    assert status == 0
    # Both fleets placed, then the lot: the battle begins at position 3.
    assert shown.splitlines() == [f"battleship-copy: {count} moves (en)",
                                  *(f"position {n}: setup" for n in range(3)),
                                  *(f"position {n}: battle" for n in range(3, count + 1))]

    # Battleship's text serves it too
    register(renamed(GameParts(replay_text="seabattle.battleship.terminal.replay")))
    original = tmp_path / "original.json"
    original.write_text(GameRecord.of(state.game).to_json(), encoding="utf-8")
    assert replayed(path, capsys) == replayed(original, capsys)


def test_plain_salvo_game_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "salvo.json"
    # Three cells a turn: on one line, or one per line.
    lines = ["A1 B1 C1", "D1", "E1", "D1", "F1", *EVERY_CELL[6:], "n"]
    done = seabattle("play", "--plain", "--salvo", "3", "--seed", "4", "--level", "medium",
                     "--first", "me", "--lang", "en", "--save", str(record),
                     stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Salvo: 3 shots this turn." in done.stdout
    assert "Also:" not in done.stdout  # no marks of its own to explain
    assert "Your salvo, 3 of 3 cells still to name:" in done.stdout
    assert "Your salvo, 2 of 3 cells still to name:" in done.stdout
    assert "the salvo names D1 twice" in done.stdout
    for cell in ("A1", "B1", "C1", "D1", "E1", "F1"):
        assert f"You fire at {cell}:" in done.stdout
    game = GameRecord.from_json(record.read_text(encoding="utf-8")).game()
    assert game.is_over and game.rules.salvo.to_data() == 3


def test_plain_mines_hand_over_a_cell_and_the_record_holds_it(tmp_path: Path) -> None:
    record = tmp_path / "mines.json"
    # Every cell in order, each followed by "auto": refused at no cost where a shot is
    # due, it lets the computer choose where a decision is (the person hits a mine
    # sooner or later and hands over a cell).
    lines = [word for cell in EVERY_CELL for word in (cell, "auto")]
    done = seabattle("play", "--plain", "--mines", "2", "--submarines", "1", "--seed", "7",
                     "--level", "novice", "--first", "me", "--lang", "en",
                     "--save", str(record), stdin="\n".join([*lines, "n"]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Also: + mine, ! handed over (a sure hit), S submarine." in done.stdout
    assert ": Mine!" in done.stdout
    assert "hand over one unhit cell of your fleet" in done.stdout
    assert "You hand over" in done.stdout
    saved = GameRecord.from_json(record.read_text(encoding="utf-8"))
    assert any(isinstance(event, Handover) for event in saved.events)
    assert saved.game().is_over


def test_plain_variant_options_that_do_not_go_together_are_refused() -> None:
    done = seabattle("play", "--plain", "--salvo", "2", "--mines", "1", "--lang", "en")
    assert done.returncode == 2
    assert "salvoes do not combine with submarines, mines" in done.stderr


# --- what a user may get wrong on the command line ------------------------------------

def test_playing_again_saves_each_game_to_its_own_file(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "\n".join(EVERY_CELL)
    done = seabattle("play", "--plain", "--rules", "six", "--seed", "4", "--level", "novice",
                     "--first", "me", "--lang", "en", "--save", str(record),
                     stdin=f"{moves}\ny\n{moves}\nn\n")
    assert done.returncode == 0, done.stderr
    second = tmp_path / "game-2.json"
    assert f"Game saved to {record}." in done.stdout and f"Game saved to {second}." in done.stdout
    first_game, second_game = (GameRecord.from_json(path.read_text(encoding="utf-8")).game()
                               for path in (record, second))
    assert first_game.is_over and second_game.is_over
    assert first_game.fleets != second_game.fleets


@pytest.mark.parametrize(("args", "words"), [
    (["play", "--save", "/no/such/folder/game.json"], "there is no folder '/no/such/folder'"),
    (["play", "--salvo", "200"], "salvo = 200 is not valid: expected a number of shots from 1 to"),
    (["play", "--mines", "-1"], "'-1': expected a whole number from 0 up"),
    (["match", "easy", "hard", "--games", "0"], "'0': expected a whole number from 1 up"),
    (["match", "easy", "hard", "--time-ms", "-5"], "'-5': expected a whole number from 1 up"),
    (["match", "hard:foo", "easy"], "unknown placement strategy 'foo'"),
    (["tournament", "easy", "hard", "--jobs", "0"], "'0': expected a whole number from 1 up"),
    (["bench", "--games", "0"], "the number of games must be at least 1, not 0"),
    (["serve", "--port", "99999"], "'99999': expected a whole number from 1 to 65535"),
    (["serve", "--grace", "-5"], "'-5': expected a whole number from 0 up"),
])
def test_bad_option_values_are_refused_before_anything_starts(args: list[str],
                                                              words: str) -> None:
    done = seabattle(*args)  # in English: the locale is C
    assert done.returncode == 2
    assert words in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_files_that_cannot_be_used_are_refused_with_the_reason(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "records"
    not_a_folder.write_text("", encoding="utf-8")
    binary = tmp_path / "rules.toml"
    binary.write_bytes(bytes(range(128, 256)))
    text = tmp_path / "rules.txt"
    text.write_text("width = 6\n", encoding="utf-8")
    not_a_database = tmp_path / "games.sqlite3"
    not_a_database.write_text("hello " * 200, encoding="utf-8")
    for args, words in (
            (["match", "easy", "hard", "--games", "1", "--records", str(not_a_folder)],
             f"cannot write into the folder '{not_a_folder}'"),
            (["play", "--rules", str(binary)], "it is not UTF-8 text"),
            (["bench", "--rules", str(text)], "a rules file is read by its ending"),
            (["serve", "--db", str(tmp_path)], f"cannot use the database '{tmp_path}'"),
            (["serve", "--db", str(not_a_database)], "file is not a database")):
        done = seabattle(*args)
        assert done.returncode == 2, args
        assert words in done.stderr, args
        assert "Traceback" not in done.stderr and done.stdout == "", args


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "seabattle", "bench", "--games", "4", "--level", "novice",
         "--jobs", "1", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head` does once it has read enough
    errors = process.stderr.read()
    assert process.wait(timeout=120) == 141
    assert "Traceback" not in errors and "BrokenPipe" not in errors


def test_refusals_name_cells_in_the_fields_own_letters() -> None:
    done = seabattle("play", "--plain", "--manual", "--seed", "1", "--lang", "ru",
                     stdin="Б3 г\nБ4 г\nquit\n")
    assert "крейсер» (Б4–Г4) касается корабля «линкор»" in done.stdout
    assert "B4" not in done.stdout


def test_the_plain_legend_explains_only_the_marks_the_rules_can_show() -> None:
    # The classroom's rules: mines draw problems there, so no cell is ever handed over.
    done = seabattle("play", "--plain", "--rules", "math", "--lang", "en", "--seed", "1")
    assert "Also: + mine." in done.stdout and "handed over" not in done.stdout


# --- issue 18: the line game as a screen reader hears it --------------------------------------

def field_prints(out: str) -> int:
    """How many times both fields were printed (their title line)."""
    return out.count("Your fleet")


def test_plain_prints_the_fields_when_they_change_or_when_asked() -> None:
    done = seabattle("play", "--plain", "--seed", "2", "--first", "me", "--lang", "en",
                     "--level", "novice", stdin="zz\nhelp\nk11\nboard\nB3\nquit\n")
    out = done.stdout
    before_shot = out.split("You fire at B3")[0]
    # Once at the start, once more only for «board»: no reprint after a typo or help.
    assert field_prints(before_shot) == 2
    assert field_prints(out) == 3, "after the shot the fields changed: printed again"


def test_plain_own_sunk_ships_show_as_sunk() -> None:
    shots = [f"{c}{r}" for r in range(1, 11) for c in LATIN]
    done = seabattle("play", "--plain", "--seed", "1", "--level", "hard", "--lang", "en",
                     stdin="\n".join([*shots, "n"]) + "\n")
    own_rows = [line[:24] for line in done.stdout.splitlines()
                if line[:3].strip().isdigit()]
    assert any("#" in row for row in own_rows), "a ship of mine the computer sank shows #"


def test_plain_russian_header_is_translated_and_the_stats_need_no_plural() -> None:
    done = seabattle("play", "--plain", "--seed", "2", "--lang", "ru", "--announce", "none",
                     "--first", "me", stdin="quit\n")
    header = done.stdout.splitlines()[0]
    assert header.startswith("Морской бой. Правила: классика, 10×10;")
    assert "о потоплении молчат" in header
    assert "announce" not in header and "classic" not in header and "False" not in header
    assert "B3 — это Б3" in done.stdout, "how a Latin keyboard's letters are read"
    done = seabattle("play", "--plain", "--seed", "4", "--first", "ai", "--lang", "en",
                     stdin="resign\nn\n")
    assert "Computer — shots: 2, " in done.stdout and " shots," not in done.stdout


def test_plain_help_while_placing_and_what_quit_does() -> None:
    done = seabattle("play", "--plain", "--manual", "--seed", "1", "--lang", "en",
                     stdin="help\nquit\n")
    assert "Placing: the first cell and h (across)" in done.stdout
    assert "Try again" not in done.stdout, "help is no bad placement"
    assert done.stdout.count(" A B C") == 1, "the field printed once, not again after help"
    done = seabattle("play", "--plain", "--seed", "1", "--lang", "en", stdin="help\nquit\n")
    assert "the game is not kept (start with --save FILE" in done.stdout


def test_plain_help_says_where_quit_saves(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    done = seabattle("play", "--plain", "--seed", "1", "--lang", "en", "--save", str(record),
                     stdin="help\nquit\n")
    assert f"the game is saved to {record}" in done.stdout


def test_plain_play_again_takes_only_yes_or_no() -> None:
    done = seabattle("play", "--plain", "--seed", "1", "--lang", "en",
                     stdin="resign\nmaybe\n\nn\n")
    assert done.stdout.count("Please answer y (yes) or n (no).") == 2
    assert done.stdout.rstrip().endswith("Goodbye!")
    assert done.returncode == 0


def test_seabattle_alone_prints_the_help_where_nobody_can_play() -> None:
    done = seabattle()
    assert done.returncode == 0
    assert "usage: seabattle" in done.stdout and "play" in done.stdout


def test_seabattle_alone_at_a_terminal_starts_the_game() -> None:
    import os
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on a terminal of 80×24
        os.execve(sys.executable, [sys.executable, "-m", "seabattle"],
                  {"LANG": "C", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
                   "XDG_STATE_HOME": STATE_HOME,
                   "COLUMNS": "80", "LINES": "24"})
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while b"place your fleet" not in seen and time.monotonic() < deadline:
            if select.select([fd], [], [], 1)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        assert b"place your fleet" in seen, "the full-screen game's set-up, not the help"
        os.write(fd, b"q")  # quits at once: no ship placed yet
        status = 0
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if select.select([fd], [], [], 0.2)[0]:
                with contextlib.suppress(OSError):
                    os.read(fd, 65536)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(fd)


def test_the_first_games_guide_is_said_once_then_only_when_asked(tmp_path: Path) -> None:
    state = str(tmp_path)
    first = seabattle("play", "--plain", "--seed", "1", "--lang", "en", stdin="quit\n",
                      state=state)
    assert "First game? Your fleet is placed for you" in first.stdout
    again = seabattle("play", "--plain", "--seed", "1", "--lang", "ru", stdin="quit\n",
                      state=state)
    assert "Первая партия?" not in again.stdout and "First game?" not in again.stdout
    asked = seabattle("play", "--plain", "--seed", "1", "--lang", "ru", "--guide",
                      stdin="quit\n", state=state)
    assert "Первая партия? Флот расставлен за вас" in asked.stdout


def test_ship_shapes_and_the_dutchmans_decks_are_play_options() -> None:
    done = seabattle("play", "--plain", "--shape", "square", "--seed", "1", "--lang", "en",
                     stdin="quit\n")
    assert "ships of special shapes" in done.stdout
    done = seabattle("play", "--plain", "--rules", "flying-dutchman", "--dutchman-decks", "7",
                     "--seed", "1", "--lang", "en", stdin="quit\n")
    assert "Flying Dutchman (7)×1" in done.stdout
    refused = seabattle("play", "--plain", "--dutchman-decks", "7", "--lang", "en")
    assert refused.returncode == 2 and "flying-dutchman" in refused.stderr
    refused = seabattle("play", "--plain", "--dutchman-decks", "9", "--lang", "en")
    assert refused.returncode == 2


def test_plain_perelmans_placement_is_offered_beside_auto() -> None:
    done = seabattle("play", "--plain", "--manual", "--seed", "1", "--lang", "ru",
                     "--first", "me", stdin="помощь\nперельман\nquit\n")
    assert "перельман — весь флот по Перельману" in done.stdout
    assert "Вы стреляете первым." in done.stdout, "the fleet was placed: the battle began"
    done = seabattle("play", "--plain", "--manual", "--rules", "flying-dutchman", "--seed", "1",
                     "--lang", "en", stdin="perelman\nquit\n")
    assert "Perelman's placement is for straight and shaped ships only" in done.stdout


def test_the_classic_voice_of_seed_000_speaks_in_line_mode() -> None:
    shots = [f"{c}{r}" for r in range(1, 11) for c in LATIN]
    done = seabattle("play", "--plain", "--seed", "3", "--first", "me", "--lang", "ru",
                     "--level", "novice", "--voice", "classic",
                     stdin="\n".join([*shots, "n"]) + "\n")
    out = done.stdout
    assert "Ждём приказа:" in out and "Ваш выстрел:" not in out
    assert "Ранил! Отличный выстрел, продолжайте!" in out
    assert "Корабль противника уничтожен!" in out
    assert "Мимо! На этот раз Компьютер, промахнулся! Ваш ход!" in out
    assert "Player выиграл матч! Поздравляем!" in out
    assert "Мимо! \n" not in out, "no remark where the seed has none"
    plain = seabattle("play", "--plain", "--seed", "3", "--first", "me", "--lang", "ru",
                      stdin="a1\nquit\n")
    assert "Ждём приказа" not in plain.stdout and "Отличный выстрел" not in plain.stdout


def test_plain_pre_revolutionary_rules_draw_with_the_seeds_marks() -> None:
    shots = [f"{c}{r}" for r in range(1, 11) for c in LATIN]
    done = seabattle("play", "--plain", "--rules", "pre-revolutionary", "--seed", "3",
                     "--first", "me", "--level", "novice", "--lang", "ru",
                     stdin="\n".join([*shots, "n"]) + "\n")
    out = done.stdout
    assert "Правила: дореволюционные, 10×10" in out and "ходы чередуются" in out
    assert "броненосец (4)×1" in out and "миноносец (2)×3" in out
    assert "~ вода" in out and ". мимо" in out and "- ранен" in out and "x убит" in out
    enemy_rows = [line[26:] for line in out.splitlines() if line[:3].strip().isdigit()]
    assert any("x" in row for row in enemy_rows) and not any("#" in row for row in enemy_rows)


@pytest.mark.parametrize(("game", "option"), [
    ("manoeuvres", ["--salvo", "2"]), ("fleet-battle", ["--mines", "2"]),
    ("manoeuvres", ["--first", "me"]), ("fleet-battle", ["--alphabet", "latin"])])
def test_plain_play_of_another_game_refuses_battleship_options(game: str,
                                                                option: list[str]) -> None:
    done = seabattle("play", "--game", game, "--plain", "--lang", "en", *option, stdin="quit\n")
    assert done.returncode != 0
    assert f"{option[0]} does not go with --game {game}: only Battleship" in done.stderr
    assert done.stdout == ""  # refused before anything is played
