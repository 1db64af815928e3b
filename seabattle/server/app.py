"""The ASGI app: HTTP for the lobby and static files, one WebSocket per player or spectator.

This module only moves JSON between sockets and the :class:`~seabattle.server.service.Hub`;
it turns every refused message into an ``error`` event. The protocol is in
``docs/web-protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from seabattle.errors import SeaBattleError
from seabattle.games.interface import JSON
from seabattle.games.registry import DEFAULT_GAME, find_game, game_names
from seabattle.i18n import MESSAGES, Language
from seabattle.server.guard import HttpGuard
from seabattle.server.lessons import import_lessons
from seabattle.server.limits import Gate, LimitError, Limits
from seabattle.server.messages import (
    CHAT_PHRASES,
    Hello,
    Intent,
    Ping,
    ProtocolError,
    ServerError,
    Suggest,
    client_types,
    key,
    message_text,
    parse_client_message,
    parse_json,
    parse_new_game,
)
from seabattle.server.pubsub import Note, PubSub
from seabattle.server.rooms import WATCHER, Room
from seabattle.server.service import Hub
from seabattle.server.store import SQLiteStore, Store
from seabattle.server.thinking import ThinkingPool

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
TICK_SECONDS = 0.25
log = logging.getLogger("seabattle.server")


def _error(error: SeaBattleError, language: Language, message: str | None = None
           ) -> dict[str, JSON]:
    """An error message for a client (``message``: as the game words it for the player)."""
    return {"type": "error", "code": error.message_key,
            "message": error.message(language) if message is None else message}


class _JSON(JSONResponse):
    """JSON that quotes a client's lone surrogate escaped rather than failing to encode."""

    def render(self, content: Any) -> bytes:
        return message_text(content).encode()


def _error_response(error: SeaBattleError, language: Language, status: int = 400) -> JSONResponse:
    if isinstance(error, LimitError):
        status = 429
    return _JSON(_error(error, language), status_code=status)


def _lang(request: Request) -> Language:
    return "ru" if request.query_params.get("lang") == "ru" else "en"


async def _json_body(request: Request) -> Any:
    """The request's JSON (its size is limited while it is read: :class:`HttpGuard`)."""
    return parse_json(await request.body())


def _address(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client is not None else ""


# --- HTTP ------------------------------------------------------------------------------

async def index(request: Request) -> Response:
    return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})


async def options(request: Request) -> Response:
    """What the lobby offers: the default game's options at the top level (presets,
    alphabets, levels…, as before there were several games), every hosted game's under
    ``games``, and the chat's phrases."""
    games = {}
    for name in game_names():
        host = find_game(name).host()
        if host is not None:
            games[name] = {"title": find_game(name).title.render(_lang(request)),
                           "modes": list(host.modes), **host.lobby_options(),
                           "default_level": host.levels[0] if host.levels else None}
    return JSONResponse({**games[DEFAULT_GAME], "games": games, "chat": list(CHAT_PHRASES)})


async def messages(request: Request) -> Response:
    index = 1 if _lang(request) == "ru" else 0
    return JSONResponse({key: pair[index] for key, pair in MESSAGES.items()})


