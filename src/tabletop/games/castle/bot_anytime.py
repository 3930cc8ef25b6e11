"""The heuristic bot in the windows "at any time" outside Combat (`anytime.py`, mixed into
`CastleBot`):

- it heals (a Skill, Treasure or Ally that gives Health or Clarity) when the group is low;
- once the Event card is turned over (the window before the End Event), when the End Event
  would summon enemies it takes one fewer (Evasion, a Smoke Bomb, the Monocle, The Ghost
  Child), the Ghost Child only while the group's Clarity stays at 5 or more;
- in the Refresh Phase it uses what gives without costing the group (Field Repairs' Energy to
  the Agents in Reach while it keeps 3 Energy, the Star Map's Treasure);
- before the vote it reads nothing on the card's back (its outcomes and End Event are hidden:
  castle.event.hidden) and only heals.
Otherwise it is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine.decision import Option
from tabletop.engine.flow import top
from tabletop.games.castle.cards import ALLIES, CONTENT, EVENT_ZONE
from tabletop.games.castle.records import Step

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

HEALS = frozenset({"health", "clarity", "heal-choice"})


class AnytimeMixin:
    def _anytime(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        when = getattr(top(s), "when", "")
        done = next((o for o in opts if o.id == "done"), opts[-1])
        pool = s.pool(p)
        start = CONTENT.rules.health_base + s.num_players if s.mode.shared else s.mode.health
        low = s.health[pool] <= max(4, start // 3) or s.clarity[pool] <= 2
        for o in opts:
            effects = {st.effect for st in option_steps(s, p, o)}
            if low and effects & HEALS:
                return o
            if when == "end" and "summon-change" in effects and summons(s) > 0:
                if (
                    o.id.startswith("ally:")
                    and s.clarity[pool] - s.record(ally_card(s, str(o.arg))).clarity < 5
                ):
                    continue
                return o
            if when == "refresh" and effects & {"gain-treasure"}:
                return o
            if when == "refresh" and o.id.startswith("skill:") and "energy" in effects:
                cost = s.agent(p).skills[int(o.arg)].energy
                if s.energy[p] - cost >= 3:
                    return o
        return done


def summons(s: CastleState) -> int:
    """The enemies the End Event of the card turned over would summon now."""
    cards = s.zones.cards[EVENT_ZONE]
    if not cards:
        return 0
    end = s.record(cards[-1]).end
    count: int
    if end.summon == "group":
        count = s.summon_count() + s.summon_change
    elif end.summon == "fixed":
        count = int(end.count) + s.summon_change
    else:
        count = 0
    return max(0, count)


def ally_card(s: CastleState, slug: str) -> int:
    return next(c for c in s.zones.cards[ALLIES] if s.t.slugs[c] == slug)


def option_steps(s: CastleState, p: int, o: Option) -> Sequence[Step]:
    """The steps an ability option runs (none for burning and `done`)."""
    if o.id.startswith("skill:"):
        return s.agent(p).skills[int(o.arg)].steps
    if o.id.startswith("use:"):
        rec = next((t for t in CONTENT.treasures if t.slug == o.arg), None)
        return [st for ab in rec.abilities for st in ab.steps] if rec else ()
    if o.id.startswith("ally:"):
        return [st for ab in s.record(ally_card(s, str(o.arg))).abilities for st in ab.steps]
    return ()


__all__ = ["AnytimeMixin", "option_steps", "summons"]
