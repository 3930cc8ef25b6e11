"""Benchmarks (`make bench`): print kernel and simulator figures. Never asserts.

python bench/run.py [--quick] [--only engine|parallel|guardians|librarians|castle|ismcts|rl|peers]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import castle
import engine
import guardians
import ismcts
import librarians
import parallel
import peers
import rl

SUITES = {
    "engine": engine.main,
    "parallel": parallel.main,
    "guardians": guardians.main,
    "librarians": librarians.main,
    "castle": castle.main,
    "ismcts": ismcts.main,
    "rl": rl.main,
    "peers": peers.main,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (about 1 s each)")
    parser.add_argument("--only", choices=sorted(SUITES), help="run one suite")
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load} (parallel figures need idle cores)"
    )
    start = time.perf_counter()
    for name, suite in SUITES.items():
        if args.only in (None, name):
            suite(quick=args.quick)
    print(f"(benchmarks took {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
