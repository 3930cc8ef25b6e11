"""Game options: typed, validated, and every error names the option and its allowed values."""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import OptionError, new_game
from tabletop.engine.options import (
    FrozenMap,
    describe_options,
    list_option,
    map_option,
    options_dict,
    parse_options,
)
from tabletop.games.quests.rules import QuestsOptions


@dataclass(frozen=True)
class Toy:
    mode: str = field(default="a", metadata={"choices": ("a", "b"), "help": "the mode"})
    count: int = field(default=3, metadata={"min": 1, "max": 9})
    loud: bool = False
    name: str = "x"


def test_defaults() -> None:
    assert parse_options("toy", Toy, None) == Toy()
    assert parse_options("toy", Toy, {}) == Toy()


def test_strings_from_a_command_line_are_coerced() -> None:
    got = parse_options("toy", Toy, {"mode": "b", "count": " 7 ", "loud": "yes", "name": "y"})
    assert got == Toy("b", 7, True, "y")
    for text, value in [("true", True), ("1", True), ("no", False), ("FALSE", False)]:
        assert parse_options("toy", Toy, {"loud": text}).loud is value


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(OptionError) as e:
        parse_options("toy", Toy, {"colour": "red"})
    msg = str(e.value)
    assert "'colour'" in msg and "toy" in msg
    for name in ("mode", "count", "loud", "name"):
        assert name in msg


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("mode", "c", "one of 'a', 'b'"),
        ("mode", 3, "one of 'a', 'b'"),
        ("count", 0, "an integer from 1 to 9"),
        ("count", 10, "an integer from 1 to 9"),
        ("count", "many", "an integer from 1 to 9"),
        ("count", True, "an integer from 1 to 9"),
        ("count", 2.5, "an integer from 1 to 9"),
        ("loud", "maybe", "true or false"),
        ("loud", 1, "true or false"),
        ("name", 5, "str"),
    ],
)
def test_bad_value_names_option_and_allowed_values(name: str, value: object, allowed: str) -> None:
    with pytest.raises(OptionError) as e:
        parse_options("toy", Toy, {name: value})
    msg = str(e.value)
    assert repr(name) in msg and repr(value) in msg and allowed in msg


@given(st.integers())
def test_int_bounds(n: int) -> None:
    if 1 <= n <= 9:
        assert parse_options("toy", Toy, {"count": n}).count == n
        assert parse_options("toy", Toy, {"count": str(n)}).count == n
    else:
        with pytest.raises(OptionError):
            parse_options("toy", Toy, {"count": n})


def test_describe_options() -> None:
    described = {d["name"]: d for d in describe_options(Toy)}
    assert described["mode"]["choices"] == ["a", "b"]
    assert described["mode"]["help"] == "the mode"
    assert described["count"]["min"] == 1 and described["count"]["max"] == 9
    assert described["loud"]["type"] == "bool" and described["loud"]["default"] is False


def test_options_dict_round_trip() -> None:
    opts = parse_options("toy", Toy, {"mode": "b", "count": 4})
    assert parse_options("toy", Toy, options_dict(opts)) == opts


def test_quests_options_through_new_game() -> None:
    s = new_game("quests", 3, 1, {"length": "long", "artifact_deck": "random18", "turn_limit": "9"})
    assert s.opts == QuestsOptions("long", "random18", 9)
    assert s.opts.target == 7
    with pytest.raises(OptionError, match=r"'length'.*'short', 'mid', 'long', 'full'"):
        new_game("quests", 3, 1, {"length": "epic"})
    with pytest.raises(OptionError, match=r"'artifact_deck'.*'all', 'random18'"):
        new_game("quests", 3, 1, {"artifact_deck": "some"})
    with pytest.raises(OptionError, match=r"'turn_limit'.*from 0 to"):
        new_game("quests", 3, 1, {"turn_limit": -1})
    with pytest.raises(OptionError, match=r"unknown option 'artifacts'.*length"):
        new_game("quests", 3, 1, {"artifacts": 5})


# -- list- and mapping-valued options --------------------------------------------------------
def _no_lamp_without_sword(deck: tuple[str, ...]) -> str | None:
    if "lamp" in deck and "sword" not in deck:
        return "the lamp needs the sword in the same deck"
    return None


@dataclass(frozen=True)
class Kit:
    deck: tuple[str, ...] = list_option(
        ("sword",),
        choices=("sword", "shield", "lamp"),
        max_len=3,
        check=_no_lamp_without_sword,
        help="cards of the hero's deck",
    )
    rolls: tuple[int, ...] = list_option((), min=1, max=6, min_len=0, max_len=2)
    crew: tuple[str, ...] = list_option((), unique=True)
    agents: Mapping[str, str] = map_option(
        {"p1": "random"}, keys=("p1", "p2", "p3"), choices=("random", "heuristic"), max_len=3
    )
    levels: Mapping[int, int] = map_option(min=0, max=3)
    mode: str = field(default="a", metadata={"choices": ("a", "b")})


def test_list_and_mapping_defaults_are_frozen_and_hashable() -> None:
    kit = parse_options("kit", Kit, None)
    assert kit.deck == ("sword",) and kit.rolls == ()
    assert kit.agents == {"p1": "random"} and isinstance(kit.agents, FrozenMap)
    assert hash(kit) == hash(Kit())
    with pytest.raises(TypeError):
        kit.agents["p2"] = "random"  # type: ignore[index]


