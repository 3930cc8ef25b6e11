"""Rewrite the card texts of src/tabletop/games/castle/content/texts.toml from the content.

    .venv/bin/python scripts/castle_texts.py          # rewrite the [[text]] entries
    .venv/bin/python scripts/castle_texts.py --check  # exit 1 if they are out of date

Every Castle Von Loghan record a player may look up (Agent and Skill, combat card, Treasure,
Ally, Upgrade, enemy, Random Event, board, Mission, Contract, Loghan Chase and Warden card,
mode) carries its own `text` in content/*.toml, in our words; tabletop.engine.texts reads one
`[[text]]` entry per thing from texts.toml, so those entries repeat the records' texts
(tests/castle/test_castle_texts.py checks they agree). Run this after changing a record's text.
The rules summary (the `[[section]]` entries above the first card heading) is written by hand
and kept as it is.

`castle_subjects()` is what the game's content offers to look up, with each thing's numbers as
a one-line summary: the catalog `tabletop.engine.texts.CATALOGS["castle"]` is meant to be this
function (it uses only `Subject` and the helpers of engine/texts.py). Story cards are left out:
a player reads each when the Story reaches it, and the view shows it then.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "src" / "tabletop" / "games" / "castle" / "content" / "texts.toml"
MARK = "# -- Agents "  # the first card heading: everything above it is kept

HEADS = {
    "agent": "Agents",
    "skill": "Skills",
    "combat-card": "combat cards",
    "treasure": "Treasures",
    "ally": "Allies",
    "upgrade": "Upgrades",
    "enemy": "enemies",
    "event": "Random Events",
    "board": "boards",
    "mission": "Missions",
    "deck-card": "Contract, Loghan Chase and Warden cards",
    "mode": "modes",
}
NOTE = "Our own words for this card, the text its record in content/ gives it{where}."


def castle_subjects() -> list[Any]:
    """Every thing of Castle Von Loghan a player may look up, in content order."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabletop.engine.content import slugify
    from tabletop.engine.texts import Subject, _plural, _title
    from tabletop.games.castle.content import load

    data = load()
    out: list[Any] = []

    def add(name: str, slug: str, kind: str, summary: str, key: str) -> None:
        if all(s.key != (key, slug) for s in out):
            out.append(Subject(name, slug, kind, summary, (key, slug)))

    for a in data.agents:
        skills = ", ".join(f"{s.name} ({s.energy} Energy, Clarity {s.clarity}+)" for s in a.skills)
        summary = (
            f"Agent · Energy up to {a.max_energy} · {_plural(a.upgrade_slots, 'Upgrade slot')}, "
            f"{_plural(a.backpack_slots, 'Backpack slot')} · Skills: {skills}"
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
        parts = [f"{_title(c.category)} card", f"Timing Cost {c.timing_cost}"]
        if c.damage:
            parts.append(f"{c.damage} Damage")
        if c.rage:
            parts.append(f"{c.rage} Rage")
        parts += [_title(k) for k in c.keywords]
        add(c.name, c.slug, "combat card", " · ".join(parts), "combat-card")
    for t in data.treasures:
        parts = [f"{_title(t.colour)} {t.kind}", t.size]
        if t.kind != "item":
            hands = "two-handed" if t.hands > 1 else "one-handed"
            what = f"{_title(t.damage_type)} " if t.damage_type else ""
            parts.append(f"{hands}, {what}Combat Power {t.combat_power}")
        parts.append("Timeless" if t.timeless else f"{t.energy} Energy")
        if t.set:
            parts.append(f"set piece of {t.set}")
        parts.append(_plural(t.copies, "copy").replace("copys", "copies"))
        add(t.name, t.slug, t.kind, " · ".join(parts), "treasure")
    for al in data.allies:
        add(al.name, al.slug, "ally", f"Ally · needs {al.clarity} Clarity", "ally")
    for u in data.upgrades:
        summary = f"Upgrade · {_plural(u.copies, 'copy').replace('copys', 'copies')}"
        add(u.name, u.slug, "upgrade", summary, "upgrade")
    for e in data.enemies:
        parts = [f"{_title(e.colour)} enemy", f"Health {e.health}", f"reward {e.energy} Energy"]
        loot = ", ".join(f"{n} {c}" for c, n in e.treasure.items() if n)
        if loot:
            parts.append(f"Treasure: {loot}")
        if e.immune:
            parts.append("immune to " + "/".join(_title(x) for x in e.immune))
        if e.weak:
            parts.append("weak to " + "/".join(_title(x) for x in e.weak))
        if e.base.countdown:
            parts.append(f"Base Attack every {e.base.countdown} rounds")
        rage = ", ".join(f"{_title(a.timeline)} {a.rage}" for a in e.rage)
        if rage:
            parts.append(f"Rage Attack at {rage}")
        parts.append(_plural(e.copies, "copy").replace("copys", "copies"))
        add(e.name, e.slug, "enemy", " · ".join(parts), "enemy")
    for ev in data.events:
        parts = [f"{_title(ev.colour)} Random Event"]
        if ev.group:
            parts.append("Group Decision")
        if ev.end.summon == "fixed":
            parts.append(f"End Event: {ev.end.count} {ev.end.colour} enemies")
        elif ev.end.summon == "group":
            parts.append(f"End Event: {ev.end.colour} enemies, Agents minus one")
        elif ev.end.summon == "lurking":
            parts.append("End Event: the Lurking Enemies")
        else:
            parts.append("End Event: no fight")
        add(ev.name, ev.slug, "random event", " · ".join(parts), "event")
    for b in data.boards:
        summary = f"board · {_title(b.timeline)}, {b.year} · {len(b.rooms)} places"
        add(b.name, b.timeline, "board", summary, "board")
    for m in data.missions:
        summary = (
            f"Mission {m.number} · {_title(m.timeline)} board · "
            f"{_plural(len(m.cards), 'Story card')}" + (" · Deluxe" if m.deluxe else "")
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


def texts_by_key() -> dict[tuple[str, str], tuple[str, str]]:
    """Every record's own text and its source (rulebook or authored), by texts entry key."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabletop.engine.content import slugify
    from tabletop.games.castle.content import load

    data = load()
    own: dict[tuple[str, str], tuple[str, str]] = {}

    def src(rec: Any) -> str:
        return str(rec.field_sources.get("text", rec.source))

    for a in data.agents:
        own[("agent", a.slug)] = (a.text, src(a))
        for s in a.skills:
            own.setdefault(("skill", slugify(s.name)), (s.text, src(a)))
    for kind, recs in (
        ("combat-card", data.combat_cards),
        ("treasure", data.treasures),
        ("ally", data.allies),
        ("upgrade", data.upgrades),
        ("enemy", data.enemies),
        ("event", data.events),
        ("deck-card", data.decks),
    ):
        for r in recs:
            own.setdefault((kind, r.slug), (r.text, src(r)))
    for b in data.boards:
        own[("board", b.timeline)] = (b.text, src(b))
    for m in data.missions:
        own[("mission", f"mission-{m.number}")] = (m.text, src(m))
    for mo in data.modes:
        own[("mode", mo.id)] = (mo.text, src(mo))
    return own


def card_part() -> str:
    """The `[[text]]` entries, in the order of the game's catalog."""
    own = texts_by_key()
    out: list[str] = []
    last = ""
    for s in castle_subjects():
        kind, tid = s.key
        if kind != last:
            head = HEADS[kind]
            out.append(f"# -- {head} " + "-" * (88 - 6 - len(head)) + "\n")
            last = kind
        text, source = own[s.key]
        entry = (
            f"[[text]]\nkind = {json.dumps(kind)}\nid = {json.dumps(tid)}\n"
            f"text = {json.dumps(text, ensure_ascii=False)}\nsource = {json.dumps(source)}\n"
        )
        if source == "authored":
            where = " (authored where the rulebook prints no text)"
            entry += f"note = {json.dumps(NOTE.format(where=where), ensure_ascii=False)}\n"
        out.append(entry)
    return "\n".join(out)


def main(argv: list[str]) -> int:
    old = FILE.read_text("utf-8")
    at = old.find(MARK)
    if at < 0:
        print(f"{FILE}: no {MARK.strip()!r} heading to start the card texts at", file=sys.stderr)
        return 2
    new = old[:at] + card_part()
    if "--check" in argv:
        if new != old:
            print(f"{FILE} is out of date: run scripts/castle_texts.py", file=sys.stderr)
            return 1
        return 0
    if new != old:
        FILE.write_text(new, "utf-8")
        print(f"rewrote the card texts of {FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
