"""The same seed gives the same episode through every adapter, and it is the game `tabletop
simulate` plays: a simulated game's record (seed, answers, a digest after each) replays
answer for answer through the AEC environment and the OpenSpiel game (each acting seat the one
the record names), and the Gymnasium environment with random opponents seeded as the
simulator seeds its seats, its learner answering the record's answers, plays the very game."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from rl_cases import counts, games, short

import tabletop.rl.openspiel  # noqa: F401 (registers the games)
from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.record import Record, digest, record_of
from tabletop.engine.rng import derive_seed
from tabletop.engine.table import Table
from tabletop.rl.gym import make
from tabletop.rl.pettingzoo import env, parallel_env
from tabletop.sim.runner import make_config, play_game

CASES = [(g, n) for g in games() for n in counts(g)]


def _simulated(game_id: str, players: int) -> Record:
    """Game 0 of a `simulate` run of random seats, played again with its log on."""
    config = make_config(game_id, ["random"] * players, options=short(game_id), seed=21)
    rows = play_game(config, 0)
    gseed = config.game_seed(0)
    state = registry.new_game(game_id, players, gseed, config.options)
    agents = [make_agent("random", game_id, derive_seed(gseed, s)) for s in range(players)]
    Table(state, agents).drive()
    record = record_of(state)
    assert len(record.answers) == rows[0].decisions
    assert [state.result is not None and s in state.result.winners for s in range(players)] == [
        r.win for r in rows
    ]
    return record


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_aec_and_openspiel_replay_a_simulated_record(game_id: str, players: int) -> None:
    record = _simulated(game_id, players)
    space = registry.get(game_id).action_space
    e = env(game_id, players, short(game_id))
    e.reset(seed=record.seed)
    game = pyspiel.load_game(f"tabletop_{game_id}", {"players": players, **short(game_id)})
    spiel = game.state_for_seed(record.seed)
    assert digest(e.match.state) == digest(spiel.tabletop) == record.digests[0]
    for i, (seat, option_id) in enumerate(record.answers):
        assert e.agent_selection == f"player_{seat}"
        assert spiel.current_player() == seat
        action = space[option_id].action
        e.step(action)
        spiel.apply_action(action)
        assert digest(e.match.state) == digest(spiel.tabletop) == record.digests[i + 1]
    assert all(e.terminations.values()) and spiel.is_terminal()
    result = e.match.state.result
    assert result is not None
    assert spiel.returns() == e.match.returns() == [e.rewards[a] for a in e.possible_agents]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gym_plays_the_simulated_game(game_id: str, players: int) -> None:
    record = _simulated(game_id, players)
    space = registry.get(game_id).action_space
    e = make(game_id, seat=0, opponents="random", players=players, options=short(game_id))
    e.reset(seed=record.seed)
    mine = [(i, o) for i, (s, o) in enumerate(record.answers) if s == 0]
    done = False
    for i, option_id in mine:
        assert not done
        assert e.match.state.steps == i
        _, _, term, trunc, _ = e.step(space[option_id].action)
        done = term or trunc
    assert digest(e.match.state) == record.digests[-1]


@pytest.mark.parametrize("game_id", games())
def test_the_parallel_env_is_deterministic(game_id: str) -> None:
    runs = []
    for _ in range(2):
        e = parallel_env(game_id, max(counts(game_id)), short(game_id))
        obs, _ = e.reset(seed=8)
        rng = np.random.default_rng(3)
        while e.agents:
            actions = {}
            for a, o in obs.items():
                legal = np.flatnonzero(o["action_mask"])
                actions[a] = int(rng.choice(legal))
            obs, *_ = e.step(actions)
        runs.append(digest(e.match.state))
    assert runs[0] == runs[1]
