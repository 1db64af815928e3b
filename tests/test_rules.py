"""Rule sets: the presets of RULES.md §2, custom rules from data, and refusing bad ones."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.rules import (
    NO_SALVO,
    PRESETS,
    Announcement,
    FixedSalvo,
    PerShipSalvo,
    Rules,
    ShipKind,
    find_rules,
    rules_from_dict,
    variant_values,
    with_variants,
)
from seabattle.battleship.shapes import Shape, Touching
from seabattle.coords import ALPHABETS
from seabattle.errors import AlphabetError, RulesError, SeaBattleError


def scaled(examples: int) -> int:
    """``examples`` under the default "ci" profile (25 examples), scaled with the profile."""
    return max(1, examples * settings().max_examples // 25)


# RULES.md §2, column by column: field, fleet sizes, touching, shape, shoot again.
TABLE = {
    "classic": (10, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], Touching.NONE, Shape.STRAIGHT, True),
    "classic-corners": (10, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], Touching.CORNERS, Shape.STRAIGHT, True),
    "bent": (10, [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1], Touching.CORNERS, Shape.BENT, True),
    "milton-bradley": (10, [5, 4, 3, 3, 2], Touching.SIDES, Shape.STRAIGHT, False),
    "six": (10, [5, 4, 3, 3, 2, 1], Touching.NONE, Shape.STRAIGHT, False),
}


@pytest.mark.parametrize("name", TABLE)
def test_presets_match_rules_md(name: str) -> None:
    side, sizes, touching, shape, shoot_again = TABLE[name]
    rules = PRESETS[name]
    assert (rules.width, rules.height) == (side, side)
    assert list(rules.fleet_sizes()) == sizes
    assert rules.fleet_cells == sum(sizes)
    assert rules.touching is touching
    assert {kind.shape for kind in rules.fleet} == {shape}
    assert rules.shoot_again is shoot_again


def test_six_has_the_named_ships_of_seed_004() -> None:
    names = [kind.title.render("ru") for kind in PRESETS["six"].fleet]
    assert names == ["авианосец", "линкор", "крейсер", "подводная лодка", "эсминец",
                     "торпедный катер"]
    assert PRESETS["six"].announce is Announcement.TYPE
    assert PRESETS["six"].alphabet == "latin"


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_is_found_by_name_and_round_trips_through_data(name: str) -> None:
    rules = PRESETS[name]
    assert rules.name == name
    assert find_rules(name) is rules
    assert find_rules(f"  {name.upper()} ") is rules
    data = rules.to_dict()
    assert rules_from_dict(data) == rules
    # ... and through JSON text, as a rules file or a record holds it.
    assert rules_from_dict(json.loads(json.dumps(data))) == rules
    assert rules_from_dict({"base": name}) == rules


@pytest.mark.parametrize("alias, name", [("russian", "classic"), ("Battleship", "milton-bradley"),
                                         ("hasbro", "milton-bradley"), ("18x18", "big-18")])
def test_aliases(alias: str, name: str) -> None:
    assert find_rules(alias) is PRESETS[name]


def test_unknown_preset_is_refused_naming_the_presets() -> None:
    with pytest.raises(RulesError) as info:
        find_rules("checkers")
    assert "'checkers'" in str(info.value) and "classic" in str(info.value)
    with pytest.raises(RulesError):
        rules_from_dict({"base": "checkers"})


def test_a_file_changes_only_what_it_names() -> None:
    rules = rules_from_dict({"base": "six", "shoot_again": True})
    assert rules.shoot_again is True
    assert rules.fleet == PRESETS["six"].fleet and rules.touching is Touching.NONE
    assert rules.name == "custom"
    wide = rules_from_dict({"width": 12})
    assert (wide.width, wide.height) == (12, 12)
    bent = rules_from_dict({"shape": "bent"})
    assert {k.shape for k in bent.fleet} == {Shape.BENT}
    assert bent.fleet_sizes() == PRESETS["classic"].fleet_sizes()


def test_ship_list_replaces_the_fleet_and_keeps_names_and_shapes() -> None:
    rules = rules_from_dict({"width": 8, "height": 6, "touching": "sides", "ships": [
        {"size": 3, "count": 2, "name": "cruiser"},
        {"size": 4, "name": "Наутилус", "shape": "bent"},
        {"size": 1}]})
    assert rules.fleet_sizes() == (4, 3, 3, 1)
    assert rules.fleet[0] == ShipKind(4, "Наутилус", Shape.BENT)
    assert rules.fleet[0].title.render("en") == "Наутилус"
    assert rules.fleet[1].title.render("ru") == "крейсер"
    assert rules.fleet[3].title.render("en") == "1-deck ship"
    assert rules_from_dict(rules.to_dict()) == rules


# Custom rule sets drawn at random: accepted ones round-trip; refused ones raise RulesError.
custom_rules = st.fixed_dictionaries(
    {"ships": st.lists(st.fixed_dictionaries(
        {"size": st.integers(1, 4)},
        optional={"count": st.integers(1, 3), "name": st.sampled_from(["", "boat", "X"]),
                  "shape": st.sampled_from(["straight", "bent"])}), min_size=1, max_size=3)},
    optional={"width": st.integers(3, 10), "height": st.integers(3, 10),
              "touching": st.sampled_from([t.value for t in Touching]),
              "shoot_again": st.booleans(),
              "announce": st.sampled_from([a.value for a in Announcement]),
              "alphabet": st.sampled_from(list(ALPHABETS)),
              "name": st.text(max_size=5)})


@settings(max_examples=scaled(40))
@given(data=custom_rules)
def test_custom_rules_round_trip_or_are_refused(data: dict[str, Any]) -> None:
    try:
        rules = rules_from_dict(data)
    except RulesError:
        return
    assert rules_from_dict(rules.to_dict()) == rules
    assert sum(n for _, n in rules.fleet_counts()) == len(rules.fleet)
    assert list(rules.fleet_sizes()) == sorted(rules.fleet_sizes(), reverse=True)


@pytest.mark.parametrize("data", [
    {"colour": "blue"},
    {"width": "10"},
    {"width": True},
    {"width": 10.0},
    {"width": 0},
    {"width": 27},
    {"height": -3},
    {"touching": "maybe"},
    {"shape": "round"},
    {"shoot_again": "yes"},
    {"shoot_again": 1},
    {"announce": "loudly"},
    {"name": 5},
    {"alphabet": 5},
    {"base": 3},
    {"ships": []},
    {"ships": "4,3,3"},
    {"ships": [4, 3, 3]},
    {"ships": [{"size": 4, "colour": "grey"}]},
    {"ships": [{"count": 2}]},
    {"ships": [{"size": "4"}]},
    {"ships": [{"size": 0}]},
    {"ships": [{"size": 11}]},
    {"ships": [{"size": 9, "shape": "bent"}], "width": 26},
    {"ships": [{"size": 2, "count": 0}]},
    {"ships": [{"size": 2, "count": True}]},
    {"ships": [{"size": 1, "count": 100}]},
    {"ships": [{"size": 1, "count": 10**12}]},
    {"ships": [{"size": 2, "shape": "round"}]},
    ["width", 10],
    "classic",
], ids=repr)
def test_bad_rules_data_is_refused_with_rules_error(data: Any) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_dict(data)
    assert info.value.message("en") and info.value.message("ru")


def test_unknown_keys_are_named() -> None:
    with pytest.raises(RulesError) as info:
        rules_from_dict({"widht": 12, "colour": 1})
    assert "widht" in str(info.value) and "colour" in str(info.value)
    assert "widht" in info.value.message("ru")


@pytest.mark.parametrize("data", [
    {"ships": [{"size": 4, "count": 12}], "touching": "none"},  # 120 of 121 cells by the area bound
    # 100 cells, but 1×4 ships never tile a 10×10 field
    {"ships": [{"size": 4, "count": 25}], "touching": "sides"},
    {"ships": [{"size": 1, "count": 26}], "touching": "none"},   # at most 25 lone cells fit
    {"ships": [{"size": 1, "count": 99}, {"size": 1, "count": 2, "name": "x"}],
     "touching": "sides"},
    {"ships": [{"size": 10, "count": 6}], "touching": "none"},
    {"ships": [{"size": 5, "count": 2}], "width": 4, "height": 4},
], ids=repr)
def test_infeasible_fleets_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_dict(data)
    assert info.value.message_key == "error.rules_infeasible" or "size" in str(info.value)
    assert info.value.message("ru")


@pytest.mark.parametrize("data", [
    {"ships": [{"size": 4, "count": 11}], "touching": "none"},
    {"ships": [{"size": 1, "count": 25}], "touching": "none"},
    {"ships": [{"size": 10, "count": 5}], "touching": "none"},
    {"ships": [{"size": 1, "count": 50}, {"size": 1, "count": 50, "name": "x"}],
     "touching": "sides"},
    {"ships": [{"size": 5, "count": 20}], "touching": "sides"},
], ids=repr)
def test_tight_but_feasible_fleets_are_accepted(data: dict[str, Any]) -> None:
    rules = rules_from_dict(data)
    assert rules.fleet_cells == sum(s["size"] * s["count"] for s in data["ships"])


def test_alphabet_must_name_every_column() -> None:
    # A word alphabet on a wide field, or an unknown alphabet, is refused with the
    # alphabet's own error (it is not a RulesError: see the report in the test suite notes).
    for data in ({"alphabet": "respublika", "width": 12}, {"alphabet": "klingon"}):
        with pytest.raises(SeaBattleError) as info:
            rules_from_dict(data)
        assert isinstance(info.value, (RulesError, AlphabetError))
    assert rules_from_dict({"alphabet": "snegurochka", "width": 7}).width == 7


def test_changing_options_checks_again() -> None:
    classic = PRESETS["classic"]
    assert classic.with_options(shoot_again=False).shoot_again is False
    with pytest.raises(RulesError):
        classic.with_options(width=3, height=3)
    with pytest.raises(RulesError):
        Rules("empty", 10, 10, ())


def test_alphabet_by_language_unless_the_rules_fix_one() -> None:
    classic = PRESETS["classic"]
    assert classic.alphabet_for("ru") is ALPHABETS["ru"]
    assert classic.alphabet_for("en") is ALPHABETS["latin"]
    assert PRESETS["six"].alphabet_for("ru") is ALPHABETS["latin"]
    assert classic.coordinates("ru").parse("К10") == 99
    # The Russian alphabet names 28 columns, so a 26-wide field is still Russian.
    assert rules_from_dict({"width": 26}).alphabet_for("ru") is ALPHABETS["ru"]


# --- salvo -------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "salvo", "shots"), [
    (1, NO_SALVO, 1), (3, FixedSalvo(3), 3), ("ships", PerShipSalvo(), 7)])
def test_a_salvo_is_a_number_or_ships_in_files_and_a_type_in_code(
        value: int | str, salvo: FixedSalvo | PerShipSalvo, shots: int) -> None:
    rules = rules_from_dict({"base": "classic", "salvo": value})
    assert rules.salvo == salvo and rules.shots_per_turn(own_afloat=7) == shots
    assert rules.salvo.is_salvo == (value != 1) and rules.salvo.to_data() == value
    assert rules.shoot_again == (value == 1)  # a salvo turns shooting again off
    # Written back as it was read (no key for the default), through JSON too.
    data = rules.to_dict()
    assert data.get("salvo", 1) == value and ("salvo" in data) == (value != 1)
    assert rules_from_dict(json.loads(json.dumps(data))) == rules
    assert variant_values(rules)["salvo"] == value
    assert rules.variants() == (("salvo",) if value != 1 else ())


def test_a_preset_with_a_salvo_is_named_by_the_file_value() -> None:
    assert with_variants(find_rules("six"), {"salvo": "ships"}).name == "six (salvo ships)"
    assert find_rules("classic").salvo == NO_SALVO and find_rules("classic").to_dict().keys() \
        .isdisjoint({"salvo"})


@pytest.mark.parametrize("value", [0, -1, 101, "all", "3", True, 2.0, None, [3]])
def test_a_bad_salvo_is_refused_with_the_rules_error(value: Any) -> None:
    with pytest.raises(RulesError, match="salvo") as caught:
        rules_from_dict({"salvo": value})
    assert "from 1 to 100" in str(caught.value)


def test_rules_built_in_code_take_a_salvo_not_its_file_value() -> None:
    classic = find_rules("classic")
    assert classic.with_options(salvo=PerShipSalvo(), shoot_again=False).shots_per_turn(4) == 4
    with pytest.raises(TypeError, match="FixedSalvo"):
        classic.with_options(salvo=3, shoot_again=False)
    with pytest.raises(RulesError, match="salvo"):
        classic.with_options(salvo=FixedSalvo(0))
