"""More of Castle Von Loghan's rules, each shown once: the Leader token, a Destroyed room,
Boss Run's Unique enemy, Exploration's token placement, Contracts, the start of the Refresh
Phase, Allies, named items, discarding, Upgrades (their passive effects too), hints, skipped
Refresh Phases."""

from __future__ import annotations

from castle_rig import answer, clear_tokens, game, halt, ids, place_token, take

from tabletop.engine.flow import push, settle
from tabletop.games.castle import abilities, items
from tabletop.games.castle.cards import (
    ALLIES,
    CONTRACT_ZONE,
    FIGHT,
    LURKING,
    ROOM_ZONE,
    SPENT,
    UPGRADE_BOX,
    UPGRADES,
    zone,
)
from tabletop.games.castle.effects import Ctx, lurk, run_steps
from tabletop.games.castle.records import Step
from tabletop.games.castle.refresh import start_refresh
from tabletop.games.castle.space import OPT
from tabletop.games.castle.turn import TurnStart, reachable


def step(effect: str, **params: object) -> Step:
    return Step(effect, dict(params))  # type: ignore[arg-type]


def resolve(s, seat: int | None, *steps: Step) -> None:  # type: ignore[no-untyped-def]
    run_steps(s, steps, Ctx(seat, colour="green"))
    settle(s)


def test_the_leader_token_passes_clockwise_but_not_on_the_first_turn() -> None:
    s = game(5)
    first = s.leader
    assert s.turn == 1
    halt(s)
    push(s, TurnStart())
    settle(s)
    assert s.turn == 2 and s.leader == (first + 1) % 5


def test_a_destroyed_room_cannot_be_entered() -> None:
    s = game(4)
    clear_tokens(s)
    s.marks.clear()
    room = next(r for r in s.board.neighbours("F") if r.isdigit())
    assert room in reachable(s, "F")
    s.marks[room] = ("destroyed",)
    assert room not in reachable(s, "F")


def test_boss_run_adds_a_unique_enemy_to_blue_and_red_summons() -> None:
    s = game(4, mode="boss-run")
    s.summon("green", 2, "test")
    assert len(s.zones.cards[FIGHT]) == 2
    s.summon("blue", 1, "test")
    colours = [s.record(c).colour for c in s.zones.cards[FIGHT]]
    assert colours.count("violet") == 1 and colours.count("blue") == 1
    plain = game(4, mode="exploration")
    plain.summon("red", 1, "test")
    assert [plain.record(c).colour for c in plain.zones.cards[FIGHT]] == ["red"]


def test_boss_run_blue_and_red_lurking_enemies_bring_a_unique_enemy() -> None:
    """A Lurking Enemy is summoned too (the overview's Summoning Enemies): in Boss Run a blue
    or red one brings a Unique enemy, set aside with it for the next Combat (it brought none:
    issue 21); a green one, or any in another mode, brings none."""
    s = game(4, mode="boss-run")
    lurk(s, "green", 1, "test")
    assert [s.record(c).colour for c in s.zones.cards[LURKING]] == ["green"]
    lurk(s, "red", 1, "test")
    colours = [s.record(c).colour for c in s.zones.cards[LURKING]]
    assert colours == ["green", "red", "violet"]
    plain = game(4, mode="exploration")
    lurk(plain, "blue", 1, "test")
    assert [plain.record(c).colour for c in plain.zones.cards[LURKING]] == ["blue"]


def test_exploration_places_tokens_in_room_order_or_shuffled_from_room_3() -> None:
    s = game(4, mode="exploration", tokens=2)
    placed = {r: s.t.pools[c[-1]] for r, z in ROOM_ZONE.items() if (c := s.zones.cards[z])}
    assert sorted(placed, key=int) == ["1", "2", "3", "4", "5", "6"]
    assert [placed[str(i)] for i in range(1, 7)] == [
        "token-green", "token-blue", "token-red", "token-green", "token-blue", "token-red",
    ]  # fmt: skip
    r = game(4, mode="exploration", tokens=4, placement="random", seed=3)
    rooms = sorted((x for x, z in ROOM_ZONE.items() if r.zones.cards[z]), key=int)
    assert len(rooms) == 12 and int(rooms[0]) >= 3


def test_contracts_are_dealt_while_they_last() -> None:
    s = game(8, mode="coop-competitive")
    held = [len(s.zones.cards[zone(p, CONTRACT_ZONE)]) for p in range(8)]
    assert held == [1] * 7 + [0]
    assert s.view(0)["agents"][0]["contract"] and s.view(1)["agents"][0]["contract"] == 1


def test_the_refresh_phase_starts_with_clarity_0_costing_health_and_cooldowns_cleared() -> None:
    s = game(4)
    halt(s)
    s.flags["evented"] = 1
    s.clarity[0], health = 0, s.health[0]
    s.cooldown["0:0"] = s.cooldown["2:2"] = 1
    ally = next(iter(s.t.allies))
    s.exhausted[ally] = 1
    start_refresh(s, None)
    assert s.health[0] == health - 1
    assert not s.cooldown and not s.exhausted
    s2 = game(4)
    halt(s2)
    s2.flags.update(evented=1, **{"skip-refresh": 1})
    clear_tokens(s2)
    token = place_token(s2, "red", 2, s2.room[0])
    start_refresh(s2, None)
    settle(s2)
    assert token in s2.zones.cards[SPENT]  # skipped, yet the token goes
    assert s2.pending is None or s2.pending.kind != "refresh"


