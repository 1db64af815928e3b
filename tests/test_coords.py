"""Cells, grids and alphabets: the text form of cells round-trips and bad text is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seabattle.coords import (
    ALPHABETS,
    MAX_SIDE,
    Coordinates,
    Grid,
    bit,
    cell_name,
    find_alphabet,
    iter_cells,
    parse_cell,
    popcount,
)
from seabattle.errors import AlphabetError, CoordinateSyntaxError, OffFieldError, SeaBattleError

WORD_ALPHABETS = ("respublika", "snegurochka")
CYRILLIC_ALPHABETS = [name for name, a in ALPHABETS.items() if a.cyrillic]
# Latin letters that look exactly like Cyrillic ones (what a player on the wrong
# keyboard layout types), and the Cyrillic letter each one means.
LOOKALIKES = dict(zip("ABCEHKMOPTXY", "АВСЕНКМОРТХУ", strict=True))


def widths(name: str) -> range:
    return range(1, min(ALPHABETS[name].max_width, MAX_SIDE) + 1)


# --- round trips ------------------------------------------------------------------

@pytest.mark.parametrize("name", ALPHABETS)
def test_every_cell_round_trips_in_every_alphabet(name: str) -> None:
    alphabet = ALPHABETS[name]
    for width in widths(name):
        for height in {1, width, MAX_SIDE}:
            grid = Grid(width, height)
            seen = set()
            for cell in grid.cells():
                text = cell_name(cell, grid, alphabet)
                assert parse_cell(text, grid, alphabet) == cell
                assert parse_cell(text.lower(), grid, alphabet) == cell
                assert parse_cell(f" {text} ", grid, alphabet) == cell
                seen.add(text)
            assert len(seen) == grid.size, "two cells share a name"


@pytest.mark.parametrize("name", ALPHABETS)
def test_column_letters_are_distinct_and_start_with_the_ten_of_rules_md(name: str) -> None:
    alphabet = ALPHABETS[name]
    letters = alphabet.columns(alphabet.max_width)
    assert len(set(letters)) == len(letters)
    expected = {"latin": "ABCDEFGHIJ", "ru": "АБВГДЕЖЗИК", "ru-yo": "АБВГДЕЁЖЗИ",
                "respublika": "РЕСПУБЛИКА", "snegurochka": "СНЕГУРОЧКА"}[name]
    assert alphabet.columns(10) == expected
    assert Coordinates(Grid(10, 10), alphabet).column_letters == expected


def test_names_follow_rules_md() -> None:
    grid = Grid(10, 10)
    assert cell_name(0, grid, ALPHABETS["latin"]) == "A1"
    assert cell_name(grid.cell(2, 1), grid, ALPHABETS["latin"]) == "B3"
    assert cell_name(grid.cell(0, 9), grid, ALPHABETS["ru"]) == "К1"
    assert cell_name(grid.cell(9, 6), grid, ALPHABETS["ru-yo"]) == "Ё10"
    assert cell_name(grid.cell(9, 9), grid, ALPHABETS["respublika"]) == "А10"


@pytest.mark.parametrize("name", CYRILLIC_ALPHABETS)
def test_latin_lookalikes_mean_the_cyrillic_letter(name: str) -> None:
    alphabet = ALPHABETS[name]
    grid = Grid(10, 10)
    letters = alphabet.columns(10)
    found = 0
    for latin, cyrillic in LOOKALIKES.items():
        for text in (latin, latin.lower()):
            if cyrillic in letters:
                found += 1
                expected = grid.cell(9, letters.index(cyrillic))
                assert parse_cell(f"{text}10", grid, alphabet) == expected
            elif cyrillic not in alphabet.columns(alphabet.max_width):
                with pytest.raises(CoordinateSyntaxError):
                    parse_cell(f"{text}10", grid, alphabet)
    assert found >= 4


def test_k10_in_russian_is_the_tenth_column() -> None:
    grid = Grid(10, 10)
    assert parse_cell("K10", grid, ALPHABETS["ru"]) == 99
    assert parse_cell("k10", grid, ALPHABETS["ru"]) == 99
    assert parse_cell("к10", grid, ALPHABETS["ru"]) == 99
    # Latin letters are matched by looks, not by position: B is В (third column).
    assert parse_cell("b3", grid, ALPHABETS["ru"]) == grid.cell(2, 2)
    # In the Latin alphabet, K is the eleventh column: off a 10-wide field.
    with pytest.raises(OffFieldError):
        parse_cell("K10", grid, ALPHABETS["latin"])


def test_cyrillic_text_is_not_read_in_the_latin_alphabet() -> None:
    with pytest.raises(CoordinateSyntaxError):
        parse_cell("А1", Grid(10, 10), ALPHABETS["latin"])  # Cyrillic А


# --- refusals ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", " ", "3", "A", "AB3", "3A", "A 3 3", "A-", "!!", "A1B",
                                  "Б3", "ЙЙ", "A1.5", "A+1", "A\x001", "Ё1"])
def test_text_that_is_no_cell_raises_syntax_error(text: str) -> None:
    with pytest.raises(CoordinateSyntaxError) as info:
        parse_cell(text, Grid(10, 10), ALPHABETS["latin"])
    assert repr(text) in str(info.value)
    assert repr(text) in info.value.message("ru")


@pytest.mark.parametrize("text", ["A0", "A11", "K1", "Z26", "a100"])
def test_well_formed_names_off_the_field_raise_off_field(text: str) -> None:
    with pytest.raises(OffFieldError) as info:
        parse_cell(text, Grid(10, 10), ALPHABETS["latin"])
    assert "10×10" in str(info.value)


def test_a_huge_row_number_is_off_the_field_not_a_crash() -> None:
    # Python refuses to convert integers of more than 4,300 digits by default.
    with pytest.raises((OffFieldError, CoordinateSyntaxError)):
        parse_cell("A" + "9" * 5000, Grid(10, 10), ALPHABETS["latin"])


@given(text=st.text(max_size=12), name=st.sampled_from(list(ALPHABETS)),
       width=st.integers(1, 10), height=st.integers(1, MAX_SIDE))
def test_any_text_either_parses_to_a_cell_or_raises_a_coordinate_error(
        text: str, name: str, width: int, height: int) -> None:
    grid = Grid(width, height)
    alphabet = ALPHABETS[name]
    try:
        cell = parse_cell(text, grid, alphabet)
    except (CoordinateSyntaxError, OffFieldError):
        return
    assert 0 <= cell < grid.size
    # Whatever was accepted means the cell whose name is the same up to case and look-alikes.
    assert parse_cell(cell_name(cell, grid, alphabet), grid, alphabet) == cell


@given(letter=st.sampled_from(ALPHABETS["latin"].columns(26)), row=st.integers(1, 30),
       spaces=st.sampled_from(["", " ", "  ", "-", " - "]))
def test_parse_accepts_spacing_and_a_dash_between_letter_and_number(
        letter: str, row: int, spaces: str) -> None:
    grid = Grid(26, 26)
    text = f"{letter}{spaces}{row}"
    if row > 26:
        with pytest.raises(OffFieldError):
            parse_cell(text, grid, ALPHABETS["latin"])
    else:
        expected = grid.cell(row - 1, ord(letter) - ord("A"))
        assert parse_cell(text, grid, ALPHABETS["latin"]) == expected


@pytest.mark.parametrize("name", WORD_ALPHABETS)
def test_word_alphabets_refuse_fields_wider_than_ten(name: str) -> None:
    alphabet = ALPHABETS[name]
    assert alphabet.max_width == 10
    Coordinates(Grid(10, 10), alphabet)
    Coordinates(Grid(7, 15), alphabet)
    for width in (11, 15, MAX_SIDE):
        with pytest.raises(AlphabetError) as info:
            Coordinates(Grid(width, 10), alphabet)
        assert str(width) in info.value.message("en") and str(width) in info.value.message("ru")
        with pytest.raises(AlphabetError):
            parse_cell("Р1", Grid(width, 10), alphabet)


def test_find_alphabet_by_name_any_case() -> None:
    assert find_alphabet("LATIN") is ALPHABETS["latin"]
    assert find_alphabet("Ru-Yo") is ALPHABETS["ru-yo"]
    with pytest.raises(AlphabetError) as info:
        find_alphabet("klingon")
    assert "'klingon'" in str(info.value)


def test_errors_are_value_errors_in_one_tree() -> None:
    for error in (CoordinateSyntaxError, OffFieldError, AlphabetError):
        assert issubclass(error, SeaBattleError) and issubclass(error, ValueError)
    assert not issubclass(CoordinateSyntaxError, OffFieldError)
    assert not issubclass(OffFieldError, CoordinateSyntaxError)


# --- grids and bitboards --------------------------------------------------------------

def test_grid_refuses_sizes_outside_one_to_max_side() -> None:
    for width, height in ((0, 5), (5, 0), (MAX_SIDE + 1, 5), (5, MAX_SIDE + 1)):
        with pytest.raises(ValueError):
            Grid(width, height)


def test_grid_cell_off_the_field_raises() -> None:
    grid = Grid(4, 3)
    assert grid.cell(2, 3) == 11
    for row, col in ((-1, 0), (0, -1), (3, 0), (0, 4)):
        with pytest.raises(OffFieldError):
            grid.cell(row, col)


@given(width=st.integers(1, 12), height=st.integers(1, 12), data=st.data())
def test_neighbourhoods_match_row_and_column_distance(width: int, height: int,
                                                      data: st.DataObject) -> None:
    grid = Grid(width, height)
    cell = data.draw(st.integers(0, grid.size - 1))
    row, col = grid.row_col(cell)
    assert grid.cell(row, col) == cell
    sides = {c for c in grid.cells()
             if abs(grid.row_col(c)[0] - row) + abs(grid.row_col(c)[1] - col) == 1}
    around = {c for c in grid.cells() if c != cell
              and max(abs(grid.row_col(c)[0] - row), abs(grid.row_col(c)[1] - col)) == 1}
    assert set(iter_cells(grid.side_neighbours(cell))) == sides
    assert set(iter_cells(grid.all_neighbours(cell))) == around
    assert grid.dilate(bit(cell), diagonal=True) == grid.all_neighbours(cell) | bit(cell)


@given(board=st.integers(0, (1 << 36) - 1))
def test_components_split_a_board_into_connected_parts(board: int) -> None:
    grid = Grid(6, 6)
    parts = grid.components(board)
    union = 0
    for part in parts:
        assert grid.is_connected(part)
        assert union & part == 0
        union |= part
        # No part touches another along a side.
        assert grid.dilate(part, diagonal=False) & board == part
    assert union == board
    assert popcount(board) == sum(popcount(p) for p in parts) == len(list(iter_cells(board)))


@pytest.mark.parametrize("text", ["", "??", "B1"])
def test_a_one_column_field_refuses_bad_text_with_a_usable_example(text: str) -> None:
    grid = Grid(1, 1)
    with pytest.raises((CoordinateSyntaxError, OffFieldError)) as info:
        parse_cell(text, grid, ALPHABETS["latin"])
    if isinstance(info.value, CoordinateSyntaxError):
        assert "A1" in str(info.value)  # the example names the only cell there is
