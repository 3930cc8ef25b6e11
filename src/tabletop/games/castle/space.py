"""Castle Von Loghan's action space: every option id there can ever be, built once from the
content. Ids name what they stand for (a room, a Treasure by its id, a Timing, a seat), so a
record reads without the card table.

Option groups (the `arg` of each option is what the rules read):

- `done`, `pass`: end a step or decline;
- `go:<room>`, `stay`: the Leader moves the group (Movement);
- `pod`: stop at the P.O.D. on the way (then `store:<treasure>`, `retrieve:<treasure>`,
  `done`);
- `vote:A` .. `vote:D`: a Decision card (Event); `group:A` .. `group:D`: a Group Decision;
- `equip:<treasure>`, `unequip:<treasure>`: weapons (Select Weapons, or the inventory);
- `initiative:<t>`: put the Initiative card in place of the card on Timing t;
- `overcharge`: draw one more card onto the last Timing (2 Clarity);
- `card:<t>`: use the effect of the own card on Timing t (a Replace or Discard card);
- `help:<seat>:<t>`: use a Charge Support's second effect on a card of an Agent in Reach;
- `shift:<i>:<j>`: move the card on Timing i to Timing j (Rearrange), paying the Timing Costs;
- `pay:<t>`: pay for the optional effect of the card on Timing t;
- `negate:<t>`: Negate the card on Timing t with a Negate ability;
- `skill:1`, `skill:2`: use a Skill; `use:<treasure>`: use a Treasure's effect;
  `burn:<treasure>`: burn it for Energy; `discard:<treasure>`; `ally:<ally>`: use an Ally;
- `target:<n>`: target the n-th enemy of the line-up (1 = leftmost);
- `share:<seat>`: give one Energy of a defeated enemy's reward to that Agent;
- `take:<n>`: take the n-th card offered (rewards, the Gob-li Merchant, a gained Treasure);
  `give:<seat>`: hand the Treasure being placed to another Agent in the room;
- `slot:<slot>`: where a Treasure goes (hand, belt, backpack);
- `heal:health`, `heal:clarity`: a choice of healing;
- `rest`, `rally`, `recharge`, `search`, `sneak:<room>`: the Refresh actions;
- `trade:<treasure>:<seat>`: give a Treasure to another Agent (after a phase);
- `exchange:<treasure>`: exchange a complete Treasure Set for its Unique Treasure;
- `upgrade:<upgrade>`: choose an Upgrade (Exploration set-up, Mission rewards).
"""

from __future__ import annotations

from tabletop.engine.decision import ActionSpace
from tabletop.games.castle.cards import CONTENT, MAX_AGENTS, ROOMS

MAX_TIMINGS = 16  # cards a Timing sequence can hold (Combat Power, Overcharge, extra draws)
MAX_ENEMIES = 64  # enemies a line-up can hold (summoners may fill it: 38 were seen)
MAX_OFFER = 12  # cards offered at once (rewards, the Gob-li Merchant)
LETTERS = ("A", "B", "C", "D")
SLOT_NAMES = ("hand", "belt", "backpack")
REFRESH_ACTIONS = ("rest", "rally", "recharge", "search")


