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
    "rules.own_name": ("{name}", "{name}"),
    "rules.preset_varied": ("{preset}, with variants", "{preset}, с вариантами"),
    "outcome.fleet_sunk": ("the whole fleet is sunk", "весь флот потоплен"),
    "outcome.resigned": ("the opponent resigned", "соперник сдался"),
}
