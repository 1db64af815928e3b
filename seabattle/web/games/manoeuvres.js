// The manoeuvre game's board module (seed 003) for the browser shell (app.js): the lobby's
// preset, the set-up (a palette of the pieces left, a click on a back-row cell to put one
// down, «Automatic»), then the one field — one's own pieces with their kinds, the enemy's
// as the rules have shown them or as «?», with one's own guesses — and play by mouse: a
// click on a piece of one's own highlights what it may do, a click on a highlighted cell
// does it (a list of choices when several actions end there). It computes no rule: what
// may be done is the state's `legal` (the engine's own list, each entry the message that
// does it), the zones are the state's `zones`, and the lot, the fights and what is shown
// are the server's (docs/web-protocol.md, «The manoeuvre game»). Guesses («метить») are
// this browser's notes, kept in localStorage by game and piece number, never sent.
// The interface it implements is described in games/index.js. $, el, t, MSG and LANG come
// from common.js.

const KINDS = ["fort", "bomb", "torpedo", "mine", "submarine", "torpedo_boat", "minesweeper",
  "destroyer", "cruiser", "battleship"];
const abbr = (kind) => t(`manoeuvres.abbr.${kind}`);
const kindName = (kind) => t(`manoeuvres.kind.${kind}`);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// The engine's events a log line is made of (the shell keeps the rest).
const EVENTS = ["deployed", "first_drawn", "moved", "revealed", "removed", "attack", "defence_due",
  "fought", "torpedo", "bomb", "fort_taken", "turn_ended"];
// The cell a message of play starts from (its piece) and the cell it ends on, if any.
const SOURCE = { step: "from", shoot: "torpedo", point_blank: "torpedo", detonate: "bomb" };
const TARGET = { step: "to", point_blank: "target", detonate: "to", attack: "target" };

// --- the lobby's fields ----------------------------------------------------------------------

export function lobbyFields(options) {
  return [el("label", {}, t("web.lobby.preset"), el("select", { id: "mn-preset" },
    options.presets.map((p) => el("option", { value: p.name, selected: p.name === "skirmish" },
      t(`manoeuvres.preset.${p.name}`)))))];
}

export function lobbyRequest() { return { preset: $("#mn-preset").value }; }

export function guide() {
  return ["setup", "move", "attack", "win"].map((step) => t(`manoeuvres.web.guide.${step}`));
}

// --- the game ----------------------------------------------------------------------------------

export function createBoard(api) { return new ManoeuvresBoard(api); }

class ManoeuvresBoard {
  constructor(api) {
    this.api = api;
    this.draft = new Map();      // set-up: cell → kind, not yet sent
    this.pick = null;            // set-up: the kind the next click puts down
    this.selected = null;        // play: the cell of one's own piece chosen
    this.choices = null;         // play: several messages ending on one cell, to choose from
    this.marking = null;         // the enemy piece (number) a guess is being chosen for
    this.showZones = false;
    this.last = { seq: null, cells: new Set(), lines: [] };
  }

  close() {}

  get s() { return this.api.state; }
  get mine() { return this.api.isPlayer && this.s.phase === "battle" && this.s.to_move === this.api.seat; }

  // --- names ----------------------------------------------------------------------------

  cellName(cell) {
    const s = this.s;
    return `${s.columns[cell % s.width]}${Math.floor(cell / s.width) + 1}`;
  }
  cellsName(cells) { return cells.map((c) => this.cellName(c)).join(", "); }

  // --- guesses (this browser's notes) -------------------------------------------------------

  get marksKey() { return `sb.mn.marks.${this.s.game}.${this.api.seat}`; }
  get marks() {
    try { return JSON.parse(localStorage.getItem(this.marksKey) || "{}"); } catch { return {}; }
  }
  setMark(number, kind) {
    const marks = this.marks;
    if (kind) marks[number] = kind; else delete marks[number];
    localStorage.setItem(this.marksKey, JSON.stringify(marks));
  }

  // --- events -----------------------------------------------------------------------------

