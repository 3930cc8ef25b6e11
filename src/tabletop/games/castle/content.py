"""Castle Von Loghan content: the rules numbers, the eight Agents with their Skills, Combat decks
and Decision cards, the combat cards, Treasures, Allies, Upgrades, enemies, the Random Events
and their tokens, the three boards, the campaign's Missions with their Story decks, the
Contract, Loghan Chase and Warden decks and the game modes, read from `content/*.toml` and
validated at load time. A bad file is an error naming the file, the record and the field.

Every record says where it comes from (`source = "rulebook"` or `"authored"`); a record some of
whose fields come from the other source marks them `<field>_source`. Behaviour is named by
handler ids with typed parameters (`EFFECTS`, and `CONDITIONS` for what cards wait for): the
complete lists the rules engine implements, so a typo, a wrong parameter or a reference to
nothing (a room, a door, an enemy, a Treasure, an Ally, a Story card) is a load error.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletop.engine.content import ContentError, read_toml
from tabletop.engine.patch import per_patch
from tabletop.games.castle.parse import (
    parse_agents,
    parse_allies,
    parse_boards,
    parse_combat_cards,
    parse_decks,
    parse_enemies,
    parse_events,
    parse_mission,
    parse_modes,
    parse_rules,
    parse_tokens,
    parse_treasures,
    parse_upgrades,
)
from tabletop.games.castle.records import (
    ALLY,
    CONDITIONS,
    DOOR,
    EFFECTS,
    ENEMY,
    ITEM,
    ROOM,
    STORY,
    Board,
    Condition,
    Content,
    Mission,
    Step,
)

MISSION_FILES = tuple(f"missions/m{i:02d}.toml" for i in range(1, 11))
FILES: tuple[str, ...] = (
    "rules.toml",
    "agents.toml",
    "combat.toml",
    "treasures.toml",
    "allies.toml",
)
FILES += ("enemies.toml", "events.toml", "tokens.toml", "boards.toml", "decks.toml")
FILES += ("modes.toml", *MISSION_FILES)
DECISIONS = ("A", "B", "C", "D")
DECK_SIZE = 32  # 256 Combat Cards, 32 per Agent


def behaviour(c: Content) -> Iterator[tuple[str, Step | Condition, Mission | None]]:
    """Every effect and condition of the content, with where it is and its Mission (if any)."""
    for a in c.agents:
        for s in a.skills:
            for st in s.steps:
                yield f"agents.toml: agent {a.name!r}: skill {s.name!r}", st, None
    for card in c.combat_cards:
        for st in card.steps:
            yield f"combat.toml: card {card.name!r}", st, None
    for kind, file, recs in (
        ("treasure", "treasures.toml", c.treasures),
        ("ally", "allies.toml", c.allies),
        ("upgrade", "allies.toml", c.upgrades),
    ):
        for r in recs:
            for ab in r.abilities:
                for st in ab.steps:
                    yield f"{file}: {kind} {r.name!r}", st, None
    for e in c.enemies:
        for st in (*e.passive, *e.base.steps, *(s for a in e.rage for s in a.steps)):
            yield f"enemies.toml: enemy {e.name!r}", st, None
    for ev in c.events:
        for st in (*(s for o in ev.options for s in o), *ev.end.steps):
            yield f"events.toml: event {ev.name!r}", st, None
    for d in c.decks:
        yield f"decks.toml: {d.deck} {d.name!r}", d.wait, None
        for st in d.steps:
            yield f"decks.toml: {d.deck} {d.name!r}", st, None
    for file, m in zip(MISSION_FILES, c.missions, strict=True):
        for sc in m.cards:
            where = f"{file}: mission {m.number}: card {sc.number!r}"
            yield where, sc.wait, m
            for st in sc.steps:
                yield where, st, m


def _check_reference(
    where: str, kind: str, key: str, val: str, c: Content, board: Board | None, m: Mission | None
) -> None:
    field = f"params.{key}"
    if kind in (ROOM, DOOR) and board is None and not (kind == ROOM and val == "here"):
        raise ContentError(
            f"{where}: field {field!r} names a {kind}, which only a Mission's card may: {val!r}"
        )
    if kind == ROOM:
        rooms = {r.id for r in board.rooms} if board is not None else set()
        if val != "here" and val not in rooms:
            raise ContentError(f"{where}: field {field!r} names no room of its board: {val!r}")
    elif kind == DOOR:
        doors = {d.id for d in board.doors} if board is not None else set()
        if val not in doors:
            raise ContentError(f"{where}: field {field!r} names no door of its board: {val!r}")
    elif kind == ENEMY and val not in {e.name for e in c.enemies}:
        raise ContentError(f"{where}: field {field!r} names no enemy: {val!r}")
    elif kind == ITEM and val not in {t.name for t in c.treasures}:
        raise ContentError(f"{where}: field {field!r} names no Treasure: {val!r}")
    elif kind == ALLY and val not in {a.name for a in c.allies}:
        raise ContentError(f"{where}: field {field!r} names no Ally: {val!r}")
    elif kind == STORY and (m is None or val not in {card.number for card in m.cards}):
        raise ContentError(f"{where}: field {field!r} names no card of its Mission: {val!r}")


def check_references(c: Content) -> None:
    for where, b, m in behaviour(c):
        spec = EFFECTS[b.effect] if isinstance(b, Step) else CONDITIONS[b.kind]
        board = c.board(m.timeline) if m is not None else None
        for key, kind in spec.items():
            if isinstance(kind, str):
                _check_reference(where, kind, key, str(b.params[key]), c, board, m)


def content_board(boards: tuple[Board, ...], timeline: str) -> Board:
    return next(b for b in boards if b.timeline == timeline)


def build(files: dict[str, dict[str, Any]]) -> Content:
    """Validate parsed TOML documents (by file name, as in `FILES`) into `Content`."""
    rules = parse_rules(files["rules.toml"])
    agents = parse_agents(files["agents.toml"])
    cards = parse_combat_cards(files["combat.toml"])
    treasures = parse_treasures(files["treasures.toml"])
    allies = parse_allies(files["allies.toml"])
    upgrades = parse_upgrades(files["allies.toml"])
    enemies = parse_enemies(files["enemies.toml"], dict(rules.shards))
    events = parse_events(files["events.toml"])
    tokens = parse_tokens(files["tokens.toml"])
    boards = parse_boards(files["boards.toml"])
    decks = parse_decks(files["decks.toml"])
    modes = parse_modes(files["modes.toml"])
    missions = tuple(parse_mission(files[f], f) for f in MISSION_FILES)

    card_names = {card.name for card in cards}
    by_treasure = {t.name: t for t in treasures}
    colours = [a.colour for a in agents]
    if len(colours) != len(set(colours)):
        raise ContentError("agents.toml: two Agents share a colour")
    for a in agents:
        where = f"agents.toml: agent {a.name!r}"
        for name in a.deck:
            if name not in card_names:
                raise ContentError(f"{where}: field 'deck' names no combat card: {name!r}")
        if sum(a.deck.values()) != DECK_SIZE:
            raise ContentError(
                f"{where}: field 'deck' holds {sum(a.deck.values())} cards, not {DECK_SIZE}"
            )
        if a.decisions != DECISIONS:
            raise ContentError(f"{where}: field 'decisions' must be A, B, C, D")
        for name in a.items:
            if name not in by_treasure:
                raise ContentError(f"{where}: field 'items' names no Treasure: {name!r}")
    for t in treasures:
        if t.set:
            unique = by_treasure.get(t.set)
            if not t.timeless or unique is None or unique.colour != "violet":
                raise ContentError(
                    f"treasures.toml: treasure {t.name!r}: field 'set' must name a violet "
                    f"Unique Treasure, and only a Timeless piece has one: {t.set!r}"
                )
    if [b.timeline for b in boards] != ["past", "present", "future"]:
        raise ContentError("boards.toml: the boards must be the past, present and future")
    for file, m in zip(MISSION_FILES, missions, strict=True):
        if m.number != MISSION_FILES.index(file) + 1:
            raise ContentError(f"{file}: mission {m.number}: field 'number' must match its file")
        where = f"{file}: mission {m.number}"
        if m.start not in {r.id for r in content_board(boards, m.timeline).rooms}:
            raise ContentError(f"{where}: field 'start' names no room of its board: {m.start!r}")
        for name in m.recommended:
            if name not in {a.name for a in agents}:
                raise ContentError(f"{where}: field 'recommended' names no Agent: {name!r}")
        kinds = [card.kind for card in m.cards]
        if kinds.count("intro") != 1 or kinds.count("outro") != 1:
            raise ContentError(f"{file}: mission {m.number}: needs one intro and one outro card")

    for mode in modes:
        if mode.start and mode.start not in {r.id for b in boards for r in b.rooms}:
            raise ContentError(f"modes.toml: mode {mode.id!r}: field 'start' names no room")

    content = Content(
        rules,
        agents,
        cards,
        treasures,
        allies,
        upgrades,
        enemies,
        events,
        tokens,
        boards,
        missions,
        decks,
        modes,
    )
    check_references(content)
    return content


def _read(name: str) -> dict[str, Any]:
    return read_toml("tabletop.games.castle", name)


def _read_all() -> dict[str, dict[str, Any]]:
    return {name: _read(name) for name in FILES}


# The content, shipped (`load()`) or under a patch (`load(patch)`): built once per patch.
load = per_patch("castle", _read_all, build)


__all__ = [
    "CONDITIONS",
    "DECISIONS",
    "EFFECTS",
    "FILES",
    "MISSION_FILES",
    "Content",
    "Step",
    "_read",
    "behaviour",
    "build",
    "load",
]
