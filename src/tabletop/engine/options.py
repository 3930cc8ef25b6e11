"""Typed, validated game options: one frozen dataclass per game.

Each field's metadata may carry `choices` (allowed values), `min`/`max` (for ints), `help`,
and `check`: a game hook called with the coerced value that returns an error text (the value
is refused, the text says why) or None. `parse_options` accepts Python values or the strings a
command line passes.

Besides str, int and bool fields, an option may hold several values:

- a **list**, annotated `tuple[T, ...]` (T one of str, int, bool), e.g. a hero's deck. Its
  metadata's `choices`/`min`/`max` bound each element; `min_len`/`max_len` bound its length;
  `unique=True` refuses a value given twice. On a command line: `deck=a,b,c` (an empty string
  is the empty list). The value is kept as a tuple.
- a **mapping**, annotated `Mapping[K, V]` or `FrozenMap[K, V]` (K str or int, V str, int
  or bool), e.g. the agent chosen for each seat (write `Mapping`: ruff knows it for an
  immutable annotation and accepts `map_option(...)` as its default). `keys` lists the
  allowed keys; `choices`/`min`/`max` bound each value; `min_len`/`max_len` bound the number
  of entries. On a command line: `agents=p1:x,p2:y`. The value is kept as a `FrozenMap`:
  immutable, hashable, ordered by key.

`list_option(...)` and `map_option(...)` build such fields. Options objects stay frozen and
hashable, so records and digests keep working; `options_dict` gives their JSON-ready form
(lists and dicts), which `parse_options` reads back to an equal options object.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from tabletop.engine.errors import OptionError

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

_LIST = re.compile(r"(?:tuple|Tuple)\[\s*(\w+)\s*,\s*\.\.\.\s*\]")
_MAP = re.compile(r"(?:FrozenMap|Mapping)\[\s*(\w+)\s*,\s*(\w+)\s*\]")
_SCALARS = ("str", "int", "bool")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable, hashable mapping ordered by key: the value of a mapping-valued option."""

    __slots__ = ("_dict", "_items")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        pairs = dict(items)
        self._items: tuple[tuple[K, V], ...] = tuple(
            sorted(pairs.items(), key=lambda kv: kv[0])  # type: ignore[arg-type, return-value]
        )
        self._dict: dict[K, V] = dict(self._items)

    def __getitem__(self, key: K) -> V:
        return self._dict[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._dict)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._dict == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._dict!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._items,))


def list_option(
    default: tuple[Any, ...] = (),
    *,
    choices: Iterable[Any] | None = None,
    min_len: int | None = None,
    max_len: int | None = None,
    unique: bool = False,
    check: Callable[[Any], str | None] | None = None,
    help: str = "",
    **bounds: Any,
) -> Any:
    """A list-valued option field (annotate it `tuple[T, ...]`); `bounds` may give min/max
    for int elements."""
    meta = _meta(choices, min_len, max_len, check, help, bounds)
    if unique:
        meta["unique"] = True
    return dataclasses.field(default=tuple(default), metadata=meta)


def map_option(
    default: Mapping[Any, Any] | None = None,
    *,
    keys: Iterable[Any] | None = None,
    choices: Iterable[Any] | None = None,
    min_len: int | None = None,
    max_len: int | None = None,
    check: Callable[[Any], str | None] | None = None,
    help: str = "",
    **bounds: Any,
) -> Any:
    """A mapping-valued option field (annotate it `Mapping[K, V]`); its value is a
    `FrozenMap`."""
    meta = _meta(choices, min_len, max_len, check, help, bounds)
    if keys is not None:
        meta["keys"] = tuple(keys)
    return dataclasses.field(default=FrozenMap(default or {}), metadata=meta)


def _meta(
    choices: Iterable[Any] | None,
    min_len: int | None,
    max_len: int | None,
    check: Callable[[Any], str | None] | None,
    help: str,
    bounds: dict[str, Any],
) -> dict[str, Any]:
    unknown = sorted(set(bounds) - {"min", "max"})
    if unknown:
        raise TypeError(f"unknown option metadata {unknown[0]!r}")
    meta: dict[str, Any] = dict(bounds)
    if choices is not None:
        meta["choices"] = tuple(choices)
    if min_len is not None:
        meta["min_len"] = min_len
    if max_len is not None:
        meta["max_len"] = max_len
    if check is not None:
        meta["check"] = check
    if help:
        meta["help"] = help
    return meta


