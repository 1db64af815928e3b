// Battleship's board module for the browser shell (app.js): the lobby's rule-set fields,
// the set-up (drag and drop, rotate, paint), the two fields, aiming, salvoes, decisions,
// the rules line and the log of its events. The interface it implements is described in
// games/index.js. Like the shell, it draws what the server sends and sends intents; the few
// rules it still computes itself, to explain before the server refuses, are listed in
// docs/web-protocol.md («Rules the client still computes»).
// $, el, t, MSG and LANG come from common.js (a classic script shared with the classroom).

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const shipName = (name) => (name && MSG[`ship.${name}`]) ? t(`ship.${name}`)
  : (name && MSG[`role.${name}`]) ? t(`role.${name}`) : (name || "");
const kindName = (kind) => shipName(kind.name || kind.role);
// Names with their repeats counted, in first-seen order: "cruiser ×2, torpedo boat".
const counted = (names) => {
  const counts = new Map();
  names.forEach((name) => counts.set(name, (counts.get(name) || 0) + 1));
  return [...counts].map(([name, n]) => (n > 1 ? `${name}\u00a0×${n}` : name)).join(", ");
};
// A preset or alphabet as a menu shows it: its title in the catalogue, else its name.
const titled = (prefix, name) => (MSG[`${prefix}.${name}`] ? t(`${prefix}.${name}`) : name);
const SYMBOL = { submarine: "◆", mine: "✱", minesweeper: "▲" };

// --- the lobby's rule-set fields ---------------------------------------------------------

// The new-game form's fields for Battleship's rule set, from /api/options.
export function lobbyFields(options) {
  const option = (value, label, selected = false) => el("option", { value, selected }, label);
  const pick = (id, label, choices) => el("label", {}, label, el("select", { id }, choices));
  const preset = pick("preset", t("web.lobby.preset"), options.presets.map((p) => option(p.name, titled("preset", p.name), p.name === "classic")));
  const touching = pick("touching", t("web.lobby.touching"), [option("", t("web.default")),
    ...options.touching.map((v) => option(v, t(`touching.${v}`)))]);
  const again = pick("shoot_again", t("web.lobby.shoot_again"), [option("", t("web.default")),
    option("true", t("web.yes")), option("false", t("web.no"))]);
  const alphabet = pick("alphabet", t("web.lobby.alphabet"), [option("", t("web.lobby.alphabet_default")),
    ...options.alphabets.map((a) => option(a, titled("alphabet", a)))]);
  // The variants of RULES.md §3: whether they go together is the server's (the engine's) call.
  const salvo = pick("salvo", t("web.lobby.salvo"), [option("", t("web.lobby.salvo_off")),
    ...[2, 3, 4, 5].map((n) => option(String(n), t("web.lobby.salvo_n", { n }))), option("ships", t("web.lobby.salvo_ships"))]);
  const announce = pick("announce", t("web.lobby.announce"), [option("", t("web.default")),
    ...["type", "sunk", "none"].map((v) => option(v, t(`web.announce.${v}`)))]);
  const count = (id, label) => el("label", {}, label, el("input", { id, type: "number", min: 0, max: 9, value: 0 }));
  const minesTouch = el("label", { class: "check" }, el("input", { id: "mines_touch", type: "checkbox" }), t("web.lobby.mines_touch"));
  const shape = pick("shape", t("web.lobby.shape"), [option("", t("web.default")),
    ...["l", "square", "zigzag"].map((v) => option(v, t(`web.shape.${v}`)))]);
  const decks = pick("dutchman_decks", t("web.lobby.dutchman_decks"), [5, 6, 7, 8].map((n) => option(String(n), String(n), n === 6)));
  // The decks apply to the Flying Dutchman's rule set only, so they show with it only.
  const showDecks = () => { decks.hidden = $("select", preset).value !== "flying-dutchman"; };
  $("select", preset).addEventListener("change", showDecks);
  showDecks();
  const variants = el("fieldset", { class: "variants", id: "variants" }, el("legend", {}, t("web.lobby.variants")),
    salvo, announce, count("mines", t("web.lobby.mines")), count("minesweepers", t("web.lobby.minesweepers")),
    count("submarines", t("web.lobby.submarines")), minesTouch, shape, decks);
  return [preset, touching, again, variants, alphabet];
}

