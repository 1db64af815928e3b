"""``seabattle match A B``: many games between two players, built-in levels or bot commands."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seabattle.commands.options import (
    add_game_option,
    add_rules_option,
    chosen_language,
    load_rules,
    make_folder,
    progress_bar,
    whole_number,
)
from seabattle.games.registry import DEFAULT_GAME
from seabattle.games.rule_names import rules_named
from seabattle.i18n import translate

if TYPE_CHECKING:
    from seabattle.arena.games import ArenaGame

MAX_FORFEITS_SHOWN = 10


def add_event_options(parser: argparse.ArgumentParser, games: int) -> None:
    """The options a match and a tournament share."""
    add_game_option(parser)
    add_rules_option(parser)
    parser.set_defaults(rules=None)  # each game's own default rule set
    parser.add_argument("--games", type=whole_number(1), default=games, metavar="N",
                        help=f"games per pair of players (default {games}); "
                             "who shoots first alternates")
    parser.add_argument("--seed", default=None,
                        help="seed of the schedule and of every built-in player's choices "
                             "(default: a fresh one, printed)")
    parser.add_argument("--time-ms", type=whole_number(1), default=1000, metavar="MS",
                        help="a bot's time limit per shot (default 1000)")
    parser.add_argument("--place-ms", type=whole_number(1), default=5000, metavar="MS",
                        help="a bot's time limit to place its fleet (default 5000)")
    parser.add_argument("--start-ms", type=whole_number(1), default=10000, metavar="MS",
                        help="a bot's time limit to start and shake hands (default 10000)")
    parser.add_argument("--jobs", type=whole_number(1), default=None, metavar="N",
                        help="worker processes (default: one per core)")
    parser.add_argument("--records", type=Path, default=None, metavar="DIR",
                        help="write every game record into DIR")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--lang", choices=("en", "ru"), default=None,
                        help="language of the messages (default: from the locale)")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``match`` sub-command."""
    parser = subparsers.add_parser(
        "match", help="play games between two levels or bots",
        description="Play games between two players, each a built-in level (novice, easy, "
                    "medium, hard, …; LEVEL:PLACEMENT picks its placement too) or a bot "
                    "command speaking docs/protocol.md, such as \"python3 my_bot.py\".")
    parser.add_argument("first", metavar="A", help="a level or a bot command")
    parser.add_argument("second", metavar="B", help="a level or a bot command")
    add_event_options(parser, games=100)
    parser.set_defaults(run=run)


def run_event_command(args: argparse.Namespace, texts: list[str], title: str,
                      tournament: bool) -> int:
    """Parse the players, run the event, print the table (shared with ``tournament``).

    A game without a bot protocol is refused (translated) before anything starts."""
    from seabattle.arena.bots import Limits
    from seabattle.arena.games import find_arena_game
    from seabattle.arena.match import (
        check_event,
        match_table,
        parse_player,
        run_event,
        standings_table,
        unique_labels,
    )
    from seabattle.workers import default_jobs

    language = chosen_language(args.lang)
    game = find_arena_game(args.game, args.command)
    specs = unique_labels([parse_player(text, game=game) for text in texts])
    rules = check_event(specs, event_rules(game, args.rules), game)
    if args.records is not None:  # now, not after the games: no game is played in vain
        make_folder(args.records)
    limits = Limits(shot_ms=args.time_ms, place_ms=args.place_ms, handshake_ms=args.start_ms)
    jobs = args.jobs or default_jobs()
    pairs = len(specs) * (len(specs) - 1) // 2
    print(translate(title, language, first=specs[0].label, second=specs[-1].label,
                    players=len(specs), games=args.games, rules=game.rules_name(rules)))
    with progress_bar(pairs * args.games, not args.no_progress,
                      translate("match.progress", language)) as advance:
        event = run_event(specs, rules, args.games, seed=args.seed, limits=limits, jobs=jobs,
                          keep_records=args.records is not None, progress=advance,
                          game=args.game)
    print(standings_table(event) if tournament else match_table(event))
    forfeits = event.forfeits()
    if forfeits:
        print(translate("match.forfeits", language))
        for index, label, forfeit in forfeits[:MAX_FORFEITS_SHOWN]:
            print("  " + translate("match.forfeit_line", language, game=index + 1, player=label,
                                   reason=f"{forfeit.kind}: {forfeit.reason}"))
        if len(forfeits) > MAX_FORFEITS_SHOWN:
            print(f"  … {len(forfeits) - MAX_FORFEITS_SHOWN}")
    if args.records is not None:
        count = event.write_records(args.records)
        print(translate("match.records_saved", language, count=count, path=args.records))
    print(translate("match.summary", language, seed=event.seed, games=len(event.results),
                    seconds=event.seconds, jobs=event.workers))
    return 0


def event_rules(game: ArenaGame, text: str | None) -> Any:
    """The rule set ``--rules`` names for ``game``: none, the game's default; for
    Battleship a preset or rules file (:func:`load_rules`); for another game one of its
    presets or a TOML or JSON file of its rules' data (:func:`rules_named`)."""
    definition = game.definition
    if text is not None and definition.name == DEFAULT_GAME:
        return load_rules(text)
    return rules_named(definition, text)


def run(args: argparse.Namespace) -> int:
    """Play the match and print its table."""
    return run_event_command(args, [args.first, args.second], "match.title", tournament=False)
