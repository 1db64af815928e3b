"""Who sits where in a room: the two seats, the spectators, and what identifies a player."""

from __future__ import annotations

import hashlib

WATCHER = 2
"""The audience of spectators (seats are 0 and 1)."""
COMPUTER_SEAT = 1
"""The seat the computer plays in ``computer`` mode."""

Audience = int
"""Who a message is built for: seat 0, seat 1 or :data:`WATCHER`."""


def token_hash(token: str) -> str:
    """What the store keeps of a player's token: the token itself never hits the disk."""
    return hashlib.sha256(token.encode()).hexdigest()
