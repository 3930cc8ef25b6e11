"""The Refresh Phase (castle.refresh.*): after a turn with an Event, with or without a Combat.

It starts with 1 Health lost when Clarity is 0, Skills' cooldowns removed, and Allies and
Treasures refreshed. Then every Agent (in Unshackled, the one playing the phase) chooses one
action, openly (a PARALLEL ask: each choice is seen at once and the group may coordinate):
Rest, Rally, Recharge, Sneak to a reachable room's token, or Search this room's token (up to
four Agents). The choices resolve together once all are in: Search areas go to the Searching
Agents clockwise from the Leader's left. The room's Random Event token is discarded at the end
of the phase, whether or not anyone Searched it. A skipped Refresh Phase (a Story card, the
Warden deck of Mission 4) still discards the token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields, push
from tabletop.games.castle import abilities
from tabletop.games.castle.anytime import window
from tabletop.games.castle.cards import (
    DECK,
    DISCARD,
    MERCHANT,
    ROOM_ZONE,
    SPENT,
    TREASURE,
    TREASURE_DECK,
    TREASURE_DISCARD,
    who,
    zone,
)
from tabletop.games.castle.effects import lurk
from tabletop.games.castle.items import Place, best_slot, gain_treasure
from tabletop.games.castle.labels import labelled, offer
from tabletop.games.castle.space import OPT
from tabletop.games.castle.turn import reachable, token_here

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def colour_of(s: CastleState, token: int) -> str:
    return s.t.pools[token].removeprefix("token-")


def refreshers(s: CastleState, actor: int | None) -> tuple[int, ...]:
    if actor is not None:
        return (actor,)
    return tuple(range(s.num_players))


def start_refresh(s: CastleState, actor: int | None) -> None:
    """Called by the turn's Refresh step: push the phase, or only discard the token when the
    turn had no Event or the phase is skipped."""
    key = "evented" if actor is None else f"evented-{actor}"
    if not (s.flags.get(key) or s.flags.get("evented")):
        return
    seat = s.leader if actor is None else actor
    if s.flags.get("skip-refresh") or s.flags.get("warden"):
        s.emit(Event("castle.refresh.skipped", "The Refresh Phase is skipped"))
        push(s, RefreshEnd(s.room[seat]))
        return
    pool = s.pool(seat)
    if s.clarity[pool] == 0:
        s.change_health(
            -s.t.content.rules.clarity_zero_health, actor, "castle.refresh.clarity-zero"
        )
        if s.result is not None:
            return
    for key in [k for k in s.cooldown if actor is None or k.startswith(f"{actor}:")]:
        del s.cooldown[key]
    s.exhausted.clear()  # castle.refresh.start: Allies and Treasures are refreshed
    s.flags["refreshed"] = 1
    seats = refreshers(s, actor)
    # castle.agent.any-time: what works in the Refresh Phase, before the actions are chosen
    push(s, *window(s, "refresh", seats), Choose(seats, ()), RefreshEnd(s.room[seat]))


def sneak_rooms(s: CastleState, here: str) -> list[str]:
    """Rooms with a Random Event token not Sneaked yet, reachable from `here` in one move,
    not `here` itself."""
    out = []
    for room in reachable(s, here):
        token = token_here(s, room) if room != here else None
        if token is not None and room not in s.sneaked:
            out.append(room)
    return out


class _Choose(NamedTuple):
    seats: tuple[int, ...]
    chosen: tuple[tuple[int, str], ...]  # (seat, option id), in the order chosen


class Choose(_Choose):
    """Every Agent still to choose picks one Refresh action (castle.refresh.actions)."""

    __slots__ = ()
    auto = False
    rule = "castle.refresh.actions"

    def _options(self, s: CastleState, seat: int, sneaks: list[str]) -> tuple[Option, ...]:
        opts = [OPT["rest"], OPT["rally"], OPT["recharge"]]
        if token_here(s, s.room[seat]) is not None:
            searching = sum(1 for _, o in self.chosen if o == "search")
            if searching < s.t.content.rules.searchers:
                opts.append(OPT["search"])
        opts += [OPT[f"sneak:{r}"] for r in sneaks]
        return tuple(opts)

    def ask(self, s: CastleState) -> Decision:
        # the Agents share a room but in Unshackled: one search of the board per room
        sneaks = {here: sneak_rooms(s, here) for here in {s.room[p] for p in self.seats}}
        asks = tuple(
            Ask(
                "refresh",
                f"{who(p)}: choose a Refresh action",
                self._options(s, p, sneaks[s.room[p]]),
                self.rule,
            )
            for p in self.seats
        )
        return labelled(
            s,
            Decision(
                self.seats,
                "refresh",
                "Each Agent chooses a Refresh action",
                asks[0].options,
                self.rule,
                PARALLEL,
                asks,
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        s.emit(Event(self.rule, f"{who(player)} will {OPT[option.id].label.split(':')[0].lower()}"))
        chosen = (*self.chosen, (player, option.id))
        rest = tuple(p for p in self.seats if p != player)
        if rest:
            push(s, Choose(rest, chosen))
        else:
            resolve(s, chosen)


def resolve(s: CastleState, chosen: tuple[tuple[int, str], ...]) -> None:
    """Apply the Refresh actions: Rest, Rally and Recharge at once; Sneaks in the order
    chosen; the Search last, its areas from the Leader's left (castle.refresh.search)."""
    later: list[object] = []
    for seat, oid in chosen:
        if oid == "rest":
            h, c = s.t.content.rules.rest
            s.change_health(h, seat, "castle.refresh.rest")
            s.change_clarity(c, seat, "castle.refresh.rest")
        elif oid == "rally":
            z = s.zones
            for card in list(z.cards[zone(seat, DISCARD)]):
                z.move(card, zone(seat, DISCARD), zone(seat, DECK))
            z.shuffle(zone(seat, DECK), s.rng)
            s.emit(
                Event(
                    "castle.refresh.rally", f"{who(seat)} shuffles its discard pile into its deck"
                )
            )
        elif oid == "recharge":
            s.gain_energy(seat, s.t.content.rules.recharge, "castle.refresh.recharge")
        elif oid.startswith("sneak:"):
            later.append(Sneak(seat, oid[6:]))
    searchers = [seat for seat, oid in chosen if oid == "search"]
    if searchers:
        n = s.num_players
        order = sorted(searchers, key=lambda p: (p - s.leader - 1) % n)
        later.append(Search(tuple(order[: s.t.content.rules.searchers]), s.room[order[0]]))
    if later:
        push(s, *later)


