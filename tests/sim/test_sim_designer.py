"""The designer's workbench through the command line: content patches in runs, compare,
baseline, sweeps, card impact tables for every game, the turn-limit warning."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app

SPEAR = "[artifact.spear-of-destiny]\namount = 3\n"


def tabletop(args: list[str]) -> Result:
    return CliRunner().invoke(app, args, env={"COLUMNS": "200"})


def flat(text: str) -> str:
    return " ".join(text.split())


def meta(path: Path) -> dict[str, object]:
    raw = pq.read_schema(path).metadata[b"tabletop"]
    loaded: dict[str, object] = json.loads(raw)
    return loaded


def test_a_patched_run_says_its_content_and_keeps_the_patch(tmp_path: Path) -> None:
    patch = tmp_path / "spear.toml"
    patch.write_text(SPEAR)
    out = tmp_path / "spear.parquet"
    result = tabletop(
        ["simulate", "quests", "--games", "4", "--content", str(patch), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("quests ") and "content spear.toml (" in first
    m = meta(out)
    assert m["patch"] == SPEAR and m["content_source"] == "spear.toml"
    assert isinstance(m["content"], str) and len(m["content"]) == 64
    shipped = tmp_path / "shipped.parquet"
    assert tabletop(["simulate", "quests", "--games", "4", "--out", str(shipped)]).exit_code == 0
    assert meta(shipped)["content"] == "shipped" and meta(shipped)["patch"] is None


def test_a_bad_patch_is_refused_before_any_game(tmp_path: Path) -> None:
    patch = tmp_path / "bad.toml"
    patch.write_text("[artifact.spear-of-destiny]\namount = 'three'\n")
    result = tabletop(["simulate", "quests", "--games", "4", "--content", str(patch)])
    assert result.exit_code == 2
    assert "bad.toml" in result.output and "amount" in result.output
    assert "Traceback" not in result.output


def test_compare_and_baseline_report_each_change_with_an_interval(tmp_path: Path) -> None:
    patch = tmp_path / "spear.toml"
    patch.write_text(SPEAR)
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    run = ["simulate", "quests", "--games", "40", "--seed", "5"]
    assert tabletop([*run, "--out", str(a)]).exit_code == 0
    result = tabletop([*run, "--content", str(patch), "--baseline", str(a), "--out", str(b)])
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert "P1 win rate" in out and "game length (turns)" in out and "95% CI" in out
    page = tmp_path / "c.html"
    result = tabletop(["compare", str(a), str(b), "--json", "--html", str(page)])
    assert result.exit_code == 0, result.output
    c = json.loads(result.stdout)
    assert c["same_seeds"] is True and c["a"]["content"] == "shipped"
    names = [f["figure"] for f in c["figures"]]
    assert names[:3] == ["P1 win rate", "P2 win rate", "P3 win rate"]
    for f in c["figures"] + c["cards"]:
        lo, hi = f["ci95"]
        assert lo <= f["change"] <= hi and 0.0 <= f["p"] <= 1.0
        assert f["test"] in {"z", "Fisher", "Welch"}
    assert c["cards"] and all(f["label"] and f["card"] for f in c["cards"])
    text = page.read_text()
    assert "P1 win rate" in text and "[amount = 3" not in text and "amount = 3" in text


def test_compare_refuses_runs_of_different_games(tmp_path: Path) -> None:
    q, g = tmp_path / "q.parquet", tmp_path / "g.parquet"
    assert tabletop(["simulate", "quests", "--games", "2", "--out", str(q)]).exit_code == 0
    assert tabletop(["simulate", "guardians", "--games", "1", "--out", str(g)]).exit_code == 0
    result = tabletop(["compare", str(q), str(g)])
    assert result.exit_code == 2
    assert "cannot compare runs of different games" in flat(result.output)
    assert "quests" in result.output and "guardians" in result.output
    result = tabletop(["simulate", "guardians", "--games", "1", "--baseline", str(q)])
    assert result.exit_code == 2 and "not guardians" in flat(result.output)


def test_a_sweep_plays_each_value_on_the_same_seeds_and_plots_it(tmp_path: Path) -> None:
    out = tmp_path / "sweep.parquet"
    sweep = "artifact.spear-of-destiny.amount=1,2,3,4"
    result = tabletop(["simulate", "quests", "--games", "5", "--sweep", sweep, "--out", str(out)])
    assert result.exit_code == 0, result.output
    digests = set()
    seeds = []
    for value in "1234":
        path = tmp_path / f"sweep-{value}.parquet"
        m = meta(path)
        assert f"amount = {value}" in str(m["patch"])
        digests.add(m["content"])
        seeds.append(pq.read_table(path, columns=["seed"]).column("seed").to_pylist())
    assert len(digests) == 4 and all(s == seeds[0] for s in seeds)
    page = (tmp_path / "sweep.html").read_text()
    assert page.count("<img") == 2 and "artifact.spear-of-destiny.amount" in page
    assert "P3 win rate" in page and "game length (turns)" in page


@pytest.mark.parametrize("bad", ["amount", "amount=3", "amount=1,1", "=1,2"])
def test_a_bad_sweep_is_one_line(bad: str, tmp_path: Path) -> None:
    result = tabletop(["simulate", "quests", "--games", "2", "--sweep", bad])
    assert result.exit_code == 2 and "--sweep" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("game", "games", "label"),
    [
        ("quests", 8, "artifact held"),
        ("guardians", 3, "card played"),
        ("librarians", 3, "hero"),
        ("castle", 2, "treasure carried"),
    ],
)
def test_card_impact_tables_in_the_report_for_every_game(
    game: str, games: int, label: str, tmp_path: Path
) -> None:
    out, page = tmp_path / "r.parquet", tmp_path / "r.html"
    result = tabletop(["simulate", game, "--games", str(games), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert tabletop(["report", str(out), "--out", str(page)]).exit_code == 0
    text = page.read_text()
    assert "<h2>Card impact</h2>" in text and f"<h3>{label}</h3>" in text
    tables = re.findall(r'<table class="impact">(.*?)</table>', text, re.S)
    assert tables
    for table in tables:
        for row in re.findall(r"<tr[^>]*><td>(.*?)</tr>", table, re.S):
            cells = re.split(r"</td><td>", row)
            # card, with, rate, CI, without, rate, CI, difference, CI, games
            assert len(cells) == 10 and cells[0] and not cells[0].isdigit()
            assert re.fullmatch(r"\[\d\.\d{3}, \d\.\d{3}\]", cells[3])
            assert re.fullmatch(r"\[-?\d\.\d{3}, -?\d\.\d{3}\]", cells[8])
    assert re.search(r"<td>P1</td>", text)


def test_more_than_5_percent_at_the_turn_limit_is_a_warning() -> None:
    args = ["simulate", "quests", "--games", "4", "--agents", "random,random", "-o", "turn_limit=5"]
    result = tabletop(args)
    assert result.exit_code == 0, result.output
    assert "ended at the turn limit" in flat(result.stdout)
    result = tabletop(["simulate", "quests", "--games", "4"])
    assert "turn limit" not in flat(result.stdout)
