"""The turn (castle.turn.*): Movement, Event, Combat and Refresh, each followed by the check of
the Story deck, Points of Interest, Mission cards and the mode's ending (`story.check`) and by a
chance to trade Treasures (`trade.py`).

In the shared modes the group moves as one and every phase is played once (`actor` None, the
Leader deciding for the group). In Unshackled each Agent plays each phase in turn from the
Leader (`actor` = that seat): every Agent's Movement, then every Agent's Event, and so on.

    TurnStart -> Phase(movement, a) ... -> Phase(event, a) ... -> Phase(combat, ...) ...
              -> Phase(refresh, a) ... -> TurnStart
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event, PhaseStarted
from tabletop.engine.flow import NoFields, clockwise, push
from tabletop.games.castle.cards import POD, ROOM_ZONE, TOKEN, TREASURE, who
from tabletop.games.castle.items import best_slot, by_slug, put
from tabletop.games.castle.labels import labelled, place
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

MAX_TURNS = 120  # castle.interpret.turn-limit: a game that has not ended by then is lost
PHASES = ("movement", "event", "combat", "refresh")
# What happened this turn (flags cleared when the next turn starts).
TURN_FLAGS = ("evented", "entered", "fought", "refreshed", "fight-seat")


def actors(s: CastleState) -> tuple[int | None, ...]:
    """Who plays a phase: the group once, or each Agent in turn from the Leader (Unshackled)."""
    if s.mode.shared:
        return (None,)
    return tuple(p for p in clockwise(s.leader, s.num_players) if s.health[p] > 0)


class TurnStart(NoFields):
    """A new turn: the Leader token passes clockwise, except on the first turn
    (castle.turn.leader)."""

    __slots__ = ()
    auto = True
    rule = "castle.turn.start"

    def run(self, s: CastleState) -> None:
        if s.turn >= MAX_TURNS:
            s.lose(f"the group did not finish in {MAX_TURNS} turns")
            return
        s.turn += 1
        if s.turn > 1:
            s.leader = (s.leader + 1) % s.num_players
        for key in [k for k in s.flags if k.startswith(TURN_FLAGS)]:
            del s.flags[key]
        s.flags.pop("skip-refresh", None)
        s.emit(Event("castle.turn.leader", f"Turn {s.turn}: {who(s.leader)} leads"))
        steps: list[object] = []
        for phase in PHASES:
            if phase == "combat":
                steps.append(Phase(phase, None))
            else:
                steps += [Phase(phase, a) for a in actors(s)]
            steps.append(AfterPhase(phase))
        push(s, *steps, TurnStart())


class _Phase(NamedTuple):
    phase: str
    actor: int | None


class Phase(_Phase):
    """One phase of the turn, for the group (`actor` None) or one Agent (Unshackled)."""

    __slots__ = ()
    auto = True
    rule = "castle.turn.phase"

    def run(self, s: CastleState) -> None:
        if self.actor is not None and s.health[self.actor] <= 0:
            return
        s.phase = self.phase
        s.used.clear()  # castle.treasures.burn: a Treasure used in an earlier phase may burn
        s.exhausted = {c: 1 for c in s.exhausted if s.t.kinds[c] != TREASURE}  # Treasures refresh
        s.emit(
            PhaseStarted("castle.turn.phase", f"{self.phase.capitalize()} Phase", phase=self.phase)
        )
        if self.phase == "movement":
            push(s, Movement(self.actor))
        elif self.phase == "event":
            from tabletop.games.castle.event import start_event

            start_event(s, self.actor)
        elif self.phase == "combat":
            from tabletop.games.castle.combat import start_combat

            start_combat(s)
        else:
            from tabletop.games.castle.refresh import start_refresh

            start_refresh(s, self.actor)


class _AfterPhase(NamedTuple):
    phase: str


class AfterPhase(_AfterPhase):
    """After every phase: the Story, Point of Interest and Mission cards and the mode's end
    are checked (castle.story.check), then Treasures may change hands (castle.treasures.trade)."""

    __slots__ = ()
    auto = True
    rule = "castle.story.check"

    def run(self, s: CastleState) -> None:
        from tabletop.games.castle.story import check
        from tabletop.games.castle.trade import start_trade

        start_trade(s, self.phase)
        check(s, self.phase)


# -- movement ----------------------------------------------------------------------------------
def blocked(s: CastleState, room: str) -> bool:
    """A room the group may enter but not pass through: one with a token on it
    (castle.movement.stop)."""
    return bool(s.zones.cards[ROOM_ZONE[room]]) or bool(s.marks.get(room))


def reachable(s: CastleState, start: str) -> dict[str, bool]:
    """Every place the group can reach from `start` in one move -> whether the way passes by
    the P.O.D. Doors with a Locked Door token are shut; a room with a token stops the move
    (castle.movement.reach). Rooms without a door are in no door's list, and a room with a
    Destroyed token cannot be entered (castle.interpret.destroyed)."""
    board = s.board
    links: dict[str, list[str]] = {}
    # castle.story.stay-together (Mission 1's card): once inside, the group may not leave
    inside = s.opts.mode == "campaign" and s.opts.mission == 1 and s.flags.get("inside")
    for d in board.doors:
        if d.id in s.locked or (inside and "outside" in (d.a, d.b)):
            continue
        links.setdefault(d.a, []).append(d.b)
        links.setdefault(d.b, []).append(d.a)
    seen = {start: start == "pod"}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and blocked(s, here):
            continue
        for there in sorted(links.get(here, ())):
            if there not in seen and "destroyed" not in s.marks.get(there, ()):
                seen[there] = seen[here] or there == "pod"
                todo.append(there)
    return seen


class _Movement(NamedTuple):
    actor: int | None
    left: int = 12  # P.O.D. actions still allowed this move (castle.interpret.window-limit)
    at_pod: bool = False  # stopped at the P.O.D. on the way (castle.interpret.pod-step)


class Movement(_Movement):
    """The Leader (or, Unshackled, the Agent) moves anywhere reachable, storing or retrieving
    Treasures at the P.O.D. on the way (castle.movement.move, castle.movement.pod). The
    P.O.D. is one option of the move, `pod`, which asks what to store or take, then `done`
    comes back to the move (castle.interpret.pod-step): two short questions, not one of
    every room and every Treasure."""

    __slots__ = ()
    auto = False
    rule = "castle.movement.move"

    def _mover(self, s: CastleState) -> int:
        return s.leader if self.actor is None else self.actor

    def _movers(self, s: CastleState) -> tuple[int, ...]:
        if self.actor is not None:
            return (self.actor,)
        return tuple(range(s.num_players))

    def _retrievable(self, s: CastleState) -> dict[str, int]:
        """Each Treasure in the P.O.D. that some mover has room for (castle.movement.pod):
        its id -> the first such card. A Treasure that fits nobody is not offered."""
        movers = self._movers(s)
        out: dict[str, int] = {}
        for c in s.zones.cards[POD]:
            slug = s.t.slugs[c]
            if slug not in out and any(best_slot(s, p, c) for p in movers):
                out[slug] = c
        return out

    def _pod_options(self, s: CastleState, places: dict[str, bool]) -> list[Option]:
        if self.left <= 0 or not any(places.values()):  # the P.O.D. is not on the way
            return []
        held = dict.fromkeys(
            s.t.slugs[c] for p in self._movers(s) for c in s.inventory(p) if c in s.slots
        )
        opts = [OPT[f"store:{slug}"] for slug in held]
        return opts + [OPT[f"retrieve:{slug}"] for slug in self._retrievable(s)]

    def ask(self, s: CastleState) -> Decision:
        mover = self._mover(s)
        here = s.room[mover]
        places = reachable(s, here)
        at_pod = self._pod_options(s, places)
        if self.at_pod and at_pod:
            return labelled(
                s,
                Decision(
                    (mover,),
                    "move",
                    f"{who(mover)} at the P.O.D. on the way: store or take Treasures, "
                    "then done to choose where the group goes",
                    (*at_pod, OPT["done"]),
                    self.rule,
                ),
            )
        opts: list[Option] = [OPT["stay"]]
        opts += [OPT[f"go:{r}"] for r in places if r != here]
        if at_pod:
            opts.append(OPT["pod"])
        return labelled(
            s,
            Decision(
                (mover,),
                "move",
                f"{who(mover)} leads: where does the group go? (now in {place(s, here)})",
                tuple(opts),
                self.rule,
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        oid = option.id
        if oid in ("pod", "done"):
            push(s, Movement(self.actor, self.left, oid == "pod"))
            return
        if oid.startswith("store:"):
            card = next(
                c
                for p in self._movers(s)
                for c in s.inventory(p)
                if s.t.slugs[c] == option.arg and c in s.slots
            )
            owner = s.t.owners[card]
            s.slots.pop(card, None)
            s.move(
                card,
                _inventory_of(s, card),
                POD,
                "castle.movement.pod",
                "{card} is stored in the P.O.D.",
            )
            del owner
            push(s, Movement(self.actor, self.left - 1, True))
            return
        if oid.startswith("retrieve:"):
            card = self._retrievable(s)[str(option.arg)]
            seat = next(p for p in self._movers(s) if best_slot(s, p, card))
            slot = best_slot(s, seat, card)
            assert slot is not None
            put(
                s,
                seat,
                card,
                slot,
                "castle.movement.pod",
                f"{who(seat)} takes {{card}} from the P.O.D.",
            )
            push(s, Movement(self.actor, self.left - 1, True))
            return
        movers = self._movers(s)
        if oid == "stay":
            s.emit(Event(self.rule, f"{who(player)} keeps the group where it is"))
            return
        room = str(option.arg)
        for p in movers:
            s.room[p] = room
        if room not in ("outside", "pod"):
            s.flags["inside"] = 1
        s.counters["moves"] = s.counters.get("moves", 0) + 1
        s.flags["entered" if self.actor is None else f"entered-{self.actor}"] = 1
        s.emit(
            Event(
                self.rule,
                # `room 8`, not its name: a room's name may be a hidden card's (the log
                # checks call that a leak), and the board shows the name
                f"{'The group' if self.actor is None else who(player)} moves to "
                + (f"room {room}" if room.isdigit() else place(s, room)),
            )
        )


def _inventory_of(s: CastleState, card: int) -> int:
    from tabletop.games.castle.cards import INVENTORY, zone

    for p in range(s.num_players):
        if card in s.zones.cards[zone(p, INVENTORY)]:
            return zone(p, INVENTORY)
    raise AssertionError("not in an inventory")


def token_here(s: CastleState, room: str) -> int | None:
    """The Random Event token lying in `room`, if any."""
    cards = s.zones.cards[ROOM_ZONE[room]]
    return cards[-1] if cards and s.t.kinds[cards[-1]] == TOKEN else None


__all__ = [
    "MAX_TURNS",
    "AfterPhase",
    "Movement",
    "Phase",
    "TurnStart",
    "by_slug",
    "reachable",
    "token_here",
]
