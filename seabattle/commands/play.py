"""``seabattle play``: a game against the computer, full-screen or line by line."""

from __future__ import annotations

import argparse
import sys

from seabattle.battleship.ai.levels import NAMES
from seabattle.battleship.session import GameSettings
from seabattle.commands.options import (
    add_game_option,
    add_language_options,
    add_rules_option,
    add_variant_options,
    chosen_alphabet,
    chosen_language,
    load_rules,
    output_file,
    require_game,
    variant_overrides,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play", help="play against the computer",
        description="Play Морской бой against the computer in the terminal.")
    add_game_option(parser)
    add_rules_option(parser)
    add_variant_options(parser)
    add_language_options(parser)
    parser.add_argument("--level", default="hard", choices=NAMES,
                        help="the computer's strength (default hard)")
    parser.add_argument("--first", choices=("me", "ai", "random"), default="random",
                        help="who shoots first (default: by lot)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for every random choice: the same seed gives the same game")
    parser.add_argument("--save", type=output_file, default=None, metavar="FILE",
                        help="write the game record to FILE (when the game ends or you quit; "
                             "games played after it to FILE-2, FILE-3…)")
    parser.add_argument("--plain", action="store_true",
                        help="play line by line on stdin/stdout, no full-screen UI")
    parser.add_argument("--manual", action="store_true",
                        help="with --plain: place your fleet piece by piece, not automatically")
    parser.set_defaults(run=run)


def settings_from(args: argparse.Namespace) -> GameSettings:
    """The game settings named by the parsed options."""
    language = chosen_language(args.lang)
    rules = load_rules(args.rules, variant_overrides(args))
    return GameSettings(rules=rules, level=args.level, language=language,
                        alphabet=chosen_alphabet(args.alphabet), first=args.first,
                        seed=args.seed, save_path=args.save)


def run(args: argparse.Namespace) -> int:
    """Start the game the options describe."""
    require_game(args, "battleship")
    settings = settings_from(args)
    if args.plain:
        from seabattle.plain import PlainGame

        return PlainGame(settings, sys.stdin, sys.stdout, manual=args.manual,
                         game=args.game).run()
    from seabattle.tui import run_tui

    return run_tui(settings, args.game)
