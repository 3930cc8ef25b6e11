"""The Combat Phase played through the engine: the rulebook's worked examples, with its numbers
(how the scenarios are rigged: `combat_rig.py`)."""

from __future__ import annotations

import pytest
from combat_rig import ARVIAS, PILL, SERA, Rig, aims, solo

from tabletop.games.castle.cards import (
    ENEMY_DISCARD,
    FIGHT,
    INITIATIVE,
    zone,
)
from tabletop.games.castle.items import can_burn, combat_power, equipped
from tabletop.games.castle.sequence import line, shift_cost


# -- the Combat example ---------------------------------------------------------------------------
@pytest.fixture
def example() -> Rig:
    """Arvias (seat 1, the Leader) and Pill (seat 0), in Reach of each other, in the Past with
    Health 10, Clarity 8 and 8 Energy each, against a Lost Warrior and a Skeletron; the cards
    they draw in the example are stacked on their decks."""
    r = Rig((PILL, ARVIAS))
    r.s.leader = ARVIAS
    r.enemy("Lost Warrior")
    r.enemy("Skeletron")
    r.s.initiative[ARVIAS] = True
    r.stack(
        ARVIAS,
        *("Aggressive Attack", "Block", "Charge Support", "Energy Attack", "Riposte Strike"),
        *("Critical Attack", "Charge Support", "Delayed Strike", "Aid"),
    )
    r.stack(
        PILL,
        *("Steady Breath", "Union Attack"),
        *("Charged Strike", "Power Surge", "Charged Attack", "Attack"),
    )
    r.start()
    return r


def round_one(r: Rig) -> None:
    s = r.s
    assert s.timeline == "past"
    r.done(PILL, ARVIAS)  # Step 1: both keep their weapons
    # Step 2: Arvias' Initiative card is drawn face up
    r.at(ARVIAS, "combat-start")
    assert [s.name(c) for c in s.zones.cards[zone(ARVIAS, INITIATIVE)]] == ["Aggressive Attack"]
    r.done(ARVIAS)  # (his Start of Combat Skill is not used)
    r.at(ARVIAS, "combat-draw")
    # Step 3: 3 cards for Arvias (Crossbow 2 + Titanium Shield 1), 2 for Pill (Whip + a hand)
    assert r.names(ARVIAS) == ["Block", "Charge Support", "Energy Attack"]
    assert r.names(PILL) == ["Steady Breath", "Union Attack"]
    r.done(PILL, ARVIAS)  # no Overcharge
    # Step 4: Charge Support draws Riposte Strike into Timing 2 and gives 1 Energy
    r.play(ARVIAS, "card:2")
    assert r.names(ARVIAS) == ["Block", "Riposte Strike", "Energy Attack"]
    assert s.energy[ARVIAS] == 9
    r.play(ARVIAS, "initiative:1")  # the Initiative card replaces Block
    assert r.names(ARVIAS) == ["Aggressive Attack", "Riposte Strike", "Energy Attack"]
    # (nothing is left for him to do in this step: the window closes for him by itself)
    # Step 5: Energy Attack over Riposte Strike costs 1 + 1; its paid effect 3 more
    r.play(ARVIAS, "shift:3:2")
    assert r.names(ARVIAS) == ["Aggressive Attack", "Energy Attack", "Riposte Strike"]
    assert s.energy[ARVIAS] == 7
    r.play(ARVIAS, "pay:2")
    assert s.energy[ARVIAS] == 4  # "4 Energy remaining"
    r.done(ARVIAS, PILL)
    # Step 6: the Titanium Shield Negates Riposte Strike
    r.play(ARVIAS, "use:titanium-shield")
    r.play(ARVIAS, "card:3")  # (the Shield is exhausted: nothing more for him in this step)
    assert s.negated == {line(s, ARVIAS)[2]: 1}
    # Step 7: Arvias 2 + 1 + 2 = 5 Damage and 3 Rage; Pill's Steady Breath (+1 Clarity), Union
    # Attack 1 + 2 beside Arvias' Energy Attack on Timing 2; her Nano Med-Bots and potion
    # (usable at any time: she uses them once her sequence has executed, as in the example)
    r.at(PILL, "combat-execute")
    r.play(PILL, "use:nano-med-bots")
    r.play(PILL, "use:small-health-potion")
    assert (s.acc[ARVIAS], s.rage, s.acc[PILL]) == (5, 3, 3)
    assert (s.health[0], s.clarity[0]) == (14, 9)
    assert r.item(PILL, "Nano Med-Bots") in s.exhausted
    assert all(s.name(c) != "Small Health Potion" for c in s.inventory(PILL))  # discarded
    r.done(PILL)
    # Step 8: Arvias (Ranged Crossbow) cannot target Skeletron; 5 + 1 (Crossbow) on the Warrior
    assert aims(r.at(ARVIAS, "combat-target")) == ("target:1",)
    r.play(ARVIAS, "target:1")
    warrior, skeletron = s.zones.cards[FIGHT]
    assert s.edamage[warrior] == 6
    r.play(PILL, "skill:1")  # Virus: 1 Damage to every enemy, 3 Energy
    assert (s.edamage[warrior], s.edamage[skeletron], s.energy[PILL]) == (7, 1, 5)
    r.play(PILL, "target:1")  # 3 more: 10, Defeated
    assert s.estate[warrior] == "defeated"
    r.play(ARVIAS, "share:1")  # the Leader hands its 2 Energy to Arvias, one at a time
    r.play(ARVIAS, "share:1")
    assert s.energy[ARVIAS] == 6
    assert s.counters["defeated:Lost Warrior"] == 1
    assert s.counters["blows:0:green"] == 1 and s.blows[PILL] == 1
    # Step 9: Skeletron is Unengaged (1 + 1), its Base Attack takes 3 Clarity, its Past Rage
    # Attack (3 Rage) finds no active enemy beside it
    r.to_round(2)


