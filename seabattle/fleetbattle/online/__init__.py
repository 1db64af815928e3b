"""The fleet battle online: its :class:`~seabattle.games.hosting.GameHost` for the server's
rooms (:mod:`.hosting`) and what each audience is told (:mod:`.projection`)."""
