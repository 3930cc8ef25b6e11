"""What the simulator's card-impact report counts in the Castle (see
`tabletop.sim.impact`): each seat's Agent, the Combat cards it played (to its line), the
treasures it ever carried and the upgrades it took. Seats win or lose together: the figures
are the team's."""

from __future__ import annotations

from typing import Any

PLAYERS = 4  # the game's smallest table

EVENTS = (
    ("combat card played", "ever", ("line-{p}",)),
    ("treasure carried", "ever", ("inventory-{p}",)),
    ("upgrade taken", "ever", ("upgrades-{p}",)),
)
ITEM_LABELS = ("Agent",)


def seat_items(state: Any) -> list[list[tuple[str, str]]]:
    return [[("Agent", rec.name)] for rec in state.t.agent_records]
