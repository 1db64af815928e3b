"""``seabattle analyze FILE``: each shot of a saved game judged by the admiral.

See ``docs/analyze.md``; the computation is :mod:`seabattle.battleship.analysis`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text as RichText

from seabattle.battleship.analysis import PlayerAnalysis, Verdict, analyze_record
from seabattle.battleship.events import ShotResult
from seabattle.battleship.record import GameRecord
from seabattle.battleship.session import GameSettings
from seabattle.commands.options import add_language_options, chosen_alphabet, chosen_language
from seabattle.coords import ALPHABETS, Coordinates
from seabattle.errors import SeaBattleError
from seabattle.i18n import MESSAGES, Language, decimal, translate
from seabattle.records import read_record_file

VERDICT_STYLES: dict[Verdict, str] = {
    Verdict.BEST: "green",
    Verdict.GOOD: "",
    Verdict.INACCURACY: "yellow",
    Verdict.MISTAKE: "dark_orange",
    Verdict.BLUNDER: "bold red",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` sub-command."""
    parser = subparsers.add_parser(
        "analyze", help="judge every shot of a saved game against the admiral",
        description="For each shot of a saved game: the chance the chosen cell held a ship, "
                    "against the most probable cell, from what the shooter knew then; and "
                    "how many shots the admiral needs against the same fleet.")
    parser.add_argument("record", type=Path, help="a game record written by --save")
    parser.add_argument("--player", type=int, choices=(0, 1), default=None,
                        help="analyse only this player, as numbered in the record "
                             "(0 owns the first fleet); default both")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the estimates and the admiral's games (default 0)")
    parser.add_argument("--games", type=int, default=10, metavar="N",
                        help="admiral games against each fleet, from the start (default 10; "
                             "0 skips them)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_language_options(parser)
    parser.set_defaults(run=run)


def read_battleship_record(path: Path) -> GameRecord:
    """A Battleship record with its own body (fleets and events) in a file: the analysis
    is Battleship's only. Unreadable files, and records of other games, raise a translated
    error."""
    record = read_record_file(path)
    if record.game.name != "battleship":
        raise SeaBattleError("error.game_not_in_command", command="analyze",
                             game=record.game.name, known="battleship")
    if not isinstance(record.body, GameRecord):
        raise SeaBattleError("error.analyze_log_record")
    return record.body


def run(args: argparse.Namespace) -> int:
    """Analyse the record and print the table (or JSON)."""
    record = read_battleship_record(args.record)
    language = chosen_language(args.lang)
    coords = GameSettings(record.rules, language=language,
                          alphabet=chosen_alphabet(args.alphabet)).coordinates()
    players = (0, 1) if args.player is None else (args.player,)
    analysis = analyze_record(record, players, seed=args.seed, admiral_games=args.games)
    if args.json:
        # Latin cell names, as in records, whatever the language.
        latin = Coordinates(record.rules.grid, ALPHABETS["latin"])
        print(json.dumps(analysis.to_dict(latin.name), ensure_ascii=False))
        return 0
    console = Console(file=sys.stdout, highlight=False)
    for player in analysis.players:
        console.print(shot_table(player, coords, language))
        for line in summary_lines(player, language):
            console.print(line)
        console.print()
    console.print(translate("analyze.legend", language))
    return 0


def shot_table(player: PlayerAnalysis, coords: Coordinates, language: Language) -> Table:
    """The table of one player's shots, one row per shot."""
    def say(key: str) -> str:
        return translate(key, language)

    table = Table(title=translate("analyze.title", language, player=player.name),
                  title_justify="left")
    table.add_column(say("analyze.col.move"), justify="right")
    table.add_column(say("analyze.col.cell"))
    table.add_column(say("analyze.col.result"))
    table.add_column(say("analyze.col.chosen"), justify="right")
    table.add_column(say("analyze.col.best"), justify="right")
    table.add_column(say("analyze.col.loss"), justify="right")
    table.add_column(say("analyze.col.verdict"))
    for shot in player.shots:
        verdict = shot.verdict
        table.add_row(
            str(shot.move), coords.name(shot.cell), result_name(shot.result, language),
            f"{shot.chosen:.0%}", f"{shot.best:.0%} {coords.name(shot.best_cell)}",
            decimal(shot.loss, 2, language),
            RichText(say(f"analyze.verdict.{verdict.value}"), style=VERDICT_STYLES[verdict]))
    return table


def result_name(result: ShotResult, language: Language) -> str:
    """A shot's result in one word (the value itself for a result without one)."""
    key = f"analyze.result.{result.value}"
    return translate(key, language) if key in MESSAGES else result.value


def summary_lines(player: PlayerAnalysis, language: Language) -> list[str]:
    """The summary under a player's table: shots, the admiral's, loss, verdict counts."""
    counts = player.verdicts()
    lines = [translate("analyze.shots" if player.sank_fleet else "analyze.shots_unfinished",
                       language, shots=len(player.shots))]
    if player.admiral_mean is not None:
        lines.append(translate("analyze.admiral", language,
                               mean=decimal(player.admiral_mean, 1, language),
                               low=min(player.admiral_shots), high=max(player.admiral_shots),
                               games=len(player.admiral_shots)))
    lines.append(translate("analyze.mean_loss", language,
                           loss=decimal(player.mean_loss, 3, language)))
    lines.append(translate("analyze.counts", language, inaccuracies=counts[Verdict.INACCURACY],
                           mistakes=counts[Verdict.MISTAKE], blunders=counts[Verdict.BLUNDER]))
    return lines
