"""The PostgreSQL store: the same behaviour as SQLite's, its migrations, and the database
going away (each test in a schema of its own; ``tests/backends.py``)."""

from __future__ import annotations

import asyncio
import inspect
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("starlette")
pytest.importorskip("httpx")

import psycopg  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import tests.test_server as server_tests  # noqa: E402
from seabattle.games.interface import JSON  # noqa: E402
from seabattle.server.app import create_app  # noqa: E402
from seabattle.server.backends import describe, open_store  # noqa: E402
from seabattle.server.store import SQLiteStore, Store, StoreConflictError  # noqa: E402
from seabattle.server.store_postgres import (  # noqa: E402
    MIGRATIONS,
    PostgresStore,
    SchemaTooNewError,
    StoreUnavailableError,
)
from tests import backends  # noqa: E402
from tests.backends import POSTGRES, Relay, assert_each_move_once, with_schema  # noqa: E402
from tests.test_server import hello, next_target, place_random, private_pair, sync  # noqa: E402

postgres_url = backends.postgres_url
watchdog = backends.watchdog  # autouse: a hang fails instead of stalling

# --- the Store interface, on both stores ------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgres"])
async def opener(request: pytest.FixtureRequest,
                 tmp_path: Path) -> AsyncIterator[Callable[[], Store]]:
    """Opens the same store again each time it is called (closing them all afterwards, in
    the test's own event loop: a pool left open there hangs the loop's closing)."""
    target = (str(tmp_path / "games.sqlite3") if request.param == "sqlite"
              else request.getfixturevalue("postgres_url"))
    opened: list[Store] = []

    def open_again() -> Store:
        opened.append(open_store(target))
        return opened[-1]

    yield open_again
    for store in opened:
        await store.close()


def entry(kind: str, at: float = 1_700_000_000.25, **fields: JSON) -> dict[str, JSON]:
    return {"type": kind, "at": at, **fields}


async def test_open_store_picks_the_backend_by_url(tmp_path: Path, postgres_url: str) -> None:
    sqlite, postgres = open_store(tmp_path / "a.sqlite3"), open_store(postgres_url)
    assert isinstance(sqlite, SQLiteStore) and isinstance(postgres, PostgresStore)
    await postgres.close()
    assert describe("postgresql://me:secret@db:5432/games") == "postgresql://me@db:5432/games"
    assert describe("redis://:secret@notes:6379/0") == "redis://notes:6379/0"
    assert describe("/var/lib/seabattle/games.sqlite3") == "/var/lib/seabattle/games.sqlite3"


async def test_a_log_is_stored_whole_in_order(opener: Callable[[], Store]) -> None:
    store = opener()
    assert await store.load("nope") is None
    created = entry("created", rules={"name": "classic", "ships": [4, 3, 3]},
                    title="Морской бой «классика»", first=None)
    await store.create("g1", created, mode="private", phase="waiting")
    await store.append("g1", 1, [entry("joined", token="t"), entry("played", seat=0, x=0.1)],
                       phase="setup")
    await store.append("g1", 3, [entry("chat", seat=1, phrase="chat.hello")], phase="battle")
    log = await store.load("g1")
    assert log == [created, entry("joined", token="t"), entry("played", seat=0, x=0.1),
                   entry("chat", seat=1, phrase="chat.hello")]
    assert await opener().load("g1") == log  # another connection (process) reads the same
    since = getattr(store, "load_since", None)  # PostgreSQL's: what a process lacks
    if since is not None:
        assert await since("g1", 2) == log[2:]
        assert await since("g1", 4) == [] and await since("nope", 0) == []


async def test_an_entry_number_taken_is_a_conflict_and_changes_nothing(
        opener: Callable[[], Store]) -> None:
    store = opener()
    await store.create("g", entry("created"), mode="random", phase="waiting", match_key="k")
    await store.append("g", 1, [entry("joined")], phase="setup")
    for seq in (0, 1):
        with pytest.raises(StoreConflictError):
            await store.append("g", seq, [entry("late"), entry("later")], phase="waiting")
    assert [e["type"] for e in await store.load("g") or []] == ["created", "joined"]
    assert await store.waiting("k") == []  # the refused append did not set the phase back
    await store.append("g", 2, [entry("played")], phase="battle")  # the store still works
    assert len(await store.load("g") or []) == 3


