"""The Guardians: Explore content declared once: Guardian cards, monsters, locations, bosses,
Secret Quests and the preconstructed decks as frozen dataclasses whose field types say what a
content file may give (validated by `tabletop.engine.declared`: a bad field is an error naming
the file, the record and the field), the handler ids `rules.py` implements, and the parsers
`content.py` builds the game's `Content` with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.declared import (
    Count,
    Field,
    OneOf,
    Source,
    declared,
    record,
    records,
    validate,
)

CARD_TYPES = ("generic", "skill", "item", "familiar", "coward")
CLASSES = ("knight", "wizard", "archer", "rogue")
FAMILIES_OF_FAMILIARS = ("bug", "plant", "wolf", "tiger")
MONSTER_FAMILIES = ("zombie", "orc", "robot", "warlock", "spider")
BOSS_FAMILIES = (*MONSTER_FAMILIES, "fiend")
COLOURS = ("blue", "yellow", "red")
BOSS_COLOURS = ("blue", "red")
PLAYER_COLOURS = ("red", "black", "green", "blue", "yellow")

# Handler ids rules.py implements.
CARD_EFFECTS = (
    "",
    "arcane-knowledge",
    "aimed-shot",
    "look-two",
    "borrow",
    "shield",
    "backpack",
    "caterpillar",
    "butterfly",
    "sapling",
    "wolf-pup",
    "dire-wolf",
    "mystic-ball",
    "sticker",
    "ancient-hilt",
    "world-spirit",
    "immortal-elk",
    "elf",
)
END_EFFECTS = (
    "",
    "rogue-1",
    "rogue-3",
    "axe",
    "bow",
    "dagger",
    "elder-oak",
    "mystic-ball",
    "world-spirit",
    "pixie",
)
BATTLE_EFFECTS = (
    "",
    "mastering-slash",
    "fireball",
    "falling-star",
    "wand",
    "aimed-shot",
    "marbles",
    "potion",
    "super-potion",
)
BATTLE_BONUSES = ("", "cleave", "shot", "point-blank-shot", "sabertooth")
LOCATION_EFFECTS = (
    "home",
    "candy-shop",
    "zoo",
    "hill",
    "game-store",
    "garage",
    "school",
    "field",
    "playground",
    "museum",
)
REVEALS = ("patient-zero", "kiara", "araknesh", "purify", "kevin", "zarkoth")
QUEST_CHECKS = (
    "most-generics",
    "most-family",
    "every-family",
    "second-wave",
    "skill-class",
    "trophy-family",
    "familiar-sets",
    "dual-weapon",
)
TRACK_SPACES = ("setup", "warm-up", "round", "blue-boss", "third-wave", "red-boss", "end")


Zero = Annotated[Count, Field(default=0)]
No = Annotated[bool, Field(default=False)]
AtLeastOne = Annotated[int, Field(ge=1)]


@declared
@dataclass(frozen=True, slots=True)
class GuardianCard:
    name: str
    slug: str
    type: Annotated[str, OneOf(CARD_TYPES)]
    super: No
    group: Annotated[str, Field(default="")]  # class of a skill or family of a familiar, or ""
    energy: Zero
    attack: Zero
    draw: Zero
    counters: Zero
    req: Zero
    copies: AtLeastOne
    effect: Annotated[str, OneOf(CARD_EFFECTS), Field(default="")]
    end_fx: Annotated[str, OneOf(END_EFFECTS), Field(default="")]
    battle_fx: Annotated[str, OneOf(BATTLE_EFFECTS), Field(default="")]
    battle_bonus: Annotated[str, OneOf(BATTLE_BONUSES), Field(default="")]
    weapon: No
    consumable: No
    points: Annotated[int, Field(default=0)]
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class Monster:
    name: str
    slug: str
    family: Annotated[str, OneOf(MONSTER_FAMILIES)]
    tier: Annotated[int, OneOf((1, 2, 3))]
    attack: AtLeastOne
    points: Count
    waves: tuple[Count, Count, Count]
    source: Source

    @property
    def overrun(self) -> bool:
        """Warlocks and Spiders carry the Overrun ability."""
        return self.family in ("warlock", "spider")


@declared
@dataclass(frozen=True, slots=True)
class Location:
    name: str
    slug: str
    number: int
    symbols: Count
    base: No
    flipped_symbols: Zero
    effect: Annotated[str, OneOf(LOCATION_EFFECTS)]
    colour: Annotated[str, OneOf(COLOURS)]
    row: Count
    col: Count
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class Boss:
    name: str
    slug: str
    colour: Annotated[str, OneOf(BOSS_COLOURS)]
    family: Annotated[str, OneOf(BOSS_FAMILIES)]
    per_player: AtLeastOne
    reveal: Annotated[str, OneOf(REVEALS)]
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class Quest:
    name: str
    slug: str
    check: Annotated[str, OneOf(QUEST_CHECKS)]
    points: Count
    family: Annotated[str, Field(default="")]
    amount: Zero
    solo_min: Zero
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class Precon:
    colour: Annotated[str, OneOf(PLAYER_COLOURS)]
    super: str
    cards: tuple[str, ...]


# -- parsers ------------------------------------------------------------------------------------


def _card(c: GuardianCard) -> str | None:
    allowed = {"skill": CLASSES, "familiar": ("", *FAMILIES_OF_FAMILIARS)}.get(c.type, ("",))
    if c.group not in allowed:
        if allowed == ("",):
            return "field 'group' is only for skills and familiars"
        return f"field 'group' is {c.group!r}; allowed: {', '.join(map(repr, allowed))}"
    return None


def parse_cards(data: dict[str, Any], file: str = "cards.toml") -> tuple[GuardianCard, ...]:
    return tuple(
        record(GuardianCard, rec, where, _card, loose=True, slug=slugify(name))
        for where, name, rec in records(data, file, "card")
    )


def parse_monsters(data: dict[str, Any], file: str = "monsters.toml") -> tuple[Monster, ...]:
    return tuple(
        record(Monster, rec, where, loose=True, slug=slugify(name))
        for where, name, rec in records(data, file, "monster")
    )


def parse_locations(data: dict[str, Any], file: str = "locations.toml") -> tuple[Location, ...]:
    out = [
        record(Location, rec, where, loose=True, slug=slugify(name))
        for where, name, rec in records(data, file, "location")
    ]
    numbers = [loc.number for loc in out]
    if sorted(numbers) != list(range(1, len(out) + 1)):
        raise ContentError(f"{file}: location numbers must run 1..{len(out)}, not {numbers}")
    if sum(loc.base for loc in out) != 1:
        raise ContentError(f"{file}: exactly one location must be the base location")
    if len({(loc.row, loc.col) for loc in out}) != len(out):
        raise ContentError(f"{file}: two locations share a row and column")
    return tuple(sorted(out, key=lambda loc: loc.number))


def parse_bosses(data: dict[str, Any], file: str = "bosses.toml") -> tuple[Boss, ...]:
    return tuple(
        record(Boss, rec, where, loose=True, slug=slugify(name))
        for where, name, rec in records(data, file, "boss")
    )


def _quest(rec: dict[str, Any]) -> Any:
    def check(q: Quest) -> str | None:
        if q.check == "most-family" and q.family not in MONSTER_FAMILIES:
            shown = ", ".join(map(repr, MONSTER_FAMILIES))
            return f"field 'family' is {q.family!r}; allowed: {shown}"
        if q.check in ("most-family", "most-generics") and "solo_min" not in rec:
            return "missing field 'solo_min'"
        return None

    return check


def parse_quests(data: dict[str, Any], file: str = "quests.toml") -> tuple[Quest, ...]:
    return tuple(
        record(Quest, rec, where, _quest(rec), loose=True, slug=slugify(name))
        for where, name, rec in records(data, file, "quest")
    )


_NUMBER_KEYS = (
    "hand_size",
    "draft_pack",
    "solo_draft",
    "solo_keep",
    "explore_per_player",
    "swings_per_player",
    "quests_dealt",
    "supers_dealt",
    "boss_quests",
    "boss_supers",
    "damage_counters",
    "backpack_extra",
    "red_boss_retreats",
    "max_monsters_per_location",
)


def _table(file: str, data: dict[str, Any], key: str) -> dict[str, Any]:
    """A `[key]` table of game.toml, its `source` and `<name>_source` keys checked and left out."""
    if not isinstance(data.get(key), dict):
        raise ContentError(f"{file}: missing field {key!r}")
    where = f"{file}: [{key}]"
    out = {}
    for k, v in data[key].items():
        if k == "source" or k.endswith("_source"):
            validate(Source, v, where, k)
        else:
            out[k] = v
    if "source" not in data[key]:
        raise ContentError(f"{where}: missing field 'source'")
    return out


Numbers = Mapping[Annotated[str, OneOf(_NUMBER_KEYS)], Count]
Track = tuple[Annotated[str, OneOf(TRACK_SPACES)], ...]
Tracks = Mapping[Annotated[str, OneOf(("guardian", "apprentice"))], Track]


def parse_game(
    data: dict[str, Any], card_names: set[str], file: str = "game.toml"
) -> tuple[dict[str, int], dict[str, tuple[str, ...]], tuple[Precon, ...]]:
    where = f"{file}: [numbers]"
    given = validate(Numbers, _table(file, data, "numbers"), where)
    for k in _NUMBER_KEYS:
        if k not in given:
            raise ContentError(f"{where}: missing field {k!r}")
    numbers = {k: given[k] for k in _NUMBER_KEYS}
    where = f"{file}: [timekeeper]"
    raw_tracks = validate(Tracks, _table(file, data, "timekeeper"), where)
    tracks: dict[str, tuple[str, ...]] = {}
    for mode in ("guardian", "apprentice"):
        if mode not in raw_tracks:
            raise ContentError(f"{where}: missing field {mode!r}")
        track = raw_tracks[mode]
        if track[:2] != ("setup", "warm-up") or track[-1:] != ("end",):
            raise ContentError(f"{where}: track {mode!r} must run setup, warm-up, ..., end")
        tracks[mode] = track
    if "red-boss" in tracks["apprentice"]:
        raise ContentError(f"{where}: the Apprentice game has no Red Boss")
    precons = []
    for where, _, rec in records(data, file, "precon", key="colour"):
        p = record(Precon, rec, where, loose=True)
        for name in [p.super, *p.cards]:
            if name not in card_names:
                raise ContentError(f"{where}: no Guardian card is named {name!r}")
        precons.append(p)
    if [p.colour for p in precons] != list(PLAYER_COLOURS):
        raise ContentError(f"{file}: one precon deck per colour, in the order {PLAYER_COLOURS}")
    return numbers, tracks, tuple(precons)
