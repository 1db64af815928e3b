"""The manoeuvre game of seed 003 («Морской бой», проект редакции N 0): hidden pieces that
move, torpedoes towed by torpedo boats, mines shifted by destroyers, a bomb, and two forts
to take.

The engine is pure (no terminal, socket, file or clock): :mod:`~.pieces` (the kinds and the
weight of a group), :mod:`~.rules` (the field and the pieces as data), :mod:`~.actions`,
:mod:`~.events`, :mod:`~.board` (geometry: zones, groups, paths), :mod:`~.state` (the game
as a :class:`~seabattle.games.interface.GameState`), :mod:`~.views` (what each seat may
know), :mod:`~.marks` (a player's guesses) and :mod:`~.definition` (codecs and the
registry's ``DEFINITION``). Every decision the draft leaves open: ``docs/manoeuvres.md``.
"""
