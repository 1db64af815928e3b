// Battleship's set-up for the browser (games/battleship.js): the half of the board that
// places a fleet — drag and drop, click and rotate, the keyboard, ships painted cell by
// cell — with every placement judged by the server (`check_fleet`), plus what both halves
// share: the shell's api as the board reads it, the keyboard cursor and the ships' names.
// $, el, t and MSG come from common.js.

export const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export const shipName = (name) => (name && MSG[`ship.${name}`]) ? t(`ship.${name}`)
  : (name && MSG[`role.${name}`]) ? t(`role.${name}`) : (name || "");
export const kindName = (kind) => shipName(kind.name || kind.role);
export const SYMBOL = { submarine: "◆", mine: "✱", minesweeper: "▲" };

// The board's set-up half; games/battleship.js's BattleshipBoard adds the battle.
export class SetupBoard {
  constructor(api) {
    this.api = api;
    this.setup = null; this.cursor = { own: 0, enemy: 0 };
    this.checks = { queue: [], inFlight: null };  // the set-up's questions (check_fleet)
    // Set-up pointer moves are followed on the whole document: a touch that starts on the
    // dock stays captured by the dock button, so the field would never hear of it.
    this.onPointerMove = (e) => this.setupPointerMove(e);
    this.onPointerUp = (e) => this.setupPointerUp(e);
    document.addEventListener("pointermove", this.onPointerMove);
    document.addEventListener("pointerup", this.onPointerUp);
  }