def test_an_ally_joins_and_the_leader_calls_on_it_for_clarity() -> None:
    s = game(4)
    halt(s)
    resolve(s, None, step("gain-ally", ally="Old Hobb"))
    hobb = next(c for c in s.zones.cards[ALLIES] if s.name(c) == "Old Hobb")
    assert abilities.usable_allies(s, (s.leader + 1) % 4, "between") == []  # the Leader's call
    opts = abilities.options(s, s.leader, "between")
    assert OPT["ally:old-hobb"] in opts
    health, clarity = s.health[0], s.clarity[0]
    abilities.use(s, s.leader, OPT["ally:old-hobb"], "between")
    settle(s)
    assert s.clarity[0] == clarity - s.record(hobb).clarity and s.health[0] == health + 3
    assert hobb in s.exhausted


def test_named_items_discards_hints_and_upgrades() -> None:
    s = game(4)
    halt(s)
    resolve(s, 1, step("gain-item", item="Brass Gear"))
    assert s.pending is not None and s.pending.kind == "place-treasure"
    answer(s, ids(s)[0])
    assert "Brass Gear" in {s.name(c) for c in s.inventory(1)} or s.pending is not None
    resolve(s, 2, step("discard-treasure", count=1))
    assert s.pending is not None and s.pending.kind == "discard-treasure"
    before = len(s.inventory(2))
    answer(s, ids(s)[0])
    assert len(s.inventory(2)) == before - 1
    resolve(s, None, step("hint", hint="Look up."))
    assert s.hints == ["Look up."] and s.view(None)["hints"] == ["Look up."]
    resolve(s, 0, step("gain-upgrade", count=1))
    assert s.pending is not None and s.pending.kind == "upgrade"
    answer(s, "upgrade:capacitor-bank")
    assert [s.name(c) for c in s.zones.cards[zone(0, UPGRADES)]] == ["Capacitor Bank"]
    assert s.max_energy(0) == s.agent(0).max_energy + 2  # its passive max-energy


def test_upgrades_passives_slots_skill_costs_and_clarity() -> None:
    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    base_pack = items.capacity(s, 0, "backpack")
    virus = abilities.skill_cost(s, 0, 0)
    need = abilities.skill_clarity(s, 0, 0)
    for name in ("Extra Pouch", "Efficient Servos", "Neural Dampener"):
        take(s, name, zone(0, UPGRADES))
    assert items.capacity(s, 0, "backpack") == base_pack + 1
    assert abilities.skill_cost(s, 0, 0) < virus
    assert abilities.skill_clarity(s, 0, 0) != need
    assert all(c not in s.zones.cards[UPGRADE_BOX] for c in s.zones.cards[zone(0, UPGRADES)])


def test_skip_refresh_sets_the_turns_flag() -> None:
    s = game(4)
    halt(s)
    resolve(s, None, step("skip-refresh"))
    assert s.flags.get("skip-refresh") == 1


def test_a_suit_takes_one_of_each_upgrade() -> None:
    s = game(4)
    halt(s)
    resolve(s, 0, step("gain-upgrade", count=2))
    answer(s, "upgrade:capacitor-bank")
    assert s.pending is not None and s.pending.kind == "upgrade"
    assert "upgrade:capacitor-bank" not in ids(s, 0)  # its second copy is another Agent's
    answer(s, "upgrade:extra-pouch")
    assert sorted(s.name(c) for c in s.zones.cards[zone(0, UPGRADES)]) == [
        "Capacitor Bank",
        "Extra Pouch",
    ]


def test_equipping_takes_the_copy_that_can_be_equipped() -> None:
    """Two Whips, one in the Backpack and one on the Belt, a two-handed Battle Axe in hand and
    the Belt's other slot full: only the Belt's Whip can be taken up (the Axe goes where it
    was), so that is the one equipped."""
    from tabletop.games.castle.cards import INVENTORY
    from tabletop.games.castle.combat_windows import _weapons_act, _weapons_options

    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    for c in list(s.inventory(0)):
        s.slots.pop(c, None)
    inv = zone(0, INVENTORY)
    pack = take(s, "Whip", inv)
    belt = take(s, "Whip", inv, exclude=[pack])
    axe = take(s, "Battle Axe", inv)
    meds = take(s, "Nano Med-Bots", inv)
    for c in list(s.inventory(0)):
        if c not in (pack, belt, axe, meds):
            s.zones.cards[inv].remove(c)
            s.zones.cards[UPGRADE_BOX].append(c)  # out of the way (a rig, not a rule)
    s.slots.update({pack: "backpack", belt: "belt", meds: "belt", axe: "hand"})
    assert OPT["equip:whip"] in _weapons_options(s, 0, 0)
    _weapons_act(s, 0, OPT["equip:whip"])
    assert s.slots[belt] == "hand" and s.slots[axe] == "belt" and s.slots[pack] == "backpack"
