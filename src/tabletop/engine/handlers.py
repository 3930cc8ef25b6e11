"""Handler registries: content ids mapped to the code that gives them behaviour.

Card data lives in `content/*.toml`; a card (location, enemy, quest, ability kind) that does
more than its numbers has one handler, registered under its id with the rule id it applies,
in one place. A registry also knows which ids are *plain* (their numbers are all there is), so
a test can check that every content id is one or the other, and that no handler is left over:

    EFFECTS = Handlers("quests.artifact")

    @EFFECTS.handler("crystal-skull", rule="quests.artifact.crystal-skull")
    def crystal_skull(state, player): ...

    EFFECTS.plain("pans-flute")
    assert EFFECTS.problems(ids_in_content) == []
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Handlers:
    """One registry (say, a game's artifact abilities): id -> (handler, rule id)."""

    __slots__ = ("_by_id", "_plain", "_rules", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._by_id: dict[str, Callable[..., Any]] = {}
        self._rules: dict[str, str] = {}
        self._plain: set[str] = set()

    def handler(self, *ids: str, rule: str) -> Callable[[F], F]:
        """Register the decorated function for each of `ids`, applying rule `rule`."""

        def register(fn: F) -> F:
            for i in ids:
                if i in self._by_id or i in self._plain:
                    raise ValueError(f"{self.name}: {i!r} has two behaviours")
                self._by_id[i] = fn
                self._rules[i] = rule
            return fn

        return register

    def plain(self, *ids: str) -> None:
        """Declare ids whose numbers are all their behaviour."""
        for i in ids:
            if i in self._by_id:
                raise ValueError(f"{self.name}: {i!r} is declared plain but has a handler")
            self._plain.add(i)

    def __getitem__(self, id_: str) -> Callable[..., Any]:
        return self._by_id[id_]

    def get(self, id_: str) -> Callable[..., Any] | None:
        return self._by_id.get(id_)

    def __contains__(self, id_: object) -> bool:
        return id_ in self._by_id

    def rule(self, id_: str) -> str:
        return self._rules[id_]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(self._by_id)

    def problems(self, content_ids: Iterable[str]) -> list[str]:
        """What keeps the registry from matching the content: ids with no behaviour, handlers
        or plain ids for nothing in the content, handlers naming no rule."""
        want = set(content_ids)
        out = [
            f"{self.name}: {i!r} has no handler and is not plain"
            for i in sorted(want)
            if i not in self._by_id and i not in self._plain
        ]
        out += [
            f"{self.name}: {i!r} is in no content"
            for i in sorted((set(self._by_id) | self._plain) - want)
        ]
        out += [
            f"{self.name}: {i!r} names no rule id" for i, r in sorted(self._rules.items()) if not r
        ]
        return out