def _plain(value: object) -> object:
    """The JSON-ready form of an option value."""
    if isinstance(value, FrozenMap):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """One dict per option: name, type, default, allowed values (also in words), help."""
    out = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        entry: dict[str, Any] = {
            "name": f.name,
            "type": _type_name(f.type),
            "default": _plain(f.default),
            "help": meta.get("help", ""),
        }
        for key in ("choices", "keys"):
            if key in meta:
                entry[key] = list(meta[key])
        for key in ("min", "max", "min_len", "max_len", "unique"):
            if key in meta:
                entry[key] = meta[key]
        shape = _shape(f)
        if shape[0] != "scalar":
            entry["allowed"] = _allowed(f)
        out.append(entry)
    return out


def _type_name(t: object) -> str:
    if isinstance(t, str):
        return t
    if getattr(t, "__origin__", None) is not None:  # tuple[str, ...] and the like
        return re.sub(r"\b[A-Za-z_][\w]*\.", "", str(t))
    return getattr(t, "__name__", str(t))


def _shape(f: dataclasses.Field[Any]) -> tuple[str, ...]:
    """("scalar", kind), ("list", element kind) or ("map", key kind, value kind)."""
    text = re.sub(r"\b[A-Za-z_][\w]*\.", "", _type_name(f.type)).strip()
    m = _LIST.fullmatch(text)
    if m and m.group(1) in _SCALARS:
        return ("list", m.group(1))
    m = _MAP.fullmatch(text)
    if m and m.group(1) in ("str", "int") and m.group(2) in _SCALARS:
        return ("map", m.group(1), m.group(2))
    return ("scalar", text)


def _scalar_allowed(kind: str, meta: Mapping[str, Any], choices: str = "choices") -> str:
    if choices in meta:
        return "one of " + ", ".join(repr(c) for c in meta[choices])
    if kind == "int":
        lo, hi = meta.get("min"), meta.get("max")
        if lo is not None and hi is not None:
            return f"an integer from {lo} to {hi}"
        if lo is not None:
            return f"an integer of at least {lo}"
        return f"an integer of at most {hi}" if hi is not None else "an integer"
    if kind == "bool":
        return "true or false"
    return kind


def _count(meta: Mapping[str, Any], noun: str) -> str:
    lo, hi = meta.get("min_len"), meta.get("max_len")
    if lo is not None and hi is not None:
        return f"{lo} to {hi} {noun}" if lo != hi else f"exactly {lo} {noun}"
    if hi is not None:
        return f"at most {hi} {noun}"
    if lo is not None:
        return f"at least {lo} {noun}"
    return f"any number of {noun}"


def _allowed(f: dataclasses.Field[Any]) -> str:
    meta = f.metadata
    shape = _shape(f)
    if shape[0] == "list":
        text = f"a list of {_count(meta, 'values')}, each {_scalar_allowed(shape[1], meta)}"
        if meta.get("unique"):
            text += ", none twice"
        return text + " (on a command line: comma-separated, as in a,b,c)"
    if shape[0] == "map":
        keys = _scalar_allowed(shape[1], meta, "keys")
        values = _scalar_allowed(shape[2], meta)
        return (
            f"a mapping of {_count(meta, 'entries')}, each key {keys} and each value {values} "
            "(on a command line: key:value pairs, comma-separated, as in p1:x,p2:y)"
        )
    if "choices" in meta:
        return "one of " + ", ".join(repr(c) for c in meta["choices"])
    kind = _type_name(f.type)
    if kind == "int":
        lo, hi = meta.get("min"), meta.get("max")
        return f"an integer from {lo} to {hi}" if lo is not None else "an integer"
    if kind == "bool":
        return "true or false"
    return kind