  receive(m) {
    if (m.type === "layout_suggestion") {
      this.draft = new Map(m.pieces.map(([cell, kind]) => [cell, kind]));
      this.pick = null; this.api.render();
      return true;
    }
    if (!EVENTS.includes(m.type)) return false;
    if (m.seq !== this.last.seq) this.last = { seq: m.seq, cells: new Set(), lines: [] };
    const line = this.line(m);
    if (line) { this.api.log(() => capital(line())); this.last.lines.push(line); }
    for (const key of ["from", "to", "target", "cell", "hit"]) if (typeof m[key] === "number") this.last.cells.add(m[key]);
    if (m.type === "removed" || m.type === "bomb") this.api.sound(m.type === "bomb" ? "sunk" : "hit");
    if (m.type === "torpedo" && m.hit === null) this.api.sound("miss");
    return true;
  }

  // A log line for an event: a function, so that it speaks the language of the moment.
  line(m) {
    const who = (seat) => this.api.who(seat);
    const by = () => (m.auto ? ` ${t("manoeuvres.web.log.auto")}` : "");
    switch (m.type) {
      case "deployed": return () => t("manoeuvres.web.log.deployed", { who: who(m.seat) }) + by();
      case "first_drawn": return () => t("manoeuvres.web.log.first", { who: who(m.seat) });
      case "moved": return () => {
        const kind = m.kind ? `${kindName(m.kind)} ` : "";
        const towed = m.towed.length ? ` ${t("manoeuvres.web.log.towed", { kind: kindName(m.towed_kind), cells: this.cellsName(m.towed.map((p) => p[1])) })}` : "";
        return `${t("manoeuvres.web.log.moved", { who: who(m.seat), kind, from: this.cellName(m.from), to: this.cellName(m.to) })}${towed}`;
      };
      case "revealed": return () => t("manoeuvres.web.log.revealed", { cell: this.cellName(m.cell), kind: kindName(m.kind) });
      case "removed": return () => t("manoeuvres.web.log.removed", { cell: this.cellName(m.cell), kind: kindName(m.kind) });
      case "attack": return () => t("manoeuvres.web.log.attack", { who: who(m.seat), target: this.cellName(m.target),
        kind: kindName(m.kind), n: m.group.length, cells: this.cellsName(m.group) });
      case "defence_due": return null;
      case "fought": return () => t("manoeuvres.web.log.fought", { kind: kindName(m.kind), n: m.group.length, cells: this.cellsName(m.group),
        result: m.winner === null ? t("manoeuvres.web.log.equal") : t("manoeuvres.web.log.wins", { who: who(m.winner) }) }) + by();
      case "torpedo": return () => t("manoeuvres.web.log.torpedo", { who: who(m.seat), from: this.cellName(m.from),
        hit: m.hit === null ? t("manoeuvres.web.log.empty_sea") : this.cellName(m.hit) });
      case "bomb": return () => t("manoeuvres.web.log.bomb", { cell: this.cellName(m.cell) });
      case "fort_taken": return () => t("manoeuvres.web.log.fort", { who: who(m.seat), cell: this.cellName(m.cell) });
      case "turn_ended": return m.bonus ? () => t("manoeuvres.web.log.bonus", { who: who(m.seat) }) : null;
      default: return null;
    }
  }

  onState(s) {
    // A selection that the new state no longer offers is dropped.
    if (this.selected !== null && !(this.mine && this.optionsOf(this.selected).length)) this.selected = null;
    if (!this.mine) this.choices = null;
    if (s.phase !== "setup") { this.draft.clear(); this.pick = null; }
  }

  // --- texts for the shell -------------------------------------------------------------------

  statusText() {
    const s = this.s, seat = this.api.seat;
    if (s.phase === "setup") {
      if (!this.api.isPlayer) return t("manoeuvres.web.status.setup_watch");
      return t(s.ready[seat] ? "manoeuvres.web.status.setup_done" : "manoeuvres.web.status.setup");
    }
    if (s.to_move === null) return "";
    if (s.to_move !== seat) {
      return t(s.stage === "defence" ? "manoeuvres.web.status.their_defence" : "manoeuvres.web.status.their_turn",
        { who: this.api.who(s.to_move) });
    }
    return t(`manoeuvres.web.status.${s.stage}`);
  }

