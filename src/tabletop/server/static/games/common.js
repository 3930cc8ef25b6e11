// What the game renderers share: the card texts (fetched once per game from
// /api/games/{game}/cards, public), a card drawn as a card, sections, counts and seat blocks.
// Every view string goes in as text (h() sets textContent), never as markup.
"use strict";

const TEXTS = {}; // game -> {slug: {name, kind, summary, text}}, or "loading"
let CURRENT_GAME = null; // the game of the board drawn last (the option labels look up its card texts)
let LAST_PROMPT = null; // the question the live region said last

function cardTexts(game) {
  if (TEXTS[game] === undefined) {
    TEXTS[game] = "loading";
    fetch(`/api/games/${encodeURIComponent(game)}/cards`)
      .then((r) => (r.ok ? r.json() : { cards: {} }))
      .then((data) => { TEXTS[game] = data.cards || {}; document.dispatchEvent(new Event("tabletop:texts")); })
      .catch(() => { TEXTS[game] = {}; });
  }
  return typeof TEXTS[game] === "object" ? TEXTS[game] : {};
}

function title(word) { return String(word).replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()); }
const seatName = (s) => `P${s + 1}`;
const phaseName = (p) => (p === "over" ? "game over" : title(p) + " phase");

// A card: its name, a line of what it is, numbers, badges and its effect text.
// c: {name, slug, sub, facts: [text], badges: [text], text, cls, title, alias (another name)}
function drawCard(c) {
  const node = h("div", { class: "card " + (c.cls || ""), "data-name": c.name, "data-card": c.slug || c.name });
  if (c.alias) node.dataset.alias = c.alias;
  if (c.title) node.title = c.title;
  node.append(h("div", { class: "name", text: c.name }));
  if (c.sub) node.append(h("div", { class: "sub", text: c.sub }));
  const facts = (c.facts || []).filter(Boolean);
  if (facts.length) node.append(h("div", { class: "facts", text: facts.join(" · ") }));
  const badges = (c.badges || []).filter(Boolean);
  if (badges.length) node.append(h("div", { class: "badges" }, ...badges.map((b) => h("span", { class: "badge", text: b }))));
  if (c.text) node.append(h("div", { class: "text", text: c.text }));
  return node;
}

function cardRow(cards, empty = "none") {
  return cards.length ? h("div", { class: "cards" }, ...cards) : h("div", { class: "empty", text: empty });
}

function section(name, ...children) {
  return h("section", { class: "zone", "aria-label": name }, h("h3", { text: name }), ...children);
}

// "deck 8 · hand 4": a line of labelled counts
function counts(pairs) {
  return h("div", { class: "counts" }, ...pairs.filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => h("span", { class: "count" }, h("span", { class: "k", text: k + " " }), h("b", { text: String(v) }))));
}

// A seat's block: a heading (data-name "P2", so an option naming the seat gets a button on it)
function seatBlock(view, seat, label, ...children) {
  const me = view.viewer !== null && seat === view.viewer;
  const waiting = view.pending && view.pending.waiting_for.includes(seat);
  return h("div", { class: "seatblock" + (me ? " me" : "") + (waiting ? " waiting" : ""),
    "data-name": seatName(seat), "data-kind": "seat", "data-seat": String(seat) },
  h("h4", { text: label + (me ? " (you)" : "") }, waiting ? h("span", { class: "marker", text: " ▶ to answer" }) : null), ...children);
}

function header(...facts) {
  return h("div", { class: "gamehead", text: facts.filter(Boolean).join(" · ") });
}

// ---- dice ------------------------------------------------------------------------------------
// A d6 drawn as a die (its face ⚀-⚅, the number beside it in text, so a screen reader and a
// person who cannot tell the pips apart both read it): {value, label}.
const D6 = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function d6(value, label = "") {
  const n = Number(value);
  const face = n >= 1 && n <= 6 ? D6[n - 1] : "?";
  return h("span", { class: "d6", role: "img", "aria-label": `${label ? label + ": " : ""}die showing ${value}`, "data-value": String(value) },
    h("span", { class: "pips", "aria-hidden": "true", text: face }), h("span", { class: "num", "aria-hidden": "true", text: String(value) }),
    label ? h("span", { class: "dl", "aria-hidden": "true", text: label }) : null);
}

