"""tabletop beside other card-game engines driven from Python, measured in one run: decisions
per second of random play in 3-player Quests and 3-player Guardians, and in the peers:
OpenSpiel's C++ games `crazy_eights` (3 players) and `hearts` (4) through `pyspiel`, and
RLCard's UNO (2 players) through its RL API.

    python bench/peers.py [--seconds 2] [--rounds 3]

Every side picks its random legal action the same cheap way (tabletop's `Rng` over the legal
actions: `legal_actions()` in OpenSpiel, `legal_actions` in RLCard, the decision's options
here), and a decision is one answer of a player; OpenSpiel's chance nodes (the deal) are
played, timed and counted apart. The time is cut into rounds, each running every engine for a
slice, so a busy machine slows all alike; the ratio is each peer's rate over Quests' in the
same round, the median over the rounds.

The peers run in their own virtual environment, `bench/.peers-venv` (`make peers` makes it:
`pip install open_spiel rlcard`), in a process of their own that this one starts; without it
a peer importable here is measured here, and one found nowhere is named as not installed.
The test suite never depends on them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _load_rng() -> Any:
    """tabletop's `Rng`, read from its file: the peers' environment has no tabletop installed,
    and `rng.py` needs only the standard library."""
    path = HERE.parent / "src" / "tabletop" / "engine" / "rng.py"
    spec = importlib.util.spec_from_file_location("_tabletop_rng", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Rng


Rng = _load_rng()
PEERS_VENV = HERE / ".peers-venv"
# peer name -> (module it needs, what it is)
PEERS = {
    "crazy_eights": ("pyspiel", "OpenSpiel C++ crazy_eights, 3 players, via pyspiel"),
    "hearts": ("pyspiel", "OpenSpiel C++ hearts, 4 players, via pyspiel"),
    "uno": ("rlcard", "RLCard UNO, 2 players, via its RL API"),
}
OURS = {"quests": "tabletop Quests, 3 players", "guardians": "tabletop Guardians, 3 players"}
Runner = Callable[[int], tuple[int, int]]  # seed -> (decisions, chance steps) of one game


# -- the peers (these need only the standard library and the peer itself) -------------------
def openspiel_runner(name: str) -> Runner:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    params = {"players": 3} if name == "crazy_eights" else {}
    game = pyspiel.load_game(name, params)

    def run(seed: int) -> tuple[int, int]:
        rng = Rng(seed)
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = rng.random()
                action = outcomes[-1][0]  # (should the probabilities sum short of 1)
                for a, p in outcomes:
                    x -= p
                    if x < 0:
                        action = a
                        break
                state.apply_action(action)
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
                decisions += 1
        return decisions, chance

    return run


def rlcard_runner(name: str) -> Runner:
    import rlcard  # type: ignore[import-not-found,unused-ignore]

    env = rlcard.make(name, config={"seed": 0})

    def run(seed: int) -> tuple[int, int]:
        rng = Rng(seed)
        env.seed(seed)
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.below(len(legal))])
            decisions += 1
        return decisions, 0

    return run


def peer_runner(name: str) -> Runner:
    return rlcard_runner(name) if PEERS[name][0] == "rlcard" else openspiel_runner(name)


def timed(runner: Runner, seconds: float, seed: list[int]) -> tuple[int, int, float]:
    """Decisions, chance steps and seconds of whole games played for about `seconds`."""
    decisions = chance = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or decisions == 0:
        d, c = runner(seed[0])
        decisions += d
        chance += c
        seed[0] += 1
    return decisions, chance, time.perf_counter() - start


def serve() -> None:
    """The peers' side of a run (`--serve`, in the peers' own environment): read a JSON line
    {"peer": name, "seconds": s} per slice, answer a JSON line with its figures."""
    runners: dict[str, Runner] = {}
    seeds: dict[str, list[int]] = {}
    for line in sys.stdin:
        ask = json.loads(line)
        name = ask["peer"]
        if name == "which":
            have = [p for p, (module, _) in PEERS.items() if importlib.util.find_spec(module)]
            print(json.dumps(have), flush=True)
            continue
        if name not in runners:
            runners[name] = peer_runner(name)
            seeds[name] = [0]
        d, c, secs = timed(runners[name], float(ask["seconds"]), seeds[name])
        print(json.dumps({"decisions": d, "chance": c, "seconds": secs}), flush=True)


class Remote:
    """The peers measured in a process of the peers' virtual environment."""

    def __init__(self, python: Path) -> None:
        self.proc = subprocess.Popen(
            [str(python), str(Path(__file__).resolve()), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, msg: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the peers' process stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# -- tabletop's side ---------------------------------------------------------------------------
def tabletop_runner(game_id: str, players: int) -> Runner:
    from tabletop.engine import new_game
    from tabletop.engine.decision import PARALLEL

    def run(seed: int) -> tuple[int, int]:
        rng = Rng(seed)
        state = new_game(game_id, players, seed, log=False)
        while (d := state.pending) is not None:
            parallel = d.mode == PARALLEL
            for p in state.to_move():
                if parallel and p not in state.to_move():
                    continue
                opts = state.pending.options_for(p)  # type: ignore[union-attr]
                state.apply(p, opts[rng.below(len(opts))].id)
                if state.pending is None:
                    break
        return state.steps, 0

    return run


def main(quick: bool = False, seconds: float | None = None, rounds: int = 3) -> None:
    total = seconds if seconds is not None else (1.0 if quick else 3.0)
    ours = {
        "quests": tabletop_runner("quests", 3),
        "guardians": tabletop_runner("guardians", 3),
    }
    remote: Remote | None = None
    python = PEERS_VENV / "bin" / "python"
    if python.exists():
        remote = Remote(python)
        have = remote.ask({"peer": "which"})
        where = f"their own environment ({PEERS_VENV.relative_to(HERE.parent)})"
    else:
        have = [p for p, (module, _) in PEERS.items() if importlib.util.find_spec(module)]
        where = "this environment (no bench/.peers-venv: `make peers` makes one)"
    local = {} if remote else {p: peer_runner(p) for p in have}
    print(f"== peers: random play, {rounds} rounds of {total / rounds:.2f} s per engine")
    print(f"peers measured in {where}")
    for p, (module, what) in PEERS.items():
        if p not in have:
            print(f"{p}: not installed ({what}; needs {module}): skipped")
    names = [*ours, *have]
    sums = {n: [0, 0, 0.0] for n in names}
    ratios: dict[str, list[float]] = {n: [] for n in names}
    seeds = {n: [0] for n in names}
    try:
        for _ in range(rounds):
            rates: dict[str, float] = {}
            for n in names:
                if n in ours:
                    d, c, secs = timed(ours[n], total / rounds, seeds[n])
                elif remote is not None:
                    got = remote.ask({"peer": n, "seconds": total / rounds})
                    d, c, secs = got["decisions"], got["chance"], got["seconds"]
                else:
                    d, c, secs = timed(local[n], total / rounds, seeds[n])
                sums[n][0] += d
                sums[n][1] += c
                sums[n][2] += secs
                rates[n] = d / secs
            for n in names:
                ratios[n].append(rates["quests"] / rates[n])
    finally:
        if remote is not None:
            remote.close()
    for n in names:
        d, c, secs = sums[n]
        label = OURS.get(n) or PEERS[n][1]
        line = f"{label:50s} {d / secs:>10,.0f} decisions/s"
        if c:
            line += f" (+{c / secs:,.0f} chance steps/s)"
        if n != "quests":
            line += f"; Quests / this = {statistics.median(ratios[n]):.2f}"
        print(line)


if __name__ == "__main__":
    if "--serve" in sys.argv:
        serve()
    else:
        parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
        parser.add_argument("--seconds", type=float, default=6.0, help="per engine, in all")
        parser.add_argument("--rounds", type=int, default=3)
        args = parser.parse_args()
        main(seconds=args.seconds, rounds=args.rounds)
