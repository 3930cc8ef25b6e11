"""Every agent decides from its seat's information only, in every game.

At sampled decisions of random games, each built-in agent (`agent_names()`, ISMCTS at a few
iterations) answers the real position and a determinization of it for the seat that answers
(`determinize(seat)`: everything the seat cannot see re-dealt), each time with the same agent
RNG state (a new agent from the same seed). The answers must be the same: an agent whose answer
changes with what its seat cannot see is reading it. A new game (the registry) or a new agent
(`agent_names`) is checked here without a line of this file changing.
"""

from __future__ import annotations

import pytest

from tabletop.agents import agent_names, make_agent
from tabletop.engine.decision import PARALLEL
from tabletop.engine.registry import game_ids, get, new_game
from tabletop.engine.rng import Rng
from tabletop.engine.state import State

SEEDS = (1001, 1005)
EVERY = 5  # an agent is consulted at every fifth answer with a real choice
CHECKS = 24  # at most this many consultations per game and agent
SPECS = {"ismcts": "ismcts:iterations=6,depth=4"}  # a small search: the same code paths


def spec_of(name: str) -> str:
    return SPECS.get(name, name)


def players_of(game_id: str) -> int:
    spec = get(game_id)
    return min(max(spec.min_players, 3), spec.max_players)


def unfair_answers(
    game_id: str, agent: str, seed: int, every: int = EVERY, checks: int = CHECKS
) -> list[str]:
    """Play a random game; at sampled answers compare the agent's answer on the real state
    with its answer on the answering seat's determinization of it."""
    state: State = new_game(game_id, players_of(game_id), seed=seed, log=False)
    rng = Rng(seed)
    found: list[str] = []
    answered = checked = 0
    while not state.is_over and checked < checks:
        d = state.pending
        assert d is not None
        parallel = d.mode == PARALLEL
        for p in state.to_move():
            if parallel and p not in state.to_move():
                continue  # a PARALLEL answer may leave fewer seats asked
            d = state.pending
            assert d is not None
            options = d.options_for(p)
            if len(options) > 1:
                answered += 1
                if answered % every == 0:
                    checked += 1
                    agent_seed = seed * 1000 + answered
                    real = make_agent(spec_of(agent), game_id, agent_seed).choose(state.clone(), p)
                    world = state.determinize(p, Rng(agent_seed))
                    dealt = make_agent(spec_of(agent), game_id, agent_seed).choose(world, p)
                    if real != dealt:
                        found.append(
                            f"answer {answered} ({d.kind_for(p)}, seat {p}): {real!r} on the "
                            f"real state, {dealt!r} on its determinization"
                        )
            state.apply(p, options[rng.below(len(options))].id)
            if state.is_over:
                break
    return found


@pytest.mark.parametrize("agent", agent_names())
@pytest.mark.parametrize("game_id", game_ids())
def test_agents_decide_from_their_seats_information(game_id: str, agent: str) -> None:
    found = [f"seed {seed}, {f}" for seed in SEEDS for f in unfair_answers(game_id, agent, seed)]
    assert not found, f"{agent} in {game_id} reads what its seat cannot see:\n" + "\n".join(
        found[:5]
    )


def test_the_guardians_probe_trashes_from_what_the_deck_holds() -> None:
    """The first probe: Guardians, 3 players, the heuristic bot asked whether to trash from its
    discard pile reads its own deck, whose cards it knows (every one passed through its hand
    or discard pile); a determinization used to swap them with the supply's."""
    found = [
        f
        for seed in range(1094, 1100)
        for f in unfair_answers("guardians", "heuristic", seed, every=1, checks=10**6)
    ]
    assert not found, found[:3]