def test_combat_example_round_1(example: Rig) -> None:
    r = example
    s = r.s
    round_one(r)
    assert (s.health[0], s.clarity[0]) == (13, 5)
    assert (s.energy[ARVIAS], s.energy[PILL]) == (6, 5)
    warrior, skeletron = s.zones.cards[FIGHT]
    assert s.estate[warrior] == "defeated" and s.edamage[skeletron] == 1
    assert "0:0" in s.cooldown  # Virus cools down until the Refresh Phase
    assert s.combat is not None and s.combat.round == 2
    assert not line(s, ARVIAS) and not s.negated and s.rage == 0  # the round was cleared


def test_combat_example_round_2(example: Rig) -> None:
    r = example
    s = r.s
    round_one(r)
    # Step 1: the two-handed Sapphire Rod puts the Crossbow and the Shield on the Belt; Pill
    # puts her Whip away to fight bare-handed
    r.play(ARVIAS, "equip:sapphire-rod")
    assert [s.name(c) for c in equipped(s, ARVIAS)] == ["Sapphire Rod"]
    shield = r.item(ARVIAS, "Titanium Shield")
    assert s.slots[r.item(ARVIAS, "Crossbow")] == s.slots[shield] == "belt"
    r.play(PILL, "unequip:whip")
    r.done(PILL, ARVIAS)
    r.at(ARVIAS, "combat-draw")
    # Step 3: 3 cards for Arvias, 2 for Pill; Pill Overcharges (2 Clarity) onto the last Timing
    assert r.names(ARVIAS) == ["Critical Attack", "Charge Support", "Delayed Strike"]
    r.play(PILL, "overcharge")
    assert r.names(PILL) == ["Charged Strike", "Power Surge", "Charged Attack"]
    assert s.clarity[0] == 3
    r.done(ARVIAS)  # (Pill, Overcharged, has nothing more to do in this step)
    r.at(ARVIAS, "combat-replace")
    # Step 4: Charge Support's both effects for Pill's Charged Strike: 2 - 1 = 1 Energy
    r.play(ARVIAS, "help:0:1")
    assert r.names(ARVIAS) == ["Critical Attack", "Aid", "Delayed Strike"]
    assert r.names(PILL) == ["Attack", "Power Surge", "Charged Attack"]
    assert s.energy[ARVIAS] == 5  # (nothing more for him in this step)
    # Step 5: Delayed Strike to Timing 1 over Aid and Critical Attack: 2 + 1 + 1
    r.play(ARVIAS, "shift:3:1")
    assert s.energy[ARVIAS] == 1
    assert r.names(ARVIAS) == ["Delayed Strike", "Critical Attack", "Aid"]
    r.at(ARVIAS, "combat-target")
    # Step 6: the Delayed Strike Negates itself as the First Card; Aid finds no active Strike
    assert line(s, ARVIAS)[0] in s.negated
    assert (s.acc[ARVIAS], s.acc[PILL]) == (2, 3)
    assert s.energy[PILL] == 8  # 5 + 2 (Power Surge) + 1 (Charged Attack on the last Timing)
    assert (s.health[0], s.clarity[0]) == (13, 3)  # neither Strike hurt
    # Step 8: both may target Skeletron now (Shock and bare hands): 1 + 2 + 3 Defeats it
    skeletron = s.zones.cards[FIGHT][1]
    r.play(ARVIAS, "target:2")
    r.play(PILL, "target:2")
    assert s.estate[skeletron] == "defeated"
    r.play(ARVIAS, "share:1")
    assert s.energy[ARVIAS] == 2  # 1 + 1
    # Step 9 is skipped and there is no Treasure: the Combat is over
    r.halt()
    assert s.combat is None and s.flags["fought"] == 1
    assert not s.zones.cards[FIGHT]
    assert skeletron in s.zones.cards[ENEMY_DISCARD["green"]]
    assert s.counters["defeated-colour:green"] == 2


