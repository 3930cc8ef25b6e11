"""One Agent's Timing sequence (castle.sequence.*): its cards in zone(seat, LINE), Timing 1 the
first of the list.

- **Moving** a card (Rearrange): the Agent pays the Timing Cost of the card moved and of every
  card it crosses (`shift_cost`); the others slide along; a card never wraps round from one end
  to the other. A `cannot-be-moved` card is never picked up but is pushed by cards moved over
  it; an `ignores-timing-cost` card moved from Timing 1 costs nothing of its own (crossing it
  still costs). `timing-cost` effects change the cost of the Agent's cards this round
  (`cost_of`), never below 0.
- **Negation** (`involuntary`): the active cards' Negate steps apply from the lowest Timing;
  a Negated card stays where it is and still counts as the first or last card. A
  `cannot-be-negated` card, or one whose `protect` effect was paid for, is never Negated.
- **Conditions** (`when_met`): the card's position and its neighbours as the sequence executes
  (a Negated neighbour is not active), or an Agent in Reach with an active Attack on the same
  Timing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.events import Event
from tabletop.games.castle.cards import COMBAT, LINE, who, zone
from tabletop.games.castle.effects import reach
from tabletop.games.castle.records import CombatCard, Step

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

# Effects that belong to the Replace or Discard and Negate steps, never to the execution.
NOT_EXECUTED = frozenset({"negate", "protect", "replace", "discard-card"})
STEP4 = frozenset({"replace", "discard-card"})
MAX_SHIFTS = 8  # castle.interpret.shift-limit: moves per Agent per Rearrange step


def line(s: CastleState, seat: int) -> list[int]:
    """The Agent's Timing sequence (the zone's own list: Timing 1 first)."""
    return s.zones.cards[zone(seat, LINE)]


def rec(s: CastleState, card: int) -> CombatCard:
    r: CombatCard = s.t.records[card]
    return r


def is_combat(s: CastleState, card: int) -> bool:
    return card >= 0 and s.t.kinds[card] == COMBAT


def category(s: CastleState, card: int) -> str:
    return rec(s, card).category


def active(s: CastleState, card: int) -> bool:
    return card not in s.negated


# -- Timing Costs ---------------------------------------------------------------------------------
def cost_of(s: CastleState, seat: int, card: int) -> int:
    """The Timing Cost of `card` in `seat`'s sequence this round (castle.sequence.timing-cost)."""
    c = s.combat
    mod = 0
    if c is not None:
        if seat < len(c.seat_mods):
            mod += c.seat_mods[seat]
        mod += sum(a for k, a in c.card_mods if k == card)
    return max(0, rec(s, card).timing_cost + mod)


def shift_cost(s: CastleState, seat: int, i: int, j: int) -> int | None:
    """The Energy to move the card on Timing `i` to Timing `j` (1-based), or None when that
    move is not allowed (castle.sequence.move)."""
    seq = line(s, seat)
    n = len(seq)
    if i == j or not (1 <= i <= n and 1 <= j <= n):
        return None
    card = seq[i - 1]
    keywords = rec(s, card).keywords
    if "cannot-be-moved" in keywords:
        return None
    own = 0 if "ignores-timing-cost" in keywords and i == 1 else cost_of(s, seat, card)
    lo, hi = sorted((i, j))
    return own + sum(cost_of(s, seat, seq[k - 1]) for k in range(lo, hi + 1) if k != i)


def shift(s: CastleState, seat: int, i: int, j: int, rule: str = "castle.sequence.move") -> int:
    """Move the card on Timing `i` to Timing `j`, the cards between sliding over; returns the
    Energy paid."""
    cost = shift_cost(s, seat, i, j)
    assert cost is not None
    paid = s.lose_energy(seat, cost, rule)
    seq = line(s, seat)
    card = seq.pop(i - 1)
    seq.insert(j - 1, card)
    s.emit(
        Event(rule, f"{who(seat)} moves {s.name(card)} from Timing {i} to {j} for {paid} Energy")
    )
    return paid


def shifts(s: CastleState, seat: int, cap: int) -> list[tuple[int, int]]:
    """The affordable moves (i, j), both at most `cap`."""
    seq = line(s, seat)
    n = min(len(seq), cap)
    energy = s.energy[seat]
    costs = [cost_of(s, seat, card) for card in seq[:n]]
    below = [0]  # below[k]: the Timing Costs of Timings 1..k
    for c in costs:
        below.append(below[-1] + c)
    out = []
    for i in range(1, n + 1):
        keywords = rec(s, seq[i - 1]).keywords
        if "cannot-be-moved" in keywords:
            continue
        own = 0 if "ignores-timing-cost" in keywords and i == 1 else costs[i - 1]
        for j in range(1, n + 1):
            if j == i:
                continue
            lo, hi = (i, j) if i < j else (j, i)
            # the same sum as shift_cost: the moved card's own cost and every card crossed
            if own + below[hi] - below[lo - 1] - costs[i - 1] <= energy:
                out.append((i, j))
    return out


