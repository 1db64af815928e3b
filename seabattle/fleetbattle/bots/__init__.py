"""The fleet battle's bots: its line protocol (``docs/fleetbattle-protocol.md``), its
arena component and its built-in players speaking the protocol."""
