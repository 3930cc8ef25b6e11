"""Castle Von Loghan content: the parsers of the Random Events and their tokens, the three
boards, the Missions with their Story decks, the small decks (Contracts, Loghan Chase, Warden)
and the game modes (a bad field is an error naming the file, the record and the field).
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.engine.content import (
    ContentError,
    known,
    need,
    one_of,
    optional,
    slugify,
    sources,
    typed,
)
from tabletop.games.castle.parse import (
    choice,
    condition,
    count,
    pair,
    records,
    steps,
    strings,
)
from tabletop.games.castle.records import (
    DOOR_KINDS,
    EVENT_COLOURS,
    EVENT_SUMMONS,
    MODES,
    SEARCH_KINDS,
    SNEAK_FACES,
    STORY_KINDS,
    TIEBREAKS,
    TIMELINES,
    Board,
    DeckCard,
    Door,
    EndEvent,
    EventToken,
    Mission,
    Mode,
    RandomEvent,
    Room,
    SearchResult,
    StoryCard,
)

_EVENT = {"name", "colour", "copies", "group", "a", "b", "c", "d", "end", "text", "source"}


def _end(where: str, raw: Any) -> EndEvent:
    rec = typed(where, "end", raw, dict)
    known(where, rec, {"summon", "colour", "count", "steps"})
    summon = choice(where, rec, "summon", EVENT_SUMMONS)
    colour = optional(where, rec, "colour", str, "")
    n = count(where, rec, "count", 0)
    if summon == "none":
        if colour or n:
            raise ContentError(f"{where}: field 'summon' is 'none': no colour or count")
    else:
        one_of(where, "colour", colour, ("same", *EVENT_COLOURS, "violet"))
        if (summon == "group") != (n == 0):
            raise ContentError(f"{where}: field 'count' is 0 exactly for a group summon")
    return EndEvent(summon, colour, n, steps(where, rec, "steps"))


def parse_events(data: dict[str, Any], file: str = "events.toml") -> tuple[RandomEvent, ...]:
    out = []
    for where, name, rec in records(data, file, "event"):
        known(where, rec, _EVENT)
        a, b, c, d = (steps(where, rec, k) for k in "abcd")
        for k in "abcd":
            need(where, rec, k, list)
        src, fs = sources(where, rec)
        out.append(
            RandomEvent(
                name=name,
                slug=slugify(name),
                colour=choice(where, rec, "colour", EVENT_COLOURS),
                copies=count(where, rec, "copies", 1),
                group=optional(where, rec, "group", bool, False),
                options=(a, b, c, d),
                end=_end(f"{where}: end", need(where, rec, "end", dict)),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


def _search(where: str, raw: Any) -> SearchResult:
    rec = typed(where, "search", raw, dict)
    known(where, rec, {"kind", "amount", "colour"})
    kind = choice(where, rec, "kind", SEARCH_KINDS)
    amount = count(where, rec, "amount", 0)
    colour = optional(where, rec, "colour", str, "")
    if kind in ("treasure", "lurking"):
        one_of(where, "colour", colour, ("same", *EVENT_COLOURS))
    elif colour:
        raise ContentError(f"{where}: field 'colour' is for a Treasure or a Lurking Enemy")
    if (kind in ("nothing", "lurking", "gob-li")) != (amount == 0):
        raise ContentError(f"{where}: field 'amount' must be 0 exactly for {kind!r}")
    return SearchResult(kind, amount, colour)


def parse_tokens(data: dict[str, Any], file: str = "tokens.toml") -> tuple[EventToken, ...]:
    out = []
    for i, rec in enumerate(data.get("token", [])):
        where = f"{file}: token {i + 1}"
        rec = typed(where, "token", rec, dict)
        colour = choice(where, rec, "colour", EVENT_COLOURS)
        number = count(where, rec, "number")
        where = f"{file}: token {colour} {number}"
        known(where, rec, {"colour", "number", "sneak", "search", "source"})
        search = need(where, rec, "search", list)
        if len(search) != 4:
            raise ContentError(f"{where}: field 'search' must give the four areas")
        a, b, c, d = (_search(f"{where}: search {j + 1}", s) for j, s in enumerate(search))
        src, fs = sources(where, rec)
        out.append(
            EventToken(
                colour, number, choice(where, rec, "sneak", SNEAK_FACES), (a, b, c, d), src, fs
            )
        )
    seen = [(t.colour, t.number) for t in out]
    if len(seen) != len(set(seen)):
        raise ContentError(f"{file}: a token colour and number is given twice")
    return tuple(out)


_BOARD = {"timeline", "name", "colour", "year", "room", "door", "text", "source"}


def parse_boards(data: dict[str, Any], file: str = "boards.toml") -> tuple[Board, ...]:
    out = []
    for where, timeline, rec in records(data, file, "board", key="timeline"):
        one_of(where, "timeline", timeline, TIMELINES)
        known(where, rec, _BOARD)
        rooms = []
        for i, raw in enumerate(need(where, rec, "room", list)):
            rwhere = f"{where}: room {i + 1}"
            r = typed(rwhere, "room", raw, dict)
            known(rwhere, r, {"id", "name", "underground", "poi"})
            rid = need(rwhere, r, "id", str)
            rooms.append(
                Room(
                    rid,
                    need(f"{where}: room {rid!r}", r, "name", str),
                    optional(rwhere, r, "underground", bool, False),
                    optional(rwhere, r, "poi", bool, False),
                )
            )
        ids = [r.id for r in rooms]
        if len(ids) != len(set(ids)):
            raise ContentError(f"{where}: field 'room' gives a room id twice")
        doors = []
        for i, raw in enumerate(need(where, rec, "door", list)):
            dwhere = f"{where}: door {i + 1}"
            d = typed(dwhere, "door", raw, dict)
            known(dwhere, d, {"id", "a", "b", "kind"})
            door = Door(
                need(dwhere, d, "id", str),
                need(dwhere, d, "a", str),
                need(dwhere, d, "b", str),
                one_of(dwhere, "kind", optional(dwhere, d, "kind", str, "door"), DOOR_KINDS),
            )
            for end in (door.a, door.b):
                if end not in ids:
                    raise ContentError(f"{where}: door {door.id!r} names no room {end!r}")
            doors.append(door)
        if len({d.id for d in doors}) != len(doors):
            raise ContentError(f"{where}: field 'door' gives a door id twice")
        src, fs = sources(where, rec)
        out.append(
            Board(
                timeline=timeline,
                name=need(where, rec, "name", str),
                colour=need(where, rec, "colour", str),
                year=count(where, rec, "year"),
                rooms=tuple(rooms),
                doors=tuple(doors),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)


_STORY = {"number", "kind", "title", "wait", "steps", "text", "source"}
_MISSION = {"number", "name", "timeline", "deluxe", "mechanic", "keeps", "card", "text"}
_MISSION |= {"start", "recommended"}
_MISSION |= {"source"}
KEEPS = ("treasures", "upgrades", "allies", "energy", "timeless")


def parse_mission(data: dict[str, Any], file: str) -> Mission:
    rec = need(file, data, "mission", dict)
    number = count(file, rec, "number")
    where = f"{file}: mission {number}"
    known(where, rec, _MISSION)
    cards = []
    for cwhere, num, c in records(rec, where, "card", key="number"):
        del cwhere
        cwhere = f"{where}: card {num!r}"
        known(cwhere, c, _STORY)
        m = re.fullmatch(r"(\d\d)/(\d\d)", num)
        if m is None or int(m.group(2)) != number:
            raise ContentError(f"{cwhere}: field 'number' must be NN/{number:02d}")
        src, fs = sources(cwhere, c)
        cards.append(
            StoryCard(
                number=num,
                kind=choice(cwhere, c, "kind", STORY_KINDS),
                title=need(cwhere, c, "title", str),
                wait=condition(cwhere, c),
                steps=steps(cwhere, c, "steps"),
                text=need(cwhere, c, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    src, fs = sources(where, rec)
    return Mission(
        number=number,
        name=need(where, rec, "name", str),
        timeline=choice(where, rec, "timeline", TIMELINES),
        deluxe=optional(where, rec, "deluxe", bool, False),
        mechanic=need(where, rec, "mechanic", str),
        start=optional(where, rec, "start", str, "outside"),
        recommended=strings(where, rec, "recommended"),
        cards=tuple(cards),
        keeps=strings(where, rec, "keeps", KEEPS),
        text=need(where, rec, "text", str),
        source=src,
        field_sources=fs,
    )


DECKS = ("contract", "chase", "warden")


def parse_decks(data: dict[str, Any], file: str = "decks.toml") -> tuple[DeckCard, ...]:
    out = []
    for deck in DECKS:
        for where, name, rec in records(data, file, deck):
            known(where, rec, {"name", "wait", "shards", "steps", "text", "source"})
            src, fs = sources(where, rec)
            out.append(
                DeckCard(
                    deck=deck,
                    name=name,
                    slug=slugify(name),
                    wait=condition(where, rec),
                    shards=count(where, rec, "shards", 0),
                    steps=steps(where, rec, "steps"),
                    text=need(where, rec, "text", str),
                    source=src,
                    field_sources=fs,
                )
            )
    return tuple(out)


_MODE = {"id", "name", "story", "tokens", "upgrades", "treasures_per_agent", "unique_with"}
_MODE |= {"shared", "health", "contracts", "start", "ordered_from", "random_from", "tiebreaks"}
_MODE |= {"text", "source"}


def parse_modes(data: dict[str, Any], file: str = "modes.toml") -> tuple[Mode, ...]:
    out = []
    for where, mid, rec in records(data, file, "mode", key="id"):
        one_of(where, "id", mid, MODES)
        known(where, rec, _MODE)
        shared = need(where, rec, "shared", bool)
        health = count(where, rec, "health", 0)
        if shared == (health > 0):
            raise ContentError(f"{where}: field 'health' is for a mode without shared Health")
        lo, hi = pair(where, rec, "tokens")
        if lo > hi:
            raise ContentError(f"{where}: field 'tokens' must be (least, most)")
        src, fs = sources(where, rec)
        out.append(
            Mode(
                id=mid,
                name=need(where, rec, "name", str),
                story=need(where, rec, "story", bool),
                tokens=(lo, hi),
                upgrades=count(where, rec, "upgrades", 0),
                treasures_per_agent=count(where, rec, "treasures_per_agent", 0),
                unique_with=strings(where, rec, "unique_with", EVENT_COLOURS),
                shared=shared,
                health=health,
                contracts=optional(where, rec, "contracts", bool, False),
                start=optional(where, rec, "start", str, ""),
                ordered_from=count(where, rec, "ordered_from", 0),
                random_from=count(where, rec, "random_from", 0),
                tiebreaks=strings(where, rec, "tiebreaks", TIEBREAKS),
                text=typed(where, "text", need(where, rec, "text", str), str),
                source=src,
                field_sources=fs,
            )
        )
    return tuple(out)