// What those fields ask for, as fields of POST /api/games (omitted ones keep the preset's).
export function lobbyRequest() {
  const body = { preset: $("#preset").value };
  if ($("#touching").value) body.touching = $("#touching").value;
  if ($("#shoot_again").value) body.shoot_again = $("#shoot_again").value === "true";
  if ($("#alphabet").value) body.alphabet = $("#alphabet").value;
  if ($("#salvo").value) body.salvo = $("#salvo").value === "ships" ? "ships" : parseInt($("#salvo").value, 10);
  if ($("#announce").value) body.announce = $("#announce").value;
  for (const name of ["mines", "minesweepers", "submarines"]) {
    const n = parseInt($(`#${name}`).value || "0", 10);
    if (n) body[name] = n;
  }
  if ($("#mines_touch").checked) body.mines_touch = true;
  if ($("#shape").value) body.shape = $("#shape").value;
  if ($("#preset").value === "flying-dutchman") body.dutchman_decks = parseInt($("#dutchman_decks").value, 10);
  return body;
}

// --- the board ----------------------------------------------------------------------------

export function createBoard(api) { return new BattleshipBoard(api); }

class BattleshipBoard {
  constructor(api) {
    this.api = api;
    this.answer = null; this.lastShot = null; this.setup = null; this.cursor = { own: 0, enemy: 0 };
    // Set-up pointer moves are followed on the whole document: a touch that starts on the
    // dock stays captured by the dock button, so the field would never hear of it.
    this.onPointerMove = (e) => this.setupPointerMove(e);
    this.onPointerUp = (e) => this.setupPointerUp(e);
    document.addEventListener("pointermove", this.onPointerMove);
    document.addEventListener("pointerup", this.onPointerUp);
  }

  close() {
    document.removeEventListener("pointermove", this.onPointerMove);
    document.removeEventListener("pointerup", this.onPointerUp);
  }

  // What the shell knows, as this board reads it.
  get state() { return this.api.state; }
  get seat() { return this.api.seat; }
  get isPlayer() { return this.api.isPlayer; }
  get error() { return this.api.error; }
  set error(text) { this.api.error = text; }
  who(seat) { return this.api.who(seat); }
  addLog(line) { this.api.log(line); }
  send(message) { this.api.send(message); }
  redraw() { this.api.render(); }

  // --- events and states --------------------------------------------------------------

  receive(m) {
    switch (m.type) {
      case "shot": this.onShot(m); return true;
      case "handover": this.addLog(() => this.handoverText(m)); return true;
      case "mine_revealed": this.addLog(() => this.revealText(m)); return true;
      case "ship_moved": this.addLog(() => this.moveText(m)); return true;
      case "decision_due":  // one's own decision is asked for above the field, not logged
        if (m.seat !== this.seat) this.addLog(() => this.decisionText(m.seat, m.decision));
        return true;
      case "fleet_suggestion": if (this.setup) {
        this.setup.placed = m.ships.map((s) => s.slice());
        this.setup.orients = m.ships.map((cells, i) => this.orientOf(this.fleetKinds()[i], cells));
        this.setup.selected = null; this.setup.drawing = []; this.error = ""; this.redraw();
      } return true;
      case "fleet_ready":
        if (m.auto) this.addLog(() => this.api.bySide(m.seat, "web.setup.auto", "web.setup.auto_yours", "web.setup.auto_theirs"));
        return true;
      default: return false;
    }
  }

  onState(s) {
    if (s.phase === "setup" && this.isPlayer && !s.players[this.seat].ready) {
      if (!this.setup) this.setup = { placed: this.fleetKinds().map(() => null), orients: this.fleetKinds().map(() => 0), selected: 0, orient: 0, hover: null, drawing: [] };
    } else {
      this.setup = null;
    }
    const due = s.pending && s.pending.seat === this.seat ? s.pending.decision : null;
    if (due !== "move_ship") this.moving = null;
    else if (!this.moving) this.moving = { cells: [], painting: false };
    if (!(s.phase === "battle" && s.to_move === this.seat && !s.pending)) this.aim = [];
    else if (this.isPlayer) {
      const fired = new Set(s.boards[1 - this.seat].shots.map((x) => x.cell));
      this.aim = (this.aim || []).filter((c) => !fired.has(c));
    }
  }

