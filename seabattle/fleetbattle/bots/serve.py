"""A built-in level as a bot speaking the fleet battle's protocol (``seabattle bot
--game fleet-battle LEVEL``): it reads each ``act`` line's view and answers with the
level's action, exactly as it plays in-process."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TextIO

from seabattle import __version__
from seabattle.errors import ProtocolSyntaxError
from seabattle.fleetbattle.ai.players import Player, make_player
from seabattle.fleetbattle.bots.protocol import HELLO, VERSION, action_line, payload
from seabattle.fleetbattle.codec import view_from_data


def serve(level: str, stdin: TextIO, stdout: TextIO, *, seed: int | None = None,
          name: str | None = None) -> int:
    """Answer the protocol on ``stdin``/``stdout`` until ``quit`` or the end of input."""
    games = 0
    player: Player = make_player(level, random.Random(seed))

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    for line in stdin:
        word = line.split(" ", 1)[0].strip()
        if word == HELLO:
            say(f"id name {name or 'seabattle-' + level}")
            say(f"id version {__version__}")
            say(f"{HELLO}ok {VERSION}")
        elif word == "isready":
            say("readyok")
        elif word == "newgame":
            games += 1
            player = make_player(level, random.Random(
                None if seed is None else f"{seed}:{games}"))
        elif word == "act":
            _, _, rest = line.strip().partition(" ")
            ms, _, view_text = rest.partition(" ")
            view = payload("view " + view_text, "view")
            if not isinstance(view, Mapping) or not ms.isdigit():
                raise ProtocolSyntaxError(line=line, problem="expected 'act MS VIEW'")
            say(action_line(player.act(view_from_data(view))))
        elif word == "quit":
            break
    return 0
