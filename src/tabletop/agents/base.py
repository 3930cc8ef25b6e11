"""What every agent offers: given a state and a seat whose answer is awaited, an option id.

Agents read the state only through what their seat may know: the seat's `view`, the pending
decision's options for that seat, its own zones and the public ones, and (for search)
`determinize(seat, rng)`. Each agent owns its RNG, seeded by whoever creates it, so a
simulation is a pure function of its seeds.

An agent's answer must not change when everything its seat cannot see is re-dealt:
`tests/agents/test_fair_play.py` checks that for every registered game and every agent of
`agent_names()` (DESIGN.md, Agents see what their seat sees).
"""

from __future__ import annotations

from typing import Protocol

from tabletop.engine.rng import Rng
from tabletop.engine.state import State


class Agent(Protocol):
    name: str

    def choose(self, state: State, player: int) -> str:
        """The option id `player` answers to `state.pending`."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal options. Works for every game."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> str:
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        return opts[self.rng.below(len(opts))].id
