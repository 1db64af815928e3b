// Sea Battle in the browser: a thin client of the server's JSON protocol (docs/web-protocol.md).
// The server is the only authority: the page draws the state it is sent and sends intents.
// Every string comes from the server's catalogue (/api/messages), so nothing is translated here.
//
// This file is the shell, the same for every game: routing, the lobby and the player's list
// of games, the connection and its reconnection, the status line, timers, presence and the
// claim, chat, resignation, the rematch, notices and the log. The game itself (the lobby's
// rule-set fields, set-up, fields, moves, the log lines of its events) is drawn by the game's
// board module under games/, whose interface games/index.js describes.
// $, el, t, MSG, LANG and loadMessages come from common.js (shared with the classroom).
import { GAMES, gameName } from "./games/index.js";

let OPTIONS = null;  // /api/options, in the language of the page (games' titles)
// The game the lobby creates: chosen first in the lobby, among the hosted games this page
// has a board module for.
let lobbyGame = localStorage.getItem("sb.lobby.game") || "battleship";
const fetchOptions = async () => (await fetch(`/api/options?lang=${LANG}`)).json();

// --- routing -------------------------------------------------------------------------

const tokenKey = (game) => `sb.token.${game}`;
// What this browser remembers of each of its games, for the lobby's list: the rules' title
// (as the server gave it, in the language of then), when it was first seen, and how it
// ended (``won`` / ``lost``) once it has. Notes from before titles were kept hold the rules'
// name (``rules``), shown as it is until the game is opened again.
const noteKey = (game) => `sb.game.${game}`;
const gameNote = (game) => { try { return JSON.parse(localStorage.getItem(noteKey(game)) || "{}"); } catch { return {}; } };
const noteGame = (game, fields) => localStorage.setItem(noteKey(game), JSON.stringify({ ...gameNote(game), ...fields }));

// The games this browser holds a seat in, the newest first.
function myGames() {
  return Object.keys(localStorage).filter((k) => k.startsWith("sb.token.")).map((k) => k.slice(9))
    .map((game) => ({ game, ...gameNote(game) })).sort((a, b) => (b.at || 0) - (a.at || 0));
}

function describeGame(g) {
  const when = g.at ? new Date(g.at).toLocaleString(LANG === "ru" ? "ru-RU" : "en-GB",
    { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) : g.game;
  const status = t(g.result ? `web.lobby.game_${g.result}` : "web.lobby.game_on");
  return [when, g.title || g.rules || null, status].filter(Boolean).join(" · ");
}

async function route() {
  await loadMessages("web.title");
  OPTIONS = OPTIONS || await fetchOptions();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "play" && parts[1]) return startGame(parts[1], { token: localStorage.getItem(tokenKey(parts[1])) });
  if (parts[0] === "watch" && parts[2]) return startGame(parts[1], { watch: parts[2] });
  if (parts[0] === "join" && parts[2]) return joinByInvite(parts[1], parts[2]);
  return showLobby();
}

$("#lang").addEventListener("change", async (e) => {
  LANG = e.target.value;
  localStorage.setItem("sb.lang", LANG);
  // The games' titles are the server's, in the new language (fetched before the page
  // speaks it, so that the lobby is redrawn at once).
  OPTIONS = GAME ? null : await fetchOptions();
  await loadMessages("web.title");
  if (GAME) { GAME.send({ type: "ping" }); GAME.relang(); } else showLobby();
});

