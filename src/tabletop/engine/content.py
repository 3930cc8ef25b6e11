"""Reading content files: the field checks every game's TOML loader shares.

A game's `content.py` turns its `content/*.toml` into typed records; these helpers make every
bad file an error that names the file, the record and the field (`where` is "file: record").
"""

from __future__ import annotations

import re
from typing import Any

# Where a record's facts come from: printed in the rulebook, or designed by us where the
# rulebook prints nothing (and replaceable by the printed values without touching code).
SOURCES: tuple[str, ...] = ("rulebook", "authored")


class ContentError(ValueError):
    """A content file that does not match its schema."""


def slugify(name: str) -> str:
    """The stable id of a named thing: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def typed(where: str, key: str, val: Any, typ: type) -> Any:
    """`val` if it is a `typ` (a bool is not an int), else a `ContentError`."""
    if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
        raise ContentError(f"{where}: field {key!r} must be {typ.__name__}, not {val!r}")
    return val


def need(where: str, rec: dict[str, Any], key: str, typ: type) -> Any:
    """A required field of type `typ`."""
    if key not in rec:
        raise ContentError(f"{where}: missing field {key!r}")
    return typed(where, key, rec[key], typ)


def optional(where: str, rec: dict[str, Any], key: str, typ: type, default: Any) -> Any:
    """A field of type `typ` that may be left out."""
    return typed(where, key, rec[key], typ) if key in rec else default


def one_of(where: str, key: str, val: str, allowed: tuple[str, ...]) -> str:
    """`val` if it is among `allowed`, else a `ContentError` listing them."""
    if val not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ContentError(f"{where}: field {key!r} is {val!r}; allowed: {shown}")
    return val
