"""PettingZoo environments: the library's own checkers (api_test on the versioned modules'
order-enforced `env()`, seed_test, parallel_api_test, and parallel_api_test through
`aec_to_parallel`) for every registered game at its smallest and largest player counts, masks
equal to the kernel's options at every step, the parallel environment asking every seat of a
secret decision at once, unseeded resets from fresh entropy, `illegal="lose"`, and a text
render that shows one seat's view and nothing hidden from it."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel, aec_to_parallel_wrapper
from rl_cases import counts, games, short

from tabletop.engine.rng import Rng
from tabletop.rl.core import IllegalActionError
from tabletop.rl.pettingzoo import cycle_env, env, parallel_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on Dicts

CASES = [(g, n) for g in games() for n in counts(g)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_api_test_of_the_versioned_module(game_id: str, players: int) -> None:
    module = importlib.import_module(f"tabletop.rl.pettingzoo.{game_id}_v0")
    wrapped = module.env(players, short(game_id))
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert module.raw_env(players).metadata["name"] == f"tabletop_{game_id}_v0"
    api_test(wrapped, num_cycles=400)
    parallel_api_test(module.parallel_env(players, short(game_id)), num_cycles=50)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_aec_to_parallel(game_id: str, players: int) -> None:
    # The AEC environment selects the seat the game asks (one seat often several times
    # running), so it says it is not parallelizable and PettingZoo refuses to convert it...
    aec = env(game_id, players, short(game_id))
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)
    # ... and were it converted regardless, the first turn of two answers breaks the cycle.
    aec.metadata = {**aec.metadata, "is_parallelizable": True}
    forced = aec_to_parallel_wrapper(aec)
    forced.reset(seed=1)

    class Live(dict[str, int]):  # each agent's first legal action when the wrapper asks
        def __missing__(self, agent: str) -> int:
            return int(np.flatnonzero(aec.observe(agent)["action_mask"])[0])

    with pytest.raises(AssertionError, match="cycle"):
        for _ in range(200):
            assert forced.agents, "a whole game stepped in cycles"
            forced.step(Live())
    # The cycling AEC environment is parallelizable, and the conversion passes the checker.
    cyc = cycle_env(game_id, players, short(game_id))
    assert cyc.metadata["is_parallelizable"] is True
    parallel_api_test(aec_to_parallel_wrapper(cyc), num_cycles=200)


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


@pytest.mark.parametrize("make", [env, parallel_env])
def test_unseeded_resets_draw_fresh_entropy(make: object) -> None:
    assert callable(make)
    seeds = set()
    for _ in range(3):
        e = make("quests", 2, short("quests"))
        e.reset()
        seeds.add(e.match.state.seed)
    assert len(seeds) == 3
    # After a seeded reset, unseeded ones follow from that seed.
    runs = []
    for _ in range(2):
        e = make("quests", 2, short("quests"))
        e.reset(seed=4)
        e.reset()
        runs.append(e.match.state.seed)
    assert runs[0] == runs[1] != 4


def test_illegal_lose_ends_the_game_with_a_penalty_for_the_mover() -> None:
    e = env("quests", 2, short("quests"), illegal="lose")
    e.reset(seed=1)
    mover = e.agent_selection
    mask = e.observe(mover)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    other = next(a for a in e.agents if a != mover)
    assert (e.rewards[mover], e.rewards[other]) == (-1.0, 0.0)
    assert e._cumulative_rewards[mover] == -1.0
    p = parallel_env("quests", 2, short("quests"), illegal="lose")
    obs, _ = p.reset(seed=1)
    asked = [a for a, o in obs.items() if not o["action_mask"][p.wait]]
    actions = {a: p.wait for a in obs}
    actions[asked[0]] = int(np.flatnonzero(obs[asked[0]]["action_mask"] == 0)[0])
    _, rewards, terms, _, _ = p.step(actions)
    assert all(terms.values()) and rewards[asked[0]] == -1.0 and sum(rewards.values()) == -1.0
    with pytest.raises(ValueError, match="illegal must be one of raise, lose"):
        env("quests", 2, illegal="forfeit")


@pytest.mark.parametrize("game_id", games())
def test_render_shows_the_seat_view_and_nothing_hidden(game_id: str) -> None:
    e = env(game_id, max(counts(game_id)), short(game_id), render_mode="ansi")
    e.reset(seed=6)
    rng = Rng(2)
    for _ in range(15):
        agent = e.agent_selection
        legal = np.flatnonzero(e.observe(agent)["action_mask"])
        e.step(int(legal[rng.below(len(legal))]))
    seat = int(e.agent_selection.split("_")[1])
    text = e.render()
    assert text is not None and f"seat {seat} (player_{seat})" in text and "asked:" in text
    # Re-drawing everything hidden from the seat changes nothing of its rendering.
    match = e.match
    match.state = match.state.determinize(seat, Rng(99))
    assert e.render() == text
