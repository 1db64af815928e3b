// What the browser client's modules share (app.js, the shell's modules and the board
// modules in games/, ES modules that read these globals): DOM helpers, the language and the
// server's message catalogue. A classic script, loaded before them.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child.nodeType ? child : String(child));
  }
  return node;
};

let MSG = {};
let LANG = localStorage.getItem("sb.lang") || ((navigator.language || "").startsWith("ru") ? "ru" : "en");

// Catalogue templates use Python's format: {name}, {name!r} and {delta:+d}.
function t(key, params = {}) {
  const text = MSG[key] ?? key;
  return text.replace(/\{(\w+)(![rs])?(:[^}]*)?\}/g, (_, name, conv, spec) => {
    const value = params[name];
    if (value === undefined) return "";
    if (conv === "!r") return `'${value}'`;
    if (spec && spec.includes("+") && Number(value) >= 0) return `+${value}`;
    return String(value);
  });
}

// Fetch the catalogue in LANG and title the page with the message `titleKey`.
async function loadMessages(titleKey) {
  MSG = await (await fetch(`/api/messages?lang=${LANG}`)).json();
  document.documentElement.lang = LANG;
  document.title = t(titleKey);
  $("#home").textContent = t("web.title");
  $("#lang").value = LANG;
}
