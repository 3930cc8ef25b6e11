"""Quests of the Librarian content declared once (`records.py`, validated by
`tabletop.engine.declared`): the declared parsers read the shipped files into the cards the game
loads, field by field, and a broken card of either kind names the file, the card and the
field."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.content import ContentError
from tabletop.games.quests import records as R
from tabletop.games.quests.content import _read, load


def test_the_declared_parsers_read_the_cards_the_game_loads() -> None:
    files, content = _read(), load()
    for old, new in (
        (content.actions, R.parse_actions(files["actions.toml"])),
        (content.artifacts, R.parse_artifacts(files["artifacts.toml"])),
    ):
        assert len(old) == len(new)
        for a, b in zip(old, new, strict=True):
            assert type(a).__name__ == type(b).__name__
            for f in dataclasses.fields(a):
                x, y = getattr(a, f.name), getattr(b, f.name)
                assert type(x) is type(y) and x == y, (a.name, f.name)


def broken(path: str, fn: Callable[[Any], Any]) -> str:
    files = copy.deepcopy(_read())
    fn(files[path])
    with pytest.raises(ContentError) as e:
        R.parse_actions(files["actions.toml"])
        R.parse_artifacts(files["artifacts.toml"])
    return str(e.value)


def put(i: int, kind: str = "artifact", **fields: Any) -> Callable[[Any], Any]:
    return lambda d: d[kind][i].update(fields)


@pytest.mark.parametrize(
    ("path", "change", "expected"),
    [
        (
            "actions.toml",
            put(0, "card", suit="weather"),
            "actions.toml: card 'Canoe': field 'suit' is 'weather'; allowed: 'knowledge',",
        ),
        (
            "artifacts.toml",
            put(0, type="norse"),
            "artifacts.toml: artifact 'Spear of Destiny': field 'type' is 'norse'; allowed:",
        ),
        (
            "artifacts.toml",
            put(0, amount="one"),
            "artifacts.toml: artifact 'Spear of Destiny': field 'amount' must be int, not 'one'",
        ),
        (
            "artifacts.toml",
            lambda d: d["artifact"][0].pop("amount"),
            "artifacts.toml: artifact 'Spear of Destiny': missing field 'amount'",
        ),
        (
            "artifacts.toml",
            put(1, suits=["knowledge"]),
            "artifacts.toml: artifact 'Dead Sea Scrolls': field 'suits' must name two suits",
        ),
        (
            "artifacts.toml",
            put(1, suits=["knowledge", "weather"]),
            "artifacts.toml: artifact 'Dead Sea Scrolls': field 'suits', item 2 is 'weather'",
        ),
        (
            "artifacts.toml",
            put(6, action="yes"),
            "artifacts.toml: artifact 'HG Wells Time Machine': field 'action' must be bool",
        ),
        (
            "artifacts.toml",
            put(7, amount=2),
            "artifacts.toml: artifact \"Pan's Flute\": field 'amount' is not for ability 'bonus'",
        ),
        (
            "artifacts.toml",
            put(7, colour="gold"),
            "artifacts.toml: artifact \"Pan's Flute\": unknown field 'colour'",
        ),
    ],
)
def test_a_broken_card_names_file_card_and_field(
    path: str, change: Callable[[Any], Any], expected: str
) -> None:
    assert broken(path, change).startswith(expected)
