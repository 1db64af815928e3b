"""Every rule of seed 003 through the game interface, on small hand-set positions.

A position is drawn as text, one string a row: ``.`` an empty cell, a letter a piece
(upper case: seat 0, which sets up at the bottom; lower case: seat 1, at the top;
a piece one side has and the other lacks is added to the other on its back row's
rightmost free cells):
F fort, B bomb, T torpedo, M mine, S submarine, K torpedo boat (катер), W minesweeper
(тральщик), D destroyer, C cruiser, L battleship (линкор). The rule set is made to fit:
each side sets up in its half.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seabattle.errors import SeaBattleError
from seabattle.games.interface import CHANCE, Move
from seabattle.manoeuvres.actions import (
    Attack,
    Defend,
    Deploy,
    Detonate,
    Direction,
    DrawFirst,
    EndTurn,
    PointBlank,
    Resign,
    Shoot,
    Step,
)
from seabattle.manoeuvres.definition import DEFINITION
from seabattle.manoeuvres.events import Fought, GameEnded, Moved, Removed, TurnEnded
from seabattle.manoeuvres.marks import Marks
from seabattle.manoeuvres.pieces import MAX_GROUP, SHIPS, Kind, fight, rank
from seabattle.manoeuvres.refusals import names
from seabattle.manoeuvres.rules import PRESETS, ManoeuvreRules
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import Phase, Stage

LETTERS = {"F": Kind.FORT, "B": Kind.BOMB, "T": Kind.TORPEDO, "M": Kind.MINE,
           "S": Kind.SUBMARINE, "K": Kind.TORPEDO_BOAT, "W": Kind.MINESWEEPER,
           "D": Kind.DESTROYER, "C": Kind.CRUISER, "L": Kind.BATTLESHIP}


def position(*rows: str, first: int = 0, quiet: int = 50) -> ManoeuvreState:
    """A game set up as drawn, the lot drawn for ``first``; a piece one side lacks is
    added on its back row's rightmost free cells."""
    cells = [row.split() if " " in row else list(row) for row in rows]
    width = len(cells[0])
    layouts: tuple[list[tuple[int, Kind]], list[tuple[int, Kind]]] = ([], [])
    for r, row in enumerate(cells):
        for c, letter in enumerate(row):
            if letter != ".":
                layouts[0 if letter.isupper() else 1].append((r * width + c,
                                                               LETTERS[letter.upper()]))
    counts = Counter(kind for _cell, kind in layouts[0]) | Counter(
        kind for _cell, kind in layouts[1])
    for seat, back_row in ((0, len(rows) - 1), (1, 0)):
        # A side lacking a piece the other has gets it on its back row, from the right.
        missing = counts - Counter(kind for _cell, kind in layouts[seat])
        free = [back_row * width + c for c in reversed(range(width))
                if cells[back_row][c] == "."]
        for kind in sorted(missing.elements(), key=lambda k: k.value):
            layouts[seat].append((free.pop(0), kind))
    rules = ManoeuvreRules(name="test", columns=width, rows=len(rows),
                           setup_rows=len(rows) // 2, quiet_turns=quiet,
                           pieces=tuple(sorted(counts.items(), key=lambda kc: kc[0].value)))
    state = ManoeuvreState(rules)
    for seat in (0, 1):
        state.apply(seat, Deploy(tuple(sorted(layouts[seat]))))
    state.apply_chance(DrawFirst(first))
    return state


def at(state: ManoeuvreState, name: str) -> int:
    """The cell called ``name`` (``A1`` top left)."""
    return names(state.rules).parse(name)


def kind_on(state: ManoeuvreState, name: str) -> Kind | None:
    piece = state.board.at.get(at(state, name))
    return None if piece is None else piece.kind


def finish(state: ManoeuvreState, seat: int) -> None:
    """End ``seat``'s turn if a move left it open (an attack or a shot could follow)."""
    if state.stage is Stage.AFTER_MOVE:
        state.apply(seat, EndTurn())


def refused(state: ManoeuvreState, seat: int, action: object, words: str) -> None:
    """``action`` is refused with an error containing ``words`` and changes nothing."""
    before = (dict(state.board.at), len(state.log), state.view(0), state.view(1))
    with pytest.raises(SeaBattleError, match=words) as error:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert error.value.message("ru") != error.value.message("en")
    assert (dict(state.board.at), len(state.log), state.view(0), state.view(1)) == before


# --- the weight of a group ---------------------------------------------------------------

