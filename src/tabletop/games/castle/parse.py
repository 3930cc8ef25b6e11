"""Castle Von Loghan content: each record of `content/*.toml` validated against its declared
dataclass in `records.py` (one `tabletop.engine.declared.record` call each: a bad field is an
error naming the file, the record and the field), plus the few checks a record cannot make on
its own fields (a card number that must match its Mission, a token named by colour and number).
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.declared import Count, record, records, validate
from tabletop.games.castle.records import (
    DAMAGE_TYPES,
    DECKS,
    Agent,
    Ally,
    Board,
    CombatCard,
    DeckCard,
    Enemy,
    EventToken,
    Mission,
    Mode,
    RandomEvent,
    Rules,
    Steps,
    StoryCard,
    Treasure,
    Upgrade,
)

# -- the declared records -----------------------------------------------------------------------


def _named(
    cls: type[Any], data: dict[str, Any], file: str, kind: str, check: Any = None
) -> tuple[Any, ...]:
    """Every `[[kind]]` record of a file validated as `cls`, its slug derived from its name."""
    return tuple(
        record(cls, rec, where, check, slug=slugify(name))
        for where, name, rec in records(data, file, kind)
    )


def parse_rules(data: dict[str, Any], file: str = "rules.toml") -> Rules:
    if "rules" not in data:
        raise ContentError(f"{file}: missing field 'rules'")
    return record(Rules, data["rules"], f"{file}: rules")


def parse_agents(data: dict[str, Any], file: str = "agents.toml") -> tuple[Agent, ...]:
    out = []
    for where, name, rec in records(data, file, "agent"):
        skills = rec.get("skill")
        if isinstance(skills, list) and len(skills) != 2:
            raise ContentError(f"{where}: field 'skill' must give exactly two Skills")
        out.append(record(Agent, rec, where, slug=slugify(name)))
    return tuple(out)


def parse_combat_cards(data: dict[str, Any], file: str = "combat.toml") -> tuple[CombatCard, ...]:
    return _named(CombatCard, data, file, "card")


def _treasure(t: Treasure) -> str | None:
    if t.kind == "item" and (t.hands or t.combat_power or t.damage_type):
        return "field 'kind' is 'item': no hands, Combat Power, type"
    if t.kind != "item" and t.hands not in (1, 2):
        return f"field 'hands' must be 1 or 2 for a {t.kind}"
    if t.kind == "weapon" and t.damage_type not in DAMAGE_TYPES:
        shown = ", ".join(repr(a) for a in DAMAGE_TYPES)
        return f"field 'damage_type' is {t.damage_type!r}; allowed: {shown}"
    if t.kind != "weapon" and t.damage_type:
        return "field 'damage_type' is for weapons only"
    if t.timeless == (t.energy > 0):
        return "field 'energy': a Timeless item has none, others some"
    return None


def parse_treasures(data: dict[str, Any], file: str = "treasures.toml") -> tuple[Treasure, ...]:
    return _named(Treasure, data, file, "treasure", _treasure)


def parse_allies(data: dict[str, Any], file: str = "allies.toml") -> tuple[Ally, ...]:
    return _named(Ally, data, file, "ally")


def parse_upgrades(data: dict[str, Any], file: str = "allies.toml") -> tuple[Upgrade, ...]:
    return _named(Upgrade, data, file, "upgrade")


def _enemy(e: Enemy) -> str | None:
    lines = [a.timeline for a in e.rage]
    return "field 'rage' gives a Timeline twice" if len(lines) != len(set(lines)) else None


def parse_enemies(
    data: dict[str, Any], shards: dict[str, int], file: str = "enemies.toml"
) -> tuple[Enemy, ...]:
    out = []
    for where, name, rec in records(data, file, "enemy"):
        colour = rec.get("colour")
        n = shards.get(colour, 0) if isinstance(colour, str) else 0
        out.append(record(Enemy, rec, where, _enemy, slug=slugify(name), shards=n))
    return tuple(out)


def parse_events(data: dict[str, Any], file: str = "events.toml") -> tuple[RandomEvent, ...]:
    out = []
    for where, name, rec in records(data, file, "event"):
        rest = {k: v for k, v in rec.items() if k not in ("a", "b", "c", "d")}
        options = []
        for k in "abcd":
            if k not in rec:
                raise ContentError(f"{where}: missing field {k!r}")
            options.append(validate(Steps, rec[k], where, k))
        out.append(
            record(
                RandomEvent,
                rest,
                where,
                taken=("a", "b", "c", "d"),
                slug=slugify(name),
                options=options,
            )
        )
    return tuple(out)


def parse_tokens(data: dict[str, Any], file: str = "tokens.toml") -> tuple[EventToken, ...]:
    out = []
    raw = data.get("token", [])
    if not isinstance(raw, list):
        raise ContentError(f"{file}: field 'token' must be list, not {raw!r}")
    for i, rec in enumerate(raw):
        where = f"{file}: token {i + 1}"
        if isinstance(rec, dict) and isinstance(rec.get("colour"), str):
            number = rec.get("number")
            where = f"{file}: token {rec['colour']} {number if type(number) is int else i + 1}"
        search = rec.get("search") if isinstance(rec, dict) else None
        if isinstance(search, list) and len(search) != 4:
            raise ContentError(f"{where}: field 'search' must give the four areas")
        out.append(record(EventToken, rec, where))
    seen = [(t.colour, t.number) for t in out]
    if len(seen) != len(set(seen)):
        raise ContentError(f"{file}: a token colour and number is given twice")
    return tuple(out)


def _board(b: Board) -> str | None:
    ids = [r.id for r in b.rooms]
    if len(ids) != len(set(ids)):
        return "field 'room' gives a room id twice"
    for door in b.doors:
        for end in (door.a, door.b):
            if end not in ids:
                return f"door {door.id!r} names no room {end!r}"
    if len({d.id for d in b.doors}) != len(b.doors):
        return "field 'door' gives a door id twice"
    return None


def parse_boards(data: dict[str, Any], file: str = "boards.toml") -> tuple[Board, ...]:
    return tuple(
        record(Board, rec, where, _board)
        for where, _, rec in records(data, file, "board", key="timeline")
    )


def parse_mission(data: dict[str, Any], file: str) -> Mission:
    if not isinstance(data.get("mission"), dict):
        raise ContentError(f"{file}: missing field 'mission'")
    rec = data["mission"]
    if "number" not in rec:
        raise ContentError(f"{file}: mission: missing field 'number'")
    number = validate(Count, rec["number"], file, "number")
    where = f"{file}: mission {number}"
    cards = []
    for _, num, c in records(rec, where, "card", key="number"):
        cwhere = f"{where}: card {num!r}"
        m = re.fullmatch(r"(\d\d)/(\d\d)", num)
        if m is None or int(m.group(2)) != number:
            raise ContentError(f"{cwhere}: field 'number' must be NN/{number:02d}")
        cards.append(record(StoryCard, c, cwhere))
    rest = {k: v for k, v in rec.items() if k != "card"}
    return record(Mission, rest, where, taken=("card",), cards=cards)


def parse_decks(data: dict[str, Any], file: str = "decks.toml") -> tuple[DeckCard, ...]:
    return tuple(
        record(DeckCard, rec, where, deck=deck, slug=slugify(name))
        for deck in DECKS
        for where, name, rec in records(data, file, deck)
    )


def _mode(m: Mode) -> str | None:
    if m.shared == (m.health > 0):
        return "field 'health' is for a mode without shared Health"
    if m.tokens[0] > m.tokens[1]:
        return "field 'tokens' must be (least, most)"
    return None


def parse_modes(data: dict[str, Any], file: str = "modes.toml") -> tuple[Mode, ...]:
    return tuple(
        record(Mode, rec, where, _mode) for where, _, rec in records(data, file, "mode", key="id")
    )