  close() {
    delete document.body.dataset.checking;
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

  fleetKinds() { return this.state.fleet; }

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
      if (this.setup) this.pump();  // the preview where the cursor is
      return true;
    }
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.focus = role; onEnter(); return true; }
    return false;
  }

  // --- set-up ---------------------------------------------------------------------------
  // The shapes (each kind's orientations) and every placement problem are the server's:
  // a ship is put down by asking `check_fleet` with it among the others, and placed only
  // when the engine finds nothing wrong; else its translated problem is shown. Set-up
  // actions wait in a queue, one question in flight at a time, so that they apply in the
  // order made; a hover preview asks too, when nothing else waits.

  // Runs `op` in its turn: it changes the set-up, or returns a question ({ships, then}).
  enqueue(op) { this.checks.queue.push(op); this.pump(); }
  act(change) { this.enqueue(() => { change(); this.redraw(); return null; }); }

  pump() {
    const checks = this.checks;
    while (!checks.inFlight && checks.queue.length) {
      if (this.setup) this.setup.refused = [];  // a refusal's cells show until the next action
      const question = this.setup ? checks.queue.shift()() : (checks.queue.length = 0, null);
      if (question) this.ask(question);
    }
    if (!checks.inFlight && this.setup) {
      const wanted = this.previewQuestion();
      if (wanted) this.ask(wanted);
    }
    // Tests (and anyone curious) can tell when every set-up action has been answered.
    if (checks.queue.length || (checks.inFlight && !checks.inFlight.preview)) document.body.dataset.checking = "1";
    else delete document.body.dataset.checking;
  }

  ask(question) { this.checks.inFlight = question; this.send({ type: "check_fleet", ships: question.ships }); }

  answered(m) {
    const question = this.checks.inFlight;
    this.checks.inFlight = null;
    if (question && this.setup) { question.then(m); this.redraw(); }
    this.pump();
  }

  // A question refused (the set-up is over, say) is answered all the same: the queue goes on.
  onError(m) {
    const refusals = ["game.error.phase", "game.error.field", "game.error.unknown_type", "web.error.malformed", "web.error.unknown_type", "web.error.spectator"];
    if (this.checks.inFlight && refusals.includes(m.code)) { this.checks.inFlight = null; this.pump(); }
  }

  // The fleet as placed, with ship `index` replaced by `entry` (cells, or a shape put down).
  draft(index, entry) { return this.setup.placed.map((cells, i) => (i === index ? entry : cells)); }

  shapeAt(index, row, column, orient) {
    const n = this.fleetKinds()[index].orientations.length;
    return { row, column, orientation: ((orient % n) + n) % n };
  }

  anchorOf(cells) { const w = this.state.rules.width, first = Math.min(...cells); return [Math.floor(first / w), first % w]; }

  previewKey() {
    const st = this.setup;
    if (!st || this.paintMode() || st.selected === null || st.hover === null) return null;
    return `${st.selected}:${st.hover}:${st.orient}`;
  }

  previewQuestion() {
    const st = this.setup, key = this.previewKey();
    if (key === null || (st.preview && st.preview.key === key)) return null;
    const index = st.selected, w = this.state.rules.width;
    const entry = this.shapeAt(index, Math.floor(st.hover / w), st.hover % w, st.orient);
    return { preview: true, ships: this.draft(index, entry), then: (m) => {
      const problem = m.problems[index];
      st.preview = { key, cells: m.ships[index] || [], ok: !problem };
    } };
  }

  previewCells() {
    const st = this.setup, key = this.previewKey();
    return key !== null && st.preview && st.preview.key === key ? st.preview : null;
  }

  // Puts ship `index` down with the first cell of orientation `orient` at `row`, `column`
  // (the field's bounds are the server's to judge); `after(placed)` follows the answer.
  placeAt(index, row, column, orient, after = null) { this.enqueue(() => this.placing(index, row, column, orient, after)); }

  placing(index, row, column, orient, after = null) {
    const entry = this.shapeAt(index, row, column, orient);
    return { ships: this.draft(index, entry), then: (m) => {
      const problem = m.problems[index];
      if (problem) { this.error = problem.message; this.setup.refused = problem.cells; } else {
        const st = this.setup;
        st.placed[index] = m.ships[index];
        st.orients[index] = entry.orientation;
        this.error = "";
        const next = st.placed.findIndex((p) => !p);
        st.selected = next < 0 ? null : next;
      }
      if (after) after(!problem);
    } };
  }

  shipAt(cell) { return this.setup.placed.findIndex((p) => p && p.includes(cell)); }
  straight() { return this.fleetKinds().every((k) => k.shape === "straight"); }

  // The next orientation of a placed ship, keeping its first cell where it is; the
  // selection stays as it was.
  rotatePlaced(index) { this.enqueue(() => this.rotating(index)); }

  rotating(index, after = null) {
    const st = this.setup, selected = st.selected;
    if (!st.placed[index]) return null;
    const [row, column] = this.anchorOf(st.placed[index]);
    return this.placing(index, row, column, (st.orients[index] || 0) + 1, (placed) => {
      st.selected = selected;
      if (after) after(placed);
    });
  }

  bindSetup(grid) {
    if (this.paintMode()) {
      grid.addEventListener("click", (e) => {
        const cell = e.target.closest(".cell");
        if (cell) this.paintCell(Number(cell.dataset.cell));
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
    if (cell !== this.setup.hover && this.setup.selected !== null) { this.setup.hover = cell; this.redraw(); this.pump(); }
  }

  setupPointerUp(e) {
    if (!this.setup || !this.cellOf || this.paintMode()) return;
    const cell = this.cellOf(e);
    const fromDock = this.dockDrag; this.dockDrag = false;
    const drag = this.drag; this.drag = null;
    if (drag) {
      if (cell === null || cell === drag.cell) { this.rotatePlaced(drag.index); this.redraw(); return; }
      // The ship keeps its orientation and the grabbed cell follows the pointer.
      const w = this.state.rules.width, [row, column] = this.anchorOf(drag.from);
      const dr = Math.floor(drag.cell / w) - row, dc = drag.cell % w - column;
      const st = this.setup, selected = st.selected;
      this.placeAt(drag.index, Math.floor(cell / w) - dr, cell % w - dc, st.orients[drag.index] || 0, () => { st.selected = selected; });
      this.redraw();
      return;
    }
    if (cell !== null && this.setup.selected !== null) {
      const w = this.state.rules.width;
      this.placeAt(this.setup.selected, Math.floor(cell / w), cell % w, this.setup.orient);
    } else if (fromDock) this.redraw();
  }

  setupKey(e) {
    const st = this.setup, w = this.state.rules.width;
    if (e.key === "r" || e.key === "R" || e.key === "к" || e.key === "К") {
      e.preventDefault(); this.focus = "own";
      this.enqueue(() => {
        const index = this.shipAt(this.cursor.own);
        // The cursor follows the turned ship, so that Enter picks it up.
        if (index >= 0) return this.rotating(index, () => { this.cursor.own = Math.min(...st.placed[index]); });
        st.orient += 1;
        this.redraw(); return null;
      });
      return;
    }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault(); this.focus = "own";
      this.act(() => {
        const index = this.shipAt(this.cursor.own);
        if (index >= 0) { st.placed[index] = null; st.selected = index; }
      });
      return;
    }
    this.moveCursor(e, "own", () => this.enqueue(() => {
      const index = this.shipAt(this.cursor.own);
      st.hover = this.cursor.own;
      if (index >= 0) { st.placed[index] = null; st.selected = index; }
      else if (st.selected !== null) return this.placing(st.selected, Math.floor(this.cursor.own / w), this.cursor.own % w, st.orient);
      this.redraw(); return null;
    }));
  }

  // Ships that may bend are painted cell by cell: pick a kind in the dock, mark its cells.
  // Each mark is asked about: a cell that overlaps or touches another ship is refused with
  // the engine's reason; a complete ship of the wrong shape is shown wrong, not placed.

  paintMode() { return this.fleetKinds().some((k) => !k.orientations); }

  paintCell(cell) { this.enqueue(() => this.painting(cell)); }

  painting(cell) {
    const st = this.setup, kinds = this.fleetKinds();
    const owner = this.shipAt(cell);
    if (owner >= 0 && !st.drawing.length) {  // a placed ship goes back to be painted again
      st.placed[owner] = null; st.selected = owner; this.error = ""; this.redraw(); return null;
    }
    if (st.selected === null || st.placed[st.selected]) {
      const next = st.placed.findIndex((p) => !p);
      st.selected = next < 0 ? null : next;
    }
    if (st.selected === null) { this.redraw(); return null; }
    const index = st.selected, kind = kinds[index], at = st.drawing.indexOf(cell);
    if (at < 0 && st.drawing.length >= kind.size) { this.error = t("web.setup.full", { size: kind.size }); this.redraw(); return null; }
    const cells = at >= 0 ? st.drawing.filter((c) => c !== cell) : [...st.drawing, cell];
    if (!cells.length) { st.drawing = []; st.drawingBad = false; this.error = ""; this.redraw(); return null; }
    return { ships: this.draft(index, cells), then: (m) => {
      const problem = m.problems[index];
      // A cell refused for where it is stays unmarked; a wrong shape is shown as drawn.
      if (problem && problem.code !== "error.placement_shape" && at < 0) { this.error = problem.message; st.refused = [cell]; return; }
      st.drawing = cells; st.drawingBad = Boolean(problem);
      this.error = problem ? problem.message : "";
      if (cells.length === kind.size && !problem) {
        st.placed[index] = m.ships[index];
        st.drawing = [];
        const next = st.placed.findIndex((p) => !p);
        st.selected = next < 0 ? null : next;
      }
    } };
  }

  paintKey(e) {
    const st = this.setup;
    if (e.key === "Escape") { e.preventDefault(); this.act(() => { st.drawing = []; st.drawingBad = false; this.error = ""; }); return; }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault(); this.focus = "own";
      const cell = this.cursor.own;
      this.enqueue(() => {
        const index = this.shipAt(cell);
        if (st.drawing.includes(cell)) return this.painting(cell);
        if (index >= 0 && !st.drawing.length) { st.placed[index] = null; st.selected = index; }
        this.error = ""; this.redraw(); return null;
      });
      return;
    }
    this.moveCursor(e, "own", () => this.paintCell(this.cursor.own));
  }
  renderSetupControls() {
    const st = this.setup, kinds = this.fleetKinds();
    const dock = el("div", { class: "dock", id: "dock" }, kinds.map((kind, i) => el("button", {
      class: (st.selected === i ? "selected " : "") + (st.placed[i] ? "placed" : ""), "data-ship": i, "data-role": kind.role, title: kindName(kind),
      onpointerdown: (e) => { if (this.paintMode()) return; this.setup.selected = i; this.setup.placed[i] = null; this.dockDrag = true; e.preventDefault(); },
      onclick: () => this.act(() => {
        this.setup.selected = i; this.setup.placed[i] = null;
        if (this.paintMode()) { this.setup.drawing = []; this.setup.drawingBad = false; this.error = ""; }
      }),
    }, kind.role === "ship" ? Array.from({ length: kind.size }, () => el("span"))
      : el("span", { class: `piece role-${kind.role}` }, SYMBOL[kind.role]))));
    const left = st.placed.filter((p) => !p).length;
    const ready = el("button", { class: "primary", id: "ready", disabled: left > 0, onclick: () => {
      this.error = ""; this.send({ type: "place", ships: st.placed });
    } }, t("web.setup.ready"));
    const painting = this.paintMode() && st.selected !== null ? el("p", { id: "marked" }, t("web.setup.marked", {
      ship: capitalised(kindName(kinds[st.selected])), count: st.drawing.length, size: kinds[st.selected].size })) : null;
    return el("div", {},
      el("p", { class: "setup-help" }, t(this.fleetKinds().some((k) => k.shape === "king") ? "web.setup.king_help"
        : this.paintMode() ? "web.setup.bent_help" : this.straight() ? "web.setup.help" : "web.setup.shape_help"),
      // The keyboard's part is not shown on a phone (style.css: .keys).
      this.straight() || this.paintMode() ? el("span", { class: "keys" }, ` ${t(this.paintMode() ? "web.setup.paint_keys" : "web.setup.keys")}`) : null),
      this.legend(),
      this.state.options.setup_seconds ? el("p", { id: "setup-timer-note" }, t("web.setup.timer_note")) : null,
      dock, painting,
      el("div", { class: "controls" },
        el("button", { id: "random", onclick: () => this.send({ type: "random_fleet" }) }, t("web.setup.random")),
        // The named placements the server offers for these rules (Perelman's advice).
        (this.state.placements || []).map((name) => el("button", { id: name, title: t(`web.setup.${name}_hint`),
          onclick: () => this.send({ type: "suggest_fleet", placement: name }) }, t(`web.setup.${name}`))),
        el("button", { id: "rotate", disabled: this.paintMode(), onclick: () => this.act(() => { st.orient += 1; }) }, t("web.setup.rotate")),
        el("button", { id: "clear", onclick: () => this.act(() => {
          st.placed = kinds.map(() => null); st.selected = 0; st.drawing = []; st.drawingBad = false; this.error = "";
        }) }, t("web.setup.clear")),
        ready, t("web.setup.left", { count: left })));
  }

  legend() {
    const roles = [...new Set(this.fleetKinds().map((k) => k.role))].filter((r) => r !== "ship");
    if (!roles.length) return null;
    return el("p", { id: "legend" }, roles.map((r) => el("span", { class: "legend-item" },
      el("span", { class: `piece role-${r}` }, SYMBOL[r]), ` ${shipName(r)} `)));
  }
}
