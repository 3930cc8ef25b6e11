"""Compare two runs of one game (`tabletop compare A.parquet B.parquet`, `simulate
--baseline A.parquet`): every figure's change from A to B with its 95% interval and a test
of 'no change': win rate per seat (and the team's), game length, card impacts.

Rates are compared with a two-proportion z test, or Fisher's exact test when a cell of the
2x2 table expects fewer than 5; lengths with Welch's t test. Runs on the same seeds (a
content change simulated with the seed of its baseline) differ only by what changed, but
the tests here treat them as independent samples, which errs on the side of caution.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tabletop.sim import cards, results
from tabletop.sim.runner import SeatRow, SimulationError
from tabletop.sim.stats import Test, compare_rates, welch
from tabletop.sim.summary import by_game

SIGNIFICANT = 0.05


def _check(a: Sequence[SeatRow], b: Sequence[SeatRow], a_name: str, b_name: str) -> str:
    for rows, name in ((a, a_name), (b, b_name)):
        if not rows:
            raise SimulationError(f"{name} holds no games: nothing to compare")
    ga, gb = sorted({r.game for r in a}), sorted({r.game for r in b})
    if ga != gb or len(ga) != 1:
        raise SimulationError(
            f"cannot compare runs of different games: {a_name} holds {', '.join(ga)} games "
            f"and {b_name} holds {', '.join(gb)} games; compare two runs of one game"
        )
    sa, sb = {len(g) for g in by_game(a).values()}, {len(g) for g in by_game(b).values()}
    if sa != sb:
        raise SimulationError(
            f"cannot compare {a_name} ({'/'.join(map(str, sorted(sa)))} players) with "
            f"{b_name} ({'/'.join(map(str, sorted(sb)))} players): compare runs with the "
            "same number of players"
        )
    return ga[0]


def _fig(name: str, a: float, b: float, test: Test, n_a: int, n_b: int) -> dict[str, Any]:
    return {
        "figure": name,
        "a": a,
        "b": b,
        "change": test.change,
        "ci95": list(test.ci95),
        "p": test.p,
        "test": test.test,
        "n_a": n_a,
        "n_b": n_b,
    }


def _rate(name: str, k_a: int, n_a: int, k_b: int, n_b: int) -> dict[str, Any]:
    return _fig(
        name,
        k_a / n_a if n_a else 0.0,
        k_b / n_b if n_b else 0.0,
        compare_rates(k_a, n_a, k_b, n_b),
        n_a,
        n_b,
    )


def compare(
    a: Sequence[SeatRow],
    b: Sequence[SeatRow],
    a_meta: dict[str, Any] | None = None,
    b_meta: dict[str, Any] | None = None,
    a_name: str = "A",
    b_name: str = "B",
) -> dict[str, Any]:
    """The comparison of run `a` (the baseline) with run `b`, as JSON-ready data."""
    game = _check(a, b, a_name, b_name)
    ga, gb = by_game(a), by_game(b)
    players = len(next(iter(ga.values())))
    figures = []
    for seat in range(players):
        wa = sum(1 for g in ga.values() if g[seat].win)
        wb = sum(1 for g in gb.values() if g[seat].win)
        figures.append(_rate(f"P{seat + 1} win rate", wa, len(ga), wb, len(gb)))
    if any(r.team is not None for r in a) or any(r.team is not None for r in b):
        # the team's result: a cooperative game's, or the Guardians' final boss beaten
        wa = sum(1 for g in ga.values() if g[0].team == "won")
        wb = sum(1 for g in gb.values() if g[0].team == "won")
        figures.append(_rate("team win rate", wa, len(ga), wb, len(gb)))
    la = sum(1 for g in ga.values() if g[0].limit)
    lb = sum(1 for g in gb.values() if g[0].limit)
    if la or lb:
        figures.append(_rate("games ended at the turn limit", la, len(ga), lb, len(gb)))
    for key, label in (("turns", "game length (turns)"), ("decisions", "answers per game")):
        xa = [float(getattr(g[0], key)) for g in ga.values()]
        xb = [float(getattr(g[0], key)) for g in gb.values()]
        t = welch(xa, xb)
        figures.append(_fig(label, sum(xa) / len(xa), sum(xb) / len(xb), t, len(xa), len(xb)))
    ia = {(x.label, x.card): x for x in cards.impacts(a)}
    ib = {(x.label, x.card): x for x in cards.impacts(b)}
    card_figs = []
    for both in ia.keys() & ib.keys():
        ca, cb = ia[both], ib[both]
        f = _rate(f"{both[0]}: {both[1]}", ca.wins_with, ca.n_with, cb.wins_with, cb.n_with)
        f["label"], f["card"] = both
        card_figs.append(f)
    card_figs.sort(key=lambda f: (f["p"], f["figure"]))
    same = [g[0].seed for g in ga.values()] == [g[0].seed for g in gb.values()]
    return {
        "game": game,
        "a": _run_facts(a_name, ga, a_meta or {}),
        "b": _run_facts(b_name, gb, b_meta or {}),
        "same_seeds": same,
        "figures": figures,
        "cards": card_figs,
    }


def _run_facts(name: str, games: dict[int, list[SeatRow]], meta: dict[str, Any]) -> dict[str, Any]:
    first = next(iter(games.values()))
    return {
        "name": name,
        "content": meta.get("content", "shipped"),
        "patch": meta.get("patch"),
        "games": len(games),
        "agents": first[0].agents,
        "options": first[0].options,
    }


def _ci(ci: Sequence[float], pct: bool) -> str:
    lo, hi = ci
    return f"{lo:+.3f} to {hi:+.3f}" if pct else f"{lo:+.2f} to {hi:+.2f}"


def _val(f: dict[str, Any], key: str) -> str:
    rate = "rate" in f["figure"] or f.get("card") is not None
    return f"{f[key]:.3f}" if rate else f"{f[key]:.2f}"


def print_comparison(
    c: dict[str, Any], console: Console | None = None, cards_shown: int = 15
) -> None:
    console = console or Console()
    a, b = c["a"], c["b"]
    for side in (a, b):
        console.print(
            f"{side['name']}: {c['game']}, content {side['content']}, {side['games']} games, "
            f"agents {side['agents']}",
            highlight=False,
            markup=False,
        )
    if not c["same_seeds"]:
        console.print(
            "note: the runs were not played on the same seeds (give both the same --seed and "
            "--games to compare like with like)",
            highlight=False,
            markup=False,
        )
    for title, rows in (
        ("figures", c["figures"]),
        ("card impact (win rate with the event)", c["cards"][:cards_shown]),
    ):
        if not rows:
            continue
        table = Table(title=escape(f"{title}: {a['name']} -> {b['name']}"))
        for col in ("figure", "A", "B", "change", "95% CI", "p", "test"):
            table.add_column(col, justify="left" if col == "figure" else "right", overflow="fold")
        for f in rows:
            pct = "rate" in f["figure"] or f.get("card") is not None
            mark = " *" if f["p"] < SIGNIFICANT else ""
            table.add_row(
                escape(f["figure"]),
                _val(f, "a"),
                _val(f, "b"),
                (f"{f['change']:+.3f}" if pct else f"{f['change']:+.2f}") + mark,
                _ci(f["ci95"], pct),
                f"{f['p']:.3g}",
                f["test"],
            )
        console.print(table)
    if len(c["cards"]) > cards_shown:
        console.print(
            f"({len(c['cards']) - cards_shown} more card figures in --json and --html)",
            highlight=False,
            markup=False,
        )
    console.print("* p < 0.05", highlight=False, markup=False)


def comparison_html(c: dict[str, Any]) -> str:
    """A self-contained HTML page of the comparison."""
    from tabletop.sim.report import _page, _table

    a, b = c["a"], c["b"]
    title = f"{c['game']}: {a['name']} against {b['name']}"
    parts = [f"<h1>{html.escape(title)}</h1>"]
    parts.append(
        _table(
            ["run", "content", "games", "agents", "options"],
            [(s["name"], s["content"], s["games"], s["agents"], s["options"]) for s in (a, b)],
        )
    )
    for side in (a, b):
        if side.get("patch"):
            parts.append(
                f"<p>{html.escape(side['name'])} played with this patch:</p>"
                f"<pre>{html.escape(str(side['patch']))}</pre>"
            )
    parts.append(
        f'<p class="note">Same seeds: {"yes" if c["same_seeds"] else "no"}. Change = B - A, '
        "with its 95% interval and the p-value of no change (rates: two-proportion z, or "
        "Fisher's exact test for small counts; lengths: Welch's t).</p>"
    )
    head = ["figure", "A", "B", "change", "95% CI", "p", "test", "n A", "n B"]
    for title, rows in (
        ("Figures", c["figures"]),
        ("Card impact: win rate with the event", c["cards"]),
    ):
        parts.append(f"<h2>{title}</h2>")
        parts.append(
            _table(
                head,
                [
                    (
                        f["figure"],
                        f["a"],
                        f["b"],
                        f["change"],
                        tuple(f["ci95"]),
                        f"{f['p']:.3g}",
                        f["test"],
                        f["n_a"],
                        f["n_b"],
                    )
                    for f in rows
                ],
            )
        )
    return _page(f"{c['game']}: comparison", parts)


def compare_cmd(*, a: Path, b: Path, html_out: Path | None, as_json: bool) -> int:
    rows_a, meta_a = results.read(a)
    rows_b, meta_b = results.read(b)
    c = compare(rows_a, rows_b, meta_a, meta_b, str(a), str(b))
    if html_out is not None:
        write_page(html_out, comparison_html(c))
    if as_json:
        print(json.dumps(c, indent=2))
    else:
        print_comparison(c)
    return 0


def write_page(out: Path, page: str) -> None:
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        raise SimulationError(f"cannot write {out}: {e.strerror or e}") from None
