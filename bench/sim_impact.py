"""The simulator's card impact: games/s of one seated run of each game between heuristic
bots in this process with card impact off and on (best of 3 each, alternated, so a busy
machine hurts both alike). Off must cost nothing against a build without card impact
(run this file against an older checkout, where `impact` does not exist: both figures are
then the same build's)."""

from __future__ import annotations

import sys
import time

from tabletop.sim import make_config, run

GAMES = {"quests": 150, "guardians": 30, "librarians": 40, "castle": 8}
PLAYERS = {"quests": 3, "guardians": 3, "librarians": 2, "castle": 4}  # the usual tables


def _rate(config: object, games: int) -> float:
    start = time.perf_counter()
    result = run(config, games, workers=1)  # type: ignore[arg-type]
    return result.finished / (time.perf_counter() - start)


def main(quick: bool = False, only: list[str] | None = None) -> None:
    print("== sim card impact: games/s, 1 worker, heuristic bots at each game's usual count")
    for game, games in GAMES.items():
        if only and game not in only:
            continue
        n = games // 3 if quick else games
        players = PLAYERS[game]
        kw = {"impact": True} if "impact" in make_config.__code__.co_varnames else {}
        on = make_config(game, ["heuristic"] * players, seed=11, **kw)  # type: ignore[arg-type]
        off = make_config(game, ["heuristic"] * players, seed=11)
        best_off = best_on = 0.0
        for _ in range(3):
            best_off = max(best_off, _rate(off, n))
            best_on = max(best_on, _rate(on, n))
        cost = (best_off / best_on - 1) if best_on else 0.0
        print(
            f"{game:11s} {players} seats, {n} games: off {best_off:7.1f} games/s, "
            f"on {best_on:7.1f} games/s (on costs {cost:+.0%})"
        )


if __name__ == "__main__":
    main("--quick" in sys.argv, [a for a in sys.argv[1:] if not a.startswith("-")])
