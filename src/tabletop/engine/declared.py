"""Content records declared once: a game's frozen dataclasses, with their field constraints as
`Annotated` metadata, validated by pydantic at load time.

A record class carries `@declared` (strict: a bool is not an int, a string not a number; a field
the class does not declare is refused) and annotates its fields, e.g.
`copies: Annotated[int, Field(ge=0, default=1)]` or `colour: Annotated[str, OneOf(COLOURS)]`
(a default given only to `Field` is the content's default; the class itself keeps its plain
constructor, so the rules build and read the same objects as before). `record()` validates one
raw TOML record against its class with one `TypeAdapter` call and turns every pydantic error
into a `ContentError` that names the file, the record and the field, and says what is allowed.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, is_dataclass
from functools import cache
from typing import Annotated, Any, TypeVar

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from pydantic_core import PydanticCustomError, core_schema

from tabletop.engine.content import SOURCES, ContentError

__all__ = [
    "Count",
    "Field",
    "OneOf",
    "Rule",
    "Source",
    "declared",
    "record",
    "records",
    "validate",
]

T = TypeVar("T")

CONFIG = ConfigDict(extra="forbid", strict=True)


def declared(cls: type[T]) -> type[T]:
    """Mark a record dataclass as validated strictly, unknown fields refused."""
    return with_config(CONFIG)(cls)


Count = Annotated[int, Field(ge=0)]


@dataclass(frozen=True, slots=True)
class OneOf:
    """`Annotated` metadata: the value must be one of `allowed` (strings, or numbers)."""

    allowed: tuple[Any, ...]

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        allowed = self.allowed

        def check(val: Any) -> Any:
            if val not in allowed:
                raise PydanticCustomError("one_of", "not allowed", {"allowed": allowed})
            return val

        return core_schema.no_info_after_validator_function(check, handler(source))


@dataclass(frozen=True, slots=True)
class Rule:
    """`Annotated` metadata: a check across the fields of a validated value. `check(value)`
    returns None, or the message of what is wrong (naming the field, e.g. "field 'hands' must
    be 1 or 2 for a weapon"), reported where the value is."""

    check: Callable[[Any], str | None]

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        check = self.check

        def run(val: Any) -> Any:
            msg = check(val)
            if msg is not None:
                raise PydanticCustomError("rule", "{text}", {"text": msg})
            return val

        return core_schema.no_info_after_validator_function(run, handler(source))


Source = Annotated[str, OneOf(SOURCES)]  # where a record's facts come from


@cache
def _adapter(typ: Any) -> TypeAdapter[Any]:
    return TypeAdapter(typ)


_TYPES = {
    "int": "int",
    "bool": "bool",
    "string": "str",
    "float": "float",
    "list": "list",
    "tuple": "list",
    "set": "list",
    "frozen_set": "list",
    "dict": "table",
    "mapping": "table",
    "dataclass": "table",
    "model": "table",
}


def _place(where: str, loc: tuple[Any, ...]) -> tuple[str, list[str]]:
    """A pydantic error location as a place and a field path: each list index joins the place
    ("skill 1: ..."), nested tables and table keys the field path."""
    place = where
    path: list[str] = []
    for part in loc:
        if isinstance(part, int):
            place = f"{place}: {'.'.join(path)} {part + 1}" if path else f"{place} {part + 1}"
            path = []
        elif part == "[key]":
            path = path[:-1]
        else:
            path.append(str(part))
    return place, path


def _where(where: str, loc: tuple[Any, ...]) -> tuple[str, str, str]:
    """(place, field, subject) of an error: "field 'deck.Attack'", and for an item of a list
    of values "field 'keywords', item 2"."""
    if loc and isinstance(loc[-1], int):
        place, path = _place(where, loc[:-1])
        name = ".".join(path)
        item = f"item {loc[-1] + 1}"
        return place, name, f"{place}: field {name!r}, {item}" if name else f"{place}, {item}"
    place, path = _place(where, loc)
    name = ".".join(path)
    return place, name, f"{place}: field {name!r}" if name else place


def _message(where: str, err: Any) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    val = err.get("input")
    place, name, subject = _where(where, tuple(err["loc"]))
    if kind == "rule":
        place, path = _place(where, tuple(err["loc"]))
        return f"{place}: {'.'.join(path)}: {ctx['text']}" if path else f"{place}: {ctx['text']}"
    if kind == "missing":
        if err["loc"] and isinstance(err["loc"][-1], int):
            return f"{subject}: missing"
        return f"{place}: missing field {name!r}"
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):
        return f"{place}: unknown field {name!r}"
    if kind == "one_of":
        shown = ", ".join(repr(a) for a in ctx["allowed"])
        if not name and tuple(err["loc"][-1:]) == ("[key]",):  # a key of the record's own table
            return f"{place}: unknown field {val!r}; allowed: {shown}"
        return f"{subject} is {val!r}; allowed: {shown}"
    if kind == "greater_than_equal":
        if ctx["ge"] == 0:
            return f"{subject} must not be negative, not {val!r}"
        return f"{subject} must be at least {ctx['ge']}, not {val!r}"
    if kind == "less_than_equal":
        return f"{subject} must be at most {ctx['le']}, not {val!r}"
    if kind == "too_short":
        return f"{subject} must have at least {ctx['min_length']} items"
    if kind == "too_long":
        return f"{subject} must have at most {ctx['max_length']} items"
    base = kind.removesuffix("_type").removesuffix("_exact").removesuffix("_parsing")
    if base in _TYPES:
        return f"{subject} must be {_TYPES[base]}, not {val!r}"
    return f"{subject}: {err['msg']}"


