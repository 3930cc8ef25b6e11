"""The Librarians content: reading and checking the adventures (Missions, Disturbances, the
Adventure deck, special cards) and the campaign checklist.
"""

from __future__ import annotations

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
from tabletop.games.librarians.parse import (
    _abilities,
    _challenge,
    _steps,
    _strings,
    _unique_names,
)
from tabletop.games.librarians.records import (
    ADVENTURE_KINDS,
    ADVENTURE_TYPES,
    CARD,
    EFFECTS,
    KEYWORDS,
    PER_SUCCESS,
    Ability,
    Adventure,
    AdventureCard,
    Choice,
    Disturbance,
    Mission,
    Step,
    Unlock,
)

_MISSION_FIELDS = {"id", "name", "challenge", "advance", "per_success", "next", "choices"}
_MISSION_FIELDS |= {"path", "win", "unlocks", "ability", "flip", "text", "source"}
_DISTURBANCE_FIELDS = {"id", "name", "advance", "next", "lose", "ability", "flip", "text"}
_DISTURBANCE_FIELDS |= {"source"}
_ADV_CARD_FIELDS = {"name", "type", "deck", "set_aside", "unique", "traits", "keywords"}
_ADV_CARD_FIELDS |= {"challenge", "life", "damage", "progress", "fate", "ability", "text"}
_ADV_CARD_FIELDS |= {"source"}
_BY_TYPE = {
    "enemy": {"challenge", "life", "damage"},
    "obstacle": {"challenge", "progress", "fate"},
    "complication": set(),
    "special": set(),
}


def _mission(where: str, rec: dict[str, Any]) -> Mission:
    _known(where, rec, _MISSION_FIELDS)
    raw = need(where, rec, "advance", object)
    advance: tuple[int, int, int, int] | None
    if raw == "*":
        advance = None
    else:
        vals = typed(where, "advance", raw, list)
        if len(vals) != 4 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in vals
        ):
            raise ContentError(f"{where}: field 'advance' must be 4 values (1-4 players) or '*'")
        advance = (vals[0], vals[1], vals[2], vals[3])
    challenge = _challenge(where, rec)
    per = optional(where, rec, "per_success", str, "")
    if challenge is not None:
        one_of(where, "per_success", need(where, rec, "per_success", str), PER_SUCCESS)
    elif per:
        raise ContentError(f"{where}: field 'per_success' needs a 'challenge'")
    choices = []
    for j, c in enumerate(optional(where, rec, "choices", list, [])):
        cwhere = f"{where}: choice {j + 1}"
        ch = typed(cwhere, "choices", c, dict)
        _known(cwhere, ch, {"label", "next"})
        choices.append(Choice(need(cwhere, ch, "label", str), need(cwhere, ch, "next", str)))
    nxt = optional(where, rec, "next", str, "")
    win = optional(where, rec, "win", bool, False)
    if sum((bool(nxt), bool(choices), win)) != 1:
        raise ContentError(f"{where}: a Mission has exactly one of 'next', 'choices' or 'win'")
    unlocks = _strings(where, rec, "unlocks")
    if unlocks and not win:
        raise ContentError(f"{where}: field 'unlocks' is only for a winning Mission")
    src, fs = _sources(where, rec)
    return Mission(
        id=need(where, rec, "id", str),
        name=need(where, rec, "name", str),
        challenge=challenge,
        advance=advance,
        per_success=per,
        next=nxt,
        choices=tuple(choices),
        path=optional(where, rec, "path", str, ""),
        win=win,
        unlocks=unlocks,
        abilities=_abilities(where, rec, ADVENTURE_KINDS),
        flip=_steps(where, rec, "flip"),
        text=need(where, rec, "text", str),
        source=src,
        field_sources=fs,
    )


def _disturbance(where: str, rec: dict[str, Any]) -> Disturbance:
    _known(where, rec, _DISTURBANCE_FIELDS)
    advance = need(where, rec, "advance", int)
    if advance < 1:
        raise ContentError(f"{where}: field 'advance' must be at least 1, not {advance}")
    nxt = optional(where, rec, "next", str, "")
    lose = optional(where, rec, "lose", bool, False)
    if bool(nxt) == lose:
        raise ContentError(f"{where}: a Disturbance has exactly one of 'next' or 'lose'")
    abilities = _abilities(where, rec, ADVENTURE_KINDS)
    if sum(a.kind == "serpent" for a in abilities) != 1:
        raise ContentError(f"{where}: a Disturbance has exactly one Serpent effect")
    src, fs = _sources(where, rec)
    return Disturbance(
        need(where, rec, "id", str),
        need(where, rec, "name", str),
        advance,
        nxt,
        lose,
        abilities,
        _steps(where, rec, "flip"),
        need(where, rec, "text", str),
        src,
        fs,
    )


