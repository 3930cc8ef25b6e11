"""The heuristic bot's Treasures, as a teammate a person would trust (issue 21: it put items in
its Hands, each costing a card of Combat Power, and burnt its own main weapon):

- **Placing a Treasure just gained**: a weapon or shield into free Hands when it draws at
  least as many cards as the bare Hand it takes; anything else into the Backpack (small) or
  the Belt; an item that fits only in a Hand goes to an Agent in the room with a Belt or
  Backpack slot for it, else it is burnt for its Energy, else kept in the Hand.
- **Burning**: only when its Energy runs out, and only what it least needs: never an
  equipped weapon or shield, an item in a Hand first (it frees a card of Combat Power), then
  the Treasure worth least (Energy, Combat Power, effects).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.engine.decision import Option
from tabletop.engine.flow import top
from tabletop.games.castle.items import best_slot, equipped

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def worth(s: CastleState, card: int) -> float:
    """What a Treasure is worth keeping: its Energy, its Combat Power, its effects."""
    t = s.treasure(card)
    return t.energy + 2 * t.combat_power + 2 * len(t.abilities)


def place(s: CastleState, p: int, opts: Sequence[Option]) -> Option:
    """Where the Treasure just gained goes (the `Place` question)."""
    ids = {o.id: o for o in opts}
    card = getattr(top(s), "card", None)
    if card is None:
        for oid in ("slot:belt", "slot:backpack", "slot:hand"):
            if oid in ids:
                return ids[oid]
        return opts[0]
    t = s.treasure(card)
    armed = t.kind in ("weapon", "shield")
    if armed and "slot:hand" in ids and t.combat_power >= max(1, t.hands):
        return ids["slot:hand"]
    order = ("slot:backpack", "slot:belt") if t.size == "small" else ("slot:belt",)
    for oid in order:
        if oid in ids:
            return ids[oid]
    if not armed:
        gives = [
            o
            for o in opts
            if o.id.startswith("give:") and best_slot(s, int(o.arg), card) not in (None, "hand")
        ]
        if gives:
            return min(gives, key=lambda o: (s.energy[int(o.arg)], int(o.arg)))
        burn = next((o for o in opts if o.id.startswith("burn:")), None)
        if burn is not None:
            return burn
    if "slot:hand" in ids:
        return ids["slot:hand"]
    gives = [o for o in opts if o.id.startswith("give:")]
    if gives:
        return gives[0]
    burn = next((o for o in opts if o.id.startswith("burn:")), None)
    return burn if burn is not None else opts[0]


def burn_choice(s: CastleState, p: int, opts: Sequence[Option]) -> Option | None:
    """The Treasure to burn when the Agent needs Energy: never one it fights with."""
    held = set(equipped(s, p))
    best: tuple[float, Option] | None = None
    for o in opts:
        if not o.id.startswith("burn:"):
            continue
        card = next(
            (c for c in s.inventory(p) if s.t.slugs[c] == o.arg and c not in held),
            None,
        )
        if card is None:
            continue
        in_hand = s.slots.get(card) == "hand"
        value = worth(s, card) - (5.0 if in_hand else 0.0)
        if best is None or value < best[0]:
            best = (value, o)
    return best[1] if best is not None else None


__all__ = ["burn_choice", "place", "worth"]