  statusText() {
    const s = this.state;
    if (s.phase === "setup") {
      if (!this.isPlayer) return t("web.waiting_battle");
      return s.players[this.seat].ready ? t("web.setup.waiting") : t("web.setup.title");
    }
    if (s.phase === "battle") {
      if (s.pending) return this.isPlayer && s.pending.seat === this.seat ? t("web.turn.decide") : this.decisionText(s.pending.seat, s.pending.decision);
      if (!this.isPlayer) return t("web.turn.player", { n: s.to_move + 1 });
      if (s.to_move === this.seat && this.salvoMode) return t("web.turn.salvo", { count: s.shots_due });
      return s.to_move === this.seat ? t("web.turn.yours") : t("web.turn.theirs");
    }
    return null;
  }

  render() {
    return {
      headline: this.answer ? this.answer() : "",
      controls: [this.setup ? this.renderSetupControls() : null, this.renderBattleControls()],
      fields: this.state.phase === "waiting" ? null
        : el("div", { class: "fields" }, (this.isPlayer ? [this.seat, 1 - this.seat] : [0, 1]).map((owner) => this.renderField(owner))),
    };
  }

  afterRender() { if (this.focus) { const b = $(`#board-${this.focus}`); if (b) b.focus(); } }

  renderStats() {
    const s = this.state;
    return el("div", { class: "stats", id: "stats" }, [this.seat, 1 - this.seat].map((seat) => el("div", {},
      `${seat === this.seat ? t("web.you_said") : t("web.they_said")}: `,
      t("web.stats", { ...s.stats[seat], accuracy: Math.round(s.stats[seat].accuracy * 100) }))));
  }

  onShot(m) {
    // Events replayed on (re)connection come before the state: name cells when drawn.
    const answer = () => (m.dying ? `${t("web.log.dying")} ` : "") + `${this.cellName(m.cell)}: ` + (
      m.result === "sunk" ? (m.ship ? t("shot.sunk_named", { ship: shipName(m.ship) }) : t("shot.sunk"))
        : t(`shot.${m.result}`));
    const said = () => `${this.who(m.seat)} — ${answer()}`;
    this.answer = said;
    this.lastShot = m;
    this.addLog(said);
  }

  // The log of the variants' events: who did what, in the reader's terms.
  auto(m) { return m.auto ? `${t("web.log.auto")} ` : ""; }
  mineSide(seat) { return this.isPlayer ? (seat === this.seat ? "you" : "them") : "watch"; }

  handoverText(m) {
    const key = `web.log.handover_${this.mineSide(m.seat)}`;
    return this.auto(m) + t(key, { cell: m.cell === undefined || m.cell === null ? "" : this.cellName(m.cell), n: m.seat + 1 });
  }

  revealText(m) {
    if ("cell" in m && m.cell === null) {  // spectators get no cell of a real reveal
      return t("web.log.no_mine", { who: this.who(m.seat) });
    }
    const key = `web.log.reveal_${this.mineSide(m.seat)}`;
    return this.auto(m) + t(key, { cell: m.cell === undefined || m.cell === null ? "" : this.cellName(m.cell), n: m.seat + 1 });
  }

  moveText(m) {
    const side = this.mineSide(m.seat);
    return this.auto(m) + t(`web.log.${m.moved ? "moved" : "stayed"}_${side}`, { n: m.seat + 1 });
  }

  decisionText(seat, decision) {
    if (this.isPlayer && seat === this.seat) return t(`web.decide.${decision}`);
    return t("web.decide.waiting", { who: this.who(seat), decision: t(`web.decision.${decision}`) });
  }

  fleetKinds() { return this.state.fleet; }
  get salvoMode() { const v = this.state.rules.salvo; return v !== undefined && v !== 1; }
  get myTurn() { const s = this.state; return s.phase === "battle" && s.to_move === this.seat && !s.pending; }
  cellName(cell) { const w = this.state.rules.width; return `${this.state.columns[cell % w]}${Math.floor(cell / w) + 1}`; }

