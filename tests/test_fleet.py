"""Fleets: random fleets are legal for every preset; illegal ones are refused with the right error.

The checks compare the engine's bitboard validation with a plain (row, col)
oracle written here, so a shared mistake in the halo code cannot hide.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seabattle.battleship.fleet import (
    Fleet,
    Ship,
    describe_fleet,
    random_fleet,
    remaining_kinds,
    ship_from_cells,
    straight_ship,
    validate_fleet,
)
from seabattle.battleship.rules import PRESETS, Role, Rules, ShipKind, rules_from_dict
from seabattle.battleship.shapes import Shape, Touching
from seabattle.coords import iter_cells
from seabattle.errors import (
    FleetCompositionError,
    OffFieldError,
    PlacementError,
    ShipOverlapError,
    ShipShapeError,
    ShipTouchError,
)


def scaled(examples: int) -> int:
    """``examples`` under the default "ci" profile (25 examples), scaled with the profile."""
    return max(1, examples * settings().max_examples // 25)


seeds = st.integers(0, 2**32 - 1)
preset_names = st.sampled_from(sorted(PRESETS))


# --- an independent oracle on (row, col) pairs ---------------------------------------

def squares(rules: Rules, cells: int) -> set[tuple[int, int]]:
    return {divmod(c, rules.width) for c in iter_cells(cells)}


def contact(rules: Rules, a: int, b: int) -> str | None:
    """How two ships meet: "overlap", "side", "corner" or None."""
    sa, sb = squares(rules, a), squares(rules, b)
    if sa & sb:
        return "overlap"
    distances = [(abs(r1 - r2), abs(c1 - c2)) for r1, c1 in sa for r2, c2 in sb]
    if any(dr + dc == 1 for dr, dc in distances):
        return "side"
    if any(dr == dc == 1 for dr, dc in distances):
        return "corner"
    return None


def forbidden(rules: Rules, how: str | None, roles: tuple[Role, Role] = (Role.SHIP, Role.SHIP)
              ) -> bool:
    if how == "overlap":
        return True
    if Role.MINE in roles or Role.MINESWEEPER in roles:
        return how is not None and not rules.mines_touch  # mines touch nothing
    if Role.SUBMARINE in roles:
        return False  # a submarine may touch its own ships
    if rules.touching is Touching.NONE:
        return how is not None
    if rules.touching is Touching.CORNERS:
        return how == "side"
    return False


def connected(cells: set[tuple[int, int]], diagonal: bool = False) -> bool:
    start = next(iter(cells))
    seen, stack = {start}, [start]
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    while stack:
        r, c = stack.pop()
        for n in ((r + dr, c + dc) for dr, dc in steps):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


def shape_ok(rules: Rules, ship: Ship) -> bool:
    cells = squares(rules, ship.cells)
    if ship.kind.shape is Shape.KING:
        return len(cells) == ship.kind.size and connected(cells, diagonal=True)
    if len(cells) != ship.kind.size or not connected(cells):
        return False
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    return ship.kind.shape is Shape.BENT or len(rows) == 1 or len(cols) == 1


def names_ship(error: PlacementError, kind: ShipKind) -> bool:
    return (kind.title.render("en") in error.message("en")
            and kind.title.render("ru") in error.message("ru"))


# --- legal fleets --------------------------------------------------------------------

@given(name=preset_names, seed=seeds)
def test_random_fleets_are_legal_for_every_preset(name: str, seed: int) -> None:
    rules = PRESETS[name]
    fleet = random_fleet(rules, random.Random(seed))
    assert Counter(s.kind for s in fleet) == Counter(rules.fleet)
    assert [s.size for s in fleet] == list(rules.fleet_sizes())  # largest first
    union = 0
    for i, ship in enumerate(fleet):
        assert shape_ok(rules, ship)
        for other in fleet.ships[i + 1:]:
            assert not forbidden(rules, contact(rules, ship.cells, other.cells),
                                 (ship.kind.role, other.kind.role))
        union |= ship.cells
    assert union == fleet.cells and fleet.cells.bit_count() == rules.fleet_cells
    assert validate_fleet(rules, list(reversed(fleet.ships))) == fleet
    assert validate_fleet(rules, fleet.ships) == fleet
    for cell in range(rules.grid.size):
        index = fleet.ship_at(cell)
        assert (index is None) == (not fleet.cells >> cell & 1)
        if index is not None:
            assert fleet.ships[index].cells >> cell & 1


@given(name=preset_names, seed=seeds)
def test_same_seed_same_fleet(name: str, seed: int) -> None:
    rules = PRESETS[name]
    assert random_fleet(rules, random.Random(seed)) == random_fleet(rules, random.Random(seed))


def test_different_seeds_give_different_fleets() -> None:
    rules = PRESETS["classic"]
    fleets = {random_fleet(rules, random.Random(seed)).cells for seed in range(20)}
    assert len(fleets) == 20


# --- a ship moved anywhere: refused exactly when the oracle says so -----------------

@settings(max_examples=scaled(10))
@given(name=st.sampled_from(["classic", "classic-corners", "milton-bradley", "six", "bent"]),
       seed=seeds, data=st.data())
def test_a_moved_ship_is_refused_exactly_when_it_breaks_a_rule(
        name: str, seed: int, data: st.DataObject) -> None:
    rules = PRESETS[name]
    fleet = random_fleet(rules, random.Random(seed))
    index = data.draw(st.integers(0, len(fleet) - 1), label="ship")
    kind = fleet.ships[index].kind
    others = [s for i, s in enumerate(fleet) if i != index]
    outcomes: Counter[str] = Counter()
    # Every straight position, including ones sticking out of the field by a cell.
    for row in range(-1, rules.height + 1):
        for col in range(-1, rules.width + 1):
            for vertical in (False, True):
                cells = [(row + i, col) if vertical else (row, col + i) for i in range(kind.size)]
                if not all(0 <= r < rules.height and 0 <= c < rules.width for r, c in cells):
                    with pytest.raises(PlacementError) as info:
                        straight_ship(rules, kind, row, col, vertical=vertical)
                    assert names_ship(info.value, kind)
                    outcomes["off"] += 1
                    continue
                moved = straight_ship(rules, kind, row, col, vertical=vertical)
                contacts = [contact(rules, moved.cells, o.cells) for o in others]
                if "overlap" in contacts:
                    expected: type[PlacementError] | None = ShipOverlapError
                elif any(forbidden(rules, how) for how in contacts):
                    expected = ShipTouchError
                else:
                    expected = None
                outcomes[expected.__name__ if expected else "legal"] += 1
                if expected is None:
                    placed = validate_fleet(rules, [*others, moved])
                    assert placed.cells == (fleet.cells & ~fleet.ships[index].cells) | moved.cells
                    continue
                with pytest.raises(expected) as error:
                    validate_fleet(rules, [*others, moved])
                assert type(error.value) is expected
                assert names_ship(error.value, kind)
    assert outcomes["ShipOverlapError"] and outcomes["off"]
    if all(k.shape is Shape.STRAIGHT for k in rules.fleet):
        assert outcomes["legal"]  # at least where the ship was
    if rules.touching is Touching.SIDES:
        assert not outcomes["ShipTouchError"]


# --- each rule, one example at a time -------------------------------------------------

def ship(rules: Rules, size: int, *names: str) -> Ship:
    """A ship of the rules' first kind of ``size`` on cells given by Latin names."""
    kind = next(k for k in rules.fleet if k.size == size)
    coords = rules.coordinates("en")
    return ship_from_cells(rules, kind, [coords.parse(n) for n in names])


