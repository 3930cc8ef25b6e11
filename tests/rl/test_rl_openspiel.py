"""OpenSpiel games: `tabletop_<id>` is registered for every registered game and passes
`pyspiel.random_sim_test` with serialization (clones, legal actions, action strings,
observations, returns, game length, `serialize_game_and_state` round trips) at the smallest
and largest player counts; every option is a game-string parameter and `load_game(str(game))`
loads the same game; states pickle; OpenSpiel's RL environment and observation helpers run on
it; the utility is identical exactly when the options make the game cooperative;
`resample_from_infostate` keeps exactly what the asked seat knows, for every seat."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.observation import make_observation
from rl_cases import counts, games, short

from tabletop.engine import registry
from tabletop.rl.openspiel import DEALS, NAMES, option_defaults


def _load(game_id: str, players: int, **extra: object) -> pyspiel.Game:
    return pyspiel.load_game(f"tabletop_{game_id}", {"players": players, **short(game_id), **extra})


def _dealt(game: pyspiel.Game, outcome: int = 7) -> pyspiel.State:
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEALS
    state.apply_action(outcome)
    return state


def test_every_registered_game_is_registered_with_openspiel() -> None:
    assert sorted(NAMES) == sorted(f"tabletop_{g}" for g in games())
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize(("game_id", "players"), [(g, n) for g in games() for n in counts(g)])
def test_random_sim_test_with_serialization(game_id: str, players: int) -> None:
    # The largest count plays 150 answers then truncates: the checker observes every seat,
    # clones and serializes along the way, so whole large games take long.
    cap = {} if players == min(counts(game_id)) else {"max_steps": 150}
    game = _load(game_id, players, **cap)
    info = game.get_type()
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", games())
def test_every_option_is_a_parameter_and_the_game_string_loads_back(game_id: str) -> None:
    spec = registry.get(game_id)
    defaults = option_defaults(game_id)
    game = pyspiel.load_game(f"tabletop_{game_id}")
    params = game.get_parameters()
    for key, value in defaults.items():
        assert params[key] == value
    assert set(params) == {*defaults, "players", "seed", "max_steps"}
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    # Options given in a game string reach the tabletop game, seed as an int.
    n = spec.max_players
    given = {**short(game_id), "seed": 12345, "max_steps": 40}
    text = f"tabletop_{game_id}(players={n}," + ",".join(f"{k}={v}" for k, v in given.items())
    game = pyspiel.load_game(text + ")")
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    state = _dealt(game, 3)
    assert state.tabletop.num_players == n
    assert state.tabletop.seed == game.deal_seed(3)
    for key, value in short(game_id).items():
        assert getattr(state.tabletop.opts, key) == value
    with pytest.raises(pyspiel.SpielError, match="no_such"):
        pyspiel.load_game(f"tabletop_{game_id}(no_such=1)")


def test_list_options_round_trip_through_the_game_string() -> None:
    game = pyspiel.load_game(
        "tabletop_librarians", {"players": 2, "heroes": "eve-baird,ezekiel-jones", "seed": 4}
    )
    assert "heroes=eve-baird+ezekiel-jones" in str(game)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert _dealt(again).tabletop.opts.heroes == ("eve-baird", "ezekiel-jones")


@pytest.mark.parametrize("game_id", games())
def test_states_pickle_and_serialize_as_their_record(game_id: str) -> None:
    game = _load(game_id, min(counts(game_id)), seed=5)
    state = _dealt(game)
    rng = np.random.default_rng(2)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    for s in (state, state.resample_from_infostate(0, lambda: 0.25)):
        loaded = pickle.loads(pickle.dumps(s))
        assert str(loaded) == str(s)
        assert loaded.history() == s.history()
        text = pyspiel.serialize_game_and_state(game, s)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(s)
        assert back.observation_tensor(0) == s.observation_tensor(0)


@pytest.mark.parametrize("game_id", games())
def test_rl_environment_and_observers(game_id: str) -> None:
    players = max(min(counts(game_id)), min(max(counts(game_id)), 3))
    game = _load(game_id, players, seed=3)
    env = rl_environment.Environment(game, seed=1)
    ts = env.reset()
    rng = np.random.default_rng(0)
    while not ts.last():
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        assert len(ts.observations["info_state"][p]) == game.information_state_tensor_size()
        ts = env.step([int(rng.choice(legal))])
    assert len(ts.rewards) == players
    state = _dealt(game)
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
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 0)
    assert recall.tensor.shape == (game.information_state_tensor_size(),)


def test_utility_is_identical_in_the_cooperative_games() -> None:
    identical = pyspiel.GameType.Utility.IDENTICAL
    general = pyspiel.GameType.Utility.GENERAL_SUM
    # Registered: the Librarians and Castle (cooperative by default), not Guardians nor Quests.
    registered = {g.short_name: g.utility for g in pyspiel.registered_games()}
    assert registered["tabletop_librarians"] == identical
    assert registered["tabletop_castle"] == identical
    assert registered["tabletop_guardians"] == general
    assert registered["tabletop_quests"] == general
    coop = pyspiel.load_game(
        "tabletop_guardians", {"players": 3, "cooperative": True, "difficulty": "apprentice"}
    )
    assert coop.get_type().utility == identical
    pyspiel.random_sim_test(coop, num_sims=1, serialize=False, verbose=False)
    assert pyspiel.load_game("tabletop_guardians", {"players": 3}).get_type().utility == general
    competitive = pyspiel.load_game("tabletop_castle", {"mode": "coop-competitive"})
    assert competitive.get_type().utility == general


@pytest.mark.parametrize("game_id", games())
def test_resample_keeps_exactly_what_each_seat_knows(game_id: str) -> None:
    players = max(counts(game_id))
    game = _load(game_id, players, seed=5)
    state = _dealt(game)
    rng = np.random.default_rng(1)
    redrawn = 0
    for _ in range(60):
        if state.is_terminal():
            break
        mover = state.current_player()
        for p in range(players):
            other = state.resample_from_infostate(p, lambda: float(rng.random()))
            assert other.current_player() == mover
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.observation_string(p) == state.observation_string(p)
            if p == mover:
                assert other.legal_actions() == state.legal_actions()
            redrawn += str(other) != str(state)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert redrawn > 0


def test_the_deal_and_truncation() -> None:
    game = pyspiel.load_game("tabletop_quests", {"players": 2, "seed": 9, "max_steps": 5})
    assert game.max_game_length() == 6  # the deal, then five answers
    first, second = _dealt(game, 1), _dealt(game, 2)
    assert first.tabletop.seed == game.deal_seed(1) != second.tabletop.seed
    assert first.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "deal 1"
    assert str(_dealt(game, 1)) == str(first)  # the same deal, the same game
    clone = first.clone()
    assert str(clone) == str(first)
    while not first.is_terminal():
        first.apply_action(first.legal_actions()[0])
    assert first.tabletop.steps == 5 and first.returns() == [0.0, 0.0]
    replayed = game.state_for_seed(first.tabletop.seed)
    assert replayed.tabletop.seed == first.tabletop.seed


def test_openspiel_bots_play_it() -> None:
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.bots import uniform_random

    game = _load("quests", 2, seed=2)
    rng = np.random.RandomState(0)
    rollout = mcts.RandomRolloutEvaluator(1, rng)
    # ISMCTS keyed by the observation string (its default, information states: see
    # test_openspiel_infostate.py).
    search = ismcts.ISMCTSBot(game, rollout, 2.0, 20, random_state=rng, use_observation_string=True)
    state = _dealt(game)
    assert search.step(state) in state.legal_actions()
    assert mcts.MCTSBot(game, 2.0, 10, rollout, random_state=rng).step(state) in (
        state.legal_actions()
    )
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and all(r in (-1.0, 0.0, 1.0) for r in returns)
