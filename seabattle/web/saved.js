// What this browser remembers (localStorage), in one place: each game's token (the only way
// back into it), a note on each game for the lobby's list, and the lobby's last settings.
// LANG and t come from common.js.

export const tokenKey = (game) => `sb.token.${game}`;
export const token = (game) => localStorage.getItem(tokenKey(game));
export const keepToken = (game, value) => localStorage.setItem(tokenKey(game), value);

// A note on each game: the rules' title (as the server gave it, in the language of then),
// when it was first seen, and how it ended (``won`` / ``lost``) once it has. Notes from
// before titles were kept hold the rules' name (``rules``), shown as it is until the game is
// opened again.
const noteKey = (game) => `sb.game.${game}`;
export const gameNote = (game) => { try { return JSON.parse(localStorage.getItem(noteKey(game)) || "{}"); } catch { return {}; } };
export const noteGame = (game, fields) => localStorage.setItem(noteKey(game), JSON.stringify({ ...gameNote(game), ...fields }));

// The games this browser holds a seat in, the newest first.
export function myGames() {
  return Object.keys(localStorage).filter((k) => k.startsWith("sb.token.")).map((k) => k.slice(9))
    .map((game) => ({ game, ...gameNote(game) })).sort((a, b) => (b.at || 0) - (a.at || 0));
}

export function describeGame(g) {
  const when = g.at ? new Date(g.at).toLocaleString(LANG === "ru" ? "ru-RU" : "en-GB",
    { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }) : g.game;
  const status = t(g.result ? `web.lobby.game_${g.result}` : "web.lobby.game_on");
  return [when, g.title || g.rules || null, status].filter(Boolean).join(" · ");
}

// The lobby's settings as last left, per game: each field's value (or, for a check box,
// whether it is ticked) by its id, and whether the settings were unfolded.
const settingsKey = (game) => `sb.lobby.settings.${game}`;
export const savedSettings = (game) => { try { return JSON.parse(localStorage.getItem(settingsKey(game)) || "{}"); } catch { return {}; } };
export const saveSettings = (game, values) => localStorage.setItem(settingsKey(game), JSON.stringify(values));

// The guide of a game's first set-up, once seen, is not shown again unless asked for.
export const guideSeen = (game) => localStorage.getItem(`sb.guide.${game}`) === "seen";
export const markGuideSeen = (game) => localStorage.setItem(`sb.guide.${game}`, "seen");
