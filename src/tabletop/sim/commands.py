"""The `simulate`, `tournament` and `report` commands (called by `tabletop.cli`).

Input is checked before any game is played; bad input raises a `TabletopError` subclass that
the CLI turns into a message and exit status 2, and so does a game that reaches the run's step
cap (`--max-steps`); then nothing is written. A run interrupted by Ctrl-C still prints the
summary of the games that finished (and writes them with --out), says how many finished and
returns 130.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.record import clip
from tabletop.sim import impact, parallel, results
from tabletop.sim.runner import (
    DEFAULT_MAX_STEPS,
    SimConfig,
    SimulationError,
    check_players,
    make_config,
)
from tabletop.sim.summary import limit_warning, standings, summarize

INTERRUPTED = 130


def seat_specs(
    game: str, agents: str | None, agent: list[str] | None, players: int | None
) -> list[str]:
    """Agent specs, one per seat, from `--agents a,b,c` or repeated `--agent SPEC`. With
    neither, every seat (players, else the game's usual number) plays `heuristic`, the
    game's own bot: random agents rarely finish a game, and a report of turn limits helps
    no designer."""
    if agents is not None and agent:
        raise UnknownAgentError("give either --agents or --agent, not both")
    if agent:
        return [a.strip() for a in agent]
    if agents is not None:
        names = [a.strip() for a in agents.split(",")]
        for name in names:
            if not name:
                raise UnknownAgentError(f"empty agent name in --agents {agents!r}")
            if ":" in name or "=" in name:
                raise UnknownAgentError(
                    f"--agents takes plain names; give {name!r} and other specs with settings "
                    "as --agent SPEC, once per seat"
                )
        return names
    if players is None:
        return ["heuristic"] * impact.usual_players(game)
    check_players(game, players)  # before a list of `players` seats is built
    return ["heuristic"] * players


def _check_run(games: int, workers: int, backend: str, out: Path | None) -> None:
    if games < 1:
        raise SimulationError(f"--games must be at least 1, not {games}")
    if not 1 <= workers <= parallel.MAX_WORKERS:
        raise SimulationError(
            f"--workers must be from 1 to {parallel.MAX_WORKERS}, not {clip(str(workers))}"
        )
    if backend not in parallel.BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; the backends are: process, ray")
    if backend == "ray":
        parallel.import_ray()
    if out is not None:
        results.check_suffix(out)
        if out.suffix.lower() == ".parquet":
            results.require_sim_extra("pyarrow.parquet")
        _check_folder(out)


def _check_folder(out: Path) -> None:
    """Fail before a long run, not after it, when its output cannot be written."""
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise SimulationError(f"cannot write {out}: there is no folder {folder}")
    if out.is_dir():
        raise SimulationError(f"cannot write {out}: it is a folder")


def _steps(max_steps: int | None) -> int:
    return DEFAULT_MAX_STEPS if max_steps is None else max_steps


@contextmanager
def _progress(total: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar with the time left on stderr when it is a terminal; elsewhere (a log
    file) a line every `NOTE_EVERY` seconds once a run has gone on that long, with the
    estimated time left, so a long run says when it will end."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield _plain_progress(total, label, console)
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


NOTE_EVERY = 30.0  # seconds between progress lines when stderr is not a terminal


def _plain_progress(total: int, label: str, console: Console) -> Callable[[int], None]:
    start = last = time.monotonic()
    done = 0

    def advance(n: int) -> None:
        nonlocal done, last
        done += n
        now = time.monotonic()
        if now - last < NOTE_EVERY or done >= total:
            return
        last = now
        left = (now - start) / done * (total - done) if done else 0.0
        console.print(
            f"{label}: {done:,} of {total:,} games, about {_duration(left)} left",
            highlight=False,
            markup=False,
        )

    return advance


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"


def _execute(
    config: SimConfig, games: int, workers: int, backend: str, label: str
) -> parallel.RunResult:
    with _progress(games, label) as progress:
        return parallel.run(config, games, workers=workers, backend=backend, progress=progress)


def content_digest(config: SimConfig) -> str:
    """The digest of the run's content patch, or "shipped"."""
    return "shipped" if config.content is None else str(config.content.digest)


def _impact_lines(rows: list[Any]) -> list[str]:
    """One line per event the game declares: its best and worst card, backed by enough
    games, with the difference and its interval (the full tables: `tabletop report`)."""
    from tabletop.sim import cards

    lines = []
    for label, items in cards.by_label(cards.impacts(rows)).items():
        backed = [x for x in items if x.enough]
        if not backed:
            continue

        def say(x: cards.CardImpact) -> str:
            lo, hi = x.ci_diff
            return f"{x.card} {x.diff:+.3f} [{lo:+.3f}, {hi:+.3f}] (n={x.n_with})"

        best, worst = backed[0], backed[-1]
        line = f"{label}: best {say(best)}"
        if worst is not best:
            line += f"; worst {say(worst)}"
        lines.append(line)
    return lines


def _meta(command: str, config: SimConfig, run: parallel.RunResult) -> dict[str, Any]:
    patch = config.content
    return {
        "command": command,
        "game": config.game,
        "content": content_digest(config),
        "content_source": None if patch is None else str(patch.source),
        "patch": None if patch is None else str(patch.text),
        "patch_source": None if patch is None else str(patch.source),
        "impact": config.impact,
        "options": dict(config.options),
        "master_seed": config.seed,
        "requested": run.requested,
        "finished": run.finished,
        "players": config.players,
        "agents": list(config.agents),
        "rotate": config.rotate,
        "max_steps": config.max_steps,
        "workers": run.workers,
        "backend": run.backend,
        "interrupted": run.interrupted,
    }


def _finish(
    command: str, config: SimConfig, run: parallel.RunResult, out: Path | None
) -> tuple[dict[str, Any], int]:
    summary = summarize(
        run.rows,
        players=config.players,
        seed=config.seed,
        options=config.options,
        seconds=run.seconds,
        requested=run.requested,
        interrupted=run.interrupted,
    )
    summary["content"] = "shipped" if config.content is None else config.content.describe()
    summary["card_impact"] = _impact_lines(run.rows) if config.impact else []
    summary["agents"] = list(config.agents)
    summary["max_steps"] = config.max_steps
    if out is not None:
        results.write(out, run.rows, _meta(command, config, run))
    code = 0
    if run.interrupted:
        Console(stderr=True).print(
            f"interrupted: {run.finished} of {_n(run.requested, 'game')} finished"
            + (f" (written to {out})" if out is not None else ""),
            highlight=False,
            markup=False,
        )
        code = INTERRUPTED
    return summary, code


def simulate_cmd(
    *,
    game: str,
    games: int,
    players: int | None,
    agents: str | None,
    agent: list[str] | None,
    seed: int,
    workers: int,
    backend: str,
    options: dict[str, str],
    out: Path | None,
    as_json: bool,
    max_steps: int | None = None,
    impact: bool = True,
    content: Path | None = None,
    baseline: Path | None = None,
    sweep: str | None = None,
) -> int:
    specs = seat_specs(game, agents, agent, players)
    _check_run(games, workers, backend, out)
    patch = None
    if content is not None:
        from tabletop.engine.patch import load_patch

        patch = load_patch(content, game)
    config = make_config(
        game,
        specs,
        players=players,
        options=options,
        seed=seed,
        max_steps=_steps(max_steps),
        impact=impact,
        content=patch,
    )
    if sweep is not None:
        if baseline is not None:
            raise SimulationError("give either --sweep or --baseline, not both")
        from tabletop.sim.sweep import run_sweep

        return run_sweep(config, sweep, games, workers, backend, out, as_json)
    base = _baseline(baseline, game) if baseline is not None else None
    run = _execute(config, games, workers, backend, f"{game}: simulating")
    summary, code = _finish("simulate", config, run, out)
    comparison = None
    if base is not None:
        from tabletop.sim.compare import compare

        comparison = compare(
            base[0], run.rows, base[1], _meta("simulate", config, run), str(baseline), "this run"
        )
    if as_json:
        if comparison is not None:
            summary["comparison"] = comparison
        print(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
        if comparison is not None:
            from tabletop.sim.compare import print_comparison

            print_comparison(comparison)
    return code


def _baseline(path: Path, game: str) -> tuple[list[Any], dict[str, Any]]:
    """The baseline's rows, read before the run so that a bad file fails at once."""
    rows, meta = results.read(path)
    found = sorted({r.game for r in rows})
    if found != [game]:
        raise SimulationError(
            f"--baseline {path} holds {', '.join(found) or 'no'} games, not {game}: compare "
            "runs of one game"
        )
    return rows, meta


def tournament_cmd(
    *,
    game: str,
    agents: str | None,
    agent: list[str] | None,
    games: int,
    seed: int,
    workers: int,
    options: dict[str, str],
    out: Path | None,
    as_json: bool,
    max_steps: int | None = None,
) -> int:
    if agents is None and not agent:
        raise UnknownAgentError("name the agents: --agents a,b,c or --agent SPEC per agent")
    specs = seat_specs(game, agents, agent, None)
    _check_run(games, workers, "process", out)
    config = make_config(
        game, specs, options=options, seed=seed, rotate=True, max_steps=_steps(max_steps)
    )
    run = _execute(config, games, workers, "process", f"{game}: tournament")
    summary, code = _finish("tournament", config, run, out)
    summary["agents"] = list(config.agents)
    summary["standings"] = standings(run.rows)
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        _print_standings(summary)
    return code


def report_cmd(*, results: Path, out: Path) -> int:
    from tabletop.sim import report
    from tabletop.sim import results as results_mod

    results_mod.require_sim_extra("matplotlib")
    _check_folder(out)
    rows, meta = results_mod.read(results)
    page = report.build(rows, meta)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        raise SimulationError(f"cannot write {out}: {e.strerror or e}") from None
    games = len({r.index for r in rows})
    Console().print(
        f"wrote {out} ({_n(games, 'game')}, {_n(len(rows), 'row')})", highlight=False, markup=False
    )
    return 0


# -- tables --------------------------------------------------------------------------------


def _ci(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{lo:.3f}-{hi:.3f}"


def _extra_keys(entries: list[dict[str, Any]], standard: set[str]) -> list[str]:
    keys: list[str] = []
    for e in entries:
        keys.extend(k for k in e if k not in standard and k not in keys)
    return keys


def _say(console: Console, text: str, style: str | None = None) -> None:
    console.print(text, highlight=False, markup=False, style=style)


def print_header(console: Console, s: dict[str, Any]) -> None:
    """The run's content and settings, first, so a result always says what it played."""
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items()) or "defaults"
    _say(console, f"{s['game']} {s['version']}: content {s.get('content', 'shipped')}")
    _say(
        console,
        f"settings: {s['players']} players, agents {', '.join(s.get('agents', []))}; "
        f"seed {s['seed']}; {s['requested']} games; options {opts}"
        + (f"; step cap {s['max_steps']:,}" if "max_steps" in s else ""),
    )


def _print_footer(console: Console, s: dict[str, Any]) -> None:
    if s.get("card_impact"):
        _say(console, "card impact (win rate with minus without, 95% CI; tabletop report has all):")
        for line in s["card_impact"]:
            _say(console, "  " + line)
    warning = limit_warning(s["games"], s.get("limit_games", 0))
    if warning:
        _say(console, warning, "bold yellow")
    test = s.get("seat_test")
    if test is not None:
        _say(
            console,
            f"seat advantage: chi-square {test['chi2']:.2f} on {test['df']} df, p = "
            f"{test['p']:.3g}"
            + (" (the seats differ)" if test["p"] < 0.05 else " (no evidence the seats differ)")
            + f"; about {test['games_for_2_points']:,} games would show a seat winning "
            "2 points more often",
        )
    console.print(
        f"{_n(s['games'], 'game')} ({s['requested']} asked), {s['draws']} without a winner; "
        f"turns mean {s['turns_mean']:.1f}, median {s['turns_median']:g}; "
        f"{s['decisions']} decisions, {s['decisions_per_s']:.0f}/s; "
        f"{s['games_per_s']:.2f} games/s",
        highlight=False,
        markup=False,
    )
    for key, counts in s["outcomes"].items():
        console.print(
            f"{key}: " + ", ".join(f"{v} {n}" for v, n in counts.items()),
            highlight=False,
            markup=False,
        )
    if s["team"]:
        rates = s.get("team_rates", {})
        console.print(
            "team: "
            + ", ".join(
                f"{v} {n}"
                + (f" ({rates[v]['rate']:.3f}, 95% CI {_ci(rates[v])})" if v in rates else "")
                for v, n in s["team"].items()
            ),
            highlight=False,
            markup=False,
        )


_SEAT_KEYS = {
    "seat",
    "name",
    "agent",
    "games",
    "wins",
    "win_rate",
    "ci95",
    "score_mean",
    "score_median",
}


def _print_summary(s: dict[str, Any]) -> None:
    console = Console()
    print_header(console, s)
    table = Table(title=escape(f"{s['game']}: win rate per seat"))
    for col in ("seat", "agent", "wins", "win rate", "95% CI", "mean score", "median score"):
        table.add_column(col, justify="left" if col == "agent" else "right", overflow="fold")
    extra = _extra_keys(s["seats"], _SEAT_KEYS)
    for key in extra:
        table.add_column(key, justify="right")
    for e in s["seats"]:
        table.add_row(
            f"P{int(e['seat']) + 1}",
            escape(e["agent"] or "(varies)"),
            str(e["wins"]),
            f"{e['win_rate']:.3f}",
            _ci(e),
            f"{e['score_mean']:.2f}",
            f"{e['score_median']:g}",
            *(f"{e.get(k, 0.0):.2f}" for k in extra),
        )
    console.print(table)
    _print_footer(console, s)


def _print_standings(s: dict[str, Any]) -> None:
    console = Console()
    print_header(console, s)
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items())
    table = Table(
        title=escape(
            f"{s['game']} tournament, {s['players']} seats rotated, seed {s['seed']} ({opts})"
        )
    )
    for col in ("rank", "agent", "games", "wins", "win rate", "95% CI", "mean score"):
        table.add_column(col, justify="left" if col == "agent" else "right", overflow="fold")
    extra = _extra_keys(s["standings"], _SEAT_KEYS)
    for key in extra:
        table.add_column(key, justify="right")
    for rank, e in enumerate(s["standings"], 1):
        table.add_row(
            str(rank),
            escape(e["agent"]),
            str(e["games"]),
            str(e["wins"]),
            f"{e['win_rate']:.3f}",
            _ci(e),
            f"{e['score_mean']:.2f}",
            *(f"{e.get(k, 0.0):.2f}" for k in extra),
        )
    console.print(table)
    _print_footer(console, s)
