"""The effect handlers of the board and the story (castle.story.*): skipping a Refresh Phase,
moving the group, Story and Random Event tokens, Locked Door tokens, Story cards named by
another, a Mission's tallies, the KeyBots of Mission 6, the Lost Agents of Mission 10, the
Warden deck of Mission 4, Loghan Chase and Warden cards, and the end of a Mission.

A room or door parameter may be `here`: the group's room, or every door of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine.events import Event
from tabletop.games.castle.cards import (
    CHASE,
    CHASE_DECK,
    DECK_DISCARD,
    ROOM_ZONE,
    SPENT,
    TOKEN_BAG,
    WARDEN,
    WARDEN_DECK,
)
from tabletop.games.castle.effects import EFFECTS, Ctx, run_steps
from tabletop.games.castle.records import EVENT_COLOURS
from tabletop.games.castle.turn import token_here

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

EVENT_TOKENS = {f"event-{c}": c for c in EVENT_COLOURS}  # place-token kinds of the big tokens


def group_room(s: CastleState) -> str:
    return s.room[s.leader]


def room_of(s: CastleState, p: Mapping[str, Any]) -> str:
    room = str(p["room"])
    return group_room(s) if room == "here" else room


def doors_of(s: CastleState, p: Mapping[str, Any]) -> tuple[str, ...]:
    door = str(p["door"])
    if door != "here":
        return (door,)
    here = group_room(s)
    return tuple(d.id for d in s.board.doors if here in (d.a, d.b))


@EFFECTS.handler("skip-refresh", rule="castle.story.skip-refresh")
def _skip_refresh(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.flags["skip-refresh"] = 1
    s.emit(Event("castle.story.skip-refresh", "This turn's Refresh Phase is skipped"))


@EFFECTS.handler("move-group", rule="castle.story.move-group")
def _move_group(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    room = room_of(s, p)
    s.room = [room] * s.num_players
    s.emit(Event("castle.story.move-group", f"The group is moved to {room}"))


@EFFECTS.handler("place-token", rule="castle.story.place-token")
def _place_token(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    place_token(s, str(p["token"]), room_of(s, p))


def place_token(s: CastleState, kind: str, room: str) -> None:
    """A Random Event token of a colour comes face down from its bag; any other token is a
    Story token (`s.marks`)."""
    colour = EVENT_TOKENS.get(kind)
    if colour is not None:
        bag = s.zones.cards[TOKEN_BAG[colour]]
        if not bag:
            s.emit(Event("castle.story.place-token", f"No {colour} event token is left"))
            return
        s.move(
            bag[-1],
            TOKEN_BAG[colour],
            ROOM_ZONE[room],
            "castle.story.place-token",
            f"A {colour} Random Event token is placed in {room}",
        )
        return
    s.marks[room] = (*s.marks.get(room, ()), kind)
    s.emit(Event("castle.story.place-token", f"A {kind} token is placed in {room}"))


@EFFECTS.handler("remove-token", rule="castle.story.remove-token")
def _remove_token(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    remove_token(s, str(p["token"]), room_of(s, p))


def remove_token(s: CastleState, kind: str, room: str) -> None:
    colour = EVENT_TOKENS.get(kind)
    if colour is not None:
        token = token_here(s, room)
        if token is not None and s.t.pools[token] == f"token-{colour}":
            s.move(
                token,
                ROOM_ZONE[room],
                SPENT,
                "castle.story.remove-token",
                f"The {colour} event token in {room} is removed",
            )
        return
    marks = list(s.marks.get(room, ()))
    if kind not in marks:
        return
    marks.remove(kind)
    if marks:
        s.marks[room] = tuple(marks)
    else:
        del s.marks[room]
    s.emit(Event("castle.story.remove-token", f"The {kind} token in {room} is removed"))


@EFFECTS.handler("lock-door", rule="castle.story.lock-door")
def _lock_door(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    for door in doors_of(s, p):
        s.locked[door] = 1
        s.emit(Event("castle.story.lock-door", f"A Locked Door token blocks the door {door}"))


@EFFECTS.handler("unlock-door", rule="castle.story.unlock-door")
def _unlock_door(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    for door in doors_of(s, p):
        if s.locked.pop(door, None):
            s.emit(Event("castle.story.unlock-door", f"The door {door} is unlocked"))


@EFFECTS.handler("story-card", rule="castle.story.story-card")
def _story_card(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    from tabletop.games.castle.story import resolve_named

    resolve_named(s, str(p["card"]))


@EFFECTS.handler("counter", rule="castle.story.counter")
def _counter(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    name = str(p["name"])
    s.counters[name] = s.counters.get(name, 0) + int(p["amount"])
    s.emit(Event("castle.story.counter", f"{name}: {s.counters[name]}"))


@EFFECTS.handler("move-keybots", rule="castle.story.move-keybots")
def _move_keybots(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    """Every KeyBot token moves through one door (never a lift: the Mission's hint) into a
    room next to it, chosen with the game's chance among the rooms it may enter: a room of
    the castle (not outside, not the P.O.D.), not behind a Locked Door token, not the group's
    room (a bot flees the group; the group catches it by entering its room). A bot with no
    such room stays. Bots move in room order, each once."""
    here = group_room(s)
    bots = sorted(
        ((room, n) for room, marks in s.marks.items() for n in range(marks.count("keybot"))),
        key=lambda rn: _room_key(rn[0]),
    )
    for room, _ in bots:
        ways = sorted(
            {
                (d.b if d.a == room else d.a)
                for d in s.board.doors
                if room in (d.a, d.b) and d.kind == "door" and d.id not in s.locked
            }
            - {"outside", "pod", here, room},
            key=_room_key,
        )
        if not ways:
            continue
        there = ways[s.rng.below(len(ways))]
        marks = list(s.marks[room])
        marks.remove("keybot")
        if marks:
            s.marks[room] = tuple(marks)
        else:
            del s.marks[room]
        s.marks[there] = (*s.marks.get(there, ()), "keybot")
        s.emit(Event("castle.story.move-keybots", f"A KeyBot moves from {room} to {there}"))


def _room_key(room: str) -> tuple[int, str]:
    return (int(room), "") if room.isdigit() else (-1, room)


@EFFECTS.handler("summon-lost-agents", rule="castle.story.summon-lost-agents")
def _summon_lost_agents(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    """The Lost Agent of each active Agent joins the fight (Mission 10's FAQ: only those of
    the Agents in play)."""
    for seat in range(s.num_players):
        if s.health[s.pool(seat)] > 0:
            EFFECTS["summon-enemy"](s, ctx, {"enemy": f"Lost {s.t.agents[seat]}"})


@EFFECTS.handler("warden-deck", rule="castle.story.warden-deck")
def _warden_deck(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.flags["warden"] = 1
    s.emit(
        Event(
            "castle.story.warden-deck",
            "Mission 4's Warden deck is triggered: no more Refresh Phases",
        )
    )


@EFFECTS.handler("deck-card", rule="castle.story.deck-card")
def _deck_card(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    """The top Loghan Chase or Warden card is drawn, resolved and discarded. The Warden deck
    is drawn from only once it is triggered (Mission 4's Mission card applies every turn)."""
    deck = str(p["deck"])
    if deck == "warden" and not s.flags.get("warden"):
        return
    zone_, kind = (CHASE_DECK, CHASE) if deck == "chase" else (WARDEN_DECK, WARDEN)
    z = s.zones
    if not z.cards[zone_]:
        back = [c for c in z.cards[DECK_DISCARD] if s.t.kinds[c] == kind]
        for c in back:
            s.move(c, DECK_DISCARD, zone_, "castle.story.deck-card", "{card} is shuffled back")
        z.shuffle(zone_, s.rng)
    if not z.cards[zone_]:
        return
    card = z.cards[zone_][-1]
    s.move(
        card, zone_, DECK_DISCARD, "castle.story.deck-card", f"The {deck} card {{card}} is drawn"
    )
    run_steps(s, s.record(card).steps, Ctx(source=card))


@EFFECTS.handler("win-mission", rule="castle.story.win-mission")
def _win_mission(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.win(f"Mission {s.opts.mission} is won")


@EFFECTS.handler("lose-mission", rule="castle.story.lose-mission")
def _lose_mission(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.lose(f"Mission {s.opts.mission} is lost")


__all__ = ["EVENT_TOKENS", "place_token", "remove_token"]
