"""The Combat Phase played through the engine, with the rulebook's numbers.

How the scenarios are rigged: the game needs at least 4 Agents, so each test builds a 4-seat
Exploration game (Pill, Arvias, Forzental, Sera), empties its flow, sets Health, Clarity and
Energy, puts the enemies it needs in the fight and stacks the named cards on top of the Combat
decks of the Agents who matter. The Agents who do not matter have their Combat decks set aside
(in the `destroyed` zone), so they draw nothing, and they answer `done`/`pass` (or target the
first enemy with no Damage, which neither hurts nor Engages) whenever they are asked. A `Halt`
question under the Combat stops the game once the Combat is over. Then `start_combat` runs and
every answer goes through `CastleState.apply`, exactly as a player's would.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tabletop.engine.decision import Decision, Option
from tabletop.engine.flow import push, settle
from tabletop.games.castle.cards import (
    COMBAT,
    CONTENT,
    DECK,
    DESTROYED,
    DISCARD,
    ENEMY,
    ENEMY_DECK,
    ENEMY_DISCARD,
    FIGHT,
    INITIATIVE,
    INVENTORY,
    LINE,
    LURKING,
    TREASURE,
    TREASURE_DECK,
    TROPHIES,
    zone,
)
from tabletop.games.castle.combat import start_combat
from tabletop.games.castle.combat_windows import options
from tabletop.games.castle.enemy import targets
from tabletop.games.castle.items import can_burn, combat_power, equipped, put
from tabletop.games.castle.rules import CastleOptions, CastleState
from tabletop.games.castle.sequence import line, shift_cost
from tabletop.games.castle.space import OPT

PILL, ARVIAS, FORZENTAL, SERA = 0, 1, 2, 3
AGENTS = ("pill", "arvias", "forzental", "sera")


class _Halt(NamedTuple):
    pass


class Halt(_Halt):
    """A question that waits under the Combat: once it is asked, the Combat is over."""

    __slots__ = ()
    auto = False
    rule = "test.halt"

    def ask(self, s: CastleState) -> Decision:
        return Decision((0,), "halt", "the Combat is over", (OPT["pass"],), self.rule)

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        pass


class Rig:
    """A rigged 4-seat game: `main` are the Agents who play; the others sit out."""

    def __init__(
        self,
        main: tuple[int, ...],
        health: int = 10,
        clarity: int = 8,
        energy: int = 8,
        mode: str = "exploration",
        seed: int = 1,
        agents: tuple[str, ...] = AGENTS,
    ) -> None:
        s = CastleState(4, seed, CastleOptions(mode=mode, agents=agents), log=True)
        s.flow.clear()
        push(s, Halt())
        for p in range(4):  # the Exploration Treasure still to be placed goes back
            for c in list(s.inventory(p)):
                if c not in s.slots:
                    colour = s.treasure(c).colour
                    s.move(c, zone(p, INVENTORY), TREASURE_DECK[colour], "test", "back")
        for p in range(4):
            if p not in main:
                for c in list(s.zones.cards[zone(p, DECK)]):
                    s.move(c, zone(p, DECK), DESTROYED, "test", "set aside")
        s.health[0], s.clarity[0] = health, clarity
        s.energy = [energy] * 4
        s.leader = main[-1] if main else 0
        s.phase = "combat"
        self.s = s
        self.main = main

    # -- rigging --------------------------------------------------------------------------------
    def card(self, kind: int, name: str, zones: list[int]) -> int:
        s = self.s
        for z in zones:
            for c in s.zones.cards[z]:
                if s.t.kinds[c] == kind and s.name(c) == name:
                    return c
        raise AssertionError(f"no {name} left in {zones}")

    def where(self, card: int) -> int:
        return next(z for z, cards in enumerate(self.s.zones.cards) if card in cards)

    def stack(self, seat: int, *names: str) -> None:
        """Put these combat cards on top of the seat's deck, the first drawn first."""
        s = self.s
        deck = zone(seat, DECK)
        picked: list[int] = []
        for name in names:
            zones = [deck] + [zone(p, DECK) for p in range(4)] + [DESTROYED]
            pool = [z for z in zones]
            c = next(
                c
                for z in pool
                for c in s.zones.cards[z]
                if s.t.kinds[c] == COMBAT and s.name(c) == name and c not in picked
            )
            src = self.where(c)
            if src != deck:
                s.move(c, src, deck, "test", "stacked")
            picked.append(c)
        cards = s.zones.cards[deck]
        for c in picked:
            cards.remove(c)
        cards.extend(reversed(picked))

    def enemy(self, name: str) -> int:
        s = self.s
        c = self.card(ENEMY, name, [*ENEMY_DECK.values()])
        s.move(c, self.where(c), FIGHT, "test", "joins")
        return c

    def give(self, seat: int, name: str, slot: str) -> int:
        s = self.s
        c = self.card(TREASURE, name, [*TREASURE_DECK.values()])
        put(s, seat, c, slot, "test", "given")
        return c

    def item(self, seat: int, name: str) -> int:
        return next(c for c in self.s.inventory(seat) if self.s.name(c) == name)

    def start(self) -> None:
        start_combat(self.s)
        settle(self.s)

    # -- playing ------------------------------------------------------------------------------
    def sit_out(self) -> bool:
        """Answer for an Agent who does not matter; False when none is asked."""
        s = self.s
        d = s.pending
        assert d is not None
        for p in d.players:
            if p in self.main:
                continue
            ids = d.option_ids(p)
            oid = "done" if "done" in ids else "pass" if "pass" in ids else ids[0]
            s.apply(p, oid)
            return True
        return False

    def play(self, seat: int, oid: str) -> None:
        """Answer `oid` for `seat`, the Agents sitting out answering first; where `oid` is not
        offered yet, every other Agent asked is done with this step, then `seat` (burning and
        what works at any time are offered in every step, so an Agent is asked in steps where
        the script has nothing for it: castle.interpret.any-time)."""
        s = self.s
        for _ in range(200):
            d = s.pending
            assert d is not None and s.result is None
            if seat in d.players and oid in d.option_ids(seat):
                s.apply(seat, oid)
                return
            if self.sit_out():
                continue
            p = next((q for q in d.players if q != seat), seat)
            ids = d.option_ids(p)
            if d.kind_for(p) == "combat-target" and p != seat:
                raise AssertionError(
                    f"{oid} is not offered to A{seat + 1}: {d.kind} "
                    f"{[(q, d.option_ids(q)) for q in d.players]}"
                )
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError(f"{oid} is never offered to A{seat + 1}")

    def at(self, seat: int, kind: str) -> tuple[str, ...]:
        """Everyone says done or passes (and targets the first enemy) until `seat` is asked a
        decision of `kind`; returns its options."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None and s.result is None
            if seat in d.players and d.kind_for(seat) == kind:
                return d.option_ids(seat)
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError(f"A{seat + 1} is not asked {kind}")

    def set_line(self, seat: int, *names: str) -> None:
        """Rig the seat's Timing sequence: its cards go back on its deck, these take their
        place (Timing 1 first)."""
        s = self.s
        for c in list(line(s, seat)):
            s.move(c, zone(seat, LINE), zone(seat, DECK), "test", "back")
        self.stack(seat, *names)
        for _ in names:
            s.move(
                s.zones.cards[zone(seat, DECK)][-1], zone(seat, DECK), zone(seat, LINE), "test", "x"
            )

    def done(self, *seats: int) -> None:
        """Each seat that is asked now (once the Agents sitting out have answered) is done."""
        s = self.s
        for seat in seats:
            while True:
                d = s.pending
                assert d is not None
                if seat in d.players:
                    if "done" in d.option_ids(seat):
                        s.apply(seat, "done")
                    break
                if not self.sit_out():
                    break

    def halt(self) -> None:
        """Everyone says done or passes (and targets the first enemy) until the Combat ends."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None
            if d.kind == "halt" or s.result is not None:
                return
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError("the Combat does not end")

    def to_round(self, k: int) -> None:
        """Everyone says done or passes (and targets the first enemy) until Combat round `k`
        has begun (or the Combat is over)."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None
            if d.kind == "halt" or s.result is not None:
                return
            if s.combat is not None and s.combat.round >= k:
                return
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError("the round does not end")

    def names(self, seat: int) -> list[str]:
        return [self.s.name(c) for c in line(self.s, seat)]


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


def aims(ids: tuple[str, ...]) -> tuple[str, ...]:
    """The target options (burning a Treasure is offered besides: castle.interpret.any-time)."""
    return tuple(o for o in ids if o.startswith("target:") or o == "pass")


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
def solo(*names: str, seat: int = PILL, energy: int = 8, enemy: str = "Forest Wolf") -> Rig:
    """One Agent against one enemy, its sequence rigged to `names` once it has drawn."""
    r = Rig((seat,), health=20, clarity=8, energy=energy)
    r.enemy(enemy)
    r.start()
    r.at(seat, "combat-draw")
    r.set_line(seat, *names)
    return r


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


def base_loss(name: str) -> tuple[int, int]:
    """The Health and Clarity an enemy's Base Attack takes (read from the content: the
    numbers the rulebook does not print are authored)."""
    e = CONTENT.enemy(name)
    lost = {"health": 0, "clarity": 0}
    for st in e.base.steps:
        if st.effect in lost and st.when == "always":
            lost[st.effect] -= int(st.params["amount"])
    return lost["health"], lost["clarity"]


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
