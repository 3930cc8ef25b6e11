"""The training example runs end to end (a smoke run of a few episodes; its real run trains
for minutes and is not a test)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_training_example_runs() -> None:
    spec = importlib.util.spec_from_file_location(
        "train_reinforce", EXAMPLES / "train_reinforce.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = module.main(["--episodes", "3", "--eval-games", "2"])
    assert figures["episodes"] == 3
    for key in ("untrained vs random", "trained vs random", "trained vs heuristic"):
        assert 0.0 <= figures[key] <= 1.0


def test_the_throughput_example_measures_every_adapter() -> None:
    spec = importlib.util.spec_from_file_location("rl_throughput", EXAMPLES / "rl_throughput.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
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
