"""Messages of the manoeuvre game (seed 003): pieces, outcomes, refusals, line mode."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.manoeuvres": ("Fleet manoeuvres", "Морской бой: манёвры"),
    "manoeuvres.preset.seed": ("the seed's game, 17×12", "игра по проекту, 17×12"),
    "manoeuvres.preset.skirmish": ("skirmish, 9×8", "стычка, 9×8"),
    # The pieces («игровой материал»), and the seed's abbreviations.
    "manoeuvres.kind.fort": ("fort", "форт"),
    "manoeuvres.kind.bomb": ("bomb", "бомба"),
    "manoeuvres.kind.torpedo": ("torpedo", "торпеда"),
    "manoeuvres.kind.mine": ("mine", "мина"),
    "manoeuvres.kind.submarine": ("submarine", "подводная лодка"),
    "manoeuvres.kind.torpedo_boat": ("torpedo boat", "торпедный катер"),
    "manoeuvres.kind.minesweeper": ("minesweeper", "минный тральщик"),
    "manoeuvres.kind.destroyer": ("destroyer", "эсминец"),
    "manoeuvres.kind.cruiser": ("cruiser", "крейсер"),
    "manoeuvres.kind.battleship": ("battleship", "линкор"),
    "manoeuvres.abbr.fort": ("F", "Ф"),
    "manoeuvres.abbr.bomb": ("B", "Б"),
    "manoeuvres.abbr.torpedo": ("T", "Т"),
    "manoeuvres.abbr.mine": ("M", "М"),
    "manoeuvres.abbr.submarine": ("Su", "Пл"),
    "manoeuvres.abbr.torpedo_boat": ("TB", "Тк"),
    "manoeuvres.abbr.minesweeper": ("Ms", "Тр"),
    "manoeuvres.abbr.destroyer": ("De", "Эс"),
    "manoeuvres.abbr.cruiser": ("Cr", "Кр"),
    "manoeuvres.abbr.battleship": ("Bs", "Лн"),
    # How a game ends.
    "manoeuvres.outcome.forts_taken": ("both enemy forts are taken", "взяты оба форта противника"),
    "manoeuvres.outcome.cannot_act": ("the loser could not act on its turn",
                                      "проигравший не мог сделать ход"),
    "manoeuvres.outcome.quiet": ("a draw: no piece left the field for too long",
                                 "ничья: слишком долго ни одна фигура не покидала поле"),
    "manoeuvres.outcome.no_ships": ("a draw: no ship is left on either side",
                                    "ничья: ни у кого не осталось судов"),
    # Refusals.
    "manoeuvres.error.not_now": (
        "that is not allowed now: move a piece, fire a torpedo, set off the bomb or attack",
        "так сейчас нельзя: передвиньте фигуру, выстрелите торпедой, подорвите бомбу "
        "или атакуйте"),
    "manoeuvres.error.setup_cell": (
        "{cell} is not in your {rows} back rows", "{cell} — не в ваших {rows} задних рядах"),
    "manoeuvres.error.setup_twice": ("two pieces on {cell}", "две фигуры на {cell}"),
    "manoeuvres.error.setup_pieces": (
        "the set-up must have exactly: {expected}", "в расстановке должно быть ровно: {expected}"),
    "manoeuvres.error.setup_order": ("list the set-up's cells in order",
                                     "перечислите клетки расстановки по порядку"),
    "manoeuvres.error.no_attack_to_answer": ("there is no attack to answer",
                                             "нет атаки, на которую нужно ответить"),
    "manoeuvres.error.cannot_end": (
        "the turn cannot end yet: make a move, a shot, an attack or set off the bomb",
        "ход ещё нельзя закончить: передвиньте фигуру, выстрелите, атакуйте или "
        "подорвите бомбу"),
    "manoeuvres.error.after_move": (
        "after a move only an attack, a shot from beside the torpedo boat that moved, or the "
        "end of the turn",
        "после передвижения можно только атаковать, выстрелить торпедой рядом с "
        "передвинутым катером или закончить ход"),
    "manoeuvres.error.no_own_piece": ("you have no piece on {cell}", "на {cell} нет вашей фигуры"),
    "manoeuvres.error.no_own_ship": ("you have no ship on {cell}", "на {cell} нет вашего судна"),
    "manoeuvres.error.answer_attack": (
        "answer the attack first: name the ships of the group that take the fight",
        "сначала ответьте на атаку: назовите суда группы, принимающие бой"),
    "manoeuvres.error.bad_defence": (
        "the ships that take the fight must be of the attacked ship's group, joined by sides, "
        "the attacked one among them",
        "бой принимают суда группы атакованного судна, примыкающие друг к другу, и само "
        "атакованное среди них"),
    "manoeuvres.error.not_a_bomb": ("the piece on {cell} is not your bomb",
                                    "на {cell} не ваша бомба"),
    "manoeuvres.error.fort_stays": ("a fort does not move ({cell})", "форт не двигается ({cell})"),
    "manoeuvres.error.not_free": ("{cell} is not a free cell of the field",
                                  "{cell} — не свободная клетка поля"),
    "manoeuvres.error.weapon_needs_tug": (
        "the {kind} on {cell} moves only one cell inside the zone of your {tug}",
        "{kind} на {cell} передвигается только на одну клетку в зоне вашего судна "
        "«{tug}»"),
    "manoeuvres.error.bad_tow": (
        "the ship on {cell} cannot take those along: a torpedo boat tows torpedoes and a "
        "destroyer mines of its zone, one cell, each onto a free cell",
        "судно на {cell} не может взять их с собой: катер тащит торпеды, эсминец — мины "
        "из своей зоны, на одну клетку, каждую на свободную клетку"),
    "manoeuvres.error.too_far": (
        "the {kind} on {cell} cannot reach {target}: one free cell across a side "
        "(a torpedo boat: also two, through a free cell)",
        "{kind} на {cell} не может пройти на {target}: одна свободная клетка по стороне "
        "(катер — и две, через свободную клетку)"),
    "manoeuvres.error.no_torpedo": ("you have no torpedo on {cell}",
                                    "на {cell} нет вашей торпеды"),
    "manoeuvres.error.no_boat_beside": (
        "the torpedo on {cell} fires only from beside your torpedo boat",
        "торпеда на {cell} стреляет только рядом с вашим катером (борт или торец)"),
    "manoeuvres.error.point_blank": (
        "{cell} is not a piece in the zone of a torpedo boat beside the torpedo",
        "{cell} — не фигура в зоне катера рядом с торпедой"),
    "manoeuvres.error.no_enemy": ("there is no enemy piece on {cell}",
                                  "на {cell} нет фигуры противника"),
    "manoeuvres.error.bad_group": (
        "the attackers must be your ships of one kind joined by sides, listed in order",
        "атакуют ваши суда одного названия, примыкающие друг к другу, перечисленные "
        "по порядку"),
    "manoeuvres.error.not_beside": ("none of the attackers is beside {cell}",
                                    "ни одно из атакующих судов не примыкает к {cell}"),
    "manoeuvres.error.mark": (
        "only an enemy piece whose kind you do not know can be marked ({cell})",
        "пометить можно только фигуру противника, о которой вы ещё не знаете ({cell})"),
    # Events, as the line game and the replay tell them.
    "manoeuvres.event.deployed": ("{player}: set up", "{player}: расстановка готова"),
    "manoeuvres.event.first": ("By lot, the first turn: {player}",
                               "По жребию первый ход: {player}"),
    "manoeuvres.event.moved": ("{player}: {source} → {target}", "{player}: {source} → {target}"),
    # {player} is «You»/«Вы» or «Computer»/«Компьютер»: no verb takes it as its subject.
    "manoeuvres.event.towed": ("towing {kind}: {cells}", "тащит ({kind}): {cells}"),
    "manoeuvres.event.removed": ("{player}: the {kind} on {cell} is lost",
                                 "{player}: потеря — {kind} на {cell}"),
    "manoeuvres.event.attack": (  # no verb: «×1» and «×3» take the same words
        "{player}: attack on {target} by {kind} ×{count} ({cells})",
        "{player}: атака на {target} — {kind} ×{count} ({cells})"),
    "manoeuvres.event.fought": ("The fight is taken by {count} × {kind}: {result}",
                                "Бой принимают: {kind} ×{count}; {result}"),
    "manoeuvres.event.equal": ("equal weights, both groups go",
                               "вес равный, гибнут обе группы"),
    "manoeuvres.event.wins": ("won by {player}", "победитель: {player}"),
    "manoeuvres.event.torpedo": ("{player}: the torpedo from {source} goes off at {cell}",
                                 "{player}: торпеда с {source} взрывается на {cell}"),
    "manoeuvres.event.torpedo_sea": ("{player}: the torpedo from {source} runs into empty sea",
                                     "{player}: торпеда с {source} ушла в море"),
    "manoeuvres.event.bomb": ("{player}: the bomb goes off on {cell}",
                              "{player}: взрывается бомба на {cell}"),
    "manoeuvres.event.fort": ("{player}: the fort on {cell} is taken",
                              "{player}: взят форт на {cell}"),
    "manoeuvres.event.bonus": ("{player}: damage done, a bonus turn",
                               "{player}: урон нанесён, премиальный ход"),
    "manoeuvres.event.won": ("Won by {player}: {reason}", "Победа: {player} ({reason})"),
    "manoeuvres.event.draw": ("{reason}", "{reason}"),
    # The line game.
    "manoeuvres.plain.welcome": (
        "Fleet manoeuvres ({rules}) against the computer ({level}). Take both enemy forts.",
        "Морской бой: манёвры ({rules}) против компьютера ({level}). Захватите оба форта "
        "противника."),
    "manoeuvres.plain.legend": (
        "Your pieces in capitals, the enemy's in small letters: F fort, B bomb, T torpedo, "
        "M mine, Su submarine, TB torpedo boat, Ms minesweeper, De destroyer, Cr cruiser, "
        "Bs battleship; ? an enemy piece not yet known (?~ it has moved), cr? your guess. "
        "Type help for the commands.",
        "Ваши фигуры — заглавными, противника — строчными: Ф форт, Б бомба, Т торпеда, "
        "М мина, Пл подводная лодка, Тк торпедный катер, Тр тральщик, Эс эсминец, "
        "Кр крейсер, Лн линкор; ? — ещё неизвестная фигура противника (?~ — она ходила), "
        "кр? — ваша пометка. Команды: помощь."),
    "manoeuvres.plain.help": (
        "{back} {ahead}: move ({back} {ahead} tow {beside}: with the torpedoes or mines it "
        "takes along); fire {back} north (n e s w): a torpedo beside your torpedo boat; "
        "blast {back} {diagonal}: point-blank; bomb {back} [{ahead}]: set off your bomb; "
        "attack {target} {first} {second}: the target, then your ships of one kind; defend "
        "{target} {support}: the ships that take an attack; end: end the turn; mark {target} "
        "cr (- to remove): note a guess; resign; quit.",
        "{back} {ahead} — ход ({back} {ahead} буксир {beside} — с торпедами или минами, "
        "которые он тащит); огонь {back} север (с в ю з) — торпеда рядом с вашим катером; "
        "упор {back} {diagonal} — в упор; бомба {back} [{ahead}] — подорвать бомбу; атака "
        "{target} {first} {second} — цель, затем ваши суда одного названия; бой {target} "
        "{support} — суда, принимающие атаку; конец — закончить ход; метка {target} кр "
        "(- снять) — пометить; сдаюсь; выход."),
    "manoeuvres.plain.keep_setup": ("Your set-up. Keep it (Enter) or draw another (n)?",
                                    "Ваша расстановка. Оставить (Enter) или другую (н)?"),
    "manoeuvres.plain.keep_setup_keys": (
        "Enter (or y) keeps this set-up, n draws another, quit stops.",
        "Enter (или д) — оставить эту расстановку, н — составить другую, выход — закончить."),
    "manoeuvres.plain.confirm_resign": ("Resign the game? (y/n)", "Сдаться? (д/н)"),
    "manoeuvres.plain.you": ("You", "Вы"),
    "manoeuvres.plain.computer": ("Computer", "Компьютер"),
    "manoeuvres.plain.turn": ("Your turn:", "Ваш ход:"),
    "manoeuvres.plain.after_move": ("Attack, or end:", "Атака или конец:"),
    "manoeuvres.plain.after_boat_move": ("Attack, fire beside the boat you moved, or end:",
                                         "Атака, выстрел у передвинутого катера или конец:"),
    "manoeuvres.plain.bonus": ("Bonus turn (or end):", "Премиальный ход (или конец):"),
    "manoeuvres.plain.defend": ("Your group is attacked: which ships take the fight?",
                                "Атакована ваша группа: какие суда принимают бой?"),
    "manoeuvres.plain.unknown": ("{text!r} is not a command; type help",
                                 "{text!r} — не команда; наберите «помощь»"),
    "manoeuvres.plain.unknown_kind": ("{text!r} is not a kind of piece",
                                      "{text!r} — нет такой фигуры"),
    "manoeuvres.replay.move": ("Move {number} of {count}:", "Ход {number} из {count}:"),
    # The browser's board (seabattle/web/games/manoeuvres.js) and the online host.
    "manoeuvres.web.error.set_up": ("your pieces are already set up",
                                    "ваши фигуры уже расставлены"),
    # The full-screen game (seabattle/manoeuvres/terminal/tui/).
    "manoeuvres.error.setup_none_left": ("no {kind} is left to put (there are {count})",
                                         "больше нет фигур «{kind}» (всего {count})"),
    "manoeuvres.plain.manual_intro": (
        "Set up by hand in your {rows} back rows: a cell and a kind (A10 fort, B10 cr), "
        "a cell and - takes a piece back; fill puts the rest at random, auto sets up "
        "everything, board shows the field. The game begins once every piece is put.",
        "Расстановка вручную в ваших {rows} задних рядах: клетка и вид (А10 форт, Б10 кр), "
        "клетка и - убирает фигуру; заполнить — остальные случайно, авто — всё сразу, "
        "поле — показать поле. Игра начнётся, когда все фигуры будут расставлены."),
    "manoeuvres.plain.manual_help": (
        "{cell} fort (or {cell} f) puts a piece, {cell} - takes it back; fill, auto, board, "
        "quit.",
        "{cell} форт (или {cell} ф) ставит фигуру, {cell} - убирает; заполнить, авто, поле, "
        "quit."),
    "manoeuvres.plain.manual_left": ("To put: {pieces}", "Осталось поставить: {pieces}"),
    "manoeuvres.plain.manual_prompt": ("Piece:", "Фигура:"),
    "manoeuvres.plain.manual_put": ("Put: {kind} on {cell}", "Поставлено: {kind} на {cell}"),
    "manoeuvres.plain.manual_taken": ("Taken back from {cell}", "Убрано с {cell}"),
    "manoeuvres.tui.rules_line": ("Rules: {rules}; computer: {level}",
                                  "Правила: {rules}; компьютер: {level}"),
    "manoeuvres.tui.guide": (
        "Put your pieces in your back rows (a digit chooses the kind, Enter or a click puts "
        "it; x does it all). In battle choose a piece: the cells it can reach light up; "
        "choose one of them to act. z shows the zones, m marks a guess on an enemy piece.",
        "Расставьте фигуры в задних рядах (цифра выбирает вид, Enter или щелчок ставит; "
        "x — всё сразу). В бою выберите фигуру: подсветятся клетки, куда она может "
        "действовать; выберите одну из них. z — зоны, m — пометить фигуру противника."),
    "manoeuvres.tui.key.cursor": ("cursor", "курсор"),
    "manoeuvres.tui.key.choose": ("choose", "выбрать"),
    "manoeuvres.tui.key.kind": ("kind", "вид"),
    "manoeuvres.tui.key.next_kind": ("next kind", "следующий вид"),
    "manoeuvres.tui.key.auto": ("all automatically", "всё автоматически"),
    "manoeuvres.tui.key.clear": ("clear", "очистить"),
    "manoeuvres.tui.key.end": ("end turn", "конец хода"),
    "manoeuvres.tui.key.defend": ("defend", "принять бой"),
    "manoeuvres.tui.key.bomb": ("bomb", "подрыв"),
    "manoeuvres.tui.key.mark": ("mark", "метка"),
    "manoeuvres.tui.key.zones": ("zones", "зоны"),
    "manoeuvres.tui.key.drop": ("drop choice", "сбросить выбор"),
    "manoeuvres.tui.field.yours": ("Your set-up", "Ваша расстановка"),
    "manoeuvres.tui.field.battle": ("Field", "Поле"),
    "manoeuvres.tui.field.revealed": ("Field, every piece shown", "Поле, все фигуры открыты"),
    "manoeuvres.tui.setup.title": ("Set-up: your pieces in rows {first}–{last}",
                                   "Расстановка: ваши фигуры в рядах {first}–{last}"),
    "manoeuvres.tui.setup.help": (
        "Enter or a click puts the kind chosen, or takes a piece back. "
        "a fills the rest at random, x sets up everything, s starts.",
        "Enter или щелчок ставит выбранный вид или убирает фигуру. "
        "a — остальные случайно, x — всё сразу, s — в бой."),
    "manoeuvres.tui.setup.next": ("Now: {kind}, {count} more\nPieces to put: {total}",
                                  "Ставим: {kind}, ещё {count}\nОсталось фигур: {total}"),
    "manoeuvres.tui.setup.done": ("Every piece is put: s starts the battle",
                                  "Все фигуры расставлены: s — в бой"),
    "manoeuvres.tui.setup.put": ("Put: {kind} on {cell}", "Поставлено: {kind} на {cell}"),
    "manoeuvres.tui.setup.taken_back": ("Taken back: {kind} from {cell}",
                                        "Убрано: {kind} с {cell}"),
    "manoeuvres.tui.setup.nothing_to_undo": ("Nothing to take back", "Нечего убирать"),
    "manoeuvres.tui.setup.ready": ("Every piece is put: s starts the battle",
                                   "Все фигуры расставлены: s — в бой"),
    "manoeuvres.tui.setup.auto_done": (
        "Set up as the computer sets up (forts behind mines): s starts the battle",
        "Расставлено, как расставляет компьютер (форты за минами): s — в бой"),
    "manoeuvres.tui.setup.cleared": ("Every piece taken back", "Все фигуры убраны"),
    "manoeuvres.tui.setup.not_ready": (
        "Pieces still to put: {count} (a puts them at random)",
        "Ещё не расставлено фигур: {count} (a — расставить случайно)"),
    "manoeuvres.tui.battle.title": ("Fleet manoeuvres: the battle", "Морской бой: манёвры"),
    "manoeuvres.tui.battle.your_turn": ("Your turn: choose a piece", "Ваш ход: выберите фигуру"),
    "manoeuvres.tui.battle.after_move": ("Attack, fire, or e ends the turn",
                                         "Атака, выстрел или e — конец хода"),
    "manoeuvres.tui.battle.bonus": ("Bonus turn (e lets it go)",
                                    "Премиальный ход (e — пропустить)"),
    "manoeuvres.tui.battle.defend": ("Your ships are attacked: choose who fights, d",
                                     "Ваши суда атакованы: выберите, кто в бою, d"),
    "manoeuvres.tui.battle.thinking": ("The computer is thinking…", "Компьютер думает…"),
    "manoeuvres.tui.battle.over": ("The game is over", "Игра окончена"),
    "manoeuvres.tui.battle.their_turn": ("The opponent's turn", "Ход соперника"),
    "manoeuvres.tui.battle.wait": ("Wait: the computer is thinking",
                                   "Подождите: компьютер думает"),
    "manoeuvres.tui.battle.choose_own": ("Choose one of your pieces first",
                                         "Сначала выберите свою фигуру"),
    "manoeuvres.tui.battle.choose_own_mark": (
        "Choose one of your pieces first (m marks a guess on this one)",
        "Сначала выберите свою фигуру (m — пометить эту)"),
    "manoeuvres.tui.battle.choose_bomb": ("Choose your bomb first, then b",
                                          "Сначала выберите свою бомбу, затем b"),
    "manoeuvres.tui.battle.bomb_question": (
        "Set your bomb off on {cell}? Everything but forts in its 5×5 zone goes.",
        "Подорвать бомбу на {cell}? Всё, кроме фортов, в её зоне 5×5 будет снято."),
    "manoeuvres.tui.battle.resign": ("Resign the game?", "Сдаться?"),
    "manoeuvres.tui.battle.chosen": ("Chosen: {kind} {cells}", "Выбрано: {kind} {cells}"),
    "manoeuvres.tui.battle.towing": ("in tow: {cells}", "на буксире: {cells}"),
    "manoeuvres.tui.battle.marked": ("{cell} marked: {kind}?", "{cell} помечена: {kind}?"),
    "manoeuvres.tui.battle.marked_off": ("Mark taken off {cell}", "Метка с {cell} снята"),
    "manoeuvres.tui.battle.zones_on": ("Zones shown: + a boat's or destroyer's, * the bomb's",
                                       "Зоны: + катера или эсминца, * бомбы"),
    "manoeuvres.tui.battle.zones_off": ("Zones hidden", "Зоны скрыты"),
    "manoeuvres.tui.battle.lost": ("Lost: you {own}, enemy {enemy}",
                                   "Потери: ваши {own}, противника {enemy}"),
    "manoeuvres.tui.cell.empty": ("{cell}: open sea", "{cell}: чистая вода"),
    "manoeuvres.tui.cell.own": ("{cell}: your {kind}", "{cell}: ваша фигура — {kind}"),
    "manoeuvres.tui.cell.enemy": ("{cell}: enemy {kind}", "{cell}: противник — {kind}"),
    "manoeuvres.tui.cell.unknown": ("{cell}: enemy, unknown", "{cell}: противник, неизвестно"),
    "manoeuvres.tui.cell.unknown_moved": ("{cell}: enemy, unknown, has moved",
                                          "{cell}: противник, неизвестно, двигалась"),
    "manoeuvres.tui.cell.guess": ("(your guess: {kind})", "(ваша метка: {kind})"),
    "manoeuvres.tui.over.won": ("You won: {reason}", "Вы победили: {reason}"),
    "manoeuvres.tui.over.lost": ("The computer won: {reason}", "Победил компьютер: {reason}"),
    "manoeuvres.tui.over.you_resigned": ("The computer won: you resigned.",
                                         "Победил компьютер: вы сдались."),
    "manoeuvres.tui.over.pieces": ("Pieces", "Фигуры"),
    "manoeuvres.tui.over.yours_left": ("yours", "ваши"),
    "manoeuvres.tui.over.yours_lost": ("lost", "потери"),
    "manoeuvres.tui.over.enemy_left": ("enemy", "противник"),
    "manoeuvres.tui.over.enemy_lost": ("lost", "потери"),
    "manoeuvres.tui.rules_line_online": ("Rules: {rules}", "Правила: {rules}"),
    "manoeuvres.tui.online.title": ("Fleet manoeuvres — online", "Морской бой: манёвры — по сети"),
    "manoeuvres.tui.online.setup_wait": ("Your pieces are set up; waiting for the opponent's.",
                                         "Ваши фигуры расставлены; ждём соперника."),
    "manoeuvres.tui.online.draw": ("A draw ({reason}).", "Ничья ({reason})."),
    "manoeuvres.tui.online.not_over": ("A rematch is offered once the game is over",
                                       "Реванш — после окончания партии"),
    "manoeuvres.tui.new.seed": ("Seed", "Зерно случайности"),
    "manoeuvres.tui.new.seed_random": ("empty: a new one each game",
                                       "пусто: новое в каждой игре"),
    "manoeuvres.web.guide.setup": (
        "Set up in secret: pick a piece in the palette and click a cell of your three back "
        "rows (or «Automatic»), then «Ready». The enemy sees only «?» tokens.",
        "Расставьте фигуры втайне: выберите фигуру на палитре и щёлкните клетку трёх своих "
        "задних рядов (или «Автоматически»), затем «Готово». Противник видит только «?»."),
    "manoeuvres.web.guide.move": (
        "On your turn click one of your pieces: the cells it may go to or act on light up; "
        "click one. Several actions there? Choose from the list.",
        "В свой ход щёлкните свою фигуру: подсветятся клетки, куда она может пойти или "
        "действовать; щёлкните одну. Если действий несколько — выберите из списка."),
    "manoeuvres.web.guide.attack": (
        "Attack an enemy piece beside your ships of one kind; an attacked group answers with "
        "the ships that fight, and the heavier side wins. Click an unknown enemy piece to "
        "note your guess.",
        "Атакуйте фигуру противника рядом со своими судами одного типа; атакованная группа "
        "отвечает судами, принимающими бой, побеждает более тяжёлая сторона. Щёлкните "
        "неизвестную фигуру противника, чтобы пометить догадку."),
    "manoeuvres.web.guide.win": (
        "Take both enemy forts with your ships to win. Damage to the enemy earns a bonus "
        "turn; «Show zones» draws the zones of boats, destroyers and the bomb.",
        "Возьмите оба форта противника, чтобы победить. Урон противнику даёт премиальный "
        "ход; «Показать зоны» рисует зоны катеров, эсминцев и бомбы."),
    "manoeuvres.web.status.setup": ("Set up your pieces", "Расставьте фигуры"),
    "manoeuvres.web.status.setup_done": ("Waiting for the opponent to set up",
                                         "Ждём расстановки соперника"),
    "manoeuvres.web.status.setup_watch": ("The players are setting up",
                                          "Игроки расставляют фигуры"),
    "manoeuvres.web.status.main": ("Your turn", "Ваш ход"),
    "manoeuvres.web.status.bonus": ("Bonus turn!", "Премиальный ход!"),
    "manoeuvres.web.status.after_move": ("Attack, fire, or end the turn",
                                         "Атакуйте, стреляйте или завершите ход"),
    "manoeuvres.web.status.defence": ("You are attacked: answer", "Вас атакуют: ответьте"),
    "manoeuvres.web.status.their_turn": ("Turn: {who}", "Ходит: {who}"),
    "manoeuvres.web.status.their_defence": ("Answering the attack: {who}",
                                            "Отвечает на атаку: {who}"),
    "manoeuvres.web.setup.help": (
        "Pick a piece below, then click a cell of your back rows (green); click a placed "
        "piece to take it back.",
        "Выберите фигуру ниже и щёлкните клетку своих задних рядов (зелёных); щелчок по "
        "поставленной фигуре убирает её."),
    "manoeuvres.web.setup.palette": ("Pieces left to place", "Фигуры, которые осталось поставить"),
    "manoeuvres.web.setup.auto": ("Automatic", "Автоматически"),
    "manoeuvres.web.setup.clear": ("Clear", "Очистить"),
    "manoeuvres.web.setup.ready": ("Ready", "Готово"),
    "manoeuvres.web.zones_show": ("Show zones", "Показать зоны"),
    "manoeuvres.web.zones_hide": ("Hide zones", "Скрыть зоны"),
    "manoeuvres.web.end_turn": ("End the turn", "Завершить ход"),
    "manoeuvres.web.skip_bonus": ("Skip the bonus turn", "Пропустить премиальный ход"),
    "manoeuvres.web.cancel": ("Cancel", "Отмена"),
    "manoeuvres.web.choose": ("Choose:", "Выберите:"),
    "manoeuvres.web.hint.select": ("Click one of your pieces that lights up.",
                                   "Щёлкните одну из своих подсвеченных фигур."),
    "manoeuvres.web.hint.target": ("Click a cell framed in green, or a button.",
                                   "Щёлкните клетку в зелёной рамке или кнопку."),
    "manoeuvres.web.defence": (
        "Your piece on {target} is attacked by {kind} ×{n} ({cells}): which ships of its "
        "group fight?",
        "Ваша фигура на {target} атакована: {kind} ×{n} ({cells}). Какие суда её группы "
        "принимают бой?"),
    "manoeuvres.web.do.step": ("move to {to}", "ход на {to}"),
    "manoeuvres.web.do.tow": ("move to {to} towing {cells}", "ход на {to} с буксиром {cells}"),
    "manoeuvres.web.do.attack": ("attack {target} with {cells} (×{n})",
                                 "атака {target}: {cells} (×{n})"),
    "manoeuvres.web.do.point_blank": ("torpedo point-blank at {target}",
                                      "торпеда в упор по {target}"),
    "manoeuvres.web.do.detonate": ("detonate the bomb here", "подорвать бомбу здесь"),
    "manoeuvres.web.do.detonate_at": ("move the bomb to {to} and detonate it",
                                      "передвинуть бомбу на {to} и подорвать"),
    "manoeuvres.web.do.shoot": ("fire the torpedo {direction}", "торпеда: выстрел {direction}"),
    "manoeuvres.web.do.defend": ("fight with {cells} (×{n})", "в бой: {cells} (×{n})"),
    "manoeuvres.web.do.end_turn": ("end the turn", "завершить ход"),
    "manoeuvres.web.direction.north": ("north ↑", "на север ↑"),
    "manoeuvres.web.direction.east": ("east →", "на восток →"),
    "manoeuvres.web.direction.south": ("south ↓", "на юг ↓"),
    "manoeuvres.web.direction.west": ("west ←", "на запад ←"),
    "manoeuvres.web.mark": ("Your guess for {cell}:", "Ваша догадка о {cell}:"),
    "manoeuvres.web.unmark": ("no guess", "без догадки"),
    "manoeuvres.web.guessed": ("guessed: {kind}", "догадка: {kind}"),
    "manoeuvres.web.unknown": ("unknown", "неизвестно"),
    "manoeuvres.web.field": ("The sea", "Море"),
    "manoeuvres.web.lost": ("lost {n}", "потеряно {n}"),
    "manoeuvres.web.legend": (
        "? unknown · underlined: has moved · grey letters: your guess",
        "? неизвестно · подчёркнуто: двигалась · серые буквы: ваша догадка"),
    "manoeuvres.web.log.auto": ("(made when the time ran out)", "(сделано по истечении времени)"),
    "manoeuvres.web.log.deployed": ("{who}: set up", "{who}: фигуры расставлены"),
    "manoeuvres.web.log.first": ("lot: first move — {who}", "жребий: первый ход — {who}"),
    "manoeuvres.web.log.moved": ("{who}: {kind}{from} → {to}", "{who}: {kind}{from} → {to}"),
    "manoeuvres.web.log.towed": ("towing {kind} to {cells}", "с буксиром ({kind}) на {cells}"),
    "manoeuvres.web.log.revealed": ("{cell} is a {kind}", "{cell}: {kind}"),
    "manoeuvres.web.log.removed": ("{kind} on {cell} is gone", "{kind} на {cell} выбывает"),
    "manoeuvres.web.log.attack": ("{who}: attack on {target} by {kind} ×{n} ({cells})",
                                  "{who}: атака на {target}, {kind} ×{n} ({cells})"),
    "manoeuvres.web.log.fought": ("defended by {kind} ×{n} ({cells}): {result}",
                                  "защищаются {kind} ×{n} ({cells}): {result}"),
    "manoeuvres.web.log.wins": ("the fight goes to {who}", "бой выигрывает {who}"),
    "manoeuvres.web.log.equal": ("equal weights, both groups are lost",
                                 "равный вес, обе группы выбывают"),
    "manoeuvres.web.log.torpedo": ("{who}: torpedo from {from}, hit: {hit}",
                                   "{who}: торпеда с {from}, попадание: {hit}"),
    "manoeuvres.web.log.empty_sea": ("empty sea", "пустое море"),
    "manoeuvres.web.log.bomb": ("the bomb on {cell} goes off", "бомба на {cell} взрывается"),
    "manoeuvres.web.log.fort": ("{who}: the fort on {cell} is taken",
                                "{who}: форт на {cell} взят"),
    "manoeuvres.web.log.bonus": ("{who}: a bonus turn", "{who}: премиальный ход"),
    "manoeuvres.web.over.won_forts_taken": ("You won: both enemy forts are yours!",
                                            "Вы победили: оба форта противника взяты!"),
    "manoeuvres.web.over.lost_forts_taken": ("You lost: both your forts are taken.",
                                             "Вы проиграли: оба ваших форта взяты."),
    "manoeuvres.web.over.won_cannot_act": ("You won: the opponent could not act on its turn.",
                                           "Вы победили: соперник не мог сделать ход."),
    "manoeuvres.web.over.lost_cannot_act": ("You lost: you could not act on your turn.",
                                            "Вы проиграли: вам нечем было сделать ход."),
    "manoeuvres.web.stats.lost": ("Pieces lost", "Потеряно фигур"),
    "manoeuvres.web.stats.left": ("Pieces left", "Осталось фигур"),
}
