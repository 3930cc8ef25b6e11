"""Castle Von Loghan content: the field readers and the parsers of the Agents, combat cards,
Treasures, Allies, Upgrades, enemies and the rules numbers (a bad field is an error naming the
file, the record and the field). `world.py` reads the rest.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.content import (
    ContentError,
    known,
    need,
    nonneg,
    one_of,
    optional,
    slugify,
    sources,
    typed,
)
from tabletop.games.castle.records import (
    BOOL,
    CATEGORIES,
    COLOURS,
    CONDITIONS,
    DAMAGE_TYPES,
    EFFECTS,
    INT,
    ITEM_KINDS,
    KEYWORDS,
    SIGNED,
    SIZES,
    TEXT,
    TIMELINES,
    USES,
    WHEN,
    WINDOWS,
    Ability,
    Agent,
    Ally,
    Attack,
    CombatCard,
    Condition,
    Enemy,
    Param,
    ParamSpec,
    Rules,
    Skill,
    Step,
    Treasure,
    Upgrade,
)

# -- field readers ------------------------------------------------------------------------------


def count(where: str, rec: dict[str, Any], key: str, default: int | None = None) -> int:
    """A non-negative int field (required unless `default` is given)."""
    if default is None:
        return nonneg(where, key, need(where, rec, key, int))
    return nonneg(where, key, optional(where, rec, key, int, default))


def strings(where: str, rec: dict[str, Any], key: str, allowed: tuple[str, ...] = ()) -> Any:
    vals = optional(where, rec, key, list, [])
    out = tuple(typed(where, key, v, str) for v in vals)
    for v in out:
        if allowed:
            one_of(where, key, v, allowed)
    return out


def choice(where: str, rec: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    return one_of(where, key, need(where, rec, key, str), allowed)


def counts_table(
    where: str, rec: dict[str, Any], key: str, keys: tuple[str, ...] = ()
) -> dict[str, int]:
    """A table of names to non-negative ints (`keys`: the names allowed)."""
    table = optional(where, rec, key, dict, {})
    out: dict[str, int] = {}
    for k, v in table.items():
        if keys:
            one_of(where, key, k, keys)
        out[k] = nonneg(where, f"{key}.{k}", typed(where, f"{key}.{k}", v, int))
    return out


def params(where: str, handler: str, spec: dict[str, ParamSpec], raw: Any) -> dict[str, Param]:
    """A handler's parameters: exactly its declared ones, each of its kind (references are
    strings here, resolved by `content.build`)."""
    vals = typed(where, "params", raw, dict)
    if set(vals) != set(spec):
        want = ", ".join(spec) or "none"
        raise ContentError(
            f"{where}: field 'params' of {handler!r} must be exactly ({want}), "
            f"not ({', '.join(vals) or 'none'})"
        )
    out: dict[str, Param] = {}
    for key, kind in spec.items():
        val = vals[key]
        pwhere = f"params.{key}"
        if kind in (INT, SIGNED):
            num = typed(where, pwhere, val, int)
            out[key] = nonneg(where, pwhere, num) if kind == INT else num
        elif kind == BOOL:
            out[key] = typed(where, pwhere, val, bool)
        elif isinstance(kind, tuple):
            out[key] = one_of(where, pwhere, typed(where, pwhere, val, str), kind)
        else:  # TEXT or a reference
            text = typed(where, pwhere, val, str)
            if not text and kind != TEXT:
                raise ContentError(f"{where}: field {pwhere!r} must name something")
            out[key] = text
    return out


def steps(where: str, rec: dict[str, Any], key: str) -> tuple[Step, ...]:
    """A list of effects: `{effect, params, when, pay}` each."""
    out = []
    for i, raw in enumerate(optional(where, rec, key, list, [])):
        swhere = f"{where}: {key} {i + 1}"
        step = typed(swhere, key, raw, dict)
        known(swhere, step, {"effect", "params", "when", "pay"})
        effect = choice(swhere, step, "effect", tuple(EFFECTS))
        out.append(
            Step(
                effect,
                params(swhere, effect, EFFECTS[effect], step.get("params", {})),
                one_of(swhere, "when", optional(swhere, step, "when", str, "always"), WHEN),
                count(swhere, step, "pay", 0),
            )
        )
    return tuple(out)


def condition(where: str, rec: dict[str, Any], key: str = "wait") -> Condition:
    raw = optional(where, rec, key, dict, {"kind": "always"})
    known(f"{where}: {key}", raw, {"kind", "params"})
    kind = choice(f"{where}: {key}", raw, "kind", tuple(CONDITIONS))
    return Condition(kind, params(f"{where}: {key}", kind, CONDITIONS[kind], raw.get("params", {})))


def abilities(where: str, rec: dict[str, Any]) -> tuple[Ability, ...]:
    out = []
    for i, raw in enumerate(optional(where, rec, "ability", list, [])):
        awhere = f"{where}: ability {i + 1}"
        ab = typed(awhere, "ability", raw, dict)
        known(awhere, ab, {"window", "energy", "clarity", "use", "steps"})
        out.append(
            Ability(
                choice(awhere, ab, "window", WINDOWS),
                count(awhere, ab, "energy", 0),
                count(awhere, ab, "clarity", 0),
                choice(awhere, ab, "use", USES),
                steps(awhere, ab, "steps"),
            )
        )
    return tuple(out)


def records(data: dict[str, Any], file: str, kind: str, key: str = "name") -> list[Any]:
    """(where, record) for each `[[kind]]` record, named by its `key` field; names unique."""
    out = []
    seen: set[str] = set()
    for i, rec in enumerate(typed(file, kind, data.get(kind, []), list)):
        rec = typed(f"{file}: {kind} {i + 1}", kind, rec, dict)
        name = need(f"{file}: {kind} {i + 1}", rec, key, str)
        where = f"{file}: {kind} {name!r}"
        if name in seen:
            raise ContentError(f"{where}: a second {kind} of that {key}")
        seen.add(name)
        out.append((where, name, rec))
    return out


# -- the records ------------------------------------------------------------------------------


_RULES = {"min_agents", "max_players", "start_energy", "health_base", "clarity"}
_RULES |= {"overcharge_clarity", "clarity_zero_health", "unengaged", "summon", "shards"}
_RULES |= {"refresh", "rest", "recharge", "searchers", "counts", "tokens", "source"}
_RULES |= {"hand_slots", "belt_slots", "bare_hand_power"}


def pair(where: str, rec: dict[str, Any], key: str) -> tuple[int, int]:
    vals = need(where, rec, key, list)
    if len(vals) != 2:
        raise ContentError(f"{where}: field {key!r} must be two numbers")
    a, b = (nonneg(where, key, typed(where, key, v, int)) for v in vals)
    return a, b


def parse_rules(data: dict[str, Any], file: str = "rules.toml") -> Rules:
    where = f"{file}: rules"
    rec = need(file, data, "rules", dict)
    known(where, rec, _RULES)
    summon = {}
    for k, v in need(where, rec, "summon", dict).items():
        if not k.isdigit():
            raise ContentError(f"{where}: field 'summon' keys are Agent counts, not {k!r}")
        summon[int(k)] = nonneg(where, f"summon.{k}", typed(where, f"summon.{k}", v, int))
    src, fs = sources(where, rec)
    return Rules(
        min_agents=count(where, rec, "min_agents"),
        max_players=count(where, rec, "max_players"),
        start_energy=count(where, rec, "start_energy"),
        health_base=count(where, rec, "health_base"),
        clarity=count(where, rec, "clarity"),
        overcharge_clarity=count(where, rec, "overcharge_clarity"),
        clarity_zero_health=count(where, rec, "clarity_zero_health"),
        unengaged=pair(where, rec, "unengaged"),
        summon=summon,
        shards=counts_table(where, rec, "shards", COLOURS),
        refresh=strings(where, rec, "refresh"),
        rest=pair(where, rec, "rest"),
        recharge=count(where, rec, "recharge"),
        searchers=count(where, rec, "searchers"),
        hand_slots=count(where, rec, "hand_slots"),
        belt_slots=count(where, rec, "belt_slots"),
        bare_hand_power=count(where, rec, "bare_hand_power"),
        counts=counts_table(where, rec, "counts"),
        tokens=counts_table(where, rec, "tokens"),
        source=src,
        field_sources=fs,
    )


_SKILL = {"name", "energy", "clarity", "cooldown", "window", "steps", "text"}
_AGENT = {"name", "colour", "skill", "items", "upgrade_slots", "backpack_slots", "max_energy"}
_AGENT |= {"deck", "decisions", "text", "source"}


def parse_agents(data: dict[str, Any], file: str = "agents.toml") -> tuple[Agent, ...]:
    out = []
    for where, name, rec in records(data, file, "agent"):
        known(where, rec, _AGENT)
        raw_skills = need(where, rec, "skill", list)
        if len(raw_skills) != 2:
            raise ContentError(f"{where}: field 'skill' must give exactly two Skills")
        skills = []
        for i, raw in enumerate(raw_skills):
            swhere = f"{where}: skill {i + 1}"
            sk = typed(swhere, "skill", raw, dict)
            known(swhere, sk, _SKILL)
            skills.append(
                Skill(
                    need(swhere, sk, "name", str),
                    count(swhere, sk, "energy"),
                    count(swhere, sk, "clarity"),
                    choice(swhere, sk, "cooldown", ("refresh",)),
                    choice(swhere, sk, "window", WINDOWS),
                    steps(swhere, sk, "steps"),
                    need(swhere, sk, "text", str),
                )
            )
        src, fs = sources(where, rec)
        out.append(
            Agent(
                name=name,
                slug=slugify(name),
                colour=need(where, rec, "colour", str),
                skills=(skills[0], skills[1]),
                items=strings(where, rec, "items"),
                upgrade_slots=count(where, rec, "upgrade_slots"),
                backpack_slots=count(where, rec, "backpack_slots"),
                max_energy=count(where, rec, "max_energy"),
                deck=counts_table(where, rec, "deck"),
                decisions=strings(where, rec, "decisions"),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


_CARD = {"name", "category", "timing_cost", "damage", "rage", "keywords", "steps", "text"}
_CARD |= {"source"}


def parse_combat_cards(data: dict[str, Any], file: str = "combat.toml") -> tuple[CombatCard, ...]:
    out = []
    for where, name, rec in records(data, file, "card"):
        known(where, rec, _CARD)
        src, fs = sources(where, rec)
        out.append(
            CombatCard(
                name=name,
                slug=slugify(name),
                category=choice(where, rec, "category", CATEGORIES),
                timing_cost=count(where, rec, "timing_cost"),
                damage=count(where, rec, "damage", 0),
                rage=count(where, rec, "rage", 0),
                keywords=strings(where, rec, "keywords", KEYWORDS),
                steps=steps(where, rec, "steps"),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


_TREASURE = {"name", "colour", "copies", "kind", "size", "hands", "combat_power"}
_TREASURE |= {"damage_type", "energy", "timeless", "set", "ability", "text", "source"}


def parse_treasures(data: dict[str, Any], file: str = "treasures.toml") -> tuple[Treasure, ...]:
    out = []
    for where, name, rec in records(data, file, "treasure"):
        known(where, rec, _TREASURE)
        kind = choice(where, rec, "kind", ITEM_KINDS)
        hands = count(where, rec, "hands", 0)
        power = count(where, rec, "combat_power", 0)
        dtype = optional(where, rec, "damage_type", str, "")
        if kind == "item" and (hands or power or dtype):
            raise ContentError(f"{where}: field 'kind' is 'item': no hands, Combat Power, type")
        if kind != "item" and hands not in (1, 2):
            raise ContentError(f"{where}: field 'hands' must be 1 or 2 for a {kind}")
        if kind == "weapon":
            one_of(where, "damage_type", dtype, DAMAGE_TYPES)
        elif dtype:
            raise ContentError(f"{where}: field 'damage_type' is for weapons only")
        timeless = optional(where, rec, "timeless", bool, False)
        energy = count(where, rec, "energy", 0)
        if timeless == (energy > 0):
            raise ContentError(f"{where}: field 'energy': a Timeless item has none, others some")
        src, fs = sources(where, rec)
        out.append(
            Treasure(
                name=name,
                slug=slugify(name),
                colour=choice(where, rec, "colour", COLOURS),
                copies=count(where, rec, "copies", 1),
                kind=kind,
                size=choice(where, rec, "size", SIZES),
                hands=hands,
                combat_power=power,
                damage_type=dtype,
                energy=energy,
                timeless=timeless,
                set=optional(where, rec, "set", str, ""),
                abilities=abilities(where, rec),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


def parse_allies(data: dict[str, Any], file: str = "allies.toml") -> tuple[Ally, ...]:
    out = []
    for where, name, rec in records(data, file, "ally"):
        known(where, rec, {"name", "clarity", "ability", "text", "source"})
        src, fs = sources(where, rec)
        out.append(
            Ally(
                name=name,
                slug=slugify(name),
                clarity=count(where, rec, "clarity"),
                abilities=abilities(where, rec),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


def parse_upgrades(data: dict[str, Any], file: str = "allies.toml") -> tuple[Upgrade, ...]:
    out = []
    for where, name, rec in records(data, file, "upgrade"):
        known(where, rec, {"name", "copies", "ability", "text", "source"})
        src, fs = sources(where, rec)
        out.append(
            Upgrade(
                name=name,
                slug=slugify(name),
                copies=count(where, rec, "copies", 1),
                abilities=abilities(where, rec),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


_ENEMY = {"name", "colour", "copies", "health", "energy", "treasure", "immune", "weak"}
_ENEMY |= {"passive", "base", "rage", "text", "source"}


def _attack(where: str, raw: Any, timeline: bool) -> Attack:
    rec = typed(where, "attack", raw, dict)
    known(
        where,
        rec,
        {"timeline", "rage", "countdown", "steps"} if timeline else {"countdown", "steps"},
    )
    return Attack(
        choice(where, rec, "timeline", TIMELINES) if timeline else "",
        count(where, rec, "rage") if timeline else 0,
        count(where, rec, "countdown", 0),
        steps(where, rec, "steps"),
    )


def parse_enemies(
    data: dict[str, Any], shards: dict[str, int], file: str = "enemies.toml"
) -> tuple[Enemy, ...]:
    out = []
    for where, name, rec in records(data, file, "enemy"):
        known(where, rec, _ENEMY)
        health = count(where, rec, "health")
        if health < 1:
            raise ContentError(f"{where}: field 'health' must be at least 1, not {health}")
        colour = choice(where, rec, "colour", COLOURS)
        rage = tuple(
            _attack(f"{where}: rage {i + 1}", raw, True)
            for i, raw in enumerate(optional(where, rec, "rage", list, []))
        )
        lines = [a.timeline for a in rage]
        if len(lines) != len(set(lines)):
            raise ContentError(f"{where}: field 'rage' gives a Timeline twice")
        src, fs = sources(where, rec)
        out.append(
            Enemy(
                name=name,
                slug=slugify(name),
                colour=colour,
                copies=count(where, rec, "copies", 1),
                health=health,
                energy=count(where, rec, "energy", 0),
                treasure=counts_table(where, rec, "treasure", COLOURS),
                immune=strings(where, rec, "immune", DAMAGE_TYPES),
                weak=counts_table(where, rec, "weak", DAMAGE_TYPES),
                passive=steps(where, rec, "passive"),
                base=_attack(f"{where}: base", need(where, rec, "base", dict), False),
                rage=rage,
                shards=shards.get(colour, 0),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)