def complete(rules: Rules, placed: list[Ship], seed: int = 1) -> Fleet:
    return random_fleet(rules, random.Random(seed), placed)


def test_corner_touch_is_refused_with_no_touching_and_accepted_with_corners() -> None:
    classic, corners = PRESETS["classic"], PRESETS["classic-corners"]
    a, b = ship(classic, 4, "A1", "B1", "C1", "D1"), ship(classic, 3, "E2", "E3", "E4")
    with pytest.raises(ShipTouchError) as info:
        complete(classic, [a, b])
    assert names_ship(info.value, b.kind) and names_ship(info.value, a.kind)
    fleet = complete(corners, [a, b])
    assert a in fleet.ships and b in fleet.ships
    with pytest.raises(ShipTouchError):
        validate_fleet(classic, fleet.ships)


def test_side_touch_is_refused_unless_sides_may_touch() -> None:
    a = ("A1", "B1", "C1", "D1")
    b = ("A2", "B2", "C2")
    for name in ("classic", "classic-corners", "six"):
        rules = PRESETS[name]
        with pytest.raises(ShipTouchError):
            complete(rules, [ship(rules, 4, *a), ship(rules, 3, *b)])
    mb = PRESETS["milton-bradley"]
    fleet = complete(mb, [ship(mb, 4, *a), ship(mb, 3, *b)])
    assert fleet.cells & 0b1111 and len(fleet) == 5


