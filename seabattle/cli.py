"""The ``seabattle`` command: one sub-command per capability.

Each sub-command lives in its own module, which exposes ``register(subparsers)``
adding its parser with ``set_defaults(run=function)``; ``function(args)`` returns
the exit status. This module only assembles them and turns the engine's errors
into a message and exit status 2. With no command it starts ``play`` at a terminal and
prints the help elsewhere.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from seabattle import __version__
from seabattle.commands.options import default_language
from seabattle.errors import SeaBattleError


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, every sub-command registered."""
    from seabattle.commands import analyze, bench, bot, match, play, replay, serve, tournament
    from seabattle.commands import classroom as classroom_command

    parser = argparse.ArgumentParser(
        prog="seabattle", description="Морской бой — Sea Battle / Battleship.")
    parser.add_argument("--version", action="version", version=f"seabattle {__version__}")
    # Not required: ``seabattle`` alone starts a game at a terminal (see :func:`main`).
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (play, replay, analyze, bench, bot, match, tournament, serve,
                   classroom_command):
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # ``seabattle`` alone: a game at a terminal (what a new player tries first), the
        # help where nobody can play (a pipe, a script), and never an error.
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            parser.print_help()
            return 0
        args = parser.parse_args(["play"])
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # here, so that a reader gone away is caught below
    except SeaBattleError as error:
        language = getattr(args, "lang", None) or default_language()
        print(f"seabattle: {error.message(language)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``seabattle bench --json | head``): stop quietly, and
        # keep Python from complaining again when it flushes stdout on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(main())
