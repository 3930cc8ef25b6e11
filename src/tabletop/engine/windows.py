"""Windows and triggers: the ways players get to respond, shared by every game.

**The window policy** (one for all games, see DESIGN.md): a window asks *everyone who may
respond by position* (every other player, or every eligible seat), every time, whether or not
they hold anything to respond with. Those with nothing to play get the single option "pass".
The question itself therefore says nothing about anyone's hand; what leaks is only what the
table sees anyway (who responded, once they do). Interfaces may answer a lone "pass" for a
person; that leaks nothing either, since the question was put to everyone.

Two kinds of window, both step kinds (see `flow`) a game subclasses to fill in a few hooks:

- `Priority`: the players of `order` are asked in turn; each may act or pass; an action
  reopens the window (the pass count starts again) and play goes on from the next player; the
  window closes after a whole round of passes. (Quests' Action phase and Initiative
  modifications; a Librarians check where everyone may devote a card.) With `reopens =
  False` nothing reopens it: each player of `order` answers once, in turn, and it closes
  (Guardians' Shield: each holder a Final Act waits on may ignore it).
- `Reaction`: a SECRET decision put to every responder at once; when some choose to respond,
  the first of them in turn order after the last actor does, and the window opens again
  against that response (a chain: Escape against Escape); it closes when all pass, and
  `close` learns the whole chain. (Quests' Escape, Guardians' Shield.)

`Triggers` is a listener index for When/After effects ("Response: after a check fails...").
A listener is a handler id (see `handlers`), so the index is plain data that clones and
fingerprints; firing a key nobody listens to costs one dictionary miss, and it works with the
log switched off, since it never reads the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from tabletop.engine.decision import ONE, SECRET, Ask, Decision, Option
from tabletop.engine.flow import after

PASS_ID = "pass"  # every window's pass option has this id


class _PriorityFields(NamedTuple):
    order: tuple[int, ...]
    at: int = 0
    passes: int = 0


class Priority(_PriorityFields):
    """A priority window over `order` (seats in turn order), asking `order[at]` now, after
    `passes` passes in a row. Subclass it (with `__slots__ = ()`) and fill `kind`, `rule`,
    `prompt`, `options`, `act` and `close`."""

    __slots__ = ()
    auto = False
    kind = "window"
    rule = ""
    reopens = True  # False: every answer counts toward closing; each is asked once

    @property
    def player(self) -> int:
        return self.order[self.at]

    def prompt(self, state: Any, player: int) -> str:
        return "Act, or pass"

    def options(self, state: Any, player: int) -> tuple[Option, ...]:
        raise NotImplementedError

    def act(self, state: Any, player: int, option: Option) -> None:
        """`player` did something other than pass (the window, reopened, is already back on
        the stack beneath: push what the action needs on top of it)."""
        raise NotImplementedError

    def close(self, state: Any) -> None:
        """Everyone passed in a row: go on."""

    def ask(self, state: Any) -> Decision:
        p = self.order[self.at]
        # (tuple.__new__: asked at every turn of a window)
        return tuple.__new__(
            Decision,
            ((p,), self.kind, self.prompt(state, p), self.options(state, p), self.rule, ONE, None),
        )

    def answer(self, state: Any, player: int, option: Option) -> None:
        order = self.order
        n = len(order)
        nxt = self.at + 1 if self.at + 1 < n else 0
        # (tuple.__new__ rather than _replace: this runs at every turn of a window)
        if not self.reopens:
            if self.at + 1 < n:
                state.flow.append(tuple.__new__(type(self), (order, self.at + 1, 0)))
            if option.id != PASS_ID:
                self.act(state, player, option)
            if self.at + 1 >= n:
                self.close(state)
            return
        if option.id == PASS_ID:
            if self.passes + 1 >= n:
                self.close(state)
            else:
                state.flow.append(tuple.__new__(type(self), (order, nxt, self.passes + 1)))
            return
        state.flow.append(tuple.__new__(type(self), (order, nxt, 0)))
        self.act(state, player, option)


class _ReactionFields(NamedTuple):
    chain: tuple[int, ...]
    about: tuple[Any, ...] = ()
    num_players: int = 2


class Reaction(_ReactionFields):
    """A reaction window against what `chain[0]` just did (`about`: what it was, as plain
    data), with `chain[1:]` the responses so far, each against the one before, at a table of
    `num_players`. Subclass it (with `__slots__ = ()`) and fill `kind`, `rule`, `prompt`,
    `options`, `respond` and `close`."""

    __slots__ = ()
    auto = False
    kind = "reaction"
    rule = ""

    def responders(self, state: Any) -> tuple[int, ...]:
        """Who is asked: by default every player but the last actor, from the next one."""
        return after(self.chain[-1], self.num_players)

    def prompt(self, state: Any) -> str:
        return "Respond, or pass"

    def options(self, state: Any, player: int) -> tuple[Option, ...]:
        raise NotImplementedError

    def respond(self, state: Any, player: int) -> None:
        """`player` responds (pay for it, log it); the window opens again against it."""
        raise NotImplementedError

    def close(self, state: Any) -> None:
        """Nobody responded to the last actor: the chain is over. An odd number of
        responses means the first action was answered (`answered`)."""

    @property
    def answered(self) -> bool:
        return (len(self.chain) - 1) % 2 == 1

    def every_option(self, state: Any, per: tuple[tuple[Option, ...], ...]) -> tuple[Option, ...]:
        """The decision's `options`: every option any responder has, in order."""
        return tuple(dict.fromkeys(o for opts in per for o in opts))

    def ask(self, state: Any) -> Decision:
        players = self.responders(state)
        options = self.options
        kind, prompt, rule = self.kind, self.prompt(state), self.rule
        per = tuple([options(state, q) for q in players])
        # (tuple.__new__: an Escape window is asked at almost every card played)
        asks = tuple([tuple.__new__(Ask, (kind, prompt, o, rule)) for o in per])
        every = self.every_option(state, per)
        return tuple.__new__(Decision, (players, kind, prompt, every, rule, SECRET, asks))

    def answers(self, state: Any, decision: Decision, answers: dict[int, Option]) -> None:
        # several responders at once: the first of them in turn order after the last actor
        who = next((q for q in decision.players if answers[q].id != PASS_ID), None)
        if who is None:
            self.close(state)
            return
        self.respond(state, who)
        state.flow.append(self._replace(chain=(*self.chain, who)))


