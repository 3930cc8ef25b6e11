"""Issue 26's battery: one search seat among heuristic bots against an all-heuristic table, in
every game, on the same deals.

Game i of a game is played twice from the same seed: once with every seat the game's
heuristic bot, once with seat P1 the search agent (`--spec`, by default `ismcts`: 0.2 s a
decision) and the other seats the very same heuristic bots (same seeds). So the two results of
one deal are paired, and the difference between them is measured deal by deal.

- Quests, 3 players: P1's win share (a shared win counts 1/k); par is 1/3.
- Guardians, 3 players: the party's win (the Red Boss beaten), P1's points, and P1's points
  against the mean of the two other seats of the same game.
- Librarians (C-1, standard, 2 heroes) and Castle (Exploration, 4 Agents): the team's win.

Each rate is printed with its 95% Wilson interval; each paired difference with its 95%
interval (normal, from the spread of the per-deal differences), whose half-width is the
smallest difference the run could tell from none. Run from the repository root:

    .venv/bin/python bench/search_vs_rules.py --games 200 --workers 8
    .venv/bin/python bench/search_vs_rules.py --only quests --games 40 --spec ismcts:iterations=300

Never asserts; prints a table. With `--json PATH` every deal's figures are appended to PATH as
it ends (JSON lines), so a long battery can run in pieces (`--start`) and be reported at once
with `--report PATH ...`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path

from tabletop.agents import make_agent
from tabletop.agents.ismcts import IsmctsAgent
from tabletop.engine import new_game
from tabletop.engine.decision import PARALLEL
from tabletop.engine.rng import derive_seed

SEED = 26
MAX_ANSWERS = 50_000  # a game longer than this is stopped and counted as lost
SEARCH_SEAT = 0


@dataclass(frozen=True)
class Case:
    players: int
    options: dict[str, str] = field(default_factory=dict)
    label: str = ""


CASES = {
    "quests": Case(3, {}, "Quests, 3 players"),
    "guardians": Case(3, {}, "Guardians, 3 players"),
    "librarians": Case(2, {"adventure": "C-1", "difficulty": "standard"}, "Librarians C-1, 2"),
    "castle": Case(4, {"mode": "exploration"}, "Castle Exploration, 4 Agents"),
}


@dataclass
class Deal:
    game: str
    index: int
    search: bool
    share: float  # P1's share of the win (a team win: 1 to every winner)
    team: float  # 1 if the party/team won (co-op and Guardians), else 0
    score: float  # P1's points
    others: float  # the mean points of the other seats
    decisions: int  # P1's searched decisions (more than one option)
    seconds: float  # P1's thinking time over those decisions
    iterations: int = 0  # P1's search iterations over those decisions


def play(task: tuple[str, int, bool, str, int]) -> Deal:
    game, index, search, spec, seed = task
    case = CASES[game]
    deal_seed = derive_seed(seed, index)
    state = new_game(game, case.players, deal_seed, case.options, log=False)
    agents = [make_agent("heuristic", game, derive_seed(deal_seed, p)) for p in range(case.players)]
    if search:
        agents[SEARCH_SEAT] = make_agent(spec, game, derive_seed(deal_seed, 100))
    decisions = 0
    seconds = 0.0
    iterations = 0
    answers = 0
    while not state.is_over and answers < MAX_ANSWERS:
        d = state.pending
        assert d is not None
        parallel = d.mode == PARALLEL
        for p in state.to_move():
            if parallel and p not in state.to_move():
                continue
            agent = agents[p]
            start = time.process_time()
            choice = agent.choose(state, p)
            if p == SEARCH_SEAT and len(d.options_for(p)) > 1:
                decisions += 1
                seconds += time.process_time() - start
                iterations += getattr(agent, "last_iterations", 0)
            state.apply(p, choice)
            answers += 1
            if state.is_over:
                break
    result = state.result
    n = case.players
    if result is None:
        return Deal(game, index, search, 0.0, 0.0, 0.0, 0.0, decisions, seconds)
    winners = result.winners
    share = (1.0 / len(winners) if result.team is None else 1.0) if SEARCH_SEAT in winners else 0.0
    team = 1.0 if result.team == "won" else 0.0
    scores = result.scores
    others = sum(scores[p] for p in range(n) if p != SEARCH_SEAT) / max(n - 1, 1)
    score = scores[SEARCH_SEAT]
    return Deal(game, index, search, share, team, score, others, decisions, seconds, iterations)


# -- statistics -------------------------------------------------------------------------------


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired(diffs: list[float], z: float = 1.96) -> tuple[float, float]:
    """Mean of the per-deal differences and the half-width of its 95% interval."""
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0), math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, z * math.sqrt(var / n)


def rate(values: list[float]) -> str:
    n = len(values)
    k = sum(values)
    low, high = wilson(k, n)
    return f"{k:g}/{n} = {k / n:.0%} [{low:.0%}-{high:.0%}]" if n else "-"


def diff(a: list[float], b: list[float], unit: str = "%") -> str:
    mean, half = paired([x - y for x, y in zip(a, b, strict=True)])
    if unit == "%":
        return f"{mean:+.0%} ± {half:.0%}"
    return f"{mean:+.2f} ± {half:.2f}"


def report(game: str, deals: list[Deal]) -> list[str]:
    by = {(d.index, d.search): d for d in deals}
    idx = sorted(i for i, s in by if s and (i, False) in by)
    srch = [by[i, True] for i in idx]
    heur = [by[i, False] for i in idx]
    thought = sum(d.seconds for d in srch)
    decided = sum(d.decisions for d in srch)
    its = sum(d.iterations for d in srch)
    per = (
        f"{thought / decided:.2f} CPU-s and {its / decided:.0f} iterations a decision "
        f"({decided} decisions)"
        if decided
        else ""
    )
    lines = [f"== {CASES[game].label}: {len(idx)} paired deals; search seat P1, {per}"]
    if game == "quests":
        lines.append(
            f"P1 wins: search {rate([d.share for d in srch])}, heuristic "
            f"{rate([d.share for d in heur])}; paired difference "
            f"{diff([d.share for d in srch], [d.share for d in heur])}"
        )
    else:
        lines.append(
            f"team wins: search {rate([d.team for d in srch])}, heuristic "
            f"{rate([d.team for d in heur])}; paired difference "
            f"{diff([d.team for d in srch], [d.team for d in heur])}"
        )
    if game == "guardians":
        s_score = [d.score for d in srch]
        h_score = [d.score for d in heur]
        lines.append(
            f"P1 points: search {sum(s_score) / len(idx):.2f}, heuristic "
            f"{sum(h_score) / len(idx):.2f}; paired difference {diff(s_score, h_score, 'pt')}"
        )
        lines.append(
            f"P1 minus the other seats' mean, same game: search "
            f"{diff(s_score, [d.others for d in srch], 'pt')}, heuristic "
            f"{diff(h_score, [d.others for d in heur], 'pt')}"
        )
        lines.append(
            f"P1 wins (party won and P1 top): search {rate([d.share for d in srch])}, "
            f"heuristic {rate([d.share for d in heur])}"
        )
    return lines


def tasks(games: list[str], start: int, count: int, spec: str, seed: int) -> Iterator[tuple]:  # type: ignore[type-arg]
    for game in games:
        for i in range(start, start + count):
            yield (game, i, True, spec, seed)
            yield (game, i, False, spec, seed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="deals per game (each played twice)")
    ap.add_argument("--workers", type=int, default=1, help="processes")
    ap.add_argument("--spec", default="ismcts", help="the search seat's agent spec")
    ap.add_argument("--only", default="", help="comma-separated games (default: all four)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--start", type=int, default=0, help="the first deal's index")
    ap.add_argument("--json", type=Path, default=None, help="append every deal here (JSON lines)")
    ap.add_argument(
        "--report", type=Path, nargs="*", default=None, help="only report these JSON-lines files"
    )
    args = ap.parse_args(argv)
    if args.report is not None:
        deals = [
            Deal(**json.loads(line))
            for path in args.report
            for line in path.read_text().splitlines()
            if line.strip()
        ]
        for g in CASES:
            if any(d.game == g for d in deals):
                print("\n".join(report(g, [d for d in deals if d.game == g])))
        return 0
    games = [g for g in args.only.split(",") if g] or list(CASES)
    for g in games:
        if g not in CASES:
            print(f"unknown game {g!r}; the games are: {', '.join(CASES)}", file=sys.stderr)
            return 2
    probe = make_agent(args.spec, games[0], 0)
    if isinstance(probe, IsmctsAgent):
        print(f"search spec {args.spec!r}: {probe.settings}")
    start = time.perf_counter()
    work = list(tasks(games, args.start, args.games, args.spec, args.seed))
    sink = None if args.json is None else args.json.open("a")
    deals = []
    with Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        for deal in pool.imap_unordered(play, work, chunksize=1):
            deals.append(deal)
            if sink is not None:  # each deal as it ends: a stopped run keeps what it played
                sink.write(json.dumps(asdict(deal)) + "\n")
                sink.flush()
    for g in games:
        print("\n".join(report(g, [d for d in deals if d.game == g])))
    print(f"(took {time.perf_counter() - start:.0f} s, {args.workers} worker(s))")
    return 0


class _Serial:
    """`Pool`'s `imap_unordered` in this process (one worker)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn, work, chunksize=1):  # type: ignore[no-untyped-def]
        return map(fn, work)


if __name__ == "__main__":
    sys.exit(main())