class _Bad(Exception):
    """An element of a list or mapping option that is not allowed (`why` says how)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _scalar(kind: str, meta: Mapping[str, Any], value: object, choices: str = "choices") -> object:
    """`value` coerced to `kind` and checked against the bounds in `meta`, else `_Bad`."""
    bad = _Bad("")
    if kind == "int":
        if isinstance(value, bool):
            raise bad
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise bad from None
        if not isinstance(value, int):
            raise bad
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise bad
    elif kind == "bool":
        if isinstance(value, str):
            low = value.strip().lower()
            if low not in ("true", "false", "yes", "no", "1", "0"):
                raise bad
            value = low in ("true", "yes", "1")
        if not isinstance(value, bool):
            raise bad
    elif kind == "str" and not isinstance(value, str):
        raise bad
    if choices in meta and value not in meta[choices]:
        raise bad
    return value


def _element(kind: str, meta: Mapping[str, Any], value: object, choices: str = "choices") -> object:
    if isinstance(value, str):
        value = value.strip()
    try:
        return _scalar(kind, meta, value, choices)
    except _Bad:
        raise _Bad(f"{value!r} is not allowed") from None


def _sized(meta: Mapping[str, Any], n: int, noun: str) -> None:
    lo, hi = meta.get("min_len"), meta.get("max_len")
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise _Bad(f"it has {n} {noun}")


def _list(kind: str, meta: Mapping[str, Any], value: object) -> tuple[Any, ...]:
    if isinstance(value, str):
        items: list[object] = [] if not value.strip() else list(value.split(","))
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise _Bad("it is not a list")
    out = tuple(_element(kind, meta, v) for v in items)
    _sized(meta, len(out), "values")
    if meta.get("unique"):
        seen: set[object] = set()
        for v in out:
            if v in seen:
                raise _Bad(f"{v!r} is given twice")
            seen.add(v)
    return out


def _map(
    key_kind: str, value_kind: str, meta: Mapping[str, Any], value: object
) -> FrozenMap[Any, Any]:
    pairs: list[tuple[object, object]] = []
    if isinstance(value, str):
        for piece in [] if not value.strip() else value.split(","):
            left, colon, right = piece.partition(":")
            if not colon:
                raise _Bad(f"{piece.strip()!r} is not a key:value pair")
            pairs.append((left, right))
    elif isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, list | tuple) and all(
        isinstance(p, list | tuple) and len(p) == 2 for p in value
    ):
        pairs = [(p[0], p[1]) for p in value]
    else:
        raise _Bad("it is not a mapping")
    out: dict[object, object] = {}
    for key, item in pairs:
        k = _element(key_kind, meta, key, "keys")
        if k in out:
            raise _Bad(f"key {k!r} is given twice")
        out[k] = _element(value_kind, meta, item)
    _sized(meta, len(out), "entries")
    return FrozenMap(out)


def _coerce(game: str, f: dataclasses.Field[Any], value: object) -> object:
    shape = _shape(f)
    head = f"option {f.name!r} of {game} cannot be {value!r}"
    try:
        if shape[0] == "list":
            value = _list(shape[1], f.metadata, value)
        elif shape[0] == "map":
            value = _map(shape[1], shape[2], f.metadata, value)
        else:
            value = _scalar(shape[1], f.metadata, value)
    except _Bad as e:
        why = f"{e.why}; " if e.why else ""
        raise OptionError(f"{head}: {why}it must be {_allowed(f)}") from None
    check = f.metadata.get("check")
    if check is not None:
        problem = check(value)
        if problem:
            raise OptionError(f"{head}: {problem}")
    return value


def parse_options(game: str, cls: type[T], raw: Mapping[str, object] | None) -> T:
    """Build `cls` from `raw`, rejecting unknown names and bad values with a clear message."""
    raw = dict(raw or {})
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0]!r} for {game}; its options are: " + ", ".join(fields)
        )
    values = {name: _coerce(game, fields[name], v) for name, v in raw.items()}
    return cls(**values)


def options_dict(opts: object) -> dict[str, Any]:
    """The options as JSON-ready values (lists for list options, dicts for mappings)."""
    return {
        f.name: _plain(getattr(opts, f.name))
        for f in dataclasses.fields(opts)  # type: ignore[arg-type]
    }
