"""Battleship («Морской бой» of seeds 000, 001 and 004): the rules engine and what only it needs.

The engine proper (``rules``, ``shapes``, ``fleet``, ``events``, ``game``, ``view``,
``record``, ``narration``) does no I/O. Beside it: the computer players (``ai/``), the
benchmark and the analysis of a game, the classroom's mathematical sea battle, the session a
terminal UI drives, and the line protocol its bots speak.
"""
