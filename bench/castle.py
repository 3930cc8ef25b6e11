"""Castle Von Loghan speed in simulation mode (no log): decisions and games per second of
whole Exploration games between random players and between heuristic bots with 4, 6 and 8
Agents (set-up included), and 3-player Quests measured alongside, whose ratio is steadier
than either figure on a busy machine."""

from __future__ import annotations

from engine import seat_table


def main(quick: bool = False) -> None:
    seat_table("castle", (4, 6, 8), "Agents", 4, quick, "Exploration, ")