Listener = Callable[[Any, dict[str, Any]], None]


class Triggers:
    """When/After listeners by moment and key: `listen("after", "check.failed", "card-id")`.
    Handlers are looked up by id in `handlers` when the key fires. Plain data (a dict of
    tuples), copied by `copy()`; `fire` on a key nobody listens to is a dictionary miss."""

    __slots__ = ("index",)

    def __init__(self) -> None:
        self.index: dict[str, tuple[str, ...]] = {}

    def copy(self) -> Triggers:
        new = Triggers.__new__(Triggers)
        new.index = dict(self.index)  # the tuples are shared: listen() replaces them
        return new

    def listen(self, moment: str, key: str, handler_id: str) -> None:
        k = f"{moment}:{key}"
        self.index[k] = (*self.index.get(k, ()), handler_id)

    def forget(self, moment: str, key: str, handler_id: str) -> None:
        k = f"{moment}:{key}"
        left = tuple(h for h in self.index.get(k, ()) if h != handler_id)
        if left:
            self.index[k] = left
        else:
            self.index.pop(k, None)

    def fire(
        self,
        state: Any,
        moment: str,
        key: str,
        handlers: Callable[[str], Listener],
        **context: Any,
    ) -> int:
        """Call every listener of `moment:key` in the order they started listening, with
        `context`; returns how many listened."""
        ids = self.index.get(f"{moment}:{key}")
        if not ids:
            return 0
        for h in ids:
            handlers(h)(state, context)
        return len(ids)

    def fingerprint(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return tuple(sorted(self.index.items()))
