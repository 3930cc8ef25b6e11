"""Where a search seat leaves the rule bot, and what each departure is worth (issue 26).

All-heuristic games are played (seed 26, game i from `derive_seed(26, i)`); at each of P1's
decisions with more than one option the search (`--spec`) is asked too. Wherever its answer
differs from the rule bot's, both answers are played to the end `--replays` times from the
same re-deals of what P1 cannot see (`determinize`) and with the same rule bots, and the
mean difference (search's answer minus the rule bot's) is kept: the party's win (a team win,
else P1's win), P1's points, P1's win. The game goes on with the rule bot's answer, so every
departure is measured from a position the rule bots reached.

    PYTHONPATH=build/compiled .venv/bin/python bench/departures.py --games 30 \\
        --spec ismcts:iterations=60 --json guardians-60.jsonl
    .venv/bin/python bench/departures.py --report guardians-60.jsonl

The report gives, per game, the departures and the sum of their differences with a 95%
interval from the replays' spread, and the same per decision kind. Never asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
from collections import defaultdict
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import State
from tabletop.engine.table import DriveLimitError, Table

SEED = 26
SEAT = 0
MAX_ANSWERS = 50_000
FIGURES = ("party", "points", "win")


def finish(s: State, game: str, seed: int) -> tuple[float, float, float]:
    """Play `s` to the end with rule bots seeded from `seed`: (party won, P1 points, P1 won)."""
    bots = [make_agent("heuristic", game, derive_seed(seed, p)) for p in range(s.num_players)]
    with contextlib.suppress(DriveLimitError):
        Table(s, bots, max_steps=MAX_ANSWERS).drive()
    r = s.result
    if r is None:
        return 0.0, 0.0, 0.0
    won = 1.0 if SEAT in r.winners else 0.0
    party = (1.0 if r.team == "won" else 0.0) if r.team is not None else won
    return party, float(r.scores[SEAT]), won


def worth(s: State, game: str, rule: str, search: str, seed: int, replays: int) -> list[float]:
    """The mean difference (search's answer minus the rule bot's) over paired replays."""
    rng = Rng(seed)
    sums = [0.0, 0.0, 0.0]
    for _ in range(replays):
        base = s.determinize(SEAT, rng)
        bots_seed = rng.next64() >> 1
        a = base.clone()
        a.apply(SEAT, rule)
        b = base.clone()
        b.apply(SEAT, search)
        ra, rb = finish(a, game, bots_seed), finish(b, game, bots_seed)
        for j in range(3):
            sums[j] += rb[j] - ra[j]
    return [x / replays for x in sums]


class Watcher:
    """P1's agent in a watched game: it answers as the rule bot and, at every decision with
    more than one option, asks the search too and writes the decision (and what a departure
    is worth) to `out`."""

    def __init__(self, game: str, seed: int, spec: str, index: int, replays: int, out: Any):
        self.rule = make_agent("heuristic", game, derive_seed(seed, SEAT))
        self.searcher = make_agent(spec, game, derive_seed(seed, 100))
        self.game, self.seed, self.index, self.replays, self.out = game, seed, index, replays, out
        self.decisions = 0

    def choose(self, s: State, p: int) -> str:
        rule = self.rule.choose(s, p)
        d = s.pending
        assert d is not None
        if len(d.options_for(p)) > 1:
            self.decisions += 1
            k = self.decisions
            answer = self.searcher.choose(s, p)
            row: dict[str, Any] = {"game": self.index, "decision": k, "kind": d.kind_for(p)}
            row["same"] = answer == rule
            if answer != rule:
                row["rule"], row["search"] = rule, answer
                seed = derive_seed(self.seed, 1000 + k)
                row["worth"] = worth(s, self.game, rule, answer, seed, self.replays)
            self.out.write(json.dumps(row) + "\n")
            self.out.flush()
        return rule


def run(game: str, players: int, spec: str, start: int, games: int, replays: int, out: Any) -> None:
    for g in range(start, start + games):
        seed = derive_seed(SEED, g)
        s = new_game(game, players, seed, log=False)
        seats: list[Any] = [
            make_agent("heuristic", game, derive_seed(seed, p)) for p in range(players)
        ]
        seats[SEAT] = Watcher(game, seed, spec, g, replays, out)
        with contextlib.suppress(DriveLimitError):
            Table(s, seats, max_steps=MAX_ANSWERS).drive()


def report(paths: list[str]) -> None:
    rows = []
    for path in paths:
        with open(path) as f:
            rows += [json.loads(line) for line in f]
    games = len({r["game"] for r in rows}) or 1
    departures = [r for r in rows if not r["same"]]

    def figures(rs: list[dict[str, Any]], per: int) -> str:
        parts = []
        for j, name in enumerate(FIGURES):
            xs = [r["worth"][j] for r in rs]
            half = 1.96 * math.sqrt(sum(x * x for x in xs)) / per
            parts.append(f"{name} {sum(xs) / per:+.3f} ± {half:.3f}")
        return "  ".join(parts)

    print(f"{games} games, {len(rows)} decisions, {len(departures) / games:.1f} departures a game")
    print(f"per game: {figures(departures, games)}")
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        kinds[r["kind"]].append(r)
    for kind, rs in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        dep = [r for r in rs if not r["same"]]
        line = f"  {kind:16s} {len(rs):5d} decisions {len(dep):4d} departures"
        if dep:
            line += f"  per departure: {figures(dep, len(dep))}"
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="guardians")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--spec", default="ismcts:iterations=60")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--start", type=int, default=0, help="the first game's index")
    parser.add_argument("--replays", type=int, default=32)
    parser.add_argument("--json", help="append every decision here (JSON lines)")
    parser.add_argument("--report", nargs="*", help="only report these JSON-lines files")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    path = args.json or f"departures-{args.game}.jsonl"
    with open(path, "a") as out:
        run(args.game, args.players, args.spec, args.start, args.games, args.replays, out)
    report([path])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
