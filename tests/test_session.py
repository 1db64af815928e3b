"""A person against the computer: seeded, turn-keeping, and recorded."""

from __future__ import annotations

import random
from typing import Any

import pytest

from seabattle.battleship.ai.levels import LEVELS
from seabattle.battleship.events import Decision, Handover, Resignation, ShotResult
from seabattle.battleship.fleet import random_fleet
from seabattle.battleship.record import GameRecord
from seabattle.battleship.rules import PRESETS, Role, Rules, rules_from_dict
from seabattle.battleship.session import COMPUTER, HUMAN, GameSettings, VsComputer
from seabattle.coords import ALPHABETS, bit, iter_cells
from seabattle.errors import (
    AlreadyFiredError,
    DecisionError,
    DecisionPendingError,
    NotYourTurnError,
    SalvoError,
    SeaBattleError,
)


def play_out(session: VsComputer, shots: int | None = None) -> VsComputer:
    """Start with the person's random fleet and fire at the first open cells, in order."""
    session.start(session.random_fleet())
    fired = 0
    game = session.game
    assert game is not None
    while not game.is_over and (shots is None or fired < shots):
        assert game.to_move == HUMAN
        view = session.view()
        session.fire(next(iter_cells(view.legal_shots())))
        fired += 1
    return session


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_and_same_shots_give_the_same_game(level: str) -> None:
    rules = PRESETS["six"]
    shots = 25 if level == "admiral" else None
    first = play_out(VsComputer(rules, level, seed=42), shots)
    second = play_out(VsComputer(rules, level, seed=42), shots)
    assert first.record().to_json() == second.record().to_json()
    third = play_out(VsComputer(rules, level, seed=43), shots)
    assert third.computer_fleet != first.computer_fleet


def test_placing_ones_own_fleet_does_not_change_the_computer() -> None:
    rules = PRESETS["classic"]
    a = VsComputer(rules, "medium", seed=7, first="ai")
    b = VsComputer(rules, "medium", seed=7, first="ai")
    for _ in range(3):
        b.random_fleet()  # the person tries a few layouts first
    fleet = random_fleet(rules, random.Random(99))
    opening_a = a.start(fleet)
    opening_b = b.start(fleet)
    assert a.computer_fleet == b.computer_fleet
    assert opening_a == opening_b and opening_a


@pytest.mark.parametrize("first, expected", [("me", HUMAN), ("ai", COMPUTER)])
def test_who_moves_first(first: str, expected: int) -> None:
    session = VsComputer(PRESETS["classic"], "easy", seed=1, first=first)  # type: ignore[arg-type]
    opening = session.start(session.random_fleet())
    assert session.game is not None and session.game.first == expected
    assert bool(opening) == (expected == COMPUTER)
    assert session.game.to_move == HUMAN or session.game.is_over


def test_first_by_lot_follows_the_seed() -> None:
    firsts = {VsComputer(PRESETS["classic"], "easy", seed=s).first for s in range(20)}
    assert firsts == {HUMAN, COMPUTER}
    assert all(VsComputer(PRESETS["classic"], "easy", seed=s).first
               == VsComputer(PRESETS["classic"], "easy", seed=s).first for s in range(5))
    with pytest.raises(SeaBattleError):
        VsComputer(PRESETS["classic"], "easy", seed=1, first="later")  # type: ignore[arg-type]


def test_the_computer_answers_until_the_turn_comes_back() -> None:
    session = VsComputer(PRESETS["classic"], "hard", seed=5, first="me")
    session.start(session.random_fleet())
    game = session.game
    assert game is not None
    while not game.is_over:
        before = len(game.events)
        shot, replies = session.fire(next(iter_cells(session.view().legal_shots())))
        assert game.events[before] == shot
        assert list(game.events[before + 1:]) == replies
        assert all(r.player == COMPUTER for r in replies)
        if shot.result is not ShotResult.MISS and not game.is_over:
            assert replies == []  # a hit earns the person another shot
        if replies and not game.is_over:
            assert replies[-1].result is ShotResult.MISS
        assert game.to_move in (HUMAN, None)
    assert game.winner in (HUMAN, COMPUTER)


