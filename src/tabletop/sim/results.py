"""Results files: one Parquet row per game and seat, readable by DuckDB, pandas, polars.

Columns: `index` (game number in the run), `game`, `version`, `options` (JSON), `seed` (the
game's seed), `agents` (every seat's spec, joined by " | "), `agent`, `seat`, `score`, `win`,
`turns`, `decisions`, `seconds`, `team`, `holdings` (list of strings), `impact` (list of
"<label>|<card name>" strings: what the seat drew, held or played; see `sim.impact`), `limit`
(the game ended at a turn limit), then one `stat_<name>` float column per seat statistic and
one `outcome_<name>` string column per game-level outcome the game reported. The run's
settings (master seed, games asked for, command, content digest and patch text) are stored
as JSON in the file's `tabletop` schema metadata. Files written before `impact` and `limit`
existed read with those empty.

pyarrow comes with the `sim` extra and is imported only when a file is read or written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.sim.runner import SeatRow, SimulationError

FORMAT = 1
STAT_PREFIX = "stat_"
OUTCOME_PREFIX = "outcome_"
META_KEY = b"tabletop"
_BASE = (
    "index",
    "game",
    "version",
    "options",
    "seed",
    "agents",
    "agent",
    "seat",
    "score",
    "win",
    "turns",
    "decisions",
    "seconds",
    "team",
    "holdings",
)
_NEWER = ("impact", "limit")  # columns a file may lack (written by an older tabletop)


def require_sim_extra(module: str) -> Any:
    """Import `module` (pyarrow, duckdb, matplotlib...) or say to install the sim extra."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.partition(".")[0]
        raise SimulationError(
            f"this needs {top}, which is not installed: pip install tabletop[sim]"
        ) from None


def to_table(rows: Sequence[SeatRow], meta: Mapping[str, Any] | None = None) -> Any:
    """A pyarrow Table of `rows` (see the module docstring for its columns)."""
    pa = require_sim_extra("pyarrow")
    stats = sorted({k for r in rows for k in r.seat_stats})
    outcomes = sorted({k for r in rows for k in r.outcomes})
    fields = [
        pa.field("index", pa.int64()),
        pa.field("game", pa.string()),
        pa.field("version", pa.string()),
        pa.field("options", pa.string()),
        pa.field("seed", pa.int64()),
        pa.field("agents", pa.string()),
        pa.field("agent", pa.string()),
        pa.field("seat", pa.int64()),
        pa.field("score", pa.float64()),
        pa.field("win", pa.bool_()),
        pa.field("turns", pa.int64()),
        pa.field("decisions", pa.int64()),
        pa.field("seconds", pa.float64()),
        pa.field("team", pa.string()),
        pa.field("holdings", pa.list_(pa.string())),
        pa.field("impact", pa.list_(pa.string())),
        pa.field("limit", pa.bool_()),
    ]
    columns: list[list[Any]] = [
        [r.index for r in rows],
        [r.game for r in rows],
        [r.version for r in rows],
        [r.options for r in rows],
        [r.seed for r in rows],
        [r.agents for r in rows],
        [r.agent for r in rows],
        [r.seat for r in rows],
        [r.score for r in rows],
        [r.win for r in rows],
        [r.turns for r in rows],
        [r.decisions for r in rows],
        [r.seconds for r in rows],
        [r.team for r in rows],
        [list(r.holdings) for r in rows],
        [list(r.impact) for r in rows],
        [r.limit for r in rows],
    ]
    for key in stats:
        fields.append(pa.field(STAT_PREFIX + key, pa.float64()))
        columns.append([_float_or_none(r.seat_stats.get(key)) for r in rows])
    for key in outcomes:
        fields.append(pa.field(OUTCOME_PREFIX + key, pa.string()))
        columns.append([_str_or_none(r.outcomes.get(key)) for r in rows])
    metadata = {META_KEY: json.dumps({"format": FORMAT, **(meta or {})}).encode()}
    schema = pa.schema(fields, metadata=metadata)
    return pa.Table.from_arrays(
        [pa.array(col, type=f.type) for col, f in zip(columns, fields, strict=True)],
        schema=schema,
    )


def _float_or_none(value: object) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _str_or_none(value: object) -> str | None:
    return None if value is None else str(value)


SUFFIXES = (".parquet", ".csv")


