"""``seabattle serve``: the web server for playing in the browser (``docs/server.md``)."""

from __future__ import annotations

import argparse
import gc
import os
import sqlite3
from pathlib import Path

from platformdirs import user_data_dir

from seabattle.battleship.ai.warm import warm_in_background
from seabattle.commands.options import whole_number
from seabattle.errors import SeaBattleError
from seabattle.server import limits
from seabattle.server.messages import MAX_MESSAGE_BYTES


def default_db() -> Path:
    """The SQLite file under the user's data directory."""
    return Path(user_data_dir("seabattle")) / "server.sqlite3"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` sub-command."""
    parser = subparsers.add_parser(
        "serve", help="play in the browser: start the web server",
        description="Start the web server: lobby, games between people and against the "
                    "computer, spectators. Open http://HOST:PORT/ in a browser.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=whole_number(1, 65535), default=8000,
                        help="port (default 8000)")
    parser.add_argument("--db", default=None, metavar="PATH|URL",
                        help=f"where games are kept: a SQLite file (default {default_db()}), "
                             "or a PostgreSQL database, postgresql://USER@HOST:PORT/DBNAME, "
                             "shared by several processes (docs/deploy.md)")
    parser.add_argument("--pubsub", default=None, metavar="URL",
                        help="how processes tell each other of moves: redis://HOST:PORT/DB, "
                             "for several processes on one PostgreSQL database (default: "
                             "in memory, one process)")
    parser.add_argument("--grace", type=whole_number(0), default=60, metavar="SECONDS",
                        help="how long a vanished player is waited for before the opponent "
                             "may claim the win (default 60)")
    parser.add_argument("--thinkers", type=whole_number(0), default=default_thinkers(),
                        metavar="N",
                        help="worker processes in which computer players think, so that a "
                             "thinking computer holds up no other game (default "
                             f"{default_thinkers()}: one fewer than the machine's cores, "
                             "at least one; 0: in the server process's threads)")
    limits.add_options(parser)
    parser.set_defaults(run=run)


GC_THRESHOLDS = (3_000, 100, 100)
"""The cyclic garbage collector's thresholds in the server (Python's: 700, 10, 10). A
server holding a thousand games keeps about a million objects alive. With the default
thresholds the collector walked them all several times in ten seconds at 1,000 games
firing once a second, each walk a pause of hundreds of milliseconds: the shots' p99. A
young generation of 3,000 collects each message's short-lived cycles in a few
milliseconds (20,000 made pauses of 60–85 ms); the middle and the whole heap are walked
about a hundred times less often (docs/server.md, «The garbage collector»)."""


def tune_gc() -> None:
    """Set :data:`GC_THRESHOLDS` and move everything alive at start (the code, the games'
    tables) out of the collector's sight for good (``gc.freeze``)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def default_thinkers() -> int:
    """One worker process per core but the event loop's (a thinking computer takes a
    whole core), and at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from seabattle.server.backends import build_app, describe

    db = args.db or default_db()
    try:
        app = build_app(db, args.pubsub, grace_seconds=args.grace,
                        limits=limits.from_options(args), thinkers=args.thinkers)
    except (sqlite3.Error, OSError) as error:
        raise SeaBattleError("error.database", path=describe(db), problem=str(error)) from None
    except SeaBattleError as error:
        if error.message_key != "web.error.store_down":  # PostgreSQL did not answer
            raise
        raise SeaBattleError("error.database", path=describe(db),
                             problem=error.params["problem"]) from None
    notes = f", notes on {describe(args.pubsub)}" if args.pubsub else ""
    print(f"seabattle: serving on http://{args.host}:{args.port}/ (games in {describe(db)}"
          f"{notes})", flush=True)
    # No per-message compression: states are a few kB, and deflating every one costs
    # both sides more CPU than it saves on any network a game is played over.
    # A frame larger than any message the server reads (MAX_MESSAGE_BYTES characters, up to
    # four bytes each) is not buffered: uvicorn closes such a socket (1009).
    tune_gc()
    warm_in_background()  # the computers' loops compiled before the first game asks
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_per_message_deflate=False, ws_max_size=4 * MAX_MESSAGE_BYTES)
    return 0
