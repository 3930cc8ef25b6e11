// The Guardians: Explore: the city as its grid of locations (monsters with their attack and
// damage, face-down monsters, forts, who visited), the bosses, your hand, play chain and
// items, energy and attack, the draft pack as cards, and every seat's trophies and counts.
"use strict";

(function () {
  function gcard(c, texts, extra = []) {
    const t = texts[c.kind];
    const sub = [c.super ? "SUPER" : "", title(c.type === "coward" ? "penalty" : c.type), c.group ? title(c.group) : ""].filter(Boolean).join(" ");
    const facts = [c.req ? `needs ${c.req} energy` : "", c.energy ? `+${c.energy} energy` : "", c.attack ? `+${c.attack} attack` : ""];
    return drawCard({ name: c.name, slug: c.id, sub, facts, badges: extra.concat(c.attached_to ? ["attached"] : []),
      cls: "g-" + c.type + (c.super ? " super" : ""), text: t ? t.text : "" });
  }

  function monster(m, texts) {
    const node = drawCard({ name: m.name, slug: m.id, sub: `${title(m.family)} · tier ${m.tier}`, cls: "monster fam-" + m.family,
      facts: [`attack ${m.attack}`, `${m.points} pts`, `wave ${m.wave}`], title: (texts[m.kind] || {}).text || "" });
    if (m.damage) {
      node.append(h("div", { class: "damage", title: `${m.damage} damage, ${m.remaining} to go` },
        ...Array.from({ length: Math.min(m.damage, 12) }, () => h("span", { class: "pip" })),
        h("span", { text: ` ${m.damage} damage · ${m.remaining} left` })));
    }
    return node;
  }

  function quest(q, texts) {
    const t = texts[q.kind];
    return drawCard({ name: q.name, slug: q.id, sub: "Secret Quest", facts: [`${q.points} pts`], cls: "quest",
      text: t ? t.summary.split(" · ").slice(1, 2).join("") : "" });
  }

  // A location: its number and name, its colour as a word too, the attack left on it, the
  // monsters with their attack and damage, the forts and who stands there now.
  function location(view, loc, texts) {
    const cell = h("div", { class: `cell loc colour-${loc.colour}` + (loc.safe ? " safe" : ""), "data-name": loc.name, "data-place": loc.name,
      style: `grid-column: ${loc.col + 1}`, role: "listitem" },
    h("div", { class: "locname", text: `${loc.number}. ${loc.name}` }));
    const badges = [loc.safe ? "✓ safe" : `⚔ attack ${loc.combined}`, loc.colour, loc.flipped ? "flipped" : "", loc.face_down ? `${loc.face_down} face down` : "",
      `${loc.symbols} symbol${loc.symbols === 1 ? "" : "s"}`];
    cell.append(h("div", { class: "badges" }, ...badges.filter(Boolean).map((b) => h("span", { class: "badge", text: b }))));
    const here = view.seats.filter((s) => s.location === loc.id).map((s) => seatLabel(s.seat) + (s.seat === view.viewer ? " (you)" : ""));
    if (here.length) cell.append(h("div", { class: "here-now", text: "● Here: " + here.join(", ") }));
    if (loc.monsters.length) cell.append(h("div", { class: "monsters" }, ...loc.monsters.map((m) => monster(m, texts))));
    if (loc.forts.length) cell.append(h("div", { class: "fort", text: "▲ Blanket Fort: " + loc.forts.map(seatLabel).join(", ") }));
    if (loc.guardians.length) cell.append(h("div", { class: "visitors", text: "Visited: " + loc.guardians.map(seatLabel).join(", ") }));
    return cell;
  }

  // The city in its rows (the row's colour named), each row a grid of its locations.
  function city(view, texts) {
    const cols = Math.max(...view.city.map((l) => l.col)) + 1;
    const rows = [...new Set(view.city.map((l) => l.row))].sort((a, b) => a - b);
    return h("div", { class: "cityrows" }, ...rows.map((r) => {
      const locs = view.city.filter((l) => l.row === r).sort((a, b) => a.col - b.col);
      const colour = locs.length ? locs[0].colour : "";
      const name = `Row ${r + 1}` + (colour ? ` (${colour})` : "");
      return h("div", { class: "cityrow", "data-row": String(r) }, h("div", { class: "rowlabel", "aria-hidden": "true", text: name }),
        h("div", { class: "grid city", role: "list", "aria-label": name, style: `--cols: ${cols}; grid-template-columns: repeat(${cols}, minmax(0, 1fr))` },
          ...locs.map((l) => location(view, l, texts))));
    }));
  }

  function boss(view, colour, slot, texts) {
    const parts = [];
    if (slot.boss) {
      const b = slot.boss;
      const node = drawCard({ name: b.name, slug: b.id, sub: `${title(b.colour)} Boss · ${title(b.family)}`, cls: "monster boss",
        facts: [`attack ${b.attack}`, b.damage !== undefined ? `damage ${b.damage}` : "", slot.outcome || ""],
        text: (texts[b.id] || {}).text || "", alias: view.boss_fight === colour ? "boss" : "" });
      if (b.battlers) node.append(h("div", { class: "facts", text: "battling: " + Object.entries(b.battlers).map(([s, a]) => `${seatLabel(Number(s))} ${a}`).join(", ") }));
      parts.push(node);
    } else {
      parts.push(h("div", { class: "empty", text: slot.waiting ? "not revealed yet" : "—" }));
    }
    const rewards = slot.rewards.map((r) => (r.type ? gcard(r, texts) : quest(r, texts)));
    parts.push(h("div", { class: "label", text: `Rewards${slot.rewards_face_down ? ` (${slot.rewards_face_down} face down)` : ""}` }), cardRow(rewards));
    return section(title(colour) + " Boss", ...parts);
  }

  function chain(cards, texts) {
    return cardRow(cards.map((c, i) => gcard(c, texts, [`${i + 1}.`])), "nothing played");
  }

  function seat(view, s, texts) {
    const mine = s.seat === view.viewer;
    const parts = [h("div", { class: "power" }, h("span", { class: "energy", text: `⚡ ${s.energy} energy` }), h("span", { class: "attack", text: `⚔ ${s.attack} attack` })),
      counts([["deck", s.deck], ["hand", s.hand_size], ["discard", s.discard_size], ["damage counters", s.counters],
        ["trophy points", s.trophy_points], ["secret quests", s.secret_quests], ["pack", s.pack_size || null], ["drafted", s.drafted || null]]),
      h("div", { class: "where", text: `at ${s.location ? title(s.location) : "—"}` + (s.fort ? ` · fort at ${title(s.fort)}` : "") })];
    if (s.seat === view.trailblazer) parts.unshift(h("div", { class: "badge lead", text: "Trailblazer" }));
    parts.push(h("div", { class: "label", text: "Play chain" }), chain(s.play, texts));
    if (s.copies.length) parts.push(h("div", { class: "facts", text: "Copies played: " + s.copies.join(", ") }));
    if (s.persistent.length) parts.push(h("div", { class: "label", text: "Items in play" }), cardRow(s.persistent.map((c) => gcard(c, texts))));
    if (!mine || s.trophies.length) parts.push(h("div", { class: "label", text: "Trophies" }), cardRow(s.trophies.map((m) => monster(m, texts))));
    if (s.quests_shown.length) parts.push(h("div", { class: "label", text: "Quests shown" }), cardRow(s.quests_shown.map((q) => quest(q, texts))));
    if (s.under_aimed_shot) parts.push(h("div", { class: "facts", text: `${s.under_aimed_shot} under Aimed Shot` }));
    return seatBlock(view, s.seat, `${seatLabel(s.seat)} (${s.colour})`, ...parts);
  }

  function own(view, s, texts) {
    const out = [];
    const waited = view.pending && view.pending.waiting_for.includes(s.seat);
    const zones = [[waited ? "Draft pack: pick one" : "Draft pack (your pick is in)", s.pack, gcard], ["SUPER cards to keep", s.super_choice, gcard], ["Drafted", s.drafted_cards, gcard],
      ["You are looking at", s.looking, gcard], ["Your hand", s.hand, gcard], ["Under your Aimed Shot", s.under, gcard],
      ["Your Secret Quests", s.quests, quest], ["Your Museum monster", s.museum, monster]];
    for (const [name, cards, draw] of zones) {
      if (cards && (cards.length || name === "Your hand")) out.push(section(name, cardRow(cards.map((c) => draw(c, texts)), "empty")));
    }
    if (s.battle_effects && s.battle_effects.length) out.push(h("div", { class: "facts", text: "Battle effects ready: " + s.battle_effects.map(title).join(", ") }));
    return out;
  }

  RENDERERS.guardians = function (view) {
    const texts = cardTexts("guardians");
    const box = h("div", { class: "view guardians" });
    const tk = view.timekeeper;
    box.append(header(view.round ? `Round ${view.round}` : "Warm-up", phaseName(view.phase), "Trailblazer " + seatLabel(view.trailblazer),
      "order " + view.order.map(seatLabel).join(", "), `Timekeeper: ${title(tk.space)}`, title(view.difficulty), view.cooperative ? "cooperative" : "",
      view.third_wave ? "the Third Wave has come" : "", view.boss_fight ? `fighting the ${title(view.boss_fight)} Boss` : "",
      view.solo_rank ? "rank: " + view.solo_rank : ""));
    const me = view.viewer === null ? null : view.seats.find((s) => s.seat === view.viewer);
    if (me) box.append(...own(view, me, texts));
    box.append(section("The city", city(view, texts)));
    box.append(counts([["supply", view.supply], ["damage counters on the mat", view.counters_on_mat], ["Second Wave", view.waves.second], ["Third Wave", view.waves.third]]));
    box.append(section("Seats", h("div", { class: "seatblocks" }, ...view.seats.map((s) => seat(view, s, texts)))));
    if (me && me.discard.length) box.append(section("Your discard pile", cardRow(me.discard.map((c) => gcard(c, texts)))));
    box.append(h("div", { class: "seatblocks" }, ...Object.entries(view.bosses).map(([c, slot]) => boss(view, c, slot, texts))));
    if (view.revealed.length) box.append(section("Revealed from the supply", cardRow(view.revealed.map((c) => gcard(c, texts)))));
    if (view.retreat.length) box.append(section("Retreated", cardRow(view.retreat.map((m) => monster(m, texts)))));
    if (view.trash.length) box.append(section(`Trash (${view.trash.length})`, cardRow(view.trash.slice(-8).reverse().map((c) => gcard(c, texts)))));
    return board(view, box, "The Guardians board");
  };
})();
