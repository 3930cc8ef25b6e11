// The lobby: the games with their options, a form to start a table, the open tables.
// Quests comes first, with one person (you) and bots; every option of a game can be set (a
// list option as comma-separated values, which the server checks); your name is kept here.
"use strict";

const $ = (id) => document.getElementById(id);
let GAMES = [];
let AGENTS = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    // styles through the CSSOM: the Content-Security-Policy refuses style attributes
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function saved(id) {
  return JSON.parse(localStorage.getItem("tabletop.table." + id) || '{"tokens":{},"invites":{}}');
}
function save(id, data) { localStorage.setItem("tabletop.table." + id, JSON.stringify(data)); }

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error ? data.error.message : r.statusText);
  return data;
}

function game() { return GAMES.find((g) => g.id === $("game").value); }

function drawSeats() {
  const g = game();
  const n = Math.max(g.min_players, Math.min(g.max_players, Number($("players").value) || g.min_players));
  $("players").min = g.min_players; $("players").max = g.max_players; $("players").value = n;
  $("summary").textContent = `${g.title}: ${g.summary}`;
  const box = $("seats");
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let s = 0; s < n; s++) {
    const select = el("select", { id: "seat-" + s });
    for (const name of ["person", ...AGENTS]) select.append(el("option", { value: name, text: name }));
    select.value = s === 0 ? "person" : "heuristic";
    box.append(el("label", { text: `P${s + 1} ` }, select));
  }
  const opts = $("options");
  opts.querySelectorAll("label").forEach((l) => l.remove());
  for (const o of g.options) {
    let input;
    if (o.choices && !Array.isArray(o.default)) {
      input = el("select", { "data-option": o.name });
      for (const c of o.choices) input.append(el("option", { value: String(c), text: String(c) }));
      input.value = String(o.default);
    } else if (o.type === "bool") {
      input = el("input", { type: "checkbox", "data-option": o.name });
      input.checked = Boolean(o.default);
    } else if (o.type === "int") {
      input = el("input", { type: "number", "data-option": o.name, value: String(o.default), style: "width:7em" });
      if (o.min !== undefined) input.min = o.min;
      if (o.max !== undefined) input.max = o.max;
    } else {  // a list (comma-separated) or a string: the server parses and checks it
      const isList = Array.isArray(o.default);
      input = el("input", { type: "text", "data-option": o.name, "data-list": String(isList),
        value: isList ? o.default.join(",") : (o.default !== null && typeof o.default === "object" ? "" : String(o.default ?? "")), maxlength: "400",
        placeholder: isList ? "comma-separated" : "" });
    }
    const more = o.allowed || (o.choices && Array.isArray(o.default) ? "from: " + o.choices.join(", ") : "");
    opts.append(el("label", { title: [o.help, more].filter(Boolean).join(". "), text: words(o.name) + " " }, input));
  }
}

function words(name) { return name.replace(/_/g, " "); }

function readOptions() {
  const out = {};
  for (const o of game().options) {
    const input = document.querySelector(`[data-option="${o.name}"]`);
    if (o.type === "bool") out[o.name] = input.checked;
    else if (o.type === "int") out[o.name] = Number(input.value);
    else out[o.name] = input.value.trim();
  }
  return out;
}

function myName() { return $("my-name").value.trim().slice(0, 24); }

async function create(event) {
  event.preventDefault();
  const n = Number($("players").value);
  const seats = [];
  for (let s = 0; s < n; s++) seats.push($("seat-" + s).value);
  const body = { game: $("game").value, players: n, seats, options: readOptions(),
    pace_ms: Number($("pace").value) || 0, chat: $("chat-mode").value,
    autopass: $("autopass").checked ? "defaults" : "off" };
  if (myName()) localStorage.setItem("tabletop.name", myName());
  if ($("takeover").value) { body.takeover = $("takeover").value; body.idle_seconds = Number($("idle").value) || 120; }
  if ($("clock").value.trim()) {  // the turn clock: seconds a decision, or days a move
    const amount = Number($("clock").value);
    if ($("clock-unit").value === "days") body.clock_days = amount; else body.clock_seconds = amount;
    body.on_timeout = $("clock-rule").value;
  }
  const out = $("created");
  out.replaceChildren();
  try {
    const made = await api("/api/tables", body);
    const mine = { host: made.host, tokens: {}, invites: {} };
    for (const i of made.invites) mine.invites[i.seat] = i.invite;
    if (made.invites.length) {  // the creator takes the first person's seat
      const first = made.invites[0];
      const join = { invite: first.invite };
      if (myName()) join.name = myName();
      const joined = await api(`/api/tables/${made.id}/join`, join);
      mine.tokens[joined.seat] = joined.token;
      delete mine.invites[joined.seat];
    }
    save(made.id, mine);
    showCreated(made.id, mine);
    listTables();
  } catch (e) {
    out.append(el("div", { class: "notice error", text: e.message }));
  }
}

function showCreated(id, mine) {
  const out = $("created");
  out.replaceChildren(el("h2", { text: "Your table" }));
  const list = el("div", { id: "invites" });
  for (const [seat, invite] of Object.entries(mine.invites)) {
    const link = `${location.origin}/t/${id}#invite=${invite}`;
    const row = el("div", { class: "kv" },
      el("span", { text: `Invite for P${Number(seat) + 1}: ` }),
      el("a", { class: "invite", "data-seat": seat, href: link, text: link }),
      el("button", { type: "button", class: "secondary", text: "copy",
        onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }),
      el("button", { type: "button", class: "secondary", text: "play it here too (hot-seat)",
        onclick: async () => {
          const joined = await api(`/api/tables/${id}/join`, { invite });
          const data = saved(id);
          data.tokens[joined.seat] = joined.token;
          delete data.invites[joined.seat];
          save(id, data);
          showCreated(id, data);
        } }));
    list.append(row);
  }
  out.append(list, el("p", {}, el("a", { id: "go", href: `/t/${id}`, text: "Go to the table →" })));
}

