"""The Gymnasium environment: gymnasium's check_env for every registered game, registered ids
(`gymnasium.make("tabletop/Quests-v0")`) with sync and async vector environments, unseeded
resets from fresh entropy, action masks equal to the learner's options, opponents of any agent
spec, rewards at the end, what an action outside the mask does, and a text render."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_cases import counts, games, short

from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import Rng
from tabletop.rl.core import IllegalActionError
from tabletop.rl.gym import IDS, env_id, make


@pytest.mark.parametrize("game_id", games())
def test_check_env(game_id: str) -> None:
    for n in counts(game_id):
        e = make(
            game_id,
            seat=n - 1,
            opponents="random",
            players=n,
            options=short(game_id),
            illegal="lose",  # the checker steps with sampled, unmasked actions
            render_mode="ansi",
        )
        check_env(e)


def _play(e: object, seed: int) -> tuple[float, int]:
    from tabletop.rl.gym import TabletopEnv

    assert isinstance(e, TabletopEnv)
    _, info = e.reset(seed=seed)
    assert info["seed"] == seed
    rng = Rng(seed)
    total, steps = 0.0, 0
    while True:
        state = e.match.state
        mask = e.action_masks()
        assert e.seat in state.to_move()
        legal = {o.action for o in state.pending.options_for(e.seat)}
        assert set(np.flatnonzero(mask)) == legal
        choices = sorted(legal)
        _, reward, term, trunc, _ = e.step(choices[rng.below(len(choices))])
        total += reward
        steps += 1
        if term or trunc:
            return total, steps
        assert reward == 0.0


@pytest.mark.parametrize("game_id", games())
def test_masks_rewards_and_heuristic_opponents(game_id: str) -> None:
    n = max(2, min(counts(game_id)))
    e = make(game_id, seat=0, opponents="heuristic", players=n, options=short(game_id))
    reward, steps = _play(e, seed=4)
    result = e.match.state.result
    assert result is not None and steps > 0
    if result.team is not None and (e.config.cooperative or result.team == "lost"):
        assert reward == (1.0 if result.team == "won" else -1.0)  # the team's outcome
    elif not result.winners:
        assert reward == 0.0  # a draw
    else:
        assert reward == (1.0 if 0 in result.winners else -1.0)


def test_opponents_one_spec_per_seat() -> None:
    e = make("quests", seat=1, opponents=["random", "heuristic"], options=short("quests"))
    assert e.config.players == 3 and e.specs == ["random", "", "heuristic"]
    _play(e, seed=2)
    with pytest.raises(UnknownAgentError):
        make("quests", opponents=["random", "no-such-agent"])
    with pytest.raises(UnknownAgentError, match="give 2 opponent"):
        make("quests", players=3, opponents=["random"])


def test_an_action_outside_the_mask_raises_or_loses() -> None:
    e = make("quests", players=2, options=short("quests"), illegal="lose")
    e.reset(seed=1)
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    _, reward, term, trunc, info = e.step(illegal)
    assert (reward, term, trunc, info) == (-1.0, True, False, {"illegal": True})
    with pytest.raises(RuntimeError, match="reset"):
        e.step(illegal)
    strict = make("quests", players=2, options=short("quests"))  # raise: the default
    strict.reset(seed=1)
    steps = strict.match.state.steps
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.match.state.steps == steps


def test_the_same_seed_gives_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        e = make("guardians", players=3, opponents="heuristic", options=short("guardians"))
        obs, _ = e.reset(seed=11)
        runs.append((obs.tobytes(), _play(e, seed=11), e.match.state.fingerprint()))
    assert runs[0] == runs[1]


def test_every_game_is_registered_with_gymnasium() -> None:
    assert sorted(IDS) == sorted(env_id(g) for g in games())
    assert env_id("quests") == "tabletop/Quests-v0"
    for game_id in games():
        n = min(counts(game_id))
        e = gymnasium.make(env_id(game_id), players=n, options=short(game_id))
        obs, info = e.reset(seed=3)
        assert e.observation_space.contains(obs) and info["seed"] == 3
        assert e.unwrapped.config.game_id == game_id
        mask = e.unwrapped.action_masks()
        e.step(int(np.flatnonzero(mask)[0]))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_of_unseeded_copies_play_different_games(mode: str) -> None:
    v = gymnasium.make_vec(
        "tabletop/Quests-v0",
        num_envs=3,
        vectorization_mode=mode,
        vector_kwargs={} if mode == "sync" else {"context": "fork"},
        players=2,
        options=short("quests"),
        illegal="lose",
    )
    try:
        obs, info = v.reset()
        assert len(set(info["seed"].tolist())) == 3  # three games
        assert len({o.tobytes() for o in obs}) == 3
        for _ in range(5):
            masks = v.call("action_masks")
            obs, *_ = v.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
            assert obs.shape == (3, v.single_observation_space.shape[0])
        # A seeded reset gives each copy its own seed, the same each time.
        _, first = v.reset(seed=7)
        _, again = v.reset(seed=7)
        assert first["seed"].tolist() == again["seed"].tolist() == [7, 8, 9]
    finally:
        v.close()


def test_render_is_the_learner_view() -> None:
    e = make("quests", seat=1, players=3, options=short("quests"), render_mode="ansi")
    assert e.render() is None
    e.reset(seed=5)
    text = e.render()
    assert text is not None and "seat 1 (player_1)" in text and "asked:" in text
    assert e.match is not None
    e.match.state = e.match.state.determinize(1, Rng(3))  # the hidden re-drawn: same text
    assert e.render() == text
    with pytest.raises(ValueError, match="render_mode"):
        make("quests", render_mode="human")


def test_shaped_rewards_sum_to_the_change_of_the_position_evaluation() -> None:
    e = make("quests", players=2, options=short("quests"), shaping=0.5)
    evaluate = e.config.spec.evaluate
    assert evaluate is not None
    e.reset(seed=3)
    assert e.match is not None
    first = evaluate(e.match.state)[0]
    rng = Rng(1)
    total, shaped_steps = 0.0, 0
    while True:
        legal = np.flatnonzero(e.action_masks())
        _, reward, term, trunc, _ = e.step(int(legal[rng.below(len(legal))]))
        total += reward
        shaped_steps += reward != 0.0
        if term or trunc:
            break
    last = evaluate(e.match.state)[0]
    assert total == pytest.approx(e.match.returns()[0] + 0.5 * (last - first))
    assert shaped_steps > 1  # paid along the way, not only at the end
    plain = make("quests", players=2, options=short("quests"))
    assert plain.shaping == 0.0
