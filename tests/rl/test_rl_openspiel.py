"""OpenSpiel games: `tabletop_<id>` is registered for every registered game and passes
`pyspiel.random_sim_test` (clones, legal actions, action strings, observations, returns,
game length) at the smallest and largest player counts; OpenSpiel's RL environment and
observation helpers run on it; the utility is identical exactly when the options make the
game cooperative; `resample_from_infostate` keeps what the player knows."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.observation import make_observation
from rl_cases import counts, games, short

from tabletop.rl.openspiel import NAMES, parse_options


def _params(game_id: str, players: int, **extra: object) -> dict[str, object]:
    options = ";".join(f"{k}={v}" for k, v in short(game_id).items())
    return {"players": players, "options": options, **extra}


def test_every_registered_game_is_registered_with_openspiel() -> None:
    assert sorted(NAMES) == sorted(f"tabletop_{g}" for g in games())
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize(("game_id", "players"), [(g, n) for g in games() for n in counts(g)])
def test_random_sim_test(game_id: str, players: int) -> None:
    # The largest count plays 150 answers then truncates: the checker observes every seat
    # and clones at every step, so whole large games take long.
    cap = {} if players == min(counts(game_id)) else {"max_steps": 150}
    game = pyspiel.load_game(f"tabletop_{game_id}", _params(game_id, players, **cap))
    info = game.get_type()
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert info.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", games())
def test_rl_environment_and_observers(game_id: str) -> None:
    players = max(min(counts(game_id)), min(max(counts(game_id)), 3))
    game = pyspiel.load_game(f"tabletop_{game_id}", _params(game_id, players, seed="3"))
    env = rl_environment.Environment(game)
    ts = env.reset()
    rng = np.random.default_rng(0)
    while not ts.last():
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        assert len(ts.observations["info_state"][p]) == game.observation_tensor_size()
        ts = env.step([int(rng.choice(legal))])
    assert len(ts.rewards) == players
    state = game.new_initial_state()
    private = make_observation(game)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    for obs in (private, public):
        obs.set_from(state, 0)
        assert obs.tensor.shape == (game.observation_tensor_size(),)
        assert obs.string_from(state, 0).startswith("{")
    with pytest.raises(ValueError, match="perfect recall"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))


def test_utility_is_identical_in_a_cooperative_game() -> None:
    coop = pyspiel.load_game(
        "tabletop_guardians", {"players": 3, "options": "cooperative=true;difficulty=apprentice"}
    )
    assert coop.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    pyspiel.random_sim_test(coop, num_sims=1, serialize=False, verbose=False)
    plain = pyspiel.load_game("tabletop_guardians", {"players": 3})
    assert plain.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("game_id", games())
def test_resample_from_infostate_keeps_what_the_player_knows(game_id: str) -> None:
    players = max(counts(game_id))
    game = pyspiel.load_game(f"tabletop_{game_id}", _params(game_id, players, seed="5"))
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    redrawn = 0
    for _ in range(40):
        if state.is_terminal():
            break
        p = state.current_player()
        other = state.resample_from_infostate(p, lambda: float(rng.random()))
        assert other.current_player() == p
        assert other.legal_actions() == state.legal_actions()
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.observation_string(p) == state.observation_string(p)
        redrawn += str(other) != str(state)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert redrawn > 0


def test_the_kth_state_seed_and_truncation() -> None:
    game = pyspiel.load_game("tabletop_quests", {"players": 2, "seed": "9", "max_steps": 5})
    assert game.max_game_length() == 5
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.tabletop.seed == 9 and second.tabletop.seed != 9
    clone = first.clone()
    assert str(clone) == str(first)
    while not first.is_terminal():
        first.apply_action(first.legal_actions()[0])
    assert first.tabletop.steps == 5 and first.returns() == [0.0, 0.0]
    assert parse_options("length=mid; turn_limit=9") == {"length": "mid", "turn_limit": "9"}
    with pytest.raises(ValueError, match="key=value"):
        parse_options("length")