  // The rules in play, in short: what a friend who followed the link needs to know.
  rulesText() {
    // The title comes from the server: the preset's, whose variants follow, else the name.
    const r = this.state.rules, title = this.state.title, size = `${r.width}×${r.height}`;
    const parts = [title, ...(title.includes(size) ? [] : [size]), t(`touching.${r.touching}`)];
    if (r.salvo === "ships") parts.push(t("web.rules.salvo_ships"));
    else if (r.salvo && r.salvo !== 1) parts.push(t("web.rules.salvo", { count: r.salvo }));
    else parts.push(t(r.shoot_again ? "web.rules.again" : "web.rules.no_again"));
    parts.push(t(`tui.rules.announce_${r.announce}`));
    const shaped = (r.ships || []).find((s) => ["l", "square", "zigzag"].includes(s.shape));
    if (shaped) parts.push(`${t("web.lobby.shape")}: ${t(`web.shape.${shaped.shape}`)}`);
    for (const [key, role] of [["submarines", "submarine"], ["mines", "mine"], ["minesweepers", "minesweeper"]]) {
      if (r[key]) parts.push(t("web.rules.pieces", { count: r[key], piece: shipName(role) }));
    }
    return parts.join(" · ");
  }

  // --- the fields, aiming and decisions ------------------------------------------------

  renderField(owner) {
    const s = this.state;
    const mine = this.isPlayer && owner === this.seat;
    let title = mine ? t("web.field.yours") : this.isPlayer ? (s.players[owner].computer ? t("web.field.computer") : t("web.field.enemy"))
      : t("web.field.player", { n: owner + 1 });
    const board = s.boards[owner];
    const afloat = board.afloat && board.afloat.length ? t("web.afloat", { ships: counted(board.afloat.map(shipName)) })
      : t("web.afloat_count", { count: board.afloat_count });
    const strikes = s.options.turn_seconds && s.players[owner].strikes ? ` · ${t("web.strikes", { count: s.players[owner].strikes, limit: 2 })}` : "";
    return el("section", { class: `field ${mine ? "mine" : "theirs"}`, "data-owner": owner },
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
      b.ships.forEach((ship) => ship.cells.forEach((c) => { add(c, "ship"); if (ship.role && ship.role !== "ship") add(c, `role-${ship.role}`); }));
    }
    if (this.setup && mine) {
      const kinds = this.fleetKinds();
      this.setup.placed.forEach((cells, i) => cells && kinds[i].role !== "ship" && cells.forEach((c) => add(c, `role-${kinds[i].role}`)));
    }
    b.ring.forEach((c) => add(c, "ring"));
    const marks = { miss: "miss", hit: "hit", sunk: "hit", mine: "mine-hit", minesweeper: "sweeper-hit" };
    b.shots.forEach((shot) => add(shot.cell, marks[shot.result] || "miss"));
    b.sunk.forEach((ship) => (ship.cells || [ship.cell]).forEach((c) => add(c, "sunk")));
    (b.given || []).forEach((c) => add(c, "given"));
    (b.revealed_mines || []).forEach((c) => add(c, "revealed"));
    (b.abandoned || []).forEach((c) => add(c, "abandoned"));
    if (!mine && this.aim) this.aim.forEach((c) => add(c, "aim"));
    if (mine && s.pending && s.pending.seat === this.seat) {
      (s.pending.options || []).forEach((c) => add(c, "option"));
      if (this.moving) this.moving.cells.forEach((c) => add(c, "preview-ok"));
    }
    if (this.lastShot && this.lastShot.seat !== owner) add(this.lastShot.cell, "last");
    const role = mine ? "own" : "enemy";
    const active = !mine && this.isPlayer && this.myTurn;
    const cursor = this.cursor[role];
    const grid = el("div", { class: `board ${role}${active ? " active" : ""}`, id: `board-${role}`, tabindex: 0,
      "data-owner": owner, role: "grid", "aria-label": role, style: `--cols: ${w + 1};` });
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
    if (mine && this.isPlayer && !this.setup) this.bindDecide(grid);
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
    if (this.salvoMode) { this.toggleAim(cell); return; }
    this.send({ type: "fire", cell });
  }

