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
    "fleet.error.unknown_level": ("unknown level {level!r}; the levels are: {known}",
                                  "неизвестный уровень {level!r}; есть уровни: {known}"),
    "fleet.error.level_option": ("the level {level} takes no option ({option!r})",
                                 "у уровня {level} нет вариантов ({option!r})"),
    # The battle in text (seabattle.fleetbattle.terminal).
    "fleet.text.totals": ("{side}: firepower {firepower}, boarding {boarding}, manoeuvre "
                          "{manoeuvre}; {ships} ships",
                          "{side}: О {firepower}, А {boarding}, М {manoeuvre}; кораблей: "
                          "{ships}"),
    "fleet.text.flagship_lost": ("flagship lost", "флагман утерян"),
    "fleet.text.held_fire": ("held fire", "не стрелял"),
    "fleet.say.placed": ("{side}: the fleet is placed.", "{side}: флот расставлен."),
    "fleet.say.turn": ("— Turn {turn} —", "— Ход {turn} —"),
    "fleet.say.retreats": ("Retreating: {sides}.", "Отступают: {sides}."),
    "fleet.say.first_mode": ("The first turn is {mode}.", "Первый ход: {mode}."),
    "fleet.say.mode": ("{side} chooses {mode}.", "{side}: выбран режим «{mode}»."),
    "fleet.say.orders": ("{side}: orders given.", "{side}: приказы отданы."),
    "fleet.say.volley": ("{side} fires {ammo} at {cells}; hits: {hits}.",
                         "{side}: залп ({ammo}) по {cells}; попадания: {hits}."),
    "fleet.say.none": ("none", "нет"),
    "fleet.say.hold": ("{side} holds fire.", "{side}: «Не стрелять»."),
    "fleet.say.no_volley": ("{side} fires no shot.", "{side}: выстрелов нет."),
    "fleet.say.fireships": ("Fireships: {count}.", "Брандеров: {count}."),
    "fleet.say.fireship_stopped": ("{side}: the fireship ({kind}) was stopped by fire.",
                                   "{side}: брандер ({kind}) остановлен огнём."),
    "fleet.say.fireship_hit": ("{side}: the fireship ({kind}) rolls {die} and strikes!",
                               "{side}: брандер ({kind}), на кубике {die} — успех!"),
    "fleet.say.fireship_missed": ("{side}: the fireship ({kind}) rolls {die} and fails.",
                                  "{side}: брандер ({kind}), на кубике {die} — неудача."),
    "fleet.say.fire": ("{side}: the die shows {die} — fire aboard one of its own ships!",
                       "{side}: на кубике {die} — пожар на собственном корабле!"),
    "fleet.say.no_fire": ("{side}: the die shows {die}, no fire.",
                          "{side}: на кубике {die}, пожара нет."),
    "fleet.say.lost.sunk": ("{side}: the {kind} at {cells} is sunk.",
                            "{side}: {kind} на {cells} потоплен."),
    "fleet.say.lost.burnt": ("{side}: the {kind} at {cells} is burnt.",
                             "{side}: {kind} на {cells} сгорел."),
    "fleet.say.lost.spent": ("{side}: the fireship {kind} at {cells} is gone.",
                             "{side}: брандер {kind} на {cells} погиб."),
    "fleet.say.lost.captured": ("{side}: the {kind} at {cells} is captured.",
                                "{side}: {kind} на {cells} захвачен."),
    "fleet.say.decks_whole": ("{side}: the {kind} is taken whole ({decks} decks).",
                              "{side}: {kind} захвачен целиком (палуб: {decks})."),
    "fleet.say.decks_part": ("{side}: {decks} decks of the {kind} are taken; it is grappled.",
                             "{side}: у корабля «{kind}» захвачено палуб: {decks}; он в "
                             "абордаже."),
    "fleet.say.grappled": ("Grappled: {first} ({ships0}) with {second} ({ships1}).",
                           "Сцепились: {first} ({ships0}) и {second} ({ships1})."),
    "fleet.say.grapple_over": ("A grapple is over.", "Абордажная схватка окончена."),
    "fleet.say.retreated": ("{side} retreats: {escaped} ships escape, {behind} stay behind.",
                            "{side}: отступление; ушли кораблей: {escaped}, остались: "
                            "{behind}."),
    "fleet.say.surrendered": ("{side} surrenders.", "{side}: сдаётся."),
    "fleet.say.draw": ("The battle is a draw: {reason}.", "Ничья: {reason}."),
    "fleet.say.won": ("{side} wins: {reason}.", "Победа — {side}: {reason}."),
    "fleet.say.contest.manoeuvre": (
        "Manoeuvre: {first} rolls {die0} ({score0}), {second} rolls {die1} ({score1}).",
        "Маневрирование: {first} — {die0} ({score0}), {second} — {die1} ({score1})."),
    "fleet.say.contest.boarding": (
        "Boarding: {first} rolls {die0} ({score0}), {second} rolls {die1} ({score1}).",
        "Абордаж: {first} — {die0} ({score0}), {second} — {die1} ({score1})."),
    "fleet.say.contest.grapple": (
        "Grapple: {first} rolls {die0} ({score0}), {second} rolls {die1} ({score1}).",
        "Схватка сцепленных: {first} — {die0} ({score0}), {second} — {die1} ({score1})."),
    "fleet.say.tie": ("A tie: the dice roll again.", "Ничья — бросают снова."),
    "fleet.say.contest_won": ("{side} wins.", "Выигрыш: {side}."),
    "fleet.replay.move": ("Move {number} of {count}:", "Действие {number} из {count}:"),
    # The line game (seabattle.fleetbattle.terminal.lines).
    "fleet.plain.welcome": ("Fleet battle: {rules}; the computer plays {level}.",
                            "Морское сражение: {rules}; компьютер — уровень {level}."),
    "fleet.plain.legend": (
        "Your field: O deck, X cannonball hit, c chain, g grape, @ taken by boarding, "
        "# ship lost, * enemy miss. Enemy field: * miss, X hit, # ship lost. "
        "Type help for the orders, quit to stop.",
        "Ваше поле: O палуба, X попадание ядром, c книппель, g шрапнель, @ захвачено, "
        "# корабль выбыл, * промах противника. Поле противника: * промах, X попадание, "
        "# корабль выбыл. help — приказы, выход — закончить."),
    "fleet.plain.you": ("Your fleet", "Ваш флот"),
    "fleet.plain.enemy": ("The enemy", "Противник"),
    "fleet.plain.own": ("Your fleet", "Ваш флот"),
    "fleet.plain.enemy_field": ("Enemy", "Противник"),
    "fleet.plain.ships": ("Your ships: {ships}", "Ваши корабли: {ships}"),
    "fleet.plain.ask_retreat": ("Retreat before turn {turn}? (y/n)",
                                "Отступить перед ходом {turn}? (д/н)"),
    "fleet.plain.ask_mode": ("You won the manoeuvre. Mode ({modes}):",
                             "Вы выиграли маневрирование. Режим ({modes}):"),
    "fleet.plain.mode_words": ("Type long, close or boarding.",
                               "Введите: дальний, вплотную или абордаж."),
    "fleet.plain.ask_grapple": ("Your ships to grapple with it (numbers):",
                                "Ваши корабли для абордажа (номера):"),
    "fleet.plain.ask_orders": (
        "Orders ({shots} shots, up to {fireships} fireships; help):",
        "Приказ (выстрелов: {shots}, брандеров до {fireships}; help):"),
    "fleet.plain.ask_parting": ("The enemy retreats: your volley ({shots} shots):",
                                "Противник отступает: ваш залп (выстрелов: {shots}):"),
    "fleet.plain.help": (
        "Name the kind of shot (cannonball, chain at long range, grape at close range; "
        "cannonballs if none), then the cells, e.g. 'chain B2 C4 D1'. Add +N to send your "
        "ship N as a fireship. 'hold' gives no volley (+25 % next turn).",
        "Назовите заряд (ядра; книппели в дальнем бою; шрапнель вплотную; без названия — "
        "ядра), затем клетки, например «книппели Б2 В4 Г1». +N — корабль N брандером. "
        "«не» — приказ «Не стрелять» (+25 % на следующем ходу)."),
    "fleet.plain.ask_ship": ("Ship {number}, {kind} ({decks} cells in a line):",
                             "Корабль {number}, {kind} ({decks} клеток в линию):"),
    "fleet.plain.ask_flagship": ("Number of your flagship:", "Номер флагмана:"),
    "fleet.plain.flagship_number": ("A ship number from 1 to {count}.",
                                    "Номер корабля от 1 до {count}."),
    "fleet.error.rules_name": (
        "{name!r} is neither a fleet battle preset ({presets}) nor a .json or .toml rules file",
        "{name!r} — не набор правил морского сражения ({presets}) и не файл правил "
        ".json или .toml"),
}
