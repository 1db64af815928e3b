// Battleship's board module for the browser shell (app.js): the lobby's rule-set fields,
// the two fields, aiming, salvoes, decisions, the rules line and the log of its events; the
// set-up (drag and drop, rotate, paint) is the board's other half, in battleship-setup.js. The interface it implements is described in
// games/index.js. Like the shell, it draws what the server sends and sends intents, and
// computes no rule: shapes' orientations and placement problems (the state's `fleet`,
// `check_fleet`), the lobby's variants and their ranges (/api/options `variants`), the
// rules line (`rules_line`), the cells a turn may aim at (`turn`), the cells a decision may
// take (`pending.options`, the Flying Dutchman's too) and its random move (`decide
// {random: true}`) are the server's (docs/web-protocol.md, «What the client computes»).
// $, el, t, MSG and LANG come from common.js (a classic script shared with the classroom).
import { SYMBOL, SetupBoard, capitalised, shipName } from "./battleship-setup.js";

export { analysisPage } from "./battleship-analysis.js";

// Names with their repeats counted, in first-seen order: "cruiser ×2, torpedo boat".
const counted = (names) => {
  const counts = new Map();
  names.forEach((name) => counts.set(name, (counts.get(name) || 0) + 1));
  return [...counts].map(([name, n]) => (n > 1 ? `${name}\u00a0×${n}` : name)).join(", ");
};
// A preset or alphabet as a menu shows it: its title in the catalogue, else its name.
const titled = (prefix, name) => (MSG[`${prefix}.${name}`] ? t(`${prefix}.${name}`) : name);
const EFFECT_MS = 1400;  // how long a shot's animation lasts (style.css: fx-miss, fx-hit, fx-sunk)

// --- the lobby's rule-set fields ---------------------------------------------------------

// The new-game form's fields for Battleship's rule set, from /api/options: the presets,
// touching, shooting again, the letters, and the variants with the choices and ranges the
// server offers (`variants`; one that goes with some presets only shows with them).
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
  // Whether the variants go together is the server's (the engine's) call.
  const chosenPreset = () => $("select", preset).value;
  const fields = options.variants.map((variant) => {
    const { name } = variant, label = t(`web.lobby.${name}`);
    let field;
    if (variant.kind === "count") {
      field = el("label", {}, label, el("input", { id: name, type: "number", min: variant.min, max: variant.max, value: variant.min }));
    } else if (variant.kind === "flag") {
      field = el("label", { class: "check" }, el("input", { id: name, type: "checkbox" }), label);
    } else {
      // A variant with a value of each preset's own (the Dutchman's size) has no «default».
      const none = variant.own ? [] : [option("", MSG[`web.lobby.${name}_off`] ? t(`web.lobby.${name}_off`) : t("web.default"))];
      field = pick(name, label, [...none, ...variant.choices.map((v) => option(String(v), choiceLabel(name, v)))]);
    }
    field.dataset.variant = name;
    return { variant, field };
  });
  // A variant that goes with some presets only shows with them, set to the preset's own value.
  const follow = () => fields.forEach(({ variant, field }) => {
    if (!variant.presets) return;
    field.hidden = !variant.presets.includes(chosenPreset());
    if (variant.own && chosenPreset() in variant.own) $("select", field).value = String(variant.own[chosenPreset()]);
  });
  $("select", preset).addEventListener("change", follow);
  follow();
  const variants = el("fieldset", { class: "variants", id: "variants" }, el("legend", {}, t("web.lobby.variants")),
    fields.map(({ field }) => field));
  return [preset, touching, again, variants, alphabet];
}

// How a variant's choice reads in its menu.
function choiceLabel(name, value) {
  if (name === "salvo") return value === "ships" ? t("web.lobby.salvo_ships") : t("web.lobby.salvo_n", { n: value });
  const key = `web.${name}.${value}`;
  return MSG[key] ? t(key) : String(value);
}

