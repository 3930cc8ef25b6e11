"""The Combat Phase played through the engine: enemies, Treasures and the other rules of a
fight (how the scenarios are rigged: `combat_rig.py`)."""

from __future__ import annotations

from combat_rig import ARVIAS, PILL, SERA, Rig, aims, base_loss, solo

from tabletop.games.castle.cards import (
    CONTENT,
    DECK,
    DESTROYED,
    DISCARD,
    ENEMY,
    ENEMY_DECK,
    FIGHT,
    INITIATIVE,
    LURKING,
    TROPHIES,
    zone,
)
from tabletop.games.castle.combat import start_combat
from tabletop.games.castle.combat_windows import options
from tabletop.games.castle.enemy import targets
from tabletop.games.castle.items import equipped
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.sequence import line


# -- enemies --------------------------------------------------------------------------------------
def test_bomzard_countdown_acts_on_its_second_activation() -> None:
    r = Rig((), health=30, clarity=10)
    bomb = r.enemy("Bomzard")
    r.start()
    s = r.s
    r.to_round(2)  # round 1 over: Unengaged only, one Tracker token
    assert s.ecount[bomb] == 1 and (s.health[0], s.clarity[0]) == (29, 9)
    assert CONTENT.enemy("Bomzard").base.countdown == 2
    r.to_round(3)  # the second activation: its Base Attack goes off
    health, clarity = base_loss("Bomzard")
    assert s.ecount[bomb] == 0 and (s.health[0], s.clarity[0]) == (28 - health, 8 - clarity)


def test_immunity_and_bare_hands() -> None:
    r = Rig((PILL, ARVIAS))
    skeletron = r.enemy("Skeletron")
    s = r.s
    assert targets(s, ARVIAS) == [] and targets(s, PILL) == []  # Crossbow and Whip: Ranged
    s.slots[r.item(PILL, "Whip")] = "backpack"
    assert targets(s, PILL) == [(1, skeletron)]  # bare hands ignore immunities
    s.slots[r.item(ARVIAS, "Crossbow")] = "belt"
    s.slots[r.item(ARVIAS, "Titanium Shield")] = "belt"
    s.slots[r.item(ARVIAS, "Sapphire Rod")] = "hand"
    assert targets(s, ARVIAS) == [(1, skeletron)]  # Shock


def test_immune_enemy_is_not_offered_and_pass_when_none() -> None:
    r = Rig((ARVIAS,), health=30)
    r.enemy("Skeletron")
    r.start()
    assert aims(r.at(ARVIAS, "combat-target")) == ("pass",)


def test_weakness_adds_damage() -> None:
    r = Rig((ARVIAS,), health=20)
    wolf = r.enemy("Forest Wolf")  # weak to Shock
    weak = CONTENT.enemy("Forest Wolf").weak["shock"]
    r.start()
    r.play(ARVIAS, "equip:sapphire-rod")
    r.at(ARVIAS, "combat-draw")
    r.set_line(ARVIAS, "Attack", "Aid", "Steady Breath")
    r.at(ARVIAS, "combat-target")
    r.play(ARVIAS, "target:1")
    assert r.s.edamage[wolf] == 1 + weak


def test_unengaged_losses() -> None:
    r = Rig((), health=20, clarity=10)
    r.enemy("Castle Rat Swarm")
    r.enemy("Castle Rat Swarm")
    r.start()
    r.to_round(2)
    # each: 1 Health and 1 Clarity Unengaged, and its Base Attack
    health, clarity = base_loss("Castle Rat Swarm")
    assert (r.s.health[0], r.s.clarity[0]) == (20 - 2 - 2 * health, 10 - 2 - 2 * clarity)


def test_engaged_only_by_direct_damage() -> None:
    r = Rig((PILL,), health=20, clarity=10)
    rats = (r.enemy("Castle Rat Swarm"), r.enemy("Castle Rat Swarm"))
    r.start()
    r.at(PILL, "combat-draw")
    r.set_line(PILL, "Viral Lash", "Aid")
    r.at(PILL, "combat-target")
    r.play(PILL, "target:1")  # 1 Damage Engages it; the lash's 1 beside it does not
    s = r.s
    assert s.engaged == {rats[0]: 1}
    assert (s.edamage[rats[0]], s.edamage[rats[1]]) == (1, 1)
    r.to_round(2)
    health, clarity = base_loss("Castle Rat Swarm")
    assert (s.health[0], s.clarity[0]) == (20 - 1 - 2 * health, 10 - 1 - 2 * clarity)


