"""The Librarians content: each record of `content/*.toml` validated against its declared
dataclass in `records.py` (one `tabletop.engine.declared.record` call each: a bad field is an
error naming the file, the record and the field), plus the checks that span a file (card
numbers dealt in order, seven cards per Discipline, one Aid card per difficulty).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Annotated, Any

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.declared import record, records, validate
from tabletop.games.librarians.records import (
    ATTRIBUTES,
    DICE_KINDS,
    DIFFICULTIES,
    Ability,
    AbilityChecked,
    AidCard,
    Challenge,
    Die,
    Discipline,
    EffectCard,
    FocusPower,
    Hero,
    Names,
    PlayerCard,
    Source,
    Step,
    Steps,
    of_kinds,
)


def _number(n: int) -> str:
    return f"C-{n:03d}"


def _dashed(where: str, rec: Any, key: str = "attributes") -> Any:
    """`rec` with its attributes table as `Attributes` reads it: a dash ("-") is 0, and listed
    in `dashes`."""
    if not isinstance(rec, dict) or not isinstance(rec.get(key), dict):
        return rec
    table = rec[key]
    if set(table) != set(ATTRIBUTES):
        raise ContentError(f"{where}: field {key!r} must give exactly {', '.join(ATTRIBUTES)}")
    dashes = [name for name in ATTRIBUTES if table[name] == "-"]
    vals = {name: 0 if name in dashes else table[name] for name in ATTRIBUTES}
    return {**rec, key: {**vals, "dashes": dashes}}


def parse_heroes(data: dict[str, Any], file: str = "heroes.toml") -> tuple[Hero, ...]:
    return tuple(
        record(Hero, _dashed(where, rec), where, slug=slugify(name))
        for where, name, rec in records(data, file, "hero")
    )


def _discipline(d: Discipline) -> str | None:
    if d.kind == "heroic" and not d.hero:
        return "missing field 'hero'"
    if d.kind == "universal" and d.hero:
        return "field 'hero' is only for a Heroic Discipline"
    if d.last - d.first + 1 != 7:
        return "fields 'first'-'last' must span 7 numbers"
    return None


def parse_disciplines(data: dict[str, Any], file: str = "cards.toml") -> tuple[Discipline, ...]:
    return tuple(
        record(Discipline, rec, where, _discipline, slug=slugify(name))
        for where, name, rec in records(data, file, "discipline")
    )


def _card(c: PlayerCard) -> str | None:
    sidekick = c.type == "sidekick"
    if sidekick and c.attributes is None:
        return "missing field 'attributes'"
    if sidekick and c.life < 1:
        return f"field 'life' must be at least 1, not {c.life}"
    for key, given in (("attributes", c.attributes is not None), ("life", c.life != 0)):
        if not sidekick and given:
            return f"field {key!r} is only for sidekicks"
    if c.type == "attachment" and not c.attach_to:
        return "missing field 'attach_to'"
    if c.type != "attachment" and c.attach_to:
        return "field 'attach_to' is only for attachments"
    if ("Device" in c.traits) != (c.countdown > 0):
        return "a Device (trait) needs a 'countdown' and only it"
    if any(a.kind == "spend" for a in c.abilities) != (c.countdown > 0):
        return "a Device has one 'spend' ability; other cards none"
    if c.type == "event" and any(a.kind in ("constant", "spend") for a in c.abilities):
        return "an Event has no constant or spend ability"
    if len(c.numbers) != c.copies:
        return "field 'numbers' must give one number per copy"
    return None


def parse_cards(
    data: dict[str, Any], disciplines: tuple[Discipline, ...], file: str = "cards.toml"
) -> tuple[PlayerCard, ...]:
    dealt: dict[str, int] = {d.name: d.first for d in disciplines}
    out = []
    for where, name, rec in records(data, file, "card"):
        disc = rec.get("discipline")
        if isinstance(disc, str) and disc and disc not in dealt:
            raise ContentError(f"{where}: field 'discipline' names no Discipline: {disc!r}")
        derived: dict[str, Any] = {}
        if disc:
            if "numbers" in rec:
                raise ContentError(f"{where}: field 'numbers' is for unlockable cards only")
            copies = rec.get("copies")
            start = dealt[disc]
            if copies in (1, 2):
                dealt[disc] = start + copies
                derived["numbers"] = [_number(n) for n in range(start, start + copies)]
        card = record(PlayerCard, _dashed(where, rec), where, _card, slug=slugify(name), **derived)
        out.append(card)
    for d in disciplines:
        n = sum(c.copies for c in out if c.discipline == d.name)
        if n != 7:
            raise ContentError(f"{file}: discipline {d.name!r} has {n} cards, not 7")
    return tuple(out)


def _effect_card(e: EffectCard) -> str | None:
    return None if len(e.abilities) == 1 else "an Effect has exactly one ability"


def parse_aid(
    data: dict[str, Any], file: str = "aid.toml"
) -> tuple[tuple[AidCard, ...], tuple[EffectCard, ...], FocusPower]:
    aid = []
    for where, _, rec in records(data, file, "aid", key="difficulty"):
        aid.append(record(AidCard, _dashed(where, rec), where))
    if sorted(a.difficulty for a in aid) != sorted(DIFFICULTIES):
        raise ContentError(f"{file}: one Aid from the Library card per difficulty {DIFFICULTIES}")
    where = f"{file}: [focus_power]"
    if not isinstance(data.get("focus_power"), dict):
        raise ContentError(f"{file}: missing field 'focus_power'")
    fp = dict(data["focus_power"])
    validate(Source, fp.pop("source", None), where, "source")
    focus_power = record(FocusPower, fp, where)
    effects = tuple(
        record(EffectCard, rec, where, _effect_card)
        for where, _, rec in records(data, file, "effect_card")
    )
    for kind, want in (("focus", focus_power.focus), ("power", focus_power.power)):
        have = sum(e.kind == kind for e in effects)
        if have != want:
            raise ContentError(f"{file}: the set has {have} {kind} cards, not {want}")
    return tuple(aid), effects, focus_power


def _die(d: Die) -> str | None:
    return None if d.count == 4 else f"field 'count' must be 4 (the pool's cap), not {d.count}"


def parse_dice(data: dict[str, Any], file: str = "dice.toml") -> tuple[Die, ...]:
    out = tuple(
        record(Die, rec, where, _die) for where, _, rec in records(data, file, "die", "kind")
    )
    if sorted(d.kind for d in out) != sorted(DICE_KINDS):
        raise ContentError(f"{file}: one Character die and one Challenge die")
    character = next(d for d in out if d.kind == "character")
    for face in (("success",), ("success", "success")):
        if face not in character.faces:
            raise ContentError(
                f"{file}: die 'character': field 'faces' needs the face {list(face)} "
                "(devoting turns a die to one Success; Ace in the Hole to two)"
            )
    return out


# -- what adventures.py still calls (until it validates its records with `record` too) ---------


@cache
def _abilities_type(kinds: tuple[str, ...]) -> Any:
    return tuple[Annotated[AbilityChecked, of_kinds(kinds)], ...]


def _strings(where: str, rec: dict[str, Any], key: str) -> tuple[str, ...]:
    out: tuple[str, ...] = validate(Names, rec.get(key, []), where, key)
    return out


def _challenge(where: str, rec: dict[str, Any]) -> Challenge | None:
    if "challenge" not in rec:
        return None
    out: Challenge = validate(Challenge, rec["challenge"], where, "challenge")
    return out


def _steps(where: str, rec: dict[str, Any], key: str) -> tuple[Step, ...]:
    out: tuple[Step, ...] = validate(Steps, rec.get(key, []), where, key)
    return out


def _abilities(where: str, rec: dict[str, Any], kinds: tuple[str, ...]) -> tuple[Ability, ...]:
    out: tuple[Ability, ...] = validate(
        _abilities_type(kinds), rec.get("ability", []), where, "ability"
    )
    return out


def _unique_names(file: str, what: str, names: list[str]) -> None:
    dup = [n for n, k in Counter(names).items() if k > 1]
    if dup:
        raise ContentError(f"{file}: two {what} records share the name {dup[0]!r}")