async def test_waiting_lists_random_games_of_one_key_oldest_first(
        opener: Callable[[], Store]) -> None:
    store = opener()
    for game, at, mode, key in (("late", 20.0, "random", "k"), ("early", 10.0, "random", "k"),
                                ("other", 5.0, "random", "x"), ("private", 1.0, "private", "k")):
        await store.create(game, entry("created", at=at), mode=mode, phase="waiting",
                           match_key=key)
    assert await store.waiting("k") == ["early", "late"]
    await store.append("early", 1, [entry("joined")], phase="setup")
    assert await store.waiting("k") == ["late"]
    assert await opener().waiting("x") == ["other"]


async def test_two_writers_racing_for_one_entry_number_one_wins(
        opener: Callable[[], Store]) -> None:
    """Six processes append entry 1 of the same game at once: exactly one is stored."""
    first = opener()
    await first.create("g", entry("created"), mode="random", phase="waiting", match_key="k")
    stores = [opener() for _ in range(6)]

    async def race(store: Store, n: int) -> str:
        try:
            await store.append("g", 1, [entry("joined", token=f"t{n}")], phase="setup")
        except StoreConflictError:
            return "conflict"
        return f"t{n}"

    outcomes = await asyncio.gather(*(race(s, n) for n, s in enumerate(stores)))
    winners = [o for o in outcomes if o != "conflict"]
    assert len(winners) == 1 and len(outcomes) == len(stores)
    assert [e.get("token") for e in await first.load("g") or []] == [None, winners[0]]


async def test_appends_made_at_once_are_each_stored_or_refused_alone(
        opener: Callable[[], Store]) -> None:
    """Appends to many games at once (SQLite commits them in one transaction): each
    is stored once its call returns, and the one whose entry number is taken fails alone."""
    store = opener()
    games = [f"g{n}" for n in range(8)]
    for game in games:
        await store.create(game, entry("created"), mode="private", phase="waiting")
    outcomes = await asyncio.gather(
        *(store.append(game, 1, [entry("joined", token=game)], phase="setup")
          for game in games),
        store.append("g3", 0, [entry("late")], phase="waiting"), return_exceptions=True)
    assert outcomes[:-1] == [None] * len(games)
    assert isinstance(outcomes[-1], StoreConflictError)
    again = opener()  # another connection reads what was committed
    for game in games:
        assert [e.get("token") for e in await again.load(game) or []] == [None, game]


# --- what only PostgreSQL has: migrations, a lost server -------------------------------------


def test_the_schema_is_created_once_and_a_newer_one_refused(postgres_url: str) -> None:
    stores: list[PostgresStore] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            stores.append(PostgresStore(postgres_url))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]  # processes starting
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(stores) == 4
    assert {store.version for store in stores} == {len(MIGRATIONS)}
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM seabattle_schema").fetchone() == (1,)
        conn.execute("UPDATE seabattle_schema SET version = %s", (len(MIGRATIONS) + 1,))
    with pytest.raises(SchemaTooNewError, match="newer than this seabattle knows"):
        PostgresStore(postgres_url)


async def test_a_lost_database_is_a_clear_error_and_the_store_comes_back(
        postgres_url: str) -> None:
    relay = Relay(backends.address(backends.POSTGRES))
    store = PostgresStore(relay.url(postgres_url))
    store.wait_seconds = 2  # for a connection, before the database counts as down
    await store.create("g", entry("created"), mode="private", phase="waiting")
    relay.cut()
    with pytest.raises(StoreUnavailableError) as refused:
        await store.append("g", 1, [entry("joined")], phase="setup")
    assert "the game store cannot be reached" in str(refused.value)
    assert "хранилище игр недоступно" in refused.value.message("ru")
    with pytest.raises(StoreUnavailableError):
        await store.load("g")
    relay.mend()
    assert [e["type"] for e in await store.load("g") or []] == ["created"]  # nothing half-done
    await store.append("g", 1, [entry("joined")], phase="setup")
    assert len(await store.load("g") or []) == 2
    await store.close()
    relay.cut()


def test_an_unreachable_database_at_start_is_refused(postgres_url: str) -> None:
    relay = Relay(backends.address(backends.POSTGRES))
    relay.cut()
    with pytest.raises(StoreUnavailableError):
        PostgresStore(relay.url(postgres_url))