class _Sneak(NamedTuple):
    seat: int
    room: str


class Sneak(_Sneak):
    """The Agent peeks at a token in secret, turns it, and meets what its diamond shows:
    nothing, a Lurking Enemy of its colour, or a Treasure of its colour (castle.refresh.sneak)."""

    __slots__ = ()
    auto = True
    rule = "castle.refresh.sneak"

    def run(self, s: CastleState) -> None:
        token = token_here(s, self.room)
        if token is None or self.room in s.sneaked:
            return
        s.zones.learn(self.seat, [token])
        s.sneaked[self.room] = 1
        face = s.record(token).sneak
        colour = colour_of(s, token)
        s.emit(
            Event(
                self.rule,
                f"{who(self.seat)} sneaks to room {self.room} and peeks at its token",
                secret=f"{who(self.seat)} sneaks to room {self.room}: the token shows {face}",
                seen_by=1 << self.seat,
            )
        )
        if face == "lurking":
            lurk(s, colour, 1, self.rule)
        elif face == "treasure":
            gain_treasure(s, self.seat, colour, self.rule)


class _Search(NamedTuple):
    seats: tuple[int, ...]
    room: str


class Search(_Search):
    """The room's token is flipped; each Searching Agent takes one area, from the upper left
    clockwise (castle.refresh.search)."""

    __slots__ = ()
    auto = True
    rule = "castle.refresh.search"

    def run(self, s: CastleState) -> None:
        token = token_here(s, self.room)
        if token is None:
            return
        s.sneaked.pop(self.room, None)
        s.move(token, ROOM_ZONE[self.room], SPENT, self.rule, "The group flips {card} to Search it")
        colour = colour_of(s, token)
        steps: list[object] = []
        for seat, area in zip(self.seats, s.record(token).search, strict=False):
            col = colour if area.colour in ("", "same") else area.colour
            text = f"{who(seat)} finds {area.kind}" + (f" ({area.amount})" if area.amount else "")
            s.emit(Event(self.rule, text))
            if area.kind == "treasure":
                for _ in range(area.amount or 1):
                    steps.append(Gain(seat, col))
            elif area.kind == "energy":
                s.gain_energy(seat, area.amount, self.rule)
            elif area.kind == "clarity":
                s.change_clarity(area.amount, seat, self.rule)
            elif area.kind == "health":
                s.change_health(area.amount, seat, self.rule)
            elif area.kind == "lurking":
                lurk(s, colour, 1, self.rule)
            elif area.kind == "gob-li":
                steps.append(Merchant(self.room))
        if steps:
            push(s, *steps)