@given(lower=st.integers(0, len(SHIPS) - 2), m=st.integers(1, MAX_GROUP - 1), data=st.data())
def test_every_inequality_of_the_seed_holds(lower: int, m: int, data: st.DataObject) -> None:
    weak, strong = SHIPS[lower], SHIPS[lower + 1]
    n = data.draw(st.integers(m + 1, MAX_GROUP))
    assert fight(weak, 1, strong, 1) == -1 and fight(strong, 1, weak, 1) == 1  # П < Тк …
    assert fight(weak, n, strong, m) == 1 and fight(strong, m, weak, n) == -1  # n*П > m*Тк
    # The circle: «Лн < П, но: n*Лн > m*П».
    assert fight(Kind.SUBMARINE, m, Kind.BATTLESHIP, m) == 1
    assert fight(Kind.BATTLESHIP, n, Kind.SUBMARINE, m) == 1


@given(a=st.sampled_from(SHIPS), b=st.sampled_from(SHIPS), n=st.integers(1, MAX_GROUP),
       m=st.integers(1, MAX_GROUP))
def test_fights_are_antisymmetric_and_tie_only_between_equal_groups(
        a: Kind, b: Kind, n: int, m: int) -> None:
    assert fight(a, n, b, m) == -fight(b, m, a, n)
    assert (fight(a, n, b, m) == 0) == (a is b and n == m)
    if a is b:
        assert fight(a, n, b, m) == (n > m) - (n < m)
    elif n == m and {a, b} != {Kind.SUBMARINE, Kind.BATTLESHIP}:
        assert fight(a, n, b, m) == (rank(a) > rank(b)) - (rank(a) < rank(b))


def test_the_seed_s_example_two_minesweepers_attack_three_submarines() -> None:
    # «Игрок: Два тральщика атакуют поле С6. Соперник (в ответ): атакованы три подводные
    # лодки (Пл).» Not settled by the seed's inequalities; our weights: 2 × 1.44 < 3 × 1.
    state = position("f . . . .",
                     ". . s s s",
                     ". W W . .",
                     "F . . . .", first=0)
    state.apply(0, Attack(at(state, "C2"), (at(state, "B3"), at(state, "C3"))))
    assert state.actors.seats == {1} and state.stage is Stage.DEFENCE
    refused(state, 1, Defend((at(state, "C2"), at(state, "E2"))), "group")
    group = (at(state, "C2"), at(state, "D2"), at(state, "E2"))
    events = state.apply(1, Defend(group))
    assert Fought(group, Kind.SUBMARINE, 1) in events
    assert kind_on(state, "B3") is None and kind_on(state, "C2") is Kind.SUBMARINE
    assert state.to_move == 1  # the attacker lost: no bonus


# --- set-up and the lot ------------------------------------------------------------------

def test_the_set_up_is_hidden_and_kept_to_the_back_rows() -> None:
    rules = PRESETS["skirmish"]
    state = DEFINITION.new_state(rules)
    layout = Deploy(tuple(sorted(zip(sorted(rules.setup_cells(0))[:rules.piece_total], [
        kind for kind, count in rules.pieces for _ in range(count)], strict=True))))
    wrong_half = Deploy(tuple((cell - rules.columns * 5, kind) for cell, kind in layout.layout))
    refused(state, 0, wrong_half, "back rows")
    refused(state, 0, Deploy(layout.layout[1:]), "exactly")
    state.apply(0, layout)
    assert state.view(1).pieces == () and state.view(None).pieces == ()
    assert len(state.view(0).pieces) == rules.piece_total
    assert state.actors.seats == {1}
    refused(state, 0, layout, "does not act")


def test_the_lot_is_chance_and_logged() -> None:
    state = position("f s", "F S", first=1)
    assert state.log[2] == Move(CHANCE, DrawFirst(1))
    assert state.actors.seats == {1}
    with pytest.raises(SeaBattleError):
        state.apply_chance(DrawFirst(0))


# --- moves -------------------------------------------------------------------------------

def test_a_ship_moves_one_free_cell_across_a_side_and_the_turn_passes() -> None:
    state = position("f . . s", ". . . .", ". C . .", "F . . S")
    refused(state, 0, Step(at(state, "B3"), at(state, "C2")), "cannot reach")
    refused(state, 0, Step(at(state, "B3"), at(state, "B1")), "cannot reach")
    refused(state, 0, Step(at(state, "A4"), at(state, "A3")), "does not move")
    events = state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    assert Moved(0, at(state, "B3"), at(state, "B2")) in events
    assert state.to_move == 1
    seen = state.view(1).piece_at(at(state, "B2"))
    assert seen is not None and seen.kind is None and seen.moved


