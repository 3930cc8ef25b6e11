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
    ContentError,
    read_toml,
)
from tabletop.engine.patch import per_patch
from tabletop.games.guardians.records import (
    BATTLE_BONUSES,
    BATTLE_EFFECTS,
    BOSS_COLOURS,
    BOSS_FAMILIES,
    CARD_EFFECTS,
    CARD_TYPES,
    CLASSES,
    COLOURS,
    END_EFFECTS,
    FAMILIES_OF_FAMILIARS,
    LOCATION_EFFECTS,
    MONSTER_FAMILIES,
    PLAYER_COLOURS,
    QUEST_CHECKS,
    REVEALS,
    TRACK_SPACES,
    Boss,
    GuardianCard,
    Location,
    Monster,
    Precon,
    Quest,
    parse_bosses,
    parse_cards,
    parse_game,
    parse_locations,
    parse_monsters,
    parse_quests,
)


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

__all__ = [
    "BATTLE_BONUSES",
    "BATTLE_EFFECTS",
    "BOSS_COLOURS",
    "BOSS_FAMILIES",
    "CARD_EFFECTS",
    "CARD_TYPES",
    "CLASSES",
    "COLOURS",
    "END_EFFECTS",
    "FAMILIES_OF_FAMILIARS",
    "FILES",
    "LOCATION_EFFECTS",
    "MONSTER_FAMILIES",
    "PLAYER_COLOURS",
    "QUEST_CHECKS",
    "REVEALS",
    "TRACK_SPACES",
    "Boss",
    "Content",
    "GuardianCard",
    "Location",
    "Monster",
    "Precon",
    "Quest",
    "_read",
    "build",
    "load",
    "parse_bosses",
    "parse_cards",
    "parse_game",
    "parse_locations",
    "parse_monsters",
    "parse_quests",
]
