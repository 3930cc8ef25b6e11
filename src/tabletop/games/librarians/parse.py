"""The Librarians content: each record of `content/*.toml` validated against its declared
dataclass in `records.py` (one `tabletop.engine.declared.record` call each: a bad field is an
error naming the file, the record and the field), plus the checks that span a file (card
numbers dealt in order, seven cards per Discipline, one Aid card per difficulty).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.declared import record, records, validate
from tabletop.games.librarians.records import (
    ATTRIBUTES,
    CARD,
    DICE_KINDS,
    DIFFICULTIES,
    EFFECTS,
    Ability,
    Adventure,
    AdventureCard,
    AidCard,
    Die,
    Discipline,
    Disturbance,
    EffectCard,
    FocusPower,
    Hero,
    Mission,
    PlayerCard,
    Source,
    Step,
    Unlock,
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


# -- adventures and the campaign ---------------------------------------------------------------

_BY_TYPE = {
    "enemy": ("challenge", "life", "damage"),
    "obstacle": ("challenge", "progress", "fate"),
    "complication": (),
    "special": (),
}


def _mission(m: Mission) -> str | None:
    if m.challenge is not None and not m.per_success:
        return "missing field 'per_success'"
    if m.challenge is None and m.per_success:
        return "field 'per_success' needs a 'challenge'"
    if sum((bool(m.next), bool(m.choices), m.win)) != 1:
        return "a Mission has exactly one of 'next', 'choices' or 'win'"
    if m.unlocks and not m.win:
        return "field 'unlocks' is only for a winning Mission"
    return None


def _disturbance(d: Disturbance) -> str | None:
    if bool(d.next) == d.lose:
        return "a Disturbance has exactly one of 'next' or 'lose'"
    if sum(a.kind == "serpent" for a in d.abilities) != 1:
        return "a Disturbance has exactly one Serpent effect"
    return None


def _adventure_card(rec: dict[str, Any]) -> Any:
    """The checks of an Adventure card (`rec`: what its file gives)."""

    def check(c: AdventureCard) -> str | None:
        for key in ("challenge", "life", "damage", "progress", "fate"):
            if key in _BY_TYPE[c.type] and key not in rec:
                return f"missing field {key!r}"
            if key not in _BY_TYPE[c.type] and key in rec:
                return f"field {key!r} is not for a {c.type}"
        if c.deck + c.set_aside == 0:
            return "a card needs copies in 'deck' or 'set_aside'"
        if c.type == "special" and c.deck:
            return "a Special card is never in the Adventure deck"
        if c.keywords and c.type != "enemy":
            return "field 'keywords' is only for enemies"
        if c.type == "complication" and not any(a.trigger == "revealed" for a in c.abilities):
            return "a Complication needs a forced 'revealed' ability"
        for key in ("life", "progress"):
            if key in _BY_TYPE[c.type] and getattr(c, key) < 1:
                return f"field {key!r} must be at least 1"
        return None

    return check


def _chain(file: str, what: str, ids: list[str], edges: dict[str, list[str]]) -> None:
    """Every card is reached from the first, each link names a card, and there is no loop."""
    for src, targets in edges.items():
        for t in targets:
            if t not in edges:
                raise ContentError(f"{file}: {what} {src!r}: names no {what} {t!r}")
    seen: set[str] = set()
    todo = [ids[0]]
    while todo:
        cur = todo.pop()
        if cur not in seen:
            seen.add(cur)
            todo.extend(edges[cur])
    if seen != set(ids):
        lost = sorted(set(ids) - seen)
        raise ContentError(f"{file}: {what} {lost[0]!r} cannot be reached from {ids[0]!r}")
    order = {m: i for i, m in enumerate(ids)}
    for src, targets in edges.items():
        for t in targets:
            if order[t] <= order[src]:
                raise ContentError(f"{file}: {what} {src!r}: must lead to a later stage, not {t!r}")


def _card_references(file: str, adventure: Adventure) -> None:
    """Every card a step names is a card of the adventure; one brought in has copies set
    aside."""
    by_name = {c.name: c for c in adventure.cards}
    steps: list[tuple[str, Step | Ability]] = [(f"{file}: [adventure]", s) for s in adventure.setup]
    for m in adventure.missions:
        steps += [(f"{file}: mission {m.id!r}", s) for s in m.flip]
        steps += [(f"{file}: mission {m.id!r}", a) for a in m.abilities]
    for d in adventure.disturbances:
        steps += [(f"{file}: disturbance {d.id!r}", s) for s in d.flip]
        steps += [(f"{file}: disturbance {d.id!r}", a) for a in d.abilities]
    for c in adventure.cards:
        steps += [(f"{file}: card {c.name!r}", a) for a in c.abilities]
    for where, step in steps:
        for key, kind in EFFECTS[step.effect].items():
            name = str(step.params[key])
            if kind == CARD and name not in by_name:
                raise ContentError(
                    f"{where}: field 'params.{key}' names no card of this adventure: {name!r}"
                )
            bring = step.effect in ("put-into-play", "shuffle-into-deck")
            if kind == CARD and bring and not by_name[name].set_aside:
                raise ContentError(f"{where}: {name!r} must have copies 'set_aside' to bring in")


def parse_adventure(data: dict[str, Any], file: str) -> Adventure:
    if not isinstance(data.get("adventure"), dict):
        raise ContentError(f"{file}: missing field 'adventure'")
    head, where = data["adventure"], f"{file}: [adventure]"
    if not head.get("setup"):
        raise ContentError(f"{where}: missing field 'setup' (the Setup card's steps)")
    missions = tuple(
        record(Mission, {**rec, "advance": None} if rec.get("advance") == "*" else rec, w, _mission)
        for w, _, rec in records(data, file, "mission", key="id")
    )
    disturbances = tuple(
        record(Disturbance, rec, w, _disturbance)
        for w, _, rec in records(data, file, "disturbance", key="id")
    )
    cards = tuple(
        record(AdventureCard, rec, w, _adventure_card(rec), slug=slugify(name))
        for w, name, rec in records(data, file, "card")
    )
    for what, recs in (("mission", missions), ("disturbance", disturbances), ("card", cards)):
        if not recs:
            raise ContentError(f"{file}: no {what} records")
    _chain(
        file,
        "mission",
        [m.id for m in missions],
        {m.id: [m.next] if m.next else [c.next for c in m.choices] for m in missions},
    )
    _chain(
        file,
        "disturbance",
        [d.id for d in disturbances],
        {d.id: [d.next] if d.next else [] for d in disturbances},
    )
    winners = [m for m in missions if m.win]
    if len({m.path for m in winners}) != len(winners):
        raise ContentError(f"{file}: each winning Mission needs its own 'path'")
    if not any(c.deck for c in cards):
        raise ContentError(f"{file}: the Adventure deck is empty")
    parts: dict[str, Any] = {"missions": missions, "disturbances": disturbances, "cards": cards}
    adventure = record(Adventure, head, where, **parts)
    _card_references(file, adventure)
    return adventure


def parse_campaign(data: dict[str, Any], file: str = "campaign.toml") -> tuple[Unlock, ...]:
    return tuple(record(Unlock, rec, w) for w, _, rec in records(data, file, "unlock", "card"))