def test_a_torpedo_boat_goes_two_cells_with_a_bend_and_shows_itself() -> None:
    state = position("f . . . s k c", ". . . . . . .", ". . K . . . .", "F . C . S . .")
    legal = state.legal_actions(0)
    assert legal is not None
    targets = {a.target for a in legal if isinstance(a, Step) and a.source == at(state, "C3")}
    assert targets == {at(state, n) for n in ("C2", "B3", "D3", "C1", "B2", "D2", "A3", "E3",
                                              "B4", "D4")}
    state.apply(0, Step(at(state, "C3"), at(state, "D2")))  # «Г»
    seen = state.view(1).piece_at(at(state, "D2"))
    assert seen is not None and seen.kind is Kind.TORPEDO_BOAT


def test_a_boat_s_one_cell_move_keeps_it_hidden_and_a_blocked_bend_is_refused() -> None:
    state = position("f s c c k", ". . . . .", ". . C . .", "C S K F .", first=1)
    state.apply(1, Step(at(state, "E1"), at(state, "E2")))  # one cell: not shown
    seen = state.view(0).piece_at(at(state, "E2"))
    assert seen is not None and seen.kind is None
    refused(state, 0, Step(at(state, "C4"), at(state, "B3")), "cannot reach")


def test_a_boat_tows_torpedoes_of_its_zone_and_a_torpedo_moves_only_in_a_boat_s_zone(
        ) -> None:
    state = position("f . . k t", ". . . . .", ". T K . .", "F . . . T")
    far = at(state, "E4")
    refused(state, 0, Step(far, at(state, "E3")), "moves only one cell inside the zone")
    events = state.apply(0, Step(at(state, "C3"), at(state, "C2"), (at(state, "B3"),)))
    assert kind_on(state, "B2") is Kind.TORPEDO and kind_on(state, "C2") is Kind.TORPEDO_BOAT
    moved = next(e for e in events if isinstance(e, Moved))
    assert moved.kind is Kind.TORPEDO_BOAT and moved.towed_kind is Kind.TORPEDO
    for kind_seen in (state.view(1).piece_at(at(state, c)) for c in ("B2", "C2")):
        assert kind_seen is not None and kind_seen.kind is not None
    finish(state, 0)
    state.apply(1, Step(at(state, "D1"), at(state, "D2")))
    finish(state, 1)
    # A torpedo steps inside the zone of the boat (C2's zone is B1–D3).
    refused(state, 0, Step(at(state, "B2"), at(state, "A2")), "inside the zone")
    state.apply(0, Step(at(state, "B2"), at(state, "B3")))
    assert kind_on(state, "B3") is Kind.TORPEDO


def test_a_destroyer_shifts_mines() -> None:
    state = position("f . . d m", ". . . . .", ". M D . .", "F . . . .")
    state.apply(0, Step(at(state, "C3"), at(state, "C2"), (at(state, "B3"),)))
    assert kind_on(state, "B2") is Kind.MINE and kind_on(state, "C2") is Kind.DESTROYER
    finish(state, 0)
    state.apply(1, Step(at(state, "D1"), at(state, "D2")))
    finish(state, 1)
    refused(state, 0, Step(at(state, "B2"), at(state, "A1")), "cannot reach|not a free")
    state.apply(0, Step(at(state, "B2"), at(state, "B3")))
    assert kind_on(state, "B3") is Kind.MINE


# --- torpedoes -----------------------------------------------------------------------------

def test_a_torpedo_destroys_the_first_piece_on_its_course_and_earns_a_bonus() -> None:
    state = position(". . f s k t", ". . . . . .", ". . . . . .", ". . . . . .",
                     ". . . . . .", "F S K T . .")
    refused(state, 0, Shoot(at(state, "C6"), Direction.NORTH), "no torpedo")
    events = state.apply(0, Shoot(at(state, "D6"), Direction.NORTH))  # D5 … D1: the sub
    assert Removed(1, at(state, "D1"), Kind.SUBMARINE) in events
    assert Removed(0, at(state, "D6"), Kind.TORPEDO) in events
    assert TurnEnded(0, True) in events and state.stage is Stage.BONUS
    assert state.to_move == 0 and EndTurn() in (state.legal_actions(0) or [])
    state.apply(0, EndTurn())
    assert state.to_move == 1