# -- the other examples ---------------------------------------------------------------------------
def test_rearranging_example_costs_4() -> None:
    r = solo("Block", "Attack", "Direct Strike", "Critical Attack")
    s = r.s
    assert shift_cost(s, PILL, 4, 2) == 1 + 2 + 1
    r.at(PILL, "combat-rearrange")
    r.play(PILL, "shift:4:2")
    assert s.energy[PILL] == 4
    assert r.names(PILL) == ["Block", "Critical Attack", "Attack", "Direct Strike"]
    r.at(PILL, "combat-target")
    # Block meets Critical Attack, which cannot be Negated; Direct Strike, last, Negates itself
    attack, direct = line(s, PILL)[2], line(s, PILL)[3]
    assert not s.negated.get(attack) and direct in s.negated
    assert s.acc[PILL] == 3 and s.health[0] == 20


def test_rearranging_before_the_move_negates_the_attack() -> None:
    r = solo("Block", "Attack", "Direct Strike", "Critical Attack")
    s = r.s
    r.at(PILL, "combat-target")
    assert line(s, PILL)[1] in s.negated  # Block Negates Attack; Direct Strike hurts
    assert s.acc[PILL] == 2 and s.health[0] == 18


def test_cannot_be_moved_is_pushed_and_time_does_not_loop() -> None:
    r = solo("Falling Debris", "Attack")
    s = r.s
    assert shift_cost(s, PILL, 1, 2) is None  # it is never picked up
    opts = r.at(PILL, "combat-rearrange")
    assert "shift:2:1" in opts and "shift:1:2" not in opts
    r.play(PILL, "shift:2:1")  # Attack moved over it pushes it along: 1 + 2
    assert r.names(PILL) == ["Attack", "Falling Debris"] and s.energy[PILL] == 5
    assert shift_cost(s, PILL, 1, 3) is None and shift_cost(s, PILL, 2, 0) is None


def test_ignores_timing_cost_from_the_first_card() -> None:
    r = solo("Cane Juggle Attack", "Direct Strike", "Attack")
    s = r.s
    assert shift_cost(s, PILL, 1, 3) == 2 + 1  # its own cost ignored, the crossed ones not
    assert shift_cost(s, PILL, 3, 1) == 1 + 2 + 1  # moving another card over it still costs


def test_timing_cost_modifier() -> None:
    r = solo("Attack", "Direct Strike", "Aid", seat=ARVIAS)
    s = r.s
    assert shift_cost(s, ARVIAS, 1, 3) == 4
    r.at(ARVIAS, "combat-rearrange")
    r.play(ARVIAS, "skill:2")  # Sleight of Time: his cards cost 1 less this round
    assert shift_cost(s, ARVIAS, 1, 3) == 0 + 1 + 0


def test_negating_example_double_block() -> None:
    for pay in (True, False):
        r = solo("Energy Attack", "Double Block", "Aggressive Attack")
        s = r.s
        r.at(PILL, "combat-rearrange")
        if pay:  # Aggressive Attack's paid effect: nothing can Negate it
            r.play(PILL, "pay:3")
            assert s.energy[PILL] == 6
        r.at(PILL, "combat-target")
        energy_attack, aggressive = line(s, PILL)[0], line(s, PILL)[2]
        assert energy_attack in s.negated
        assert (aggressive in s.negated) is not pay
        assert (s.acc[PILL], s.rage) == ((2, 1) if pay else (0, 0))


