"""Guardians speed in simulation mode (no log): decisions, rounds and games per second of whole
games between random players with 1, 3 and 5 seats (set-up and the draft included), and the
same figure for 3-player Quests measured alongside, whose ratio is steadier than either figure
on a busy machine."""

from __future__ import annotations

from engine import throughput

GAME = "guardians"
SEATS = (1, 3, 5)


def main(quick: bool = False) -> None:
    budget = 1.0 if quick else 3.0
    print(f"== {GAME}: random players, simulation mode (log=False), set-up included")
    three = 0.0
    for players in SEATS:
        t = throughput("random", budget, game=GAME, players=players, setup=True)
        if players == 3:
            three = t["decisions_per_s"]
        print(
            f"{players} player(s): {t['decisions_per_s']:>9,.0f} decisions/s "
            f"{t['turns_per_s']:>7,.0f} turns/s {t['games_per_s']:>7.1f} games/s "
            f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
        )
    q = throughput("random", budget, game="quests", players=3, setup=True)
    print(
        f"quests, 3 random players: {q['decisions_per_s']:,.0f} decisions/s; "
        f"guardians 3p / quests 3p = {three / q['decisions_per_s']:.2f}"
    )
