"""The Guardians content declared once (`records.py`, validated by `tabletop.engine.declared`):
the declared parsers read the shipped files into the records the game loads, field by field,
and a broken record of every kind is an error naming the file, the record and the field."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.content import ContentError
from tabletop.games.guardians import records as R
from tabletop.games.guardians.content import _read, load


def parsed(files: dict[str, dict[str, Any]]) -> dict[str, Any]:
    cards = R.parse_cards(files["cards.toml"])
    numbers, tracks, precons = R.parse_game(files["game.toml"], {c.name for c in cards})
    return {
        "cards": cards,
        "monsters": R.parse_monsters(files["monsters.toml"]),
        "locations": R.parse_locations(files["locations.toml"]),
        "bosses": R.parse_bosses(files["bosses.toml"]),
        "quests": R.parse_quests(files["quests.toml"]),
        "numbers": numbers,
        "tracks": tracks,
        "precons": precons,
    }


def same(a: Any, b: Any, path: str) -> None:
    """Equal field by field, each value of the same type (a record: of the same name)."""
    assert type(a).__name__ == type(b).__name__, path
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


def test_the_declared_parsers_read_the_records_the_game_loads() -> None:
    content = load()
    for kind, records in parsed(_read()).items():
        same(getattr(content, kind), records, kind)


def broken(path: str, fn: Callable[[Any], Any]) -> str:
    files = copy.deepcopy(_read())
    fn(files[path])
    with pytest.raises(ContentError) as e:
        parsed(files)
    return str(e.value)


def put(*keys: Any, **fields: Any) -> Callable[[Any], Any]:
    def fn(d: Any) -> None:
        for k in keys:
            d = d[k]
        d.update(fields)

    return fn


@pytest.mark.parametrize(
    ("path", "change", "expected"),
    [
        (
            "cards.toml",
            put("card", 0, copies=0),
            "cards.toml: card 'Explore': field 'copies' must be at least 1, not 0",
        ),
        (
            "cards.toml",
            put("card", 0, effect="zap"),
            "cards.toml: card 'Explore': field 'effect' is 'zap'; allowed: '', 'arcane-knowledge'",
        ),
        (
            "cards.toml",
            put("card", 0, group="knight"),
            "cards.toml: card 'Explore': field 'group' is only for skills and familiars",
        ),
        (
            "cards.toml",
            put("card", 0, draw=True),
            "cards.toml: card 'Explore': field 'draw' must be int, not True",
        ),
        (
            "monsters.toml",
            put("monster", 0, tier=4),
            "monsters.toml: monster 'Zombie Sisters': field 'tier' is 4; allowed: 1, 2, 3",
        ),
        (
            "monsters.toml",
            put("monster", 0, waves=[3, -1, 0]),
            "monsters.toml: monster 'Zombie Sisters': field 'waves', item 2 must not be negative",
        ),
        (
            "locations.toml",
            put("location", 0, colour="green"),
            "locations.toml: location 'Home': field 'colour' is 'green'; allowed: 'blue',",
        ),
        (
            "bosses.toml",
            put("boss", 0, reveal="nobody"),
            "bosses.toml: boss 'Patient Zero': field 'reveal' is 'nobody'; allowed:",
        ),
        (
            "quests.toml",
            lambda d: d["quest"][0].pop("solo_min"),
            "quests.toml: quest 'Generic Master': missing field 'solo_min'",
        ),
        (
            "quests.toml",
            put("quest", 0, solo_source="guess"),
            "quests.toml: quest 'Generic Master': field 'solo_source' is 'guess'; allowed:",
        ),
        (
            "game.toml",
            put("numbers", hand_size=-5),
            "game.toml: [numbers]: field 'hand_size' must not be negative, not -5",
        ),
        (
            "game.toml",
            put("numbers", hand_sise=5),
            "game.toml: [numbers]: unknown field 'hand_sise'; allowed: 'hand_size',",
        ),
        (
            "game.toml",
            put("timekeeper", guardian=["setup", "warm-up", "nap", "end"]),
            "game.toml: [timekeeper]: field 'guardian', item 3 is 'nap'; allowed: 'setup',",
        ),
        (
            "game.toml",
            put("precon", 0, cards="Bash"),
            "game.toml: precon 'red': field 'cards' must be list, not 'Bash'",
        ),
    ],
)
def test_a_broken_record_of_every_kind_names_file_record_and_field(
    path: str, change: Callable[[Any], Any], expected: str
) -> None:
    assert broken(path, change).startswith(expected)


def test_unknown_and_derived_fields_are_refused() -> None:
    msg = broken("cards.toml", put("card", 0, colour="red"))
    assert msg == "cards.toml: card 'Explore': unknown field 'colour'"
    msg = broken("bosses.toml", put("boss", 0, slug="pz"))
    assert msg == "bosses.toml: boss 'Patient Zero': unknown field 'slug'"
