"""Flow: the stack of pending steps every game's procedure lives in, and the driver.

A game's progress (a phase, a player's turn, an attribute check, a combat round, an Escape
window) is a stack of *steps* held in the state, `state.flow`, top last. A step is a small
immutable object of one *step kind*, a class that says what the step does. Its data are the
fields of a `NamedTuple` it derives from (cheap to build, copy, compare and print); the kind
itself is a plain subclass with `__slots__ = ()` holding the class attributes and methods:

- an **automatic** step (`auto = True`) has `run(state)`: it does its work (moves cards, rolls
  dice, pushes the steps that follow) and is gone;
- a **question** (`auto = False`) has `ask(state) -> Decision`, the question it puts, and
  `answer(state, player, option)` (or, for a SECRET decision, `answers(state, decision,
  answers)`), which does what the answer means and pushes what follows. `ask` only builds the
  question, so it can be asked again after `determinize` re-deals the cards it depends on.

`settle(state)` is the driver: it pops and runs automatic steps until a question is on top
(and makes it the pending decision) or the game is over. A procedure is a tuple of steps run in
order (`push(state, *steps)` puts the first on top); a phase played round the table is a step
that pushes one turn step for the next player (`clockwise`). Nothing lives in Python call
frames, so a game stops at any question and can be saved, cloned or sent, then resumed.

    class _Player(NamedTuple):
        player: int

    class Draw(_Player):
        __slots__ = ()
        auto = True
        rule = "toy.draw"

        def run(self, state: ToyState) -> None:
            state.draw(self.player)

    push(state, Draw(0), Draw(1), Play(0))
    settle(state)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from tabletop.engine.decision import Decision, Option

if TYPE_CHECKING:
    from tabletop.engine.state import State


class Step(Protocol):
    """What the driver needs of a step (a `NamedTuple` subclass with these class attributes
    and methods; `auto` steps need only `run`, questions only `ask` and `answer`/`answers`)."""

    auto: bool
    rule: str

    def run(self, state: Any) -> None: ...

    def ask(self, state: Any) -> Decision: ...

    def answer(self, state: Any, player: int, option: Option) -> None: ...

    def answers(self, state: Any, decision: Decision, answers: dict[int, Option]) -> None: ...


MAX_AUTO_STEPS = 1_000_000  # automatic steps in a row before the driver calls it a loop


def push(state: State, *steps: Any) -> None:
    """Put a procedure on the stack: `steps` run in the order given."""
    flow = state.flow
    for step in reversed(steps):
        flow.append(step)


def settle(state: State) -> None:
    """Run automatic steps until a question is on top (it becomes `state.pending`) or the
    game is over (the stack is then left as it is)."""
    flow = state.flow
    try:
        for _ in range(MAX_AUTO_STEPS):
            if state.result is not None:
                state._pending = None
                return
            step = flow[-1]
            if not step.auto:
                state._pending = step.ask(state)
                return
            flow.pop()
            step.run(state)
    except IndexError:
        if flow:
            raise
        raise AssertionError(
            f"{state.game_id}: nothing left to do but the game is not over"
        ) from None
    raise AssertionError(f"{state.game_id}: {MAX_AUTO_STEPS} automatic steps in a row")


def answered(state: State, decision: Decision, player: int, option: Option) -> None:
    """The question on top was answered by `player`: pop it, let it act, settle. (A game
    using the flow stack takes this as its `_answer` hook, and `all_answered` as `_answers`.)"""
    flow = state.flow
    flow.pop().answer(state, player, option)
    # settle(state), inlined: this runs after every answer of every game
    if state.result is None:
        step = flow[-1] if flow else None
        if step is not None and not step.auto:
            state._pending = step.ask(state)
            return
    settle(state)


def all_answered(state: State, decision: Decision, answers: dict[int, Option]) -> None:
    """Every player of the SECRET question on top has answered."""
    step = state.flow.pop()
    step.answers(state, decision, answers)
    settle(state)


def ask_again(state: State) -> None:
    """Put the question on top again (after its cards were re-dealt or rigged)."""
    if state.result is None and state.flow:
        state._pending = state.flow[-1].ask(state)


def top(state: State) -> Any:
    """The step on top of the stack (the question being asked), or None."""
    flow = state.flow
    return flow[-1] if flow else None


def find(state: State, kind: type[Any]) -> Any:
    """The highest step of `kind` on the stack, or None."""
    for step in reversed(state.flow):
        if type(step) is kind:
            return step
    return None


class NoFields(NamedTuple):
    """The base of a step kind whose steps carry no data."""


def fingerprint(flow: list[Any]) -> tuple[Any, ...]:
    """The stack as plain data: each step's kind name and fields."""
    return tuple((type(s).__name__, *s) for s in flow)


# -- turn orders ------------------------------------------------------------------------------
def clockwise(start: int, n: int) -> tuple[int, ...]:
    """Every seat once, from `start` round the table."""
    return tuple((start + i) % n for i in range(n))


def after(seat: int, n: int) -> tuple[int, ...]:
    """Every other seat, from the one after `seat` round the table."""
    try:
        return _AFTER[n][seat]
    except (IndexError, KeyError):
        return tuple((seat + i) % n for i in range(1, n))


# after(seat, n) for tables of up to 16 seats (asked at every reaction window)
_AFTER = {
    n: tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n)) for n in range(1, 17)
}
