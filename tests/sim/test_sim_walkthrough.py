"""The designer's walk-through of docs/designing.md, run for real: the patch files and the
commands are read from the document (the blocks after its `walk-through` markers), so the
document cannot drift from what works. 2,000 games of Quests and of the Guardians, each with
and without its patch, on the same seeds; then a sweep and the reports."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli import app
from tabletop.sim import results
from tabletop.sim.compare import compare

DOC = Path(__file__).resolve().parents[2] / "docs" / "designing.md"
MARK = re.compile(r"<!-- walk-through: (file (\S+)|run) -->\n```[a-z]*\n(.*?)```", re.S)


def walk_through(text: str) -> tuple[dict[str, str], list[str]]:
    files: dict[str, str] = {}
    commands: list[str] = []
    for m in MARK.finditer(text):
        if m.group(2):
            files[m.group(2)] = m.group(3)
        else:
            commands += [line for line in m.group(3).splitlines() if line.strip()]
    return files, commands


def test_the_walk_through_is_in_the_document() -> None:
    files, commands = walk_through(DOC.read_text(encoding="utf-8"))
    assert set(files) == {"spear.toml", "bash.toml"}
    assert all(c.startswith("tabletop ") for c in commands)
    assert (
        sum("--games 2000" in c and "--content" in c and "--baseline" in c for c in commands) == 2
    )
    assert any("--sweep" in c and c.split("=")[-1].count(",") == 3 for c in commands)


def test_the_designers_walk_through_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files, commands = walk_through(DOC.read_text(encoding="utf-8"))
    monkeypatch.chdir(tmp_path)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    printed: dict[str, str] = {}
    for line in commands:
        args = shlex.split(line)
        start = time.perf_counter()
        result = CliRunner().invoke(app, args[1:], env={"COLUMNS": "200"})
        print(f"{time.perf_counter() - start:6.1f} s  {line}")  # shown with -s: what it took
        assert result.exit_code == 0, (line, result.output)
        printed[line] = result.stdout

    for game, patch in (("quests", "spear"), ("guardians", "bash")):
        base, changed = tmp_path / f"{game}-shipped.parquet", tmp_path / f"{game}-{patch}.parquet"
        rows_a, meta_a = results.read(base)
        rows_b, meta_b = results.read(changed)
        assert meta_a["content"] == "shipped" and meta_b["content_source"] == f"{patch}.toml"
        assert meta_b["patch"] == files[f"{patch}.toml"]
        c = compare(rows_a, rows_b, meta_a, meta_b)
        assert c["same_seeds"] and c["a"]["games"] == c["b"]["games"] == 2000
        for f in c["figures"]:
            lo, hi = f["ci95"]
            assert lo <= f["change"] <= hi
        # the patched run's output shows each difference with its interval
        out = " ".join(printed[next(k for k in printed if f"--content {patch}.toml" in k)].split())
        assert f"content {patch}.toml (" in out
        first = c["figures"][0]
        row = [
            "P1 win rate",
            f"{first['a']:.3f}",
            f"{first['b']:.3f}",
            f"{first['change']:+.3f}",
            f"{first['ci95'][0]:+.3f} to {first['ci95'][1]:+.3f}",
        ]
        assert re.search(r"[ *]*│ ".join(re.escape(cell) for cell in row), out), out
        team = [f for f in c["figures"] if f["figure"] == "team win rate"]
        print(game, "compared:", team or first)  # shown with -s
    guardians = results.read(tmp_path / "guardians-bash.parquet")[0]
    # the Guardians' team result is among the figures compared
    assert any(r.team for r in guardians)
    assert "team win rate" in " ".join(
        printed[next(k for k in printed if "bash.toml" in k)].split()
    )

    page = (tmp_path / "quests-spear-compare.html").read_text()
    assert "P1 win rate" in page and "95% CI" in page
    sweep = (tmp_path / "spear-sweep.html").read_text()
    assert sweep.count("<img") == 2 and "artifact.spear-of-destiny.amount" in sweep
    for value in "1234":
        assert (tmp_path / f"spear-sweep-{value}.parquet").is_file()
    report = (tmp_path / "guardians-bash.html").read_text()
    assert '<table class="impact">' in report and "<h3>card played</h3>" in report
