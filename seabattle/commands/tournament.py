"""``seabattle tournament P1 P2 …``: a round robin with ratings, on every core."""

from __future__ import annotations

import argparse

from seabattle.commands.match import add_event_options, run_event_command


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tournament`` sub-command."""
    parser = subparsers.add_parser(
        "tournament", help="a round robin between levels and bots, with ratings",
        description="Every player plays every other player --games times; the standings "
                    "are ordered by an OpenSkill (Plackett-Luce) rating, mu - 3 sigma.")
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="a built-in level (LEVEL or LEVEL:PLACEMENT) or a bot command")
    add_event_options(parser, games=20)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the standings."""
    return run_event_command(args, args.players, "match.tournament_title", tournament=True)