def test_summoned_enemies_wait_a_round() -> None:
    r = Rig((), health=40, clarity=10)
    r.enemy("Void Summoner")  # its Base Attack summons a green enemy
    s = r.s
    rat = r.card(ENEMY, "Castle Rat Swarm", [ENEMY_DECK["green"]])
    deck = s.zones.cards[ENEMY_DECK["green"]]
    deck.remove(rat)
    deck.append(rat)
    r.start()
    assert any(st.effect == "summon" for st in CONTENT.enemy("Void Summoner").base.steps)
    summoner = base_loss("Void Summoner")
    r.to_round(2)
    assert rat in s.zones.cards[FIGHT] and rat not in s.estate
    # the Summoner was Unengaged and attacked; the Rat, summoned this round, did nothing
    health, clarity = 40 - 1 - summoner[0], 10 - 1 - summoner[1]
    assert (s.health[0], s.clarity[0]) == (health, clarity)
    r.to_round(3)
    # round 2: the Rat acts too (Unengaged, and its Base Attack)
    rat_loss = base_loss("Castle Rat Swarm")
    health -= 1 + summoner[0] + 1 + rat_loss[0]
    clarity -= 1 + summoner[1] + 1 + rat_loss[1]
    assert (s.health[0], s.clarity[0]) == (health, clarity)


def test_empty_deck_skips_a_turn() -> None:
    r = Rig((PILL,), health=40, clarity=10)
    r.enemy("Bomzard")
    s = r.s
    deck = s.zones.cards[zone(PILL, DECK)]
    for c in list(deck)[:-1]:
        s.move(c, zone(PILL, DECK), DESTROYED, "test", "x")
    r.start()
    r.at(PILL, "combat-rearrange")
    assert len(line(s, PILL)) == 1 and s.skip[PILL]  # 2 Combat Power, 1 card left
    r.to_round(2)
    assert len(s.zones.cards[zone(PILL, DISCARD)]) == 1 and not deck
    r.to_round(3)
    # round 2: Pill drew nothing and shuffled her discard pile back into her deck
    assert len(deck) == 1 and not s.zones.cards[zone(PILL, DISCARD)] and not s.skip[PILL]
    assert any("A1 skips this round" in e.text for e in s.log or ())


def test_initiative_unused_is_discarded_and_overwhelmed_draws_one_fewer() -> None:
    r = Rig((PILL,), health=40, clarity=10)
    r.enemy("Bomzard")
    s = r.s
    s.initiative[PILL] = True
    s.overwhelmed[PILL] = True
    r.stack(PILL, "Attack", "Aid", "Steady Breath")
    r.start()
    r.at(PILL, "combat-draw")
    assert [s.name(c) for c in s.zones.cards[zone(PILL, INITIATIVE)]] == ["Attack"]
    assert r.names(PILL) == ["Aid"]  # 2 Combat Power, Overwhelmed: 1
    assert not s.initiative[PILL] and not s.overwhelmed[PILL]
    r.to_round(2)
    assert not s.zones.cards[zone(PILL, INITIATIVE)]
    assert sorted(s.name(c) for c in s.zones.cards[zone(PILL, DISCARD)]) == ["Aid", "Attack"]
    r.at(PILL, "combat-draw")
    assert r.names(PILL) == ["Steady Breath", r.names(PILL)[1]]  # 2 again, no Initiative


def test_overcharge_once_until_refresh() -> None:
    r = solo("Attack", "Aid")
    s = r.s
    r.play(PILL, "overcharge")
    assert len(line(s, PILL)) == 3 and s.clarity[0] == 6 and "0:2" in s.cooldown
    r.to_round(2)
    r.at(PILL, "combat-rearrange")
    assert s.combat is not None and s.combat.round == 2
    assert "overcharge" not in options(s, PILL, "draw", 0)


def test_rewards_and_data_shards() -> None:
    r = Rig((PILL,), health=40, clarity=10, mode="coop-competitive")
    goblin = r.enemy("Goblin Scavenger")  # it leaves Energy and a green Treasure
    e = CONTENT.enemy("Goblin Scavenger")
    assert e.energy >= 1 and e.treasure == {"green": 1}
    r.s.edamage[goblin] = e.health - 4  # the two Critical Attacks finish it
    r.start()
    r.at(PILL, "combat-draw")
    r.set_line(PILL, "Critical Attack", "Critical Attack")
    r.at(PILL, "combat-target")
    r.play(PILL, "target:1")
    for _ in range(e.energy):
        r.play(PILL, "share:0")
    s = r.s
    assert s.energy[PILL] == 8 + e.energy
    r.play(PILL, "take:1")
    d = s.pending
    assert d is not None and d.kind == "place-treasure"
    r.play(PILL, d.option_ids(PILL)[0])
    r.halt()
    assert goblin in s.zones.cards[zone(PILL, TROPHIES)]
    assert s.shards[PILL] == s.record(goblin).shards and s.blows[PILL] == 1
    assert s.combat is None and not s.zones.cards[FIGHT]


