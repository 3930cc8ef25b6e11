"""Librarians speed in simulation mode (no log): decisions and games per second of whole games
between random players and between heuristic bots with 1, 2 and 4 heroes (set-up included),
and 3-player Quests measured alongside, whose ratio is steadier than either figure on a busy
machine."""

from __future__ import annotations

from engine import throughput

GAME = "librarians"
SEATS = (1, 2, 4)


def main(quick: bool = False) -> None:
    budget = 1.0 if quick else 3.0
    print(f"== {GAME}: simulation mode (log=False), set-up included")
    two = 0.0
    for agent in ("random", "heuristic"):
        for players in SEATS:
            t = throughput(agent, budget, game=GAME, players=players, setup=True)
            if players == 2 and agent == "random":
                two = t["decisions_per_s"]
            print(
                f"{agent:>9}, {players} hero(es): {t['decisions_per_s']:>9,.0f} decisions/s "
                f"{t['games_per_s']:>7.1f} games/s "
                f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
            )
    q = throughput("random", budget, game="quests", players=3, setup=True)
    print(
        f"quests, 3 random players: {q['decisions_per_s']:,.0f} decisions/s; "
        f"librarians 2 random / quests 3p = {two / q['decisions_per_s']:.2f}"
    )
