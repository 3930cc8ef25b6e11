"""The catalog of The Librarians: every thing a player may look up by name (heroes, cards, Aid
cards, Effect cards, adventure cards, Missions, Disturbances and adventures), with a one-line
summary of its numbers computed from the loaded content. The game hands it to the kernel as
`GameSpec.catalog`; `tabletop.engine.texts` pairs it with content/texts.toml (written by
scripts/librarians_texts.py)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.content import slugify
from tabletop.engine.texts import Subject, plural, title
from tabletop.games.librarians import content


def _attrs(a: Any) -> str:
    return ", ".join(
        f"{title(k)} {'-' if k in a.dashes else a.get(k)}"
        for k in ("guile", "insight", "lore", "tactics")
    )


def _challenge(c: Any) -> str:
    return f"{title(c.attribute)} {c.difficulty} challenge"


def subjects() -> list[Subject]:
    """Every thing of the game a player may look up, in content order."""
    data = content.load()
    out: list[Subject] = []
    for h in data.heroes:
        summary = (
            f"hero {h.number}, {h.subtitle} · {_attrs(h.attributes)} · Life {h.life} · "
            f"Heroic Discipline {h.discipline}"
        )
        out.append(Subject(h.name, h.slug, "hero", summary, ("hero", h.slug)))
    for c in data.cards:
        parts = [
            f"{c.type} · {c.cost} Energy",
            f"{c.discipline} Discipline" if c.discipline else "unlockable",
            plural(c.copies, "copy").replace("copys", "copies"),
        ]
        if c.unique:
            parts.append("Unique")
        if c.type == "sidekick" and c.attributes is not None:
            parts.append(f"{_attrs(c.attributes)} · Life {c.life}")
        if c.attach_to:
            parts.append(f"goes on {c.attach_to.replace('-', ' ')}")
        if c.countdown:
            parts.append(f"Device, enters with {plural(c.countdown, 'token')}")
        if c.traits:
            parts.append(", ".join(c.traits))
        out.append(Subject(c.name, c.slug, c.type, " · ".join(parts), ("card", c.slug)))
    for a in data.aid:
        slug = f"aid-from-the-library-{a.difficulty}"
        summary = f"{title(a.difficulty)} Mode · {_attrs(a.attributes)} · not a character"
        name = f"{a.name} ({title(a.difficulty)})"
        out.append(Subject(name, slug, "aid card", summary, ("aid", slug)))
    for e in data.effect_cards:
        slug = slugify(e.name)
        summary = f"the Effect on the back of a {title(e.kind)} card"
        out.append(Subject(e.name, slug, f"{e.kind} effect", summary, ("effect", slug)))
    seen: dict[str, list[str]] = {}
    first: dict[str, Any] = {}
    for adv in data.adventures:
        for card in adv.cards:
            seen.setdefault(card.slug, []).append(adv.code)
            first.setdefault(card.slug, card)
    for slug, card in first.items():
        parts = [card.type]
        if card.challenge is not None:
            parts.append(_challenge(card.challenge))
        if card.type == "enemy":
            parts.append(f"Life {card.life}, Damage {card.damage}")
        if card.type == "obstacle":
            parts.append(f"Progress {card.progress}, Fate {card.fate}")
        parts += [title(k) for k in card.keywords]
        if card.traits:
            parts.append(", ".join(card.traits))
        parts.append(f"in {', '.join(seen[slug])}")
        kind = "special card" if card.type == "special" else card.type
        out.append(Subject(card.name, slug, kind, " · ".join(parts), ("adventure-card", slug)))
    for adv in data.adventures:
        for m in adv.missions:
            slug = slugify(m.name)
            parts = [f"Mission {m.id} of {adv.code}"]
            if m.challenge is not None:
                parts.append(_challenge(m.challenge))
            if m.advance is None:
                parts.append("advances as its text says")
            else:
                per = "/".join(map(str, m.advance))
                parts.append(f"advances at {per} Progress for 1/2/3/4 players")
            if m.path:
                parts.append(f"path {m.path}")
            if m.win:
                parts.append("the players win")
            out.append(Subject(m.name, slug, "mission", " · ".join(parts), ("mission", slug)))
        for d in adv.disturbances:
            slug = slugify(d.name)
            summary = f"Disturbance {d.id} of {adv.code} · advances at {d.advance} Fate"
            if d.lose:
                summary += " · the players lose"
            out.append(Subject(d.name, slug, "disturbance", summary, ("disturbance", slug)))
        slug = slugify(adv.code)
        summary = (
            f"adventure {adv.code} · {plural(len(adv.missions), 'Mission')}, "
            f"{plural(len(adv.disturbances), 'Disturbance')}, "
            f"{plural(len(adv.deck), 'Adventure card')} in its deck"
        )
        out.append(Subject(adv.name, slug, "adventure", summary, ("adventure", slug)))
    return out
