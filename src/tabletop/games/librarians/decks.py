"""The Librarians deck construction rules: `check_deck` names the rule a bad deck breaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tabletop.games.librarians import content as _content  # (loaded first: read at call time)
from tabletop.games.librarians.records import (
    Content,
)

# -- deck construction --------------------------------------------------------------------------

MAX_DECK = 30
MAX_UNLOCKED = 2
UNIVERSAL_PER_DECK = 3


class DeckError(ValueError):
    """A player deck that breaks a deck construction rule; `rule` is that rule's id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule


def check_deck(
    hero: str,
    cards: Iterable[str],
    unlocked: Iterable[str] = (),
    *,
    content: Content | None = None,
) -> None:
    """Raise `DeckError` naming the rule `cards` (one name per copy) breaks as `hero`'s deck.

    The rules: at most 30 cards; the hero's Heroic Discipline and no other hero's; three
    different Universal Disciplines; Disciplines whole and each at most once; up to two cards
    from `unlocked` (the campaign's unlocked card names) and no unlockable card that is not.
    """
    c = content if content is not None else _content.load()
    deck = list(cards)
    heroes = {h.name: h for h in c.heroes}
    if hero not in heroes:
        raise DeckError("librarians.deck.hero", f"no hero is named {hero!r}")
    if len(deck) > MAX_DECK:
        raise DeckError(
            "librarians.deck.size",
            f"a deck holds at most {MAX_DECK} cards (28 from Disciplines and 2 unlocked), "
            f"this one has {len(deck)}",
        )
    by_name = {card.name: card for card in c.cards}
    for name in deck:
        if name not in by_name:
            raise DeckError("librarians.deck.card", f"no player card is named {name!r}")
    counts = Counter(deck)
    free = set(unlocked)
    extra = [n for n in deck if by_name[n].unlockable]
    for name in sorted(set(extra)):
        if name not in free:
            raise DeckError(
                "librarians.deck.locked",
                f"{name!r} is an unlockable card that this campaign has not unlocked",
            )
        if counts[name] > by_name[name].copies:
            raise DeckError(
                "librarians.deck.locked",
                f"{name!r} has {by_name[name].copies} copies, the deck asks for {counts[name]}",
            )
    if len(extra) > MAX_UNLOCKED:
        raise DeckError(
            "librarians.deck.unlocked",
            f"a deck may add at most {MAX_UNLOCKED} unlocked cards, this one adds {len(extra)}",
        )
    own = heroes[hero].discipline
    taken = sorted({by_name[n].discipline for n in deck if not by_name[n].unlockable})
    disciplines = {d.name: d for d in c.disciplines}
    for name in taken:
        d = disciplines[name]
        if d.kind == "heroic" and d.hero != hero:
            raise DeckError(
                "librarians.deck.heroic-other",
                f"the Heroic Discipline {name!r} can only be used by {d.hero}, not {hero}",
            )
    if own not in taken:
        raise DeckError(
            "librarians.deck.heroic",
            f"a deck for {hero} must contain the Heroic Discipline {own!r}",
        )
    for name in taken:
        members = [card for card in c.cards if card.discipline == name]
        ratios = {counts[card.name] / card.copies for card in members}
        if len(ratios) == 1 and ratios != {1.0} and min(ratios) >= 2 and min(ratios).is_integer():
            raise DeckError(
                "librarians.deck.once",
                f"no Discipline may be taken more than once; {name!r} is taken "
                f"{int(min(ratios))} times",
            )
        if ratios != {1.0}:
            wrong = ", ".join(
                f"{card.name} {counts[card.name]} of {card.copies}"
                for card in members
                if counts[card.name] != card.copies
            )
            raise DeckError(
                "librarians.deck.whole",
                f"the Discipline {name!r} must be taken whole (7 cards): {wrong}",
            )
    universal = [n for n in taken if disciplines[n].kind == "universal"]
    if len(universal) != UNIVERSAL_PER_DECK:
        shown = ", ".join(universal) or "none"
        raise DeckError(
            "librarians.deck.universal",
            f"a deck needs {UNIVERSAL_PER_DECK} different Universal Disciplines, "
            f"this one has {len(universal)} ({shown})",
        )


# -- loading ------------------------------------------------------------------------------------
