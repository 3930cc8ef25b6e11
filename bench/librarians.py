"""Librarians speed in simulation mode (no log): decisions and games per second of whole games
between random players and between heuristic bots with 1, 2 and 4 heroes (set-up included),
and 3-player Quests measured alongside, whose ratio is steadier than either figure on a busy
machine."""

from __future__ import annotations

from engine import seat_table


def main(quick: bool = False) -> None:
    seat_table("librarians", (1, 2, 4), "hero(es)", 2, quick)
