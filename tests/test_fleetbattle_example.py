"""The seed's worked example («Пример морского сражения»: Portugal against England, four
turns) as a golden game: every figure the example states, turn by turn, through the
public interface. Where the example departs from the rules (docs/fleetbattle.md,
«The worked example»), the rules are followed and the test says so.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from seabattle.fleetbattle.actions import (
    ChooseMode,
    Dice,
    Die,
    Grapple,
    Orders,
    Pick,
    PlaceFleet,
    RetreatChoice,
)
from seabattle.fleetbattle.definition import DEFINITION
from seabattle.fleetbattle.events import Contest, DecksTaken, FireshipRolled, ShipLost
from seabattle.fleetbattle.fleets import PRESETS
from seabattle.fleetbattle.hulls import Status, Totals
from seabattle.fleetbattle.placement import PlacedShip, Placement
from seabattle.fleetbattle.ships import Ammo, Kind, Mode
from seabattle.fleetbattle.state import FleetBattleState
from seabattle.fleetbattle.views import Phase

PORTUGAL, ENGLAND = 0, 1
RULES = PRESETS["example"]


def row(start: int, length: int) -> int:
    """``length`` cells across from ``start``."""
    return sum(1 << (start + i) for i in range(length))


# Portugal (9×6): corvettes 0 (the flagship) and 1, brigs 2–4, the transport 5, a ship a row.
PORTUGUESE = Placement((PlacedShip(Kind.CORVETTE, row(0, 2)), PlacedShip(Kind.CORVETTE, row(9, 2)),
                        PlacedShip(Kind.BRIG, row(18, 2)), PlacedShip(Kind.BRIG, row(27, 2)),
                        PlacedShip(Kind.BRIG, row(36, 2)),
                        PlacedShip(Kind.TRANSPORT, row(45, 3))), flagship=0)
# England (9×6): the frigate 0 (the flagship), the corvette 1, brigs 2–4.
ENGLISH = Placement((PlacedShip(Kind.FRIGATE, row(0, 3)), PlacedShip(Kind.CORVETTE, row(9, 2)),
                     PlacedShip(Kind.BRIG, row(18, 2)), PlacedShip(Kind.BRIG, row(27, 2)),
                     PlacedShip(Kind.BRIG, row(36, 2))), flagship=0)


def figures(state: FleetBattleState, seat: int) -> tuple[float, int, int, int]:
    """О, А, М and ships of ``seat`` as the other side's view announces them."""
    side = state.view(1 - seat).sides[seat]
    totals: Totals = side.totals
    return float(totals.firepower), totals.boarding, totals.manoeuvre, totals.ships


def both_stay(state: FleetBattleState) -> None:
    for seat in sorted(state.actors.seats):
        state.apply(seat, RetreatChoice(False))


@pytest.fixture
def battle() -> FleetBattleState:
    state = DEFINITION.new_state(RULES)
    assert RULES.field(PORTUGAL).width == 9 and RULES.field(PORTUGAL).height == 6  # «6*9»
    state.apply(PORTUGAL, PlaceFleet(PORTUGUESE))
    state.apply(ENGLAND, PlaceFleet(ENGLISH))
    return state


def test_the_initial_figures(battle: FleetBattleState) -> None:
    # «Португалия: О – 7, А – 13, М – 9; 6 кораблей / Англия: О – 8, А – 13, М – 9; 5»
    assert figures(battle, PORTUGAL) == (7, 13, 9, 6)
    assert figures(battle, ENGLAND) == (8, 13, 9, 5)


def play_turn_one(state: FleetBattleState) -> None:
    # «Перед ходом ни один из игроков не пожелал отступать»: both may, neither does.
    assert state.actors.seats == {0, 1} and state.phase is Phase.RETREAT
    both_stay(state)
    assert state.mode is Mode.LONG  # «Первый ход идёт непременно в режиме Дальнего боя»
    # «назначили 2 брига брандерами, уменьшив тем самым нашу Огневую мощь … на 2»
    assert state.shots(PORTUGAL, (2, 3)) == 5
    state.apply(PORTUGAL, Orders(Ammo.CANNONBALL, (0, 5, 6, 7, 8), fireships=(2, 3)))
    # «стреляют они книппелями и … выстрелов у них 8»: two on a fireship brig (its
    # manoeuvre to 0), one on the flagship corvette, five misses.
    assert state.shots(ENGLAND) == 8
    state.apply(ENGLAND, Orders(Ammo.CHAIN, (18, 19, 0, 50, 51, 52, 53, 44)))
    # «Один из наших Брандеров был обездвижен и взорвался, не нанеся ущерба»
    assert FireshipRolled(PORTUGAL, 2, None, False) in state.journal
    # «Маневр другого равна 2 … Выпало 5 – атака успешна»: the rules say 1–3 for
    # manoeuvre 2, the example counts 4–6 (the same odds from the other end): its 5 is
    # the rules' 2.
    state.apply_chance(Die(2))
    assert FireshipRolled(PORTUGAL, 3, 2, True) in state.journal
    # «1-3 – уничтожен один из бригов, 4 – корвет, 5 – фрегат, 6 – ещё раз»: one chance
    # in five for each English ship, as the program draws; «Выпало 4 – уничтожен корвет».
    assert [o.probability for o in state.chance_outcomes()] == [Fraction(1, 5)] * 5
    state.apply_chance(Pick(ENGLAND, 1))


