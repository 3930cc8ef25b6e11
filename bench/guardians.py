"""Guardians speed in simulation mode (no log): decisions, rounds and games per second of whole
games between random players with 1, 3 and 5 seats (set-up and the draft included), and the
same figure for 3-player Quests measured alongside, whose ratio is steadier than either figure
on a busy machine."""

from __future__ import annotations

import time

from tabletop.agents.base import RandomAgent
from tabletop.engine import new_game
from tabletop.engine.rng import derive_seed

GAME = "guardians"
SEATS = (1, 3, 5)


def throughput(game: str, players: int, seconds: float) -> dict[str, float]:
    """Play whole random games for about `seconds`; decisions/s and turns/s over them."""
    decisions = turns = games = 0
    elapsed = 0.0
    while elapsed < seconds:
        seed = derive_seed(2, players, games)
        start = time.perf_counter()
        state = new_game(game, players, seed, log=False)
        agents = [RandomAgent(derive_seed(seed, p)) for p in range(players)]
        while not state.is_over:
            for p in state.to_move():
                state.apply(p, agents[p].choose(state, p))
                if state.is_over:
                    break
        elapsed += time.perf_counter() - start
        decisions += state.steps
        turns += int(getattr(state, "turn", 0))
        games += 1
    return {
        "games": games,
        "decisions_per_s": decisions / elapsed,
        "turns_per_s": turns / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def main(quick: bool = False) -> None:
    budget = 1.0 if quick else 3.0
    print(f"== {GAME}: random players, simulation mode (log=False), set-up included")
    three = 0.0
    for players in SEATS:
        t = throughput(GAME, players, budget)
        if players == 3:
            three = t["decisions_per_s"]
        print(
            f"{players} player(s): {t['decisions_per_s']:>9,.0f} decisions/s "
            f"{t['turns_per_s']:>7,.0f} turns/s {t['games_per_s']:>7.1f} games/s "
            f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
        )
    q = throughput("quests", 3, budget)
    print(
        f"quests, 3 random players: {q['decisions_per_s']:,.0f} decisions/s; "
        f"guardians 3p / quests 3p = {three / q['decisions_per_s']:.2f}"
    )
