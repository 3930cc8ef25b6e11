"""Reading content files: what every game's TOML loader shares.

A game's `content.py` turns its `content/*.toml` into typed records (`read_toml` reads one),
each record kind declared once and validated by `tabletop.engine.declared`. The small field
checks here (`need`, `optional`, `one_of`) serve the kernel's own files (`texts.toml`); every
error names the file, the record and the field (`where` is "file: record").
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
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


def read_toml(package: str, name: str) -> dict[str, Any]:
    """The TOML file `name` (a path under the package's `content/`, "/"-separated) of a game
    package, parsed; a syntax error is a `ContentError` naming the file."""
    path = resources.files(package) / "content"
    for part in name.split("/"):
        path = path / part
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{name}: {e}") from None


class CardList:
    """The cards of one game as they are dealt out of the content, in card-id order: each
    added card's name, pool (the cards determinization may exchange), kind, owning seat (-1:
    none) and record. A game's card table is built from these lists."""

    __slots__ = ("kinds", "names", "owners", "pools", "records")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.pools: list[str] = []
        self.kinds: list[int] = []
        self.owners: list[int] = []
        self.records: list[Any] = []

    def add(self, name: str, pool: str, kind: int, owner: int, rec: Any) -> int:
        """Add one card; returns its id."""
        self.names.append(name)
        self.pools.append(pool)
        self.kinds.append(kind)
        self.owners.append(owner)
        self.records.append(rec)
        return len(self.names) - 1
