"""What the simulator's card-impact report counts for the Librarians (see
`tabletop.sim.impact`): each seat's hero, the cards it drew and played (leaving the hand for
its discard pile or its area) and the cards that were ever in its area (assets, enemies
engaged with it). Seats win or lose together: the figures are the team's."""

from __future__ import annotations

from typing import Any

PLAYERS = 2

EVENTS = (
    ("card drawn", "ever", ("hand-{p}",)),
    ("card played", "moved", ("hand-{p}",), ("discard-{p}", "area-{p}")),
    ("in area", "ever", ("area-{p}",)),
)
ITEM_LABELS = ("hero",)


def seat_items(state: Any) -> list[list[tuple[str, str]]]:
    t = state.t
    return [[("hero", t.names[h])] for h in t.heroes]
