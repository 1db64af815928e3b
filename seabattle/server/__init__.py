"""The web server of ``seabattle serve``: rooms, storage, pub/sub and the ASGI app.

``rooms`` is pure logic over the engine (no I/O); ``messages`` validates what
clients send; ``store`` and ``pubsub`` are interfaces with one implementation each
(SQLite, in-memory); ``app`` moves JSON events between sockets and rooms. See
``docs/server.md`` and ``docs/web-protocol.md``.
"""
