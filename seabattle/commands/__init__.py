"""The sub-commands of ``seabattle``, one module each (see :mod:`seabattle.cli`)."""
