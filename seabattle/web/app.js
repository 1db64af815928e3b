// Sea Battle in the browser: a thin client of the server's JSON protocol (docs/web-protocol.md).
// The server is the only authority: this file draws the state it is sent and sends intents.
// Every string comes from the server's catalogue (/api/messages), so nothing is translated here.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child.nodeType ? child : String(child));
  }
  return node;
};

let MSG = {};
let OPTIONS = null;
let LANG = localStorage.getItem("sb.lang") || ((navigator.language || "").startsWith("ru") ? "ru" : "en");

function t(key, params = {}) {
  let text = MSG[key] ?? key;
  return text.replace(/\{(\w+)(![rs])?\}/g, (_, name, conv) => {
    let value = params[name];
    if (value === undefined) return "";
    return conv === "!r" ? `'${value}'` : String(value);
  });
}
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const shipName = (name) => (name && MSG[`ship.${name}`]) ? t(`ship.${name}`) : (name || "");

async function loadMessages() {
  MSG = await (await fetch(`/api/messages?lang=${LANG}`)).json();
  document.documentElement.lang = LANG;
  document.title = t("web.title");
  $("#home").textContent = t("web.title");
  $("#lang").value = LANG;
}

// --- routing -------------------------------------------------------------------------

const tokenKey = (game) => `sb.token.${game}`;

async function route() {
  await loadMessages();
  OPTIONS = OPTIONS || await (await fetch("/api/options")).json();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "play" && parts[1]) return startGame(parts[1], { token: localStorage.getItem(tokenKey(parts[1])) });
  if (parts[0] === "watch" && parts[2]) return startGame(parts[1], { watch: parts[2] });
  if (parts[0] === "join" && parts[2]) return joinByInvite(parts[1], parts[2]);
  return showLobby();
}

$("#lang").addEventListener("change", async (e) => {
  LANG = e.target.value;
  localStorage.setItem("sb.lang", LANG);
  await loadMessages();
  if (GAME) { GAME.send({ type: "ping" }); GAME.relang(); } else showLobby();
});

