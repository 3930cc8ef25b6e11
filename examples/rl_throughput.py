"""Environment steps per second for every registered game through each adapter of
`tabletop.rl`, against the bare engine in the same run (random legal answers everywhere).

    .venv/bin/python examples/rl_throughput.py --seconds 5

A step is one answer applied to the game. "engine" plays with `state.apply` only; "engine +
observe" also builds the acting seat's observation (its `view` and the game's encoder) at
every answer, which is what every adapter must do; then the PettingZoo AEC environment
(`last()` then `step`), the ParallelEnv (every seat's observation at every step), the
Gymnasium environment (observations for the learner only; the other seats are random agents)
and the OpenSpiel game (`legal_actions`, `observation_tensor` of the player to act,
`apply_action`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import tabletop.rl.openspiel  # noqa: F401 (registers the OpenSpiel games)
from tabletop.engine import registry
from tabletop.engine.rng import Rng
from tabletop.rl import observe
from tabletop.rl.gym import make
from tabletop.rl.pettingzoo import env, parallel_env

Runner = Callable[[int], int]  # seed -> answers applied in one game


def engine(game_id: str, players: int, with_obs: bool) -> Runner:
    def run(seed: int) -> int:
        state = registry.new_game(game_id, players, seed, log=False)
        rng = Rng(seed)
        while not state.is_over:
            p = state.to_move()[0]
            if with_obs:
                observe(state, p)
            opts = state.pending.options_for(p)  # type: ignore[union-attr]
            state.apply(p, opts[rng.below(len(opts))].id)
        return state.steps

    return run


def aec(game_id: str, players: int) -> Runner:
    e = env(game_id, players)
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.match is not None
        return e.match.state.steps

    return run


def parallel(game_id: str, players: int) -> Runner:
    e = parallel_env(game_id, players)
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        obs, _ = e.reset(seed=seed)
        while e.agents:
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
            obs, *_ = e.step(actions)
        assert e.match is not None
        return e.match.state.steps

    return run


def gym(game_id: str, players: int) -> Runner:
    e = make(game_id, 0, "random", players=players)
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        e.reset(seed=seed)
        while True:
            a = int(rng.choice(np.flatnonzero(e.action_masks())))
            _, _, term, trunc, _ = e.step(a)
            if term or trunc:
                assert e.match is not None
                return e.match.state.steps

    return run


def openspiel(game_id: str, players: int) -> Runner:
    game = pyspiel.load_game(f"tabletop_{game_id}", {"players": players})
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
        return int(state.tabletop.steps)

    return run


def rate(runner: Runner, seconds: float) -> float:
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds or seed == 0:
        steps += runner(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per game and adapter")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        n = min(max(args.players, spec.min_players), spec.max_players)
        base = rate(engine(game_id, n, False), args.seconds)
        print(f"{game_id} ({n} players): engine {base:,.0f} steps/s")
        runs = {
            "engine + observe": engine(game_id, n, True),
            "pettingzoo AEC": aec(game_id, n),
            "pettingzoo parallel": parallel(game_id, n),
            "gymnasium": gym(game_id, n),
            "openspiel": openspiel(game_id, n),
        }
        for name, runner in runs.items():
            r = rate(runner, args.seconds)
            print(f"  {name:20s} {r:10,.0f} steps/s  ({base / r:4.1f}x the engine's time)")


if __name__ == "__main__":
    main()
