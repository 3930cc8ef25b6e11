"""The catalog of Quests of the Librarian: every thing a player may look up by name (the eight
suits, each Action card, which shows its suit's text, and the artifacts), with a one-line summary
of its numbers computed from the loaded content. The game hands it to the kernel as
`GameSpec.catalog`; `tabletop.engine.texts` pairs it with content/texts.toml."""

from __future__ import annotations

from typing import Any

from tabletop.engine.texts import Subject, plural, title
from tabletop.games.quests import content


def subjects() -> list[Subject]:
    """Every thing of the game a player may look up, in content order."""
    data = content.load()
    out: list[Subject] = []
    for suit in content.SUITS:
        count = sum(c.suit == suit for c in data.actions)
        out.append(
            Subject(
                title(suit),
                suit,
                "suit",
                f"suit of {plural(count, 'Action card')}",
                ("suit", suit),
            )
        )
    for c in data.actions:
        out.append(
            Subject(c.name, c.slug, "action card", f"{title(c.suit)} card", ("suit", c.suit))
        )
    for a in data.artifacts:
        out.append(Subject(a.name, a.slug, "artifact", _artifact_summary(a), ("artifact", a.slug)))
    return out


def _artifact_summary(a: Any) -> str:
    suits = "/".join(title(s) for s in a.suits)
    ability = {
        "fate-bonus": f"Fate rolls {a.amount:+d}",
        "limited-meld": f"Limited Meld: {suits}",
        "flip": f"Flip: {suits}",
        "look-artifact-deck": "Action: next artifact",
        "look-hand": "Action: an opponent's hand",
        "swap-card": "Action: discard 1, draw 1",
        "look-action-deck": f"Action: next {a.amount} Action cards",
        "bonus": f"Bonus: {title(a.bonus_type)}",
        "foe-immunity": "immune to Foe",
        "hand-size": f"hand limit {a.amount:+d}",
        "opponent-hand-size": f"opponents' hand limit {a.amount:+d}",
        "also": f"also {title(a.also)}",
    }[a.ability]
    return f"{title(a.type)} artifact · {ability}"
