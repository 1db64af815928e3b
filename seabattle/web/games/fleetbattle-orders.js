// The fleet battle's orders panel (fleetbattle.js draws the rest): the kind of shot, the
// enemy cells aimed at (clicked on the enemy's field, counted against the shots), the
// fireships, «Hold fire», and «Fire». Everything it offers is the state's `choice`
// (`ammunition`, `cells` by kind of shot, `shots`, `fireships`, `fireship_limit`); the
// shots with some fireships sent are the server's answer to `check_orders`, asked
// whenever the fireships change. $, el, t come from common.js.

export class OrdersPanel {
  constructor(board) { this.board = board; this.reset(); }

  get api() { return this.board.api; }
  get choice() {
    const choice = this.board.fleet.choice;
    return choice && choice.action === "orders" ? choice : null;
  }

  // A fresh set of orders (a new turn, or a new phase).
  reset() {
    this.ammo = null; this.cells = []; this.fireships = []; this.hold = false;
    this.checked = null;  // the server's `orders_check` for these fireships
  }

  kind() { return this.ammo || this.choice.ammunition[0]; }
  // The cells the fleet fires now: the state's, or the server's answer with fireships.
  shots() { return this.fireships.length && this.checked ? this.checked.shots : this.choice.shots; }
  aiming() { return Boolean(this.choice) && !this.hold; }
  targets() { return this.cells; }

  // A click on the enemy's field: aim at the cell, or take the aim back.
  toggle(cell) {
    const at = this.cells.indexOf(cell);
    if (at >= 0) this.cells.splice(at, 1);
    else if (!this.choice.cells[this.kind()].includes(cell)) this.api.error = t("fleet.web.orders.not_here", { ammo: t(`fleet.ammo.${this.kind()}`) });
    else if (this.cells.length >= this.shots()) this.api.error = t("fleet.web.orders.full", { shots: this.shots() });
    else { this.cells.push(cell); this.api.error = ""; }
    this.api.render();
  }

  answer(m) {
    this.checked = m;
    this.cells = this.cells.slice(0, m.shots);
    this.api.render();
  }

  ask() {
    this.checked = null;
    if (this.fireships.length) this.api.send({ type: "check_orders", ammo: this.kind(), cells: [], fireships: this.fireships });
  }

  render(choice) {
    const ammo = this.kind();
    const kinds = el("div", { class: "controls", role: "radiogroup", "aria-label": t("fleet.web.orders.ammo") },
      el("b", {}, t("fleet.web.orders.ammo")),
      choice.ammunition.map((kind) => el("label", {}, el("input", { type: "radio", name: "fb-ammo", value: kind, id: `fb-ammo-${kind}`,
        checked: kind === ammo, onchange: () => {
          this.ammo = kind;
          this.cells = this.cells.filter((c) => choice.cells[kind].includes(c));
          this.api.render();
        } }), t(`fleet.ammo.${kind}`))));
    const own = this.board.fleet.own || [];
    const fireships = choice.fireship_limit ? el("div", { class: "controls", id: "fb-fireships" },
      el("b", {}, t("fleet.web.orders.fireships", { limit: choice.fireship_limit })),
      choice.fireships.map((index) => el("label", {}, el("input", { type: "checkbox", value: index, "data-ship": index,
        checked: this.fireships.includes(index),
        disabled: !this.fireships.includes(index) && this.fireships.length >= choice.fireship_limit,
        onchange: (e) => {
          this.fireships = e.target.checked ? [...this.fireships, index].sort((a, b) => a - b) : this.fireships.filter((i) => i !== index);
          this.ask(); this.api.render();
        } }), `${index + 1}. ${t(`fleet.kind.${own[index].kind}`)}`))) : null;
    const shots = this.shots();
    const count = el("span", { id: "fb-count", class: `fb-count${this.cells.length === shots ? " full" : ""}` },
      this.hold ? t("fleet.web.orders.holding") : t("fleet.web.orders.cells", { count: this.cells.length, shots }));
    const hold = choice.parting ? null : el("label", {}, el("input", { type: "checkbox", id: "fb-hold", checked: this.hold,
      onchange: (e) => { this.hold = e.target.checked; if (this.hold) this.cells = []; this.api.render(); } }), t("fleet.web.orders.hold"));
    const waiting = this.fireships.length && !this.checked;
    const fire = el("button", { id: "fb-fire", class: "primary", disabled: waiting || (!this.hold && !this.cells.length && shots > 0),
      onclick: () => this.board.send({ type: "orders", ammo, cells: this.cells, fireships: this.fireships, hold: this.hold }) },
    t(this.hold ? "fleet.web.orders.hold_go" : "fleet.web.orders.fire"));
    return [el("p", { class: "setup-help" }, t(choice.parting ? "fleet.web.orders.parting_help" : "fleet.web.orders.help")),
      kinds, fireships, el("div", { class: "controls" }, count, hold,
        el("button", { id: "fb-clear-aim", onclick: () => { this.cells = []; this.api.render(); } }, t("web.setup.clear")), fire)];
  }
}
