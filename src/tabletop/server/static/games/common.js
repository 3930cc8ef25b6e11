// What the game renderers share: the card texts (fetched once per game from
// /api/games/{game}/cards, public), a card drawn as a card, sections, counts and seat blocks.
// Every view string goes in as text (h() sets textContent), never as markup.
"use strict";

const TEXTS = {}; // game -> {slug: {name, kind, summary, text}}, or "loading"

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
  return h("section", { class: "zone" }, h("h3", { text: name }), ...children);
}

// "deck 8 · hand 4": a line of labelled counts
function counts(pairs) {
  return h("div", { class: "counts" }, ...pairs.filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => h("span", { class: "count" }, h("span", { class: "k", text: k + " " }), h("b", { text: String(v) }))));
}

// A seat's block: a heading (data-name "P2", so an option naming the seat gets a button on it)
function seatBlock(view, seat, label, ...children) {
  const me = view.viewer !== null && seat === view.viewer;
  return h("div", { class: "seatblock" + (me ? " me" : "") + ((view.pending && view.pending.waiting_for.includes(seat)) ? " waiting" : ""),
    "data-name": seatName(seat), "data-kind": "seat", "data-seat": String(seat) },
  h("h4", { text: label + (me ? " (you)" : "") }), ...children);
}

function header(...facts) {
  return h("div", { class: "gamehead", text: facts.filter(Boolean).join(" · ") });
}
