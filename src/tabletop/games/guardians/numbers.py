"""The numbers the Guardians rules read from the content, per content: built once for the
shipped content and once per content patch, and reached through the state (`state.c`), so games
on different content share a process without touching each other.

A patch may change the numbers of the content: a Guardian card's energy, attack, draw, damage
counters, energy requirement and points; a monster's attack and points; a boss's attack per
player; a Secret Quest's points, amount and solo minimum; the game numbers (hand size, draft
sizes, cards dealt, damage counters...) and the Timekeeper tracks and precon decks. It may not
change which cards there are or how many (names, copies, waves, types, effects), the locations,
nor `max_monsters_per_location`: those fix the card ids, the zones and the action space
(`check_same_structure` refuses them by name)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.engine.patch import ByDigest, Patch, PatchError
from tabletop.games.guardians.content import Content, GuardianCard, Precon, Quest, load
from tabletop.games.guardians.tables import MKIND

# Per record type, the fields a patch may change (the rest fix the game's structure).
NUMERIC: dict[str, tuple[str, ...]] = {
    "cards": ("energy", "attack", "draw", "counters", "req", "points", "source"),
    "monsters": ("attack", "points", "source"),
    "locations": ("source",),
    "bosses": ("per_player", "source"),
    "quests": ("points", "amount", "solo_min", "source"),
}
FIXED_NUMBERS = ("max_monsters_per_location",)


@dataclass(frozen=True, slots=True)
class Numbers:
    kinds: tuple[GuardianCard, ...]  # by kind
    req: tuple[int, ...]  # by kind: energy required to play
    mon_attack: tuple[int, ...]  # by monster card - M0
    mon_points: tuple[int, ...]  # by monster card - M0
    boss_level: tuple[int, ...]  # by boss card - B0: attack per player
    quests: tuple[Quest, ...]
    num: dict[str, int]
    hand_size: int
    counters: int  # damage counters in the game
    tracks: dict[str, tuple[str, ...]]
    precons: tuple[Precon, ...]


def build(c: Content) -> Numbers:
    return Numbers(
        kinds=c.cards,
        req=tuple(k.req for k in c.cards),
        mon_attack=tuple(c.monsters[k].attack for k in MKIND),
        mon_points=tuple(c.monsters[k].points for k in MKIND),
        boss_level=tuple(b.per_player for b in c.bosses),
        quests=c.quests,
        num=c.numbers,
        hand_size=c.numbers["hand_size"],
        counters=c.numbers["damage_counters"],
        tracks=c.tracks,
        precons=c.precons,
    )


SHIPPED = build(load())


def check_same_structure(shipped: Content, patched: Content, source: str) -> None:
    """Refuse a patch that changes more than the numbers (see the module's docstring)."""
    for what, allowed in NUMERIC.items():
        old, new = getattr(shipped, what), getattr(patched, what)
        if [r.slug for r in old] != [r.slug for r in new]:
            gone = sorted({r.slug for r in old} - {r.slug for r in new})
            added = sorted({r.slug for r in new} - {r.slug for r in old})
            raise PatchError(
                f"{source}: {what}.toml: the Guardians play a patch that changes numbers, not "
                f"which records there are (added: {', '.join(added) or 'none'}; removed or "
                f"renamed: {', '.join(gone) or 'none'})"
            )
        for a, b in zip(old, new, strict=True):
            for f in fields(a):
                if f.name not in allowed and getattr(a, f.name) != getattr(b, f.name):
                    can = ", ".join(x for x in allowed if x != "source") or "none"
                    raise PatchError(
                        f"{source}: {what}.toml: record {a.name!r}: field {f.name!r} fixes the "
                        f"game's cards, zones or options and cannot be patched; the fields a "
                        f"patch may change here: {can}"
                    )
    for key in FIXED_NUMBERS:
        if shipped.numbers[key] != patched.numbers[key]:
            raise PatchError(
                f"{source}: game.toml: numbers: field {key!r} fixes the action space and "
                "cannot be patched"
            )


def _derive(patch: Patch) -> Numbers:
    content = load(patch)
    check_same_structure(load(), content, patch.source)
    return build(content)


# The numbers of the shipped content (None) or of the content under a patch.
numbers: ByDigest[Numbers] = ByDigest(SHIPPED, _derive)
