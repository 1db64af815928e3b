"""Battleship online: what the server's rooms and the browser need of it (its
:class:`~seabattle.games.hosting.GameHost`, :mod:`.hosting`, and the browser's projection of
a game, :mod:`.projection`)."""
