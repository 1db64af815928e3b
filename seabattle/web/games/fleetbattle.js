// The fleet battle's board module for the browser shell (app.js; the contract is in
// games/index.js): the lobby's fleets (a preset, a built make-up, a random fleet of a
// budget), then the battle — both fields, each fleet's О/А/М and its ships, the set-up
// (click to place, «Random», the flagship), the retreat question, the mode, the turn's
// orders (ammunition, target cells counted against the shots, fireships, hold fire), the
// grapple, the dice as they fall, the moderator's log, and the result with trophies.
// The server holds the battle and every rule: what may be chosen now is the state's
// `fleet.choice`, the shots with some fireships its answer to `check_orders`, the log's
// sentences its events' `say` (docs/web-protocol.md, «The fleet battle»). The orders panel
// is fleetbattle-orders.js. $, el, t, MSG and LANG come from common.js.
import { OrdersPanel } from "./fleetbattle-orders.js";

// The board's own styles, put in the page once (the shell's style.css is shared by every
// game; these classes are this board's only).
const STYLE = `
.fb-fleet { display: grid; gap: 4px; justify-items: center; font-size: .9em; max-width: 360px; }
.fb-totals { color: var(--muted); text-align: center; }
.fb-ships { display: flex; flex-wrap: wrap; gap: 4px 10px; justify-content: center; }
.fb-ships span.out { text-decoration: line-through; color: var(--muted); }
.fb-ships span.flag::before, .cell.flag::after { content: "⚑"; color: #b36b00; }
.cell.flag::after { position: absolute; inset: 0; z-index: 3; font-size: calc(var(--cell) * .55); }
.cell.chain::after { content: "∞"; color: #6f5a8a; font-weight: bold; }
.cell.grape::after { content: "⁂"; color: #8d5a26; font-weight: bold; }
.cell.taken::after { content: "⚓"; color: #13314f; }
.cell.target { background: #ffd27a; }
.cell.target::after { content: "◎"; color: #8d2a26; }
.cell.lost { background: #e9c6c4; }
.fb-dice { display: flex; flex-wrap: wrap; gap: 6px 14px; justify-content: center; align-items: center; max-width: 100%; }
.fb-roll { display: inline-flex; flex-wrap: wrap; justify-content: center; gap: 2px 6px; align-items: center; padding: 2px 8px;
           border-radius: 8px; background: var(--card); max-width: 100%; }
.fb-die { font-size: 1.9em; line-height: 1; }
.fb-die.won { color: var(--accent); }
.fb-score { font-weight: normal; color: var(--muted); }
.fb-die.rolling { animation: fb-roll .6s ease-out var(--fx-delay, 0ms) both; }
@keyframes fb-roll { 0% { transform: rotate(-200deg) scale(.3); opacity: 0; } 100% { transform: none; opacity: 1; } }
.fb-panel { display: grid; gap: 8px; justify-items: center; padding: 8px 12px; border-radius: 12px; background: var(--card);
            box-shadow: 0 2px 10px #13314f14; max-width: 760px; margin: 4px auto; }
.fb-panel .controls { margin: 0; }
.fb-panel label { display: inline-flex; gap: 4px; align-items: center; }
.fb-count.full { color: var(--accent); font-weight: 600; }
.fb-results { border-collapse: collapse; background: var(--card); }
.fb-results th, .fb-results td { padding: 4px 10px; border-bottom: 1px solid #e6edf3; text-align: left; vertical-align: top; }
.fb-builder { display: grid; grid-template-columns: minmax(8em, 1fr) 6em 6em; gap: 4px 8px; align-items: center; grid-column: 1 / -1; }
.fb-builder input { width: 100%; }
.fb-budget { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6px; grid-column: 1 / -1; }
`;
function addStyle() {
  if (document.getElementById("fleetbattle-style")) return;
  document.head.append(el("style", { id: "fleetbattle-style" }, STYLE));
}

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const kindName = (kind) => t(`fleet.kind.${kind}`);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
// A make-up as «frigate ×1, brig ×3», in the order the server lists it.
const makeUpText = (counts) => Object.entries(counts).map(([kind, n]) => `${kindName(kind)} ×${n}`).join(", ");

// --- the lobby's fields ----------------------------------------------------------------------

