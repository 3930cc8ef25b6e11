// Castle Von Loghan: the group (room, Health, Clarity, Leader, Lurking Enemies), the map as a
// grid of the 28 places (the group's room marked, Random Event tokens by colour, Sneaked ones,
// Story tokens, Points of Interest, locked doors), the Story's cards (campaign), the Event card
// with its options and, after the reveal, who chose what, the fight's line-up, and every Agent
// with Energy, Skills and cooldowns, inventory and its Timing sequence as a row of cards.
// Options land on what they name: "Move to room 5" on room 5, "Target enemy 2" on enemy 2,
// "Negate Timing 3" on your card on Timing 3, "Choose B" on option B, "Burn Whip for Energy" on
// your Whip, "Call on Old Hobb" on the Ally, "Give 1 Energy to Agent 2" on Agent 2's block.
"use strict";

(function () {
  const COLOURS = { green: "#2e8b57", blue: "#3b6fb6", red: "#c0392b", violet: "#8e44ad" };
  const CATEGORY = { "attack card": "#2e8b57", "support card": "#2a8fa6", "strike card": "#c0392b", "hazard card": "#8e44ad" };
  const agentName = (s) => `Agent ${s + 1}`;
  // an Agent as the page calls it: "A1 Pill", with its person's name where one is known
  // ("A1 Pill · Ana (P1)")
  const agentLabel = (a) => `A${a.seat + 1} ${a.agent}` + (seatLabel(a.seat) === seatName(a.seat) ? "" : ` · ${seatLabel(a.seat)}`);

  function place(view, rid) {
    if (rid === "outside") return "outside";
    if (rid === "pod") return "the P.O.D.";
    if (rid === "F") return "the Foyer";
    const r = view.rooms.find((x) => x.id === rid);
    return r ? `room ${rid} (${r.name})` : `room ${rid}`;
  }

  // The name an option label gives a place: "room 5", "the Foyer", "the P.O.D.", "outside".
  const placeName = (rid) => ({ outside: "outside", pod: "the P.O.D.", F: "the Foyer" })[rid] || `room ${rid}`;

  function textOf(texts, id) { return texts[id] || null; }
  const slug = (name) => String(name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

  // A card drawn under its own name, that options find by another (data-name): "enemy 2".
  function named(node, name) { node.dataset.name = name; return node; }

  function treasure(texts, c, extra = {}) {
    const t = textOf(texts, c.id);
    const facts = [c.kind === "item" ? "item" : `${c.type || "shield"} · power ${c.power}` + (c.hands > 1 ? " · 2 hands" : ""),
      `${c.energy} Energy`];
    return drawCard({ name: c.name, slug: c.id, sub: `${c.colour} ${c.size}`,
      cls: "castle-treasure" + (c.exhausted ? " exhausted" : ""), facts,
      badges: [c.slot ? `${c.slot} slot` : extra.unslotted || "", c.exhausted ? "exhausted" : "", c.timeless ? "Timeless" : ""],
      text: t ? t.text : "" });
  }

  // The map: every place in board order as a grid of rooms, each with its number and name, the
  // group's room marked (a word and a star beside the colour), the ways out of it (doors and
  // elevators, locked or not) marked on their rooms, tokens by colour and name, Agents apart.
  function waysOut(view) {
    const here = view.group_room;
    return view.doors.filter((d) => d.a === here || d.b === here)
      .map((d) => ({ to: d.a === here ? d.b : d.a, kind: d.kind, locked: d.locked }));
  }

  function mapGrid(view) {
    const here = view.group_room;
    const ways = new Map(waysOut(view).map((w) => [w.to, w]));
    const apart = {};
    for (const a of view.agents) if (a.room !== here) (apart[a.room] = apart[a.room] || []).push(agentLabel(a));
    const cells = view.rooms.map((r) => {
      const bits = [];
      if (r.id === here) {
        bits.push(h("span", { class: "badge lead", text: "★ the group is here" }));
        const inGroup = view.agents.filter((a) => a.room === here).map(agentLabel);
        if (inGroup.length) bits.push(h("span", { class: "badge agents", text: inGroup.join(", ") }));
      }
      const w = ways.get(r.id);
      if (w) bits.push(h("span", { class: "badge" + (w.locked ? " warn" : ""), text: (w.locked ? "✖ locked " : "↔ way out: ") + w.kind }));
      if (r.token) bits.push(h("span", { class: `badge token ${r.token}`, text: `● ${r.token} token` + (r.sneaked ? " (sneaked)" : "") }));
      if (r.seen) bits.push(h("span", { class: "badge", text: `you saw: ${r.seen}` }));
      if (r.poi) bits.push(h("span", { class: "badge", text: "Point of Interest" }));
      for (const m of r.marks || []) bits.push(h("span", { class: "badge", text: m }));
      if (apart[r.id]) bits.push(h("span", { class: "badge", text: apart[r.id].join(", ") }));
      const lockedTo = view.doors.filter((d) => d.locked && (d.a === r.id || d.b === r.id)).map((d) => (d.a === r.id ? d.b : d.a));
      if (lockedTo.length && r.id !== here) bits.push(h("span", { class: "badge warn", text: "locked to " + lockedTo.join(", ") }));
      const num = /^\d+$/.test(r.id);
      const name = h("div", { class: "name" }, num ? h("span", { class: "rid", text: r.id }) : null, num ? ` ${r.name}` : r.name);
      return h("div", { class: "cell room" + (r.id === here ? " here" : "") + (w ? " way" : ""), "data-name": placeName(r.id),
        "data-room": r.id, role: "listitem" }, name, bits.length ? h("div", { class: "badges" }, ...bits) : null);
    });
    const ws = waysOut(view);
    const line = ws.length ? `Ways out of ${place(view, here)}: ` + ws.map((w) => place(view, w.to) + (w.locked ? " (locked)" : "") + (w.kind === "elevator" ? " (elevator)" : "")).join(", ")
      : `No way out of ${place(view, here)}`;
    return [h("div", { class: "facts ways", text: line }), h("div", { class: "grid castle-map", role: "list", "aria-label": "rooms of the castle" }, ...cells)];
  }

  function storyZone(view) {
    const st = view.story;
    if (!st) return null;
    const cards = [];
    if (st.next) cards.push(drawCard({ name: `${st.next.number} ${st.next.title}`, sub: "next Story card", text: st.next.text }));
    for (const c of st.active) cards.push(drawCard({ name: `${c.number} ${c.title}`, sub: c.kind === "poi" ? "Point of Interest" : "Mission card", text: c.text }));
    return section(`Mission ${view.mission}: ${st.mission}`, cardRow(cards, "no Story card in play"));
  }

  // The Event's options, A-D, from its text: "... (A) watch, (B) cut the strings, (C) ..."
  function outcomes(text) {
    const out = {};
    const re = /\(([A-D])\)\s*([\s\S]*?)(?=[,;]?\s*(?:or\s+)?\([A-D]\)|$)/g;
    let m;
    while ((m = re.exec(text || "")) !== null) out[m[1]] = m[2].replace(/[.,;\s]+$/, "");
    return out;
  }

  // The last Event seen by this page: the vote's cards keep their text once it is discarded.
  let lastEvent = null;

  function eventZone(view) {
    const parts = [];
    const e = view.event || (view.votes.some(Boolean) ? lastEvent : null);
    if (view.event) lastEvent = view.event;
    if (e) {
      parts.push(h("div", { class: "card castle-event", style: `border-top:5px solid ${COLOURS[e.colour]}`, "data-name": e.name },
        h("div", { class: "name", text: e.name }),
        h("div", { class: "sub", text: `${e.colour} Random Event` + (e.group ? " · Group Decision: one option for all" : "") + (view.event ? "" : " · resolved, discarded") }),
        h("div", { class: "text", text: e.text })));
    }
    const letters = ["A", "B", "C", "D"];
    const said = outcomes(e ? e.text : "");
    const who = {};
    view.votes.forEach((v, p) => { if (v) (who[v] = who[v] || []).push(view.agents[p] ? agentLabel(view.agents[p]) : `A${p + 1}`); });
    const most = Math.max(0, ...Object.values(who).map((x) => x.length));
    const asked = view.pending && view.pending.options && view.pending.options.some((o) => /^(vote|group):/.test(o.id));
    if (view.event || view.votes.some(Boolean) || asked) {
      parts.push(h("div", { class: "cards event-options", role: "list", "aria-label": "the Event's options" }, ...letters.map((x) => {
        const n = drawCard({ name: x, sub: "option", cls: "castle-option" + (who[x] && who[x].length === most ? " winning" : ""),
          facts: who[x] ? [`chosen by ${who[x].length}` + (who[x].length === most && most ? " ★ most votes" : "")] : [], badges: who[x] || [], text: said[x] || "" });
        n.setAttribute("role", "listitem");
        return n;
      })));
    }
    if (!parts.length) return null;
    const zone = section(view.votes.some(Boolean) ? "Event and the votes (revealed)" : "Event", ...parts);
    zone.dataset.zone = "event";
    return zone;
  }

  function enemy(texts, e) {
    const t = textOf(texts, e.id);
    const badges = [e.state !== "active" ? (e.state === "fresh" ? "just summoned" : e.state) : "",
      e.countdown !== undefined ? `countdown ${e.countdown}` : "", e.engaged ? "engaged" : "",
      e.immune.length ? "immune " + e.immune.join("/") : ""];
    const node = drawCard({ name: `${e.position}. ${e.name}`, slug: e.id, sub: `${e.colour} enemy`,
      cls: "castle-enemy" + (e.state === "defeated" ? " exhausted" : ""), facts: [`Damage ${e.damage} / Health ${e.health}`, `reward ${e.energy} Energy`],
      badges, text: t ? t.text : "" });
    node.style.borderTop = `5px solid ${COLOURS[e.colour] || "#999"}`;
    return named(node, `enemy ${e.position}`);
  }

  function fightZone(view, texts) {
    if (!view.fight.length) return null;
    const head = `Fight · round ${view.combat_round}` + (view.rage ? ` · Rage ${view.rage}` : "");
    const zone = section(head, cardRow(view.fight.map((e) => enemy(texts, e))));
    zone.dataset.zone = "fight";
    return zone;
  }

  // A card of a Timing sequence: your own named "Timing 3" (the options on your cards name it
  // so), another Agent's "Agent 2's card on Timing 3" (Charge Support names it so).
  function timingCard(view, texts, a, c) {
    const mine = view.viewer === a.seat;
    const t = textOf(texts, c.id);
    const node = drawCard({ name: `${c.timing}. ${c.name}`, slug: c.id, sub: `Timing ${c.timing}`, cls: "castle-timing" + (c.negated ? " exhausted" : ""),
      facts: [`Timing Cost ${c.cost}`, c.damage ? `Damage ${c.damage}` : "", c.rage ? `Rage ${c.rage}` : ""],
      badges: [c.category, c.negated ? "negated" : "", c.paid ? "paid" : "", ...(c.keywords || [])], text: t ? t.text : "" });
    node.style.width = "7.5rem";
    node.style.borderTop = `5px solid ${CATEGORY[c.category] || "#999"}`;
    return named(node, mine ? `Timing ${c.timing}` : `${agentName(a.seat)}'s card on Timing ${c.timing}`);
  }

  function agentBlock(view, texts, a) {
    const me = view.viewer === a.seat;
    const parts = [];
    if (a.leader) parts.push(h("div", { class: "badge lead", text: "Leader" }));
    const facts = [["Energy", `${a.energy}/${a.max_energy}`]];
    if (a.health !== undefined) facts.push(["Health", a.health], ["Clarity", a.clarity]);
    facts.push(["Combat Power", `${a.combat_power} ${a.damage_types.join("/") || "bare hands"}`], ["deck", a.deck], ["discard", a.discard.length]);
    if (a.trophies.length) facts.push(["trophies", a.trophies.length]);
    if (a.shards) facts.push(["Data Shards", a.shards]);
    parts.push(counts(facts));
    if (a.room !== view.group_room) parts.push(h("div", { class: "facts", text: `apart from the group, in ${place(view, a.room)}` }));
    const skills = a.skills.map((s, i) => {
      const n = h("span", { class: "badge" + (s.cooldown ? "" : " lead"), text: `${s.name}: ${s.energy} Energy, Clarity ${s.clarity}+` + (s.cooldown ? " (cooling down)" : "") });
      if (me) n.dataset.name = i === 0 ? "your first Skill" : "your second Skill";
      return n;
    });
    const over = h("span", { class: "badge" + (a.overcharged ? " warn" : ""), text: a.overcharged ? "Overcharge used" : "Overcharge ready" });
    if (me) over.dataset.name = "Overcharge";
    parts.push(h("div", { class: "badges" }, ...skills, over));
    const inv = a.inventory.map((c) => {
      const node = treasure(texts, c, { unslotted: "carried" });
      return me ? node : named(node, `${c.name} (${agentName(a.seat)})`);
    });
    parts.push(h("div", { class: "label", text: "Inventory" }), cardRow(inv, "nothing"));
    if (a.upgrades.length) parts.push(h("div", { class: "facts", text: "Upgrades: " + a.upgrades.join(", ") }));
    if (Array.isArray(a.contract) && a.contract.length) parts.push(h("div", { class: "facts", text: "Your secret Contract: " + a.contract.join(", ") }));
    else if (typeof a.contract === "number") parts.push(h("div", { class: "facts", text: `Contract: ${a.contract} (secret)` }));
    if (a.line.length || a.initiative.length || a.damage || a.target) {
      parts.push(h("div", { class: "label", text: "Timing sequence" }), cardRow(a.line.map((c) => timingCard(view, texts, a, c)), "no cards yet"));
      const more = [];
      if (a.initiative.length) more.push(`Initiative card: ${a.initiative.join(", ")}`);
      if (a.damage || a.target) {
        const e = view.fight.find((x) => x.id === a.target);
        more.push(`Damage ${a.damage}` + (a.target ? ` → ${e ? `enemy ${e.position} (${e.name})` : a.target}` : ""));
      }
      if (more.length) parts.push(h("div", { class: "facts", text: more.join(" · ") }));
    }
    const block = h("div", { class: "seatblock" + (me ? " me" : "") + (view.pending && view.pending.waiting_for.includes(a.seat) ? " waiting" : ""),
      "data-name": agentName(a.seat), "data-kind": "seat", "data-seat": String(a.seat), "data-place": agentName(a.seat) },
    h("h4", { text: agentLabel(a) + (me ? " (you)" : "") },
      view.pending && view.pending.waiting_for.includes(a.seat) ? h("span", { class: "marker", text: " ▶ to answer" }) : null), ...parts);
    return block;
  }

  function extras(view, texts) {
    const out = [];
    if (view.allies.length) {
      out.push(section("Allies", cardRow(view.allies.map((al) => {
        const t = textOf(texts, slug(al.name));
        return drawCard({ name: al.name, slug: slug(al.name), sub: "Ally", facts: [`needs ${al.clarity} Clarity`],
          badges: [al.exhausted ? "exhausted" : ""], cls: al.exhausted ? "exhausted" : "", text: t ? t.text : "" });
      }))));
    }
    if (view.pod.length) {
      const z = section("The P.O.D. (stored Treasures)", cardRow(view.pod.map((c) => treasure(texts, c))));
      z.dataset.place = "the P.O.D.";
      out.push(z);
    }
    if (view.merchant.length) {
      out.push(section("The Gob-li Merchant offers (take card 1, 2...)", cardRow(view.merchant.map((c, i) => named(treasure(texts, c), `card ${i + 1}`)))));
    }
    if (view.hints.length) out.push(section("Hints", ...view.hints.map((x) => h("div", { class: "facts", text: x }))));
    const tallies = Object.entries(view.counters);
    if (tallies.length) out.push(counts(tallies));
    if (view.ended) out.push(h("div", { class: "badge warn", text: view.ended }));
    return out;
  }

  RENDERERS.castle = function (view) {
    const texts = cardTexts("castle");
    const box = h("div", { class: "view castle" });
    const mode = { "coop-competitive": "Co-op Competitive", "boss-run": "Boss Run" }[view.mode] || title(view.mode);
    const phase = view.phase === "combat" && view.combat_round ? `Combat phase, round ${view.combat_round}` : phaseName(view.phase);
    box.append(header(`Turn ${view.turn}`, phase, mode, view.board));
    const group = [["the group is in", place(view, view.group_room)]];
    if (view.health !== null) group.push(["Health", view.health], ["Clarity", view.clarity]);
    group.push(["Leader", `A${view.leader + 1} ${view.agents[view.leader] ? view.agents[view.leader].agent : ""}`]);
    if (view.lurking) group.push(["Lurking Enemies", view.lurking]);
    box.append(counts(group));
    const story = storyZone(view);
    if (story) box.append(story);
    const ev = eventZone(view);
    if (ev) box.append(ev);
    const fight = fightZone(view, texts);
    if (fight) box.append(fight);
    box.append(section("The castle: map of the rooms", ...mapGrid(view)));
    box.append(section("Agents", h("div", { class: "seatblocks" }, ...view.agents.map((a) => agentBlock(view, texts, a)))));
    for (const x of extras(view, texts)) box.append(x);
    return board(view, box, "Castle Von Loghan board");
  };
})();
