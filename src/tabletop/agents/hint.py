"""`hint`: what the game's search bot would play for a seat, and why, in one line.

The search reads only what the seat may know (`IsmctsAgent` determinizes from the seat's
information, as every agent does: DESIGN.md, Agents see what their seat sees), so a hint
never tells a person anything their seat could not work out. The terminal and the
full-screen table call it; a server table offers it only where the table allows it.
"""

from __future__ import annotations

import math
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

    def line(self) -> str:
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
    option `IsmctsAgent` would answer (`best_child`), from `seat`'s information only (every
    iteration searches a determinization of what the seat may know). `iterations`: search
    exactly that many instead of `seconds` (reproducible; tests)."""
    decision = state.pending
    if decision is None or seat not in state.to_move():
        raise ValueError("there is nothing for this seat to choose")
    options = decision.options_for(seat)
    if len(options) == 1:
        return Hint(options[0].id, options[0].label, 1.0, 0.0, 0)
    if iterations is None:
        settings = Settings(time=max(0.05, min(seconds, MAX_SECONDS)), iterations=None)
    else:
        settings = Settings(time=MAX_SECONDS, iterations=max(1, iterations))
    agent = IsmctsAgent(
        state.game_id, derive_seed(seed or state.seed, 7_000 + state.steps), settings
    )
    root = agent.search(state, seat)
    kind = decision.kind_for(seat)
    # (where the bot answers as the rule bot, so does the hint: an endless margin)
    margin = math.inf if kind in agent.rule_kinds else agent.margin
    index, child = best_child(root, seat, kind, options, agent.bias, margin)
    chosen = options[index]
    if child is None:
        return Hint(chosen.id, chosen.label, 0.0, 0.0, agent.last_iterations)
    total = sum(n.visits for (p, k, _), n in root.children.items() if p == seat and k == kind)
    return Hint(
        chosen.id,
        chosen.label,
        child.visits / total,
        child.total / child.visits,
        agent.last_iterations,
    )


__all__ = ["MAX_SECONDS", "SECONDS", "Hint", "hint"]
