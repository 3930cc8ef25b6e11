"""Castle Von Loghan's worked examples as data: every number of the Combat example's two
rounds, the rearranging, resolution and negating examples, the Search, burning, Sera, Bomzard
and vote examples, computed from the loaded content (the rules engine will play them as
scenario tests)."""

from __future__ import annotations

import pytest

from tabletop.games.castle.content import Content, load
from tabletop.games.castle.records import CombatCard, Step, Treasure


@pytest.fixture(scope="module")
def c() -> Content:
    return load()


# -- the Combat example, page by page -------------------------------------------------------------


def power(*items: Treasure) -> int:
    """Combat Power: each equipped weapon's, and 1 for each empty hand."""
    return sum(t.combat_power for t in items) + 2 - sum(t.hands for t in items)


def move_cost(seq: list[CombatCard], frm: int, to: int) -> int:
    """The Energy to move the card at Timing `frm` to Timing `to` (1-based): its own Timing
    Cost and that of every card it crosses."""
    lo, hi = sorted((frm, to))
    return sum(card.timing_cost for card in seq[lo - 1 : hi])


def paid(card: CombatCard, effect: str) -> Step:
    return next(s for s in card.steps if s.effect == effect and s.pay)


def test_combat_example_round_1(c: Content) -> None:
    card, t, e = c.card, c.treasure, c.enemy
    arvias, pill = c.agent("Arvias"), c.agent("Pill")
    assert {"Crossbow", "Titanium Shield", "Sapphire Rod"} <= set(arvias.items)
    assert power(t("Crossbow"), t("Titanium Shield")) == 3  # Arvias draws 3
    assert power(t("Whip")) == 2  # Pill: Whip 1 and an open hand 1
    # Charge Support swaps itself and gives 1 Energy; then Energy Attack moves over Riposte
    seq = [card("Aggressive Attack"), card("Riposte Strike"), card("Energy Attack")]
    support = [s.effect for s in card("Charge Support").steps if not s.pay]
    assert support == ["replace", "energy"]
    assert move_cost(seq, 3, 2) == 2
    energy_attack = card("Energy Attack")
    secondary = paid(energy_attack, "damage")
    energy = 8 + 1 - move_cost(seq, 3, 2) - secondary.pay
    assert energy == 4  # "4 Energy remaining"
    # Titanium Shield Negates Riposte Strike (Timing 3) in the Negate step
    shield = t("Titanium Shield").abilities[0]
    assert (shield.window, shield.use, shield.steps[0].effect) == ("negate", "exhaust", "negate")
    damage = card("Aggressive Attack").damage + energy_attack.damage + secondary.params["amount"]
    rage = card("Aggressive Attack").rage + energy_attack.rage
    assert (damage, rage) == (5, 3)
    crossbow = t("Crossbow").abilities[0].steps[0]
    assert damage + crossbow.params["amount"] == 6  # with the Crossbow's ability
    # Pill: Union Attack beside Arvias' Energy Attack on Timing 2, Nano Med-Bots, the potion
    union = card("Union Attack")
    bonus = next(s for s in union.steps if s.when == "reach-attack-same-timing")
    pill_damage = union.damage + bonus.params["amount"]
    assert pill_damage == 3 and all(card(n).rage == 0 for n in ("Union Attack", "Steady Breath"))
    heal = [t(n).abilities[0] for n in ("Nano Med-Bots", "Small Health Potion")]
    assert [a.use for a in heal] == ["exhaust", "discard"]
    health = 10 + sum(int(a.steps[0].params["amount"]) for a in heal)
    assert health == 14
    virus = pill.skills[0]
    assert (virus.name, virus.energy) == ("Virus", 3) and 6 <= virus.clarity <= 8  # "above 6"
    assert virus.steps[0].effect == "enemy-damage" and virus.steps[0].params["target"] == "all"
    # Target: 9 on the Lost Warrior is 1 short; Virus makes 10 and Defeats it
    warrior, skeletron = e("Lost Warrior"), e("Skeletron")
    assert 6 + pill_damage == warrior.health - 1
    assert 6 + pill_damage + 1 == warrior.health and warrior.energy == 2
    assert any(s.when == "self-damaged" for s in warrior.base.steps)  # stronger once damaged
    assert 4 + warrior.energy == 6  # Arvias takes the 2 Energy: 6
    # Enemy Activations: Skeletron unengaged; Steady Breath's Clarity makes 8 + 1 - 3 - 1 = 5
    base = skeletron.base.steps[0]
    assert (base.effect, base.params["amount"]) == ("clarity", -3)
    breath = card("Steady Breath").steps[0]
    assert "Steady Breath" in pill.deck and breath.params["amount"] == 1
    clarity = 8 + 1 + int(base.params["amount"]) - c.rules.unengaged[1]
    assert (health - c.rules.unengaged[0], clarity) == (13, 5)
    # Skeletron's Past Rage Attack triggers at 3 Rage and costs Energy per adjacent active enemy
    past = skeletron.rage_attack("past")
    assert past is not None and past.rage <= rage
    assert past.steps[0].effect == "energy-per-adjacent-enemy"  # the Warrior is Defeated: 0


