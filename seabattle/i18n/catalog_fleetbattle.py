"""Messages of the fleet battle (seed 002): kinds, shots, modes, phases, outcomes, errors."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.fleet-battle": ("Fleet battle", "Морское сражение"),
    "fleet.kind.ship-of-the-line": ("ship of the line", "линеал"),
    "fleet.kind.frigate": ("frigate", "фрегат"),
    "fleet.kind.corvette": ("corvette", "корвет"),
    "fleet.kind.brig": ("brig", "бриг"),
    "fleet.kind.transport": ("transport", "транспортник"),
    "fleet.kind.battery": ("coastal battery", "береговая батарея"),
    "fleet.ammo.cannonball": ("cannonballs", "ядра"),
    "fleet.ammo.chain": ("chain shot", "книппели"),
    "fleet.ammo.grape": ("grapeshot", "шрапнель"),
    "fleet.mode.long": ("long range", "дальний бой"),
    "fleet.mode.close": ("close range", "стрельба вплотную"),
    "fleet.mode.boarding": ("boarding", "абордаж"),
    "fleet.phase.setup": ("placing the fleets", "расстановка флотов"),
    "fleet.phase.retreat": ("the choice to retreat", "решение об отступлении"),
    "fleet.phase.parting": ("the volley at the retreating fleet",
                            "залп по отступающему флоту"),
    "fleet.phase.manoeuvre": ("the manoeuvre roll", "маневрирование"),
    "fleet.phase.mode": ("the choice of mode", "выбор режима"),
    "fleet.phase.orders": ("the turn's orders", "приказы на ход"),
    "fleet.phase.grapple": ("the choice of ships to grapple", "выбор кораблей для абордажа"),
    "fleet.phase.resolving": ("the dice", "броски кубиков"),
    "fleet.phase.over": ("the end of the battle", "конец сражения"),
    "fleet.outcome.destroyed": ("the enemy has no ship left in the battle",
                                "у противника не осталось кораблей в бою"),
    "fleet.outcome.retreated": ("the enemy retreated", "противник отступил"),
    "fleet.outcome.both_retreated": ("both fleets retreated", "оба флота отступили"),
    "fleet.outcome.mutual": ("both fleets are gone", "оба флота выбыли"),
    "fleet.outcome.turn_limit": ("the turn limit was reached", "истёк предел ходов"),
    "fleet.rules.title": ("{first} against {second}", "{first} против {second}"),
    "fleet.error.empty_fleet": ("side {side} has no ship", "у стороны {side} нет кораблей"),
    "fleet.error.battery_in_fleet": (
        "side {side}: batteries are given by their count, not among the ships",
        "сторона {side}: батареи задаются числом, а не среди кораблей"),
    "fleet.error.fleet_order": (
        "side {side}: list the ships heaviest first (ship of the line, frigate, corvette, "
        "brig, transport)",
        "сторона {side}: перечислите корабли от тяжёлых к лёгким (линеал, фрегат, корвет, "
        "бриг, транспортник)"),
    "fleet.error.fleet_too_big": (
        "side {side}: total manoeuvre {manoeuvre} gives a field too large; at most {most}",
        "сторона {side}: суммарный манёвр {manoeuvre} даёт слишком большое поле; не более "
        "{most}"),
    "fleet.error.no_room_for_batteries": (
        "side {side}: no room on the field for the batteries",
        "сторона {side}: на поле нет места для батарей"),
    "fleet.error.batteries": ("each side has 0 to {most} coastal batteries",
                              "у каждой стороны от 0 до {most} береговых батарей"),
    "fleet.error.turn_limit": ("the turn limit must be at least 1",
                               "предел ходов — не меньше 1"),
    "fleet.error.make_up": ("a fleet is a table of counts by kind, not {value}",
                            "флот — таблица чисел кораблей по типам, а не {value}"),
    "fleet.error.unknown_kind": ("unknown kind of ship {value!r}; the kinds are: {known}",
                                 "неизвестный тип корабля {value!r}; есть типы: {known}"),
    "fleet.error.placement_make_up": (
        "the pieces placed must be, in order: {expected}; got: {got}",
        "расставить нужно по порядку: {expected}; получено: {got}"),
    "fleet.error.placement_shape": (
        "piece {index} ({kind}) must be a straight line of {decks} cells on the "
        "{width}×{height} field",
        "корабль {index} ({kind}) должен занимать {decks} клеток в линию на поле "
        "{width}×{height}"),
    "fleet.error.placement_overlap": ("piece {index} ({kind}) overlaps another",
                                      "корабль {index} ({kind}) налезает на другой"),
    "fleet.error.flagship": ("the flagship must be one of the ships 1–{count}, not {index}",
                             "флагманом может быть один из кораблей 1–{count}, а не {index}"),
    "fleet.error.wrong_action": ("the battle now waits for {phase}",
                                 "сейчас в сражении ждут: {phase}"),
    "fleet.error.retreat_forbidden": (
        "you may not retreat: the enemy held fire last turn and you did not",
        "отступать нельзя: противник на прошлом ходу не стрелял, а вы стреляли"),
    "fleet.error.boarding_twice": ("boarding cannot follow boarding",
                                   "два хода подряд в режиме абордажа невозможны"),
    "fleet.error.ammo": ("{ammo} cannot be fired in {mode}; fire: {allowed}",
                         "{ammo} нельзя в режиме «{mode}»; можно: {allowed}"),
    "fleet.error.hold_with_cells": ("holding fire, you call no cells",
                                    "с приказом «Не стрелять» клетки не называют"),
    "fleet.error.fireships_in_parting": ("no fireships in the volley at a retreating fleet",
                                         "в залпе по отступающим брандеров нет"),
    "fleet.error.fireship_twice": ("a ship is named twice as a fireship",
                                   "корабль назван брандером дважды"),
    "fleet.error.fireship": (
        "piece {index} cannot be a fireship: only your ships in the fight that can move",
        "корабль {index} не может быть брандером: только ваши корабли в бою, способные "
        "двигаться"),
    "fleet.error.too_many_fireships": (
        "{count} fireships, but at most {limit} (half your ships) this turn",
        "брандеров {count}, а можно не более {limit} (половина ваших кораблей)"),
    "fleet.error.too_many_shots": ("{count} cells called, but your fleet fires {shots}",
                                   "названо клеток: {count}, а ваш флот стреляет {shots}"),
    "fleet.error.cell_off_field": (
        "cell {cell} is off the enemy's {width}×{height} field",
        "клетки {cell} нет на поле противника {width}×{height}"),
    "fleet.error.cell_twice": ("{cell} is called twice", "клетка {cell} названа дважды"),
    "fleet.error.cell_already_hit": (
        "{cell} was already hit with {ammo}: not there again",
        "по {cell} уже попали ({ammo}): туда снова нельзя"),
    "fleet.error.grapple_empty": ("name at least one ship to grapple",
                                  "назовите хотя бы один корабль для абордажа"),
    "fleet.error.grapple_ship": (
        "piece {index} cannot grapple: only your ships in the fight, each once",
        "корабль {index} не может сцепиться: только ваши корабли в бою, каждый один раз"),
    "fleet.error.bad_draw": ("{draw} is not a draw chance may make now",
                             "{draw} — не тот бросок, что ждут сейчас"),
    "fleet.error.bad_action": ("malformed {action}: {problem}",
                               "неверно записано действие {action}: {problem}"),
    "fleet.error.over_budget": ("the fleet costs {cost}; the budget is {budget}",
                                "флот стоит {cost}; бюджет — {budget}"),
}