// The fleets: a preset (each shown with both make-ups), the builder (ships of each kind for
// each side, and coastal batteries), or one random fleet for both of a budget's strength.
export function lobbyFields(options) {
  addStyle();
  const option = (value, label, selected = false) => el("option", { value, selected }, label);
  const choose = el("select", { id: "fb-fleets" },
    options.presets.map((p) => option(p.name, `${p.name}: ${p.fleets.map(makeUpText).join(" — ")}`,
      p.name === options.default_preset)),
    option("builder", t("fleet.web.lobby.builder")), option("random", t("fleet.web.lobby.random")));
  const number = (id, value, max) => el("input", { id, type: "number", min: 0, max, value });
  // The builder: a row per kind (and the coastal batteries), a column per side.
  const kinds = [...options.kinds.map((k) => k.kind), "battery"];
  const builder = el("div", { class: "fb-builder", id: "fb-builder" },
    el("span"), el("b", {}, t("fleet.web.lobby.yours")), el("b", {}, t("fleet.web.lobby.theirs")),
    ...kinds.flatMap((kind) => [el("span", {}, kindName(kind)), ...[0, 1].map((side) =>
      el("label", { "aria-label": `${kindName(kind)} ${side + 1}` },
        number(`fb-${side}-${kind}`, kind === "brig" ? 2 : 0, kind === "battery" ? options.most_batteries : 30)))]));
  const budget = el("div", { class: "fb-budget", id: "fb-budget" },
    ["coins", "guns", "wood"].map((name) => el("label", {}, t(`fleet.web.lobby.${name}`),
      number(`fb-budget-${name}`, options.random_budget[name], 1000))));
  const follow = () => { builder.hidden = choose.value !== "builder"; budget.hidden = choose.value !== "random"; };
  choose.addEventListener("change", follow);
  follow();
  return [el("label", {}, t("fleet.web.lobby.fleets"), choose), builder, budget];
}

export function lobbyRequest() {
  const chosen = $("#fb-fleets").value;
  const count = (id) => parseInt($(`#${id}`).value || "0", 10);
  if (chosen === "builder") {
    const kinds = [...document.querySelectorAll("#fb-builder input")].map((i) => i.id.split("-").slice(2).join("-"))
      .filter((kind, i, all) => kind !== "battery" && all.indexOf(kind) === i);
    const fleets = [0, 1].map((side) => Object.fromEntries(kinds.map((k) => [k, count(`fb-${side}-${k}`)]).filter(([, n]) => n)));
    return { fleets, batteries: [0, 1].map((side) => count(`fb-${side}-battery`)) };
  }
  if (chosen === "random") return { random: Object.fromEntries(["coins", "guns", "wood"].map((n) => [n, count(`fb-budget-${n}`)])) };
  return { preset: chosen };
}

export function guide() {
  return ["setup", "turn", "orders", "dice"].map((step) => t(`fleet.web.guide.${step}`));
}

// --- the board ----------------------------------------------------------------------------

export function createBoard(api) { addStyle(); return new FleetBoard(api); }

class FleetBoard {
  constructor(api) {
    this.api = api;
    this.dice = [];          // this turn's rolls: {what, values, winner, seat, kind}, in order
    this.rolledSeen = 0;     // how many of them were drawn already (only new ones roll)
    this.draft = null;       // the set-up being made: {ships: [cells|null], flagship, piece, across}
    this.orders = new OrdersPanel(this);
    this.stage = null;       // the battle's phase and turn the panels were made for
  }

  close() {}

  get fleet() { return this.api.state.fleet; }
  get seat() { return this.api.seat; }
  // The side drawn on the left: one's own, or fleet 1 for a spectator.
  get near() { return this.api.isPlayer ? this.seat : 0; }

  // How a side is named in titles: «Your fleet», «The enemy», «Fleet 2».
  sideTitle(side) {
    if (!this.api.isPlayer) return t("fleet.web.fleet_n", { n: side + 1 });
    return t(side === this.seat ? "fleet.web.you" : "fleet.web.enemy");
  }

  // How a side is named mid-sentence: «your fleet», «the enemy», «fleet 2».
  sideSaid(side) {
    if (!this.api.isPlayer) return t("fleet.web.side", { n: side + 1 });
    return t(side === this.seat ? "fleet.plain.you_said" : "fleet.plain.enemy_said");
  }

  // --- events and states --------------------------------------------------------------

