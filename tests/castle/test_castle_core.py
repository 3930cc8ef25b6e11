"""Castle Von Loghan's core rules: set-up, Health and Clarity, Energy, inventory and weapons,
movement, the Refresh Phase (with the rulebook's two Search examples), Sneak's secret peek,
burning, the trading window and Treasure Sets."""

from __future__ import annotations

import pytest
from castle_rig import answer, clear_tokens, game, ids, place_token, take

from tabletop.engine.errors import OptionError
from tabletop.games.castle import items
from tabletop.games.castle.cards import (
    CONTENT,
    DECK,
    DISCARD,
    INVENTORY,
    LURKING,
    MERCHANT,
    POD,
    ROOM_ZONE,
    SPENT,
    TREASURE_DECK,
    CastleOptions,
    zone,
)
from tabletop.games.castle.effects import EFFECTS
from tabletop.games.castle.records import EFFECTS as CONTENT_EFFECTS
from tabletop.games.castle.refresh import Choose, resolve
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.turn import reachable


def test_every_effect_the_content_names_has_its_one_handler() -> None:
    import tabletop.games.castle  # noqa: F401 (registers every module's handlers)

    assert EFFECTS.problems(set(CONTENT_EFFECTS)) == []


def test_setup_numbers() -> None:
    for n in range(4, 9):
        s = game(n, seed=n)
        assert s.health == [10 + n] and s.clarity == [10]  # 4 Agents: Health 14
        assert s.energy == [5] * n
        assert all(len(s.zones.cards[zone(p, DECK)]) == 32 for p in range(n))
        assert s.summon_count() == n - 1  # the Summon table: 4 -> 3 ... 8 -> 7
    with pytest.raises(OptionError, match="4 to 8"):
        CastleState(3, 0, CastleOptions(), False)
    with pytest.raises(OptionError, match="one Agent per seat"):
        CastleState(4, 0, CastleOptions(agents=("pill",)), False)


def test_the_first_leader_drew_the_highest_green_treasure() -> None:
    leaders = {game(4, seed=k).leader for k in range(12)}
    assert len(leaders) > 1  # not always seat 1: the draw decides


def test_starting_items_and_combat_power() -> None:
    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    pill = {s.name(c): s.slots.get(c) for c in s.inventory(0)}
    assert pill["Whip"] == "hand"
    assert items.combat_power(s, 0) == 2  # the Whip's 1 and a free hand's 1 (the example)
    arvias = {s.name(c): s.slots.get(c) for c in s.inventory(1)}
    assert arvias["Crossbow"] == "hand" and arvias["Titanium Shield"] == "hand"
    assert arvias["Sapphire Rod"] != "hand"
    assert items.combat_power(s, 1) == 3  # Crossbow 2 + Titanium Shield 1: 3 cards
    assert items.damage_types(s, 1) == frozenset({"ranged"})


def test_slots_sizes_and_two_handed_weapons() -> None:
    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    rod = next(c for c in s.inventory(1) if s.name(c) == "Sapphire Rod")
    assert not items.fits(s, 1, rod, "hand")  # both hands are full
    assert not items.fits(s, 1, rod, "backpack")  # a large Treasure never goes in a Backpack
    for c in list(s.inventory(1)):
        if s.slots[c] == "hand":
            s.slots[c] = "belt" if s.name(c) == "Crossbow" else "backpack"
    s.slots[rod] = "hand"
    assert items.room_used(s, 1, "hand") == 2  # two-handed: both Hand slots
    assert items.combat_power(s, 1) == 3  # the Rod's 3, no free hand


def test_clarity_loss_at_zero_is_paid_in_health_and_energy_never_below_zero() -> None:
    s = game(4)
    s.change_clarity(-12, None, "test")
    assert s.clarity == [0] and s.health == [14 - 2]
    s.change_clarity(5, None, "test")
    s.change_clarity(20, None, "test")
    assert s.clarity == [10]  # the track's top
    assert s.lose_energy(0, 9, "test") == 5 and s.energy[0] == 0  # pays what it can
    assert s.gain_energy(0, 50, "test") == s.max_energy(0)  # the excess is lost
    s.change_health(-30, None, "test")
    assert s.is_over and s.result is not None and s.result.team == "lost"


def test_movement_stops_at_tokens_and_locked_doors() -> None:
    s = game(4)
    clear_tokens(s)
    s.marks.clear()
    start = "outside"
    free = reachable(s, start)
    assert "F" in free and "pod" in free
    neighbours = s.board.neighbours("F")
    blocker = next(r for r in neighbours if r.isdigit())
    place_token(s, "green", 1, blocker)
    beyond = [r for r in s.board.neighbours(blocker) if r not in neighbours and r not in ("F",)]
    stopped = reachable(s, start)
    assert blocker in stopped  # a room with a token can be entered...
    for door in s.board.doors:
        s.locked[door.id] = 1
    assert set(reachable(s, start)) == {start}  # every door locked: nowhere to go
    del beyond


