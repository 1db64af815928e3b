// The games the browser shell (app.js) can draw, by the game's name. Adding a game is one
// module under games/ and one line here.
//
// A game's module exports:
//   lobbyFields(options) → [nodes]   the new-game form's rule-set fields, built from
//                                    /api/options (the shell adds mode, level, timers, language)
//   lobbyRequest() → {fields}        what those fields ask for, merged into POST /api/games
//                                    (or a promise of them, for fields that read files; an
//                                    Error thrown says what is missing, in the error line)
//   createBoard(api) → board         the board of one game page, made at its first state
//   guide() → [text]                 (optional) the first game's steps, shown once in an
//                                    overlay at a player's first set-up and on «?» (guide.js)
//   analysisPage(data) → node        (optional) the analysis of a finished game, drawn from
//                                    GET /api/games/{game}/analysis at /analysis/{game}
//
// The shell's `api`, all the board may touch of it:
//   api.state, api.seat, api.isPlayer   the last `state`, the reader's seat (null: a spectator)
//   api.send(message)                   an intent to the server (refused while disconnected)
//   api.render()                        redraw the page (the shell calls board.render())
//   api.error                           the error line: read it, set it ("" clears it)
//   api.log(line)                       add a log line: a function, called at each drawing,
//                                       so it speaks the language of the moment
//   api.who(seat), api.bySide(seat, watchKey, yoursKey, theirsKey)
//                                       «you» / «computer» or «opponent» / «player n», as
//                                       the reader is
//   api.live                            false while events are replayed on a (re)connection
//                                       (before its state): no animation, no sound for them
//   api.sound(name)                     a sound effect (sound.js: miss, hit, sunk), heard
//                                       only when live and switched on
//
// A board:
//   receive(event) → bool      a game event (logged or not); true when it was the board's,
//                              false leaves it to the shell (chat, timeout, game_over, …)
//   onState(state)             a fresh state, before it is drawn
//   onError(error)             (optional) an `error` the shell shows: one that answers the
//                              board's own question (Battleship's check_fleet), say
//   statusText() → text        the status line while the game is on (set-up, play); the
//                              shell's own while waiting for the opponent and after the end
//   rulesText() → text         the rule set in short, for the rules line and the invitation
//   turn() → "me" | "them" | "decide" | "none" | null
//                              (optional) whose turn the page shows (body's data-turn), the
//                              game's own («decide»: a decision of the reader's is due); null
//                              (or no turn()): the shell's, `to_move` against the reader's
//                              seat in the battle, "none" outside it (won / lost at the end)
//   render() → {headline, controls, fields}
//                              the page's game parts: the last move's answer (text), the
//                              controls above the fields (nodes), the fields (a node, or null
//                              while waiting for the opponent)
//   afterRender()              once they are in the document (to keep the keyboard focus)
//   renderStats() → node       the statistics after the game (state.stats)
//   resultText(result) → text  (optional) the end in one sentence, instead of the shell's
//                              «you won / lost»: for a `hotseat` game, whose one person
//                              plays both seats (the classroom's teacher)
//   recordNote(file) → text    (optional) the line under the record's link, instead of the
//                              shell's «go over it with seabattle analyze» (null: none)
//   close()                    the page leaves this game: drop document listeners
import * as battleship from "./battleship.js";
import * as classroom from "./classroom.js";
import * as fleetbattle from "./fleetbattle.js";
import * as manoeuvres from "./manoeuvres.js";

export const GAMES = { battleship, classroom, "fleet-battle": fleetbattle, manoeuvres };

// The game a state belongs to: its name once the server sends one (`game_name`: `game` is
// the game's id), else Battleship, the only game so far.
export const gameName = (state) => state.game_name || "battleship";
