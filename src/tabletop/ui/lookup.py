"""The terminal's `card NAME`, `cards` and `rules [PHASE]` commands, as lines of text.

The texts come from `tabletop.engine.texts` (our own words, with numbers from the loaded
content), so the web client can show the same. Every answer is bounded: a query is at most
`texts.MAX_QUERY` characters, a "did you mean" list at most `MAX_MATCHES` names.
"""

from __future__ import annotations

from tabletop.engine.errors import TabletopError
from tabletop.engine.texts import CardText, all_cards, card_text, rules_text

MAX_MATCHES = 24


def _card(c: CardText) -> list[str]:
    lines = [f"{c.name} ({c.kind}) · {c.summary}", f"  {c.text}"]
    if c.note:
        lines.append(f"  (our reading: {c.note})")
    return lines


def card_lines(game_id: str, query: str) -> list[str]:
    """What `card QUERY` prints: the card, the cards it may mean, or what to type instead."""
    query = query.strip()
    if not query:
        return ["Say which card: card NAME (a name or its first letters; cards lists them all)."]
    try:
        found = card_text(game_id, query)
    except TabletopError as e:
        return [f"{e} (cards lists them all)."]
    shown = query if len(query) <= 40 else query[:39] + "…"
    if not found:
        return [f"No card is called {shown!r}: type cards to list them all."]
    exact = [c for c in found if c.name.casefold() == " ".join(query.split()).casefold()]
    if len(found) == 1 or len(exact) == 1:
        return _card(exact[0] if exact else found[0])
    # Cards that share one text (a Quests suit, a Guardians family) read best once each.
    texts = {c.text for c in found}
    if len(texts) == 1 and len(found) <= MAX_MATCHES:
        return [
            f"{len(found)} cards match {shown!r}, all with one effect: "
            + ", ".join(c.name for c in found),
            *_card(found[0])[1:],
        ]
    names = ", ".join(f"{c.name} ({c.kind})" for c in found[:MAX_MATCHES])
    more = f" and {len(found) - MAX_MATCHES} more" if len(found) > MAX_MATCHES else ""
    return [f"{len(found)} cards match {shown!r}: {names}{more}. Type more of the name."]


def cards_lines(game_id: str) -> list[str]:
    """What `cards` prints: every card name, grouped by kind, one line per kind."""
    try:
        cards = all_cards(game_id)
    except TabletopError as e:
        return [f"No card texts for this game: {e}"]
    groups: dict[str, list[str]] = {}
    for c in cards:
        names = groups.setdefault(c.kind, [])
        if c.name not in names:
            names.append(c.name)
    lines = [f"{kind} ({len(names)}): {', '.join(names)}" for kind, names in groups.items()]
    return [*lines, "card NAME shows one with its effect."]


def rules_lines(game_id: str, phase: str = "") -> list[str]:
    """What `rules` prints: the summary by phase, or with PHASE the one section it names (by
    id or title, any case, or their first letters)."""
    try:
        sections = rules_text(game_id)
    except TabletopError as e:
        return [f"No rules summary for this game: {e}"]
    q = " ".join(phase.split()).casefold()
    if q:

        def keys(title: str, sid: str) -> tuple[str, ...]:
            bare = title.split(". ", 1)[-1]  # "2. Initiative phase" also answers to initiative
            return (sid, title.casefold(), bare.casefold())

        exact = [s for s in sections if q in keys(s.title, s.id)]
        picked = exact or [s for s in sections if any(k.startswith(q) for k in keys(s.title, s.id))]
        if len(picked) != 1:
            ids = ", ".join(s.id for s in sections)
            shown = phase.strip()[:40]
            what = "names no section" if not picked else "names several sections"
            return [f"{shown!r} {what}; the sections are: {ids}"]
        sections = picked
    lines: list[str] = []
    for s in sections:
        lines.append(s.title)
        lines.extend(f"  {p}" for p in s.paragraphs)
    if not q:
        lines.append("rules PHASE shows one section: " + ", ".join(s.id for s in sections))
    return lines


__all__ = ["card_lines", "cards_lines", "rules_lines"]
