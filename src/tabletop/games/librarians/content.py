"""The Librarians: Adventure Card Game content: heroes, the 124 player cards (16 Disciplines of 7
and 6 unlockables of 2), the Aid from the Library cards, the Focus and Power set, the dice, the
four adventures and the Season One checklist, read from `content/*.toml` and validated at load
time. A bad file is an error naming the file, the record and the field.

Every record says where it comes from (`source = "rulebook"` or `"authored"`); a record some of
whose fields come from the other source marks them `<field>_source`. Behaviour is named by
handler ids with typed parameters: `EFFECTS` is the complete list the rules engine implements,
so a typo or a wrong parameter is a load error. `check_deck` applies the deck construction rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.engine.content import ContentError, read_toml
from tabletop.engine.patch import per_patch
from tabletop.games.librarians.decks import (
    DeckError,
    check_deck,
)
from tabletop.games.librarians.parse import (
    _number,
    parse_adventure,
    parse_aid,
    parse_campaign,
    parse_cards,
    parse_dice,
    parse_disciplines,
    parse_heroes,
)
from tabletop.games.librarians.records import (
    ATTRIBUTES,
    DIFFICULTIES,
    EFFECTS,
    Ability,
    AdventureCard,
    Content,
    Hero,
    Mission,
    PlayerCard,
    Step,
)

ADVENTURE_FILES = tuple(f"adventures/c{i}.toml" for i in range(1, 5))
FILES = ("heroes.toml", "cards.toml", "aid.toml", "dice.toml", "campaign.toml", *ADVENTURE_FILES)
_SAME_CARD: tuple[str, ...] = (
    "type",
    "unique",
    "traits",
    "keywords",
    "challenge",
    "life",
    "damage",
    "progress",
)
_SAME_CARD += ("fate", "abilities", "text")


def build(files: dict[str, dict[str, Any]]) -> Content:
    """Validate parsed TOML documents (by file name, as in `FILES`) into `Content`."""
    heroes = parse_heroes(files["heroes.toml"])
    disciplines = parse_disciplines(files["cards.toml"])
    cards = parse_cards(files["cards.toml"], disciplines)
    aid, effect_cards, focus_power = parse_aid(files["aid.toml"])
    dice = parse_dice(files["dice.toml"])
    unlocks = parse_campaign(files["campaign.toml"])
    adventures = tuple(parse_adventure(files[f], f) for f in ADVENTURE_FILES)

    by_disc = {d.name: d for d in disciplines}
    for h in heroes:
        where = f"heroes.toml: hero {h.name!r}"
        d = by_disc.get(h.discipline)
        if d is None or d.kind != "heroic" or d.hero != h.name:
            raise ContentError(
                f"{where}: field 'discipline' must be its Heroic Discipline, not {h.discipline!r}"
            )
        if h.number != _number(d.first - 1):
            raise ContentError(
                f"{where}: field 'number' must be {_number(d.first - 1)}, "
                "the number before its Discipline's first card"
            )
        for name in h.suggested:
            if name not in by_disc:
                raise ContentError(f"{where}: field 'suggested' names no Discipline: {name!r}")
    hero_names = {h.name for h in heroes}
    for d in disciplines:
        if d.kind == "heroic" and d.hero not in hero_names:
            raise ContentError(
                f"cards.toml: discipline {d.name!r}: field 'hero' names no hero: {d.hero!r}"
            )
    numbers = [h.number for h in heroes] + [n for c in cards for n in c.numbers]
    if sorted(numbers) != [_number(n) for n in range(1, len(numbers) + 1)]:
        dup = [n for n, k in Counter(numbers).items() if k > 1]
        raise ContentError(
            f"cards.toml: collector numbers must run C-001 to C-{len(numbers):03d} once each "
            f"(repeated: {dup})"
        )

    codes = [a.code for a in adventures]
    if codes != [f"C-{i}" for i in range(1, len(adventures) + 1)] or [
        a.order for a in adventures
    ] != list(range(1, len(adventures) + 1)):
        raise ContentError(
            f"adventures: codes and order must run C-1 to C-{len(adventures)}, not {codes}"
        )
    seen: dict[str, tuple[str, AdventureCard]] = {}
    for file, a in zip(ADVENTURE_FILES, adventures, strict=True):
        for card in a.cards:
            if card.name not in seen:
                seen[card.name] = (a.code, card)
                continue
            other_code, other = seen[card.name]
            for key in _SAME_CARD:
                if getattr(card, key) != getattr(other, key):
                    raise ContentError(
                        f"{file}: card {card.name!r}: field {key!r} differs from the same card "
                        f"in {other_code}"
                    )

    unlockable = {c.name for c in cards if c.unlockable}
    by_code = {a.code: a for a in adventures}
    listed = set()
    for u in unlocks:
        where = f"campaign.toml: unlock {u.card!r}"
        if u.card not in unlockable:
            raise ContentError(f"{where}: field 'card' names no unlockable card")
        if u.adventure not in by_code:
            raise ContentError(f"{where}: field 'adventure' names no adventure: {u.adventure!r}")
        listed.add((u.adventure, u.path, u.card))
    missing = unlockable - {u.card for u in unlocks}
    if missing:
        raise ContentError(f"campaign.toml: no adventure unlocks {sorted(missing)[0]!r}")
    won = {
        (a.code, m.path, card)
        for a in adventures
        for m in a.missions
        if m.win
        for card in m.unlocks
    }
    for entry in sorted(won ^ listed):
        where = "campaign.toml" if entry in listed else f"adventure {entry[0]}"
        raise ContentError(
            f"{where}: unlock of {entry[2]!r} (path {entry[1]!r}) must be both on the "
            "checklist and on a winning Mission"
        )

    content = Content(
        heroes, disciplines, cards, aid, effect_cards, focus_power, dice, adventures, unlocks
    )
    for h in heroes:
        try:
            check_deck(h.name, content.suggested_deck(h.name), content=content)
        except DeckError as e:
            raise ContentError(f"heroes.toml: hero {h.name!r}: field 'suggested': {e}") from None
    return content


def _read(name: str) -> dict[str, Any]:
    return read_toml("tabletop.games.librarians", name)


def _read_all() -> dict[str, dict[str, Any]]:
    return {name: _read(name) for name in FILES}


# The content, shipped (`load()`) or under a patch (`load(patch)`): built once per patch.
load = per_patch("librarians", _read_all, build)


# What other modules read from here (the records, parsers and deck rules live beside it).
__all__ = [
    "ADVENTURE_FILES",
    "ATTRIBUTES",
    "DIFFICULTIES",
    "EFFECTS",
    "FILES",
    "Ability",
    "AdventureCard",
    "Content",
    "DeckError",
    "Hero",
    "Mission",
    "PlayerCard",
    "Step",
    "_read",
    "build",
    "check_deck",
    "load",
]
