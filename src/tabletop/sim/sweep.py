"""Sweeps: `tabletop simulate GAME --sweep record.field=1,2,3,4` plays one variant of the
content per value, every variant on the same seeds (common random numbers: game i of each
variant deals from the same seed, so the variants differ by the change and not by luck),
writes each variant's results (`<out>-<value>.parquet`) and one HTML page that plots each
figure (win rate per seat, the team's win rate, game length) against the value with 95%
intervals.
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import re
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from tabletop.engine.patch import Patch, check, combine
from tabletop.sim import results
from tabletop.sim.commands import INTERRUPTED, _check_folder, _execute, _meta, _say
from tabletop.sim.compare import write_page
from tabletop.sim.report import _figure, _page, _png, _table
from tabletop.sim.runner import SeatRow, SimConfig, SimulationError
from tabletop.sim.stats import Z95, wilson
from tabletop.sim.summary import by_game


@dataclasses.dataclass(frozen=True)
class Variant:
    value: str
    config: SimConfig
    path: Path


def parse(text: str) -> tuple[str, list[str]]:
    """`"artifact.spear-of-destiny.amount=1,2,3"` -> the path and the values."""
    path, sep, raw = text.partition("=")
    values = [v.strip() for v in raw.split(",")]
    if not sep or not path.strip() or not all(values) or len(values) < 2:
        raise SimulationError(
            f"--sweep {text!r}: write record.field=value,value,... with at least two values, "
            "e.g. --sweep artifact.spear-of-destiny.amount=1,2,3,4"
        )
    if len(set(values)) != len(values):
        raise SimulationError(f"--sweep {text!r}: a value is given twice")
    return path.strip(), values


def _slug(value: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", value)[:40] or "value"


def variants(config: SimConfig, text: str, out: Path) -> tuple[str, list[Variant]]:
    """One config per value (the run's own patch, if any, then the value), each checked
    against the game's content now, before anything is played."""
    path, values = parse(text)
    out_variants = []
    for value in values:
        change = Patch.from_assignments(config.game, [f"{path}={value}"])
        patch = combine(config.content, change)
        assert patch is not None
        check(patch)
        target = out.with_name(f"{out.stem}-{_slug(value)}{out.suffix}")
        out_variants.append(Variant(value, dataclasses.replace(config, content=patch), target))
    return path, out_variants


def _numeric(values: Sequence[str]) -> list[float] | None:
    try:
        return [float(v) for v in values]
    except ValueError:
        return None


def figures(rows: Sequence[SeatRow]) -> dict[str, Any]:
    """Each figure of one variant with its 95% interval."""
    games = by_game(rows)
    n = len(games)
    players = len(next(iter(games.values()))) if games else 0
    out: dict[str, Any] = {"games": n}
    for seat in range(players):
        wins = sum(1 for g in games.values() if g[seat].win)
        out[f"P{seat + 1} win rate"] = (wins / n, *wilson(wins, n))
    if any(r.team is not None for r in rows):
        wins = sum(1 for g in games.values() if g[0].team == "won")
        out["team win rate"] = (wins / n, *wilson(wins, n))
    turns = [float(g[0].turns) for g in games.values()]
    if turns:
        mean = statistics.fmean(turns)
        half = Z95 * statistics.stdev(turns) / math.sqrt(len(turns)) if len(turns) > 1 else 0.0
        out["game length (turns)"] = (mean, mean - half, mean + half)
    return out


def sweep_html(game: str, path: str, results: Sequence[tuple[str, Sequence[SeatRow]]]) -> str:
    """The sweep's page: one plot per figure against the value, and a table of them all."""
    values = [v for v, _ in results]
    figs = [figures(rows) for _, rows in results]
    xs = _numeric(values)
    positions = xs if xs is not None else list(range(len(values)))
    parts = [f"<h1>{html.escape(game)}: sweep of {html.escape(path)}</h1>"]
    parts.append(
        f'<p class="note">{len(values)} variants of the content, {path} = '
        f"{', '.join(html.escape(v) for v in values)}, each played on the same seeds "
        f"({figs[0]['games']} games each). Bars: 95% intervals (Wilson for rates, normal for "
        "the mean length).</p>"
    )
    rate_keys = [k for k in figs[0] if k.endswith("win rate")]
    fig = _figure()
    ax = fig.add_subplot()
    for key in rate_keys:
        mids = [f[key][0] for f in figs]
        lo = [f[key][0] - f[key][1] for f in figs]
        hi = [f[key][2] - f[key][0] for f in figs]
        ax.errorbar(positions, mids, yerr=[lo, hi], capsize=4, marker="o", label=key)
    ax.set_xlabel(path)
    ax.set_ylabel("win rate")
    ax.legend(fontsize="small")
    ax.set_xticks(positions, values)
    parts.append("<h2>Win rate against the value</h2>")
    parts.append(_png(fig))
    key = "game length (turns)"
    if key in figs[0]:
        fig = _figure()
        ax = fig.add_subplot()
        mids = [f[key][0] for f in figs]
        lo = [f[key][0] - f[key][1] for f in figs]
        hi = [f[key][2] - f[key][0] for f in figs]
        ax.errorbar(positions, mids, yerr=[lo, hi], capsize=4, marker="o", color="#72b7b2")
        ax.set_xlabel(path)
        ax.set_ylabel("mean turns per game")
        ax.set_xticks(positions, values)
        parts.append("<h2>Game length against the value</h2>")
        parts.append(_png(fig))
    keys = [k for k in figs[0] if k != "games"]
    body = [
        [v, f["games"], *(f"{f[k][0]:.3f} [{f[k][1]:.3f}, {f[k][2]:.3f}]" for k in keys)]
        for v, f in zip(values, figs, strict=True)
    ]
    parts.append("<h2>Figures</h2>")
    parts.append(_table([path, "games", *keys], body))
    return _page(f"{game}: sweep of {path}", parts)


def run_sweep(
    config: SimConfig,
    text: str,
    games: int,
    workers: int,
    backend: str,
    out: Path | None,
    as_json: bool,
) -> int:
    """`simulate --sweep`: every variant run and written, then the page of plots."""
    out = out if out is not None else Path(f"sweep-{config.game}.parquet")
    if out.suffix.lower() != ".parquet":
        raise SimulationError(f"--sweep writes Parquet files: name --out X.parquet, not {out}")
    results.require_sim_extra("pyarrow.parquet")
    results.require_sim_extra("matplotlib")
    _check_folder(out)
    path, todo = variants(config, text, out)
    done: list[tuple[str, list[Any]]] = []
    console = Console()
    for v in todo:
        run = _execute(v.config, games, workers, backend, f"{config.game}: {path}={v.value}")
        results.write(v.path, run.rows, _meta("simulate --sweep", v.config, run))
        done.append((v.value, run.rows))
        if run.interrupted:
            break
        if not as_json:
            figs = figures(run.rows)
            line = "; ".join(
                f"{k} {f[0]:.3f} [{f[1]:.3f}, {f[2]:.3f}]" for k, f in figs.items() if k != "games"
            )
            _say(console, f"{path}={v.value}: {line} -> {v.path}")
    page = out.with_suffix(".html")
    write_page(page, sweep_html(config.game, path, done))
    if as_json:
        print(
            json.dumps(
                {
                    "game": config.game,
                    "sweep": path,
                    "report": str(page),
                    "variants": [
                        {"value": v, "file": str(var.path), "figures": figures(rows)}
                        for (v, rows), var in zip(done, todo, strict=False)
                    ],
                },
                indent=2,
            )
        )
    else:
        _say(console, f"wrote {page} (the figures plotted against {path})")
    return INTERRUPTED if len(done) < len(todo) else 0
