"""The Librarians content: reading and checking each file's records (a bad field is an error
naming the file, the record and the field).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.engine.content import (
    ContentError,
    need,
    one_of,
    optional,
    slugify,
    typed,
)
from tabletop.engine.content import known as _known
from tabletop.engine.content import nonneg as _nonneg
from tabletop.engine.content import sources as _sources
from tabletop.games.librarians.records import (
    AID_KINDS,
    ATTACH_TO,
    ATTRIBUTES,
    BOOL,
    CARD,
    CARD_TYPES,
    COSTS,
    DICE_KINDS,
    DIFFICULTIES,
    DISCIPLINE_KINDS,
    EFFECT_CARD_KINDS,
    EFFECTS,
    HERO_KINDS,
    ICONS,
    INT,
    LIMITS,
    PLAYER_KINDS,
    SIGNED,
    TEXT,
    TRIGGERED,
    TRIGGERS,
    Ability,
    AidCard,
    Attributes,
    Challenge,
    Die,
    Discipline,
    EffectCard,
    FocusPower,
    Hero,
    Param,
    PlayerCard,
    Step,
)

# -- field readers ------------------------------------------------------------------------------


def _strings(where: str, rec: dict[str, Any], key: str) -> tuple[str, ...]:
    vals = optional(where, rec, key, list, [])
    return tuple(typed(where, key, v, str) for v in vals)


def _attributes(where: str, rec: dict[str, Any], key: str = "attributes") -> Attributes:
    table = need(where, rec, key, dict)
    if set(table) != set(ATTRIBUTES):
        raise ContentError(f"{where}: field {key!r} must give exactly {', '.join(ATTRIBUTES)}")
    vals: dict[str, int] = {}
    dashes = set()
    for name in ATTRIBUTES:
        val = table[name]
        if val == "-":
            vals[name] = 0
            dashes.add(name)
        elif isinstance(val, int) and not isinstance(val, bool) and 0 <= val <= 6:
            vals[name] = val
        else:
            raise ContentError(f"{where}: field '{key}.{name}' must be 0-6 or '-', not {val!r}")
    return Attributes(**vals, dashes=frozenset(dashes))


def _challenge(where: str, rec: dict[str, Any]) -> Challenge | None:
    if "challenge" not in rec:
        return None
    ch = typed(where, "challenge", rec["challenge"], dict)
    if set(ch) != {"attribute", "difficulty"}:
        raise ContentError(f"{where}: field 'challenge' must give attribute and difficulty")
    attr = one_of(
        where, "challenge.attribute", typed(where, "attribute", ch["attribute"], str), ATTRIBUTES
    )
    diff = typed(where, "challenge.difficulty", ch["difficulty"], int)
    if not 0 <= diff <= 6:
        raise ContentError(f"{where}: field 'challenge.difficulty' must be 0-6, not {diff}")
    return Challenge(attr, diff)


def _params(where: str, effect: str, raw: Any) -> dict[str, Param]:
    params = typed(where, "params", raw, dict)
    spec = EFFECTS[effect]
    if set(params) != set(spec):
        want = ", ".join(spec) or "none"
        raise ContentError(
            f"{where}: field 'params' of {effect!r} must be exactly ({want}), "
            f"not ({', '.join(params)})"
        )
    out: dict[str, Param] = {}
    for key, kind in spec.items():
        val = params[key]
        pwhere = f"params.{key}"
        if kind in (INT, SIGNED):
            num = typed(where, pwhere, val, int)
            if kind == INT:
                _nonneg(where, pwhere, num)
            out[key] = num
        elif kind == BOOL:
            out[key] = typed(where, pwhere, val, bool)
        elif kind in (TEXT, CARD):
            out[key] = typed(where, pwhere, val, str)
        else:
            assert isinstance(kind, tuple)
            out[key] = one_of(where, pwhere, typed(where, pwhere, val, str), kind)
    return out


def _effect(where: str, rec: dict[str, Any]) -> str:
    return one_of(where, "effect", need(where, rec, "effect", str), tuple(EFFECTS))


def _steps(where: str, rec: dict[str, Any], key: str) -> tuple[Step, ...]:
    out = []
    for i, raw in enumerate(optional(where, rec, key, list, [])):
        swhere = f"{where}: {key} {i + 1}"
        step = typed(swhere, key, raw, dict)
        _known(swhere, step, {"effect", "params"})
        effect = _effect(swhere, step)
        out.append(Step(effect, _params(swhere, effect, need(swhere, step, "params", dict))))
    return tuple(out)


def _abilities(where: str, rec: dict[str, Any], kinds: tuple[str, ...]) -> tuple[Ability, ...]:
    out = []
    for i, raw in enumerate(optional(where, rec, "ability", list, [])):
        awhere = f"{where}: ability {i + 1}"
        ab = typed(awhere, "ability", raw, dict)
        _known(awhere, ab, {"kind", "trigger", "cost", "limit", "effect", "params"})
        kind = one_of(awhere, "kind", need(awhere, ab, "kind", str), kinds)
        trigger = optional(awhere, ab, "trigger", str, "")
        if kind in TRIGGERED:
            one_of(awhere, "trigger", need(awhere, ab, "trigger", str), TRIGGERS)
        elif trigger:
            raise ContentError(f"{awhere}: field 'trigger' is only for response and forced")
        cost: dict[str, int] = {}
        for key, val in optional(awhere, ab, "cost", dict, {}).items():
            one_of(awhere, "cost", key, COSTS)
            cost[key] = _nonneg(awhere, f"cost.{key}", typed(awhere, f"cost.{key}", val, int))
        if kind == "tree":
            cost.setdefault("tree", 1)
        elif "tree" in cost:
            raise ContentError(f"{awhere}: only a Tree of Knowledge effect costs icons")
        effect = _effect(awhere, ab)
        out.append(
            Ability(
                kind,
                trigger,
                cost,
                one_of(awhere, "limit", optional(awhere, ab, "limit", str, ""), LIMITS),
                effect,
                _params(awhere, effect, need(awhere, ab, "params", dict)),
            )
        )
    return tuple(out)


def _number(n: int) -> str:
    return f"C-{n:03d}"


def _unique_names(file: str, what: str, names: list[str]) -> None:
    dup = [n for n, k in Counter(names).items() if k > 1]
    if dup:
        raise ContentError(f"{file}: two {what} records share the name {dup[0]!r}")


# -- parsers ------------------------------------------------------------------------------------

_HERO_FIELDS = {"name", "subtitle", "number", "attributes", "life", "discipline", "suggested"}
_HERO_FIELDS |= {"ability", "text", "source"}


def parse_heroes(data: dict[str, Any], file: str = "heroes.toml") -> tuple[Hero, ...]:
    out = []
    for i, rec in enumerate(data.get("hero", [])):
        name = need(f"{file}: hero {i + 1}", rec, "name", str)
        where = f"{file}: hero {name!r}"
        _known(where, rec, _HERO_FIELDS)
        life = need(where, rec, "life", int)
        if life < 1:
            raise ContentError(f"{where}: field 'life' must be at least 1, not {life}")
        src, fs = _sources(where, rec)
        out.append(
            Hero(
                name=name,
                slug=slugify(name),
                subtitle=need(where, rec, "subtitle", str),
                number=need(where, rec, "number", str),
                attributes=_attributes(where, rec),
                life=life,
                discipline=need(where, rec, "discipline", str),
                suggested=_strings(where, rec, "suggested"),
                abilities=_abilities(where, rec, HERO_KINDS),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    _unique_names(file, "hero", [h.name for h in out])
    return tuple(out)


def parse_disciplines(data: dict[str, Any], file: str = "cards.toml") -> tuple[Discipline, ...]:
    out = []
    for i, rec in enumerate(data.get("discipline", [])):
        name = need(f"{file}: discipline {i + 1}", rec, "name", str)
        where = f"{file}: discipline {name!r}"
        _known(where, rec, {"name", "kind", "hero", "first", "last", "source"})
        kind = one_of(where, "kind", need(where, rec, "kind", str), DISCIPLINE_KINDS)
        hero = need(where, rec, "hero", str) if kind == "heroic" else ""
        if kind == "universal" and "hero" in rec:
            raise ContentError(f"{where}: field 'hero' is only for a Heroic Discipline")
        first, last = need(where, rec, "first", int), need(where, rec, "last", int)
        if last - first + 1 != 7:
            raise ContentError(f"{where}: fields 'first'-'last' must span 7 numbers")
        out.append(
            Discipline(name, slugify(name), kind, hero, first, last, _sources(where, rec)[0])
        )
    _unique_names(file, "discipline", [d.name for d in out])
    return tuple(out)


_CARD_FIELDS = {"name", "subtitle", "discipline", "type", "cost", "copies", "unique", "traits"}
_CARD_FIELDS |= {"attach_to", "attributes", "life", "countdown", "numbers", "ability", "text"}
_CARD_FIELDS |= {"source"}


def parse_cards(
    data: dict[str, Any], disciplines: tuple[Discipline, ...], file: str = "cards.toml"
) -> tuple[PlayerCard, ...]:
    by_name = {d.name: d for d in disciplines}
    dealt: dict[str, int] = {d.name: d.first for d in disciplines}
    out = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i + 1}", rec, "name", str)
        where = f"{file}: card {name!r}"
        _known(where, rec, _CARD_FIELDS)
        disc = need(where, rec, "discipline", str)
        if disc and disc not in by_name:
            raise ContentError(f"{where}: field 'discipline' names no Discipline: {disc!r}")
        typ = one_of(where, "type", need(where, rec, "type", str), CARD_TYPES)
        copies = need(where, rec, "copies", int)
        if copies not in (1, 2):
            raise ContentError(f"{where}: field 'copies' must be 1 or 2, not {copies}")
        if disc:
            if "numbers" in rec:
                raise ContentError(f"{where}: field 'numbers' is for unlockable cards only")
            start = dealt[disc]
            dealt[disc] = start + copies
            numbers = tuple(_number(n) for n in range(start, start + copies))
        else:
            numbers = _strings(where, rec, "numbers")
            if len(numbers) != copies:
                raise ContentError(f"{where}: field 'numbers' must give one number per copy")
        sidekick = typ == "sidekick"
        attrs = _attributes(where, rec) if sidekick else None
        life = need(where, rec, "life", int) if sidekick else 0
        if sidekick and life < 1:
            raise ContentError(f"{where}: field 'life' must be at least 1, not {life}")
        for key in ("attributes", "life"):
            if not sidekick and key in rec:
                raise ContentError(f"{where}: field {key!r} is only for sidekicks")
        attach = ""
        if typ == "attachment":
            attach = one_of(where, "attach_to", need(where, rec, "attach_to", str), ATTACH_TO)
        elif "attach_to" in rec:
            raise ContentError(f"{where}: field 'attach_to' is only for attachments")
        traits = _strings(where, rec, "traits")
        countdown = _nonneg(where, "countdown", optional(where, rec, "countdown", int, 0))
        if ("Device" in traits) != (countdown > 0):
            raise ContentError(f"{where}: a Device (trait) needs a 'countdown' and only it")
        abilities = _abilities(where, rec, PLAYER_KINDS)
        if any(a.kind == "spend" for a in abilities) != (countdown > 0):
            raise ContentError(f"{where}: a Device has one 'spend' ability; other cards none")
        if typ == "event" and any(a.kind in ("constant", "spend") for a in abilities):
            raise ContentError(f"{where}: an Event has no constant or spend ability")
        src, fs = _sources(where, rec)
        out.append(
            PlayerCard(
                name=name,
                slug=slugify(name),
                subtitle=optional(where, rec, "subtitle", str, ""),
                discipline=disc,
                type=typ,
                cost=_nonneg(where, "cost", need(where, rec, "cost", int)),
                copies=copies,
                unique=optional(where, rec, "unique", bool, False),
                traits=traits,
                attach_to=attach,
                attributes=attrs,
                life=life,
                countdown=countdown,
                numbers=numbers,
                abilities=abilities,
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    _unique_names(file, "card", [c.name for c in out])
    for d in disciplines:
        n = sum(c.copies for c in out if c.discipline == d.name)
        if n != 7:
            raise ContentError(f"{file}: discipline {d.name!r} has {n} cards, not 7")
    return tuple(out)


def parse_aid(
    data: dict[str, Any], file: str = "aid.toml"
) -> tuple[tuple[AidCard, ...], tuple[EffectCard, ...], FocusPower]:
    aid = []
    for i, rec in enumerate(data.get("aid", [])):
        where = f"{file}: aid {i + 1}"
        diff = one_of(where, "difficulty", need(where, rec, "difficulty", str), DIFFICULTIES)
        where = f"{file}: aid {diff!r}"
        _known(where, rec, {"name", "difficulty", "attributes", "ability", "text", "source"})
        src, fs = _sources(where, rec)
        aid.append(
            AidCard(
                need(where, rec, "name", str),
                diff,
                _attributes(where, rec),
                _abilities(where, rec, AID_KINDS),
                need(where, rec, "text", str),
                src,
                fs,
            )
        )
    if sorted(a.difficulty for a in aid) != sorted(DIFFICULTIES):
        raise ContentError(f"{file}: one Aid from the Library card per difficulty {DIFFICULTIES}")
    where = f"{file}: [focus_power]"
    fp = need(file, data, "focus_power", dict)
    _known(where, fp, {"flip_cost", "focus", "power", "source"})
    _sources(where, fp)
    focus_power = FocusPower(
        _nonneg(where, "flip_cost", need(where, fp, "flip_cost", int)),
        _nonneg(where, "focus", need(where, fp, "focus", int)),
        _nonneg(where, "power", need(where, fp, "power", int)),
    )
    effects = []
    for i, rec in enumerate(data.get("effect_card", [])):
        name = need(f"{file}: effect_card {i + 1}", rec, "name", str)
        where = f"{file}: effect_card {name!r}"
        _known(where, rec, {"kind", "name", "ability", "text", "source"})
        abilities = _abilities(where, rec, EFFECT_CARD_KINDS)
        if len(abilities) != 1:
            raise ContentError(f"{where}: an Effect has exactly one ability")
        effects.append(
            EffectCard(
                one_of(where, "kind", need(where, rec, "kind", str), ("focus", "power")),
                name,
                abilities,
                need(where, rec, "text", str),
                _sources(where, rec)[0],
            )
        )
    _unique_names(file, "effect_card", [e.name for e in effects])
    for kind, want in (("focus", focus_power.focus), ("power", focus_power.power)):
        have = sum(e.kind == kind for e in effects)
        if have != want:
            raise ContentError(f"{file}: the set has {have} {kind} cards, not {want}")
    return tuple(aid), tuple(effects), focus_power


def parse_dice(data: dict[str, Any], file: str = "dice.toml") -> tuple[Die, ...]:
    out = []
    for i, rec in enumerate(data.get("die", [])):
        where = f"{file}: die {i + 1}"
        kind = one_of(where, "kind", need(where, rec, "kind", str), DICE_KINDS)
        where = f"{file}: die {kind!r}"
        _known(where, rec, {"kind", "colour", "count", "faces", "source"})
        faces = []
        for face in need(where, rec, "faces", list):
            icons = typed(where, "faces", face, list)
            faces.append(
                tuple(one_of(where, "faces", typed(where, "faces", x, str), ICONS) for x in icons)
            )
        if len(faces) != 6:
            raise ContentError(f"{where}: field 'faces' must list 6 faces, not {len(faces)}")
        count = need(where, rec, "count", int)
        if count != 4:
            raise ContentError(f"{where}: field 'count' must be 4 (the pool's cap), not {count}")
        src, fs = _sources(where, rec)
        out.append(Die(kind, need(where, rec, "colour", str), count, tuple(faces), src, fs))
    if sorted(d.kind for d in out) != sorted(DICE_KINDS):
        raise ContentError(f"{file}: one Character die and one Challenge die")
    character = next(d for d in out if d.kind == "character")
    for face in (("success",), ("success", "success")):
        if face not in character.faces:
            raise ContentError(
                f"{file}: die 'character': field 'faces' needs the face {list(face)} "
                "(devoting turns a die to one Success; Ace in the Hole to two)"
            )
    return tuple(out)
