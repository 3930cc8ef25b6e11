"""What can wait: the auto-pass preferences of the terminal (`tabletop.ui.castle.PREFERENCES`,
issue 22) read a seat's view and its options in a window and say `done` for it only when
passing cannot matter, that is when everything on offer will be offered again, with the same
effect, before it could make a difference:

- burning a Treasure for Energy: Energy is spent on Skills, Treasure effects, a Rearrange, a
  paid second effect, Charge Support or the Gob-li Merchant's wares, and every question where
  it is spent offers burning too (castle.interpret.any-time). Unless the Energy burnt would
  pay now for what the window offers only itself and the Agent cannot pay yet (`burn_pays`):
  one of its Skills, Treasure effects or Allies that works in this step, a move of its Timing
  sequence in the Rearrange step, a paid second effect or a Charge Support;
- before the vote, an effect that changes the summon: the window before the End Event offers
  it again once the card is turned over, before anything is summoned;
- a heal (a Skill, Treasure or Ally whose every effect gives Health or Clarity) while the group
  is not low: Health has no cap, so a heal later gives as much; Clarity is capped, and it is
  offered again in every window. "Low" is the heuristic bot's line: Health at a third of its
  start (4 at least), or Clarity 2 or less;
- between phases, handing on, equipping and unequipping Treasures while no fight is waiting
  (shared modes: the group moves as one): the window opens again after an Event that leads to
  a fight, and Select Weapons starts every Combat round.

Anything else (an effect that changes a summon, draws, negates, a Treasure Set to exchange, an
Overcharge, a Rearrange) is always asked. Public content and the seat's own view only: no
state is read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tabletop.engine.decision import Decision, Option
from tabletop.games.castle.cards import CONTENT
from tabletop.games.castle.records import Step

HEALS = frozenset({"health", "clarity", "heal-choice"})
KEEPING = ("trade:", "equip:", "unequip:")
# the windows each preference answers (a decision kind, and for `anytime` its prompt's words)
COMBAT = frozenset(
    {
        "combat-weapons",
        "combat-start",
        "combat-draw",
        "combat-replace",
        "combat-rearrange",
        "combat-negate",
        "combat-execute",
    }
)


@cache
def _agents() -> dict[str, Any]:
    return {a.name: a for a in CONTENT.agents}


@cache
def _slugs() -> dict[str, Any]:
    out: dict[str, Any] = {t.slug: t for t in CONTENT.treasures}
    out.update({a.slug: a for a in CONTENT.allies})
    return out


def _me(view: dict[str, Any], seat: int) -> dict[str, Any]:
    for a in view.get("agents") or []:
        if isinstance(a, dict) and a.get("seat") == seat:
            return a
    return {}


def steps(view: dict[str, Any], seat: int, o: Option) -> tuple[Step, ...]:
    """The steps an ability option runs, read from the content (none for anything else)."""
    if o.id.startswith("skill:"):
        agent = _agents().get(str(_me(view, seat).get("agent")))
        if agent is None or not isinstance(o.arg, int) or not 0 <= o.arg < len(agent.skills):
            return ()
        return tuple(agent.skills[o.arg].steps)
    if o.id.startswith(("use:", "ally:")):
        rec = _slugs().get(str(o.arg))
        return tuple(st for ab in rec.abilities for st in ab.steps) if rec is not None else ()
    return ()


def low(view: dict[str, Any], seat: int) -> bool:
    """The group (in Unshackled, the Agent) is low: a heal should not wait."""
    me = _me(view, seat)
    health, clarity = view.get("health"), view.get("clarity")
    if not isinstance(health, int):
        health, clarity = me.get("health"), me.get("clarity")
    if not isinstance(health, int) or not isinstance(clarity, int):
        return True
    start = CONTENT.rules.health_base + len(view.get("agents") or [])
    return health <= max(4, start // 3) or clarity <= 2


def fight_waiting(view: dict[str, Any]) -> bool:
    return any(
        isinstance(e, dict) and e.get("state") != "defeated" for e in view.get("fight") or []
    )


def step_of(decision: Decision, seat: int) -> str:
    """The abilities' window of the seat's question (`event`, `between`, `rearrange`, ...)."""
    ask = decision.ask(seat)
    if ask.kind == "anytime":
        return "refresh" if "Refresh" in ask.prompt else "event"
    return ask.kind.removeprefix("combat-")


@cache
def _combat_cards() -> dict[str, Any]:
    return {c.slug: c for c in CONTENT.combat_cards}


def burn_pays(view: dict[str, Any], seat: int, opts: tuple[Option, ...], step: str) -> bool:
    """Whether burning now could pay for something this step offers that the Agent cannot
    pay for yet (then burning does not wait)."""
    from tabletop.games.castle.abilities import fits_window

    me = _me(view, seat)
    energy = me.get("energy")
    if not isinstance(energy, int):
        return True
    gain = sum(
        int(getattr(_slugs().get(str(o.arg)), "energy", 0))
        for o in opts
        if o.id.startswith("burn:")
    )
    top = min(energy + gain, int(me.get("max_energy") or energy + gain))
    if top <= energy:
        return False
    costs: list[int] = []
    healthy = not low(view, seat)

    def waits(steps: tuple[Step, ...]) -> bool:  # a heal can wait while the group is not low
        effects = {st.effect for st in steps}
        return bool(effects) and effects <= HEALS and healthy

    agent = _agents().get(str(me.get("agent")))
    cooling = [bool(sk.get("cooldown")) for sk in me.get("skills") or [] if isinstance(sk, dict)]
    for i, sk in enumerate(agent.skills if agent is not None else ()):
        if i < len(cooling) and cooling[i]:
            continue
        if fits_window(sk.window, step) and not waits(tuple(sk.steps)):
            costs.append(sk.energy)
    held = [c for c in me.get("inventory") or [] if isinstance(c, dict)]
    for c in held:
        rec = _slugs().get(str(c.get("id")))
        for ab in getattr(rec, "abilities", ()):
            if fits_window(ab.window, step) and not waits(tuple(ab.steps)):
                costs.append(ab.energy)
    line = [_combat_cards().get(str(c.get("id"))) for c in me.get("line") or []]
    if step == "rearrange":
        if len(line) >= 2:
            return True  # a move of the sequence costs Timing Costs in Energy
        costs += [st.pay for card in line if card for st in card.steps if st.pay]
    if step == "replace":
        costs += [st.pay for card in line if card for st in card.steps if st.pay]
    return any(energy < cost <= top for cost in costs)


def can_wait(view: dict[str, Any], seat: int, o: Option, before_vote: bool = False) -> bool:
    """Whether passing on `o` now cannot matter (see the module's notes, and `burn_pays`,
    which the caller checks for burning); `before_vote`: the window before the Decision cards
    are picked."""
    oid = o.id
    if oid in ("done", "pass") or oid.startswith("burn:"):
        return True
    if oid.startswith(("skill:", "use:", "ally:")):
        effects = {st.effect for st in steps(view, seat, o)}
        if not effects:
            return False
        if before_vote and effects <= {"summon-change"}:
            return True
        return effects <= HEALS and not low(view, seat)
    if oid.startswith(KEEPING):
        shared = view.get("mode") != "unshackled"
        return shared and not fight_waiting(view)
    return False


def window(decision: Decision, seat: int) -> str:
    """Which preference's window the seat's question is: 'event', 'refresh', 'trade',
    'combat', or ''."""
    ask = decision.ask(seat)
    if ask.kind == "anytime":
        return "refresh" if "Refresh" in ask.prompt else "event"
    if ask.kind == "between":
        return "trade"
    if ask.kind in COMBAT:
        return "combat"
    return ""


def pass_if_nothing_matters(
    view: dict[str, Any], seat: int, decision: Decision, which: str
) -> str | None:
    """`done` when the seat's question is window `which` and every option can wait."""
    if window(decision, seat) != which:
        return None
    opts = decision.options_for(seat)
    if not any(o.id == "done" for o in opts):
        return None
    before_vote = "Decision cards" in decision.ask(seat).prompt
    if not all(can_wait(view, seat, o, before_vote) for o in opts):
        return None
    burns = any(o.id.startswith("burn:") for o in opts)
    if burns and burn_pays(view, seat, opts, step_of(decision, seat)):
        return None
    return "done"