function setScreen(name, ...children) {
  document.body.dataset.screen = name;
  const main = $("#main");
  main.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

// --- lobby -----------------------------------------------------------------------------

async function showLobby(error = "") {
  OPTIONS = OPTIONS || await (await fetch("/api/options")).json();
  const option = (value, label, selected = false) => el("option", { value, selected }, label);
  const pick = (id, label, options) => el("label", {}, label, el("select", { id }, options));
  const preset = pick("preset", t("web.lobby.preset"), OPTIONS.presets.map((p) => option(p.name, p.name, p.name === "classic")));
  const touching = pick("touching", t("web.lobby.touching"), [option("", t("web.default")),
    ...OPTIONS.touching.map((v) => option(v, t(`touching.${v}`)))]);
  const again = pick("shoot_again", t("web.lobby.shoot_again"), [option("", t("web.default")),
    option("true", t("web.yes")), option("false", t("web.no"))]);
  const alphabet = pick("alphabet", t("web.lobby.alphabet"), [option("", t("web.lobby.alphabet_default")),
    ...OPTIONS.alphabets.map((a) => option(a, a))]);
  const level = pick("level", t("web.lobby.level"), OPTIONS.levels.map((l) => option(l, t(`web.level.${l}`), l === "hard")));
  const timer = el("label", {}, t("web.lobby.timer"), el("input", { id: "turn_seconds", type: "number", min: 0, max: 3600, value: 60 }));
  const setupTimer = el("label", {}, t("web.lobby.setup_timer"), el("input", { id: "setup_seconds", type: "number", min: 0, max: 3600, value: 180 }));
  const err = el("p", { class: "error", id: "lobby-error" }, error);
  const language = pick("lobby-lang", t("web.lobby.language"), [option("en", "English", LANG === "en"), option("ru", "Русский", LANG === "ru")]);
  language.querySelector("select").addEventListener("change", (e) => { $("#lang").value = e.target.value; $("#lang").dispatchEvent(new Event("change")); });
  const mine = Object.keys(localStorage).filter((k) => k.startsWith("sb.token.")).map((k) => k.slice(9));
  const games = mine.length ? el("div", { class: "links", id: "my-games" }, t("web.lobby.your_games"),
    mine.slice(-10).map((g) => el("a", { href: `/play/${g}` }, g))) : null;
  const create = (mode) => async () => {
    const body = { mode, preset: $("#preset").value, level: $("#level").value,
      turn_seconds: parseInt($("#turn_seconds").value || "0", 10),
      setup_seconds: parseInt($("#setup_seconds").value || "0", 10) };
    if ($("#touching").value) body.touching = $("#touching").value;
    if ($("#shoot_again").value) body.shoot_again = $("#shoot_again").value === "true";
    if ($("#alphabet").value) body.alphabet = $("#alphabet").value;
    const response = await fetch(`/api/games?lang=${LANG}`, { method: "POST", body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { err.textContent = data.message; return; }
    localStorage.setItem(tokenKey(data.game), data.token);
    history.pushState({}, "", `/play/${data.game}`);
    startGame(data.game, { token: data.token });
  };
  setScreen("lobby", el("section", { class: "lobby" },
    el("h1", {}, t("web.title")), preset, touching, again, alphabet, language, timer, setupTimer, level,
    el("div", { class: "actions" },
      el("button", { class: "primary", id: "vs-computer", onclick: create("computer") }, t("web.lobby.vs_computer")),
      el("button", { id: "invite-friend", onclick: create("private") }, t("web.lobby.private")),
      el("button", { id: "random-opponent", onclick: create("random") }, t("web.lobby.random"))),
    err, games));
}

async function joinByInvite(game, invite) {
  const known = localStorage.getItem(tokenKey(game));
  if (!known) {
    const response = await fetch(`/api/games/${game}/join?lang=${LANG}`, { method: "POST", body: JSON.stringify({ invite }) });
    const data = await response.json();
    if (!response.ok) return showLobby(data.message);
    localStorage.setItem(tokenKey(game), data.token);
  }
  history.replaceState({}, "", `/play/${game}`);
  startGame(game, { token: localStorage.getItem(tokenKey(game)) });
}

// --- the game ----------------------------------------------------------------------------

let GAME = null;

function startGame(game, key) {
  if (!key.token && !key.watch) return showLobby(t("web.error.bad_token"));
  if (GAME) GAME.close();
  GAME = new GameClient(game, key);
}

class GameClient {
  constructor(game, key) {
    this.game = game; this.key = key; this.state = null; this.seq = 0; this.closed = false;
    this.log = []; this.answer = null; this.setup = null; this.cursor = { own: 0, enemy: 0 };
    this.error = ""; this.lastShot = null; this.deadline = null;
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

  close() { this.closed = true; clearInterval(this.timerHandle); if (this.ws) this.ws.close(); }
  send(message) { if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(message)); }
  relang() { this.ws.close(); }

  receive(m) {
    switch (m.type) {
      case "welcome": this.connectionLost = false; this.seat = m.seat; this.role = m.role; break;
      case "state": this.onState(m); break;
      case "error":
        if (!this.state) { setScreen("error", el("p", { class: "error", id: "fatal" }, m.message), el("a", { href: "/" }, t("web.lobby_link"))); this.closed = true; return; }
        this.error = m.message; this.render(); break;
      case "shot": this.onShot(m); break;
      case "chat": this.addLog(() => `${this.who(m.seat)}: ${t(m.phrase)}`); break;
      case "timeout": this.addLog(() => t("web.timeout", { n: m.seat + 1 }) + ` (${m.strikes}/2)`); break;
      case "game_over": this.addLog(() => this.resultText(m)); break;
      case "rematch_offered": if (m.seat !== this.seat) this.addLog(() => t("web.rematch_offered")); break;
      case "fleet_suggestion": if (this.setup) { this.setup.placed = m.ships.map((s) => s.slice()); this.setup.selected = null; this.setup.drawing = []; this.error = ""; this.render(); } break;
      case "fleet_ready":
        if (m.auto) this.addLog(() => (m.seat === this.seat ? t("web.setup.auto_yours") : t("web.setup.auto", { n: m.seat + 1 })));
        break;
      case "rematch_started": if (m.watch) this.addLog(() => t("web.rematch_started")); break;
      default: break;
    }
  }

  who(seat) {
    if (this.seat === null || this.seat === undefined) return t("web.field.player", { n: seat + 1 });
    return seat === this.seat ? t("web.you_said") : t("web.they_said");
  }

  addLog(line) { this.log.push(line); if (this.state) this.renderLog(); }

  onShot(m) {
    // Events replayed on (re)connection come before the state: name cells when drawn.
    const answer = () => `${this.cellName(m.cell)}: ` + (m.result === "miss" ? t("shot.miss")
      : m.result === "hit" ? t("shot.hit")
        : m.ship ? t("shot.sunk_named", { ship: shipName(m.ship) }) : t("shot.sunk"));
    this.answer = answer;
    this.lastShot = m;
    this.addLog(() => `${this.who(m.seat)} — ${answer()}`);
  }

  onState(s) {
    const first = !this.state;
    this.state = s; this.seq = s.seq;
    this.deadline = s.deadline_in === null ? null : Date.now() + s.deadline_in * 1000;
    if (s.phase === "setup" && this.seat !== null && this.seat !== undefined && !s.players[this.seat].ready) {
      if (!this.setup) this.setup = { placed: this.fleetKinds().map(() => null), selected: 0, vertical: false, hover: null, drawing: [] };
    } else {
      this.setup = null;
    }
    if (s.next_game && this.key.token && this.state.rematch[this.seat]) {
      localStorage.setItem(tokenKey(s.next_game), this.key.token);
    }
    if (first) this.error = "";
    this.render();
  }

  fleetKinds() {
    const kinds = [];
    for (const run of this.state.rules.ships) for (let i = 0; i < run.count; i++) kinds.push({ size: run.size, name: run.name, shape: run.shape });
    return kinds;
  }
  cellName(cell) { const w = this.state.rules.width; return `${this.state.columns[cell % w]}${Math.floor(cell / w) + 1}`; }
  get isPlayer() { return this.seat === 0 || this.seat === 1; }

  // --- rendering --------------------------------------------------------------------

  render() {
    const s = this.state;
    if (!s) return;
    document.body.dataset.phase = s.phase;
    document.body.dataset.seq = s.seq;
    document.body.dataset.turn = s.to_move === null ? "none" : (s.to_move === this.seat ? "me" : "them");
    const seats = this.isPlayer ? [this.seat, 1 - this.seat] : [0, 1];
    const fields = el("div", { class: "fields" }, seats.map((owner) => this.renderField(owner)));
    const parts = [el("div", { id: "status" }, this.statusText(), el("span", { id: "timer" })),
      el("div", { id: "answer" }, this.answer ? this.answer() : ""),
      this.connectionLost ? el("p", { class: "error", id: "connection" }, t("web.error.connection")) : null,
      el("p", { class: "error", id: "error" }, this.error),
      this.renderPresence(), this.setup ? this.renderSetupControls() : null, fields,
      this.renderControls(), el("div", { id: "log" }), this.renderLinks()];
    setScreen("game", ...parts);
    this.renderLog();
    this.tickTimer();
    if (this.focus) { const b = $(`#board-${this.focus}`); if (b) b.focus(); }
  }

  statusText() {
    const s = this.state;
    if (s.phase === "waiting") return s.options.mode === "random" ? t("web.waiting.random") : t("web.waiting.invite");
    if (s.phase === "setup") {
      if (!this.isPlayer) return t("web.waiting_battle");
      return s.players[this.seat].ready ? t("web.setup.waiting") : t("web.setup.title");
    }
    if (s.phase === "battle") {
      if (!this.isPlayer) return t("web.turn.player", { n: s.to_move + 1 });
      return s.to_move === this.seat ? t("web.turn.yours") : t("web.turn.theirs");
    }
    return this.resultText(s.result);
  }

  resultText(result) {
    const reason = t(`web.reason.${result.reason}`);
    if (!this.isPlayer) return `${t("web.over.winner", { n: result.winner + 1 })} (${reason})`;
    return `${result.winner === this.seat ? t("web.over.won") : t("web.over.lost")} (${reason})`;
  }

  tickTimer() {
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
    const wait = Math.max(0, Math.ceil(s.options.grace_seconds - (them.away_for || 0)));
    return el("div", { id: "presence", class: "controls" }, t("web.opponent_away"),
      el("button", { id: "claim", onclick: () => this.send({ type: "claim_win" }) }, t("web.claim")),
      wait > 0 ? t("web.claim_in", { seconds: wait }) : null);
  }

  renderField(owner) {
    const s = this.state;
    const mine = this.isPlayer && owner === this.seat;
    let title = mine ? t("web.field.yours") : this.isPlayer ? (s.players[owner].computer ? t("web.field.computer") : t("web.field.enemy"))
      : t("web.field.player", { n: owner + 1 });
    const board = s.boards[owner];
    const afloat = board.afloat && board.afloat.length ? t("web.afloat", { ships: board.afloat.map(shipName).join(", ") })
      : t("web.afloat_count", { count: board.afloat_count });
    const strikes = s.options.turn_seconds && s.players[owner].strikes ? ` · ${t("web.strikes", { count: s.players[owner].strikes, limit: 2 })}` : "";
    return el("section", { class: "field", "data-owner": owner },
      el("h2", {}, title, strikes), this.renderBoard(owner, mine), el("div", { class: "afloat" }, afloat));
  }

  renderBoard(owner, mine) {
    const s = this.state, w = s.rules.width, h = s.rules.height, b = s.boards[owner];
    const classes = new Map();
    const add = (cell, c) => { if (!classes.has(cell)) classes.set(cell, new Set()); classes.get(cell).add(c); };
    if (this.setup && mine) {
      this.setup.placed.forEach((cells) => cells && cells.forEach((c) => add(c, "ship")));
      const marked = this.drawingProblem() ? "preview-bad" : "preview-ok";
      this.setup.drawing.forEach((c) => add(c, marked));
      const preview = this.previewCells();
      if (preview) { const ok = !this.placementProblem(preview.cells, this.setup.selected); preview.cells.forEach((c) => add(c, ok ? "preview-ok" : "preview-bad")); }
    } else if (b.ships) {
      b.ships.forEach((ship) => ship.cells.forEach((c) => add(c, "ship")));
    }
    b.ring.forEach((c) => add(c, "ring"));
    b.shots.forEach((shot) => add(shot.cell, shot.result === "miss" ? "miss" : "hit"));
    b.sunk.forEach((ship) => (ship.cells || [ship.cell]).forEach((c) => add(c, "sunk")));
    if (this.lastShot && this.lastShot.seat !== owner) add(this.lastShot.cell, "last");
    const role = mine ? "own" : "enemy";
    const active = !mine && this.isPlayer && s.phase === "battle" && s.to_move === this.seat;
    const cursor = this.cursor[role];
    const grid = el("div", { class: `board ${role}${active ? " active" : ""}`, id: `board-${role}`, tabindex: 0,
      "data-owner": owner, role: "grid", "aria-label": role,
      style: `grid-template-columns: repeat(${w + 1}, var(--cell));` + (w > 10 ? `--cell: min(30px, calc((100vw - 36px) / ${w + 1}));` : "") });
    grid.append(el("div", { class: "label" }));
    for (let c = 0; c < w; c++) grid.append(el("div", { class: "label" }, s.columns[c]));
    for (let r = 0; r < h; r++) {
      grid.append(el("div", { class: "label" }, r + 1));
      for (let c = 0; c < w; c++) {
        const cell = r * w + c;
        const cls = ["cell", ...(classes.get(cell) || [])];
        if ((this.focus === role) && cursor === cell) cls.push("cursor");
        grid.append(el("button", { class: cls.join(" "), "data-cell": cell, tabindex: -1, "aria-label": this.cellName(cell) }));
      }
    }
    if (mine && this.setup) this.bindSetup(grid);
    if (!mine && this.isPlayer) this.bindFire(grid);
    return grid;
  }

  bindFire(grid) {
    grid.addEventListener("click", (e) => {
      const cell = e.target.closest(".cell");
      if (cell) this.fire(Number(cell.dataset.cell));
    });
    grid.addEventListener("keydown", (e) => this.moveCursor(e, "enemy", () => this.fire(this.cursor.enemy)));
  }

  fire(cell) {
    const s = this.state;
    if (s.phase !== "battle" || s.to_move !== this.seat) return;
    this.error = "";
    this.send({ type: "fire", cell });
  }

  moveCursor(e, role, onEnter) {
    const w = this.state.rules.width, h = this.state.rules.height;
    let cur = this.cursor[role];
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -w, ArrowDown: w };
    if (e.key in moves) {
      e.preventDefault();
      const next = cur + moves[e.key];
      if (next >= 0 && next < w * h && !(Math.abs(moves[e.key]) === 1 && Math.floor(next / w) !== Math.floor(cur / w))) cur = next;
      this.cursor[role] = cur; this.focus = role;
      if (this.setup && role === "own") this.setup.hover = cur;
      this.render();
      return true;
    }
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.focus = role; onEnter(); return true; }
    return false;
  }

  // --- set-up ---------------------------------------------------------------------------

  previewCells() {
    const st = this.setup;
    if (this.paintMode() || st.selected === null || st.hover === null) return null;
    const kind = this.fleetKinds()[st.selected];
    return { cells: this.lineCells(st.hover, kind.size, st.vertical) };
  }

  lineCells(start, size, vertical) {
    const w = this.state.rules.width, h = this.state.rules.height;
    const r = Math.floor(start / w), c = start % w, cells = [];
    for (let i = 0; i < size; i++) {
      const rr = vertical ? r + i : r, cc = vertical ? c : c + i;
      cells.push(rr < h && cc < w ? rr * w + cc : -1);
    }
    return cells;
  }

  placementProblem(cells, index) {
    // A quick local check to show legality while dragging; the server has the last word.
    const w = this.state.rules.width, h = this.state.rules.height;
    if (cells.some((c) => c < 0 || c >= w * h)) return t("web.setup.off_field");
    const touching = this.state.rules.touching;
    for (const [i, other] of this.setup.placed.entries()) {
      if (!other || i === index) continue;
      for (const a of cells) for (const b of other) {
        if (a === b) return t("web.setup.overlap");
        const dr = Math.abs(Math.floor(a / w) - Math.floor(b / w)), dc = Math.abs((a % w) - (b % w));
        const side = dr + dc === 1, corner = dr === 1 && dc === 1;
        if ((touching === "none" && (side || corner)) || (touching === "corners" && side)) {
          return t("web.setup.touch", { rule: t(`touching.${touching}`) });
        }
      }
    }
    return null;
  }

  placeAt(index, start, vertical) {
    const kind = this.fleetKinds()[index];
    const cells = this.lineCells(start, kind.size, vertical);
    const problem = this.placementProblem(cells, index);
    if (problem) { this.error = problem; return false; }
    this.setup.placed[index] = cells;
    this.error = "";
    const next = this.setup.placed.findIndex((p) => !p);
    this.setup.selected = next < 0 ? null : next;
    return true;
  }

  shipAt(cell) { return this.setup.placed.findIndex((p) => p && p.includes(cell)); }
  straight() { return this.fleetKinds().every((k) => k.shape === "straight"); }

  rotatePlaced(index) {
    const cells = this.setup.placed[index];
    const w = this.state.rules.width;
    const vertical = cells.length > 1 && cells[1] - cells[0] === w;
    const before = this.setup.placed[index];
    this.setup.placed[index] = null;
    if (!this.placeAt(index, cells[0], !vertical)) this.setup.placed[index] = before;
    this.setup.selected = this.setup.placed.findIndex((p) => !p) >= 0 ? this.setup.placed.findIndex((p) => !p) : null;
  }

  bindSetup(grid) {
    if (this.paintMode()) {
      grid.addEventListener("click", (e) => {
        const cell = e.target.closest(".cell");
        if (cell) { this.paintCell(Number(cell.dataset.cell)); this.render(); }
      });
      grid.addEventListener("keydown", (e) => this.paintKey(e));
      return;
    }
    const cellOf = (e) => {
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const cell = target && target.closest && target.closest(`#board-own .cell`);
      return cell ? Number(cell.dataset.cell) : null;
    };
    grid.addEventListener("pointerdown", (e) => {
      const cell = cellOf(e);
      if (cell === null) return;
      const index = this.shipAt(cell);
      if (index >= 0 && this.setup.selected === null) {
        // Pick a placed ship up: a click without moving rotates it, a drag moves it.
        this.drag = { index, from: this.setup.placed[index], cell, moved: false };
        e.preventDefault();
      }
    });
    this.cellOf = cellOf;
    grid.addEventListener("keydown", (e) => this.setupKey(e));
  }

  setupPointerMove(e) {
    if (!this.setup || !this.cellOf || this.paintMode() || (this.setup.selected === null && !this.drag)) return;
    const cell = this.cellOf(e);
    if (this.drag && cell !== null && cell !== this.drag.cell) this.drag.moved = true;
    if (cell !== this.setup.hover && this.setup.selected !== null) { this.setup.hover = cell; this.render(); }
  }

  setupPointerUp(e) {
    if (!this.setup || !this.cellOf || this.paintMode()) return;
    const cell = this.cellOf(e);
    const fromDock = this.dockDrag; this.dockDrag = false;
    {
      const drag = this.drag; this.drag = null;
      if (drag) {
        if (cell === null || cell === drag.cell) { this.rotatePlaced(drag.index); }
        else {
          const offset = drag.from.indexOf(drag.cell);
          const vertical = drag.from.length > 1 && drag.from[1] - drag.from[0] === this.state.rules.width;
          const start = cell - offset * (vertical ? this.state.rules.width : 1);
          this.setup.placed[drag.index] = null;
          if (!this.placeAt(drag.index, start, vertical)) this.setup.placed[drag.index] = drag.from;
          this.setup.selected = this.setup.placed.findIndex((p) => !p) >= 0 ? this.setup.placed.findIndex((p) => !p) : null;
        }
        this.render();
        return;
      }
      if (cell !== null && this.setup.selected !== null) { this.placeAt(this.setup.selected, cell, this.setup.vertical); this.render(); }
      else if (fromDock) this.render();
    }
  }

  setupKey(e) {
    {
      if (e.key === "r" || e.key === "R" || e.key === "к" || e.key === "К") {
        e.preventDefault(); this.focus = "own";
        const index = this.shipAt(this.cursor.own);
        if (this.setup.selected === null && index >= 0) this.rotatePlaced(index); else this.setup.vertical = !this.setup.vertical;
        this.render(); return;
      }
      if (e.key === "Delete" || e.key === "Backspace") {
        e.preventDefault(); this.focus = "own";
        const index = this.shipAt(this.cursor.own);
        if (index >= 0) { this.setup.placed[index] = null; this.setup.selected = index; }
        this.render(); return;
      }
      this.moveCursor(e, "own", () => {
        const index = this.shipAt(this.cursor.own);
        if (this.setup.selected === null && index >= 0) { this.setup.placed[index] = null; this.setup.selected = index; }
        else if (this.setup.selected !== null) this.placeAt(this.setup.selected, this.cursor.own, this.setup.vertical);
        this.setup.hover = this.cursor.own;
        this.render();
      });
    }
  }

  // Ships that may bend are painted cell by cell: pick a kind in the dock, mark its cells.
  // The checks here only explain; the server validates the whole fleet on "place".

  paintMode() { return !this.straight(); }

  paintCell(cell) {
    const st = this.setup, kinds = this.fleetKinds();
    const owner = this.shipAt(cell);
    if (owner >= 0 && !st.drawing.length) {  // a placed ship goes back to be painted again
      st.placed[owner] = null; st.selected = owner; this.error = ""; return;
    }
    if (st.selected === null || st.placed[st.selected]) {
      const next = st.placed.findIndex((p) => !p);
      st.selected = next < 0 ? null : next;
    }
    if (st.selected === null) return;
    const kind = kinds[st.selected];
    const at = st.drawing.indexOf(cell);
    if (at >= 0) { st.drawing.splice(at, 1); this.error = this.drawingProblem() || ""; return; }
    if (st.drawing.length >= kind.size) { this.error = t("web.setup.full", { size: kind.size }); return; }
    const problem = this.placementProblem([cell], st.selected);
    if (problem) { this.error = problem; return; }
    st.drawing.push(cell);
    this.error = this.drawingProblem() || "";
    if (st.drawing.length === kind.size && !this.error) {
      st.placed[st.selected] = st.drawing.slice().sort((a, b) => a - b);
      st.drawing = [];
      const next = st.placed.findIndex((p) => !p);
      st.selected = next < 0 ? null : next;
    }
  }

  drawingProblem() {
    // Only a complete ship can be judged: its cells may be marked in any order.
    const st = this.setup;
    if (!st || st.selected === null || !st.drawing.length) return null;
    const kind = this.fleetKinds()[st.selected], cells = st.drawing, w = this.state.rules.width;
    if (cells.length < kind.size) return null;
    const left = new Set(cells), queue = [cells[0]];
    left.delete(cells[0]);
    while (queue.length) {
      const c = queue.pop();
      for (const n of [c - w, c + w, c % w ? c - 1 : -1, c % w < w - 1 ? c + 1 : -1]) {
        if (left.has(n)) { left.delete(n); queue.push(n); }
      }
    }
    if (left.size) return t("web.setup.not_joined");
    const rows = new Set(cells.map((c) => Math.floor(c / w))), cols = new Set(cells.map((c) => c % w));
    if (kind.shape === "straight" && rows.size > 1 && cols.size > 1) return t("web.setup.not_line");
    return null;
  }

  paintKey(e) {
    const st = this.setup;
    if (e.key === "Escape") { e.preventDefault(); st.drawing = []; this.error = ""; this.render(); return; }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault(); this.focus = "own";
      const cell = this.cursor.own, index = this.shipAt(cell), at = st.drawing.indexOf(cell);
      if (at >= 0) st.drawing.splice(at, 1);
      else if (index >= 0 && !st.drawing.length) { st.placed[index] = null; st.selected = index; }
      this.error = "";
      this.render(); return;
    }
    this.moveCursor(e, "own", () => { this.paintCell(this.cursor.own); this.render(); });
  }

  renderSetupControls() {
    const st = this.setup, kinds = this.fleetKinds();
    const dock = el("div", { class: "dock", id: "dock" }, kinds.map((kind, i) => el("button", {
      class: (st.selected === i ? "selected " : "") + (st.placed[i] ? "placed" : ""), "data-ship": i, title: shipName(kind.name),
      onpointerdown: (e) => { if (this.paintMode()) return; this.setup.selected = i; this.setup.placed[i] = null; this.dockDrag = true; e.preventDefault(); },
      onclick: () => {
        this.setup.selected = i; this.setup.placed[i] = null;
        if (this.paintMode()) { this.setup.drawing = []; this.error = ""; }
        this.render();
      },
    }, Array.from({ length: kind.size }, () => el("span")))));
    const left = st.placed.filter((p) => !p).length;
    const ready = el("button", { class: "primary", id: "ready", disabled: left > 0, onclick: () => {
      this.error = ""; this.send({ type: "place", ships: st.placed });
    } }, t("web.setup.ready"));
    const painting = this.paintMode() && st.selected !== null ? el("p", { id: "marked" }, t("web.setup.marked", {
      ship: capitalised(shipName(kinds[st.selected].name)), count: st.drawing.length, size: kinds[st.selected].size })) : null;
    return el("div", {},
      el("p", {}, this.straight() ? t("web.setup.help") : t("web.setup.bent_help")),
      this.state.options.setup_seconds ? el("p", { id: "setup-timer-note" }, t("web.setup.timer_note")) : null,
      dock, painting,
      el("div", { class: "controls" },
        el("button", { id: "random", onclick: () => this.send({ type: "random_fleet" }) }, t("web.setup.random")),
        el("button", { id: "rotate", disabled: !this.straight(), onclick: () => { st.vertical = !st.vertical; this.render(); } }, t("web.setup.rotate")),
        el("button", { id: "clear", onclick: () => { st.placed = kinds.map(() => null); st.selected = 0; st.drawing = []; this.error = ""; this.render(); } }, t("web.setup.clear")),
        ready, t("web.setup.left", { count: left })));
  }

  // --- the rest ---------------------------------------------------------------------------

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
    if (s.phase !== "waiting" && s.phase !== "over") {
      const select = el("select", { id: "chat-phrase" }, OPTIONS.chat.map((p) => el("option", { value: p }, t(p))));
      items.push(select, el("button", { id: "chat-send", onclick: () => this.send({ type: "chat", phrase: select.value }) }, t("web.chat")));
    }
    if (s.phase === "over") {
      if (s.stats) {
        items.push(el("div", { class: "stats", id: "stats" }, [0, 1].map((seat) => el("div", {},
          `${seat === this.seat ? t("web.you_said") : t("web.they_said")}: `,
          t("web.stats", { ...s.stats[seat], accuracy: Math.round(s.stats[seat].accuracy * 100) })))));
        items.push(el("a", { id: "record", href: `/api/games/${s.game}/record`, target: "_blank" }, t("web.record_link")));
      }
      if (s.next_game) {
        items.push(el("button", { class: "primary", id: "next-game", onclick: () => this.goRematch() }, t("web.next_game")));
      } else if (s.rematch[this.seat]) {
        items.push(el("span", {}, t("web.rematch_waiting")));
      } else {
        items.push(el("button", { class: "primary", id: "rematch", onclick: () => this.send({ type: "rematch" }) },
          s.rematch[1 - this.seat] ? `${t("web.rematch")} ✓` : t("web.rematch")));
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
    if (s.invite) links.push(field(t("web.waiting.invite"), "invite-link", `${origin}/join/${s.game}/${s.invite}`));
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
// Set-up pointer moves are followed on the whole document: a touch that starts on the dock
// stays captured by the dock button, so the field would never hear of it.
document.addEventListener("pointermove", (e) => { if (GAME) GAME.setupPointerMove(e); });
document.addEventListener("pointerup", (e) => { if (GAME) GAME.setupPointerUp(e); });
route();
