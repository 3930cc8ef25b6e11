"""Castle Von Loghan speed in simulation mode (no log): decisions and games per second of
whole Exploration games between random players and between heuristic bots with 4, 6 and 8
Agents (set-up included), and 3-player Quests measured alongside, whose ratio is steadier
than either figure on a busy machine."""

from __future__ import annotations

from engine import throughput

GAME = "castle"
SEATS = (4, 6, 8)


def main(quick: bool = False) -> None:
    budget = 1.0 if quick else 3.0
    print(f"== {GAME}: simulation mode (log=False), Exploration, set-up included")
    four = 0.0
    for agent in ("random", "heuristic"):
        for players in SEATS:
            t = throughput(agent, budget, game=GAME, players=players, setup=True)
            if players == 4 and agent == "random":
                four = t["decisions_per_s"]
            print(
                f"{agent:>9}, {players} Agents: {t['decisions_per_s']:>9,.0f} decisions/s "
                f"{t['games_per_s']:>7.1f} games/s "
                f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
            )
    q = throughput("random", budget, game="quests", players=3, setup=True)
    print(
        f"quests, 3 random players: {q['decisions_per_s']:,.0f} decisions/s; "
        f"castle 4 random / quests 3p = {four / q['decisions_per_s']:.2f}"
    )
