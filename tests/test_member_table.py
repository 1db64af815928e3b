"""The habits' members (seabattle/battleship/ai/members.py): their table
(seabattle/battleship/ai/member_table.py, written by scripts/normalisers.py) against the
computation it spares, the store of the members fitted for other fields
(seabattle/battleship/ai/field_store.py), the fit and the normalisers against brute
force on small fields, and the families' own fleets weighing their members up."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from seabattle.battleship.ai import field_store
from seabattle.battleship.ai.fleet_shape import ANCHORED, TILTS, FleetShape
from seabattle.battleship.ai.habits import FAMILIES, bayes_factors, member_log_weights
from seabattle.battleship.ai.member_table import FLEET_COUNTS, MEMBERS
from seabattle.battleship.ai.members import (
    ANNEALING_STEPS,
    FIT_FLEETS,
    fitted_member,
    member,
)
from seabattle.battleship.ai.placement import (
    FLEET_COUNT,
    PLACEMENTS,
    DfsPlacement,
    counted_log_fleets,
    normaliser_key,
)
from seabattle.battleship.ai.posterior import to_words
from seabattle.battleship.rules import PRESETS, Rules, find_rules, rules_from_dict
from tests.test_admiral_mixture import TINY, every_fleet


def _tilted(rules: Rules) -> list[str]:
    return [name for name in TILTS if PLACEMENTS[name].supports(rules)]


def test_the_table_holds_what_the_computation_gives() -> None:
    """Fails when a family's measure, strength or chain, or the fit, changed and the
    table was not written again (``python scripts/normalisers.py``)."""
    rules = find_rules("milton-bradley")
    for name in _tilted(rules):
        fitted = fitted_member(rules, name)
        assert MEMBERS[normaliser_key(rules), name] == (fitted.tilt.beta,
                                                        fitted.log_normaliser)
    six = find_rules("six")
    assert FLEET_COUNTS[normaliser_key(six)] == counted_log_fleets(six)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_a_family_applies_to_is_in_the_table(preset: str) -> None:
    rules = find_rules(preset)
    key = normaliser_key(rules)
    assert all((key, name) in MEMBERS for name in _tilted(rules))
    if DfsPlacement.weighable(rules) and PLACEMENTS["dfs"].supports(rules):
        assert key in FLEET_COUNTS


def test_members_read_the_table_and_compute_what_it_lacks() -> None:
    six = find_rules("six")
    beta, log_normaliser = MEMBERS[normaliser_key(six), "edge"]
    assert member(six, "edge").tilt.beta == beta
    assert member(six, "edge").log_normaliser == log_normaliser
    # Answers and names do not place ships: the key leaves them out.
    variant = rules_from_dict({"base": "six", "name": "mine", "announce": "none"})
    assert normaliser_key(variant) == normaliser_key(six)
    small = rules_from_dict({"name": "small", "width": 6, "height": 6,
                             "ships": [{"size": 3, "count": 1}, {"size": 2, "count": 2}]})
    assert all(key != normaliser_key(small) for key, _name in MEMBERS)
    assert member(small, "edge") == fitted_member(small, "edge")


def _custom(name: str) -> Rules:
    """A field the table lacks (its name keeps the process's cached members apart)."""
    return rules_from_dict({"name": name, "width": 7, "height": 6,
                            "ships": [{"size": 3, "count": 1}, {"size": 2, "count": 1},
                                      {"size": 1, "count": 2}]})


def test_a_fitted_member_is_stored_and_read_back_by_the_next_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The member a field lacks is fitted once and kept in the user's cache folder; a
    later process reads it there instead of fitting it (shown by a file that holds
    another strength: the process answers with it)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = _custom("stored")
    key = normaliser_key(rules)
    assert field_store.load(key, "corner") is None
    member.cache_clear()
    fitted = member(rules, "corner")
    assert fitted == fitted_member(rules, "corner")
    assert field_store.load(key, "corner") == (fitted.tilt.beta, fitted.log_normaliser)
    assert field_store.store_path(key, "corner").is_relative_to(tmp_path / "seabattle")
    field_store.save(key, "corner", (0.125, -3.5))
    answer = subprocess.run(
        [sys.executable, "-c", "import sys; from seabattle.battleship.ai.members import member; "
         "from seabattle.battleship.rules import rules_from_dict; import json; "
         "m = member(rules_from_dict(json.loads(sys.argv[1])), 'corner'); "
         "print(m.tilt.beta, m.log_normaliser)", json.dumps(rules.to_dict())],
        capture_output=True, text=True, check=True, timeout=120)
    assert answer.stdout.split() == ["0.125", "-3.5"]


def test_a_stored_member_that_cannot_be_trusted_is_fitted_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged file, or one that names another field, family or code, is not read: the
    member is fitted again and the file replaced with it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = _custom("damaged")
    key = normaliser_key(rules)
    path = field_store.store_path(key, "edge")
    path.parent.mkdir(parents=True)
    record = {"key": key, "what": "edge", "code": field_store.code_digest(),
              "values": [0.5, 1.0]}
    for changed in ({"key": "7x6 none 3"}, {"what": "corner"}, {"code": "older"},
                    {"values": ["strong", 1.0]}, {"values": 0.5}):
        path.write_text(json.dumps({**record, **changed}))
        assert field_store.load(key, "edge") is None, changed
    path.write_text('{"key": ')
    member.cache_clear()
    fitted = member(rules, "edge")
    assert fitted == fitted_member(rules, "edge")
    assert field_store.load(key, "edge") == (fitted.tilt.beta, fitted.log_normaliser)


def test_a_counted_fleet_count_is_stored(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``dfs`` member's count of legal fleets, for a field the table lacks, is kept
    as the members are (read back where a later process asks)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rules = _custom("counted")
    key = normaliser_key(rules)
    assert DfsPlacement.weighable(rules) and key not in FLEET_COUNTS
    assert DfsPlacement().log_fleet_count(rules) == counted_log_fleets(rules)
    assert field_store.load(key, FLEET_COUNT) == (counted_log_fleets(rules),)


def test_without_a_cache_folder_to_write_the_member_is_fitted_all_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    rules = _custom("unwritable")
    member.cache_clear()
    assert member(rules, "band") == fitted_member(rules, "band")
    assert field_store.load(normaliser_key(rules), "band") is None


@pytest.mark.parametrize("rules", TINY, ids=lambda r: r.name)
def test_the_fit_and_the_normalisers_agree_with_brute_force(rules: Rules) -> None:
    """Over every legal fleet of a small field: each member's normaliser is its tilt's
    mean weight to within a third of a nat, and its strength is the one that makes the
    family's drawn fleets likeliest to within a twentieth of a nat a fleet (the same
    fleets the fit drew, found again from its seed)."""
    shape = FleetShape.of(rules.grid)
    fleets = [fleet.cells for fleet in every_fleet(rules)]
    for name in _tilted(rules):
        fitted = fitted_member(rules, name)
        exact = _log_mean_exp([shape.log_tilt(fitted.tilt, cells) for cells in fleets])
        assert fitted.log_normaliser == pytest.approx(exact, abs=0.35), name
        tilt = TILTS[name]
        rng = random.Random(f"member:{name}:{normaliser_key(rules)}")
        anchors = range(4) if tilt.measure in ANCHORED else range(1)
        draws = [PLACEMENTS[name].place(rules, rng).cells for _ in range(FIT_FLEETS)]
        drawn = np.array([[shape.measure(tilt.measure, cells, a) for a in anchors]
                          for cells in draws])
        every = np.array([[shape.measure(tilt.measure, cells, a) for a in anchors]
                          for cells in fleets])
        cells = sum(kind.size for kind in rules.fleet)

        top = tilt.per_fleet(cells)
        best = max(_likelihood(top * k / ANNEALING_STEPS, drawn, every)
                   for k in range(ANNEALING_STEPS + 1))
        assert _likelihood(fitted.tilt.per_fleet(cells), drawn, every) >= best - 0.05, name


@pytest.mark.parametrize("preset", ["classic", "milton-bradley"])
def test_a_familys_own_fleets_weigh_its_member_up(preset: str) -> None:
    """The fit's point: on average a family's fleets are likelier under its member than
    under the uniform prior (by several nats a fleet), so a revealed fleet of the family
    raises it. (The family's own tilt at full strength, which the chain has not settled
    at, weighs them down.)"""
    rules = find_rules(preset)
    rng = random.Random(4)
    words = (rules.grid.size + 63) // 64
    for name in _tilted(rules):
        rows = np.array([to_words(PLACEMENTS[name].place(rules, rng).cells, words)
                         for _ in range(20)], dtype=np.uint64)
        evidence = [bayes_factors(rules, member_log_weights(rules, row[None, :], 0))
                    for row in rows]
        mean = float(np.mean([factors[FAMILIES.index(name)] for factors in evidence]))
        assert mean > 1.0, (name, mean)


def _likelihood(b: float, drawn: np.ndarray, every: np.ndarray) -> float:
    """The mean log-weight of the ``drawn`` fleets (rows: their measure towards each
    anchor) under the tilt of strength ``b``, over its exact normaliser (``every`` legal
    fleet)."""
    return float(_rows_log_mean_exp(b * drawn).mean()
                 - _log_mean_exp(list(_rows_log_mean_exp(b * every))))


def _log_mean_exp(values: list[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values) / len(values))


def _rows_log_mean_exp(values: np.ndarray) -> np.ndarray:
    top = values.max(axis=1, keepdims=True)
    return np.log(np.exp(values - top).mean(axis=1)) + top[:, 0]