function setScreen(name, ...children) {
  document.body.dataset.screen = name;
  const main = $("#main");
  main.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

// --- lobby -----------------------------------------------------------------------------

async function showLobby(error = "") {
  OPTIONS = OPTIONS || await fetchOptions();
  // The games offered: those the server hosts (``games``) that have a board module here.
  const hosted = OPTIONS.games || { battleship: { ...OPTIONS, title: "battleship" } };
  const offered = Object.keys(hosted).filter((name) => GAMES[name]);
  if (!offered.includes(lobbyGame)) lobbyGame = offered[0];
  const game = GAMES[lobbyGame];
  const gameOptions = hosted[lobbyGame];
  const option = (value, label, selected = false) => el("option", { value, selected }, label);
  const pick = (id, label, options) => el("label", {}, label, el("select", { id }, options));
  // The game first: a heading when there is one, else a choice that redraws the form.
  const gameChoice = offered.length === 1 ? el("h2", { id: "game-title" }, gameOptions.title)
    : pick("game", t("web.lobby.game"), offered.map((name) => option(name, hosted[name].title, name === lobbyGame)));
  if (offered.length > 1) {
    $("select", gameChoice).addEventListener("change", (e) => {
      lobbyGame = e.target.value; localStorage.setItem("sb.lobby.game", lobbyGame); showLobby();
    });
  }
  const level = pick("level", t("web.lobby.level"), gameOptions.levels.map((l) => option(l, t(`web.level.${l}`), l === "hard")));
  const timer = el("label", {}, t("web.lobby.timer"), el("input", { id: "turn_seconds", type: "number", min: 0, max: 3600, value: 60 }));
  const setupTimer = el("label", {}, t("web.lobby.setup_timer"), el("input", { id: "setup_seconds", type: "number", min: 0, max: 3600, value: 180 }));
  const err = el("p", { class: "error", id: "lobby-error" }, error);
  const language = pick("lobby-lang", t("web.lobby.language"), [option("en", "English", LANG === "en"), option("ru", "Русский", LANG === "ru")]);
  language.querySelector("select").addEventListener("change", (e) => { $("#lang").value = e.target.value; $("#lang").dispatchEvent(new Event("change")); });
  const games = myGames();
  const gameList = games.length ? el("div", { class: "links", id: "my-games" }, t("web.lobby.your_games"),
    games.slice(0, 10).map((g) => el("a", { href: `/play/${g.game}` }, describeGame(g)))) : null;
  const create = (mode) => async () => {
    const body = { game: lobbyGame, mode, ...game.lobbyRequest(), level: $("#level").value,
      turn_seconds: parseInt($("#turn_seconds").value || "0", 10),
      setup_seconds: parseInt($("#setup_seconds").value || "0", 10) };
    const response = await fetch(`/api/games?lang=${LANG}`, { method: "POST", body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { err.textContent = data.message; return; }
    localStorage.setItem(tokenKey(data.game), data.token);
    history.pushState({}, "", `/play/${data.game}`);
    startGame(data.game, { token: data.token });
  };
  setScreen("lobby", el("section", { class: "lobby" },
    el("h1", {}, t("web.title")), err, gameChoice, ...game.lobbyFields(gameOptions), language, timer, setupTimer, level,
    el("div", { class: "actions" },
      el("button", { class: "primary", id: "vs-computer", onclick: create("computer") }, t("web.lobby.vs_computer")),
      el("button", { id: "invite-friend", onclick: create("private") }, t("web.lobby.private")),
      el("button", { id: "random-opponent", onclick: create("random") }, t("web.lobby.random"))),
    el("a", { href: "/classroom", id: "classroom-link" }, t("web.lobby.classroom")),
    gameList));
}

async function joinByInvite(game, invite) {
  const known = localStorage.getItem(tokenKey(game));
  if (!known) {
    const response = await fetch(`/api/games/${game}/join?lang=${LANG}`, { method: "POST", body: JSON.stringify({ invite }) });
    const data = await response.json();
    if (!response.ok) { history.replaceState({}, "", "/"); return showLobby(data.message); }
    localStorage.setItem(tokenKey(game), data.token);
  }
  history.replaceState({}, "", `/play/${game}`);
  startGame(game, { token: localStorage.getItem(tokenKey(game)) });
}

// --- the game ----------------------------------------------------------------------------

let GAME = null;

function startGame(game, key) {
  if (!key.token && !key.watch) { history.replaceState({}, "", "/"); return showLobby(t("web.error.bad_token")); }
  if (GAME) GAME.close();
  GAME = new GameClient(game, key);
}

class GameClient {
  constructor(game, key) {
    this.game = game; this.key = key; this.state = null; this.seq = 0; this.closed = false;
    this.log = []; this.error = ""; this.deadline = null;
    // The game's board, made at the first state (which says which game it is); events that
    // come before it, on a (re)connection, wait for it in their order.
    this.board = null; this.early = [];
    this.timerHandle = setInterval(() => this.tickTimer(), 250);
    setScreen("game", el("p", { class: "notice" }, "…"));
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", game: this.game, since: this.seq, lang: LANG, ...this.key }));
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.closed || this.ws !== ws) return;
      this.connectionLost = true;
      this.render();
      setTimeout(() => { if (!this.closed && this.ws === ws) this.connect(); }, 1000);
    };
  }

  close() {
    this.closed = true; clearInterval(this.timerHandle);
    if (this.ws) this.ws.close();
    if (this.board) this.board.close();
  }

  send(message) {
    if (this.ws && this.ws.readyState === 1) { this.ws.send(JSON.stringify(message)); return; }
    if (message.type !== "ping") { this.error = t("web.error.not_sent"); this.render(); }
  }
  relang() { this.ws.close(); }

  // What the board may use of this page (games/index.js).
  boardApi() {
    const client = this;
    return {
      get state() { return client.state; },
      get seat() { return client.seat; },
      get isPlayer() { return client.isPlayer; },
      get error() { return client.error; },
      set error(text) { client.error = text; },
      send: (message) => client.send(message),
      render: () => client.render(),
      log: (line) => client.addLog(line),
      who: (seat) => client.who(seat),
      bySide: (seat, watchKey, yoursKey, theirsKey) => client.bySide(seat, watchKey, yoursKey, theirsKey),
    };
  }

  receive(m) {
    if (!this.board && !["welcome", "state", "error"].includes(m.type)) { this.early.push(m); return; }
    switch (m.type) {
      case "welcome": this.connectionLost = false; this.seat = m.seat; this.role = m.role; break;
      case "state": this.onState(m); break;
      case "error":
        if (!this.state) { this.fatal(m.message); return; }
        this.error = m.message;
        if (this.board && this.board.onError) this.board.onError(m);
        this.render(); break;
      case "chat": this.addLog(() => `${this.who(m.seat)}: ${t(m.phrase)}`); break;
      case "timeout": this.addLog(() => this.bySide(m.seat, "web.timeout", "web.timeout_yours", "web.timeout_theirs") + ` (${m.strikes}/2)`); break;
      case "game_over": this.addLog(() => this.resultText(m)); break;
      case "rematch_offered":  // an answer to one's own offer starts the rematch at once
        if (m.seat !== this.seat && !(this.state && this.isPlayer && this.state.rematch[this.seat])) this.addLog(() => t("web.rematch_offered"));
        break;
      case "rematch_started": if (m.watch) this.addLog(() => t("web.rematch_started")); break;
      default: this.board.receive(m); break;
    }
  }

  fatal(message) {
    setScreen("error", el("p", { class: "error", id: "fatal" }, message), el("a", { href: "/" }, t("web.lobby_link")));
    this.closed = true;
  }

  who(seat) {
    if (this.seat === null || this.seat === undefined) return t("web.field.player", { n: seat + 1 });
    return seat === this.seat ? t("web.you_said") : t("web.they_said");
  }

  // The message about ``seat``: as the player's own, the opponent's, or (to a spectator) player n's.
  bySide(seat, watchKey, yoursKey, theirsKey) {
    if (!this.isPlayer) return t(watchKey, { n: seat + 1 });
    return t(seat === this.seat ? yoursKey : theirsKey);
  }

  addLog(line) { this.log.push(line); if (this.state) this.renderLog(); }

  onState(s) {
    if (!this.board) {
      const game = GAMES[gameName(s)];
      // A game this page has no module for (a newer server): said, not drawn as Battleship.
      if (!game) { this.fatal(`${t("web.error.no_game")}: ${gameName(s)}`); this.ws.close(); return; }
      this.board = game.createBoard(this.boardApi());
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
        noteGame(this.game, { result: s.result.winner === this.seat ? "won" : "lost" });
      }
    }
    this.deadline = s.deadline_in === null ? null : Date.now() + s.deadline_in * 1000;
    if (s.next_game && this.key.token && this.state.rematch[this.seat]) {
      localStorage.setItem(tokenKey(s.next_game), this.key.token);
      // Agreed just now, while watching this page: go straight to the rematch. (A page
      // opened on a finished game stays on it and offers a button instead.)
      if (before && !before.next_game) { this.goRematch(); return; }
    }
    if (first) this.error = "";
    this.board.onState(s);
    this.render();
  }

  get isPlayer() { return this.seat === 0 || this.seat === 1; }

  // --- rendering --------------------------------------------------------------------

  render() {
    const s = this.state;
    if (!s) return;
    document.body.dataset.phase = s.phase;
    document.body.dataset.seq = s.seq;
    document.body.dataset.turn = s.pending ? (s.pending.seat === this.seat ? "decide" : "them")
      : s.to_move === null ? "none" : (s.to_move === this.seat ? "me" : "them");
    const waiting = s.phase === "waiting";
    const board = this.board.render();
    const parts = [el("div", { id: "status" }, this.statusText(), el("span", { id: "timer" })),
      waiting ? this.renderInvitation() : el("p", { id: "rules-line" }, t("web.rules_line", { rules: this.board.rulesText() })),
      el("div", { id: "answer" }, board.headline),
      this.connectionLost ? el("p", { class: "error", id: "connection" }, t("web.error.connection")) : null,
      // The engine's sentences start in lower case (they are also parts of others).
      el("p", { class: "error", id: "error" }, this.error.charAt(0).toUpperCase() + this.error.slice(1)),
      this.renderPresence(), ...board.controls, waiting ? null : board.fields,
      this.renderControls(), el("div", { id: "log" }), waiting ? null : this.renderLinks()];
    setScreen("game", ...parts);
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
    if (!s.invite) return el("div", { class: "controls" }, el("a", { href: "/", id: "back-to-lobby" }, t("web.invite_back")));
    const link = `${location.origin}/join/${s.game}/${s.invite}`;
    const input = el("input", { id: "invite-link", readonly: true, value: link, onclick: (e) => e.target.select() });
    const copy = el("button", { id: "invite-copy", class: "primary", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
      copy.textContent = t("web.invite_copied");
    } }, t("web.invite_copy"));
    return el("div", { class: "invitation" }, el("div", { class: "controls" }, input, copy),
      el("p", {}, t("web.rules_line", { rules: this.board.rulesText() })),
      el("a", { href: "/", id: "back-to-lobby" }, t("web.invite_back")));
  }

  resultText(result) {
    const reason = t(`web.reason.${result.reason}`);
    if (!this.isPlayer) return `${t("web.over.winner", { n: result.winner + 1 })} (${reason})`;
    return `${result.winner === this.seat ? t("web.over.won") : t("web.over.lost")} (${reason})`;
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
    node.textContent = t("web.timer", { seconds: Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000)) });
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
    if (s.phase === "battle" || s.phase === "setup") {
      items.push(el("button", { id: "resign", onclick: () => { if (confirm(t("web.resign_confirm"))) this.send({ type: "resign" }); } }, t("web.resign")));
    }
    if (s.phase !== "waiting" && s.phase !== "over" && !s.players[1 - this.seat].computer) {
      const select = el("select", { id: "chat-phrase" }, OPTIONS.chat.map((p) => el("option", { value: p }, t(p))));
      items.push(select, el("button", { id: "chat-send", onclick: () => this.send({ type: "chat", phrase: select.value }) }, t("web.chat")));
    }
    if (s.phase === "over") {
      if (s.stats) {
        items.push(this.board.renderStats());
        items.push(el("a", { id: "record", href: `/api/games/${s.game}/record`, target: "_blank" }, t("web.record_link")));
      }
      if (s.next_game) {
        items.push(el("button", { class: "primary", id: "next-game", onclick: () => this.goRematch() }, t("web.next_game")));
      } else if (s.rematch[this.seat]) {
        items.push(el("span", {}, t("web.rematch_waiting")));
      } else {
        items.push(el("button", { class: "primary", id: "rematch", onclick: () => this.send({ type: "rematch" }) },
          s.rematch[1 - this.seat] ? t("web.rematch_accept") : t("web.rematch")));
      }
      items.push(el("a", { href: "/" }, t("web.lobby_link")));
    }
    return el("div", { class: "controls" }, items);
  }

  goRematch() {
    const next = this.state.next_game;
    localStorage.setItem(tokenKey(next), this.key.token);
    history.pushState({}, "", `/play/${next}`);
    startGame(next, { token: this.key.token });
  }

  renderLinks() {
    const s = this.state, origin = location.origin, links = [];
    const field = (label, id, value) => el("label", {}, label, el("input", { id, readonly: true, value, onclick: (e) => e.target.select() }));
    links.push(field(t("web.watch_link"), "watch-link", `${origin}/watch/${s.game}/${s.watch}`));
    return el("div", { class: "links" }, links);
  }

  renderLog() {
    const node = $("#log");
    if (!node) return;
    node.replaceChildren(...this.log.slice(-100).map((line) => el("div", {}, line())));
    node.scrollTop = node.scrollHeight;
  }
}

window.addEventListener("popstate", () => { if (GAME) { GAME.close(); GAME = null; } route(); });
route();
