"""``seabattle replay FILE``: step through a saved game of any game.

The record is read through :mod:`seabattle.records` (which finds its game in the
registry); how a position looks in text is the game's own: the module its definition's
parts name as ``replay_text`` (:class:`~seabattle.games.interface.GameParts`) exports a
``REPLAY_TEXT`` (:class:`ReplayText`). This command only steps through the positions.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Protocol

from seabattle.commands.options import add_language_options, chosen_alphabet, chosen_language
from seabattle.coords import Alphabet
from seabattle.games.registry import find_part
from seabattle.i18n import Language, translate
from seabattle.records import Record, read_record_file


class Replay(Protocol):
    """One record, ready to be shown: a header, then positions 0 (the start) to
    :attr:`count` (after the last move)."""

    @property
    def header(self) -> str:
        """The line above the first position (who played, on which rules)."""

    @property
    def count(self) -> int:
        """The number of moves."""

    def frame(self, position: int) -> str:
        """The text of one position: the move that led to it, the board, and at the end
        the result."""


class ReplayText(Protocol):
    """A game's way of showing its records in text."""

    def __call__(self, record: Record, language: Language, alphabet: Alphabet | None
                 ) -> Replay:
        """``record`` shown in ``language``, cells in ``alphabet`` (``None``: the rules')."""


def find_replay_text(game: str) -> ReplayText:
    """How records of ``game`` are shown; a game that brings no replay text is refused
    with a translated error naming the games that do."""
    text: ReplayText = find_part(game, "replay_text", "replay")
    return text


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


def run(args: argparse.Namespace) -> int:
    """Show the record step by step (or all at once with ``--all``)."""
    record = read_record_file(args.record)
    language = chosen_language(args.lang)
    replay = find_replay_text(record.game.name)(record, language,
                                                chosen_alphabet(args.alphabet))
    out = sys.stdout
    out.write(replay.header + "\n")
    position = 0
    while True:
        out.write(replay.frame(position) + "\n")
        if args.all:
            if position == replay.count:
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
            position = min(replay.count, position + 1)
