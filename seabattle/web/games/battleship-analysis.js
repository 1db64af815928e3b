// Battleship's analysis page (games/battleship.js exports it as `analysisPage`): what
// `seabattle analyze` says of a finished game, as the server worked it out
// (GET /api/games/{game}/analysis: docs/analyze.md's JSON with cells as numbers, plus the
// field's size, its letters, the rules' title and line, and which side was the computer).
// It draws that and judges nothing: every chance, loss and verdict is the server's.
// $, el, t and LANG come from common.js.

// Figures as the command's table shows them: chances in whole per cent, the rest with
// the decimals it gives each.
const number = (value, digits) => new Intl.NumberFormat(LANG, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
const percent = (value) => new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 0 }).format(value);

// A side as the page names it: the computer, or player n (numbered as in the record).
const sideName = (data, player) => (data.computer[player] ? t("web.computer_said") : t("web.field.player", { n: player + 1 }));

export function analysisPage(data) {
  const cellName = (cell) => `${data.columns[cell % data.width]}${Math.floor(cell / data.width) + 1}`;
  return el("div", { class: "analysis-players" }, data.players.map((p) => playerSection(data, p, cellName)),
    el("p", { class: "legend", id: "analysis-legend" }, t("analyze.legend")));
}

function playerSection(data, p, cellName) {
  const who = sideName(data, p.player);
  const lines = [t(p.sank_fleet ? "analyze.shots" : "analyze.shots_unfinished", { shots: p.shots })];
  if (p.admiral_mean !== null) {
    lines.push(t("analyze.admiral", { mean: number(p.admiral_mean, 1), low: Math.min(...p.admiral_shots),
      high: Math.max(...p.admiral_shots), games: p.admiral_shots.length }));
  }
  lines.push(t("analyze.mean_loss", { loss: number(p.mean_loss, 3) }));
  lines.push(t("analyze.counts", { inaccuracies: p.verdicts.inaccuracy, mistakes: p.verdicts.mistake, blunders: p.verdicts.blunder }));
  const columns = ["move", "cell", "result", "chosen", "best", "loss", "verdict"];
  const table = el("table", { class: "analysis-moves", "data-player": p.player },
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, t(`analyze.col.${c}`))))),
    el("tbody", {}, p.moves.map((m) => el("tr", { class: `verdict-${m.verdict}` },
      el("td", {}, m.move), el("td", {}, cellName(m.cell)), el("td", {}, t(`analyze.result.${m.result}`)),
      el("td", {}, percent(m.chosen)), el("td", {}, `${percent(m.best)} ${cellName(m.best_cell)}`),
      el("td", {}, number(m.loss, 2)), el("td", { class: "verdict" }, t(`analyze.verdict.${m.verdict}`))))));
  return el("section", { class: "analysis-player", id: `analysis-${p.player}` },
    el("h2", {}, t("analyze.title", { player: who })),
    el("div", { class: "analysis-summary" }, shotField(data, p, cellName),
      el("div", {}, lines.map((line) => el("p", {}, line)), verdictKey())),
    el("div", { class: "table-scroll" }, table));
}

// The enemy field with each shot of the player coloured by its verdict.
function shotField(data, p, cellName) {
  const verdicts = new Map(p.moves.map((m) => [m.cell, m]));
  const grid = el("div", { class: "board analysis-board", role: "img", "aria-label": t("web.analysis.field", { player: sideName(data, p.player) }),
    style: `--cols: ${data.width + 1};` }, el("div", { class: "label" }));
  [...data.columns].forEach((letter) => grid.append(el("div", { class: "label" }, letter)));
  for (let r = 0; r < data.height; r++) {
    grid.append(el("div", { class: "label" }, r + 1));
    for (let c = 0; c < data.width; c++) {
      const m = verdicts.get(r * data.width + c);
      grid.append(el("div", { class: m ? `cell shot verdict-${m.verdict} result-${m.result}` : "cell",
        title: m ? `${cellName(m.cell)}: ${t(`analyze.verdict.${m.verdict}`)}` : null }));
    }
  }
  return el("figure", { class: "analysis-field" }, grid, el("figcaption", {}, t("web.analysis.field", { player: sideName(data, p.player) })));
}

function verdictKey() {
  return el("p", { class: "verdict-key" }, ["best", "good", "inaccuracy", "mistake", "blunder"].map((v) =>
    el("span", { class: `verdict-${v}` }, el("i", { class: "swatch" }), t(`analyze.verdict.${v}`))));
}