def test_a_torpedo_spares_a_fort_and_runs_at_most_five_cells() -> None:
    state = position(". . f . k t", ". . . . . .", ". . . . . .", ". . . . . .",
                     ". . . . . .", ". F K T . .", quiet=50)
    events = state.apply(0, Shoot(at(state, "D6"), Direction.NORTH))  # D1 is six away
    assert not any(isinstance(e, Removed) and e.owner == 1 for e in events)
    state.apply(1, Shoot(at(state, "F1"), Direction.WEST))  # E1 is its boat: «по своим»
    assert kind_on(state, "E1") is None and state.to_move == 0  # no bonus for own losses


def test_point_blank_destroys_only_the_named_piece_in_the_boat_s_zone() -> None:
    state = position(". . . f k t", ". . . . . .", "c s . . . .", ". . K C . .",
                     ". . T . . .", ". F . . . .")
    refused(state, 0, PointBlank(at(state, "C5"), at(state, "A3")), "zone of a torpedo boat")
    events = state.apply(0, PointBlank(at(state, "C5"), at(state, "B3")))
    assert Removed(1, at(state, "B3"), Kind.SUBMARINE) in events
    assert kind_on(state, "D4") is Kind.CRUISER and kind_on(state, "A3") is Kind.CRUISER
    assert kind_on(state, "C5") is None and state.stage is Stage.BONUS


# --- the bomb ------------------------------------------------------------------------------

def test_the_bomb_clears_its_zone_but_forts_and_sets_the_other_bomb_off() -> None:
    state = position(". f . . . . . b", ". . s . . . . .", ". . . . . . . .",
                     ". . . . . . . .", ". . . . . S . .", "F . . . B . . .")
    # E6's zone is C4–G6 (on the field); B1's … none of it; the chain reaches H1 only if
    # a bomb lies in the zone.
    refused(state, 0, Detonate(at(state, "F5")), "not your bomb")
    events = state.apply(0, Detonate(at(state, "E6"), at(state, "E5")))
    assert kind_on(state, "F5") is None and kind_on(state, "A6") is Kind.FORT
    assert kind_on(state, "C2") is Kind.SUBMARINE
    assert TurnEnded(0, False) in events  # bomb damage earns no bonus


def test_a_bomb_chain_clears_both_zones() -> None:
    state = position("f . . . . . b s .", ". . . . . . . . .", ". . . . . . . . .",
                     ". . . . B . . . .", ". . . . . . . . S", "F . . . . . . . .")
    # Seat 0's bomb steps to E3: its zone is C1–G5, with seat 1's bomb on G1, whose zone
    # E1–I3 goes off too and takes H1's submarine; I5 is in neither.
    state.apply(0, Detonate(at(state, "E4"), at(state, "E3")))
    assert kind_on(state, "G1") is None and kind_on(state, "H1") is None
    assert kind_on(state, "I5") is Kind.SUBMARINE and kind_on(state, "A1") is Kind.FORT


# --- attacks -------------------------------------------------------------------------------

def test_one_submarine_beats_one_battleship_and_two_battleships_beat_it() -> None:
    state = position("f l s . .", ". . . . .", ". S . . .", "F L . . .")
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))  # then an attack may follow
    assert state.view(0).stage is Stage.AFTER_MOVE
    refused(state, 0, Step(at(state, "A4"), at(state, "A3")), "after a move")
    events = state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert any(isinstance(e, Fought) and e.winner == 0 for e in events)
    assert kind_on(state, "B1") is None and state.stage is Stage.BONUS
    seen = state.view(1).piece_at(at(state, "B2"))
    assert seen is not None and seen.kind is Kind.SUBMARINE


def test_the_defender_answers_with_part_of_its_group() -> None:
    state = position("c c c f .", ". . . . .", ". C C . .", "F . . C .", first=0)
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert state.actors.seats == {1}
    legal = state.legal_actions(1)
    a1, b1, c1 = at(state, "A1"), at(state, "B1"), at(state, "C1")
    assert legal is not None and set(legal) == {  # the target among them, joined by sides
        Defend((b1,)), Defend((a1, b1)), Defend((b1, c1)), Defend((a1, b1, c1))}
    state.apply(1, Defend((at(state, "A1"), at(state, "B1"))))  # 2 cruisers beat 1
    assert kind_on(state, "B2") is None and kind_on(state, "B1") is Kind.CRUISER
    assert state.to_move == 1


