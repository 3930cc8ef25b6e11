"""Castle Von Loghan content declared once (`records.py`, validated by
`tabletop.engine.declared`): the declared parsers read the shipped files into exactly the
records the game loads, and a broken file of every record kind is an error naming the file, the
record and the field (and what is allowed)."""

from __future__ import annotations

import copy
import dataclasses
import datetime
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.content import ContentError
from tabletop.games.castle import parse
from tabletop.games.castle.content import FILES, MISSION_FILES, _read, load


def raw() -> dict[str, dict[str, Any]]:
    return {name: copy.deepcopy(_read(name)) for name in FILES}


def same(a: Any, b: Any, path: str) -> None:
    """`a` and `b` equal field by field, each value of the same type."""
    assert type(a) is type(b), path
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, tuple):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
    else:
        assert a == b, path


def parsed(files: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every record kind read by the declared parsers."""
    rules = parse.parse_rules(files["rules.toml"])
    return {
        "rules": rules,
        "agents": parse.parse_agents(files["agents.toml"]),
        "combat_cards": parse.parse_combat_cards(files["combat.toml"]),
        "treasures": parse.parse_treasures(files["treasures.toml"]),
        "allies": parse.parse_allies(files["allies.toml"]),
        "upgrades": parse.parse_upgrades(files["allies.toml"]),
        "enemies": parse.parse_enemies(files["enemies.toml"], dict(rules.shards)),
        "events": parse.parse_events(files["events.toml"]),
        "tokens": parse.parse_tokens(files["tokens.toml"]),
        "boards": parse.parse_boards(files["boards.toml"]),
        "decks": parse.parse_decks(files["decks.toml"]),
        "modes": parse.parse_modes(files["modes.toml"]),
        "missions": tuple(parse.parse_mission(files[f], f) for f in MISSION_FILES),
    }


def test_the_declared_parsers_read_the_records_the_game_loads() -> None:
    content = load()
    for kind, records in parsed(raw()).items():
        same(getattr(content, kind), records, kind)


def broken(path: str, fn: Callable[[Any], Any]) -> str:
    files = raw()
    fn(files[path])
    with pytest.raises(ContentError) as e:
        parsed(files)
    return str(e.value)


def put(*keys: Any, **fields: Any) -> Callable[[Any], Any]:
    """Update the record found by following `keys` from the file's top."""

    def fn(d: Any) -> None:
        for k in keys:
            d = d[k]
        d.update(fields)

    return fn


@pytest.mark.parametrize(
    ("path", "change", "expected"),
    [
        (
            "rules.toml",
            put("rules", clarity=True),
            "rules.toml: rules: field 'clarity' must be int",
        ),
        ("rules.toml", put("rules", rest=[1]), "rules.toml: rules: field 'rest', item 2: missing"),
        (
            "rules.toml",
            put("rules", shards={"pink": 1}),
            "rules.toml: rules: field 'shards' is 'pink'; allowed: 'green', 'blue', 'red',",
        ),
        (
            "agents.toml",
            put("agent", 0, "skill", 1, window="never"),
            "agents.toml: agent 'Pill': skill 2: field 'window' is 'never'; allowed: 'any',",
        ),
        (
            "agents.toml",
            put("agent", 1, deck={"Attack": -1}),
            "agents.toml: agent 'Arvias': field 'deck.Attack' must not be negative, not -1",
        ),
        (
            "combat.toml",
            put("card", 0, keywords=["sticky"]),
            "combat.toml: card 'Attack': field 'keywords', item 1 is 'sticky'",
        ),
        (
            "treasures.toml",
            put("treasure", 0, copies="2"),
            "treasures.toml: treasure 'Whip': field 'copies' must be int, not '2'",
        ),
        (
            "treasures.toml",
            put("treasure", 1, "ability", 0, use="sometimes"),
            "treasures.toml: treasure 'Crossbow': ability 1: field 'use' is 'sometimes'",
        ),
        (
            "allies.toml",
            put("ally", 0, clarity=-1),
            "allies.toml: ally 'Old Hobb': field 'clarity' must not be negative, not -1",
        ),
        (
            "allies.toml",
            put("upgrade", 0, colour="red"),
            "allies.toml: upgrade 'Capacitor Bank': unknown field 'colour'",
        ),
        (
            "rules.toml",
            put("rules", summon={"x": 1}),
            "rules.toml: rules: field 'summon' must be int, not 'x'",
        ),
        (
            "enemies.toml",
            put("enemy", 1, health=0),
            "enemies.toml: enemy 'Skeletron': field 'health' must be at least 1, not 0",
        ),
        (
            "enemies.toml",
            put("enemy", 1, "base", timeline="past"),
            "enemies.toml: enemy 'Skeletron': base: a Base Attack has no Timeline or Rage",
        ),
        (
            "events.toml",
            put("event", 0, "end", summon="all"),
            "events.toml: event 'Collapsing Gallery': field 'end.summon' is 'all'",
        ),
        (
            "events.toml",
            put("event", 0, "a", 0, params={"amount": "3"}),
            "events.toml: event 'Collapsing Gallery': a 1: field 'params.amount' must be int",
        ),
        (
            "tokens.toml",
            put("token", 0, "search", 0, kind="gold"),
            "tokens.toml: token green 1: search 1: field 'kind' is 'gold'",
        ),
        (
            "tokens.toml",
            put("token", 0, "search", 1, colour="violet"),
            "tokens.toml: token green 1: search 2: field 'colour' is 'violet'; allowed: 'same',",
        ),
        (
            "boards.toml",
            put("board", 0, "room", 0, poi="yes"),
            "boards.toml: board 'past': room 1: field 'poi' must be bool, not 'yes'",
        ),
        (
            "boards.toml",
            put("board", 1, "door", 0, kind="window"),
            "boards.toml: board 'present': door 1: field 'kind' is 'window'",
        ),
        (
            "decks.toml",
            put("chase", 0, shards=-2),
            "decks.toml: chase 'Footsteps Behind': field 'shards' must not be negative, not -2",
        ),
        (
            "modes.toml",
            put("mode", 0, shared="yes"),
            "modes.toml: mode 'campaign': field 'shared' must be bool",
        ),
        (
            "modes.toml",
            put("mode", 0, tokens=[3, 1]),
            "modes.toml: mode 'campaign': field 'tokens' must be (least, most)",
        ),
        (
            "missions/m02.toml",
            put("mission", deluxe=1),
            "missions/m02.toml: mission 2: field 'deluxe' must be bool, not 1",
        ),
        (
            "missions/m02.toml",
            put("mission", "card", 0, kind="epilogue"),
            "missions/m02.toml: mission 2: card '01/02': field 'kind' is 'epilogue'",
        ),
        (
            "missions/m02.toml",
            put("mission", "card", 0, title_source="somewhere"),
            "missions/m02.toml: mission 2: card '01/02': field 'title_source' is 'somewhere'",
        ),
    ],
)
def test_a_broken_record_of_every_kind_names_file_record_and_field(
    path: str, change: Callable[[Any], Any], expected: str
) -> None:
    assert broken(path, change).startswith(expected)


def test_unknown_and_derived_fields_are_refused() -> None:
    msg = broken("combat.toml", put("card", 0, slug="attack"))
    assert msg == "combat.toml: card 'Attack': unknown field 'slug'"
    msg = broken("enemies.toml", put("enemy", 1, shards=3))
    assert msg == "enemies.toml: enemy 'Skeletron': unknown field 'shards'"
    msg = broken("agents.toml", put("agent", 0, "skill", 0, colour="red"))
    assert msg == "agents.toml: agent 'Pill': skill 1: unknown field 'colour'"
    msg = broken("events.toml", put("event", 0, options=[]))
    assert msg == "events.toml: event 'Collapsing Gallery': unknown field 'options'"
    msg = broken("tokens.toml", lambda d: d["token"][2].pop("number"))
    assert msg == "tokens.toml: token green 3: missing field 'number'"
    msg = broken("treasures.toml", put("treasure", 0, copies=datetime.date(1979, 5, 27)))
    assert msg == "treasures.toml: treasure 'Whip': field 'copies' must be int, not '1979-05-27'"
