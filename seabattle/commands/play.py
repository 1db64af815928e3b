"""``seabattle play``: a game against the computer, full-screen or line by line, or against
a person on a server (``--online``, ``--join``: :mod:`seabattle.netplay`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, cast

from seabattle.battleship.ai.levels import NAMES
from seabattle.battleship.ai.warm import warm_in_background
from seabattle.battleship.online.hosting import DUTCHMAN_DECKS, SHAPE_CHOICES, lobby_rules
from seabattle.battleship.rules import PRESETS
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
    whole_number,
)
from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.i18n import Language
from seabattle.terminal.guide import guide_due


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play", help="play against the computer",
        description="Play Морской бой against the computer in the terminal.")
    add_game_option(parser)
    add_rules_option(parser)
    parser.set_defaults(rules=None)  # each game's own default rule set (Battleship: classic)
    add_variant_options(parser)
    add_language_options(parser)
    fleet = parser.add_argument_group(
        "fleet", "change the fleet of a preset (RULES.md §3), as the browser's lobby does")
    fleet.add_argument("--shape", choices=SHAPE_CHOICES, default=None,
                       help="the four-deckers' shape: l («Г»), square or zigzag")
    fleet.add_argument("--dutchman-decks", type=whole_number(*DUTCHMAN_DECKS), default=None,
                       metavar="N", help="with --rules flying-dutchman: its decks (5–8)")
    parser.add_argument("--level", default="hard", choices=NAMES,
                        help="the computer's strength (default hard)")
    parser.add_argument("--first", choices=("me", "ai", "random"), default=None,
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
    parser.add_argument("--voice", choices=("classic",), default=None,
                        help="with --plain: remarks in the words of seed 000's program "
                             "(«Отличный выстрел, продолжайте!»)")
    parser.add_argument("--guide", action="store_true",
                        help="show the few words on how to play again (shown by itself only "
                             "the first time)")
    online = parser.add_argument_group(
        "online", "play a person on a `seabattle serve` server instead of the computer")
    where = online.add_mutually_exclusive_group()
    where.add_argument("--online", metavar="URL", default=None,
                       help="play a random opponent on the server at URL (host:port)")
    where.add_argument("--join", metavar="INVITE-LINK", default=None,
                       help="take the seat of an invitation link (http://host:port/join/…)")
    online.add_argument("--invite", action="store_true",
                        help="with --online: a game for a friend instead of a random "
                             "opponent; the screen shows the invitation link to send")
    online.add_argument("--turn-seconds", type=whole_number(0, 3600), default=60, metavar="N",
                        help="with --online: seconds per turn, 0 for no timer (default 60, "
                             "as the browser's lobby: players are matched on equal timers)")
    online.add_argument("--setup-seconds", type=whole_number(0, 3600), default=180,
                        metavar="N", help="with --online: seconds to place the fleet "
                                          "(default 180)")
    parser.set_defaults(run=run)


def settings_from(args: argparse.Namespace) -> GameSettings:
    """The game settings named by the parsed options."""
    language = chosen_language(args.lang)
    rules = load_rules(args.rules or "classic", variant_overrides(args))
    changes = fleet_changes(args)
    if changes:
        if (args.rules or "classic") not in PRESETS:
            raise SeaBattleError("error.fleet_change_preset")
        variants = cast(dict[str, JSON], variant_overrides(args))
        rules = lobby_rules(args.rules or "classic", {**changes, **variants})
    return GameSettings(rules=rules, level=args.level, language=language,
                        alphabet=chosen_alphabet(args.alphabet), first=args.first or "random",
                        seed=args.seed, save_path=args.save)


def fleet_changes(args: argparse.Namespace) -> dict[str, JSON]:
    """The fleet changes of ``--shape`` and ``--dutchman-decks``, as the lobby names them."""
    changes: dict[str, JSON] = {}
    if args.shape is not None:
        changes["four_decker_shape"] = args.shape
    if args.dutchman_decks is not None:
        changes["dutchman_decks"] = args.dutchman_decks
    return changes


def run(args: argparse.Namespace) -> int:
    """Start the game the options describe."""
    if args.game != "battleship":
        if args.online or args.join:
            refuse_battleship_options(args)
            return run_online_game(args, chosen_language(args.lang))
        return run_plain_game(args) if args.plain else run_full_screen_game(args)
    require_game(args, "battleship")
    settings = settings_from(args)
    if args.online or args.join:
        return run_online_game(args, settings.language)
    if sys.stdin.isatty():  # a player, not a script: compile the computer's loops now
        warm_in_background(settings.rules)
    if args.plain:
        from seabattle.plain import PlainGame

        return PlainGame(settings, sys.stdin, sys.stdout, manual=args.manual,
                         game=args.game, guide=guide_due(args.guide), voice=args.voice).run()
    from seabattle.tui import run_tui

    return run_tui(settings, args.game, guide=guide_due(args.guide))


def refuse_full_screen(game: str) -> None:
    """Refuse the full-screen game for a game without screens but with a line game,
    saying that ``--plain`` plays it (a game with neither is refused by the caller)."""
    from seabattle.games.registry import find_game, game_names

    if game in game_names():
        parts = find_game(game).parts
        if parts.screen_set is None and parts.line_game is not None:
            raise SeaBattleError("error.play_plain_only", game=game)


def run_plain_game(args: argparse.Namespace) -> int:
    """``--plain`` for a game other than Battleship: its line game (refused, naming the
    games that have one, for a game without) makes its settings from the options."""
    from seabattle.plain import PlainGame
    from seabattle.terminal.registry import find_line_game

    line_game = find_line_game(args.game)
    if args.manual and not line_game.manual_setup:
        raise SeaBattleError("error.option_manual_not_offered", game=args.game)
    return PlainGame(game_settings(args), sys.stdin, sys.stdout, manual=args.manual,
                     game=args.game).run()


def run_full_screen_game(args: argparse.Namespace) -> int:
    """A game other than Battleship full-screen: its screens (refused, pointing to
    ``--plain`` where it has only a line game), on the settings its line game makes of the
    options (:func:`game_settings`)."""
    from seabattle.tui import run_tui

    refuse_full_screen(args.game)
    return run_tui(game_settings(args), args.game, guide=guide_due(args.guide))


def game_settings(args: argparse.Namespace) -> Any:
    """A game's settings (other than Battleship's) from ``play``'s options, made by its
    line game (:meth:`~seabattle.terminal.lines.LineGame.settings`), the one reader of the
    options for a game, in either shell; the options only Battleship takes are refused."""
    from seabattle.terminal.lines import PlayOptions
    from seabattle.terminal.registry import find_line_game

    line_game = find_line_game(args.game)
    refuse_battleship_options(args)
    options = PlayOptions(args.game, args.rules, args.level, chosen_language(args.lang),
                          args.seed, args.save)
    return line_game.settings(options)


BATTLESHIP_OPTIONS = ("salvo", "shoot_again", "announce", "mines", "minesweepers",
                      "submarines", "mines_touch", "shape", "dutchman_decks", "alphabet",
                      "first", "voice")
"""The ``play`` options (their argparse names) that only Battleship's game takes: another
game's line game (:func:`run_plain_game`) refuses them rather than let them go unheard."""