  receive(m) {
    if (m.type === "fleet_suggestion") {
      const draft = this.newDraft();
      draft.ships = m.ships.map((s) => s.cells); draft.flagship = m.flagship;
      this.draft = draft; this.api.error = ""; this.api.render();
      return true;
    }
    if (m.type === "orders_check") { this.orders.answer(m); return true; }
    if (m.type !== "fleet_event") return false;
    if (m.say) this.api.log(() => m.say[LANG] || m.say.en);
    this.noteDice(m.event);
    const e = m.event;
    if (e.type === "volley_fired" && e.shots.length) this.api.sound(e.shots.some((s) => s.hit) ? "hit" : "miss");
    if (e.type === "ship_lost" && ["sunk", "burnt"].includes(e.status)) this.api.sound("sunk");
    return true;
  }

  // The dice of the turn, as the events tell them: each roll with whose it is.
  noteDice(e) {
    if (e.type === "turn_began") { this.dice = []; this.rolledSeen = 0; }
    else if (e.type === "contest") {
      const what = e.group !== null ? "grapple" : e.boarding ? "boarding" : "manoeuvre";
      this.dice.push({ what, values: e.dice, winner: e.winner, scores: e.scores });
    } else if (e.type === "fireship_rolled" && e.die !== null) {
      this.dice.push({ what: "fireship", values: [e.die], seat: e.seat, winner: e.success ? e.seat : null,
        kind: this.fleet ? this.fleet.pieces[e.seat][e.ship].kind : null });
    } else if (e.type === "fire_started") {
      this.dice.push({ what: "fire", values: [e.die], seat: e.seat, winner: e.die === 1 ? e.seat : null });
    }
  }

  onState() {
    const f = this.fleet;
    const stage = `${f.phase}:${f.turn}`;
    if (stage !== this.stage) {
      this.stage = stage;
      this.orders.reset();
      if (f.phase !== "setup") this.draft = null;
    }
    if (f.phase === "setup" && f.choice && !this.draft) this.draft = this.newDraft();
  }

  newDraft() {
    const pieces = this.fleet.choice ? this.fleet.choice.pieces : [];
    return { ships: pieces.map(() => null), flagship: 0, piece: 0, across: true };
  }

  statusText() {
    const f = this.fleet, choice = f.choice;
    const mode = f.mode ? t(`fleet.mode.${f.mode}`) : "";
    if (choice) {
      if (choice.action === "orders" && choice.parting) return t("fleet.web.status.parting");
      if (choice.action === "grapple") return t("fleet.web.status.grapple", { kind: kindName(choice.taken) });
      return t(`fleet.web.status.${choice.action}`, { turn: f.turn, mode });
    }
    if (this.api.isPlayer && f.acting.length && !f.acting.includes(this.seat)) return t("fleet.web.status.wait");
    return t("fleet.web.status.watch", { turn: f.turn, phase: t(`fleet.phase.${f.phase}`) });
  }

  rulesText() { return this.api.state.title; }

  // The end. The battle's own ends (a fleet destroyed, retreats, the turn limit) the server
  // words as the reader calls the sides (`fleet.ending`: «your fleet has no ship left in
  // the battle»); the room's (resigned, the clock, a player who left) the shell words.
  resultText(result) {
    const room = MSG[`web.reason.${result.reason}`];
    const reason = room ? t(`web.reason.${result.reason}`) : this.fleet.ending || t(result.reason);
    if (result.winner === null) return t("fleet.say.draw", { reason });
    if (!this.api.isPlayer) return t("fleet.say.won", { side: this.sideTitle(result.winner), reason });
    if (MSG[`web.over.won_${result.reason}`]) return t(`web.over.${result.winner === this.seat ? "won" : "lost"}_${result.reason}`);
    return t(result.winner === this.seat ? "fleet.web.won" : "fleet.web.lost", { reason });
  }

  // --- drawing ----------------------------------------------------------------------------

  render() {
    const f = this.fleet;
    const sides = [this.near, 1 - this.near];
    const fields = el("div", { class: "fields" }, sides.map((side) => this.field(side)));
    return { headline: this.diceRow(), controls: [this.panel()], fields };
  }

  afterRender() {
    const focus = $("#fb-panel button.primary:not([disabled])");
    if (focus && !document.activeElement.closest("#fb-panel")) focus.focus({ preventScroll: true });
  }

