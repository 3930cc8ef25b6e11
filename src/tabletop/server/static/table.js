// A table: joins by the invite in the address (#invite=...), keeps this browser's seat
// tokens in localStorage, plays over one WebSocket that reconnects by itself, and shows a
// hot-seat player only one of their seats at a time.
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
const who = (s) => `P${s + 1}`;

function keep() { localStorage.setItem(KEY, JSON.stringify(mine)); }
function notice(text, kind = "") { $("notice").replaceChildren(text ? h("div", { class: "notice " + kind, text }) : ""); }

async function joinFromAddress() {
  const m = location.hash.match(/invite=([A-Za-z0-9_-]+)/);
  if (!m) return;
  history.replaceState(null, "", location.pathname);
  const r = await fetch(`/api/tables/${ID}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ invite: m[1] }),
  });
  const data = await r.json();
  if (!r.ok) { notice(data.error.message, "error"); return; }
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
    draw();
  } else if (m.type === "error") {
    if (m.code === "bad_token") { mine.tokens = {}; keep(); }
    notice(m.message, m.code === "stale" ? "" : "error");
  } else if (m.type === "accepted" || m.type === "undone") {
    notice("");
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
  document.title = `${t.name} · tabletop`;
  $("title").textContent = t.name;
  const status = $("status");
  status.dataset.step = String(last.step);
  status.dataset.over = String(t.over);
  const waiting = (last.viewers[0].view.pending || { waiting_for: [] }).waiting_for;
  status.textContent = t.over ? "game over" : `step ${last.step} · waiting for ${waiting.map(who).join(", ")}`;
  $("seatbar").replaceChildren(...t.seats.map((s) => h("span", {
    class: "seat" + (waiting.includes(s.seat) ? " waiting" : "") + (last.viewers.some((v) => v.seat === s.seat) ? " me" : ""),
    text: `${s.name} ${s.kind === "person" ? (s.covered ? "(bot playing)" : s.taken ? (s.online ? "online" : "offline") : "open seat") : s.agent}`,
  })));
  const handoff = chooseActive();
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
  if (mySeat && mySeat.covered && !t.over) {  // away too long: a bot plays the seat meanwhile
    parts.push(h("div", { class: "notice" },
      h("span", { text: `A bot is playing ${who(v.seat)} while you are away. ` }),
      h("button", { id: "back", text: "I am back: give me my seat", onclick: () => send({ type: "sync" }) })));
  }
  if (view.result) {
    const r = view.result;
    parts.push(h("div", { class: "ask" }, h("div", { class: "prompt", text: "Game over: " + r.reason }),
      h("div", { text: r.winners.length ? "Winners: " + r.winners.map(who).join(", ") : "No winner" }),
      h("div", { text: "Scores: " + r.scores.map((x, i) => `${who(i)} ${x}`).join(", ") }),
      h("a", { id: "record", href: `/api/tables/${ID}/record`, download: "", text: "Download the record" })));
  } else if (v.ask) {
    const buttons = v.ask.options.map((o) => h("button", { class: "option", "data-option": o.id, "data-seat": v.seat,
      text: o.label, onclick: (e) => {
        document.querySelectorAll("button.option, button.on-card").forEach((b) => { b.disabled = true; });
        send({ type: "answer", seat: v.seat, option: o.id, step: last.step });
      } }));
    parts.push(h("div", { class: "ask" }, h("div", { class: "prompt", text: `${v.seat === null ? "" : who(v.seat) + ": "}${v.ask.prompt}` }),
      v.ask.secret ? h("div", { text: "A secret decision: nobody sees the answers until everyone's are in." }) : null,
      h("div", {}, ...buttons)));
  } else if (view.pending) {
    const p = view.pending;
    const text = p.mode === "secret" && v.seat !== null
      ? `Your answer is in. Still waiting (secretly) for ${p.waiting_for.map(who).join(", ")}.`
      : `Waiting for ${p.waiting_for.map(who).join(", ")} (${p.kind}).`;
    parts.push(h("div", { class: "notice", text }));
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
  box.replaceChildren(...events.slice(-200).map((e) => h("div", {}, h("span", { text: e.text }), h("span", { class: "rule", text: e.rule }))));
  box.scrollTop = box.scrollHeight;
  const tools = [];
  for (const [seat, token] of Object.entries(mine.tokens)) {
    tools.push(h("button", { class: "secondary", text: `Leave ${who(Number(seat))}`, onclick: async () => {
      await fetch(`/api/tables/${ID}/leave`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
      delete mine.tokens[seat]; keep(); socket.close();
    } }));
  }
  $("tools").replaceChildren(...tools);
}

// the card texts came (static/games/common.js): draw them on the cards, unless an answer is on its way
document.addEventListener("tabletop:texts", () => {
  if (last && !document.querySelector("button.option:disabled, button.on-card:disabled")) draw();
});

joinFromAddress().then(connect);
