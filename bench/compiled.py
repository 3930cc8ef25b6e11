"""The compiled build against the interpreted one, measured interleaved in one run: decisions
per second of whole games (3-player Quests between random players and between heuristic bots,
3-player Guardians between random players) and ISMCTS iterations per second on Quests,
Guardians and Castle positions.

    make compiled && .venv/bin/python bench/compiled.py [--rounds 3] [--seconds 2]

Each round runs every figure once in a process on the interpreted build (`TABLETOP_PURE=1`)
and once on the compiled build (`build/compiled` first on the path), one after the other, so a
busy machine slows both alike; the table gives each build's range over the rounds and the
median of the per-round ratios. Never asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
COMPILED = HERE.parent / "build" / "compiled"
SEARCH_GAMES = (("quests", 3, {}), ("guardians", 3, {}), ("castle", 4, {"mode": "exploration"}))


def measure(seconds: float) -> dict[str, Any]:
    """Every figure once, in this process's build."""
    sys.path.insert(0, str(HERE))
    import engine  # bench/engine.py
    import ismcts  # bench/ismcts.py
    import tabletop

    out: dict[str, Any] = {"build": tabletop.build()}
    out["quests random"] = engine.throughput("random", seconds)["decisions_per_s"]
    out["quests heuristic"] = engine.throughput("heuristic", seconds)["decisions_per_s"]
    out["guardians random"] = engine.throughput("random", seconds, game="guardians")[
        "decisions_per_s"
    ]
    for game, players, options in SEARCH_GAMES:
        cases = ismcts.positions(6, game, players, options)
        out[f"ismcts {game}"] = ismcts.speed("ismcts", cases, 60, game)[0]
    return out


def _run(pure: bool, seconds: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(COMPILED)}
    if pure:
        env["TABLETOP_PURE"] = "1"
    else:
        env.pop("TABLETOP_PURE", None)
    code = f"import sys, json; sys.path.insert(0, {str(HERE)!r}); import compiled; "
    code += f"print(json.dumps(compiled.measure({seconds})))"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(done.stdout.splitlines()[-1]))


def main(rounds: int = 3, seconds: float = 2.0) -> None:
    if not (COMPILED / ".built").exists():
        print("no compiled build: run `make compiled` first")
        return
    runs: dict[str, list[dict[str, Any]]] = {"interpreted": [], "compiled": []}
    for _ in range(rounds):
        for pure in (True, False):
            result = _run(pure, seconds)
            runs[result.pop("build")].append(result)
    if not runs["compiled"] or not runs["interpreted"]:
        print("the compiled build did not load (see `tabletop --version`)")
        return
    print(f"== compiled against interpreted, {rounds} interleaved rounds")
    print(f"{'figure':26s} {'interpreted':>20s} {'compiled':>20s} {'ratio':>6s}")
    for key in runs["interpreted"][0]:
        a = [r[key] for r in runs["interpreted"]]
        b = [r[key] for r in runs["compiled"]]
        ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
        unit = "iterations/s" if key.startswith("ismcts") else "decisions/s"
        print(
            f"{key + ', ' + unit:26s} {min(a):>9,.0f}-{max(a):<10,.0f} "
            f"{min(b):>9,.0f}-{max(b):<10,.0f} {ratio:>5.2f}x"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="per whole-game figure")
    args = parser.parse_args()
    main(args.rounds, args.seconds)
