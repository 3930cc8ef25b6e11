"""Research environments: steps/s of every registered game (3 players, random legal answers)
through each adapter of `tabletop.rl`, and each one's time per step against the bare engine
in the same rounds (`examples/rl_throughput.py`, whose docstring says what each runner does).
Then where each adapter's time goes (`rl_throughput.where`: a cProfile of each runner, its
time split into engine, encoder, adapter, peer library, numpy, OpenSpiel bridge). The aim is
at most 3x the engine's time for Gymnasium and AEC; docs/rl.md names the floor per game."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.engine import registry

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def main(quick: bool = False) -> None:
    sys.path.insert(0, str(EXAMPLES))
    import rl_throughput  # the rl extra (gymnasium, pettingzoo, open_spiel), only when run

    seconds = 1.5 if quick else 5.0
    print("== rl: environment steps/s per adapter, ratio to the engine's time per step")
    for game_id in registry.game_ids():
        players = max(3, registry.get(game_id).min_players)
        print("\n".join(rl_throughput.measure(game_id, players, seconds, 3 if quick else 5)))
    print("== rl: where each adapter's time goes (profiled)")
    for game_id in registry.game_ids():
        players = max(3, registry.get(game_id).min_players)
        print("\n".join(rl_throughput.where(game_id, players, seconds / 3)))