def test_overlap_names_both_ships() -> None:
    rules = PRESETS["milton-bradley"]
    a, b = ship(rules, 5, "A1", "A2", "A3", "A4", "A5"), ship(rules, 2, "A5", "B5")
    with pytest.raises(ShipOverlapError) as info:
        complete(rules, [a, b])
    assert names_ship(info.value, a.kind) and names_ship(info.value, b.kind)
    assert "A5" in str(info.value)


def test_off_field_ships_are_refused() -> None:
    rules = PRESETS["classic"]
    battleship = rules.fleet[0]
    with pytest.raises(PlacementError) as info:
        straight_ship(rules, battleship, 0, 7, vertical=False)
    assert names_ship(info.value, battleship)
    with pytest.raises(PlacementError):
        straight_ship(rules, battleship, 8, 0, vertical=True)
    with pytest.raises(OffFieldError):
        ship_from_cells(rules, battleship, [98, 99, 100, 101])
    with pytest.raises(OffFieldError):
        ship_from_cells(rules, battleship, [-1, 0, 1, 2])
    with pytest.raises(OffFieldError):
        rules.coordinates().parse("K1")


def test_a_straight_ship_may_not_wrap_round_the_edge() -> None:
    # Cells 8, 9, 10, 11 are consecutive numbers but I1, J1, A2, B2 on the field.
    rules = PRESETS["classic"]
    with pytest.raises(ShipShapeError):
        validate_fleet(rules, [ship_from_cells(rules, rules.fleet[0], [8, 9, 10, 11])])
    bent = PRESETS["bent"]
    two = next(k for k in bent.fleet if k.size == 2)
    with pytest.raises(ShipShapeError):
        validate_fleet(bent, [ship_from_cells(bent, two, [9, 10])])


@pytest.mark.parametrize("cells", [("A1", "B2"), ("A1", "C1"), ("A1", "A3"), ("A1",),
                                   ("A1", "B1", "C1")])
def test_bent_two_decker_must_be_two_cells_joined_by_a_side(cells: tuple[str, ...]) -> None:
    rules = PRESETS["bent"]
    with pytest.raises(ShipShapeError) as info:
        complete(rules, [ship(rules, 2, *cells)])
    assert names_ship(info.value, next(k for k in rules.fleet if k.size == 2))


def test_bent_ships_may_bend_but_never_go_diagonal() -> None:
    rules = PRESETS["bent"]
    ell = ship(rules, 4, "A1", "A2", "A3", "B3")
    zigzag = ship(rules, 4, "D1", "E1", "E2", "F2")
    fleet = complete(rules, [ell, zigzag])
    assert ell in fleet.ships and zigzag in fleet.ships
    diagonal = ship(rules, 3, "H1", "I2", "J3")
    with pytest.raises(ShipShapeError):
        complete(rules, [ell, diagonal])
    broken = ship(rules, 5, "A5", "A6", "A7", "C7", "C8")
    with pytest.raises(ShipShapeError) as info:
        complete(rules, [broken])
    assert names_ship(info.value, broken.kind)


