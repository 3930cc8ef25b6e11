"""The catalog of Castle Von Loghan: every thing a player may look up by name (Agents,
Skills, combat cards, Treasures, Allies, Upgrades, enemies, Random Events, boards, Missions,
Contracts and the Chase and Warden cards, modes), with a one-line summary of its numbers.
The game hands it to the kernel as `GameSpec.catalog`;
`tabletop.engine.texts` pairs it with the texts file (content/texts.toml, written by
scripts/castle_texts.py)."""

from __future__ import annotations

from tabletop.engine.content import slugify
from tabletop.engine.texts import Subject, plural, title
from tabletop.games.castle.content import load


def subjects() -> list[Subject]:
    """Every thing of Castle Von Loghan a player may look up, in content order."""
    data = load()
    out: list[Subject] = []

    def add(name: str, slug: str, kind: str, summary: str, key: str) -> None:
        if all(s.key != (key, slug) for s in out):
            out.append(Subject(name, slug, kind, summary, (key, slug)))

    for a in data.agents:
        skills = ", ".join(f"{s.name} ({s.energy} Energy, Clarity {s.clarity}+)" for s in a.skills)
        summary = (
            f"Agent · Energy up to {a.max_energy} · {plural(a.upgrade_slots, 'Upgrade slot')}, "
            f"{plural(a.backpack_slots, 'Backpack slot')} · Skills: {skills}"
        )
        add(a.name, a.slug, "agent", summary, "agent")
    for a in data.agents:
        for s in a.skills:
            summary = (
                f"{a.name}'s Skill · {s.energy} Energy · needs Clarity {s.clarity}+ · "
                "cools down until the Refresh Phase"
            )
            add(s.name, slugify(s.name), "skill", summary, "skill")
    for c in data.combat_cards:
        parts = [f"{title(c.category)} card", f"Timing Cost {c.timing_cost}"]
        if c.damage:
            parts.append(f"{c.damage} Damage")
        if c.rage:
            parts.append(f"{c.rage} Rage")
        parts += [title(k) for k in c.keywords]
        add(c.name, c.slug, "combat card", " · ".join(parts), "combat-card")
    for t in data.treasures:
        parts = [f"{title(t.colour)} {t.kind}", t.size]
        if t.kind != "item":
            hands = "two-handed" if t.hands > 1 else "one-handed"
            what = f"{title(t.damage_type)} " if t.damage_type else ""
            parts.append(f"{hands}, {what}Combat Power {t.combat_power}")
        parts.append("Timeless" if t.timeless else f"{t.energy} Energy")
        if t.set:
            parts.append(f"set piece of {t.set}")
        parts.append(plural(t.copies, "copy").replace("copys", "copies"))
        add(t.name, t.slug, t.kind, " · ".join(parts), "treasure")
    for al in data.allies:
        add(al.name, al.slug, "ally", f"Ally · needs {al.clarity} Clarity", "ally")
    for u in data.upgrades:
        summary = f"Upgrade · {plural(u.copies, 'copy').replace('copys', 'copies')}"
        add(u.name, u.slug, "upgrade", summary, "upgrade")
    for e in data.enemies:
        parts = [f"{title(e.colour)} enemy", f"Health {e.health}", f"reward {e.energy} Energy"]
        loot = ", ".join(f"{n} {c}" for c, n in e.treasure.items() if n)
        if loot:
            parts.append(f"Treasure: {loot}")
        if e.immune:
            parts.append("immune to " + "/".join(title(x) for x in e.immune))
        if e.weak:
            parts.append("weak to " + "/".join(title(x) for x in e.weak))
        if e.base.countdown:
            parts.append(f"Base Attack every {e.base.countdown} rounds")
        rage = ", ".join(f"{title(a.timeline)} {a.rage}" for a in e.rage)
        if rage:
            parts.append(f"Rage Attack at {rage}")
        parts.append(plural(e.copies, "copy").replace("copys", "copies"))
        add(e.name, e.slug, "enemy", " · ".join(parts), "enemy")
    for ev in data.events:
        parts = [f"{title(ev.colour)} Random Event"]
        if ev.group:
            parts.append("Group Decision")
        # its outcomes and End Event are on the card's back, turned over with the votes
        # (castle.event.hidden): a reference that tells them would tell them before the vote
        parts.append("outcomes on the back")
        add(ev.name, ev.slug, "random event", " · ".join(parts), "event")
    for b in data.boards:
        summary = f"board · {title(b.timeline)}, {b.year} · {len(b.rooms)} places"
        add(b.name, b.timeline, "board", summary, "board")
    for m in data.missions:
        summary = (
            f"Mission {m.number} · {title(m.timeline)} board · "
            f"{plural(len(m.cards), 'Story card')}" + (" · Deluxe" if m.deluxe else "")
        )
        add(m.name, f"mission-{m.number}", "mission", summary, "mission")
    for d in data.decks:
        kind = {"contract": "Contract", "chase": "Loghan Chase card", "warden": "Warden card"}
        summary = kind.get(d.deck, d.deck) + (f" · {d.shards} Data Shards" if d.shards else "")
        add(d.name, d.slug, kind.get(d.deck, d.deck).lower(), summary, "deck-card")
    for mo in data.modes:
        summary = "mode · " + ("shared Health and Clarity" if mo.shared else "own Health")
        add(mo.name, mo.id, "mode", summary, "mode")
    return out
