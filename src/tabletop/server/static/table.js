// A table: joins by the invite in the address (#invite=...), keeps this browser's seat
// tokens in localStorage, plays over one WebSocket that reconnects by itself, and shows a
// hot-seat player only one of their seats at a time. People are shown by the names they chose
// (kept in this browser for next time); the banner, the page's title and its icon say whose
// turn it is (with a short beep if asked); the turn clock's countdown and what happened when
// one ran out; each held seat's auto-pass switches; the table's chat; the results, a rematch.
"use strict";

const ID = location.pathname.split("/").pop();
const KEY = "tabletop.table." + ID;
const $ = (id) => document.getElementById(id);
let mine = JSON.parse(localStorage.getItem(KEY) || '{"tokens":{},"invites":{}}');
let socket = null;
let backoff = 500;
let last = null; // the last state message
let active = null; // the seat shown (hot-seat)
const logs = {}; // viewer -> [{rule, text}]
const cursors = {}; // viewer -> cursor
const NAME_KEY = "tabletop.name";
const SOUND_KEY = "tabletop.sound";
let chat = []; // the table's chat as received
let wasMyTurn = false;
let rematchAsked = null; // the host's rematch request on its way (a promise)
let skew = 0; // the server's clock minus this browser's, in seconds (for the turn clocks)
const notes = []; // what the server told the table (a clock ran out, auto-pass answered)

