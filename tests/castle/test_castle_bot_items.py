"""The heuristic bot as a teammate a person would trust (issue 21): it keeps items out of its
Hands (an occupied Hand draws no card), never burns the weapon it fights with, and does not
spend the group's Clarity on Overcharges round after round."""

from __future__ import annotations

from castle_rig import game, halt
from test_castle_combat import PILL, Rig

from tabletop.engine.flow import push, settle
from tabletop.games.castle.bot import CastleBot
from tabletop.games.castle.cards import INVENTORY, TREASURE, TREASURE_DECK, zone
from tabletop.games.castle.items import Place, combat_power, put
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.trade import Between

SEEDS = range(10)


def empty_handed(s: CastleState, seat: int) -> None:
    for c in list(s.inventory(seat)):
        s.slots.pop(c, None)
        s.move(c, zone(seat, INVENTORY), TREASURE_DECK[s.treasure(c).colour], "test", "back")


def gained(s: CastleState, seat: int, name: str) -> int:
    card = s.t.by_name(TREASURE, name)[0]
    push(s, Place(seat, card))
    settle(s)
    return card


def test_an_item_goes_to_the_belt_or_backpack_and_a_weapon_to_the_hand() -> None:
    s = game(4)
    halt(s)
    empty_handed(s, 0)
    gained(s, 0, "Health Potion")
    assert {CastleBot(seed).choose(s, 0) for seed in SEEDS} == {"slot:backpack"}
    s.apply(0, "slot:backpack")
    gained(s, 0, "Lantern")  # large
    assert {CastleBot(seed).choose(s, 0) for seed in SEEDS} == {"slot:belt"}
    s.apply(0, "slot:belt")
    gained(s, 0, "Battle Axe")
    assert {CastleBot(seed).choose(s, 0) for seed in SEEDS} == {"slot:hand"}
    assert combat_power(s, 0) == 2  # both Hands still free before the Axe


def test_the_bot_never_burns_the_weapon_it_fights_with() -> None:
    s = game(4)
    halt(s)
    empty_handed(s, 0)
    axe = s.t.by_name(TREASURE, "Battle Axe")[0]
    put(s, 0, axe, "hand", "test", "given")
    lantern = s.t.by_name(TREASURE, "Lantern")[0]
    put(s, 0, lantern, "belt", "test", "given")
    s.energy[0] = 0
    push(s, Between((0,), 8))
    settle(s)
    opts = s.pending.option_ids(0)  # type: ignore[union-attr]
    assert "burn:battle-axe" in opts and opts.index("burn:battle-axe") < opts.index("burn:lantern")
    assert {CastleBot(seed).choose(s, 0) for seed in SEEDS} == {"burn:lantern"}


def test_one_overcharge_a_round_from_a_full_clarity_track() -> None:
    r = Rig((PILL,), health=20, clarity=10)
    r.enemy("Forest Wolf")
    r.start()
    r.at(PILL, "combat-draw")
    s = r.s
    assert "overcharge" in s.pending.option_ids(PILL)  # type: ignore[union-attr]
    assert CastleBot(1).choose(s, PILL) == "overcharge"
    s.clarity[0] = 8  # another Agent Overcharged: 8 - 2 would leave the group under 7
    assert CastleBot(1).choose(s, PILL) != "overcharge"
