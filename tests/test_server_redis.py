"""Notes over Redis between server processes: two apps (each as a process would run it, on
its own event loop) on one PostgreSQL schema and one Redis, the players of a game on
different ones, and Redis going away and coming back (``tests/backends.py``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from typing import Any

import pytest

pytest.importorskip("redis")
pytest.importorskip("psycopg")
pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from seabattle.errors import SeaBattleError  # noqa: E402
from seabattle.server.backends import BackendError, build_app  # noqa: E402
from seabattle.server.pubsub import Note  # noqa: E402
from seabattle.server.pubsub_redis import RedisPubSub, decode, encode  # noqa: E402
from tests import backends  # noqa: E402
from tests.backends import Relay, assert_each_move_once  # noqa: E402
from tests.test_server import Peer, hello, next_target, place_random, sync  # noqa: E402

postgres_url, redis_url = backends.postgres_url, backends.redis_url
watchdog = backends.watchdog  # autouse: a hang fails instead of stalling

# --- the pub/sub alone --------------------------------------------------------------------


def test_notes_are_encoded_and_anything_else_is_ignored() -> None:
    assert decode(encode(Note("feed", 12), "p1")) == (Note("feed", 12), "p1")
    assert decode(encode(Note("presence"), "p2")) == (Note("presence"), "p2")
    for junk in (b"", b"[]", b"{}", b'{"kind": "drop", "from": "x"}',
                 b'{"kind": "feed", "upto": "7", "from": "x"}', b"\xff"):
        assert decode(junk) is None


async def wait_connected(*pubsubs: RedisPubSub) -> None:
    for pubsub in pubsubs:
        await asyncio.wait_for(pubsub.connected.wait(), 5)


async def test_a_note_reaches_the_other_process_after_its_hook_and_its_own_once(
        redis_url: str) -> None:
    heard: list[tuple[str, Note | None]] = []

    async def hook(game: str, note: Note | None) -> None:
        heard.append((game, note))

    one, two = RedisPubSub(redis_url), RedisPubSub(redis_url, on_remote=hook)
    await one.start(), await two.start()
    try:
        await wait_connected(one, two)
        async with one.subscribe("g1") as mine, two.subscribe("g1") as theirs, \
                two.subscribe("g2") as elsewhere:
            await one.publish("g1", Note("feed", 3))
            assert await asyncio.wait_for(theirs.get(), 5) == Note("feed", 3)
            assert heard == [("g1", Note("feed", 3))]  # the hook ran before delivery
            assert await asyncio.wait_for(mine.get(), 5) == Note("feed", 3)
            await one.publish("g1", Note("presence"))
            assert await asyncio.wait_for(theirs.get(), 5) == Note("presence")
            assert await asyncio.wait_for(mine.get(), 5) == Note("presence")
            assert mine.queue.empty()  # its own notes are not heard twice through Redis
            assert elsewhere.queue.empty()
    finally:
        await one.stop(), await two.stop()


async def test_a_process_away_from_redis_catches_up_when_it_returns(redis_url: str) -> None:
    relay = Relay(backends.address(backends.REDIS))
    heard: list[tuple[str, Note | None]] = []

    async def hook(game: str, note: Note | None) -> None:
        heard.append((game, note))

    one, two = RedisPubSub(redis_url), RedisPubSub(relay.url(redis_url), on_remote=hook)
    two.retry_seconds = 0.05
    await one.start(), await two.start()
    try:
        await wait_connected(one, two)
        async with two.subscribe("g") as theirs, one.subscribe("g") as mine:
            relay.cut()
            while two.connected.is_set():
                await asyncio.sleep(0.01)
            await one.publish("g", Note("feed", 5))  # lost for ``two``
            assert await asyncio.wait_for(mine.get(), 5) == Note("feed", 5)
            await two.publish("g", Note("feed", 6))  # Redis down: still heard here
            assert await asyncio.wait_for(theirs.get(), 5) == Note("feed", 6)
            relay.mend()
            # Back: ``two`` cannot know what it missed, so the game reads its log...
            assert await asyncio.wait_for(theirs.get(), 5) == Note("feed")
            assert heard == [(None, None)]  # every game held here catches up
            # ... and the others read the logs of the games played on ``two`` meanwhile.
            assert await asyncio.wait_for(mine.get(), 5) == Note("feed")
    finally:
        await one.stop(), await two.stop()
        relay.cut()


async def test_presence_elsewhere_counts_live_processes_only(redis_url: str) -> None:
    one, two = RedisPubSub(redis_url), RedisPubSub(redis_url)
    one.alive_seconds = 1  # a process killed stops counting a second after its last beat
    await one.start(), await two.start()
    try:
        game = f"presence-{one.origin}"
        await one.share_presence(game, [True, False])
        assert await two.presence_elsewhere(game) == [1, 0]
        assert await one.presence_elsewhere(game) == [0, 0]  # its own sockets are not "else"
        await two.share_presence(game, [True, True])
        assert await one.presence_elsewhere(game) == [1, 1]
        for task in one._tasks:  # one dies: no more beats, nothing cleaned up
            task.cancel()
        await asyncio.sleep(1.5)
        assert await two.presence_elsewhere(game) == [0, 0]
        await two.share_presence(game, [False, False])
        assert await one.presence_elsewhere(game) == [0, 0]
    finally:
        await one.stop(), await two.stop()


def test_a_pubsub_url_that_is_not_redis_is_refused(tmp_path: Any) -> None:
    with pytest.raises(BackendError, match="expected redis://"):
        build_app(tmp_path / "g.sqlite3", "amqp://127.0.0.1")


# --- two server processes (in-process apps) on one store ------------------------------------


class Site:
    """Two apps as two processes would run them, on one PostgreSQL schema and Redis."""

    def __init__(self, db: str, redis: str, stack: ExitStack) -> None:
        self.clients: list[TestClient] = []
        for _ in range(2):
            app = build_app(db, redis, grace_seconds=0)
            client = stack.enter_context(TestClient(app))
            stack.callback(client.portal.call, app.state.hub.store.close)  # in its loop
            self.clients.append(client)
        for client in self.clients:
            pubsub = client.app.state.hub.pubsub  # type: ignore[attr-defined]
            deadline = time.monotonic() + 5
            while not pubsub.connected.is_set():
                assert time.monotonic() < deadline, "the Redis reader did not start"
                time.sleep(0.01)


@pytest.fixture
def site(postgres_url: str, redis_url: str) -> Iterator[Site]:
    with ExitStack() as stack:
        yield Site(postgres_url, redis_url, stack)


def play_to_the_end(players: dict[int, Peer], watchers: list[Peer], seq: int) -> int:
    """Both players fire in turn at the next cell until the game is over; every peer sees
    every shot. Returns the last ``seq``."""
    while True:
        state = sync(players[0], seq)
        sync(players[1], seq)
        if state["phase"] == "over":
            for peer in (*players.values(), *watchers):
                assert sync(peer, seq)["result"] == state["result"]
            return seq
        shooter = players[state["to_move"]]
        shooter.send({"type": "fire", "cell": next_target(sync(shooter, seq))})
        seq = shooter.until("shot")["seq"] + 1
        for peer in (*players.values(), *watchers):
            sync(peer, seq)


def test_players_and_a_spectator_on_two_processes_play_a_whole_game(site: Site) -> None:
    one, two = site.clients
    game = one.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
    joined = two.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    assert joined.status_code == 200, joined.text
    with one.websocket_connect("/ws") as ws0, two.websocket_connect("/ws") as ws1, \
            two.websocket_connect("/ws") as ws2:
        a = hello(ws0, game["game"], "A", token=game["token"])
        b = hello(ws1, game["game"], "B", token=joined.json()["token"])
        spectator = hello(ws2, game["game"], "S", watch=game["watch"])
        assert sync(a, 2)["players"][1]["joined"]  # app one heard of the join on app two
        place_random(a), place_random(b)
        seq = play_to_the_end({0: a, 1: b}, [spectator], sync(a, 4)["seq"])
    stored = one.portal.call(one.app.state.hub.store.load,  # type: ignore[attr-defined]
                             game["game"])
    assert len(stored) == seq
    assert_each_move_once(stored)


def test_random_players_on_both_processes_are_seated_in_pairs(site: Site) -> None:
    one, two = site.clients
    seated = [client.post("/api/games", json={"mode": "random", "preset": "classic"}).json()
              for client in (one, two, two, one, one, two)]
    games: dict[str, list[int]] = {}
    for ticket in seated:
        games.setdefault(ticket["game"], []).append(ticket["seat"])
    assert sorted(games.values()) == [[0, 1]] * 3


def test_with_redis_down_each_process_serves_its_own_sockets_and_catches_up_after(
        postgres_url: str, redis_url: str) -> None:
    relay = Relay(backends.address(backends.REDIS))
    with ExitStack() as stack:
        site = Site(postgres_url, relay.url(redis_url), stack)
        one, two = site.clients
        for client in site.clients:
            client.app.state.hub.pubsub.retry_seconds = 0.05  # type: ignore[attr-defined]
        game = one.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
        joined = one.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
        with one.websocket_connect("/ws") as ws0, one.websocket_connect("/ws") as ws1, \
                two.websocket_connect("/ws") as ws2:
            a = hello(ws0, game["game"], "A", token=game["token"])
            b = hello(ws1, game["game"], "B", token=joined.json()["token"])
            spectator = hello(ws2, game["game"], "S", watch=game["watch"])
            place_random(a), place_random(b)
            seq = start = sync(a, 4)["seq"]
            sync(spectator, seq)
            relay.cut()
            # Both players are on process one: they play on; the spectator on two sees
            # nothing new until Redis is back, and then everything.
            for _ in range(3):
                state = sync(a, seq)
                shooter = {0: a, 1: b}[state["to_move"]]
                shooter.send({"type": "fire", "cell": next_target(sync(shooter, seq))})
                seq = shooter.until("shot")["seq"] + 1
                sync(a, seq), sync(b, seq)
            assert two.app.state.hub.rooms[game["game"]].seq == start  # type: ignore[attr-defined]
            relay.mend()
            assert sync(spectator, seq)["seq"] == seq
            shots = [m for m in spectator.received if m["type"] == "shot"]
            assert [m["seq"] for m in shots] == list(range(start, seq))
    relay.cut()


def test_build_app_names_the_missing_driver() -> None:
    error = BackendError(what="--db postgresql://", extra="postgres", problem="no psycopg")
    assert "pip install 'seabattle[postgres]'" in str(error)
    assert isinstance(error, SeaBattleError)


def test_a_player_connected_to_another_process_is_here_until_gone(site: Site) -> None:
    """Presence is shared: B, on process two, cannot claim the win from A while A is
    connected to process one, and can once A has gone (no grace period here)."""
    one, two = site.clients
    game = one.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
    joined = two.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    with two.websocket_connect("/ws") as ws1:
        b = hello(ws1, game["game"], "B", token=joined.json()["token"])
        assert not b.state["players"][0]["online"]
        with one.websocket_connect("/ws") as ws0:
            hello(ws0, game["game"], "A", token=game["token"])
            b.until("presence", online=[True, True])
            assert b.until("state")["players"][0]["online"]
            assert b.error({"type": "claim_win"})["code"] == "web.error.opponent_here"
        b.until("presence", online=[False, True])
        b.send({"type": "claim_win"})
        over = b.until("game_over")
        assert (over["winner"], over["reason"]) == (1, "abandoned")


def test_serve_refuses_to_start_on_a_redis_that_does_not_answer(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from seabattle.cli import main
    from tests.backends import free_port

    url = f"redis://127.0.0.1:{free_port()}/0"
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--pubsub", url]) == 2
    assert f"cannot use the database '{url}'" in capsys.readouterr().err


def test_a_rematch_agreed_across_processes_is_played_on_both(site: Site) -> None:
    one, two = site.clients
    game = one.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
    joined = two.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    tokens = [game["token"], joined.json()["token"]]
    with one.websocket_connect("/ws") as ws0, two.websocket_connect("/ws") as ws1:
        a = hello(ws0, game["game"], "A", token=tokens[0])
        b = hello(ws1, game["game"], "B", token=tokens[1])
        a.send({"type": "resign"})
        assert b.until("game_over")["reason"] == "resigned"
        a.send({"type": "rematch"})
        b.until("rematch_offered", seat=0)
        b.send({"type": "rematch"})
        rematch = b.until("rematch_started")["game"]
        assert a.until("rematch_started")["game"] == rematch
    with one.websocket_connect("/ws") as ws0, two.websocket_connect("/ws") as ws1:
        a = hello(ws0, rematch, "A", token=tokens[0])
        b = hello(ws1, rematch, "B", token=tokens[1])
        assert a.state["previous_game"] == b.state["previous_game"] == game["game"]
        place_random(a), place_random(b)
        assert sync(a, 3)["phase"] == sync(b, 3)["phase"] == "battle"


def test_entries_stored_by_a_process_that_died_before_telling_reach_everyone(
        site: Site) -> None:
    """A process killed between storing a move and publishing its note: the other processes
    learn of it when a socket connects (its players come back elsewhere)."""
    one, two = site.clients
    game = one.post("/api/games", json={"mode": "private", "preset": "classic"}).json()
    joined = two.post(f"/api/games/{game['game']}/join", json={"invite": game["invite"]})
    with two.websocket_connect("/ws") as ws1:
        b = hello(ws1, game["game"], "B", token=joined.json()["token"])
        store = two.app.state.hub.store  # type: ignore[attr-defined]
        seq = len(two.portal.call(store.load, game["game"]))
        two.portal.call(partial(store.append, game["game"], seq, [
            {"type": "chat", "at": time.time(), "seat": 0, "phrase": "chat.hello"}],
            phase="setup"))
        with two.websocket_connect("/ws") as ws2:  # the dead process's player, back here
            hello(ws2, game["game"], "A", token=game["token"])
            assert b.until("chat", seat=0)["seq"] == seq
