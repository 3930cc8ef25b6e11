"""The Gymnasium environment: gymnasium's check_env for every registered game, action masks
equal to the learner's options, opponents of any agent spec, rewards at the end, and what an
action outside the mask does."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_cases import counts, games, short

from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import Rng
from tabletop.rl.core import IllegalActionError
from tabletop.rl.gym import make


@pytest.mark.parametrize("game_id", games())
def test_check_env(game_id: str) -> None:
    for n in counts(game_id):
        e = make(game_id, seat=n - 1, opponents="random", players=n, options=short(game_id))
        check_env(e, skip_render_check=True)


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
    assert reward == (1.0 if 0 in result.winners else -1.0)


def test_opponents_one_spec_per_seat() -> None:
    e = make("quests", seat=1, opponents=["random", "heuristic"], options=short("quests"))
    assert e.config.players == 3 and e.specs == ["random", "", "heuristic"]
    _play(e, seed=2)
    with pytest.raises(UnknownAgentError):
        make("quests", opponents=["random", "no-such-agent"])
    with pytest.raises(UnknownAgentError, match="give 2 opponent"):
        make("quests", players=3, opponents=["random"])


def test_an_action_outside_the_mask_loses_or_raises() -> None:
    e = make("quests", players=2, options=short("quests"))
    e.reset(seed=1)
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    _, reward, term, trunc, info = e.step(illegal)
    assert (reward, term, trunc, info) == (-1.0, True, False, {"illegal": True})
    with pytest.raises(RuntimeError, match="reset"):
        e.step(illegal)
    strict = make("quests", players=2, options=short("quests"), illegal="raise")
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