// one page of the unfinished tables, most recently changed first (the server pages them)
const PAGE = 20;
let offset = 0;

async function listTables() {
  const box = $("tables");
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if ($("open-only").checked) query.set("open", "true");
  if ($("list-game").value) query.set("game", $("list-game").value);
  try {
    const { tables, total } = await api("/api/tables?" + query);
    $("page-info").textContent = total ? `${offset + 1}-${offset + tables.length} of ${total}` : "";
    $("newer").disabled = offset === 0;
    $("older").disabled = offset + tables.length >= total;
    if (!tables.length) { box.textContent = "none yet"; return; }
    const rows = tables.map((t) => el("tr", {},
      el("td", {}, el("a", { href: `/t/${t.id}`, text: t.name })),
      el("td", { text: t.title }),
      el("td", { text: t.seats.map((s) => s.kind === "person" ? (s.taken ? s.name : "open seat") : s.name).join(", ") }),
      el("td", { text: ago(t.updated) })));
    box.replaceChildren(el("table", {}, el("tr", {}, ...["table", "game", "seats", ""].map((h) => el("th", { text: h }))), ...rows));
  } catch (e) { box.textContent = e.message; }
}

// The tables this browser holds a seat at (their tokens are kept in localStorage by the
// table page), those waiting for you first; a table the server no longer knows is forgotten.
const MINE = 20; // the most tables looked up
// time left on a turn clock, as people read it: "0:24", "5 h 12 min", "2 d 3 h"
function left(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
async function listMine() {
  const ids = Object.keys(localStorage).filter((k) => k.startsWith("tabletop.table."))
    .map((k) => k.slice("tabletop.table.".length))
    .filter((id) => Object.keys(saved(id).tokens || {}).length).slice(0, MINE);
  const rows = [];
  for (const id of ids) {
    const r = await fetch(`/api/tables/${encodeURIComponent(id)}`);
    if (r.status === 404) { localStorage.removeItem("tabletop.table." + id); continue; }
    if (!r.ok) continue;
    const t = await r.json();
    const seats = Object.keys(saved(id).tokens).map(Number);
    const yours = !t.over && (t.waiting || []).some((s) => seats.includes(s));
    const waiting = (t.waiting || []).map((s) => (t.seats[s] || {}).name || `P${s + 1}`).join(", ");
    let status = t.over ? "game over" : yours ? "▶ your turn" : `waiting for ${waiting}`;
    const clocks = seats.map((s) => (t.seats[s] || {}).deadline).filter((d) => typeof d === "number");
    if (yours && clocks.length) status += ` (${left(Math.min(...clocks) - t.now)} left)`;
    rows.push({ yours, over: t.over, row: el("tr", { class: yours ? "yours" : "" },
      el("td", {}, el("a", { href: `/t/${t.id}`, text: t.name })),
      el("td", { text: t.title }),
      el("td", { text: seats.map((s) => (t.seats[s] || {}).name || `P${s + 1}`).join(", ") }),
      el("td", { class: "status", text: status })) });
  }
  rows.sort((a, b) => (b.yours - a.yours) || (a.over - b.over));
  $("mine").hidden = !rows.length;
  if (rows.length) {
    $("my-tables").replaceChildren(el("table", {},
      el("tr", {}, ...["table", "game", "your seats", ""].map((x) => el("th", { text: x }))),
      ...rows.map((x) => x.row)));
  }
}

function ago(when) {
  const s = Math.max(0, Date.now() / 1000 - (when || 0));
  return s < 60 ? "just now" : s < 3600 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}

async function start() {
  const data = await api("/api/games");
  // Quests first (the quickest to learn), then the others as the server lists them
  GAMES = [...data.games].sort((a, b) => (b.id === "quests") - (a.id === "quests"));
  AGENTS = data.agents;
  $("my-name").value = (localStorage.getItem("tabletop.name") || "").slice(0, 24);
  for (const g of GAMES) $("game").append(el("option", { value: g.id, text: g.title, title: g.summary }));
  $("game-list").replaceChildren(...GAMES.map((g) => el("li", {}, el("strong", { text: g.title }),
    // the player counts once: the game's line names them already where it ends with them
    el("span", { text: /\d+-\d+ \w+$/.test(g.summary) ? `: ${g.summary}` : ` (${g.min_players}-${g.max_players} players): ${g.summary}` }))));
  $("players").value = String(Math.max(GAMES[0].min_players, 2));
  for (const a of AGENTS) $("takeover").append(el("option", { value: a, text: a }));
  for (const g of GAMES) $("list-game").append(el("option", { value: g.id, text: g.title }));
  const again = () => { offset = 0; listTables(); };
  $("list-game").addEventListener("change", again);
  $("open-only").addEventListener("change", again);
  $("newer").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); listTables(); });
  $("older").addEventListener("click", () => { offset += PAGE; listTables(); });
  $("game").addEventListener("change", drawSeats);
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  drawSeats();
  listTables();
  listMine();
  setInterval(listTables, 10000);
  setInterval(listMine, 15000);
}
start();
