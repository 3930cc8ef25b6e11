"""Setting up a game (castle.setup.*): the board, the Agents' Energy and Combat decks, Health
and Clarity, the first Leader, the shuffled enemy, Treasure and Random Event decks, then the
mode's own set-up: the Mission's Intro (campaign) or the Random Event tokens, Treasures and
Upgrades of Exploration, and the secret Contracts of Co-op Competitive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle.cards import (
    ALLY_BOX,
    CHASE_DECK,
    CONTRACT_DECK,
    CONTRACT_ZONE,
    DECK,
    ENEMY_DECK,
    EVENT_DECK,
    ROOM_ZONE,
    TOKEN_BAG,
    TREASURE_DECK,
    UPGRADE_BOX,
    WARDEN_DECK,
    zone,
)
from tabletop.games.castle.effects import TakeUpgrade, upgrade_room
from tabletop.games.castle.items import best_slot, gain_treasure, put
from tabletop.games.castle.records import EVENT_COLOURS
from tabletop.games.castle.turn import TurnStart

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

COLOURS = ("green", "blue", "red", "violet")


def set_up(s: CastleState) -> None:
    t, z, n = s.t, s.zones, s.num_players
    board = s.board
    s.emit(Event("castle.setup.board", f"The board: {board.name} ({s.timeline})"))
    for p in range(n):
        z.cards[zone(p, DECK)] = list(t.decks[p])
        z.shuffle(zone(p, DECK), s.rng)
    s.emit(Event("castle.setup.decks", "Each Agent shuffles its Combat deck; Energy 5 each"))
    for col in COLOURS:
        z.cards[TREASURE_DECK[col]] = list(t.treasures[col])
        z.shuffle(TREASURE_DECK[col], s.rng)
        z.cards[ENEMY_DECK[col]] = list(t.enemies[col])
        z.shuffle(ENEMY_DECK[col], s.rng)
    for col in EVENT_COLOURS:
        z.cards[EVENT_DECK[col]] = list(t.events[col])
        z.shuffle(EVENT_DECK[col], s.rng)
        z.cards[TOKEN_BAG[col]] = list(t.tokens[col])
        z.shuffle(TOKEN_BAG[col], s.rng)
    z.cards[ALLY_BOX] = list(t.allies)
    z.cards[UPGRADE_BOX] = list(t.upgrades)
    z.cards[CONTRACT_DECK] = list(t.contracts)
    z.shuffle(CONTRACT_DECK, s.rng)
    z.cards[CHASE_DECK] = list(t.chase)
    z.shuffle(CHASE_DECK, s.rng)
    z.cards[WARDEN_DECK] = list(t.warden)
    z.shuffle(WARDEN_DECK, s.rng)
    _leader(s)
    _starting_items(s)
    if s.opts.carried:  # a campaign's Treasures and Upgrades from the Mission before
        from tabletop.games.castle.campaign import apply_carried

        apply_carried(s)
    mode = s.mode
    start = mode.start or "outside"
    if s.opts.mode == "campaign":
        start = s.t.content.mission(s.opts.mission).start or "outside"
    s.room = [start] * n
    s.emit(
        Event(
            "castle.setup.health",
            f"Health {s.health[0]}, Clarity {s.clarity[0]}; the group starts at {start}",
        )
    )
    steps: list[object] = []
    if mode.story:
        from tabletop.games.castle.story import intro

        push(s, TurnStart())
        intro(s)  # the Intro's steps run before the first turn
        return
    _place_tokens(s)
    if mode.contracts:
        # castle.interpret.contracts: 7 Contracts for up to 8 Agents: dealt while they last
        for p in range(n):
            if not z.cards[CONTRACT_DECK]:
                s.emit(Event("castle.modes.contract", f"{_who(p)} draws no Contract: none is left"))
                continue
            card = z.cards[CONTRACT_DECK][-1]
            s.move(
                card,
                CONTRACT_DECK,
                zone(p, CONTRACT_ZONE),
                "castle.modes.contract",
                f"{_who(p)} draws a secret Contract",
                f"{_who(p)} draws the Contract {{card}}",
            )
    push(s, TurnStart())
    # Exploration: one Treasure per Agent, then up to 2 Upgrades each (castle.modes.exploration)
    if mode.upgrades:
        for p in reversed(range(n)):
            if upgrade_room(s, p):
                steps.append(TakeUpgrade(p, min(mode.upgrades, s.agent(p).upgrade_slots)))
    if steps:
        push(s, *reversed(steps))
    for p in reversed(range(n)):
        for _ in range(mode.treasures_per_agent):
            gain_treasure(s, p, "green", "castle.modes.exploration")


def _who(p: int) -> str:
    return f"A{p + 1}"


def _leader(s: CastleState) -> None:
    """Each Agent draws a green Treasure (seat 1 first); the highest sorting number leads; the
    cards go back and the deck is shuffled again (castle.setup.leader)."""
    deck = s.zones.cards[TREASURE_DECK["green"]]
    # the i-th green card of the table is the i-th green copy of the sorting order
    number = {
        card: n
        for card, (_, n) in zip(
            s.t.treasures["green"], s.t.content.sorting_numbers("green"), strict=True
        )
    }
    drawn = [deck[-1 - p] for p in range(s.num_players)]
    s.leader = max(range(s.num_players), key=lambda p: number[drawn[p]])
    s.zones.shuffle(TREASURE_DECK["green"], s.rng)
    s.emit(
        Event("castle.setup.leader", f"A{s.leader + 1} drew the highest green Treasure and leads")
    )


def _starting_items(s: CastleState) -> None:
    """Each Agent's starting Treasures are taken from the decks (castle.setup.items)."""
    for p in range(s.num_players):
        for name in s.agent(p).items:
            rec = s.t.content.treasure(name)
            deck = TREASURE_DECK[rec.colour]
            card = next((c for c in s.zones.cards[deck] if s.name(c) == name), None)
            if card is None:
                continue
            slot = best_slot(s, p, card)
            if slot is None:
                continue
            put(s, p, card, slot, "castle.setup.items", f"{_who(p)} starts with {{card}}")


def _place_tokens(s: CastleState) -> None:
    """Exploration: `tokens` Random Event tokens of each colour, in room order alternating
    green, blue, red from room 1, or shuffled and dealt from room 3 (castle.modes.tokens)."""
    n = s.opts.tokens
    drawn: list[int] = []
    for i in range(n):
        for col in EVENT_COLOURS:
            drawn.append(s.zones.cards[TOKEN_BAG[col]][-1 - i])
    start = s.mode.ordered_from or 1
    if s.opts.placement == "random":
        s.rng.shuffle(drawn)
        start = s.mode.random_from or 3
    rooms = [r for r in _enterable(s) if r.isdigit() and int(r) >= start]
    for card, room in zip(drawn, rooms, strict=False):
        col = s.t.pools[card].removeprefix("token-")
        s.move(
            card,
            TOKEN_BAG[col],
            ROOM_ZONE[room],
            "castle.modes.tokens",
            f"A {col} Random Event token is placed in room {room}",
        )


def _enterable(s: CastleState) -> list[str]:
    """The numbered rooms that have a door, in number order."""
    with_door = {d.a for d in s.board.doors} | {d.b for d in s.board.doors}
    return sorted((r.id for r in s.board.rooms if r.id in with_door and r.id.isdigit()), key=int)