def test_the_group_moves_and_may_use_the_pod_on_the_way() -> None:
    s = game(4, mode="exploration")
    while s.pending is not None and s.pending.kind != "move":
        answer(s, *(o for o in ids(s)[:1]))
    assert s.pending is not None and s.pending.kind == "move"
    opts = ids(s, s.leader)
    assert "stay" in opts and any(o.startswith("go:") for o in opts)
    held = next(c for c in s.inventory(s.leader) if c in s.slots)
    slug = s.t.slugs[held]
    assert "pod" in opts and f"store:{slug}" not in opts  # the group starts on the P.O.D.
    s.apply(s.leader, "pod")  # two short questions (castle.interpret.pod-step)
    opts = ids(s, s.leader)
    assert f"store:{slug}" in opts and "done" in opts
    assert not any(o.startswith("go:") for o in opts)
    s.apply(s.leader, f"store:{slug}")
    assert held in s.zones.cards[POD]
    assert s.pending is not None and s.pending.kind == "move"
    assert "done" in ids(s, s.leader)  # still at the P.O.D.
    s.apply(s.leader, "done")
    opts = ids(s, s.leader)
    assert "stay" in opts and "pod" in opts  # back to where the group goes


def test_the_pod_offers_only_treasures_a_mover_has_room_for() -> None:
    """A Treasure in the P.O.D. that fits no mover is not offered (choosing it crashed the
    engine in an Unshackled game: issue 21), one that fits is, and taking it works."""
    s = game(4, seed=3, mode="unshackled")
    while s.pending is not None and s.pending.kind != "move":
        answer(s, ids(s)[0])
    assert s.pending is not None
    mover = s.pending.players[0]
    assert s.room[mover] == "pod"
    mine = zone(mover, INVENTORY)
    while items.room(s, mover)[1]:  # Hands and Belt full, the Backpack free
        s.slots[take(s, "Lantern", mine, exclude=s.inventory(mover))] = "belt"
    assert items.room(s, mover)[:2] == (0, 0) and items.room(s, mover)[2] > 0
    large = take(s, "Crossbow", POD)
    small = take(s, "Bandages", POD, exclude=s.inventory(mover))
    from tabletop.engine.flow import ask_again

    ask_again(s)
    s.apply(mover, "pod")
    opts = ids(s, mover)
    assert "retrieve:crossbow" not in opts  # large: no Backpack takes it
    assert "retrieve:bandages" in opts
    s.apply(mover, "retrieve:bandages")
    assert small in s.inventory(mover) and s.slots[small] == "backpack"
    assert large in s.zones.cards[POD]


def _refresh(s: CastleState, chosen: tuple[tuple[int, str], ...]) -> None:
    resolve(s, chosen)
    from tabletop.engine.flow import settle

    settle(s)


def test_rest_rally_recharge() -> None:
    s = game(4)
    s.health[0], s.clarity[0] = 9, 6
    for card in list(s.zones.cards[zone(1, DECK)])[:5]:
        s.zones.cards[zone(1, DECK)].remove(card)
        s.zones.cards[zone(1, DISCARD)].append(card)
    _refresh(s, ((0, "rest"), (1, "rally"), (2, "recharge"), (3, "rest")))
    assert s.health[0] == 11 and s.clarity[0] == 8  # 1 and 1 per resting Agent
    assert len(s.zones.cards[zone(1, DECK)]) == 32 and not s.zones.cards[zone(1, DISCARD)]
    assert s.energy[2] == 8


def test_search_example_a() -> None:
    """Blue token 1: nothing, a blue Treasure, 2 Health, 1 Clarity, from the Leader's left."""
    s = game(4)
    clear_tokens(s)
    s.leader = 3
    token = place_token(s, "blue", 1, "5")
    s.room = ["5"] * 4
    health, clarity = s.health[0], s.clarity[0]
    before = [len(s.inventory(p)) for p in range(4)]
    _refresh(s, ((2, "search"), (0, "search"), (1, "search"), (3, "search")))
    assert token in s.zones.cards[SPENT]
    # seat 0 (left of the Leader) finds nothing; seat 1 a blue Treasure; seat 2's 2 Health
    assert s.pending is not None and s.pending.kind == "place-treasure"
    assert s.pending.players == (1,)
    assert s.health[0] == health + 2 and s.clarity[0] == min(10, clarity + 1)
    answer(s, ids(s, 1)[0])
    assert len(s.inventory(1)) in (before[1], before[1] + 1)
    assert len(s.inventory(0)) == before[0]


def test_search_example_b() -> None:
    """Blue token 2: the Gob-li Merchant, nothing, a Lurking Enemy, two blue Treasures."""
    s = game(4)
    clear_tokens(s)
    s.leader = 0
    place_token(s, "blue", 2, "5")
    s.room = ["5"] * 4
    _refresh(s, ((1, "search"), (2, "search"), (3, "search"), (0, "search")))
    assert len(s.zones.cards[LURKING]) == 1  # the third Searcher attracts a Lurking Enemy
    d = s.pending
    assert d is not None
    # the fourth Searcher (the Leader) places two blue Treasures; Gob-li waits under them
    kinds = []
    while s.pending is not None and s.pending.kind in ("place-treasure", "buy"):
        kinds.append(s.pending.kind)
        if s.pending.kind == "buy":
            assert len(s.zones.cards[MERCHANT]) == 3  # one of each of green, blue, red
            for p in s.to_move():
                s.apply(p, "done")
        else:
            answer(s, ids(s)[-1])
    assert kinds.count("place-treasure") == 2 and "buy" in kinds
    assert not s.zones.cards[MERCHANT]  # what nobody bought is discarded