  rulesText() { return this.s.title; }
  // The defender's answer to an attack (`stage` defence, `to_move` the defender) is a
  // decision: «decide» for the defender, «them» for everyone else; otherwise the shell's.
  turn() {
    const s = this.s;
    if (s.phase !== "battle" || s.stage !== "defence") return null;
    return s.to_move === this.api.seat ? "decide" : "them";
  }

  resultText(result) {
    const seat = this.api.seat, reason = result.reason;
    const own = reason.startsWith("manoeuvres.");
    if (result.winner === null) return capital(t(reason));
    if (!this.api.isPlayer) return t("web.over.winner", { n: result.winner + 1, reason: own ? t(reason) : t(`web.reason.${reason}`) });
    const side = result.winner === seat ? "won" : "lost";
    return own ? t(`manoeuvres.web.over.${side}_${reason.split(".").pop()}`) : t(`web.over.${side}_${reason}`);
  }

  // --- what may be done (the state's `legal`) --------------------------------------------------

  // The messages that start from one's own piece on `cell` (an attack: any of its group's).
  optionsOf(cell) {
    return this.s.legal.filter((m) => (m.type === "attack" ? m.group.includes(cell) : m[SOURCE[m.type]] === cell));
  }
  get sources() {
    const cells = new Set();
    for (const m of this.s.legal) {
      if (m.type === "attack") m.group.forEach((c) => cells.add(c));
      else if (SOURCE[m.type]) cells.add(m[SOURCE[m.type]]);
    }
    return cells;
  }
  // The cells a click may end on, for the chosen piece: where each of its messages ends.
  get targets() {
    const found = new Map();
    if (this.selected === null) return found;
    for (const m of this.optionsOf(this.selected)) {
      const cell = m[TARGET[m.type]];
      if (typeof cell !== "number") continue;
      if (!found.has(cell)) found.set(cell, []);
      found.get(cell).push(m);
    }
    return found;
  }

  describe(m) {
    const n = (cells) => this.cellsName(cells);
    switch (m.type) {
      case "step": return m.tow.length ? t("manoeuvres.web.do.tow", { to: this.cellName(m.to), cells: n(m.tow) })
        : t("manoeuvres.web.do.step", { to: this.cellName(m.to) });
      case "attack": return t("manoeuvres.web.do.attack", { target: this.cellName(m.target), cells: n(m.group), n: m.group.length });
      case "point_blank": return t("manoeuvres.web.do.point_blank", { target: this.cellName(m.target) });
      case "detonate": return m.to === null ? t("manoeuvres.web.do.detonate") : t("manoeuvres.web.do.detonate_at", { to: this.cellName(m.to) });
      case "shoot": return t("manoeuvres.web.do.shoot", { direction: t(`manoeuvres.web.direction.${m.direction}`) });
      case "defend": return t("manoeuvres.web.do.defend", { cells: n(m.group), n: m.group.length });
      default: return t("manoeuvres.web.do.end_turn");
    }
  }

  send(message) {
    this.selected = null; this.choices = null; this.api.error = "";
    this.api.send(message);
  }

  // --- clicks ---------------------------------------------------------------------------------

  click(cell) {
    const s = this.s, piece = s.pieces.find((p) => p.cell === cell);
    if (s.phase === "setup") { this.clickSetup(cell); return; }
    this.marking = null;
    if (this.mine) {
      const ending = this.targets.get(cell);
      if (ending) {
        if (ending.length === 1) this.send(ending[0]);
        else { this.choices = ending; this.api.render(); }
        return;
      }
      if (this.sources.has(cell)) {
        this.selected = this.selected === cell ? null : cell; this.choices = null;
        this.api.render();
        return;
      }
    }
    if (this.api.isPlayer && s.phase === "battle" && piece && piece.owner !== this.api.seat && piece.kind === null) {
      this.marking = piece.number; this.selected = null; this.choices = null;
    }
    this.api.render();
  }

