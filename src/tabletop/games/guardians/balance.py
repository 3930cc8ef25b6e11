"""Balance figures of The Guardians: Explore, measured with the heuristic bot in every seat.

    python -m tabletop.games.guardians.balance --games 400 --players 1-5 --seed 0

For each player count: how often the party beats the Blue and the Red Boss (with 95% Wilson
intervals), the attack the party brings to the Red Boss against its level, the trophy points
each monster family gives (per game and per trophy taken), and for one player the spread of
the solo ranks (30+, 25-29, 20-24, below 20) of the heuristic bot and of uniformly random play.
Game i uses seed `seed + i`; the bots of a game are seeded from it, so a run is repeatable.
The figures in docs/rules/guardians.md ("Balance") come from this module.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field

from tabletop.engine.rng import Rng, derive_seed
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.bot import GuardiansBot
from tabletop.games.guardians.content import MONSTER_FAMILIES
from tabletop.games.guardians.tables import BOSSES, M0, pz


class _Uniform:
    """Uniformly random answers (what `RandomAgent` does; games do not import agents)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: R.GuardiansState, player: int) -> str:
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        return opts[self.rng.below(len(opts))].id


@dataclass
class Tally:
    players: int
    games: int = 0
    blue: int = 0
    red: int = 0
    brought: float = 0.0  # attack + counters given to the Red Boss, over its level, summed
    scores: list[int] = field(default_factory=list)
    family_points: dict[str, int] = field(default_factory=dict)
    family_trophies: dict[str, int] = field(default_factory=dict)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def play(players: int, seed: int, agent: str = "heuristic") -> R.GuardiansState:
    s = R.GuardiansState(players, seed, R.GuardiansOptions(), False)
    bots: list[GuardiansBot | _Uniform] = [
        GuardiansBot(derive_seed(seed, p))
        if agent == "heuristic"
        else _Uniform(derive_seed(seed, p))
        for p in range(players)
    ]
    while not s.is_over:
        for p in s.to_move():
            s.apply(p, bots[p].choose(s, p))
            if s.is_over:
                break
    return s


def record(t: Tally, s: R.GuardiansState) -> None:
    res = s.result
    assert res is not None
    n = s.num_players
    t.games += 1
    t.blue += res.outcomes.get("blue_boss") == "defeated"
    t.red += res.outcomes.get("red_boss") == "defeated"
    reds = [b for b in s.zones.cards[T.BOSS_DONE] if BOSSES[b - T.B0].colour == "red"]
    if reds:
        level = BOSSES[reds[0] - T.B0].per_player * n
        given = sum(s.contrib[p] + s.gift[p] for p in range(n) if s.contrib[p] >= 0)
        t.brought += given / level
    t.scores += [int(x) for x in res.scores]
    for p in range(n):
        for m in s.zones.cards[pz(p, T.TROPHY)]:
            fam = T.MON_FAMILY[m - M0]
            t.family_points[fam] = t.family_points.get(fam, 0) + T.monster(m).points
            t.family_trophies[fam] = t.family_trophies.get(fam, 0) + 1


def measure(players: int, games: int, seed: int = 0, agent: str = "heuristic") -> Tally:
    t = Tally(players)
    for i in range(games):
        record(t, play(players, seed + i, agent))
    return t


def ranks(scores: list[int]) -> tuple[int, int, int, int]:
    return (
        sum(x >= 30 for x in scores),
        sum(25 <= x < 30 for x in scores),
        sum(20 <= x < 25 for x in scores),
        sum(x < 20 for x in scores),
    )


def _pct(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})"


def report(t: Tally) -> str:
    n, g = t.players, t.games
    seats = g * n
    fams = " ".join(
        f"{f} {t.family_points.get(f, 0) / seats:.2f}"
        f"/{t.family_points.get(f, 0) / max(1, t.family_trophies.get(f, 0)):.2f}"
        for f in MONSTER_FAMILIES
    )
    line = (
        f"{n}p {g} games: Blue {_pct(t.blue, g)}, Red {_pct(t.red, g)}, "
        f"Red attack/level {t.brought / g:.2f}; mean score {sum(t.scores) / seats:.1f}; "
        f"points per seat-game/per trophy: {fams}"
    )
    if n == 1:
        r = ranks(t.scores)
        line += f"; ranks 30+/25-29/20-24/<20: {'/'.join(map(str, r))}"
        line += f" (20-29: {100 * (r[1] + r[2]) / g:.0f}%)"
    return line


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", default="1-5", help="a count or a range such as 2-5")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--random-solo", action="store_true", help="also random 1-player games")
    a = ap.parse_args(argv)
    lo, _, hi = a.players.partition("-")
    for n in range(int(lo), int(hi or lo) + 1):
        print(report(measure(n, a.games, a.seed)), flush=True)
    if a.random_solo:
        t = measure(1, a.games, a.seed, "random")
        r = ranks(t.scores)
        print(
            f"random 1p {t.games} games: mean {sum(t.scores) / t.games:.1f}, max "
            f"{max(t.scores)}; ranks 30+/25-29/20-24/<20: {'/'.join(map(str, r))}",
            flush=True,
        )


if __name__ == "__main__":
    main()
