"""Messages of the command line and the line-by-line game (``seabattle play --plain``)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # What happened, as the person may know it: both terminal games (seabattle.battleship.session.Told).
    "play.you_dying": ("Your sunk submarine fires back at {cell}: {answer}",
                       "Ваша потопленная подлодка стреляет в ответ по {cell}: {answer}"),
    "play.ai_dying": ("The computer's sunk submarine fires back at {cell}: {answer}",
                      "Потопленная подлодка компьютера стреляет в ответ по {cell}: {answer}"),
    "play.you_handover": ("You hand over {cell}: the computer may fire there for a sure hit.",
                          "Вы отдаёте клетку {cell}: компьютер может бить туда наверняка."),
    "play.ai_handover": (
        "The computer hit your mine and hands over {cell} of its fleet: a sure hit for you.",
        "Компьютер подорвался на вашей мине и отдаёт клетку {cell} своего флота: бейте наверняка."),
    "play.you_reveal": ("You reveal your mine at {cell}.", "Вы открываете свою мину на {cell}."),
    "play.ai_reveal": ("The computer hit your minesweeper and reveals its mine at {cell}.",
                       "Компьютер попал в ваш тральщик и открывает свою мину на {cell}."),
    "play.you_reveal_none": ("You have no mine left to reveal.",
                             "Открывать вам нечего: мин не осталось."),
    "play.ai_reveal_none": ("The computer hit your minesweeper but has no mine left to reveal.",
                            "Компьютер попал в ваш тральщик, но мин у него не осталось."),
    "play.you_move": ("Your Flying Dutchman moves to {cells}.",
                      "Ваш Летучий голландец уходит на {cells}."),
    "play.you_stay": ("Your Flying Dutchman stays where it is.",
                      "Ваш Летучий голландец остаётся на месте."),
    "play.ai_move": ("The Flying Dutchman has slipped away: your hits on it are open water now.",
                     "Летучий голландец ушёл: ваши попадания по нему — теперь пустая вода."),
    "play.ai_stay": ("The computer keeps its Flying Dutchman where it is.",
                     "Компьютер оставляет Летучего голландца на месте."),
    "play.you_resign": ("You resign.", "Вы сдаётесь."),
    "play.ai_resign": ("The computer resigns.", "Компьютер сдаётся."),
    "play.decide_handover": (
        "You hit a mine: hand over one unhit cell of your fleet ({options}).",
        "Вы подорвались на мине: отдайте одну целую клетку своего флота ({options})."),
    "play.decide_reveal_mine": (
        "You hit a minesweeper: reveal one of your mines ({options}).",
        "Вы попали в тральщик: откройте одну из своих мин ({options})."),
    "play.decide_move_ship": (
        "Your Flying Dutchman is hit: move it (cells: {size}, joined by sides or corners, "
        "never where the enemy has fired) or keep it where it is.",
        "Ваш Летучий голландец подбит: переведите его ({size} кл., соединённых сторонами "
        "или углами, не туда, куда стрелял противник) или оставьте на месте."),
    "error.online_address": ("{url!r} is not a server's address (such as localhost:8000)",
                             "{url!r} — не адрес сервера (например, localhost:8000)"),
    "error.online_invite": (
        "{link!r} is not an invitation link (it looks like http://host:port/join/GAME/KEY)",
        "{link!r} — не ссылка-приглашение (вида http://хост:порт/join/ПАРТИЯ/КЛЮЧ)"),
    "error.online_refused": ("the server {server} refused: {reason}",
                             "сервер {server} отказал: {reason}"),
    "error.online_unreachable": ("cannot reach the server {server}: {problem}",
                                 "не удаётся связаться с сервером {server}: {problem}"),
    "error.fleet_change_preset": (
        "the four-deckers' shape and the Flying Dutchman's decks change a preset's fleet, "
        "not a rules file's (write them in the file)",
        "форма четырёхпалубных и число палуб Летучего голландца меняют флот готовых правил, "
        "а не файла правил (впишите их в файл)"),
    "error.option_battleship_only": (
        "{option} does not go with --game {game}: only Battleship's rules and game take it",
        "{option} не сочетается с --game {game}: этот параметр есть только у морского боя"),
    "error.option_manual_not_offered": (
        "--manual does not go with --game {game}: its line game offers no set-up by hand",
        "--manual не сочетается с --game {game}: в построчной игре нет расстановки вручную"),
    "error.online_plain": ("online play is full-screen: --online and --join do not go with "
                           "--plain", "игра по сети — только в полноэкранном режиме: --online и "
                           "--join не сочетаются с --plain"),
    "error.online_preset": ("online play takes a preset ({presets}), not {rules!r}",
                            "по сети играют по готовым правилам ({presets}), не {rules!r}"),
    "error.online_game": ("the game {game!r} is not played online in the terminal",
                          "игра {game!r} по сети в терминале не играется"),
    "play.latin_example": ("{example} (or {latin})", "{example} (или латиницей {latin})"),
    "play.latin_letters": (
        "Latin letters count by their place in the alphabet: {latin} is {example}.",
        "Латинские буквы считаются по порядку в алфавите: {latin} — это {example}."),
    "play.salvo": ("Salvo: {count} shots this turn.", "Залп: выстрелов в этот ход — {count}."),
    "play.given": ("Handed over to you, sure hits: {cells}.",
                   "Вам отданы клетки, бейте наверняка: {cells}."),
    "play.revealed": ("Enemy mines revealed to you: {cells}.",
                      "Вам открыты мины противника: {cells}."),
    # The line-by-line game (seabattle play --plain).
    "plain.legend_variants": ("Also: {items}.", "А также: {items}."),
    "plain.legend.mines": ("{mine} mine", "{mine} мина"),
    "plain.legend.given": ("{given} handed over (a sure hit)",
                           "{given} отданная клетка (бейте наверняка)"),
    "plain.legend.minesweepers": ("{sweeper} minesweeper", "{sweeper} тральщик"),
    "plain.legend.submarines": ("{sub} submarine", "{sub} подлодка"),
    "plain.legend.flying_dutchman": ("{moved} hit on a ship that moved away",
                                     "{moved} попадание по ушедшему кораблю"),
    "plain.salvo_prompt": ("Your salvo, {left} of {count} cells still to name:",
                           "Ваш залп, осталось назвать клеток: {left} из {count}:"),
    "plain.decide_prompt": (
        "Your choice (a cell; auto lets the computer choose):",
        "Ваш выбор (клетка; авто — выберет компьютер):"),
    "plain.move_prompt": (
        "New cells (all of them), random to move at random, or stay:",
        "Новые клетки (все), случайно — перевести наугад, или остаться:"),
    "plain.welcome": ("Sea Battle. {rules} Fleet: {fleet}.",
                      "Морской бой. {rules} Флот: {fleet}."),
    "plain.legend": (
        "Symbols: {water} water, {ship} ship, {miss} miss, {hit} hit, {sunk} sunk, "
        "{ring} known empty. Type a cell such as {example}; help for commands, board for "
        "both fields again.",
        "Обозначения: {water} вода, {ship} корабль, {miss} мимо, {hit} ранен, {sunk} убит, "
        "{ring} точно пусто. Вводите клетку, например {example}; help — список команд, "
        "поле — оба поля ещё раз."),
    "plain.help": (
        "Commands: a cell such as {example} fires (a salvo: several cells, on one line or more); "
        "board (or fields) prints both fields again; resign gives up.",
        "Команды: клетка, например {example}, — выстрел (залп: несколько клеток, в строку или по "
        "одной); поле — оба поля ещё раз; сдаюсь — сдаться."),
    "plain.help_quit_saves": ("Quit leaves; the game is saved to {path}.",
                              "Выход — выйти; партия сохраняется в {path}."),
    "plain.help_quit": (
        "Quit leaves; the game is not kept (start with --save FILE to keep it).",
        "Выход — выйти; партия не сохраняется (чтобы сохранить, запустите с --save ФАЙЛ)."),
    "plain.perelman_cannot": (
        "Perelman's placement is for straight and shaped ships only, without mines, "
        "submarines or the Flying Dutchman.",
        "Расстановка по Перельману — только для прямых и фигурных кораблей, без мин, "
        "подлодок и Летучего голландца."),
    # The classic voice (--voice classic): seed 000's program's own words, quoted in
    # Russian as it wrote them (its «Ваш ход {name}!» without the name: one person plays).
    "voice.classic.prompt": ("Awaiting orders:", "Ждём приказа:"),
    "voice.classic.you_hit": ("Excellent shot, carry on!", "Отличный выстрел, продолжайте!"),
    "voice.classic.you_sunk": ("Enemy ship destroyed!", "Корабль противника уничтожен!"),
    "voice.classic.ai_hit": ("Our ship is under fire!", "Наш корабль попал под обстрел!"),
    "voice.classic.ai_sunk": ("Bad news, our ship has been destroyed :(",
                              "Плохие новости, наш корабль был уничтожен :("),
    "voice.classic.ai_miss": ("Missed this time, Computer! Your move!",
                              "На этот раз Компьютер, промахнулся! Ваш ход!"),
    "voice.classic.won": ("{winner} win the match! Congrats!",
                          "{winner} выиграл матч! Поздравляем!"),
    "plain.guide": (
        "First game? Your fleet is placed for you (--manual to place it yourself). Type a "
        "cell such as {example} and press Enter to fire; a hit lets you fire again; sink "
        "every enemy ship to win. board shows both fields, help lists the commands.",
        "Первая партия? Флот расставлен за вас (--manual — расставить самому). Введите "
        "клетку, например {example}, и нажмите Enter — это выстрел; попали — стреляйте ещё; "
        "потопите все корабли противника. поле — оба поля, help — команды."),
    "plain.place_help": (
        "Placing: the first cell and h (across) or v (down), like {example} h, or every cell "
        "of the ship; auto places the rest at random; perelman places the whole fleet as "
        "Perelman advised (big ships in a corner); undo takes the last ship back; board "
        "prints the field again; quit leaves.",
        "Расстановка: первая клетка и г (по горизонтали) или в (по вертикали), например "
        "{example} г, или все клетки корабля; авто — расставить остальные случайно; перельман "
        "— весь флот по Перельману (большие корабли в углу); отмена — "
        "убрать последний; поле — показать поле ещё раз; выход — выйти."),
    "plain.place_prompt": (
        "Place the {ship} (cells: {size}): first cell and h or v ({example} h), or all its cells; "
        "auto fills the rest, undo takes the last ship back:",
        "Поставьте корабль «{ship}» ({size} кл.): первая клетка и г или в ({example} г) "
        "или все его клетки; авто — расставить остальные, отмена — убрать последний:"),
    "error.ship_syntax": (
        "write the first cell and h (across) or v (down), like {example} h, or every cell of "
        "the ship",
        "напишите первую клетку и г (по горизонтали) или в (по вертикали), например {example} г, "
        "или все клетки корабля"),
    "plain.shot_prompt": ("Your shot:", "Ваш выстрел:"),
    "plain.error": ("Try again: {message}.", "Попробуйте ещё раз: {message}."),
    "plain.already_fired": ("You have already fired at {cell}; choose another cell.",
                            "По {cell} вы уже стреляли; выберите другую клетку."),
    "plain.known_empty": (
        "{cell} is next to a sunk ship and must be empty; choose another cell.",
        "{cell} — рядом с потопленным кораблём, там точно пусто; выберите другую клетку."),
    "plain.you_fired": ("You fire at {cell}: {answer}", "Ваш выстрел по {cell}: {answer}"),
    "plain.computer_fired": ("The computer fires at {cell}: {answer}",
                             "Компьютер стреляет по {cell}: {answer}"),
    "plain.first_me": ("You shoot first.", "Вы стреляете первым."),
    "plain.first_computer": ("The computer shoots first.", "Компьютер стреляет первым."),
    "plain.your_field": ("Your fleet", "Ваш флот"),
    "plain.enemy_field": ("Enemy waters", "Поле противника"),
    "plain.afloat": ("Ships afloat — yours: {mine}, the enemy's: {theirs}.",
                     "Кораблей на плаву — у вас: {mine}, у противника: {theirs}."),
    "plain.won": ("You win! Every enemy ship is sunk.", "Вы победили! Флот противника потоплен."),
    "plain.lost": ("You lose. The computer wins.", "Вы проиграли. Победил компьютер."),
    "plain.stats_you": ("You — shots: {shots}, hits: {hits}, ships sunk: {sunk}, "
                        "accuracy {accuracy}%.",
                        "Вы: выстрелов {shots}, попаданий {hits}, потоплено {sunk}, точность {accuracy}%."),
    "plain.stats_computer": (
        "Computer — shots: {shots}, hits: {hits}, ships sunk: {sunk}, accuracy {accuracy}%.",
        "Компьютер: выстрелов {shots}, попаданий {hits}, потоплено {sunk}, точность {accuracy}%."),
    "plain.again": ("Play again? (y/n)", "Сыграть ещё? (д/н)"),
    "plain.again_unclear": ("Please answer y (yes) or n (no).",
                            "Ответьте д (да) или н (нет)."),
    "plain.saved": ("Game saved to {path}.", "Партия сохранена в {path}."),
    "plain.goodbye": ("Goodbye!", "До свидания!"),
    # seabattle replay
    "replay.header": ("{first} against {second}, rules {rules}; {count} moves.",
                      "{first} против {second}, правила {rules}; ходов: {count}."),
    "replay.move": ("Move {number}/{count}: {player} fires at {cell}: {answer}",
                    "Ход {number}/{count}: {player} стреляет по {cell}: {answer}"),
    "replay.event": ("Move {number}/{count}: {player} {what}",
                     "Ход {number}/{count}: {player} {what}"),
    "replay.resign": ("Move {number}/{count}: {player} resigns.",
                      "Ход {number}/{count}: {player} сдаётся."),
    "replay.start": ("Start of the game.", "Начало партии."),
    "replay.prompt": ("[Enter] next, b back, q quit:", "[Enter] дальше, b назад, q выход:"),
    "replay.result": ("{player} won.", "Победил {player}."),
    "replay.unfinished": ("The game was not finished.", "Партия не закончена."),
    "replay.fields": ("{first}'s fleet", "Флот: {first}"),
    "error.record_file": ("cannot read the record {path!r}: {problem}",
                          "не удалось прочитать запись {path!r}: {problem}"),
    "error.rules_file": ("cannot read the rules file {path!r}: {problem}",
                         "не удалось прочитать файл правил {path!r}: {problem}"),
    "rules.file_suffix": ("a rules file is read by its ending, .toml or .json",
                          "файл правил читается по окончанию имени: .toml или .json"),
    "rules.file_not_text": ("it is not UTF-8 text", "это не текст в UTF-8"),
    "error.output_folder": ("cannot write into the folder {path!r}: {problem}",
                            "не удалось писать в папку {path!r}: {problem}"),
    "error.database": ("cannot use the database {path!r}: {problem}",
                       "не удалось открыть базу данных {path!r}: {problem}"),
    # seabattle analyze
    "analyze.title": ("{player}: every shot against the admiral's best",
                      "{player}: каждый выстрел против лучшего хода адмирала"),
    "analyze.col.move": ("Move", "Ход"),
    "analyze.col.cell": ("Cell", "Клетка"),
    "analyze.col.result": ("Result", "Итог"),
    "analyze.col.chosen": ("Chance", "Шанс"),
    "analyze.col.best": ("Best", "Лучший"),
    "analyze.col.loss": ("Lost", "Потеря"),
    "analyze.col.verdict": ("Verdict", "Оценка"),
    "analyze.result.miss": ("miss", "мимо"),
    "analyze.result.hit": ("hit", "ранил"),
    "analyze.result.sunk": ("sunk", "убил"),
    "analyze.result.mine": ("mine", "мина"),
    "analyze.result.minesweeper": ("minesweeper", "тральщик"),
    "analyze.verdict.best": ("best", "лучший"),
    "analyze.verdict.good": ("good", "хороший"),
    "analyze.verdict.inaccuracy": ("inaccuracy", "неточность"),
    "analyze.verdict.mistake": ("mistake", "ошибка"),
    "analyze.verdict.blunder": ("blunder", "грубая ошибка"),
    "analyze.shots": ("Shots to sink the fleet: {shots}.",
                      "Выстрелов до потопления флота: {shots}."),
    "analyze.shots_unfinished": ("Shots: {shots} (the enemy fleet was not sunk).",
                                 "Выстрелов: {shots} (флот противника не потоплен)."),
    "analyze.admiral": (
        "The admiral against the same fleet from the start: {mean} shots on average "
        "({low}–{high}, {games} games).",
        "Адмирал против того же флота с начала партии: в среднем {mean} выстрела "
        "({low}–{high}, партий: {games})."),
    "analyze.mean_loss": ("Probability lost per shot: {loss} on average.",
                          "Потеря вероятности за выстрел: в среднем {loss}."),
    "analyze.counts": ("Inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: {blunders}.",
                       "Неточностей: {inaccuracies}, ошибок: {mistakes}, грубых ошибок: {blunders}."),
    "analyze.legend": (
        "Chance: the admiral's probability that the cell held a ship, from what the shooter "
        "knew then; Lost: best minus chance (inaccuracy from 0.08, mistake from 0.15, "
        "blunder from 0.30).",
        "Шанс: вероятность корабля в клетке по оценке адмирала, исходя из того, что стрелявший "
        "знал в тот момент; Потеря: лучший шанс минус выбранный (неточность от 0,08, ошибка "
        "от 0,15, грубая ошибка от 0,30)."),
    "error.cannot_analyze": (
        "cannot analyse a game of {rules!r}: the admiral's posterior models only pieces "
        "that stay put and whose placements can be listed, and this game has {reasons}",
        "нельзя разобрать партию по правилам {rules!r}: модель адмирала знает только "
        "фигуры, которые стоят на месте и расстановки которых можно перечислить, а в "
        "этой партии есть {reasons}"),
    "error.analysis_failed": (
        "cannot analyse move {move}: the admiral's posterior found no enemy fleet that "
        "fits what the shooter knew ({problem})",
        "не удалось разобрать ход {move}: модель адмирала не нашла флот противника, "
        "согласный с тем, что знал стрелявший ({problem})"),
    "analyze.why.shape": ("ships of a shape whose placements cannot be listed",
                          "корабли формы, расстановки которой не перечислить"),
    # seabattle bot / match / tournament (seabattle.arena.bots, seabattle.arena.match)
    "bot.error": ("the bot failed: {problem}", "бот ошибся: {problem}"),
    "bot.error_syntax": ("malformed line {line!r}: {problem}",
                         "непонятная строка {line!r}: {problem}"),
    "bot.error_timeout": ("timeout after {ms} ms waiting for {expected!r}",
                          "нет ответа {expected!r} за {ms} мс"),
    "bot.error_crashed": ("the bot process {problem}", "процесс бота {problem}"),
    "bot.unknown_player": (
        "{name!r} is neither a built-in level ({levels}) nor a command that can be run",
        "{name!r} — не встроенный уровень ({levels}) и не команда, которую можно запустить"),
    "match.title": ("{first} vs {second}, rules {rules}; games: {games}",
                    "{first} против {second}: партий {games}, правила {rules}"),
    "match.tournament_title": ("Tournament, rules {rules}; players: {players}, games per pair: {games}",
                               "Турнир: участников {players}, партий в паре {games}, правила {rules}"),
    "match.progress": ("Playing", "Играем"),
    "match.records_saved": ("{count} game records written to {path}.",
                            "Записей партий: {count}, сохранены в {path}."),
    "match.forfeits": ("Forfeits:", "Поражения за нарушения:"),
    "match.forfeit_line": ("game {game}: {player} — {reason}", "партия {game}: {player} — {reason}"),
    "match.summary": ("seed {seed}; games: {games} in {seconds:.1f} s; worker processes: {jobs}",
                      "зерно {seed}; партий: {games} за {seconds:.1f} с, рабочих процессов: {jobs}"),
    "match.need_players": ("a tournament needs at least two players, got {count}",
                           "для турнира нужно хотя бы два участника, а не {count}"),
    # seabattle bench (and the placement strategies it draws fleets with)
    "bench.progress": ("Benchmark", "Замер"),
    "bench.plot_written": ("Plot written to {path}.", "График записан в {path}."),
    "bench.unknown_placement": ("unknown placement strategy {name!r}; known: {known}",
                                "неизвестная стратегия расстановки {name!r}; есть: {known}"),
    "bench.fleets_file": ("cannot use the fleets file {path!r}: {problem}",
                          "не удалось использовать файл флотов {path!r}: {problem}"),
    "bench.fleet_problem": ("fleet {number}: {problem}", "флот {number}: {problem}"),
    "bench.bad_games": ("the number of games must be at least 1, not {games}",
                        "число партий должно быть не меньше 1, а не {games}"),
    "bench.bad_series": ("the first game measured must lie in 1 … {length}, not {first}",
                         "первая измеряемая партия должна быть от 1 до {length}, а не {first}"),
    "bench.series_fleets": ("--series draws its fleets from --placement; --fleets does not fit it",
                            "--series берёт флоты из --placement; --fleets с ним не сочетается"),
    "bench.not_with_series": ("{option} does not go with --series",
                              "{option} не сочетается с --series"),
    "bench.series_only": ("{option} goes with --series only", "{option} — только вместе с --series"),
    "bench.bad_jobs": ("the number of worker processes must be at least 1, not {jobs}",
                       "число рабочих процессов должно быть не меньше 1, а не {jobs}"),
    "bench.no_matplotlib": (
        "--plot needs matplotlib: pip install 'seabattle[plot]' (or pip install matplotlib)",
        "для --plot нужен matplotlib: pip install 'seabattle[plot]' (или pip install matplotlib)"),
    "bench.plot_file": ("cannot write the plot {path!r}: {problem}",
                        "не удалось записать график {path!r}: {problem}"),
}
