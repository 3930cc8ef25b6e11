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
// A seat as people call it on the page: "Ana (P1)" where the page knows the seat's person's
// name (the table page's who(), from the seats of the server's state message), else "P1".
function seatLabel(s) {
  if (typeof who === "function") {
    try {
      const said = who(s);
      if (typeof said === "string" && said) return said;
    } catch (e) { /* a page without names */ }
  }
  return seatName(s);
}
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
// Each board remembers which cards lay in which zone (by the zone and the card's data-card) at
// its last drawing, per game and viewer. A card now in a zone it was not in arrives: it gets the
// class "arrived" (a short animation in games.css) and, when few arrived, a caption from the
// newest log line that names it ("P2 plays Ghosts (Danger) at you"). A card that left a zone
// this page showed moved: where it shows up again (the hand to the discard pile) the new card
// says "← from Your hand", the board's "Moved:" line says "Ghosts: Your hand → Discard pile",
// a live region says it to a screen reader, and a ghost of the card as it was shown glides from
// its old place to its new one (FLIP: the old rectangle to the new). A way that leads through
// a place this viewer does not see shows no face: a card gone out of sight (into another hand,
// a deck) is counted, not named ("a card: Your hand → out of sight"), and goes as a card back;
// one out of a hidden hand (the seat its log line names) comes as a card back from that seat's
// block to where it now lies face up. No ghost where the person asked for reduced motion: the
// marks and the line stay.
const BOARD_MEMORY = {}; // "game:viewer" -> Map(zone key -> {card, name, zone})
const MOVES_SHOWN = 6; // more at once (a reshuffle, a jump in a replay): counted, not drawn

function zoneNode(node) {
  return node.parentElement && node.parentElement.closest("[data-zone], [data-place], section.zone, .seatblock");
}
function zoneId(z) {
  if (z.dataset.zone) return z.dataset.zone;
  if (z.classList.contains("seatblock") && z.dataset.seat !== undefined) return "seat " + z.dataset.seat;
  return z.dataset.place || z.getAttribute("aria-label") || (z.querySelector("h3, h4") || {}).textContent || "";
}
function zoneOf(node) {
  const z = zoneNode(node);
  return z ? zoneId(z) + "|" + zoneOf(z) : "";
}
// a zone as a person reads it: "Your hand", "Discard pile", "Bo (P2)", "Hill"
function zoneName(z) {
  if (!z) return "the table";
  if (z.classList.contains("seatblock")) {
    const head = z.querySelector("h4");
    return head && head.firstChild ? head.firstChild.textContent : seatLabel(Number(z.dataset.seat));
  }
  const said = z.dataset.place || z.getAttribute("aria-label") || (z.querySelector("h3, h4") || {}).textContent || "the table";
  return said.replace(/\s*\((newest first|\d+)\)$/, "");
}
// an engine text with its seats by their people's names ("P2 plays Ghosts" to "Bo (P2) plays Ghosts")
const namedText = (text) => String(text).replace(/\bP([1-8])\b/g, (m, d) => seatLabel(Number(d) - 1));
const plainName = (n) => (n.dataset.name || n.dataset.card || "").replace(/^\d+\.\s*/, "");

