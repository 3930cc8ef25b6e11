"""One self-contained HTML page from a results file: win rates per agent with 95% intervals,
game lengths, scores, game-level outcomes and, where the game reports what each seat held at
the end, the win-rate lift of each item. Plots are PNG images drawn with matplotlib's Agg
renderer and inlined as base64, so the page is a single file that opens anywhere.

Nothing here knows any game: it reads only the generic columns of the results file.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import io
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.sim import cards
from tabletop.sim.results import require_sim_extra
from tabletop.sim.runner import SeatRow
from tabletop.sim.stats import seat_advantage
from tabletop.sim.summary import by_game, limit_warning, standings, wilson

# An item's lift is flagged as backed by enough data when this many seat-games held it.
MIN_SAMPLES = 30


@dataclass(frozen=True)
class Lift:
    """Win rate of the seats that held `item` at the end, against every seat's win rate."""

    item: str
    seats: int  # seat-games (one seat in one game) that held the item
    games: int  # distinct games behind them
    wins: int
    rate: float
    ci95: tuple[float, float]
    lift: float  # rate minus the overall win rate of a seat
    # rate minus the win rate expected of seats holding as many items (holding more items
    # often wins by itself; this separates the item from the count)
    lift_same_count: float
    enough: bool  # seats >= MIN_SAMPLES


def lifts(rows: Sequence[SeatRow], min_samples: int = MIN_SAMPLES) -> list[Lift]:
    """Lift of every item held by some seat at game end; best-backed figures first."""
    if not rows:
        return []
    base = sum(r.win for r in rows) / len(rows)
    held: dict[str, list[SeatRow]] = defaultdict(list)
    by_count: dict[int, list[bool]] = defaultdict(list)
    for row in rows:
        by_count[len(set(row.holdings))].append(row.win)
        for item in set(row.holdings):
            held[item].append(row)
    rate_at = {k: sum(wins) / len(wins) for k, wins in by_count.items()}
    out = []
    for item, item_rows in held.items():
        n = len(item_rows)
        wins = sum(r.win for r in item_rows)
        rate = wins / n
        expected = sum(rate_at[len(set(r.holdings))] for r in item_rows) / n
        out.append(
            Lift(
                item=item,
                seats=n,
                games=len({r.index for r in item_rows}),
                wins=wins,
                rate=rate,
                ci95=wilson(wins, n),
                lift=rate - base,
                lift_same_count=rate - expected,
                enough=n >= min_samples,
            )
        )
    out.sort(key=lambda x: (not x.enough, -x.lift, x.item))
    return out


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _figure(width: float = 7.0, height: float = 3.6) -> Any:
    # A bare Figure renders with the Agg canvas and never touches pyplot's global state.
    figure_mod = require_sim_extra("matplotlib.figure")
    return figure_mod.Figure(figsize=(width, height))


def _table(head: Sequence[str], body: Sequence[Sequence[object]], cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    trs = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_fmt(c))}</td>" for c in row) + "</tr>" for row in body
    )
    return f"<table{attr}><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>"


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, tuple | list) and len(value) == 2:
        return f"[{_fmt(value[0])}, {_fmt(value[1])}]"
    return "" if value is None else str(value)


def _win_rate_plot(entries: list[dict[str, Any]]) -> str:
    fig = _figure(7.0, 0.6 + 0.45 * max(1, len(entries)))
    ax = fig.add_subplot()
    names = [e["agent"] for e in entries][::-1]
    rates = [e["win_rate"] for e in entries][::-1]
    lo = [max(0.0, e["win_rate"] - e["ci95"][0]) for e in entries][::-1]
    hi = [max(0.0, e["ci95"][1] - e["win_rate"]) for e in entries][::-1]
    ax.barh(range(len(names)), rates, xerr=[lo, hi], capsize=4, color="#4c78a8")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (bars: 95% Wilson interval)")
    return _png(fig)


def _turns_plot(turns: list[int]) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    lo, hi = min(turns), max(turns)
    bins: Any = range(lo, hi + 2) if hi - lo <= 60 else 40
    ax.hist(turns, bins=bins, color="#72b7b2", edgecolor="white")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    return _png(fig)