def _entries() -> list[tuple[str, str, object]]:
    out: list[tuple[str, str, object]] = [("done", "Done", None), ("pass", "Pass", None)]
    out += [(f"go:{r}", f"Move to {_room(r)}", r) for r in ROOMS]
    out.append(("stay", "Stay in this room", None))
    treasures = [(t.slug, t.name) for t in CONTENT.treasures]
    out += [(f"store:{s}", f"Store {n} in the P.O.D.", s) for s, n in treasures]
    out += [(f"retrieve:{s}", f"Take {n} from the P.O.D.", s) for s, n in treasures]
    out += [(f"vote:{x}", f"Choose {x}", x) for x in LETTERS]
    out += [(f"group:{x}", f"The group chooses {x}", x) for x in LETTERS]
    out += [(f"equip:{s}", f"Equip {n}", s) for s, n in treasures]
    out += [(f"unequip:{s}", f"Unequip {n}", s) for s, n in treasures]
    out += [
        (f"initiative:{t}", f"Replace Timing {t} with the Initiative card", t)
        for t in range(1, MAX_TIMINGS + 1)
    ]
    out.append(("overcharge", "Overcharge: draw one more card (2 Clarity)", None))
    out += [(f"card:{t}", f"Use the card on Timing {t}", t) for t in range(1, MAX_TIMINGS + 1)]
    out += [
        (f"help:{p}:{t}", f"Charge Support: replace Agent {p + 1}'s card on Timing {t}", (p, t))
        for p in range(MAX_AGENTS)
        for t in range(1, MAX_TIMINGS + 1)
    ]
    out += [
        (f"shift:{i}:{j}", f"Move the card on Timing {i} to Timing {j}", (i, j))
        for i in range(1, MAX_TIMINGS + 1)
        for j in range(1, MAX_TIMINGS + 1)
        if i != j
    ]
    out += [(f"pay:{t}", f"Pay for the card on Timing {t}", t) for t in range(1, MAX_TIMINGS + 1)]
    out += [(f"negate:{t}", f"Negate Timing {t}", t) for t in range(1, MAX_TIMINGS + 1)]
    out += [("skill:1", "Use your first Skill", 0), ("skill:2", "Use your second Skill", 1)]
    out += [(f"use:{s}", f"Use {n}", s) for s, n in treasures]
    out += [(f"burn:{s}", f"Burn {n} for Energy", s) for s, n in treasures]
    out += [(f"discard:{s}", f"Discard {n}", s) for s, n in treasures]
    out += [(f"ally:{a.slug}", f"Call on {a.name}", a.slug) for a in CONTENT.allies]
    out += [(f"target:{n}", f"Target enemy {n}", n) for n in range(1, MAX_ENEMIES + 1)]
    out += [(f"share:{p}", f"Give 1 Energy to Agent {p + 1}", p) for p in range(MAX_AGENTS)]
    out += [(f"take:{n}", f"Take card {n}", n) for n in range(1, MAX_OFFER + 1)]
    out += [(f"give:{p}", f"Give it to Agent {p + 1}", p) for p in range(MAX_AGENTS)]
    out += [(f"slot:{s}", f"Put it in a {s} slot", s) for s in SLOT_NAMES]
    out += [("heal:health", "Heal Health", "health"), ("heal:clarity", "Heal Clarity", "clarity")]
    out += [
        ("rest", "Rest: the group heals 1 Health and 1 Clarity", None),
        ("rally", "Rally: shuffle your discard pile back into your Combat deck", None),
        ("recharge", "Recharge: gain 3 Energy", None),
        ("search", "Search this room's Random Event token", None),
    ]
    out += [(f"sneak:{r}", f"Sneak to {_room(r)}", r) for r in ROOMS]
    out += [
        (f"trade:{s}:{p}", f"Give {n} to Agent {p + 1}", (s, p))
        for s, n in treasures
        for p in range(MAX_AGENTS)
    ]
    out += [
        (f"exchange:{t.slug}", f"Exchange the set for {t.name}", t.slug)
        for t in CONTENT.treasures
        if t.colour == "violet"
    ]
    seen: set[str] = set()
    for u in CONTENT.upgrades:
        if u.slug not in seen:
            seen.add(u.slug)
            out.append((f"upgrade:{u.slug}", f"Take the Upgrade {u.name}", u.slug))
    # added last (issue 22), so every earlier option keeps its action index
    out.append(("pod", "Stop at the P.O.D. on the way: store or take Treasures", None))
    return out


def _room(r: str) -> str:
    return {"outside": "outside", "pod": "the P.O.D.", "F": "the Foyer"}.get(r, f"room {r}")


ACTION_SPACE = ActionSpace(_entries())
OPT = ACTION_SPACE.by_id  # OPT["go:5"] is that Option