# --- the server on PostgreSQL: test_server's tests that take only a client, and more ----------


@pytest.fixture
def pg_client(postgres_url: str) -> Iterator[TestClient]:
    store = PostgresStore(postgres_url)
    with TestClient(create_app(store, grace_seconds=0)) as client:
        yield client
        client.portal.call(store.close)


CLIENT_TESTS = [function for name, function in vars(server_tests).items()
                if name.startswith("test_") and callable(function)
                and list(inspect.signature(function).parameters) == ["client"]]


@pytest.mark.parametrize("test", CLIENT_TESTS, ids=[t.__name__ for t in CLIENT_TESTS])
def test_the_server_behaves_the_same_on_postgres(pg_client: TestClient,
                                                 test: Callable[[TestClient], None]) -> None:
    test(pg_client)


def test_the_server_tests_run_here_are_many() -> None:
    assert len(CLIENT_TESTS) >= 10  # a rename in test_server.py must not empty the list


def shoot(peer: Any, other: Any, seq: int) -> int:
    """The player to move fires at its next cell; the new ``seq`` both see."""
    state = sync(peer, seq)
    peer.send({"type": "fire", "cell": next_target(state)})
    seq = peer.until("shot")["seq"] + 1
    sync(peer, seq), sync(other, seq)
    return seq


def test_a_move_while_the_database_is_down_is_refused_and_nothing_half_applied(
        postgres_url: str) -> None:
    relay = Relay(backends.address(backends.POSTGRES))
    store = PostgresStore(relay.url(postgres_url))
    # How long the refused move waits: short, so that the pool's doubling back-off stays
    # short while the database is away (its next attempt is found by _load_once_back).
    store.wait_seconds = 3
    with TestClient(create_app(store, grace_seconds=0)) as client:
        game, joined = private_pair(client)
        with client.websocket_connect("/ws") as ws0, client.websocket_connect("/ws") as ws1:
            a = hello(ws0, game["game"], "A", token=game["token"])
            b = hello(ws1, game["game"], "B", token=joined["token"])
            place_random(a), place_random(b)
            players = {0: a, 1: b}
            state = sync(a, 4)  # created, joined, two fleets
            shooter = players[state["to_move"]]
            seq = shoot(shooter, players[1 - state["to_move"]], state["seq"])
            before = client.portal.call(store.load, game["game"])
            relay.cut()
            shooter = players[sync(a, seq)["to_move"]]
            error = shooter.error({"type": "fire", "cell": next_target(sync(shooter, seq))})
            assert error["code"] == "web.error.store_down", error
            assert "cannot be reached" in error["message"]
            relay.mend()
            assert _load_once_back(client, store, game["game"]) == before  # nothing half-done
            shooter.send({"type": "ping"})
            assert shooter.until("pong")["seq"] == seq  # the room is as the store has it
            shoot(shooter, players[1 - shooter.state["you"]], seq)
            stored = client.portal.call(store.load, game["game"]) or []
            assert len(stored) == seq + 1
            assert_each_move_once(stored)
        client.portal.call(store.close)
    relay.cut()


