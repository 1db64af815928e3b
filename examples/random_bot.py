#!/usr/bin/env python3
"""A complete Sea Battle bot in plain Python: no dependency but the standard library.

It speaks the bot protocol of docs/protocol.md on stdin/stdout: places a random
legal fleet for whatever rules it is sent (straight or bent ships, any touching
rule) and fires at random cells it has not tried yet. Copy it as the start of your
own bot; try it with

    seabattle match "python3 examples/random_bot.py" hard --games 10

Options: --seed N makes its choices repeatable; --name TEXT sets its name.
"""

import json
import random
import sys

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(row, col):
    return f"{LETTERS[col]}{row + 1}"


class Rules:
    """The parts of the rules line this bot needs."""

    def __init__(self, data):
        self.width = data["width"]
        self.height = data["height"]
        self.touching = data.get("touching", "none")  # none, corners or sides
        self.ships = []  # (size, shape), largest first
        for entry in data["ships"]:
            for _ in range(entry.get("count", 1)):
                self.ships.append((entry["size"], entry.get("shape", "straight")))
        self.ships.sort(reverse=True)


def neighbours(rules, row, col, diagonal):
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < rules.height and 0 <= c < rules.width:
            yield r, c


def blocked_by(rules, ship):
    """The cells no other ship may take once ``ship`` is placed."""
    zone = set(ship)
    if rules.touching != "sides":
        for row, col in ship:
            zone.update(neighbours(rules, row, col, rules.touching == "none"))
    return zone


def random_ship(rules, size, shape, blocked, rng):
    """One ship of ``size`` cells on free cells, or None after a few tries."""
    for _ in range(50):
        start = (rng.randrange(rules.height), rng.randrange(rules.width))
        if start in blocked:
            continue
        if shape == "straight":
            dr, dc = rng.choice([(0, 1), (1, 0)])
            cells = [(start[0] + i * dr, start[1] + i * dc) for i in range(size)]
            if all(0 <= r < rules.height and 0 <= c < rules.width and (r, c) not in blocked
                   for r, c in cells):
                return cells
            continue
        cells = [start]  # bent: grow a random connected shape, side by side
        while len(cells) < size:
            options = [n for cell in cells for n in neighbours(rules, *cell, False)
                       if n not in blocked and n not in cells]
            if not options:
                break
            cells.append(rng.choice(options))
        if len(cells) == size:
            return cells
    return None


def random_fleet(rules, rng):
    """Place the ships largest first; start again whenever one does not fit."""
    for _ in range(10000):
        fleet, blocked = [], set()
        for size, shape in rules.ships:
            ship = random_ship(rules, size, shape, blocked, rng)
            if ship is None:
                break
            fleet.append(ship)
            blocked |= blocked_by(rules, ship)
        else:
            return fleet
    raise RuntimeError("no room for the fleet")


def main():
    rng = random.Random(int(sys.argv[sys.argv.index("--seed") + 1])
                        if "--seed" in sys.argv else None)
    name = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv else "random bot"
    rules, untried = None, []

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "seabattle":
            say(f"id name {name}")
            say("id author the seabattle examples")
            say("seabattleok 1")
        elif command == "isready":
            say("readyok")
        elif command == "newgame":
            rules = Rules(json.loads(line.split(" ", 1)[1]))
            untried = [(r, c) for r in range(rules.height) for c in range(rules.width)]
            rng.shuffle(untried)
        elif command == "place":
            fleet = random_fleet(rules, rng)
            say("fleet " + " ".join(",".join(cell_name(*cell) for cell in ship)
                                    for ship in fleet))
        elif command == "shoot":
            say("fire " + cell_name(*untried.pop()))
        elif command == "result":
            pass  # words[1] is our cell, words[2] miss, hit or sunk: a smarter bot learns here
        elif command == "quit":
            return
        # Anything else (incoming, reveal, gameover, commands of later versions): ignored.


if __name__ == "__main__":
    main()
