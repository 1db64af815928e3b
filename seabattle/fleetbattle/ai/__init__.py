"""The fleet battle's computer players: ``novice`` (legal random orders), ``captain``
(hunts around its hits, fights by simple rules) and ``admiral`` (aims with a posterior over
the enemy's ships and chooses mode, kind of shot, fireships, hold fire and grapples by
expected value). Each sees only its seat's :class:`~seabattle.fleetbattle.views.FleetView`.
"""