  // The dice of this turn as they fell; the ones not seen before roll in, one after another.
  diceRow() {
    if (!this.dice.length) return null;
    const rolls = this.dice.slice(-6);
    const fresh = this.api.live ? this.dice.length - this.rolledSeen : 0;
    this.rolledSeen = this.dice.length;
    let delay = 0;
    const face = (value, won, rolling) => {
      const node = el("span", { class: `fb-die${won ? " won" : ""}${rolling ? " rolling" : ""}`, "aria-label": String(value) }, DIE[value]);
      if (rolling) { node.style.setProperty("--fx-delay", `${delay}ms`); delay += 250; }
      return node;
    };
    const items = rolls.map((roll, i) => {
      const rolling = i >= rolls.length - fresh;
      const label = roll.what === "fireship" ? t("fleet.web.dice.fireship", { kind: kindName(roll.kind) })
        : t(`fleet.web.dice.${roll.what}`);
      if (roll.values.length === 2) {
        // Each die with the score it made (the figures and every bonus added: the server's).
        const score = (i) => el("small", { class: "fb-score" }, `(${String(roll.scores[i]).replace(".", LANG === "ru" ? "," : ".")})`);
        // The reader's side first, as on the fields.
        const [near, far] = [this.near, 1 - this.near];
        return el("span", { class: "fb-roll", "data-roll": roll.what }, el("b", {}, `${label}:`),
          this.sideTitle(near), face(roll.values[near], roll.winner === near, rolling), score(near), "·",
          face(roll.values[far], roll.winner === far, rolling), score(far), this.sideTitle(far));
      }
      return el("span", { class: "fb-roll", "data-roll": roll.what }, el("b", {}, `${label}:`), this.sideTitle(roll.seat),
        face(roll.values[0], roll.winner !== null, rolling));
    });
    return el("div", { class: "fb-dice", id: "fb-dice", "aria-label": t("fleet.web.dice") }, items);
  }

  // What the reader does now: the set-up, the retreat question, the mode, the orders, the
  // grapple (none: nothing is asked of the reader).
  panel() {
    const choice = this.fleet.choice;
    // Nothing of the set-up while an invitation waits for the friend (the shell shows the link).
    if (!choice || ["over", "waiting"].includes(this.api.state.phase)) return null;
    let body;
    if (choice.action === "place") body = this.setupPanel(choice);
    else if (choice.action === "retreat") body = this.retreatPanel(choice);
    else if (choice.action === "mode") body = this.modePanel(choice);
    else if (choice.action === "orders") body = this.orders.render(choice);
    else body = this.grapplePanel(choice);
    return el("section", { class: "fb-panel", id: "fb-panel", "data-action": choice.action }, body);
  }

  send(message) { this.api.error = ""; this.api.send(message); }

  setupPanel(choice) {
    const d = this.draft;
    const dock = el("div", { class: "dock", id: "fb-dock" }, choice.pieces.map((p, i) =>
      el("button", { class: `${i === d.piece ? "selected" : ""}${d.ships[i] ? " placed" : ""}`, "data-piece": i,
        onclick: () => { d.piece = i; this.api.render(); } },
      Array.from({ length: p.decks }, () => el("span")), " ", kindName(p.kind))));
    const flagship = el("select", { id: "fb-flagship", onchange: (e) => { d.flagship = Number(e.target.value); } },
      choice.pieces.slice(0, choice.ships).map((p, i) => el("option", { value: i, selected: i === d.flagship }, `${i + 1}. ${kindName(p.kind)}`)));
    const ready = d.ships.every((cells) => cells);
    return [el("p", { class: "setup-help" }, t("fleet.web.setup.help")), dock,
      el("div", { class: "controls" },
        el("button", { id: "fb-rotate", onclick: () => { d.across = !d.across; this.api.render(); } },
          t("web.setup.rotate"), " ", d.across ? "↔" : "↕"),
        el("button", { id: "fb-random", onclick: () => this.send({ type: "random_fleet" }) }, t("web.setup.random")),
        el("button", { id: "fb-clear", onclick: () => { this.draft = this.newDraft(); this.api.render(); } }, t("web.setup.clear")),
        el("label", {}, t("fleet.web.setup.flagship"), flagship),
        el("button", { id: "fb-ready", class: "primary", disabled: !ready,
          onclick: () => this.send({ type: "place", ships: d.ships, flagship: d.flagship }) }, t("web.setup.ready")))];
  }