def _load_once_back(client: TestClient, store: PostgresStore, game_id: str,
                    seconds: float = 90.0) -> list[dict[str, JSON]] | None:
    """The stored game once the database answers again. The pool retries a lost server
    with a back-off that doubles (1, 2, 4, … s), so its next attempt may come about as
    long after the database is back as the outage lasted: one load's wait is not always
    enough (a single 15 s wait after a 15 s outage failed one run in several)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return client.portal.call(store.load, game_id)
        except StoreUnavailableError:
            if time.monotonic() > deadline:
                raise


def test_postgres_url_without_schema_option_is_the_default_schema() -> None:
    assert with_schema(POSTGRES, "s").endswith("options=-csearch_path%3Ds")


def test_serve_refuses_to_start_on_a_database_that_does_not_answer(
        capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.cli import main
    from tests.backends import free_port

    url = f"postgresql://postgres:secret@127.0.0.1:{free_port()}/test"
    assert main(["serve", "--db", url]) == 2
    said = capsys.readouterr().err
    assert "cannot use the database 'postgresql://postgres@127.0.0.1:" in said, said
    assert "secret" not in said


async def test_a_player_seated_by_another_process_is_known_before_its_note_comes(
        postgres_url: str) -> None:
    """Through a proxy a player joins on one process and says hello on another, which
    holds the game from before the join and has not had the note of it yet (its pub/sub
    hears nothing from the first here): it reads the store before refusing the token."""
    from seabattle.server.messages import ServerError, parse_new_game
    from seabattle.server.seats import WATCHER
    from seabattle.server.service import Hub

    stores = [PostgresStore(postgres_url), PostgresStore(postgres_url)]
    one, two = Hub(stores[0]), Hub(stores[1])
    room, token = await one.create(parse_new_game({"mode": "private", "preset": "classic"}))
    assert room.invite is not None
    held = await two.room(room.id)  # process two holds the game while it waits
    _, joined = await one.join_by_invite(room.id, room.invite)
    assert held.seat_of(joined) is None  # two has not heard of the join
    now, seat = await two.audience(room.id, joined, None)
    assert seat == 1 and now.phase == "setup"
    assert (await two.audience(room.id, token, None))[1] == 0
    with pytest.raises(ServerError) as refused:  # a token nobody gave: refused
        await two.audience(room.id, "not-a-token", None)
    assert refused.value.message_key == "web.error.bad_token"
    assert (await two.audience(room.id, None, room.watch_key))[1] == WATCHER
    for store in stores:
        await store.close()


async def test_actions_made_at_once_on_two_processes_are_both_stored(postgres_url: str) -> None:
    """In the set-up both players act at once: process two, which has not heard of seat 0's
    fleet yet, stores seat 1's all the same (checked again against the game as stored)."""
    import json

    from seabattle.server.messages import parse_client_message, parse_new_game
    from seabattle.server.rooms import Room
    from seabattle.server.service import Hub

    stores = [PostgresStore(postgres_url), PostgresStore(postgres_url)]
    one, two = Hub(stores[0]), Hub(stores[1])
    room, _ = await one.create(parse_new_game({"mode": "private", "preset": "classic"}))
    assert room.invite is not None
    await one.join_by_invite(room.id, room.invite)
    stale = await two.room(room.id)  # process two holds the game from here on

    def place(hub: Hub, here: Room, seat: int) -> Any:
        ships = hub.suggest(here, seat)["ships"]
        return parse_client_message(json.dumps({"type": "place", "ships": ships}),
                                    (*here.host.intents, *here.host.queries))

    await one.act(room.id, 0, place(one, room, 0))
    await two.act(stale.id, 1, place(two, stale, 1))
    log = await stores[0].load(room.id) or []
    assert [(e["type"], e.get("seat")) for e in log] == [
        ("created", None), ("joined", None), ("move", 0), ("move", 1)]
    assert (await two.room(room.id)).phase == "battle"
    for store in stores:
        await store.close()


async def test_a_set_up_timer_another_process_fires_during_creation_loses_nothing(
        postgres_url: str) -> None:
    """A game against the computer with a short set-up: another process's sweep may fire
    its timer between the game's first entry and the computer's set-up (a slow worker
    start under load). The creation still succeeds, with the game as stored (before: a
    conflict, answered as a failed creation of a game that existed)."""
    import time

    from seabattle.server.messages import parse_new_game
    from seabattle.server.service import Hub

    class SweptAfterCreate(PostgresStore):
        """The first process's store: right after a game's first entry is stored, the
        second process sweeps, later than the set-up's deadline."""

        async def create(self, game_id: str, entry: dict[str, JSON], **kwargs: Any) -> None:
            await super().create(game_id, entry, **kwargs)
            assert await two.fire_due(time.time() + 5) == [game_id]

    stores = [SweptAfterCreate(postgres_url), PostgresStore(postgres_url)]
    one, two = Hub(stores[0]), Hub(stores[1])
    room, token = await one.create(parse_new_game(
        {"mode": "computer", "level": "hard", "preset": "classic", "setup_seconds": 1}))
    assert room.seat_of(token) == 0
    assert room.phase == "battle"  # the timer placed both fleets: the battle is on
    stored = await stores[1].load(room.id)
    assert stored is not None and len(stored) == room.seq
    for store in stores:
        await store.close()
