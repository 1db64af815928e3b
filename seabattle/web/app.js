// Sea Battle in the browser: a thin client of the server's JSON protocol (docs/web-protocol.md).
// The server is the only authority: the page draws the state it is sent and sends intents.
// Every string comes from the server's catalogue (/api/messages), so nothing is translated here.
//
// The shell is the same for every game, in small ES modules (no build step):
//   app.js         routing, the header (language, sound, «How to play»), the screens
//   lobby.js       the lobby: the three ways to play first, the settings folded away
//   client.js      one game page: state, status banner, timers, presence, chat, the end
//   connection.js  the WebSocket and its reconnection
//   saved.js       what the browser remembers (tokens, notes on games, lobby settings)
//   sound.js       sound effects made with WebAudio (off by default)
//   guide.js       the guided first game
// and the analysis of a finished game (/analysis/{game}), drawn by its game's module.
// The game itself is drawn by the game's board module under games/ (games/index.js).
// $, el, t, MSG, LANG and loadMessages come from common.js (a classic script).
import { GameClient } from "./client.js";
import { GAMES, gameName } from "./games/index.js";
import { showGuide } from "./guide.js";
import { renderLobby } from "./lobby.js";
import { token, keepToken } from "./saved.js";
import { setSound, soundOn } from "./sound.js";

let OPTIONS = null;  // /api/options, in the language of the page (games' titles)
// The game the lobby creates, remembered in localStorage `sb.lobby.game`.
let lobbyGame = localStorage.getItem("sb.lobby.game") || "battleship";
let GAME = null;
const fetchOptions = async () => (await fetch(`/api/options?lang=${LANG}`)).json();

function setScreen(name, ...children) {
  document.body.dataset.screen = name;
  $("#main").replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

const shell = {
  setScreen,
  get chat() { return OPTIONS.chat; },
  fatal: (message) => {
    GAME = null;
    setScreen("error", el("section", { class: "error-screen" },
      el("p", { class: "error", id: "fatal", role: "alert" }, message.charAt(0).toUpperCase() + message.slice(1)),
      el("a", { href: "/", class: "button primary" }, t("web.lobby_link"))));
  },
  goTo: (game, key) => startGame(game, key),
};

// --- routing -------------------------------------------------------------------------

async function route() {
  await loadMessages("web.title");
  OPTIONS = OPTIONS || await fetchOptions();
  drawHeader();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "play" && parts[1]) return startGame(parts[1], { token: token(parts[1]) });
  if (parts[0] === "watch" && parts[2]) return startGame(parts[1], { watch: parts[2] });
  if (parts[0] === "join" && parts[2]) return joinByInvite(parts[1], parts[2]);
  if (parts[0] === "analysis" && parts[1]) return showAnalysis(parts[1]);
  return showLobby();
}

async function showLobby(error = "") {
  OPTIONS = OPTIONS || await fetchOptions();
  const chooseGame = (name) => { lobbyGame = name; localStorage.setItem("sb.lobby.game", name); showLobby(); };
  const { lobby, after } = renderLobby({ options: OPTIONS, lobbyGame, chooseGame, startGame, error });
  setScreen("lobby", lobby);
  after();
}

async function joinByInvite(game, invite) {
  if (!token(game)) {
    const response = await fetch(`/api/games/${game}/join?lang=${LANG}`, { method: "POST", body: JSON.stringify({ invite }) });
    const data = await response.json();
    if (!response.ok) { history.replaceState({}, "", "/"); return showLobby(data.message); }
    keepToken(game, data.token);
  }
  history.replaceState({}, "", `/play/${game}`);
  startGame(game, { token: token(game) });
}

// The analysis of a finished game (/analysis/{game}): the server works it out, which takes
// seconds; the game's module draws it (`analysisPage`).
async function showAnalysis(game) {
  if (GAME) { GAME.close(); GAME = null; }
  const back = el("a", { href: token(game) ? `/play/${game}` : "/", class: "button", id: "analysis-back" },
    t(token(game) ? "web.analysis.back" : "web.lobby_link"));
  const heading = el("h1", {}, t("web.analysis.title"));
  setScreen("analysis", el("section", { class: "analysis" }, heading, back,
    el("p", { class: "notice", id: "analysis-working" }, el("span", { class: "spinner small", "aria-hidden": "true" }), t("web.analysis.working"))));
  const response = await fetch(`/api/games/${game}/analysis?lang=${LANG}`);
  const data = await response.json();
  if (location.pathname !== `/analysis/${game}`) return;  // the reader went elsewhere meanwhile
  const module = response.ok ? GAMES[data.game] : null;
  if (!module || !module.analysisPage) {
    const message = response.ok ? `${t("web.error.no_game")}: ${data.game}` : data.message;
    return shell.fatal(message);
  }
  setScreen("analysis", el("section", { class: "analysis", id: "analysis" }, heading,
    el("p", { id: "analysis-rules" }, t("web.rules_line", { rules: data.rules_line })), back, module.analysisPage(data)));
}

function startGame(game, key) {
  if (!key.token && !key.watch) { history.replaceState({}, "", "/"); return showLobby(t("web.error.bad_token")); }
  if (GAME) GAME.close();
  GAME = new GameClient(game, key, shell);
}

// --- the header: language, sound, how to play ---------------------------------------------

const SPEAKER = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 9h4l5-4v14l-5-4H4z"/><path class="waves" d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/><path class="mute" d="M16 9l6 6M22 9l-6 6"/></svg>';

function drawHeader() {
  const sound = $("#sound");
  sound.innerHTML = SPEAKER;
  sound.title = t("web.sound");
  sound.setAttribute("aria-label", t("web.sound"));
  sound.setAttribute("aria-pressed", String(soundOn()));
  $("#help").textContent = "?";
  $("#help").title = t("web.help");
  $("#help").setAttribute("aria-label", t("web.help"));
}

$("#sound").addEventListener("click", () => { setSound(!soundOn()); drawHeader(); });
// How to play: the guide of the game on the page, else of the lobby's game.
$("#help").addEventListener("click", () => {
  const name = GAME && GAME.state ? gameName(GAME.state) : lobbyGame;
  showGuide(name, GAMES[name]);
});

$("#lang").addEventListener("change", async (e) => {
  LANG = e.target.value;
  localStorage.setItem("sb.lang", LANG);
  // The games' titles are the server's, in the new language (fetched before the page
  // speaks it, so that the lobby is redrawn at once).
  OPTIONS = await fetchOptions();
  await loadMessages("web.title");
  drawHeader();
  if (GAME && GAME.state) { GAME.relang(); } else if (!GAME) showLobby();
});

window.addEventListener("popstate", () => { if (GAME) { GAME.close(); GAME = null; } route(); });
route();