def auto_pass(which: str) -> Callable[[dict[str, Any], int, Any], str | None]:
    def answer(view: dict[str, Any], seat: int, decision: Any) -> str | None:
        return pass_if_nothing_matters(view, seat, decision, which)

    return answer


_WAITS = "burning a Treasure, or a heal while the group is not low"
AUTO_PASS: dict[str, tuple[str, Any, bool]] = {
    "auto-pass-event": (
        f"pass the Event's windows when all you could do is {_WAITS} (before the vote, also "
        "what changes the summon: it is offered again before the End Event)",
        auto_pass("event"),
        True,
    ),
    "auto-pass-refresh": (
        f"pass the window before the Refresh actions when all you could do is {_WAITS}",
        auto_pass("refresh"),
        True,
    ),
    "auto-pass-trade": (
        f"pass the window between phases when all you could do is {_WAITS}, or hand on or "
        "(un)equip Treasures while no fight is waiting",
        auto_pass("trade"),
        True,
    ),
    "auto-pass-combat": (
        f"pass a Combat step (Select Weapons, Start, Draw, Replace, Negate, Execute) when all "
        f"you could do is {_WAITS}",
        auto_pass("combat"),
        True,
    ),
}


__all__ = ["AUTO_PASS", "can_wait", "low", "pass_if_nothing_matters", "steps", "window"]
