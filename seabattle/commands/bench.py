"""``seabattle bench``: shots to sink a fleet, for targeting strategies compared.

    seabattle bench --rules classic --level novice,easy,medium,hard --games 2000 --seed 1

See ``docs/bench.md`` for the options, the fleets file format and how to read the
report.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from seabattle.battleship.ai.placement import PLACEMENTS
from seabattle.battleship.rules import Rules, find_rules
from seabattle.commands.options import (
    add_game_option,
    add_rules_option,
    chosen_language,
    load_rules,
    output_file,
    progress_bar,
    require_game,
)
from seabattle.errors import SeaBattleError
from seabattle.i18n import Language, translate


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` sub-command."""
    parser = subparsers.add_parser(
        "bench", help="measure targeting strategies: shots to sink a whole fleet",
        description="Play many games of each targeting strategy against the same fleets "
                    "and report the shots each needs to sink the whole fleet "
                    "(see docs/bench.md).")
    add_game_option(parser)
    add_rules_option(parser)
    parser.set_defaults(rules=None)  # None: the fleets file's rules, else classic
    parser.add_argument("--level", default="hard", metavar="A,B,…",
                        help="levels or strategy names to compare, comma-separated "
                             "(default hard)")
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help="games per strategy (default 1000, or one per fleet of --fleets)")
    parser.add_argument("--seed", default="1", help="seed of the fleets and strategies (default 1)")
    parser.add_argument("--placement", default=None, metavar="NAME",
                        help=f"placement strategy drawing the fleets: {', '.join(PLACEMENTS)} "
                             "(default uniform; dfs for rules with submarines, mines, "
                             "minesweepers or the Flying Dutchman)")
    parser.add_argument("--fleets", type=Path, default=None, metavar="FILE",
                        help="play against the fleets of a fleets file instead (docs/bench.md)")
    parser.add_argument("--save-fleets", type=output_file, default=None, metavar="FILE",
                        help="write the fleets played against to a fleets file")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--plot", type=output_file, default=None, metavar="FILE.png",
                        help="draw the distribution of shots of each strategy (needs matplotlib)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core)")
    parser.add_argument("--no-progress", action="store_true", help="do not show a progress bar")
    parser.add_argument("--series", type=int, default=None, metavar="LENGTH",
                        help="play --games series of LENGTH games each against one opponent, "
                             "one strategy object per series, to measure learning "
                             "(docs/bench.md, Series)")
    parser.add_argument("--measure-from", type=int, default=None, metavar="K",
                        help="with --series: report games K to LENGTH (default LENGTH/2 + 1)")
    parser.add_argument("--hide-with", default=None, metavar="A,B,…",
                        help="with --series: compare these placers (placement names or "
                             "'learning') against the shooter --level")
    parser.add_argument("--lang", choices=("en", "ru"), default=None,
                        help="language of messages (default: from the locale)")
    parser.set_defaults(run=run)


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _jobs(args: argparse.Namespace) -> int:
    """``--jobs``, or one worker per core; refused below one."""
    from seabattle.workers import default_jobs

    jobs: int = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise SeaBattleError("bench.bad_jobs", jobs=jobs)
    return jobs


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print its report."""
    require_game(args, "battleship")  # its strategies and fleets are Battleship's
    from seabattle.battleship.bench import (
        BenchSpec,
        fleets_from_json,
        fleets_to_json,
        plot_report,
        run_bench,
    )

    language = chosen_language(args.lang)
    rules: Rules | None = None if args.rules is None else load_rules(args.rules)
    levels = tuple(dict.fromkeys(level.strip() for level in args.level.split(",")
                                 if level.strip()))
    fleets = None
    placement = args.placement
    if placement is None:
        placement = "uniform" if PLACEMENTS["uniform"].supports(rules or find_rules("classic")) \
            else "dfs"
    source = placement.strip().lower()
    if args.fleets is not None:
        try:
            text = args.fleets.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problem = getattr(error, "strerror", None) or str(error)
            raise SeaBattleError("bench.fleets_file", path=str(args.fleets),
                                 problem=problem) from None
        rules, fleets = fleets_from_json(text, rules, source=str(args.fleets))
        source = f"file {args.fleets}"
    rules = rules or find_rules("classic")
    if args.series is not None:
        return _run_series(args, rules, levels, placement, language)
    for option, value in (("--measure-from", args.measure_from), ("--hide-with", args.hide_with)):
        if value is not None:
            raise SeaBattleError("bench.series_only", option=option)
    games = args.games if args.games is not None else len(fleets) if fleets else 1000
    jobs = _jobs(args)
    spec = BenchSpec(rules, levels, games, _seed(args.seed), placement, fleets)
    spec.check()
    if args.plot:
        try:
            import matplotlib  # noqa: F401  (refuse before playing, not after)
        except ImportError:
            raise SeaBattleError("bench.no_matplotlib") from None
    if args.save_fleets is not None:
        try:
            args.save_fleets.write_text(
                fleets_to_json(rules, [spec.fleet(n) for n in range(games)]) + "\n",
                encoding="utf-8")
        except OSError as error:
            raise SeaBattleError("bench.fleets_file", path=str(args.save_fleets),
                                 problem=error.strerror or str(error)) from None
    with progress_bar(games, not args.no_progress and not args.json,
                      translate("bench.progress", language)) as advance:
        report = run_bench(spec, jobs=jobs, progress=advance, source=source)
    if args.plot:
        plot_report(report, args.plot)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report.table())
        if args.plot:
            print(translate("bench.plot_written", language, path=args.plot))
    return 0


def _run_series(args: argparse.Namespace, rules: Rules, levels: tuple[str, ...],
                placement: str, language: Language) -> int:
    """``--series``: the series benchmark of :mod:`seabattle.battleship.bench_series`."""
    from seabattle.battleship.bench_series import (
        SeriesSpec,
        run_hiding_series,
        run_shooting_series,
    )

    if args.fleets is not None:
        raise SeaBattleError("bench.series_fleets")
    for option, value in (("--json", args.json), ("--plot", args.plot),
                          ("--save-fleets", args.save_fleets)):
        if value:
            raise SeaBattleError("bench.not_with_series", option=option)
    placers = tuple(p.strip().lower() for p in (args.hide_with or "").split(",") if p.strip())
    spec = SeriesSpec(rules, levels, args.games if args.games is not None else 20, args.series,
                      args.measure_from,
                      _seed(args.seed), placement, placers)
    spec.check()
    jobs = _jobs(args)
    run = run_hiding_series if placers else run_shooting_series
    with progress_bar(spec.series, not args.no_progress,
                      translate("bench.progress", language)) as advance:
        report = run(spec, advance, jobs=jobs)
    print(report.table())
    return 0