def test_resolution_example() -> None:
    r = solo("Block", "Critical Attack", "Riposte Strike", "Aid")
    s = r.s
    r.at(PILL, "heal-choice")
    # Block cannot Negate the Critical Attack; Riposte Strike costs 1 + 1 beside it
    assert not s.negated and s.health[0] == 18 and s.acc[PILL] == 2
    r.play(PILL, "heal:health")  # Aid beside an active Strike: 2 Health (or 1 Clarity)
    assert s.health[0] == 20


def test_union_attack_needs_an_attack_in_reach_on_the_same_timing() -> None:
    for partner, bonus in (("Attack", 2), ("Steady Breath", 0)):
        r = Rig((PILL, ARVIAS), health=20, clarity=8)
        r.enemy("Forest Wolf")
        r.start()
        r.at(PILL, "combat-draw")
        r.set_line(PILL, "Steady Breath", "Union Attack")
        r.set_line(ARVIAS, "Aid", partner, "Aid")
        r.at(PILL, "combat-target")
        assert r.s.acc[PILL] == 1 + bonus


def test_energy_attack_paid_effect() -> None:
    for pay in (True, False):
        r = solo("Energy Attack", "Aid")
        s = r.s
        r.at(PILL, "combat-rearrange")
        if pay:
            r.play(PILL, "pay:1")
        r.at(PILL, "combat-target")
        assert (s.acc[PILL], s.rage, s.energy[PILL]) == ((3, 2, 5) if pay else (1, 2, 8))


def test_burning_example() -> None:
    """M-O-U-S-E used at the start of Combat cannot burn that round; the unequipped Crossbow
    can; the next round the M-O-U-S-E can."""
    r = Rig((ARVIAS,), health=30, clarity=8, energy=2)
    r.enemy("Lost Warrior")
    r.enemy("Skeletron")
    mouse = r.give(ARVIAS, "M-O-U-S-E", "backpack")
    crossbow = r.item(ARVIAS, "Crossbow")
    r.start()
    s = r.s
    r.play(ARVIAS, "unequip:crossbow")
    r.done(ARVIAS)
    r.play(ARVIAS, "use:m-o-u-s-e")  # 1 Energy per enemy present
    assert s.energy[ARVIAS] == 4 and mouse in s.exhausted
    opts = r.at(ARVIAS, "combat-rearrange")
    assert "burn:crossbow" in opts and "burn:m-o-u-s-e" not in opts
    assert "burn:titanium-shield" not in opts  # its Combat Power was used this round
    r.play(ARVIAS, "burn:crossbow")
    assert s.energy[ARVIAS] == 4 + s.treasure(crossbow).energy
    r.to_round(2)
    assert "burn:m-o-u-s-e" in r.at(ARVIAS, "combat-rearrange")


def test_sera_examples() -> None:
    """A: a weapon whose Combat Power was used cannot burn that round, and can the next once
    put away. B: a Treasure whose effect was used (the Jade Greatsword doubling a card's
    Damage, exhausted, still 3 Combat Power) cannot burn that round."""
    r = Rig((SERA,), health=30, clarity=8)
    r.enemy("Lost Warrior")
    s = r.s
    s.slots[r.item(SERA, "Twin Daggers")] = "backpack"
    jade = r.give(SERA, "Jade Greatsword", "hand")
    r.stack(SERA, "Attack", "Aid", "Steady Breath", "Attack", "Aid", "Steady Breath")
    r.start()
    r.at(SERA, "combat-draw")
    assert r.names(SERA) == ["Attack", "Aid", "Steady Breath"]  # 3 Combat Power
    assert "burn:jade-greatsword" not in r.at(SERA, "combat-rearrange")
    r.at(SERA, "combat-target")
    r.play(SERA, "use:jade-greatsword")
    r.play(SERA, "card:1")
    assert s.acc[SERA] == 2 and jade in s.exhausted and not can_burn(s, jade)
    r.play(SERA, "target:1")
    assert s.edamage[s.zones.cards[FIGHT][0]] == 2
    r.to_round(2)
    assert jade not in s.exhausted and combat_power(s, SERA) == 3
    r.play(SERA, "unequip:jade-greatsword")
    assert "burn:jade-greatsword" in r.at(SERA, "combat-rearrange")
