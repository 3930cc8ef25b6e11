// The Librarians: the Mission and the Disturbance with their tokens, the check being made
// with its dice, the Unassigned Region, every Player Area (characters with damage and Life,
// ready or exhausted, attachments on them, Device countdowns, assigned Enemies) and your hand
// with each card's cost and effect.
"use strict";

(function () {
  const FACES = { success: "✔ success", failure: "✘ failure", tree: "♣ tree", serpent: "∿ serpent" };

  function textOf(view, texts, c) {
    const key = c.id === "aid-from-the-library" ? `${c.id}-${view.difficulty}` : c.id;
    return texts[key] || null;
  }

  function tokens(c) {
    return [c.number ? `#${c.number}` : "", c.damage ? `${c.damage} damage` : "", c.progress ? `${c.progress} progress` : "", c.aid_tokens ? `${c.aid_tokens} aid` : "",
      c.countdown !== undefined ? `countdown ${c.countdown}` : ""];
  }

  function lcard(view, texts, c, extra = []) {
    const t = textOf(view, texts, c);
    const cost = t && /(\d+) Energy/.exec(t.summary);
    const life = t && /Life (\d+)/.exec(t.summary);
    const sub = t ? title(t.kind) : c.type ? title(c.type) : "";
    // a copy's number ends its data-card ("relic-looter-2"): an option naming "Relic Looter #2"
    // lands on that copy (render.js optionsOnCards)
    return drawCard({ name: c.name, slug: c.number ? `${c.id}-${c.number}` : c.id, sub, cls: "l-" + (c.type || (t ? t.kind.replace(/\W+/g, "-") : "card")) + (c.exhausted ? " exhausted" : ""),
      facts: [cost ? `cost ${cost[1]}` : "", life && !c.type && t.kind !== "hero" ? `Life ${life[1]}` : ""],
      badges: tokens(c).concat(extra), text: t ? t.text : "" });
  }

  function mission(view, texts) {
    const m = view.mission;
    if (!m) return section("Mission", h("div", { class: "empty", text: "none" }));
    const node = lcard(view, texts, { id: m.id, name: m.name }, [`progress ${m.progress}${m.advance === null ? "" : " / " + m.advance}`,
      m.challenge ? `${title(m.challenge.attribute)} ${m.challenge.difficulty}` : ""]);
    node.classList.add("mission");
    return section("Mission", node);
  }

  function disturbance(view, texts) {
    const d = view.disturbance;
    if (!d) return section("Disturbance", h("div", { class: "empty", text: "none" }));
    const node = lcard(view, texts, { id: d.id, name: d.name }, [`fate ${d.fate} / ${d.advance}`]);
    node.classList.add("disturbance");
    return section("Disturbance", node);
  }

  function check(view, c) {
    const head = `${c.actor} · ${seatLabel(c.player)} makes ${/^[aeiou]/i.test(c.attribute) ? "an" : "a"} ${title(c.attribute)} check, difficulty ${c.difficulty}` +
      (c.against ? `, against ${c.against}` : "");
    // each die a little die: its kind, then each face as a symbol and its word (never the
    // colour alone), "blank" for none; Expert's locked die says so
    const dice = c.dice.map((d, i) => {
      const said = d.face.length ? d.face.join(" and ") : "blank";
      return h("div", { class: `die ${d.kind}` + (d.locked ? " locked" : ""), "data-name": `Die ${i + 1}`, role: "listitem",
        "aria-label": `Die ${i + 1}, ${d.kind} die: ${said}${d.locked ? ", locked" : ""}` },
      h("div", { class: "dk", text: `${i + 1}. ${d.kind}` }),
      h("div", { class: "faces df" }, ...(d.face.length ? d.face : [null]).map((f) => (f === null
        ? h("span", { class: "face blank", text: "blank" })
        : h("span", { class: "face " + f }, h("span", { class: "sym", "aria-hidden": "true", text: (FACES[f] || f).split(" ")[0] }), h("span", { text: f }))))),
      d.locked ? h("div", { class: "dk", text: "locked (Expert)" }) : null);
    });
    const tally = {};
    for (const d of c.dice) for (const f of d.face) tally[f] = (tally[f] || 0) + 1;
    const sum = Object.entries(tally).map(([f, n]) => `${n} ${f}`).join(", ");
    return h("section", { class: "zone check" }, h("h3", { text: "Check" }), h("div", { text: head }),
      counts([["character dice", c.pool.character], ["challenge dice", c.pool.challenge]]),
      dice.length ? h("div", { class: "dice", role: "list", "aria-label": "the dice rolled" }, ...dice) : h("div", { class: "empty", text: "no dice rolled yet" }),
      dice.length ? h("div", { class: "checktally", text: "Rolled: " + (sum || "all blank") }) : null,
      c.devoted.length ? h("div", { class: "facts", text: "Devoted a card: " + c.devoted.map(seatLabel).join(", ") }) : null);
  }

  function area(view, texts, s) {
    const cards = s.area;
    const attached = cards.filter((c) => c.on);
    const nodes = [];
    const placed = new Set();
    for (const c of cards) {
      if (c.on) continue;
      const t = textOf(view, texts, c);
      const hero = t && t.kind === "hero" && c.name === s.hero;
      const extra = c.type === "enemy" ? ["assigned enemy"] : [c.exhausted ? "exhausted" : "ready"];
      if (hero) extra.unshift(`damage ${s.damage} / Life ${s.life}`);
      const node = lcard(view, texts, c, extra);
      for (const a of attached) {
        if (a.on === c.id && !placed.has(a)) {
          placed.add(a);
          node.append(h("div", { class: "attached" }, h("span", { class: "k", text: "attached: " }), lcard(view, texts, a)));
        }
      }
      nodes.push(node);
    }
    for (const a of attached) if (!placed.has(a)) nodes.push(lcard(view, texts, a, ["attached"]));
    return cardRow(nodes);
  }

  function seat(view, texts, s) {
    const at = s.attributes;
    const parts = [
      h("div", { class: "facts", text: `Guile ${at.guile} · Insight ${at.insight} · Lore ${at.lore} · Tactics ${at.tactics}` }),
      h("div", { class: "power" }, h("span", { class: "life", text: `♥ ${s.life - s.damage} of ${s.life} Life left` })),
      counts([["hand", s.hand_size], ["deck", s.deck], ["energy", s.energy], ["discard", s.discard.length], ["clues", s.clues], ["focus", s.focus], ["power", s.power]]),
      h("div", { class: "label", text: "Player Area" }), area(view, texts, s)];
    if (s.first_player) parts.unshift(h("div", { class: "badge lead", text: "First player (holds the Aid)" }));
    if (s.eliminated) parts.unshift(h("div", { class: "badge warn", text: "eliminated" }));
    if (s.hand && s.seat !== view.viewer) parts.push(h("div", { class: "label", text: "Hand (open)" }), cardRow(s.hand.map((c) => lcard(view, texts, c))));
    return seatBlock(view, s.seat, `${s.hero} · ${seatLabel(s.seat)}`, ...parts);
  }

  RENDERERS.librarians = function (view) {
    const texts = cardTexts("librarians");
    const box = h("div", { class: "view librarians" });
    box.append(header(`Round ${view.round}`, phaseName(view.phase), `adventure ${view.adventure}`, title(view.difficulty)));
    box.append(h("div", { class: "seatblocks" }, mission(view, texts), disturbance(view, texts)));
    if (view.check) box.append(check(view, view.check));
    const me = view.viewer === null ? null : view.seats.find((s) => s.seat === view.viewer);
    if (me) box.append(section("Your hand", cardRow((me.hand || []).map((c) => lcard(view, texts, c)), "empty")));
    box.append(section("Unassigned Region", cardRow(view.unassigned.map((c) => lcard(view, texts, c)), "empty")));
    box.append(section("Player Areas", h("div", { class: "seatblocks" }, ...view.seats.map((s) => seat(view, texts, s)))));
    if (view.special.length) box.append(section("Special cards", cardRow(view.special.map((c) => lcard(view, texts, c)))));
    box.append(counts([["Adventure deck", view.adventure_deck], ["Adventure discard", view.adventure_discard.length], ["set aside", view.set_aside.length]]));
    if (view.set_aside.length) {
      box.append(section("Set aside (waiting to enter the story)", cardRow(view.set_aside.map((c) => lcard(view, texts, c)))));
    }
    if (view.adventure_discard.length) {
      box.append(section("Adventure discard (newest first)", cardRow(view.adventure_discard.slice(-6).reverse().map((c) => lcard(view, texts, c)))));
    }
    return board(view, box, "The Librarians board");
  };
})();