def test_lurking_enemies_join_and_an_empty_fight_does_nothing() -> None:
    r = Rig((), health=40)
    s = r.s
    lurker = r.card(ENEMY, "Castle Rat Swarm", [ENEMY_DECK["green"]])
    s.move(lurker, ENEMY_DECK["green"], LURKING, "test", "lurks")
    start_combat(s)
    assert s.combat is None and lurker in s.zones.cards[LURKING]
    r.enemy("Bomzard")
    start_combat(s)
    assert lurker in s.zones.cards[FIGHT] and s.combat is not None


def test_random_combats_finish() -> None:
    """Random answers play whole combats to their end (or the group's), cards conserved."""
    import random

    for seed in range(12):
        mode = ("exploration", "coop-competitive", "unshackled")[seed % 3]
        r = Rig((0, 1, 2, 3), health=14, clarity=10, energy=5, mode=mode, seed=seed)
        s = r.s
        for colour in ("green", "green", "blue"):
            c = s.next_enemy(colour)
            assert c is not None
            s.move(c, ENEMY_DECK[colour], FIGHT, "test", "joins")
        r.start()
        rng = random.Random(seed)
        for _ in range(4000):
            d = s.pending
            if s.result is not None or (d is not None and d.kind == "halt"):
                break
            assert d is not None
            p = rng.choice(d.players)
            s.apply(p, rng.choice(d.option_ids(p)))
        else:
            raise AssertionError("the Combat did not end")
        s.zones.check_conservation()
        assert s.result is not None or s.combat is None


def test_special_ignores_immunities_but_another_weapon_does_not() -> None:
    r = Rig((SERA,))
    wisp = r.enemy("Will-o'-Wisp")  # immune to Melee
    s = r.s
    assert "melee" in CONTENT.enemy("Will-o'-Wisp").immune
    daggers = r.item(SERA, "Twin Daggers")
    s.slots[daggers] = "backpack"
    blade = r.give(SERA, "Runed Blade", "hand")
    assert s.treasure(blade).damage_type == "special"
    assert targets(s, SERA) == [(1, wisp)]
    s.slots[daggers] = "hand"  # a Melee weapon beside it: that one counts
    assert s.treasure(daggers).damage_type == "melee" and targets(s, SERA) == []


def test_loghan_armor_negates_a_weapon_effect() -> None:
    """The Loghan Armor's passive: the Crossbow loses its bolt for the round (its Combat Power
    and Ranged type stay)."""
    for enemy, bonus in (("The Loghan Armor", 0), ("Forest Wolf", 1)):
        r = Rig((ARVIAS,), health=40)
        foe = r.enemy(enemy)
        r.start()
        r.at(ARVIAS, "combat-draw")
        assert len(line(r.s, ARVIAS)) == 3  # Crossbow 2 + Shield 1
        r.set_line(ARVIAS, "Attack", "Aid", "Steady Breath")
        r.at(ARVIAS, "combat-target")
        r.play(ARVIAS, "target:1")
        assert r.s.edamage[foe] == 1 + bonus


def test_stun_keeps_an_enemy_from_acting_this_round() -> None:
    r = Rig((PILL,), health=20, clarity=10)
    rat = r.enemy("Castle Rat Swarm")
    s = r.s
    s.slots[r.item(PILL, "Whip")] = "backpack"
    r.give(PILL, "Stun Baton", "hand")
    r.start()
    r.at(PILL, "combat-draw")
    r.set_line(PILL, "Aid", "Steady Breath")
    assert "use:stun-baton" in r.at(PILL, "combat-target")
    r.play(PILL, "use:stun-baton")  # Stun the target: held until Pill targets
    r.play(PILL, "target:1")
    assert s.estate[rat] == "stunned"
    r.to_round(2)
    assert rat not in s.estate and (s.health[0], s.clarity[0]) == (20, 10)


def test_unshackled_only_the_agents_in_the_room_fight() -> None:
    r = Rig((PILL, ARVIAS), health=10, clarity=10, mode="unshackled")
    s = r.s
    s.room = ["3", "3", "5", "5"]
    s.flags["fight-seat"] = PILL
    r.enemy("Forest Wolf")
    r.start()
    assert s.combat is not None and s.combat.fighters == (PILL, ARVIAS)