// What those fields ask for, as fields of POST /api/games (omitted ones keep the preset's;
// a variant hidden for the chosen preset is not asked for).
export function lobbyRequest() {
  const body = { preset: $("#preset").value };
  if ($("#touching").value) body.touching = $("#touching").value;
  if ($("#shoot_again").value) body.shoot_again = $("#shoot_again").value === "true";
  if ($("#alphabet").value) body.alphabet = $("#alphabet").value;
  for (const field of document.querySelectorAll("#variants [data-variant]")) {
    const name = field.dataset.variant, input = $("select, input", field);
    if (field.hidden) continue;
    if (input.type === "checkbox") { if (input.checked) body[name] = true; continue; }
    if (input.type === "number") { const n = parseInt(input.value || "0", 10); if (n) body[name] = n; continue; }
    if (!input.value) continue;
    const number = Number(input.value);
    body[name] = Number.isInteger(number) ? number : input.value;
  }
  return body;
}

// The guided first game's steps (the shell shows them once, and on «How to play»).
export function guide() {
  return ["place", "turn", "fire"].map((step) => t(`web.guide.battleship.${step}`));
}

// --- the board ----------------------------------------------------------------------------

export function createBoard(api) { return new BattleshipBoard(api); }

class BattleshipBoard extends SetupBoard {
  constructor(api) {
    super(api);
    this.answer = null; this.lastShot = null;
    this.effects = [];  // shots of the last moments, animated: {cell, owner, result, cells, at}
  }




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
      case "fleet_suggestion": if (this.setup) this.act(() => {
        this.setup.placed = m.ships.map((s) => s.slice());
        this.setup.orients = (m.orientations || []).map((o) => o || 0);
        this.setup.selected = null; this.setup.drawing = []; this.setup.drawingBad = false; this.error = "";
      }); return true;
      case "fleet_check": this.answered(m); return true;
      case "fleet_ready":
        if (m.auto) this.addLog(() => this.api.bySide(m.seat, "web.setup.auto", "web.setup.auto_yours", "web.setup.auto_theirs"));
        return true;
      default: return false;
    }
  }

  onState(s) {
    if (s.phase === "setup" && this.isPlayer && !s.players[this.seat].ready) {
      if (!this.setup) {
        this.setup = { placed: this.fleetKinds().map(() => null), orients: this.fleetKinds().map(() => 0), selected: 0, orient: 0,
          hover: null, preview: null, drawing: [], drawingBad: false, refused: [] };
      }
    } else if (this.setup) {
      this.setup = null;
      this.checks = { queue: [], inFlight: null };
      this.pump();
    }
    const due = s.pending && s.pending.seat === this.seat ? s.pending.decision : null;
    if (due !== "move_ship") this.moving = null;
    else if (!this.moving) this.moving = { cells: [], painting: false };
    if (!(s.phase === "battle" && s.to_move === this.seat && !s.pending)) this.aim = [];
    else if (this.isPlayer) {
      const legal = this.targets(s);
      this.aim = (this.aim || []).filter((c) => legal.has(c));
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
      if (s.to_move === this.seat && this.salvoMode) return t("web.turn.salvo", { count: s.turn.shots });
      if (s.to_move === this.seat) return t("web.turn.yours");
      return s.players[s.to_move].computer ? t("web.turn.computer") : t("web.turn.theirs");
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

  // The statistics after the game: a column per side, the reader's first.
  renderStats() {
    const s = this.state, seats = this.isPlayer ? [this.seat, 1 - this.seat] : [0, 1];
    const value = (seat, key) => (key === "accuracy" ? `${Math.round(s.stats[seat].accuracy * 100)}%` : s.stats[seat][key]);
    return el("table", { class: "stats", id: "stats" },
      el("caption", {}, t("web.stats.title")),
      el("thead", {}, el("tr", {}, el("th"), seats.map((seat) => el("th", { scope: "col" }, this.who(seat))))),
      el("tbody", {}, ["shots", "hits", "sunk", "accuracy"].map((key) => el("tr", {},
        el("th", { scope: "row" }, t(`web.stats.${key}`)), seats.map((seat) => el("td", {}, value(seat, key)))))));
  }

  onShot(m) {
    // Events replayed on (re)connection come before the state: name cells when drawn. A
    // sinking is named as the rules announce it, or else as the state knows the sunk ship
    // (its cells told, its kind follows from them).
    const answer = () => {
      const ship = m.result === "sunk" ? m.ship || this.sunkShipName(1 - m.seat, m) : null;
      return (m.dying ? `${t("web.log.dying")} ` : "") + `${this.cellName(m.cell)}: ` + (
        m.result === "sunk" ? (ship ? t("shot.sunk_named", { ship: shipName(ship) }) : t("shot.sunk"))
          : t(`shot.${m.result}`));
    };
    const said = () => `${this.who(m.seat)} — ${answer()}`;
    this.answer = said;
    this.lastShot = m;
    this.addLog(said);
    if (!this.api.live) return;
    // The shot lands: animated on the field shot at, and heard when the sound is on.
    const at = Date.now();
    this.effects = this.effects.filter((fx) => at - fx.at < EFFECT_MS);
    this.effects.push({ cell: m.cell, owner: 1 - m.seat, result: m.result, cells: m.sunk_cells || [m.cell], at });
    this.api.sound(m.result === "miss" ? "miss" : m.result === "sunk" ? "sunk" : "hit");
  }

  // The name of the ship sunk by shot `m` on seat `owner`'s field, as the state has it.
  sunkShipName(owner, m) {
    const board = this.state && this.state.boards[owner];
    const ship = board && board.sunk.find((x) => x.cell === m.cell || (x.cells || []).includes(m.cell));
    return ship ? ship.name : null;
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

  // The turn the server says this seat may play (`state.turn`, only while it is ours): the
  // message that fires it, its shots, and the cells that may be aimed at.
  get salvoMode() { const turn = this.state.turn; return !!turn && turn.action === "fire_salvo"; }
  targets(s = this.state) { return new Set(s.turn ? s.turn.cells : []); }
  get myTurn() { const s = this.state; return s.phase === "battle" && s.to_move === this.seat && !s.pending; }
  cellName(cell) { const w = this.state.rules.width; return `${this.state.columns[cell % w]}${Math.floor(cell / w) + 1}`; }

  // The rules in play, in short: what a friend who followed the link needs to know (the
  // server's line, in the reader's language).
  rulesText() { return this.state.rules_line; }
  // While a decision is pending (`pending`), the page's turn is its: «decide» for the one
  // who owes it, «them» for everyone else; otherwise the shell's.
  turn() { const p = this.state.pending; return p ? (p.seat === this.seat ? "decide" : "them") : null; }

  // --- the fields, aiming and decisions ------------------------------------------------

  renderField(owner) {
    const s = this.state;
    const mine = this.isPlayer && owner === this.seat;
    const title = mine ? t("web.field.yours") : this.isPlayer ? (s.players[owner].computer ? t("web.field.computer") : t("web.field.enemy"))
      : t("web.field.player", { n: owner + 1 });
    const board = s.boards[owner];
    // The ships afloat by name where the reader may know them (one's own always: the server
    // names them once the fleet is placed), else how many; nothing on one's own field while
    // it is being set up (the dock shows what is left).
    const placing = mine && this.setup;
    const names = board.afloat;
    const afloat = placing ? null : names && names.length ? t("web.afloat", { ships: counted(names.map(shipName)) })
      : board.afloat_count === 0 ? t("web.afloat_none") : t("web.afloat_count", { count: board.afloat_count });
    const strikes = s.options.turn_seconds && s.players[owner].strikes ? ` · ${t("web.strikes", { count: s.players[owner].strikes, limit: 2 })}` : "";
    // The field to act on now glows (style.css): the one the next shot lands on, or one's
    // own while a decision on it is due; whose turn it is, seen at a glance.
    const target = s.phase === "battle" && (s.pending ? mine && s.pending.seat === this.seat
      : s.to_move !== null && owner !== s.to_move);
    return el("section", { class: `field ${mine ? "mine" : "theirs"}${target ? " target-field" : ""}`, "data-owner": owner },
      el("h2", {}, title, strikes), this.renderBoard(owner, mine),
      placing ? null : this.fleetStrip(owner, mine),
      afloat ? el("div", { class: "afloat" }, afloat) : null);
  }

  // The fleet drawn as ships under a field: each ship as its decks, the sunk ones struck out.
  // One's own from its ships; the other's from the fleet's kinds and the ships afloat
  // (only where they may be known by name). Mines and minesweepers are not afloat: not drawn.
  fleetStrip(owner, mine) {
    const s = this.state, board = s.boards[owner], floats = (role) => !["mine", "minesweeper"].includes(role);
    let ships;
    if (board.ships) {
      ships = board.ships.filter((ship) => floats(ship.role))
        .map((ship) => ({ name: ship.name, role: ship.role, size: ship.cells.length, sunk: ship.sunk }));
    } else if (board.afloat) {
      const left = new Map();
      board.afloat.forEach((name) => left.set(name, (left.get(name) || 0) + 1));
      ships = s.fleet.filter((kind) => floats(kind.role)).map((kind) => {
        const name = kind.name || kind.role, afloat = (left.get(name) || 0) > 0;
        if (afloat) left.set(name, left.get(name) - 1);
        return { name, role: kind.role, size: kind.size, sunk: !afloat };
      });
    } else return null;
    return el("div", { class: "fleet-strip", id: `fleet-${mine ? "own" : "enemy"}`, "data-owner": owner },
      ships.map((ship) => el("span", { class: `ship-icon role-${ship.role || "ship"}${ship.sunk ? " sunk" : ""}`,
        title: `${capitalised(shipName(ship.name))}${ship.sunk ? ` — ${t("web.fleet.sunk")}` : ""}` },
      ship.role && ship.role !== "ship" ? el("span", { class: `piece role-${ship.role}` }, SYMBOL[ship.role])
        : Array.from({ length: ship.size }, () => el("i")))));
  }

  renderBoard(owner, mine) {
    const s = this.state, w = s.rules.width, h = s.rules.height, b = s.boards[owner];
    const classes = new Map();
    const add = (cell, c) => { if (!classes.has(cell)) classes.set(cell, new Set()); classes.get(cell).add(c); };
    if (this.setup && mine) {
      this.setup.placed.forEach((cells) => cells && cells.forEach((c) => add(c, "ship")));
      const marked = this.setup.drawingBad ? "preview-bad" : "preview-ok";
      this.setup.drawing.forEach((c) => add(c, marked));
      const preview = this.previewCells();  // as the server judged it
      if (preview) preview.cells.forEach((c) => add(c, preview.ok ? "preview-ok" : "preview-bad"));
      (this.setup.refused || []).forEach((c) => add(c, "preview-bad"));
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
    if (!mine && this.isPlayer && this.myTurn) this.targets().forEach((c) => add(c, "target"));
    if (mine && s.pending && s.pending.seat === this.seat) {
      // The cells the decision may take; not the Dutchman's: every cell not fired at, they
      // would frame the whole field (the cells fired at are marked already).
      if (s.pending.decision !== "move_ship") (s.pending.options || []).forEach((c) => add(c, "option"));
      if (this.moving) this.moving.cells.forEach((c) => add(c, "preview-ok"));
    }
    if (this.lastShot && this.lastShot.seat !== owner) add(this.lastShot.cell, "last");
    this.hulls(owner, mine).forEach((group) => group.forEach((c) => {
      add(c, "hull");
      for (const [side, step] of [["n", -w], ["s", w], ["w", -1], ["e", 1]]) {
        const next = c + step;
        if (Math.abs(step) === 1 && Math.floor(next / w) !== Math.floor(c / w)) continue;
        if (group.includes(next)) add(c, `j-${side}`);
      }
    }));
    // The shots of the last moments land (an animation that goes on where a redraw left it).
    const now = Date.now(), delays = new Map();
    this.effects.filter((fx) => fx.owner === owner && now - fx.at < EFFECT_MS).forEach((fx) => {
      (fx.result === "sunk" ? fx.cells : [fx.cell]).forEach((c) => { add(c, `fx-${fx.result === "sunk" ? "sunk" : fx.result === "miss" ? "miss" : "hit"}`); delays.set(c, now - fx.at); });
    });
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
        grid.append(el("button", { class: cls.join(" "), "data-cell": cell, tabindex: -1, "aria-label": this.cellName(cell),
          style: delays.has(cell) ? `--fx-delay: -${delays.get(cell)}ms` : null }));
      }
    }
    if (mine && this.setup) this.bindSetup(grid);
    if (!mine && this.isPlayer) this.bindFire(grid);
    if (mine && this.isPlayer && !this.setup) this.bindDecide(grid);
    return grid;
  }

  // The ships drawn as hulls on `owner`'s field: each a list of cells (one's own, those
  // being placed, every ship at the end, and the sunk ones whose cells are known).
  hulls(owner, mine) {
    const s = this.state, b = s.boards[owner], kinds = this.fleetKinds();
    const groups = [];
    if (this.setup && mine) this.setup.placed.forEach((cells, i) => { if (cells && kinds[i].role === "ship") groups.push(cells); });
    else if (b.ships) b.ships.forEach((ship) => { if (!ship.role || ship.role === "ship") groups.push(ship.cells); });
    b.sunk.forEach((ship) => { if (ship.cells && ship.cells.length && !groups.some((g) => g.includes(ship.cells[0]))) groups.push(ship.cells); });
    return groups;
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
    if (!this.targets().has(cell)) return;
    const at = this.aim.indexOf(cell);
    if (at >= 0) this.aim.splice(at, 1);
    else if (this.aim.length < this.state.turn.shots) this.aim.push(cell);
    this.redraw();
  }

  fireSalvo() {
    if (!this.state.turn || this.aim.length !== this.state.turn.shots) return;
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
    // The cells the Dutchman may take are the server's (`pending.options`).
    const cells = this.moving.cells, at = cells.indexOf(cell);
    if (at >= 0) cells.splice(at, 1);
    else if (!p.options.includes(cell)) this.error = t("web.decide.fired_cell");
    else if (cells.length < p.size) cells.push(cell);
    this.redraw();
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
          el("button", { id: "move-random", onclick: () => this.send({ type: "decide", random: true }) }, t("web.decide.random")),
          el("button", { id: "move-paint", class: mv && mv.painting ? "selected" : "", onclick: () => { this.moving = { cells: [], painting: true }; this.redraw(); } }, t("web.decide.paint")),
          mv && mv.painting ? el("button", { id: "move-here", class: "primary", disabled: mv.cells.length !== p.size,
            onclick: () => this.send({ type: "decide", cells: mv.cells.slice() }) }, t("web.decide.move_here", { count: mv.cells.length, size: p.size })) : null,
          el("button", { id: "stay", onclick: () => this.send({ type: "decide", stay: true }) }, t("web.decide.stay"))));
      }
      return el("div", { id: "decision" }, items);
    }
    if (this.salvoMode && this.myTurn) {
      return el("div", { class: "controls", id: "salvo" },
        el("button", { class: "primary", id: "fire-salvo", "data-due": s.turn.shots, disabled: this.aim.length !== s.turn.shots, onclick: () => this.fireSalvo() },
          t("web.salvo.fire", { count: this.aim.length, due: s.turn.shots })),
        el("button", { id: "salvo-clear", onclick: () => { this.aim = []; this.redraw(); } }, t("web.setup.clear")));
    }
    return null;
  }

}