function markArrivals(box, view) {
  const key = `${view.game}:${view.viewer}`;
  const now = new Map();
  const nodes = [...box.querySelectorAll(".card[data-card]")];
  const keyed = nodes.map((n) => {
    const zid = zoneOf(n);
    const k = zid + "#" + n.dataset.card;
    now.set(k, { card: n.dataset.card, name: plainName(n), zone: zoneName(zoneNode(n)), zid });
    return [n, k];
  });
  const before = BOARD_MEMORY[key];
  BOARD_MEMORY[key] = now;
  if (!before) return { arrived: [], left: [] };
  // a zone whose heading changed ("Fight · round 2" to "Fight · round 2 · Rage 3") is the
  // same zone: a card in a zone new to this drawing that lay in a zone gone from it stayed
  const zidsBefore = new Set([...before.values()].map((v) => v.zid));
  const zidsNow = new Set([...now.values()].map((v) => v.zid));
  const gone = new Set([...before.values()].filter((v) => !zidsNow.has(v.zid)).map((v) => v.card));
  const stayed = new Set();
  for (const [k, v] of now) if (!before.has(k) && !zidsBefore.has(v.zid) && gone.has(v.card)) stayed.add(v.card);
  const arrived = keyed.filter(([, k]) => !before.has(k) && !stayed.has(now.get(k).card));
  const log = (view.log || []).slice().reverse();
  for (const [n] of arrived) {
    n.classList.add("arrived");
    if (arrived.length > 4) continue;
    const line = log.find((e) => n.dataset.name && e.text.includes(plainName(n)));
    if (line) n.append(h("div", { class: "caption", text: "↳ " + namedText(line.text), title: namedText(line.text) }));
  }
  const left = [...before.entries()].filter(([k, v]) => !now.has(k) && !(stayed.has(v.card) && !zidsNow.has(v.zid)))
    .map(([k, v]) => ({ key: k, ...v }));
  return { arrived: arrived.map(([n, k]) => ({ node: n, key: k })), left };
}

