// The replay viewer: a finished table (/replay/ID) or an uploaded record file (/replay),
// stepped through answer by answer, from one seat's view, the spectator's or all of them.
// Arrow keys step, Home and End jump; every step is one request the server answers from its
// kept states (tabletop.server.replay).
"use strict";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const TABLE = parts.length > 1 ? parts[1] : null;
let uploaded = null; // the id of an uploaded record
let total = 0;
let step = null; // null: the end
let seat = TABLE ? "spectator" : "all";
let busy = false;
let again = false; // a step asked for while another was loading
const who = (s) => `P${s + 1}`;

function notice(text, kind = "") {
  $("notice").replaceChildren(text ? h("div", { class: "notice " + kind, text }) : "");
}

function address() {
  const q = `?seat=${encodeURIComponent(seat)}` + (step === null ? "" : `&step=${step}`);
  return TABLE ? `/api/tables/${TABLE}/replay${q}` : `/api/replays/${uploaded}${q}`;
}

async function load() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    const r = await fetch(address());
    const data = await r.json();
    if (!r.ok) { notice(data.error.message, "error"); return; }
    notice("");
    show(data);
  } catch (e) {
    notice("The server did not answer: " + e, "error");
  } finally {
    busy = false;
    if (again) { again = false; load(); }
  }
}

function seatOptions(players) {
  const select = $("seat");
  if (select.options.length) return;
  const choices = [["spectator", "a spectator's view"], ...[...Array(players).keys()].map((s) => [String(s), `${who(s)}'s view`]), ["all", "every seat's view"]];
  for (const [v, text] of choices) select.append(h("option", { value: v, text }));
  select.value = seat;
}

function show(data) {
  total = data.steps;
  if (again) return; // a newer step is on its way
  step = data.step;
  document.title = `${data.title}: replay, step ${data.step} of ${data.steps}`;
  $("title").textContent = `${data.title}: replay`;
  $("controls").hidden = false;
  seatOptions(data.players);
  const slider = $("slider");
  slider.max = String(total);
  slider.value = String(step);
  $("where").textContent = `Answer ${step} of ${total}`;
  const said = data.answer ? `${who(data.answer.seat)}: ${data.answer.label}` : "The game is set up.";
  const lines = [h("div", { class: "said", text: said })];
  if (data.result && step === total) {
    const r = data.result;
    const scores = r.scores.map((x, s) => `${who(s)} ${x}`).join(", ");
    const won = r.team ? `The team ${r.team}.` : r.winners.length ? `Winner: ${r.winners.map(who).join(", ")}.` : "Nobody wins.";
    lines.push(h("div", { class: "result", text: `The game ended: ${r.reason}. ${won} Scores: ${scores}.` }));
  }
  $("answer").replaceChildren(...lines);
  const views = data.views.map((v) => h("section", { class: "replay-view", "aria-label": v.seat === null ? "the spectator's view" : `${who(v.seat)}'s view` },
    h("h2", { text: v.seat === null ? "What a spectator saw" : `What ${who(v.seat)} saw` }), renderView(v.view)));
  $("views").replaceChildren(...views);
  const log = data.log.map((e) => h("div", { text: e.text }));
  if (data.earlier) log.unshift(h("div", { class: "dim", text: `… ${data.earlier} earlier events` }));
  $("log").replaceChildren(...log);
  $("log").scrollTop = $("log").scrollHeight;
}

function go(to) {
  step = Math.max(0, Math.min(total, to));
  load();
}

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go((step ?? total) - 1));
$("next").addEventListener("click", () => go((step ?? total) + 1));
$("last").addEventListener("click", () => go(total));
$("slider").addEventListener("change", (e) => go(Number(e.target.value)));
$("seat").addEventListener("change", (e) => { seat = e.target.value; load(); });
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  if (e.target instanceof HTMLSelectElement) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) { e.preventDefault(); go((step ?? total) + moves[e.key]); }
  else if (e.key === "Home") { e.preventDefault(); go(0); }
  else if (e.key === "End") { e.preventDefault(); go(total); }
});

$("file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  if (file.size > 4 * 1024 * 1024) { notice("A record file is at most 4 MiB.", "error"); return; }
  const r = await fetch("/api/replays", { method: "POST", headers: { "content-type": "application/json" }, body: await file.text() });
  const data = await r.json();
  if (!r.ok) { notice(data.error.message, "error"); return; }
  uploaded = data.id;
  step = 0;
  load();
});

if (TABLE) { step = 0; load(); } else { $("upload").hidden = false; }
