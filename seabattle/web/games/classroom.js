// The mathematical sea battle's board module for the browser shell (app.js): the lesson's
// fields in the lobby (teams, problem set, the teams' own fleets, seed), then the lesson —
// both teams' waters as the class may see them, the scores, the problem in large type with
// «Show answer», «Right» and «Wrong», the shot typed or clicked. A lesson is a `hotseat`
// room: the teacher's page acts for whichever team the lesson waits for; a spectator's page
// (the watch link, for a projector) shows the same without the answers. The server holds
// the lesson and checks everything (docs/classroom.md, docs/web-protocol.md «The
// classroom»); this module draws the state's `lesson` and sends `fire` and `mark`.
// $, el, t, MSG and LANG come from common.js.

// The classroom's old page lived at /classroom (a new lesson) and /classroom/{id} (a lesson,
// its teacher's token kept as `sb.lesson.{id}`). Those addresses still work: before the
// shell routes (this module is imported first), they become the lobby with the classroom
// chosen, and the lesson's game page with its token where the shell keeps tokens.
(function carryOldAddresses() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] !== "classroom") return;
  if (parts[1]) {
    const old = localStorage.getItem(`sb.lesson.${parts[1]}`);
    if (old && !localStorage.getItem(`sb.token.${parts[1]}`)) localStorage.setItem(`sb.token.${parts[1]}`, old);
    history.replaceState({}, "", `/play/${parts[1]}`);
  } else {
    localStorage.setItem("sb.lobby.game", "classroom");
    history.replaceState({}, "", "/");
  }
})();

const teamName = (lesson, team) => lesson.teams[team] || t("classroom.team_default", { number: team + 1 });
const MARK_CLASS = { water: "", miss: "miss", hit: "hit", sunk: "sunk", ring: "ring", mine: "mine-hit" };
const readFile = async (input) => (input.files[0] ? { text: await input.files[0].text(), file: input.files[0].name } : null);

// --- the lobby's fields ----------------------------------------------------------------------

// The lesson's fields, from /api/options (`sets`: the built-in problem sets). File inputs
// have names, not ids: the lobby remembers fields with ids, and a file cannot be put back.
export function lobbyFields(options) {
  const label = (text, control) => el("label", {}, text, control);
  const source = el("select", { id: "problems" },
    options.sets.map((s) => el("option", { value: s.language, selected: s.language === LANG },
      t("web.classroom.builtin", { name: s.name, problems: s.problems, mines: s.mines }))),
    el("option", { value: "file" }, t("web.classroom.upload")));
  const file = el("input", { name: "problem-file", type: "file", accept: ".toml,.json,text/plain,application/json" });
  const fileLabel = label(t("web.classroom.file"), file);
  const showFile = () => { fileLabel.hidden = source.value !== "file"; };
  source.addEventListener("change", showFile);
  showFile();
  const team = (n) => label(t("web.classroom.team", { number: n + 1 }),
    el("input", { id: `team-${n}`, maxlength: 40, placeholder: t("classroom.team_default", { number: n + 1 }) }));
  const fleet = (n) => label(t("web.classroom.fleet", { number: n + 1 }),
    el("input", { name: `fleet-${n}`, type: "file", accept: ".txt,.json,text/plain,application/json" }));
  return [team(0), team(1), label(t("web.classroom.problems"), source), fileLabel,
    fleet(0), fleet(1), label(t("web.classroom.seed"), el("input", { id: "seed", type: "number", min: 0, step: 1 }))];
}

// What those fields ask for (POST /api/games): the files are read here, so this is async;
// a problem file chosen but not given is refused with the reason, before anything is sent.
export async function lobbyRequest() {
  const body = { lang: LANG, teams: [$("#team-0").value, $("#team-1").value] };
  const seed = $("#seed").value.trim();
  if (seed) body.seed = Number(seed);
  if ($("#problems").value === "file") {
    const chosen = await readFile($("input[name=problem-file]"));
    if (!chosen) throw new Error(t("web.classroom.no_file"));
    body.problems = { ...chosen, syntax: chosen.file.toLowerCase().endsWith(".json") ? "json" : "toml" };
  } else body.problems = $("#problems").value;
  body.fleets = await Promise.all([0, 1].map((n) => readFile($(`input[name=fleet-${n}]`))));
  return body;
}