// Where each card that left went: [{name, card, from, to, fromKey, node (its new card, or
// null out of sight)}], and the cards that came out of a place this page did not show.
function movesOf(marked, log, viewer) {
  const pool = marked.arrived.slice();
  const moves = [];
  for (const l of marked.left) {
    const i = pool.findIndex((a) => a.node.dataset.card === l.card);
    const a = i >= 0 ? pool.splice(i, 1)[0] : null;
    moves.push({ name: l.name, card: l.card, from: l.zone, fromKey: l.key, to: a ? zoneName(zoneNode(a.node)) : null, node: a ? a.node : null });
  }
  // out of hiding: an arrival no zone of this page lost, which the newest log line naming it
  // says another seat put there ("P2 plays Ghosts (Danger)", "A3 discards Whip")
  const hidden = [];
  for (const a of pool) {
    const name = plainName(a.node);
    const line = name && log.find((e) => e.text.includes(name));
    const by = line && /^[PA]([1-8]) /.exec(line.text);
    if (!by) continue;
    const seat = Number(by[1]) - 1;
    const owner = a.node.closest(".seatblock");
    if (seat === viewer || (owner && owner.dataset.seat === String(seat))) continue;
    hidden.push({ name, card: a.node.dataset.card, seat, node: a.node, to: zoneName(zoneNode(a.node)) });
  }
  return { moves, hidden };
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// A ghost: the old card as it was shown (face up) or a card back (nothing of its face), fixed
// over the page, gliding from one rectangle to another, then gone. aria-hidden: the live line
// says it.
function ghost(from, to, face, card) {
  const g = face ? face.cloneNode(true) : h("div", { class: "card", "data-card": card });
  g.querySelectorAll("button, .caption, .moved-from").forEach((x) => x.remove());
  g.classList.remove("arrived");
  g.classList.add("ghost");
  if (!face) g.classList.add("back");
  g.removeAttribute("data-name");
  g.removeAttribute("id");
  g.setAttribute("aria-hidden", "true");
  g.style.left = `${from.left}px`;
  g.style.top = `${from.top}px`;
  g.style.width = `${from.width}px`;
  g.style.height = `${from.height}px`;
  document.body.append(g);
  const dx = to.left - from.left;
  const dy = to.top - from.top;
  const end = { transform: `translate(${dx}px, ${dy}px) scale(${Math.max(0.3, to.width / Math.max(1, from.width))})`, opacity: 0.35 };
  if (typeof g.animate !== "function") { g.remove(); return g; }
  const run = g.animate([{ transform: "none", opacity: 0.95 }, end], { duration: 480, easing: "ease-in-out" });
  run.onfinish = () => g.remove();
  run.oncancel = () => g.remove();
  return g;
}

function liveMoves(text) {
  let live = document.getElementById("moves-live");
  if (!live) {
    live = h("div", { id: "moves-live", class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    (document.querySelector("main") || document.body).append(live);
  }
  live.textContent = text;
}

// The marks (always) and, after the new board is on the page, the ghosts (without reduced
// motion): from the old board's rectangles, which are still on the page while this one is drawn.
function showMoves(box, view, marked, key) {
  const log = (view.log || []).slice().reverse();
  const { moves, hidden } = movesOf(marked, log, view.viewer);
  if (!moves.length && !hidden.length) return;
  const lines = [];
  const unseen = {}; // zone -> cards gone out of sight from it: counted, never named
  for (const m of moves) {
    if (m.node) {
      m.node.append(h("div", { class: "moved-from", text: `← from ${m.from}` }));
      lines.push(`${m.name}: ${m.from} → ${m.to}`);
    } else {
      unseen[m.from] = (unseen[m.from] || 0) + 1;
    }
  }
  for (const [from, n] of Object.entries(unseen)) lines.push(`${n === 1 ? "a card" : n + " cards"}: ${from} → out of sight`);
  for (const x of hidden) {
    x.node.append(h("div", { class: "moved-from", text: `← from ${seatLabel(x.seat)}` }));
    lines.push(`${x.name}: ${seatLabel(x.seat)} → ${x.to}`);
  }
  const many = lines.length > MOVES_SHOWN;
  const text = many ? `${lines.length} cards moved` : lines.join("; ");
  box.prepend(h("div", { class: "caption moves", "data-moves": String(lines.length), text: "Moved: " + text, title: lines.join("; ") }));
  liveMoves("Moved: " + text);
  if (many || reducedMotion()) return;
  const old = document.querySelector(`[data-board="${CSS.escape(key)}"]`);
  const rects = new Map();
  if (old && old.isConnected) {
    for (const n of old.querySelectorAll(".card[data-card]")) rects.set(zoneOf(n) + "#" + n.dataset.card, [n, n.getBoundingClientRect()]);
  }
  const seatRect = (seat) => {
    const s = box.querySelector(`.seatblock[data-seat="${seat}"]`);
    return s ? s.getBoundingClientRect() : null;
  };
  queueMicrotask(() => {
    if (!box.isConnected) return;
    for (const m of moves) {
      const was = rects.get(m.fromKey);
      if (!was) continue;
      if (m.node) ghost(was[1], m.node.getBoundingClientRect(), was[0], m.card);
      else ghost(was[1], shrunk(was[1]), null, m.card); // out of sight: a card back, from the start
    }
    for (const x of hidden) {
      const from = seatRect(x.seat);
      if (from) ghost(cardSized(from, x.node), x.node.getBoundingClientRect(), null, x.card);
    }
  });
}
function shrunk(r) { return { left: r.left + r.width / 4, top: r.top - r.height / 3, width: r.width / 2, height: r.height / 2 }; }
function cardSized(seat, card) {
  const c = card.getBoundingClientRect();
  return { left: seat.left + 8, top: seat.top + 8, width: c.width || 80, height: c.height || 100 };
}

// A board: the renderer's box, with the arrivals and moves marked, a label for the region and,
// when a card arrived, the newest log line naming it as a caption on top.
function board(view, box, name) {
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", name);
  const key = `${view.game}:${view.viewer}`;
  CURRENT_GAME = view.game;
  const marked = markArrivals(box, view);
  showMoves(box, view, marked, key);
  box.dataset.board = key;
  // the newest log line that names a card that arrived (the Log panel has them all)
  const names = marked.arrived.map((a) => plainName(a.node)).filter(Boolean);
  const newest = (view.log || []).slice().reverse().find((e) => names.some((n) => e.text.includes(n)));
  if (newest) box.prepend(h("div", { class: "caption lastmove arrived", text: "Last: " + namedText(newest.text) }));
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
