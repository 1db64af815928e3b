// The lobby: the three ways to play first, as big buttons (the computer, a friend, a random
// opponent); the settings folded away below them, as last left (saved.js); the player's
// games on this device. The game's own rule-set fields come from its board module
// (`lobbyFields`, `lobbyRequest`); the shell adds the computer's level and the timers.
// $, el, t and LANG come from common.js.
import { GAMES } from "./games/index.js";
import { describeGame, keepToken, myGames, saveSettings, savedSettings } from "./saved.js";

// Small line drawings for the three buttons (no image files, no emoji font needed).
const ICONS = {
  computer: '<svg viewBox="0 0 24 24"><rect x="3" y="4" width="18" height="12" rx="2"/><path d="M8 20h8M12 16v4"/><circle cx="9" cy="10" r="1.3"/><circle cx="15" cy="10" r="1.3"/></svg>',
  private: '<svg viewBox="0 0 24 24"><path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/></svg>',
  random: '<svg viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16" rx="3"/><circle cx="9" cy="9" r="1.3"/><circle cx="15" cy="15" r="1.3"/><circle cx="15" cy="9" r="1.3"/><circle cx="9" cy="15" r="1.3"/></svg>',
  hotseat: '<svg viewBox="0 0 24 24"><rect x="3" y="4" width="18" height="12" rx="1"/><path d="M7 8h6M7 11h10M12 16v4M8 20h8"/></svg>',
};
const icon = (name) => { const span = el("span", { class: "icon", "aria-hidden": "true" }); span.innerHTML = ICONS[name]; return span; };

// The timers a game against people starts with; against the computer none unless asked.
const TURN_SECONDS = 60, SETUP_SECONDS = 180;

// The settings' fields that are remembered: every input and select under #settings with an id.
const fieldsOf = (root) => [...root.querySelectorAll("select[id], input[id]")];
const valueOf = (node) => (node.type === "checkbox" ? node.checked : node.value);

function restore(root, saved) {
  for (const node of fieldsOf(root)) {
    if (!(node.id in saved)) continue;
    const value = saved[node.id];
    if (node.type === "checkbox") node.checked = Boolean(value);
    else if (node.tagName !== "SELECT" || [...node.options].some((o) => o.value === value)) node.value = value;
    node.dispatchEvent(new Event("change"));  // fields that show others follow
  }
}

