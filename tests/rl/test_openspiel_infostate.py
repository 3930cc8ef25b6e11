"""OpenSpiel information states (`tabletop.rl.infostate`): every game provides a perfect-recall
string and a fixed-size tensor for every seat along random play, of the size docs/rl.md
states; the string never forgets (each is the last one's log and answers extended) and holds
exactly the seat's own answers; re-drawing what a seat cannot see (`resample_from_infostate`)
leaves its string and tensor unchanged, while another seat's string does change somewhere;
`random_sim_test` passes; OpenSpiel algorithms that read information states run on it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.observation import make_observation
from rl_cases import counts, games, hidden, short

from tabletop.rl.encoders import encoder
from tabletop.rl.infostate import LAST, RULE_BUCKETS, rule_bucket, tensor_size
from tabletop.rl.openspiel import DEALS

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _load(game_id: str, players: int, **extra: object) -> pyspiel.Game:
    params = {"players": players, **short(game_id), **hidden(game_id), **extra}
    return pyspiel.load_game(f"tabletop_{game_id}", params)


def _dealt(game: pyspiel.Game, outcome: int = 11) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(outcome % DEALS)
    return state


def _info(text: str) -> dict[str, list[object]]:
    info: dict[str, list[object]] = json.loads(text)["infostate"]
    return info


def test_documented_sizes_are_the_tensors() -> None:
    found = {
        m.group(1): int(m.group(2).replace(",", ""))
        for m in re.finditer(r"^ *- `(\w+)`: ([\d,]+) values", DOC.read_text(), re.M)
    }
    assert sorted(found) == sorted(games())
    for game_id, size in found.items():
        for players in counts(game_id):
            game = _load(game_id, players)
            assert game.information_state_tensor_shape() == [size], game_id
            assert game.information_state_tensor_size() == size
            assert tensor_size(game.config) == size
            n = game.num_distinct_actions()
            assert size == encoder(game_id).size + (LAST + 1) * n + 2 * RULE_BUCKETS


@pytest.mark.parametrize("game_id", games())
def test_every_seat_has_an_information_state_along_random_play(game_id: str) -> None:
    players = min(counts(game_id))
    game = _load(game_id, players, seed=2)
    info_type = game.get_type()
    assert info_type.provides_information_state_string
    assert info_type.provides_information_state_tensor
    before = game.new_initial_state()
    assert before.information_state_string(0) == "{}"
    assert not any(before.information_state_tensor(0))
    state = _dealt(game)
    size = game.information_state_tensor_size()
    by_id = game.config.spec.action_space.by_id
    rng = np.random.default_rng(3)
    last: list[dict[str, list[object]]] = [{"answers": [], "log": []} for _ in range(players)]
    for _ in range(150):
        if state.is_terminal():
            break
        for p in range(players):
            text = state.information_state_string(p)
            assert text.startswith(state.observation_string(p)[:-1] + ",")
            info = _info(text)
            # Perfect recall: what the seat knew, it still knows.
            assert info["log"][: len(last[p]["log"])] == last[p]["log"]
            assert info["answers"][: len(last[p]["answers"])] == last[p]["answers"]
            # No leak: an event's fuller text only for the seats shown it.
            for (_, text), event in zip(info["log"], state.tabletop.log, strict=True):
                shown = event.secret is not None and (event.seen_by >> p) & 1
                assert text == (event.secret if shown else event.text)
            history = state.tabletop.history
            assert info["answers"] == [o for seat, o in history if seat == p]
            last[p] = info
            tensor = np.asarray(state.information_state_tensor(p), dtype=np.float32)
            assert tensor.shape == (size,)
            enc = encoder(game_id).size
            assert np.array_equal(tensor[:enc], state.observation_tensor(p))
            mine = [by_id[o].action for o in info["answers"]]
            counts_part = tensor[enc : enc + game.num_distinct_actions()]
            assert np.allclose(np.expm1(counts_part).sum(), len(mine), atol=1e-3)
            if mine:
                recent = tensor[enc + game.num_distinct_actions() :][: game.num_distinct_actions()]
                assert int(np.argmax(recent)) == mine[-1] and recent.sum() == 1.0
            events = tensor[-2 * RULE_BUCKETS :].reshape(RULE_BUCKETS, 2)
            assert np.allclose(np.expm1(events).sum(), len(info["log"]), atol=1e-2)
        mover = state.current_player()
        state.apply_action(int(rng.choice(state.legal_actions(mover))))
    first = _info(state.information_state_string(0))["log"]
    assert first and all(isinstance(r, str) and 0 <= rule_bucket(r) < 64 for r, _ in first)


@pytest.mark.parametrize("game_id", games())
def test_resampling_keeps_the_seats_information_state_and_nobody_elses(game_id: str) -> None:
    players = max(counts(game_id))
    game = _load(game_id, players, seed=4, max_steps=300)
    state = _dealt(game)
    rng = np.random.default_rng(5)
    others_changed = 0
    private = 0  # sampled states with a card that some seats see and others do not
    full = (1 << players) - 1
    for step in range(60):
        if state.is_terminal():
            break
        if step % 4 == 0:
            private += any(0 < m < full for m in state.tabletop.seen()[0])
            for p in range(players):
                other = state.resample_from_infostate(p, lambda: float(rng.random()))
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                for q in range(players):
                    if q != p:
                        a, b = other.information_state_string(q), state.information_state_string(q)
                        others_changed += a != b
        state.apply_action(int(rng.choice(state.legal_actions())))
    # Hidden cards re-drawn for one seat show in another seat's information state, in every
    # game that has cards seen by some seats only (Castle has none: its hidden cards are
    # hidden from every Agent alike).
    assert (others_changed > 0) == (private > 0)
    assert private > 0 or game_id == "castle"


@pytest.mark.parametrize("game_id", games())
def test_random_sim_test_checks_information_states(game_id: str) -> None:
    game = _load(game_id, min(counts(game_id)), max_steps=60)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_perfect_recall_observers() -> None:
    game = _load("quests", 2, seed=1)
    state = _dealt(game)
    state.apply_action(state.legal_actions()[0])
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 0)
    assert list(recall.tensor) == state.information_state_tensor(0)
    assert recall.string_from(state, 0) == state.information_state_string(0)
    assert set(recall.dict) == {"observation", "answer_counts", "last_answers", "events"}
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    # The public one reads the spectator's view and log: the same for both seats.
    assert public.string_from(state, 0) == public.string_from(state, 1)
    assert _info(public.string_from(state, 0))["answers"] == []
    public.set_from(state, 0)
    assert not public.dict["answer_counts"].any() and not public.dict["last_answers"].any()


def test_openspiel_algorithms_that_read_information_states_run() -> None:
    from open_spiel.python.algorithms import ismcts, mcts, tabular_qlearner

    game = _load("quests", 2, seed=6, max_steps=80)
    env = rl_environment.Environment(game, seed=2)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    agents = [tabular_qlearner.QLearner(p, game.num_distinct_actions()) for p in range(2)]
    for _ in range(2):
        ts = env.reset()
        while not ts.last():
            p = ts.observations["current_player"]
            assert len(ts.observations["info_state"][p]) == game.information_state_tensor_size()
            ts = env.step([agents[p].step(ts).action])
        for agent in agents:
            agent.step(ts)
    assert any(agent._q_values for agent in agents)  # it learned something from the states
    # ISMCTS keys its tree by information-state strings by default.
    rng = np.random.RandomState(0)
    rollout = mcts.RandomRolloutEvaluator(1, rng)
    search = ismcts.ISMCTSBot(game, rollout, 2.0, 20, random_state=rng)
    state = _dealt(game)
    assert search.step(state) in state.legal_actions()