  clickSetup(cell) {
    const s = this.s;
    if (!this.api.isPlayer || s.ready[this.api.seat] || !s.setup_cells.includes(cell)) return;
    if (this.draft.has(cell)) {
      this.pick = this.draft.get(cell);
      this.draft.delete(cell);
    } else if (this.pick && this.left(this.pick) > 0) {
      this.draft.set(cell, this.pick);
      if (this.left(this.pick) === 0) this.pick = s.pieces_per_side.map(([kind]) => kind).find((kind) => this.left(kind) > 0) || null;
    }
    this.api.render();
  }

  left(kind) {
    const entry = this.s.pieces_per_side.find(([k]) => k === kind);
    return (entry ? entry[1] : 0) - [...this.draft.values()].filter((k) => k === kind).length;
  }

  // --- drawing --------------------------------------------------------------------------------

  render() {
    const s = this.s;
    const controls = s.phase === "setup" ? this.setupControls() : this.playControls();
    return { headline: this.headline(), controls, fields: el("div", { class: "fields" }, this.field()) };
  }

  headline() {
    if (this.s.phase === "setup" || !this.last.lines.length) return null;
    return el("span", { id: "mn-last" }, this.last.lines.map((line) => capital(line())).join(" · "));
  }

  setupControls() {
    const s = this.s;
    if (!this.api.isPlayer || s.ready[this.api.seat]) return [];
    if (this.pick === null) this.pick = s.pieces_per_side.map(([kind]) => kind).find((kind) => this.left(kind) > 0) || null;
    const palette = el("div", { class: "dock mn-palette", id: "mn-palette", role: "radiogroup", "aria-label": t("manoeuvres.web.setup.palette") },
      s.pieces_per_side.map(([kind]) => {
        const left = this.left(kind);
        return el("button", { class: `mn-kind kind-${kind}${this.pick === kind ? " selected" : ""}${left ? "" : " placed"}`,
          "data-kind": kind, role: "radio", "aria-checked": String(this.pick === kind), title: kindName(kind), disabled: !left,
          onclick: () => { this.pick = kind; this.api.render(); } }, el("b", {}, abbr(kind)), el("small", {}, `×${left}`));
      }));
    const total = s.pieces_per_side.reduce((sum, [, n]) => sum + n, 0);
    const ready = el("button", { id: "mn-ready", class: "primary", disabled: this.draft.size !== total,
      onclick: () => this.api.send({ type: "deploy", pieces: [...this.draft].map(([cell, kind]) => [cell, kind]) }) },
    t("manoeuvres.web.setup.ready"));
    return [el("p", { class: "setup-help" }, t("manoeuvres.web.setup.help")), palette,
      el("div", { class: "controls" },
        el("button", { id: "mn-auto", onclick: () => this.api.send({ type: "random_fleet" }) }, t("manoeuvres.web.setup.auto")),
        el("button", { id: "mn-clear", onclick: () => { this.draft.clear(); this.pick = null; this.api.render(); } }, t("manoeuvres.web.setup.clear")),
        ready)];
  }

