"""`hint`: what the game's search bot would play for a seat, and why, in one line.

The search reads only what the seat may know (`IsmctsAgent` determinizes from the seat's
information, as every agent does: DESIGN.md, Agents see what their seat sees), so a hint
never tells a person anything their seat could not work out. The terminal and the
full-screen table call it; a server table offers it only where the table allows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.agents.ismcts import IsmctsAgent, Settings, best_child
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State

SECONDS = 1.0  # the default thinking time of a hint
MAX_SECONDS = 10.0  # a hint never thinks longer than this


@dataclass(frozen=True)
class Hint:
    option_id: str
    label: str
    share: float  # the share of the search's visits that went to this option
    value: float  # the mean reward the search expects after it (0..1: a win is 1)
    iterations: int
    # why the answer needed no search (a lone option, a decision the search leaves to the
    # rule bot); empty when the search chose it
    reason: str = ""

    def line(self) -> str:
        if self.reason:
            return f"Hint: {self.label} ({self.reason})"
        return (
            f"Hint: {self.label} (chosen in {self.share:.0%} of {self.iterations:,} simulated "
            f"continuations; expected result {self.value:.2f}, where a win is 1)"
        )

    def as_dict(self) -> dict[str, object]:
        """JSON-ready, for the page: the option, its label, the share, the value, the
        iterations and the one-line why."""
        return {
            "option": self.option_id,
            "label": self.label,
            "share": round(self.share, 4),
            "value": round(self.value, 4),
            "iterations": self.iterations,
            "why": self.line(),
        }


def hint(
    state: State,
    seat: int,
    seconds: float = SECONDS,
    seed: int = 0,
    *,
    iterations: int | None = None,
) -> Hint:
    """The search's suggestion for `seat` at `state` (which must be waiting for `seat`): the
    option `IsmctsAgent` would answer (`best_child`; at the game's `RULE_KINDS` the rule bot's
    answer, unsearched, as the agent gives it), from `seat`'s information only (every
    iteration searches a determinization of what the seat may know). `iterations`: search
    exactly that many instead of `seconds` (reproducible; tests)."""
    decision = state.pending
    if decision is None or seat not in state.to_move():
        raise ValueError("there is nothing for this seat to choose")
    options = decision.options_for(seat)
    if len(options) == 1:
        return Hint(options[0].id, options[0].label, 1.0, 0.0, 0, "the only option")
    if iterations is None:
        settings = Settings(time=max(0.05, min(seconds, MAX_SECONDS)), iterations=None)
    else:
        settings = Settings(time=MAX_SECONDS, iterations=max(1, iterations))
    agent = IsmctsAgent(
        state.game_id, derive_seed(seed or state.seed, 7_000 + state.steps), settings
    )
    kind = decision.kind_for(seat)
    if kind in agent.rule_kinds:
        # the search bot answers these as the rule bot, unsearched: so does the hint
        answer = agent.choose(state, seat)
        chosen = next(o for o in options if o.id == answer)
        return Hint(
            chosen.id,
            chosen.label,
            1.0,
            0.0,
            0,
            "the rule bot's answer: the search leaves this kind of decision to it",
        )
    root = agent.search(state, seat)
    index, child = best_child(root, seat, kind, options, agent.bias, agent.margin)
    chosen = options[index]
    if child is None:
        return Hint(
            chosen.id,
            chosen.label,
            0.0,
            0.0,
            agent.last_iterations,
            "no answer was searched in the time given: the first option",
        )
    total = sum(n.visits for (p, k, _), n in root.children.items() if p == seat and k == kind)
    return Hint(
        chosen.id,
        chosen.label,
        child.visits / total,
        child.total / child.visits,
        agent.last_iterations,
    )


__all__ = ["MAX_SECONDS", "SECONDS", "Hint", "hint"]
