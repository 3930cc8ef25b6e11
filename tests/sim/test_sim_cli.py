"""`tabletop simulate`, `tabletop tournament` and `tabletop report` through the command line."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app
from tabletop.sim import commands
from tabletop.sim.runner import DEFAULT_MAX_STEPS

SHORT = ["-o", "turn_limit=10"]
AGENT_SEATS = ["--agent", "heuristic", "--agent", "random", "--agent", "heuristic"]


def tabletop(*parts: Sequence[str]) -> Result:
    """Run `tabletop` in this process with the arguments of every part, in order."""
    args = [a for part in parts for a in part]
    return CliRunner().invoke(app, args, env={"COLUMNS": "200"})


def flat(text: str) -> str:
    return " ".join(text.split())


def test_simulate_json_summary(tmp_path: Path) -> None:
    out = tmp_path / "results.parquet"
    args = ["simulate", "quests", "--games", "6", "--agents", "heuristic,random,heuristic"]
    result = tabletop([*args, "--seed", "3", "--json", "--out", str(out), "--workers", "2"])
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    for key in ("game", "games", "players", "seed", "options", "seats", "draws", "turns_mean"):
        assert key in s
    for key in ("turns_median", "decisions", "decisions_per_s", "games_per_s", "outcomes"):
        assert key in s
    assert (s["game"], s["games"], s["players"], s["seed"]) == ("quests", 6, 3, 3)
    assert s["options"] == {"length": "short", "artifact_deck": "all", "turn_limit": 150}
    assert [seat["agent"] for seat in s["seats"]] == ["heuristic", "random", "heuristic"]
    for seat in s["seats"]:
        assert {"wins", "win_rate", "ci95", "score_mean", "score_median"} <= set(seat)
        assert seat["ci95"][0] <= seat["win_rate"] <= seat["ci95"][1]
    assert s["decisions"] > 0 and s["games_per_s"] > 0
    rows = (
        duckdb.connect()
        .execute(f"select seat, count(*), sum(win::int) from '{out}' group by seat order by seat")
        .fetchall()
    )
    assert [(seat, n) for seat, n, _ in rows] == [(0, 6), (1, 6), (2, 6)]
    assert [w for _, _, w in rows] == [e["wins"] for e in s["seats"]]


def test_simulate_table_and_agent_specs_per_seat() -> None:
    result = tabletop(["simulate", "quests", "--games", "2", *SHORT, *AGENT_SEATS])
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert "win rate" in out and "95% CI" in out and "2 games (2 asked)" in out
    assert "turn_limit=10" in out


def test_players_alone_seats_heuristic_agents() -> None:
    result = tabletop(["simulate", "quests", "--games", "2", "--players", "4", *SHORT, "--json"])
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    assert s["players"] == 4 and {seat["agent"] for seat in s["seats"]} == {"heuristic"}


def test_no_seats_at_all_plays_heuristic_bots_at_the_usual_count() -> None:
    result = tabletop(["simulate", "quests", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    assert s["players"] == 3 and s["agents"] == ["heuristic"] * 3
    assert s["content"] == "shipped"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess", "--agents", "random,random"], "unknown game 'chess'"),
        (["simulate", "quests", "--agents", "random,wizard"], "unknown agent 'wizard'"),
        (["simulate", "quests", "--players", "1"], "2 to 8 players"),
        (["simulate", "quests", "--players", "3", "--agents", "random,random"], "one agent per"),
        (["simulate", "quests", "--agents", "random,random", "-o", "colour=red"], "colour"),
        (["simulate", "quests", "--agents", "random,random", "-o", "turn_limit=x"], "turn_limit"),
        (["simulate", "quests", "--agents", "random,random", "--games", "0"], "at least 1"),
        (
            ["simulate", "quests", "--agents", "random,random", "--workers", "0"],
            "--workers must be from 1 to 256, not 0",
        ),
        (["simulate", "quests", "--agents", "random,random", "--backend", "dask"], "backend"),
        (["simulate", "quests", "--agents", "a,b", "--agent", "random"], "not both"),
        (["simulate", "quests", "--agents", "random,heuristic:x=1"], "--agent SPEC"),
        # A spec with commas reaches the agent whole: both settings are named.
        (["simulate", "quests", "--agent", "random:x=1,y=2", "--agent", "random"], "x, y"),
        (["simulate", "quests", "--out", "/no/such/folder/r.parquet"], "no folder"),
        (["simulate", "quests", "--out", "r.txt"], "name it .parquet (Parquet, with the run's"),
        (["tournament", "quests", "--agents", "random"], "2 to 8 players"),
        (["tournament", "quests"], "name the agents"),
        (["tournament", "quests", "--agents", "random,random", "--games", "0"], "at least 1"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = tabletop(args)
    assert result.exit_code == 2
    assert message in flat(result.stderr)


def test_ray_backend_without_ray_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = tabletop(["simulate", "quests", "--agents", "random,random", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pip install tabletop[ray]" in flat(result.stderr)


def test_tournament_standings_per_agent(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    result = tabletop(
        ["tournament", "quests", "--agents", "heuristic,random,random", "--games", "6"],
        [*SHORT, "--json", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    table = {e["agent"]: e for e in s["standings"]}
    assert set(table) == {"heuristic", "random"}
    assert table["heuristic"]["games"] == 6 and table["random"]["games"] == 12
    for e in s["standings"]:
        assert e["ci95"][0] <= e["win_rate"] <= e["ci95"][1]
        assert {"wins", "score_mean"} <= set(e)
    # Rotated seats: the heuristic bot sat in each seat twice.
    seats = (
        duckdb.connect()
        .execute(
            f"select seat, count(*) from '{out}' where agent = 'heuristic' group by seat order by 1"
        )
        .fetchall()
    )
    assert seats == [(0, 2), (1, 2), (2, 2)]
    table_out = tabletop(["tournament", "quests", "--agents", "heuristic,random", "--games", "2"])
    assert table_out.exit_code == 0 and "rank" in table_out.stdout


def test_ctrl_c_prints_the_finished_games_and_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextmanager
    def interrupting(total: int, label: str) -> Iterator[Callable[[int], None]]:
        done = [0]

        def progress(n: int) -> None:
            done[0] += n
            if done[0] >= 2:
                raise KeyboardInterrupt

        yield progress

    monkeypatch.setattr(commands, "_progress", interrupting)
    out = tmp_path / "partial.parquet"
    result = tabletop(
        ["simulate", "quests", "--agents", "random,random", "--games", "6"],
        [*SHORT, "--json", "--out", str(out)],
    )
    assert result.exit_code == 130
    assert "interrupted: 2 of 6 games finished" in flat(result.stderr)
    s = json.loads(result.stdout)
    assert s["games"] == 2 and s["requested"] == 6 and s["interrupted"] is True
    assert duckdb.connect().execute(f"select count(*) from '{out}'").fetchone() == (4,)


def test_report_writes_one_self_contained_page(tmp_path: Path) -> None:
    results = tmp_path / "r.parquet"
    page = tmp_path / "report.html"
    run = ["simulate", "quests", "--agents", "heuristic,heuristic", "--games", "30"]
    assert tabletop([*run, "--out", str(results)]).exit_code == 0
    result = tabletop(["report", str(results), "--out", str(page)])
    assert result.exit_code == 0, result.output
    assert "30 games" in result.stdout
    text = page.read_text()
    # Win rates, game lengths, scores; then card impact (plots for figures backed by 30
    # seats on each side); the lift plot needs items held by 30 seat-games.
    before, impact = text.split("<h2>Card impact</h2>")
    assert before.count('src="data:image/png;base64,') == 3
    lift = impact.split("<h2>Win-rate lift")[1]
    assert 'src="data:image/png;base64,' not in lift
    assert '<table class="lift">' in text and "lift at equal count" in text
    assert "<td>no</td></tr>" in text and "<td>yes</td></tr>" not in text
    assert "Win rate per agent" in text and "Game length" in text and "Scores" in text


def test_report_of_a_missing_or_foreign_file_exits_2(tmp_path: Path) -> None:
    missing = tabletop(["report", str(tmp_path / "nope.parquet")])
    assert missing.exit_code == 2 and "no results file" in flat(missing.stderr)
    other = tmp_path / "other.parquet"
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"x": [1, 2]}), other)
    foreign = tabletop(["report", str(other)])
    assert foreign.exit_code == 2 and "not a tabletop results file" in flat(foreign.stderr)


# -- hostile arguments ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["simulate", "quests", "--players", "999999999999999999999999999999"],
            "Quests of the Librarian takes 2 to 8 players, not 999999999999999999999999999999",
        ),
        (
            ["simulate", "quests", "--players", "-5"],
            "Quests of the Librarian takes 2 to 8 players, not -5",
        ),
        (
            ["simulate", "quests", "--workers", "1000000000000"],
            "--workers must be from 1 to 256, not 1000000000000",
        ),
        (
            [
                "simulate",
                "quests",
                "--agent",
                "ismcts:iterations=1000000000000",
                "--agent",
                "random",
            ],
            "ismcts setting iterations='1000000000000' is not valid: "
            "it must be a whole number from 1 to 1,000,000",
        ),
        (
            ["simulate", "quests", "--max-steps", "0"],
            "the step cap (--max-steps) must be a whole number of at least 1, not 0",
        ),
    ],
)
def test_hostile_arguments_are_one_line_errors(args: list[str], message: str) -> None:
    result = tabletop(args)
    assert result.exit_code == 2
    assert result.stderr == f"error: {message}\n"
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_game_that_never_ends_stops_at_the_step_cap(tmp_path: Path, command: str) -> None:
    out = tmp_path / "r.parquet"
    result = tabletop(
        [command, "quests", "--agents", "random,random,random", "--games", "3"],
        ["-o", "turn_limit=0", "--max-steps", "300", "--out", str(out), "--workers", "2"],
    )
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert re.fullmatch(
        r"error: game \d of the run \(seed \d+\) did not end within 300 answers "
        r"\(--max-steps 300\): with these options and agents it may never end; give the game "
        r"a limit in its options \(see tabletop games\) or raise --max-steps",
        lines[0],
    ), lines[0]
    assert result.stdout == "" and not out.exists()  # nothing written


def test_the_step_cap_default_is_in_the_help() -> None:
    assert DEFAULT_MAX_STEPS == 1_000_000
    assert "(default 1,000,000)" in flat(tabletop(["simulate", "--help"]).stdout)


def test_out_csv_writes_csv_and_seats_read_p1_to_pn(tmp_path: Path) -> None:
    """--out x.csv writes CSV (it wrote Parquet under any name before issue 9); the summary
    table names seats as people read them, P1..Pn."""
    import csv

    out = tmp_path / "r.csv"
    result = tabletop(["simulate", "quests", "--games", "3", "--agents", "random,heuristic"], SHORT)
    assert result.exit_code == 0, result.output
    assert re.search(r"│\s*P1\s*│\s*random", result.stdout)
    assert re.search(r"│\s*P2\s*│\s*heuristic", result.stdout)
    result = tabletop(
        ["simulate", "quests", "--games", "3", "--agents", "random,heuristic", "--out", str(out)],
        SHORT,
    )
    assert result.exit_code == 0, result.output
    with out.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 6
    assert rows[0]["game"] == "quests" and {r["agent"] for r in rows} == {"random", "heuristic"}
    assert {"index", "seed", "seat", "score", "win", "holdings"} <= set(rows[0])


def test_plain_progress_says_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    out = io.StringIO()
    clock = iter([0.0, 40.0, 41.0, 80.0])
    monkeypatch.setattr(commands.time, "monotonic", lambda: next(clock))
    advance = commands._plain_progress(100, "quests: simulating", Console(file=out))
    advance(10)  # 40 s for 10 games: 90 games left, about 6 min
    advance(1)  # too soon for another line
    advance(9)  # 80 s for 20 games: about 5 min
    assert out.getvalue().splitlines() == [
        "quests: simulating: 10 of 100 games, about 6 min left",
        "quests: simulating: 20 of 100 games, about 5 min left",
    ]
