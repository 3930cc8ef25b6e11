"""Parallel simulation: games/s of the same seeded run in this process, on a pool of 2
worker processes (and the parallel efficiency), and on Ray with 2 workers when Ray is
installed. Pool and Ray figures include starting the workers; Ray's cluster start is timed
on its own."""

from __future__ import annotations

import importlib.util
import time
from typing import Any

from tabletop.sim import RunResult, make_config, run

GAME = "quests"
AGENTS = ["heuristic", "heuristic", "heuristic"]


def _games_per_s(result: RunResult) -> float:
    return result.finished / result.seconds


def _outcomes(result: RunResult) -> list[tuple[int, int, bool, float, int]]:
    return [(r.index, r.seat, r.win, r.score, r.decisions) for r in result.rows]


def main(quick: bool = False) -> None:
    games = 200 if quick else 800
    config = make_config(GAME, AGENTS, seed=7)
    print(f"== parallel: {games} games of {GAME}, agents {', '.join(AGENTS)}")
    one = run(config, games, workers=1)
    two = run(config, games, workers=2)
    same = _outcomes(one) == _outcomes(two)
    g1, g2 = _games_per_s(one), _games_per_s(two)
    # Starting the pool (fork server, two workers, their imports): a run of one game each.
    startup = run(config, 2, workers=2).seconds
    steady = two.finished / max(1e-9, two.seconds - startup)
    print(f"1 worker (in process): {g1:7.1f} games/s ({one.seconds:.2f} s)")
    print(f"2 worker processes:    {g2:7.1f} games/s ({two.seconds:.2f} s)")
    print(f"parallel efficiency:   {g2 / g1 / 2:7.0%} (speed-up {g2 / g1:.2f}x on 2 workers)")
    print(
        f"pool start-up:         {startup:7.2f} s; without it {steady:.1f} games/s, "
        f"efficiency {steady / g1 / 2:.0%}"
    )
    print(f"same results:          {'yes' if same else 'NO'}")
    if importlib.util.find_spec("ray") is None:
        print("ray: not installed (pip install tabletop[ray]); skipped")
        return
    ray: Any = importlib.import_module("ray")
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    started = time.perf_counter() - start
    try:
        on_ray = run(config, games, workers=2, backend="ray")
    finally:
        ray.shutdown()
    same_ray = _outcomes(on_ray) == _outcomes(one)
    g3 = _games_per_s(on_ray)
    print(
        f"ray, 2 workers:        {g3:7.1f} games/s ({on_ray.seconds:.2f} s, plus "
        f"{started:.1f} s to start the local cluster); pool/ray = {g2 / g3:.2f}x; "
        f"same results: {'yes' if same_ray else 'NO'}"
    )
