"""Messages of the game interface and registry: games' names, outcomes, shared errors."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.battleship": ("Battleship", "Морской бой"),
    "error.unknown_game": (
        "unknown game {name!r}; the games are: {known}",
        "неизвестная игра {name!r}; есть игры: {known}"),
    "error.game_not_in_command": (
        "seabattle {command} does not play {game} yet; it plays: {known}",
        "seabattle {command} пока не играет в {game}; есть: {known}"),
    "error.play_plain_only": (
        "{game} has no full-screen game yet: seabattle play --game {game} --plain plays it "
        "line by line",
        "у игры {game} пока нет полноэкранного режима: seabattle play --game {game} --plain "
        "— игра построчно"),
    "error.analyze_log_record": (
        "this record keeps a log of moves; seabattle analyze reads Battleship records that "
        "keep both fleets and every shot, as play, match and serve write them",
        "в этой записи хранится журнал ходов; seabattle analyze читает записи морского боя "
        "с обеими расстановками и всеми выстрелами, какие пишут play, match и serve"),
    "error.not_your_move": (
        "{seat} does not act now",
        "сейчас ходит не {seat}"),
    "error.no_chance": ("chance does not act now", "сейчас ничего не разыгрывается жребием"),
    "error.bad_action": (
        "{action!r} is not an action of this game; the actions are: {known}",
        "{action!r} — не действие этой игры; есть действия: {known}"),
    "error.rules_name": (
        "no rule set {name!r}: name a preset ({presets}) or a .json or .toml rules file",
        "нет правил {name!r}: назовите готовые правила ({presets}) или файл правил "
        ".json или .toml"),
    "error.rules_name_no_presets": (
        "no rule set {name!r}: name a .json or .toml rules file",
        "нет правил {name!r}: назовите файл правил .json или .toml"),
    # Errors of the hosting layer (seabattle/games/hosting.py and each game's host): a
    # client's message or lobby request a game refuses. The server has its own (web.error.*).
    "game.error.field": ("field {field!r}: expected {expected}", "поле {field!r}: нужно {expected}"),
    "game.error.unknown_type": ("unknown message type {type!r}; known: {known}",
                                "неизвестный тип сообщения {type!r}; есть: {known}"),
    "game.error.phase": ("{action!r} is not possible now (the game is at: {phase})",
                         "{action!r} сейчас невозможно (этап игры: {phase})"),
    "game.error.already_placed": ("your fleet is already placed", "ваш флот уже расставлен"),
    "game.error.ship_count": ("a fleet has {expected} ships, not {got}",
                              "во флоте {expected} кораблей, а не {got}"),
    "game.error.decision_kind": ("that is not an answer to what is due: {decision}",
                                 "это не ответ на то, что нужно: {decision}"),
    "game.error.record_not_ready": ("the record is available when the game is over",
                                    "запись партии будет доступна после её окончания"),
    "game.error.no_analysis": ("this game has no analysis", "у этой игры нет разбора"),
    "rules.own_name": ("{name}", "{name}"),
    "rules.preset_varied": ("{preset}, with variants", "{preset}, с вариантами"),
    "outcome.fleet_sunk": ("the whole fleet is sunk", "весь флот потоплен"),
    "outcome.resigned": ("the opponent resigned", "соперник сдался"),
}
