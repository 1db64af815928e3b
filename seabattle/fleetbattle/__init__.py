"""The fleet battle of seed 002 («Тактический бой»): typed ships, volleys, three kinds of
shot, fireships and boarding, with the program as the moderator.

The engine (:mod:`.ships`, :mod:`.rules`, :mod:`.placement`, :mod:`.hulls`,
:mod:`.actions`, :mod:`.events`, :mod:`.views`, :mod:`.state`) is pure: no terminal,
socket, file or clock. :mod:`.definition` makes it a game of the shared interface
(``--game fleet-battle``); :mod:`.fleets` builds fleets by the seed's prices. Every rule
the seed leaves to the moderator is written down in ``docs/fleetbattle.md``.
"""
