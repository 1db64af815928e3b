"""Messages of the full-screen terminal game (``seabattle play``)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "tui.title": ("Sea Battle", "Морской бой"),
    "tui.rules": (
        "Rules: {name}; {touching}; {again}; {announce}. Computer: {level}.",
        "Правила: {name}; {touching}; {again}; {announce}. Компьютер: {level}."),
    "tui.rules_people": (
        "Rules: {name}; {touching}; {again}; {announce}.",
        "Правила: {name}; {touching}; {again}; {announce}."),
    "tui.rules.again": ("a hit earns another shot", "попал — стреляешь ещё"),
    "tui.rules.no_again": ("turns alternate after every shot", "ходы чередуются после каждого выстрела"),
    "tui.rules.announce_sunk": ("a sinking is announced", "о потоплении сообщают"),
    "tui.rules.announce_type": ("a sinking is announced with the ship's name",
                                "о потоплении сообщают с названием корабля"),
    "tui.rules.announce_none": ("a sinking is answered as a hit", "о потоплении молчат: «ранил»"),
    "tui.rules.variants": ("Variants: {variants}.", "Варианты: {variants}."),
    "tui.variant.salvo": ("a salvo of {count} shots", "залп, выстрелов: {count}"),
    "tui.variant.salvo_ships": ("a salvo of one shot per ship afloat",
                                "залп: по выстрелу на корабль на плаву"),
    "tui.variant.mines": ("mines: {count}", "мин: {count}"),
    "tui.variant.minesweepers": ("minesweepers: {count}", "тральщиков: {count}"),
    "tui.variant.submarines": ("submarines: {count}", "подлодок: {count}"),
    "tui.variant.mines_touch": ("mines may touch ships", "мины могут касаться кораблей"),
    "tui.variant.flying_dutchman": ("the Flying Dutchman", "Летучий голландец"),
    "tui.variant.shape": ("ships of special shapes", "корабли особых форм"),
    "tui.variant.problem": ("mines hold problems", "в минах — задачи"),
    "tui.level.novice": ("novice", "новичок"),
    "tui.level.easy": ("easy", "лёгкий"),
    "tui.level.medium": ("medium", "средний"),
    "tui.level.hard": ("hard", "сильный"),
    # Fields and their symbols.
    "tui.field.yours": ("Your fleet", "Ваш флот"),
    "tui.field.enemy": ("Enemy waters", "Поле противника"),
    "tui.field.enemy_revealed": ("Enemy fleet", "Флот противника"),
    "tui.mark.ship": ("ship", "корабль"),
    "tui.mark.hit": ("hit", "ранен"),
    "tui.mark.sunk": ("sunk", "убит"),
    "tui.mark.miss": ("miss", "мимо"),
    "tui.mark.ring": ("known empty", "точно пусто"),
    "tui.mark.submarine": ("submarine", "подлодка"),
    "tui.mark.mine": ("mine", "мина"),
    "tui.mark.mine_spent": ("mine gone off", "мина взорвалась"),
    "tui.mark.sweeper": ("minesweeper", "тральщик"),
    "tui.mark.sweeper_hit": ("minesweeper hit", "тральщик подбит"),
    "tui.mark.given": ("handed over (a sure hit)", "отдана (бейте наверняка)"),
    "tui.mark.moved": ("hit, the ship has moved away", "попадание, корабль ушёл"),
    "tui.mark.aimed": ("chosen", "выбрана"),
    # Keys.
    "tui.key.move": ("move", "двигать"),
    "tui.key.choose": ("choose", "выбрать"),
    "tui.key.turn": ("turn", "повернуть"),
    "tui.key.turn_back": ("turn back", "повернуть назад"),
    "tui.key.undo": ("undo", "убрать"),
    "tui.key.fill": ("fill the rest", "дорасставить"),
    "tui.key.shuffle": ("random fleet", "случайно"),
    "tui.key.start": ("start", "в бой"),
    "tui.key.aim": ("aim", "целиться"),
    "tui.key.fire": ("fire", "огонь"),
    "tui.key.resign": ("resign", "сдаться"),
    "tui.key.again": ("play again", "ещё партию"),
    "tui.key.new_game": ("other rules…", "другие правила…"),
    "tui.key.back": ("back", "назад"),
    "tui.key.start_new": ("start", "начать"),
    "tui.new.title": ("New game", "Новая игра"),
    "tui.new.rules": ("Rules", "Правила"),
    "tui.new.level": ("Computer", "Компьютер"),
    "tui.new.first": ("First shot", "Первый выстрел"),
    "tui.new.first_random": ("by lot", "по жребию"),
    "tui.new.first_me": ("mine", "мой"),
    "tui.new.first_ai": ("the computer's", "компьютера"),
    "tui.new.language": ("Language", "Язык"),
    "tui.new.salvo": ("Shots per turn", "Выстрелов за ход"),
    "tui.new.salvo_one": ("one", "один"),
    "tui.new.again": ("A hit earns another shot", "Попал — стреляешь ещё"),
    "tui.new.yes": ("yes", "да"),
    "tui.new.no": ("no", "нет"),
    "tui.new.announce": ("A sinking", "Потопление"),
    "tui.new.mines": ("Mines", "Мины"),
    "tui.new.minesweepers": ("Minesweepers", "Тральщики"),
    "tui.new.submarines": ("Submarines", "Подводные лодки"),
    "tui.new.start": ("Start", "Начать"),
    "tui.new.cancel": ("Back", "Назад"),
    "tui.key.quit": ("quit", "выйти"),
    "tui.key.heat": ("heat map (hint)", "тепловая карта (подсказка)"),
    "tui.key.choose_for_me": ("let the computer decide", "решить за меня"),
    "tui.key.stay": ("keep the ship in place", "оставить корабль"),
    "tui.key.weights": ("weight map (medium)", "карта весов (средний)"),
    "tui.key.perelman": ("Perelman's placement", "по Перельману"),
    "tui.key.chat": ("say…", "сказать…"),
    "tui.key.rematch": ("rematch", "реванш"),
    "tui.key.claim": ("claim the win", "засчитать победу"),
    "tui.key.yes": ("yes", "да"),
    "tui.key.no": ("no", "нет"),
    "tui.confirm.yes": ("Yes", "Да"),
    "tui.confirm.no": ("No", "Нет"),
    # Set-up.
    "tui.setup.title": ("Sea Battle — place your fleet", "Морской бой — расставьте флот"),
    "tui.setup.next": ("Next: {ship} (cells: {size})", "Следующий: {ship} (клеток: {size})"),
    "tui.setup.shape": ("— shape {index} of {count}", "— форма {index} из {count}"),
    "tui.setup.done": ("The fleet is complete.", "Флот расставлен."),
    "tui.setup.to_place": ("Still to place:", "Осталось расставить:"),
    "tui.setup.help": (
        "Arrow keys or the mouse move the ship, r turns it (R back), Enter or a click "
        "places it, u takes the last one back. a places the rest at random, x the whole fleet, "
        "p the whole fleet as Perelman advised (big ships in a corner).",
        "Стрелки или мышь двигают корабль, r поворачивает (R — обратно), Enter или щелчок "
        "ставят его, u убирает последний. a расставляет остальные случайно, x — весь флот, "
        "p — весь флот по Перельману (большие корабли в углу)."),
    "tui.setup.help_paint": (
        "Arrow keys or the mouse move the cursor, Enter or a click paints a cell (again: "
        "unpaints it), u takes the last cell back. a places the ship at random.",
        "Стрелки или мышь двигают курсор, Enter или щелчок закрашивают клетку (повторно — "
        "снимают), u убирает последнюю клетку. a ставит корабль случайно."),
    "tui.setup.taken_back": ("Taken back: {ship}, {where}.",
                             "Вернули в запас: {ship}, {where}."),
    "tui.setup.not_ready": ("Pieces still to place: {count} (a places them at random).",
                            "Ещё не расставлено: {count} (a расставит их случайно)."),
    "tui.setup.paint": (
        "— paint its cells, joined by sides or corners: {painted} of {size} (Enter on a "
        "painted cell rubs it out)",
        "— закрасьте его клетки, соединённые сторонами или углами: {painted} из {size} "
        "(Enter на закрашенной клетке стирает её)"),
    "tui.setup.placed": ("Placed: {ship}, {where}.", "Поставлен: {ship}, {where}."),
    "tui.setup.ready": (
        "The fleet is ready: press s or Enter to start the battle.",
        "Флот готов: нажмите s или Enter, чтобы начать бой."),
    # Battle.
    "tui.battle.title": ("Sea Battle — the battle", "Морской бой — бой"),
    "tui.battle.prompt": ("Fire at:", "Огонь по:"),
    "tui.battle.prompt_decide": ("Your cell:", "Ваша клетка:"),
    "tui.battle.placeholder": (
        "A cell, such as {example}, then Enter", "Клетка, например {example}, затем Enter"),
    "tui.battle.placeholder_decide": (
        "A cell of your own field, such as {example}, then Enter",
        "Клетка своего поля, например {example}, затем Enter"),
    "tui.battle.you_first": ("You shoot first.", "Вы стреляете первым."),
    "tui.battle.ai_first": ("The computer shoots first.", "Компьютер стреляет первым."),
    "tui.battle.your_turn": (
        "Your shot: type a cell, or aim with the arrows and press Enter, or click.",
        "Ваш выстрел: введите клетку или наведите стрелками и нажмите Enter, или щёлкните."),
    "tui.battle.salvo": (
        "Your salvo: choose {count} cells (chosen {chosen}: {cells}); choosing one again "
        "takes it back.",
        "Ваш залп: выберите клетки, всего {count} (выбрано {chosen}: {cells}); повторный "
        "выбор отменяет клетку."),
    "tui.battle.decide_help": (
        "Choose it on your field (arrows and Enter, a click, or type it); Ctrl+O chooses "
        "for you.",
        "Выберите её на своём поле (стрелки и Enter, щелчок или введите); Ctrl+O — "
        "выбрать за вас."),
    "tui.battle.move_help": (
        "Choose its new cells on your field ({chosen} chosen), Ctrl+O moves it at random, "
        "Ctrl+E keeps it in place.",
        "Выберите новые клетки на своём поле (выбрано {chosen}), Ctrl+O — увести наугад, "
        "Ctrl+E — оставить на месте."),
    "tui.battle.you_fired": ("You: {cell} — {answer}", "Вы: {cell} — {answer}"),
    "tui.battle.ai_fired": ("Computer: {cell} — {answer}", "Компьютер: {cell} — {answer}"),
    "tui.battle.already_fired": (
        "You have already fired at {cell}: choose another cell.",
        "По клетке {cell} вы уже стреляли: выберите другую."),
    "tui.battle.known_empty": (
        "{cell} is next to a sunk ship, so it is known to be empty: choose another cell.",
        "Клетка {cell} рядом с потопленным кораблём, там точно пусто: выберите другую."),
    "tui.battle.afloat": ("Afloat: {count} of {total}", "На плаву: {count} из {total}"),
    "tui.battle.resign_question": (
        "Resign this game? The computer will win.", "Сдаться? Победа достанется компьютеру."),
    "tui.heat.info": (
        "Hint: {symbol} {cell} is the likeliest ({chance:.0%}); digits: chance in tenths of "
        "its chance.",
        "Подсказка: {symbol} {cell} — вероятнее всего ({chance:.0%}); цифры — шанс в десятых "
        "от её шанса."),
    "tui.heat.computing": ("Hint: the admiral is working it out…", "Подсказка: адмирал считает…"),
    "tui.heat.nothing": ("Hint: no open cell can hold a ship.",
                         "Подсказка: ни в одной открытой клетке корабля быть не может."),
    "tui.heat.failed": ("Hint: the admiral cannot work out these rules.",
                        "Подсказка: адмирал не умеет считать при этих правилах."),
    # Game over.
    "tui.over.won": ("You won! Every enemy ship is sunk.", "Вы победили! Все корабли противника потоплены."),
    "tui.over.lost": ("The computer won: your fleet is sunk.", "Победил компьютер: ваш флот потоплен."),
    "tui.over.resigned": ("You resigned: the computer won.", "Вы сдались: победил компьютер."),
    "tui.over.stats": ("How each side shot", "Как стреляли"),
    "tui.over.you": ("You", "Вы"),
    "tui.over.computer": ("Computer", "Компьютер"),
    "tui.over.shots": ("Shots", "Выстрелов"),
    "tui.over.hits": ("Hits", "Попаданий"),
    "tui.over.accuracy": ("Accuracy", "Точность"),
    "tui.over.sunk": ("Ships sunk", "Потоплено кораблей"),
    "tui.over.saved": ("The game is saved in {path}.", "Партия сохранена в файл {path}."),
    # Saving and quitting.
    "tui.quit_question_setup": ("Quit? The ships you have placed will be lost.",
                                "Выйти? Расставленные корабли пропадут."),
    "tui.quit_question_saved": (
        "Quit in the middle of the game? It will be saved in {path}.",
        "Выйти посреди партии? Она будет сохранена в файл {path}."),
    "tui.quit_question_unsaved": (
        "Quit in the middle of the game? It will not be saved (start with --save FILE to keep it).",
        "Выйти посреди партии? Она не будет сохранена (чтобы сохранять, запустите с --save ФАЙЛ)."),
    "game.save_failed": ("could not save the game in {path}: {problem}",
                        "не удалось сохранить партию в файл {path}: {problem}"),
    # Online play (seabattle play --online / --join).
    "tui.online.title": ("Sea Battle — online", "Морской бой — по сети"),
    "tui.online.connecting": ("Connecting to the server…", "Подключение к серверу…"),
    "tui.online.reconnecting": ("Connection lost: reconnecting…",
                                "Связь потеряна: переподключение…"),
    "tui.online.not_sent": ("Not connected: nothing was sent. Reconnecting…",
                            "Нет связи: ничего не отправлено. Переподключение…"),
    "tui.online.waiting": ("Waiting for an opponent…", "Ждём соперника…"),
    "tui.online.invite": ("Invite a friend: {link}", "Пригласите друга: {link}"),
    "tui.online.setup": ("Place your fleet.", "Расставьте флот."),
    "tui.online.setup_wait": ("Your fleet is ready; waiting for the opponent's.",
                              "Ваш флот готов; ждём флот соперника."),
    "tui.online.your_turn": ("Your turn: fire.", "Ваш ход: стреляйте."),
    "tui.online.their_turn": ("The opponent's turn.", "Ход соперника."),
    "tui.online.decide": ("Choose a cell of your field: {options}.",
                          "Выберите клетку своего поля: {options}."),
    "tui.online.seconds": ("({seconds} s left)", "(осталось {seconds} с)"),
    "tui.online.opponent_away": ("The opponent is offline.", "Соперник не в сети."),
    "tui.online.not_your_turn": ("Not your turn: wait for the opponent's shot.",
                                 "Сейчас не ваш ход: дождитесь выстрела соперника."),
    "tui.online.not_battle": ("The battle has not begun.", "Бой ещё не начался."),
    "tui.online.field_opponent": ("Opponent", "Соперник"),
    "tui.online.you": ("You", "Вы"),
    "tui.online.opponent": ("Opponent", "Соперник"),
    "tui.online.shot": ("{who}: {cell} — {answer}", "{who}: {cell} — {answer}"),
    "tui.online.chat": ("{who}: «{phrase}»", "{who}: «{phrase}»"),
    "tui.online.chat_title": ("Say to the opponent (Enter; Escape: nothing):",
                              "Сказать сопернику (Enter; Escape — ничего):"),
    "tui.online.joined": ("The opponent has joined.", "Соперник подключился."),
    "tui.online.fleet_ready": ("{who}: fleet ready.", "{who}: флот готов."),
    "tui.online.fleet_ready_auto": ("{who}: the set-up time ran out; the fleet was placed at random.",
                                    "{who}: время расстановки вышло, флот расставлен случайно."),
    "tui.online.you_first": ("The battle begins: you shoot first.",
                             "Бой начался: вы стреляете первым."),
    "tui.online.opponent_first": ("The battle begins: the opponent shoots first.",
                                  "Бой начался: первым стреляет соперник."),
    "tui.online.timeout": ("{who}: time is up ({strikes} of 2).", "{who}: время вышло ({strikes} из 2)."),
    "tui.online.rematch_offered": ("The opponent offers a rematch: Ctrl+N accepts.",
                                   "Соперник предлагает реванш: Ctrl+N — принять."),
    "tui.online.rematch_you": ("You offer a rematch.", "Вы предлагаете реванш."),
    "tui.online.rematch_started": ("The rematch begins.", "Реванш начался."),
    "tui.online.rematch_keys": ("Ctrl+N: rematch, Ctrl+Q: leave.",
                                "Ctrl+N — реванш, Ctrl+Q — выйти."),
    "tui.online.handover": ("{who}: a cell handed over ({cell}).", "{who}: отдана клетка ({cell})."),
    "tui.online.mine_revealed": ("{who}: a mine revealed ({cell}).", "{who}: открыта мина ({cell})."),
    "tui.online.ship_moved": ("{who}: the Flying Dutchman's move.", "{who}: ход Летучего голландца."),
    "tui.online.decision_due": ("{who}: a decision is due.", "{who}: нужно решение."),
    "tui.online.won": ("You win ({reason}).", "Вы победили ({reason})."),
    "tui.online.lost": ("You lose ({reason}).", "Вы проиграли ({reason})."),
    "tui.online.reason.fleet_sunk": ("the whole fleet is sunk", "весь флот потоплен"),
    "tui.online.reason.resigned": ("a resignation", "сдача"),
    "tui.online.reason.timeout": ("time ran out", "время вышло"),
    "tui.online.reason.abandoned": ("the game was left", "партию покинули"),
    "tui.online.resign_question": ("Resign this game?", "Сдаться в этой партии?"),
    # The new-game form's fleet changes (RULES.md §3).
    "tui.new.shape": ("Four-deckers' shape", "Форма четырёхпалубных"),
    "tui.new.shape_straight": ("straight", "прямая"),
    "tui.new.shape_l": ("L («Г»)", "«Г»"),
    "tui.new.shape_square": ("square", "квадрат"),
    "tui.new.shape_zigzag": ("zigzag", "зигзаг"),
    "tui.new.dutchman_decks": ("Flying Dutchman's decks", "Палуб у Летучего голландца"),
    "tui.new.dutchman_only": ("5–8, with the flying-dutchman rules",
                              "5–8, при правилах «Летучий голландец»"),
    # The guided first game (seabattle/terminal/guide.py): once, or with --guide.
    "tui.guide_title": ("Your first game", "Первая партия"),
    "tui.guide": (
        "Place your ships: arrows move the ship, r turns it, Enter puts it down (x places "
        "the whole fleet at random), s starts the battle. Then fire: type a cell such as "
        "{example} and press Enter, or aim with the arrows (or the mouse) and press Enter. "
        "A hit lets you fire again. Sink every enemy ship to win.",
        "Расставьте корабли: стрелки двигают корабль, r поворачивает, Enter ставит (x — весь "
        "флот случайно), s — в бой. Затем стреляйте: введите клетку, например {example}, и "
        "нажмите Enter, или наведите стрелками (или мышью) и нажмите Enter. Попали — "
        "стреляйте ещё. Потопите все корабли противника."),
    "tui.setup.perelman_done": (
        "Placed as Perelman advised: the big ships packed in a corner, the single-deckers "
        "spread out. Press s to start, or change it.",
        "Расставлено по Перельману: большие корабли в углу, однопалубные — врассыпную. "
        "Нажмите s — в бой, или поправьте."),
    "tui.setup.perelman_cannot": (
        "Perelman's placement is for straight and shaped ships only, without mines, "
        "submarines or the Flying Dutchman.",
        "Расстановка по Перельману — только для прямых и фигурных кораблей, без мин, "
        "подлодок и Летучего голландца."),
    "tui.weights.info": (
        "The weight map of seed 000's program (medium fires at the heaviest): {symbol} {cell} "
        "weighs most ({weight}); digits: weight in tenths of it.",
        "Карта весов программы seed 000 (средний бьёт по самой тяжёлой): {symbol} {cell} "
        "весит больше всех ({weight}); цифры — вес в десятых от неё."),
    "tui.weights.failed": ("The weight map does not play these rules (ships joined at corners).",
                           "Карта весов не играет по этим правилам (корабли, соединённые углами)."),
}