// ---- cards moving ------------------------------------------------------------------------------
// Each board remembers which cards lay in which zone (by the zone's name and the card's
// data-card) at its last drawing, per game and viewer; a card now in a zone it was not in
// arrives: it gets the class "arrived" (a short animation in games.css, none where the person
// asked for reduced motion) and, when few arrived, a one-line caption from the newest log line
// that names it ("P2 plays Ghosts (Danger) at you").
const BOARD_MEMORY = {};
function zoneOf(node) {
  const z = node.parentElement && node.parentElement.closest("[data-zone], section.zone, .seatblock");
  if (!z) return "";
  return (z.dataset.zone || z.getAttribute("aria-label") || (z.querySelector("h3, h4") || {}).textContent || "") + "|" + zoneOf(z);
}
function markArrivals(box, view) {
  const key = `${view.game}:${view.viewer}`;
  const now = new Set();
  const nodes = [...box.querySelectorAll(".card[data-card]")];
  const keyed = nodes.map((n) => { const k = zoneOf(n) + "#" + n.dataset.card; now.add(k); return [n, k]; });
  const before = BOARD_MEMORY[key];
  BOARD_MEMORY[key] = now;
  if (!before) return [];
  const arrived = keyed.filter(([, k]) => !before.has(k)).map(([n]) => n);
  const log = (view.log || []).slice().reverse();
  for (const n of arrived) {
    n.classList.add("arrived");
    if (arrived.length > 4) continue;
    const line = log.find((e) => n.dataset.name && e.text.includes(n.dataset.name.replace(/^\d+\.\s*/, "")));
    if (line) n.append(h("div", { class: "caption", text: "↳ " + line.text, title: line.text }));
  }
  return arrived;
}

// A board: the renderer's box, with the arrivals marked, a label for the region and, when a
// card arrived, the newest log line naming it as a caption on top.
function board(view, box, name) {
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", name);
  CURRENT_GAME = view.game;
  const arrived = markArrivals(box, view);
  // the newest log line that names a card that arrived (the Log panel has them all)
  const names = arrived.map((n) => (n.dataset.name || "").replace(/^\d+\.\s*/, "")).filter(Boolean);
  const newest = (view.log || []).slice().reverse().find((e) => names.some((n) => e.text.includes(n)));
  if (newest) box.prepend(h("div", { class: "caption lastmove arrived", text: "Last: " + newest.text }));
  return box;
}

// ---- accessibility of the page's questions -----------------------------------------------------
// The option buttons (table.js draws them) get an aria-label reading the option and the text of
// the card it names, and aria-keyshortcuts; the number keys 1-9 choose the Nth option when
// the focus is not in a text field; a live region says each new question.
function cardTextFor(label) {
  const texts = CURRENT_GAME ? cardTexts(CURRENT_GAME) : {};
  let best = null;
  for (const t of Object.values(texts)) {
    if (t && t.name && t.text && firstAt(label, t.name) >= 0 && (!best || t.name.length > best.name.length)) best = t;
  }
  return best ? `${best.name}: ${best.text}` : "";
}

function describeOptions() {
  const play = document.getElementById("play");
  if (!play) return;
  const options = [...play.querySelectorAll("button.option")];
  options.forEach((b, i) => {
    const label = b.textContent;
    let more = "";
    const on = play.querySelector(`button.on-card[data-option="${CSS.escape(b.dataset.option || "")}"]`);
    const host = on && on.parentElement;
    if (host) {
      const t = host.querySelector(":scope > .text");
      const name = host.querySelector(":scope > .name");
      more = [name ? name.textContent : "", t ? t.textContent : ""].filter(Boolean).join(": ");
    }
    if (!more || more === label) more = cardTextFor(label);
    const aria = `${i < 9 ? `Option ${i + 1}: ` : ""}${label}${more && !label.includes(more) ? ". " + more : ""}`;
    if (b.getAttribute("aria-label") !== aria) b.setAttribute("aria-label", aria);
    if (i < 9) b.setAttribute("aria-keyshortcuts", String(i + 1));
  });
  play.querySelectorAll("button.on-card").forEach((b) => {
    const aria = b.title || b.textContent;
    if (b.getAttribute("aria-label") !== aria) b.setAttribute("aria-label", aria);
  });
  const prompt = play.querySelector(".ask .prompt");
  const said = prompt ? `${prompt.textContent} (${options.length} option${options.length === 1 ? "" : "s"}: keys 1 to ${Math.min(options.length, 9)})` : "";
  if (said !== LAST_PROMPT) {
    LAST_PROMPT = said;
    if (said) announce(said);
  }
}

function announce(text) {
  let live = document.getElementById("announce");
  if (!live) {
    live = h("div", { id: "announce", class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    (document.querySelector("main") || document.body).append(live);
  }
  live.textContent = text;
}

function typing(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  return tag === "textarea" || tag === "select" || target.isContentEditable
    || (tag === "input" && !["button", "checkbox", "radio", "submit", "reset"].includes((target.type || "").toLowerCase()));
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key) || typing(e.target)) return;
  const options = [...document.querySelectorAll("#play button.option")];
  const b = options[Number(e.key) - 1];
  if (!b || b.disabled) return;
  e.preventDefault();
  b.click();
});

if (typeof document !== "undefined") {
  const start = () => {
    const play = document.getElementById("play");
    if (!play) return;
    if (!play.hasAttribute("aria-label")) { play.setAttribute("role", "region"); play.setAttribute("aria-label", "The table"); }
    const log = document.getElementById("log");
    if (log && !log.hasAttribute("aria-label")) { log.setAttribute("role", "log"); log.setAttribute("aria-label", "Log"); }
    new MutationObserver(describeOptions).observe(play, { childList: true, subtree: true });
    describeOptions();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