  // A click on one's own field in the set-up: the chosen piece laid from that cell, across
  // or down (where it fits on the field; whether it may lie there is the server's to say).
  placeAt(cell) {
    const d = this.draft, f = this.fleet, grid = f.fields[this.seat];
    const decks = f.choice.pieces[d.piece].decks;
    const row = Math.floor(cell / grid.width), col = cell % grid.width;
    if ((d.across ? col : row) + decks > (d.across ? grid.width : grid.height)) {
      this.api.error = t("fleet.web.setup.off_field"); this.api.render(); return;
    }
    d.ships[d.piece] = Array.from({ length: decks }, (_, i) => (d.across ? cell + i : cell + i * grid.width));
    const next = d.ships.findIndex((cells) => !cells);
    if (next >= 0) d.piece = next;
    this.api.error = ""; this.api.render();
  }

  retreatPanel(choice) {
    return [el("p", {}, t(choice.may_retreat ? "fleet.web.retreat.ask" : "fleet.web.retreat.no")),
      el("div", { class: "controls" },
        el("button", { id: "fb-fight", class: "primary", onclick: () => this.send({ type: "retreat", retreat: false }) }, t("fleet.web.retreat.stay")),
        choice.may_retreat ? el("button", { id: "fb-retreat", onclick: () => { if (confirm(t("fleet.web.retreat.confirm"))) this.send({ type: "retreat", retreat: true }); } },
          t("fleet.web.retreat.go")) : null)];
  }

  modePanel(choice) {
    return el("div", { class: "controls" }, choice.modes.map((mode, i) =>
      el("button", { id: `fb-mode-${mode}`, class: i === 0 ? "primary" : "", onclick: () => this.send({ type: "mode", mode }) }, capital(t(`fleet.mode.${mode}`)))));
  }

  grapplePanel(choice) {
    const own = this.fleet.own;
    const boxes = choice.ships.map((index) => el("label", {},
      el("input", { type: "checkbox", value: index, checked: index === choice.ships[0], "data-ship": index }), `${index + 1}. ${kindName(own[index].kind)}`));
    return [el("div", { class: "controls", id: "fb-grapple-ships" }, boxes),
      el("button", { id: "fb-grapple", class: "primary", onclick: () => this.send({ type: "grapple",
        ships: [...document.querySelectorAll("#fb-grapple-ships input:checked")].map((i) => Number(i.value)) }) }, t("fleet.web.grapple.go"))];
  }

  // One side's field and fleet: its grid (one's own with its ships and the enemy's shots;
  // the enemy's with one's shots, aimed at in the orders), its totals and its ships.
  field(side) {
    const f = this.fleet, grid = f.fields[side];
    const mine = this.api.isPlayer && side === this.seat;
    const over = f.placements !== null;
    const marks = new Map();  // cell → classes
    const add = (cell, name) => marks.set(cell, `${marks.get(cell) || ""} ${name}`);
    const shown = over ? f.placements[side].ships : mine && f.own ? f.own : [];
    shown.forEach((ship, index) => {
      ship.cells.forEach((c) => add(c, "hull"));
      if (index === (over ? f.placements[side].flagship : f.flagship) && ship.cells.length) add(ship.cells[0], "flag");
      for (const [key, name] of [["chain", "chain"], ["grape", "grape"], ["captured", "taken"]]) (ship[key] || []).forEach((c) => add(c, name));
    });
    if (mine && this.draft && f.phase === "setup") {
      this.draft.ships.forEach((cells, i) => {
        (cells || []).forEach((c) => add(c, "hull"));
        if (cells && i === this.draft.flagship) add(cells[0], "flag");
      });
    }
    for (const shot of f.sides[1 - side].shots) add(shot.cell, shot.hit ? (shot.ammo === "cannonball" ? "hit" : shot.ammo) : "miss");
    for (const ship of f.sides[side].lost) ship.cells.forEach((c) => add(c, "lost sunk"));
    const aiming = this.api.isPlayer && side !== this.seat && this.orders.aiming();
    if (aiming) this.orders.targets().forEach((c) => add(c, "target"));
    const placing = mine && f.phase === "setup" && f.choice;
    const board = el("div", { class: `board ${mine ? "mine" : "enemy"}${aiming ? " active" : ""}`, id: `fb-field-${side}`, role: "grid",
      "aria-label": this.sideTitle(side), style: `--cols: ${grid.width + 1};` });
    board.append(el("div", { class: "label" }));
    for (const letter of grid.columns) board.append(el("div", { class: "label" }, letter));
    for (let row = 0; row < grid.height; row++) {
      board.append(el("div", { class: "label" }, row + 1));
      for (let col = 0; col < grid.width; col++) {
        const cell = row * grid.width + col;
        const click = placing ? () => this.placeAt(cell) : aiming ? () => this.orders.toggle(cell) : null;
        board.append(el("button", { class: `cell${marks.get(cell) || ""}`, "data-cell": cell, "aria-label": `${grid.columns[col]}${row + 1}`,
          tabindex: -1, disabled: !click, onclick: click }));
      }
    }
    return el("div", { class: `field ${mine ? "mine" : "theirs"}${aiming ? " target-field" : ""}`, "data-side": side },
      el("h2", {}, this.sideTitle(side)), board, this.fleetSummary(side));
  }