# -- paid effects ---------------------------------------------------------------------------------
def paid_step(s: CastleState, card: int) -> Step | None:
    """The card's optional effect paid in the Rearrange step (not a Replace one)."""
    return next((st for st in rec(s, card).steps if st.pay and st.effect not in STEP4), None)


def protected(s: CastleState, card: int) -> bool:
    """A card nothing can Negate: `cannot-be-negated`, or its `protect` effect in force."""
    r = rec(s, card)
    if "cannot-be-negated" in r.keywords:
        return True
    return any(st.effect == "protect" and (not st.pay or card in s.paid) for st in r.steps)


# -- conditions -----------------------------------------------------------------------------------
def _neighbours(seq: list[int], idx: int) -> list[int]:
    return [seq[k] for k in (idx - 1, idx + 1) if 0 <= k < len(seq)]


def when_met(s: CastleState, seat: int, idx: int, when: str) -> bool:
    """Whether a step's `when` holds for the card on index `idx` (0-based) of `seat`'s
    sequence now (castle.sequence.when)."""
    if when == "always":
        return True
    seq = line(s, seat)
    if when == "first-card":
        return idx == 0
    if when == "last-card":
        return idx == len(seq) - 1
    if when == "not-first-card":
        return idx != 0
    if when == "adjacent-active-attack":
        return any(active(s, c) and category(s, c) == "attack" for c in _neighbours(seq, idx))
    if when == "adjacent-active-strike-or-hazard":
        return any(
            active(s, c) and category(s, c) in ("strike", "hazard") for c in _neighbours(seq, idx)
        )
    if when == "reach-attack-same-timing":
        fighters = s.combat.fighters if s.combat is not None else ()
        for p in reach(s, seat):
            if p == seat or p not in fighters:
                continue
            other = line(s, p)
            if idx < len(other) and active(s, other[idx]) and category(s, other[idx]) == "attack":
                return True
        return False
    return False  # "self-damaged" is an enemy's condition


def executed_steps(s: CastleState, seat: int, idx: int) -> list[Step]:
    """The steps of the active card on index `idx` that apply as it executes: not the Replace
    and Negate ones, a paid one only when paid for, each when its condition holds."""
    card = line(s, seat)[idx]
    out = []
    for st in rec(s, card).steps:
        if st.effect in NOT_EXECUTED:
            continue
        if st.pay and card not in s.paid:
            continue
        if when_met(s, seat, idx, st.when):
            out.append(st)
    return out


# -- negation -------------------------------------------------------------------------------------
def negate_card(s: CastleState, card: int, rule: str = "castle.sequence.negate") -> bool:
    """Negate `card` unless it is already Negated or protected; True when it was Negated."""
    if card in s.negated or protected(s, card):
        if card not in s.negated:
            s.emit(Event(rule, f"{s.name(card)} cannot be Negated"))
        return False
    s.negated[card] = 1
    s.emit(Event(rule, f"{s.name(card)} is Negated"))
    return True


def negate_relative(s: CastleState, seat: int, idx: int, target: str, rule: str) -> None:
    """Apply a Negate step of the card on index `idx`: itself, the Attack to its right, both
    neighbouring Attacks, or a neighbouring Strike (the left one first)."""
    seq = line(s, seat)
    if target == "self":
        negate_card(s, seq[idx], rule)
    elif target == "right-attack":
        if idx + 1 < len(seq) and category(s, seq[idx + 1]) == "attack" and active(s, seq[idx + 1]):
            negate_card(s, seq[idx + 1], rule)
    elif target == "adjacent-attacks":
        for c in _neighbours(seq, idx):
            if category(s, c) == "attack" and active(s, c):
                negate_card(s, c, rule)
    elif target == "adjacent-strike":
        for c in _neighbours(seq, idx):
            if category(s, c) == "strike" and active(s, c) and negate_card(s, c, rule):
                break


def involuntary(s: CastleState, seat: int) -> None:
    """The active cards' own Negate steps, from the lowest Timing (castle.sequence.negate)."""
    seq = line(s, seat)
    for idx in range(len(seq)):
        card = seq[idx]
        if not active(s, card):
            continue
        for st in rec(s, card).steps:
            if st.effect != "negate" or st.params.get("target") == "any":
                continue
            if st.pay and card not in s.paid:
                continue
            if when_met(s, seat, idx, st.when):
                negate_relative(s, seat, idx, str(st.params["target"]), "castle.sequence.negate")


def negatable(s: CastleState, seat: int) -> list[int]:
    """Timings (1-based) of the Agent's cards a Negate ability may take."""
    return [t for t, c in enumerate(line(s, seat), 1) if active(s, c) and not protected(s, c)]