// How a lesson goes, for the header's «How to play» (and once, at a teacher's first lesson).
export function guide() {
  return ["call", "problem", "end", "class"].map((step) => t(`web.guide.classroom.${step}`));
}

// --- the lesson --------------------------------------------------------------------------------

export function createBoard(api) { return new ClassroomBoard(api); }

class ClassroomBoard {
  constructor(api) { this.api = api; this.answerShown = false; this.problemKey = null; }

  close() {}

  get lesson() { return this.api.state.lesson; }
  get teacher() { return this.api.isPlayer; }

  receive(m) {
    const name = (team) => teamName(this.lesson, team);
    switch (m.type) {
      case "lesson_shot":
        this.api.log(() => t("classroom.shot", { team: name(m.team), cell: m.name, answer: t(`shot.${m.result}`) }));
        this.api.sound(m.result === "miss" ? "miss" : m.result === "sunk" ? "sunk" : "hit");
        return true;
      case "problem_drawn":
        this.api.log(() => t("web.classroom.problem_drawn", { team: name(m.team), points: m.kind === "mine" ? "±2" : m.points }));
        return true;
      case "problem_marked":
        this.api.log(() => `${t(m.right ? "classroom.marked_right" : "classroom.marked_wrong",
          { team: name(m.team), delta: m.change, score: m.score })} ${t("classroom.answer", { answer: m.answer })}`);
        return true;
      case "lesson_ended": return true;
      default: return false;
    }
  }

  // A new problem shows without its answer until the teacher asks for it.
  onState() {
    const l = this.lesson, p = l.problem;
    const key = p ? `${p.team}:${p.id}:${l.marked.length}` : null;
    if (key !== this.problemKey) this.answerShown = false;
    this.problemKey = key;
  }

  statusText() {
    const l = this.lesson;
    if (l.problem) return t(this.teacher ? "web.classroom.to_mark" : "web.classroom.solving", { team: teamName(l, l.problem.team) });
    return l.to_move === null ? "" : t("web.classroom.turn", { team: teamName(l, l.to_move) });
  }

  // The end in one sentence: the winner by score, a draw, or a lesson ended early.
  resultText() {
    const l = this.lesson, [a, b] = l.scores;
    if (l.ended_by !== null && l.ended_by !== undefined) return t("web.classroom.ended", { a, b });
    return l.winner === null ? t("classroom.draw", { a, b }) : t("classroom.winner", { team: teamName(l, l.winner), a, b });
  }

  rulesText() {
    const l = this.lesson;
    return l.seed === null ? l.problem_set : `${l.problem_set} · ${t("web.classroom.seed_is", { seed: l.seed })}`;
  }

  render() {
    const l = this.lesson;
    const scores = el("div", { id: "scores", class: "scores" },
      [0, 1].map((team) => el("span", { id: `score-${team}`, class: l.to_move === team ? "to-move" : "" },
        t("classroom.score", { team: teamName(l, team), score: l.scores[team] }))));
    return { headline: this.headline(), controls: [scores, this.problemPanel(), this.shotForm()],
      fields: el("div", { class: "fields" }, this.field(0), this.field(1)) };
  }

  // The last shot, or the last mark once its problem is done with.
  headline() {
    const l = this.lesson;
    const parts = [];
    if (l.last) parts.push(el("span", { id: "last-shot" }, t("classroom.shot",
      { team: teamName(l, l.last.team), cell: l.last.name, answer: t(`shot.${l.last.result}`) })));
    if (l.last_mark && !l.problem) {
      const m = l.last_mark;
      parts.push(" ", el("span", { id: "last-mark" }, t(m.right ? "classroom.marked_right" : "classroom.marked_wrong",
        { team: teamName(l, m.team), delta: m.change, score: m.score }), " ", t("classroom.answer", { answer: m.answer })));
    }
    return parts.length ? parts : null;
  }