def _plain(val: Any) -> Any:
    """A derived field's value (a record already validated) as TOML data, by its aliases and
    without the fields at their defaults (a default such as "" need not be an allowed value); a
    TOML date or time as its text (so a field that wants a number says what it got)."""
    if is_dataclass(val) and not isinstance(val, type):
        return _adapter(type(val)).dump_python(
            val, mode="json", by_alias=True, exclude_defaults=True
        )
    if isinstance(val, (datetime.date, datetime.time)):
        return val.isoformat()
    raise TypeError(f"not content data: {val!r}")


def validate(typ: Any, raw: Any, where: str, name: str = "") -> Any:
    """`raw` (TOML data) validated as `typ` (a declared record class, or a type built of them);
    the first error is a `ContentError` naming `where` and the field (`name`: the field `raw`
    is)."""
    try:
        return _adapter(typ).validate_json(json.dumps(raw, default=_plain), strict=True)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        if name:
            err["loc"] = (name, *err["loc"])
        raise ContentError(_message(where, err)) from None


def record(
    cls: type[T],
    raw: Any,
    where: str,
    check: Callable[[T], str | None] | None = None,
    *,
    taken: tuple[str, ...] = (),
    loose: bool = False,
    **derived: Any,
) -> T:
    """One TOML record validated as `cls`. `<field>_source` keys (each one of `SOURCES`, for a
    field the record gives) become `field_sources`; `derived` are the fields the loader fills
    in itself (a slug, a number from elsewhere), which the file may not give; `check` a rule
    across the record's fields (it returns what is wrong, or None); `taken` the fields of the
    record the loader validated itself (so a `<field>_source` may name them); `loose`: a
    `<name>_source` may name a fact that is no field (a layout, a solo rule). A record class
    without a `source` field only has its `source` checked."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: must be a table, not {raw!r}")
    rec: dict[str, Any] = {}
    overrides: dict[str, str] = {}
    for key, val in raw.items():
        if key in derived or key == "field_sources":
            raise ContentError(f"{where}: unknown field {key!r}")
        if key.endswith("_source"):
            base = key.removesuffix("_source")
            if base not in raw and base not in taken and not loose:
                raise ContentError(f"{where}: field {key!r} names a field the record lacks")
            if val not in SOURCES:
                shown = ", ".join(repr(a) for a in SOURCES)
                raise ContentError(f"{where}: field {key!r} is {val!r}; allowed: {shown}")
            overrides[base] = val
        else:
            rec[key] = val
    names = getattr(cls, "__dataclass_fields__", {})
    if "field_sources" in names:
        derived["field_sources"] = overrides  # (a record without the field only checks them)
    if "source" not in names and "source" in rec:
        validate(Source, rec.pop("source"), where, "source")
    rec.update(derived)
    out: T = validate(cls, rec, where)
    if check is not None and (problem := check(out)) is not None:
        raise ContentError(f"{where}: {problem}")
    return out


def records(
    data: Mapping[str, Any], file: str, kind: str, key: str = "name"
) -> Iterable[tuple[str, Any, dict[str, Any]]]:
    """(where, name, raw record) for each `[[kind]]` record of a file, named by its `key`
    field ("file: kind 'name'"); names unique."""
    seen: set[Any] = set()
    raw = data.get(kind, [])
    if not isinstance(raw, list):
        raise ContentError(f"{file}: field {kind!r} must be list, not {raw!r}")
    for i, rec in enumerate(raw):
        first = f"{file}: {kind} {i + 1}"
        if not isinstance(rec, dict):
            raise ContentError(f"{first}: must be a table, not {rec!r}")
        if key not in rec:
            raise ContentError(f"{first}: missing field {key!r}")
        name = rec[key]
        if not isinstance(name, str):
            raise ContentError(f"{first}: field {key!r} must be str, not {name!r}")
        where = f"{file}: {kind} {name!r}"
        if name in seen:
            raise ContentError(f"{where}: a second {kind} of that {key}")
        seen.add(name)
        yield where, name, rec
