"""Battleship for bots: its line protocol (:mod:`.protocol`, ``docs/protocol.md``), the
built-in levels speaking it (:mod:`.builtin`), and its arena component (:mod:`.arena`)."""
