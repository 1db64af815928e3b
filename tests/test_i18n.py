"""Translations: every message exists in English and Russian with the same placeholders,
and every key the engine uses is in the catalogue."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import seabattle
from seabattle import errors
from seabattle.battleship.events import Decision, ShotResult
from seabattle.battleship.rules import PRESETS, Announcement, Role
from seabattle.battleship.shapes import Shape, Touching
from seabattle.i18n import LANGUAGES, MESSAGES, Text, language_from_locale, translate

PACKAGE = Path(seabattle.__file__).parent
ENGINE_FILES = [PACKAGE / f"{name}.py" for name in ("coords", "errors")]
ENGINE_FILES += [PACKAGE / "battleship" / f"{name}.py" for name in (
    "rules", "shapes", "fleet", "events", "game", "view", "record", "session")]
ENGINE_FILES += sorted((PACKAGE / "battleship" / "ai").glob("*.py"))
ENGINE_PREFIXES = ("error.", "expect.", "ship.", "shape.", "touching.", "shot.")


def placeholders(template: str) -> set[str]:
    return {field.split(".")[0].split("[")[0]
            for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def all_subclasses(cls: type[errors.SeaBattleError]) -> list[type[errors.SeaBattleError]]:
    found: list[type[errors.SeaBattleError]] = []
    for sub in cls.__subclasses__():
        found += [sub, *all_subclasses(sub)]
    return found


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_placeholders(key: str) -> None:
    pair = MESSAGES[key]
    assert isinstance(pair, tuple) and len(pair) == len(LANGUAGES) == 2
    english, russian = pair
    assert english.strip() and russian.strip(), f"{key} is empty in a language"
    assert placeholders(english) == placeholders(russian), key


def literal_text(template: str) -> str:
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def test_russian_texts_are_translated() -> None:
    # A Russian template equal to the English one, with words outside its placeholders,
    # is an untranslated copy.
    untranslated = [key for key, (en, ru) in MESSAGES.items()
                    if ru == en and any(c.isalpha() for c in literal_text(ru))]
    assert untranslated == []


def test_every_error_class_has_its_message() -> None:
    classes: list[type[errors.SeaBattleError]] = [errors.SeaBattleError,
                                                  *all_subclasses(errors.SeaBattleError)]
    assert len(classes) >= 15
    for cls in classes:
        assert cls.key in MESSAGES, f"{cls.__name__}.key = {cls.key!r} is not in the catalogue"
        assert issubclass(cls, ValueError)
    # Every class in seabattle.errors belongs to the one tree.
    for name in dir(errors):
        value = getattr(errors, name)
        if (isinstance(value, type) and issubclass(value, Exception)
                and value.__module__ == errors.__name__):
            assert issubclass(value, errors.SeaBattleError), name


def test_every_key_the_engine_names_is_in_the_catalogue() -> None:
    used: dict[str, str] = {}
    for path in ENGINE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and node.value.startswith(ENGINE_PREFIXES) and " " not in node.value
                    and not node.value.endswith(".")):
                used[node.value] = path.name
    assert len(used) > 30
    missing = {key: where for key, where in used.items() if key not in MESSAGES}
    assert missing == {}


def test_keys_built_from_names_exist() -> None:
    # The engine builds these keys with f-strings from enum values and ship names.
    for touching in Touching:
        assert f"touching.{touching.value}" in MESSAGES
    for shape in Shape:
        assert f"shape.{shape.value}" in MESSAGES
    for rules in PRESETS.values():
        for kind in rules.fleet:
            if kind.role is Role.SHIP:
                assert f"ship.{kind.name}" in MESSAGES, (rules.name, kind.name)
    for role in Role:
        assert f"role.{role.value}" in MESSAGES or role is Role.SHIP
    for result in ShotResult:
        assert f"shot.{result.value}" in MESSAGES
    for decision in Decision:
        assert f"decision.{decision.value}" in MESSAGES
    assert {a.value for a in Announcement} == {"type", "sunk", "none"}


def test_translation_fills_in_nested_texts() -> None:
    assert translate("shot.miss", "ru") == "Мимо!"
    assert translate("shot.miss", "en") == "Miss!"
    text = Text("shot.sunk_named", {"ship": Text("ship.cruiser")})
    assert text.render("en") == "Sunk! The cruiser went down."
    assert "крейсер" in text.render("ru")
    with pytest.raises(KeyError):
        translate("no.such.key", "en")


def test_errors_speak_both_languages() -> None:
    error = errors.AlreadyFiredError(cell="B3")
    assert str(error) == error.message("en")
    assert "B3" in error.message("en") and "B3" in error.message("ru")
    assert error.message("en") != error.message("ru")
    assert error.text.render("ru") == error.message("ru")


@pytest.mark.parametrize("locale_name, language", [
    ("ru_RU.UTF-8", "ru"), ("RU", "ru"), ("en_GB.UTF-8", "en"), ("de_DE", "en"), ("", "en"),
    (None, "en"), ("C", "en")])
def test_language_from_locale(locale_name: str | None, language: str) -> None:
    assert language_from_locale(locale_name) == language