async def create_game(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    lang = _lang(request)
    try:
        checked = parse_new_game(await _json_body(request))
        gate: Gate = request.app.state.gate
        with gate.create(_address(request)):
            room, token = await hub.create(checked)
    except SeaBattleError as error:
        return _error_response(error, lang)
    seat = room.seat_of(token)
    return JSONResponse({"game": room.id, "token": token, "seat": seat,
                         "invite": room.invite if seat == 0 else None,
                         "watch": room.watch_key}, status_code=201)


async def join_game(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    lang = _lang(request)
    try:
        body = await _json_body(request)
        invite = key(body.get("invite") if isinstance(body, dict) else None, "invite")
        room, token = await hub.join_by_invite(request.path_params["game"], invite)
    except SeaBattleError as error:
        status = 404 if error.message_key == "web.error.no_game" else 400
        return _error_response(error, lang, status)
    return _JSON({"game": room.id, "token": token, "seat": 1, "watch": room.watch_key})


async def game_record(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    lang = _lang(request)
    try:
        room = await hub.room(request.path_params["game"])
        text = room.record()
    except SeaBattleError as error:
        status = 404 if error.message_key == "web.error.no_game" else 409
        return _error_response(error, lang, status)
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition":
                             f'inline; filename="seabattle-{room.id}.json"'})


async def game_analysis(request: Request) -> Response:
    """The game's analysis of a finished game (its host's
    :meth:`~seabattle.games.hosting.GameHost.analysis` of the record), worked out in a
    thread: it takes seconds, which the event loop must not wait for."""
    hub: Hub = request.app.state.hub
    lang = _lang(request)
    try:
        room = await hub.room(request.path_params["game"])
        data = await run_in_threadpool(room.host.analysis, room.rules, room.record(), lang)
    except SeaBattleError as error:
        status = 404 if error.message_key == "web.error.no_game" else 409
        return _error_response(error, lang, status)
    return _JSON(data)


# --- WebSocket ----------------------------------------------------------------------------

def _closed(ws: WebSocket) -> bool:
    """Whether either side has closed ``ws`` (a send then fails: nothing to report)."""
    return WebSocketState.DISCONNECTED in (ws.application_state, ws.client_state)


class Connection:
    """One socket after its ``hello``: sends what its audience missed, then keeps it current."""

    def __init__(self, hub: Hub, ws: WebSocket, game_id: str, audience: int,
                 language: Language, since: int) -> None:
        self.hub, self.ws, self.game_id = hub, ws, game_id
        self.audience, self.language, self.sent = audience, language, since

    async def room(self) -> Room:
        return await self.hub.room(self.game_id)

    async def send(self, data: JSON) -> None:
        await self.ws.send_text(message_text(data))

    async def catch_up(self, note: Note | None = None) -> None:
        """Send the events the audience has not had, then the state (built once per
        audience and language for every socket told of the same change:
        :meth:`Hub.state_text`). A note of entries already sent is skipped."""
        presence = note is not None and note.kind == "presence"
        if (note is not None and not presence and note.upto is not None
                and note.upto <= self.sent):
            return
        events, self.sent, state = await self.hub.told(self.game_id, self.audience,
                                                       self.language, self.sent)
        for event in events:
            await self.send(event)
        if presence:
            online = (await self.room()).online
            await self.send({"type": "presence", "online": [p > 0 for p in online]})
        await self.ws.send_text(state)

    async def send_error(self, error: SeaBattleError) -> None:
        try:
            room = await self.room()
        except SeaBattleError:  # the store cannot be read now: the error in its own words
            message = None
        else:
            message = room.host.error_message(room.rules, error, self.language)
        await self.send(_error(error, self.language, message))

    async def handle(self, text: str) -> None:
        room = await self.room()
        message = parse_client_message(text, (*room.host.intents, *room.host.queries))
        if isinstance(message, Hello):
            raise ServerError("web.error.repeated")
        if isinstance(message, Ping):
            async with self.hub.lock(self.game_id):  # not an entry still being stored
                seq = (await self.room()).seq
            await self.send({"type": "pong", "seq": seq})
        elif isinstance(message, Intent) and message.kind in room.host.queries:
            # A question about the game (a fleet's problems): answered here, nothing logged.
            if self.audience == WATCHER:
                raise ServerError("web.error.spectator")
            async with self.hub.lock(self.game_id):
                room = await self.room()
                answer = room.host.query(room.state, room.phase, self.audience,
                                         message.kind, message.data, self.language)
            await self.send(answer)
        elif isinstance(message, Suggest):
            await self.send(self.hub.suggest(room, self.audience))
        else:
            await self.hub.act(self.game_id, self.audience, message)


async def _receive(ws: WebSocket) -> str:
    """The next text frame; raises :class:`ProtocolError` for a binary one and
    ``WebSocketDisconnect`` when the client has gone."""
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        raise ProtocolError("web.error.binary")
    return str(text)


class Budget:
    """A socket's message budget (:attr:`Limits.messages_per_second`) and its address's,
    shared by all the address's sockets (:attr:`Limits.address_messages_per_second`).

    A message over the socket's budget waits until the budget allows, and is read then:
    nothing is refused for that (a fast client, a set-up asking on every hover, is only
    slowed down, and never loses an answer it waits for). The first message over the
    address's budget is refused unread (:class:`LimitError`: a clear error, before it is
    even parsed); the socket's next ones wait for the address's budget, as for its own, until
    one passes without waiting. So a flood, from one socket or from many sockets of one
    address, costs the server no more than the rate and one error a socket: the rest waits
    in uvicorn's queue and the client's TCP buffers."""

    def __init__(self, gate: Gate, address: str) -> None:
        self.gate, self.address = gate, address
        self.bucket = gate.socket_bucket()
        self.warned = False

    async def admit(self) -> None:
        while not self.bucket.take():
            await asyncio.sleep(self.bucket.wait())
        if not self.warned:
            try:
                self.gate.message(self.address)
            except LimitError:
                self.warned = True
                raise
            return
        waited = False
        while wait := self.gate.messages.take(self.address):
            waited = True
            await asyncio.sleep(wait)
        self.warned = waited


async def _hello(hub: Hub, ws: WebSocket, budget: Budget) -> Connection:
    """Wait for a valid ``hello``, answering anything else with an error."""
    language: Language = "en"
    while True:
        try:
            text = await _receive(ws)
            await budget.admit()
            message = parse_client_message(text, client_types())
            if not isinstance(message, Hello):
                raise ServerError("web.error.hello_first")
            language = message.lang
            room, audience = await hub.audience(message.game, message.token, message.watch)
            return Connection(hub, ws, room.id, audience, language, min(message.since, room.seq))
        except SeaBattleError as error:
            await ws.send_text(message_text(_error(error, language)))


async def _refuse(ws: WebSocket, error: SeaBattleError, language: Language = "en") -> None:
    """Say why, then close the socket (``1008``: policy violation)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_text(message_text(_error(error, language)))
        await ws.close(code=1008)


async def websocket_endpoint(ws: WebSocket) -> None:
    """A socket: a per-address count, a ``hello`` before the deadline, a per-game count,
    then the game (:func:`_serve`)."""
    hub: Hub = ws.app.state.hub
    gate: Gate = ws.app.state.gate
    limits = gate.limits
    address = _address(ws)
    if not gate.addresses.enter(address, limits.sockets_per_address):
        error = LimitError("web.error.too_many_connections", limit=limits.sockets_per_address)
        if "websocket.http.response" in ws.scope.get("extensions", {}):
            # Refused before the handshake: an HTTP 429 with the error costs the least.
            language: Language = "ru" if ws.query_params.get("lang") == "ru" else "en"
            await ws.send_denial_response(_error_response(error, language))
        else:
            await ws.accept()
            await _refuse(ws, error)
        return
    await ws.accept()
    try:
        budget = Budget(gate, address)
        try:
            async with asyncio.timeout(limits.hello_seconds):
                connection = await _hello(hub, ws, budget)
        except TimeoutError:
            await _refuse(ws, LimitError("web.error.hello_timeout",
                                         seconds=f"{limits.hello_seconds:g}"))
            return
        spectator = connection.audience == WATCHER
        seat = (connection.game_id, connection.audience)
        ceiling = limits.spectators_per_game if spectator else limits.sockets_per_seat
        if not gate.audiences.enter(seat, ceiling):
            await _refuse(ws, LimitError("web.error.too_many_spectators" if spectator
                                         else "web.error.too_many_seat_sockets",
                                         limit=ceiling), connection.language)
            return
        try:
            await _serve(hub, connection, budget)
        finally:
            gate.audiences.leave(seat)
    except WebSocketDisconnect:
        return
    finally:
        gate.addresses.leave(address)


async def _serve(hub: Hub, connection: Connection, budget: Budget) -> None:
    """A socket after its ``hello``: what it missed, then every change, and its messages."""
    ws = connection.ws
    room = await connection.room()
    audience = connection.audience
    connected = False
    async with hub.pubsub.subscribe(room.id) as subscription:

        async def forward() -> None:
            while True:
                note = await subscription.get()
                with contextlib.suppress(SeaBattleError):  # the store is down: next note
                    await connection.catch_up(note)

        forwarder: asyncio.Task[None] | None = None
        try:
            await connection.send({"type": "welcome", "game": room.id,
                                   "seat": None if audience == WATCHER else audience,
                                   "role": "spectator" if audience == WATCHER else "player",
                                   "since": connection.sent})
            await connection.catch_up()
            await hub.connect(room, audience)
            connected = True
            forwarder = asyncio.create_task(forward())
            while True:
                text = ""
                try:
                    text = await _receive(ws)
                    try:
                        await budget.admit()
                    except LimitError as error:  # the address's budget: refused, unread
                        await connection.send(_error(error, connection.language))
                        continue
                    await connection.handle(text)
                except SeaBattleError as error:
                    await connection.send_error(error)
                except WebSocketDisconnect:
                    raise
                except Exception:  # a bug must not take the player's socket down
                    if _closed(ws):
                        break  # closed under this message (a limit): its answer has no way
                    log.exception("message %r failed", text[:200])
                    await connection.send_error(ServerError("web.error.internal"))
        except (WebSocketDisconnect, RuntimeError):
            pass  # RuntimeError: Starlette's "send after close"
        finally:
            if forwarder is not None:
                forwarder.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await forwarder
            if connected:
                with contextlib.suppress(SeaBattleError):
                    await hub.disconnect(await hub.room(room.id), audience)


# --- the app ---------------------------------------------------------------------------------

def _report_failure(task: asyncio.Task[None]) -> None:
    """Log why the thinking workers could not start (a computer's move then tries again)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the computers' worker processes did not start", exc_info=task.exception())


def create_app(store: Store | str | Path, *, grace_seconds: int = 60,
               pubsub: PubSub | None = None, limits: Limits | None = None,
               thinking: ThinkingPool | None = None) -> Starlette:
    """The web app over ``store`` (a :class:`Store`, or the path of a SQLite file) and
    ``pubsub`` (in memory by default; one with ``start``/``stop`` methods, such as
    Redis's, is started and stopped with the app), within ``limits`` (the defaults of
    :class:`Limits` if not given); its computers think in ``thinking``'s processes (started
    and closed with the app), or by default in the threads that change their rooms."""
    limits = limits or Limits()
    if not hasattr(store, "append"):
        store = SQLiteStore(str(store))
    hub = Hub(store, pubsub, grace_seconds=grace_seconds,  # type: ignore[arg-type]
              limits=limits, thinking=thinking)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def timers() -> None:
            while True:
                await asyncio.sleep(TICK_SECONDS)
                try:
                    await hub.tick()
                except Exception:  # a broken room must not stop every other clock
                    log.exception("timer tick failed")

        # Lessons of the classroom's old server of its own become rooms, once.
        await import_lessons(getattr(store, "path", None), hub.store)
        start, stop = getattr(hub.pubsub, "start", None), getattr(hub.pubsub, "stop", None)
        if start is not None:
            await start()
        if thinking is not None:  # in the background: the lobby need not wait for it
            starting = asyncio.create_task(asyncio.to_thread(thinking.start))
            starting.add_done_callback(_report_failure)
        task = asyncio.create_task(timers())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if thinking is not None:
                with contextlib.suppress(Exception):  # reported: _report_failure
                    await starting
                await asyncio.to_thread(thinking.close)
            if stop is not None:
                await stop()

    routes = [
        Route("/", index),
        Route("/play/{game}", index),
        Route("/join/{game}/{invite}", index),
        Route("/watch/{game}/{key}", index),
        Route("/api/options", options),
        Route("/api/messages", messages),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{game}/join", join_game, methods=["POST"]),
        Route("/api/games/{game}/record", game_record),
        Route("/api/games/{game}/analysis", game_analysis),
        Route("/analysis/{game}", index),
        Route("/classroom", index),  # the lobby with the classroom game chosen
        Route("/classroom/{lesson}", index),  # an old lesson's address: the page goes on
        WebSocketRoute("/ws", websocket_endpoint),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HttpGuard, limit=limits.body_bytes)])
    app.state.hub = hub
    app.state.gate = Gate(limits)
    return app
