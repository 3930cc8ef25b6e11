"""Batch simulation as a library: seeding, backends, interruption, summaries, results files,
the report page."""

from __future__ import annotations

import dataclasses
import html
import importlib.util
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from tabletop.engine.errors import PlayerCountError, UnknownAgentError
from tabletop.engine.rng import derive_seed
from tabletop.sim import (
    SeatRow,
    SimConfig,
    SimulationError,
    make_config,
    play_game,
    report,
    results,
    run,
    standings,
    summarize,
    wilson,
)
from tabletop.sim.parallel import IN_FLIGHT, MAX_WORKERS, chunks
from tabletop.sim.runner import DEFAULT_MAX_STEPS, StepLimitError
from tabletop.sim.summary import by_game

SHORT = {"turn_limit": 10}


def _no_time(rows: list[SeatRow]) -> list[SeatRow]:
    return [dataclasses.replace(r, seconds=0.0) for r in rows]


def _random3(seed: int = 7) -> SimConfig:
    return make_config("quests", ["random", "random", "random"], options=SHORT, seed=seed)


@pytest.fixture(scope="module")
def heuristic_rows() -> list[SeatRow]:
    config = make_config("quests", ["heuristic", "heuristic", "random"], seed=5)
    return run(config, 12).rows


def test_same_seed_same_rows_in_process_and_on_two_workers() -> None:
    config = _random3()
    one = run(config, 6, workers=1)
    two = run(config, 6, workers=2, chunk_size=2)
    assert two.workers == 2 and not one.interrupted and not two.interrupted
    assert _no_time(one.rows) == _no_time(two.rows)
    assert [r.index for r in one.rows] == [i for i in range(6) for _ in range(3)]
    assert [r.seat for r in one.rows] == [0, 1, 2] * 6


def test_heuristic_bots_give_the_same_rows_in_every_process() -> None:
    # Worker processes start with their own string-hash seed: a bot that iterated a set of
    # option ids would choose differently there.
    config = make_config("quests", ["heuristic", "heuristic", "heuristic", "random"], seed=3)
    one = run(config, 6, workers=1)
    two = run(config, 6, workers=2, chunk_size=1)
    assert _no_time(one.rows) == _no_time(two.rows)


def test_game_i_uses_the_derived_seed_and_plays_alone_the_same() -> None:
    config = _random3(seed=11)
    rows = run(config, 4).rows
    for i, game in by_game(rows).items():
        assert {r.seed for r in game} == {derive_seed(11, i)}
        assert _no_time(game) == _no_time(play_game(config, i))
    other = run(_random3(seed=12), 4).rows
    assert [r.decisions for r in rows] != [r.decisions for r in other]


def test_rows_carry_what_the_game_reported(heuristic_rows: list[SeatRow]) -> None:
    for game in by_game(heuristic_rows).values():
        assert [r.agent for r in game] == ["heuristic", "heuristic", "random"]
        assert {r.agents for r in game} == {"heuristic | heuristic | random"}
        assert len({(r.turns, r.decisions, r.options) for r in game}) == 1
        assert game[0].turns > 0 and game[0].decisions > game[0].turns
        assert '"turn_limit": 150' in game[0].options
        assert any(r.holdings for r in game)
        for r in game:
            if r.win:
                assert r.score == max(x.score for x in game) > 0


def test_settings_are_checked_before_any_game() -> None:
    with pytest.raises(PlayerCountError):
        make_config("quests", ["random"])
    with pytest.raises(UnknownAgentError, match="one agent per seat"):
        make_config("quests", ["random", "random"], players=3)
    with pytest.raises(UnknownAgentError):
        make_config("quests", ["random", "nobody"])
    with pytest.raises(SimulationError, match="at least 1"):
        run(_random3(), 0)
    with pytest.raises(SimulationError, match="workers"):
        run(_random3(), 3, workers=0)
    with pytest.raises(SimulationError, match="backends are: process, ray"):
        run(_random3(), 3, backend="threads")


def test_rotation_gives_every_agent_every_seat_equally() -> None:
    config = make_config("quests", ["random", "heuristic"], rotate=True)
    assert config.seats_for(0) == ("random", "heuristic")
    assert config.seats_for(1) == ("heuristic", "random")
    three = SimConfig("quests", 3, ("x", "y", "z"), {}, rotate=True)
    seats = Counter((three.seats_for(i)[s], s) for i in range(6) for s in range(3))
    assert set(seats.values()) == {2} and len(seats) == 9


