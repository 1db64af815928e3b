"""Messages of the rules engine: shot answers, ship names, rule names and errors."""

MESSAGES: dict[str, tuple[str, str]] = {
    # Answers to a shot (RULES.md §1).
    "shot.miss": ("Miss!", "Мимо!"),
    "shot.hit": ("Hit!", "Ранил!"),
    "shot.sunk": ("Sunk!", "Убил!"),
    "shot.sunk_named": ("Sunk! The {ship} went down.", "Убил! Потоплен: {ship}."),
    "shot.mine": ("Mine!", "Мина!"),
    "shot.minesweeper": ("Minesweeper!", "Тральщик!"),
    "shot.dying": ("The submarine's dying shot at {cell}: {answer}",
                   "Предсмертный выстрел подлодки по {cell}: {answer}"),
    "shot.moved": ("The Flying Dutchman has slipped away!", "Летучий голландец ушёл!"),
    # Events as an umpire tells them (seabattle.battleship.narration).
    "event.shot": ("fires at {cell}: {answer}", "стреляет по {cell}: {answer}"),
    "event.dying": ("the sunk submarine fires back at {cell}: {answer}",
                    "потопленная подлодка стреляет в ответ по {cell}: {answer}"),
    "event.resign": ("resigns", "сдаётся"),
    "event.handover": ("hands over {cell} (a mine went off)",
                       "выдаёт клетку {cell} (сработала мина)"),
    "event.reveal": ("reveals a mine at {cell} (a minesweeper was hit)",
                     "указывает мину на {cell} (подбит тральщик)"),
    "event.reveal_none": ("has no mine left to reveal (a minesweeper was hit)",
                          "не имеет мин, чтобы их указать (подбит тральщик)"),
    "event.move": ("moves the {ship} to {cells}", "переводит корабль «{ship}» на {cells}"),
    "event.stay": ("keeps the {ship} where it is", "оставляет корабль «{ship}» на месте"),
    # Pieces that are not ordinary ships (RULES.md §3).
    "role.submarine": ("submarine", "подлодка"),
    "role.mine": ("mine", "мина"),
    "role.minesweeper": ("minesweeper", "тральщик"),
    "list.one": ("{item}", "{item}"),
    "list.more": ("{items}, {item}", "{items}, {item}"),
    "fleet.pieces": ("{piece} ×{count}", "{piece} ×{count}"),
    # The presets and alphabets, as a menu offers them.
    "preset.classic": ("classic", "классика"),
    "preset.classic-corners": ("classic, corners may touch", "классика, касание углами"),
    "preset.bent": ("bent ships", "изогнутые корабли"),
    "preset.milton-bradley": ("Milton Bradley (American)", "Милтон Брэдли (американская)"),
    "preset.six": ("six ships", "шесть кораблей"),
    "preset.big-15": ("big field 15×15", "большое поле 15×15"),
    "preset.big-16": ("big field 16×16", "большое поле 16×16"),
    "preset.big-18": ("big field 18×18", "большое поле 18×18"),
    "preset.flying-dutchman": ("the Flying Dutchman", "Летучий голландец"),
    "preset.pre-revolutionary": ("pre-revolutionary", "дореволюционные"),
    "preset.math": ("math battle (the classroom's rules)", "математический бой (правила урока)"),
    "alphabet.latin": ("Latin: A B C … J", "латинские: A B C … J"),
    "alphabet.ru": ("Russian: А Б В … К", "русские: А Б В … К"),
    "alphabet.ru-yo": ("Russian with Ё: А Б В … И", "русские с Ё: А Б В … И"),
    "alphabet.respublika": ("the word Р Е С П У Б Л И К А", "слово Р Е С П У Б Л И К А"),
    "alphabet.snegurochka": ("the word С Н Е Г У Р О Ч К А", "слово С Н Е Г У Р О Ч К А"),
    "ship.dutchman": ("Flying Dutchman", "Летучий голландец"),
    # Decisions a player may owe in the middle of a turn.
    "decision.handover": ("hand over one unhit cell of your fleet (you hit a mine)",
                          "выдать одну непоражённую клетку своего флота (вы попали на мину)"),
    "decision.reveal_mine": ("reveal one of your mines (you hit a minesweeper)",
                             "указать одну свою мину (вы попали на тральщик)"),
    "decision.move_ship": ("move the hit Flying Dutchman or keep it where it is",
                           "передвинуть подбитого Летучего голландца или оставить его"),
    # Ship names (RULES.md §2 notes).
    "ship.flagship": ("flagship", "флагман"),
    "ship.carrier": ("aircraft carrier", "авианосец"),
    "ship.battleship": ("battleship", "линкор"),
    "ship.cruiser": ("cruiser", "крейсер"),
    "ship.submarine": ("submarine", "подводная лодка"),
    "ship.destroyer": ("destroyer", "эсминец"),
    "ship.boat": ("torpedo boat", "торпедный катер"),
    "ship.ironclad": ("ironclad", "броненосец"),
    "ship.torpedo_boat": ("torpedo boat", "миноносец"),
    "ship.submarine_boat": ("submarine", "подводная лодка"),
    "ship.custom": ("{name}", "{name}"),
    "ship.decks": ("{size}-deck ship", "{size}-палубный корабль"),
    # Rule names, for error messages and descriptions.
    "touching.none": ("ships may not touch, not even at a corner",
                      "корабли не касаются друг друга даже углами"),
    "touching.corners": ("ships may touch at corners but not along a side",
                         "корабли могут касаться углами, но не сторонами"),
    "touching.sides": ("ships may touch", "корабли могут касаться"),
    "shape.straight": ("a straight line of cells", "ряд клеток по прямой"),
    "shape.bent": ("cells joined side to side (bends allowed, never diagonal)",
                   "клетки, соединённые сторонами (можно с изгибами, но не по диагонали)"),
    "shape.l": ("an L: a line with one cell at a right angle at its end",
                "буква Г: ряд клеток и ещё одна под прямым углом на конце"),
    "shape.square": ("a square block of cells", "квадрат из клеток"),
    "shape.zigzag": ("a zigzag: two equal rows side by side, shifted by one cell",
                     "зигзаг: два равных ряда рядом, сдвинутых на одну клетку"),
    "shape.king": ("cells joined by sides or corners", "клетки, соединённые сторонами или углами"),
    # Errors.
    "error.generic": ("{problem}", "{problem}"),
    "error.coordinate_syntax": (
        "{text!r} is not a cell: type a column letter and a row number, like {example}",
        "{text!r} — не клетка: введите букву столбца и номер строки, например {example}"),
    "error.off_field": (
        "row {row}, column {col} is outside the {width}×{height} field",
        "строка {row}, столбец {col} — за пределами поля {width}×{height}"),
    "error.off_field_typed": (
        "{text} is outside the {width}×{height} field ({first}–{last})",
        "{text} — за пределами поля {width}×{height} ({first}–{last})"),
    "error.alphabet_unknown": (
        "unknown alphabet {alphabet!r}; known: {known}",
        "неизвестный алфавит {alphabet!r}; есть: {known}"),
    "error.alphabet_too_short": (
        "the alphabet {alphabet!r} names at most {max_width} columns, the field has {width}",
        "алфавит {alphabet!r} даёт не больше {max_width} столбцов, а на поле их {width}"),
    "error.rules_unknown_preset": (
        "unknown rule set {name!r}; presets: {known}",
        "неизвестный набор правил {name!r}; есть: {known}"),
    "error.rules_invalid": ("invalid rule set: {problem}", "неверные правила: {problem}"),
    "error.rules_field": (
        "{field} = {value!r} is not valid: expected {expected}",
        "{field} = {value!r} — неверное значение: нужно {expected}"),
    "error.rules_unknown_key": (
        "unknown setting(s) {keys}; known: {known}",
        "неизвестные параметры: {keys}; допустимые: {known}"),
    "expect.int_range": ("a whole number from {low} to {high}", "целое число от {low} до {high}"),
    "expect.one_of": ("one of: {choices}", "одно из: {choices}"),
    "expect.bool": ("true or false", "true или false"),
    "expect.text": ("a text", "текст"),
    "expect.table": ("a table of settings", "таблица параметров"),
    "expect.preset": ("the name of a preset", "название готового набора правил"),
    "expect.alphabet": ("the name of an alphabet", "название алфавита"),
    "expect.some_ships": ("a non-empty list of ships", "непустой список кораблей"),
    "expect.ship_entry": (
        "a table with size, and optionally count, name and shape",
        "таблица с size и, по желанию, count, name и shape"),
    "error.rules_infeasible": (
        "no fleet fits these rules: {reason}",
        "по этим правилам флот не помещается на поле: {reason}"),
    "error.rules_infeasible_area": (
        "the ships and the space they need around them cover {need} cells, the field has room for {room}",
        "корабли вместе с обязательным промежутком занимают {need} клеток, а места только {room}"),
    "error.rules_infeasible_singles": (
        "no room is left for the submarines, mines and minesweepers",
        "не остаётся места для подлодок, мин и тральщиков"),
    "error.rules_shape_size": ("no ship of {size} cells has this shape: {shape}",
                               "корабль из {size} клеток не может быть такой формы: {shape}"),
    "error.rules_combination": ("these rules do not go together: {reason}",
                                "эти правила несовместимы: {reason}"),
    "combo.salvo_again": (
        "a salvo ends the turn, so there is no shooting again after a hit (shoot_again = false)",
        "залп завершает ход, поэтому стрелять снова после попадания нельзя (shoot_again = false)"),
    "combo.salvo_special": (
        "salvoes do not combine with submarines, mines, minesweepers or the Flying Dutchman",
        "залпы несовместимы с подлодками, минами, тральщиками и Летучим голландцем"),
    "combo.king_alone": (
        "a ship of cells joined at corners (the Flying Dutchman) must be the whole fleet",
        "корабль из клеток, соединённых углами (Летучий голландец), должен быть единственным"),
    "combo.dutchman_king": (
        "the Flying Dutchman rule needs one ship of shape \"king\" with 5 to 8 decks",
        "правилу Летучего голландца нужен один корабль формы \"king\" из 5–8 палуб"),
    "combo.problem_sweeper": ("the classroom game has no minesweepers",
                              "в математическом морском бое тральщиков нет"),
    "expect.one_cell": ("1 (a {piece} takes one cell)", "1 ({piece} занимает одну клетку)"),
    "expect.salvo": ("a number of shots from 1 to {most}, or \"ships\" (one per ship afloat)",
                     "число выстрелов от 1 до {most}, или \"ships\" (по выстрелу на корабль "
                     "на плаву)"),
    "error.rules_infeasible_search": (
        "no way to place them was found ({nodes} positions tried)",
        "способ их расставить не найден (проверено позиций: {nodes})"),
    "error.placement": ("illegal placement: {problem}", "недопустимая расстановка: {problem}"),
    "error.placement_overlap": (
        "the {ship} at {where} overlaps the {other}",
        "корабль «{ship}» ({where}) пересекается с кораблём «{other}»"),
    "error.placement_touching": (
        "the {ship} at {where} touches the {other}: {rule}",
        "корабль «{ship}» ({where}) касается корабля «{other}»: {rule}"),
    "error.perelman_rules": (
        "Perelman's placement is for straight and shaped ships only, without mines, "
        "submarines or the Flying Dutchman",
        "расстановка по Перельману — только для прямых и фигурных кораблей, без мин, "
        "подлодок и Летучего голландца"),
    "error.placement_off_field": (
        "the {ship} does not fit on the field there",
        "корабль «{ship}» здесь не помещается на поле"),
    "error.placement_shape": (
        "the {ship} at {where} has the wrong shape: it must be {shape}",
        "корабль «{ship}» ({where}) неправильной формы: нужны {shape}"),
    "error.placement_fleet": (
        "the fleet must be {expected}; got {got}",
        "флот должен быть таким: {expected}; а расставлено: {got}"),
    "error.placement_no_room": (
        "the remaining ships cannot be placed around the ones already set: move some",
        "оставшиеся корабли не помещаются рядом с уже расставленными: передвиньте какие-нибудь"),
    "error.placement_complete": (
        "every ship of the fleet is already placed", "весь флот уже расставлен"),
    "error.shot_illegal": ("illegal shot: {problem}", "недопустимый выстрел: {problem}"),
    "error.shot_already_fired": (
        "{cell} has already been fired at", "по клетке {cell} уже стреляли"),
    "error.shot_not_your_turn": ("it is not your turn", "сейчас не ваш ход"),
    "error.game_over": ("the game is over", "игра окончена"),
    "error.decision_pending": ("first {who} must {decision}", "сначала {who} должен {decision}"),
    "who.you": ("you", "вы"),
    "who.opponent": ("the opponent", "противник"),
    "error.no_decision": ("there is nothing for you to decide now",
                          "сейчас вам нечего решать"),
    "error.handover_cell": (
        "{cell} is not an unhit cell of your ships that you have not handed over yet",
        "выдать можно только непоражённую и ещё не выданную клетку своих кораблей, а {cell} "
        "не такая"),
    "error.reveal_cell": (
        "{cell} is not one of your mines that has neither gone off nor been revealed",
        "указать можно только свою мину, которая ещё не сработала и не была указана, а {cell} "
        "не такая"),
    "error.move_ship": ("the ship cannot move there: {problem}",
                        "корабль нельзя поставить туда: {problem}"),
    "move.size": ("it has {size} decks left", "у него осталось палуб: {size}"),
    "move.shape": ("its cells must be joined by sides or corners",
                   "его клетки должны соединяться сторонами или углами"),
    "move.fired": ("{cell} has already been fired at", "по клетке {cell} уже стреляли"),
    "error.salvo_size": ("this turn is a salvo of {count} shots: fire them together",
                         "в этот ход залп из {count} выстрелов: назовите их все сразу"),
    "bench.placement_variants": (
        "the {name} placement places plain ships only; these rules use {variants}: "
        "use --placement dfs",
        "расстановка {name} умеет ставить только обычные корабли; здесь есть {variants}: "
        "используйте --placement dfs"),
    "bench.placement_boats": (
        "the {name} placement tells single-deck ships from the others, and these rules have "
        "none that no other ship may touch by a side: use the corner placement "
        "(--placement corner; in a match, LEVEL:corner)",
        "расстановка {name} отличает однопалубные корабли от остальных, а в этих правилах нет "
        "однопалубных, которых другие корабли не касаются сторонами: используйте расстановку "
        "corner (--placement corner; в матче УРОВЕНЬ:corner)"),
    "match.variants": (
        "matches and tournaments (bot protocol v1) play the rule systems without variants; "
        "these rules use: {variants}",
        "матчи и турниры (протокол ботов v1) играются по правилам без вариантов; "
        "здесь используются: {variants}"),
    "error.salvo_repeat": ("the salvo names {cell} twice", "в залпе дважды названа клетка {cell}"),
    "error.not_a_player": ("there is no player {player}", "нет игрока {player}"),
    "error.unknown_level": (
        "unknown level {name!r}; choose one of: {known}",
        "неизвестный уровень {name!r}; есть: {known}"),
    "error.bad_setting": (
        "{setting!r} in {level!r} is not a setting: write level:name=value, "
        "for example admiral:depth=2",
        "{setting!r} в {level!r} — не настройка: пишите уровень:имя=значение, "
        "например admiral:depth=2"),
    "error.no_settings": ("the {name} strategy has no settings to change",
                          "у стратегии {name} нет настроек"),
    "error.unknown_setting": (
        "{level} has no setting {name!r}; it has: {known}",
        "у {level} нет настройки {name!r}; есть: {known}"),
    "error.bad_setting_value": (
        "the setting {name} must be a number from {low} to {high}, not {value!r}",
        "настройка {name} должна быть числом от {low} до {high}, а не {value!r}"),
    "record.fleet_not_list": ("a fleet must be a list of ships, not {got}",
                              "расстановка должна быть списком кораблей, а не {got}"),
    "record.ship_entry": (
        "ship {number} must be {{\"size\": a whole number, \"name\": text, \"cells\": [cell "
        "names]}}; not {got}",
        "корабль {number} записывается так: {{\"size\": целое число, \"name\": текст, "
        "\"cells\": [клетки]}}; а не {got}"),
    "error.record_invalid": ("invalid game record: {problem}", "неверная запись партии: {problem}"),
}
