"""The Librarians content declared once (`records.py`, validated by
`tabletop.engine.declared`): a broken file of every record kind is an error naming the file, the
record and the field (and what is allowed); the declared parsers read what the game loads."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.engine.content import ContentError
from tabletop.games.librarians import parse
from tabletop.games.librarians.content import FILES, _read, build, load


def raw() -> dict[str, dict[str, Any]]:
    return {name: copy.deepcopy(_read(name)) for name in FILES}


def test_the_declared_parsers_read_the_shipped_records() -> None:
    files, c = raw(), load()
    disciplines = parse.parse_disciplines(files["cards.toml"])
    assert parse.parse_heroes(files["heroes.toml"]) == c.heroes
    assert disciplines == c.disciplines
    assert parse.parse_cards(files["cards.toml"], disciplines) == c.cards
    assert parse.parse_aid(files["aid.toml"]) == (c.aid, c.effect_cards, c.focus_power)
    assert parse.parse_dice(files["dice.toml"]) == c.dice
    # what the file leaves out takes the declared default; a dash is 0 and remembered
    sam = c.card("Sam Denning")
    assert (sam.subtitle, sam.countdown, sam.attach_to) == ("", 0, "")
    assert sam.attributes is not None and sam.attributes.dashes == {"lore"}
    assert (sam.attributes.lore, sam.numbers) == (0, ("C-006",))
    tree = next(a for h in c.heroes for a in h.abilities if a.kind == "tree")
    assert tree.cost["tree"] >= 1


def broken(path: str, fn: Callable[[Any], Any]) -> str:
    files = raw()
    fn(files[path])
    with pytest.raises(ContentError) as e:
        build(files)
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
            "heroes.toml",
            put("hero", 0, life=True),
            "heroes.toml: hero 'Eve Baird': field 'life' must be int, not True",
        ),
        (
            "heroes.toml",
            put("hero", 0, "attributes", lore=7),
            "heroes.toml: hero 'Eve Baird': field 'attributes.lore' must be at most 6, not 7",
        ),
        (
            "heroes.toml",
            put("hero", 0, "ability", 1, kind="action"),
            "heroes.toml: hero 'Eve Baird': ability 2: field 'kind' is 'action'; allowed: "
            "'response', 'free'",
        ),
        (
            "heroes.toml",
            put("hero", 0, "ability", 1, limit="turn"),
            "heroes.toml: hero 'Eve Baird': ability 2: field 'limit' is 'turn'; allowed: '',",
        ),
        (
            "heroes.toml",
            put("hero", 0, "ability", 0, cost={"gold": 1}),
            "heroes.toml: hero 'Eve Baird': ability 1: field 'cost' is 'gold'; allowed:",
        ),
        (
            "cards.toml",
            put("discipline", 0, kind="secret"),
            "cards.toml: discipline 'Eve Baird': field 'kind' is 'secret'; allowed: 'heroic',",
        ),
        (
            "cards.toml",
            put("discipline", 0, last=9),
            "cards.toml: discipline 'Eve Baird': fields 'first'-'last' must span 7 numbers",
        ),
        (
            "cards.toml",
            put("card", 0, type="spell"),
            "cards.toml: card '\"Get behind me!\"': field 'type' is 'spell'; allowed: 'artifact',",
        ),
        (
            "cards.toml",
            put("card", 0, copies=3),
            "cards.toml: card '\"Get behind me!\"': field 'copies' is 3; allowed: 1, 2",
        ),
        (
            "cards.toml",
            put("card", 2, "attributes", guile="x"),
            "cards.toml: card 'Sam Denning': field 'attributes.guile' must be int, not 'x'",
        ),
        (
            "cards.toml",
            put("card", 0, life=2),
            "cards.toml: card '\"Get behind me!\"': field 'life' is only for sidekicks",
        ),
        (
            "aid.toml",
            put("aid", 0, difficulty="easy"),
            "aid.toml: aid 'easy': field 'difficulty' is 'easy'; allowed: 'narrative',",
        ),
        (
            "aid.toml",
            put("focus_power", focus=-1),
            "aid.toml: [focus_power]: field 'focus' must not be negative, not -1",
        ),
        (
            "aid.toml",
            put("effect_card", 0, "ability", 0, trigger="sunrise"),
            "aid.toml: effect_card 'Clarity': ability 1: field 'trigger' is 'sunrise'; allowed:",
        ),
        (
            "aid.toml",
            put("effect_card", 0, kind="both"),
            "aid.toml: effect_card 'Clarity': field 'kind' is 'both'; allowed: 'focus', 'power'",
        ),
        (
            "dice.toml",
            put("die", 0, faces=[["success"]] * 5),
            "dice.toml: die 'character': field 'faces' must have at least 6 items",
        ),
        (
            "dice.toml",
            put("die", 0, faces=[["success"], ["moon"], [], [], [], []]),
            "dice.toml: die 'character': faces 2, item 1 is 'moon'; allowed: 'success',",
        ),
        (
            "adventures/c1.toml",
            put("mission", 0, "challenge", difficulty=9),
            "adventures/c1.toml: mission 'M1': field 'challenge.difficulty' must be at most 6",
        ),
        (
            "adventures/c1.toml",
            put("card", 0, "ability", 0, params={"amount": -1}),
            "adventures/c1.toml: card 'Relic Looter': ability 1: field 'params.amount' must not "
            "be negative, not -1",
        ),
    ],
)
def test_a_broken_record_of_every_kind_names_file_record_and_field(
    path: str, change: Callable[[Any], Any], expected: str
) -> None:
    assert broken(path, change).startswith(expected)


def test_unknown_derived_and_duplicate_fields_are_refused() -> None:
    msg = broken("heroes.toml", put("hero", 0, slug="eve"))
    assert msg == "heroes.toml: hero 'Eve Baird': unknown field 'slug'"
    msg = broken("cards.toml", put("card", 0, numbers=["C-002"]))
    assert (
        msg == "cards.toml: card '\"Get behind me!\"': field 'numbers' is for unlockable cards only"
    )
    msg = broken("dice.toml", put("die", 0, sides=6))
    assert msg == "dice.toml: die 'character': unknown field 'sides'"
    msg = broken("heroes.toml", lambda d: d["hero"].append(d["hero"][0]))
    assert msg == "heroes.toml: hero 'Eve Baird': a second hero of that name"


# -- adventures and the campaign, by the declared parsers content.py can switch to ---------------

ADVENTURES = tuple(f"adventures/c{i}.toml" for i in range(1, 5))


def test_the_declared_adventure_parsers_read_what_the_game_loads() -> None:
    files, c = raw(), load()
    assert tuple(parse.parse_adventure(files[f], f) for f in ADVENTURES) == c.adventures
    assert parse.parse_campaign(files["campaign.toml"]) == c.unlocks


def broken_adventure(path: str, fn: Callable[[Any], Any]) -> str:
    files = raw()
    fn(files[path])
    with pytest.raises(ContentError) as e:
        for f in ADVENTURES:
            parse.parse_adventure(files[f], f)
        parse.parse_campaign(files["campaign.toml"])
    return str(e.value)


@pytest.mark.parametrize(
    ("path", "change", "expected"),
    [
        (
            "adventures/c1.toml",
            put("adventure", order="first"),
            "adventures/c1.toml: [adventure]: field 'order' must be int, not 'first'",
        ),
        (
            "adventures/c1.toml",
            put("adventure", "setup", 0, effect="summon"),
            "adventures/c1.toml: [adventure]: setup 1: field 'effect' is 'summon'; allowed:",
        ),
        (
            "adventures/c1.toml",
            put("mission", 0, advance=[2, 3, 0, 6]),
            "adventures/c1.toml: mission 'M1': field 'advance', item 3 must be at least 1, not 0",
        ),
        (
            "adventures/c1.toml",
            put("mission", 0, per_success="all"),
            "adventures/c1.toml: mission 'M1': field 'per_success' is 'all'; allowed: 'one',",
        ),
        (
            "adventures/c1.toml",
            put("mission", 0, win=True),
            "adventures/c1.toml: mission 'M1': a Mission has exactly one of 'next', 'choices'",
        ),
        (
            "adventures/c1.toml",
            put("disturbance", 0, advance=0),
            "adventures/c1.toml: disturbance 'D1': field 'advance' must be at least 1, not 0",
        ),
        (
            "adventures/c1.toml",
            put("card", 0, keywords=["sneaky"]),
            "adventures/c1.toml: card 'Relic Looter': field 'keywords', item 1 is 'sneaky'",
        ),
        (
            "adventures/c1.toml",
            put("card", 0, progress=2),
            "adventures/c1.toml: card 'Relic Looter': field 'progress' is not for a enemy",
        ),
        (
            "adventures/c1.toml",
            put("card", 3, "challenge", attribute="luck"),
            "adventures/c1.toml: card 'Save the Artifacts!': field 'challenge.attribute' is "
            "'luck'; allowed: 'guile',",
        ),
        (
            "adventures/c1.toml",
            put("card", 5, "ability", 0, kind="setup"),
            "adventures/c1.toml: card 'Alarm Bells': ability 1: field 'kind' is 'setup'; allowed:",
        ),
        (
            "campaign.toml",
            put("unlock", 0, path=3),
            "campaign.toml: unlock 'Flynn Carsen': field 'path' must be str, not 3",
        ),
    ],
)
def test_a_broken_adventure_record_names_file_record_and_field(
    path: str, change: Callable[[Any], Any], expected: str
) -> None:
    assert broken_adventure(path, change).startswith(expected)
