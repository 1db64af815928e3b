// One game page: the connection's messages turned into the page. The shell's part (the
// status banner and its timer, the invitation, presence and the claim, chat, resignation,
// the end of the game and the rematch, the log, the spectator link, sound, the first game's
// guide) is drawn here; the game itself by its board module (games/index.js), made at the
// first state. $, el, t, LANG come from common.js.
import { Connection } from "./connection.js";
import { GAMES, gameName } from "./games/index.js";
import { guideOnce } from "./guide.js";
import { gameNote, keepToken, noteGame } from "./saved.js";
import { play } from "./sound.js";

// The server's and the engine's sentences start in lower case (they are also parts of others).
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export class GameClient {
  // `game` and `key` ({token} or {watch}); `shell` gives `setScreen`, `chat` (the phrases),
  // `fatal(message)` and `goTo(game, key)`.
  constructor(game, key, shell) {
    this.game = game; this.key = key; this.shell = shell;
    this.state = null; this.seq = 0; this.log = []; this.error = ""; this.deadline = null;
    // The game's board, made at the first state (which says which game it is); events that
    // come before it, on a (re)connection, wait for it in their order. Events replayed on a
    // (re)connection come before its state: `live` is false until then (no sound, no animation).
    this.board = null; this.early = []; this.live = false;
    this.timerHandle = setInterval(() => this.tickTimer(), 250);
    shell.setScreen("game", el("p", { class: "notice" }, "…"));
    this.connection = new Connection({
      hello: () => ({ type: "hello", game: this.game, since: this.seq, lang: LANG, ...this.key }),
      onMessage: (m) => this.receive(m),
      onLost: () => { this.connectionLost = true; this.live = false; this.render(); },
    });
  }

  close() {
    clearInterval(this.timerHandle);
    this.connection.close();
    if (this.board) this.board.close();
  }

  send(message) {
    if (this.connection.send(message) || message.type === "ping") return;
    this.error = t("web.error.not_sent"); this.render();
  }

  relang() { this.connection.restart(); }

  get isPlayer() { return this.seat === 0 || this.seat === 1; }
  get opponentIsComputer() { return this.isPlayer && this.state && this.state.players[1 - this.seat].computer; }

  // What the board may use of this page (games/index.js).
  boardApi() {
    const client = this;
    return {
      get state() { return client.state; },
      get seat() { return client.seat; },
      get isPlayer() { return client.isPlayer; },
      get live() { return client.live; },
      get error() { return client.error; },
      set error(text) { client.error = text; },
      send: (message) => client.send(message),
      render: () => client.render(),
      log: (line) => client.addLog(line),
      who: (seat) => client.who(seat),
      bySide: (seat, watchKey, yoursKey, theirsKey) => client.bySide(seat, watchKey, yoursKey, theirsKey),
      sound: (name) => { if (client.live) play(name); },
    };
  }

  receive(m) {
    if (!this.board && !["welcome", "state", "error"].includes(m.type)) { this.early.push(m); return; }
    switch (m.type) {
      case "welcome": this.connectionLost = false; this.live = false; this.seat = m.seat; this.role = m.role; break;
      case "state": this.onState(m); break;
      case "error":
        if (!this.state) { this.fatal(m.message); return; }
        this.error = m.message;
        if (this.board && this.board.onError) this.board.onError(m);
        this.render(); break;
      case "chat": this.addLog(() => `${this.who(m.seat)}: ${t(m.phrase)}`); break;
      case "timeout": this.addLog(() => this.bySide(m.seat, "web.timeout", "web.timeout_yours", "web.timeout_theirs") + ` (${m.strikes}/2)`); break;
      case "game_over":
        this.addLog(() => this.resultText(m));
        if (this.live && this.isPlayer) play(m.winner === this.seat ? "won" : "lost");
        break;
      case "rematch_offered":  // an answer to one's own offer starts the rematch at once
        if (m.seat !== this.seat && !(this.state && this.isPlayer && this.state.rematch[this.seat])) this.addLog(() => t("web.rematch_offered"));
        break;
      case "rematch_started": if (m.watch) this.addLog(() => t("web.rematch_started")); break;
      default: this.board.receive(m); break;
    }
  }

  fatal(message) { this.close(); this.shell.fatal(message); }

  // Who made a move, as the reader says it: «You», «Computer» or «Opponent», or «Player n».
  who(seat) {
    if (!this.isPlayer) return t("web.field.player", { n: seat + 1 });
    if (seat === this.seat) return t("web.you_said");
    return this.opponentIsComputer ? t("web.computer_said") : t("web.they_said");
  }

  // The message about ``seat``: as the player's own, the opponent's, or (to a spectator) player n's.
  bySide(seat, watchKey, yoursKey, theirsKey) {
    if (!this.isPlayer) return t(watchKey, { n: seat + 1 });
    return t(seat === this.seat ? yoursKey : theirsKey);
  }

  addLog(line) { this.log.push(line); if (this.state) this.renderLog(); }

  onState(s) {
    if (!this.board) {
      const module = GAMES[gameName(s)];
      // A game this page has no module for (a newer server): said, not drawn as Battleship.
      if (!module) { this.fatal(`${t("web.error.no_game")}: ${gameName(s)}`); return; }
      this.module = module;
      this.board = module.createBoard(this.boardApi());
      const early = this.early; this.early = [];
      early.forEach((m) => this.receive(m));
    }
    const first = !this.state, before = this.state;
    // An error answers the last intent: once the game has moved on it is out of date.
    if (!first && s.seq > this.seq) this.error = "";
    if (before && before.phase === "waiting" && s.phase !== "waiting" && this.isPlayer) {
      this.addLog(() => t(s.options.mode === "random" ? "web.opponent_joined" : "web.friend_joined"));
    }
    this.state = s; this.seq = s.seq; this.stateAt = Date.now();
    if (this.isPlayer) {
      // The title is noted afresh whenever the game is opened: in today's language, and for
      // notes from before titles were kept.
      if (first) noteGame(this.game, { at: gameNote(this.game).at || Date.now(), title: s.title });
      if (s.phase === "over" && s.result && !gameNote(this.game).result) {
        // A hotseat game (a lesson) is nobody's win or loss on this browser: it is over.
        noteGame(this.game, { result: s.options.mode === "hotseat" ? "over" : s.result.winner === this.seat ? "won" : "lost" });
      }
    }
    this.deadline = s.deadline_in === null ? null : Date.now() + s.deadline_in * 1000;
    if (s.next_game && this.key.token && this.state.rematch[this.seat]) {
      keepToken(s.next_game, this.key.token);
      // Agreed just now, while watching this page: go straight to the rematch. (A page
      // opened on a finished game stays on it and offers a button instead.)
      if (before && !before.next_game) { this.goRematch(); return; }
    }
    if (first) this.error = "";
    this.board.onState(s);
    this.live = true;
    this.render();
    // The first set-up this browser plays of a game: how to play it, once.
    if (this.isPlayer && !["waiting", "over"].includes(s.phase)) guideOnce(gameName(s), this.module);
  }

  // --- rendering --------------------------------------------------------------------

  render() {
    const s = this.state;
    if (!s) return;
    const body = document.body.dataset;
    body.phase = s.phase; body.seq = s.seq;
    body.turn = (this.board.turn && this.board.turn())
      ?? (s.phase !== "battle" || s.to_move === null ? "none" : (s.to_move === this.seat ? "me" : "them"));
    if (this.isPlayer && s.phase === "over" && s.result) body.turn = s.result.winner === this.seat ? "won" : "lost";
    body.opponent = this.opponentIsComputer ? "computer" : "person";
    body.connection = this.connectionLost ? "lost" : "on";
    const waiting = s.phase === "waiting", over = s.phase === "over";
    const board = this.board.render();
    const headline = board.headline;
    const parts = [
      el("div", { id: "status", class: "banner", role: "status" }, el("span", { id: "status-text" }, this.statusText()), el("span", { id: "timer" })),
      headline ? el("div", { id: "answer", "aria-live": "polite" }, headline) : null,
      waiting ? this.renderInvitation() : el("p", { id: "rules-line" }, t("web.rules_line", { rules: this.board.rulesText() })),
      this.connectionLost ? el("p", { class: "notice-bar", id: "connection", role: "status" }, el("span", { class: "spinner small", "aria-hidden": "true" }),
        capital(t("web.error.connection"))) : null,
      // The engine's sentences start in lower case (they are also parts of others).
      el("p", { class: "error", id: "error", role: "alert" }, capital(this.error)),
      this.renderPresence(), ...board.controls,
      // After the game the rematch comes first, the statistics after the fields.
      over ? this.renderControls() : null, waiting ? null : board.fields, over ? this.renderAfter() : this.renderControls(),
      el("div", { id: "log", "aria-live": "polite" }), waiting ? null : this.renderLinks()];
    this.shell.setScreen("game", ...parts);
    this.renderLog();
    this.tickTimer();
    this.board.afterRender();
  }

  statusText() {
    const s = this.state;
    if (s.phase === "waiting") return s.options.mode === "random" ? t("web.waiting.random") : t("web.waiting.invite");
    if (s.phase === "over") return this.resultText(s.result);
    return this.board.statusText() ?? "";
  }

  // Waiting for the invited friend: the link to send, to copy in one click. Going back to
  // the lobby leaves the game open (it is listed there with the player's games).
  renderInvitation() {
    const s = this.state;
    const back = el("a", { href: "/", id: "back-to-lobby" }, t(s.invite ? "web.invite_back" : "web.waiting_back"));
    if (!s.invite) return el("div", { class: "invitation" }, el("div", { class: "spinner", "aria-hidden": "true" }),
      el("p", {}, t("web.rules_line", { rules: this.board.rulesText() })), back);
    const link = `${location.origin}/join/${s.game}/${s.invite}`;
    const input = el("input", { id: "invite-link", readonly: true, value: link, onclick: (e) => e.target.select() });
    const copy = el("button", { id: "invite-copy", class: "primary", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
      copy.textContent = t("web.invite_copied");
    } }, t("web.invite_copy"));
    return el("div", { class: "invitation" }, el("div", { class: "controls" }, input, copy),
      el("p", {}, t("web.rules_line", { rules: this.board.rulesText() })), back);
  }

  // The end, in one sentence: who won and why, said to the reader.
  resultText(result) {
    if (this.board && this.board.resultText) return this.board.resultText(result);
    if (!this.isPlayer) return t("web.over.winner", { n: result.winner + 1, reason: t(`web.reason.${result.reason}`) });
    return t(`web.over.${result.winner === this.seat ? "won" : "lost"}_${result.reason}`);
  }

  // Seconds until the win may be claimed from an opponent who has gone away.
  claimWait() {
    const s = this.state, them = s.players[1 - this.seat];
    const away = (them.away_for || 0) + (Date.now() - this.stateAt) / 1000;
    return Math.max(0, Math.ceil(s.options.grace_seconds - away));
  }

  tickTimer() {
    const claim = $("#claim");
    if (claim) {
      const wait = this.claimWait();
      claim.disabled = wait > 0;
      $("#claim-wait").textContent = wait > 0 ? t("web.claim_in", { seconds: wait }) : "";
    }
    const node = $("#timer");
    if (!node) return;
    if (this.deadline === null || !this.state || !["setup", "battle"].includes(this.state.phase)) { node.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    node.textContent = t("web.timer", { seconds: left });
    node.classList.toggle("short", left <= 10);
  }

  renderPresence() {
    const s = this.state;
    if (!this.isPlayer || !["setup", "battle"].includes(s.phase)) return null;
    const them = s.players[1 - this.seat];
    if (them.online || them.computer || !them.joined) return null;
    return el("div", { id: "presence", class: "controls" }, t("web.opponent_away"),
      el("button", { id: "claim", onclick: () => this.send({ type: "claim_win" }) }, t("web.claim")),
      el("span", { id: "claim-wait" }));
  }

  // --- controls, links and the log -------------------------------------------------------

  renderControls() {
    const s = this.state;
    if (!this.isPlayer) {
      return el("div", { class: "controls" }, el("p", { id: "spectating" }, t("web.spectating")),
        s.next_game && s.next_watch ? el("a", { id: "watch-next", href: `/watch/${s.next_game}/${s.next_watch}` }, t("web.watch_next")) : null);
    }
    const items = [];
    if (s.phase === "over") return this.renderOver();
    if (s.phase === "battle" || s.phase === "setup") {
      items.push(el("button", { id: "resign", class: "quiet", onclick: () => { if (confirm(t("web.resign_confirm"))) this.send({ type: "resign" }); } }, t("web.resign")));
    }
    if (s.phase !== "waiting" && !this.opponentIsComputer && s.options.mode !== "hotseat") {
      const select = el("select", { id: "chat-phrase", "aria-label": t("web.chat") }, this.shell.chat.map((p) => el("option", { value: p }, t(p))));
      items.push(el("span", { class: "chat" }, select, el("button", { id: "chat-send", onclick: () => this.send({ type: "chat", phrase: select.value }) }, t("web.chat"))));
    }
    return items.length ? el("div", { class: "controls game-controls" }, items) : null;
  }

  // After the game: the rematch, or a new game.
  renderOver() {
    const s = this.state, items = [];
    if (s.options.mode === "hotseat") {
      // One person played both seats: nobody to ask for a rematch.
    } else if (s.next_game) {
      items.push(el("button", { class: "primary", id: "next-game", onclick: () => this.goRematch() }, t("web.next_game")));
    } else if (s.rematch[this.seat]) {
      items.push(el("span", { id: "rematch-waiting" }, t("web.rematch_waiting")));
    } else {
      items.push(el("button", { class: "primary", id: "rematch", onclick: () => this.send({ type: "rematch" }) },
        s.rematch[1 - this.seat] ? t("web.rematch_accept") : t("web.rematch")));
    }
    items.push(el("a", { href: "/", class: "button", id: "new-game" }, t("web.lobby_link")));
    return el("div", { class: "controls over-controls" }, items);
  }

  // Below both fleets, once the game is over: the statistics, the analysis (where the
  // server can judge the game: `state.analysis`) and the record.
  renderAfter() {
    const s = this.state;
    if (!s.stats) return null;
    const record = `${s.game}.json`;
    const note = this.board.recordNote ? this.board.recordNote(record) : t("web.analysis_note", { file: record });
    return el("div", { class: "over" }, this.board.renderStats(),
      s.analysis ? el("p", { class: "analysis-link" }, el("a", { id: "analysis-link", class: "button", href: `/analysis/${s.game}` }, t("web.analysis.link"))) : null,
      el("p", { class: "record" },
        el("a", { id: "record", href: `/api/games/${s.game}/record`, download: record, target: "_blank" }, t("web.record_link")),
        note ? [el("br"), el("small", { id: "analysis" }, note)] : null));
  }

  goRematch() {
    const next = this.state.next_game;
    keepToken(next, this.key.token);
    history.pushState({}, "", `/play/${next}`);
    this.shell.goTo(next, { token: this.key.token });
  }

  // The spectator link: for games between people (no one watches the computer's games).
  renderLinks() {
    const s = this.state;
    if (!this.isPlayer || this.opponentIsComputer || s.phase === "over") return null;
    const link = `${location.origin}/watch/${s.game}/${s.watch}`;
    return el("div", { class: "links" }, el("label", {}, t("web.watch_link"),
      el("input", { id: "watch-link", readonly: true, value: link, onclick: (e) => e.target.select() })));
  }

  renderLog() {
    const node = $("#log");
    if (!node) return;
    node.replaceChildren(...this.log.slice(-100).map((line) => el("div", {}, line())));
    node.scrollTop = node.scrollHeight;
  }
}