def check_suffix(path: Path) -> None:
    """A results file is `.parquet` or `.csv`; anything else is refused before a run."""
    if Path(path).suffix.lower() not in SUFFIXES:
        raise SimulationError(
            f"cannot tell which format to write {path} in: name it .parquet (Parquet, with "
            "the run's settings; what `tabletop report` reads) or .csv (CSV)"
        )


def csv_columns(rows: Sequence[SeatRow]) -> tuple[list[str], list[list[Any]]]:
    """The header and rows of a CSV results file: the Parquet columns, `holdings` joined by
    " | ", one `stat_`/`outcome_` column each (empty where a seat has none)."""
    stats = sorted({k for r in rows for k in r.seat_stats})
    outcomes = sorted({k for r in rows for k in r.outcomes})
    head = [
        *_BASE,
        *_NEWER,
        *(STAT_PREFIX + k for k in stats),
        *(OUTCOME_PREFIX + k for k in outcomes),
    ]
    body = []
    for r in rows:
        body.append(
            [
                r.index, r.game, r.version, r.options, r.seed, r.agents, r.agent, r.seat,
                r.score, r.win, r.turns, r.decisions, r.seconds, r.team or "",
                " | ".join(r.holdings), " ; ".join(r.impact), r.limit,
                *(_blank(r.seat_stats.get(k)) for k in stats),
                *(_blank(r.outcomes.get(k)) for k in outcomes),
            ]
        )  # fmt: skip
    return head, body


def _blank(value: object) -> object:
    return "" if value is None else value


def _write_csv(path: Path, rows: Sequence[SeatRow]) -> None:
    import csv

    head, body = csv_columns(rows)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(head)
            writer.writerows(body)
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SimulationError(f"cannot write {path}: {e.strerror or e}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write(path: Path, rows: Sequence[SeatRow], meta: Mapping[str, Any] | None = None) -> None:
    """Write `rows` atomically (a crash leaves no half-written file): Parquet for a `.parquet`
    path, CSV for `.csv` (without the run's settings, which only Parquet's metadata holds)."""
    path = Path(path)
    check_suffix(path)
    if path.suffix.lower() == ".csv":
        _write_csv(path, rows)
        return
    pq = require_sim_extra("pyarrow.parquet")
    table = to_table(rows, meta)
    path = Path(path)
    # A temporary name beside the target, created with the usual permissions, then renamed.
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SimulationError(f"cannot write {path}: {e.strerror or e}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def read_table(path: Path) -> Any:
    pq = require_sim_extra("pyarrow.parquet")
    pa = require_sim_extra("pyarrow")
    path = Path(path)
    if not path.is_file():
        raise SimulationError(f"no results file at {path}")
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError) as e:
        raise SimulationError(f"{path} is not a readable Parquet results file: {e}") from None
    missing = [c for c in _BASE if c not in table.column_names]
    if missing:
        raise SimulationError(
            f"{path} is not a tabletop results file: it lacks the column(s) {', '.join(missing)}"
        )
    return table


def read(path: Path) -> tuple[list[SeatRow], dict[str, Any]]:
    """The rows of a results file and the run settings stored with them."""
    table = read_table(path)
    raw = (table.schema.metadata or {}).get(META_KEY)
    meta: dict[str, Any] = {}
    if raw:
        try:
            loaded = json.loads(raw)
        except ValueError:
            loaded = {}
        if isinstance(loaded, dict):
            meta = loaded
    stats = [c for c in table.column_names if c.startswith(STAT_PREFIX)]
    outcomes = [c for c in table.column_names if c.startswith(OUTCOME_PREFIX)]
    rows = []
    for rec in table.to_pylist():
        rows.append(
            SeatRow(
                index=rec["index"],
                game=rec["game"],
                version=rec["version"],
                options=rec["options"],
                seed=rec["seed"],
                agents=rec["agents"],
                agent=rec["agent"],
                seat=rec["seat"],
                score=rec["score"],
                win=rec["win"],
                turns=rec["turns"],
                decisions=rec["decisions"],
                seconds=rec["seconds"],
                team=rec["team"],
                holdings=tuple(rec["holdings"] or ()),
                impact=tuple(rec.get("impact") or ()),
                limit=bool(rec.get("limit") or False),
                seat_stats={c[len(STAT_PREFIX) :]: rec[c] for c in stats if rec[c] is not None},
                outcomes={c[len(OUTCOME_PREFIX) :]: rec[c] for c in outcomes if rec[c] is not None},
            )
        )
    return rows, meta
