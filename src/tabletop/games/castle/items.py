"""Treasures in an Agent's inventory: slots and sizes, weapons and Combat Power, Damage Types,
burning and discarding, and placing a Treasure just gained (castle.treasures.*).

Slots: two Hand, two Belt and the Agent's Backpack slots (more with an Extra Pouch). A Hand or
Belt slot holds a small or large Treasure, a Backpack slot a small one. A weapon or shield in a
Hand slot is equipped; a two-handed one fills both. A free Hand is 1 Combat Power.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Decision
from tabletop.games.castle.cards import (
    ALLY,
    INVENTORY,
    TREASURE,
    TREASURE_DECK,
    TREASURE_DISCARD,
    UPGRADES,
    who,
    zone,
)
from tabletop.games.castle.records import Treasure
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def capacity(s: CastleState, seat: int, slot: str) -> int:
    if slot == "hand":
        return 2
    if slot == "belt":
        return 2
    extra = sum(
        int(st.params["amount"])
        for card in s.zones.cards[zone(seat, UPGRADES)]
        for ab in s.record(card).abilities
        for st in ab.steps
        if st.effect == "backpack-slots"
    )
    return s.agent(seat).backpack_slots + extra


def room_used(s: CastleState, seat: int, slot: str) -> int:
    """Slots of that kind taken (a two-handed weapon takes both Hands)."""
    n = 0
    for card in s.inventory(seat):
        if s.slots.get(card) == slot:
            n += max(1, s.treasure(card).hands) if slot == "hand" else 1
    return n


def fits(s: CastleState, seat: int, card: int, slot: str) -> bool:
    rec = s.treasure(card)
    if slot == "backpack" and rec.size != "small":
        return False
    need = max(1, rec.hands) if slot == "hand" else 1
    return room_used(s, seat, slot) + need <= capacity(s, seat, slot)


def room(s: CastleState, seat: int) -> tuple[int, int, int]:
    """The free Hand, Belt and Backpack slots of the Agent."""
    used = {"hand": 0, "belt": 0, "backpack": 0}
    slots, records = s.slots, s.t.records
    for card in s.inventory(seat):
        slot = slots.get(card)
        if slot is not None:
            used[slot] += max(1, records[card].hands) if slot == "hand" else 1
    return (
        2 - used["hand"],
        2 - used["belt"],
        capacity(s, seat, "backpack") - used["backpack"],
    )


def place_in(rec: Treasure, free: tuple[int, int, int]) -> str | None:
    """Where a Treasure goes by default, given the free slots (as `best_slot`)."""
    hand, belt, pack = free
    in_hand = hand >= max(1, rec.hands)
    in_belt = belt >= 1
    in_pack = pack >= 1 and rec.size == "small"
    if rec.kind != "item":  # a weapon or shield: Hand, Belt, Backpack
        return "hand" if in_hand else "belt" if in_belt else "backpack" if in_pack else None
    return "belt" if in_belt else "backpack" if in_pack else "hand" if in_hand else None


def free_slots(s: CastleState, seat: int, card: int) -> tuple[str, ...]:
    return tuple(sl for sl in ("hand", "belt", "backpack") if fits(s, seat, card, sl))


def equipped(s: CastleState, seat: int) -> list[int]:
    """The weapons and shields in the Agent's Hand slots."""
    return [
        c
        for c in s.inventory(seat)
        if s.slots.get(c) == "hand" and s.treasure(c).kind in ("weapon", "shield")
    ]


def combat_power(s: CastleState, seat: int) -> int:
    """Cards drawn in a Combat round: the equipped weapons' Combat Power, 1 per free Hand."""
    power = sum(s.treasure(c).combat_power for c in equipped(s, seat))
    free = 2 - room_used(s, seat, "hand")
    return power + max(0, free) * s.t.content.rules.bare_hand_power


def damage_types(s: CastleState, seat: int) -> frozenset[str]:
    return frozenset(
        s.treasure(c).damage_type for c in equipped(s, seat) if s.treasure(c).damage_type
    )


def can_burn(s: CastleState, card: int) -> bool:
    rec = s.treasure(card)
    return not rec.timeless and rec.energy > 0 and card not in s.used


def burn(s: CastleState, seat: int, card: int, rule: str = "castle.treasures.burn") -> None:
    """Discard the Treasure to its colour's pile and gain its Energy."""
    _to_discard(s, card, rule, f"{who(seat)} burns {{card}}")
    s.burned[seat] += 1
    s.gain_energy(seat, s.treasure(card).energy, rule)


def discard(s: CastleState, seat: int, card: int, rule: str = "castle.treasures.discard") -> None:
    _to_discard(s, card, rule, f"{who(seat)} discards {{card}}")


def _to_discard(s: CastleState, card: int, rule: str, text: str) -> None:
    """The Treasure leaves its slot (and its exhaustion) for its colour's discard pile."""
    src = _where(s, card)
    s.slots.pop(card, None)
    s.exhausted.pop(card, None)
    s.move(card, src, TREASURE_DISCARD[s.treasure(card).colour], rule, text)


