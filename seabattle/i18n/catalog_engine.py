"""Messages of the rules engine: shot answers, ship names, rule names and errors."""

MESSAGES: dict[str, tuple[str, str]] = {
    # Answers to a shot (RULES.md §1).
    "shot.miss": ("Miss!", "Мимо!"),
    "shot.hit": ("Hit!", "Ранил!"),
    "shot.sunk": ("Sunk!", "Убил!"),
    "shot.sunk_named": ("Sunk! The {ship} went down.", "Убил! Потоплен: {ship}."),
    # Ship names (RULES.md §2 notes).
    "ship.flagship": ("flagship", "флагман"),
    "ship.carrier": ("aircraft carrier", "авианосец"),
    "ship.battleship": ("battleship", "линкор"),
    "ship.cruiser": ("cruiser", "крейсер"),
    "ship.submarine": ("submarine", "подводная лодка"),
    "ship.destroyer": ("destroyer", "эсминец"),
    "ship.boat": ("torpedo boat", "торпедный катер"),
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
    # Errors.
    "error.generic": ("{problem}", "{problem}"),
    "error.coordinate_syntax": (
        "{text!r} is not a cell: type a column letter and a row number, like {example}",
        "{text!r} — не клетка: введите букву столбца и номер строки, например {example}"),
    "error.off_field": (
        "row {row}, column {col} is outside the {width}×{height} field",
        "строка {row}, столбец {col} — за пределами поля {width}×{height}"),
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
    "error.not_a_player": ("there is no player {player}", "нет игрока {player}"),
    "error.unknown_level": (
        "unknown level {name!r}; choose one of: {known}",
        "неизвестный уровень {name!r}; есть: {known}"),
    "error.record_invalid": ("invalid game record: {problem}", "неверная запись партии: {problem}"),
}
