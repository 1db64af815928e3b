"""Text broken into rows only between its parts, so that a narrow panel or table column
never leaves the tail of a part alone on a row (a count «×2» under its kind, the «—» of an
empty list under its name)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len


def between(parts: Sequence[str], width: int, *, joint: str, lead: str = "",
            trail: str = "") -> str:
    """``parts`` joined by ``joint`` on rows of at most ``width`` columns, broken only
    between parts: a broken row ends with ``trail`` and the next starts with ``lead``. A
    part wider than a row stands alone on its row (the widget wraps it).

    >>> between(["Orders: cannonballs", "cells 0 of 8: —", "fireships 0 of 2: —"], 40,
    ...         joint=" · ", lead="· ")
    'Orders: cannonballs · cells 0 of 8: —\\n· fireships 0 of 2: —'
    >>> between(["Enemy: F ×1", "C ×1", "B ×3"], 16, joint=", ", trail=",")
    'Enemy: F ×1,\\nC ×1, B ×3'
    """
    rows = [parts[0]] if parts else [""]
    for index, part in enumerate(parts[1:], start=2):
        room = width - (cell_len(trail) if index < len(parts) else 0)
        if cell_len(rows[-1]) + cell_len(joint) + cell_len(part) <= room:
            rows[-1] += joint + part
        else:
            rows[-1] += trail
            rows.append(lead + part)
    return "\n".join(rows)


def between_items(line: str, width: int) -> str:
    """A line listing items («Enemy: F ×1, C ×1, B ×3») broken only after a comma."""
    return between(line.split(", "), width, joint=", ", trail=",")