  // A salvo: cells are picked one by one, then fired together.
  toggleAim(cell) {
    const fired = new Set(this.state.boards[1 - this.seat].shots.map((x) => x.cell));
    if (fired.has(cell)) return;
    const at = this.aim.indexOf(cell);
    if (at >= 0) this.aim.splice(at, 1);
    else if (this.aim.length < this.state.shots_due) this.aim.push(cell);
    this.redraw();
  }

  fireSalvo() {
    if (this.aim.length !== this.state.shots_due) return;
    this.error = "";
    this.send({ type: "fire_salvo", cells: this.aim.slice() });
    this.aim = [];
  }

  // Decisions are made on one's own field: a cell to hand over, a mine to reveal, the
  // Flying Dutchman's new cells.
  bindDecide(grid) {
    grid.addEventListener("click", (e) => {
      const cell = e.target.closest(".cell");
      if (cell) this.decideCell(Number(cell.dataset.cell));
    });
    grid.addEventListener("keydown", (e) => this.moveCursor(e, "own", () => this.decideCell(this.cursor.own)));
  }

  decideCell(cell) {
    const p = this.state.pending;
    if (!p || p.seat !== this.seat) return;
    this.error = "";
    if (p.decision !== "move_ship") { this.send({ type: "decide", cell }); return; }
    if (!this.moving || !this.moving.painting) return;
    const cells = this.moving.cells, at = cells.indexOf(cell);
    if (at >= 0) cells.splice(at, 1);
    else if (this.ownFired().has(cell)) this.error = t("web.decide.fired_cell");
    else if (cells.length < p.size) cells.push(cell);
    this.redraw();
  }

  ownFired() { return new Set(this.state.boards[this.seat].shots.map((x) => x.cell)); }

