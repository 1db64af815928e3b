"""Every user-facing string, in English and Russian, and the function that picks one.

Messages are looked up by key. Each key maps to an ``(english, russian)`` pair of
:meth:`str.format` templates, so a string can never exist in one language only.
The pairs live in the ``catalog_*`` modules of this package, one per part of the
program; :data:`MESSAGES` merges them and refuses a key defined twice.

A parameter may itself be a :class:`Text` (a key with parameters): it is
translated into the same language before it is put into the template. That is
how errors name ships: ``Text("ship.cruiser")`` becomes "cruiser" or "крейсер".

>>> translate("shot.miss", "ru")
'Мимо!'
>>> translate("shot.sunk_named", "en", ship=Text("ship.cruiser"))
'Sunk! The cruiser went down.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal

from seabattle.i18n import (
    catalog_classroom,
    catalog_cli,
    catalog_engine,
    catalog_fleetbattle,
    catalog_games,
    catalog_manoeuvres,
    catalog_tui,
    catalog_web,
)

Language = Literal["en", "ru"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "ru")

LANGUAGE_NAMES: Final[Mapping[Language, str]] = MappingProxyType({"en": "English",
                                                                  "ru": "Русский"})
"""Each language by its own name, the same whatever the language around it."""


def _merge(*catalogs: Mapping[str, tuple[str, str]]) -> Mapping[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for catalog in catalogs:
        for key, pair in catalog.items():
            if key in merged:
                raise AssertionError(f"message key {key!r} is defined twice")
            merged[key] = pair
    return MappingProxyType(merged)


MESSAGES: Final = _merge(catalog_engine.MESSAGES, catalog_tui.MESSAGES, catalog_cli.MESSAGES,
                         catalog_web.MESSAGES, catalog_classroom.MESSAGES,
                         catalog_games.MESSAGES, catalog_manoeuvres.MESSAGES,
                         catalog_fleetbattle.MESSAGES)
"""Every message key, with its English and Russian templates."""


@dataclass(frozen=True)
class Text:
    """A translatable text: a message key and its parameters, rendered on demand."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, language: Language) -> str:
        """The text in ``language``."""
        return translate(self.key, language, **self.params)


def listed(items: Sequence[str | Text]) -> Text:
    """``items`` (at least one) as one text, separated by commas, each in the reader's language.

    >>> listed(["4×1", Text("role.mine")]).render("ru")
    '4×1, мина'
    """
    text = Text("list.one", {"item": items[0]})
    for item in items[1:]:
        text = Text("list.more", {"items": text, "item": item})
    return text


def decimal(value: float, digits: int, language: Language) -> str:
    """``value`` with ``digits`` decimals, the point a comma in Russian.

    >>> decimal(0.0491, 3, "ru"), decimal(0.0491, 3, "en")
    ('0,049', '0.049')
    """
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "ru" else text


def translate(key: str, language: Language = "en", /, **params: Any) -> str:
    """The message ``key`` in ``language``, with ``params`` filled in.

    A key missing from the catalogue is a programming error and raises ``KeyError``.
    """
    english, russian = MESSAGES[key]
    template = russian if language == "ru" else english
    rendered = {name: value.render(language) if isinstance(value, Text) else value
                for name, value in params.items()}
    return template.format(**rendered)


def language_from_locale(locale_name: str | None) -> Language:
    """The UI language for a POSIX locale name such as ``"ru_RU.UTF-8"``; English otherwise."""
    if locale_name and locale_name.lower().startswith("ru"):
        return "ru"
    return "en"
