"""Online play from the terminal (issue 18): the full-screen client (Textual's pilot)
against a second client speaking the browser's protocol, through a real ``seabattle
serve`` on loopback — a whole game, chat, the turn timer, a server restart in the middle
(both reconnect) and the rematch."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loopback import LoopbackServer, free_port, until
from textual.containers import VerticalScroll
from textual.widgets import RichLog, Static
from textual.widgets._toast import Toast
from websockets.asyncio.client import ClientConnection, connect

from seabattle.battleship.cell_lists import cell_lists_in_rules_order
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.rules import find_rules
from seabattle.battleship.terminal.tui.board import Board
from seabattle.battleship.terminal.tui.online import OnlineBattleshipScreen
from seabattle.battleship.terminal.tui.setup import SetupScreen
from seabattle.errors import SeaBattleError
from seabattle.netplay import lobby
from seabattle.netplay.app import OnlineApp
from seabattle.terminal.online import ChatScreen

SHOTS = Path("/work/helpers/shots/terminal")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LoopbackServer]:
    running = LoopbackServer(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


class BrowserPeer:
    """The other player: a WebSocket client as the browser's, keeping what it received."""

    def __init__(self, url: str, game: str, token: str) -> None:
        self.url = url.replace("http", "ws", 1) + "/ws"
        self.game, self.token = game, token
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self._socket: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        self._socket = await connect(self.url)
        await self.send({"type": "hello", "game": self.game, "token": self.token,
                         "since": self.state.get("seq", 0), "lang": "en"})
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self._socket is not None
        try:
            async for text in self._socket:
                message = json.loads(text)
                self.received.append(message)
                if message["type"] == "state":
                    self.state = message
        except Exception:  # the server went away: reconnect() opens a new socket
            return

    async def reconnect(self) -> None:
        deadline = time.monotonic() + 20
        while True:
            try:
                await self.connect()
                return
            except OSError:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.2)

    async def send(self, message: dict[str, Any]) -> None:
        assert self._socket is not None
        await self._socket.send(json.dumps(message))

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()


def screen_text(app: OnlineApp) -> str:
    """The turn line and the log of the online screen."""
    screen = app.game_screen
    assert isinstance(screen, OnlineBattleshipScreen)
    log = "\n".join(strip.text for strip in screen.query_one(RichLog).lines)
    return f"{screen.query_one('#turn', Static).content}\n{log}"


def shot(app: OnlineApp, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(filename=f"{name}-{app.size.width}x{app.size.height}.svg",
                        path=str(SHOTS))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_whole_online_game_between_the_terminal_and_a_browser_client(
        server: LoopbackServer, size: tuple[int, int]) -> None:
    created = await asyncio.to_thread(server.post, "/api/games", {
        "mode": "private", "preset": "classic", "turn_seconds": 120})
    peer = BrowserPeer(server.url, created["game"], created["token"])
    await peer.connect()
    link = f"{server.url}/join/{created['game']}/{created['invite']}"
    rules = find_rules("classic")
    app = OnlineApp(lambda: lobby.join_invite(link, "en"), "en")
    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, SetupScreen), "the set-up")
        shot(app, "online-setup")
        await pilot.pause()
        await pilot.press("x", "s")
        fleet = random_fleet(rules, random.Random(7))
        await peer.send({"type": "place", "ships": cell_lists_in_rules_order(rules, fleet)})
        await until(lambda: peer.state.get("phase") == "battle", "the battle")
        await until(lambda: isinstance(app.screen, OnlineBattleshipScreen)
                    and app.game_screen is not None and app.game_screen.state is not None
                    and app.game_screen.state.phase == "battle", "the terminal's battle")
        await pilot.pause()
        assert "s left" in screen_text(app), "the turn timer is shown"
        # The battle fits the terminal, 80×24 too (its rules line is said in the log there).
        assert app.screen.query_one("#main", VerticalScroll).max_scroll_y == 0
        assert "Rules: classic" in screen_text(app)
        # Chat both ways: the terminal picks the first phrase, the browser says another.
        await pilot.press("ctrl+g")
        await until(lambda: isinstance(app.screen, ChatScreen), "the chat's phrases")
        shot(app, "online-chat")
        await pilot.press("enter")
        await until(lambda: any(m["type"] == "chat" and m["seat"] == 1 for m in peer.received),
                    "the terminal's phrase at the browser")
        await peer.send({"type": "chat", "phrase": "chat.good_luck"})
        await until(lambda: "Opponent: «Good luck!»" in screen_text(app), "the browser's phrase")
        targets = [c for ship in fleet for c in sorted(_cells(ship.cells))]
        restarted = False
        screen = app.game_screen
        assert isinstance(screen, OnlineBattleshipScreen)
        while peer.state.get("phase") == "battle":
            seq = peer.state["seq"]
            if peer.state.get("to_move") == 1:  # the terminal's turn: it types a cell
                await until(lambda: screen.state is not None
                            and screen.state.turn_action is not None, "the terminal's turn")
                assert screen.state is not None
                cell = next(c for c in targets if not screen.state.enemy.fired >> c & 1)
                await pilot.press(*screen.phrases.cell(cell).lower(), "enter")
            else:  # the browser's turn: the first cell it may aim at
                await peer.send({"type": "fire", "cell": peer.state["turn"]["cells"][0]})
            await until(lambda seq=seq: peer.state["seq"] > seq, "the shot's answer")
            if not restarted and peer.state["seq"] > 12:
                shot(app, "online-battle")
                restarted = True
                await asyncio.to_thread(server.stop)
                await until(lambda: not app.online, "the terminal to see the server gone")
                await pilot.pause()
                assert "reconnecting" in screen_text(app)
                await asyncio.to_thread(server.start)
                await peer.reconnect()
                await until(lambda: app.online, "the terminal back online")
                await until(lambda seq=seq: peer.state["seq"] >= seq, "the browser's state again")
        assert restarted
        await until(lambda: "You win" in screen_text(app), "the terminal's victory")
        assert "Sunk! The battleship went down." in screen_text(app), "sinkings named"
        await pilot.pause()
        shot(app, "online-over")
        enemy = app.screen.query_one("#enemy", Board)
        assert all(enemy.marks[c].value == "sunk" for c in targets)
        # The rematch: the terminal offers, the browser accepts, both follow to the next game.
        await pilot.press("ctrl+n")
        await until(lambda: any(m["type"] == "rematch_offered" and m["seat"] == 1
                                for m in peer.received), "the terminal's offer")
        await peer.send({"type": "rematch"})
        await until(lambda: isinstance(app.screen, SetupScreen), "the rematch's set-up")
        assert app.connection is not None and app.connection.ticket.game != created["game"]
        await pilot.press("ctrl+q")
    await peer.close()