def _score_plot(rows: Sequence[SeatRow], agents: list[str]) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    scores = [r.score for r in rows]
    lo, hi = min(scores), max(scores)
    integral = all(float(s).is_integer() for s in scores)
    bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)] if integral and hi - lo <= 60 else 30
    for agent in agents:
        ax.hist(
            [r.score for r in rows if r.agent == agent],
            bins=bins,
            histtype="step",
            linewidth=1.8,
            label=agent,
        )
    ax.set_xlabel("final score")
    ax.set_ylabel("seat-games")
    ax.legend(fontsize="small")
    return _png(fig)


def _lift_plot(items: list[Lift]) -> str:
    fig = _figure(7.0, 0.6 + 0.32 * len(items))
    ax = fig.add_subplot()
    items = items[::-1]
    values = [x.lift for x in items]
    lo = [max(0.0, x.rate - x.ci95[0]) for x in items]
    hi = [max(0.0, x.ci95[1] - x.rate) for x in items]
    colors = ["#54a24b" if v >= 0 else "#e45756" for v in values]
    ax.barh(range(len(items)), values, xerr=[lo, hi], capsize=3, color=colors)
    ax.set_yticks(range(len(items)), [f"{x.item} (n={x.seats})" for x in items])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate of holders minus overall win rate (bars: 95% interval)")
    return _png(fig)