  // A fleet's totals as the moderator announces them, and its ships (one's own with their
  // figures now; the enemy's as announced, those that left the battle struck out).
  fleetSummary(side) {
    const f = this.fleet, s = f.sides[side];
    const number = (x) => (Number.isInteger(x) ? String(x) : String(x).replace(".", LANG === "ru" ? "," : "."));
    const notes = [s.flagship_lost ? t("fleet.text.flagship_lost") : null, s.held_fire ? t("fleet.text.held_fire") : null].filter(Boolean);
    // Before a side places its fleet it has no totals yet (not none).
    const totals = f.phase === "setup" && !s.ready ? t("fleet.web.not_placed", { side: this.sideTitle(side) })
      : t("fleet.text.totals", { side: this.sideTitle(side), firepower: number(s.totals.firepower),
        boarding: s.totals.boarding, manoeuvre: s.totals.manoeuvre, ships: s.totals.ships }) + (notes.length ? ` (${notes.join(", ")})` : "");
    const mine = this.api.isPlayer && side === this.seat && f.own;
    const lost = new Map(s.lost.map((ship) => [ship.index, ship.status]));
    const ships = (mine ? f.own.filter((p) => p.kind !== "battery") : s.make_up.map((kind, index) => ({ kind, index }))).map((ship) => {
      const status = mine ? (ship.status === "active" ? null : ship.status) : lost.get(ship.index) || null;
      const out = status && status !== "grappled";
      const figures = mine && !out ? ` ${number(ship.firepower)}/${ship.boarding}/${ship.manoeuvre}` : "";
      return el("span", { class: `${out ? "out" : ""}${mine && ship.index === f.flagship ? " flag" : ""}`, "data-ship": ship.index },
        `${kindName(ship.kind)}${figures}${status ? ` (${t(`fleet.status.${status}`)})` : ""}`);
    });
    const legend = mine ? el("small", { class: "fb-totals" }, t("fleet.web.figures")) : null;
    return el("div", { class: "fb-fleet" }, el("div", { class: "fb-totals", "data-side": side }, totals), el("div", { class: "fb-ships" }, ships), legend);
  }

  // After the battle: each side's ships by fate, and the winner's trophies.
  renderStats() {
    const f = this.fleet;
    if (!f.results) return null;
    const sides = [this.near, 1 - this.near];  // the reader's side first, as on the fields
    const names = (side, indices) => indices.map((i) => kindName(f.pieces[side][i].kind)).join(", ") || "—";
    const rows = ["destroyed", "captured", "escaped", "remaining"].map((fate) => el("tr", {},
      el("th", { scope: "row" }, t(`fleet.web.result.${fate}`)), sides.map((side) => el("td", { "data-fate": fate, "data-side": side }, names(side, f.results[side][fate])))));
    const winner = f.winner;
    const trophies = winner !== null && f.results[winner].trophies.coins
      ? el("p", { id: "fb-trophies" }, t("fleet.say.trophies", { side: this.sideSaid(winner), ...f.results[winner].trophies })) : null;
    return el("div", { class: "over" }, el("table", { class: "fb-results", id: "fb-results" },
      el("thead", {}, el("tr", {}, el("th"), sides.map((side) => el("th", { scope: "col" }, this.sideTitle(side))))),
      el("tbody", {}, rows)), trophies);
  }

  // The record is the shared envelope around the log: `seabattle replay` reads it.
  recordNote(file) { return t("fleet.web.record_note", { file }); }
}
