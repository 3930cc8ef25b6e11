"""Using Skills, Treasure effects, Allies, burning and discarding (castle.agent.skills,
castle.treasures.use, castle.allies.use, castle.treasures.burn).

`options(s, seat, window)` lists what `seat` may use now, in `window` (a combat step such as
"replace" or "target", or "event", "refresh", "between" outside Combat: `anytime.py`); `use(s, seat,
option)` does it. Every question that lets an Agent act "at any time" (the combat steps, the
trading window after each phase) offers these.

- A Skill needs the group's Clarity at its minimum (or above) and its Energy; it then cools
  down until the Refresh Phase. Upgrades change costs (`skill-cost`) and minimums
  (`skill-clarity`).
- A Treasure's effect is paid in Energy or Clarity; `exhaust` turns it until the next Combat
  round or phase, `discard` discards it. A used Treasure cannot be burned in the same phase or
  round. Timeless Treasures never burn.
- An Ally is called by the Leader for its Clarity; it is exhausted until the Refresh Phase.

`hand_on(s, step, per)` and `handed(s, step)` carry the options a window's opening step worked
out (to see which Agents have something to do) to the question it pushed, which the driver
asks at once: the question takes them instead of working them out again (issue 26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.decision import Option
from tabletop.engine.events import Event
from tabletop.games.castle.cards import ALLIES, UPGRADES, who, zone
from tabletop.games.castle.effects import Ctx, run_steps
from tabletop.games.castle.items import burn, by_slug, can_burn, can_discard, discard
from tabletop.games.castle.records import Ability, Skill
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

COMBAT_WINDOWS = (
    *("combat", "weapons", "start", "draw"),
    *("replace", "rearrange", "negate", "execute", "target"),
)


def fits_window(ability_window: str, window: str) -> bool:
    """Whether an effect of `ability_window` may be used in `window`."""
    if ability_window == "any" or ability_window == window:
        return True
    if ability_window == "combat":
        return window in COMBAT_WINDOWS
    if ability_window == "outside-combat":
        return window not in COMBAT_WINDOWS
    return False


def _upgrade_steps(s: CastleState, seat: int, effect: str) -> list[dict[str, object]]:
    return [
        dict(st.params)
        for card in s.zones.cards[zone(seat, UPGRADES)]
        for ab in s.record(card).abilities
        for st in ab.steps
        if st.effect == effect
    ]


def skill_cost(s: CastleState, seat: int, index: int) -> int:
    skill = s.agent(seat).skills[index]
    cost = skill.energy
    for p in _upgrade_steps(s, seat, "skill-cost"):
        which = p["skill"]
        if which == "both" or (which == "first") == (index == 0):
            cost += int(p["amount"])  # type: ignore[call-overload]
    return max(0, cost)


def skill_clarity(s: CastleState, seat: int, index: int) -> int:
    need = s.agent(seat).skills[index].clarity
    for p in _upgrade_steps(s, seat, "skill-clarity"):
        need += int(p["amount"])  # type: ignore[call-overload]
    return max(0, need)


def can_skill(s: CastleState, seat: int, index: int, window: str) -> bool:
    skill: Skill = s.agent(seat).skills[index]
    if f"{seat}:{index}" in s.cooldown or not fits_window(skill.window, window):
        return False
    if not s.zones.cards[zone(seat, UPGRADES)]:  # no Upgrade changes the printed numbers
        return s.clarity[s.pool(seat)] >= skill.clarity and s.energy[seat] >= skill.energy
    return s.clarity[s.pool(seat)] >= skill_clarity(s, seat, index) and s.energy[
        seat
    ] >= skill_cost(s, seat, index)


def _ability_ok(s: CastleState, seat: int, ab: Ability, window: str) -> bool:
    return (
        ab.use != "passive"
        and fits_window(ab.window, window)
        and s.energy[seat] >= ab.energy
        and (ab.clarity == 0 or s.clarity[s.pool(seat)] >= ab.clarity)
    )


def usable_treasures(s: CastleState, seat: int, window: str) -> list[int]:
    out = []
    slots, exhausted, records = s.slots, s.exhausted, s.t.records
    for card in s.inventory(seat):
        rec = records[card]
        if not rec.abilities or card in exhausted:
            continue
        slot = slots.get(card)
        if slot is None or (rec.kind != "item" and slot != "hand"):
            continue  # castle.interpret.weapon-effects: a weapon's effect works in hand only
        if any(_ability_ok(s, seat, ab, window) for ab in rec.abilities):
            out.append(card)
    return out


def usable_allies(s: CastleState, seat: int, window: str) -> list[int]:
    if seat != s.leader:
        return []
    return [
        c
        for c in s.zones.cards[ALLIES]
        if c not in s.exhausted
        and s.clarity[s.pool(seat)] >= s.record(c).clarity
        and any(_ability_ok(s, seat, ab, window) for ab in s.record(c).abilities)
    ]


def options(s: CastleState, seat: int, window: str, *, burning: bool = True) -> list[Option]:
    """What `seat` may use now (Skills, Treasures, Allies, burning)."""
    out = [OPT[f"skill:{i + 1}"] for i in (0, 1) if can_skill(s, seat, i, window)]
    out += list(
        dict.fromkeys(OPT[f"use:{s.t.slugs[c]}"] for c in usable_treasures(s, seat, window))
    )
    out += [OPT[f"ally:{s.t.slugs[c]}"] for c in usable_allies(s, seat, window)]
    if burning:
        out += list(
            dict.fromkeys(OPT[f"burn:{s.t.slugs[c]}"] for c in s.inventory(seat) if can_burn(s, c))
        )
    return out


def use(s: CastleState, seat: int, option: Option, window: str) -> bool:
    """Do what `option` means if it is an ability option; False when it is not one."""
    oid = option.id
    if oid.startswith("skill:"):
        index = int(option.arg)
        skill = s.agent(seat).skills[index]
        s.lose_energy(seat, skill_cost(s, seat, index), "castle.agent.skills")
        s.cooldown[f"{seat}:{index}"] = 1
        s.emit(Event("castle.agent.skills", f"{who(seat)} uses {skill.name}"))
        run_steps(s, skill.steps, Ctx(seat))
        return True
    if oid.startswith("use:"):
        card = next(c for c in usable_treasures(s, seat, window) if s.t.slugs[c] == option.arg)
        ab = next(a for a in s.treasure(card).abilities if _ability_ok(s, seat, a, window))
        _pay(s, seat, ab)
        s.used[card] = 1
        s.emit(Event("castle.treasures.use", f"{who(seat)} uses {s.name(card)}"))
        if ab.use == "discard":
            discard(s, seat, card, "castle.treasures.use")
        else:
            s.exhausted[card] = 1
        run_steps(s, ab.steps, Ctx(seat, card))
        return True
    if oid.startswith("ally:"):
        card = next(c for c in s.zones.cards[ALLIES] if s.t.slugs[c] == option.arg)
        ally = s.record(card)
        ab = next(a for a in ally.abilities if _ability_ok(s, seat, a, window))
        s.change_clarity(-ally.clarity, seat, "castle.allies.use")
        _pay(s, seat, ab)
        s.exhausted[card] = 1
        s.emit(Event("castle.allies.use", f"{who(seat)} calls on {ally.name}"))
        run_steps(s, ab.steps, Ctx(seat, card))
        return True
    if oid.startswith("burn:"):
        card = next(c for c in s.inventory(seat) if s.t.slugs[c] == option.arg and can_burn(s, c))
        burn(s, seat, card)
        return True
    if oid.startswith("discard:"):
        found = by_slug(s, seat, str(option.arg))
        if found is None or not can_discard(s, found):
            return False
        discard(s, seat, found)
        return True
    return False


def _pay(s: CastleState, seat: int, ab: Ability) -> None:
    if ab.energy:
        s.lose_energy(seat, ab.energy, "castle.treasures.use")
    if ab.clarity:
        s.change_clarity(-ab.clarity, seat, "castle.treasures.use")


# -- options handed from a window's opening step to its question (issue 26) ----------------------
# `(state, question step, state.steps, options per seat)`: the options an opening step (an
# automatic step: `combat_windows.Open`, `anytime.OpenAnytime`) worked out, for the question
# it pushed on top. The driver (`flow.settle`) asks that question at once, with nothing
# applied in between, so the options are still right. They are taken once: only by that very
# question of that very state at the same step count, and then dropped, so they never outlive
# the question they were made for; a clone, a pickle or a determinized copy asked again
# (`flow.ask_again`) works out its own. (Not a state field: nothing of it belongs to the game,
# and it is gone before anyone can copy the state. Between threads, one opening's options
# overwritten by another's are only worked out again.)
_handed: tuple[Any, Any, int, dict[int, Any]] | None = None


def hand_on(s: CastleState, step: object, per: dict[int, Any]) -> None:
    """`step` (just pushed, on top) will be asked with these options per seat."""
    global _handed
    _handed = (s, step, s.steps, per)


def handed(s: CastleState, step: object) -> dict[int, Any] | None:
    """The options handed on to `step` in `s` (taken: a second call gets None), or None."""
    global _handed
    h = _handed
    if h is None or h[1] is not step or h[0] is not s or h[2] != s.steps:
        return None
    _handed = None
    return h[3]