class _Gain(NamedTuple):
    seat: int
    colour: str


class Gain(_Gain):
    """`seat` draws a Treasure of `colour` (its placing is asked next)."""

    __slots__ = ()
    auto = True
    rule = "castle.treasures.gain"

    def run(self, s: CastleState) -> None:
        gain_treasure(s, self.seat, self.colour, self.rule)


class _Merchant(NamedTuple):
    room: str


class Merchant(_Merchant):
    """The Gob-li Merchant: one Treasure from each of the green, blue and red decks; any Agent
    in the room may buy one for its Energy value; what is left is discarded
    (castle.refresh.gob-li)."""

    __slots__ = ()
    auto = True
    rule = "castle.refresh.gob-li"

    def run(self, s: CastleState) -> None:
        for col in ("green", "blue", "red"):
            card = s.next_treasure(col)
            if card is not None:
                s.move(card, TREASURE_DECK[col], MERCHANT, self.rule, "Gob-li offers {card}")
        buyers = tuple(p for p in range(s.num_players) if s.room[p] == self.room)
        push(s, Buy(buyers), MerchantGone())


def _price(s: CastleState, card: int) -> int:
    return int(s.record(card).energy)


class _Buy(NamedTuple):
    seats: tuple[int, ...]


class Buy(_Buy):
    """The Agents in the room buy from the Merchant, openly, until each is done."""

    __slots__ = ()
    auto = False
    rule = "castle.refresh.gob-li"

    def _options(self, s: CastleState, seat: int) -> tuple[Option, ...]:
        offer = s.zones.cards[MERCHANT]
        opts = [
            OPT[f"take:{i + 1}"]
            for i, c in enumerate(offer)
            if s.energy[seat] >= _price(s, c) and best_slot(s, seat, c) is not None
        ]
        # castle.interpret.any-time: burning is offered where a question is asked anyway, and
        # here is where Energy is spent
        burns = [o for o in abilities.options(s, seat, "refresh") if o.id.startswith("burn:")]
        return (*opts, *burns, OPT["done"])

    def ask(self, s: CastleState) -> Decision:
        asks = tuple(
            Ask(
                "buy",
                f"{who(p)}: buy from the Gob-li Merchant with Energy, or done",
                self._options(s, p),
                self.rule,
            )
            for p in self.seats
        )
        return labelled(
            s,
            Decision(
                self.seats, "buy", "Gob-li's wares", asks[0].options, self.rule, PARALLEL, asks
            ),
            offer(s.zones.cards[MERCHANT], s, price=True),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.id == "done" or not s.zones.cards[MERCHANT]:
            rest = tuple(p for p in self.seats if p != player)
            if rest and s.zones.cards[MERCHANT]:
                push(s, Buy(rest))
            return
        if option.id.startswith("burn:"):
            push(s, Buy(self.seats))
            abilities.use(s, player, option, "refresh")
            return
        card = s.zones.cards[MERCHANT][int(option.arg) - 1]
        s.lose_energy(player, _price(s, card), self.rule)
        s.move(card, MERCHANT, zone(player, 4), self.rule, f"{who(player)} buys {{card}}")
        push(s, Buy(self.seats), Place(player, card))


class MerchantGone(NoFields):
    __slots__ = ()
    auto = True
    rule = "castle.refresh.gob-li"

    def run(self, s: CastleState) -> None:
        for card in list(s.zones.cards[MERCHANT]):
            s.move(
                card,
                MERCHANT,
                TREASURE_DISCARD[s.record(card).colour],
                self.rule,
                "Gob-li vanishes with {card}",
            )


class _RefreshEnd(NamedTuple):
    room: str


class RefreshEnd(_RefreshEnd):
    """The end of the Refresh Phase: the room's Random Event token is discarded
    (castle.refresh.end)."""

    __slots__ = ()
    auto = True
    rule = "castle.refresh.end"

    def run(self, s: CastleState) -> None:
        token = token_here(s, self.room)
        s.sneaked.pop(self.room, None)
        if token is not None:
            s.move(token, ROOM_ZONE[self.room], SPENT, self.rule, "The room's token is discarded")


__all__ = ["TREASURE", "Choose", "RefreshEnd", "Search", "Sneak", "start_refresh"]