// Draws the lobby for `options` (/api/options); `startGame(game, key)` opens a created game.
export function renderLobby({ options, lobbyGame, chooseGame, startGame, error = "" }) {
  // The games offered: those the server hosts (``games``) that have a board module here.
  const hosted = options.games || { battleship: { ...options, title: "battleship" } };
  const offered = Object.keys(hosted).filter((name) => GAMES[name]);
  const name = offered.includes(lobbyGame) ? lobbyGame : offered[0];
  const game = GAMES[name], gameOptions = hosted[name];
  const option = (value, label, selected = false) => el("option", { value, selected }, label);
  const pick = (id, label, choices) => el("label", {}, label, el("select", { id }, choices));
  const number = (id, label, value) => el("label", {}, label, el("input", { id, type: "number", min: 0, max: 3600, value }));
  // The game first: a heading when there is one, else a row of choices (radio buttons) that
  // redraws the lobby.
  const gameChoice = offered.length === 1 ? el("h2", { id: "game-title" }, gameOptions.title)
    : el("div", { id: "game", class: "game-choice", role: "radiogroup", "aria-label": t("web.lobby.game") },
      offered.map((n) => el("button", { role: "radio", "aria-checked": String(n === name), "data-game": n,
        class: n === name ? "chosen" : "", onclick: () => { if (n !== name) chooseGame(n); } }, hosted[n].title)));
  const levels = gameOptions.levels || [];
  const level = levels.length ? pick("level", t("web.lobby.level"), levels.map((l) => option(l, t(`web.level.${l}`), l === gameOptions.default_level))) : null;
  const timersComputer = el("label", { class: "check" }, el("input", { id: "timers_computer", type: "checkbox" }), t("web.lobby.timers_computer"));
  // The ways this game may be played (the server's `modes`): a `hotseat` game (the
  // classroom) is one person at both seats, never timed.
  const offers = gameOptions.modes || ["computer", "private", "random"];
  const timers = offers.some((m) => m !== "hotseat") ? [number("turn_seconds", t("web.lobby.timer"), TURN_SECONDS),
    number("setup_seconds", t("web.lobby.setup_timer"), SETUP_SECONDS), offers.includes("computer") ? timersComputer : null] : [];
  // The server's sentences start in lower case (they are also parts of others).
  const say = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const err = el("p", { class: "error", id: "lobby-error", role: "alert" }, say(error));
  const saved = savedSettings(name);
  const settings = el("details", { id: "settings", class: "settings", open: Boolean(saved.open) },
    el("summary", {}, t("web.lobby.settings"), el("span", { id: "settings-summary" })),
    el("div", { class: "settings-grid" }, level, ...game.lobbyFields(gameOptions), ...timers));
  restore(settings, saved);
  // The summary beside «Settings» and the computer button's note say what is chosen.
  const levelText = () => (level ? $("select", level).selectedOptions[0].textContent : "");
  const summarise = () => {
    // The game's first field (Battleship: the rule set) and the computer's level.
    const first = [...settings.querySelectorAll(".settings-grid select")].find((node) => node.id !== "level");
    $("#settings-summary", settings).textContent = [first ? first.selectedOptions[0].textContent : "", levelText()]
      .filter(Boolean).map((text) => ` · ${text}`).join("");
    const note = $("#vs-computer small");
    if (note) note.textContent = t("web.lobby.vs_computer_note", { level: levelText() });
  };
  const remember = () => {
    const values = { open: settings.open };
    fieldsOf(settings).forEach((node) => { values[node.id] = valueOf(node); });
    saveSettings(name, values);
    summarise();
  };
  settings.addEventListener("change", remember);
  settings.addEventListener("input", remember);
  settings.addEventListener("toggle", remember);

  const create = (mode) => async () => {
    const timed = mode !== "computer" || $("#timers_computer").checked;
    const seconds = (id) => (timed && $(`#${id}`) ? parseInt($(`#${id}`).value || "0", 10) : 0);
    let fields;
    try { fields = await game.lobbyRequest(); } catch (e) { err.textContent = say(e.message); return; }
    const body = { game: name, mode, ...fields, turn_seconds: seconds("turn_seconds"), setup_seconds: seconds("setup_seconds") };
    if (level) body.level = $("#level").value;
    const response = await fetch(`/api/games?lang=${LANG}`, { method: "POST", body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) { err.textContent = say(data.message); return; }
    keepToken(data.game, data.token);
    history.pushState({}, "", `/play/${data.game}`);
    startGame(data.game, { token: data.token });
  };
  const mode = (id, kind, title, note) => el("button", { id, class: `mode mode-${kind}`, onclick: create(kind) },
    icon(kind), el("span", { class: "mode-text" }, el("b", {}, title), el("small", {}, note)));
  const modes = el("div", { class: "modes" },
    levels.length && offers.includes("computer") ? mode("vs-computer", "computer", t("web.lobby.vs_computer"), "") : null,
    offers.includes("private") ? mode("invite-friend", "private", t("web.lobby.private"), t("web.lobby.private_note")) : null,
    offers.includes("random") ? mode("random-opponent", "random", t("web.lobby.random"), t("web.lobby.random_note")) : null,
    offers.includes("hotseat") ? mode("hotseat", "hotseat", t("web.lobby.hotseat"), t("web.lobby.hotseat_note")) : null);
  const games = myGames();
  const gameList = games.length ? el("nav", { class: "my-games", id: "my-games" }, el("h3", {}, t("web.lobby.your_games")),
    games.slice(0, 10).map((g) => el("a", { href: `/play/${g.game}` }, describeGame(g)))) : null;
  const lobby = el("section", { class: "lobby" },
    el("h1", {}, t("web.title")), el("p", { class: "tagline" }, t(`web.lobby.tagline.${name}`)),
    gameChoice, modes, err, settings, gameList);
  return { lobby, after: summarise };
}