_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.8em 0}td,th{padding:.2em .7em;text-align:right}
th{border-bottom:1px solid #888}td:first-child,th:first-child{text-align:left}
tr.few td{color:#999}.note{color:#555;font-size:.9em}img{max-width:100%}
.warn{color:#8a4b00;background:#fff4e0;padding:.5em;border-left:4px solid #e8a33d}
pre{background:#f6f6f6;padding:.5em}
"""


def build(
    rows: Sequence[SeatRow],
    meta: dict[str, Any] | None = None,
    title: str = "",
    min_samples: int = MIN_SAMPLES,
) -> str:
    """The HTML page for `rows` (one per game and seat). Item lifts from fewer than
    `min_samples` seat-games are greyed out and left out of the lift plot."""
    meta = meta or {}
    games = by_game(rows)
    parts: list[str] = []
    game_ids = sorted({r.game for r in rows})
    versions = sorted({r.version for r in rows})
    heading = title or f"tabletop results: {', '.join(game_ids) or 'no games'}"
    parts.append(f"<h1>{html.escape(heading)}</h1>")
    facts: list[tuple[str, object]] = [
        ("content", str(meta.get("content", "shipped"))),
        ("game", ", ".join(game_ids)),
        ("version", ", ".join(versions)),
        ("games", len(games)),
        ("seats per game", ", ".join(str(n) for n in sorted({len(g) for g in games.values()}))),
        ("agents", ", ".join(sorted({r.agent for r in rows}))),
        ("options", ", ".join(sorted({r.options for r in rows}))),
    ]
    skip = {"content", "patch", "game"}
    facts += [
        (k, v)
        for k, v in sorted(meta.items())
        if isinstance(v, str | int | float) and k not in skip
    ]
    parts.append(_table(["run", ""], facts))
    if meta.get("patch"):
        source = html.escape(str(meta.get("patch_source") or ""))
        parts.append(
            f'<p class="note">Played with this content patch ({source}):</p>'
            f"<pre>{html.escape(str(meta['patch']))}</pre>"
        )
    warning = limit_warning(len(games), sum(1 for g in games.values() if g[0].limit))
    if warning:
        parts.append(f'<p class="warn">{html.escape(warning)}</p>')
    if not rows:
        parts.append("<p>The results file holds no games.</p>")
        return _page(heading, parts)

    entries = standings(rows)
    parts.append("<h2>Win rate per agent</h2>")
    parts.append(_win_rate_plot(entries))
    parts.append(
        _table(
            ["agent", "seat-games", "wins", "win rate", "95% CI", "mean score"],
            [
                (e["agent"], e["games"], e["wins"], e["win_rate"], e["ci95"], e["score_mean"])
                for e in entries
            ],
        )
    )
    seat_rows: dict[int, list[SeatRow]] = defaultdict(list)
    for r in rows:
        seat_rows[r.seat].append(r)
    seat_body = []
    for seat in sorted(seat_rows):
        n = len(seat_rows[seat])
        wins = sum(r.win for r in seat_rows[seat])
        seat_body.append((f"P{seat + 1}", n, wins, wins / n, wilson(wins, n)))
    draws = sum(1 for g in games.values() if not any(r.win for r in g))
    parts.append("<p>By seat (seat advantage):</p>")
    parts.append(_table(["seat", "games", "wins", "win rate", "95% CI"], seat_body))
    test = seat_advantage([int(b[2]) for b in seat_body], len(games))
    if test is not None:
        parts.append(
            f'<p class="note">Chi-square test that every seat wins equally often: '
            f"{test.chi2:.2f} on {test.df} degrees of freedom, p = {test.p:.3g}. About "
            f"{test.games_for_edge:,} games would show a seat winning 2 points more often "
            "than its fair share (5% two-sided test, 80% power).</p>"
        )
    parts.append(f"<p>Games without a winner: {draws} of {len(games)}.</p>")

    turns = [g[0].turns for g in games.values()]
    parts.append("<h2>Game length</h2>")
    parts.append(_turns_plot(turns))
    parts.append(
        f'<p class="note">turns: mean {statistics.fmean(turns):.1f}, median '
        f"{statistics.median(turns):g}, min {min(turns)}, max {max(turns)}</p>"
    )

    parts.append("<h2>Scores</h2>")
    parts.append(_score_plot(rows, [e["agent"] for e in entries]))

    outcome_counts: dict[str, Counter[str]] = defaultdict(Counter)
    for g in games.values():
        for key, value in g[0].outcomes.items():
            outcome_counts[key][value] += 1
        if g[0].team is not None:
            outcome_counts["team"][g[0].team] += 1
    if outcome_counts:
        parts.append("<h2>Outcomes</h2>")
        body = [
            (key, value, count, count / len(games))
            for key in sorted(outcome_counts)
            for value, count in sorted(outcome_counts[key].items())
        ]
        parts.append(_table(["outcome", "value", "games", "share"], body))

    stat_keys = sorted({k for r in rows for k in r.seat_stats})
    if stat_keys:
        parts.append("<h2>Seat statistics (mean per agent)</h2>")
        body2: list[list[object]] = []
        for e in entries:
            agent_rows = [r for r in rows if r.agent == e["agent"]]
            line: list[object] = [e["agent"]]
            for k in stat_keys:
                vals = [r.seat_stats[k] for r in agent_rows if k in r.seat_stats]
                line.append(statistics.fmean(vals) if vals else None)
            body2.append(line)
        parts.append(_table(["agent", *stat_keys], body2))

    parts.extend(card_impact_html(rows))

    names = _names(game_ids)
    items = [dataclasses.replace(x, item=_rename(x.item, names)) for x in lifts(rows, min_samples)]
    parts.append("<h2>Win-rate lift by item held at game end</h2>")
    if not items:
        parts.append("<p>These rows carry no holdings.</p>")
    else:
        base = sum(r.win for r in rows) / len(rows)
        backed = [x for x in items if x.enough]
        parts.append(
            f'<p class="note">Overall win rate of a seat: {base:.3f}. Lift = win rate of the '
            f"seats holding the item at the end minus that; the lift at equal count compares "
            f"them with seats that held as many items. Figures from fewer than "
            f"{min_samples} seat-games are greyed out and left out of the plot. Holding an item "
            f"and winning go together; this shows association, not cause.</p>"
        )
        if backed:
            parts.append(_lift_plot(backed))
        parts.append(
            '<table class="lift"><thead><tr><th>item</th><th>seat-games</th><th>games</th>'
            "<th>wins</th><th>win rate</th><th>95% CI</th><th>lift</th><th>lift at equal count</th>"
            "<th>enough data</th>"
            "</tr></thead><tbody>"
            + "".join(
                f"<tr{'' if x.enough else ' class=few'}><td>{html.escape(x.item)}</td>"
                f"<td>{x.seats}</td><td>{x.games}</td><td>{x.wins}</td><td>{x.rate:.3f}</td>"
                f"<td>{html.escape(_fmt(x.ci95))}</td><td>{x.lift:+.3f}</td>"
                f"<td>{x.lift_same_count:+.3f}</td>"
                f"<td>{'yes' if x.enough else 'no'}</td></tr>"
                for x in items
            )
            + "</tbody></table>"
        )
    return _page(heading, parts)


def _names(game_ids: Sequence[str]) -> dict[str, str]:
    """Card slug -> name for the games of a results file (from each game's shipped layout),
    so that what a seat held reads as names; empty where a game cannot say."""
    from tabletop.engine import registry
    from tabletop.engine.errors import TabletopError

    out: dict[str, str] = {}
    for game in game_ids:
        try:
            spec = registry.get(game)
            zones: Any = getattr(
                registry.new_game(game, spec.min_players, 0, log=False), "zones", None
            )
        except TabletopError:
            continue
        if zones is not None:
            out.update(zip(zones.layout.slugs, zones.layout.names, strict=True))
    return out


def _rename(item: str, names: dict[str, str]) -> str:
    """`canoe` -> `Canoe`, `super:fireball-1` -> `super: Fireball #1`."""
    kind, sep, slug = item.rpartition(":")
    name = names.get(slug)
    if name is None:
        return item
    return f"{kind}: {name}" if sep else name


def card_impact_html(rows: Sequence[SeatRow]) -> list[str]:
    """The card impact section: one table per event the game declares."""
    found = cards.impacts(rows)
    parts = ["<h2>Card impact</h2>"]
    if not found:
        parts.append(
            "<p>These rows carry no card events (run <code>tabletop simulate</code> with "
            "card impact on, the default, to record them).</p>"
        )
        return parts
    team = cards.cooperative(rows)
    unit = "games (the team)" if team else "seats"
    parts.append(
        f'<p class="note">Per card, the win rate of the {"team" if team else "seat"} when '
        f"the event happened to it against when it did not, each with its 95% Wilson "
        f"interval and the number of {unit} behind it; the difference with its 95% "
        f"(Newcombe) interval; ranked by the difference. Figures from fewer than "
        f"{cards.MIN_UNITS} {unit} on either side are greyed out. Association, not cause: a "
        f"card a winning seat tends to reach anyway looks good.</p>"
    )
    for label, items in cards.by_label(found).items():
        parts.append(f"<h3>{html.escape(label)}</h3>")
        backed = [x for x in items if x.enough]
        if backed:
            parts.append(_impact_plot(backed[:12] + backed[12:][-12:]))
        head = ["card", "with", "win rate", "95% CI", "without", "win rate", "95% CI"]
        head += ["difference", "95% CI", "games"]
        body = "".join(
            f"<tr{'' if x.enough else ' class=few'}><td>{html.escape(x.card)}</td>"
            f"<td>{x.n_with}</td><td>{x.rate_with:.3f}</td><td>{_fmt(x.ci_with)}</td>"
            f"<td>{x.n_without}</td><td>{x.rate_without:.3f}</td><td>{_fmt(x.ci_without)}</td>"
            f"<td>{x.diff:+.3f}</td><td>{_fmt(x.ci_diff)}</td><td>{x.games}</td></tr>"
            for x in items
        )
        th = "".join(f"<th>{h}</th>" for h in head)
        parts.append(
            f'<table class="impact"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'
        )
    return parts


def _impact_plot(items: list[cards.CardImpact]) -> str:
    fig = _figure(7.0, 0.6 + 0.3 * len(items))
    ax = fig.add_subplot()
    items = items[::-1]
    lo = [max(0.0, x.diff - x.ci_diff[0]) for x in items]
    hi = [max(0.0, x.ci_diff[1] - x.diff) for x in items]
    colors = ["#54a24b" if x.diff >= 0 else "#e45756" for x in items]
    ax.barh(range(len(items)), [x.diff for x in items], xerr=[lo, hi], capsize=3, color=colors)
    ax.set_yticks(range(len(items)), [f"{x.card} (n={x.n_with})" for x in items])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate with minus without (bars: 95% interval)")
    return _png(fig)


def _page(title: str, parts: list[str]) -> str:
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>"
        f"<body>\n{body}\n</body></html>\n"
    )