def test_turn_one_and_the_figures_for_turn_two(battle: FleetBattleState) -> None:
    play_turn_one(battle)
    # «мы сообщаем … координаты погибших брандеров, получаем … координаты уничтоженного
    # корвета»
    lost = [e for e in battle.journal if isinstance(e, ShipLost)]
    assert {(e.seat, e.ship, e.status) for e in lost} == {
        (PORTUGAL, 2, Status.SPENT), (PORTUGAL, 3, Status.SPENT), (ENGLAND, 1, Status.BURNT)}
    assert battle.turn == 2
    # «Португалия: О – 4,5, А – 9, М – 4; 4 корабля / Англия: О – 6, А – 10, М – 8; 4»
    assert figures(battle, PORTUGAL) == (4.5, 9, 4, 4)
    assert figures(battle, ENGLAND) == (6, 10, 8, 4)
    # «потеряем как минимум 1 корвет (его маневр – 0, он не может участвовать в отступлении)»
    corvette = battle.view(PORTUGAL).own
    assert corvette is not None and corvette[0].manoeuvre == 0


def play_turn_two(state: FleetBattleState) -> None:
    both_stay(state)
    assert state.phase is Phase.MANOEUVRE
    # «у нас выпало 6, у противника – 2 … (у нас – 6+4-4, у англичан – 2+8-4) оказались
    # равны, и … кубики были брошены ещё раз»
    state.apply_chance(Dice((6, 2)))
    assert state.journal[-1] == Contest((6, 2), (Fraction(6), Fraction(6)), None)
    assert state.phase is Phase.MANOEUVRE
    state.apply_chance(Dice((1, 5)))  # «в Маневрировании выиграли англичане»
    assert state.actors.seats == {ENGLAND}
    state.apply(ENGLAND, ChooseMode(Mode.BOARDING))  # «Ими выбран режим Абордажа»
    # «у Португалии выпало 3, а у Англии – 5 … 3+9 у лузов против 5+10»
    state.apply_chance(Dice((3, 5)))
    assert Contest((3, 5), (Fraction(12), Fraction(15)), ENGLAND,
                   boarding=True) in state.journal
    # «обездвиженный … корвет (2 палубы) захвачен»; then one deck of the transport or the
    # corvette, both of manoeuvre 1: «решит кубик … Выпало 6, наш корвет наполовину захвачен»
    assert DecksTaken(PORTUGAL, 0, Kind.CORVETTE, 2, True) in state.journal
    assert {o.action for o in state.chance_outcomes()} == {Pick(PORTUGAL, 1),
                                                           Pick(PORTUGAL, 5)}
    state.apply_chance(Pick(PORTUGAL, 1))
    assert state.journal[-1] == DecksTaken(PORTUGAL, 1, Kind.CORVETTE, 1, False)
    # «Противник выбирает корабль, что сцепится с корветом»: the frigate.
    assert state.actors.seats == {ENGLAND} and state.phase is Phase.GRAPPLE
    assert state.view(ENGLAND).taken is Kind.CORVETTE
    state.apply(ENGLAND, Grapple((0,)))


def test_turn_two_boarding_and_the_figures_for_turn_three(battle: FleetBattleState) -> None:
    play_turn_one(battle)
    play_turn_two(battle)
    assert battle.turn == 3
    # «Португалия: О – 1, А – 3, М – 3; 2 корабля. Флагман утерян»
    assert figures(battle, PORTUGAL) == (1, 3, 3, 2)
    assert battle.view(ENGLAND).sides[PORTUGAL].flagship_lost
    # «Англия: О – 3, А – 6, М – 6; 3 корабля. … с нашим корветом сцепился фрегат»
    assert figures(battle, ENGLAND) == (3, 6, 6, 3)
    assert not battle.view(PORTUGAL).sides[ENGLAND].flagship_lost
    assert battle.view(PORTUGAL).grapples == (((Kind.CORVETTE,), (Kind.FRIGATE,)),)
    # «координаты захваченной палубы сообщаться не нужно!»: England knows the kind only.
    assert all(known.index != 1 for known in battle.view(ENGLAND).sides[PORTUGAL].lost)


