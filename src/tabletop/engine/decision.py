"""Decisions: who must choose now, and between which options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, NamedTuple


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

    def __hash__(self) -> int:
        # Equal options share their action index: hashing it alone is consistent with the
        # generated equality, and far cheaper than hashing every field (option sets and
        # de-duplicating dicts are built on the hot path).
        return hash(self.action)


ONE: Final = "one"  # one player answers (a turn)
SECRET: Final = "secret"  # several answer, unseen by each other; applied when all are in
PARALLEL: Final = "parallel"  # several act openly, each answer applied at once
MODES = (ONE, SECRET, PARALLEL)


class Ask(NamedTuple):
    """One player's part of a decision: what they are asked, and what they may answer."""

    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""


class Decision(NamedTuple):
    """A question the game asks.

    `players` lists who must answer, in a `mode`:

    - ONE: a single player answers (an ordinary turn);
    - SECRET: each answers without seeing the others' answers, and the game moves on once all
      are in (a draft pick, a vote, an Escape window);
    - PARALLEL: each acts openly in their own time, every answer is applied at once and seen
      by all, and the game asks again (the same players, or fewer as they finish) until all
      are done (a Power Up played at the table).

    `kind` names the decision type (for bots and interfaces), `prompt` says it in words,
    `options` are the choices and `rule` the rule id that asks it. Players may each have
    their own ask (their own options, or even their own kind, prompt and rule): `asks`, when
    set, holds one `Ask` per entry of `players`, and `kind`, `prompt`, `options`, `rule` are
    then what the decision is as a whole (what a spectator sees asked). Read a player's own
    part with `ask(player)` or `options_for(player)`. A named tuple: immutable, and cheap to
    build on the simulation hot path.
    """

    players: tuple[int, ...]
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""
    mode: str = ONE
    asks: tuple[Ask, ...] | None = None

    @property
    def secret(self) -> bool:
        """Answers are hidden until all are in (mode SECRET)."""
        return self.mode == SECRET

    def ask(self, player: int) -> Ask:
        """`player`'s own part of the decision."""
        if self.asks is None:
            return Ask(self.kind, self.prompt, self.options, self.rule)
        return self.asks[self.players.index(player)]

    def options_for(self, player: int) -> tuple[Option, ...]:
        if self.asks is None:
            return self.options
        return self.asks[self.players.index(player)].options

    def kind_for(self, player: int) -> str:
        return self.kind if self.asks is None else self.asks[self.players.index(player)].kind

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

    @property
    def by_id(self) -> Mapping[str, Option]:
        """Option id -> Option, read-only (a lookup without a method call, for rules that
        name their options by id on the hot path)."""
        return MappingProxyType(self._index)

    def mask(self, decision: Decision, player: int | None = None) -> list[bool]:
        """Legal-action mask of a decision (for `player`) over this action space."""
        m = [False] * len(self.options)
        for o in decision.options if player is None else decision.options_for(player):
            m[o.action] = True
        return m