  playControls() {
    const s = this.s, parts = [];
    const zones = el("button", { id: "mn-zones", "aria-pressed": String(this.showZones),
      onclick: () => { this.showZones = !this.showZones; this.api.render(); } },
    t(this.showZones ? "manoeuvres.web.zones_hide" : "manoeuvres.web.zones_show"));
    const row = [zones];
    if (this.mine) {
      if (s.stage === "defence") {
        const p = s.pending;
        parts.push(el("p", { class: "prompt", id: "mn-defence" }, t("manoeuvres.web.defence", {
          kind: kindName(p.kind), n: p.group.length, cells: this.cellsName(p.group), target: this.cellName(p.target) })));
        parts.push(el("div", { class: "controls", id: "mn-defend" }, s.legal.filter((m) => m.type === "defend").map((m, i) =>
          el("button", { class: i === 0 ? "mn-choice primary" : "mn-choice", onclick: () => this.send(m) }, capital(this.describe(m))))));
      } else {
        const end = s.legal.find((m) => m.type === "end_turn");
        if (end) row.push(el("button", { id: "mn-end-turn", onclick: () => this.send(end) },
          t(s.stage === "bonus" ? "manoeuvres.web.skip_bonus" : "manoeuvres.web.end_turn")));
        if (this.selected !== null) {
          // What has no cell to click (a shot along a line, the bomb set off where it stands).
          for (const m of this.optionsOf(this.selected)) {
            if (m.type === "shoot" || (m.type === "detonate" && m.to === null)) {
              row.push(el("button", { class: "mn-action", "data-type": m.type, "data-direction": m.direction || null,
                onclick: () => this.send(m) }, capital(this.describe(m))));
            }
          }
          row.push(el("button", { id: "mn-cancel", class: "quiet", onclick: () => { this.selected = null; this.choices = null; this.api.render(); } },
            t("manoeuvres.web.cancel")));
        }
        parts.push(el("p", { class: "setup-help", id: "mn-hint" }, t(this.selected === null ? "manoeuvres.web.hint.select" : "manoeuvres.web.hint.target")));
      }
    }
    if (this.choices) {
      parts.push(el("div", { class: "controls", id: "mn-choices" }, el("span", {}, t("manoeuvres.web.choose")),
        this.choices.map((m) => el("button", { class: "mn-choice", onclick: () => this.send(m) }, capital(this.describe(m))))));
    }
    if (this.marking !== null) parts.push(this.markControls());
    return [el("div", { class: "controls" }, row), ...parts];
  }

  markControls() {
    const piece = this.s.pieces.find((p) => p.owner !== this.api.seat && p.number === this.marking);
    if (!piece || piece.kind !== null) { this.marking = null; return null; }
    const set = (kind) => () => { this.setMark(piece.number, kind); this.marking = null; this.api.render(); };
    return el("div", { class: "controls mn-marks", id: "mn-mark" },
      el("span", {}, t("manoeuvres.web.mark", { cell: this.cellName(piece.cell) })),
      KINDS.map((kind) => el("button", { class: "mn-guess-kind", "data-kind": kind, title: kindName(kind), onclick: set(kind) }, abbr(kind))),
      el("button", { class: "quiet", id: "mn-unmark", onclick: set(null) }, t("manoeuvres.web.unmark")));
  }

