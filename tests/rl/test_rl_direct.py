"""Direct encoders: where a game's encoder reads the state itself (`write_state`), its vector
is the view-based one's element for element, over many states of random and heuristic games
of every player count, with each game's option variants, and over states re-drawn by
`determinize` (so the direct observation holds no more than the view: no hidden
information, by construction)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from rl_cases import games, hidden, rng, short

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.state import State
from tabletop.rl import observe
from tabletop.rl.encoders import Encoder, encoder

DIRECT = ("quests", "guardians", "librarians", "castle")  # the games whose encoders read states


def _states(
    game_id: str, players: int, seed: int, agent: str, options: dict[str, Any], every: int
) -> Iterator[State]:
    state = registry.new_game(game_id, players, seed, options, log=False)
    agents = [make_agent(agent, game_id, seed * 31 + p) for p in range(players)]
    k = 0
    while not state.is_over and k < 1500:
        if k % every == 0:
            yield state
        p = state.to_move()[0]
        state.apply(p, agents[p].choose(state, p))
        k += 1
    yield state


def _check(state: State, what: str) -> int:
    enc = encoder(state.game_id)
    for p in range(state.num_players):
        direct = enc.observe(state, p)
        reference = enc.encode(state.view(p), p)
        if not np.array_equal(direct, reference):
            bad = [
                (name, int(i) - off)
                for i in np.flatnonzero(direct != reference)
                for name, off, size in enc.pieces
                if off <= i < off + size
            ]
            pytest.fail(f"{what}, seat {p}: direct and view-based differ at {bad[:8]}")
    return state.num_players


@pytest.mark.parametrize("game_id", DIRECT)
def test_the_game_encoder_reads_states_directly(game_id: str) -> None:
    assert encoder(game_id).direct


@pytest.mark.parametrize("game_id", games())
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_direct_observations_equal_the_view_based_ones(game_id: str, agent: str) -> None:
    spec = registry.get(game_id)
    variants = [{}, short(game_id), hidden(game_id)]
    checked = 0
    for n in range(spec.min_players, spec.max_players + 1):
        for v, options in enumerate(variants):
            seed = 100 * n + v
            every = 3 if agent == "random" else 9
            for i, state in enumerate(_states(game_id, n, seed, agent, options, every)):
                what = f"{game_id} {agent} {n} players {options} seed {seed} state {i}"
                checked += _check(state, what)
                if i % 4 == 0 and not state.is_over:
                    p = i % n
                    same = state.determinize(p, rng(seed + i))
                    checked += _check(same, what + f" determinized for {p}")
    assert checked > 100


@pytest.mark.parametrize("game_id", games())
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_observations_with_a_memo_equal_the_view_based_ones(
    game_id: str, agent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One memo through whole games, as an environment keeps it: the acting seat observed
    at every answer, every seat every few answers, and states re-drawn by `determinize`
    observed with the same memo in between; every section is copied from the memo at least
    once."""
    spec = registry.get(game_id)
    enc = encoder(game_id)
    written: set[str] = set()
    copied: set[str] = set()
    reused, remember = Encoder.reused, Encoder.remember

    def spy_reused(memo: Any, name: Any, key: Any, a: Any, places: Any) -> bool:
        hit = reused(memo, name, key, a, places)
        if hit:
            copied.add(name[0])
        return hit

    def spy_remember(memo: Any, name: Any, key: Any, a: Any, places: Any) -> None:
        written.add(name[0])
        remember(memo, name, key, a, places)

    monkeypatch.setattr(Encoder, "reused", staticmethod(spy_reused))
    monkeypatch.setattr(Encoder, "remember", staticmethod(spy_remember))
    checked = 0
    counts = {spec.min_players, min(spec.min_players + 1, spec.max_players), spec.max_players}
    for n in sorted(counts):
        for v, options in enumerate([short(game_id), hidden(game_id)]):
            memo: dict[Any, Any] = {}
            seed = 500 + 10 * n + v
            for i, state in enumerate(_states(game_id, n, seed, agent, options, 1)):
                what = f"{game_id} {agent} {n} players {options} seed {seed} state {i}"
                for p in range(n) if i % 5 == 0 else state.to_move()[:1]:
                    direct = enc.observe(state, p, memo)
                    assert np.array_equal(direct, enc.encode(state.view(p), p)), (what, p)
                    checked += 1
                if i % 7 == 3 and not state.is_over:
                    other = state.determinize(i % n, rng(seed + i))
                    for q in range(n):
                        got = enc.observe(other, q, memo)
                        assert np.array_equal(got, enc.encode(other.view(q), q)), (what, q)
                        checked += 1
    assert checked > 100
    assert copied == written, f"sections never copied from the memo: {written - copied}"


@pytest.mark.parametrize("game_id", games())
def test_observe_is_the_direct_encoder(game_id: str) -> None:
    state = registry.new_game(game_id, registry.get(game_id).max_players, 5, log=False)
    enc = encoder(game_id)
    for p in range(state.num_players):
        assert np.array_equal(observe(state, p), enc.encode(state.view(p), p))
    with pytest.raises(Exception, match="not a seat"):
        enc.observe(state, state.num_players)
