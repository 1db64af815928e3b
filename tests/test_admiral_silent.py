"""The admiral's chains where sinkings are silent and pieces may share a side (issue 16,
«Every variant»): a group of hits may then be one piece or several, and the chains pass
between the two only by moving three pieces at once (docs/admiral.md)."""

from __future__ import annotations

from functools import cache

import pytest

from seabattle.battleship.ai.posterior import Posterior, SamplerSettings
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.rules import Announcement, Role, Rules, ShipKind
from seabattle.battleship.shapes import Shape, Touching
from tests.test_admiral import all_fleets, partial_games
from tests.test_admiral_variants import _vessel_map

_CRUISER, _DESTROYER = ShipKind(3, "cruiser"), ShipKind(2, "destroyer")
_SUBMARINE = ShipKind(1, "", Shape.STRAIGHT, Role.SUBMARINE)

SPLIT_RULES = [
    # Three hits in a row: a cruiser, or a destroyer and a submarine beside it (or two
    # submarines and a destroyer's end), the cruiser then elsewhere.
    Rules("submarines-silent", 4, 4, (_CRUISER, _DESTROYER, _SUBMARINE, _SUBMARINE),
          touching=Touching.CORNERS, announce=Announcement.NONE),
    # Ships side by side: the same hits may be a cruiser or two smaller ships.
    Rules("sides-silent", 4, 4, (_CRUISER, _DESTROYER, _DESTROYER, ShipKind(1, "boat")),
          touching=Touching.SIDES, announce=Announcement.NONE),
]

VIEWS = 8


@cache
def _fleets(rules: Rules) -> list[Fleet]:
    return all_fleets(rules)


def _errors(rules: Rules, chains: SamplerSettings) -> list[float]:
    """Per view of random partial games: the largest difference, over the cells, between
    the chains' map (no exact enumeration) and the brute-force shares."""
    fleets = _fleets(rules)
    errors = []
    for view in partial_games(rules, fleets, seed=1, count=VIEWS):
        expected = _vessel_map(rules, fleets, view)
        sampled = Posterior(rules, chains).estimate(view, seed=3)
        assert not sampled.exact
        errors.append(max(abs(p - q) for p, q in zip(sampled.probabilities, expected,
                                                     strict=True)))
    return errors


@pytest.mark.parametrize("rules", SPLIT_RULES, ids=lambda r: r.name)
def test_the_chains_pass_between_one_piece_and_several(rules: Rules) -> None:
    """With the triple moves (at their default rate) the chains alone match brute force
    on every view (6000 correlated samples: a few hundredths of noise); without them
    they stick to one explanation of a group of hits on some view and are wrong by far
    more."""
    chains = SamplerSettings(exact_nodes=0, samples=6000, chains=3)
    assert max(_errors(rules, chains)) < 0.06
    chains.triple_rate = 0.0
    assert max(_errors(rules, chains)) > 0.1
