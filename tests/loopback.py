"""A ``seabattle serve`` app on a loopback port for the tests that play through a real server
in the test's own process (the terminal's online client, a browser page beside it), and the
waiting those tests share."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from seabattle.server.app import create_app


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port: int = probe.getsockname()[1]
    return port


class LoopbackServer:
    """``seabattle serve``'s app under uvicorn on a free loopback port, in a thread;
    stopped and started again over the same database (a restart)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        config = uvicorn.Config(create_app(self.db, grace_seconds=2), host="127.0.0.1",
                                port=self.port, log_level="warning", lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._server.force_exit = True  # open sockets are cut, as in a crash
        self._thread.join(20)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            answer: dict[str, Any] = json.loads(response.read())
        return answer


async def until(condition: Callable[[], object], what: str, seconds: float = 30) -> None:
    """Wait (letting the app and the sockets run) until ``condition()`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)
