"""The manoeuvre game online: its host for the server's rooms (:mod:`~.hosting`) and what
each audience is told (:mod:`~.projection`); ``docs/web-protocol.md`` has the messages."""
