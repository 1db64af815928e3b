"""``python -m seabattle``: the same as the ``seabattle`` command."""

import sys

from seabattle.cli import main

sys.exit(main())
