"""Typed, validated game options: one frozen dataclass per game.

Each field's metadata may carry `choices` (allowed values), `min`/`max` (for ints) and `help`.
`parse_options` accepts Python values or the strings a command line passes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from tabletop.engine.errors import OptionError

T = TypeVar("T")


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """One dict per option: name, type, default, allowed values, help."""
    out = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        entry: dict[str, Any] = {
            "name": f.name,
            "type": _type_name(f.type),
            "default": f.default,
            "help": meta.get("help", ""),
        }
        if "choices" in meta:
            entry["choices"] = list(meta["choices"])
        if "min" in meta:
            entry["min"] = meta["min"]
        if "max" in meta:
            entry["max"] = meta["max"]
        out.append(entry)
    return out


def _type_name(t: object) -> str:
    return t if isinstance(t, str) else getattr(t, "__name__", str(t))


def _allowed(f: dataclasses.Field[Any]) -> str:
    meta = f.metadata
    if "choices" in meta:
        return "one of " + ", ".join(repr(c) for c in meta["choices"])
    kind = _type_name(f.type)
    if kind == "int":
        lo, hi = meta.get("min"), meta.get("max")
        return f"an integer from {lo} to {hi}" if lo is not None else "an integer"
    if kind == "bool":
        return "true or false"
    return kind


def _coerce(game: str, f: dataclasses.Field[Any], value: object) -> object:
    kind = _type_name(f.type)
    bad = OptionError(f"option {f.name!r} of {game} cannot be {value!r}: it must be {_allowed(f)}")
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
        lo, hi = f.metadata.get("min"), f.metadata.get("max")
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
    if "choices" in f.metadata and value not in f.metadata["choices"]:
        raise bad
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
    return dataclasses.asdict(opts)  # type: ignore[call-overload, no-any-return]
