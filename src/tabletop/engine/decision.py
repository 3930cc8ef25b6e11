"""Decisions: who must choose now, and between which options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class Option:
    """One choice. `id` is stable across games and versions; `action` is its index in the
    game's fixed action space (for research adapters and masks); `label` is for people; `arg`
    is what the option stands for (a seat, a card, a suit, a slot), so rules and bots read it
    instead of decoding the id."""

    id: str
    label: str
    action: int
    arg: Any = None


class Decision(NamedTuple):
    """A question the game asks.

    `players` lists who must answer. With one player it is an ordinary turn; with several and
    `simultaneous=True`, each answers without seeing the others' answers and the game moves on
    once all are in. Players of a simultaneous decision may have different options (each
    drafts from their own pack): `per_player`, when set, holds one options tuple per entry of
    `players`. `kind` names the decision type (for bots and UIs) and `rule` the rule id that
    asks it. A named tuple: immutable, and cheap to build on the simulation hot path (a
    frozen dataclass costs four times as much).
    """

    players: tuple[int, ...]
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""
    simultaneous: bool = False
    per_player: tuple[tuple[Option, ...], ...] | None = None

    def options_for(self, player: int) -> tuple[Option, ...]:
        if self.per_player is None:
            return self.options
        return self.per_player[self.players.index(player)]

    def option(self, option_id: str, player: int | None = None) -> Option | None:
        opts = self.options if player is None else self.options_for(player)
        for opt in opts:
            if opt.id == option_id:
                return opt
        return None

    def option_ids(self, player: int | None = None) -> tuple[str, ...]:
        opts = self.options if player is None else self.options_for(player)
        return tuple(o.id for o in opts)


class ActionSpace:
    """The fixed, per-game list of every option id there can ever be.

    Built once from a game's content (cards, suits, seats), never typed in by hand. Each
    `Option` is made once here and shared by every decision, so asking a question costs
    nothing more than building a tuple.
    """

    __slots__ = ("_index", "options")

    def __init__(self, entries: Sequence[tuple[str, str] | tuple[str, str, Any]]) -> None:
        """`entries`: (id, label) or (id, label, arg) for each option, in action order."""
        self.options: tuple[Option, ...] = tuple(
            Option(e[0], e[1], i, e[2] if len(e) > 2 else None) for i, e in enumerate(entries)
        )
        self._index = {o.id: o for o in self.options}
        if len(self._index) != len(self.options):
            raise ValueError("duplicate option id in action space")

    def __len__(self) -> int:
        return len(self.options)

    def __getitem__(self, option_id: str) -> Option:
        return self._index[option_id]

    def __contains__(self, option_id: object) -> bool:
        return option_id in self._index

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.options)

    def mask(self, decision: Decision, player: int | None = None) -> list[bool]:
        """Legal-action mask of a decision (for `player`) over this action space."""
        m = [False] * len(self.options)
        for o in decision.options if player is None else decision.options_for(player):
            m[o.action] = True
        return m