def _adventure_card(where: str, rec: dict[str, Any]) -> AdventureCard:
    _known(where, rec, _ADV_CARD_FIELDS)
    typ = one_of(where, "type", need(where, rec, "type", str), ADVENTURE_TYPES)
    for key in ("challenge", "life", "damage", "progress", "fate"):
        if key in _BY_TYPE[typ]:
            need(where, rec, key, object)
        elif key in rec:
            raise ContentError(f"{where}: field {key!r} is not for a {typ}")
    deck = _nonneg(where, "deck", optional(where, rec, "deck", int, 0))
    aside = _nonneg(where, "set_aside", optional(where, rec, "set_aside", int, 0))
    if deck + aside == 0:
        raise ContentError(f"{where}: a card needs copies in 'deck' or 'set_aside'")
    if typ == "special" and deck:
        raise ContentError(f"{where}: a Special card is never in the Adventure deck")
    keywords = tuple(
        one_of(where, "keywords", k, KEYWORDS) for k in _strings(where, rec, "keywords")
    )
    if keywords and typ != "enemy":
        raise ContentError(f"{where}: field 'keywords' is only for enemies")
    abilities = _abilities(where, rec, ADVENTURE_KINDS)
    if typ == "complication" and not any(a.trigger == "revealed" for a in abilities):
        raise ContentError(f"{where}: a Complication needs a forced 'revealed' ability")
    ints = {}
    for key in ("life", "damage", "progress", "fate"):
        ints[key] = _nonneg(where, key, optional(where, rec, key, int, 0))
    for key in ("life", "progress"):
        if key in _BY_TYPE[typ] and ints[key] < 1:
            raise ContentError(f"{where}: field {key!r} must be at least 1")
    src, fs = _sources(where, rec)
    name = need(where, rec, "name", str)
    return AdventureCard(
        name=name,
        slug=slugify(name),
        type=typ,
        deck=deck,
        set_aside=aside,
        unique=optional(where, rec, "unique", bool, False),
        traits=_strings(where, rec, "traits"),
        keywords=keywords,
        challenge=_challenge(where, rec),
        abilities=abilities,
        text=need(where, rec, "text", str),
        source=src,
        field_sources=fs,
        **ints,
    )


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
        if cur in seen:
            continue
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


def parse_adventure(data: dict[str, Any], file: str) -> Adventure:
    head = need(file, data, "adventure", dict)
    where = f"{file}: [adventure]"
    _known(where, head, {"code", "name", "order", "text", "setup", "source"})
    code = need(where, head, "code", str)
    src, fs = _sources(where, head)
    setup = _steps(where, head, "setup")
    if not setup:
        raise ContentError(f"{where}: missing field 'setup' (the Setup card's steps)")
    missions = tuple(
        _mission(f"{file}: mission {rec.get('id', i + 1)!r}", rec)
        for i, rec in enumerate(data.get("mission", []))
    )
    disturbances = tuple(
        _disturbance(f"{file}: disturbance {rec.get('id', i + 1)!r}", rec)
        for i, rec in enumerate(data.get("disturbance", []))
    )
    cards = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i + 1}", rec, "name", str)
        cards.append(_adventure_card(f"{file}: card {name!r}", rec))
    for what, recs in (("mission", missions), ("disturbance", disturbances), ("card", cards)):
        if not recs:
            raise ContentError(f"{file}: no {what} records")
    _unique_names(file, "mission", [m.id for m in missions])
    _unique_names(file, "disturbance", [d.id for d in disturbances])
    _unique_names(file, "card", [c.name for c in cards])
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
    by_name = {c.name: c for c in cards}
    steps: list[tuple[str, Step | Ability]] = [(where, s) for s in setup]
    for m in missions:
        steps += [(f"{file}: mission {m.id!r}", s) for s in m.flip]
        steps += [(f"{file}: mission {m.id!r}", a) for a in m.abilities]
    for d in disturbances:
        steps += [(f"{file}: disturbance {d.id!r}", s) for s in d.flip]
        steps += [(f"{file}: disturbance {d.id!r}", a) for a in d.abilities]
    for c in cards:
        steps += [(f"{file}: card {c.name!r}", a) for a in c.abilities]
    for swhere, step in steps:
        for key, kind in EFFECTS[step.effect].items():
            if kind != CARD:
                continue
            name = str(step.params[key])
            if name not in by_name:
                raise ContentError(
                    f"{swhere}: field 'params.{key}' names no card of this adventure: {name!r}"
                )
            if (
                step.effect in ("put-into-play", "shuffle-into-deck")
                and not by_name[name].set_aside
            ):
                raise ContentError(f"{swhere}: {name!r} must have copies 'set_aside' to bring in")
    return Adventure(
        code=code,
        name=need(where, head, "name", str),
        order=need(where, head, "order", int),
        text=need(where, head, "text", str),
        setup=setup,
        missions=missions,
        disturbances=disturbances,
        cards=tuple(cards),
        source=src,
        field_sources=fs,
    )


def parse_campaign(data: dict[str, Any], file: str = "campaign.toml") -> tuple[Unlock, ...]:
    out = []
    for i, rec in enumerate(data.get("unlock", [])):
        card = need(f"{file}: unlock {i + 1}", rec, "card", str)
        where = f"{file}: unlock {card!r}"
        _known(where, rec, {"card", "adventure", "path", "source"})
        src, fs = _sources(where, rec)
        out.append(
            Unlock(
                card,
                need(where, rec, "adventure", str),
                optional(where, rec, "path", str, ""),
                src,
                fs,
            )
        )
    _unique_names(file, "unlock", [u.card for u in out])
    return tuple(out)