def test_a_tournament_scores_agents_not_seats() -> None:
    config = make_config(
        "quests", ["heuristic", "random", "heuristic"], options=SHORT, seed=3, rotate=True
    )
    rows = run(config, 6).rows
    table = {e["agent"]: e for e in standings(rows)}
    assert table["heuristic"]["games"] == 12 and table["random"]["games"] == 6
    per_seat = Counter((r.agent, r.seat) for r in rows)
    assert per_seat[("random", 0)] == per_seat[("random", 1)] == per_seat[("random", 2)] == 2
    assert standings(rows)[0]["agent"] == "heuristic"


def _interrupt_after(n: int) -> Callable[[int], None]:
    seen = [0]

    def progress(k: int) -> None:
        seen[0] += k
        if seen[0] >= n:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_games(workers: int) -> None:
    config = _random3(seed=2)
    full = _no_time(run(config, 10).rows)
    part = run(config, 10, workers=workers, chunk_size=1, progress=_interrupt_after(2))
    assert part.interrupted and part.requested == 10
    assert 2 <= part.finished < 10
    games = by_game(part.rows)
    assert all(len(g) == 3 for g in games.values())
    expected = [r for r in full if r.index in games]
    assert _no_time(part.rows) == expected


def test_wilson_interval() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(1 - hi)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_figures_add_up(heuristic_rows: list[SeatRow]) -> None:
    games = by_game(heuristic_rows)
    # This seeded run has no shared wins, so seat wins and draws partition the games.
    assert all(sum(r.win for r in g) <= 1 for g in games.values())
    s = summarize(heuristic_rows, players=3, seed=5, options={"length": "short"}, seconds=2.0)
    assert s["game"] == "quests" and s["games"] == 12 and s["players"] == 3 and s["seed"] == 5
    assert sum(seat["wins"] for seat in s["seats"]) + s["draws"] == s["games"]
    for seat in s["seats"]:
        lo, hi = seat["ci95"]
        assert lo <= seat["win_rate"] <= hi
        assert seat["win_rate"] == seat["wins"] / 12
    assert [seat["agent"] for seat in s["seats"]] == ["heuristic", "heuristic", "random"]
    turns = [g[0].turns for g in games.values()]
    assert min(turns) <= s["turns_median"] <= max(turns)
    assert s["decisions"] == sum(g[0].decisions for g in games.values())
    assert s["decisions_per_s"] == s["decisions"] / 2.0 and s["games_per_s"] == 6.0


def _row(index: int, seat: int, win: bool, **kw: object) -> SeatRow:
    base: dict[str, object] = {
        "index": index,
        "game": "demo",
        "version": "1",
        "options": "{}",
        "seed": index,
        "agents": "a | b",
        "agent": "ab"[seat],
        "seat": seat,
        "score": float(win),
        "win": win,
        "turns": 5 + index,
        "decisions": 20,
        "seconds": 0.01,
    }
    base.update(kw)
    return SeatRow(**base)  # type: ignore[arg-type]


def _stat_rows() -> list[SeatRow]:
    rows = []
    for i in range(4):
        for seat in range(2):
            rows.append(
                _row(
                    i,
                    seat,
                    win=(i + seat) % 2 == 0,
                    holdings=("gem", "sword") if seat == 0 else ("gem",),
                    seat_stats={"quests_completed": float(i + seat), "wins": 1.0},
                    outcomes={"boss": "beaten" if i < 3 else "won"},
                    team="won" if i < 3 else "lost",
                )
            )
    return rows


def test_game_stats_and_outcomes_are_averaged_and_counted() -> None:
    s = summarize(_stat_rows(), players=2, seed=0, options={}, seconds=1.0)
    assert s["seats"][0]["quests_completed"] == 1.5
    assert s["seats"][1]["quests_completed"] == 2.5
    # A game stat named like a summary key keeps its own value under a prefixed name.
    assert s["seats"][0]["wins"] == 2 and s["seats"][0]["stat_wins"] == 1.0
    assert s["outcomes"] == {"boss": {"beaten": 3, "won": 1}}
    assert s["team"] == {"lost": 1, "won": 3}


def test_results_file_round_trips_and_duckdb_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    rows = _stat_rows()
    results.write(path, rows, {"master_seed": 9})
    back, meta = results.read(path)
    assert back == rows and meta["master_seed"] == 9
    con = duckdb.connect()
    wins = con.execute(
        f"select agent, sum(win::int), avg(stat_quests_completed) from '{path}' "
        "group by agent order by agent"
    ).fetchall()
    assert wins == [("a", 2, 1.5), ("b", 2, 2.5)]
    held = con.execute(
        f"select count(*) from (select unnest(holdings) as item from '{path}') where item = 'gem'"
    ).fetchone()
    assert held == (8,)
    assert con.execute(f"select distinct outcome_boss from '{path}' order by 1").fetchall() == [
        ("beaten",),
        ("won",),
    ]


def test_reading_something_else_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match="no results file"):
        results.read(tmp_path / "missing.parquet")
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    with pytest.raises(SimulationError, match="not a readable Parquet"):
        results.read(junk)


