"""``seabattle replay FILE``: step through a saved game, both fleets shown."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from seabattle.battleship.events import Resignation, Shot
from seabattle.battleship.narration import describe, shot_answer
from seabattle.battleship.record import GameRecord
from seabattle.battleship.session import GameSettings
from seabattle.commands.options import add_language_options, chosen_alphabet, chosen_language
from seabattle.errors import RecordError
from seabattle.i18n import translate
from seabattle.plain import render_fields


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` sub-command."""
    parser = subparsers.add_parser(
        "replay", help="step through a saved game",
        description="Show a saved game move by move (Enter: next, b: back, q: quit).")
    parser.add_argument("record", type=Path, help="a game record written by --save")
    add_language_options(parser)
    parser.add_argument("--all", action="store_true",
                        help="print every move at once instead of stepping")
    parser.set_defaults(run=run)


def read_record(path: Path) -> GameRecord:
    """Read a record file; unreadable files raise :class:`RecordError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError("error.record_file", path=str(path), problem=str(error)) from None
    return GameRecord.from_json(text)


def run(args: argparse.Namespace) -> int:
    """Show the record step by step (or all at once with ``--all``)."""
    record = read_record(args.record)
    language = chosen_language(args.lang)
    settings = GameSettings(record.rules, language=language,
                            alphabet=chosen_alphabet(args.alphabet))
    coords = settings.coordinates()
    names = [p.name if p.level is None else f"{p.name} ({p.level})" for p in record.players]
    count = len(record.events)
    out = sys.stdout
    out.write(translate("replay.header", language, first=names[0], second=names[1],
                        rules=record.rules.name, count=count) + "\n")
    position = 0
    while True:
        game = record.game(position)
        if position == 0:
            out.write(translate("replay.start", language) + "\n")
        else:
            event = record.events[position - 1]
            who = names[event.player]
            if isinstance(event, Resignation):
                line = translate("replay.resign", language, number=position, count=count,
                                 player=who)
            elif isinstance(event, Shot) and not event.dying:
                answer = shot_answer(event, record.fleets).render(language)
                line = translate("replay.move", language, number=position, count=count, player=who,
                                 cell=coords.name(event.cell), answer=answer)
            else:
                line = translate("replay.event", language, number=position, count=count,
                                 player=who, what=describe(event, record.fleets, coords))
            out.write(line + "\n")
        out.write(render_fields(game.view(0), settings, reveal=record.fleets[1],
                                titles=(names[0], names[1])) + "\n")
        if position == count:
            winner = game.winner
            out.write((translate("replay.result", language, player=names[winner])
                       if winner is not None else translate("replay.unfinished", language)) + "\n")
        if args.all:
            if position == count:
                return 0
            position += 1
            continue
        out.write(translate("replay.prompt", language) + " ")
        out.flush()
        answer = sys.stdin.readline()
        if not answer or answer.strip().lower() in ("q", "quit"):
            return 0
        if answer.strip().lower() == "b":
            position = max(0, position - 1)
        else:
            position = min(count, position + 1)
