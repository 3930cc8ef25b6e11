// Quests of the Librarian: the Prize and the decks, the Fate cards, your hand by suit (each
// card with its suit's effect), every seat's artifacts and the cards of its hand you know.
"use strict";

(function () {
  function action(c, texts, extra = [], inHand = false) {
    const t = texts[c.id];
    return drawCard({ name: c.name, slug: c.id, sub: title(c.suit), cls: "suit suit-" + c.suit,
      badges: extra, text: t ? t.text : "", alias: inHand ? title(c.suit) + " card" : "" });
  }

  function artifact(a, texts) {
    const t = texts[a.id];
    return drawCard({ name: a.name, slug: a.id, sub: title(a.type) + " artifact", cls: "artifact type-" + a.type,
      facts: [t ? t.summary.split(" · ").slice(1).join(" · ") : ""],
      badges: a.spent ? ["spent"] : [], text: a.ability });
  }

  function seat(view, s, texts) {
    const parts = [counts([["hand", `${s.hand_size}/${s.hand_limit}`], ["artifacts toward victory", `${s.artifacts}/${view.artifacts_to_win}`],
      ["initiative", s.initiative]])];
    if (s.seat === view.leader) parts.unshift(h("div", { class: "badge lead", text: "Leader" }));
    parts.push(h("div", { class: "label", text: "Artifacts" }), cardRow(s.library.map((a) => artifact(a, texts))));
    if (s.known && s.known.length) {
      parts.push(h("div", { class: "label", text: "Cards of this hand you know" }), cardRow(s.known.map((c) => action(c, texts))));
    }
    return seatBlock(view, s.seat, seatLabel(s.seat), ...parts);
  }

  function playing(p) {
    const who = seatLabel(p.by) + " plays a " + title(p.suit) + " card" + (p.target === null ? "" : " at " + seatLabel(p.target));
    const esc = p.escapes.length ? ". Escapes: " + p.escapes.map(seatLabel).join(", ") : ". An Escape window is open";
    return h("div", { class: "notice playing", text: who + esc + "." });
  }

  // The dice: each seat's Initiative roll while the Initiative phase lasts (the highest marked
  // with a star and the word "leads"), and the last Fate roll the log tells of.
  function dice(view) {
    const parts = [];
    const rolls = view.seats.filter((s) => s.initiative !== null && s.initiative !== undefined);
    if (rolls.length) {
      const best = Math.max(...rolls.map((s) => s.initiative));
      const top = rolls.filter((s) => s.initiative === best);
      parts.push(h("div", { class: "label", text: "Initiative rolls" }),
        h("div", { class: "dicerow initiative", role: "list", "aria-label": "Initiative rolls" }, ...rolls.map((s) => {
          const lead = s.initiative === best;
          const who = seatLabel(s.seat) + (s.seat === view.viewer ? " (you)" : "") + (lead ? (top.length > 1 ? " ★ tied" : " ★ leads") : "");
          const d = d6(s.initiative, who);
          d.setAttribute("role", "listitem");
          d.dataset.seat = String(s.seat);
          if (lead) d.classList.add("lead");
          return d;
        })));
    }
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      const m = /^(.+?) rolls? (\d+) for Fate/.exec(log[i].text);
      if (m) {
        const d = d6(Number(m[2]), `${namedText(m[1])}: Fate`);
        d.classList.add("fate");
        parts.push(h("div", { class: "label", text: "Last Fate roll" }), h("div", { class: "dicerow fate" }, d,
          h("span", { class: "facts", text: namedText(log[i].text) })));
        break;
      }
    }
    return parts.length ? section("Dice", ...parts) : null;
  }

  RENDERERS.quests = function (view) {
    const texts = cardTexts("quests");
    const box = h("div", { class: "view quests" });
    box.append(header(`Turn ${view.turn}`, phaseName(view.phase), "Leader " + seatLabel(view.leader),
      `${view.artifacts_to_win} artifacts win`));
    if (view.playing) box.append(playing(view.playing));
    const table = h("div", { class: "tablezone" },
      section("Prize", view.prize ? cardRow([artifact(view.prize, texts)]) : h("div", { class: "empty", text: "the Artifact deck ran out" })),
      section("Decks", counts([["Action deck", view.action_deck], ["Artifact deck", view.artifact_deck], ["discard pile", view.discard.length]])),
      section("Fate cards", cardRow(view.fate.map((c) => action(c, texts)))));
    const rolled = dice(view);
    if (rolled) box.append(rolled);
    box.append(table);
    if (view.revealed.length) box.append(section("Turned over by a Flip", cardRow(view.revealed.map((c) => action(c, texts)))));
    const me = view.viewer === null ? null : view.seats.find((s) => s.seat === view.viewer);
    if (me) box.append(section("Your hand", cardRow((me.hand || []).map((c) => action(c, texts, [], true)), "empty")));
    const known = view.action_deck_known.map((c) => action(c, texts, [`${c.from_top} from the top`]))
      .concat(view.artifact_deck_known.map((a) => { const n = artifact(a, texts); n.append(h("span", { class: "badge", text: `${a.from_top} from the top` })); return n; }));
    if (known.length) box.append(section("Deck cards you know", cardRow(known)));
    box.append(section("Seats", h("div", { class: "seatblocks" }, ...view.seats.map((s) => seat(view, s, texts)))));
    const recent = view.discard.slice(-8).reverse();
    box.append(section("Discard pile (newest first)", cardRow(recent.map((c) => action(c, texts)), "empty"),
      view.discard.length > recent.length ? h("div", { class: "empty", text: `and ${view.discard.length - recent.length} more below` }) : null));
    return board(view, box, "Quests of the Librarian board");
  };
})();
