"""Declared game fields: a game lists its own fields once, with how each copies.

    class QuestsState(State):
        __slots__ = declare(turn=VALUE, leader=VALUE, rolls=LIST)

`declare` returns the slot names (so `__slots__` is derived from it) and remembers each
field's kind; `State` then generates the game's `_copy_game` (used by `clone`) and
`fingerprint` (used by record digests) from that one list, so a field added to the state is
copied and fingerprinted, or the class does not even have the slot. Kinds:

- `VALUE`: immutable (int, str, None, tuples, frozen objects): copies share it;
- `LIST`: a list of immutable items, copied with `[:]` and fingerprinted as a tuple;
- `LISTS`: a list of lists of immutable items, copied one level deeper;
- `DICT`: a dict of immutable keys and values, copied with `dict()` and fingerprinted sorted;
- `OBJECT`: an object with its own `copy()` and `fingerprint()` (a `Triggers` index, say);
- `SHARED`: an immutable object derived from what the state was started with (the tables of
  its content), shared by copies and left out of the fingerprint (the record digest has the
  content patch's digest instead).

The generated code is plain attribute copies, as fast as a hand-written `_copy_game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

VALUE: Final = "value"
LIST: Final = "list"
LISTS: Final = "lists"
DICT: Final = "dict"
OBJECT: Final = "object"
SHARED: Final = "shared"
_COPY = {
    VALUE: "self.{0}",
    LIST: "self.{0}[:]",
    LISTS: "[x[:] for x in self.{0}]",
    DICT: "dict(self.{0})",
    OBJECT: "self.{0}.copy()",
    SHARED: "self.{0}",
}
_PRINT = {
    VALUE: "self.{0}",
    LIST: "tuple(self.{0})",
    LISTS: "tuple(map(tuple, self.{0}))",
    DICT: "tuple(sorted(self.{0}.items()))",
    OBJECT: "self.{0}.fingerprint()",
}


class Fields(tuple[str, ...]):
    """The names of a game's own fields (usable as `__slots__`), with their kinds."""

    kinds: dict[str, str]


def declare(**kinds: str) -> Fields:
    """Declare a game's fields in order: `name=KIND`."""
    for name, kind in kinds.items():
        if kind not in _COPY:
            raise ValueError(f"field {name!r}: unknown kind {kind!r}")
    fields = Fields(kinds)
    fields.kinds = dict(kinds)
    return fields


def copier(fields: Fields) -> Callable[[Any, Any], None]:
    """`_copy_game(self, new)` for these fields."""
    body = [f"    new.{n} = " + _COPY[k].format(n) for n, k in fields.kinds.items()] or ["    pass"]
    return _compile("_copy_game", "self, new", body)


def printer(fields: Fields, kernel: str) -> Callable[[Any], tuple[Any, ...]]:
    """`fingerprint(self)`: these fields in order, then `kernel` (an expression over
    `self` giving the kernel's part, a tuple)."""
    parts = ", ".join(_PRINT[k].format(n) for n, k in fields.kinds.items() if k in _PRINT)
    return _compile(
        "fingerprint", "self", [f"    return ({parts}{',' if parts else ''}) + {kernel}"]
    )


def _compile(name: str, args: str, body: list[str]) -> Callable[..., Any]:
    scope: dict[str, Any] = {}
    exec(f"def {name}({args}):\n" + "\n".join(body), scope)  # generated from the declaration
    fn: Callable[..., Any] = scope[name]
    return fn