def test_command_line_strings_parse() -> None:
    kit = parse_options(
        "kit",
        Kit,
        {
            "deck": "sword, lamp",
            "rolls": "6,1",
            "crew": "",
            "agents": "p2:heuristic,p1:random",
            "levels": "0:3, 2:1",
        },
    )
    assert kit.deck == ("sword", "lamp")
    assert kit.rolls == (6, 1)
    assert kit.crew == ()
    assert kit.agents == {"p1": "random", "p2": "heuristic"}
    assert list(kit.agents) == ["p1", "p2"]  # ordered by key, whatever the order given
    assert kit.levels == {0: 3, 2: 1}
    assert kit == parse_options(
        "kit",
        Kit,
        {
            "deck": ["sword", "lamp"],
            "rolls": [6, 1],
            "agents": {"p1": "random", "p2": "heuristic"},
            "levels": [[2, 1], [0, 3]],
        },
    )


def test_options_dict_is_json_ready_and_round_trips() -> None:
    kit = parse_options("kit", Kit, {"deck": "sword,shield", "agents": "p3:heuristic"})
    plain = options_dict(kit)
    assert plain["deck"] == ["sword", "shield"]
    assert plain["agents"] == {"p3": "heuristic"}
    assert json.loads(json.dumps(plain)) == plain
    assert parse_options("kit", Kit, json.loads(json.dumps(plain))) == kit
    assert pickle.loads(pickle.dumps(kit)) == kit


@pytest.mark.parametrize(
    ("name", "value", "why", "allowed"),
    [
        ("deck", "sword,axe", "'axe' is not allowed", "each one of 'sword', 'shield', 'lamp'"),
        ("deck", "sword,sword,shield,lamp", "it has 4 values", "a list of at most 3 values"),
        ("deck", 5, "it is not a list", "comma-separated, as in a,b,c"),
        ("rolls", "1,7", "'7' is not allowed", "each an integer from 1 to 6"),
        ("rolls", ["1", True], "True is not allowed", "each an integer from 1 to 6"),
        ("crew", "ann,bob,ann", "'ann' is given twice", "none twice"),
        ("agents", "p4:random", "'p4' is not allowed", "each key one of 'p1', 'p2', 'p3'"),
        ("agents", "p1:smart", "'smart' is not allowed", "each value one of 'random'"),
        ("agents", "p1:random,p1:heuristic", "key 'p1' is given twice", "a mapping of at most"),
        ("agents", "p1", "'p1' is not a key:value pair", "as in p1:x,p2:y"),
        ("agents", 3, "it is not a mapping", "key:value pairs"),
        ("levels", "x:1", "'x' is not allowed", "each key an integer"),
        ("levels", "1:4", "'4' is not allowed", "each value an integer from 0 to 3"),
    ],
)
def test_bad_list_or_mapping_names_option_element_and_allowed(
    name: str, value: object, why: str, allowed: str
) -> None:
    with pytest.raises(OptionError) as e:
        parse_options("kit", Kit, {name: value})
    msg = str(e.value)
    assert msg.startswith(f"option {name!r} of kit cannot be {value!r}: ")
    assert why in msg and allowed in msg


def test_game_check_hook_refuses_with_its_reason() -> None:
    with pytest.raises(OptionError) as e:
        parse_options("kit", Kit, {"deck": "lamp,shield"})
    assert str(e.value) == (
        "option 'deck' of kit cannot be 'lamp,shield': the lamp needs the sword in the same deck"
    )
    assert parse_options("kit", Kit, {"deck": "lamp,sword"}).deck == ("lamp", "sword")


def test_check_hook_on_a_scalar_option() -> None:
    @dataclass(frozen=True)
    class Even:
        n: int = field(
            default=2,
            metadata={"min": 0, "max": 9, "check": lambda v: None if v % 2 == 0 else "odd"},
        )

    assert parse_options("even", Even, {"n": "4"}).n == 4
    with pytest.raises(OptionError, match=r"option 'n' of even cannot be '3': odd"):
        parse_options("even", Even, {"n": "3"})
    with pytest.raises(OptionError, match=r"it must be an integer from 0 to 9"):
        parse_options("even", Even, {"n": "10"})


def test_describe_list_and_mapping_options() -> None:
    described = {d["name"]: d for d in describe_options(Kit)}
    deck = described["deck"]
    assert deck["default"] == ["sword"] and deck["max_len"] == 3
    assert deck["choices"] == ["sword", "shield", "lamp"] and deck["help"]
    assert "a list of at most 3 values" in deck["allowed"]
    agents = described["agents"]
    assert agents["default"] == {"p1": "random"} and agents["keys"] == ["p1", "p2", "p3"]
    assert "mapping" in agents["allowed"]
    assert "allowed" not in described["mode"]  # scalar options describe as before


@given(st.lists(st.sampled_from(["sword", "shield", "lamp"]), max_size=5))
def test_list_bounds(deck: list[str]) -> None:
    text = ",".join(deck)
    if len(deck) <= 3 and ("lamp" not in deck or "sword" in deck):
        assert parse_options("kit", Kit, {"deck": text}).deck == tuple(deck)
    else:
        with pytest.raises(OptionError):
            parse_options("kit", Kit, {"deck": text})


def test_frozen_map() -> None:
    m = FrozenMap({"b": 1, "a": 2})
    assert list(m.items()) == [("a", 2), ("b", 1)]
    assert m == FrozenMap([("a", 2), ("b", 1)]) == {"b": 1, "a": 2}
    assert m != FrozenMap({"a": 2}) and len(m) == 2 and m["a"] == 2
    assert {m: 1}[FrozenMap({"a": 2, "b": 1})] == 1
    assert repr(m) == "FrozenMap({'a': 2, 'b': 1})"