def _cells(board: int) -> list[int]:
    return [cell for cell in range(board.bit_length()) if board >> cell & 1]


async def test_a_random_opponent_meets_the_terminal_on_the_same_rules(
        server: LoopbackServer) -> None:
    request = {"game": "battleship", "preset": "classic", "turn_seconds": 60,
               "setup_seconds": 180}
    app = OnlineApp(lambda: lobby.open_random(server.url, request, "ru"), "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.game_screen is not None and app.game_screen.state is not None,
                    "the waiting game's state")
        await pilot.pause()
        assert "Ждём соперника" in screen_text(app)
        # A browser asking for a random opponent with the same rules and timers joins it.
        joined = await asyncio.to_thread(server.post, "/api/games", {"mode": "random", **request})
        assert joined["seat"] == 1
        assert app.connection is not None and joined["game"] == app.connection.ticket.game
        peer = BrowserPeer(server.url, joined["game"], joined["token"])
        await peer.connect()
        await until(lambda: isinstance(app.screen, SetupScreen), "the set-up")
        await pilot.press("ctrl+q")
    await peer.close()


def test_bad_addresses_and_links_are_refused_in_words(server: LoopbackServer) -> None:
    with pytest.raises(SeaBattleError) as refused:
        lobby.parse_invite(f"{server.url}/play/abc")
    assert "not an invitation link" in refused.value.message("en")
    with pytest.raises(SeaBattleError) as refused:
        lobby.join_invite(f"{server.url}/join/nosuchgame/key", "ru")
    assert refused.value.message("ru").startswith(f"сервер {server.url} отказал")
    closed = free_port()  # nobody listens there
    with pytest.raises(SeaBattleError) as refused:
        lobby.open_random(f"http://127.0.0.1:{closed}", {"preset": "classic"}, "en")
    assert "cannot reach the server" in refused.value.message("en")


async def test_the_app_ends_saying_why_when_no_seat_can_be_had() -> None:
    closed = f"http://127.0.0.1:{free_port()}"
    app = OnlineApp(lambda: lobby.open_random(closed, {"preset": "classic"}, "ru"), "ru")
    async with app.run_test(size=(80, 24)):
        await until(lambda: app.problem is not None, "the refusal")
    assert app.problem is not None and "не удаётся связаться с сервером" in app.problem
    assert app.return_code == 1


async def test_the_terminal_invites_a_friend_with_a_link(server: LoopbackServer) -> None:
    request = {"game": "battleship", "preset": "classic"}
    # A first game on this computer: the guide says how to play, online as against the
    # computer (play.py asks guide_due, as for a game against the computer).
    app = OnlineApp(lambda: lobby.open_random(server.url, request, "en", mode="private"), "en",
                    guide=True)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await until(lambda: "Invite a friend: " in screen_text(app), "the invitation link")
        await pilot.pause()
        assert any("Place your ships" in str(toast.render()) for toast in app.screen.query(Toast))
        shot(app, "online-invite")
        link = screen_text(app).split("Invite a friend: ")[1].split()[0]
        _, game, invite = lobby.parse_invite(link)
        assert link.startswith(server.url) and app.connection is not None
        assert game == app.connection.ticket.game
        joined = await asyncio.to_thread(server.post, f"/api/games/{game}/join",
                                         {"invite": invite})
        peer = BrowserPeer(server.url, joined["game"], joined["token"])
        await peer.connect()
        await until(lambda: isinstance(app.screen, SetupScreen), "the set-up")
        await pilot.press("ctrl+q")
    await peer.close()
