"""The Librarians: copies of one adventure card told apart (librarians.interpret.same-name).

Copies of one card may differ in state (tokens, ready or exhausted, where they are, what is
attached to them), and which one an effect takes then matters: the rulebook's Resolving Ties
leaves the choice to the players. So where a choice takes one of several cards (Assign Enemy,
Overcome, "exhaust an enemy", an ability's aim, an adventure card's Action), the copies of a
name are grouped by state: copies alike share one option, the name's own (`assign:relic-looter`,
as where there is one copy); copies that differ get an option each, by the copy's number in this
game (`assign:relic-looter:2`), labelled with its state ("Assign Relic Looter #2 (2 damage,
exhausted) to yourself"). The number is fixed for the game (`Table.copies`), the view shows it
on the card (`copy`), so a person and the browser page find the copy a label names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.engine.decision import Option
from tabletop.games.librarians.rules import AREA, FIRST_SEAT, SEAT_ZONES, LibrariansState, who


def state_of(s: LibrariansState, card: int) -> tuple[Any, ...]:
    """What tells a copy apart from another: where it is, its tokens, ready or exhausted, the
    cards attached to it."""
    on = tuple(sorted(s.name(a) for a, host in s.attached.items() if host == card))
    return (s.where(card), s.damage.get(card, 0), s.progress.get(card, 0), card in s.exhausted, on)


def distinct(s: LibrariansState, cards: Iterable[int]) -> list[tuple[int, int]]:
    """(card, number) of each choice among `cards`, names in order of first appearance: a
    name whose cards are all alike is one choice, number 0 (its lowest card stands for all);
    otherwise each state is a choice, its lowest copy with that copy's number."""
    by_name: dict[str, dict[tuple[Any, ...], int]] = {}
    for card in cards:
        states = by_name.setdefault(s.name(card), {})
        key = state_of(s, card)
        if key not in states or card < states[key]:  # copy numbers follow card ids
            states[key] = card
    out = []
    copies = s.t.copies
    for states in by_name.values():
        if len(states) == 1:
            out.append((min(states.values()), 0))
        else:
            out += [(c, copies[c]) for c in sorted(states.values())]
    return out


def describe(s: LibrariansState, card: int, places: bool = False) -> str:
    """A copy's state in words: "2 damage, exhausted" (with `places`, where it is too)."""
    rec = s.record(card)
    parts = []
    if getattr(rec, "type", "") == "enemy":
        n = s.damage.get(card, 0)
        parts.append(f"{n} damage" if n else "no damage")
    else:
        n = s.progress.get(card, 0)
        parts.append(f"{n} progress" if n else "no progress")
    parts.append("exhausted" if card in s.exhausted else "ready")
    parts += [f"with {s.name(a)}" for a, host in sorted(s.attached.items()) if host == card]
    if places:
        zi = s.where(card)
        seat, kind = divmod(zi - FIRST_SEAT, len(SEAT_ZONES))
        parts.append(f"{who(seat)}'s" if zi >= FIRST_SEAT and kind == AREA else "unassigned")
    return ", ".join(parts)


def option(
    s: LibrariansState,
    table: Mapping[Any, Option],
    key: Any,
    card: int,
    number: int,
    places: bool = False,
) -> Option:
    """The option for a choice of `distinct`: `table[key]` (key a name, or with an actor) for
    number 0, else `table[(*key, number)]` labelled with the copy's state."""
    if not number:
        return table[key]
    o = table[(*key, number) if isinstance(key, tuple) else (key, number)]
    tag = f"{s.name(card)} #{number}"
    label = o.label.replace(tag, f"{tag} ({describe(s, card, places)})", 1)
    return Option(o.id, label, o.action, o.arg)


def card_of(s: LibrariansState, name: str, number: int) -> int:
    """The card with this copy number."""
    return s.t.by_copy[(name, number)]
