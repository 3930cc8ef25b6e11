"""Between phases (castle.treasures.trade): after a phase has ended, the Agents may hand
Treasures to each other (only within a room), rearrange their inventories and equip weapons,
use Skills, Treasures and Allies that work outside Combat, burn or discard Treasures, and
exchange a complete Treasure Set for its Unique Treasure. Each Agent acts openly until it says
`done` (a PARALLEL ask).

The window opens after a phase when it can matter: after a phase in which a Treasure was
gained, after an Event Phase that leads to a fight, and after a Refresh Phase that was played
(castle.interpret.trade-window).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle import abilities
from tabletop.games.castle.anytime import passes
from tabletop.games.castle.cards import (
    DESTROYED,
    INVENTORY,
    POD,
    TREASURE_DECK,
    TREASURE_DISCARD,
    who,
    zone,
)
from tabletop.games.castle.items import (
    Place,
    best_slot,
    by_slug,
    fits,
    free_slots,
    place_in,
    put,
    room,
)
from tabletop.games.castle.labels import labelled
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

WINDOW_ACTIONS = 8  # actions per Agent a window allows, so no window can last for ever
HAPPENED = {"movement": "", "event": "evented", "combat": "fought", "refresh": "refreshed"}


def start_trade(s: CastleState, phase: str = "movement") -> None:
    """Open the window after `phase` when trading can matter (castle.interpret.trade-window):
    after a phase in which a Treasure was gained (to hand it on), after an Event Phase that
    leads to a fight (to get ready), and at the end of a turn with a Refresh Phase (to use
    and rearrange what the Agents hold)."""
    if s.result is not None:
        return
    from tabletop.games.castle.cards import FIGHT

    flag = HAPPENED.get(phase, "")
    happened = not flag or any(k.startswith(flag) for k in s.flags)
    gained = bool(s.flags.pop("gained", 0))
    if not happened and not gained:
        return
    useful = gained or (phase == "event" and bool(s.zones.cards[FIGHT])) or phase == "refresh"
    if not useful:
        return
    seats = tuple(p for p in range(s.num_players) if s.health[s.pool(p)] > 0)
    if seats:
        push(s, OpenBetween(seats, WINDOW_ACTIONS * len(seats)))


def set_pieces(s: CastleState) -> dict[str, list[int]]:
    """Unique Treasure -> the set pieces the group holds, when it holds the whole set."""
    held: dict[str, list[int]] = {}
    for p in range(s.num_players):
        for card in s.inventory(p):
            rec = s.treasure(card)
            if rec.set:
                held.setdefault(rec.set, []).append(card)
    out = {}
    for unique, cards in held.items():
        need = {t.name for t in s.t.content.treasures if t.set == unique}
        if need <= {s.name(c) for c in cards}:
            out[unique] = cards
    return out


def options(
    s: CastleState,
    seat: int,
    rooms: list[tuple[int, int, int]] | None = None,
    sets: dict[str, list[int]] | None = None,
) -> tuple[Option, ...]:
    """What `seat` may do in the window (`rooms`: every Agent's free slots, `sets`: the
    complete Treasure Sets, when the caller has them for every seat)."""
    opts: list[Option] = []
    mine = s.inventory(seat)
    if rooms is None:
        rooms = [room(s, p) for p in range(s.num_players)]
    others = [
        (p, rooms[p]) for p in range(s.num_players) if p != seat and s.room[p] == s.room[seat]
    ]
    takers: dict[tuple[str, int, bool], list[int]] = {}  # by size, hands and item-ness
    for card in mine:
        slug = s.t.slugs[card]
        rec = s.treasure(card)
        shape = (rec.size, rec.hands, rec.kind == "item")
        who_takes = takers.get(shape)
        if who_takes is None:
            who_takes = takers[shape] = [p for p, free in others if place_in(rec, free)]
        opts += [OPT[f"trade:{slug}:{p}"] for p in who_takes]
        if rec.kind in ("weapon", "shield"):
            if s.slots.get(card) == "hand":
                if any(sl != "hand" for sl in free_slots(s, seat, card)):
                    opts.append(OPT[f"unequip:{slug}"])
            elif fits(s, seat, card, "hand"):
                opts.append(OPT[f"equip:{slug}"])
    opts += abilities.options(s, seat, "between")
    for unique in set_pieces(s) if sets is None else sets:
        target = next((t for t in s.t.content.treasures if t.name == unique), None)
        if target is not None:
            opts.append(OPT[f"exchange:{target.slug}"])
    opts = list(dict.fromkeys(opts))
    opts.append(OPT["done"])
    return tuple(opts)


class _Between(NamedTuple):
    seats: tuple[int, ...]
    left: int  # actions the window still allows (castle.interpret.window-limit)


class OpenBetween(_Between):
    """Open the window for the Agents who can trade, equip or use something now; each of
    the others passes, and the log says so (castle.interpret.window-asks)."""

    __slots__ = ()
    auto = True
    rule = "castle.treasures.trade"

    def run(self, s: CastleState) -> None:
        if s.result is not None:
            return
        rooms = [room(s, p) for p in range(s.num_players)]
        sets = set_pieces(s)
        keep = [p for p in self.seats if self.left > 0 and len(options(s, p, rooms, sets)) > 1]
        passing = [p for p in self.seats if p not in keep]
        if passing:
            s.emit(Event(self.rule, f"{passes(passing)} nothing to trade, equip or use"))
        if keep:
            push(s, Between(tuple(keep), self.left))


class Between(_Between):
    """The trading window after a phase: every Agent acts until it is done."""

    __slots__ = ()
    auto = False
    rule = "castle.treasures.trade"

    def ask(self, s: CastleState) -> Decision:
        rooms = [room(s, p) for p in range(s.num_players)]
        sets = set_pieces(s)
        asks = tuple(
            Ask(
                "between",
                f"{who(p)}: trade, equip or use Treasures, or done",
                options(s, p, rooms, sets) if self.left > 0 else (OPT["done"],),
                self.rule,
            )
            for p in self.seats
        )
        return labelled(
            s,
            Decision(
                self.seats, "between", "Between phases", asks[0].options, self.rule, PARALLEL, asks
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        oid = option.id
        if oid == "done":
            rest = tuple(p for p in self.seats if p != player)
            if rest:
                push(s, OpenBetween(rest, self.left))
            return
        push(s, OpenBetween(self.seats, self.left - 1))
        if oid.startswith("trade:"):
            slug, _, to = str(oid[6:]).rpartition(":")
            card = by_slug(s, player, slug)
            assert card is not None
            p = int(to)
            slot = best_slot(s, p, card)
            assert slot is not None
            put(s, p, card, slot, self.rule, f"{who(player)} gives {{card}} to {who(p)}")
        elif oid.startswith("equip:"):
            card = by_slug(s, player, str(option.arg))
            assert card is not None
            s.slots[card] = "hand"
            s.emit(Event("castle.treasures.equip", f"{who(player)} equips {s.name(card)}"))
        elif oid.startswith("unequip:"):
            card = by_slug(s, player, str(option.arg))
            assert card is not None
            s.slots.pop(card)
            s.slots[card] = next(sl for sl in free_slots(s, player, card) if sl != "hand")
            s.emit(Event("castle.treasures.equip", f"{who(player)} unequips {s.name(card)}"))
        elif oid.startswith("exchange:"):
            exchange(s, player, str(option.arg))
        else:
            abilities.use(s, player, option, "between")


def exchange(s: CastleState, seat: int, unique_slug: str) -> None:
    """The set pieces are destroyed; `seat` gains the Unique Treasure (castle.treasures.set)."""
    unique = next(t for t in s.t.content.treasures if t.slug == unique_slug)
    pieces = set_pieces(s)[unique.name]
    taken: set[str] = set()
    for card in pieces:
        if s.name(card) in taken:
            continue
        taken.add(s.name(card))
        s.slots.pop(card, None)
        src = next(zone(p, INVENTORY) for p in range(s.num_players) if card in s.inventory(p))
        s.move(card, src, DESTROYED, "castle.treasures.set", "{card} is destroyed for its set")
    places = (TREASURE_DECK[unique.colour], TREASURE_DISCARD[unique.colour], POD)
    for card in s.t.treasures[unique.colour]:
        if s.name(card) != unique.name:
            continue
        where = next((z for z in places if card in s.zones.cards[z]), None)
        if where is not None:
            s.move(
                card,
                where,
                zone(seat, INVENTORY),
                "castle.treasures.set",
                f"{who(seat)} gains {{card}}",
            )
            push(s, Place(seat, card))
            return