  randomMove() {
    // Grown cell by cell from a random free cell, joined by sides or corners (the server checks).
    const s = this.state, w = s.rules.width, h = s.rules.height, size = s.pending.size, fired = this.ownFired();
    for (let attempt = 0; attempt < 300; attempt++) {
      const start = Math.floor(Math.random() * w * h);
      if (fired.has(start)) continue;
      const ship = [start];
      while (ship.length < size) {
        const frontier = [];
        for (const c of ship) for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
          const r = Math.floor(c / w) + dr, col = (c % w) + dc, n = r * w + col;
          if (r >= 0 && r < h && col >= 0 && col < w && !fired.has(n) && !ship.includes(n) && !frontier.includes(n)) frontier.push(n);
        }
        if (!frontier.length) break;
        ship.push(frontier[Math.floor(Math.random() * frontier.length)]);
      }
      if (ship.length === size) return ship;
    }
    return null;
  }

  renderBattleControls() {
    const s = this.state;
    if (!this.isPlayer || s.phase !== "battle") return null;
    const p = s.pending;
    if (p && p.seat === this.seat) {
      const items = [el("p", { id: "decision-prompt", class: "prompt" }, t(`web.decide.${p.decision}`))];
      if (p.decision === "move_ship") {
        const mv = this.moving;
        items.push(el("div", { class: "controls" },
          el("button", { id: "move-random", onclick: () => { const cells = this.randomMove(); if (cells) this.send({ type: "decide", cells }); } }, t("web.decide.random")),
          el("button", { id: "move-paint", class: mv && mv.painting ? "selected" : "", onclick: () => { this.moving = { cells: [], painting: true }; this.redraw(); } }, t("web.decide.paint")),
          mv && mv.painting ? el("button", { id: "move-here", class: "primary", disabled: mv.cells.length !== p.size,
            onclick: () => this.send({ type: "decide", cells: mv.cells.slice() }) }, t("web.decide.move_here", { count: mv.cells.length, size: p.size })) : null,
          el("button", { id: "stay", onclick: () => this.send({ type: "decide", stay: true }) }, t("web.decide.stay"))));
      }
      return el("div", { id: "decision" }, items);
    }
    if (this.salvoMode && this.myTurn) {
      return el("div", { class: "controls", id: "salvo" },
        el("button", { class: "primary", id: "fire-salvo", "data-due": s.shots_due, disabled: this.aim.length !== s.shots_due, onclick: () => this.fireSalvo() },
          t("web.salvo.fire", { count: this.aim.length, due: s.shots_due })),
        el("button", { id: "salvo-clear", onclick: () => { this.aim = []; this.redraw(); } }, t("web.setup.clear")));
    }
    return null;
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
      this.redraw();
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
    return { cells: this.shapeCells(kind, st.hover, st.orient) };
  }

  // Every orientation (rotations and mirror images) of a kind's shape, as [row, col]
  // offsets in reading order: a line lies along a row first, then down a column.
  orientations(kind) {
    this.orientCache = this.orientCache || {};
    const key = `${kind.shape}:${kind.size}`;
    if (this.orientCache[key]) return this.orientCache[key];
    const n = kind.size, base = [];
    if (kind.shape === "l") { for (let i = 0; i < n - 1; i++) base.push([i, 0]); base.push([n - 2, 1]); }
    else if (kind.shape === "square") { const k = Math.round(Math.sqrt(n)); for (let r = 0; r < k; r++) for (let c = 0; c < k; c++) base.push([r, c]); }
    else if (kind.shape === "zigzag") { for (let c = 0; c < n / 2; c++) base.push([0, c], [1, c + 1]); }
    else for (let i = 0; i < n; i++) base.push([0, i]);
    const seen = new Set(), out = [];
    for (let m = 0; m < 8; m++) {
      let cells = base.map(([r, c]) => {
        let [a, b] = m & 4 ? [r, -c] : [r, c];
        for (let k = 0; k < (m & 3); k++) [a, b] = [b, -a];
        return [a, b];
      });
      const r0 = Math.min(...cells.map((x) => x[0])), c0 = Math.min(...cells.map((x) => x[1]));
      cells = cells.map(([r, c]) => [r - r0, c - c0]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      const id = JSON.stringify(cells);
      if (!seen.has(id)) { seen.add(id); out.push(cells); }
    }
    this.orientCache[key] = out;
    return out;
  }

  // The cells of ``kind`` in orientation ``orient`` whose first cell (in reading order) is ``start``.
  shapeCells(kind, start, orient) {
    const w = this.state.rules.width, h = this.state.rules.height, all = this.orientations(kind);
    const offsets = all[((orient % all.length) + all.length) % all.length];
    const r = Math.floor(start / w) - offsets[0][0], c = start % w - offsets[0][1];
    return offsets.map(([dr, dc]) => {
      const rr = r + dr, cc = c + dc;
      return rr >= 0 && rr < h && cc >= 0 && cc < w ? rr * w + cc : -1;
    });
  }

  orientOf(kind, cells) {
    if (kind.shape === "bent" || kind.shape === "king") return 0;
    const sorted = JSON.stringify(cells.slice().sort((a, b) => a - b)), start = Math.min(...cells);
    const found = this.orientations(kind).findIndex((_, o) => JSON.stringify(this.shapeCells(kind, start, o).sort((a, b) => a - b)) === sorted);
    return Math.max(0, found);
  }

  keepApart(a, b) {
    // As the engine's Rules.keep_apart: mines and minesweepers touch nothing (unless the
    // rules say they may), a submarine may touch its own ships, ships follow the rules.
    const rules = this.state.rules, mines = ["mine", "minesweeper"];
    if (mines.includes(a.role) || mines.includes(b.role)) return rules.mines_touch ? "sides" : "none";
    if (a.role === "submarine" || b.role === "submarine") return "sides";
    return rules.touching;
  }

  placementProblem(cells, index) {
    // A quick local check to show legality while dragging; the server has the last word.
    const w = this.state.rules.width, h = this.state.rules.height;
    if (cells.some((c) => c < 0 || c >= w * h)) return t("web.setup.off_field");
    const kinds = this.fleetKinds();
    for (const [i, other] of this.setup.placed.entries()) {
      if (!other || i === index) continue;
      const touching = index === null ? this.state.rules.touching : this.keepApart(kinds[index], kinds[i]);
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

  placeAt(index, start, orient) {
    const kind = this.fleetKinds()[index];
    const cells = this.shapeCells(kind, start, Number(orient));
    const problem = this.placementProblem(cells, index);
    if (problem) { this.error = problem; return false; }
    this.setup.placed[index] = cells;
    this.setup.orients[index] = Number(orient);
    this.error = "";
    const next = this.setup.placed.findIndex((p) => !p);
    this.setup.selected = next < 0 ? null : next;
    return true;
  }

  shipAt(cell) { return this.setup.placed.findIndex((p) => p && p.includes(cell)); }
  straight() { return this.fleetKinds().every((k) => k.shape === "straight"); }

  rotatePlaced(index) {
    // The next orientation, keeping the first cell where it is.
    const cells = this.setup.placed[index], orient = this.setup.orients[index] || 0;
    const before = this.setup.placed[index];
    this.setup.placed[index] = null;
    const selected = this.setup.selected;
    if (!this.placeAt(index, Math.min(...cells), orient + 1)) { this.setup.placed[index] = before; this.setup.orients[index] = orient; }
    this.setup.selected = selected;
  }

  bindSetup(grid) {
    if (this.paintMode()) {
      grid.addEventListener("click", (e) => {
        const cell = e.target.closest(".cell");
        if (cell) { this.paintCell(Number(cell.dataset.cell)); this.redraw(); }
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
      if (index >= 0) {
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
    if (this.drag) { if (cell !== null && cell !== this.drag.cell) this.drag.moved = true; return; }
    if (cell !== this.setup.hover && this.setup.selected !== null) { this.setup.hover = cell; this.redraw(); }
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
          // The ship keeps its orientation and the grabbed cell follows the pointer.
          const w = this.state.rules.width, anchor = Math.min(...drag.from);
          const dr = Math.floor(drag.cell / w) - Math.floor(anchor / w), dc = drag.cell % w - anchor % w;
          const r = Math.floor(cell / w) - dr, c = cell % w - dc;
          const start = r >= 0 && c >= 0 && c < w ? r * w + c : -1;
          const orient = this.setup.orients[drag.index] || 0, selected = this.setup.selected;
          this.setup.placed[drag.index] = null;
          if (start < 0) this.error = t("web.setup.off_field");
          if (start < 0 || !this.placeAt(drag.index, start, orient)) { this.setup.placed[drag.index] = drag.from; this.setup.orients[drag.index] = orient; }
          this.setup.selected = selected;
        }
        this.redraw();
        return;
      }
      if (cell !== null && this.setup.selected !== null) { this.placeAt(this.setup.selected, cell, this.setup.orient); this.redraw(); }
      else if (fromDock) this.redraw();
    }
  }

  setupKey(e) {
    {
      if (e.key === "r" || e.key === "R" || e.key === "к" || e.key === "К") {
        e.preventDefault(); this.focus = "own";
        const index = this.shipAt(this.cursor.own);
        if (index >= 0) {  // the cursor follows the turned ship, so that Enter picks it up
          this.rotatePlaced(index);
          this.cursor.own = Math.min(...this.setup.placed[index]);
        } else this.setup.orient += 1;
        this.redraw(); return;
      }
      if (e.key === "Delete" || e.key === "Backspace") {
        e.preventDefault(); this.focus = "own";
        const index = this.shipAt(this.cursor.own);
        if (index >= 0) { this.setup.placed[index] = null; this.setup.selected = index; }
        this.redraw(); return;
      }
      this.moveCursor(e, "own", () => {
        const index = this.shipAt(this.cursor.own);
        if (index >= 0) { this.setup.placed[index] = null; this.setup.selected = index; }
        else if (this.setup.selected !== null) this.placeAt(this.setup.selected, this.cursor.own, this.setup.orient);
        this.setup.hover = this.cursor.own;
        this.redraw();
      });
    }
  }

  // Ships that may bend are painted cell by cell: pick a kind in the dock, mark its cells.
  // The checks here only explain; the server validates the whole fleet on "place".

  paintMode() { return this.fleetKinds().some((k) => k.shape === "bent" || k.shape === "king"); }

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
      const king = kind.shape === "king", west = c % w > 0, east = c % w < w - 1;
      const around = [c - w, c + w, west ? c - 1 : -1, east ? c + 1 : -1];
      if (king) around.push(west ? c - w - 1 : -1, east ? c - w + 1 : -1, west ? c + w - 1 : -1, east ? c + w + 1 : -1);
      for (const n of around) {
        if (left.has(n)) { left.delete(n); queue.push(n); }
      }
    }
    if (left.size) return t(kind.shape === "king" ? "web.setup.not_joined_king" : "web.setup.not_joined");
    const rows = new Set(cells.map((c) => Math.floor(c / w))), cols = new Set(cells.map((c) => c % w));
    if (kind.shape === "straight" && rows.size > 1 && cols.size > 1) return t("web.setup.not_line");
    return null;
  }

  paintKey(e) {
    const st = this.setup;
    if (e.key === "Escape") { e.preventDefault(); st.drawing = []; this.error = ""; this.redraw(); return; }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault(); this.focus = "own";
      const cell = this.cursor.own, index = this.shipAt(cell), at = st.drawing.indexOf(cell);
      if (at >= 0) st.drawing.splice(at, 1);
      else if (index >= 0 && !st.drawing.length) { st.placed[index] = null; st.selected = index; }
      this.error = "";
      this.redraw(); return;
    }
    this.moveCursor(e, "own", () => { this.paintCell(this.cursor.own); this.redraw(); });
  }

  renderSetupControls() {
    const st = this.setup, kinds = this.fleetKinds();
    const dock = el("div", { class: "dock", id: "dock" }, kinds.map((kind, i) => el("button", {
      class: (st.selected === i ? "selected " : "") + (st.placed[i] ? "placed" : ""), "data-ship": i, "data-role": kind.role, title: kindName(kind),
      onpointerdown: (e) => { if (this.paintMode()) return; this.setup.selected = i; this.setup.placed[i] = null; this.dockDrag = true; e.preventDefault(); },
      onclick: () => {
        this.setup.selected = i; this.setup.placed[i] = null;
        if (this.paintMode()) { this.setup.drawing = []; this.error = ""; }
        this.redraw();
      },
    }, kind.role === "ship" ? Array.from({ length: kind.size }, () => el("span"))
      : el("span", { class: `piece role-${kind.role}` }, SYMBOL[kind.role]))));
    const left = st.placed.filter((p) => !p).length;
    const ready = el("button", { class: "primary", id: "ready", disabled: left > 0, onclick: () => {
      this.error = ""; this.send({ type: "place", ships: st.placed });
    } }, t("web.setup.ready"));
    const painting = this.paintMode() && st.selected !== null ? el("p", { id: "marked" }, t("web.setup.marked", {
      ship: capitalised(kindName(kinds[st.selected])), count: st.drawing.length, size: kinds[st.selected].size })) : null;
    return el("div", {},
      el("p", {}, t(this.fleetKinds().some((k) => k.shape === "king") ? "web.setup.king_help"
        : this.paintMode() ? "web.setup.bent_help" : this.straight() ? "web.setup.help" : "web.setup.shape_help")),
      this.legend(),
      this.state.options.setup_seconds ? el("p", { id: "setup-timer-note" }, t("web.setup.timer_note")) : null,
      dock, painting,
      el("div", { class: "controls" },
        el("button", { id: "random", onclick: () => this.send({ type: "random_fleet" }) }, t("web.setup.random")),
        el("button", { id: "rotate", disabled: this.paintMode(), onclick: () => { st.orient += 1; this.redraw(); } }, t("web.setup.rotate")),
        el("button", { id: "clear", onclick: () => { st.placed = kinds.map(() => null); st.selected = 0; st.drawing = []; this.error = ""; this.redraw(); } }, t("web.setup.clear")),
        ready, t("web.setup.left", { count: left })));
  }

  legend() {
    const roles = [...new Set(this.fleetKinds().map((k) => k.role))].filter((r) => r !== "ship");
    if (!roles.length) return null;
    return el("p", { id: "legend" }, roles.map((r) => el("span", { class: "legend-item" },
      el("span", { class: `piece role-${r}` }, SYMBOL[r]), ` ${shipName(r)} `)));
  }
}
