"""Online play from the terminal: a person against a person on a ``seabattle serve`` server.

``seabattle play --online URL`` asks the server for a random opponent, ``seabattle play
--join INVITE-LINK`` takes the seat an invitation offers; both then play full-screen over
the same WebSocket protocol as the browser (``docs/web-protocol.md``), so a terminal
player and a browser player play each other. :mod:`~seabattle.netplay.lobby` makes the
HTTP requests that give a seat, :mod:`~seabattle.netplay.connection` keeps the socket
(reconnecting from the last state seen), and :mod:`~seabattle.netplay.app` is the Textual
app, game-neutral: a game's online screen comes from its
:class:`~seabattle.terminal.hook.ScreenSet` (``online_screen``). ``docs/tui.md``,
«Online play», tells the design.
"""