def test_illegal_shots_change_nothing() -> None:
    session = VsComputer(PRESETS["classic"], "easy", seed=3, first="me")
    session.start(session.random_fleet())
    water = next(c for c in range(100) if not session.computer_fleet.cells & bit(c))
    session.fire(water)
    before = session.record()
    with pytest.raises(AlreadyFiredError):
        session.fire(water)
    assert session.record() == before
    assert session.game is not None
    with pytest.raises(NotYourTurnError):
        session.game.fire(COMPUTER, 0)


def test_the_game_must_start_first_and_only_once() -> None:
    session = VsComputer(PRESETS["classic"], "easy", seed=3)
    for action in (lambda: session.fire(0), session.view, session.record, session.resign):
        with pytest.raises(SeaBattleError):
            action()
    session.start(session.random_fleet())
    with pytest.raises(SeaBattleError):
        session.start(session.random_fleet())


def test_the_record_names_players_seed_and_hints() -> None:
    session = VsComputer(PRESETS["six"], "medium", seed=12, first="me", player_name="Вася")
    session.start(session.random_fleet())
    session.note_hint()
    session.fire(0)
    assert session.game is not None
    events_then = len(session.game.events)
    session.note_hint()
    record = session.record()
    assert record.players[0].name == "Вася" and record.players[0].level is None
    assert record.players[1].level == "medium"
    assert record.metadata == {"seed": 12, "hints": [0, events_then]}
    assert GameRecord.from_json(record.to_json()) == record


def test_resigning_hands_the_computer_the_win() -> None:
    session = VsComputer(PRESETS["classic"], "novice", seed=2, first="me")
    session.start(session.random_fleet())
    session.resign()
    assert session.game is not None and session.game.winner == COMPUTER
    assert isinstance(session.record().events[-1], Resignation)
    assert session.view().opponent_fleet == session.computer_fleet


def test_settings_make_seeded_sessions_and_coordinates() -> None:
    settings = GameSettings(PRESETS["classic"], level="easy", language="ru", seed=8, first="me")
    assert settings.coordinates().alphabet is ALPHABETS["ru"]
    assert GameSettings(PRESETS["six"], language="ru").coordinates().alphabet is ALPHABETS["latin"]
    assert GameSettings(PRESETS["classic"], alphabet=ALPHABETS["ru-yo"]).coordinates().alphabet \
        is ALPHABETS["ru-yo"]
    a, b = settings.new_session(), settings.new_session()
    assert a.seed == b.seed == 8 and a.computer_fleet == b.computer_fleet
    assert settings.new_session(seed=9).seed == 9
    unseeded = [VsComputer(PRESETS["classic"], "easy").seed for _ in range(2)]
    assert unseeded[0] != unseeded[1]


# --- the variants of RULES.md §3 ------------------------------------------------------

VARIANT_RULES: dict[str, dict[str, Any]] = {
    "salvo": {"base": "classic", "salvo": 3},
    "salvo-ships": {"base": "six", "salvo": "ships"},
    "silent": {"base": "classic", "announce": "none", "shoot_again": False},
    "mines": {"base": "classic", "mines": 2, "submarines": 1},
    "minesweepers": {"base": "classic", "mines": 2, "minesweepers": 1, "mines_touch": True},
    "shapes": {"base": "classic", "ships": [{"size": 4, "shape": "l"},
                                            {"size": 4, "shape": "square"},
                                            {"size": 4, "shape": "zigzag"},
                                            {"size": 1, "count": 2}]},
}


def variant_rules(name: str) -> Rules:
    return PRESETS[name] if name in PRESETS else rules_from_dict(VARIANT_RULES[name])


