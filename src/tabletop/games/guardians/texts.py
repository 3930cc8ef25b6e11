"""The Guardians: words for the options and questions that depend on the card at hand (issue
22): a card's numbers on a draft pick, trophy points on a battle, the cause of a forced
discard. Plain names only: never a card id or a rule id."""

from __future__ import annotations

from tabletop.games.guardians.content import GuardianCard
from tabletop.games.guardians.tables import BOSSES, KINDS, LOCS, MONSTERS


def stats(c: GuardianCard) -> str:
    """'needs 2 energy: +3 attack, +1 card' — what playing the card takes and gives."""
    gives = []
    if c.energy:
        gives.append(f"+{c.energy} energy")
    if c.attack:
        gives.append(f"+{c.attack} attack")
    if c.draw:
        gives.append(f"+{c.draw} card{'s' if c.draw > 1 else ''}")
    if c.counters:
        gives.append(f"+{c.counters} damage counter{'s' if c.counters > 1 else ''}")
    if c.points:
        gives.append(f"{c.points} trophy point{'s' if c.points > 1 else ''}")
    head = f"needs {c.req} energy" if c.req else "needs no energy"
    return f"{head}: {', '.join(gives)}" if gives else head


def _causes() -> dict[str, str]:
    """What makes a player discard or trash, by the rule id the step applies for."""
    out = {
        "guardians.overrun.warlock": "Warlocks overrun",
        "guardians.overrun.spider": "Spiders overrun",
        "guardians.cleanup.draw": "Clean Up",
    }
    for c in KINDS:
        out[f"guardians.card.{c.slug}"] = c.name
    for loc in LOCS:
        out[f"guardians.location.{loc.slug}"] = f"Visiting {loc.name}"
    for b in BOSSES:
        out[f"guardians.boss.{b.reveal}"] = f"{b.name} is revealed"
    return out


CAUSE = _causes()
POINTS = {m.name: m.points for m in MONSTERS}


def because(why: str, text: str) -> str:
    """`text` led by what asks it: 'Warlocks overrun: discard a card from your hand'."""
    cause = CAUSE.get(why)
    return f"{cause}: {text}" if cause else text


SPACES = {
    "setup": "set-up",
    "warm-up": "the Warm Up",
    "round": "the next round",
    "blue-boss": "the Blue Boss",
    "third-wave": "the Third Wave",
    "red-boss": "the Red Boss",
    "end": "the end of the game",
}


def space(name: str) -> str:
    """A Timekeeper space in words: 'the Blue Boss'."""
    return SPACES.get(name, name.replace("-", " "))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
