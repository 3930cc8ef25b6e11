"""Environment steps per second for every registered game through each adapter of
`tabletop.rl`, against the bare engine in the same run (random legal answers everywhere).

    .venv/bin/python examples/rl_throughput.py --seconds 5

A step is one answer applied to the game. "engine" plays with `state.apply` only; "engine +
observe" also builds the acting seat's observation at every answer with `tabletop.rl.observe`
(the game's direct encoder, without a memo: every section written afresh); "engine + view"
with the view-based reference encoder (`encode(view(seat))`); then the PettingZoo AEC
environment (`last()` then `step`), the ParallelEnv (every seat's observation at every step),
the Gymnasium environment (observations for the learner only; the other seats are random
agents) and the OpenSpiel game (`legal_actions`, `observation_tensor` of the player to act,
`apply_action`). Every runner picks its random action the same cheap way (tabletop's `Rng`
over the legal actions), so what is compared is the adapters, not the picking.

The machine is shared, so the time is cut into rounds: each round runs the engine and then
every adapter for a slice of it, and an adapter's ratio (its time per step over the engine's
in the same round) is the median over the rounds.

`--where` profiles each runner instead (`cProfile`, whose overhead inflates small calls) and
says where its time goes: the engine (rules, zones, decisions, views), the encoder, the
adapter's own code (`tabletop.rl`), the random agents of the Gymnasium seats, the peer
library (PettingZoo, Gymnasium, OpenSpiel's Python side), numpy, OpenSpiel's C++ bridge, other
built-ins, and the runner's own picking.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import tabletop
from tabletop.engine import registry
from tabletop.engine.rng import Rng
from tabletop.rl import observe
from tabletop.rl.encoders import encoder
from tabletop.rl.gym import make
from tabletop.rl.openspiel import DEALS  # (importing it registers the OpenSpiel games)
from tabletop.rl.pettingzoo import env, parallel_env

Runner = Callable[[int], int]  # seed -> answers applied in one game


def engine(game_id: str, players: int, obs: str = "") -> Runner:
    enc = encoder(game_id)

    def run(seed: int) -> int:
        state = registry.new_game(game_id, players, seed, log=False)
        rng = Rng(seed)
        while not state.is_over:
            p = state.to_move()[0]
            if obs == "direct":
                observe(state, p)
            elif obs == "view":
                enc.encode(state.view(p), p)
            opts = state.pending.options_for(p)  # type: ignore[union-attr]
            state.apply(p, opts[rng.below(len(opts))].id)
        return state.steps

    return run


def pick(rng: Rng, legal: np.ndarray | list[int]) -> int:
    return int(legal[rng.below(len(legal))])


def aec(game_id: str, players: int) -> Runner:
    e = env(game_id, players)
    rng = Rng(0)

    def run(seed: int) -> int:
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(pick(rng, np.flatnonzero(obs["action_mask"])))
        assert e.match is not None
        return e.match.state.steps

    return run


def parallel(game_id: str, players: int) -> Runner:
    e = parallel_env(game_id, players)
    rng = Rng(0)

    def run(seed: int) -> int:
        obs, _ = e.reset(seed=seed)
        while e.agents:
            actions = {a: pick(rng, np.flatnonzero(o["action_mask"])) for a, o in obs.items()}
            obs, *_ = e.step(actions)
        assert e.match is not None
        return e.match.state.steps

    return run


def gym(game_id: str, players: int) -> Runner:
    e = make(game_id, 0, "random", players=players)
    rng = Rng(0)

    def run(seed: int) -> int:
        e.reset(seed=seed)
        while True:
            a = pick(rng, np.flatnonzero(e.action_masks()))
            _, _, term, trunc, _ = e.step(a)
            if term or trunc:
                assert e.match is not None
                return e.match.state.steps

    return run


def openspiel(game_id: str, players: int) -> Runner:
    game = pyspiel.load_game(f"tabletop_{game_id}", {"players": players})
    rng = Rng(0)

    def run(seed: int) -> int:
        state = game.new_initial_state()
        state.apply_action(seed % DEALS)  # the chance node of the deal
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(pick(rng, state.legal_actions()))
        return int(state.tabletop.steps)

    return run


def timed(runner: Runner, seconds: float, seeds: list[int]) -> tuple[int, float]:
    """Steps and seconds of whole games played for about `seconds` (seeds go on from the
    runner's last)."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or steps == 0:
        steps += runner(seeds[0])
        seeds[0] += 1
    return steps, time.perf_counter() - start


def measure(game_id: str, players: int, seconds: float, rounds: int) -> list[str]:
    """The figures of one game as lines: engine steps/s, then each adapter's steps/s and
    its ratio to the engine's time (median over the rounds, with its range)."""
    spec = registry.get(game_id)
    n = min(max(players, spec.min_players), spec.max_players)
    runs = {
        "engine": engine(game_id, n),
        "engine + observe": engine(game_id, n, "direct"),
        "engine + view": engine(game_id, n, "view"),
        "pettingzoo AEC": aec(game_id, n),
        "pettingzoo parallel": parallel(game_id, n),
        "gymnasium": gym(game_id, n),
        "openspiel": openspiel(game_id, n),
    }
    seeds = {name: [0] for name in runs}
    totals = {name: [0, 0.0] for name in runs}
    ratios: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        base = 0.0
        for name, runner in runs.items():
            steps, secs = timed(runner, seconds / rounds, seeds[name])
            totals[name][0] += steps
            totals[name][1] += secs
            per_step = secs / steps
            if name == "engine":
                base = per_step
            ratios[name].append(per_step / base)
    engine_rate = totals["engine"][0] / totals["engine"][1]
    lines = [f"{game_id} ({n} players): engine {engine_rate:,.0f} steps/s"]
    for name in list(runs)[1:]:
        r = totals[name][0] / totals[name][1]
        ratio = statistics.median(ratios[name])
        spread = f"{min(ratios[name]):.1f}-{max(ratios[name]):.1f}"
        times = f"{ratio:4.1f}x the engine's time; {spread}"
        lines.append(f"  {name:20s} {r:10,.0f} steps/s  ({times})")
    return lines


AREAS = (
    "engine",
    "encoder",
    "adapter",
    "agents",
    "peer library",
    "numpy",
    "openspiel bridge",
    "built-ins",
    "runner",
)


def area(filename: str, function: str) -> str:
    """Which part of the stack a profiled function belongs to."""
    f = filename.replace("\\", "/")
    if "/tabletop/rl/encoders/" in f:
        return "encoder"
    if "/tabletop/rl/" in f:
        return "adapter"
    if "/tabletop/agents/" in f:
        return "agents"
    if "/tabletop/" in f:
        return "engine"
    if any(x in f for x in ("/pettingzoo/", "/gymnasium/", "/open_spiel/")):
        return "peer library"
    if "/numpy/" in f or "numpy" in function:
        return "numpy"
    if "pyspiel" in function:
        return "openspiel bridge"
    if f.endswith("rl_throughput.py"):
        return "runner"
    return "built-ins"


def where(game_id: str, players: int, seconds: float) -> list[str]:
    """Each runner's time by area (shares of its profiled time), as lines."""
    spec = registry.get(game_id)
    n = min(max(players, spec.min_players), spec.max_players)
    runs = {
        "engine": engine(game_id, n),
        "pettingzoo AEC": aec(game_id, n),
        "pettingzoo parallel": parallel(game_id, n),
        "gymnasium": gym(game_id, n),
        "openspiel": openspiel(game_id, n),
    }
    lines = [f"{game_id} ({n} players): share of each runner's profiled time"]
    if tabletop.build() == "compiled":
        # cProfile sees no compiled function: their time counts in the interpreted callers
        lines[0] += " (compiled build: the compiled modules' time shows in their callers)"
    for name, runner in runs.items():
        prof = cProfile.Profile()
        prof.enable()
        steps, secs = timed(runner, seconds, [0])
        prof.disable()
        shares = dict.fromkeys(AREAS, 0.0)
        stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
        for (filename, _, function), (_, _, tottime, _, _) in stats.items():
            shares[area(filename, function)] += tottime
        total = sum(shares.values()) or 1.0
        parts = ", ".join(
            f"{k} {100 * v / total:.0f}%" for k, v in shares.items() if v / total >= 0.01
        )
        lines.append(f"  {name:20s} {1e6 * secs / steps:6.1f} us/step profiled: {parts}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per game and adapter")
    parser.add_argument("--rounds", type=int, default=4, help="the time is cut into these")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", help="game ids, comma-separated (default: all)")
    parser.add_argument("--where", action="store_true", help="profile: where the time goes")
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load}; {args.rounds} rounds of {args.seconds / args.rounds:.2f} s each")
    for game_id in args.games.split(",") if args.games else registry.game_ids():
        if args.where:
            print("\n".join(where(game_id, args.players, args.seconds)))
        else:
            print("\n".join(measure(game_id, args.players, args.seconds, args.rounds)))


if __name__ == "__main__":
    main()