def play_variant(session: VsComputer) -> list[Decision]:
    """Play to the end: the person's shots from the left, salvoes as due, every decision
    taken as the computer would (the Flying Dutchman stays every other time)."""
    session.start(session.random_fleet())
    game = session.game
    assert game is not None
    decided: list[Decision] = []
    while not game.is_over:
        due = session.decision_due
        if due is not None:
            choice = session.suggestion()
            if due is Decision.MOVE_SHIP and len(decided) % 2:
                choice = None
            session.decide(choice)
            decided.append(due)
            continue
        view = session.view()
        assert view.my_turn
        open_cells = list(iter_cells(view.given or view.legal_shots()))
        session.fire_salvo(open_cells[:view.shots_due])
    return decided


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("name", ["salvo", "mines", "flying-dutchman"])
def test_every_level_plays_every_variant_to_the_end(level: str, name: str) -> None:
    session = VsComputer(variant_rules(name), level, seed=5, first="me")
    play_variant(session)
    record = GameRecord.from_json(session.record().to_json())
    assert record.game().is_over and record.game().winner == session.game.winner  # type: ignore[union-attr]


@pytest.mark.parametrize("name", [*VARIANT_RULES, "flying-dutchman", "math"])
def test_variants_play_to_the_end_and_replay(name: str) -> None:
    first = VsComputer(variant_rules(name), "hard", seed=11)
    decided = play_variant(first)
    second = VsComputer(variant_rules(name), "hard", seed=11)
    assert play_variant(second) == decided
    assert first.record().to_json() == second.record().to_json(), "seeded: the same game"
    assert GameRecord.from_json(first.record().to_json()).game().is_over


def test_the_person_hands_over_a_cell_after_a_mine_and_illegal_choices_are_refused() -> None:
    session = VsComputer(variant_rules("mines"), "novice", seed=3, first="me")
    session.start(session.random_fleet())
    mine = next(s for s in session.computer_fleet if s.kind.role is Role.MINE)
    session.fire_salvo(list(iter_cells(mine.cells)))
    assert session.decision_due is Decision.HANDOVER
    with pytest.raises(DecisionPendingError):  # no shot while a decision is due
        session.fire(0 if not session.view().fired & 1 else 1)
    view = session.view()
    water = next(c for c in range(100) if not view.fleet_now.cells & bit(c))
    with pytest.raises(DecisionError, match="not an unhit cell"):
        session.decide(water)
    assert session.decision_due is Decision.HANDOVER, "a refusal changes nothing"
    cell = next(iter_cells(view.handover_options()))
    events = session.decide(cell)
    assert events[0] == Handover(HUMAN, cell)
    told = [t.kind for t in session.narrate(0)]
    assert told[:2] == ["you_fired", "you_handover"]
    assert session.view(COMPUTER).given & bit(cell) or session.view().incoming & bit(cell)


def test_the_computers_dutchman_moves_away_unseen() -> None:
    session = VsComputer(PRESETS["flying-dutchman"], "hard", seed=2, first="me")
    session.start(session.random_fleet())
    (dutchman,) = session.computer_fleet
    cell = next(iter_cells(dutchman.cells))
    session.fire(cell)
    told = session.narrate(0)
    assert [t.kind for t in told[:2]] == ["you_fired", "ai_move"]
    assert told[1].params == {}, "the person is not told where it went"
    assert session.view().abandoned == bit(cell)


def test_a_salvo_of_the_wrong_size_is_refused() -> None:
    session = VsComputer(variant_rules("salvo"), "easy", seed=1, first="me")
    session.start(session.random_fleet())
    with pytest.raises(SalvoError):
        session.fire(0)
    with pytest.raises(SalvoError):
        session.fire_salvo([0, 0, 1])
    assert not session.view().fired
    session.fire_salvo([0, 1, 2])
    assert session.view().fired == 0b111
