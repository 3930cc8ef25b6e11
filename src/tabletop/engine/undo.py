"""The pieces of a table's undo rule (engine/table.py's doc states the rule): the point an
undo returns to, why a point is dropped, and what counts as a reveal."""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.state import Seen, State
from tabletop.engine.zones import Zones


class Point(NamedTuple):
    """What undoing a person's answer returns to."""

    seat: int
    steps: int  # state.steps before the answer
    rng: int  # state.rng.state before the answer
    before: State  # a clone taken before the answer
    seen: Seen  # what every seat saw or knew before the answer (State.seen)
    prior: str | None  # why the seat's answer before could not be taken back, once this is


# Why a seat's last choice can no longer be taken back (`NothingToUndoError`'s message).
SECRET_REVEALED = "it completed a secret decision and so revealed the others' answers"
CHANCE_DRAWN = (
    "chance was drawn by it or after it (a die was rolled, or cards were shuffled or dealt "
    "at random)"
)
MOVED_OUTSIDE = "the game moved on outside this table"


def who(seat: int) -> str:
    return f"P{seat + 1}"


def revealed(before: Seen, now: Seen, zones: Zones) -> str | None:
    """Why `now` shows some seat something it did not see or know in `before`, if it does:
    a card come into its sight (in `zones`, the zones now), a card it looked at, or a game's
    hidden fact."""
    cards_before, facts_before = before
    cards_now, facts_now = now
    if cards_now != cards_before:
        for card, (was, is_) in enumerate(zip(cards_before, cards_now, strict=True)):
            new = is_ & ~was
            if new:
                seat = (new & -new).bit_length() - 1
                where = next(i for i, z in enumerate(zones.cards) if card in z)
                if zones.sight(where) >> seat & 1:  # in sight now, not merely known
                    return (
                        f"a card was revealed by it or after it ({who(seat)} now sees a "
                        "card they did not see before it)"
                    )
                return (
                    f"a card was looked at by it or after it ({who(seat)} now knows a "
                    "hidden card they did not know before it)"
                )
    if facts_now is not None and facts_now != facts_before:
        for seat, facts in enumerate(facts_now):
            if facts_before is None or not facts <= facts_before[seat]:
                return (
                    f"something hidden was revealed by it or after it ({who(seat)} now "
                    "knows what they did not know before it)"
                )
    return None