def test_sneak_is_seen_by_the_sneaker_only() -> None:
    s = game(4)
    clear_tokens(s)
    s.room = ["outside"] * 4
    room = next(r for r in s.board.neighbours("F") if r.isdigit())
    token = place_token(s, "green", 1, room)
    s.room = ["F"] * 4
    _refresh(s, ((2, f"sneak:{room}"),))
    assert room in s.sneaked and token in s.zones.cards[ROOM_ZONE[room]]
    assert s.zones.can_see(2, ROOM_ZONE[room], token)
    for p in (0, 1, 3, None):
        assert not s.zones.can_see(p, ROOM_ZONE[room], token)
    seen = next(r for r in s.view(2)["rooms"] if r["id"] == room)
    assert seen["sneaked"] and "seen" in seen
    other = next(r for r in s.view(0)["rooms"] if r["id"] == room)
    assert other["sneaked"] and "seen" not in other
    texts = [e.text_for(0) for e in s.log or []] + [e.text_for(None) for e in s.log or []]
    assert not any("shows" in t for t in texts)


def test_refresh_asks_every_agent_and_only_offers_search_with_a_token() -> None:
    s = game(4)
    clear_tokens(s)
    s.room = ["5"] * 4
    step = Choose((0, 1, 2, 3), ())
    opts = step.ask(s).options_for(0)
    assert {o.id for o in opts} >= {"rest", "rally", "recharge"}
    assert "search" not in {o.id for o in opts}
    place_token(s, "red", 3, "5")
    assert "search" in {o.id for o in step.ask(s).options_for(0)}
    full = Choose((0,), tuple((p, "search") for p in (1, 2, 3, 1)))
    assert "search" not in {o.id for o in full.ask(s).options_for(0)}  # four already Search


def test_burning_a_used_treasure_waits_for_the_next_phase() -> None:
    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    bow = next(c for c in s.inventory(1) if s.name(c) == "Crossbow")
    assert items.can_burn(s, bow)
    s.used[bow] = 1
    assert not items.can_burn(s, bow)
    s.used.clear()
    energy = s.energy[1]
    items.burn(s, 1, bow)
    assert s.energy[1] == min(s.max_energy(1), energy + CONTENT.treasure("Crossbow").energy)
    assert bow not in s.inventory(1) and s.burned[1] == 1


def test_a_gained_treasure_is_kept_given_burned_or_discarded() -> None:
    s = game(4)
    card = take(s, "Health Potion", TREASURE_DECK["green"])
    items.gain_treasure(s, 2, "green", "test")
    from tabletop.engine.flow import settle

    settle(s)
    d = s.pending
    assert d is not None and d.kind == "place-treasure" and d.players == (2,)
    opts = d.option_ids(2)
    assert any(o.startswith("slot:") for o in opts) and any(o.startswith("give:") for o in opts)
    assert "burn:health-potion" in opts and "discard:health-potion" in opts
    s.apply(2, "give:3")
    assert card in s.zones.cards[zone(3, INVENTORY)] and card in s.slots


def test_a_complete_treasure_set_is_exchanged_for_its_unique_treasure() -> None:
    from tabletop.games.castle import trade

    s = game(4)
    pieces = [t.name for t in CONTENT.treasures if t.set == "The Chronometer"]
    for name in pieces:
        card = take(s, name, zone(0, INVENTORY))
        s.slots[card] = "backpack"
    s.agent(0)  # (Backpack room is not checked for rigged pieces)
    assert "The Chronometer" in trade.set_pieces(s)
    slug = CONTENT.treasure("The Chronometer").slug
    assert f"exchange:{slug}" in {o.id for o in trade.options(s, 0)}
    trade.exchange(s, 0, slug)
    from tabletop.engine.flow import settle

    settle(s)
    names = {s.name(c) for c in s.inventory(0)}
    assert not names & set(pieces)
    assert "The Chronometer" in names or s.pending is not None


def test_a_sneaked_token_stays_turned_in_its_room_when_others_redraw_it() -> None:
    """Determinizing for another seat re-deals the hidden token, never the public mark."""
    from tabletop.engine.rng import Rng

    s = game(4)
    clear_tokens(s)
    room = next(r for r in s.board.neighbours("F") if r.isdigit())
    place_token(s, "green", 1, room)
    place_token(s, "green", 2, "9")
    s.room = ["F"] * 4
    _refresh(s, ((2, f"sneak:{room}"),))
    for k in range(8):
        d = s.determinize(0, Rng(k))
        assert d.sneaked == {room: 1}
        view = {r["id"]: r for r in d.view(0)["rooms"]}
        assert view[room].get("sneaked") and not view["9"].get("sneaked")
