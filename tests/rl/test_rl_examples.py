"""The examples run end to end: the training example for a few episodes (its real run trains
for minutes and is not a test), with a check that its update climbs the gradient (a positive
advantage makes the action taken more likely, a negative one less) and that its intervals are
Wilson's; the throughput example measures every adapter."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np

import tabletop

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _module(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs() -> None:
    module = _module("train_reinforce")
    figures = module.main(["--game", "quests", "--episodes", "3", "--eval-games", "4"])
    assert figures["episodes"] == 3
    for name in ("random", "trained"):
        wins = figures[f"{name} wins"]
        assert wins == int(wins) and 0 <= wins <= 4
        assert figures[f"{name} rate"] == wins / 4
        low, high = figures[f"{name} low"], figures[f"{name} high"]
        assert low <= figures[f"{name} rate"] <= high
        assert module.wilson(int(wins), 4) == (low, high)
    assert figures["beats random"] == float(figures["trained low"] > figures["random high"])


def test_the_training_example_climbs_the_gradient_and_counts_intervals_right() -> None:
    module = _module("train_reinforce")
    obs = np.array([1.0, 0.0, 0.5, 0.0], dtype=np.float32)
    mask = np.array([True, True, False, True])
    for advantage, sign in ((1.0, 1), (-1.0, -1)):
        policy = module.LinearPolicy(4, 4, seed=0)
        step = policy.probs(obs, mask)
        assert list(step.cols) == [0, 1, 3]  # the illegal action never gets a probability
        before = step.p[1]
        policy.update([step], [1], [advantage], 0.05)
        after = policy.probs(obs, mask).p[1]
        assert (after - before) * sign > 0
    low, high = module.wilson(0, 200)
    assert low == 0.0 and 0.018 < high < 0.019
    low, high = module.wilson(100, 200)
    assert 0.43 < low < 0.44 and 0.56 < high < 0.57


def test_the_throughput_example_measures_every_adapter() -> None:
    module = _module("rl_throughput")
    lines = module.measure("quests", 2, 0.01, 1)
    assert lines[0].startswith("quests (2 players): engine ")
    names = [line.split("  ")[1].strip() for line in lines[1:]]
    assert names == [
        "engine + observe",
        "engine + view",
        "pettingzoo AEC",
        "pettingzoo parallel",
        "gymnasium",
        "openspiel",
    ]


def test_the_throughput_example_says_where_the_time_goes() -> None:
    module = _module("rl_throughput")
    lines = module.where("quests", 2, 0.01)
    assert lines[0].startswith("quests (2 players)")
    assert [line.split()[0] for line in lines[1:]] == [
        "engine",
        "pettingzoo",
        "pettingzoo",
        "gymnasium",
        "openspiel",
    ]
    assert "encoder" in lines[2]
    if tabletop.build() == "interpreted":
        assert "engine" in lines[2]
    else:  # the profiler sees no compiled function, and the line says so
        assert "compiled build" in lines[0]
    assert module.area("/x/src/tabletop/rl/encoders/quests.py", "write_state") == "encoder"
    assert module.area("/x/src/tabletop/rl/core.py", "mask") == "adapter"
    assert module.area("/x/src/tabletop/games/quests/rules.py", "apply") == "engine"
    assert module.area("~", "<method 'x' of 'pyspiel.State' objects>") == "openspiel bridge"
