// The mathematical sea battle, the teacher's page (/classroom): a thin client of the
// classroom endpoints (docs/web-protocol.md). The server holds the lesson and checks every
// action; this file draws the state it is sent. Every string comes from /api/messages.
"use strict";

let LESSON = null;   // {id, token}
let STATE = null;    // the last state the server sent
let ANSWER_SHOWN = false;
let BUSY = false;


const lessonKey = (id) => `sb.lesson.${id}`;

function setScreen(name, ...children) {
  document.body.dataset.screen = name;
  $("#main").replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

async function route() {
  await loadMessages("classroom.title");
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "classroom" && parts[1]) return openLesson(parts[1], localStorage.getItem(lessonKey(parts[1])));
  return showSetup();
}

$("#lang").addEventListener("change", async (e) => {
  LANG = e.target.value;
  localStorage.setItem("sb.lang", LANG);
  await loadMessages("classroom.title");
  if (STATE) render(); else showSetup();
});

// --- the setup form ------------------------------------------------------------------

async function showSetup(error = "") {
  const options = await (await fetch("/api/classroom/options")).json();
  const label = (text, control) => el("label", {}, text, control);
  const language = el("select", { id: "lesson-lang" },
    el("option", { value: "en", selected: LANG === "en" }, "English"),
    el("option", { value: "ru", selected: LANG === "ru" }, "Русский"));
  language.addEventListener("change", (e) => { $("#lang").value = e.target.value; $("#lang").dispatchEvent(new Event("change")); });
  const source = el("select", { id: "problems" },
    options.sets.map((s) => el("option", { value: s.language, selected: s.language === LANG },
      t("web.classroom.builtin", { name: s.name, problems: s.problems, mines: s.mines }))),
    el("option", { value: "file" }, t("web.classroom.upload")));
  const file = el("input", { id: "problem-file", type: "file", accept: ".toml,.json,text/plain,application/json" });
  const fileLabel = label(t("web.classroom.file"), file);
  fileLabel.hidden = true;
  source.addEventListener("change", () => { fileLabel.hidden = source.value !== "file"; });
  const err = el("p", { class: "error", id: "setup-error" }, error);
  const start = async () => {
    err.textContent = "";
    const body = { lang: $("#lesson-lang").value, teams: [$("#team-0").value, $("#team-1").value] };
    const seed = $("#seed").value.trim();
    if (seed) body.seed = Number(seed);
    if (source.value === "file") {
      const chosen = file.files[0];
      if (!chosen) { err.textContent = t("web.classroom.no_file"); return; }
      body.problems = { text: await chosen.text(), file: chosen.name,
        syntax: chosen.name.toLowerCase().endsWith(".json") ? "json" : "toml" };
    } else body.problems = source.value;
    body.fleets = await Promise.all([0, 1].map(async (team) => {
      const chosen = $(`#fleet-${team}`).files[0];
      return chosen ? { text: await chosen.text(), file: chosen.name } : null;
    }));
    const response = await fetch(`/api/classroom?lang=${LANG}`, { method: "POST", body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { err.textContent = data.message; return; }
    localStorage.setItem(lessonKey(data.lesson), data.token);
    history.pushState({}, "", `/classroom/${data.lesson}`);
    LESSON = { id: data.lesson, token: data.token };
    show(data.state);
  };
  const mine = Object.keys(localStorage).filter((k) => k.startsWith("sb.lesson.")).map((k) => k.slice(10));
  const lessons = mine.length ? el("div", { class: "links", id: "my-lessons" }, t("web.classroom.your_lessons"),
    mine.slice(-10).map((id) => el("a", { href: `/classroom/${id}` }, id))) : null;
  STATE = null;
  setScreen("setup", el("section", { class: "lobby" },
    el("h1", {}, t("classroom.title")),
    el("h2", {}, t("web.classroom.setup")),
    label(t("web.lobby.language"), language),
    label(t("web.classroom.team", { number: 1 }), el("input", { id: "team-0", maxlength: 40, placeholder: t("classroom.team_default", { number: 1 }) })),
    label(t("web.classroom.team", { number: 2 }), el("input", { id: "team-1", maxlength: 40, placeholder: t("classroom.team_default", { number: 2 }) })),
    label(t("web.classroom.problems"), source), fileLabel,
    [0, 1].map((team) => label(t("web.classroom.fleet", { number: team + 1 }),
      el("input", { id: `fleet-${team}`, type: "file", accept: ".txt,.json,text/plain,application/json" }))),
    label(t("web.classroom.seed"), el("input", { id: "seed", type: "number", min: 0, step: 1 })),
    el("div", { class: "actions" }, el("button", { class: "primary", id: "start", onclick: start }, t("web.classroom.start"))),
    err, lessons, el("a", { href: "/" }, t("web.lobby_link"))));
}

// --- the lesson ----------------------------------------------------------------------

async function openLesson(id, token) {
  LESSON = { id, token };
  const response = await fetch(`/api/classroom/${id}?lang=${LANG}&token=${encodeURIComponent(token || "")}`);
  const data = await response.json();
  if (!response.ok) {
    setScreen("error", el("p", { class: "error", id: "fatal" }, data.message),
      el("a", { href: "/classroom" }, t("web.classroom.new")));
    return;
  }
  show(data);
}

async function send(action, body) {
  if (BUSY) return;
  BUSY = true;
  try {
    const response = await fetch(`/api/classroom/${LESSON.id}/${action}?lang=${LANG}`,
      { method: "POST", body: JSON.stringify({ token: LESSON.token, ...body }) });
    const data = await response.json();
    if (!response.ok) { $("#error").textContent = data.message; return; }
    show(data);
  } finally {
    BUSY = false;
  }
}

function show(state) {
  if (!STATE || !state.problem || !STATE.problem || state.seq !== STATE.seq) ANSWER_SHOWN = false;
  STATE = state;
  render();
}

const teamName = (team) => STATE.teams[team] || t("classroom.team_default", { number: team + 1 });
const MARK_CLASS = { water: "", miss: "miss", hit: "hit", sunk: "sunk", ring: "ring", mine: "mine-hit" };

function board(team) {
  const s = STATE;
  const active = s.to_move !== null && s.to_move === 1 - team;
  const node = el("div", { class: `board enemy${active ? " active" : ""}`, id: `field-${team}`,
    style: `--cols: ${s.width + 1};` });
  node.append(el("div", { class: "label" }));
  for (const letter of s.columns) node.append(el("div", { class: "label" }, letter));
  for (let row = 0; row < s.height; row++) {
    node.append(el("div", { class: "label" }, row + 1));
    for (let col = 0; col < s.width; col++) {
      const cell = row * s.width + col;
      const mark = s.fields[team][cell];
      const last = s.last && s.last.cell === cell && s.last.team === 1 - team;
      node.append(el("div", { class: `cell ${MARK_CLASS[mark]}${last ? " last" : ""}`, "data-cell": cell, "data-mark": mark,
        onclick: active && mark === "water" ? () => send("fire", { cell }) : null }));
    }
  }
  return el("div", { class: "field" }, el("h2", {}, t("classroom.field_of", { team: teamName(team) })), node);
}

function statusLine() {
  const s = STATE;
  if (s.over) {
    const [a, b] = s.scores;
    return s.winner === null ? t("classroom.draw", { a, b }) : t("classroom.winner", { team: teamName(s.winner), a, b });
  }
  if (s.problem) return "";
  return t("web.classroom.turn", { team: teamName(s.to_move) });
}

function problemPanel() {
  const p = STATE.problem;
  if (!p) return null;
  const title = t(p.kind === "mine" ? "classroom.problem_mine" : "classroom.problem_ship", { team: teamName(p.team), points: p.points });
  const answer = el("p", { id: "answer" }, ANSWER_SHOWN ? t("classroom.answer", { answer: p.answer }) : "");
  return el("section", { id: "problem", class: `problem ${p.kind}`, "data-kind": p.kind },
    el("h2", { id: "problem-title" }, title),
    el("p", { id: "problem-text" }, p.text),
    answer,
    el("div", { class: "controls" },
      el("button", { id: "show-answer", onclick: () => { ANSWER_SHOWN = true; answer.textContent = t("classroom.answer", { answer: p.answer }); } },
        t("web.classroom.show_answer")),
      el("button", { id: "right", class: "primary", onclick: () => send("mark", { right: true }) }, t("web.classroom.right")),
      el("button", { id: "wrong", onclick: () => send("mark", { right: false }) }, t("web.classroom.wrong"))));
}

function render() {
  const s = STATE;
  document.body.dataset.seq = s.seq;
  document.body.dataset.over = s.over;
  const scores = el("div", { id: "scores", class: "scores" },
    [0, 1].map((team) => el("span", { id: `score-${team}`, class: s.to_move === team ? "to-move" : "" },
      t("classroom.score", { team: teamName(team), score: s.scores[team] }))));
  let lastMark = null;
  if (s.last_mark && !s.problem) {
    const m = s.last_mark;
    lastMark = el("p", { id: "last-mark" }, t(m.right ? "classroom.marked_right" : "classroom.marked_wrong",
      { team: teamName(m.team), delta: m.change, score: m.score }), " ", t("classroom.answer", { answer: m.answer }));
  }
  const lastShot = s.last ? el("p", { id: "last-shot" }, t("classroom.shot",
    { team: teamName(s.last.team), cell: s.last.name, answer: t(`shot.${s.last.result}`) })) : null;
  const input = el("input", { id: "shot", placeholder: t("classroom.shot_placeholder"), maxlength: 6, autocomplete: "off" });
  const shotForm = s.to_move === null ? null : el("form", { class: "controls", id: "shot-form", onsubmit: (e) => {
    e.preventDefault();
    if (input.value.trim()) send("fire", { cell: input.value.trim() });
  } }, el("label", {}, t("web.classroom.shot_label"), " ", input), el("button", { id: "fire", type: "submit" }, t("web.classroom.fire")));
  const token = encodeURIComponent(LESSON.token || "");
  setScreen("lesson", el("section", { class: "classroom" },
    el("h1", {}, t("classroom.title"), el("small", {}, ` — ${s.problem_set}`)),
    s.over ? el("p", { id: "winner" }, statusLine()) : el("p", { id: "status" }, statusLine()),
    scores, lastShot, lastMark, problemPanel(),
    el("div", { class: "fields" }, board(0), board(1)),
    shotForm,
    el("p", { class: "error", id: "error" }),
    el("div", { class: "links" },
      el("a", { id: "record", href: `/api/classroom/${s.lesson}/record?token=${token}`, download: `lesson-${s.lesson}.json` }, t("web.classroom.record")),
      el("a", { href: "/classroom" }, t("web.classroom.new")),
      el("a", { href: "/" }, t("web.lobby_link")))));
  if (s.problem) $("#show-answer").focus(); else if (shotForm) input.focus();
}

window.addEventListener("popstate", () => { STATE = null; route(); });
route();
