"""`hint`: what the game's search bot would play for a seat, and why, in one line.

The search reads only what the seat may know (`IsmctsAgent` determinizes from the seat's
information, as every agent does: DESIGN.md, Agents see what their seat sees), so a hint
never tells a person anything their seat could not work out. The terminal and the
full-screen table call it; a server table offers it only where the table allows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.agents.ismcts import IsmctsAgent, Settings
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


def hint(state: State, seat: int, seconds: float = SECONDS, seed: int = 0) -> Hint:
    """The search's suggestion for `seat` at `state` (which must be waiting for `seat`)."""
    decision = state.pending
    if decision is None or seat not in decision.players:
        raise ValueError("there is nothing for this seat to choose")
    options = decision.options_for(seat)
    if len(options) == 1:
        return Hint(options[0].id, options[0].label, 1.0, 0.0, 0)
    seconds = max(0.05, min(seconds, MAX_SECONDS))
    agent = IsmctsAgent(
        state.game_id,
        derive_seed(seed or state.seed, 7_000 + state.steps),
        Settings(time=seconds, iterations=None),
    )
    root = agent.search(state, seat)
    kind = decision.kind_for(seat)
    total = 0
    best: tuple[int, float, int] = (-1, 0.0, 0)
    for i, opt in enumerate(options):
        child = root.children.get((seat, kind, opt.id))
        if child is None or not child.visits:
            continue
        total += child.visits
        key = (child.visits, child.total / child.visits, i)
        if key[:2] > best[:2]:
            best = key
    if best[0] <= 0:
        first = options[0]
        return Hint(first.id, first.label, 0.0, 0.0, agent.last_iterations)
    visits, value, index = best
    chosen = options[index]
    return Hint(chosen.id, chosen.label, visits / total, value, agent.last_iterations)


__all__ = ["MAX_SECONDS", "SECONDS", "Hint", "hint"]
