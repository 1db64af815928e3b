"""The placement families' normaliser table (seabattle/battleship/ai/normaliser_table.py,
written by scripts/normalisers.py) against the computation it spares: exact equality
where the computation is quick, and an entry for every preset where a family applies."""

from __future__ import annotations

import pytest

from seabattle.battleship.ai.fleet_shape import TILTS
from seabattle.battleship.ai.normaliser_table import NORMALISERS
from seabattle.battleship.ai.placement import (
    PLACEMENTS,
    DfsPlacement,
    TiltedPlacement,
    computed_normaliser,
    normaliser_key,
)
from seabattle.battleship.rules import PRESETS, find_rules, rules_from_dict


def _families(name: str) -> list[str]:
    rules = find_rules(name)
    names = [family for family in TILTS if PLACEMENTS[family].supports(rules)]
    return names + (["dfs"] if DfsPlacement.weighable(rules) else [])


@pytest.mark.parametrize("preset", ["six", "milton-bradley"])
def test_the_table_holds_what_the_computation_gives(preset: str) -> None:
    """Fails when a family's measure, strength or chain changed and the table was not
    written again (``python scripts/normalisers.py``)."""
    rules = find_rules(preset)
    for family in _families(preset):
        assert NORMALISERS[normaliser_key(rules), family] == computed_normaliser(rules, family)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_a_family_applies_to_is_in_the_table(preset: str) -> None:
    key = normaliser_key(find_rules(preset))
    assert all((key, family) in NORMALISERS for family in _families(preset))


def test_the_families_read_the_table_and_compute_what_it_lacks() -> None:
    six = find_rules("six")
    edge = PLACEMENTS["edge"]
    assert isinstance(edge, TiltedPlacement)
    assert edge.log_normaliser(six) == NORMALISERS[normaliser_key(six), "edge"]
    # Answers and names do not place ships: the key leaves them out.
    variant = rules_from_dict({"base": "six", "name": "mine", "announce": "none"})
    assert normaliser_key(variant) == normaliser_key(six)
    small = rules_from_dict({"name": "small", "width": 6, "height": 6,
                             "ships": [{"size": 3, "count": 1}, {"size": 2, "count": 2}]})
    assert all(key != normaliser_key(small) for key, _family in NORMALISERS)
    assert edge.log_normaliser(small) == computed_normaliser(small, "edge")
