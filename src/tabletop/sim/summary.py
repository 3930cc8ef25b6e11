"""Figures from result rows: per-seat and per-agent win rates with Wilson 95% intervals,
scores, game lengths, throughput, game-level outcomes. Game-agnostic: whatever numeric
`seat_stats` and `outcomes` a game reports are averaged and counted by name."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.sim.runner import SeatRow
from tabletop.sim.stats import Z95, seat_advantage, wilson

__all__ = ["Z95", "by_game", "limit_warning", "standings", "summarize", "wilson"]

# More than this share of games ending at a turn limit makes a run's figures suspect.
LIMIT_WARN = 0.05
# Keys of a seat or standing entry; a game stat with one of these names gets a `stat_` prefix.
_RESERVED = frozenset(
    {"seat", "name", "agent", "games", "wins", "win_rate", "ci95", "score_mean", "score_median"}
)


def by_game(rows: Iterable[SeatRow]) -> dict[int, list[SeatRow]]:
    """Rows grouped by game index, in game order, each game's rows in seat order."""
    games: dict[int, list[SeatRow]] = defaultdict(list)
    for row in rows:
        games[row.index].append(row)
    return {i: sorted(games[i], key=lambda r: r.seat) for i in sorted(games)}


def _stat_means(rows: Sequence[SeatRow]) -> dict[str, float]:
    values: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for key, value in row.seat_stats.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                values[key].append(float(value))
    out = {}
    for key in sorted(values):
        out[f"stat_{key}" if key in _RESERVED else key] = statistics.fmean(values[key])
    return out


def _entry(rows: Sequence[SeatRow]) -> dict[str, Any]:
    n = len(rows)
    wins = sum(1 for r in rows if r.win)
    scores = [r.score for r in rows]
    lo, hi = wilson(wins, n)
    return {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "ci95": [lo, hi],
        "score_mean": statistics.fmean(scores) if scores else 0.0,
        "score_median": statistics.median(scores) if scores else 0.0,
        **_stat_means(rows),
    }


def summarize(
    rows: Sequence[SeatRow],
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    seconds: float,
    requested: int | None = None,
    interrupted: bool = False,
) -> dict[str, Any]:
    """The JSON summary of a run (see `tabletop simulate --json`)."""
    games = by_game(rows)
    first = next(iter(games.values()), [])
    seats = []
    for seat in range(players):
        seat_rows = [g[seat] for g in games.values() if seat < len(g)]
        specs = {r.agent for r in seat_rows}
        entry: dict[str, Any] = {
            "seat": seat,  # from 0, as in the results file; `name` is what people read
            "name": f"P{seat + 1}",
            "agent": specs.pop() if len(specs) == 1 else None,
        }
        entry.update(_entry(seat_rows))
        seats.append(entry)
    turns = [g[0].turns for g in games.values()]
    decisions = sum(g[0].decisions for g in games.values())
    outcomes: dict[str, Counter[str]] = defaultdict(Counter)
    teams: Counter[str] = Counter()
    for g in games.values():
        for key, value in g[0].outcomes.items():
            outcomes[key][str(value)] += 1
        if g[0].team is not None:
            teams[g[0].team] += 1
    n = len(games)
    limited = sum(1 for g in games.values() if g[0].limit)
    test = seat_advantage([int(e["wins"] or 0) for e in seats], n)
    return {
        "game": first[0].game if first else None,
        "version": first[0].version if first else None,
        "games": n,
        "requested": n if requested is None else requested,
        "interrupted": interrupted,
        "players": players,
        "seed": seed,
        "options": dict(options),
        "seats": seats,
        "draws": sum(1 for g in games.values() if not any(r.win for r in g)),
        "turns_mean": statistics.fmean(turns) if turns else 0.0,
        "turns_median": statistics.median(turns) if turns else 0.0,
        "decisions": decisions,
        "seconds": seconds,
        "decisions_per_s": decisions / seconds if seconds > 0 else 0.0,
        "games_per_s": n / seconds if seconds > 0 else 0.0,
        "limit_games": limited,
        # chi-square test that every seat wins equally often (None: fewer than two seats, or
        # no wins), and the games a test would need to see one seat win 2 points more often
        "seat_test": None
        if test is None
        else {
            "chi2": test.chi2,
            "df": test.df,
            "p": test.p,
            "games_for_2_points": test.games_for_edge,
        },
        "outcomes": {k: dict(sorted(c.items())) for k, c in sorted(outcomes.items())},
        "team": dict(sorted(teams.items())),
        # a cooperative game's team results: each outcome's rate with its 95% interval
        "team_rates": {
            t: {"rate": k / n, "ci95": list(wilson(k, n))} for t, k in sorted(teams.items())
        }
        if n
        else {},
    }


def limit_warning(games: int, limited: int, max_steps: int | None = None) -> str | None:
    """The warning a run deserves when more than 5% of its games ended at a turn limit."""
    if games <= 0 or limited / games <= LIMIT_WARN:
        return None
    return (
        f"warning: {limited} of {games} games ({limited / games:.0%}) ended at the turn limit, "
        "not by the game's own end: win rates and lengths describe the limit more than the "
        "game. Use stronger agents (the default is the game's heuristic bot) or a higher limit."
    )


def standings(rows: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """One entry per agent spec over every seat it played, best win rate first."""
    per_agent: dict[str, list[SeatRow]] = defaultdict(list)
    for row in rows:
        per_agent[row.agent].append(row)
    out = [{"agent": agent, **_entry(agent_rows)} for agent, agent_rows in per_agent.items()]
    out.sort(key=lambda e: (-e["win_rate"], -e["score_mean"], e["agent"]))
    return out
