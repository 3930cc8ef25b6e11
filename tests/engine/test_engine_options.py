"""Game options: typed, validated, and every error names the option and its allowed values."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import OptionError, new_game
from tabletop.engine.options import describe_options, options_dict, parse_options
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
