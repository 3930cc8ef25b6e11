"""The two builds, interpreted and compiled (Cython over the same `.py` files), play alike.

`make test` runs the whole suite on the compiled build with `TABLETOP_EXPECT=compiled`, then
the golden, perft and build tests again with `TABLETOP_PURE=1`: so each test here also checks
that the build it runs on is the one asked for (a compile that silently fell back would
otherwise pass as compiled)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import build_fingerprint
import tabletop
from tabletop.cli import app

HERE = Path(__file__).resolve().parent


def _pure(code: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *code],
        env={**os.environ, "TABLETOP_PURE": "1"},
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )


def test_the_build_asked_for_is_the_one_that_runs() -> None:
    expected = os.environ.get("TABLETOP_EXPECT")
    build = tabletop.build()
    assert build in ("compiled", "interpreted")
    if expected:
        assert build == expected, f"asked for the {expected} build, running the {build} one"
    if build == "compiled":
        for name in (
            "tabletop.engine.state",
            "tabletop.games.quests.rules",
            "tabletop.agents.ismcts",
        ):
            origin = importlib.import_module(name).__file__ or ""
            assert not origin.endswith(".py"), f"{name} runs interpreted: {origin}"


def test_pure_forces_the_interpreted_modules() -> None:
    out = _pure(
        [
            "-c",
            "import tabletop, tabletop.games.guardians.rules as r, tabletop.agents.ismcts as a;"
            "print(tabletop.build(), r.__file__.endswith('.py'), a.__file__.endswith('.py'))",
        ]
    )
    assert out.stdout.split() == ["interpreted", "True", "True"]


def test_both_builds_play_every_game_alike() -> None:
    """Digests after every answer, views, logs, pickles, clones, determinizations and ismcts
    answers over random games of every game: the same, byte for byte."""
    here = build_fingerprint.fingerprint()
    out = _pure([str(HERE / "build_fingerprint.py")])
    there = json.loads(out.stdout)
    assert there.pop("build") == "interpreted"
    for game, games in here["games"].items():
        for i, (a, b) in enumerate(zip(games, there["games"][game], strict=True)):
            assert a == b, f"{game} game {i}: the {tabletop.build()} build differs: {a} != {b}"
    assert here == there


def test_games_and_version_say_which_build_runs() -> None:
    from typer.testing import CliRunner

    runner = CliRunner()
    build = tabletop.build()
    for args in (["games"], ["--version"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert f"{build} build" in result.output, result.output