def test_straight_rules_refuse_an_l_shaped_ship() -> None:
    for name in ("classic", "classic-corners", "milton-bradley", "six"):
        rules = PRESETS[name]
        ell = ship(rules, 4, "A1", "A2", "A3", "B3")
        with pytest.raises(ShipShapeError) as info:
            complete(rules, [ell])
        assert names_ship(info.value, ell.kind)
        assert "straight" in info.value.message("en")


def test_wrong_fleets_are_refused() -> None:
    rules = PRESETS["classic"]
    fleet = random_fleet(rules, random.Random(3))
    with pytest.raises(FleetCompositionError) as info:
        validate_fleet(rules, fleet.ships[:-1])
    assert "4×1, 3×2, 2×3, 1×4" in info.value.message("en")
    assert "4×1, 3×2, 2×3, 1×4" in info.value.message("ru")
    with pytest.raises(FleetCompositionError):
        validate_fleet(rules, [])
    # One torpedo boat too many, placed where it touches nothing.
    spare = PRESETS["classic"].fleet[-1]
    free = next(c for c in range(100)
                if not rules.grid.dilate(fleet.cells, diagonal=True) >> c & 1)
    with pytest.raises(FleetCompositionError):
        validate_fleet(rules, [*fleet.ships, ship_from_cells(rules, spare, [free])])
    # A ship of a kind the fleet does not have.
    alien = ShipKind(1, "dinghy")
    with pytest.raises(FleetCompositionError):
        validate_fleet(rules, [*fleet.ships[:-1],
                               ship_from_cells(rules, alien, fleet.ships[-1].cell_list())])
    with pytest.raises(FleetCompositionError):
        remaining_kinds(rules, [ship_from_cells(rules, alien, [0])])


def test_remaining_kinds_and_description() -> None:
    rules = PRESETS["six"]
    fleet = random_fleet(rules, random.Random(5))
    assert remaining_kinds(rules, []) == list(rules.fleet)
    assert remaining_kinds(rules, fleet.ships[:2]) == list(rules.fleet[2:])
    assert remaining_kinds(rules, fleet.ships) == []
    assert describe_fleet(rules.fleet).render("en") == "5×1, 4×1, 3×2, 2×1, 1×1"
    assert describe_fleet([]).render("en") == "—"


@given(seed=seeds, keep=st.integers(0, 10))
def test_random_fleet_keeps_the_ships_already_placed(seed: int, keep: int) -> None:
    rules = PRESETS["classic"]
    first = random_fleet(rules, random.Random(seed))
    placed = list(first.ships[:keep])
    fleet = random_fleet(rules, random.Random(seed + 1), placed)
    assert all(s in fleet.ships for s in placed)
    assert Counter(s.kind for s in fleet) == Counter(rules.fleet)


def test_no_room_left_is_a_placement_error() -> None:
    rules = rules_from_dict({"width": 3, "height": 3, "ships": [{"size": 1, "count": 2}]})
    centre = ship_from_cells(rules, rules.fleet[0], [4])
    with pytest.raises(PlacementError) as info:
        random_fleet(rules, random.Random(0), [centre])
    assert info.value.message_key == "error.placement_no_room"
    corner = ship_from_cells(rules, rules.fleet[0], [0])
    assert len(random_fleet(rules, random.Random(0), [corner])) == 2


def test_a_ship_without_cells_is_refused_for_its_shape() -> None:
    rules = PRESETS["classic"]
    with pytest.raises(ShipShapeError) as info:
        validate_fleet(rules, [ship_from_cells(rules, rules.fleet[0], [])])
    assert names_ship(info.value, rules.fleet[0])