def test_missing_extras_say_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SimulationError, match=r"pip install tabletop\[ray\]"):
        run(_random3(), 2, backend="ray")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(SimulationError, match=r"pip install tabletop\[sim\]"):
        results.write(Path("unused.parquet"), [])


def test_ray_backend_gives_the_same_rows() -> None:
    config = _random3(seed=4)
    if importlib.util.find_spec("ray") is None:
        with pytest.raises(SimulationError, match=r"pip install tabletop\[ray\]"):
            run(config, 4, backend="ray")
        return
    on_ray = run(config, 4, workers=2, backend="ray", chunk_size=1)
    assert on_ray.backend == "ray" and not on_ray.interrupted
    assert _no_time(on_ray.rows) == _no_time(run(config, 4).rows)


def test_lift_compares_holders_with_every_seat() -> None:
    items = {x.item: x for x in report.lifts(_stat_rows(), min_samples=5)}
    # Everyone holds the gem: no lift. The sword is held by seat 0, which won games 0 and 2.
    assert items["gem"].seats == 8 and items["gem"].lift == pytest.approx(0.0)
    sword = items["sword"]
    assert (sword.seats, sword.games, sword.wins, sword.rate) == (4, 4, 2, 0.5)
    assert sword.lift == pytest.approx(0.0) and not sword.enough and items["gem"].enough


def test_report_page_has_its_plots_and_the_lift_table(heuristic_rows: list[SeatRow]) -> None:
    page = report.build(heuristic_rows, {"master_seed": 5}, min_samples=3)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('src="data:image/png;base64,') == 4  # win rate, turns, scores, lift
    assert "http" not in page.replace("data:image", "")  # nothing fetched from elsewhere
    assert '<table class="lift">' in page
    held = {item for r in heuristic_rows for item in r.holdings}
    names = report._names(["quests"])  # artifacts by name, not by id
    assert all(f"<td>{html.escape(names[item])}</td>" in page for item in held)
    assert not any(f"<td>{item}</td>" in page for item in held if names[item] != item)
    assert "class=few" in page  # items held by fewer than 3 seat-games are greyed out
    bare = report.build([dataclasses.replace(r, holdings=()) for r in heuristic_rows])
    assert "carry no holdings" in bare and bare.count("data:image/png") == 3


def test_batches_are_made_as_they_are_handed_out() -> None:
    batches = chunks(10**12, 4)
    assert not isinstance(batches, list | tuple)
    assert next(batches) == range(0, 64) and next(batches) == range(64, 128)
    assert list(chunks(5, 1, 2)) == [range(0, 2), range(2, 4), range(4, 5)]


@pytest.mark.parametrize(("games", "workers"), [(1, 1), (7, 2), (800, 2), (5000, 8)])
def test_guided_batches_cover_every_game_once_and_shrink_to_single_games(
    games: int, workers: int
) -> None:
    batches = list(chunks(games, workers))
    assert [i for b in batches for i in b] == list(range(games))
    sizes = [len(b) for b in batches]
    assert max(sizes) <= 64 and sizes == sorted(sizes, reverse=True)
    assert sizes[-1] == 1  # the run ends on single games: no worker waits on a long batch


@pytest.mark.parametrize("workers", [1, 2])
def test_a_trillion_game_run_starts_at_once_and_stops_on_ctrl_c(workers: int) -> None:
    config = _random3(seed=2)
    part = run(config, 10**12, workers=workers, chunk_size=1, progress=_interrupt_after(2))
    assert part.interrupted and part.requested == 10**12
    assert 2 <= part.finished <= 2 + IN_FLIGHT * workers
    games = by_game(part.rows)
    assert all(len(g) == 3 for g in games.values())
    # Only the first batches were ever made: the games played are among the first few.
    assert max(games) < 2 + 2 * IN_FLIGHT * workers


def test_a_game_past_the_step_cap_is_an_error_naming_it() -> None:
    config = make_config("quests", ["random"] * 3, options={"turn_limit": 0}, seed=1, max_steps=50)
    with pytest.raises(
        StepLimitError, match=r"game 0 of the run \(seed \d+\) did not end within 50"
    ):
        play_game(config, 0)
    assert make_config("quests", ["random"] * 3).max_steps == DEFAULT_MAX_STEPS
    for bad in (0, -1, True, 1.5):
        with pytest.raises(SimulationError, match="--max-steps"):
            make_config("quests", ["random"] * 3, max_steps=bad)  # type: ignore[arg-type]


def test_worker_counts_are_bounded() -> None:
    with pytest.raises(SimulationError, match=f"from 1 to {MAX_WORKERS}, not 100000"):
        run(_random3(), 3, workers=100_000)
