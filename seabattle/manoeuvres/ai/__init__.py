"""Computer players of the manoeuvre game: :mod:`~.belief` (what the enemy's unknown
pieces may be, from what they did), :mod:`~.inference` (what they are likely to be, from
how they behaved over the game), :mod:`~.evaluation` (how good a position is, all
kinds known), :mod:`~.layouts` (set-ups) and :mod:`~.players` (the levels).
``docs/manoeuvres.md`` («Computer players») tells the design and the measured strength.
"""