  field() {
    const s = this.s, seat = this.api.seat;
    // Seat 1 sees the field turned round, its own rows at the bottom as seat 0's are.
    const turned = seat === 1;
    const rows = [...Array(s.height).keys()], cols = [...Array(s.width).keys()];
    if (turned) { rows.reverse(); cols.reverse(); }
    const byCell = new Map(s.pieces.map((p) => [p.cell, p]));
    if (s.phase === "setup" && this.api.isPlayer && !s.ready[seat]) {
      for (const [cell, kind] of this.draft) byCell.set(cell, { owner: seat, cell, kind, moved: false, draft: true });
    }
    // The zones drawn (all on request, else the chosen piece's): by cell, the classes of
    // the sides whose zones cover it (one's own, or seat 0's for a spectator, hatched blue).
    const near = seat === null ? 0 : seat, zoneOf = new Map();
    for (const z of s.zones) {
      if (!this.showZones && z.cell !== this.selected) continue;
      const side = z.owner === near ? "mn-zone" : "mn-zone-enemy";
      for (const c of z.cells) zoneOf.set(c, new Set([...(zoneOf.get(c) || []), side]));
    }
    const setup = new Set(s.phase === "setup" && this.api.isPlayer && !s.ready[seat] ? s.setup_cells : []);
    const sources = this.mine && s.stage !== "defence" ? this.sources : new Set(), targets = this.mine ? this.targets : new Map();
    const pending = s.pending ? new Set([s.pending.target, ...s.pending.group]) : new Set();
    const marks = this.api.isPlayer ? this.marks : {};
    const grid = el("div", { class: "board mn-board", id: "mn-field", role: "grid", "aria-label": t("manoeuvres.web.field"),
      style: `--cols: ${s.width + 1};` });
    grid.append(el("div", { class: "label" }));
    for (const col of cols) grid.append(el("div", { class: "label" }, s.columns[col]));
    // The line between the halves: the first row of the lower half as drawn.
    const lower = turned ? s.height / 2 - 1 : s.height / 2;
    for (const row of rows) {
      grid.append(el("div", { class: "label" }, row + 1));
      for (const col of cols) {
        const cell = row * s.width + col, piece = byCell.get(cell);
        const classes = ["cell", "mn-cell"];
        let text = "", label = this.cellName(cell);
        if (piece) {
          const own = seat !== null && piece.owner === seat;
          classes.push(own ? "mn-own" : "mn-enemy", `mn-side-${piece.owner}`);
          if (piece.kind) { text = abbr(piece.kind); classes.push(`kind-${piece.kind}`); label += ` ${kindName(piece.kind)}`; }
          else if (marks[piece.number]) { text = abbr(marks[piece.number]); classes.push("mn-guess"); label += ` ${t("manoeuvres.web.guessed", { kind: kindName(marks[piece.number]) })}`; }
          else { text = "?"; classes.push("mn-unknown"); label += ` ${t("manoeuvres.web.unknown")}`; }
          if (piece.moved) classes.push("mn-moved");
          if (piece.draft) classes.push("mn-draft");
        }
        if (row === lower) classes.push("mn-half");
        if (setup.has(cell)) classes.push("mn-setup");
        if (zoneOf.has(cell)) classes.push(...zoneOf.get(cell));
        if (sources.has(cell)) classes.push("mn-source");
        if (cell === this.selected) classes.push("mn-selected");
        if (targets.has(cell)) classes.push("option");
        if (pending.has(cell)) classes.push("mn-pending");
        if (this.last.cells.has(cell) && s.phase !== "setup") classes.push("last");
        if (piece && this.marking !== null && piece.number === this.marking && piece.owner !== seat) classes.push("mn-marking");
        grid.append(el("button", { class: classes.join(" "), "data-cell": cell, "data-owner": piece ? piece.owner : null,
          "data-kind": piece && piece.kind ? piece.kind : null, "aria-label": label, tabindex: -1,
          onclick: () => this.click(cell) }, text));
      }
    }
    const lost = s.phase === "setup" ? null : el("p", { class: "afloat", id: "mn-lost" }, [0, 1].map((owner) =>
      `${this.api.who(owner)}: ${t("manoeuvres.web.lost", { n: s.lost[owner].length })}${s.lost[owner].length ? ` (${this.counted(s.lost[owner])})` : ""}`).join(" · "));
    const legend = s.phase === "setup" ? null : el("p", { class: "afloat", id: "mn-legend" }, t("manoeuvres.web.legend"));
    return el("div", { class: "field mn-field-box" }, grid, lost, legend);
  }

  counted(kinds) {
    const counts = new Map();
    kinds.forEach((k) => counts.set(k, (counts.get(k) || 0) + 1));
    return [...counts].map(([k, n]) => (n > 1 ? `${abbr(k)}×${n}` : abbr(k))).join(" ");
  }

  afterRender() {}

  renderStats() {
    const s = this.s;
    if (!s.stats) return null;
    return el("table", { class: "stats", id: "mn-stats" },
      el("tr", {}, el("th"), [0, 1].map((owner) => el("th", {}, this.api.who(owner)))),
      ["lost", "left"].map((key) => el("tr", {}, el("th", { scope: "row" }, t(`manoeuvres.web.stats.${key}`)),
        s.stats.map((side) => el("td", {}, side[key])))));
  }

  recordNote() { return null; }
}