def play_turn_three(state: FleetBattleState) -> None:
    both_stay(state)
    # «у Португалии выпало 6 (0,75*(6+3-2)=5,25), у Аргентины – 2 (2+6-3=5)»
    state.apply_chance(Dice((6, 2)))
    assert state.journal[-1] == Contest((6, 2), (Fraction(21, 4), Fraction(5)), PORTUGAL)
    state.apply(PORTUGAL, ChooseMode(Mode.LONG))  # «Португалия избрала режим Дальнего боя»
    # «Португальский же адмирал отдал приказ Не стрелять»
    state.apply(PORTUGAL, Orders(hold=True))
    # «Англичане избрали стрельбу ядрами и уничтожили наш корвет, сцепленный с их же
    # фрегатом»: the corvette's one deck still Portuguese is cell 10.
    state.apply(ENGLAND, Orders(Ammo.CANNONBALL, (10, 20, 30)))


def test_turn_three_the_grappled_corvette_takes_the_frigate_down(
        battle: FleetBattleState) -> None:
    play_turn_one(battle)
    play_turn_two(battle)
    play_turn_three(battle)
    # «то есть, потеряли попусту свой фрегат»; «Англия сообщила … координаты затонувшего
    # фрегата»
    assert ShipLost(PORTUGAL, 1, Kind.CORVETTE, row(9, 2), Status.SUNK) in battle.journal
    assert ShipLost(ENGLAND, 0, Kind.FRIGATE, row(0, 3), Status.SUNK) in battle.journal
    assert battle.turn == 4
    # «Португалия: О – 1, А – 3, М – 3; 2 корабля. Флагман утерян. / Англия: О – 3,
    # А – 6, М – 6; 3 корабля. Флагман утерян.»
    assert figures(battle, PORTUGAL) == (1, 3, 3, 2)
    assert figures(battle, ENGLAND) == (3, 6, 6, 3)
    assert battle.view(None).sides[ENGLAND].flagship_lost
    # Portugal held fire: England may not retreat this turn, Portugal may.
    assert battle.actors.seats == {PORTUGAL}
    assert [s.may_retreat for s in battle.view(None).sides] == [True, False]


def test_turn_four_portugal_retreats_unpursued_and_the_result(
        battle: FleetBattleState) -> None:
    play_turn_one(battle)
    play_turn_two(battle)
    play_turn_three(battle)
    # «английский флот не имеет права стрелять им вдогонку, ибо в Ход 3 португальцы не
    # стреляли»
    battle.apply(PORTUGAL, RetreatChoice(True))
    outcome = battle.outcome()
    assert outcome is not None and outcome.winner == ENGLAND  # «Англичане – победители»
    view = battle.view(None)
    assert view.results is not None
    english, portuguese = view.results[ENGLAND], view.results[PORTUGAL]
    # «Сохранив 3 брига …, они потеряли 1 фрегат и 1 корвет, зато захватили 1 вражеский
    # корвет»
    assert english.remaining == (2, 3, 4) and english.destroyed == (0, 1)
    assert portuguese.captured == (0,)
    # «Их потери – 2 брига и 2 корвета, зато в строю остался 1 бриг и 1 транспортник»
    assert portuguese.destroyed == (1, 2, 3) and portuguese.escaped == (4, 5)
    # Trophies: the rules count the enemy ships destroyed (the two fireships and the
    # corvette sunk: 3 → 6 coins, or 1 wood, or 1 gun); the example's «8 монет или 2
    # дерева или 2 оружия» also counts the captured corvette (docs/fleetbattle.md).
    assert (english.trophy_coins, english.trophy_wood, english.trophy_guns) == (6, 1, 1)
    assert portuguese.trophy_coins == 0
    # «если б не повредили его книппелем»: the captured corvette took chain shot.
    assert portuguese.damaged == (0,)
    assert english.damaged == ()  # «3 брига (которые ещё и не нуждаются в ремонте)»


def test_the_example_replays_from_its_log_through_json(battle: FleetBattleState) -> None:
    import json

    play_turn_one(battle)
    play_turn_two(battle)
    play_turn_three(battle)
    battle.apply(PORTUGAL, RetreatChoice(True))
    data = json.loads(json.dumps(DEFINITION.log_to_data(RULES, battle.log)))
    again = DEFINITION.replay(RULES, DEFINITION.log_from_data(RULES, data))
    assert again.journal == battle.journal
    assert again.view(None) == battle.view(None)
