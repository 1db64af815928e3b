"""Shared test settings and helpers for the engine suite.

Hypothesis profiles (choose with ``HYPOTHESIS_PROFILE=name``):

- ``ci`` (default): derandomised (each test draws the same examples on every run, from a
  seed hashed from the test itself, and keeps no example database), few examples, no
  deadline and no shrinking, so the engine suite gives the same answer every time, stays
  well under a minute on two cores and reports a failure at once (some examples play
  whole games: shrinking one can take minutes);
- ``dev``: as ``ci`` (the same examples) but shrinks a failing one to a minimal example,
  to debug a failure ``ci`` reported;
- ``thorough``: many more examples, random ones (not derandomised: each run explores
  new ground, and failures are kept in ``.hypothesis/`` to be replayed), for a run
  before a release or after touching the rules engine
  (``HYPOTHESIS_PROFILE=thorough pytest tests``). What it finds belongs in a test of its
  own, so that ``ci`` checks it from then on.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, Phase, settings

from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.fleet import Fleet, random_fleet
from seabattle.battleship.game import Game
from seabattle.battleship.rules import Rules

if TYPE_CHECKING:
    from starlette.testclient import TestClient

_NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
settings.register_profile(
    "ci", max_examples=25, deadline=None, phases=_NO_SHRINK, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=25, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=500, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _play(rules: Rules, strategies: Sequence[str], seed: int | str, first: int = 0,
          max_events: int | None = None) -> Game:
    """A seeded game between two strategies (by level or strategy name).

    Fleets and each side's shots come from separate generators derived from
    ``seed``; ``max_events`` stops the game early (unfinished games).
    """
    fleets: list[Fleet] = [random_fleet(rules, random.Random(f"{seed}:fleet:{p}")) for p in (0, 1)]
    players = [make_strategy(name, random.Random(f"{seed}:shots:{p}"))
               for p, name in enumerate(strategies)]
    game = Game(rules, fleets, first)
    limit = 2 * rules.grid.size
    while not game.is_over and (max_events is None or len(game.events) < max_events):
        player = game.to_move
        assert player is not None
        game.fire(player, players[player].choose(game.view(player)))
        assert len(game.events) <= limit, "a game cannot last longer than every cell twice"
    return game


@pytest.fixture(scope="session", autouse=True)
def private_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The suite's own cache folder (``XDG_CACHE_HOME``, inherited by the processes it
    starts): what the habits compute for the tests' custom fields is stored there
    (seabattle/battleship/ai/field_store.py), never in the user's."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


@pytest.fixture(scope="session")
def play() -> Callable[..., Game]:
    """``play(rules, ("hard", "random"), seed, first=0, max_events=None)`` → a :class:`Game`."""
    return _play


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh game database file for a test server."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """An in-process test client of a server on ``db`` (no grace period)."""
    from starlette.testclient import TestClient

    from seabattle.server.app import create_app

    with TestClient(create_app(db, grace_seconds=0)) as client:
        yield client