  problemPanel() {
    const l = this.lesson, p = l.problem;
    if (!p) return null;
    const title = t(p.kind === "mine" ? "classroom.problem_mine" : "classroom.problem_ship", { team: teamName(l, p.team), points: p.points });
    const answer = el("p", { id: "problem-answer", class: "answer" },
      this.answerShown && p.answer !== null ? t("classroom.answer", { answer: p.answer }) : "");
    const buttons = this.teacher ? el("div", { class: "controls" },
      el("button", { id: "show-answer", onclick: () => { this.answerShown = true; answer.textContent = t("classroom.answer", { answer: p.answer }); } },
        t("web.classroom.show_answer")),
      el("button", { id: "right", class: "primary", onclick: () => this.api.send({ type: "mark", right: true }) }, t("web.classroom.right")),
      el("button", { id: "wrong", onclick: () => this.api.send({ type: "mark", right: false }) }, t("web.classroom.wrong"))) : null;
    return el("section", { id: "problem", class: `problem ${p.kind}`, "data-kind": p.kind },
      el("h2", { id: "problem-title" }, title), el("p", { id: "problem-text" }, p.text), answer, buttons);
  }

  shotForm() {
    const l = this.lesson;
    if (!this.teacher || l.to_move === null) return null;
    const input = el("input", { id: "shot", placeholder: t("classroom.shot_placeholder"), maxlength: 6, autocomplete: "off" });
    return el("form", { class: "controls", id: "shot-form", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim()) this.api.send({ type: "fire", cell: input.value.trim() });
    } }, el("label", {}, t("web.classroom.shot_label"), " ", input), el("button", { id: "fire", type: "submit" }, t("web.classroom.fire")));
  }

  // A team's waters as the class sees them; the one under fire is framed, and the teacher
  // fires by clicking its water.
  field(team) {
    const l = this.lesson;
    const active = l.to_move !== null && l.to_move === 1 - team;
    const grid = el("div", { class: `board enemy${active ? " active" : ""}`, id: `field-${team}`, role: "grid",
      "aria-label": t("classroom.field_of", { team: teamName(l, team) }), style: `--cols: ${l.width + 1};` });
    grid.append(el("div", { class: "label" }));
    for (const letter of l.columns) grid.append(el("div", { class: "label" }, letter));
    for (let row = 0; row < l.height; row++) {
      grid.append(el("div", { class: "label" }, row + 1));
      for (let col = 0; col < l.width; col++) {
        const cell = row * l.width + col, mark = l.fields[team][cell];
        const last = l.last && l.last.cell === cell && l.last.team === 1 - team;
        const fire = this.teacher && active && mark === "water" ? () => this.api.send({ type: "fire", cell }) : null;
        grid.append(el("button", { class: `cell ${MARK_CLASS[mark]}${last ? " last" : ""}`, "data-cell": cell, "data-mark": mark,
          "aria-label": `${l.columns[col]}${row + 1}`, tabindex: -1, disabled: !fire, onclick: fire }));
      }
    }
    return el("div", { class: "field" }, el("h2", {}, t("classroom.field_of", { team: teamName(l, team) })), grid);
  }

  afterRender() {
    if ($("#show-answer")) $("#show-answer").focus();
    else if ($("#shot")) $("#shot").focus();
  }

  // After the lesson: every problem drawn, its mark and what it did to the score.
  renderStats() {
    const l = this.lesson;
    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    return el("section", { id: "lesson-marks", class: "lesson-marks" }, el("h3", {}, t("web.classroom.marks")),
      el("ol", {}, l.marked.map((m) => el("li", {},
        el("b", {}, teamName(l, m.team)), ` · ${t(`web.classroom.kind.${m.kind}`)} · `,
        t(m.right ? "web.classroom.mark_right" : "web.classroom.mark_wrong"),
        ` · ${signed(m.change)} → ${m.score}`, el("br"), el("small", {}, m.text)))));
  }

  // The lesson record is not a Battleship game record: no analysis to suggest.
  recordNote() { return null; }
}
