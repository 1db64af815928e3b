"""``seabattle bot LEVEL``: a built-in strategy speaking the bot protocol on stdin/stdout."""

from __future__ import annotations

import argparse
import sys

from seabattle.battleship.ai.levels import NAMES
from seabattle.commands.options import add_game_option, require_game


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bot`` sub-command."""
    parser = subparsers.add_parser(
        "bot", help="run a built-in strategy as a protocol bot",
        description="Speak the bot protocol (docs/protocol.md) on stdin/stdout, playing "
                    "a built-in level: for testing bots and arenas.")
    add_game_option(parser)
    parser.add_argument("level", choices=NAMES, metavar="LEVEL",
                        help=f"the level or strategy to play: {', '.join(NAMES)}")
    parser.add_argument("--placement", default=None, metavar="NAME",
                        help="how to place the fleet (a placement strategy; default uniform)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for every random choice of this bot process")
    parser.add_argument("--name", default=None, help="the name to give in the handshake")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve the protocol until ``quit`` or the end of input."""
    require_game(args, "battleship")
    from seabattle.battleship.builtin_bot import find_placement_function, serve

    find_placement_function(args.placement)  # refuse an unknown name before any game
    return serve(args.level, sys.stdin, sys.stdout, placement=args.placement, seed=args.seed,
                 name=args.name)
