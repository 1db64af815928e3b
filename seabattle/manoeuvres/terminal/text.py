"""The manoeuvre game in text: a field drawn in characters and events told in words.

Each cell is four characters wide. A piece is shown by the seed's abbreviation in Russian
(Ф, Б, Т, М, Пл, Тк, Тр, Эс, Кр, Лн) or an English one (F, B, T, M, Su, TB, Ms, De, Cr,
Bs): the viewer's own in capitals, the enemy's in small letters; an enemy piece of unknown
kind is ``?`` (``?~`` once it has moved by itself, so it is a ship or the bomb), or the
player's guess with a question mark (``кр?``).
"""

from __future__ import annotations

from collections.abc import Mapping

from seabattle.coords import Coordinates
from seabattle.i18n import Language, Text, translate
from seabattle.manoeuvres.events import (
    AttackDeclared,
    BombExploded,
    Deployed,
    Event,
    FirstDrawn,
    FortTaken,
    Fought,
    GameEnded,
    Moved,
    Removed,
    TorpedoFired,
    TurnEnded,
)
from seabattle.manoeuvres.pieces import Kind
from seabattle.manoeuvres.views import ManoeuvreView


def abbreviation(kind: Kind, language: Language, own: bool) -> str:
    """A kind's short name: capitals for one's own pieces, small letters for the enemy's."""
    short = kind.abbreviation.render(language)
    return short if own else short.lower()


def field_text(view: ManoeuvreView, language: Language, coords: Coordinates,
               guesses: Mapping[int, Kind] | None = None, *, upper: int | None = None) -> str:
    """The field as ``view`` shows it; ``guesses``: the viewer's marks by cell; ``upper``:
    the seat drawn in capitals (the viewer's, or seat 0 for a spectator)."""
    rules = view.rules
    capital = view.seat if upper is None else upper
    cells = {piece.cell: piece for piece in view.pieces}
    marks = guesses or {}
    lines = ["   " + "".join(f" {letter:<3}" for letter in coords.column_letters)]
    for row in range(rules.rows):
        shown = []
        for col in range(rules.columns):
            cell = row * rules.columns + col
            piece = cells.get(cell)
            if piece is None:
                shown.append(" ·  ")
            elif piece.kind is not None:
                shown.append(f" {abbreviation(piece.kind, language, piece.owner == capital):<3}")
            elif cell in marks:
                shown.append(f" {abbreviation(marks[cell], language, False) + '?':<3}")
            else:
                shown.append(" ?~ " if piece.moved else " ?  ")
        if row == rules.rows // 2:
            lines.append("   " + "-" * (4 * rules.columns))
        lines.append(f"{row + 1:>2} " + "".join(shown).rstrip())
    return "\n".join(lines)


class Narrator:
    """Tells events in the reader's language, naming cells and players."""

    def __init__(self, language: Language, coords: Coordinates,
                 names: tuple[str, str]) -> None:
        self.language = language
        self.coords = coords
        self.names = names

    def _kind(self, kind: Kind | None) -> str:
        return "" if kind is None else kind.title.render(self.language)

    def _say(self, key: str, **params: object) -> str:
        return translate(key, self.language, **params)

    def say(self, event: Event) -> str | None:
        """The event in words, or ``None`` for one not worth a line."""
        name = self.coords.name
        if isinstance(event, Deployed):
            return self._say("manoeuvres.event.deployed", player=self.names[event.seat])
        if isinstance(event, FirstDrawn):
            return self._say("manoeuvres.event.first", player=self.names[event.seat])
        if isinstance(event, Moved):
            text = self._say("manoeuvres.event.moved", player=self.names[event.seat],
                             source=name(event.source), target=name(event.target))
            if event.kind is not None:
                text += f" ({self._kind(event.kind)})"
            if event.towed:
                text += " " + self._say("manoeuvres.event.towed", kind=self._kind(
                    event.towed_kind), cells=", ".join(name(a) for a, _b in event.towed))
            return text
        if isinstance(event, Removed):
            return self._say("manoeuvres.event.removed", player=self.names[event.owner],
                             kind=self._kind(event.kind), cell=name(event.cell))
        if isinstance(event, AttackDeclared):
            return self._say("manoeuvres.event.attack", player=self.names[event.seat],
                             target=name(event.target), count=len(event.group),
                             kind=self._kind(event.kind),
                             cells=", ".join(name(c) for c in event.group))
        if isinstance(event, Fought):
            winner = (self._say("manoeuvres.event.equal") if event.winner is None
                      else self._say("manoeuvres.event.wins", player=self.names[event.winner]))
            return self._say("manoeuvres.event.fought", count=len(event.group),
                             kind=self._kind(event.kind), result=winner)
        if isinstance(event, TorpedoFired):
            if event.hit is None:
                return self._say("manoeuvres.event.torpedo_sea", player=self.names[event.seat],
                                 source=name(event.source))
            return self._say("manoeuvres.event.torpedo", player=self.names[event.seat],
                             source=name(event.source), cell=name(event.hit))
        if isinstance(event, BombExploded):
            return self._say("manoeuvres.event.bomb", player=self.names[event.owner],
                             cell=name(event.cell))
        if isinstance(event, FortTaken):
            return self._say("manoeuvres.event.fort", player=self.names[event.seat],
                             cell=name(event.cell))
        if isinstance(event, TurnEnded):
            return self._say("manoeuvres.event.bonus", player=self.names[event.seat]) \
                if event.bonus else None
        if isinstance(event, GameEnded):
            reason = Text(event.reason).render(self.language)
            if event.winner is None:
                return self._say("manoeuvres.event.draw", reason=reason)
            return self._say("manoeuvres.event.won", player=self.names[event.winner],
                             reason=reason)
        return None
