"""The catalog of The Guardians: Explore: every thing a player may look up by name (cards,
monster families and monsters, which show their family's text, locations, bosses, Secret Quests
and the Timekeeper), with a one-line summary of its numbers computed from the loaded content.
The game hands it to the kernel as `GameSpec.catalog`; `tabletop.engine.texts` pairs it with
content/texts.toml."""

from __future__ import annotations

from typing import Any

from tabletop.engine.texts import Subject, plural, title
from tabletop.games.guardians import content

_GUARDIAN_KINDS = {
    "generic": "generic card",
    "skill": "skill",
    "item": "item",
    "familiar": "familiar",
    "coward": "penalty card",
}


def _card_summary(c: Any, numbers: dict[str, int]) -> str:
    typ = {"generic": "generic", "coward": "penalty"}.get(c.type, c.type)
    head = f"{'SUPER ' if c.super else ''}{typ}"
    if c.group:
        head += f" ({title(c.group)})"
    parts = [head]
    if c.type == "coward":
        parts.append("cannot be played")
    else:
        parts.append(f"needs {c.req} energy" if c.req else "needs no energy")
    gives = [
        f"+{n} {what}"
        for n, what in (
            (c.energy, "energy"),
            (c.attack, "attack"),
            (c.draw, "card" if c.draw == 1 else "cards"),
            (c.counters, "damage counters" if c.counters != 1 else "damage counter"),
        )
        if n
    ]
    if gives:
        parts.append(", ".join(gives))
    if c.type == "item":
        parts.append("Persistent")
    if c.weapon:
        parts.append("weapon")
    if c.consumable:
        parts.append("trashed when used")
    if c.effect == "backpack":
        extra = numbers["backpack_extra"]
        parts.append(f"Clean Up: draw {numbers['hand_size'] + extra}, then discard {extra}")
    if c.points:
        parts.append(f"{c.points:+d} trophy points")
    parts.append(plural(c.copies, "copy").replace("copys", "copies"))
    return " · ".join(parts)


def _quest_need(q: Any, weapons: str) -> str:
    fam = title(q.family)
    return {
        "most-generics": "most generic cards",
        "most-family": f"most {fam} trophies",
        "every-family": "a trophy of every family",
        "second-wave": f"{q.amount} Second Wave trophies",
        "skill-class": f"{q.amount} different skills of one class",
        "trophy-family": f"{q.amount} different trophies of one family",
        "familiar-sets": f"{q.amount} pairs of different familiars, each pair of one family",
        "dual-weapon": f"{q.amount} copies of one weapon ({weapons})",
    }[q.check]


def _timekeeper_summary(tracks: dict[str, tuple[str, ...]]) -> str:
    parts = []
    for mode, track in tracks.items():
        rounds = 0
        bosses = []
        for space in track:
            if space in ("round", "blue-boss", "red-boss"):
                rounds += 1
            if space.endswith("-boss"):
                bosses.append(f"{title(space.removesuffix('-boss'))} Boss in round {rounds}")
        parts.append(f"{title(mode)} game: {plural(rounds, 'round')}, {', '.join(bosses)}")
    return " · ".join(parts)


def subjects() -> list[Subject]:
    """Every thing of the game a player may look up, in content order."""
    data = content.load()
    out: list[Subject] = []
    for c in data.cards:
        kind = "SUPER card" if c.super else _GUARDIAN_KINDS[c.type]
        out.append(Subject(c.name, c.slug, kind, _card_summary(c, data.numbers), ("card", c.slug)))
    for fam in content.MONSTER_FAMILIES:
        members = [m for m in data.monsters if m.family == fam]
        names = ", ".join(f"{m.name} {m.attack}" for m in members)
        overrun = " · Overrun" if members and members[0].overrun else ""
        out.append(Subject(title(fam), fam, "monster family", f"{names}{overrun}", ("family", fam)))
    for m in data.monsters:
        waves = ", ".join(
            f"{n} in the {w} Wave"
            for n, w in zip(m.waves, ("First", "Second", "Third"), strict=True)
            if n
        )
        summary = (
            f"{title(m.family)}, tier {m.tier} · attack {m.attack} · "
            f"{plural(m.points, 'trophy point')}{' · Overrun' if m.overrun else ''} · {waves}"
        )
        out.append(Subject(m.name, m.slug, "monster", summary, ("family", m.family)))
    for loc in data.locations:
        if loc.base:
            flipped = plural(loc.flipped_symbols, "monster symbol")
            where = f"base location, always safe ({flipped} once flipped)"
        else:
            where = plural(loc.symbols, "monster symbol")
        summary = f"location {loc.number} · {loc.colour} row · {where}"
        out.append(Subject(loc.name, loc.slug, "location", summary, ("location", loc.slug)))
    for b in data.bosses:
        summary = f"{title(b.colour)} Boss · {title(b.family)} · attack {b.per_player} per player"
        out.append(Subject(b.name, b.slug, "boss", summary, ("boss", b.slug)))
    weapons = ", ".join(c.name for c in data.cards if c.weapon)
    for q in data.quests:
        summary = f"Secret Quest · {_quest_need(q, weapons)} · {plural(q.points, 'trophy point')}"
        if q.solo_min:
            summary += f" · alone: at least {q.solo_min}"
        out.append(Subject(q.name, q.slug, "secret quest", summary, ("quest", q.slug)))
    summary = _timekeeper_summary(data.tracks)
    out.append(Subject("Timekeeper", "timekeeper", "token", summary, ("token", "timekeeper")))
    return out