def test_equal_groups_both_go_and_the_attacker_earns_a_bonus() -> None:
    state = position("f d . .", ". . . .", ". D . .", "F . . .")
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    events = state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert Fought((at(state, "B1"),), Kind.DESTROYER, None) in events
    assert kind_on(state, "B1") is None and kind_on(state, "B2") is None


def test_a_mine_takes_its_attacker_with_it() -> None:
    state = position("f m . . .", ". . . . .", ". C . . .", "F . . . .")
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    events = state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert Removed(1, at(state, "B1"), Kind.MINE) in events
    assert kind_on(state, "B2") is None and state.to_move == 1  # no bonus: the attacker lost


def test_a_minesweeper_clears_a_mine_for_a_bonus() -> None:
    state = position("f m . .", ". . . .", ". W . .", "F M . .")
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    events = state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert Removed(1, at(state, "B1"), Kind.MINE) in events
    assert kind_on(state, "B2") is Kind.MINESWEEPER and state.stage is Stage.BONUS


def test_attacking_a_torpedo_loses_the_attacker_with_it() -> None:
    state = position("f t k .", ". . . .", ". L . .", "F T K .")
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert kind_on(state, "B1") is None and kind_on(state, "B2") is None
    assert state.to_move == 1


def test_attacking_the_bomb_sets_it_off() -> None:
    state = position("f . b . . .", ". . . . . .", ". . L . . .", "F . . . . B")
    state.apply(0, Step(at(state, "C3"), at(state, "C2")))
    events = state.apply(0, Attack(at(state, "C1"), (at(state, "C2"),)))
    assert kind_on(state, "C2") is None and kind_on(state, "A1") is Kind.FORT
    assert TurnEnded(0, False) in events


def test_taking_both_forts_wins() -> None:
    state = position("f f . .", ". . . .", "S S . .", "F F . .")
    state.apply(0, Step(at(state, "A3"), at(state, "A2")))
    state.apply(0, Attack(at(state, "A1"), (at(state, "A2"),)))
    assert state.stage is Stage.BONUS and state.outcome() is None
    state.apply(0, Step(at(state, "B3"), at(state, "B2")))
    events = state.apply(0, Attack(at(state, "B1"), (at(state, "B2"),)))
    assert GameEnded(0, "manoeuvres.outcome.forts_taken") in events
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0 and state.actors.over
    assert all(p.kind is not None for p in state.view(1).pieces)  # all shown after the end


def test_a_bonus_turn_earns_no_further_bonus() -> None:
    state = position("f . . . . .", "s s . . . .", "C C . . . .", "F . . . . .")
    state.apply(0, Attack(at(state, "A2"), (at(state, "A3"),)))
    state.apply(1, Defend((at(state, "A2"),)))
    assert state.to_move == 0 and state.stage is Stage.BONUS
    events = state.apply(0, Attack(at(state, "B2"), (at(state, "B3"),)))
    assert Removed(1, at(state, "B2"), Kind.SUBMARINE) in events
    assert TurnEnded(0, False) in events and state.to_move == 1


def test_a_side_that_cannot_act_loses_and_a_quiet_game_is_drawn() -> None:
    state = position("f m s .", ". . . .", "M . . .", "S F . .")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    assert outcome.reason.key == "manoeuvres.outcome.cannot_act"
    state = position("f s . .", ". . . .", ". . . .", "F S . .", quiet=3)
    state.apply(0, Step(at(state, "B4"), at(state, "C4")))
    state.apply(1, Step(at(state, "B1"), at(state, "C1")))
    state.apply(0, Step(at(state, "C4"), at(state, "D4")))
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None
    assert state.view(0).phase is Phase.OVER


def test_resigning_ends_the_game_and_nothing_acts_after() -> None:
    state = position("f s", "F S")
    state.apply(1, Resign())
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 0
    refused(state, 0, Step(at(state, "B2"), at(state, "B1")), "over")


def test_marks_follow_unknown_pieces_and_drop_when_revealed() -> None:
    state = position("f s . .", ". . . .", ". . . .", "F L . .")
    view = state.view(0)
    marks = Marks().mark(view, at(state, "B1"), Kind.SUBMARINE)
    with pytest.raises(SeaBattleError, match="only an enemy piece"):
        marks.mark(view, at(state, "B4"), Kind.FORT)
    state.apply(0, Step(at(state, "B4"), at(state, "C4")))
    state.apply(1, Step(at(state, "B1"), at(state, "C1")))
    assert marks.on(state.view(0)) == {at(state, "C1"): Kind.SUBMARINE}
    assert marks.mark(state.view(0), at(state, "C1"), None).on(state.view(0)) == {}
