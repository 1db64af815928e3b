// The guided first game: an overlay with a game's few steps (its module's `guide()`), shown
// the first time a player sets up that game, and again only when asked for (the header's
// «How to play»). el, t and $ come from common.js.
import { guideSeen, markGuideSeen } from "./saved.js";

export function showGuide(gameName, module) {
  if (!module || !module.guide || $("#guide")) return;
  const close = () => { markGuideSeen(gameName); overlay.remove(); };
  const overlay = el("div", { id: "guide", class: "overlay", role: "dialog", "aria-modal": "true",
    "aria-labelledby": "guide-title", onclick: (e) => { if (e.target === overlay) close(); },
    onkeydown: (e) => { if (e.key === "Escape") close(); } },
  el("div", { class: "overlay-box" },
    el("h2", { id: "guide-title" }, t("web.guide.title")),
    el("ol", { class: "guide-steps" }, module.guide().map((text) => el("li", {}, text))),
    el("button", { class: "primary", id: "guide-close", onclick: close }, t("web.guide.close"))));
  document.body.append(overlay);
  $("#guide-close").focus();
}

// At a game's set-up: the guide, unless this browser has seen it.
export function guideOnce(gameName, module) {
  if (!guideSeen(gameName)) showGuide(gameName, module);
}