def test_a_combat_clones_and_plays_apart() -> None:
    r = Rig((PILL, ARVIAS))
    r.enemy("Lost Warrior")
    r.start()
    r.at(ARVIAS, "combat-rearrange")
    s = r.s
    twin = s.clone()
    assert isinstance(twin, CastleState)
    before = (list(line(s, ARVIAS)), s.energy[ARVIAS], s.combat)
    opts = [o for o in twin.pending.option_ids(ARVIAS) if o.startswith("shift:")]  # type: ignore[union-attr]
    twin.apply(ARVIAS, opts[0])
    assert (list(line(s, ARVIAS)), s.energy[ARVIAS], s.combat) == before
    assert twin.energy[ARVIAS] < s.energy[ARVIAS]


def test_replace_and_discard_treasures() -> None:
    """The Pipe Wrench (in hand) replaces one of the Agent's cards with a fresh one in its
    Timing; the Lockpick Set discards one, the later cards moving up."""
    r = Rig((PILL, SERA), health=20)
    r.enemy("Forest Wolf")
    s = r.s
    s.slots[r.item(PILL, "Whip")] = "backpack"
    r.give(PILL, "Pipe Wrench", "hand")
    r.start()
    r.at(PILL, "combat-draw")
    r.set_line(PILL, "Direct Strike", "Attack")
    r.set_line(SERA, "Crushing Strike", "Attack", "Aid")
    r.stack(PILL, "Steady Breath")
    r.at(PILL, "combat-replace")
    r.play(PILL, "use:pipe-wrench")
    r.play(PILL, "card:1")
    assert r.names(PILL) == ["Steady Breath", "Attack"]
    r.play(SERA, "use:lockpick-set")
    r.play(SERA, "card:1")
    assert r.names(SERA) == ["Attack", "Aid"]
    assert [s.name(c) for c in s.zones.cards[zone(SERA, DISCARD)]] == ["Crushing Strike"]


def test_energy_for_an_agent_in_reach_comes_as_the_sequence_executes() -> None:
    lyra = 1
    r = Rig((PILL, lyra), health=20, agents=("pill", "lyra", "forzental", "sera"))
    r.enemy("Forest Wolf")
    s = r.s
    r.start()
    r.at(PILL, "combat-draw")
    r.set_line(lyra, "Rally Cry", "Aid")  # 1 Energy to each Agent in Reach
    r.set_line(PILL, "Aid", "Aid")
    r.at(PILL, "combat-rearrange")
    assert s.energy[PILL] == 8  # not before the Execute step
    r.at(PILL, "combat-target")
    assert s.energy[PILL] == 9 and s.energy[lyra] == 8


def test_time_echo_draws_onto_the_last_timing_and_it_executes() -> None:
    odessa = 1
    r = Rig((odessa,), health=20, agents=("pill", "odessa", "forzental", "sera"))
    r.enemy("Forest Wolf")
    s = r.s
    r.start()
    r.at(odessa, "combat-draw")
    r.set_line(odessa, "Time Echo", "Aid")
    r.stack(odessa, "Attack")
    r.at(odessa, "combat-rearrange")
    r.play(odessa, "pay:1")  # 2 Energy: one more card onto the last Timing
    r.at(odessa, "combat-target")
    assert r.names(odessa) == ["Time Echo", "Aid", "Attack"] and s.acc[odessa] == 1
    assert s.energy[odessa] == 6


def test_select_weapons_equip_and_unequip() -> None:
    """A two-handed weapon empties both Hands onto the Belt; a one-handed one with both
    Hands taken waits until the Agent puts one away; nothing goes where it does not fit."""
    r = Rig((ARVIAS,), health=20)
    r.enemy("Forest Wolf")
    s = r.s
    whip = r.give(ARVIAS, "Whip", "backpack")
    r.start()
    opts = r.at(ARVIAS, "combat-weapons")
    assert "equip:sapphire-rod" in opts and "equip:whip" not in opts  # which hand? unequip first
    assert {"unequip:crossbow", "unequip:titanium-shield"} <= set(opts)
    r.play(ARVIAS, "unequip:crossbow")  # to the Belt (large: not the Backpack)
    assert s.slots[r.item(ARVIAS, "Crossbow")] == "belt"
    assert "unequip:titanium-shield" not in s.pending.option_ids(ARVIAS)  # type: ignore[union-attr]
    r.play(ARVIAS, "equip:whip")
    assert sorted(s.name(c) for c in equipped(s, ARVIAS)) == ["Titanium Shield", "Whip"]
    assert s.slots[whip] == "hand"