def refuse_battleship_options(args: argparse.Namespace) -> None:
    """Refuse, naming the option and the game, an option of :data:`BATTLESHIP_OPTIONS`
    given with a ``--game`` other than Battleship (none is set unless given)."""
    for name in BATTLESHIP_OPTIONS:
        if getattr(args, name, None) is not None:
            option = "--" + name.replace("_", "-")
            raise SeaBattleError("error.option_battleship_only", option=option, game=args.game)


def run_online_game(args: argparse.Namespace, language: Language) -> int:
    """``--online`` or ``--join``: the full-screen game against a person on a server."""
    from seabattle.games.registry import find_game
    from seabattle.netplay import lobby
    from seabattle.netplay.app import run_online

    if args.plain:
        raise SeaBattleError("error.online_plain")
    if args.join:
        link = args.join
        lobby.parse_invite(link)  # a bad link is refused before the screen opens
        return run_online(lambda: lobby.join_invite(link, language), language, args.game,
                          guide=guide_due(args.guide))
    server = lobby.server_address(args.online)
    # Another game's lobby takes its own presets, its default when none is named.
    battleship = args.game == "battleship"
    presets = PRESETS if battleship else find_game(args.game).presets()
    preset = args.rules or ("classic" if battleship else None)
    if preset is not None and preset not in presets:
        raise SeaBattleError("error.online_preset", rules=preset, presets=", ".join(presets))
    request: dict[str, Any] = {"game": args.game, **({"preset": preset} if preset else {}),
                               **variant_overrides(args),
                               "turn_seconds": args.turn_seconds,
                               "setup_seconds": args.setup_seconds}
    if args.alphabet:
        request["alphabet"] = args.alphabet
    if args.shape is not None:
        request["shape"] = args.shape
    if args.dutchman_decks is not None:
        request["dutchman_decks"] = args.dutchman_decks
    mode = "private" if args.invite else "random"
    return run_online(lambda: lobby.open_random(server, request, language, mode=mode),
                      language, args.game, guide=guide_due(args.guide))
