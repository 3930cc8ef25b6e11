"""The Guardians: Explore content: Guardian cards, monsters, locations, bosses, Secret Quests
and game numbers, read from `content/*.toml` and validated at load time. A bad file is an
error naming the file, the record and the field.

Every record says where it comes from (`source = "rulebook"` or `"authored"`); a record whose
facts are printed but some of whose numbers are not carries `<field>_source = "authored"` for
those (energy requirements, copy counts, trophy points...). Behaviour is named by handler ids
that `rules.py` implements; the sets below are those ids, so a typo is a load error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.content import (
    SOURCES,
    ContentError,
    need,
    one_of,
    optional,
    read_toml,
    slugify,
    typed,
)
from tabletop.engine.content import known as _known
from tabletop.engine.content import nonneg as _nonneg
from tabletop.engine.patch import per_patch

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


@dataclass(frozen=True, slots=True)
class GuardianCard:
    name: str
    slug: str
    type: str
    super: bool
    group: str  # class of a skill or family of a familiar, "" for none
    energy: int
    attack: int
    draw: int
    counters: int
    req: int
    copies: int
    effect: str
    end_fx: str
    battle_fx: str
    battle_bonus: str
    weapon: bool
    consumable: bool
    points: int
    source: str


@dataclass(frozen=True, slots=True)
class Monster:
    name: str
    slug: str
    family: str
    tier: int
    attack: int
    points: int
    waves: tuple[int, int, int]
    source: str

    @property
    def overrun(self) -> bool:
        """Warlocks and Spiders carry the Overrun ability."""
        return self.family in ("warlock", "spider")


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    slug: str
    number: int
    symbols: int
    base: bool
    flipped_symbols: int
    effect: str
    colour: str
    row: int
    col: int
    source: str


@dataclass(frozen=True, slots=True)
class Boss:
    name: str
    slug: str
    colour: str
    family: str
    per_player: int
    reveal: str
    source: str


@dataclass(frozen=True, slots=True)
class Quest:
    name: str
    slug: str
    check: str
    points: int
    family: str
    amount: int
    solo_min: int
    source: str


@dataclass(frozen=True, slots=True)
class Precon:
    colour: str
    super: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Content:
    cards: tuple[GuardianCard, ...]
    monsters: tuple[Monster, ...]
    locations: tuple[Location, ...]
    bosses: tuple[Boss, ...]
    quests: tuple[Quest, ...]
    numbers: dict[str, int]
    tracks: dict[str, tuple[str, ...]]
    precons: tuple[Precon, ...]


# -- field readers ------------------------------------------------------------------------------


def _sources(where: str, rec: dict[str, Any]) -> str:
    """The record's `source`, after checking it and every `<field>_source` it carries."""
    for key, val in rec.items():
        if key == "source" or key.endswith("_source"):
            one_of(where, key, typed(where, key, val, str), SOURCES)
    return str(need(where, rec, "source", str))


# -- parsers ------------------------------------------------------------------------------------

_CARD_FIELDS = {
    "name",
    "type",
    "super",
    "group",
    "energy",
    "attack",
    "draw",
    "counters",
    "req",
    "copies",
    "effect",
    "end_fx",
    "battle_fx",
    "battle_bonus",
    "weapon",
    "consumable",
    "points",
    "source",
}


def parse_cards(data: dict[str, Any], file: str = "cards.toml") -> tuple[GuardianCard, ...]:
    out = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i}", rec, "name", str)
        where = f"{file}: card {name!r}"
        _known(where, rec, _CARD_FIELDS)
        typ = one_of(where, "type", need(where, rec, "type", str), CARD_TYPES)
        group = optional(where, rec, "group", str, "")
        if typ == "skill":
            one_of(where, "group", group, CLASSES)
        elif typ == "familiar" and group:
            one_of(where, "group", group, FAMILIES_OF_FAMILIARS)
        elif typ != "familiar" and group:
            raise ContentError(f"{where}: field 'group' is only for skills and familiars")
        ints = {
            k: _nonneg(where, k, optional(where, rec, k, int, 0))
            for k in ("energy", "attack", "draw", "counters", "req")
        }
        copies = need(where, rec, "copies", int)
        if copies < 1:
            raise ContentError(f"{where}: field 'copies' must be at least 1, not {copies}")
        out.append(
            GuardianCard(
                name=name,
                slug=slugify(name),
                type=typ,
                super=optional(where, rec, "super", bool, False),
                group=group,
                copies=copies,
                effect=one_of(
                    where, "effect", optional(where, rec, "effect", str, ""), CARD_EFFECTS
                ),
                end_fx=one_of(
                    where, "end_fx", optional(where, rec, "end_fx", str, ""), END_EFFECTS
                ),
                battle_fx=one_of(
                    where, "battle_fx", optional(where, rec, "battle_fx", str, ""), BATTLE_EFFECTS
                ),
                battle_bonus=one_of(
                    where,
                    "battle_bonus",
                    optional(where, rec, "battle_bonus", str, ""),
                    BATTLE_BONUSES,
                ),
                weapon=optional(where, rec, "weapon", bool, False),
                consumable=optional(where, rec, "consumable", bool, False),
                points=optional(where, rec, "points", int, 0),
                source=_sources(where, rec),
                **ints,
            )
        )
    return tuple(out)


