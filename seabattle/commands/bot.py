"""``seabattle bot LEVEL``: a built-in strategy speaking the bot protocol on stdin/stdout.

Battleship's protocol is the only one with a bot side yet
(:mod:`seabattle.battleship.bots.builtin`); another game is refused with the games that have
one."""

from __future__ import annotations

import argparse
import sys

from seabattle.commands.options import add_game_option


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bot`` sub-command."""
    parser = subparsers.add_parser(
        "bot", help="run a built-in strategy as a protocol bot",
        description="Speak a game's bot protocol (Battleship's: docs/protocol.md) on "
                    "stdin/stdout, playing a built-in level: for testing bots and arenas.")
    add_game_option(parser)
    parser.add_argument("level", metavar="LEVEL",
                        help="the level or strategy to play (Battleship: novice, easy, medium, "
                             "hard, admiral, or a strategy: random, hunt, weights, density)")
    parser.add_argument("--placement", default=None, metavar="NAME",
                        help="how to place the fleet (a placement strategy, or «learning»: as the "
                             "computer, where this opponent looked last; default uniform)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for every random choice of this bot process")
    parser.add_argument("--name", default=None, help="the name to give in the handshake")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve the game's protocol until ``quit`` or the end of input."""
    from seabattle.arena.games import find_arena_game

    game = find_arena_game(args.game, args.command)
    return game.serve_bot(args.level, args.placement, sys.stdin, sys.stdout, seed=args.seed,
                          name=args.name)