def test_combat_example_round_2(c: Content) -> None:
    card, t, e = c.card, c.treasure, c.enemy
    skeletron = e("Skeletron")
    assert skeletron.immune == ("ranged",)
    assert t("Crossbow").damage_type == t("Whip").damage_type == "ranged"
    rod = t("Sapphire Rod")
    assert (rod.hands, rod.damage_type, power(rod)) == (2, "shock", 3)
    assert power() == 2  # Pill bare-handed
    # Charge Support's secondary: Arvias pays 2, its first effect gave 1: 1 Energy in all
    charge = card("Charge Support")
    gain = next(s for s in charge.steps if s.effect == "energy").params["amount"]
    other = paid(charge, "replace")
    assert other.params["card"] == "reach" and other.pay - int(gain) == 1
    energy = 6 - 1
    # Delayed Strike from Timing 3 to 1, over Aid and Critical Attack: 4 Energy
    seq = [card("Critical Attack"), card("Aid"), card("Delayed Strike")]
    assert move_cost(seq, 3, 1) == 4
    energy -= move_cost(seq, 3, 1)
    assert energy == 1 and energy + skeletron.energy == 2
    delayed = card("Delayed Strike")
    assert any(s.effect == "negate" and s.when == "first-card" for s in delayed.steps)
    assert card("Aid").steps[0].when == "adjacent-active-strike-or-hazard"  # no effect here
    arvias_damage = card("Critical Attack").damage
    # Pill: Attack (for the Charged Strike), a Power Surge, and Overcharge's Charged Attack last
    charged = card("Charged Attack")
    last = next(s for s in charged.steps if s.when == "last-card")
    pill_damage = card("Attack").damage
    assert 1 + arvias_damage + pill_damage == skeletron.health - 1  # 1 short
    pill_damage += charged.damage
    assert (arvias_damage, pill_damage) == (2, 3)
    assert 1 + arvias_damage + pill_damage >= skeletron.health
    surge = card("Power Surge").steps[0].params["amount"]
    pill_energy = 5 + int(surge) + int(last.params["amount"])
    assert pill_energy == 8 and "Power Surge" in c.agent("Pill").deck
    clarity = 5 - c.rules.overcharge_clarity
    assert clarity == 3
    rejuvenate = c.agent("Pill").skills[1]
    assert (rejuvenate.name, rejuvenate.energy) == ("Rejuvenate", 4)
    assert rejuvenate.clarity <= clarity and rejuvenate.steps[0].params["amount"] == 2
    assert not skeletron.treasure and not e("Lost Warrior").treasure  # "neither had Treasure"
    two = [card(n) for n in ("Charged Strike", "Delayed Strike")]
    assert sum(-int(s.params["amount"]) for x in two for s in x.steps[:1]) == 2


def test_rearranging_resolution_and_negating_examples(c: Content) -> None:
    card = c.card
    # Rearranging: Critical Attack from Timing 4 to 2 over Direct Strike and Attack: 1 + 2 + 1
    seq = [card("Block"), card("Attack"), card("Direct Strike"), card("Critical Attack")]
    assert move_cost(seq, 4, 2) == 4
    assert card("Block").steps[0].params["target"] == "right-attack"
    assert "cannot-be-negated" in card("Critical Attack").keywords
    direct = card("Direct Strike")
    assert direct.steps[0].params["amount"] == -2
    assert any(s.effect == "negate" and s.when == "last-card" for s in direct.steps)
    # Resolution: Block, Critical Attack, Riposte Strike, Aid: 2 Damage, 2 Health lost, heal 2
    riposte = card("Riposte Strike")
    assert [s.when for s in riposte.steps] == ["always", "adjacent-active-attack"]
    assert sum(-int(s.params["amount"]) for s in riposte.steps) == 2
    assert card("Critical Attack").damage == 2
    assert card("Aid").steps[0].params["health"] == 2
    assert card("Aid").steps[0].params["clarity"] == 1
    # Negating: Double Block Negates both neighbours; Aggressive Attack pays to be spared
    assert card("Double Block").steps[0].params["target"] == "adjacent-attacks"
    assert paid(card("Aggressive Attack"), "protect").pay > 0
    assert "ignores-timing-cost" in card("Cane Juggle Attack").keywords
    assert any("cannot-be-moved" in x.keywords for x in c.combat_cards)


def test_search_burn_sera_bomzard_and_vote_examples(c: Content) -> None:
    blue = {tok.number: tok for tok in c.tokens if tok.colour == "blue"}
    a = [(r.kind, r.amount, r.colour) for r in blue[1].search]
    assert a == [("nothing", 0, ""), ("treasure", 1, "same"), ("health", 2, ""), ("clarity", 1, "")]
    b = [(r.kind, r.amount, r.colour) for r in blue[2].search]
    assert b == [
        ("gob-li", 0, ""),
        ("nothing", 0, ""),
        ("lurking", 0, "same"),
        ("treasure", 2, "same"),
    ]
    assert {tok.sneak for tok in c.tokens} == {"empty", "lurking", "treasure"}
    mouse = c.treasure("M-O-U-S-E").abilities[0]
    assert (mouse.window, mouse.use, mouse.steps[0].effect) == (
        "start",
        "exhaust",
        "energy-per-enemy",
    )
    assert c.treasure("Crossbow").energy > 0  # the unequipped Crossbow can be burned
    jade = c.treasure("Jade Greatsword")
    assert (jade.combat_power, jade.abilities[0].use) == (3, "exhaust")
    assert jade.abilities[0].steps[0].effect == "double-card-damage"  # Sera's example B
    assert c.treasure("Health Potion").abilities[0].use == "discard"
    assert c.enemy("Bomzard").base.countdown == 2
    gallery = c.event("Collapsing Gallery")
    health = {
        k: sum(int(s.params["amount"]) for s in gallery.option(k) if s.effect == "health")
        for k in "AC"
    }
    fewer = sum(int(s.params["amount"]) for s in gallery.option("C") if s.effect == "summon-change")
    assert (2 * health["A"], 2 * health["C"], 2 * fewer) == (-6, -4, -2)
    assert gallery.end.summon == "group"
    assert any(e.energy == 4 for e in c.enemies)  # "an Enemy grants 4 Energy"