def parse_monsters(data: dict[str, Any], file: str = "monsters.toml") -> tuple[Monster, ...]:
    out = []
    for i, rec in enumerate(data.get("monster", [])):
        name = need(f"{file}: monster {i}", rec, "name", str)
        where = f"{file}: monster {name!r}"
        _known(where, rec, {"name", "family", "tier", "attack", "points", "waves", "source"})
        fam = one_of(where, "family", need(where, rec, "family", str), MONSTER_FAMILIES)
        tier = need(where, rec, "tier", int)
        if tier not in (1, 2, 3):
            raise ContentError(f"{where}: field 'tier' must be 1, 2 or 3, not {tier}")
        waves = need(where, rec, "waves", list)
        if len(waves) != 3 or not all(isinstance(w, int) and w >= 0 for w in waves):
            raise ContentError(f"{where}: field 'waves' must be three copy counts, not {waves!r}")
        attack = need(where, rec, "attack", int)
        if attack < 1:
            raise ContentError(f"{where}: field 'attack' must be at least 1, not {attack}")
        out.append(
            Monster(
                name,
                slugify(name),
                fam,
                tier,
                attack,
                _nonneg(where, "points", need(where, rec, "points", int)),
                (waves[0], waves[1], waves[2]),
                _sources(where, rec),
            )
        )
    return tuple(out)


def parse_locations(data: dict[str, Any], file: str = "locations.toml") -> tuple[Location, ...]:
    out = []
    fields = {"name", "number", "symbols", "base", "flipped_symbols", "effect", "colour"}
    fields |= {"row", "col", "source"}
    for i, rec in enumerate(data.get("location", [])):
        name = need(f"{file}: location {i}", rec, "name", str)
        where = f"{file}: location {name!r}"
        _known(where, rec, fields)
        out.append(
            Location(
                name,
                slugify(name),
                need(where, rec, "number", int),
                _nonneg(where, "symbols", need(where, rec, "symbols", int)),
                optional(where, rec, "base", bool, False),
                _nonneg(where, "flipped_symbols", optional(where, rec, "flipped_symbols", int, 0)),
                one_of(where, "effect", need(where, rec, "effect", str), LOCATION_EFFECTS),
                one_of(where, "colour", need(where, rec, "colour", str), COLOURS),
                _nonneg(where, "row", need(where, rec, "row", int)),
                _nonneg(where, "col", need(where, rec, "col", int)),
                _sources(where, rec),
            )
        )
    numbers = [loc.number for loc in out]
    if sorted(numbers) != list(range(1, len(out) + 1)):
        raise ContentError(f"{file}: location numbers must run 1..{len(out)}, not {numbers}")
    if sum(loc.base for loc in out) != 1:
        raise ContentError(f"{file}: exactly one location must be the base location")
    if len({(loc.row, loc.col) for loc in out}) != len(out):
        raise ContentError(f"{file}: two locations share a row and column")
    return tuple(sorted(out, key=lambda loc: loc.number))


def parse_bosses(data: dict[str, Any], file: str = "bosses.toml") -> tuple[Boss, ...]:
    out = []
    for i, rec in enumerate(data.get("boss", [])):
        name = need(f"{file}: boss {i}", rec, "name", str)
        where = f"{file}: boss {name!r}"
        _known(where, rec, {"name", "colour", "family", "per_player", "reveal", "source"})
        per = need(where, rec, "per_player", int)
        if per < 1:
            raise ContentError(f"{where}: field 'per_player' must be at least 1, not {per}")
        out.append(
            Boss(
                name,
                slugify(name),
                one_of(where, "colour", need(where, rec, "colour", str), BOSS_COLOURS),
                one_of(where, "family", need(where, rec, "family", str), BOSS_FAMILIES),
                per,
                one_of(where, "reveal", need(where, rec, "reveal", str), REVEALS),
                _sources(where, rec),
            )
        )
    return tuple(out)


