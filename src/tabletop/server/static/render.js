// Draws any game's view from its JSON: cards as cards (anything with a name whose facts are
// plain values: its suit, type or family, numbers, effect text), lists of cards in rows, things with a row and a column on a grid
// (a city, a map), everything else as labelled values. No game is special-cased here: a game
// with a renderer of its own (static/games/<game>.js) adds it to RENDERERS, by the view's game.
"use strict";

const HIDDEN_KEYS = new Set(["game", "version", "schema", "players", "viewer", "pending", "result", "log"]);
const SUB_KEYS = ["suit", "type", "family", "class", "colour", "kind"];
const TEXT_KEYS = ["ability", "text", "effect", "description", "rules"];
const RENDERERS = {};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    // styles through the CSSOM: the Content-Security-Policy refuses style attributes
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function words(key) { return key.replace(/_/g, " "); }
function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
function isCard(v) {
  // a named thing whose facts are all plain values (a seat holding cards is not)
  return isObject(v) && typeof v.name === "string"
    && Object.values(v).every((x) => x === null || typeof x !== "object");
}

function card(v) {
  const sub = SUB_KEYS.filter((k) => typeof v[k] === "string").map((k) => v[k].replace(/-/g, " "))
    .filter((x) => x.toLowerCase() !== v.name.toLowerCase()); // a kind that only repeats the name
  const facts = Object.entries(v)
    .filter(([k, x]) => (typeof x === "number" || typeof x === "boolean") && !["seat", "row", "col"].includes(k))
    .map(([k, x]) => `${words(k)} ${x === true ? "yes" : x === false ? "no" : x}`);
  const text = TEXT_KEYS.filter((k) => typeof v[k] === "string").map((k) => v[k]).join(" ");
  return h("div", { class: "card", "data-card": v.id || v.name, "data-name": v.name },
    h("div", { class: "name", text: v.name }),
    sub.length ? h("div", { class: "sub", text: [...new Set(sub)].join(" · ") }) : null,
    facts.length ? h("div", { class: "facts", text: facts.join(", ") }) : null,
    text ? h("div", { class: "text", text }) : null);
}

function value(v, viewer) {
  if (v === null || v === undefined) return h("span", { text: "—" });
  if (typeof v === "boolean") return h("span", { text: v ? "yes" : "no" });
  if (typeof v !== "object") return h("span", { text: String(v) });
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { text: "none" });
    if (v.every((x) => isObject(x) && typeof x.row === "number" && typeof x.col === "number")) {
      const cols = Math.max(...v.map((x) => x.col)) + 1;
      const grid = h("div", { class: "grid", style: `grid-template-columns: repeat(${cols}, minmax(0, 1fr))` });
      for (const x of v) {
        const cell = h("div", { class: "cell", style: `grid-row: ${x.row + 1}; grid-column: ${x.col + 1}` });
        cell.append(object(x, viewer));
        grid.append(cell);
      }
      return grid;
    }
    if (v.every(isCard)) return h("div", { class: "cards" }, ...v.map(card));
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", { text: v.join(", ") });
    return h("div", { class: "blocks" }, ...v.map((x) => h("div", { class: "block" + (isObject(x) && x.seat === viewer && viewer !== null ? " me" : "") }, value(x, viewer))));
  }
  if (isCard(v)) return card(v);
  return object(v, viewer);
}

function object(v, viewer) {
  const box = h("div", {});
  const title = typeof v.name === "string" ? v.name : null;
  if (title) box.append(h("strong", { text: title + (isObject(v) && v.seat === viewer && viewer !== null ? " (you)" : "") }));
  for (const [k, x] of Object.entries(v)) {
    if (k === "name" || (k === "id" && title) || (k === "seat" && title)) continue;
    box.append(h("div", { class: "kv" }, h("span", { class: "k", text: words(k) + ": " }), value(x, viewer)));
  }
  return box;
}

function renderView(view) {
  const custom = RENDERERS[view.game];
  if (custom) {
    try {
      return custom(view);
    } catch (e) { // a view the game's renderer does not know: the generic one draws it
      console.error(`the ${view.game} renderer failed (${e}); drawing the view generically`);
    }
  }
  const box = h("div", { class: "view" });
  // the seats (your own hand among them) first, then the rest in the view's order
  const entries = Object.entries(view).sort(([a], [b]) => (b === "seats") - (a === "seats"));
  for (const [k, x] of entries) {
    if (HIDDEN_KEYS.has(k)) continue;
    if (x !== null && typeof x === "object") box.append(h("h3", { text: words(k) }), value(x, view.viewer));
    else box.append(h("div", { class: "kv" }, h("span", { class: "k", text: words(k) + ": " }), value(x, view.viewer)));
  }
  return box;
}

// The options as buttons on the things they name too (the label names a card, a place, a die
// or a seat: "Draft Fireball", "Battle the monsters at Hill", "Die 2", "Target P2"): the thing
// named first in the label (the longest name where several start there) gets a small button
// with the label's first word (the whole label where the name or a seat starts it), the whole
// label as its title. A thing is named by its data-name, or by its data-alias ("Companion
// card" on each Companion card of a Quests hand); a seat (data-kind "seat") only where the
// label names nothing else. Where several things share that name, those in a place the label
// also names are chosen ("... Orc Grunt #2 ... at Hill"), and of those the copy it numbers.
function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

function firstAt(label, name) {
  const m = new RegExp("(^|\\W)" + escapeRegExp(name) + "(\\W|$)").exec(label);
  return m ? m.index + m[1].length : -1;
}

function namesOf(x) { return [x.dataset.name, x.dataset.alias].filter(Boolean); }

function firstNamed(label, names) {
  let best = null;
  let at = Infinity;
  for (const n of names) {
    const i = firstAt(label, n);
    if (i >= 0 && (i < at || (i === at && n.length > best.length))) { best = n; at = i; }
  }
  return [best, at];
}

function optionsOnCards(root, options, answer) {
  const things = [...root.querySelectorAll("[data-name]")];
  const seats = new Set(things.filter((x) => x.dataset.kind === "seat").map((x) => x.dataset.name));
  const all = [...new Set(things.flatMap(namesOf))];
  const names = all.filter((n) => !seats.has(n));
  for (const o of options) {
    let [best, at] = firstNamed(o.label, names);
    if (best === null) [best, at] = firstNamed(o.label, [...seats]);
    if (best === null) continue;
    let chosen = things.filter((x) => namesOf(x).includes(best) && (x.dataset.kind === "seat") === seats.has(best));
    if (chosen.length > 1) {
      const inPlace = chosen.filter((x) => {
        const place = x.parentElement && x.parentElement.closest("[data-place]");
        return place && place.dataset.place !== best && firstAt(o.label, place.dataset.place) >= 0;
      });
      if (inPlace.length) chosen = inPlace;
      const copy = new RegExp(escapeRegExp(best) + " #(\\d+)").exec(o.label);
      const numbered = copy ? chosen.filter((x) => (x.dataset.card || "").endsWith("-" + copy[1])) : [];
      if (numbered.length) chosen = numbered;
    }
    const text = at === 0 || /^P\d/.test(o.label) ? o.label : o.label.split(" ")[0];
    for (const c of chosen) {
      c.append(h("button", { class: "on-card", "data-option": o.id, title: o.label,
        text, onclick: () => answer(o.id) }));
    }
  }
}
