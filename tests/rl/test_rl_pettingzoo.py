"""PettingZoo environments: the library's own checkers (api_test, seed_test,
parallel_api_test) for every registered game at its smallest and largest player counts, masks
equal to the kernel's options at every step, and the parallel environment asking every seat
of a secret decision at once."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from rl_cases import counts, games, short

from tabletop.engine.rng import Rng
from tabletop.rl.core import IllegalActionError
from tabletop.rl.pettingzoo import env, parallel_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on Dicts

CASES = [(g, n) for g in games() for n in counts(g)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_api_test(game_id: str, players: int) -> None:
    api_test(env(game_id, players, short(game_id)), num_cycles=400)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: env(game_id, players, short(game_id)), num_cycles=100)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_parallel_api_test(game_id: str, players: int) -> None:
    parallel_api_test(parallel_env(game_id, players, short(game_id)), num_cycles=400)


@pytest.mark.parametrize("game_id", games())
def test_masks_are_the_kernel_options_and_games_end(game_id: str) -> None:
    players = max(counts(game_id))
    e = env(game_id, players, short(game_id))
    e.reset(seed=3)
    rng = Rng(5)
    steps = 0
    for agent in e.agent_iter(20_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        state, seat = e.match.state, int(agent.split("_")[1])
        assert seat in state.to_move()
        legal = {o.action for o in state.pending.options_for(seat)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        for other in e.agents:
            p = int(other.split("_")[1])
            if p not in state.to_move():
                assert not e.observe(other)["action_mask"].any()
        e.step(sorted(legal)[rng.below(len(legal))])
        steps += 1
    assert e.match.state.is_over
    assert steps == e.match.state.steps


def test_an_action_outside_the_mask_raises_and_changes_nothing() -> None:
    e = env("quests", 2, short("quests"))
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    steps = e.match.state.steps
    with pytest.raises(IllegalActionError, match="not an option"):
        e.step(illegal)
    assert e.match.state.steps == steps


def test_parallel_env_asks_every_seat_of_a_secret_decision_at_once() -> None:
    e = parallel_env("quests", 3, short("quests"))
    obs, _ = e.reset(seed=2)
    rng = Rng(9)
    wait = e.wait
    for _ in range(3000):
        if not e.agents:
            break
        state = e.match.state
        asked = set(state.to_move())
        for a, o in obs.items():
            p = int(a.split("_")[1])
            legal = set(np.flatnonzero(o["action_mask"]))
            assert (legal == {wait}) == (p not in asked)
        if state.pending.secret and len(asked) > 1:
            before = state.steps
            actions = {}
            for a, o in obs.items():
                legal = np.flatnonzero(o["action_mask"])
                actions[a] = int(legal[rng.below(len(legal))])
            obs, *_ = e.step(actions)
            assert e.match.state.steps == before + len(asked)
            return
        actions = {}
        for a, o in obs.items():
            legal = np.flatnonzero(o["action_mask"])
            actions[a] = int(legal[rng.below(len(legal))])
        obs, *_ = e.step(actions)
    pytest.fail("no secret decision of several seats met")