def parse_quests(data: dict[str, Any], file: str = "quests.toml") -> tuple[Quest, ...]:
    out = []
    fields = {"name", "check", "points", "family", "amount", "solo_min", "source"}
    for i, rec in enumerate(data.get("quest", [])):
        name = need(f"{file}: quest {i}", rec, "name", str)
        where = f"{file}: quest {name!r}"
        _known(where, rec, fields)
        check = one_of(where, "check", need(where, rec, "check", str), QUEST_CHECKS)
        family = optional(where, rec, "family", str, "")
        if check == "most-family":
            one_of(where, "family", family, MONSTER_FAMILIES)
            if "solo_min" not in rec:
                raise ContentError(f"{where}: missing field 'solo_min'")
        if check == "most-generics" and "solo_min" not in rec:
            raise ContentError(f"{where}: missing field 'solo_min'")
        out.append(
            Quest(
                name,
                slugify(name),
                check,
                _nonneg(where, "points", need(where, rec, "points", int)),
                family,
                _nonneg(where, "amount", optional(where, rec, "amount", int, 0)),
                _nonneg(where, "solo_min", optional(where, rec, "solo_min", int, 0)),
                _sources(where, rec),
            )
        )
    return tuple(out)


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


def parse_game(
    data: dict[str, Any], card_names: set[str], file: str = "game.toml"
) -> tuple[dict[str, int], dict[str, tuple[str, ...]], tuple[Precon, ...]]:
    nums = need(file, data, "numbers", dict)
    where = f"{file}: [numbers]"
    _sources(where, nums)
    numbers = {k: _nonneg(where, k, need(where, nums, k, int)) for k in _NUMBER_KEYS}
    tk = need(file, data, "timekeeper", dict)
    where = f"{file}: [timekeeper]"
    _sources(where, tk)
    tracks: dict[str, tuple[str, ...]] = {}
    for mode in ("guardian", "apprentice"):
        track = need(where, tk, mode, list)
        for space in track:
            one_of(where, mode, typed(where, mode, space, str), TRACK_SPACES)
        if track[:2] != ["setup", "warm-up"] or track[-1] != "end":
            raise ContentError(f"{where}: track {mode!r} must run setup, warm-up, ..., end")
        tracks[mode] = tuple(track)
    if "red-boss" in tracks["apprentice"]:
        raise ContentError(f"{where}: the Apprentice game has no Red Boss")
    precons = []
    for i, rec in enumerate(data.get("precon", [])):
        where = f"{file}: precon {i}"
        colour = one_of(where, "colour", need(where, rec, "colour", str), PLAYER_COLOURS)
        where = f"{file}: precon {colour!r}"
        sup = need(where, rec, "super", str)
        cards = need(where, rec, "cards", list)
        for name in [sup, *cards]:
            if typed(where, "cards", name, str) not in card_names:
                raise ContentError(f"{where}: no Guardian card is named {name!r}")
        _sources(where, rec)
        precons.append(Precon(colour, sup, tuple(cards)))
    if [p.colour for p in precons] != list(PLAYER_COLOURS):
        raise ContentError(f"{file}: one precon deck per colour, in the order {PLAYER_COLOURS}")
    return numbers, tracks, tuple(precons)


def build(files: dict[str, dict[str, Any]]) -> Content:
    """Validate parsed TOML documents (by file name) into `Content`."""
    cards = parse_cards(files["cards.toml"])
    monsters = parse_monsters(files["monsters.toml"])
    locations = parse_locations(files["locations.toml"])
    bosses = parse_bosses(files["bosses.toml"])
    quests = parse_quests(files["quests.toml"])
    numbers, tracks, precons = parse_game(files["game.toml"], {c.name for c in cards})
    for what, names in (
        ("cards.toml", [c.slug for c in cards]),
        ("monsters.toml", [m.slug for m in monsters]),
        ("locations.toml", [loc.slug for loc in locations]),
        ("bosses.toml", [b.slug for b in bosses]),
        ("quests.toml", [q.slug for q in quests]),
    ):
        if len(set(names)) != len(names):
            raise ContentError(f"{what}: two records share a name")
    for col in BOSS_COLOURS:
        if not any(b.colour == col for b in bosses):
            raise ContentError(f"bosses.toml: no {col} boss")
    return Content(cards, monsters, locations, bosses, quests, numbers, tracks, precons)


FILES = ("cards.toml", "monsters.toml", "locations.toml", "bosses.toml", "quests.toml", "game.toml")


def _read(name: str | None = None) -> Any:
    """The parsed file `name`, or (no name) every content file, by name."""
    if name is None:
        return _read_all()
    return read_toml("tabletop.games.guardians", name)


def _read_all() -> dict[str, dict[str, Any]]:
    return {name: read_toml("tabletop.games.guardians", name) for name in FILES}


# The content, shipped (`load()`) or under a patch (`load(patch)`): built once per patch.
load = per_patch("guardians", _read_all, build)
