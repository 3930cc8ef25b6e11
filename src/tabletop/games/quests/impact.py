"""What the simulator's card-impact report counts in Quests (see `tabletop.sim.impact`):
action cards a seat drew and played (a card leaving the hand for the discard pile: played,
or thrown away at the hand limit), and the artifacts it held."""

from __future__ import annotations

from typing import Any

PLAYERS = 3  # the rulebook's game is for 2-8; three is the usual table

EVENTS = (
    ("action card drawn", "ever", ("hand-{p}",)),
    ("action card played", "moved", ("hand-{p}",), ("discard",)),
    ("artifact held", "ever", ("library-{p}",)),
)


def limit_reached(state: Any) -> bool:
    """The game ended at the turn limit (option `turn_limit`), not on artifacts."""
    result = state.result
    return result is not None and result.reason.startswith("the turn limit")