def can_discard(s: CastleState, card: int) -> bool:
    """A Timeless Treasure is never discarded."""
    return not s.treasure(card).timeless


def _where(s: CastleState, card: int) -> int:
    for zi, cards in enumerate(s.zones.cards):
        if card in cards:
            return zi
    raise AssertionError(f"card {card} is nowhere")


def put(s: CastleState, seat: int, card: int, slot: str, rule: str, text: str) -> None:
    """Move `card` into `seat`'s inventory, in `slot` (the caller checked it fits)."""
    src = _where(s, card)
    if src != zone(seat, INVENTORY):
        s.move(card, src, zone(seat, INVENTORY), rule, text)
    s.slots[card] = slot


def best_slot(s: CastleState, seat: int, card: int) -> str | None:
    """Where a Treasure goes when nobody chooses: a weapon into free Hands, else Belt, else
    Backpack, else a Hand."""
    free = room(s, seat)
    if s.slots.get(card) is not None and card in s.inventory(seat):
        return None  # already placed
    return place_in(s.treasure(card), free)


def by_slug(s: CastleState, seat: int, slug: str) -> int | None:
    """The Agent's inventory card of this Treasure id (the first, when it holds two)."""
    for c in s.inventory(seat):
        if s.t.slugs[c] == slug:
            return c
    return None


class _Place(NamedTuple):
    seat: int
    card: int


class Place(_Place):
    """A Treasure just gained by `seat` (lying in its colour's deck or the offer): keep it in
    a free slot, give it to an Agent in the same room, or burn or discard it
    (castle.treasures.gain)."""

    __slots__ = ()
    auto = False
    rule = "castle.treasures.gain"

    def ask(self, s: CastleState) -> Decision:
        seat, card = self.seat, self.card
        opts = [OPT[f"slot:{sl}"] for sl in free_slots(s, seat, card)]
        opts += [
            OPT[f"give:{p}"]
            for p in range(s.num_players)
            if p != seat and s.room[p] == s.room[seat] and best_slot(s, p, card) is not None
        ]
        rec = s.treasure(card)
        if not rec.timeless:
            if rec.energy > 0:
                opts.append(OPT[f"burn:{rec.slug}"])
            opts.append(OPT[f"discard:{rec.slug}"])
        if not opts:  # a Timeless piece with no room anywhere: it waits in the P.O.D.
            opts.append(OPT["pass"])
        from tabletop.games.castle.labels import labelled

        return labelled(
            s,
            Decision(
                (seat,),
                "place-treasure",
                f"{who(seat)} gains {s.name(card)}: keep, give, burn or discard it",
                tuple(opts),
                self.rule,
            ),
        )

    def answer(self, s: CastleState, player: int, option: object) -> None:
        from tabletop.games.castle.cards import POD

        oid = option.id  # type: ignore[attr-defined]
        seat, card = self.seat, self.card
        s.flags["gained"] = 1  # the trading window opens after this phase
        if oid.startswith("slot:"):
            put(s, seat, card, oid[5:], self.rule, f"{who(seat)} takes {{card}}")
        elif oid.startswith("give:"):
            p = int(oid[5:])
            slot = best_slot(s, p, card)
            assert slot is not None
            put(s, p, card, slot, self.rule, f"{who(seat)} gives {{card}} to {who(p)}")
        elif oid.startswith("burn:"):
            _take_first(s, seat, card)
            burn(s, seat, card)
        elif oid.startswith("discard:"):
            _take_first(s, seat, card)
            discard(s, seat, card)
        else:
            src = _where(s, card)
            s.move(card, src, POD, self.rule, "{card} waits in the P.O.D.")


def _take_first(s: CastleState, seat: int, card: int) -> None:
    """A Treasure burned or discarded as it is gained passes through the Agent's hands."""
    src = _where(s, card)
    if src != zone(seat, INVENTORY):
        s.move(
            card, src, zone(seat, INVENTORY), "castle.treasures.gain", f"{who(seat)} gains {{card}}"
        )


def gain_treasure(s: CastleState, seat: int, colour: str, rule: str) -> bool:
    """`seat` gains the top Treasure of `colour`: its placing is asked next. False when the
    deck and its discard pile are empty."""
    from tabletop.engine.flow import push

    card = s.next_treasure(colour)
    if card is None:
        return False
    s.move(card, TREASURE_DECK[colour], zone(seat, INVENTORY), rule, f"{who(seat)} draws {{card}}")
    push(s, Place(seat, card))
    return True


def is_treasure(s: CastleState, card: int) -> bool:
    return s.t.kinds[card] == TREASURE


def is_ally(s: CastleState, card: int) -> bool:
    return s.t.kinds[card] == ALLY


def record(s: CastleState, card: int) -> Treasure:
    return s.treasure(card)