// a seat as people call it: "Ana (P2)", "P2", "Bot (heuristic)"
function who(s) {
  const seat = last && last.table.seats[s];
  if (!seat) return `P${s + 1}`;
  if (seat.kind !== "person") return `${seat.name} (P${s + 1})`;
  return seat.chosen ? `${seat.chosen} (P${s + 1})` : `P${s + 1}`;
}
function list(items) { return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`; }
// the engine's texts name seats P1, P2, ...: with their people's names
function named(text) { return text.replace(/\bP([1-8])\b/g, (m, d) => who(Number(d) - 1)); }
// a question's own text, without a leading "P1:" (the banner says whose it is)
function ownPrompt(prompt) { return prompt.replace(/^P\d+:\s*/, ""); }
function myName() { return (localStorage.getItem(NAME_KEY) || "").trim().slice(0, 24); }

function keep() { localStorage.setItem(KEY, JSON.stringify(mine)); }
function notice(text, kind = "") { $("notice").replaceChildren(text ? h("div", { class: "notice " + kind, text }) : ""); }

async function joinFromAddress() {
  const m = location.hash.match(/invite=([A-Za-z0-9_-]+)/);
  if (!m) return;
  history.replaceState(null, "", location.pathname);
  const body = { invite: m[1] };
  if (myName()) body.name = myName();
  const r = await fetch(`/api/tables/${ID}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json();
  // an invite used already: back by the same link, this browser's seat token still holds
  if (!r.ok) { if (!Object.keys(mine.tokens).length) notice(data.error.message, "error"); return; }
  mine.tokens[data.seat] = data.token;
  keep();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${proto}//${location.host}/api/tables/${ID}/ws`);
  socket.onopen = () => {
    backoff = 500;
    const cs = Object.entries(cursors).map(([v, c]) => ({ seat: v === "s" ? null : Number(v), ...c }));
    socket.send(JSON.stringify({ type: "hello", tokens: Object.values(mine.tokens), cursors: cs }));
  };
  socket.onmessage = (event) => handle(JSON.parse(event.data));
  socket.onclose = () => {
    $("status").textContent = "reconnecting…";
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function handle(m) {
  if (m.type === "state") {
    for (const v of m.viewers) {
      const key = v.seat === null ? "s" : String(v.seat);
      if (v.reset) logs[key] = [];
      (logs[key] = logs[key] || []).push(...v.events);
      cursors[key] = v.cursor;
    }
    last = m;
    skew = (m.table.now || Date.now() / 1000) - Date.now() / 1000;
    draw();
  } else if (m.type === "error") {
    if (m.code === "bad_token") { mine.tokens = {}; keep(); }
    notice(m.message, m.code === "stale" ? "" : "error");
  } else if (m.type === "accepted" || m.type === "undone") {
    notice("");
  } else if (m.type === "chat") {
    if (m.reset) chat = [];
    chat.push(...m.messages);
    chat = chat.slice(-200);
    drawChat();
  } else if (m.type === "rematch") {
    goToRematch(m);
  } else if (m.type === "notice") {
    notes.push(m.text);
    drawNotes();
  } else if (m.code) {
    notice(m.message, "error");
  }
}

function chooseActive() {
  const viewers = last.viewers;
  if (!viewers.some((v) => v.seat === active)) active = viewers[0].seat;
  const shown = viewers.find((v) => v.seat === active);
  if (shown.ask || viewers.length < 2) return null;
  const next = viewers.find((v) => v.ask);
  return next ? next.seat : null; // a held seat with a question: hand the screen over
}

function draw() {
  const t = last.table;
  const myTurn = !t.over && last.viewers.some((v) => v.ask);
  document.title = `${myTurn ? "● Your turn · " : ""}${t.name} · tabletop`;
  setIcon(myTurn);
  if (myTurn && !wasMyTurn) beep();
  wasMyTurn = myTurn;
  $("title").textContent = t.name;
  const status = $("status");
  status.dataset.step = String(last.step);
  status.dataset.over = String(t.over);
  const pending = last.viewers[0].view.pending || { waiting_for: [] };
  const waiting = pending.waiting_for;
  status.textContent = t.over ? "game over" : "playing";
  $("seatbar").replaceChildren(...t.seats.map((s) => h("span", {
    class: "seat" + (waiting.includes(s.seat) ? " waiting" : "") + (last.viewers.some((v) => v.seat === s.seat) ? " me" : ""),
    "data-seat": s.seat,
    text: `${who(s.seat)} ${s.kind === "person" ? (s.forfeited ? "(forfeited)" : s.covered ? "(bot playing)" : s.taken ? (s.online ? "online" : "offline") : "open seat") : ""}`.trim(),
  })));
  const handoff = chooseActive();
  drawBanner(t, pending, myTurn, handoff);
  drawClock();
  drawAutopass();
  drawPeople();
  drawChat();
  $("switcher").replaceChildren(...(last.viewers.length > 1 ? [h("span", { text: "Your seats: " }),
    ...last.viewers.map((v) => h("button", { class: v.seat === active ? "" : "secondary", "data-switch": v.seat,
      text: who(v.seat) + (v.ask ? " (to answer)" : ""), onclick: () => { active = v.seat; draw(); } }))] : []));
  const play = $("play");
  if (handoff !== null) {
    play.replaceChildren(h("div", { class: "handoff" },
      h("p", { text: `${who(active)} has nothing to answer. Pass the screen to ${who(handoff)}.` }),
      h("button", { id: "handoff", text: `I am ${who(handoff)}: show my seat`, onclick: () => { active = handoff; draw(); } })));
    drawLog("");
    return;
  }
  const v = last.viewers.find((x) => x.seat === active);
  const parts = [];
  const view = v.view;
  const mySeat = v.seat === null ? null : t.seats[v.seat];
  if (mySeat && mySeat.forfeited && !t.over) {
    parts.push(h("div", { class: "notice", id: "forfeited", text: `${who(v.seat)} forfeited: the turn clock ran out. A bot plays the seat to the end.` }));
  } else if (mySeat && mySeat.covered && !t.over) {  // away too long: a bot plays the seat meanwhile
    parts.push(h("div", { class: "notice" },
      h("span", { text: `A bot is playing ${who(v.seat)} while you are away. ` }),
      h("button", { id: "back", text: "I am back: give me my seat", onclick: () => send({ type: "sync" }) })));
  }
  if (view.result) {
    parts.push(results(view.result, v.seat, t));
  } else if (v.ask) {
    const buttons = v.ask.options.map((o) => h("button", { class: "option", "data-option": o.id, "data-seat": v.seat,
      text: o.label, onclick: (e) => {
        document.querySelectorAll("button.option, button.on-card").forEach((b) => { b.disabled = true; });
        send({ type: "answer", seat: v.seat, option: o.id, step: last.step });
      } }));
    const whose = last.viewers.length > 1 ? `${who(v.seat)}: ` : ""; // hot-seat: which seat
    parts.push(h("div", { class: "ask" }, h("div", { class: "prompt", text: whose + named(ownPrompt(v.ask.prompt)) }),
      v.ask.secret ? h("div", { text: "A secret decision: nobody sees the answers until everyone's are in." }) : null,
      h("div", {}, ...buttons)));
  } else if (view.pending) {
    const p = view.pending;
    if (p.mode === "secret" && v.seat !== null) {
      parts.push(h("div", { class: "notice", text: `Your answer is in. Still waiting (secretly) for ${list(p.waiting_for.map(who))}.` }));
    }
  }
  if (v.can_undo) parts.push(h("button", { class: "secondary", id: "undo", text: "Undo my last answer", onclick: () => send({ type: "undo", seat: v.seat }) }));
  parts.push(renderView(view));
  play.replaceChildren(...parts);
  if (v.ask) optionsOnCards(play, v.ask.options, (id) => {
    document.querySelectorAll("button.option, button.on-card").forEach((b) => { b.disabled = true; });
    send({ type: "answer", seat: v.seat, option: id, step: last.step });
  });
  drawLog(v.seat === null ? "s" : String(v.seat));
}

function drawLog(key) {
  const box = $("log");
  const events = logs[key] || [];
  box.replaceChildren(...events.slice(-200).map((e) => h("div", {}, h("span", { text: named(e.text) }), h("span", { class: "rule", text: e.rule }))));
  box.scrollTop = box.scrollHeight;
  const tools = [];
  for (const [seat, token] of Object.entries(mine.tokens)) {
    tools.push(h("button", { class: "secondary", text: `Leave ${who(Number(seat))}`, onclick: async () => {
      await fetch(`/api/tables/${ID}/leave`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
      delete mine.tokens[seat]; keep(); socket.close();
    } }));
  }
  const sound = h("input", { type: "checkbox", id: "sound" });
  sound.checked = localStorage.getItem(SOUND_KEY) === "on";
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
    if (sound.checked) beep();
  });
  tools.push(h("label", { title: "a short beep when it becomes your turn" }, sound, h("span", { text: " sound on my turn" })));
  $("tools").replaceChildren(...tools);
}

// "Your turn: ..." or "Waiting for Ana (P2) to decide: draft", over the board
function drawBanner(t, pending, myTurn, handoff) {
  const box = $("banner");
  if (t.over) { box.className = "banner over"; box.textContent = "Game over"; return; }
  if (handoff !== null) { // hot-seat: nobody's question on the screen until it is handed over
    box.className = "banner mine";
    box.textContent = `Your turn, ${who(handoff)}: take the screen`;
    return;
  }
  if (myTurn) {
    const asked = last.viewers.find((v) => v.ask && v.seat === active) || last.viewers.find((v) => v.ask);
    box.className = "banner mine";
    box.textContent = `Your turn: ${named(ownPrompt(asked.ask.prompt))}`;
    return;
  }
  const waiting = pending.waiting_for || [];
  box.className = "banner";
  if (!waiting.length) { box.textContent = ""; return; }
  const kind = (pending.kind || "answer").replace(/[-_]/g, " ");
  box.textContent = `Waiting for ${list(waiting.map(who))} to decide${pending.mode === "secret" ? " (in secret)" : ""}: ${kind}`;
}

// the results: you won or lost (or the team did), every seat's name and score, then what next
function results(r, me, t) {
  let headline;
  if (r.team) headline = `The team ${r.team}`;
  else if (me === null) headline = r.winners.length ? `${list(r.winners.map(who))} won` : "Nobody won";
  else if ((r.forfeited || []).includes(me)) headline = "You forfeited";
  else headline = r.winners.includes(me) ? "You won" : (r.winners.length ? "You lost" : "Nobody won");
  const rows = t.seats.map((s) => h("tr", { class: r.winners.includes(s.seat) ? "winner" : "" },
    h("td", { text: who(s.seat) + (s.seat === me ? " (you)" : "") }),
    h("td", { text: String(r.scores[s.seat]) }),
    h("td", { text: (r.forfeited || []).includes(s.seat) ? "forfeited" : r.winners.includes(s.seat) ? "won" : "" })));
  const next = [];
  if (mine.host) {
    next.push(h("button", { id: "rematch", text: "Rematch", onclick: askRematch }));
  } else if (t.rematch) {
    next.push(h("a", { id: "rematch-link", href: `/t/${t.rematch}`, text: "Watch the rematch" }));
  }
  next.push(h("a", { id: "new-table", class: "button", href: "/", text: "New table" }));
  return h("div", { class: "ask results" },
    h("div", { class: "prompt", id: "headline", text: headline }),
    h("div", { text: "Game over: " + named(r.reason) }),
    h("table", { id: "scores" }, h("tr", {}, h("th", { text: "seat" }), h("th", { text: "score" }), h("th", { text: "" })), ...rows),
    h("div", { class: "next" }, ...next),
    h("a", { id: "replay", href: `/replay/${ID}`, text: "Watch the replay, move by move" }),
    " · ",
    h("a", { id: "record", href: `/api/tables/${ID}/record`, download: "", text: "Download the record" }));
}

async function askRematch() {
  const button = $("rematch");
  if (button) button.disabled = true;
  rematchAsked = fetch(`/api/tables/${ID}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ host: mine.host }),
  }).then(async (r) => {
    const data = await r.json();
    if (!r.ok) throw new Error(data.error ? data.error.message : r.statusText);
    const next = JSON.parse(localStorage.getItem("tabletop.table." + data.id) || '{"tokens":{},"invites":{}}');
    next.host = data.host;
    for (const i of data.invites) next.invites[i.seat] = i.invite;
    localStorage.setItem("tabletop.table." + data.id, JSON.stringify(next));
    return data;
  });
  try {
    const data = await rematchAsked;
    if (!Object.keys(mine.tokens).length) location.href = `/t/${data.id}`; // the host only watched
  } catch (e) {
    notice(e.message, "error");
    if (button) button.disabled = false;
  }
}

// the host made a rematch: this browser's new seats' tokens came with it; go there
async function goToRematch(m) {
  const key = "tabletop.table." + m.id;
  if (rematchAsked) { try { await rematchAsked; } catch (e) { /* told already */ } }
  const next = JSON.parse(localStorage.getItem(key) || '{"tokens":{},"invites":{}}');
  for (const t of m.tokens) next.tokens[t.seat] = t.token;
  localStorage.setItem(key, JSON.stringify(next));
  if (m.tokens.length || rematchAsked) { location.href = `/t/${m.id}`; return; }
  notice("");
  $("notice").replaceChildren(h("div", { class: "notice" }, h("span", { text: "A rematch has started. " }),
    h("a", { id: "rematch-link", href: `/t/${m.id}`, text: "Watch it" })));
}

// your name, for the seats this browser holds that have none yet (kept for next time)
function drawPeople() {
  const box = $("people");
  const held = last.viewers.filter((v) => v.seat !== null).map((v) => v.seat);
  // hot-seat: each person names the seat shown, one at a time
  const nameless = held.filter((s) => !last.table.seats[s].chosen && (held.length < 2 || s === active));
  if (!nameless.length) { box.replaceChildren(); return; }
  const typing = box.querySelector("form");
  if (typing && typing.dataset.seat === String(nameless[0])) return; // being typed
  const input = h("input", { id: "name", maxlength: "24", placeholder: "your name", value: held.length < 2 ? myName() : "" });
  const label = held.length < 2 ? "Your name " : `Name for ${who(nameless[0])} `;
  const form = h("form", { class: "name-form", "data-seat": nameless[0] }, h("label", { text: label }, input),
    h("button", { type: "submit", text: "Set" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    if (held.length < 2) localStorage.setItem(NAME_KEY, name);
    for (const s of nameless) send({ type: "name", seat: s, name });
    box.replaceChildren();
  });
  box.replaceChildren(form);
}

// the turn clock: "You have 0:24" / "Ana (P2) has 4 h 10 min", redrawn every half second
const RULES = { bot: "a bot plays the move", skip: "the seat is skipped (passes)", forfeit: "the seat forfeits" };
function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function drawClock() {
  const box = $("clock");
  if (!last || !last.table.clock || last.table.over) { box.replaceChildren(); return; }
  const now = Date.now() / 1000 + skew;
  const held = last.viewers.map((v) => v.seat);
  const running = last.table.seats.filter((s) => typeof s.deadline === "number");
  box.replaceChildren(...running.map((s) => h("span", {
    class: "countdown" + (held.includes(s.seat) ? " mine" : ""), "data-seat": s.seat,
    text: `${held.includes(s.seat) && held.length < 2 ? "You have" : who(s.seat) + " has"} ${clockText(s.deadline - now)}`,
  })), running.length ? h("span", { class: "rule", text: `when it runs out, ${RULES[last.table.clock.rule] || last.table.clock.rule}` }) : "");
}
setInterval(drawClock, 500);

function drawNotes() {
  $("notes").replaceChildren(...notes.slice(-3).map((text) => h("div", { class: "notice note", text: named(text) })));
}

// the seat shown's auto-pass switches (the terminal's preferences), each with what it does
function drawAutopass() {
  const section = $("autopass");
  const v = last.viewers.find((x) => x.seat === active && x.seat !== null);
  const switches = v && v.autopass ? v.autopass : [];
  section.hidden = !switches.length || last.table.over;
  const box = $("autopass-switches");
  const key = JSON.stringify([v && v.seat, switches]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...switches.map((p) => {
    const input = h("input", { type: "checkbox", "data-pref": p.name, id: `pref-${p.name}` });
    input.checked = p.on;
    input.addEventListener("change", () => send({ type: "autopass", seat: v.seat, name: p.name, on: input.checked }));
    return h("label", { class: "pref", for: `pref-${p.name}` }, input, h("span", { class: "name", text: ` ${p.name.replace(/-/g, " ")}: ` }),
      h("span", { class: "help", text: p.help }));
  }));
}

function drawChat() {
  const box = $("chat-log");
  const canRead = last === null || last.table.chat !== "seats" || last.viewers.some((v) => v.seat !== null);
  $("chat").hidden = !canRead;
  box.replaceChildren(...chat.map((m) => h("div", { class: "said" },
    h("span", { class: "who", text: m.name + ": " }), h("span", { class: "text", text: m.text }))));
  box.scrollTop = box.scrollHeight;
}

$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  const message = { type: "chat", text };
  if (!Object.keys(mine.tokens).length && myName()) message.name = myName();
  send(message);
  input.value = "";
});

// the page's icon: a dot, filled when it is your turn (a data: URL, which the CSP allows)
let iconState = null;
function setIcon(myTurn) {
  if (iconState === myTurn) return;
  iconState = myTurn;
  const fill = myTurn ? "%23d9480f" : "%232f6f8f";
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='${myTurn ? 7 : 5}' fill='${fill}'/></svg>`;
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = h("link", { rel: "icon", type: "image/svg+xml" }); document.head.append(link); }
  link.href = "data:image/svg+xml," + svg;
  link.dataset.turn = String(myTurn);
}

// a short beep (WebAudio, no file), only if this browser asked for sound
let audio = null;
function beep() {
  if (localStorage.getItem(SOUND_KEY) !== "on") return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch (e) { /* no sound here */ }
}

// the card texts came (static/games/common.js): draw them on the cards, unless an answer is on its way
document.addEventListener("tabletop:texts", () => {
  if (last && !document.querySelector("button.option:disabled, button.on-card:disabled")) draw();
});

joinFromAddress().then(connect);
